//! The PIMC bot: legal, deterministic, exact where the game is, and its worlds agree with
//! what the seat knows.

use tablic_core::bots::solver::{Entry, Position};
use tablic_core::bots::{
    best_greedy_move, play_out, probably_lacking, sample_world, Bot, BotSpec, GreedyKey, Horizon,
    Inference, Opponents, PimcBot, PimcOptions, SOLVER_MEMORY_KIB,
};
use tablic_core::{below, CardClass, CardSet, Game, Move, Pcg32, PlayerCount, PlayerView};

mod common;
use common::{against_greedy, best_and_chosen, mixed_for};

/// Light settings, so that whole games stay quick in debug builds.
const LIGHT: PimcOptions = PimcOptions {
    samples: 4,
    nodes: 4_000,
    learned: false,
    inference: Inference::Greedy,
    alone: false,
    memory_kib: SOLVER_MEMORY_KIB,
    exact: None,
};

fn entries() -> Vec<Entry> {
    vec![Entry::EMPTY; 1 << 14]
}

#[test]
fn plays_legal_moves_to_the_end() {
    let light = BotSpec::Pimc(LIGHT);
    for players in [2, 3, 4] {
        for seed in 0..2u64 {
            assert!(against_greedy(players, seed, light).is_finished());
        }
    }
}

#[test]
fn every_choice_is_legal_mid_game() {
    let mut memory = entries();
    let mut bot = PimcBot::new(LIGHT, 3, &mut memory);
    for players in [2, 3, 4] {
        for seed in 0..24u64 {
            let game = mixed_for(players, seed, (seed as usize * 7) % 40);
            let Some(view) = game.current_view() else {
                continue;
            };
            let chosen = bot.choose(&view);
            assert_eq!(game.check(chosen), Ok(()), "{players} players, seed {seed}");
        }
    }
}

/// The moves a bot with this seed makes at a run of positions.
fn choices(seed: u64) -> Vec<Move> {
    let mut memory = entries();
    let mut bot = PimcBot::new(LIGHT, seed, &mut memory);
    (0..16u64)
        .filter_map(|position| {
            let game = mixed_for(2, position, (position as usize * 5) % 44);
            game.current_view().map(|view| bot.choose(&view))
        })
        .collect()
}

#[test]
fn the_same_seed_makes_the_same_moves() {
    assert_eq!(choices(17), choices(17));
    // And a whole game between two seeded bots replays identically.
    let replay = |seed: u64| {
        let mut game = Game::from_seed(PlayerCount::TWO, 99);
        let (mut a, mut b) = (entries(), entries());
        let mut first = PimcBot::new(LIGHT, seed, &mut a);
        let mut second = PimcBot::new(LIGHT, seed + 1, &mut b);
        play_out(&mut game, &mut [&mut first, &mut second]).unwrap();
        game.history().to_vec()
    };
    assert_eq!(replay(5), replay(5));
}

/// In the two-player last deal every card is known to both seats: the bot solves the one
/// world there is, so its move is worth what the clairvoyant solver's best move is worth
/// (against the opponent it models: greedy moves once a deal showed only those).
#[test]
fn the_two_player_last_deal_is_played_exactly() {
    let mut checked = 0;
    for seed in 0..40u64 {
        // The last deal starts after 36 moves; stop somewhere in it.
        let game = mixed_for(2, seed, 36 + (seed as usize % 10));
        let Some(view) = game.current_view() else {
            continue;
        };
        assert!(view.is_last_deal());
        let mut memory = entries();
        let chosen = PimcBot::new(PimcOptions::default(), seed, &mut memory).choose(&view);
        let position = Position::<2>::from_game(&game).unwrap();
        let greedy_seats = Opponents::observe(&view).greedy_seats();
        let (best, value_of_chosen) = best_and_chosen(&position, chosen, &greedy_seats);
        assert_eq!(value_of_chosen, Some(best), "seed {seed}: {chosen}");
        checked += 1;
    }
    assert!(checked > 30);
}

