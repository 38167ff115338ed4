//! A tally's text form: a match's [`MatchTally`] and a tournament's [`Standings`] written
//! as words into any [`fmt::Write`] and read back from a `&str`, exactly (every field,
//! the group not yet closed too). One format, which the CLI and the bindings share: a
//! checkpoint ([`crate::matches::checkpoint`]) keeps its tally in it.
//!
//! The words are whole numbers separated by spaces, after a keyword that says what
//! follows (`bot`, `deal`, `open`, `entrant`), so a damaged tally is caught where it goes
//! wrong, with the word's place.

use core::fmt;
use core::str::{FromStr, SplitAsciiWhitespace};

use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::matches::tally::{BotTally, MarginTally, MatchTally};
use crate::matches::tournament::{EntrantTotals, Standings, MAX_DEALS, MAX_ENTRANTS};

/// Why a tally's text could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TallyTextError {
    /// The text ends before the tally does.
    End,
    /// Word `word` (1 first) should be the keyword `expected`.
    Expected {
        /// The word's place, 1 first.
        word: usize,
        /// The keyword wanted there.
        expected: &'static str,
    },
    /// Word `word` (1 first) is not a number of the right kind.
    NotANumber {
        /// The word's place, 1 first.
        word: usize,
    },
    /// The counts do not fit together (players, sides, entrants, groups).
    Inconsistent,
    /// More words follow the tally's end, from word `word` on.
    Trailing {
        /// The first extra word's place, 1 first.
        word: usize,
    },
}

impl fmt::Display for TallyTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TallyTextError::End => f.write_str("the tally ends early"),
            TallyTextError::Expected { word, expected } => {
                write!(f, "word {word} of the tally should be `{expected}`")
            }
            TallyTextError::NotANumber { word } => {
                write!(f, "word {word} of the tally is not a number that fits")
            }
            TallyTextError::Inconsistent => f.write_str("the tally's counts do not fit together"),
            TallyTextError::Trailing { word } => {
                write!(f, "the tally goes on after its end, at word {word}")
            }
        }
    }
}

impl core::error::Error for TallyTextError {}

/// A tally that has a text form.
pub trait TallyText {
    /// Writes the tally as one line of words (no line break).
    fn write_text(&self, out: &mut dyn fmt::Write) -> fmt::Result;

    /// Reads a tally `write_text` wrote.
    fn parse_text(text: &str) -> Result<Self, TallyTextError>
    where
        Self: Sized;
}

/// The words of a tally, counted for errors.
struct Words<'a> {
    words: SplitAsciiWhitespace<'a>,
    read: usize,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        Words {
            words: text.split_ascii_whitespace(),
            read: 0,
        }
    }

    fn word(&mut self) -> Result<&'a str, TallyTextError> {
        let word = self.words.next().ok_or(TallyTextError::End)?;
        self.read += 1;
        Ok(word)
    }

    fn keyword(&mut self, expected: &'static str) -> Result<(), TallyTextError> {
        match self.word()? {
            word if word == expected => Ok(()),
            _ => Err(TallyTextError::Expected {
                word: self.read,
                expected,
            }),
        }
    }

    fn number<N: FromStr>(&mut self) -> Result<N, TallyTextError> {
        let word = self.word()?;
        word.parse()
            .map_err(|_| TallyTextError::NotANumber { word: self.read })
    }

    fn end(mut self) -> Result<(), TallyTextError> {
        match self.words.next() {
            None => Ok(()),
            Some(_) => Err(TallyTextError::Trailing {
                word: self.read + 1,
            }),
        }
    }
}

fn write_margin(out: &mut dyn fmt::Write, margin: &MarginTally) -> fmt::Result {
    write!(
        out,
        " {} {} {}",
        margin.scaled_margin, margin.group_margin, margin.group_margin_squared
    )
}

fn read_margin(words: &mut Words<'_>) -> Result<MarginTally, TallyTextError> {
    Ok(MarginTally {
        scaled_margin: words.number()?,
        group_margin: words.number()?,
        group_margin_squared: words.number()?,
    })
}

/// `bot`, then a bot's totals: its counts, margin, decisions and its first `seats` seats.
fn write_bot(out: &mut dyn fmt::Write, bot: &BotTally, seats: usize) -> fmt::Result {
    write!(
        out,
        " bot {} {} {} {} {} {} {} {}",
        bot.games,
        bot.points,
        bot.tablas,
        bot.most_cards,
        bot.wins,
        bot.ties,
        bot.losses,
        bot.forfeits
    )?;
    write_margin(out, &bot.margin)?;
    write!(
        out,
        " {} {} {}",
        bot.decisions, bot.decision_ns, bot.max_decision_ns
    )?;
    bot.seats[..seats]
        .iter()
        .try_for_each(|games| write!(out, " {games}"))
}

