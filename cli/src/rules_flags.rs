//! The flags that choose the rules a game is played under: sides and the house rules.
//! Every command that starts games takes them; the rules themselves are the core's.

use clap::Args;
use tablic_core::{PlayerCount, Rules};

use crate::error::Failure;

/// Sides and house rules (the original's rules when none is given).
#[derive(Args, Debug, Clone, Default)]
pub struct RulesFlags {
    /// Play in sides of K players, seated alternately: seat s plays for side s mod (n / K).
    /// A side pools its piles for scoring, and the +3 goes to the side with strictly the
    /// most cards.
    #[arg(
        long,
        value_name = "K",
        conflicts_with = "pairs",
        help_heading = "Rules"
    )]
    side_size: Option<String>,

    /// Play in pairs, partners opposite (--side-size 2): with 4 players, seats 0 and 2
    /// against seats 1 and 3.
    #[arg(long, help_heading = "Rules")]
    pairs: bool,

    /// Who takes the cards left on the table at the end: last-capturer (the default) or
    /// last-player (the side of the seat that played the last card).
    #[arg(long, value_name = "WHO", help_heading = "Rules")]
    leftovers: Option<String>,

    /// Whether a tabla on the game's very last move counts: yes (the default) or no.
    #[arg(long, value_name = "YES|NO", help_heading = "Rules")]
    final_tabla: Option<String>,
}

impl RulesFlags {
    /// The rules the flags give, checked for `players`; a bad value is a usage error
    /// naming its flag.
    pub fn rules(&self, players: PlayerCount) -> Result<Rules, Failure> {
        let mut rules = Rules::ORIGINAL;
        let pairs = self.pairs.then_some("2");
        let flags = [
            ("side-size", self.side_size.as_deref().or(pairs)),
            ("leftovers", self.leftovers.as_deref()),
            ("final-tabla", self.final_tabla.as_deref()),
        ];
        for (key, value) in flags {
            if let Some(value) = value {
                rules
                    .set(key, value.trim())
                    .map_err(|error| Failure::Usage(format!("--{key}: {error}")))?;
            }
        }
        let flag = if self.pairs { "--pairs" } else { "--side-size" };
        rules
            .check(players)
            .map_err(|error| Failure::Usage(format!("{flag}: {error}")))?;
        Ok(rules)
    }
}

/// How the rules read to a person: `in pairs, leftovers=last-player`, or nothing for the
/// original's rules.
pub fn describe(rules: Rules) -> String {
    let mut words = Vec::new();
    match rules.side_size {
        1 => {}
        2 => words.push("in pairs".to_string()),
        size => words.push(format!("in sides of {size}")),
    }
    let rest = Rules {
        side_size: 1,
        ..rules
    };
    let rest = rest.to_string();
    if !rest.is_empty() {
        words.push(rest);
    }
    words.join(", ")
}
