//! `VectorGames`: the native half of `tablic.vector.VectorEnv`. Many games, one learner's
//! seat in each and built-in bots at the others, stepped together without the interpreter
//! (on threads when asked), writing observations, action masks, legal actions, rewards and
//! flags into NumPy arrays made once. Each game follows `tablic.env.raw_env` exactly: the
//! same deals, the bots' seeds, the encodings (`encoding.rs`) and the rewards.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use rayon::prelude::*;
use tablic_core::bots::BotSpec;
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::matches::BOT_SEED_INDEX;
use tablic_core::{Game, GameResult, PlayerCount, Rules, MAX_HAND};

use crate::bot::{parse_spec, PyBot};
use crate::encoding::{check_captures_per_card, observation_size, write_observation};
use crate::encoding::{LegalActions, CARDS};
use crate::game::fresh_seed;
use crate::int_arg;
use crate::rules::{checked, to_rules};

/// What the learner is paid at the end of a game, as `tablic.env`'s `reward=`.
#[derive(Clone, Copy)]
enum Reward {
    Margin,
    Total,
    Win,
}

impl Reward {
    fn parse(text: &str) -> PyResult<Reward> {
        match text {
            "margin" => Ok(Reward::Margin),
            "total" => Ok(Reward::Total),
            "win" => Ok(Reward::Win),
            _ => Err(PyValueError::new_err(format!(
                "reward must be 'margin', 'total' or 'win', not {text:?}"
            ))),
        }
    }

    /// The reward of `side` in a finished game, computed as `tablic.env` does (the same
    /// floating-point operations, so the same bits).
    fn of(self, result: &GameResult, side: usize) -> f64 {
        let sides = result.side_count();
        let total = result.side_total(side);
        match self {
            Reward::Total => f64::from(total),
            Reward::Margin => {
                let everyone: u32 = (0..sides).map(|other| result.side_total(other)).sum();
                f64::from(total) - f64::from(everyone - total) / (sides - 1) as f64
            }
            Reward::Win => {
                let best = (0..sides).map(|other| result.side_total(other)).max();
                if result.winner() == Some(side) {
                    1.0
                } else if Some(total) == best {
                    0.0
                } else {
                    -1.0
                }
            }
        }
    }
}

/// What every game of the batch shares.
struct Settings {
    players: PlayerCount,
    rules: Rules,
    /// The learner's seat.
    seat: usize,
    /// The bot at every other seat (None at the learner's).
    bots: Vec<Option<BotSpec>>,
    reward: Reward,
    observation_size: usize,
    action_count: usize,
    /// Entries in a row of legal actions: the most any position has.
    legal_width: usize,
}

/// One game of the batch.
struct Table {
    game: Game,
    /// The bots of this deal, by seat (None at the learner's).
    bots: Vec<Option<PyBot>>,
    /// Deal `next_deal` of `base_seed` comes next, as in `tablic.env`.
    base_seed: u64,
    next_deal: u64,
    /// The learner's legal actions now (none once the game is over).
    actions: LegalActions,
    /// The last step ended the game: the next one deals the next game and ignores its
    /// action (Gymnasium's next-step autoreset).
    finished: bool,
}

/// One game's rows of the output arrays.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [i8],
    legal: &'a mut [i32],
    legal_count: &'a mut i32,
    reward: &'a mut f64,
    terminated: &'a mut bool,
}

impl Table {
    fn new(settings: &Settings, base_seed: u64, captures_per_card: usize) -> Table {
        Table {
            game: Game::from_seed_with_rules(settings.players, settings.rules, 0)
                .expect("the rules were checked for the players"),
            bots: Vec::new(),
            base_seed,
            next_deal: 0,
            actions: LegalActions::new(captures_per_card),
            finished: false,
        }
    }

    /// Deals the next game and plays the bots up to the learner's first turn.
    fn deal(&mut self, settings: &Settings, row: Row<'_>) -> Result<(), String> {
        let deal = derive_seed(self.base_seed, self.next_deal);
        self.next_deal += 1;
        self.game = Game::from_seed_with_rules(settings.players, settings.rules, deal)
            .map_err(|error| error.to_string())?;
        self.bots = (settings.bots.iter().enumerate())
            .map(|(seat, spec)| {
                spec.map(|spec| PyBot::of(spec, derive_seed(deal, BOT_SEED_INDEX + seat as u64)))
            })
            .collect();
        self.finished = false;
        self.play_bots(settings)?;
        *row.reward = 0.0;
        *row.terminated = false;
        self.write(settings, row);
        Ok(())
    }

