//! `tablic dataset --moves`: the rows the move model is trained on, from game records. For
//! every move of every game, each choice the mover's hand allowed
//! (`MoveContext::for_each_choice`) with the move model's features, the move made marked.

use std::fmt::Write as _;
use std::io::Write;

use tablic_core::bots::move_model::{MoveContext, FEATURES};
use tablic_core::{Card, CardSet, Game};

use crate::dataset_fields::card_list;
use crate::error::Failure;

/// The first line of the rows.
pub fn header(games: &str) -> String {
    format!(
        "# tablic dataset --moves: chosen (1/0), qid:move, then index:value of {FEATURES} features; {games}"
    )
}

/// What the rows of many games hold: numbered moves, and those left out.
#[derive(Default)]
pub struct MoveRows {
    /// Moves written so far (each a `qid`).
    written: u64,
    /// Moves left out: a single choice, or a move outside the choices.
    left_out: u64,
}

impl MoveRows {
    /// Writes every move of `game` with at least two choices and the move made among them.
    /// With `with_states`, each line ends with `# table=… played=… capture=… hand=N
    /// last=yes|no`: the move and what the model saw.
    pub fn write(
        &mut self,
        game: &Game,
        with_states: bool,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        let mut replay = game.rewound(0);
        let mut line = String::new();
        let mut choices: Vec<(Card, CardSet)> = Vec::new();
        for &played in game.history() {
            let (Some(seat), Some(context)) = (replay.to_move(), MoveContext::of_game(&replay))
            else {
                break;
            };
            let hand = replay.hand(seat);
            choices.clear();
            for card in hand.iter() {
                context.for_each_choice(card, |capture| choices.push((card, capture)));
            }
            let made = (played.card, played.capture);
            if choices.len() < 2 || !choices.contains(&made) {
                self.left_out += 1;
            } else {
                self.written += 1;
                for &(card, capture) in &choices {
                    line.clear();
                    let chosen = u8::from((card, capture) == made);
                    let _ = write!(line, "{chosen} qid:{}", self.written);
                    context.for_each_feature(card, capture, |index, value| {
                        let _ = write!(line, " {index}:{value}");
                    });
                    if with_states {
                        let last = if replay.undealt() == 0 { "yes" } else { "no" };
                        let _ = write!(
                            line,
                            " # table={} played={card} capture={} hand={} last={last}",
                            card_list(replay.table()),
                            card_list(capture),
                            hand.len()
                        );
                    }
                    writeln!(out, "{line}")?;
                }
            }
            // Cannot fail: the record's own move, replayed in order.
            let _ = replay.play(played);
        }
        Ok(())
    }

    /// The last line of the rows: how many moves were written and left out.
    pub fn footer(&self) -> String {
        format!(
            "# {} moves written, {} left out (a single choice, or a capture that more could be added to)",
            self.written, self.left_out
        )
    }
}
