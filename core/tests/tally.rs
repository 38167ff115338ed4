//! Tallies of real matches: rebuilt from their parts, merged from pieces, and their margin
//! statistics recomputed from the games themselves.

use std::ops::Range;

use tablic_core::bots::BotSpec;
use tablic_core::matches::tally::{BotTally, MarginTally, MatchTally};
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::{Forfeit, MatchPlan};
use tablic_core::Game;

fn played(plan: &MatchPlan, groups: Range<u64>) -> MatchTally {
    let mut tally = MatchTally::for_plan(plan);
    plan.play_groups(groups, &mut tally, &mut DecisionTimer::untimed(), &mut [])
        .unwrap();
    tally
}

#[test]
fn a_tally_rebuilt_from_its_parts_is_the_same() {
    let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 5, true).unwrap();
    let tally = played(&plan, 0..6);
    let by_deal: Vec<MarginTally> = (0..2).flat_map(|bot| tally.by_deal(bot).to_vec()).collect();
    assert_eq!(by_deal.len(), 8);
    let rebuilt = |bots: &[BotTally], by_deal: &[MarginTally]| {
        MatchTally::from_whole_groups(plan.players(), 2, 2, tally.groups(), bots, by_deal)
    };
    assert_eq!(rebuilt(tally.bots(), &by_deal), Some(tally));
    assert_eq!(rebuilt(&tally.bots()[..1], &by_deal), None);
    assert_eq!(rebuilt(tally.bots(), &by_deal[..7]), None);
}

#[test]
fn merged_pieces_equal_the_whole() {
    let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 3, true).unwrap();
    let whole = played(&plan, 0..30);
    let mut pieces = played(&plan, 0..7);
    pieces.merge(&played(&plan, 7..8));
    pieces.merge(&played(&plan, 8..30));
    assert_eq!(pieces, whole);
    assert_eq!((whole.games(), whole.groups()), (60, 30));
    for bot in whole.bots() {
        assert_eq!(bot.seats[..2], [30, 30]);
        assert_eq!(bot.wins + bot.ties + bot.losses, 60);
    }
    // Two players: one's margin is the other's loss.
    let (first, second) = (whole.summary(0), whole.summary(1));
    assert_eq!(first.mean_margin, -second.mean_margin);
    assert_eq!(first.margin_variance, second.margin_variance);
}

#[test]
fn margin_statistics_are_over_groups() {
    let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 11, true).unwrap();
    let tally = played(&plan, 0..40);
    // Recompute each group's mean margin from the games themselves.
    let mut samples = [0.0f64; 40];
    let mut points = 0u64;
    for (group, sample) in samples.iter_mut().enumerate() {
        for rotation in 0..2 {
            let game = plan
                .play_game(
                    group as u64,
                    rotation,
                    &mut DecisionTimer::untimed(),
                    &mut [],
                )
                .unwrap();
            *sample += game.margin(0) / 2.0;
            points += game.bots()[0].total as u64;
        }
    }
    let mean = samples.iter().sum::<f64>() / 40.0;
    let variance = samples.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / 39.0;
    let summary = tally.summary(0);
    assert!((summary.mean_margin - mean).abs() < 1e-12);
    assert!((summary.margin_variance - variance).abs() < 1e-9);
    assert!((summary.margin_error_variance - variance / 40.0).abs() < 1e-9);
    assert_eq!(summary.mean_points, points as f64 / 80.0);
}

#[test]
fn forfeits_are_counted_merged_and_summarised() {
    let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 9, true).unwrap();
    let mut whole = MatchTally::for_plan(&plan);
    let mut pieces = [MatchTally::for_plan(&plan), MatchTally::for_plan(&plan)];
    for group in 0..6u64 {
        for rotation in 0..2 {
            let mut bots = plan.bots_for(group, rotation, &mut []);
            // Bot 1 forfeits its third decision in even groups.
            let mut asked = 0;
            let mut choose = |bot: usize, game: &Game| {
                if bot == 1 {
                    asked += 1;
                    if group % 2 == 0 && asked == 3 {
                        return Err(Forfeit::Timeout);
                    }
                }
                Ok(bots[bot].choose(game).unwrap())
            };
            let (outcome, _) = plan
                .play_game_with(group, rotation, &mut choose, &mut DecisionTimer::untimed())
                .unwrap();
            whole.add(&outcome);
            pieces[(group / 3) as usize].add(&outcome);
        }
    }
    let [mut first, second] = pieces;
    first.merge(&second);
    assert_eq!(first, whole);
    let (winner, loser) = (whole.summary(0), whole.summary(1));
    assert_eq!((winner.forfeits, loser.forfeits), (0, 6));
    assert_eq!(whole.bot(1).forfeits, 6);
    assert!(loser.losses >= 6);
    assert_eq!(winner.games, 12);
    assert_eq!(BotTally::EMPTY.forfeits, 0);
}

