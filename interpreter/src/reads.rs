//! What an expression reads of a state once its operands are worked out: the tree evaluator
//! (`eval.rs`) and compiled code (`compile/`) share these, so the two cannot differ.
//! Every read takes any value for a cell (off the board, negative, `none`) without panic.

use crate::game::ruleset::Game;
use crate::state::{Piece, State};
use tessel_lang::ir::{self, CellId, DirId, PieceId, PlayerId, NEUTRAL, NO_CELL};

/// Whether `c` names a cell of `s`.
#[inline(always)]
fn on_board(s: &State, c: i64) -> bool {
    (0..s.cells.len() as i64).contains(&c)
}

/// A player's directions of a per-player direction set (the first player's if it has
/// none of its own).
#[inline(always)]
fn own_dirs(dirs: &[Vec<DirId>], mover: PlayerId) -> &[DirId] {
    dirs.get(mover as usize)
        .or(dirs.first())
        .map_or(&[][..], |d| d.as_slice())
}

/// The piece on top of a cell, if one is there.
#[inline(always)]
pub(crate) fn top(s: &State, c: i64) -> Option<Piece> {
    s.cells.get(c as usize).copied().filter(|p| !p.is_none())
}

/// The cell is on the board and holds no piece on top.
#[inline(always)]
pub(crate) fn empty(s: &State, c: i64) -> i64 {
    i64::from(c >= 0 && (c as usize) < s.cells.len() && s.cells[c as usize].is_none())
}

/// The top piece is `mover`'s (and of type `k`, if given).
#[inline(always)]
pub(crate) fn friend(s: &State, mover: PlayerId, c: i64, k: Option<PieceId>) -> i64 {
    i64::from(top(s, c).is_some_and(|p| p.owner() == mover && k.is_none_or(|k| p.kind() == k)))
}

/// The top piece belongs to a player other than `mover` (and is of type `k`, if given).
#[inline(always)]
pub(crate) fn enemy(s: &State, mover: PlayerId, c: i64, k: Option<PieceId>) -> i64 {
    i64::from(top(s, c).is_some_and(|p| {
        p.owner() != mover && p.owner() != NEUTRAL && k.is_none_or(|k| p.kind() == k)
    }))
}

/// The top piece is neutral (and of type `k`, if given).
#[inline(always)]
pub(crate) fn neutral(s: &State, c: i64, k: Option<PieceId>) -> i64 {
    i64::from(top(s, c).is_some_and(|p| p.owner() == NEUTRAL && k.is_none_or(|k| p.kind() == k)))
}

/// The owner of the top piece, or -1.
#[inline(always)]
pub(crate) fn owner_of(s: &State, c: i64) -> i64 {
    top(s, c).map_or(-1, |p| p.owner() as i64)
}

/// The top piece has never moved.
#[inline(always)]
pub(crate) fn unmoved(s: &State, c: i64) -> i64 {
    i64::from(top(s, c).is_some_and(|p| !p.moved()))
}

/// How many pieces the cell's stack holds.
pub(crate) fn height(s: &State, c: i64) -> i64 {
    match s.cells.get(c.max(0) as usize) {
        Some(p) if c >= 0 && !p.is_none() => {
            1 + s.buried.iter().filter(|(bc, _)| *bc as i64 == c).count() as i64
        }
        _ => 0,
    }
}

/// How many pieces of the cell's stack pass `like`.
fn in_stack(s: &State, c: i64, like: impl Fn(&Piece) -> bool) -> i64 {
    if !on_board(s, c) {
        return 0;
    }
    i64::from(like(&s.cells[c as usize]))
        + s.buried
            .iter()
            .filter(|(bc, p)| *bc as i64 == c && like(p))
            .count() as i64
}

/// How many pieces of type `k` the cell's stack holds.
pub(crate) fn holds(s: &State, c: i64, k: PieceId) -> i64 {
    in_stack(s, c, |p| !p.is_none() && p.kind() == k)
}

/// How many pieces of the cell's stack are `who`'s (any player's: all of them).
pub(crate) fn pieces_at(s: &State, c: i64, who: Option<i64>) -> i64 {
    in_stack(s, c, |p| {
        !p.is_none() && who.is_none_or(|w| p.owner() as i64 == w)
    })
}

