//! The solver against a plain minimax over `Game` (no transposition table, no merging of
//! equivalent moves), against `Game`'s own play and scoring, and against itself; everyone
//! alone and in sides, under every house rule.

use std::collections::HashMap;

use proptest::prelude::*;
use tablic_core::bots::solver::{Entry, Position, PositionError, Setup, SolveError, Solver};
use tablic_core::bots::{best_greedy_move, ClairvoyantBot};
use tablic_core::{
    below, Card, CardSet, FinalTabla, Game, Leftovers, Move, Pcg32, PlayerCount, Rules,
    MOVES_PER_GAME,
};

/// Plays `game` until `plies_left` moves remain, greedy or random moves by the seed.
fn play_until(players: usize, seed: u64, plies_left: usize) -> Game {
    play_until_under(players, Rules::ORIGINAL, seed, plies_left)
}

/// As [`play_until`], a game under `rules`.
fn play_until_under(players: usize, rules: Rules, seed: u64, plies_left: usize) -> Game {
    let players = PlayerCount::new(players).unwrap();
    let mut game = Game::from_seed_with_rules(players, rules, seed).unwrap();
    let mut rng = Pcg32::new(seed, 11);
    while MOVES_PER_GAME - game.history().len() > plies_left {
        let chosen = if below(&mut rng, 2) == 0 {
            let seat = game.to_move().unwrap();
            best_greedy_move(game.hand(seat), game.table()).unwrap()
        } else {
            random_move(&game, &mut rng)
        };
        game.play(chosen).unwrap();
    }
    game
}

fn random_move(game: &Game, rng: &mut Pcg32) -> Move {
    let mut moves = Vec::new();
    game.for_each_legal_move(|legal| moves.push(legal));
    moves[below(rng, moves.len() as u32) as usize]
}

/// The final margin of `seat`'s side as `Game` scores it: `(S − 1)·own side's total − Σ
/// other sides' totals` for `S` sides (with everyone alone, `(n − 1)·own − Σ others`).
fn margin(game: &Game, seat: usize) -> i32 {
    let result = game.result().unwrap();
    let sides = result.side_count();
    let all: u32 = (0..sides).map(|side| result.side_total(side)).sum();
    sides as i32 * result.side_total(result.side_of(seat)) as i32 - all as i32
}

/// Plain minimax of `root`'s final margin: `root`'s side maximises, everyone else
/// minimises.
fn brute_force(game: &Game, root: usize) -> i32 {
    let Some(seat) = game.to_move() else {
        return margin(game, root);
    };
    let maximising = game.side_of(seat) == game.side_of(root);
    let mut best: Option<i32> = None;
    game.for_each_legal_move(|legal| {
        let mut child = game.clone();
        child.play(legal).unwrap();
        let value = brute_force(&child, root);
        best = Some(match best {
            None => value,
            Some(best) if maximising => best.max(value),
            Some(best) => best.min(value),
        });
    });
    best.unwrap()
}

fn brute_force_roots(game: &Game) -> HashMap<Move, i32> {
    let root = game.to_move().unwrap();
    let mut values = HashMap::new();
    game.for_each_legal_move(|legal| {
        let mut child = game.clone();
        child.play(legal).unwrap();
        values.insert(legal, brute_force(&child, root));
    });
    values
}

fn solve_roots<const SEATS: usize>(game: &Game, entries: usize) -> HashMap<Move, i32> {
    let mut table = vec![Entry::EMPTY; entries];
    solve_roots_with::<SEATS>(game, &mut Solver::new(&mut table))
}

fn solve_roots_with<const SEATS: usize>(
    game: &Game,
    solver: &mut Solver<'_>,
) -> HashMap<Move, i32> {
    let position = Position::<SEATS>::from_game(game).unwrap();
    let mut values = HashMap::new();
    solver
        .solve_all(&position, |played, value| {
            assert!(values.insert(played, value).is_none(), "{played} twice");
        })
        .unwrap();
    values
}

#[test]
fn two_player_endgames_match_brute_force() {
    for seed in 0..24 {
        for plies_left in [1, 2, 3, 5, 8] {
            let game = play_until(2, seed, plies_left);
            let expected = brute_force_roots(&game);
            assert_eq!(solve_roots::<2>(&game, 1 << 10), expected, "seed {seed}");
        }
    }
}

#[test]
fn three_player_endgames_match_brute_force() {
    for seed in 0..20 {
        for plies_left in [1, 3, 4, 6, 7] {
            let game = play_until(3, seed, plies_left);
            let expected = brute_force_roots(&game);
            assert_eq!(solve_roots::<3>(&game, 1 << 10), expected, "seed {seed}");
            // More seats than players changes nothing.
            assert_eq!(solve_roots::<4>(&game, 1 << 10), expected, "seed {seed}");
        }
    }
}

#[test]
fn four_player_endgames_match_brute_force() {
    for seed in 0..10 {
        let game = play_until(4, seed, 6);
        assert_eq!(solve_roots::<4>(&game, 1 << 10), brute_force_roots(&game));
    }
}

/// The four combinations of the house rules, with sides of `side_size`.
fn house_rules(side_size: u8) -> [Rules; 4] {
    let rules = |leftovers, final_tabla| Rules {
        side_size,
        leftovers,
        final_tabla,
    };
    [
        rules(Leftovers::LastCapturer, FinalTabla::Counts),
        rules(Leftovers::LastPlayer, FinalTabla::Counts),
        rules(Leftovers::LastCapturer, FinalTabla::DoesNotCount),
        rules(Leftovers::LastPlayer, FinalTabla::DoesNotCount),
    ]
}

