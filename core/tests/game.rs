//! Whole games: the deal schedule, conservation of cards, scoring, and refused moves.

use proptest::prelude::*;
use tablic_core::bots::{play_out, Bot, RandomBot};
use tablic_core::{
    capture, Card, CardSet, Deck, DeckError, DeckOrigin, Game, IllegalMove, InvalidPlayerCount,
    Move, PlayerCount, MOVES_PER_GAME,
};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

/// Every card is in exactly one place: a hand, the table, a pile, or the undealt deck.
fn assert_conserved(game: &Game) {
    let players = game.players().get();
    let dealt: CardSet = game.deck().cards()[..52 - game.undealt()]
        .iter()
        .copied()
        .collect();
    let mut seen = game.table();
    let mut count = game.table().len();
    for seat in 0..players {
        for part in [game.hand(seat), game.pile(seat)] {
            assert!(seen.is_disjoint(part), "a card is in two places");
            seen |= part;
            count += part.len();
        }
    }
    assert_eq!(seen, dealt);
    assert_eq!(count + game.undealt(), 52);
}

fn random_game(players: PlayerCount, seed: u64) -> Game {
    let mut game = Game::from_seed(players, seed);
    let mut bots: Vec<RandomBot> = (0..players.get() as u64)
        .map(|seat| RandomBot::new(seed ^ seat << 32))
        .collect();
    while let Some(seat) = game.to_move() {
        let view = game.view(seat).unwrap();
        let chosen = bots[seat].choose(&view);
        game.play(chosen).unwrap();
        assert_conserved(&game);
    }
    game
}

#[test]
fn hand_sizes_follow_the_schedule() {
    let expected: [(usize, &[usize]); 9] = [
        (2, &[6, 6, 6, 6]),
        (3, &[6, 6, 4]),
        (4, &[6, 6]),
        (6, &[6, 2]),
        (8, &[6]),
        (12, &[4]),
        (16, &[3]),
        (24, &[2]),
        (48, &[1]),
    ];
    for (players, sizes) in expected {
        let players = PlayerCount::new(players).unwrap();
        assert_eq!(players.deals(), sizes.len());
        let mut game = Game::from_seed(players, 5);
        let mut seen = Vec::new();
        loop {
            if game.history().len() % players.get() == 0 && game.to_move() == Some(0) {
                let size = game.hand(0).len();
                if seen.len() < game.deals_dealt() {
                    for seat in 0..players.get() {
                        assert_eq!(game.hand(seat).len(), size, "equal hands");
                    }
                    seen.push(size);
                }
            }
            let Some(view) = game.current_view() else {
                break;
            };
            let first = view.hand().first().unwrap();
            game.play(Move::discard(first)).unwrap();
        }
        assert_eq!(seen, sizes, "{players} players");
    }
}

#[test]
fn invalid_player_counts_are_refused() {
    for count in [0, 1, 5, 7, 9, 10, 47, 49, 96] {
        assert_eq!(PlayerCount::new(count), Err(InvalidPlayerCount(count)));
    }
    assert_eq!(
        PlayerCount::new(5).unwrap_err().to_string(),
        "a game cannot have 5 players (use 2, 3, 4, 6, 8, 12, 16, 24 or 48)"
    );
}

#[test]
fn decks_must_hold_52_distinct_cards() {
    let mut cards: Vec<Card> = Deck::sorted().cards().to_vec();
    assert_eq!(
        Deck::from_cards(&cards[..51]),
        Err(DeckError::WrongLength(51))
    );
    cards[51] = cards[0];
    assert_eq!(
        Deck::from_cards(&cards),
        Err(DeckError::DuplicateCard(cards[0]))
    );
}

#[test]
fn seeded_deals_never_change() {
    // Fixed forever: a change here breaks every saved seed and record. The expected cards
    // were computed independently (a Python transcription of PCG32, Lemire and Fisher–Yates).
    let deck = Deck::from_seed(42);
    let top: Vec<String> = deck.cards()[..8].iter().map(Card::to_string).collect();
    assert_eq!(top, ["QH", "4S", "3D", "5D", "KC", "KH", "7S", "8S"]);
    let game = Game::from_seed(PlayerCount::TWO, 42);
    assert_eq!(game.table(), set("QH 4S 3D 5D"));
    assert_eq!(game.origin(), DeckOrigin::Seed(42));
}

#[test]
fn the_first_deal_goes_round_the_seats() {
    let order: Vec<Card> = Deck::sorted().cards().to_vec();
    let game = Game::from_deck(PlayerCount::TWO, Deck::from_cards(&order).unwrap());
    assert_eq!(game.table(), set("AC AD AH AS"));
    assert_eq!(game.hand(0), set("2C 2H 3C 3H 4C 4H"));
    assert_eq!(game.hand(1), set("2D 2S 3D 3S 4D 4S"));
    assert_eq!(game.to_move(), Some(0));
}

