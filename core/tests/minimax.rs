//! The minimax bot: legal and deterministic play, its guesses about hidden hands, exact
//! values where the answer is known, and its `BotSpec` syntax.

use proptest::prelude::*;
use tablic_core::bots::{
    equivalent_cards, probably_lacking, AnyBot, Bot, BotSpec, BotSpecError, GreedyBot, MinimaxBot,
    MinimaxOptions, RandomBot, Score,
};
use tablic_core::{Card, CardClass, CardSet, ClassSet, Deck, Game, Move, PlayerCount, Rank};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn classes(ranks: &[Rank]) -> ClassSet {
    ranks.iter().fold(ClassSet::EMPTY, |set, &rank| {
        set.union(ClassSet::single(CardClass::of_rank(rank)))
    })
}

fn minimax(depth: u8, nodes: u32) -> MinimaxBot<'static> {
    let options = MinimaxOptions {
        depth,
        nodes,
        ..MinimaxOptions::DEFAULT
    };
    MinimaxBot::new(options, 7)
}

/// A game dealt from these cards first (table, then hands pass by pass), the rest after.
fn stacked(players: usize, top: &str) -> Game {
    let mut cards: Vec<Card> = top.split_whitespace().map(card).collect();
    let rest: Vec<Card> = Deck::sorted()
        .cards()
        .iter()
        .copied()
        .filter(|c| !cards.contains(c))
        .collect();
    cards.extend(rest);
    Game::from_deck(
        PlayerCount::new(players).unwrap(),
        Deck::from_cards(&cards).unwrap(),
    )
}

fn play(game: &mut Game, text: &str) {
    let mut parts = text.splitn(2, ' ');
    let played = card(parts.next().unwrap());
    let capture: CardSet = parts.next().unwrap_or("").parse().unwrap_or_default();
    game.play(Move::new(played, capture)).unwrap();
}

/// Plays the seat to move with a greedy bot until `moves` moves have been made.
fn greedy_until(game: &mut Game, moves: usize, seed: u64) {
    let mut bot = GreedyBot::new(seed);
    while game.history().len() < moves {
        let view = game.current_view().unwrap();
        let chosen = bot.choose(&view);
        game.play(chosen).unwrap();
    }
}

// ---------------------------------------------------------------- guesses about hands

/// Table 5♥ 10♦ 3♣ 8♠; seat 0 holds 4♣ 6♣ 7♣ 9♣ J♣ Q♣, seat 1 2♥ 2♠ 6♥ 7♥ 9♥ K♥.
fn two_seat_deal() -> Game {
    stacked(2, "5H 10D 3C 8S  4C 2H 6C 2S 7C 6H 9C 7H JC 9H QC KH")
}

#[test]
fn a_discard_despite_a_capture_means_the_capturing_classes_are_missing() {
    let mut game = two_seat_deal();
    play(&mut game, "4C");
    let view = game.view(1).unwrap();
    // Every class that takes something from 5♥ 10♦ 3♣ 8♠ (A: 8+3, Q: 10+3 or 5+8); not the
    // 4 that was played, not the classes that take nothing, not 10♦ (it is on the table).
    let expected = classes(&[
        Rank::Ace,
        Rank::Three,
        Rank::Five,
        Rank::Eight,
        Rank::Ten,
        Rank::Queen,
    ]);
    assert_eq!(probably_lacking(&view, 0), expected);
    assert_eq!(
        probably_lacking(&view, 1),
        ClassSet::EMPTY,
        "no guesses about itself"
    );
}

#[test]
fn a_capture_worth_less_than_another_class_could_take_means_that_class_is_missing() {
    let mut game = two_seat_deal();
    // Seat 0 discards 9♣ (so a queen is guessed missing), then Q♣ takes 10♦ + 3♣ (3 points,
    // 2 cards) when a 10 would have taken 10♦ and 8♠ + 2♥ (3 points, 3 cards).
    play(&mut game, "9C");
    play(&mut game, "2H");
    play(&mut game, "QC 10D 3C");
    let lacking = probably_lacking(&game.view(1).unwrap(), 0);
    assert!(lacking.contains(CardClass::of_rank(Rank::Ten)));
    // The queen was guessed missing after the first discard, and then played.
    assert!(!lacking.contains(CardClass::of_rank(Rank::Queen)));
    assert!(!lacking.contains(CardClass::of_rank(Rank::Nine)));
}