/// Every root value of endgames of `players` in sides of `side_size`, each of `plies`
/// from the end, under each house rule, against the brute force, with the solver's value
/// and best move; returns how many root values differ from the original end rules' (so
/// that a rule the solver ignored would show).
fn endgames_match<const SEATS: usize>(
    players: usize,
    side_size: u8,
    seeds: u64,
    plies: &[usize],
) -> usize {
    let mut entries = vec![Entry::EMPTY; 1 << 10];
    let mut differing = 0;
    for seed in 0..seeds {
        for &plies_left in plies {
            let mut original = None;
            for rules in house_rules(side_size) {
                let game = play_until_under(players, rules, seed, plies_left);
                let expected = brute_force_roots(&game);
                // One table for every rule and position: the rules must be in its keys.
                let mut solver = Solver::reusing(&mut entries);
                let values = solve_roots_with::<SEATS>(&game, &mut solver);
                let context = format!("{rules} seed {seed}, {plies_left} plies");
                assert_eq!(values, expected, "{context}");
                let best = *values.values().max().unwrap();
                let position = Position::<SEATS>::from_game(&game).unwrap();
                assert_eq!(solver.value(&position), Ok(best), "{context}");
                let (chosen, value) = solver.best_move(&position).unwrap();
                assert_eq!((values[&chosen], value), (best, best), "{context}");
                let original = original.get_or_insert_with(|| values.clone());
                differing += (values.iter())
                    .filter(|&(played, value)| original[played] != *value)
                    .count();
            }
        }
    }
    differing
}

#[test]
fn two_player_endgames_under_the_house_rules_match_brute_force() {
    let differing = endgames_match::<2>(2, 1, 16, &[1, 2, 3, 5, 8]);
    assert_eq!(differing, 147);
}

#[test]
fn four_players_in_pairs_match_brute_force() {
    let differing = endgames_match::<4>(4, 2, 8, &[1, 4, 5, 8]);
    assert_eq!(differing, 44);
}

#[test]
fn six_players_in_three_pairs_match_brute_force() {
    let differing = endgames_match::<6>(6, 2, 8, &[2, 4, 6, 7]);
    assert_eq!(differing, 44);
}

#[test]
fn six_players_in_two_threes_match_brute_force() {
    let differing = endgames_match::<6>(6, 3, 6, &[2, 5, 7]);
    assert_eq!(differing, 48);
}

/// A table filled by solving other positions (other seeds, other player counts) serves
/// a new one without changing its values.
#[test]
fn reused_tables_give_the_same_values() {
    let mut table = vec![Entry::EMPTY; 1 << 8];
    for seed in 200..212 {
        let game = play_until(2 + (seed as usize % 2), seed, 6);
        let position = Position::<3>::from_game(&game).unwrap();
        let mut values = HashMap::new();
        Solver::reusing(&mut table)
            .solve_all(&position, |played, value| {
                values.insert(played, value);
            })
            .unwrap();
        assert_eq!(values, solve_roots::<3>(&game, 1 << 12), "seed {seed}");
    }
}

#[test]
fn tiny_and_empty_tables_give_the_same_values() {
    for seed in 100..110 {
        let game = play_until(2, seed, 8);
        let large = solve_roots::<2>(&game, 1 << 14);
        assert_eq!(solve_roots::<2>(&game, 1), large);
        assert_eq!(solve_roots::<2>(&game, 0), large);
    }
}

/// Playing the best move and solving again gives the same value, across a deal too.
#[test]
fn best_move_values_are_consistent() {
    for seed in 0..6 {
        let game = play_until(2, seed, 14);
        let mut position = Position::<2>::from_game(&game).unwrap();
        let mut table = vec![Entry::EMPTY; 1 << 16];
        let mut solver = Solver::new(&mut table);
        while let Some(seat) = position.to_move() {
            let (best, value) = solver.best_move(&position).unwrap();
            assert_eq!(solver.value(&position), Ok(value));
            let mut best_seen = i32::MIN;
            solver
                .solve_all(&position, |_, other| best_seen = best_seen.max(other))
                .unwrap();
            assert_eq!(best_seen, value);
            position = position.play(best).unwrap();
            let next = match position.to_move() {
                None => position.margin(seat).unwrap(),
                Some(next) if next == seat => solver.value(&position).unwrap(),
                Some(_) => -solver.value(&position).unwrap(),
            };
            assert_eq!(next, value, "seed {seed}");
        }
    }
}

