//! The best reply to greedy players: legal, deterministic, exact (a brute force over every
//! line in the last deal agrees), never worse than playing greedily, and its predicted
//! margin is the game's final one whatever suits the greedy bots draw.

use tablic_core::bots::solver::{Entry, Position, Solver};
use tablic_core::bots::{
    best_greedy_move, AnyBot, BestResponseBot, Bot, BotSpec, GreedyBot, RandomBot,
    BEST_RESPONSE_ENTRIES,
};
use tablic_core::{Game, Move, PlayerCount};

mod common;
use common::greedy_for;

fn entries() -> Vec<Entry> {
    vec![Entry::EMPTY; BEST_RESPONSE_ENTRIES]
}

/// `seat`'s final margin `(n − 1)·own − Σ others` in a finished game.
fn final_margin(game: &Game, seat: usize) -> i32 {
    let result = game.result().unwrap();
    let players = game.players().get();
    let all: i32 = (0..players).map(|other| result.total(other) as i32).sum();
    players as i32 * result.total(seat) as i32 - all
}

/// Plays `game` to the end with `bot` at `hero` and greedy bots drawing from
/// `greedy_seed` elsewhere; returns the finished game, every margin the bot predicted, and
/// how often a greedy bot drew another card than [`best_greedy_move`]'s.
fn play_against_greedy(
    bot: &mut BestResponseBot<'_>,
    mut game: Game,
    hero: usize,
    greedy_seed: u64,
) -> (Game, Vec<i32>, usize) {
    let mut greedy = GreedyBot::new(greedy_seed);
    let (mut predicted, mut other_draws) = (Vec::new(), 0);
    while let Some(seat) = game.to_move() {
        let chosen = if seat == hero {
            let chosen = bot.choose_seeing_all(&game).unwrap();
            predicted.push(bot.predicted_margin().unwrap());
            chosen
        } else {
            let chosen = greedy.choose(&game.view(seat).unwrap());
            other_draws +=
                usize::from(Some(chosen) != best_greedy_move(game.hand(seat), game.table()));
            chosen
        };
        game.play(chosen).unwrap();
    }
    (game, predicted, other_draws)
}

/// The margins of seat 0 and seat 1 of two-player seeds 1 to 3, from the first move, with
/// greedy bots drawing from three seeds: every decision predicts the final margin, though
/// the greedy bots often play other suits than the search assumed. One bot plays the
/// three games of a seat, so the later ones find the first one's solve in its table.
#[test]
fn predicts_the_final_margin_whatever_the_greedy_bot_draws() {
    let expected = [[30, 16], [16, 28], [28, 23]];
    let mut other_draws = 0;
    for (seed, margins) in (1u64..).zip(expected) {
        for (hero, margin) in margins.into_iter().enumerate() {
            let mut memory = entries();
            let mut bot = BestResponseBot::new(&mut memory);
            for greedy_seed in [1, 2, 3] {
                let game = Game::from_seed(PlayerCount::TWO, seed);
                let (game, predicted, draws) =
                    play_against_greedy(&mut bot, game, hero, greedy_seed);
                other_draws += draws;
                assert_eq!(final_margin(&game, hero), margin, "seed {seed} seat {hero}");
                assert_eq!(predicted.len(), 24);
                assert!(
                    predicted.iter().all(|&value| value == margin),
                    "seed {seed} seat {hero} greedy {greedy_seed}: {predicted:?}"
                );
            }
        }
    }
    assert_eq!(other_draws, 25);
}

/// With three and four players too, the margin over the others is the predicted one.
#[test]
fn predicts_the_final_margin_with_more_players() {
    for (players, seed) in [(3, 1), (4, 1), (4, 2)] {
        let game = Game::from_seed(PlayerCount::new(players).unwrap(), seed);
        let mut memory = entries();
        let mut bot = BestResponseBot::new(&mut memory);
        let (game, predicted, _) = play_against_greedy(&mut bot, game, 1, seed);
        let margin = final_margin(&game, 1);
        assert!(
            predicted.iter().all(|&value| value == margin),
            "{players} players, seed {seed}: {predicted:?}, final {margin}"
        );
    }
}

/// The best final margin of the seat to move in `position` over every sequence of its
/// moves, the other seats playing greedy moves: every line, one by one.
fn brute_force(position: &Position<2>, hero: usize) -> i32 {
    let Some(seat) = position.to_move() else {
        return position.margin(hero).unwrap();
    };
    if seat != hero {
        let greedy = best_greedy_move(position.hand(seat), position.table()).unwrap();
        return brute_force(&position.play(greedy).unwrap(), hero);
    }
    let mut best = i32::MIN;
    position.for_each_legal_move(|played| {
        best = best.max(brute_force(&position.play(played).unwrap(), hero));
    });
    best
}

/// In the last deal (after two of its moves: five moves of each seat left), the value the
/// bot predicts is the best over every sequence of its moves.
#[test]
fn last_deal_value_equals_a_brute_force_over_every_line() {
    for seed in 0..12u64 {
        let game = greedy_for(2, seed, 38);
        let hero = game.to_move().unwrap();
        let mut memory = entries();
        let mut bot = BestResponseBot::new(&mut memory);
        bot.choose_seeing_all(&game).unwrap();
        let position = Position::<2>::from_game(&game).unwrap();
        assert_eq!(
            bot.predicted_margin(),
            Some(brute_force(&position, hero)),
            "seed {seed}"
        );
    }
}

