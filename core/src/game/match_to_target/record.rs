//! A match to a target as text, in the spirit of game records ([`crate::game::record`]):
//!
//! ```text
//! tablic-match 1
//! players 4
//! rules side-size=2
//! target 101
//! seed 7
//! name 0 you
//! game 1
//! play 7S 3H 4D
//! …
//! result 14 11
//! game 2
//! play KD
//! ```
//! `rules` and the `name PLAYER NAME` lines are optional, as in a game record (names are
//! the match's players). Each game is `game N`, numbered from 1 in order, then its moves
//! as `play` lines for the seat to move in that game, then, once it is over, `result`:
//! the game's totals by the match's sides, checked when read. A record may stop anywhere,
//! in the middle of a game too: reading it gives the match there, ready to play on, so a
//! match saved after every move survives a crash or a `quit`.
//!
//! The match keeps no game but the one in play, so its record is written as it goes: the
//! [`header`](MatchToTarget::record_header) once, then each game's
//! [block](MatchToTarget::game_record) when it is over, and the block of the game in play
//! last.

use core::fmt;

use crate::cards::notation::excerpt;
use crate::dealing::players::PlayerCount;
use crate::game::match_to_target::{MatchToTarget, SheetLine, RECORD_HEADER as HEADER};
use crate::game::record::{
    check_totals, number, parse_move, parse_name, NameError, NameErrorKind, RecordError,
    RecordErrorKind, SeatNames,
};
use crate::game::rules::Rules;

/// A match record's first lines, as [`MatchToTarget::record_header`] writes them.
#[derive(Clone, Copy, Debug)]
pub struct RecordHeader<'m> {
    of: &'m MatchToTarget,
    names: Option<&'m SeatNames<'m>>,
}

/// The game in play as a match record's block, as [`MatchToTarget::game_record`] writes it.
#[derive(Clone, Copy, Debug)]
pub struct GameRecord<'m> {
    of: &'m MatchToTarget,
}

impl MatchToTarget {
    /// The record's first lines: the header, the players, the rules, the target, the seed
    /// and the names `names` gives the players.
    pub fn record_header<'m>(&'m self, names: Option<&'m SeatNames<'m>>) -> RecordHeader<'m> {
        RecordHeader { of: self, names }
    }

    /// The game in play (or just over) as its block of the record.
    pub fn game_record(&self) -> GameRecord<'_> {
        GameRecord { of: self }
    }

    /// Reads a match record and replays every game in it, checking each move and result;
    /// the match is where the record stops. `finished` is given each finished game's
    /// score-sheet line, in order.
    pub fn from_record<'t>(
        text: &'t str,
        mut finished: impl FnMut(&SheetLine),
    ) -> Result<(MatchToTarget, SeatNames<'t>), RecordError> {
        read(text, |played| {
            if let Some(line) = played.sheet_line() {
                finished(&line);
            }
        })
    }

    /// Reads a match record as [`MatchToTarget::from_record`] does, giving `finished` the
    /// match itself as each game ends, for a caller that keeps the record as it goes (each
    /// finished game's [block](MatchToTarget::game_record)) and not only the score sheet.
    pub fn from_record_by_game<'t>(
        text: &'t str,
        finished: impl FnMut(&MatchToTarget),
    ) -> Result<(MatchToTarget, SeatNames<'t>), RecordError> {
        read(text, finished)
    }
}