/// Any guess gives the exact value, whoever is to move and with three players too, from a
/// fresh table each time; a guess at the value itself searches no more nodes than one far
/// from it, and over these positions fewer.
#[test]
fn value_near_gives_the_value_whatever_the_guess() {
    fn check<const SEATS: usize>(players: usize, seed: u64, plies_left: usize) -> [u64; 2] {
        let game = play_until(players, seed, plies_left);
        let position = Position::<SEATS>::from_game(&game).unwrap();
        let mut table = vec![Entry::EMPTY; 1 << 14];
        let value = Solver::new(&mut table).value(&position).unwrap();
        let mut nodes = HashMap::new();
        for guess in [
            i32::MIN,
            -40,
            value - 7,
            value - 1,
            value,
            value + 1,
            9,
            i32::MAX,
        ] {
            let mut solver = Solver::new(&mut table);
            assert_eq!(
                solver.value_near(&position, guess),
                Ok(value),
                "seed {seed}, guess {guess}"
            );
            nodes.insert(guess, solver.nodes());
        }
        assert!(nodes[&value] <= nodes[&i32::MIN], "seed {seed}: {nodes:?}");
        assert!(nodes[&value] <= nodes[&i32::MAX], "seed {seed}: {nodes:?}");
        [nodes[&value], nodes[&i32::MIN].min(nodes[&i32::MAX])]
    }
    let (mut near, mut far) = (0, 0);
    for seed in 0..4 {
        for [at_value, at_extreme] in [
            check::<2>(2, seed, 12),
            check::<2>(2, seed, 11),
            check::<3>(3, seed, 9),
        ] {
            near += at_value;
            far += at_extreme;
        }
    }
    assert!(
        near < far,
        "{near} nodes at the values, {far} at the extremes"
    );
}

/// Playing moves on a `Position` gives what `Game` gives, deals and final scores included.
fn replay_both_ways<const SEATS: usize>(players: usize, seed: u64) {
    let mut game = Game::from_seed(PlayerCount::new(players).unwrap(), seed);
    let mut position = Position::<SEATS>::from_game(&game).unwrap();
    let mut rng = Pcg32::new(seed, 5);
    while !game.is_finished() {
        let chosen = random_move(&game, &mut rng);
        game.play(chosen).unwrap();
        position = position.play(chosen).unwrap();
        assert_eq!(position, Position::<SEATS>::from_game(&game).unwrap());
    }
    let result = game.result().unwrap();
    for seat in 0..players {
        assert_eq!(position.total(seat), Some(result.total(seat)));
        assert_eq!(position.margin(seat), Some(margin(&game, seat)));
    }
    assert_eq!(
        position.play(Move::discard(card("AS"))),
        Err(tablic_core::IllegalMove::GameOver)
    );
}

