//! A checkpoint of a long match or tournament: what it is of, which of its chunks
//! ([`Chunks`]) are finished, and the tally of those chunks, so a run killed half way goes
//! on where it stopped and ends with the result an uninterrupted run gives.
//!
//! The text, line by line:
//!
//! ```text
//! tablic-checkpoint 1
//! version 0.1.0
//! kind match
//! bots greedy,random
//! seed 1
//! games 1000
//! duplicate yes
//! rules original
//! chunks 1000 <the finished chunks: 16 hexadecimal digits per 64 chunks>
//! tally match-tally 2 2 2 …
//! check <FNV-1a 64 of every byte above, 16 hexadecimal digits>
//! ```
//!
//! The lines from `version` to `rules` (for a tournament: `kind tournament`, `entrants`,
//! `size` too) say what the run is of ([`MatchArguments`], [`TournamentArguments`]); a run
//! goes on from a checkpoint only if they are its own. The last line's checksum catches a
//! file cut short or edited. The tally is in its text form ([`crate::matches::tally_text`]).

use core::fmt;
use core::fmt::Write;

use crate::matches::chunks::{Chunks, CHUNK_WORDS};
use crate::matches::tally_text::{TallyText, TallyTextError};
use crate::matches::tournament::TournamentPlan;
use crate::matches::MatchPlan;

/// The first line of every checkpoint: its format, 1.
pub const CHECKPOINT_FORMAT: &str = "tablic-checkpoint 1";

/// The engine's version, in every checkpoint: results of two versions may differ.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What a match's checkpoint is of: its bots, seed, deal groups, duplication and rules, and
/// the version. Displayed, it is the checkpoint's lines from `version` to `rules`.
pub struct MatchArguments<'a> {
    /// The match.
    pub plan: &'a MatchPlan,
    /// Its deal groups.
    pub games: u64,
}

impl fmt::Display for MatchArguments<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "version {VERSION}\nkind match")?;
        write_list(f, "bots", self.plan.bots())?;
        write_common(
            f,
            self.plan.seed(),
            self.games,
            self.plan.is_duplicate(),
            &self.plan.rules(),
        )
    }
}

/// What a tournament's checkpoint is of: its field, table size, seed, deal groups per
/// table, duplication and rules, and the version.
pub struct TournamentArguments<'a> {
    /// The tournament.
    pub plan: &'a TournamentPlan,
    /// Deal groups per table.
    pub games: u64,
}

impl fmt::Display for TournamentArguments<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "version {VERSION}\nkind tournament")?;
        write_list(f, "entrants", self.plan.entrants())?;
        writeln!(f, "size {}", self.plan.size().get())?;
        write_common(
            f,
            self.plan.seed(),
            self.games,
            self.plan.is_duplicate(),
            &self.plan.rules(),
        )
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, key: &str, items: &[impl fmt::Display]) -> fmt::Result {
    f.write_str(key)?;
    for (index, item) in items.iter().enumerate() {
        let separator = if index == 0 { " " } else { "," };
        write!(f, "{separator}{item}")?;
    }
    f.write_str("\n")
}

fn write_common(
    f: &mut fmt::Formatter<'_>,
    seed: u64,
    games: u64,
    duplicate: bool,
    rules: &dyn fmt::Display,
) -> fmt::Result {
    let duplicate = if duplicate { "yes" } else { "no" };
    writeln!(f, "seed {seed}\ngames {games}\nduplicate {duplicate}")?;
    let mut described = RulesLine(false);
    let _ = fmt::write(&mut described, format_args!("{rules}"));
    match described.0 {
        true => writeln!(f, "rules {rules}"),
        false => writeln!(f, "rules original"),
    }
}

/// Whether anything was written: the original rules display as nothing.
struct RulesLine(bool);

impl fmt::Write for RulesLine {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0 |= !text.is_empty();
        Ok(())
    }
}

/// FNV-1a, 64 bits: the checksum of a checkpoint's lines.
#[derive(Clone, Copy)]
struct Fnv1a(u64);

impl Fnv1a {
    const START: Fnv1a = Fnv1a(0xcbf2_9ce4_8422_2325);

    fn add(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A writer that passes text on and adds it to the checksum.
struct Summed<'a> {
    out: &'a mut dyn fmt::Write,
    sum: Fnv1a,
}

impl fmt::Write for Summed<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.sum.add(text.as_bytes());
        self.out.write_str(text)
    }
}

/// Writes the checkpoint of the run `of` (a [`MatchArguments`] or [`TournamentArguments`]),
/// with its finished `chunks` and their `tally` (a [`MatchTally`](crate::matches::tally::MatchTally)
/// or [`Standings`](crate::matches::tournament::Standings)).
pub fn write_checkpoint(
    out: &mut dyn fmt::Write,
    of: &dyn fmt::Display,
    chunks: &Chunks,
    tally: &dyn TallyText,
) -> fmt::Result {
    let mut summed = Summed {
        out,
        sum: Fnv1a::START,
    };
    write!(summed, "{CHECKPOINT_FORMAT}\n{of}chunks {}", chunks.items())?;
    let words = chunks.count().div_ceil(64) as usize;
    for word in &chunks.done[..words] {
        write!(summed, " {word:016x}")?;
    }
    summed.write_str("\ntally ")?;
    tally.write_text(&mut summed)?;
    let sum = summed.sum.0;
    writeln!(summed.out, "\ncheck {sum:016x}")
}