#[test]
fn illegal_moves_say_why_and_change_nothing() {
    let order: Vec<Card> = Deck::sorted().cards().to_vec();
    let mut game = Game::from_deck(PlayerCount::TWO, Deck::from_cards(&order).unwrap());
    let before = game.clone();
    let cases = [
        (
            Move::discard(card("2D")),
            IllegalMove::CardNotInHand(card("2D")),
        ),
        (
            Move::new(card("2C"), set("AC 5D")),
            IllegalMove::Capture(capture::CaptureError::NotOnTable(set("5D"))),
        ),
        (
            Move::new(card("2C"), set("AC")),
            IllegalMove::Capture(capture::CaptureError::CannotSplitIntoGroups),
        ),
    ];
    for (attempt, reason) in cases {
        assert_eq!(game.play(attempt), Err(reason));
        assert_eq!(game, before);
    }
    // 2 takes two aces (1 + 1); 4 takes all four (two pairs, or 1+1+1+1 — any split).
    assert!(game.check(Move::new(card("2C"), set("AC AD"))).is_ok());
    let played = game
        .play(Move::new(card("4C"), set("AC AD AH AS")))
        .unwrap();
    assert!(played.tabla);
    assert_eq!(game.tablas(0), 1);
    assert_eq!(game.last_capturer(), Some(0));
    assert_eq!(
        game.play(Move::new(card("2D"), set("AC"))),
        Err(IllegalMove::Capture(capture::CaptureError::NotOnTable(
            set("AC")
        )))
    );
}

#[test]
fn moves_after_the_end_are_refused() {
    let mut game = random_game(PlayerCount::TWO, 3);
    assert_eq!(
        game.play(Move::discard(card("AS"))),
        Err(IllegalMove::GameOver)
    );
    assert_eq!(game.history().len(), MOVES_PER_GAME);
}