/// The first cell holding a piece of type `k` of `who`, on top or beneath; `none`.
pub(crate) fn where_is(s: &State, k: PieceId, who: i64) -> i64 {
    // A piece's owner is a player's number below 16, its type a number below 255.
    if !(0..16).contains(&who) || k == PieceId::MAX {
        return NO_CELL as i64;
    }
    let wanted = Piece::new(k, who as PlayerId);
    let on_top = first_like(&s.cells, Piece::KIND_AND_OWNER, wanted.0);
    let beneath = s
        .buried
        .iter()
        .filter(|(_, p)| p.is_like(wanted))
        .map(|(c, _)| *c as usize)
        .min();
    match (on_top, beneath) {
        (Some(a), Some(b)) => a.min(b) as i64,
        (Some(a), None) | (None, Some(a)) => a as i64,
        (None, None) => NO_CELL as i64,
    }
}

/// How many pieces (of type `k`, of `who`) stand anywhere on the board.
pub(crate) fn count(s: &State, k: Option<PieceId>, who: Option<i64>) -> i64 {
    // The type and owner asked for, compared as bits of the piece at once.
    let (mut mask, mut want) = (0u16, 0u16);
    if let Some(k) = k {
        (mask, want) = (0xFF, Piece::new(k, 0).0 & 0xFF);
    }
    if let Some(w) = who {
        let Some(owner) = u8::try_from(w).ok().filter(|&w| w <= 0xF) else {
            return 0;
        };
        mask |= 0xF00;
        want |= Piece::new(0, owner).0 & 0xF00;
    }
    let on = count_like(&s.cells, mask, want);
    let under = s
        .buried
        .iter()
        .filter(|(_, p)| p.is_masked(mask, want))
        .count();
    (on + under) as i64
}

/// Four pieces (16 bits each) in a word, the first lowest.
#[inline(always)]
fn word(four: &[Piece]) -> u64 {
    four.iter()
        .rev()
        .fold(0u64, |w, p| w << 16 | u64::from(p.0))
}

/// How many of `cells` hold a piece whose bits under `mask` are `want` (counted in
/// 16 bits, so in runs of at most `u16::MAX` cells: the compiler counts a run with vector
/// additions).
fn count_like(cells: &[Piece], mask: u16, want: u16) -> usize {
    let hit = |p: &Piece| u16::from(p.is_masked(mask, want));
    cells
        .chunks(u16::MAX as usize)
        .map(|run| run.iter().map(hit).sum::<u16>() as usize)
        .sum()
}

/// The first of `cells` holding a piece whose bits under `mask` are `want` (not 0: no
/// empty cell is one): sixteen cells at a time, four to a word, each 16 bits of a word
/// compared at once.
fn first_like(cells: &[Piece], mask: u16, want: u16) -> Option<usize> {
    const ONES: u64 = 0x0001_0001_0001_0001;
    const TOPS: u64 = 0x8000_8000_8000_8000;
    debug_assert!(want & mask != 0, "an empty cell is never one");
    let (wide_mask, wide_want) = (ONES * u64::from(mask), ONES * u64::from(want & mask));
    // The top bit of each 16 set exactly where the piece is one (the 16 bits of `x` are
    // 0 there; no carry crosses from one 16 to the next).
    let ones = |four: &[Piece]| {
        let x = (word(four) & wide_mask) ^ wide_want;
        !(((x & !TOPS) + !TOPS) | x) & TOPS
    };
    let lanes = cells.chunks_exact(16);
    let rest = cells.len() - lanes.remainder().len();
    for (i, lane) in lanes.enumerate() {
        let found = [
            ones(&lane[..4]),
            ones(&lane[4..8]),
            ones(&lane[8..12]),
            ones(&lane[12..]),
        ];
        if found.iter().any(|&w| w != 0) {
            let (j, w) = found.iter().enumerate().find(|(_, &w)| w != 0)?;
            return Some(i * 16 + j * 4 + w.trailing_zeros() as usize / 16);
        }
    }
    let hit = |p: &Piece| p.is_masked(mask, want);
    cells[rest..].iter().position(hit).map(|j| rest + j)
}

impl Game {
    /// `mover`'s material less everyone else's, by the pieces' values.
    pub(crate) fn material(&self, s: &State, mover: PlayerId) -> i64 {
        s.cells
            .iter()
            .chain(s.buried.iter().map(|(_, p)| p))
            .filter(|p| !p.is_none() && p.owner() != NEUTRAL)
            .map(|p| {
                let v = self
                    .program
                    .pieces
                    .get(p.kind() as usize)
                    .map(|t| t.value)
                    .unwrap_or(0);
                if p.owner() == mover {
                    v
                } else {
                    -v
                }
            })
            .sum()
    }