#[test]
fn an_unfinished_group_is_not_a_sample() {
    let plan = MatchPlan::new(&[BotSpec::Random; 3], 5, true).unwrap();
    let mut tally = MatchTally::for_plan(&plan);
    tally.add(
        &plan
            .play_game(0, 0, &mut DecisionTimer::untimed(), &mut [])
            .unwrap(),
    );
    assert_eq!((tally.games(), tally.groups()), (1, 0));
    assert_eq!(tally.summary(0).margin_variance, 0.0);
    let mut rest = MatchTally::for_plan(&plan);
    rest.add(
        &plan
            .play_game(0, 1, &mut DecisionTimer::untimed(), &mut [])
            .unwrap(),
    );
    rest.add(
        &plan
            .play_game(0, 2, &mut DecisionTimer::untimed(), &mut [])
            .unwrap(),
    );
    tally.merge(&rest);
    assert_eq!(tally, played(&plan, 0..1));
}

#[test]
fn deal_margins_add_up_and_merge_exactly() {
    for bots in [
        &[BotSpec::Greedy, BotSpec::Random][..],
        &[BotSpec::Greedy, BotSpec::Random, BotSpec::Random],
        &[
            BotSpec::Greedy,
            BotSpec::Random,
            BotSpec::Greedy,
            BotSpec::Random,
        ],
    ] {
        let plan = MatchPlan::new(bots, 21, true).unwrap();
        let whole = played(&plan, 0..20);
        let mut merged = played(&plan, 0..3);
        // A piece that ends inside a group, and one that holds the rest of that group.
        let mut rest = MatchTally::for_plan(&plan);
        for rotation in 0..bots.len() {
            let game = plan
                .play_game(3, rotation, &mut DecisionTimer::untimed(), &mut [])
                .unwrap();
            match rotation {
                0 => merged.add(&game),
                _ => rest.add(&game),
            }
        }
        assert_eq!(merged.groups(), 3);
        merged.merge(&rest);
        merged.merge(&played(&plan, 4..11));
        merged.merge(&played(&plan, 11..20));
        assert_eq!(merged, whole);
        assert_eq!(whole.deals(), plan.players().deals());
        for bot in 0..bots.len() {
            let by_deal = whole.by_deal(bot);
            assert_eq!(by_deal.len(), whole.deals());
            let sum = |part: fn(&MarginTally) -> i128| by_deal.iter().map(part).sum::<i128>();
            let margin = &whole.bot(bot).margin;
            assert_eq!(
                sum(|deal| deal.scaled_margin.into()),
                margin.scaled_margin.into()
            );
            assert_eq!(
                sum(|deal| deal.group_margin.into()),
                margin.group_margin.into()
            );
            let means: f64 = (0..whole.deals())
                .map(|deal| whole.deal_summary(bot, deal).mean)
                .sum();
            assert!((means - whole.summary(bot).mean_margin).abs() < 1e-9);
        }
        assert_eq!(whole.by_deal(bots.len()), []);
    }
}

#[test]
fn deal_margin_statistics_are_over_groups() {
    let plan = MatchPlan::new(
        &[BotSpec::Greedy, BotSpec::Random, BotSpec::Random],
        13,
        true,
    )
    .unwrap();
    let tally = played(&plan, 0..30);
    let deals = plan.players().deals();
    assert_eq!(deals, 3);
    // Each group's mean margin of bot 0 in each deal, from the games themselves.
    let mut samples = vec![[0.0f64; 3]; 30];
    for (group, sample) in samples.iter_mut().enumerate() {
        for rotation in 0..3 {
            let game = plan
                .play_game(
                    group as u64,
                    rotation,
                    &mut DecisionTimer::untimed(),
                    &mut [],
                )
                .unwrap();
            for (deal, margin) in game.deal_margins(0).iter().enumerate() {
                // Scaled by n − 1 = 2, over 3 games.
                sample[deal] += *margin as f64 / 2.0 / 3.0;
            }
        }
    }
    for deal in 0..deals {
        let mean = samples.iter().map(|s| s[deal]).sum::<f64>() / 30.0;
        let variance = samples
            .iter()
            .map(|s| (s[deal] - mean) * (s[deal] - mean))
            .sum::<f64>()
            / 29.0;
        let summary = tally.deal_summary(0, deal);
        assert!((summary.mean - mean).abs() < 1e-12, "deal {deal}");
        assert!((summary.variance - variance).abs() < 1e-9, "deal {deal}");
        assert!(variance > 0.0);
        assert!((summary.error_variance - variance / 30.0).abs() < 1e-9);
    }
    assert_eq!(tally.deal_summary(0, deals), Default::default());
    assert_eq!(tally.deal_summary(3, 0), Default::default());
}
