//! The check that compiled code agrees with the tree evaluator, run by the tests over the
//! speed suite.

use super::Sieve;
use crate::game::ruleset::Game;
use crate::memo::Kept;
use crate::state::State;
use tessel_lang::ir::{CellId, NO_CELL};

impl Game {
    /// Checks that every compiled condition and value gives what the tree evaluator gives in
    /// `s`, for the player to move with each cell as the move's cells, with and without the
    /// values kept for the state, and that no code's sieve passes by a cell where the code
    /// holds; the first disagreement. For tests.
    #[doc(hidden)]
    pub fn check_compiled(&self, s: &State) -> Result<(), String> {
        let mover = s.to_move;
        let cells = (0..s.cells.len() as CellId).chain([NO_CELL]);
        for c in cells {
            for (i, (code, source)) in self.codes.iter().zip(&self.sources).enumerate() {
                let (a, b) = (Kept::new(self, mover, None), Kept::new(self, mover, None));
                let cx = self.ctx(s, mover, c, c, None);
                // As in statements: the last move's cells, `to` bound by `each cell`.
                let mut each = self.ctx(s, mover, s.last.from, c, None);
                each.target = s.last.to;
                // A sieve never passes by a cell where its code holds (the cell as both
                // `from` and `to`, as for an action; `to` alone, as in a visit of every cell).
                let sieve = self.sieves.get(i).copied().unwrap_or(Sieve::ALL);
                if c != NO_CELL && !sieve.tries(s, c) && code(self, &cx) != 0 {
                    return Err(format!(
                        "code {i} holds at cell {c}, which its sieve {sieve:?} passes by: {source:?}"
                    ));
                }
                for (x, y) in [(cx, cx), (each, each), (cx.keeping(&a), cx.keeping(&b))] {
                    let (compiled, walked) = (code(self, &x), self.eval(source, &y));
                    if compiled != walked {
                        return Err(format!(
                            "code {i} at cell {c}: compiled {compiled}, tree evaluator {walked}: {source:?}"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}