fn read_bot(words: &mut Words<'_>, seats: usize) -> Result<BotTally, TallyTextError> {
    words.keyword("bot")?;
    let mut bot = BotTally {
        games: words.number()?,
        points: words.number()?,
        tablas: words.number()?,
        most_cards: words.number()?,
        wins: words.number()?,
        ties: words.number()?,
        losses: words.number()?,
        forfeits: words.number()?,
        margin: read_margin(words)?,
        decisions: words.number()?,
        decision_ns: words.number()?,
        max_decision_ns: words.number()?,
        ..BotTally::EMPTY
    };
    for seat in &mut bot.seats[..seats] {
        *seat = words.number()?;
    }
    Ok(bot)
}

/// The player count, the side count and the games per group, checked to fit.
fn read_table(words: &mut Words<'_>) -> Result<(PlayerCount, usize, u32), TallyTextError> {
    let players = PlayerCount::new(words.number()?).map_err(|_| TallyTextError::Inconsistent)?;
    let sides: usize = words.number()?;
    let games_per_group: u32 = words.number()?;
    let sides_fit = sides >= 2 && players.get() % sides == 0;
    if !sides_fit || games_per_group == 0 || games_per_group as usize > sides {
        return Err(TallyTextError::Inconsistent);
    }
    Ok((players, sides, games_per_group))
}

/// `match-tally PLAYERS SIDES GAMES-PER-GROUP GAMES GROUPS`, each bot (`bot …`), each
/// bot's deals (`deal` and their margins), then the open group (`open GAMES`, each bot's
/// margin in it and its deals').
impl TallyText for MatchTally {
    fn write_text(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let n = self.players.get();
        let cells = n * self.players.deals();
        write!(
            out,
            "match-tally {n} {} {} {} {}",
            self.sides, self.games_per_group, self.games, self.groups
        )?;
        for bot in &self.bots[..n] {
            write_bot(out, bot, n)?;
        }
        out.write_str(" deal")?;
        for margin in &self.by_deal[..cells] {
            write_margin(out, margin)?;
        }
        write!(out, " open {}", self.open_games)?;
        for margin in self.open_margin[..n]
            .iter()
            .chain(&self.open_deal_margin[..cells])
        {
            write!(out, " {margin}")?;
        }
        Ok(())
    }

    fn parse_text(text: &str) -> Result<MatchTally, TallyTextError> {
        let mut words = Words::new(text);
        words.keyword("match-tally")?;
        let (players, sides, games_per_group) = read_table(&mut words)?;
        let mut tally = MatchTally::of_sides(players, sides, games_per_group);
        let (n, cells) = (players.get(), players.get() * players.deals());
        tally.games = words.number()?;
        tally.groups = words.number()?;
        for bot in &mut tally.bots[..n] {
            *bot = read_bot(&mut words, n)?;
        }
        words.keyword("deal")?;
        for margin in &mut tally.by_deal[..cells] {
            *margin = read_margin(&mut words)?;
        }
        words.keyword("open")?;
        tally.open_games = words.number()?;
        for margin in tally.open_margin[..n]
            .iter_mut()
            .chain(&mut tally.open_deal_margin[..cells])
        {
            *margin = words.number()?;
        }
        words.end()?;
        let whole = tally.groups.checked_mul(u64::from(games_per_group));
        let games = whole.and_then(|whole| whole.checked_add(u64::from(tally.open_games)));
        if tally.open_games >= games_per_group || games != Some(tally.games) {
            return Err(TallyTextError::Inconsistent);
        }
        Ok(tally)
    }
}

/// `standings SIZE SIDES GAMES-PER-GROUP ENTRANTS`, then each entrant: `entrant GROUPS`,
/// its totals (`bot …`, its seats at a table) and its margin in each deal of the game.
impl TallyText for Standings {
    fn write_text(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let (size, deals) = (self.size.get(), self.size.deals());
        write!(
            out,
            "standings {size} {} {} {}",
            self.sides,
            self.games_per_group,
            self.entrants.len()
        )?;
        for entrant in &self.entrants {
            write!(out, " entrant {}", entrant.groups)?;
            write_bot(out, &entrant.totals, size)?;
            for margin in &entrant.by_deal[..deals] {
                write_margin(out, margin)?;
            }
        }
        Ok(())
    }

