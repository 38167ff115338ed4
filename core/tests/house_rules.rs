//! Sides and the house rules, by worked examples: games from positions one move from the
//! end, whose scores are counted by hand, under each rule.

use tablic_core::{
    CardSet, FinalTabla, Game, Leftovers, Move, PlayerCount, Position, PositionError, Rules,
    RulesError,
};

/// Seat 1's pile: every ace and face card, 2♣, every 10, and three 3s: 24 cards, all 22
/// points of the deck.
const RICH_PILE: &str =
    "AC,AD,AH,AS,JC,JD,JH,JS,QC,QD,QH,QS,KC,KD,KH,KS,2C,10C,10D,10H,10S,3C,3D,3H";
/// Seat 0's pile: the 26 other cards but 5♣ and 5♦, none worth a point.
const POOR_PILE: &str =
    "2D,2H,2S,3S,4C,4D,4H,4S,5H,5S,6C,6D,6H,6S,7C,7D,7H,7S,8C,8D,8H,8S,9C,9D,9H,9S";

/// Two players, the last move of the game to come: seat 1 holds 5♦, 5♣ lies on the table,
/// and seat 0 captured last.
fn last_move(rules: &str) -> Game {
    let text = format!(
        "players=2 {rules} ply=47 table=5C hands=-;5D piles={POOR_PILE};{RICH_PILE} \
         tablas=0,0 last=0 deck=-"
    );
    let position: Position = text.parse().unwrap();
    Game::from_position(&position)
}

fn card(text: &str) -> tablic_core::Card {
    text.parse().unwrap()
}

fn totals(game: &Game) -> [u32; 2] {
    let result = game.result().unwrap();
    [result.total(0), result.total(1)]
}

#[test]
fn a_tabla_on_the_last_move_counts_by_default() {
    let mut game = last_move("");
    let played = game
        .play(Move::new(card("5D"), CardSet::EMPTY.with(card("5C"))))
        .unwrap();
    assert!(played.tabla && played.finished);
    // 26 cards each: no bonus. Seat 1: 22 points and the tabla.
    assert_eq!(totals(&game), [0, 23]);
    assert_eq!(game.tablas(1), 1);
}

#[test]
fn a_tabla_on_the_last_move_scores_nothing_when_the_switch_says_so() {
    let mut game = last_move("final-tabla=no");
    assert_eq!(game.rules().final_tabla, FinalTabla::DoesNotCount);
    let played = game
        .play(Move::new(card("5D"), CardSet::EMPTY.with(card("5C"))))
        .unwrap();
    assert!(!played.tabla && played.finished);
    // Told again after the end, from the position the game started at.
    let last = game.last_played().unwrap();
    assert_eq!(
        last,
        (
            Move::new(card("5D"), CardSet::EMPTY.with(card("5C"))),
            played
        )
    );
    assert_eq!(totals(&game), [0, 22]);
    assert_eq!(game.tablas(1), 0);
}

#[test]
fn a_tabla_before_the_last_move_counts_under_either_switch() {
    // Seat 0 sweeps at ply 46, with seat 1's last card still to come.
    let text = "players=2 final-tabla=no ply=46 table=5C hands=5S;5D \
        piles=2D,2H,2S,3S,4C,4D,4H,4S,5H,6C,6D,6H,6S,7C,7D,7H,7S,8C,8D,8H,8S,9C,9D,9H,9S;\
        AC,AD,AH,AS,JC,JD,JH,JS,QC,QD,QH,QS,KC,KD,KH,KS,2C,10C,10D,10H,10S,3C,3D,3H \
        tablas=0,0 last=1 deck=-";
    let mut game = Game::from_position(&text.parse().unwrap());
    let played = game
        .play(Move::new(card("5S"), CardSet::EMPTY.with(card("5C"))))
        .unwrap();
    assert!(played.tabla && !played.finished);
    assert_eq!(game.tablas(0), 1);
}

#[test]
fn the_last_cards_go_to_the_last_capturer_by_default() {
    let mut game = last_move("");
    game.play(Move::discard(card("5D"))).unwrap();
    // Seat 0 captured last: it takes 5♣ and 5♦, 28 cards to 24, and the +3.
    assert_eq!(game.pile(0).len(), 28);
    assert_eq!(totals(&game), [3, 22]);
}

#[test]
fn the_last_cards_go_to_the_last_player_when_the_switch_says_so() {
    let mut game = last_move("leftovers=last-player");
    assert_eq!(game.rules().leftovers, Leftovers::LastPlayer);
    game.play(Move::discard(card("5D"))).unwrap();
    // Seat 1 played last: 26 cards each, no bonus.
    assert_eq!(game.pile(1).len(), 26);
    assert_eq!(game.table(), CardSet::EMPTY);
    assert_eq!(totals(&game), [0, 22]);
}

