//! Analysis: every move solved in every world, the same values as a direct solve, the
//! exact analysis equal to the solver's with a line that reaches its value, and the same
//! answer for the same seed.

use tablic_core::analysis::{
    analyze_game, analyze_view, values_needed, Analysis, AnalysisError, Mark,
};
use tablic_core::bots::solver::{Entry, Position, Solver};
use tablic_core::bots::{
    Horizon, Inference, Opponents, PimcOptions, Worlds, SOLVER_MEMORY_KIB, WORLD_STREAM,
};
use tablic_core::{Game, Move, Pcg32, PlayerView};

mod common;
use common::{greedy_for, mixed_for};

/// Few worlds, and a budget no world of these positions reaches.
const OPTIONS: PimcOptions = PimcOptions {
    samples: 6,
    nodes: 2_000_000,
    learned: false,
    inference: Inference::Greedy,
    alone: false,
    memory_kib: SOLVER_MEMORY_KIB,
    exact: None,
};

fn entries() -> Vec<Entry> {
    vec![Entry::EMPTY; 1 << 14]
}

fn of_view(view: &PlayerView<'_>, options: &PimcOptions, seed: u64) -> Analysis {
    let mut values = vec![0; values_needed(view, options)];
    analyze_view(view, options, seed, &mut entries(), &mut values).unwrap()
}

fn legal_moves(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.for_each_legal_move(|legal| moves.push(legal));
    moves
}

/// Two players in their third deal, part way through it: not the last deal, so the worlds
/// are sampled and solved to the deal's end.
fn third_deal(seed: u64) -> Game {
    mixed_for(2, seed, 27)
}

#[test]
fn every_move_is_solved_in_every_world() {
    for seed in 0..3 {
        let game = third_deal(seed);
        let analysis = of_view(&game.current_view().unwrap(), &OPTIONS, 1);
        assert_eq!(analysis.horizon(), Horizon::DealEnd);
        assert_eq!((analysis.worlds(), analysis.left_out()), (6, 0));
        assert!(!analysis.is_exact());
        let mut analysed: Vec<Move> = analysis.moves().iter().map(|m| m.played()).collect();
        let mut legal = legal_moves(&game);
        analysed.sort_by_key(|m| (m.card, m.capture.bits()));
        legal.sort_by_key(|m| (m.card, m.capture.bits()));
        assert_eq!(analysed, legal, "seed {seed}");
        for tally in analysis.moves() {
            assert_eq!(tally.worlds(), 6);
            assert_eq!(
                tally.units_per_point(),
                3,
                "one other seat, thirds of a point"
            );
        }
    }
}

/// Each move's sums are those of solving the very worlds the PIMC bot samples with the
/// same seed, one by one with `Solver::solve_all`; its loss is paired world by world.
#[test]
fn values_are_those_of_a_direct_solve_of_the_same_worlds() {
    for seed in 0..3 {
        let game = third_deal(seed);
        let view = game.current_view().unwrap();
        let analysis = of_view(&view, &OPTIONS, 7);
        let opponents = Opponents::observe(&view);
        let worlds = Worlds::new(&view, &opponents, OPTIONS.inference);
        let mut rng = Pcg32::new(7, WORLD_STREAM);
        let mut memory = entries();
        let mut solver = Solver::new(&mut memory);
        solver.set_greedy_seats(&opponents.greedy_seats());
        let mut rows: Vec<Vec<(Move, i64)>> = Vec::new();
        for _ in 0..OPTIONS.samples {
            let world = worlds.sample(&mut rng);
            let position = Position::<2>::from_view(&view, &world.hands[..2], &world.deck)
                .unwrap()
                .cut_at_deal_end();
            let mut row = Vec::new();
            solver
                .solve_all(&position, |played, value| {
                    row.push((played, i64::from(value)))
                })
                .unwrap();
            rows.push(row);
        }
        let value =
            |row: &[(Move, i64)], played: Move| row.iter().find(|(m, _)| *m == played).unwrap().1;
        let best = analysis.best().played();
        let sums: Vec<i64> = analysis
            .moves()
            .iter()
            .map(|tally| rows.iter().map(|row| value(row, tally.played())).sum())
            .collect();
        assert_eq!(sums.iter().max(), Some(&sums[0]), "best first, seed {seed}");
        for tally in analysis.moves() {
            let played = tally.played();
            let values: Vec<i64> = rows.iter().map(|row| value(row, played)).collect();
            let losses: Vec<i64> = rows
                .iter()
                .map(|row| value(row, best) - value(row, played))
                .collect();
            assert_eq!(tally.sum(), values.iter().sum::<i64>(), "{played}");
            assert_eq!(tally.squares(), values.iter().map(|v| v * v).sum::<i64>());
            assert_eq!(
                tally.ahead(),
                values.iter().filter(|&&v| v > 0).count() as u32
            );
            assert_eq!(tally.loss_sum(), losses.iter().sum::<i64>());
            assert_eq!(
                tally.loss_squares(),
                losses.iter().map(|d| d * d).sum::<i64>()
            );
        }
    }
}

