//! `prefer VALUE`: of the mover's legal decisions, only those for which the value is
//! highest stay legal (a truth value counts 1 when it holds), each `prefer` in turn: a
//! capture that must be taken (`prefer jumps > 0`), the one taking the most (`prefer jumps`).

use super::ruleset::{Game, Move};
use crate::memo::Kept;
use crate::state::State;

impl Game {
    /// Keeps, among `moves` (the legal decisions at `s`), those each `prefer` rule values
    /// highest, read on `s` with `from`, `to` and `jumps` of each decision.
    pub(crate) fn keep_preferred(&self, s: &State, moves: &mut Vec<Move>) {
        if moves.len() < 2 {
            return;
        }
        let kept = Kept::new(self, s.to_move, None);
        let mut values = Vec::with_capacity(moves.len());
        for p in &self.program.prefers {
            values.clear();
            values.extend(moves.iter().map(|m| {
                let mut cx = self.ctx(s, s.to_move, m.from, m.to, None).keeping(&kept);
                cx.jumps = m.path.len();
                self.eval(&p.value, &cx)
            }));
            let Some(&best) = values.iter().max() else {
                return;
            };
            let mut i = 0;
            moves.retain(|_| {
                i += 1;
                values[i - 1] == best
            });
        }
    }

    /// Why `m` is not among the decisions `prefer` keeps, if that is why: the first
    /// `prefer` rule that leaves it out, of those `legal` before the rules applied.
    pub fn preferred_against(&self, s: &State, m: Move, legal: &[Move]) -> Option<&str> {
        let mut moves = legal.to_vec();
        if !moves.contains(&m) {
            return None;
        }
        let kept = Kept::new(self, s.to_move, None);
        for p in &self.program.prefers {
            let value = |m: &Move| {
                let mut cx = self.ctx(s, s.to_move, m.from, m.to, None).keeping(&kept);
                cx.jumps = m.path.len();
                self.eval(&p.value, &cx)
            };
            let best = moves.iter().map(value).max()?;
            if value(&m) < best {
                return Some(&p.reason);
            }
            moves.retain(|o| value(o) == best);
        }
        None
    }
}