#[test]
fn the_last_player_takes_the_table_even_when_nobody_ever_captured() {
    // Nothing but discards: every card ends on the table.
    let players = PlayerCount::new(4).unwrap();
    let rules = Rules {
        leftovers: Leftovers::LastPlayer,
        ..Rules::PAIRS
    };
    let mut game = Game::from_seed_with_rules(players, rules, 8).unwrap();
    let mut original = Game::from_seed_with_rules(players, Rules::PAIRS, 8).unwrap();
    while let Some(seat) = game.to_move() {
        let discard = Move::discard(game.hand(seat).first().unwrap());
        game.play(discard).unwrap();
        original.play(discard).unwrap();
    }
    assert_eq!(game.last_capturer(), None);
    assert_eq!(game.pile(3), CardSet::FULL, "seat 3 plays the last card");
    // Under the original rule nobody takes the table.
    assert_eq!(original.table(), CardSet::FULL);
    let result = game.result().unwrap();
    assert_eq!(result.side_total(1), 22 + 3);
    assert_eq!(result.side_total(0), 0);
    assert_eq!(result.winner(), Some(1));
    assert_eq!(original.result().unwrap().leaders(), 0b11, "0 to 0");
    // Its position at the end reads back: the last player's pile holds cards it never
    // captured.
    let end = Position::of_game(&game).without_moves();
    assert_eq!(end.to_string().parse::<Position>(), Ok(end.clone()));
}

#[test]
fn sides_pool_their_piles_and_a_tie_for_most_cards_gives_no_bonus() {
    // Four players, the last move: seat 3 sweeps 5♣ with 5♦. Seats 0 and 2 then hold 13
    // cards each, seat 1 10 and seat 3 16: seat 3 alone has the most cards, but the pairs
    // tie at 26.
    let piles = "AC,AD,AH,AS,2D,2H,2S,3S,4C,4D,4H,4S,6C;\
        JC,JD,JH,JS,10C,10H,6D,6H,6S,7C;\
        QC,QD,QH,QS,2C,10D,7D,7H,7S,8C,8D,8H,8S;\
        KC,KD,KH,KS,10S,9C,9D,9H,9S,3C,3D,3H,5H,5S";
    let end = |rules: &str| {
        let text = format!(
            "players=4 {rules} ply=47 table=5C hands=-;-;-;5D piles={piles} tablas=0,0,0,0 \
             last=2 deck=-"
        );
        let mut game = Game::from_position(&text.parse().unwrap());
        game.play(Move::new(card("5D"), CardSet::EMPTY.with(card("5C"))))
            .unwrap();
        game.result().unwrap()
    };
    let pairs = end("side-size=2");
    // Pair 0+2: aces 4, queens 4, 2♣ 1 and 10♦ 2: 11. Pair 1+3: jacks 4, 10♣ and 10♥ 2,
    // kings 4, 10♠ 1 and the tabla: 12. No bonus.
    assert_eq!(pairs.side(0).cards, 26);
    assert_eq!(pairs.side(1).cards, 26);
    assert_eq!([pairs.side_total(0), pairs.side_total(1)], [11, 12]);
    assert!(!pairs.side(0).most_cards && !pairs.side(1).most_cards);
    assert_eq!(pairs.winner(), Some(1));
    // Each seat's share: its own pile's points and tablas.
    let shares: Vec<u32> = (0..4).map(|seat| pairs.total(seat)).collect();
    assert_eq!(shares, [4, 6, 7, 6]);
    // Everyone alone, seat 3 has strictly the most cards: 5 + the tabla + 3.
    let alone = end("");
    let totals: Vec<u32> = (0..4).map(|seat| alone.total(seat)).collect();
    assert_eq!(totals, [4, 6, 7, 9]);
    assert_eq!(alone.winner(), Some(3));
}

