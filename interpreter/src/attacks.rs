//! Attack detection: which cells a player's pieces could capture on, found by walking the
//! atoms backwards from the attacked cell (probes built once per game), with move
//! generation as the fallback for rules that cannot be reversed.

use crate::eval::Attacks;
use crate::game::ruleset::{Game, KindSet, Probes};
use crate::memo::Kept;
use crate::state::{Piece, State};
use tessel_lang::ir::{self, target, CellId, PieceId, PlayerId, NO_CELL};

impl Game {
    /// The attack probes of one player: which cells its pieces could capture on.
    pub(crate) fn build_probes(&self, p: usize) -> Probes {
        let mut pr = Probes::default();
        for (k, rules) in self.rules[p].iter().enumerate() {
            let k = k as PieceId;
            for (ri, rule) in rules.iter().enumerate() {
                if rule.target & target::ENEMY == 0 || rule.stacking {
                    continue;
                }
                let simple = rule.cond.is_none()
                    && rule.guard.is_none()
                    && rule.fixed.is_none()
                    && !rule.carry;
                match &rule.atom {
                    ir::Atom::Step(dirs)
                        if simple && dirs.iter().all(|&d| self.board.reversible(&[d])) =>
                    {
                        for &d in dirs {
                            add_jump(&mut pr.jumps, self.board.reverse(&[d]), k);
                        }
                    }
                    ir::Atom::Leap(paths)
                        if simple && paths.iter().all(|p| self.board.reversible(p)) =>
                    {
                        for path in paths {
                            add_jump(&mut pr.jumps, self.board.reverse(path), k);
                        }
                    }
                    ir::Atom::Ride {
                        paths,
                        min,
                        max,
                        by_group: false,
                        over: false,
                        not_through: None,
                        not_past: None,
                    } if simple
                        && paths
                            .iter()
                            .all(|p| p.len() == 1 && self.board.reversible(p)) =>
                    {
                        for path in paths {
                            let back = self.board.reverse(path)[0];
                            match pr
                                .rays
                                .iter_mut()
                                .find(|r| r.0 == back && r.1 == *min && r.2 == *max)
                            {
                                Some(r) => r.3.insert(k),
                                None => {
                                    let mut ks = KindSet::default();
                                    ks.insert(k);
                                    pr.rays.push((back, *min, *max, ks));
                                }
                            }
                        }
                    }
                    // A drop captures nothing that stands anywhere in particular.
                    ir::Atom::Drop(_) => {}
                    _ => pr.slow.push((k, ri as u8)),
                }
            }
        }
        pr
    }

    /// Whether a player other than `defender` could capture on `cell` (as if an enemy of
    /// theirs stood there).
    pub fn attacked(&self, s: &State, cell: CellId, defender: PlayerId) -> bool {
        for (p, pr) in self.probes.iter().enumerate() {
            let p = p as PlayerId;
            if p == defender {
                continue;
            }
            let cells = self.board.cells();
            for (j, (_, kinds)) in pr.jumps.iter().enumerate() {
                let o = pr.jump_from[j * cells + cell as usize];
                if o != NO_CELL {
                    let occ = s.cells[o as usize];
                    if !occ.is_none() && occ.owner() == p && kinds.contains(occ.kind()) {
                        return true;
                    }
                }
            }
            for (back, min, max, kinds) in &pr.rays {
                let max = (*max).min(self.board.cells() as u32);
                let mut c = cell;
                let mut dist = 0;
                loop {
                    c = self.bd(s).step(c, *back);
                    if c == NO_CELL || c == cell {
                        break;
                    }
                    dist += 1;
                    if dist > max {
                        break;
                    }
                    let occ = s.cells[c as usize];
                    if !occ.is_none() {
                        if dist >= *min && occ.owner() == p && kinds.contains(occ.kind()) {
                            return true;
                        }
                        break;
                    }
                }
            }
            if !pr.slow.is_empty() && self.slow_attack(s, cell, p, &pr.slow) {
                return true;
            }
        }
        false
    }