/// The figures are the sums' mean and sample standard error, in points.
#[test]
fn the_figures_are_the_sample_mean_and_its_standard_error() {
    let game = third_deal(0);
    let analysis = of_view(&game.current_view().unwrap(), &OPTIONS, 1);
    for tally in analysis.moves() {
        let n = f64::from(tally.worlds());
        let unit = f64::from(tally.units_per_point());
        let (sum, squares) = (tally.sum() as f64, tally.squares() as f64);
        assert_eq!(tally.mean_margin(), sum / (n * unit));
        let variance = (squares - sum * sum / n) / (n - 1.0);
        let expected = variance / n / (unit * unit);
        let got = tally.margin_error_variance().unwrap();
        assert!(
            (got - expected).abs() <= 1e-12 * expected.max(1.0),
            "{got} {expected}"
        );
        assert_eq!(tally.ahead_share(), f64::from(tally.ahead()) / n);
        assert_eq!(tally.loss(), tally.loss_sum() as f64 / (n * unit));
    }
    assert_eq!(analysis.best().loss_sum(), 0);
    assert_eq!(analysis.best().loss_error_variance(), Some(0.0));
    assert_eq!(analysis.best().mark(), Mark::None);
}

#[test]
fn the_same_seed_gives_the_same_analysis() {
    let game = third_deal(1);
    let view = game.current_view().unwrap();
    let first = of_view(&view, &OPTIONS, 5);
    assert_eq!(of_view(&view, &OPTIONS, 5), first);
    assert_ne!(of_view(&view, &OPTIONS, 6).moves(), first.moves());
}

/// With everything known, every move's value is `Solver::solve_all`'s, and the best line,
/// played out, ends with the best move's value: two players and three and four, late in
/// the game.
#[test]
fn the_exact_analysis_is_the_solvers_and_its_line_reaches_its_value() {
    for (players, plies) in [(2, 32), (2, 36), (3, 40), (4, 40)] {
        for seed in 0..2 {
            let game = greedy_for(players, seed, plies);
            let analysis = analyze_game(&game, None, &mut entries()).unwrap();
            assert!(analysis.is_exact());
            assert_eq!(analysis.horizon(), Horizon::GameEnd);
            let mut memory = entries();
            let mut solver = Solver::new(&mut memory);
            let mut solved = Vec::new();
            let exact = |solver: &mut Solver, visit: &mut dyn FnMut(Move, i32)| match players {
                2 => solver.solve_all(&Position::<2>::from_game(&game).unwrap(), visit),
                _ => solver.solve_all(&Position::<4>::from_game(&game).unwrap(), visit),
            };
            exact(&mut solver, &mut |played, value| {
                solved.push((played, value))
            })
            .unwrap();
            assert_eq!(analysis.moves().len(), solved.len());
            for (played, value) in solved {
                let tally = analysis.get(played).unwrap();
                assert_eq!(
                    tally.sum(),
                    i64::from(value),
                    "{players} players, seed {seed}"
                );
                assert_eq!(tally.worlds(), 1);
                assert_eq!(tally.margin_error_variance(), Some(0.0));
            }
            let seat = analysis.seat();
            let mut end = game.clone();
            for &played in analysis.line() {
                end.play(played).unwrap();
            }
            let result = end.result().expect("the line reaches the end");
            let totals: Vec<i64> = result
                .seats()
                .iter()
                .map(|s| i64::from(s.total()))
                .collect();
            let margin = players as i64 * totals[seat] - totals.iter().sum::<i64>();
            assert_eq!(
                margin,
                analysis.best().sum(),
                "{players} players, seed {seed}"
            );
            assert_eq!(analysis.line().len(), 48 - plies);
        }
    }
}