#[test]
fn sides_pool_their_seats_over_a_whole_game() {
    let players = PlayerCount::new(4).unwrap();
    let mut game = Game::from_seed_with_rules(players, Rules::PAIRS, 1).unwrap();
    let mut alone = Game::from_seed(players, 1);
    play_same_first_moves(&mut game, &mut alone);
    let result = game.result().unwrap();
    assert_eq!(result.side_count(), 2);
    let side_cards = [0, 1].map(|side| result.side(side).cards);
    let seat_cards: [u32; 4] = core::array::from_fn(|seat| result.seats()[seat].cards);
    assert_eq!(
        side_cards,
        [seat_cards[0] + seat_cards[2], seat_cards[1] + seat_cards[3]]
    );
    for side in 0..2 {
        let part = result.side(side);
        let pooled = |count: fn(&tablic_core::SeatResult) -> u32| {
            count(&result.seats()[side]) + count(&result.seats()[side + 2])
        };
        assert_eq!(part.card_points, pooled(|seat| seat.card_points));
        assert_eq!(part.tablas, pooled(|seat| seat.tablas));
        assert_eq!(part.most_cards, side_cards[side] > side_cards[1 - side]);
    }
    assert!(result.seats().iter().all(|seat| !seat.most_cards));
    // The same game everyone alone: the piles are the same, the scores are not pooled.
    let solo = alone.result().unwrap();
    assert_eq!(solo.side_count(), 4);
    let solo_cards: Vec<u32> = solo.seats().iter().map(|seat| seat.cards).collect();
    assert_eq!(solo_cards, seat_cards);
}

/// Plays the first legal move in both games, which deal the same cards.
fn play_same_first_moves(game: &mut Game, other: &mut Game) {
    while !game.is_finished() {
        let mut first = None;
        game.for_each_legal_move(|legal| {
            first.get_or_insert(legal);
        });
        let chosen = first.unwrap();
        game.play(chosen).unwrap();
        other.play(chosen).unwrap();
    }
}

#[test]
fn rules_travel_with_positions_and_records() {
    let players = PlayerCount::new(6).unwrap();
    let rules = Rules {
        side_size: 3,
        leftovers: Leftovers::LastPlayer,
        final_tabla: FinalTabla::DoesNotCount,
    };
    let mut game = Game::from_seed_with_rules(players, rules, 77).unwrap();
    let mut alone = Game::from_seed(players, 77);
    play_same_first_moves(&mut game, &mut alone);
    let record = game.record().to_string();
    assert!(record.starts_with(
        "tablic-record 1\nplayers 6\nrules side-size=3 leftovers=last-player final-tabla=no\nseed 77\n"
    ));
    // The result line gives the two sides' totals.
    let result = game.result().unwrap();
    let last = record.lines().last().unwrap();
    assert_eq!(
        last,
        format!("result {} {}", result.side_total(0), result.side_total(1))
    );
    assert_eq!(Game::from_record(&record), Ok(game.clone()));
    // An original game's record has no rules line, as before.
    assert!(!alone.record().to_string().contains("rules"));

    let middle = game.rewound(20);
    let position = Position::of_game(&middle);
    let text = position.to_string();
    assert!(text.starts_with("players=6 side-size=3 leftovers=last-player final-tabla=no ply=20 "));
    let read: Position = text.parse().unwrap();
    assert_eq!(read.rules(), rules);
    let replayed = Game::from_position(&read);
    assert_eq!(replayed.rules(), rules);
    assert_eq!(Position::of_game(&replayed), position);
    let view = middle.current_view().unwrap();
    assert_eq!(view.rules(), rules);
    assert!(view.is_on_my_side((view.seat() + 2) % 6));
    assert!(!view.is_on_my_side((view.seat() + 1) % 6));
    let seat_text = Position::of_view(&view).to_string();
    assert!(seat_text.contains(" side-size=3 "));
}

#[test]
fn rules_the_players_cannot_sit_in_are_refused_everywhere() {
    let three = PlayerCount::new(3).unwrap();
    assert_eq!(
        Game::from_seed_with_rules(three, Rules::PAIRS, 1).map(|_| ()),
        Err(RulesError::UnevenSides {
            players: three,
            side_size: 2
        })
    );
    let error = "players=3 side-size=2 ply=0 table=2C,3C,4C,5C hands=6C,7C,8C,9C,10C,JC;\
        QC,KC,AC,2D,3D,4D;5D,6D,7D,8D,9D,10D piles=-;-;- tablas=0,0,0 last=- \
        deck=JD,QD,KD,AD,2H,3H,4H,5H,6H,7H,8H,9H,10H,JH,QH,KH,AH,2S,3S,4S,5S,6S,7S,8S,9S,10S,JS,QS,KS,AS"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(
        error,
        PositionError::Rules(RulesError::UnevenSides {
            players: three,
            side_size: 2
        })
    );
    let record = "tablic-record 1\nplayers 2\nrules side-size=2\nseed 1\n";
    assert_eq!(
        Game::from_record(record).unwrap_err().to_string(),
        "line 3: rules: sides of 2 leave 2 players on one side, with nobody to play against"
    );
    let record = "tablic-record 1\nplayers 2\nrules leftovers=dealer\nseed 1\n";
    assert_eq!(
        Game::from_record(record).unwrap_err().to_string(),
        "line 3: rules: leftovers=\"dealer\": expected last-capturer or last-player"
    );
}