    /// The cell is in region `r` as `mover` sees it.
    #[inline(always)]
    pub(crate) fn in_region(&self, mover: PlayerId, c: i64, r: ir::RegionId) -> i64 {
        i64::from(
            (0..NO_CELL as i64).contains(&c)
                && self.board.regions[r as usize]
                    .get(mover as usize)
                    .is_some_and(|set| set.contains(c as CellId)),
        )
    }

    /// How many of the cell's neighbours pass `holds` (0 off the board).
    #[inline(always)]
    pub(crate) fn around(&self, s: &State, c: i64, holds: impl FnMut(CellId) -> bool) -> i64 {
        self.around_to(s, c, i64::MAX, holds)
    }

    /// As [`Game::around`], counting no further than `most` (a comparison with a number
    /// is decided once the count reaches it).
    #[inline]
    pub(crate) fn around_to(
        &self,
        s: &State,
        c: i64,
        most: i64,
        mut holds: impl FnMut(CellId) -> bool,
    ) -> i64 {
        if !on_board(s, c) {
            return 0;
        }
        let mut n = 0;
        for t in self.bd(s).neighbours(c as CellId) {
            if n >= most {
                break;
            }
            n += i64::from(holds(t));
        }
        n
    }

    /// `a` and `b` are neighbours.
    pub(crate) fn adjacent(&self, s: &State, a: i64, b: i64) -> i64 {
        i64::from(
            on_board(s, a)
                && on_board(s, b)
                && self.bd(s).neighbours(a as CellId).any(|t| t as i64 == b),
        )
    }

    /// `b` is one step from `a` along one of `mover`'s directions of `dirs`.
    pub(crate) fn adjacent_via(
        &self,
        s: &State,
        mover: PlayerId,
        a: i64,
        b: i64,
        dirs: &[Vec<DirId>],
    ) -> i64 {
        if !on_board(s, a) || !on_board(s, b) {
            return 0;
        }
        let board = self.bd(s);
        i64::from(
            own_dirs(dirs, mover)
                .iter()
                .any(|&d| board.step(a as CellId, d) as i64 == b),
        )
    }

    /// Steps from `a` to `b` along `mover`'s directions of `dirs`; -1 if it cannot.
    pub(crate) fn distance(
        &self,
        s: &State,
        mover: PlayerId,
        a: i64,
        b: i64,
        dirs: &[Vec<DirId>],
    ) -> i64 {
        if !on_board(s, a) || !on_board(s, b) {
            return -1;
        }
        self.bd(s)
            .distance(a as CellId, b as CellId, own_dirs(dirs, mover))
            .map_or(-1, i64::from)
    }

    /// The cell a path of `mover`'s leads to from `c`; `none`.
    pub(crate) fn walk_path(
        &self,
        s: &State,
        mover: PlayerId,
        c: i64,
        paths: &[Vec<DirId>],
    ) -> i64 {
        if c < 0 || c >= NO_CELL as i64 {
            return NO_CELL as i64;
        }
        let path = paths
            .get(mover as usize)
            .map(|p| p.as_slice())
            .unwrap_or(&[]);
        self.bd(s).walk(c as CellId, path) as i64
    }

    /// The cell at a column and row; `none`.
    pub(crate) fn cell_at(&self, x: i64, y: i64) -> i64 {
        cell_at(&self.by_coord, &self.program.board.coords, x, y)
    }

    /// The cell's column (`row` false) or row; 0 off the board.
    pub(crate) fn coordinate(&self, c: i64, row: bool) -> i64 {
        coordinate(&self.program.board.coords, c, row)
    }

    /// How many pieces of type `k` `who` holds in zone `z` (`who` not a player: 0).
    pub(crate) fn held(&self, s: &State, z: ir::ZoneId, k: PieceId, who: PlayerId) -> i64 {
        s.zones.get(self.zone_slot(z, who, k)).copied().unwrap_or(0) as i64
    }

