//! Jumps and chains of jumps (`move jump …`, `move chain jump …`): the ways a piece can
//! jump from its cell, each one decision whose [`Path`] says the way; the jumps of a move
//! found again when it is played (`play.rs` runs its effects once a jump); the cells it
//! lands on, for its text.
//!
//! While a chain is looked for, the moving piece has left its cell (it may pass or land
//! there again), and the pieces it has jumped stay where they stand: they block the way
//! and may not be jumped again, so a chain ends (at most one jump per cell of the board).
//! The rule's effects run once the piece has landed at the end, one jump after another.

use crate::game::ruleset::{Game, JumpShape, Move, Path, Rule};
use crate::memo::Kept;
use crate::state::{Piece, State};
use tessel_lang::ir::{self, CellId, PieceId, PlayerId, NO_CELL};

/// How many jumps a piece's chains may try in all, for one rule, in one position; past
/// it the chains end where they are (no position of a real game comes near).
const JUMP_BUDGET: u32 = 200_000;

/// One search for a piece's chains.
struct Walk<'a> {
    s: &'a State,
    kept: &'a Kept,
    origin: CellId,
    moving: Piece,
    kind: PieceId,
    ri: u8,
    rule: &'a Rule,
    mover: PlayerId,
    shape: &'a JumpShape,
    dirs: &'a [ir::DirId],
    /// The cells jumped so far, in order.
    jumped: Vec<CellId>,
    budget: u32,
}

