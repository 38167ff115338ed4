//! Who plays, where they sit in each game of a series, where each game's deal and each
//! bot's randomness come from, and the running totals.
//!
//! Player *i* (the *i*-th name of `--players`) sits at seat (*i* + *g*) mod *n* in game *g*
//! (0-based), so over *n* games every player leads once. Game *g* is dealt from
//! `derive_seed(seed, g)`, as deal group *g* of `tablic match`; bot *i* draws from
//! `derive_seed(deal seed, 1000 + i)`, and the hint of move *m* from
//! `derive_seed(deal seed, 2000 + m)`.

use crate::output::count;
use tablic_core::bots::{split_bot_list, BotSpec};
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::PlayerCount;

/// The person's name in `--players`.
pub const ME: &str = "me";

/// Fewest and most players `tablic play` seats.
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;

/// One player of the series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The person at the terminal.
    Person,
    /// A bot.
    Bot(BotSpec),
}

/// The players in `--players` order, with the names the screen shows.
#[derive(Clone, Debug)]
pub struct Lineup {
    players: Vec<Player>,
    names: Vec<String>,
    entries: Vec<String>,
    person: usize,
}

impl Lineup {
    /// Reads `me,pimc,greedy`: exactly one `me`, 2 to 4 players, bots as elsewhere
    /// (`minimax:depth=3`). The error is the message after `--players: `.
    pub fn parse(list: &str) -> Result<Lineup, String> {
        Lineup::from_entries(split_bot_list(list))
    }