    /// Whether `a` and `b` lie on one line with every cell between them passing `clear`.
    pub(crate) fn in_line(&self, s: &State, a: i64, b: i64, clear: impl Fn(CellId) -> bool) -> i64 {
        let n = s.cells.len() as i64;
        if !(0..n).contains(&a) || !(0..n).contains(&b) || a == b {
            return 0;
        }
        let (a, b) = (a as CellId, b as CellId);
        let board = self.bd(s);
        // Where every direction goes straight, only those whose step leads from `a` to `b`
        // are walked, and only as far as `b`.
        let coords = &self.program.board.coords;
        if let (Some(steps), None, Some(&pa), Some(&pb)) = (
            &self.straight_steps,
            &s.area,
            coords.get(a as usize),
            coords.get(b as usize),
        ) {
            let (dx, dy) = (
                i32::from(pb.0) - i32::from(pa.0),
                i32::from(pb.1) - i32::from(pa.1),
            );
            if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                return 0;
            }
            let unit = (dx.signum() as i8, dy.signum() as i8);
            let len = dx.abs().max(dy.abs());
            let found = steps.iter().enumerate().any(|(d, &step)| {
                if step != Some(unit) {
                    return false;
                }
                let mut t = board.step(a, d as u8);
                for _ in 1..len {
                    if t == NO_CELL || !clear(t) {
                        return false;
                    }
                    t = board.step(t, d as u8);
                }
                t == b
            });
            return i64::from(found);
        }
        self.in_line_walked(s, a, b, clear)
    }

    /// Whether `found` holds at one of the cells met walking every direction from `a`, each
    /// until it leaves the board, comes back to `a` or passes a cell that is not clear (that
    /// cell met, not passed): every cell `b` with [`Game::in_line`]`(a, b, clear)` is met, on
    /// any board (the straight lines are among the directions walked).
    pub(crate) fn line_cells(
        &self,
        s: &State,
        a: i64,
        clear: impl Fn(CellId) -> bool,
        mut found: impl FnMut(CellId) -> bool,
    ) -> bool {
        let n = s.cells.len() as i64;
        if !(0..n).contains(&a) {
            return false;
        }
        let a = a as CellId;
        let board = self.bd(s);
        (0..self.board.dir_names.len()).any(|d| {
            let mut t = board.step(a, d as u8);
            // No line is longer than the board has cells, even round a cycle.
            for _ in 0..n {
                if t == NO_CELL || t == a {
                    return false;
                }
                if found(t) {
                    return true;
                }
                if !clear(t) {
                    return false;
                }
                t = board.step(t, d as u8);
            }
            false
        })
    }

    /// [`Game::in_line`] on any board: every direction walked from `a` until it meets `b`,
    /// leaves the board, comes back to `a` or passes a cell that is not clear.
    fn in_line_walked(
        &self,
        s: &State,
        a: CellId,
        b: CellId,
        clear: impl Fn(CellId) -> bool,
    ) -> i64 {
        let n = s.cells.len() as i64;
        let board = self.bd(s);
        let found = (0..self.board.dir_names.len()).any(|d| {
            let mut t = board.step(a, d as u8);
            // No line is longer than the board has cells, even round a cycle.
            for _ in 0..n {
                if t == NO_CELL || t == a {
                    return false;
                }
                if t == b {
                    return true;
                }
                if !clear(t) {
                    return false;
                }
                t = board.step(t, d as u8);
            }
            false
        });
        i64::from(found)
    }

    /// How many cells strictly between `a` and `b`, on the straight line joining them, pass
    /// `test`; -1 when `b` lies on no line from `a`. Where several directions reach `b` (a
    /// board that loops), the one with the fewest cells between is taken.
    pub(crate) fn count_between(
        &self,
        s: &State,
        a: i64,
        b: i64,
        test: impl Fn(CellId) -> bool,
    ) -> i64 {
        let n = s.cells.len() as i64;
        if !(0..n).contains(&a) || !(0..n).contains(&b) || a == b {
            return -1;
        }
        let (a, b) = (a as CellId, b as CellId);
        let board = self.bd(s);
        let count_along = |d: u8, len: i64| {
            // The cells between, and whether the walk then meets `b`.
            let mut t = board.step(a, d);
            let mut count = 0;
            for _ in 0..len {
                count += i64::from(test(t));
                t = board.step(t, d);
            }
            (count, t == b)
        };
        // On a generated grid the line's direction and length are guessed from the two
        // cells' columns and rows, and the guess is walked: a wrong one (a board whose
        // directions are not straight in columns and rows) falls back to the search below.
        let coords = &self.program.board.coords;
        if self.program.board.grid.is_some() && s.area.is_none() && coords.len() == n as usize {
            let at = |c: CellId| {
                let (x, y) = coords[c as usize];
                (i64::from(x), i64::from(y))
            };
            let ((ax, ay), (bx, by)) = (at(a), at(b));
            let (dx, dy) = (bx - ax, by - ay);
            if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
                let unit = (ax + dx.signum(), ay + dy.signum());
                let d = (0..self.board.dir_names.len() as u8).find(|&d| {
                    let t = board.step(a, d);
                    t != NO_CELL && at(t) == unit
                });
                if let Some(d) = d {
                    if let (count, true) = count_along(d, dx.abs().max(dy.abs()) - 1) {
                        return count;
                    }
                }
            }
        }
        // The shortest line from `a` to `b`: its direction and length.
        let mut best: Option<(u8, i64)> = None;
        for d in 0..self.board.dir_names.len() as u8 {
            let mut t = board.step(a, d);
            let mut len = 0;
            while t != NO_CELL && t != a && len < n {
                if t == b {
                    if best.is_none_or(|(_, l)| len < l) {
                        best = Some((d, len));
                    }
                    break;
                }
                len += 1;
                t = board.step(t, d);
            }
        }
        best.map_or(-1, |(d, len)| count_along(d, len).0)
    }

    /// Whether the drawn area holds cell `a` now (a fixed board: every cell).
    pub(crate) fn drawn(&self, s: &State, a: i64) -> i64 {
        match (&s.area, usize::try_from(a)) {
            (Some(area), Ok(c)) => i64::from(!area.ring(c).is_empty()),
            (None, Ok(c)) => i64::from(c < s.cells.len()),
            _ => 0,
        }
    }

    /// Whether the drawn area may be changed so at `a` (and `b`).
    pub(crate) fn area_can(
        &self,
        s: &State,
        kind: tessel_lang::ast::AreaChange,
        a: i64,
        b: i64,
    ) -> i64 {
        match (&s.area, usize::try_from(a)) {
            (Some(area), Ok(a)) if a < s.cells.len() => {
                let empty = |c: usize| self.bare(s, c);
                i64::from(area.can(kind, a, b, &empty))
            }
            _ => 0,
        }
    }

    /// The cells `b` (as [`Game::area_can`]'s second cell) for which `area_can(kind, a, b)`
    /// may hold, for each of `kinds`, pushed onto `out` (a cell may come twice).
    pub(crate) fn area_partners(
        &self,
        s: &State,
        kinds: &[tessel_lang::ast::AreaChange],
        a: i64,
        out: &mut Vec<usize>,
    ) {
        if let (Some(area), Ok(a)) = (&s.area, usize::try_from(a)) {
            if a < s.cells.len() {
                for &k in kinds {
                    area.partners(k, a, out);
                }
            }
        }
    }

    /// Into how many parts cell `a`'s tessel may be split.
    pub(crate) fn splits(&self, s: &State, a: i64) -> i64 {
        match (&s.area, usize::try_from(a)) {
            (Some(area), Ok(a)) if a < s.cells.len() => area.splits(a) as i64,
            _ => 0,
        }
    }
}