#[test]
fn guesses_restart_at_each_deal_and_stop_in_the_last() {
    let mut game = two_seat_deal();
    play(&mut game, "4C");
    assert!(!probably_lacking(&game.view(1).unwrap(), 0).is_empty());
    greedy_until(&mut game, 12, 3);
    assert_eq!(game.deals_dealt(), 2);
    assert_eq!(probably_lacking(&game.view(1).unwrap(), 0), ClassSet::EMPTY);
    // From here on, at least one guess shows up again before the last deal.
    let mut guessed = false;
    while !game.view(1).unwrap().is_last_deal() {
        guessed |= !probably_lacking(&game.view(1).unwrap(), 0).is_empty();
        let next = game.history().len() + 1;
        greedy_until(&mut game, next, 3);
    }
    assert!(guessed);
    while !game.is_finished() {
        for seat in 0..2 {
            let view = game.view(seat).unwrap();
            assert_eq!(probably_lacking(&view, 1 - seat), ClassSet::EMPTY);
        }
        let next = game.history().len() + 1;
        greedy_until(&mut game, next, 3);
    }
}

// ---------------------------------------------------------------- exact values

/// The searching seat's score as the search defines it, from piles and tablas (and, once
/// the game is over, the real result).
fn score_now(game: &Game, me: usize) -> Score {
    let n = game.players().get() as i32;
    let (points, cards): (Vec<i32>, Vec<i32>) = match game.result() {
        Some(result) => result
            .seats()
            .iter()
            .map(|seat| (seat.total() as i32, seat.cards as i32))
            .unzip(),
        None => (0..game.players().get())
            .map(|seat| {
                let pile = game.pile(seat);
                (
                    (pile.points() + game.tablas(seat)) as i32,
                    pile.len() as i32,
                )
            })
            .unzip(),
    };
    let points = n * points[me] - points.iter().sum::<i32>();
    let cards = n * cards[me] - cards.iter().sum::<i32>();
    if game.is_finished() {
        Score::of_result(points, cards)
    } else {
        Score::estimate(points, cards)
    }
}

/// The perfect-information value of a two-player last deal, by brute force over every
/// legal move (every suit, every capture).
fn exact(game: &Game, me: usize) -> Score {
    if game.is_finished() {
        return score_now(game, me);
    }
    let maximizing = game.to_move() == Some(me);
    let mut best: Option<Score> = None;
    game.for_each_legal_move(|candidate| {
        let mut next = game.clone();
        next.play(candidate).unwrap();
        let value = exact(&next, me);
        best = Some(match best {
            None => value,
            Some(known) if maximizing => known.max(value),
            Some(known) => known.min(value),
        });
    });
    best.unwrap()
}

fn after(game: &Game, played: Move) -> Game {
    let mut next = game.clone();
    next.play(played).unwrap();
    next
}

#[test]
fn the_two_player_last_deal_is_solved_exactly_and_beats_greedy_somewhere() {
    let mut greedy_lost = 0;
    for seed in 0..30u64 {
        // 36 moves fill the first three deals; then 4 or 3 cards a hand are left.
        for moves in [40, 43] {
            let mut game = Game::from_seed(PlayerCount::TWO, seed);
            greedy_until(&mut game, moves, seed);
            let view = game.current_view().unwrap();
            let me = view.seat();
            assert!(view.is_last_deal());
            let decision = minimax(3, u32::MAX).decide(&view).unwrap();
            let best = exact(&game, me);
            let chosen = exact(&after(&game, decision.chosen), me);
            assert_eq!(chosen, best, "seed {seed}, move {moves}: not the best move");
            if let Some(score) = decision.score {
                assert_eq!(score, best, "seed {seed}, move {moves}: wrong value");
            }
            let greedy = GreedyBot::new(seed).choose(&view);
            greedy_lost += (exact(&after(&game, greedy), me) < best) as u32;
        }
    }
    assert!(
        greedy_lost > 0,
        "greedy was always optimal: the test shows nothing"
    );
}

#[test]
fn depth_one_with_no_reply_to_come_takes_the_best_immediate_score() {
    // Seat 1 moves last in its round: at depth 1 nothing answers its move before the leaf.
    for seed in 0..30u64 {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        greedy_until(&mut game, 1 + 2 * (seed as usize % 5), seed);
        let view = game.view(1).unwrap();
        let decision = minimax(1, u32::MAX).decide(&view).unwrap();
        let mut best: Option<Score> = None;
        game.for_each_legal_move(|candidate| {
            let value = score_now(&after(&game, candidate), 1);
            best = best.max(Some(value));
        });
        assert_eq!(
            score_now(&after(&game, decision.chosen), 1),
            best.unwrap(),
            "seed {seed}"
        );
        if let Some(score) = decision.score {
            assert_eq!(score, best.unwrap(), "seed {seed}");
        }
    }
}

// ---------------------------------------------------------------- legal and deterministic

