//! The searching bots play for their side: a position where the side's best move leaves a
//! capture to the partner, which a bot that took its partner for an opponent would not
//! make.

use tablic_core::analysis::{analyze_game, analyze_view, values_needed, EXACT_ENTRIES};
use tablic_core::bots::solver::{Entry, Position, Solver};
use tablic_core::bots::{
    best_greedy_move, BestResponseBot, BotSpec, ClairvoyantBot, Opponents, PimcBot, PimcOptions,
    BEST_RESPONSE_ENTRIES, SOLVER_ENTRIES,
};
use tablic_core::{Card, CardSet, Game, Move, PlayerCount, Rules};

/// The last round of four players in pairs (seats 0 and 2 against 1 and 3). Seat 0 holds
/// 2♣ and may take 2♠ with it; if it lets 2♣ go to the table, seat 1 cannot take
/// anything with A♥ and must lay it down, and the partner's 7♥ takes 4♦, 2♣ and A♥ (2♣
/// and the ace are a point each).
const LEAVE_IT_TO_THE_PARTNER: &str = "players=4 side-size=2 ply=44 turn=0 table=2S,4D,JH \
    hands=2C;AH;7H;7C \
    piles=2D,3S,4S,6S,9C,9S,10C,10D,10H,QH;AC,2H,4C,7D,10S,JS;\
    AD,3D,4H,5C,7S,8D,8H,9D,9H,JC,JD,QC,KC,KS;\
    AS,3C,3H,5D,5H,5S,6C,6D,6H,8C,8S,QD,QS,KD,KH \
    tablas=3,0,0,2 last=2 deck=-";

fn game(text: &str) -> Game {
    Game::from_position(&text.parse().unwrap())
}