    /// The lineup of `--players` entries given one by one (a match record's names).
    pub fn from_entries<'e>(entries: impl IntoIterator<Item = &'e str>) -> Result<Lineup, String> {
        let entries: Vec<String> = entries.into_iter().map(str::to_string).collect();
        let players = entries
            .iter()
            .map(|text| {
                if text.eq_ignore_ascii_case(ME) {
                    Ok(Player::Person)
                } else {
                    text.parse::<BotSpec>()
                        .map(Player::Bot)
                        .map_err(|error| error.to_string())
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
            return Err(format!(
                "{} given: tablic play seats {MIN_PLAYERS} to {MAX_PLAYERS}",
                count(players.len() as u64, "player")
            ));
        }
        let mut people = players
            .iter()
            .enumerate()
            .filter(|(_, player)| **player == Player::Person)
            .map(|(index, _)| index);
        let person = match (people.next(), people.next()) {
            (Some(person), None) => person,
            (None, _) => return Err(format!("name your own seat with `{ME}`, e.g. me,pimc")),
            (Some(_), Some(_)) => return Err(format!("`{ME}` may appear only once")),
        };
        let names = names(&players);
        Ok(Lineup {
            players,
            names,
            entries,
            person,
        })
    }

    /// Player `player`'s `--players` entry as given (`me`, `minimax:nodes=40000`): what a
    /// match record's `name` lines keep, so that a resumed match seats the same players.
    pub fn entry(&self, player: usize) -> &str {
        &self.entries[player]
    }

    /// How many play.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// The player count as the core takes it.
    pub fn player_count(&self) -> PlayerCount {
        PlayerCount::new(self.len()).expect("2 to 4 players divide 48")
    }

    /// Every player, in `--players` order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The person's index in `--players`.
    pub fn person(&self) -> usize {
        self.person
    }

    /// A player's name on screen: `you`, or the bot's name (`greedy#2` when two share it).
    pub fn name(&self, player: usize) -> &str {
        &self.names[player]
    }

    /// Every player's name on screen, in `--players` order.
    pub fn names(&self) -> Vec<&str> {
        self.names.iter().map(String::as_str).collect()
    }

    /// The seat player `player` takes in game `game`.
    pub fn seat_of(&self, player: usize, game: u64) -> usize {
        ((player as u64 + game) % self.len() as u64) as usize
    }

    /// The player at `seat` in game `game`.
    pub fn player_at(&self, seat: usize, game: u64) -> usize {
        let n = self.len() as u64;
        ((seat as u64 + n - game % n) % n) as usize
    }

    /// The players by seat in game `game`, seat 0 first.
    pub fn by_seat(&self, game: u64) -> Vec<usize> {
        (0..self.len())
            .map(|seat| self.player_at(seat, game))
            .collect()
    }
}

/// `you` for the person; a bot's name, numbered `#1`, `#2` … when several share it.
fn names(players: &[Player]) -> Vec<String> {
    let base = |player: &Player| match player {
        Player::Person => "you",
        Player::Bot(spec) => spec.name(),
    };
    players
        .iter()
        .enumerate()
        .map(|(index, player)| {
            let name = base(player);
            let same = players.iter().filter(|other| base(other) == name).count();
            if same == 1 {
                name.to_string()
            } else {
                let nth = players[..=index]
                    .iter()
                    .filter(|other| base(other) == name)
                    .count();
                format!("{name}#{nth}")
            }
        })
        .collect()
}

/// The deal seed of game `game` of the series.
pub fn deal_seed(series_seed: u64, game: u64) -> u64 {
    derive_seed(series_seed, game)
}

/// The seed of player `player`'s bot in the game dealt from `deal_seed`.
pub fn bot_seed(deal_seed: u64, player: usize) -> u64 {
    derive_seed(deal_seed, 1000 + player as u64)
}

/// The seed of the hint asked before move `moves_played` of the game dealt from `deal_seed`.
pub fn hint_seed(deal_seed: u64, moves_played: usize) -> u64 {
    derive_seed(deal_seed, 2000 + moves_played as u64)
}

/// Each side's summed score over the finished games (each player's, when everyone plays
/// alone): player `p` plays for side `p mod sides` all series long.
#[derive(Clone, Debug)]
pub struct Totals {
    points: Vec<u32>,
    games: u64,
}

impl Totals {
    pub fn new(players: usize) -> Totals {
        Totals {
            points: vec![0; players],
            games: 0,
        }
    }

    /// Adds one finished game: `scores[side]`.
    pub fn add(&mut self, scores: &[u32]) {
        for (total, score) in self.points.iter_mut().zip(scores) {
            *total += score;
        }
        self.games += 1;
    }

    /// Finished games.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The totals, side 0 first (by player in `--players` order when everyone is alone).
    pub fn points(&self) -> &[u32] {
        &self.points
    }

    /// The sides with the highest total: one for a win, several for a tie.
    pub fn leaders(&self) -> Vec<usize> {
        let best = self.points.iter().copied().max().unwrap_or(0);
        (0..self.points.len())
            .filter(|&player| self.points[player] == best)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lineups_need_one_person_and_two_to_four_players() {
        let lineup = Lineup::parse("greedy,me,minimax:depth=2,nodes=50,greedy").unwrap();
        assert_eq!(lineup.len(), 4);
        assert_eq!(lineup.person(), 1);
        let names: Vec<&str> = (0..4).map(|player| lineup.name(player)).collect();
        assert_eq!(names, ["greedy#1", "you", "minimax", "greedy#2"]);
        assert!(Lineup::parse("me")
            .unwrap_err()
            .contains("1 player given: tablic play seats 2 to 4"));
        assert!(Lineup::parse("greedy,pimc").unwrap_err().contains("`me`"));
        assert!(Lineup::parse("me,ME").unwrap_err().contains("only once"));
        assert!(Lineup::parse("me,greedo").unwrap_err().contains("greedo"));
        assert!(Lineup::parse("me,random,random,random,random")
            .unwrap_err()
            .contains("5 players"));
    }

    #[test]
    fn seats_rotate_one_place_a_game() {
        let lineup = Lineup::parse("me,greedy,random").unwrap();
        assert_eq!(lineup.by_seat(0), [0, 1, 2]);
        assert_eq!(lineup.by_seat(1), [2, 0, 1]);
        assert_eq!(lineup.by_seat(2), [1, 2, 0]);
        assert_eq!(lineup.by_seat(3), [0, 1, 2]);
        for game in 0..6 {
            for player in 0..3 {
                let seat = lineup.seat_of(player, game);
                assert_eq!(lineup.player_at(seat, game), player);
            }
        }
    }

    #[test]
    fn totals_add_up_and_name_leaders() {
        let mut totals = Totals::new(3);
        totals.add(&[10, 12, 3]);
        totals.add(&[12, 10, 3]);
        assert_eq!(totals.points(), [22, 22, 6]);
        assert_eq!(totals.leaders(), [0, 1]);
        assert_eq!(totals.games(), 2);
    }
}
