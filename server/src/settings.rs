//! What a table is, fixed when it is created: players, house rules, one game or a match to
//! a target, which seats are bots, lobby and spectators. Checked here, once.

use serde::{Deserialize, Serialize};
use tablic_core::bots::BotSpec;
use tablic_core::game::match_to_target::{MatchToTarget, DEFAULT_TARGET};
use tablic_core::{PlayerCount, Rules, SeatNames};

use crate::protocol::{CreateTable, Refusal, RefusalCode};

/// The page's levels, weakest first, and the engine's spec each stands for.
pub const LEVELS: [(&str, &str); 5] = [
    ("easy", "greedy"),
    ("medium", "minimax:depth=1"),
    ("hard", "minimax:depth=2"),
    ("expert", "minimax:depth=3"),
    ("best", "best"),
];

/// A table's settings, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSettings {
    /// How many play.
    pub players: usize,
    /// The rules, as the engine writes them.
    pub rules: String,
    /// The match's target.
    pub target: u32,
    /// One game, not a match.
    pub one_game: bool,
    /// The bot spec of each seat that a bot holds from the start (`None`: a person).
    pub bots: Vec<Option<String>>,
    /// Shown in the lobby.
    pub listed: bool,
    /// Others may watch.
    pub spectators: bool,
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(RefusalCode::BadTable, message)
}

/// The engine's spec for a level name or a spec, if the server may seat it: never a bot
/// that sees every card.
pub fn bot_spec(level: &str) -> Result<BotSpec, Refusal> {
    let text = LEVELS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(level.trim()))
        .map_or(level, |(_, spec)| spec);
    let spec: BotSpec = text.parse().map_err(|error| {
        bad(format!(
            "bot {:?}: {error}",
            text.chars().take(40).collect::<String>()
        ))
    })?;
    if spec.sees_every_card() {
        return Err(bad(format!(
            "{} sees every card: not at a table of people",
            spec.name()
        )));
    }
    Ok(spec)
}

/// Checks a display name by the engine's rule for a record's names (1 to 64 bytes, no
/// control characters, no space around).
pub fn check_name(name: &str) -> Result<(), Refusal> {
    let mut names = SeatNames::NONE;
    names
        .set(0, name)
        .map_err(|error| Refusal::new(RefusalCode::BadName, error.to_string()))
}

impl TableSettings {
    /// The settings a `create` asks for, checked.
    pub fn from_request(request: &CreateTable) -> Result<TableSettings, Refusal> {
        check_name(&request.name)?;
        let players = PlayerCount::new(request.players)
            .ok()
            .filter(|count| (2..=4).contains(&count.get()))
            .ok_or_else(|| bad("a table is for 2, 3 or 4 players"))?;
        let mut rules: Rules = request
            .rules
            .parse()
            .map_err(|error| bad(format!("rules: {error}")))?;
        rules.side_size = if request.pairs { 2 } else { 1 };
        if request.pairs && players.get() != 4 {
            return Err(bad("pairs need four players"));
        }
        rules
            .check(players)
            .map_err(|error| bad(error.to_string()))?;
        let target = request.target.unwrap_or(DEFAULT_TARGET);
        MatchToTarget::new(players, rules, target, 0).map_err(|error| bad(error.to_string()))?;
        let mut bots = request.bots.clone();
        if bots.len() > players.get() {
            return Err(bad("more bots than seats"));
        }
        bots.resize(players.get(), None);
        if bots[0].is_some() {
            return Err(bad("seat 0 is the creator's"));
        }
        for level in bots.iter_mut().flatten() {
            *level = bot_spec(level)?.to_string();
        }
        Ok(TableSettings {
            players: players.get(),
            rules: rules.to_string(),
            target,
            one_game: request.one_game,
            bots,
            listed: request.listed,
            spectators: request.spectators,
        })
    }

    /// The player count, checked when the settings were made.
    pub fn player_count(&self) -> PlayerCount {
        PlayerCount::new(self.players).unwrap_or(PlayerCount::TWO)
    }

    /// The rules, checked when the settings were made.
    pub fn parsed_rules(&self) -> Rules {
        Rules::parse_for(self.player_count(), &self.rules).unwrap_or(Rules::ORIGINAL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(players: usize, pairs: bool, bots: &[Option<&str>]) -> CreateTable {
        CreateTable {
            name: "Ana".into(),
            players,
            pairs,
            rules: String::new(),
            target: None,
            one_game: false,
            bots: bots.iter().map(|bot| bot.map(String::from)).collect(),
            listed: false,
            spectators: false,
        }
    }

    #[test]
    fn levels_become_specs_and_bad_tables_are_refused() {
        let settings = TableSettings::from_request(&request(
            4,
            true,
            &[None, Some("easy"), None, Some("hard")],
        ))
        .unwrap();
        assert_eq!(
            settings.bots,
            [
                None,
                Some("greedy".into()),
                None,
                // The engine's own text for the spec, its defaults written out.
                Some("minimax:depth=2".parse::<BotSpec>().unwrap().to_string())
            ]
        );
        assert_eq!(settings.rules, "side-size=2");
        assert_eq!(settings.target, 101);
        let code = |request: &CreateTable| TableSettings::from_request(request).unwrap_err().code;
        assert_eq!(code(&request(5, false, &[])), RefusalCode::BadTable);
        assert_eq!(code(&request(3, true, &[])), RefusalCode::BadTable);
        assert_eq!(
            code(&request(2, false, &[Some("easy")])),
            RefusalCode::BadTable
        );
        assert_eq!(
            code(&request(2, false, &[None, Some("clairvoyant")])),
            RefusalCode::BadTable
        );
        assert_eq!(
            code(&request(2, false, &[None, Some("nobody")])),
            RefusalCode::BadTable
        );
        let mut unnamed = request(2, false, &[]);
        unnamed.name = " ".into();
        assert_eq!(code(&unnamed), RefusalCode::BadName);
    }
}