/// How a checkpoint is damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Its last line is not a checksum: the file was cut short.
    CutShort,
    /// Its checksum is not that of its lines: the file was edited or damaged.
    Checksum,
    /// Its first line is not [`CHECKPOINT_FORMAT`].
    NotACheckpoint,
    /// Its `chunks` line is not one of this run (wrong items, or unreadable).
    Chunks,
    /// Its tally cannot be read.
    Tally(TallyTextError),
}

/// Why a run cannot go on from a checkpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckpointError<'a> {
    /// The file is damaged (or is not a checkpoint).
    Damaged(Damage),
    /// It is the checkpoint of another run: the first line that differs, `key`, has
    /// `theirs` in the file and `ours` for this run.
    OtherRun {
        /// The line's key (`seed`, `bots`, `version`…).
        key: &'a str,
        /// Its value in the checkpoint.
        theirs: &'a str,
        /// Its value for this run.
        ours: &'a str,
    },
}

impl fmt::Display for CheckpointError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Damaged(Damage::CutShort) => {
                f.write_str("the checkpoint is damaged: it is cut short (no checksum at its end)")
            }
            CheckpointError::Damaged(Damage::Checksum) => {
                f.write_str("the checkpoint is damaged: its checksum does not match its contents")
            }
            CheckpointError::Damaged(Damage::NotACheckpoint) => {
                f.write_str("the file is not a tablic checkpoint")
            }
            CheckpointError::Damaged(Damage::Chunks) => {
                f.write_str("the checkpoint is damaged: its list of finished chunks is wrong")
            }
            CheckpointError::Damaged(Damage::Tally(error)) => {
                write!(f, "the checkpoint is damaged: {error}")
            }
            CheckpointError::OtherRun { key, theirs, ours } => write!(
                f,
                "the checkpoint is of another run: {key} {theirs} there, {ours} here"
            ),
        }
    }
}

impl core::error::Error for CheckpointError<'_> {}

/// Reads a checkpoint `write_checkpoint` wrote, for the run whose arguments display as
/// `ours` (a [`MatchArguments`] or [`TournamentArguments`], as text) and cut into
/// `items` items: its finished chunks and their tally. Damage is found first (the
/// checksum), then a run that is not this one.
pub fn read_checkpoint<'a, T: TallyText>(
    text: &'a str,
    ours: &'a str,
    items: u64,
) -> Result<(Chunks, T), CheckpointError<'a>> {
    let damaged = CheckpointError::Damaged;
    let body = text
        .strip_suffix('\n')
        .and_then(|text| text.rsplit_once('\n'))
        .and_then(|(body, last)| Some((body, last.strip_prefix("check ")?)));
    let (body, check) = body.ok_or(damaged(Damage::CutShort))?;
    let mut sum = Fnv1a::START;
    sum.add(body.as_bytes());
    if check.len() != 16 || u64::from_str_radix(check, 16) != Ok(sum.0) {
        return Err(damaged(Damage::Checksum));
    }
    let mut lines = body.split('\n');
    if lines.next() != Some(CHECKPOINT_FORMAT) {
        return Err(damaged(Damage::NotACheckpoint));
    }
    for wanted in ours.lines() {
        let line = lines.next().unwrap_or("");
        if line != wanted {
            let (key, ours) = wanted.split_once(' ').unwrap_or((wanted, ""));
            let theirs = match line.split_once(' ') {
                Some((theirs_key, theirs)) if theirs_key == key => theirs,
                _ => line,
            };
            return Err(CheckpointError::OtherRun { key, theirs, ours });
        }
    }
    let chunks = lines
        .next()
        .and_then(|line| read_chunks(line, items))
        .ok_or(damaged(Damage::Chunks))?;
    let tally = lines
        .next()
        .and_then(|line| line.strip_prefix("tally "))
        .ok_or(damaged(Damage::Tally(TallyTextError::End)))?;
    let tally = T::parse_text(tally).map_err(|error| damaged(Damage::Tally(error)))?;
    if lines.next().is_some() {
        return Err(damaged(Damage::NotACheckpoint));
    }
    Ok((chunks, tally))
}