    fn parse_text(text: &str) -> Result<Standings, TallyTextError> {
        let mut words = Words::new(text);
        words.keyword("standings")?;
        let (size, sides, games_per_group) = read_table(&mut words)?;
        let count: usize = words.number()?;
        if !(size.get()..=MAX_ENTRANTS).contains(&count) {
            return Err(TallyTextError::Inconsistent);
        }
        let mut standings = Standings {
            size,
            sides,
            games_per_group,
            entrants: Default::default(),
        };
        for _ in 0..count {
            words.keyword("entrant")?;
            let groups = words.number()?;
            let totals = read_bot(&mut words, size.get())?;
            let mut by_deal = [MarginTally::EMPTY; MAX_DEALS];
            for margin in &mut by_deal[..size.deals()] {
                *margin = read_margin(&mut words)?;
            }
            standings.entrants.push(EntrantTotals {
                totals,
                by_deal,
                groups,
            });
        }
        words.end()?;
        Ok(standings)
    }
}

const _: () = assert!(MAX_ENTRANTS <= MAX_PLAYERS);

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;
    use crate::bots::BotSpec;
    use crate::matches::timing::DecisionTimer;
    use crate::matches::tournament::TournamentPlan;
    use crate::matches::MatchPlan;
    use arrayvec::ArrayString;
    use core::fmt::Write;

    type Text = ArrayString<40_000>;

    fn text_of(tally: &dyn Fn(&mut Text) -> fmt::Result) -> Text {
        let mut text = Text::new();
        tally(&mut text).unwrap();
        text
    }

    #[test]
    fn a_match_tally_reads_back_as_it_was_open_group_too() {
        let bots = [BotSpec::Greedy, BotSpec::Random, BotSpec::Random];
        let plan = MatchPlan::new(&bots, 5, true).unwrap();
        let mut tally = MatchTally::for_plan(&plan);
        plan.play_groups(0..4, &mut tally, &mut DecisionTimer::untimed(), &mut [])
            .unwrap();
        // Half a group open: its margins are kept too.
        let outcome = plan
            .play_game(4, 0, &mut DecisionTimer::untimed(), &mut [])
            .unwrap();
        tally.add(&outcome);
        let text = text_of(&|out| tally.write_text(out));
        assert!(text.starts_with("match-tally 3 3 3 13 4 bot 13 "), "{text}");
        assert_eq!(MatchTally::parse_text(&text), Ok(tally));
    }

    #[test]
    fn standings_read_back_as_they_were() {
        let field = [BotSpec::Greedy, BotSpec::Random, BotSpec::Random];
        let plan = TournamentPlan::new(&field, 2, 3, true).unwrap();
        let mut standings = Standings::for_plan(&plan);
        for table in plan.tables() {
            let matched = plan.match_plan(&table);
            let mut tally = MatchTally::for_plan(&matched);
            matched
                .play_groups(0..3, &mut tally, &mut DecisionTimer::untimed(), &mut [])
                .unwrap();
            standings.add(&table, &tally);
        }
        let text = text_of(&|out| standings.write_text(out));
        assert!(
            text.starts_with("standings 2 2 2 3 entrant 6 bot 12 "),
            "{text}"
        );
        assert_eq!(Standings::parse_text(&text), Ok(standings));
    }

    #[test]
    fn a_damaged_tally_says_where() {
        let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 1, false).unwrap();
        let mut tally = MatchTally::for_plan(&plan);
        plan.play_groups(0..2, &mut tally, &mut DecisionTimer::untimed(), &mut [])
            .unwrap();
        let text = text_of(&|out| tally.write_text(out));
        let cut = &text[..text.len() - 2];
        assert_eq!(MatchTally::parse_text(cut), Err(TallyTextError::End));
        let extra = text_of(&|out| write!(out, "{text} 7"));
        let words = text.split_ascii_whitespace().count();
        assert_eq!(
            MatchTally::parse_text(&extra),
            Err(TallyTextError::Trailing { word: words + 1 })
        );
        let renamed = text.replacen("bot", "bat", 1);
        assert_eq!(
            MatchTally::parse_text(&renamed),
            Err(TallyTextError::Expected {
                word: 7,
                expected: "bot"
            })
        );
        let signed = text.replacen(" 2 bot", " -2 bot", 1);
        assert_eq!(
            MatchTally::parse_text(&signed),
            Err(TallyTextError::NotANumber { word: 6 })
        );
        // 2 games but 3 groups of one game.
        let groups = text.replacen(" 2 bot", " 3 bot", 1);
        assert_eq!(
            MatchTally::parse_text(&groups),
            Err(TallyTextError::Inconsistent)
        );
        assert_eq!(
            TallyTextError::NotANumber { word: 6 }.to_string(),
            "word 6 of the tally is not a number that fits"
        );
    }
}