    /// Plays the learner's `action` (checked already) and the bots after it; deals the
    /// next game instead when the last step ended this one.
    fn step(&mut self, settings: &Settings, action: i64, row: Row<'_>) -> Result<(), String> {
        if self.finished {
            return self.deal(settings, row);
        }
        let played = self
            .actions
            .move_of(action)
            .map_err(|reason| format!("action {action}: {reason}"))?;
        self.game.play(played).map_err(|error| error.to_string())?;
        self.play_bots(settings)?;
        *row.reward = 0.0;
        if let Some(result) = self.game.result() {
            self.finished = true;
            *row.reward = settings.reward.of(&result, result.side_of(settings.seat));
        }
        *row.terminated = self.finished;
        self.write(settings, row);
        Ok(())
    }

    /// The bots' moves up to the learner's turn or the end of the game.
    fn play_bots(&mut self, settings: &Settings) -> Result<(), String> {
        while let Some(seat) = self.game.to_move().filter(|&seat| seat != settings.seat) {
            let bot = self.bots[seat].as_mut().ok_or("no bot at a bot's seat")?;
            let chosen = bot.choose_here(&self.game).ok_or("a bot chose no move")?;
            self.game
                .play(chosen)
                .map_err(|error| format!("the bot at seat {seat}: {error}"))?;
        }
        Ok(())
    }

    /// The learner's observation, mask and legal actions now.
    fn write(&mut self, settings: &Settings, row: Row<'_>) {
        let view = self.game.view(settings.seat).expect("the seat was checked");
        for &action in self.actions.actions() {
            row.mask[action as usize] = 0;
        }
        let before = self.actions.len();
        self.actions.fill(&view);
        for (entry, &action) in self.actions.actions().iter().enumerate() {
            row.mask[action as usize] = 1;
            row.legal[entry] = action as i32;
        }
        let after = self.actions.len();
        if before > after {
            row.legal[after..before].fill(-1);
        }
        *row.legal_count = after as i32;
        write_observation(&view, row.observation);
    }
}

/// The output arrays, borrowed for one call.
struct Outputs<'a> {
    observations: &'a mut [f32],
    masks: &'a mut [i8],
    legal: &'a mut [i32],
    legal_counts: &'a mut [i32],
    rewards: &'a mut [f64],
    terminations: &'a mut [bool],
}

/// A run of neighbouring games and their rows, for one thread.
struct Part<'a> {
    first_game: usize,
    tables: &'a mut [Table],
    outputs: Outputs<'a>,
}

/// Runs `work` on every game with its rows: on this thread without a pool, else the games
/// split in one run of neighbours per thread of the pool. Which thread plays a game changes
/// nothing in it, so any thread count gives the same trajectories.
fn for_each_game(
    settings: &Settings,
    tables: &mut [Table],
    outputs: Outputs<'_>,
    pool: Option<&rayon::ThreadPool>,
    work: impl Fn(usize, &mut Table, Row<'_>) -> Result<(), String> + Sync,
) -> Result<(), String> {
    let games = tables.len();
    let threads = pool.map_or(1, rayon::ThreadPool::current_num_threads);
    let per_thread = games.div_ceil(threads.min(games).max(1));
    let (o, a, l) = (
        settings.observation_size,
        settings.action_count,
        settings.legal_width,
    );
    let mut parts = tables
        .chunks_mut(per_thread)
        .zip(outputs.observations.chunks_mut(per_thread * o))
        .zip(outputs.masks.chunks_mut(per_thread * a))
        .zip(outputs.legal.chunks_mut(per_thread * l))
        .zip(outputs.legal_counts.chunks_mut(per_thread))
        .zip(outputs.rewards.chunks_mut(per_thread))
        .zip(outputs.terminations.chunks_mut(per_thread))
        .enumerate()
        .map(
            |(
                index,
                ((((((tables, observations), masks), legal), legal_counts), rewards), ends),
            )| {
                Part {
                    first_game: index * per_thread,
                    tables,
                    outputs: Outputs {
                        observations,
                        masks,
                        legal,
                        legal_counts,
                        rewards,
                        terminations: ends,
                    },
                }
            },
        );
    let run = |part: Part<'_>| {
        let outputs = part.outputs;
        let rows = (part.tables.iter_mut())
            .zip(outputs.observations.chunks_mut(o))
            .zip(outputs.masks.chunks_mut(a))
            .zip(outputs.legal.chunks_mut(l))
            .zip(outputs.legal_counts.iter_mut())
            .zip(outputs.rewards.iter_mut())
            .zip(outputs.terminations.iter_mut());
        for (offset, ((((((table, observation), mask), legal), count), reward), end)) in
            rows.enumerate()
        {
            let game = part.first_game + offset;
            let row = Row {
                observation,
                mask,
                legal,
                legal_count: count,
                reward,
                terminated: end,
            };
            work(game, table, row).map_err(|error| format!("game {game}: {error}"))?;
        }
        Ok::<(), String>(())
    };
    match pool {
        None => parts.try_for_each(run),
        Some(pool) => {
            let parts: Vec<Part<'_>> = parts.collect();
            pool.install(|| parts.into_par_iter().try_for_each(run))
        }
    }
}