fn play_checked(players: usize, seed: u64, nodes: u32, mix: u8) -> Vec<Move> {
    let count = PlayerCount::new(players).unwrap();
    let mut game = Game::from_seed(count, seed);
    let mut greedy = GreedyBot::new(seed);
    let mut random = RandomBot::new(seed);
    let mut searcher = MinimaxBot::new(
        MinimaxOptions {
            depth: 1 + (seed % 3) as u8,
            nodes,
            ..MinimaxOptions::DEFAULT
        },
        seed,
    );
    while let Some(view) = game.current_view() {
        let ours = searcher.choose(&view);
        assert_eq!(game.check(ours), Ok(()), "seed {seed}: {ours} is illegal");
        // Who actually plays: minimax, greedy or random, by the bits of `mix`.
        let chosen = match (mix >> (game.history().len() % 4 * 2)) & 3 {
            0 | 1 => ours,
            2 => greedy.choose(&view),
            _ => random.choose(&view),
        };
        game.play(chosen).unwrap();
    }
    game.history().to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_choice_is_legal(players in prop::sample::select(vec![2usize, 3, 4]),
                             seed in any::<u64>(), mix in any::<u8>(),
                             nodes in 1u32..1500) {
        play_checked(players, seed, nodes, mix);
    }
}

#[test]
fn every_choice_is_legal_for_other_player_counts_and_the_default_budget() {
    for players in [6, 8, 12] {
        play_checked(players, players as u64, 400, 0);
    }
    play_checked(2, 99, MinimaxOptions::DEFAULT.nodes, 0);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for seed in [1, 2] {
        assert_eq!(
            play_checked(3, seed, 800, 0x5A),
            play_checked(3, seed, 800, 0x5A)
        );
    }
}

#[test]
fn the_card_played_is_equivalent_to_the_one_chosen() {
    let mut game = Game::from_seed(PlayerCount::TWO, 5);
    let mut bot = minimax(3, 2000);
    while let Some(view) = game.current_view() {
        let decision = bot.decide(&view).unwrap();
        let played = bot.choose(&view);
        assert_eq!(played.capture, decision.chosen.capture);
        assert!(equivalent_cards(view.hand(), decision.chosen.card).contains(played.card));
        assert!(decision.nodes <= 2001);
        game.play(played).unwrap();
    }
}

// ---------------------------------------------------------------- BotSpec

#[test]
fn specs_parse_print_and_build() {
    let default = MinimaxOptions::DEFAULT;
    assert_eq!("minimax".parse::<BotSpec>(), Ok(BotSpec::Minimax(default)));
    assert_eq!(
        "minimax:depth=2".parse::<BotSpec>(),
        Ok(BotSpec::Minimax(MinimaxOptions {
            depth: 2,
            ..default
        }))
    );
    let full: BotSpec = " minimax: depth=3 , nodes=200000 ".parse().unwrap();
    assert_eq!(
        full,
        BotSpec::Minimax(MinimaxOptions {
            depth: 3,
            nodes: 200_000,
            ..default
        })
    );
    assert_eq!(full.to_string(), "minimax:depth=3,nodes=200000");
    assert_eq!(full.to_string().parse::<BotSpec>(), Ok(full));
    assert!(BotSpec::NAMES.contains(&"minimax"));
    assert!(
        matches!(full.build(1, &mut []), AnyBot::Minimax(bot) if bot.options().nodes == 200_000)
    );
}

#[test]
fn bad_minimax_options_say_what_is_wrong() {
    for (text, message) in [
        (
            "minimax:depth=0",
            "bad value in bot option \"depth=0\": expected a depth from 1 to 6",
        ),
        (
            "minimax:depth=seven",
            "bad value in bot option \"depth=seven\": expected a depth from 1 to 6",
        ),
        (
            "minimax:nodes=0",
            "bad value in bot option \"nodes=0\": expected a node budget from 1 to 4294967295",
        ),
        (
            "minimax:nodes=99999999999",
            "bad value in bot option \"nodes=99999999999\": expected a node budget from 1 to 4294967295",
        ),
        (
            "minimax:speed=3",
            if cfg!(feature = "solver") {
                "bad bot option \"speed=3\": minimax takes depth, nodes, exact or memory"
            } else {
                "bad bot option \"speed=3\": minimax takes depth or nodes"
            },
        ),
        (
            "minimax:depth=2,depth=3",
            "bad bot option \"depth=3\": given twice",
        ),
        ("minimax:depth", "bad bot option \"depth\": expected key=value"),
    ] {
        let error = text.parse::<BotSpec>().unwrap_err();
        assert!(matches!(
            error,
            BotSpecError::UnknownOption { .. }
                | BotSpecError::RepeatedOption(_)
                | BotSpecError::MalformedOption(_)
                | BotSpecError::BadValue { .. }
        ));
        assert_eq!(error.to_string(), message, "{text}");
    }
}