/// Checks one sampled world against `view`.
fn check_world(view: &PlayerView<'_>, rng: &mut Pcg32) {
    let world = sample_world(view, &Opponents::observe(view), rng);
    let players = view.players().get();
    let mut dealt = CardSet::EMPTY;
    for seat in 0..players {
        let hand = world.hands[seat];
        assert_eq!(hand.len(), view.hand_size(seat), "seat {seat}'s hand size");
        if seat == view.seat() {
            assert_eq!(hand, view.hand());
        } else {
            assert!(
                hand.is_disjoint(view.seen()),
                "a seen card dealt to seat {seat}"
            );
            assert!(hand.is_subset(view.unseen()));
        }
        assert!(hand.is_disjoint(dealt), "a card dealt twice");
        dealt |= hand;
    }
    for seat in players..world.hands.len() {
        assert!(world.hands[seat].is_empty());
    }
    let deck: CardSet = world.deck.iter().copied().collect();
    assert_eq!(deck.len(), world.deck.len(), "a card twice in the deck");
    assert_eq!(world.deck.len(), view.undealt());
    assert!(deck.is_disjoint(dealt));
    // Every unseen card is somewhere, and nothing else is.
    assert_eq!(deck | (dealt - view.hand()), view.unseen());
    // A seat gets a card of a class it probably lacks only when no plausible card was left
    // for it: then the deck holds none.
    for seat in (0..players).filter(|&seat| seat != view.seat()) {
        let lacking = probably_lacking(view, seat);
        let implausible = |card| lacking.contains(CardClass::of(card));
        if world.hands[seat].iter().any(implausible) {
            assert!(
                deck.iter().all(implausible),
                "seat {seat} was dealt a lacking class while the deck kept a plausible card"
            );
        }
    }
}

#[test]
fn worlds_agree_with_the_view() {
    let mut rng = Pcg32::new(8, 8);
    let mut lacking_seen = 0;
    for players in [2, 3, 4] {
        for seed in 0..60u64 {
            let game = mixed_for(players, seed, (seed as usize * 3) % 46);
            let Some(view) = game.current_view() else {
                continue;
            };
            lacking_seen += (0..players)
                .filter(|&seat| seat != view.seat())
                .filter(|&seat| !probably_lacking(&view, seat).is_empty())
                .count();
            for _ in 0..4 {
                check_world(&view, &mut rng);
            }
        }
    }
    // The lacking rule was exercised.
    assert!(lacking_seen > 10, "{lacking_seen}");
}

/// A lacking class is avoided whenever the unseen cards allow: with a single opponent in a
/// deal before the last, its hand holds no card of a class it probably lacks when enough
/// other unseen cards remain.
#[test]
fn lacking_classes_are_avoided_when_possible() {
    let mut rng = Pcg32::new(9, 9);
    let mut tested = 0;
    for seed in 0..200u64 {
        let game = mixed_for(2, seed, 1 + (seed as usize % 11));
        let Some(view) = game.current_view() else {
            continue;
        };
        let other = 1 - view.seat();
        let lacking = probably_lacking(&view, other);
        if lacking.is_empty() {
            continue;
        }
        let plausible = view
            .unseen()
            .iter()
            .filter(|&card| !lacking.contains(CardClass::of(card)))
            .count();
        if plausible < view.hand_size(other) {
            continue;
        }
        for _ in 0..8 {
            let world = sample_world(&view, &Opponents::observe(&view), &mut rng);
            assert!(
                world.hands[other]
                    .iter()
                    .all(|card| !lacking.contains(CardClass::of(card))),
                "seed {seed}"
            );
        }
        tested += 1;
    }
    assert!(tested > 10, "{tested}");
}

/// How many of the worlds seat 0 samples (4 at each of its moves after the opponent's
/// first of the deal, in deals before the last, from the second deal on when `later`) give
/// seat 1 a hand with which each of its moves this deal was a greedy one (by the first
/// seven parts of the key), and of how many; seat 1 plays greedy moves, or random ones when
/// `random_opponent`.
fn explained_worlds(random_opponent: bool, later: bool) -> (usize, usize) {
    let mut rng = Pcg32::new(10, 10);
    let mut opponent_rng = Pcg32::new(11, 11);
    let (mut explained, mut sampled) = (0, 0);
    for seed in 0..30u64 {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        while let Some(view) = game.current_view() {
            let seat = view.seat();
            // Two players: every deal is 12 moves, the opponent has moved in this one.
            let start = game.history().len() / 12 * 12;
            let counted = if later { start >= 12 } else { start < 12 };
            if seat == 0 && !view.is_last_deal() && game.history().len() > start && counted {
                for _ in 0..4 {
                    let world = sample_world(&view, &Opponents::observe(&view), &mut rng);
                    sampled += 1;
                    explained += usize::from(greedy_throughout(&game, world.hands[1], start));
                }
            }
            let chosen = if seat == 1 && random_opponent {
                let mut moves = Vec::new();
                game.for_each_legal_move(|legal| moves.push(legal));
                moves[below(&mut opponent_rng, moves.len() as u32) as usize]
            } else {
                best_greedy_move(game.hand(seat), game.table()).unwrap()
            };
            game.play(chosen).unwrap();
        }
    }
    (explained, sampled)
}

