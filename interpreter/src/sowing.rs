//! Tracks: sowing a cell's pieces one a cell along a cyclic track (`sow`), pouring a
//! stack onto another (`pour`) and walking a track (`each cell along track`).

use crate::eval::Ctx;
use crate::game::ruleset::Game;
use crate::state::{Piece, State};
use tessel_lang::ir::{CellId, Expr, PlayerId, Stmt, Track, TrackId, VarId, NO_CELL};

impl Game {
    fn track(&self, t: TrackId) -> &Track {
        &self.program.tracks[t as usize]
    }

    /// Everything on a cell, taken off it: the top piece first.
    fn lift_stack(&self, s: &mut State, c: CellId) -> Vec<Piece> {
        let top = s.cells[c as usize];
        if top.is_none() {
            return Vec::new();
        }
        s.cells[c as usize] = Piece::NONE;
        let mut under = Vec::new();
        if !s.buried.is_empty() {
            s.buried.retain(|&(bc, p)| {
                if bc == c {
                    under.push(p);
                }
                bc != c
            });
        }
        under.push(top);
        under.reverse();
        under
    }

    /// A piece put on top of a cell's stack.
    fn put_on(s: &mut State, c: CellId, p: Piece) {
        let there = s.cells[c as usize];
        if !there.is_none() {
            s.buried.push((c, there));
        }
        s.cells[c as usize] = p;
    }

    /// `sow CELL along TRACK [skip COND] [last VAR]`: the cell's pieces, top first, one on
    /// each next cell of the track the condition does not skip (with `from` the cell sown
    /// and `to` the cell next), lap after lap. A cell off the track sows nothing; when a
    /// whole lap skips every cell, the pieces left stay where they were.
    pub(crate) fn exec_sow(
        &self,
        s: &mut State,
        (cell, track, skip, last): (&Expr, TrackId, Option<&Expr>, Option<VarId>),
        mover: PlayerId,
        (from, to, target): (CellId, CellId, CellId),
    ) {
        let origin = self.eval(cell, &self.ctx_at(s, mover, (from, to, target)));
        let cells = &self.track(track).cells;
        let mut reached = NO_CELL;
        let at = cells.iter().position(|&c| i64::from(c) == origin);
        if let Some(mut i) = at {
            let origin = origin as CellId;
            let pieces = self.lift_stack(s, origin);
            let mut misses = 0;
            let mut left = pieces.iter();
            let mut next = left.next();
            while let Some(&p) = next {
                i = (i + 1) % cells.len();
                let c = cells[i];
                let skipped = skip.is_some_and(|k| {
                    self.eval(k, &self.ctx_at(s, mover, (origin, c, target))) != 0
                });
                if skipped {
                    misses += 1;
                    if misses >= cells.len() {
                        // Nowhere to sow: the rest stays on the cell, in its order.
                        let rest: Vec<Piece> = std::iter::once(p).chain(left.copied()).collect();
                        for &q in rest.iter().rev() {
                            Self::put_on(s, origin, q);
                        }
                        break;
                    }
                    continue;
                }
                misses = 0;
                Self::put_on(s, c, p);
                reached = c;
                next = left.next();
            }
        }
        if let Some(v) = last {
            s.vars[self.var_index(v, mover)] = i64::from(reached);
        }
    }

    /// `pour A onto B`: everything on A goes on top of B's stack, in the order it stood.
    pub(crate) fn exec_pour(&self, s: &mut State, a: i64, b: i64) {
        let n = s.cells.len() as i64;
        if !(0..n).contains(&a) || !(0..n).contains(&b) || a == b {
            return;
        }
        for p in self.lift_stack(s, a as CellId).into_iter().rev() {
            Self::put_on(s, b as CellId, p);
        }
    }

    /// `each cell along track T [backwards] from|starting at CELL while COND { … }`: the
    /// cells met while the condition holds (at most one lap), found first, then the block
    /// for each, as `to`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn exec_track_walk(
        &self,
        s: &mut State,
        (track, backwards, inclusive): (TrackId, bool, bool),
        start: &Expr,
        cond: &Expr,
        body: &[Stmt],
        mover: PlayerId,
        (from, to, target): (CellId, CellId, CellId),
    ) {
        let start = self.eval(start, &self.ctx_at(s, mover, (from, to, target)));
        let cells = &self.track(track).cells;
        let Some(mut i) = cells.iter().position(|&c| i64::from(c) == start) else {
            return;
        };
        let n = cells.len();
        let step = |i: usize| {
            if backwards {
                (i + n - 1) % n
            } else {
                (i + 1) % n
            }
        };
        if !inclusive {
            i = step(i);
        }
        let mut met = Vec::new();
        let cx: Ctx = self.ctx_at(s, mover, (from, to, target));
        for _ in 0..n {
            let c = cells[i];
            if self.eval(cond, &Ctx { to: c, ..cx }) == 0 {
                break;
            }
            met.push(c);
            i = step(i);
        }
        for c in met {
            self.exec_at(s, body, mover, (from, c, target));
        }
    }
}
