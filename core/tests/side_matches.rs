//! Matches between bots in sides: totals and margins by side, duplicated deals that swap
//! the sides, forfeits that lose the game for the whole side.

use tablic_core::bots::BotSpec;
use tablic_core::matches::tally::MatchTally;
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::{Forfeit, MatchPlan, Standing, FORFEIT_AWARD};
use tablic_core::{Game, Leftovers, Rules};

fn pairs_plan(duplicate: bool) -> MatchPlan {
    let bots = [
        BotSpec::Greedy,
        BotSpec::Random,
        BotSpec::Greedy,
        BotSpec::Random,
    ];
    MatchPlan::new(&bots, 5, duplicate)
        .unwrap()
        .with_rules(Rules::PAIRS)
        .unwrap()
}

#[test]
fn a_duplicated_deal_swaps_the_sides_and_keeps_partners_together() {
    let plan = pairs_plan(true);
    assert_eq!(plan.side_count(), 2);
    assert_eq!(
        plan.games_per_group(),
        2,
        "one game for each side of the deal"
    );
    for rotation in 0..2 {
        let outcome = plan
            .play_game(3, rotation, &mut DecisionTimer::untimed(), &mut [])
            .unwrap();
        let bots = outcome.bots();
        for (bot, game) in bots.iter().enumerate() {
            // Bot b sits at seat b + r, so it plays for side (b + r) mod 2.
            assert_eq!(game.seat, (bot + rotation) % 4);
        }
        // Partners share their side's total, standing and margin.
        for (a, b) in [(0, 2), (1, 3)] {
            assert_eq!(bots[a].total, bots[b].total);
            assert_eq!(bots[a].standing, bots[b].standing);
            assert_eq!(bots[a].scaled_margin, bots[b].scaled_margin);
        }
        // Two sides: the scaled margin is the side's total less the other's.
        let (greedy, random) = (bots[0].total as i64, bots[1].total as i64);
        assert_eq!(bots[0].scaled_margin, greedy - random);
        assert_eq!(outcome.margin(0), (greedy - random) as f64);
        assert_eq!(outcome.margin(1), (random - greedy) as f64);
        // The deals add up to the game's margin.
        assert_eq!(
            outcome.deal_margins(0).iter().sum::<i64>(),
            bots[0].scaled_margin
        );
        // The totals are the game's, replayed: the same deal, the same rules.
        let expected = if greedy > random {
            Standing::Win
        } else if greedy == random {
            Standing::Tie
        } else {
            Standing::Loss
        };
        assert_eq!(bots[0].standing, expected);
        let sides_total = bots[0].total + bots[1].total;
        assert!((22..=22 + 3 + 48).contains(&sides_total));
    }
}

#[test]
fn a_side_match_is_tallied_by_side() {
    let plan = pairs_plan(true);
    let mut tally = MatchTally::for_plan(&plan);
    plan.play_groups(0..20, &mut tally, &mut DecisionTimer::untimed(), &mut [])
        .unwrap();
    assert_eq!((tally.groups(), tally.games()), (20, 40));
    let summaries: Vec<_> = (0..4).map(|bot| tally.summary(bot)).collect();
    // Partners share their side's results; tablas are each bot's own.
    for (a, b) in [(0, 2), (1, 3)] {
        let (a, b) = (&summaries[a], &summaries[b]);
        assert_eq!(a.mean_points, b.mean_points);
        assert_eq!(a.mean_margin, b.mean_margin);
        assert_eq!(a.margin_variance, b.margin_variance);
        assert_eq!((a.wins, a.ties, a.losses), (b.wins, b.ties, b.losses));
        assert_eq!(a.most_cards_rate, b.most_cards_rate);
    }
    assert_eq!(summaries[0].mean_margin, -summaries[1].mean_margin);
    assert!(
        summaries[0].mean_margin > 5.0,
        "greedy pairs beat random pairs"
    );
    assert_eq!(summaries[0].wins, summaries[1].losses);
    // Every bot sat once on each side of every deal.
    assert_eq!(tally.bot(0).seats[..4], [20, 20, 0, 0]);
}