/// Facing a greedy opponent, whose real hand always explains its moves, the worlds give it
/// such a hand nearly always once a whole deal has shown it plays greedy moves, and mostly
/// in the first deal.
#[test]
fn worlds_explain_a_greedy_opponent() {
    let (explained, sampled) = explained_worlds(false, true);
    assert!(sampled > 500, "{sampled}");
    assert!(explained * 100 >= sampled * 95, "{explained} of {sampled}");
    let (explained, sampled) = explained_worlds(false, false);
    assert!(sampled > 300, "{sampled}");
    assert!(explained * 100 >= sampled * 85, "{explained} of {sampled}");
}

/// Facing an opponent whose moves are random, the worlds stop insisting on hands that make
/// its moves greedy once a deal has shown it does not play that way: they explain its moves
/// less than a quarter as often as a greedy opponent's.
#[test]
fn worlds_trust_a_random_opponent_less() {
    let (explained, sampled) = explained_worlds(true, true);
    let (greedy_explained, greedy_sampled) = explained_worlds(false, true);
    assert!(sampled > 500, "{sampled}");
    assert!(
        explained * greedy_sampled * 4 < greedy_explained * sampled,
        "{explained} of {sampled} against {greedy_explained} of {greedy_sampled}"
    );
}

/// Whether seat 1, holding `hand` now, made a greedy move at each of its turns since the
/// move `start`.
fn greedy_throughout(game: &Game, mut hand: CardSet, start: usize) -> bool {
    let mut table = game.table();
    let mut greedy = true;
    for (index, played) in game.history().iter().enumerate().skip(start).rev() {
        table = if played.capture.is_empty() {
            table.without(played.card)
        } else {
            table | played.capture
        };
        if index % 2 == 1 {
            hand = hand.with(played.card);
            let best = best_greedy_move(hand, table).unwrap();
            let key = |m: Move| GreedyKey::new(table, m.card, m.capture).parts();
            greedy &= key(best) <= key(*played);
        }
    }
    greedy
}

#[test]
fn its_evaluation_is_what_it_plays_by() {
    let mut solved = 0;
    for seed in 0..8u64 {
        let game = mixed_for(2, seed, 10 + seed as usize * 5);
        let view = game.current_view().unwrap();
        let (mut first, mut second) = (entries(), entries());
        let evaluation = PimcBot::new(LIGHT, seed, &mut first).evaluate(&view);
        let chosen = PimcBot::new(LIGHT, seed, &mut second).choose(&view);
        assert_eq!(evaluation.best(), Some(chosen), "seed {seed}");
        let mut legal = Vec::new();
        game.for_each_legal_move(|played| legal.push(played));
        assert_eq!(evaluation.moves().collect::<Vec<_>>(), legal);
        assert!(evaluation.worlds() <= LIGHT.samples);
        if evaluation.worlds() > 0 {
            solved += 1;
            let best = evaluation.mean_margin(chosen).unwrap();
            for played in &legal {
                assert!(evaluation.mean_margin(*played).unwrap() <= best);
            }
        } else {
            assert_eq!(evaluation.mean_margin(chosen), None);
        }
    }
    assert!(solved >= 4, "only {solved} of 8 decisions solved a world");
}

/// With many samples, every move is solved in the first round's worlds (a quarter of them);
/// then, unless one move is clearly best, two to four finalists in the rest. The move played
/// is the finalist with the best mean.
#[test]
fn later_worlds_weigh_only_the_finalists() {
    let options = PimcOptions {
        samples: 64,
        nodes: 1_000_000,
        learned: false,
        inference: Inference::Greedy,
        alone: false,
        memory_kib: SOLVER_MEMORY_KIB,
        exact: None,
    };
    let (mut raced, mut settled) = (0, 0);
    for seed in 0..8u64 {
        let game = mixed_for(2, seed, 12);
        let view = game.current_view().unwrap();
        let mut memory = entries();
        let evaluation = PimcBot::new(options, seed, &mut memory).evaluate(&view);
        let legal: Vec<Move> = evaluation.moves().collect();
        let best = evaluation.best().unwrap();
        let best_mean = evaluation.mean_margin(best).unwrap();
        let finalists: Vec<Move> = match evaluation.worlds() {
            // One move was clearly best after the first round.
            16 => {
                settled += 1;
                legal.clone()
            }
            64 => {
                raced += 1;
                let finalists: Vec<Move> = (legal.iter().copied())
                    .filter(|&played| evaluation.worlds_for(played) == Some(64))
                    .collect();
                assert!((2..=4).contains(&finalists.len()), "seed {seed}");
                for played in legal.iter().filter(|played| !finalists.contains(played)) {
                    assert_eq!(evaluation.worlds_for(*played), Some(16), "seed {seed}");
                }
                finalists
            }
            worlds => panic!("seed {seed}: {worlds} worlds"),
        };
        assert!(finalists.contains(&best), "seed {seed}");
        for &played in &finalists {
            assert!(
                evaluation.mean_margin(played).unwrap() <= best_mean,
                "seed {seed}"
            );
        }
    }
    assert!(
        raced >= 3 && settled >= 1,
        "{raced} raced, {settled} settled"
    );
}