#[test]
fn play_out_needs_one_bot_per_seat() {
    let mut game = Game::from_seed(PlayerCount::TWO, 1);
    let mut only = RandomBot::new(1);
    let mut bots: [&mut dyn Bot; 1] = [&mut only];
    assert!(play_out(&mut game, &mut bots).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn whole_games_conserve_cards_and_points(seed in any::<u64>(), which in 0usize..9) {
        let players = PlayerCount::ALL[which];
        let game = random_game(players, seed);
        prop_assert!(game.is_finished());
        prop_assert_eq!(game.table().len(), if game.last_capturer().is_some() { 0 } else { game.table().len() });
        let result = game.result().unwrap();
        let card_points: u32 = result.seats().iter().map(|s| s.card_points).sum();
        let tablas: u32 = result.seats().iter().map(|s| s.tablas).sum();
        let bonus = result.seats().iter().filter(|s| s.most_cards).count() as u32;
        prop_assert!(bonus <= 1);
        let total: u32 = (0..players.get()).map(|seat| result.total(seat)).sum();
        if game.last_capturer().is_some() {
            prop_assert_eq!(card_points, 22);
            prop_assert_eq!(total, 22 + tablas + 3 * bonus);
        }
        let most = result.seats().iter().map(|s| s.cards).max().unwrap();
        let holders = result.seats().iter().filter(|s| s.cards == most).count();
        prop_assert_eq!(bonus == 1, holders == 1);
    }

    #[test]
    fn generated_moves_are_exactly_the_legal_ones(seed in any::<u64>(), plies in 0usize..40, probe in any::<u64>()) {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        let mut bot = RandomBot::new(seed);
        for _ in 0..plies {
            let Some(view) = game.current_view() else { break };
            let chosen = bot.choose(&view);
            game.play(chosen).unwrap();
        }
        let Some(seat) = game.to_move() else { return Ok(()) };
        let mut legal = std::collections::BTreeSet::new();
        game.for_each_legal_move(|legal_move| { legal.insert(legal_move); });
        for legal_move in &legal {
            prop_assert!(game.check(*legal_move).is_ok());
        }
        // Random (card, capture) pairs: accepted exactly when generated.
        let mut rng = tablic_core::Pcg32::new(probe, 9);
        let table_cards: Vec<Card> = game.table().iter().collect();
        for _ in 0..64 {
            let card = Card::from_index(tablic_core::below(&mut rng, 52) as u8).unwrap();
            let mut capture = CardSet::EMPTY;
            for table_card in &table_cards {
                if tablic_core::below(&mut rng, 3) == 0 {
                    capture = capture.with(*table_card);
                }
            }
            let attempt = Move::new(card, capture);
            prop_assert_eq!(game.check(attempt).is_ok(), legal.contains(&attempt));
            if !game.hand(seat).contains(card) {
                prop_assert_eq!(game.check(attempt), Err(IllegalMove::CardNotInHand(card)));
            }
        }
    }
}

/// A view's history, walked back from the present, gives every move with its seat, its
/// deal and the table before it: exactly what playing the game forward saw, for every
/// player count; this deal's part is the moves since the last deal.
#[test]
fn views_walk_the_history_back_exactly() {
    for players in 2..=4 {
        let players = PlayerCount::new(players).unwrap();
        for seed in 0..10u64 {
            let mut game = Game::from_seed(players, seed);
            // (seat, deal, table before, move) as each move was made.
            let mut seen = Vec::new();
            while let Some(seat) = game.to_move() {
                let view = game.view(seat).unwrap();
                let mut walked: Vec<_> = view
                    .history_backwards()
                    .map(|past| (past.seat, past.deal, past.table_before, past.played))
                    .collect();
                walked.reverse();
                assert_eq!(walked, seen, "seed {seed}");
                let deal = view.deals_dealt() - 1;
                let this_deal = view.this_deal_backwards().count();
                let in_deal = seen.iter().filter(|entry| entry.1 == deal).count();
                assert_eq!(this_deal, in_deal, "seed {seed}");
                let mut first = None;
                game.for_each_legal_move(|legal| {
                    first.get_or_insert(legal);
                });
                let played = first.unwrap();
                seen.push((seat, deal, game.table(), played));
                game.play(played).unwrap();
            }
        }
    }
}

/// A game rewound to move k is the game as it stood after k moves: the positions met
/// playing forward, the same deck and origin, for every k.
#[test]
fn rewinding_gives_back_each_earlier_position() {
    for (players, seed) in [(PlayerCount::TWO, 3), (PlayerCount::new(3).unwrap(), 4)] {
        let mut positions = vec![Game::from_seed(players, seed)];
        let finished = random_game(players, seed);
        for &played in finished.history() {
            let mut next = positions.last().unwrap().clone();
            next.play(played).unwrap();
            positions.push(next);
        }
        assert_eq!(positions.last(), Some(&finished));
        for (moves, position) in positions.iter().enumerate() {
            assert_eq!(&finished.rewound(moves), position, "{moves} moves");
            assert_eq!(finished.rewound(moves).origin(), DeckOrigin::Seed(seed));
        }
        assert_eq!(finished.rewound(MOVES_PER_GAME + 1), finished);
    }
}

/// The last move and its outcome are what `play` returned when it was made, after every
/// move of random games for every player count (tablas, new deals and the end included),
/// and there is none before the first move.
#[test]
fn the_last_move_is_told_as_it_was_played() {
    for players in PlayerCount::ALL {
        for seed in 0..6u64 {
            let mut game = Game::from_seed(players, seed);
            assert_eq!(game.last_played(), None);
            let mut bots: Vec<RandomBot> = (0..players.get() as u64)
                .map(|seat| RandomBot::new(seed ^ seat << 32))
                .collect();
            let mut tablas = 0;
            while let Some(seat) = game.to_move() {
                let chosen = bots[seat].choose(&game.view(seat).unwrap());
                let outcome = game.play(chosen).unwrap();
                tablas += outcome.tabla as u32;
                assert_eq!(game.last_played(), Some((chosen, outcome)));
            }
            let result = game.result().unwrap();
            assert_eq!(
                result.seats().iter().map(|seat| seat.tablas).sum::<u32>(),
                tablas
            );
        }
    }
}

/// The score so far during play: each side's piles and tablas as they stand, the bonus
/// marked on the side alone with the most cards taken, and at the end the result itself.
#[test]
fn the_result_so_far_counts_the_piles_as_they_stand() {
    for players in PlayerCount::ALL {
        let mut game = Game::from_seed(players, 11);
        let mut bot = RandomBot::new(11);
        loop {
            let so_far = game.result_so_far();
            let sides = game.side_count();
            let mut cards = vec![0; sides];
            for seat in 0..players.get() {
                cards[game.side_of(seat)] += game.pile(seat).len() as u32;
            }
            let most = *cards.iter().max().unwrap();
            let alone = cards.iter().filter(|&&count| count == most).count() == 1;
            for (side, &taken) in cards.iter().enumerate() {
                let tally = so_far.side(side);
                assert_eq!(
                    tally.card_points + tally.tablas,
                    game.side_points_so_far(side)
                );
                assert_eq!(tally.cards, taken);
                assert_eq!(tally.most_cards, alone && taken == most);
            }
            let Some(seat) = game.to_move() else { break };
            game.play(bot.choose(&game.view(seat).unwrap())).unwrap();
        }
        assert_eq!(Some(game.result_so_far()), game.result());
    }
}