#[test]
fn a_forfeit_loses_the_game_for_the_whole_side() {
    for rotation in 0..2 {
        forfeit_of_bot_3(rotation);
    }
}

/// Bot 3 forfeits its first turn in rotation `rotation` of a duplicated pairs match.
fn forfeit_of_bot_3(rotation: usize) {
    let plan = pairs_plan(true);
    let mut turns = 0;
    let (outcome, _) = plan
        .play_game_with(
            0,
            rotation,
            &mut |bot, game: &Game| {
                turns += 1;
                if bot == 3 {
                    return Err(Forfeit::Timeout);
                }
                let mut first = None;
                game.for_each_legal_move(|legal| {
                    first.get_or_insert(legal);
                });
                Ok(first.unwrap())
            },
            &mut DecisionTimer::untimed(),
        )
        .unwrap();
    // Bot 3 sits at seat 3 + rotation.
    assert_eq!(turns, (3 + rotation) % 4 + 1);
    let bots = outcome.bots();
    assert_eq!([bots[1].total, bots[3].total], [0, 0]);
    assert_eq!([bots[0].total, bots[2].total], [FORFEIT_AWARD; 2]);
    assert!(bots[3].forfeited && !bots[1].forfeited);
    assert_eq!(bots[1].standing, Standing::Loss);
    assert_eq!(bots[0].scaled_margin, FORFEIT_AWARD as i64);
}

#[test]
fn house_rules_reach_every_game_of_a_match() {
    let bots = [BotSpec::Greedy, BotSpec::Greedy];
    let rules = Rules {
        leftovers: Leftovers::LastPlayer,
        ..Rules::ORIGINAL
    };
    let plan = MatchPlan::new(&bots, 9, false)
        .unwrap()
        .with_rules(rules)
        .unwrap();
    let (_, game) = plan
        .play_game_with(
            0,
            0,
            &mut |_, game: &Game| {
                let seat = game.to_move().unwrap();
                Ok(tablic_core::bots::best_greedy_move(game.hand(seat), game.table()).unwrap())
            },
            &mut DecisionTimer::untimed(),
        )
        .unwrap();
    assert_eq!(game.rules(), rules);
    assert!(game.is_finished());
    assert!(game
        .record()
        .to_string()
        .contains("\nrules leftovers=last-player\n"));
    // Pairs need a player count they divide.
    let three = MatchPlan::new(
        &[BotSpec::Greedy, BotSpec::Greedy, BotSpec::Greedy],
        1,
        false,
    )
    .unwrap();
    assert!(three.with_rules(Rules::PAIRS).is_err());
}

#[test]
fn a_tournament_plays_every_table_under_its_rules() {
    use tablic_core::matches::tournament::{Standings, TournamentPlan};
    let field = [
        BotSpec::Greedy,
        BotSpec::Random,
        BotSpec::Greedy,
        BotSpec::Random,
        BotSpec::Random,
    ];
    let plan = TournamentPlan::new(&field, 4, 2, true)
        .unwrap()
        .with_rules(Rules::PAIRS)
        .unwrap();
    let mut standings = Standings::for_plan(&plan);
    for table in plan.tables() {
        let matched = plan.match_plan(&table);
        assert_eq!(matched.rules(), Rules::PAIRS);
        assert_eq!(matched.games_per_group(), 2);
        let mut tally = MatchTally::for_plan(&matched);
        matched
            .play_groups(0..3, &mut tally, &mut DecisionTimer::untimed(), &mut [])
            .unwrap();
        standings.add(&table, &tally);
    }
    // Five tables of four, three deals each played on both sides: every entrant sits at
    // four of them.
    assert_eq!(standings.entrant(0).games, 4 * 3 * 2);
    // Margins are by side: the five entrants' means, weighted alike, add up to 0.
    let sum: f64 = (0..5)
        .map(|entrant| standings.summary(entrant).mean_margin)
        .sum();
    assert!(sum.abs() < 1e-9, "{sum}");
    let three = TournamentPlan::new(&field, 3, 2, false).unwrap();
    assert!(three.with_rules(Rules::PAIRS).is_err());
}