/// Many games of tablić stepped together for `tablic.vector.VectorEnv` (see there).
#[pyclass(name = "VectorGames", module = "tablic._tablic")]
pub struct PyVectorGames {
    settings: Settings,
    tables: Vec<Table>,
    /// The threads of `threads` above 1, made once (a pool, not a spawn per step).
    pool: Option<rayon::ThreadPool>,
    dealt: bool,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<i8>>,
    legal: Py<PyArray2<i32>>,
    legal_counts: Py<PyArray1<i32>>,
    rewards: Py<PyArray1<f64>>,
    terminations: Py<PyArray1<bool>>,
    truncations: Py<PyArray1<bool>>,
}

/// The bot of every seat but `seat`: one spec for all (a str), or a dict by seat that
/// names exactly those seats.
fn bot_specs(
    opponents: &Bound<'_, PyAny>,
    players: usize,
    seat: usize,
) -> PyResult<Vec<Option<BotSpec>>> {
    if let Ok(text) = opponents.cast::<PyString>() {
        let spec = parse_spec(text.to_str()?)?;
        return Ok((0..players)
            .map(|at| (at != seat).then_some(spec))
            .collect());
    }
    let Ok(by_seat) = opponents.cast::<PyDict>() else {
        return Err(PyTypeError::new_err(format!(
            "opponents must be a bot spec (str) or a dict of specs by seat, not {}",
            opponents.get_type().name()?
        )));
    };
    let mut specs = vec![None; players];
    for (key, value) in by_seat.iter() {
        let at: usize = int_arg::seat(&key)?;
        if at >= players || at == seat {
            return Err(PyValueError::new_err(format!(
                "opponent seat {at} is not one of the other seats of {players} players \
                 (the learner plays seat {seat})"
            )));
        }
        let Ok(text) = value.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "the opponent at seat {at} must be a bot spec (str), not {}",
                value.get_type().name()?
            )));
        };
        specs[at] = Some(parse_spec(text.to_str()?)?);
    }
    if let Some(missing) = (0..players).find(|&at| at != seat && specs[at].is_none()) {
        return Err(PyValueError::new_err(format!(
            "no opponent for seat {missing}: every seat but the learner's needs a bot"
        )));
    }
    Ok(specs)
}

