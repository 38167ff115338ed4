//! Sides as the screen names them: who plays with whom, and who wins. When everyone plays
//! alone a side is one player, and every line reads as it did before there were sides.
//!
//! The sides themselves are the core's: entry `i` (a seat of a game, or a player of a
//! series or match) plays for side `Rules::side_of(players, i)`.

use tablic_core::{PlayerCount, Rules};

use super::display;

/// The sides of a game (entries are seats) or of a series or match (entries are players).
#[derive(Clone, Debug)]
pub struct Sides {
    /// Each side's members' names, in entry order.
    members: Vec<Vec<String>>,
    /// The side of each entry.
    side_of: Vec<usize>,
    /// The person's entry, and the side the person plays for.
    person_entry: usize,
    person: usize,
    alone: bool,
}

impl Sides {
    /// The sides of `names` (by entry) under `rules`, the person being entry `person`.
    pub fn new(names: &[&str], person: usize, rules: Rules) -> Sides {
        let players = PlayerCount::new(names.len()).expect("2 to 4 players");
        let side_of: Vec<usize> = (0..names.len())
            .map(|entry| rules.side_of(players, entry))
            .collect();
        let mut members = vec![Vec::new(); rules.side_count(players)];
        for (name, &side) in names.iter().zip(&side_of) {
            members[side].push(name.to_string());
        }
        Sides {
            members,
            person: side_of[person],
            side_of,
            person_entry: person,
            alone: rules.is_everyone_alone(),
        }
    }

    /// True when every side is one player.
    pub fn alone(&self) -> bool {
        self.alone
    }

    /// How many sides play.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// A side's name in a table or a list: `you+minimax`, or the player's name alone.
    pub fn short(&self, side: usize) -> String {
        self.members[side].join("+")
    }

    /// A side's name in a sentence: `you and minimax`.
    pub fn long(&self, side: usize) -> String {
        and_list(&self.members[side])
    }

    /// A side's players in a table: `you, minimax`.
    pub fn listed(&self, side: usize) -> String {
        self.members[side].join(", ")
    }

    /// Every side's short name, side 0 first.
    pub fn short_names(&self) -> Vec<String> {
        (0..self.len()).map(|side| self.short(side)).collect()
    }

    /// `you and minimax against pimc and greedy`; `you against greedy and random` when
    /// everyone plays alone.
    pub fn against(&self) -> String {
        let others: Vec<String> = (0..self.len())
            .filter(|&side| side != self.person)
            .map(|side| self.long(side))
            .collect();
        format!("{} against {}", self.long(self.person), and_list(&others))
    }

    /// True when entry `entry` is the person's partner: on the person's side, not the
    /// person.
    pub fn is_partner(&self, entry: usize) -> bool {
        !self.alone && entry != self.person_entry && self.side_of[entry] == self.person
    }

    /// Who won: `Your side wins with 16.`, `pimc and greedy win with 16.`, `A tie: both
    /// sides with 12 each.`; as [`display::winner_line`] says it when everyone is alone.
    pub fn winner_line(&self, leaders: &[usize], points: u32) -> String {
        if self.alone {
            let names = self.short_names();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            return display::winner_line(&names, leaders, points, self.person);
        }
        match leaders {
            [one] if *one == self.person => format!("Your side wins with {points}."),
            [one] => format!("{} win with {points}.", self.long(*one)),
            many if many.len() == self.len() && many.len() == 2 => {
                format!("A tie: both sides with {points} each.")
            }
            many => format!("A tie: {} sides with {points} each.", many.len()),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