/// `chunks ITEMS WORD…`, for a run of `items` items.
fn read_chunks(line: &str, items: u64) -> Option<Chunks> {
    let mut words = line.strip_prefix("chunks ")?.split(' ');
    if words.next()?.parse::<u64>().ok()? != items {
        return None;
    }
    let mut chunks = Chunks::new(items);
    let count = chunks.count().div_ceil(64) as usize;
    for slot in chunks.done.iter_mut().take(count) {
        let word = words.next()?;
        if word.len() != 16 {
            return None;
        }
        *slot = u64::from_str_radix(word, 16).ok()?;
    }
    // No chunk past the last may be marked.
    let past = chunks.count() % 64;
    if words.next().is_some() || (past != 0 && chunks.done[count - 1] >> past != 0) {
        return None;
    }
    debug_assert!(count <= CHUNK_WORDS);
    Some(chunks)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;
    use crate::bots::BotSpec;
    use crate::matches::tally::MatchTally;
    use crate::matches::timing::DecisionTimer;
    use crate::Rules;
    use arrayvec::ArrayString;

    type Text = ArrayString<20_000>;

    fn arguments(plan: &MatchPlan, games: u64) -> ArrayString<400> {
        let mut text = ArrayString::new();
        fmt::write(
            &mut text,
            format_args!("{}", MatchArguments { plan, games }),
        )
        .unwrap();
        text
    }

    fn checkpoint(plan: &MatchPlan, games: u64, chunks: &Chunks, tally: &MatchTally) -> Text {
        let mut text = Text::new();
        let of = MatchArguments { plan, games };
        write_checkpoint(&mut text, &of, chunks, tally).unwrap();
        text
    }

    fn played() -> (MatchPlan, Chunks, MatchTally) {
        let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 9, true).unwrap();
        let mut chunks = Chunks::new(100);
        let mut tally = MatchTally::for_plan(&plan);
        for chunk in [0, 1, 7, 99] {
            let range = chunks.range(chunk);
            plan.play_groups(range, &mut tally, &mut DecisionTimer::untimed(), &mut [])
                .unwrap();
            chunks.mark_done(chunk);
        }
        (plan, chunks, tally)
    }

    #[test]
    fn a_checkpoint_reads_back_for_its_own_run() {
        let (plan, chunks, tally) = played();
        let text = checkpoint(&plan, 100, &chunks, &tally);
        let lines: [&str; 9] = core::array::from_fn(|line| text.lines().nth(line).unwrap());
        assert_eq!(
            lines,
            [
                "tablic-checkpoint 1",
                concat!("version ", env!("CARGO_PKG_VERSION")),
                "kind match",
                "bots greedy,random",
                "seed 9",
                "games 100",
                "duplicate yes",
                "rules original",
                "chunks 100 0000000000000083 0000000800000000",
            ]
        );
        let ours = arguments(&plan, 100);
        let read = read_checkpoint::<MatchTally>(&text, &ours, 100);
        assert_eq!(read, Ok((chunks, tally)));
    }

    #[test]
    fn a_checkpoint_of_another_run_says_what_differs() {
        let (plan, chunks, tally) = played();
        let text = checkpoint(&plan, 100, &chunks, &tally);
        let other = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 10, true).unwrap();
        let ours = arguments(&other, 100);
        let error = read_checkpoint::<MatchTally>(&text, &ours, 100).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the checkpoint is of another run: seed 9 there, 10 here"
        );
        let paired = MatchPlan::new(
            &[
                BotSpec::Greedy,
                BotSpec::Random,
                BotSpec::Greedy,
                BotSpec::Random,
            ],
            9,
            true,
        )
        .unwrap()
        .with_rules("side-size=2".parse::<Rules>().unwrap())
        .unwrap();
        let ours = arguments(&paired, 100);
        let error = read_checkpoint::<MatchTally>(&text, &ours, 100).unwrap_err();
        assert_eq!(
            error,
            CheckpointError::OtherRun {
                key: "bots",
                theirs: "greedy,random",
                ours: "greedy,random,greedy,random"
            }
        );
    }

    #[test]
    fn a_damaged_checkpoint_is_refused() {
        let (plan, chunks, tally) = played();
        let text = checkpoint(&plan, 100, &chunks, &tally);
        let ours = arguments(&plan, 100);
        // The damage found, owned (an error borrows the text).
        let read = |text: &str| match read_checkpoint::<MatchTally>(text, &ours, 100) {
            Ok(_) => Ok(()),
            Err(CheckpointError::Damaged(damage)) => Err(Some(damage)),
            Err(CheckpointError::OtherRun { .. }) => Err(None),
        };
        let damaged = |damage| Err(Some(damage));
        for cut in [0, 1, 30, text.len() / 2, text.len() - 1] {
            assert_eq!(
                read(&text[..cut]),
                damaged(Damage::CutShort),
                "cut at {cut}"
            );
        }
        // One digit of the tally changed.
        let edited = text.replacen("match-tally 2 2 2", "match-tally 2 2 1", 1);
        assert_eq!(read(&edited), damaged(Damage::Checksum));
        assert_eq!(
            read(&text.replace("check ", "check 0")),
            damaged(Damage::Checksum)
        );
        assert_eq!(read("hello\ncheck 0\n"), damaged(Damage::Checksum));
        // Written for another cut (the checksum made right): the chunks do not fit.
        let read_other = read_checkpoint::<MatchTally>(&text, &ours, 99).map(|_| ());
        assert_eq!(read_other, Err(CheckpointError::Damaged(Damage::Chunks)));
    }
}