impl fmt::Display for RecordHeader<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let of = self.of;
        writeln!(f, "{HEADER}")?;
        writeln!(f, "players {}", of.players())?;
        if of.rules() != Rules::ORIGINAL {
            writeln!(f, "rules {}", of.rules())?;
        }
        writeln!(f, "target {}", of.target())?;
        writeln!(f, "seed {}", of.seed())?;
        if let Some(names) = self.names {
            for player in 0..of.players().get() {
                if let Some(name) = names.get(player) {
                    writeln!(f, "name {player} {name}")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for GameRecord<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let of = self.of;
        writeln!(f, "game {}", of.game_number())?;
        for played in of.game().history() {
            writeln!(f, "play {played}")?;
        }
        if let Some(line) = of.sheet_line() {
            f.write_str("result")?;
            for side in 0..line.side_count() {
                write!(f, " {}", line.side(side).total())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The value of a `KEYWORD VALUE` line that must come next.
fn expect<'t>(
    next: (usize, &'t str),
    keyword: &str,
    missing: RecordErrorKind,
) -> Result<&'t str, RecordError> {
    let (line, text) = next;
    match text.split_once(' ') {
        Some((found, value)) if found == keyword => Ok(value),
        _ => Err(RecordError {
            line,
            kind: missing,
        }),
    }
}

fn read<'t>(
    text: &'t str,
    mut finished: impl FnMut(&MatchToTarget),
) -> Result<(MatchToTarget, SeatNames<'t>), RecordError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .peekable();
    let at = |line: usize| move |kind: RecordErrorKind| RecordError { line, kind };
    let ended = |kind| RecordError { line: 0, kind };

    let (line, header) = lines
        .next()
        .ok_or(ended(RecordErrorKind::MissingMatchHeader))?;
    if header.split_whitespace().ne(HEADER.split_whitespace()) {
        return Err(at(line)(RecordErrorKind::MissingMatchHeader));
    }
    let next = lines.next().ok_or(ended(RecordErrorKind::MissingPlayers))?;
    let count = expect(next, "players", RecordErrorKind::MissingPlayers)?;
    let players = number::<usize>(count)
        .and_then(|count| PlayerCount::new(count).map_err(RecordErrorKind::Players))
        .map_err(at(next.0))?;
    let mut rules = Rules::ORIGINAL;
    if let Some(&(line, text)) = lines.peek() {
        if let Some(("rules", words)) = text.split_once(' ') {
            rules = Rules::parse_for(players, words)
                .map_err(|error| at(line)(RecordErrorKind::Rules(error)))?;
            lines.next();
        }
    }
    let missing_target = RecordErrorKind::MissingMatchLine("target N");
    let next = lines.next().ok_or(ended(missing_target.clone()))?;
    let target = number(expect(next, "target", missing_target)?).map_err(at(next.0))?;
    let missing_seed = RecordErrorKind::MissingMatchLine("seed N");
    let next = lines.next().ok_or(ended(missing_seed.clone()))?;
    let seed = number(expect(next, "seed", missing_seed)?).map_err(at(next.0))?;
    let mut played = MatchToTarget::new(players, rules, target, seed)
        .map_err(|error| at(next.0)(RecordErrorKind::Match(error)))?;

    let mut names = SeatNames::NONE;
    while let Some(&(line, text)) = lines.peek() {
        let Some(("name", rest)) = text.split_once(' ') else {
            break;
        };
        let (player, name) = parse_name(rest).map_err(at(line))?;
        if player >= players.get() {
            let kind = NameErrorKind::NoSuchSeat;
            let error = NameError { seat: player, kind };
            return Err(at(line)(RecordErrorKind::Name(error)));
        }
        names
            .set(player, name)
            .map_err(|error| at(line)(RecordErrorKind::Name(error)))?;
        lines.next();
    }

    let mut started = false;
    let mut result_seen = false;
    for (line, text) in lines {
        let (keyword, rest) = text.split_once(' ').unwrap_or((text, ""));
        match keyword {
            "game" => {
                let expected = if started {
                    played
                        .next_game()
                        .map_err(|error| at(line)(RecordErrorKind::Match(error)))?;
                    played.game_number()
                } else {
                    1
                };
                if number::<u32>(rest).ok() != Some(expected) {
                    return Err(at(line)(RecordErrorKind::GameOutOfOrder(expected)));
                }
                started = true;
                result_seen = false;
            }
            "play" if started && !result_seen => {
                let mv = parse_move(rest).map_err(at(line))?;
                played
                    .play(mv)
                    .map_err(|error| at(line)(RecordErrorKind::IllegalMove(error)))?;
                if played.game().is_finished() {
                    finished(&played);
                }
            }
            "result" if started && !result_seen => {
                check_result(&played, rest).map_err(at(line))?;
                result_seen = true;
            }
            _ => return Err(at(line)(RecordErrorKind::UnexpectedLine(excerpt(text)))),
        }
    }
    if !started {
        return Err(ended(RecordErrorKind::GameOutOfOrder(1)));
    }
    Ok((played, names))
}

/// Checks a `result` line against the game just over, by the match's sides.
fn check_result(played: &MatchToTarget, totals: &str) -> Result<(), RecordErrorKind> {
    let sheet = played.sheet_line().ok_or(RecordErrorKind::ResultMismatch)?;
    check_totals(totals, sheet.side_count(), |side| sheet.side(side).total())
}
