//! Sides as the screen names them: who plays with whom, and who wins. When everyone plays
//! alone a side is one player, and every line reads as it did before there were sides.
//!
//! The sides themselves are the core's: entry `i` (a seat of a game, or a player of a
//! series or match) plays for side `Rules::side_of(players, i)`.

use tablic_core::{PlayerCount, Rules};

/// The sides of a game (entries are seats) or of a series or match (entries are players).
#[derive(Clone, Debug)]
pub struct Sides {
    /// Each side's entries, in entry order but the person first.
    entries: Vec<Vec<usize>>,
    /// Each entry's name.
    names: Vec<String>,
    /// The person's entry, and the side the person plays for.
    person_entry: usize,
    person: usize,
    alone: bool,
}

impl Sides {
    /// The sides of `names` (by entry) under `rules`, the person being entry `person`.
    pub fn new(names: &[&str], person: usize, rules: Rules) -> Sides {
        let players = PlayerCount::new(names.len()).expect("2 to 4 players");
        let side_of = |entry| rules.side_of(players, entry);
        let mut entries = vec![Vec::new(); rules.side_count(players)];
        entries[side_of(person)].push(person);
        for entry in (0..names.len()).filter(|&entry| entry != person) {
            entries[side_of(entry)].push(entry);
        }
        Sides {
            entries,
            names: names.iter().map(|name| name.to_string()).collect(),
            person_entry: person,
            person: side_of(person),
            alone: rules.is_everyone_alone(),
        }
    }

    /// The names of a side's members, the person first.
    fn members(&self, side: usize) -> Vec<String> {
        (self.entries[side].iter())
            .map(|&entry| self.names[entry].clone())
            .collect()
    }

    /// A side's entries, the person first.
    pub fn entries(&self, side: usize) -> &[usize] {
        &self.entries[side]
    }

    /// The sides, the person's first.
    pub fn person_first(&self) -> Vec<usize> {
        let others = (0..self.len()).filter(|&side| side != self.person);
        [self.person].into_iter().chain(others).collect()
    }

    /// True when every side is one player.
    pub fn alone(&self) -> bool {
        self.alone
    }

    /// How many sides play.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// A side's name in a table or a list: `you+minimax`, or the player's name alone.
    pub fn short(&self, side: usize) -> String {
        self.members(side).join("+")
    }

    /// A side's name in a sentence: `you and minimax`.
    pub fn long(&self, side: usize) -> String {
        and_list(&self.members(side))
    }

    /// A side's players in a table: `you, minimax`.
    pub fn listed(&self, side: usize) -> String {
        self.members(side).join(", ")
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
        !self.alone && entry != self.person_entry && self.entries[self.person].contains(&entry)
    }

    /// Who won: `Your side wins with 16.`, `pimc and greedy win with 16.`, `A tie: both
    /// sides with 12 each.`; as [`players_winner_line`] says it when everyone is alone.
    pub fn winner_line(&self, leaders: &[usize], points: u32) -> String {
        if self.alone {
            let names = self.short_names();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            return players_winner_line(&names, leaders, points, self.person);
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

/// `You win with 16.`, `pimc wins with 16.`, `A tie: you and pimc with 12 each.`
fn players_winner_line(names: &[&str], leaders: &[usize], points: u32, person: usize) -> String {
    match leaders {
        [one] if *one == person => format!("You win with {points}."),
        [one] => format!("{} wins with {points}.", names[*one]),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(|&index| names[index]).collect();
            format!(
                "A tie: {} and {} with {points} each.",
                rest.join(", "),
                names[*last]
            )
        }
        [] => "Nobody wins.".to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: [&str; 4] = ["pimc", "minimax", "greedy", "you"];

    #[test]
    fn pairs_name_the_person_first_and_mark_the_partner() {
        let sides = Sides::new(&FOUR, 3, Rules::PAIRS);
        assert_eq!(sides.len(), 2);
        assert_eq!(sides.against(), "you and minimax against pimc and greedy");
        assert_eq!(sides.short_names(), ["pimc+greedy", "you+minimax"]);
        assert_eq!(sides.listed(1), "you, minimax");
        assert_eq!(sides.person_first(), [1, 0]);
        assert_eq!(sides.entries(1), [3, 1]);
        let partners: Vec<bool> = (0..4).map(|seat| sides.is_partner(seat)).collect();
        assert_eq!(partners, [false, true, false, false]);
    }

    #[test]
    fn winners_are_sides_or_players() {
        let pairs = Sides::new(&FOUR, 3, Rules::PAIRS);
        assert_eq!(pairs.winner_line(&[1], 16), "Your side wins with 16.");
        assert_eq!(pairs.winner_line(&[0], 16), "pimc and greedy win with 16.");
        assert_eq!(
            pairs.winner_line(&[0, 1], 12),
            "A tie: both sides with 12 each."
        );
        let alone = Sides::new(&FOUR, 3, Rules::ORIGINAL);
        assert!(alone.alone());
        assert_eq!(alone.against(), "you against pimc, minimax and greedy");
        assert_eq!(alone.winner_line(&[3], 9), "You win with 9.");
        assert_eq!(alone.winner_line(&[2], 9), "greedy wins with 9.");
        assert!(!alone.is_partner(0));
    }

    #[test]
    fn winners_and_ties() {
        let names = ["you", "pimc", "greedy"];
        assert_eq!(players_winner_line(&names, &[0], 16, 0), "You win with 16.");
        assert_eq!(
            players_winner_line(&names, &[1], 16, 0),
            "pimc wins with 16."
        );
        assert_eq!(
            players_winner_line(&names, &[0, 1, 2], 8, 0),
            "A tie: you, pimc and greedy with 8 each."
        );
    }
}