/// A seat is taken to play greedy moves once a whole deal of its moves were all greedy
/// ones, never before, never for the viewer itself, and seldom when it plays at random.
#[test]
fn opponents_proven_greedy_are_modelled_so() {
    let mut opponent_rng = Pcg32::new(12, 12);
    let (mut random_taken, mut random_seen) = (0, 0);
    for seed in 0..20u64 {
        for random_opponent in [false, true] {
            let mut game = Game::from_seed(PlayerCount::TWO, seed);
            while let Some(view) = game.current_view() {
                let seat = view.seat();
                if seat == 0 {
                    let greedy = Opponents::observe(&view).greedy_seats();
                    assert!(!greedy[0], "seed {seed}");
                    if game.history().len() < 12 {
                        assert!(!greedy[1], "seed {seed}: nothing seen yet");
                    } else if random_opponent {
                        random_seen += 1;
                        random_taken += usize::from(greedy[1]);
                    } else {
                        assert!(greedy[1], "seed {seed}: a greedy opponent");
                    }
                }
                let chosen = if seat == 1 && random_opponent {
                    let mut moves = Vec::new();
                    game.for_each_legal_move(|legal| moves.push(legal));
                    moves[below(&mut opponent_rng, moves.len() as u32) as usize]
                } else {
                    best_greedy_move(game.hand(seat), game.table()).unwrap()
                };
                game.play(chosen).unwrap();
            }
        }
    }
    assert!(
        random_seen > 300 && random_taken * 20 < random_seen,
        "{random_taken} of {random_seen}"
    );
}

/// At the start of a deal of three or four players (18 or 24 moves), a world's solve to
/// the deal's end outruns a small node budget; the decision starts over a round nearer
/// until the first round's worlds are solved, so no decision is left to the greedy order.
/// With two players and the default budget a deal is solved to its end.
#[test]
fn far_deal_ends_bring_the_horizon_nearer() {
    for players in [3, 4] {
        for seed in 0..6u64 {
            let game = mixed_for(players, seed, 0);
            let view = game.current_view().unwrap();
            let mut memory = entries();
            let evaluation = PimcBot::new(LIGHT, seed, &mut memory).evaluate(&view);
            // Four samples are all in the first round: all solved, at one horizon, nearer
            // than the first one tried (15 or 16 moves).
            assert_eq!(
                evaluation.worlds(),
                LIGHT.samples,
                "{players} players, seed {seed}"
            );
            assert!(
                matches!(evaluation.horizon(), Horizon::Moves(moves) if moves < 15 && moves % players == 0),
                "{:?}",
                evaluation.horizon()
            );
            // Values are in thirds of a point, as at every cut: within the 22 card points.
            let best = evaluation.best().unwrap();
            let margin = evaluation.mean_margin(best).unwrap();
            assert!((-22.0..=22.0).contains(&margin), "{margin}");
        }
    }
    let game = mixed_for(2, 3, 12);
    let mut memory = entries();
    let evaluation = PimcBot::new(PimcOptions::default(), 3, &mut memory)
        .evaluate(&game.current_view().unwrap());
    assert_eq!(evaluation.horizon(), Horizon::DealEnd);
}

/// An `exact` budget bounds the two-player last deal's single world: out of it the world
/// is solved a round nearer, with a single node no world is solved at all; without it the
/// world is solved to the game's end.
#[test]
fn an_exact_budget_bounds_the_last_deal() {
    for seed in 0..6u64 {
        let game = mixed_for(2, seed, 36);
        let view = game.current_view().unwrap();
        let mut memory = entries();
        let exact = PimcBot::new(LIGHT, seed, &mut memory).evaluate(&view);
        assert_eq!(
            (exact.horizon(), exact.worlds()),
            (Horizon::GameEnd, 1),
            "seed {seed}"
        );
        let bounded = |nodes| PimcOptions {
            exact: Some(nodes),
            ..LIGHT
        };
        let nearer = PimcBot::new(bounded(50), seed, &mut memory).evaluate(&view);
        assert!(
            matches!(nearer.horizon(), Horizon::Moves(moves) if moves < 12 && moves % 2 == 0),
            "seed {seed}: {:?}",
            nearer.horizon()
        );
        let none = PimcBot::new(bounded(1), seed, &mut memory).evaluate(&view);
        assert_eq!(none.worlds(), 0, "seed {seed}");
        assert_eq!(game.check(none.best().unwrap()), Ok(()), "seed {seed}");
    }
}