/// Bits enough for `n` different values.
fn bits_for(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

impl Game {
    /// How each jump rule's paths are coded, `[kind][rule]` (none for other rules).
    pub(crate) fn jump_shapes(&self) -> Vec<Vec<Option<JumpShape>>> {
        let cells = self.board.cells();
        (0..self.program.pieces.len())
            .map(|k| {
                let n = self.program.pieces[k].rules.len();
                (0..n)
                    .map(|ri| {
                        let mut dirs: Vec<ir::DirId> = Vec::new();
                        let mut far = false;
                        let mut any = false;
                        for per in &self.rules {
                            if let Some(ir::Atom::Jump { dirs: ds, far: f }) =
                                per.get(k).and_then(|r| r.get(ri)).map(|r| &r.atom)
                            {
                                any = true;
                                far |= *f;
                                for &d in ds {
                                    if !dirs.contains(&d) {
                                        dirs.push(d);
                                    }
                                }
                            }
                        }
                        if !any {
                            return None;
                        }
                        dirs.sort_unstable();
                        // The longest way along one direction: how far a `far` jump lands.
                        let run = |d: ir::DirId| {
                            (0..cells as CellId)
                                .map(|c| {
                                    let mut t = c;
                                    let mut k = 0;
                                    while k < cells {
                                        t = self.board.step(t, d);
                                        if t == NO_CELL || t == c {
                                            break;
                                        }
                                        k += 1;
                                    }
                                    k
                                })
                                .max()
                                .unwrap_or(0)
                        };
                        let longest = dirs.iter().map(|&d| run(d)).max().unwrap_or(0);
                        Some(JumpShape {
                            dir_bits: bits_for(dirs.len()),
                            dist_bits: if far { bits_for(longest.max(2) - 1) } else { 0 },
                            dirs,
                            far,
                        })
                    })
                    .collect()
            })
            .collect()
    }

    /// The moves of a jump rule for the piece `moving` on `from`: each jump, or with
    /// `chain` each way of jumping on until no jump is left.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn jump_moves(
        &self,
        s: &State,
        kept: &Kept,
        (from, moving): (CellId, Piece),
        kind: PieceId,
        ri: u8,
        rule: &Rule,
        mover: PlayerId,
        out: &mut Vec<Move>,
    ) {
        let Some(Some(shape)) = self
            .jump_shapes
            .get(kind as usize)
            .and_then(|r| r.get(ri as usize))
        else {
            return;
        };
        let ir::Atom::Jump { dirs, .. } = &rule.atom else {
            return;
        };
        let mut w = Walk {
            s,
            kept,
            origin: from,
            moving,
            kind,
            ri,
            rule,
            mover,
            shape,
            dirs,
            jumped: Vec::new(),
            budget: JUMP_BUDGET,
        };
        self.jump_on(&mut w, from, Path::NONE, out);
    }

    /// The jumps from `at`, after the path so far; a chain that cannot go on is a move.
    fn jump_on(&self, w: &mut Walk, at: CellId, path: Path, out: &mut Vec<Move>) {
        let board = self.bd(w.s);
        let cells = board.cells() as u32;
        let width = w.shape.dir_bits + w.shape.dist_bits;
        let depth = path.len();
        let mut went = false;
        let (origin, st) = (w.origin, w.s);
        let empty = |c: CellId| c == origin || st.cells[c as usize].is_none();
        for &d in w.dirs {
            let code_dir = w.shape.dirs.iter().position(|&x| x == d).unwrap_or(0) as u32;
            // Over empty cells (a `far` jump) to the piece to jump.
            let mut c = board.step(at, d);
            let mut dist = 1u32;
            if w.shape.far {
                while c != NO_CELL && c != at && empty(c) && dist <= cells {
                    c = board.step(c, d);
                    dist += 1;
                }
            }
            if c == NO_CELL || c == at || empty(c) || w.jumped.contains(&c) {
                continue;
            }
            let mid = c;
            // The cells beyond it: the next one, or (`far`) each empty one up to a piece.
            loop {
                c = board.step(c, d);
                dist += 1;
                if c == NO_CELL || c == mid || dist > cells + 1 {
                    break;
                }
                let occupant = if c == w.origin {
                    Piece::NONE
                } else {
                    w.s.cells[c as usize]
                };
                if w.shape.far && !occupant.is_none() {
                    break;
                }
                // A landing farther than the path can say (round a board that loops).
                if (dist - 2) >> w.shape.dist_bits != 0 {
                    break;
                }
                if self.jump_allowed(w, (at, c, mid), occupant, (depth + 1, dist)) {
                    let code = code_dir | ((dist - 2) << w.shape.dir_bits);
                    // A path that is full ends where it is.
                    if let Some(next) = path.then(code, width) {
                        went = true;
                        if w.rule.chain && w.budget > 0 {
                            w.budget -= 1;
                            w.jumped.push(mid);
                            self.jump_on(w, c, next, out);
                            w.jumped.pop();
                        } else {
                            self.push_jump(w, c, next, out);
                        }
                    }
                }
                if !w.shape.far {
                    break;
                }
            }
        }
        if !went && depth > 0 {
            self.push_jump(w, at, path, out);
        }
    }

    /// Whether the rule allows the jump from `at` over `mid` to `to`: the target, the
    /// drawn area, and the condition (with `from` the jump's start and `jumped`, `jumps`).
    fn jump_allowed(
        &self,
        w: &Walk,
        (at, to, mid): (CellId, CellId, CellId),
        occupant: Piece,
        (jumps, dist): (u8, u32),
    ) -> bool {
        if !w.rule.allows(occupant, w.mover) || !self.lands_in_area(w.s, to) {
            return false;
        }
        let Some(cond) = &w.rule.cond else {
            return true;
        };
        let mut cx = self.ctx(w.s, w.mover, at, to, None).keeping(w.kept);
        cx.moving = w.moving;
        cx.steps = dist;
        cx.jumped = mid;
        cx.jumps = jumps;
        self.eval(cond, &cx) != 0
    }

    /// A jump move, promoted where the piece's promotions say (on the position before it).
    fn push_jump(&self, w: &Walk, to: CellId, path: Path, out: &mut Vec<Move>) {
        let m = Move {
            from: w.origin,
            to,
            kind: w.kind,
            rule: w.ri,
            promo: 0,
            sub: u8::from(w.moving.turn_moved()),
            count: 0,
            aux: NO_CELL,
            path,
        };
        let promos = &self.program.pieces[w.kind as usize].promotions;
        if !promos.is_empty() {
            let mut cx = self.ctx(w.s, w.mover, w.origin, to, None).keeping(w.kept);
            cx.moving = w.moving;
            cx.jumps = path.len();
            if let Some(pr) = promos.iter().find(|pr| self.eval(&pr.cond, &cx) != 0) {
                for &t in &pr.to {
                    out.push(Move { promo: t + 1, ..m });
                }
                return;
            }
        }
        out.push(m);
    }

    /// Each jump of a jump move: the direction and how many links from its start to where
    /// it lands, read from the path alone.
    fn path_steps(&self, m: Move) -> Vec<(ir::DirId, u32)> {
        let Some(Some(shape)) = self
            .jump_shapes
            .get(m.kind as usize)
            .and_then(|r| r.get(m.rule as usize))
        else {
            return Vec::new();
        };
        let width = shape.dir_bits + shape.dist_bits;
        (0..u32::from(m.path.len()))
            .filter_map(|i| {
                let code = m.path.get(i, width);
                let d = *shape
                    .dirs
                    .get((code & ((1 << shape.dir_bits) - 1)) as usize)?;
                let dist = if shape.far {
                    (code >> shape.dir_bits) + 2
                } else {
                    2
                };
                Some((d, dist))
            })
            .collect()
    }

    /// The cells a jump move lands on, one a jump, the last its `to` (no position needed).
    pub(crate) fn landings(&self, m: Move) -> Vec<CellId> {
        let mut at = m.from;
        self.path_steps(m)
            .into_iter()
            .map(|(d, dist)| {
                for _ in 0..dist {
                    at = self.board.step(at, d);
                    if at == NO_CELL {
                        break;
                    }
                }
                at
            })
            .collect()
    }

    /// The jumps of a move about to be played on `s`: (start, landing, the cell jumped).
    pub(crate) fn jumps_of(&self, s: &State, m: Move) -> Vec<(CellId, CellId, CellId)> {
        let board = self.bd(s);
        let mut at = m.from;
        let mut out = Vec::with_capacity(m.path.len() as usize);
        for (d, dist) in self.path_steps(m) {
            let start = at;
            let mut mid = NO_CELL;
            for _ in 0..dist {
                at = board.step(at, d);
                if at == NO_CELL {
                    return out;
                }
                let there = at != m.from && !s.cells[at as usize].is_none();
                if mid == NO_CELL && there {
                    mid = at;
                }
            }
            out.push((start, at, mid));
        }
        out
    }
}