    /// Whether any royal piece of `player` is attacked.
    pub fn checked(&self, s: &State, player: PlayerId) -> bool {
        if !self.has_royal {
            return false;
        }
        if s.single_royal {
            let c = s.royal_hint[player as usize & 15];
            if let Some(p) = s.cells.get(c as usize) {
                if !p.is_none() && p.owner() == player && self.royal.contains(p.kind()) {
                    return self.attacked(s, c, player);
                }
            }
        }
        s.cells.iter().enumerate().any(|(c, p)| {
            !p.is_none()
                && p.owner() == player
                && self.royal.contains(p.kind())
                && self.attacked(s, c as CellId, player)
        })
    }

    /// Generates the rule's moves from every piece that has it and looks for `cell`.
    fn slow_attack(&self, s: &State, cell: CellId, p: PlayerId, slow: &[(PieceId, u8)]) -> bool {
        let mut buf = Vec::new();
        // See the target as an enemy piece of `p`'s: what stands there when it is one,
        // else a stand-in of the first piece type.
        // (A royal piece asked about by `checked` is such an enemy: the state is read as it is.)
        let here = s.cells[cell as usize];
        let view = if here.is_none() || here.owner() == p {
            let other = if self.players > 1 {
                (p as usize + 1) % self.players
            } else {
                0
            } as PlayerId;
            let mut view = s.clone();
            view.cells[cell as usize] = Piece::new(0, other);
            std::borrow::Cow::Owned(view)
        } else {
            std::borrow::Cow::Borrowed(s)
        };
        let view: &State = &view;
        let kept = Kept::sparing(self, p, None);
        // Where every link moves at most one column and one row (`Board::unit_links`), a
        // step or leap rule cannot reach the cell from farther than its longest path.
        let coords = &self.program.board.coords;
        let on_grid = self.unit_links && s.area.is_none();
        let apart = |c: usize| {
            let ((ax, ay), (bx, by)) = (coords[c], coords[cell as usize]);
            u32::from(ax.abs_diff(bx).max(ay.abs_diff(by)))
        };
        for (c, &occ) in view.cells.iter().enumerate() {
            if occ.is_none() || occ.owner() != p {
                continue;
            }
            for &(k, ri) in slow {
                if occ.kind() != k {
                    continue;
                }
                buf.clear();
                let rule = &self.rules[p as usize][k as usize][ri as usize];
                let reach = match &rule.atom {
                    ir::Atom::Step(_) => Some(1),
                    ir::Atom::Leap(paths) => paths.iter().map(|p| p.len() as u32).max(),
                    _ => None,
                };
                if on_grid && reach.is_some_and(|r| apart(c) > r) {
                    continue;
                }
                if !self.fixed_holds(view, p, rule.fixed, &[], &kept) {
                    continue;
                }
                self.rule_moves(
                    view,
                    &kept,
                    (c as CellId, occ),
                    k,
                    ri,
                    rule,
                    p,
                    &mut Default::default(),
                    &mut buf,
                );
                if buf.iter().any(|m| m.to == cell) {
                    return true;
                }
            }
        }
        false
    }
}

/// Evaluation asks whether a cell or a royal piece is attacked through [`Attacks`].
impl Attacks for Game {
    #[inline]
    fn attacked(&self, s: &State, cell: CellId, defender: PlayerId) -> bool {
        Game::attacked(self, s, cell, defender)
    }
    #[inline]
    fn checked(&self, s: &State, player: PlayerId) -> bool {
        Game::checked(self, s, player)
    }
}

fn add_jump(jumps: &mut Vec<(Vec<ir::DirId>, KindSet)>, back: Vec<ir::DirId>, k: PieceId) {
    match jumps.iter_mut().find(|(b, _)| *b == back) {
        Some((_, ks)) => ks.insert(k),
        None => {
            let mut ks = KindSet::default();
            ks.insert(k);
            jumps.push((back, ks));
        }
    }
}