/// The cell at a column and row of a board with cells at `coords`, through its table of
/// cells by coordinates (see [`Game::by_coord`]); `none`.
pub(crate) fn cell_at(
    by_coord: &(usize, Vec<CellId>),
    coords: &[(u16, u16)],
    x: i64,
    y: i64,
) -> i64 {
    let (width, cells) = by_coord;
    match (usize::try_from(x), usize::try_from(y)) {
        (Ok(x), Ok(y)) if x < *width => y
            .checked_mul(*width)
            .and_then(|row| cells.get(row + x))
            .map_or(NO_CELL as i64, |&c| c as i64),
        // A board too large for the table: look through the cells.
        _ if cells.is_empty() => coords
            .iter()
            .position(|&(cx, cy)| cx as i64 == x && cy as i64 == y)
            .map_or(NO_CELL as i64, |c| c as i64),
        _ => NO_CELL as i64,
    }
}

/// Cell `c`'s column (`row` false) or row on a board with cells at `coords`; 0 off the
/// board.
pub(crate) fn coordinate(coords: &[(u16, u16)], c: i64, row: bool) -> i64 {
    let at = usize::try_from(c).ok().and_then(|c| coords.get(c));
    match at {
        Some(&(x, y)) => i64::from(if row { y } else { x }),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(board: &str) -> Game {
        let rules = format!(
            "game \"Lines\"\nplayers white black\nboard {board}\npiece man M m {{\n  move step n\n}}\n"
        );
        let loader = tessel_lang::MapLoader(Default::default());
        let program = tessel_lang::compile("lines", &rules, &loader, &[])
            .program
            .expect("the rules are valid");
        Game::new(program)
    }

    /// On boards whose directions go straight, lines found by arithmetic are those found
    /// by walking every direction: for every two cells and several sets of clear cells.
    #[test]
    fn lines_by_steps_are_lines_walked() {
        for board in ["grid 5 x 4", "grid 4 x 4 rhombus", "grid 6 x 3 orthogonal"] {
            let g = game(board);
            assert!(g.straight_steps.is_some(), "{board}: straight");
            let s = g.empty_state(0);
            let n = s.cells.len() as CellId;
            let mut lines = 0;
            for k in 0..4u32 {
                let clear = |t: CellId| k == 0 || (u32::from(t) * 7 + k) % 3 != 0;
                for a in 0..n {
                    for b in 0..n {
                        let (a, b) = (i64::from(a), i64::from(b));
                        let fast = g.in_line(&s, a, b, clear);
                        let walked = if a == b {
                            0
                        } else {
                            g.in_line_walked(&s, a as CellId, b as CellId, clear)
                        };
                        assert_eq!(fast, walked, "{board}: {a} to {b}, clear set {k}");
                        lines += fast;
                    }
                }
            }
            assert!(lines > 0, "{board}: some lines");
        }
    }

    /// Searches four cells to a word, and counts in runs, find what a search cell by cell
    /// finds: the first piece like the one asked for and how many, on boards of every
    /// length up to a few words, with the pieces in every word and in the cells past the
    /// last whole word.
    #[test]
    fn lanes_find_what_cells_find() {
        let like = Piece::new(3, 1);
        for n in 0..53 {
            for every in 1..=n.max(1) {
                let cells: Vec<Piece> = (0..n)
                    .map(|i| match i % every {
                        0 if i > 0 => like.with_moved(i % 2 == 0),
                        1 => Piece::new(3, 0),
                        _ => Piece::NONE,
                    })
                    .collect();
                let (mask, want) = (Piece::KIND_AND_OWNER, like.0);
                let first = cells.iter().position(|p| p.is_like(like));
                assert_eq!(
                    first_like(&cells, mask, want),
                    first,
                    "{n} cells, every {every}"
                );
                let many = cells.iter().filter(|p| p.is_like(like)).count();
                assert_eq!(
                    count_like(&cells, mask, want),
                    many,
                    "{n} cells, every {every}"
                );
            }
        }
        // More cells than a run's 16-bit count holds, every one a match.
        let many = vec![like; 70_000];
        assert_eq!(count_like(&many, Piece::KIND_AND_OWNER, like.0), 70_000);
    }

    /// Counting by type and owner at once gives what asking each piece gives, on the
    /// board and beneath it, for every type, owner and out-of-range owner asked.
    #[test]
    fn count_asks_each_piece_its_type_and_owner() {
        let mut s = State::empty(6, Vec::new(), 0, 0);
        s.cells[0] = Piece::new(0, 0);
        s.cells[1] = Piece::new(2, 1).with_moved(true);
        s.cells[3] = Piece::new(0, NEUTRAL);
        s.cells[4] = Piece::new(2, 0);
        s.buried.push((4, Piece::new(0, 1)));
        let all: Vec<Piece> = s
            .cells
            .iter()
            .chain(s.buried.iter().map(|(_, p)| p))
            .copied()
            .collect();
        for k in [None, Some(0), Some(1), Some(2)] {
            for who in [
                None,
                Some(0),
                Some(1),
                Some(NEUTRAL as i64),
                Some(-1),
                Some(16),
            ] {
                let naive = all
                    .iter()
                    .filter(|p| {
                        !p.is_none()
                            && k.is_none_or(|k| p.kind() == k)
                            && who.is_none_or(|w| p.owner() as i64 == w)
                    })
                    .count() as i64;
                assert_eq!(count(&s, k, who), naive, "{k:?} {who:?}");
            }
        }
    }
}