#[test]
fn positions_play_and_score_like_games() {
    for seed in 0..30 {
        replay_both_ways::<2>(2, seed);
        replay_both_ways::<3>(3, seed);
        replay_both_ways::<4>(4, seed);
        replay_both_ways::<8>(6, seed);
    }
    replay_both_ways::<48>(48, 1);
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

/// An exact case: the last two cards. Seat 0 holds 10♦ and the table has 10♠: taking it is
/// a tabla worth 3 points, then seat 1's discard goes to seat 0 at the end.
#[test]
fn a_hand_made_last_trick() {
    let hands = [set("10D"), set("2S")];
    let position = Position::<2>::new(&Setup {
        players: PlayerCount::TWO,
        rules: Rules::ORIGINAL,
        to_move: 0,
        hands: &hands,
        table: set("10S"),
        undealt: &[],
        pile_cards: &[24, 24],
        pile_points: &[10, 9],
        tablas: &[0, 0],
        last_capturer: Some(1),
    })
    .unwrap();
    let mut values = HashMap::new();
    let mut table = [Entry::EMPTY; 4];
    let mut solver = Solver::new(&mut table);
    solver
        .solve_all(&position, |played, value| {
            values.insert(played, value);
        })
        .unwrap();
    // Take: 10 + 3 + 1 tabla = 14 with 27 cards (+3) against 9 with 24: 17 − 9 = 8.
    assert_eq!(values[&Move::new(card("10D"), set("10S"))], 8);
    // Discard: seat 1 may take nothing (2 on 10D 10S), the table goes to seat 1 (last
    // capturer): 10 against 9 + 3 points + 3 for 28 cards: 10 − 15 = −5.
    assert_eq!(values[&Move::discard(card("10D"))], -5);
    assert_eq!(values.len(), 2);
    assert_eq!(
        solver.best_move(&position),
        Ok((Move::new(card("10D"), set("10S")), 8))
    );
}

#[test]
fn a_node_budget_stops_the_search() {
    let game = play_until(2, 3, 12);
    let position = Position::<2>::from_game(&game).unwrap();
    let mut table = vec![Entry::EMPTY; 1 << 12];
    let mut solver = Solver::new(&mut table);
    solver.set_node_budget(Some(10));
    assert_eq!(solver.value(&position), Err(SolveError::OutOfBudget));
    assert_eq!(solver.best_move(&position), Err(SolveError::OutOfBudget));
    solver.set_node_budget(None);
    let value = solver.value(&position).unwrap();
    solver.clear();
    let mut fresh = vec![Entry::EMPTY; 1 << 12];
    assert_eq!(Solver::new(&mut fresh).value(&position), Ok(value));
    assert!(solver.nodes() > 10);
}

#[test]
fn finished_games_have_no_moves_to_solve() {
    let game = play_until(2, 9, 0);
    let position = Position::<2>::from_game(&game).unwrap();
    assert!(position.is_finished());
    let mut table = [Entry::EMPTY; 1];
    let mut solver = Solver::new(&mut table);
    assert_eq!(solver.value(&position), Err(SolveError::GameOver));
    assert_eq!(solver.best_move(&position), Err(SolveError::GameOver));
    assert_eq!(
        solver.solve_all(&position, |_, _| ()),
        Err(SolveError::GameOver)
    );
}

#[test]
fn malformed_parts_are_refused() {
    let hands = [set("2S 3S"), set("4S 5S")];
    let good = Setup {
        players: PlayerCount::TWO,
        rules: Rules::ORIGINAL,
        to_move: 0,
        hands: &hands,
        table: set("6S"),
        undealt: &[card("7S"), card("8S")],
        pile_cards: &[0, 0],
        pile_points: &[0, 0],
        tablas: &[0, 0],
        last_capturer: None,
    };
    assert!(Position::<2>::new(&good).is_ok());
    let too_many = Setup {
        players: PlayerCount::new(3).unwrap(),
        ..good
    };
    assert_eq!(
        Position::<2>::new(&too_many),
        Err(PositionError::TooManyPlayers)
    );
    assert_eq!(
        Position::<3>::new(&too_many),
        Err(PositionError::WrongSeatCount)
    );
    let seat = Setup { to_move: 2, ..good };
    assert_eq!(Position::<2>::new(&seat), Err(PositionError::BadSeat));
    let twice = Setup {
        table: set("2S"),
        ..good
    };
    assert_eq!(Position::<2>::new(&twice), Err(PositionError::BadCards));
    let odd = Setup {
        undealt: &[card("7S"), card("8S"), card("9S")],
        ..good
    };
    assert_eq!(Position::<2>::new(&odd), Err(PositionError::BadCards));
    let uneven = [set("2S"), set("4S 5S")];
    let hands = Setup {
        hands: &uneven,
        ..good
    };
    assert_eq!(Position::<2>::new(&hands), Err(PositionError::BadHands));
    assert!(Position::<2>::new(&Setup {
        to_move: 1,
        ..hands
    })
    .is_ok());
    let piles = Setup {
        pile_cards: &[47, 0],
        ..good
    };
    assert_eq!(Position::<2>::new(&piles), Err(PositionError::BadPiles));
}

/// Plain minimax of `root`'s final margin on a `Position` (no table, no merging).
fn brute_force_position<const SEATS: usize>(position: &Position<SEATS>, root: usize) -> i32 {
    let Some(seat) = position.to_move() else {
        return position.margin(root).unwrap();
    };
    let mut values = Vec::new();
    position.for_each_legal_move(|legal| {
        values.push(brute_force_position(&position.play(legal).unwrap(), root));
    });
    let best = if seat == root {
        values.iter().max()
    } else {
        values.iter().min()
    };
    *best.unwrap()
}

/// A position crowded with cards of few ranks (so with many equivalent moves), 2♣ and
/// 10♦ among them, a table of 2 to 6 cards, hands of `size` cards, and maybe one more
/// card a seat still to deal.
fn crowded_position(seed: u64, players: usize, size: usize) -> Position<3> {
    crowded_position_with(seed, players, size, ["A", "2", "3", "5", "8", "10"], 2)
}

fn crowded_position_with(
    seed: u64,
    players: usize,
    size: usize,
    ranks: [&str; 6],
    least_on_table: usize,
) -> Position<3> {
    let mut rng = Pcg32::new(seed, 3);
    let mut pool: Vec<Card> = ranks
        .iter()
        .flat_map(|rank| ["C", "D", "H", "S"].map(|suit| card(&format!("{rank}{suit}"))))
        .collect();
    for index in (1..pool.len()).rev() {
        pool.swap(index, below(&mut rng, index as u32 + 1) as usize);
    }
    let mut cards = pool.into_iter();
    let table_size = least_on_table + below(&mut rng, 5) as usize;
    let table: CardSet = cards.by_ref().take(table_size).collect();
    let hands: Vec<CardSet> = (0..players)
        .map(|_| cards.by_ref().take(size).collect())
        .collect();
    let undealt: Vec<Card> = cards
        .by_ref()
        .take(players * below(&mut rng, 2) as usize)
        .collect();
    let pile_cards: Vec<u32> = (0..players).map(|_| below(&mut rng, 4)).collect();
    Position::new(&Setup {
        players: PlayerCount::new(players).unwrap(),
        rules: Rules::ORIGINAL,
        to_move: 0,
        hands: &hands,
        table,
        undealt: &undealt,
        pile_cards: &pile_cards,
        pile_points: &vec![1; players],
        tablas: &vec![0; players],
        last_capturer: (below(&mut rng, 2) == 0).then_some(players - 1),
    })
    .unwrap()
}

/// How many moves stay distinct after merging: played rank and points, and the table left
/// up to suits (cards per rank, 2♣ and 10♦ named).
fn distinct_moves<const SEATS: usize>(position: &Position<SEATS>) -> usize {
    let mut classes = std::collections::HashSet::new();
    position.for_each_legal_move(|legal| {
        let left = if legal.capture.is_empty() {
            position.table().with(legal.card)
        } else {
            position.table() - legal.capture
        };
        let per_rank: Vec<usize> = (0..13)
            .map(|rank| {
                let cards = left.bits() >> (4 * rank) & 0xF;
                cards.count_ones() as usize
                    - left.contains(card("2C")) as usize * (rank == 1) as usize
                    - left.contains(card("10D")) as usize * (rank == 9) as usize
            })
            .collect();
        let special = (left.contains(card("2C")), left.contains(card("10D")));
        classes.insert((legal.card.rank(), legal.card.points(), per_rank, special));
    });
    classes.len()
}

/// Tables so crowded that a node has more distinct moves than the solver holds at once,
/// so that it searches them in batches.
#[test]
fn crowded_tables_are_searched_in_batches() {
    let mut batched = 0;
    for seed in 0..12 {
        let ranks = ["A", "2", "3", "4", "6", "K"];
        let position = crowded_position_with(seed, 2, 1, ranks, 10);
        position.for_each_legal_move(|legal| {
            batched += (distinct_moves(&position.play(legal).unwrap()) > 32) as usize;
        });
        let mut table = vec![Entry::EMPTY; 64];
        let mut solver = Solver::new(&mut table);
        let mut values = HashMap::new();
        solver
            .solve_all(&position, |played, value| {
                values.insert(played, value);
            })
            .unwrap();
        let mut expected = HashMap::new();
        position.for_each_legal_move(|legal| {
            expected.insert(
                legal,
                brute_force_position(&position.play(legal).unwrap(), 0),
            );
        });
        assert_eq!(values, expected, "seed {seed}");
        let (best, value) = solver.best_move(&position).unwrap();
        assert_eq!(expected[&best], value);
        assert_eq!(expected.values().max(), Some(&value));
    }
    assert!(batched > 0, "no position needed batches");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Merging equivalent moves never changes a value, deals included.
    #[test]
    fn crowded_positions_match_brute_force(seed in any::<u64>(), three in any::<bool>(), size in 1usize..=3) {
        let players = if three { 3 } else { 2 };
        let position = crowded_position(seed, players, if three { size.min(2) } else { size });
        let mut table = vec![Entry::EMPTY; 16];
        let mut solver = Solver::new(&mut table);
        let mut values = HashMap::new();
        solver.solve_all(&position, |played, value| { values.insert(played, value); }).unwrap();
        let mut expected = HashMap::new();
        position.for_each_legal_move(|legal| {
            expected.insert(legal, brute_force_position(&position.play(legal).unwrap(), 0));
        });
        prop_assert_eq!(values, expected);
    }

    #[test]
    fn endgames_match_brute_force(seed in any::<u64>(), plies_left in 1usize..=8, three in any::<bool>()) {
        let (players, plies_left) = if three { (3, plies_left.min(7)) } else { (2, plies_left) };
        let game = play_until(players, seed, plies_left);
        let expected = brute_force_roots(&game);
        prop_assert_eq!(solve_roots::<3>(&game, 64), expected);
    }
}

/// The benchmark's positions (greedy play from seeds 1..=16), every root move solved from
/// a cleared 2^18-entry table: total nodes, time and a checksum of every value, printed.
/// Run with `cargo test --release -p tablic-core --test solver -- --ignored --nocapture`
/// (`SOLVER_PLIES=12` for the last deal alone, `SOLVER_SEEDS=4` for seeds 1..=4,
/// `SOLVER_TABLE_BITS=22` for a 2^22-entry table).
#[test]
#[ignore = "a measurement, not a check"]
fn benchmark_node_counts() {
    let only: Option<usize> = std::env::var("SOLVER_PLIES")
        .ok()
        .and_then(|v| v.parse().ok());
    for plies_left in [12, 24]
        .into_iter()
        .filter(|&p| only.is_none_or(|o| o == p))
    {
        let bits: u32 = std::env::var("SOLVER_TABLE_BITS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(18);
        let mut table = vec![Entry::EMPTY; 1 << bits];
        let (mut nodes, mut checksum) = (0u64, 0i64);
        let start = std::time::Instant::now();
        let seeds: u64 = std::env::var("SOLVER_SEEDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(16);
        for seed in 1..=seeds {
            let mut game = Game::from_seed(PlayerCount::TWO, seed);
            while MOVES_PER_GAME - game.history().len() > plies_left {
                let seat = game.to_move().unwrap();
                game.play(best_greedy_move(game.hand(seat), game.table()).unwrap())
                    .unwrap();
            }
            let position = Position::<2>::from_game(&game).unwrap();
            let mut solver = Solver::new(&mut table);
            let mut index = 0i64;
            solver
                .solve_all(&position, |_, value| {
                    index += 1;
                    checksum = checksum
                        .wrapping_mul(31)
                        .wrapping_add(index * 1000 + value as i64);
                })
                .unwrap();
            nodes += solver.nodes();
        }
        println!(
            "{plies_left} plies: {nodes} nodes, {:?}, checksum {checksum}",
            start.elapsed()
        );
    }
    // Cut positions, as the sampling bot solves them: 12 plies before the cut at the end
    // of the second and third deals. Their node counts must not change with the exact
    // search's speed-ups.
    let mut table = vec![Entry::EMPTY; 1 << 18];
    let (mut nodes, mut checksum) = (0u64, 0i64);
    let start = std::time::Instant::now();
    for plies_left in [36, 24] {
        for seed in 1..=16 {
            let mut game = Game::from_seed(PlayerCount::TWO, seed);
            while MOVES_PER_GAME - game.history().len() > plies_left {
                let seat = game.to_move().unwrap();
                game.play(best_greedy_move(game.hand(seat), game.table()).unwrap())
                    .unwrap();
            }
            let position = Position::<2>::from_game(&game).unwrap().cut_at_deal_end();
            let mut solver = Solver::new(&mut table);
            let mut index = 0i64;
            solver
                .solve_all(&position, |_, value| {
                    index += 1;
                    checksum = checksum
                        .wrapping_mul(31)
                        .wrapping_add(index * 1000 + value as i64);
                })
                .unwrap();
            nodes += solver.nodes();
        }
    }
    println!(
        "cut at 12 plies: {nodes} nodes, {:?}, checksum {checksum}",
        start.elapsed()
    );
}

/// The solver's value of every root move of `position`, with a small table.
fn solve_position_roots<const SEATS: usize>(position: &Position<SEATS>) -> HashMap<Move, i32> {
    let mut table = vec![Entry::EMPTY; 256];
    let mut values = HashMap::new();
    Solver::new(&mut table)
        .solve_all(position, |played, value| {
            values.insert(played, value);
        })
        .unwrap();
    values
}

/// The brute-force value of every root move of `position`, for the seat to move.
fn brute_force_position_roots<const SEATS: usize>(
    position: &Position<SEATS>,
) -> HashMap<Move, i32> {
    let root = position.to_move().unwrap();
    let mut values = HashMap::new();
    position.for_each_legal_move(|legal| {
        values.insert(
            legal,
            brute_force_position(&position.play(legal).unwrap(), root),
        );
    });
    values
}

/// Positions cut at the end of their deal (as bots with a horizon solve them): the table
/// left at the cut goes to nobody, so the last move's capture choices matter.
#[test]
fn cut_positions_match_brute_force() {
    let mut checked = 0;
    for seed in 0..40 {
        let players = 2 + (seed as usize % 2);
        // From one to five moves before the cut.
        let plies: &[usize] = if players == 2 {
            &[13, 14, 15, 17, 25, 27]
        } else {
            &[13, 14, 15, 16]
        };
        for &plies_left in plies {
            let game = play_until(players, seed, plies_left);
            let position = Position::<3>::from_game(&game).unwrap().cut_at_deal_end();
            if position.is_finished() {
                continue;
            }
            assert_eq!(
                solve_position_roots(&position),
                brute_force_position_roots(&position),
                "seed {seed}, {plies_left} plies left"
            );
            checked += 1;
        }
    }
    assert!(checked > 100);
}

/// Positions cut a few moves into a deal (as bots solve three- and four-player deals,
/// whose end is too far): the game stops after exactly that many moves, or at the deal's
/// end if it comes first, and the solver's values are the brute-force ones.
#[test]
fn early_cuts_match_brute_force() {
    let mut checked = 0;
    for seed in 0..24 {
        let players = 2 + (seed as usize % 3);
        let deal_start = MOVES_PER_GAME - 6 * players;
        for (moves, plies_left) in [(1, deal_start), (3, deal_start), (4, deal_start - 5)] {
            let game = play_until(players, seed, plies_left);
            let held: usize = (0..players).map(|seat| game.hand(seat).len()).sum();
            let position = Position::<4>::from_game(&game).unwrap().cut_after(moves);
            let mut line = position;
            let mut played = 0;
            while let Some(seat) = line.to_move() {
                line = line
                    .play(best_greedy_move(line.hand(seat), line.table()).unwrap())
                    .unwrap();
                played += 1;
            }
            assert_eq!(played, moves.min(held), "seed {seed}, cut after {moves}");
            assert_eq!(
                solve_position_roots(&position),
                brute_force_position_roots(&position),
                "seed {seed}, cut after {moves}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 72);
    let game = play_until(3, 1, 30);
    assert!(Position::<4>::from_game(&game)
        .unwrap()
        .cut_after(0)
        .is_finished());
}

/// The position of a two-player `game` in its last deal, with these cards in the piles
/// and this last capturer (5 and 6 points in the piles, one tabla to seat 1).
fn with_piles(game: &Game, pile_cards: [u32; 2], last_capturer: Option<usize>) -> Position<2> {
    Position::new(&Setup {
        players: PlayerCount::TWO,
        rules: Rules::ORIGINAL,
        to_move: game.to_move().unwrap(),
        hands: &[game.hand(0), game.hand(1)],
        table: game.table(),
        undealt: &[],
        pile_cards: &pile_cards,
        pile_points: &[5, 6],
        tablas: &[0, 1],
        last_capturer,
    })
    .unwrap()
}

/// Leads in cards too large to be caught up share table entries: one table serves
/// positions that differ only in such leads, without changing a value.
#[test]
fn decided_card_leads_share_the_table() {
    let mut table = vec![Entry::EMPTY; 1 << 10];
    for seed in 0..12 {
        let game = play_until(2, seed, 6);
        for (first, second) in [(30, 8), (8, 30), (25, 10), (10, 25), (20, 19), (19, 19)] {
            let position = with_piles(&game, [first, second], Some(1));
            let root = position.to_move().unwrap();
            let mut values = HashMap::new();
            Solver::reusing(&mut table)
                .solve_all(&position, |played, value| {
                    values.insert(played, value);
                })
                .unwrap();
            let mut expected = HashMap::new();
            position.for_each_legal_move(|legal| {
                expected.insert(
                    legal,
                    brute_force_position(&position.play(legal).unwrap(), root),
                );
            });
            assert_eq!(values, expected, "seed {seed}, piles {first}, {second}");
        }
    }
}

/// With two players the card lead and the last capturer matter only at the end (the bonus
/// for most cards, the table's last cards), so a position's value is a step function of
/// the lead: never lower for a larger lead, at most a bonus higher per card and two in all,
/// never lower with the last capture nearer seat 0. The transposition table relies on it
/// (one search's bounds serve the neighbouring leads). Every lead and last capturer of each
/// position is solved with one reused table, and checked against plain minimax.
#[test]
fn values_step_with_the_card_lead() {
    let mut table = vec![Entry::EMPTY; 1 << 10];
    let mut steps = [0; 7];
    for seed in 0..10 {
        let game = play_until(2, seed, 6);
        let left = (game.table().len() + 6) as i32;
        let mut by_claim = Vec::new();
        for last_capturer in [Some(1), None, Some(0)] {
            let values: Vec<i32> = (-left - 2..=left + 2)
                .map(|lead| {
                    let piles = [10 + lead.max(0) as u32, 10 + (-lead).max(0) as u32];
                    let position = with_piles(&game, piles, last_capturer);
                    let value = Solver::reusing(&mut table).value(&position).unwrap();
                    let root = position.to_move().unwrap();
                    let sign = if root == 0 { 1 } else { -1 };
                    assert_eq!(
                        value,
                        brute_force_position(&position, root),
                        "seed {seed}, lead {lead}, last capturer {last_capturer:?}"
                    );
                    sign * value
                })
                .collect();
            for pair in values.windows(2) {
                assert!(
                    (0..=3).contains(&(pair[1] - pair[0])),
                    "seed {seed}: {values:?}"
                );
            }
            let rise = values[values.len() - 1] - values[0];
            assert!(rise <= 6, "seed {seed}: {values:?}");
            steps[values.windows(2).filter(|pair| pair[0] != pair[1]).count()] += 1;
            by_claim.push(values);
        }
        for pair in by_claim.windows(2) {
            let mut nearer = pair[0].iter().zip(&pair[1]);
            assert!(nearer.all(|(other, own)| own >= other), "seed {seed}");
        }
    }
    // How many leads the value changes at, per position and last capturer: two where one
    // line of play is best at every lead (behind, level, ahead at the end), three where
    // the best line changes with the lead.
    assert_eq!(steps, [0, 0, 27, 3, 0, 0, 0]);
}

/// Plain minimax of `root`'s final margin on a `Position`, where the seats marked in
/// `greedy` play the greedy player's move instead of their best.
fn brute_force_against_greedy<const SEATS: usize>(
    position: &Position<SEATS>,
    root: usize,
    greedy: &[bool],
) -> i32 {
    let Some(seat) = position.to_move() else {
        return position.margin(root).unwrap();
    };
    if greedy[seat] {
        let played = best_greedy_move(position.hand(seat), position.table()).unwrap();
        return brute_force_against_greedy(&position.play(played).unwrap(), root, greedy);
    }
    let mut values = Vec::new();
    position.for_each_legal_move(|legal| {
        let child = position.play(legal).unwrap();
        values.push(brute_force_against_greedy(&child, root, greedy));
    });
    let best = if seat == root {
        values.iter().max()
    } else {
        values.iter().min()
    };
    *best.unwrap()
}

/// Seats taken to play greedy moves: every root move's value is what it is against their
/// greedy play, to the end of the game or to a cut at the deal's end, with two and three
/// players, whichever other seats are greedy; and the values differ from the plain ones
/// somewhere (the model is not ignored).
#[test]
fn greedy_seats_are_valued_by_their_greedy_moves() {
    let (mut checked, mut changed) = (0, 0);
    for seed in 0..30u64 {
        let players = 2 + (seed % 2) as usize;
        let plies: &[usize] = if players == 2 {
            &[3, 5, 7, 14, 15]
        } else {
            &[4, 6, 14, 16]
        };
        for &plies_left in plies {
            let game = play_until(players, seed, plies_left);
            let mut position = Position::<3>::from_game(&game).unwrap();
            if plies_left > 8 {
                position = position.cut_at_deal_end();
            }
            let Some(root) = position.to_move() else {
                continue;
            };
            for others in 1..1u32 << (players - 1) {
                // Bit i of `others` marks the i-th seat after the root.
                let mut greedy = [false; 3];
                for step in 0..players - 1 {
                    greedy[(root + 1 + step) % players] = others & 1 << step != 0;
                }
                let mut table = vec![Entry::EMPTY; 1 << 10];
                let mut solver = Solver::new(&mut table);
                solver.set_greedy_seats(&greedy);
                let mut values = HashMap::new();
                solver
                    .solve_all(&position, |played, value| {
                        values.insert(played, value);
                    })
                    .unwrap();
                let mut plain = HashMap::new();
                position.for_each_legal_move(|legal| {
                    let child = position.play(legal).unwrap();
                    let expected = brute_force_against_greedy(&child, root, &greedy);
                    assert_eq!(values[&legal], expected, "seed {seed}, {plies_left} left");
                    plain.insert(legal, brute_force_position(&child, root));
                });
                checked += 1;
                changed += usize::from(values != plain);
            }
        }
    }
    assert!(
        checked > 100 && changed > 20,
        "{checked} checked, {changed} changed"
    );
}

/// Every root move's value over 360 positions (three in four of two players, 8 to 16 moves
/// from the end; the others of three or four players, 8 to 12), reached by random and
/// greedy play, solved with a small table: all folded into one number, the one the solver
/// gave before its speed-ups (bounds from cards nobody can take, ...), which must not
/// change.
#[test]
fn values_match_the_solver_before_its_speed_ups() {
    let mut table = vec![Entry::EMPTY; 1 << 12];
    let mut checksum = 0u64;
    let mut values = 0;
    for seed in 0..360u64 {
        let (players, plies_left) = match seed % 4 {
            3 => (3 + (seed / 4 % 2) as usize, 8 + (seed % 5) as usize),
            _ => (2, 8 + (seed % 9) as usize),
        };
        let game = play_until(players, seed, plies_left);
        let mut fold = |played: Move, value: i32| {
            values += 1;
            checksum = (checksum ^ (u64::from(played.card.index()) << 52 | played.capture.bits()))
                .wrapping_mul(0x100_0000_01B3)
                ^ value as u64;
        };
        match players {
            2 => Solver::new(&mut table)
                .solve_all(&Position::<2>::from_game(&game).unwrap(), &mut fold)
                .unwrap(),
            _ => Solver::new(&mut table)
                .solve_all(&Position::<4>::from_game(&game).unwrap(), &mut fold)
                .unwrap(),
        }
    }
    assert_eq!((values, checksum), (1978, 8_798_896_061_501_340_838));
}

/// Exact values of whole two-player games, `seed value` a line, as `first_seat_advantage`
/// printed them (the file says which runs).
const FIRST_SEAT_VALUES: &str = include_str!("data/first-seat-values.txt");

/// The recorded values, by seed.
fn recorded_first_seat_values() -> std::collections::BTreeMap<u64, i32> {
    FIRST_SEAT_VALUES
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (seed, value) = line.split_once(' ').expect("a line is `seed value`");
            (seed.parse().unwrap(), value.parse().unwrap())
        })
        .collect()
}

/// What STRENGTH.md says of a set of games' values: their number, mean ± standard error,
/// standard deviation, median, range, and how many deals seat 0 wins, ties and loses.
fn describe_values(values: &[i32]) -> String {
    let count = values.len() as f64;
    let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / count;
    let variance = values
        .iter()
        .map(|&v| (f64::from(v) - mean).powi(2))
        .sum::<f64>()
        / (count - 1.0);
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let middle = |index: usize| f64::from(sorted[index]);
    let median = (middle((sorted.len() - 1) / 2) + middle(sorted.len() / 2)) / 2.0;
    let games = |won: fn(i32) -> bool| values.iter().filter(|&&v| won(v)).count();
    format!(
        "{} deals: mean {mean:+.2} ± {:.2} (standard error), sd {:.2}, median {:+}, min {:+}, \
         max {:+}; seat 0 ahead / level / behind {} / {} / {}",
        values.len(),
        (variance / count).sqrt(),
        variance.sqrt(),
        median,
        sorted[0],
        sorted[sorted.len() - 1],
        games(|v| v > 0),
        games(|v| v == 0),
        games(|v| v < 0),
    )
}

/// What STRENGTH.md publishes in "Perfect play with every card known".
const PUBLISHED_FIRST_SEAT_FIGURES: &str = "1000 deals: mean -4.33 ± 0.23 (standard error), \
     sd 7.27, median -5, min -21, max +16; seat 0 ahead / level / behind 246 / 37 / 717";

/// The figures STRENGTH.md publishes are those of the recorded values.
#[test]
fn recorded_first_seat_values_give_the_published_figures() {
    let values: Vec<i32> = recorded_first_seat_values().into_values().collect();
    assert_eq!(describe_values(&values), PUBLISHED_FIRST_SEAT_FIGURES);
}

/// Seat 0's final margin when the clairvoyant bot plays every seat of `game` to the end.
fn clairvoyant_margin(game: &Game, entries: &mut [Entry]) -> i32 {
    let mut game = game.clone();
    let mut bot = ClairvoyantBot::new(entries);
    while let Some(chosen) = bot.choose_seeing_all(&game) {
        game.play(chosen).unwrap();
    }
    let result = game.result().unwrap();
    result.total(0) as i32 - result.total(1) as i32
}

/// The value of whole two-player games under perfect play with every card known: seat 0's
/// final margin from the deal, for seeds `SOLVER_FIRST_SEED..` (default 1), `SOLVER_DEALS`
/// of them (default 1,000), each from a cleared 2^`SOLVER_TABLE_BITS`-entry table (default
/// 24, 256 MiB): every value, its nodes and time, then their distribution. Each search
/// starts from the margin of the clairvoyant bot's game against itself. A value recorded
/// in `data/first-seat-values.txt` must come out the same. Run with `cargo test --release -p
/// tablic-core --test solver -- --ignored --nocapture first_seat_advantage`.
#[test]
#[ignore = "a measurement: hours of solving"]
fn first_seat_advantage() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (first, deals, bits) = (
        env("SOLVER_FIRST_SEED", 1),
        env("SOLVER_DEALS", 1000),
        env("SOLVER_TABLE_BITS", 24),
    );
    let recorded = recorded_first_seat_values();
    let mut table = vec![Entry::EMPTY; 1 << bits];
    let mut guessing = vec![Entry::EMPTY; 1 << 18];
    let mut values = Vec::new();
    let start = std::time::Instant::now();
    for seed in first..first + deals {
        let game = Game::from_seed(PlayerCount::TWO, seed);
        let position = Position::<2>::from_game(&game).unwrap();
        let began = std::time::Instant::now();
        let guess = clairvoyant_margin(&game, &mut guessing);
        let mut solver = Solver::new(&mut table);
        let value = solver.value_near(&position, guess).unwrap();
        println!(
            "seed {seed}: {value:+} ({} nodes, {:?}, guessed {guess:+})",
            solver.nodes(),
            began.elapsed()
        );
        if let Some(&known) = recorded.get(&seed) {
            assert_eq!(value, known, "seed {seed}'s recorded value");
        }
        values.push(value);
    }
    println!("{} in {:?}", describe_values(&values), start.elapsed());
}
