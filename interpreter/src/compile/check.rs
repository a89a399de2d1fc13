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

impl Game {
    /// Checks that every compiled statement list changes `s` as its statements run as
    /// written (`exec.rs`) do, for each player as the mover, with the last move's cells
    /// and with none; the first disagreement. For tests.
    #[doc(hidden)]
    pub fn check_blocks(&self, s: &State) -> Result<(), String> {
        let p = &self.program;
        let b = &self.block_of;
        let mut lists: Vec<(Option<u32>, &[tessel_lang::ir::Stmt], String)> = vec![
            (b.setup, &p.setup, "setup".into()),
            (b.turn_start, &p.turn.start, "turn start".into()),
            (b.turn_end, &p.turn.end, "turn end".into()),
            (b.after_move, &p.after_move, "after move".into()),
        ];
        for (i, a) in p.actions.iter().enumerate() {
            let block = b.actions.get(i).copied().flatten();
            lists.push((block, &a.effects, format!("action {}", a.name)));
        }
        for (i, then) in p.chance_then.iter().enumerate() {
            let block = b.chance_then.get(i).copied().flatten();
            lists.push((block, then, format!("chance {i}")));
        }
        for (k, rules) in self.rules.iter().flatten().enumerate() {
            for (i, r) in rules.iter().enumerate() {
                lists.push((r.block, &r.effects, format!("rule {i} of piece type {k}")));
            }
        }
        let frames = [
            (s.last.from, s.last.to, s.last.to),
            (NO_CELL, NO_CELL, NO_CELL),
        ];
        for (block, body, what) in lists {
            let Some(code) = block.and_then(|n| self.blocks.get(n as usize)) else {
                if !body.is_empty() {
                    return Err(format!("{what}: not compiled"));
                }
                continue;
            };
            for at in frames {
                for mover in 0..self.players() as tessel_lang::ir::PlayerId {
                    let (mut compiled, mut walked) = (s.clone(), s.clone());
                    code(self, &mut compiled, mover, at);
                    self.exec_at(&mut walked, body, mover, at);
                    let (x, y) = (format!("{compiled:?}"), format!("{walked:?}"));
                    if x != y {
                        return Err(format!(
                            "{what}, mover {mover}, cells {at:?}: compiled\n{x}\nas written\n{y}"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}