#[pymethods]
impl PyVectorGames {
    #[new]
    #[pyo3(signature = (num_envs, players, seat, opponents, seed, reward, captures_per_card, rules, threads))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        #[pyo3(from_py_with = int_arg::size)] num_envs: usize,
        #[pyo3(from_py_with = int_arg::players)] players: usize,
        #[pyo3(from_py_with = int_arg::seat)] seat: usize,
        opponents: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = int_arg::seed)] seed: Option<u64>,
        reward: &str,
        #[pyo3(from_py_with = int_arg::captures_per_card)] captures_per_card: usize,
        rules: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = int_arg::threads)] threads: usize,
    ) -> PyResult<PyVectorGames> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        check_captures_per_card(captures_per_card)?;
        let rules = to_rules(rules)?;
        let player_count = checked(rules, players)?;
        if seat >= players {
            return Err(PyValueError::new_err(format!(
                "seat {seat} is not a seat of {players} players"
            )));
        }
        let bots = bot_specs(opponents, players, seat)?;
        let reward = Reward::parse(reward)?;
        let base = match seed {
            Some(seed) => {
                if seed.checked_add(num_envs as u64 - 1).is_none() {
                    return Err(PyValueError::new_err(format!(
                        "seed {seed} is out of range for {num_envs} games: game i plays seed \
                         + i, at most {}",
                        u64::MAX
                    )));
                }
                seed
            }
            None => fresh_seed(),
        };
        let settings = Settings {
            players: player_count,
            rules,
            seat,
            bots,
            reward,
            observation_size: observation_size(players, rules.side_size > 1),
            action_count: CARDS * captures_per_card,
            legal_width: MAX_HAND * captures_per_card,
        };
        let tables = (0..num_envs)
            .map(|game| Table::new(&settings, base.wrapping_add(game as u64), captures_per_card))
            .collect();
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
            Some(pool.map_err(|error| PyRuntimeError::new_err(error.to_string()))?)
        } else {
            None
        };
        let legal = PyArray2::<i32>::zeros(py, [num_envs, settings.legal_width], false);
        legal.readwrite().as_slice_mut()?.fill(-1);
        Ok(PyVectorGames {
            observations: PyArray2::zeros(py, [num_envs, settings.observation_size], false)
                .unbind(),
            masks: PyArray2::zeros(py, [num_envs, settings.action_count], false).unbind(),
            legal: legal.unbind(),
            legal_counts: PyArray1::zeros(py, num_envs, false).unbind(),
            rewards: PyArray1::zeros(py, num_envs, false).unbind(),
            terminations: PyArray1::zeros(py, num_envs, false).unbind(),
            truncations: PyArray1::zeros(py, num_envs, false).unbind(),
            settings,
            tables,
            pool,
            dealt: false,
        })
    }

    /// Starts a game at every table: deal 0 of `seeds[i]` (one seed per game), or with
    /// None each game's next deal.
    #[pyo3(signature = (seeds = None))]
    fn reset(&mut self, py: Python<'_>, seeds: Option<Vec<u64>>) -> PyResult<()> {
        if let Some(seeds) = &seeds {
            if seeds.len() != self.tables.len() {
                return Err(PyValueError::new_err(format!(
                    "{} seeds for {} games",
                    seeds.len(),
                    self.tables.len()
                )));
            }
            for (table, &seed) in self.tables.iter_mut().zip(seeds) {
                table.base_seed = seed;
                table.next_deal = 0;
            }
        }
        self.run(py, None)?;
        self.dealt = true;
        Ok(())
    }

    /// Plays `actions[i]` in game `i` (an int64 array, one per game), then the bots; a
    /// game that ended on the last step deals its next game instead. Checks every action
    /// before playing any: an illegal one raises `ValueError` and changes nothing.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        if !self.dealt {
            return Err(PyRuntimeError::new_err("reset() the environment first"));
        }
        let actions = actions.as_slice().map_err(|_| {
            PyValueError::new_err("actions must be a contiguous array, one action per game")
        })?;
        if actions.len() != self.tables.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games: give one action per game",
                actions.len(),
                self.tables.len()
            )));
        }
        for (game, (table, &action)) in self.tables.iter().zip(actions).enumerate() {
            if !table.finished {
                if let Err(reason) = table.actions.move_of(action) {
                    return Err(PyValueError::new_err(format!(
                        "action {action} of game {game} is not legal: {reason} (see its \
                         action_mask)"
                    )));
                }
            }
        }
        self.run(py, Some(actions))
    }

    /// Observations, one row per game (float32, `tablic.encoding`'s flat layout).
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.observations.clone_ref(py)
    }

    /// Action masks, one row per game (int8, 1 at every legal action).
    #[getter]
    fn action_masks(&self, py: Python<'_>) -> Py<PyArray2<i8>> {
        self.masks.clone_ref(py)
    }

    /// Each game's legal actions in increasing order, then -1.
    #[getter]
    fn legal_actions(&self, py: Python<'_>) -> Py<PyArray2<i32>> {
        self.legal.clone_ref(py)
    }

    /// How many legal actions each game has.
    #[getter]
    fn legal_action_counts(&self, py: Python<'_>) -> Py<PyArray1<i32>> {
        self.legal_counts.clone_ref(py)
    }

    /// The rewards of the last step.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyArray1<f64>> {
        self.rewards.clone_ref(py)
    }

    /// True where the last step ended the game.
    #[getter]
    fn terminations(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.terminations.clone_ref(py)
    }

    /// Always False: a game ends by its rules, within 48 moves.
    #[getter]
    fn truncations(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.truncations.clone_ref(py)
    }
}

impl PyVectorGames {
    /// Steps (with `actions`) or deals (without) every game, the interpreter released.
    fn run(&mut self, py: Python<'_>, actions: Option<&[i64]>) -> PyResult<()> {
        let mut observations = self.observations.bind(py).readwrite();
        let mut masks = self.masks.bind(py).readwrite();
        let mut legal = self.legal.bind(py).readwrite();
        let mut legal_counts = self.legal_counts.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut terminations = self.terminations.bind(py).readwrite();
        let outputs = Outputs {
            observations: observations.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
            legal: legal.as_slice_mut()?,
            legal_counts: legal_counts.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminations: terminations.as_slice_mut()?,
        };
        let (settings, tables, pool) = (&self.settings, &mut self.tables, self.pool.as_ref());
        py.detach(|| {
            for_each_game(
                settings,
                tables,
                outputs,
                pool,
                |game, table, row| match actions {
                    Some(actions) => table.step(settings, actions[game], row),
                    None => table.deal(settings, row),
                },
            )
        })
        .map_err(PyRuntimeError::new_err)
    }
}
