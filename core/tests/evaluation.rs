//! The learned evaluation: its weights against the library that fitted them, what it sees
//! of a game, and the solver's searches that stop at a deal's end valued by it, against a
//! plain minimax over `Game` valued the same way.

use std::collections::HashMap;

use tablic_core::bots::evaluation::{Claim, DealEnd, DealEndError, FEATURES, SCALE};
use tablic_core::bots::solver::{Entry, Position, Solver, CUT_CARD, CUT_POINT};
use tablic_core::{CardSet, Game, Move};

mod common;
use common::{cards, field, mixed_for};

const VECTORS: &str = include_str!("data/evaluation-vectors.txt");

/// The deal end a vector's state describes.
fn deal_end(state: &str) -> DealEnd {
    let claim = match field(state, "claim") {
        "hero" => Claim::Hero,
        "other" => Claim::Other,
        _ => Claim::Nobody,
    };
    DealEnd::new(
        cards(field(state, "table")),
        cards(field(state, "future")),
        field(state, "lead").parse().unwrap(),
        claim,
        field(state, "leads") == "yes",
    )
    .unwrap()
}

#[test]
fn the_weights_give_what_the_training_library_computed() {
    let mut checked = 0;
    for line in VECTORS.lines().filter(|line| !line.starts_with('#')) {
        let mut parts = line.splitn(3, ' ');
        let exact: i32 = parts.next().unwrap().parse().unwrap();
        let float: f64 = parts.next().unwrap().parse().unwrap();
        let end = deal_end(parts.next().unwrap());
        // The integers are the trainer's own sum of the rounded weights: equal exactly.
        assert_eq!(end.rest_margin(), exact, "{line}");
        // Each weight was rounded by at most half a unit.
        let mut reach = 0.0;
        end.for_each_feature(|_, value| reach += 0.5 * f64::from(value.abs()));
        let scaled = float * f64::from(SCALE);
        assert!((f64::from(exact) - scaled).abs() <= reach + 1e-6, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 64);
}

#[test]
fn a_game_has_a_deal_end_for_each_seat_between_its_deals_only() {
    for seed in 0..20 {
        for plies in 0..=48 {
            let game = mixed_for(2, seed, plies);
            let ends = [DealEnd::of_game(&game, 0), DealEnd::of_game(&game, 1)];
            if plies % 12 != 0 || plies == 0 || plies == 48 {
                assert_eq!(ends, [None, None], "seed {seed}, {plies} plies");
                continue;
            }
            let [Some(first), Some(second)] = ends else {
                panic!("seed {seed}: no deal end after {plies} plies");
            };
            let piles = game.pile(0) | game.pile(1);
            assert_eq!(first.table(), game.table());
            assert_eq!(first.future(), CardSet::FULL - piles - game.table());
            assert_eq!(first.future().len(), 48 - plies);
            assert_eq!(first.deals_left(), (48 - plies) / 12);
            let lead = game.pile(0).len() as i32 - game.pile(1).len() as i32;
            assert_eq!((first.lead(), second.lead()), (lead, -lead));
            assert_eq!((first.hero_leads(), second.hero_leads()), (true, false));
            let claims = match game.last_capturer() {
                None => (Claim::Nobody, Claim::Nobody),
                Some(0) => (Claim::Hero, Claim::Other),
                Some(_) => (Claim::Other, Claim::Hero),
            };
            assert_eq!((first.claim(), second.claim()), claims);
            let mut last = None;
            first.for_each_feature(|index, value| {
                assert!(index < FEATURES && value != 0);
                assert!(last.is_none_or(|last| last < index), "indices ascend");
                last = Some(index);
            });
        }
    }
}

#[test]
fn parts_no_game_reaches_are_refused() {
    let future: CardSet = "AC AD AS AH 2C 2D 2S 2H 3C 3D 3S 3H".parse().unwrap();
    let table: CardSet = "KH".parse().unwrap();
    let ok = DealEnd::new(table, future, 1, Claim::Hero, true);
    assert_eq!(ok.map(|end| end.deals_left()), Ok(1));
    let short = future - "3H".parse().unwrap();
    assert_eq!(
        DealEnd::new(table, short, 1, Claim::Hero, true),
        Err(DealEndError::NotBetweenDeals)
    );
    assert_eq!(
        DealEnd::new(future, future, 0, Claim::Hero, true),
        Err(DealEndError::NotBetweenDeals)
    );
    assert_eq!(
        DealEnd::new(CardSet::EMPTY, CardSet::FULL, 0, Claim::Nobody, true),
        Err(DealEndError::NotBetweenDeals)
    );
    // 39 cards captured: a lead of 40 is too many, an even lead impossible.
    assert_eq!(
        DealEnd::new(table, future, 40, Claim::Hero, true),
        Err(DealEndError::BadLead)
    );
    assert_eq!(
        DealEnd::new(table, future, 2, Claim::Hero, true),
        Err(DealEndError::BadLead)
    );
    assert_eq!(
        DealEndError::BadLead.to_string(),
        "the lead in captured cards is more than the piles hold"
    );
}

/// The value at a learned cut, computed from the game itself: the margin in points and
/// tablas in [`CUT_POINT`]s and the evaluation's rest margin rounded to [`CUT_POINT`]s
/// (no [`CUT_CARD`]s for the lead: the evaluation values it).
fn learned_cut_value(game: &Game, hero: usize) -> i32 {
    let end = DealEnd::of_game(game, hero).unwrap();
    let points = game.points_so_far(hero) as i32 - game.points_so_far(1 - hero) as i32;
    let rest = (CUT_POINT * end.rest_margin() + SCALE / 2).div_euclid(SCALE);
    assert_eq!(CUT_CARD, 1, "the cut counts cards");
    CUT_POINT * points + rest
}

/// Plain minimax over `Game` to the end of the current deal, valued there by
/// [`learned_cut_value`].
fn brute_force_to_deal_end(game: &Game, root: usize, deal_plies: usize) -> i32 {
    if game.history().len() == deal_plies {
        return learned_cut_value(game, root);
    }
    let seat = game.to_move().unwrap();
    let mut values = Vec::new();
    game.for_each_legal_move(|legal| {
        let mut child = game.clone();
        child.play(legal).unwrap();
        values.push(brute_force_to_deal_end(&child, root, deal_plies));
    });
    let best = if seat == root {
        values.iter().max()
    } else {
        values.iter().min()
    };
    *best.unwrap()
}

#[test]
fn a_learned_cut_is_solved_as_minimax_over_the_game_values_it() {
    let mut compared = 0;
    for seed in 0..40 {
        // 3 to 7 moves before the end of the first, second or third deal.
        let deal_plies = 12 * (1 + seed as usize % 3);
        let plies = deal_plies - 3 - seed as usize % 5;
        let game = mixed_for(2, seed, plies);
        let root = game.to_move().unwrap();
        let mut expected = HashMap::new();
        game.for_each_legal_move(|legal| {
            let mut child = game.clone();
            child.play(legal).unwrap();
            expected.insert(legal, brute_force_to_deal_end(&child, root, deal_plies));
        });
        let position = Position::<2>::from_game(&game)
            .unwrap()
            .cut_at_deal_end()
            .with_learned_horizon();
        for entries in [0, 1 << 10] {
            let mut table = vec![Entry::EMPTY; entries];
            let mut solver = Solver::new(&mut table);
            let mut solved: HashMap<Move, i32> = HashMap::new();
            solver
                .solve_all(&position, |played, value| {
                    solved.insert(played, value);
                })
                .unwrap();
            assert_eq!(solved, expected, "seed {seed}, {entries} entries");
        }
        compared += expected.len();
    }
    assert!(compared > 100, "{compared} root moves");
}

#[test]
fn only_a_cut_at_a_deal_end_before_the_last_deal_is_learned() {
    let game = mixed_for(2, 3, 40);
    let position = Position::<2>::from_game(&game).unwrap();
    // In the last deal the cut has nothing after it: the learned horizon changes nothing.
    assert_eq!(
        position.cut_at_deal_end().with_learned_horizon(),
        position.cut_at_deal_end()
    );
    // Nor does it anything but a cut at a deal's end.
    let early = Position::<2>::from_game(&mixed_for(2, 3, 14)).unwrap();
    assert_eq!(early.with_learned_horizon(), early);
    assert_eq!(
        early.cut_after(4).with_learned_horizon(),
        early.cut_after(4)
    );
    assert_ne!(
        early.cut_at_deal_end().with_learned_horizon(),
        early.cut_at_deal_end()
    );
}