#[test]
fn an_exact_solve_past_its_budget_says_so() {
    let game = greedy_for(2, 1, 30);
    assert_eq!(
        analyze_game(&game, Some(50), &mut entries()),
        Err(AnalysisError::OutOfBudget { nodes: 50 })
    );
    let full = analyze_game(&game, None, &mut entries()).unwrap();
    let enough = analyze_game(&game, Some(full.nodes()), &mut entries()).unwrap();
    assert_eq!(enough, full);
}

/// In two players' last deal the one world consistent with the view is the game itself:
/// the view's analysis is exact, and equals the analysis with everything known (its
/// opponent not taken for a greedy player).
#[test]
fn a_two_player_last_deal_is_one_exact_world() {
    for seed in 0..3 {
        let game = mixed_for(2, seed, 38);
        let view = game.current_view().unwrap();
        assert_eq!(Opponents::observe(&view).greedy_seats(), [false; 48]);
        let analysis = of_view(&view, &OPTIONS, 1);
        assert!(analysis.is_exact());
        assert_eq!(
            (analysis.worlds(), analysis.horizon()),
            (1, Horizon::GameEnd)
        );
        let exact = analyze_game(&game, None, &mut entries()).unwrap();
        assert_eq!(analysis.moves(), exact.moves(), "seed {seed}");
    }
}

#[test]
fn bad_requests_are_refused() {
    let game = third_deal(0);
    let to_move = game.to_move().unwrap();
    let other = game.view(1 - to_move).unwrap();
    let mut values = vec![0; 4096];
    assert_eq!(
        analyze_view(&other, &OPTIONS, 1, &mut entries(), &mut values),
        Err(AnalysisError::NotToMove {
            seat: 1 - to_move,
            to_move
        })
    );
    let view = game.current_view().unwrap();
    let needed = values_needed(&view, &OPTIONS);
    assert_eq!(needed, 6 * legal_moves(&game).len());
    assert_eq!(
        analyze_view(
            &view,
            &OPTIONS,
            1,
            &mut entries(),
            &mut values[..needed - 1]
        ),
        Err(AnalysisError::ValuesTooFew { needed })
    );
    let finished = greedy_for(2, 0, 48);
    assert_eq!(
        analyze_game(&finished, None, &mut entries()),
        Err(AnalysisError::GameOver)
    );
}

/// `learned=1` values the deal's end by the learned evaluation only where it applies, two
/// players under the original rules; elsewhere the deal's end is valued as usual, and the
/// analysis names that horizon, not the learned one.
#[test]
fn the_learned_horizon_is_named_only_where_it_applies() {
    let learned = PimcOptions {
        learned: true,
        ..OPTIONS
    };
    let horizon = |players: usize, rules: &str| {
        let rules =
            tablic_core::Rules::parse_for(tablic_core::PlayerCount::new(players).unwrap(), rules)
                .unwrap();
        let mut game =
            Game::from_seed_with_rules(tablic_core::PlayerCount::new(players).unwrap(), rules, 5)
                .unwrap();
        // Two rounds in, four players hold 16 cards: within the horizon of the deal's end.
        for _ in 0..2 * players {
            let seat = game.to_move().unwrap();
            let greedy = tablic_core::bots::best_greedy_move(game.hand(seat), game.table());
            game.play(greedy.unwrap()).unwrap();
        }
        of_view(&game.current_view().unwrap(), &learned, 1).horizon()
    };
    assert_eq!(horizon(2, ""), Horizon::LearnedDealEnd);
    assert_eq!(horizon(2, "leftovers=last-player"), Horizon::DealEnd);
    assert_eq!(horizon(2, "final-tabla=no"), Horizon::DealEnd);
    assert_eq!(horizon(4, "side-size=2"), Horizon::DealEnd);
    assert_eq!(horizon(4, ""), Horizon::DealEnd);
}