/// Against greedy players it never ends worse than a greedy player in its seat would:
/// that line is one of those it searches.
#[test]
fn never_worse_than_playing_greedily() {
    let mut better = 0;
    for seed in 10..22u64 {
        for hero in 0..2 {
            let game = Game::from_seed(PlayerCount::TWO, seed);
            let mut greedy_game = game.clone();
            let mut greedy = [GreedyBot::new(seed), GreedyBot::new(seed + 100)];
            while let Some(seat) = greedy_game.to_move() {
                let chosen = greedy[seat].choose(&greedy_game.view(seat).unwrap());
                greedy_game.play(chosen).unwrap();
            }
            let mut memory = entries();
            let mut bot = BestResponseBot::new(&mut memory);
            let (game, _, _) = play_against_greedy(&mut bot, game, hero, seed + 100);
            let (best, greedily) = (final_margin(&game, hero), final_margin(&greedy_game, hero));
            assert!(
                best >= greedily,
                "seed {seed} seat {hero}: {best} < {greedily}"
            );
            better += usize::from(best > greedily);
        }
    }
    assert_eq!(better, 24);
}

/// The same game gives the same moves, whether its memory is fresh or holds another game's
/// solve; and a bot built from its spec plays the same.
#[test]
fn deterministic_from_any_memory() {
    let game = greedy_for(2, 5, 13);
    let mut memory = entries();
    let first = BestResponseBot::new(&mut memory)
        .choose_seeing_all(&game)
        .unwrap();
    let mut bot = BestResponseBot::new(&mut memory);
    bot.choose_seeing_all(&greedy_for(2, 6, 1)).unwrap();
    assert_eq!(bot.choose_seeing_all(&game), Some(first));
    let spec: BotSpec = "bestresponse".parse().unwrap();
    assert!(spec.sees_every_card());
    let mut built = spec.build(0, &mut memory);
    assert!(matches!(built, AnyBot::BestResponse(_)));
    assert_eq!(built.choose(&game), Some(first));
    assert_eq!(spec.to_string(), "bestresponse");
    assert!("bestresponse:depth=2".parse::<BotSpec>().is_err());
}

/// Against a player that is not greedy the plan is left at once; each decision solves
/// again from where the game is, every move is legal, and the last decision (the game's
/// last move) predicts the final margin.
#[test]
fn plays_on_when_the_game_leaves_the_plan() {
    let mut game = Game::from_seed(PlayerCount::TWO, 3);
    let mut memory = entries();
    let mut bot = BestResponseBot::new(&mut memory);
    let mut random = RandomBot::new(7);
    let mut predicted = Vec::new();
    while let Some(seat) = game.to_move() {
        let chosen: Move = if seat == 1 {
            let chosen = bot.choose_seeing_all(&game).unwrap();
            predicted.push(bot.predicted_margin().unwrap());
            chosen
        } else {
            random.choose(&game.view(seat).unwrap())
        };
        game.play(chosen).unwrap();
    }
    assert_eq!(predicted.last(), Some(&final_margin(&game, 1)));
    assert!(predicted.windows(2).any(|pair| pair[0] != pair[1]));
}

/// The search a decision on the plan makes: a move worth the position's value is found,
/// its value is that, and no move is worth one point more; for either seat to move (the
/// solver's values are seat 0's, negated for seat 1) and with three players.
#[test]
fn a_move_reaching_the_value_is_found_and_none_beyond() {
    for seed in 0..16u64 {
        let players = if seed % 4 == 3 { 3 } else { 2 };
        let game = greedy_for(players, seed, 28 + seed as usize);
        let seat = game.to_move().unwrap();
        let mut greedy = vec![true; players];
        greedy[seat] = false;
        let mut memory = entries();
        let mut solver = Solver::new(&mut memory);
        solver.set_greedy_seats(&greedy);
        let position = Position::<4>::from_game(&game).unwrap();
        let (_, value) = solver.best_move(&position).unwrap();
        let reaching = solver.move_reaching(&position, value).unwrap().unwrap();
        let mut value_of_reaching = None;
        solver
            .solve_all(&position, |played, margin| {
                if played == reaching {
                    value_of_reaching = Some(margin);
                }
            })
            .unwrap();
        assert_eq!(value_of_reaching, Some(value), "seed {seed}");
        assert_eq!(
            solver.move_reaching(&position, value + 1),
            Ok(None),
            "seed {seed}"
        );
    }
}

/// One bot asked for both seats of a game in turn (as a Python `Bot` may be) values each
/// seat's position as a bot of that seat alone does: a plan is for its seat only.
#[test]
fn one_bot_for_both_seats_values_each_as_its_own_bot() {
    let mut game = greedy_for(2, 4, 30);
    let mut shared_memory = entries();
    let mut shared = BestResponseBot::new(&mut shared_memory);
    let [mut first, mut second] = [entries(), entries()];
    let mut own = [
        BestResponseBot::new(&mut first),
        BestResponseBot::new(&mut second),
    ];
    while let Some(seat) = game.to_move() {
        let chosen = shared.choose_seeing_all(&game).unwrap();
        own[seat].choose_seeing_all(&game).unwrap();
        let plies = game.history().len();
        assert_eq!(
            shared.predicted_margin(),
            own[seat].predicted_margin(),
            "ply {plies}"
        );
        game.play(chosen).unwrap();
    }
}
