//! A match's score sheet as the screen shows it: a game a block, a row for each side of
//! the match with its card points, its tablas as tally marks, the +3, the game's score
//! and the running total.
//!
//! ```text
//! game  led by  side    points  tablas   +3  score  total
//!    1  you     you         12  ||        3     17     17
//!               greedy      10  |                11     11
//! ```

use tablic_core::game::match_to_target::SheetLine;

use super::sides::Sides;
use crate::output::{Align, Table};

/// Tally marks come in groups of this many.
const TALLY_GROUP: usize = 5;

/// The sheet's rows for `lines`, in order; `sides` are the match's, `names` its players'.
pub fn table(lines: &[SheetLine], sides: &Sides, names: &[&str]) -> String {
    let mut table = Table::new(&[
        ("game", Align::Right),
        ("led by", Align::Left),
        ("side", Align::Left),
        ("points", Align::Right),
        ("tablas", Align::Left),
        ("+3", Align::Right),
        ("score", Align::Right),
        ("total", Align::Right),
    ]);
    for line in lines {
        for side in 0..line.side_count() {
            let score = line.side(side);
            let (game, leader) = if side == 0 {
                (line.game().to_string(), names[line.leader()].to_string())
            } else {
                (String::new(), String::new())
            };
            table.row(vec![
                game,
                leader,
                sides.short(side),
                score.card_points.to_string(),
                tally(score.tablas),
                if score.most_cards { "3" } else { "" }.to_string(),
                score.total().to_string(),
                line.running_total(side).to_string(),
            ]);
        }
    }
    table.render()
}

/// Tablas as a score-keeper marks them: `|||`, in groups of five (`||||| ||`).
pub fn tally(tablas: u32) -> String {
    let marks = "|".repeat(tablas as usize);
    let groups: Vec<&str> = (0..marks.len())
        .step_by(TALLY_GROUP)
        .map(|start| &marks[start..marks.len().min(start + TALLY_GROUP)])
        .collect();
    groups.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tablas_are_tallied_in_fives() {
        assert_eq!(tally(0), "");
        assert_eq!(tally(3), "|||");
        assert_eq!(tally(5), "|||||");
        assert_eq!(tally(12), "||||| ||||| ||");
    }
}