/// The same cards with everyone alone.
fn everyone_alone() -> Game {
    game(&LEAVE_IT_TO_THE_PARTNER.replace(" side-size=2", ""))
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// Laying 2♣ down, for the partner.
fn lay_down() -> Move {
    Move::discard(card("2C"))
}

/// Taking 2♠ with 2♣.
fn take() -> Move {
    Move::new(card("2C"), CardSet::single(card("2S")))
}

/// Every root move's exact value for seat 0.
fn solved(game: &Game) -> Vec<(Move, i32)> {
    let mut entries = vec![Entry::EMPTY; 1 << 12];
    let mut values = Vec::new();
    Solver::new(&mut entries)
        .solve_all(&Position::<4>::from_game(game).unwrap(), |played, value| {
            values.push((played, value))
        })
        .unwrap();
    values
}

#[test]
fn the_solver_leaves_the_capture_to_the_partner() {
    // The side's margin: laying 2♣ down wins by 7 more than taking 2♠.
    assert_eq!(
        solved(&game(LEAVE_IT_TO_THE_PARTNER)),
        [(lay_down(), 10), (take(), 3)]
    );
    // Alone, seat 0's margin over the others (3 × over their mean): it takes 2♠.
    assert_eq!(solved(&everyone_alone()), [(lay_down(), 2), (take(), 6)]);
}

#[test]
fn the_clairvoyant_bot_leaves_the_capture_to_the_partner() {
    let mut entries = vec![Entry::EMPTY; SOLVER_ENTRIES];
    let chosen =
        ClairvoyantBot::new(&mut entries).choose_seeing_all(&game(LEAVE_IT_TO_THE_PARTNER));
    assert_eq!(chosen, Some(lay_down()));
}

/// The best reply to greedy players takes the partner for one too: its 7♥ makes the
/// greedy capture of 4♦, 2♣ and A♥, which is the side's gain.
#[test]
fn the_best_response_bot_leaves_the_capture_to_the_greedy_partner() {
    let mut entries = vec![Entry::EMPTY; BEST_RESPONSE_ENTRIES];
    let mut bot = BestResponseBot::new(&mut entries);
    let chosen = bot.choose_seeing_all(&game(LEAVE_IT_TO_THE_PARTNER));
    assert_eq!(chosen, Some(lay_down()));
    assert_eq!(bot.predicted_margin(), Some(10));
}

/// A partner seen to play greedy moves for a whole deal is still searched as playing the
/// side's best moves; an opponent seen so is taken to play greedy moves.
#[test]
fn only_opponents_are_taken_for_greedy_players() {
    let rules = Rules::PAIRS;
    let mut game = Game::from_seed_with_rules(PlayerCount::new(4).unwrap(), rules, 3).unwrap();
    // Greedy moves to the second deal's first move.
    while game.deals_dealt() < 2 || game.to_move() != Some(0) {
        let seat = game.to_move().unwrap();
        game.play(best_greedy_move(game.hand(seat), game.table()).unwrap())
            .unwrap();
    }
    let greedy = Opponents::observe(&game.view(0).unwrap()).greedy_seats();
    assert_eq!(greedy[..4], [false, true, false, true]);
}

/// Checks that each bot `names` names plays `expected` in `game`, with a few seeds.
fn every_bot_plays(names: &[&str], game: &Game, expected: Move) {
    for name in names {
        let spec: BotSpec = name.parse().unwrap();
        for seed in 0..3 {
            let mut memory = vec![Entry::EMPTY; spec.memory_entries()];
            let chosen = spec.build(seed, &mut memory).choose(game);
            assert_eq!(chosen, Some(expected), "{name}, seed {seed}");
        }
    }
}

#[test]
fn the_sampling_bots_leave_the_capture_to_the_partner() {
    every_bot_plays(
        &["pimc", "ismcts", "best"],
        &game(LEAVE_IT_TO_THE_PARTNER),
        lay_down(),
    );
}

#[test]
fn analyses_value_the_sides_margin() {
    let game = game(LEAVE_IT_TO_THE_PARTNER);
    let mut entries = vec![Entry::EMPTY; EXACT_ENTRIES];
    let exact = analyze_game(&game, None, &mut entries).unwrap();
    assert_eq!(exact.best().played(), lay_down());
    // A point of the side's margin over the other side's is a unit: two sides.
    assert_eq!(exact.best().units_per_point(), 1);
    assert_eq!(exact.best().mean_margin(), 10.0);
    // The line: 2♣ down, A♥ down, the partner's capture, 7♣ down.
    let line: Vec<String> = exact
        .line()
        .iter()
        .map(|played| played.to_string())
        .collect();
    assert_eq!(line, ["2C", "AH", "7H AH 2C 4D", "7C"]);

    let view = game.current_view().unwrap();
    let options = PimcOptions::default();
    let mut values = vec![0; values_needed(&view, &options)];
    let sampled = analyze_view(&view, &options, 7, &mut entries, &mut values).unwrap();
    assert_eq!(sampled.best().played(), lay_down());
    // The PIMC bot with the same seed weighs the same worlds alike.
    let evaluation = PimcBot::new(options, 7, &mut entries).evaluate(&view);
    assert_eq!(evaluation.best(), Some(lay_down()));
    let mean = sampled.best().mean_margin();
    assert_eq!(evaluation.mean_margin(lay_down()), Some(mean));
    assert!(mean > 0.0, "{mean}");
}

/// With `alone=1` a sampling bot plays for its own seat while seated in a pair: it takes
/// 2♠ as it would alone, where its side's best is to lay 2♣ down. The analysis and the
/// PIMC bot's evaluation with that option value the seat's own margin alike.
#[test]
fn the_sampling_bots_alone_take_for_themselves() {
    let game = game(LEAVE_IT_TO_THE_PARTNER);
    every_bot_plays(
        &["pimc:alone=1", "ismcts:alone=1", "best:alone=1"],
        &game,
        take(),
    );
    let view = game.current_view().unwrap();
    let options = PimcOptions {
        alone: true,
        ..PimcOptions::default()
    };
    let mut entries = vec![Entry::EMPTY; SOLVER_ENTRIES];
    let mut values = vec![0; values_needed(&view, &options)];
    let sampled = analyze_view(&view, &options, 7, &mut entries, &mut values).unwrap();
    assert_eq!(sampled.best().played(), take());
    let evaluation = PimcBot::new(options, 7, &mut entries).evaluate(&view);
    assert_eq!(evaluation.best(), Some(take()));
    assert_eq!(
        evaluation.mean_margin(take()),
        Some(sampled.best().mean_margin())
    );
}

/// The option reads back as written, and is refused where it means nothing.
#[test]
fn the_alone_option_reads_and_writes() {
    let spec: BotSpec = "best:alone=1".parse().unwrap();
    assert_eq!(
        spec.to_string(),
        "ismcts:iterations=2000,exploration=45,alone=1"
    );
    assert_eq!(spec.to_string().parse::<BotSpec>(), Ok(spec));
    let default: BotSpec = "best:alone=0".parse().unwrap();
    assert_eq!(default, "best".parse().unwrap());
    assert!("pimc:alone=2".parse::<BotSpec>().is_err());
    assert!("greedy:alone=1".parse::<BotSpec>().is_err());
}
