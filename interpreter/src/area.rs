//! Drawn playing areas changed in play: a tessel split along a diagonal, two merged, a
//! splice added or taken away; the relations derived again where the change reaches
//! ([`Tessellation::alter`]) and the board relinked where its links changed.
//!
//! What a change derives again, and why the rest is kept:
//! - The tessellation: only the tessels the change reaches (`lang/src/tessellation/live.rs`
//!   writes down its invalidation).
//! - A cell's links are its edge, vertex and trace relations on the drawing's direction
//!   slots, which a change never alters: so they are copied from the area before for every
//!   cell whose relations are the same (the same kept relations, or equal ones derived
//!   again), and those cells' rows of the board are taken over ([`Board::relinked`]); the
//!   other cells are linked anew.
//! - What `can` asks of a cell (its diagonals, splices, merges) is shared with the area
//!   before under the conditions `Known::after` states. Whether two cells may merge is
//!   worked out pair by pair when first asked (on their two rings, nothing allocated), in
//!   a table by the cell's edge and vertex neighbours in turn: so a table is kept only
//!   while those neighbours and their rings are the same.
//! - The board reads its outlines from the tessellation, which it shares: a change copies
//!   none ([`Outlines::Drawn`]). Nor does it copy the drawing: the area keeps the direction
//!   slots and reads its tessels and splices from the tessellation ([`Area::drawing`] makes
//!   the drawing, for a save).

use crate::board::{Board, Outlines};
use once_cell::sync::OnceCell;
use std::sync::{Arc, OnceLock};
use tessel_lang::ast::AreaChange;
use tessel_lang::ir::{self, CellId, DirId};
use tessel_lang::tessellation::{Point, Redrawing, Tessellation, MAX_VERTICES};

/// A diagonal a tessel may be split along: two of its outline's corners.
type Diagonal = (usize, usize);

/// A drawn area as it stands, with the board its relations make.
#[derive(Clone, Debug)]
pub struct Area {
    pub board: Board,
    /// The drawing's direction slots: `edge`, `vertex` and `trace` (a change never alters
    /// them); its tessels and splices are the tessellation's.
    slots: Arc<[Vec<DirId>; 3]>,
    /// How many tessels the drawing has room for (the cells a change may alter).
    room: usize,
    /// The tessels (slot = cell) with their outlines as played and their relations, kept
    /// so that a change derives again only what it touches.
    pub tess: Arc<Tessellation>,
    /// The board's links are each cell's in turn: cell `c`'s are `link_at[c]..link_at[c
    /// + 1]` of [`Board::links`], with these costs.
    link_at: Vec<u32>,
    costs: Vec<u32>,
    /// Each cell's diagonals, worked out when first asked for (`can_split` asks often).
    diagonals: Vec<OnceCell<Arc<Vec<Diagonal>>>>,
    /// Each cell's merges, each worked out when first asked for: whether it may merge
    /// with each of its edge and vertex neighbours in turn (the outline a merge makes is
    /// worked out when it is made).
    merges: Vec<OnceCell<Arc<[OnceLock<bool>]>>>,
    /// The cells with no tessel, in order, worked out when first asked for.
    spares: OnceLock<Vec<usize>>,
    /// Each cell's splices (those with a point on its outline), in order, worked out when
    /// first asked for.
    spliced_at: Vec<OnceCell<Arc<Vec<usize>>>>,
}

impl Area {
    /// The area `drawing` makes, on the program's board `base` (names, directions,
    /// regions); `None` if the drawing is not a playing area.
    pub fn build(
        base: &ir::Board,
        regions: &[ir::Region],
        players: usize,
        drawing: ir::Drawing,
    ) -> Option<Area> {
        let cells = base.cells.len();
        let slots: Vec<Vec<Point>> = (0..cells)
            .map(|c| drawing.tessels.get(c).cloned().unwrap_or_default())
            .collect();
        let tess = Tessellation::new(&slots, &drawing.splices).ok()?;
        Some(Area::from_tessellation(
            base, regions, players, &drawing, tess,
        ))
    }

    /// The area of a derived tessellation of `drawing`.
    fn from_tessellation(
        base: &ir::Board,
        regions: &[ir::Region],
        players: usize,
        drawing: &ir::Drawing,
        tess: Tessellation,
    ) -> Area {
        let cells = base.cells.len();
        let all = Links::new(cells, &drawing.slots, &tess, None);
        let tess = Arc::new(tess);
        let board = ir::Board {
            cells: base.cells.clone(),
            dirs: base.dirs.clone(),
            links: all.links,
            opposite: base.opposite.clone(),
            cell_mirror: Vec::new(),
            dir_mirror: Vec::new(),
            grid: base.grid,
            rows: base.rows.clone(),
            coords: Vec::new(),
            outlines: Vec::new(),
            link_costs: all.costs,
            drawing: None,
        };
        let mut built = Board::build(&board, regions, players);
        built.outlines = Outlines::Drawn(tess.clone(), cells);
        Area {
            board: built,
            link_at: all.at,
            costs: board.link_costs,
            slots: Arc::new(drawing.slots.clone()),
            room: drawing.tessels.len(),
            diagonals: unknown(base.cells.len()),
            merges: unknown(base.cells.len()),
            spares: OnceLock::new(),
            spliced_at: unknown(base.cells.len()),
            tess,
        }
    }

    /// The drawing as it stands: each cell's tessel as drawn, the splices, the direction
    /// slots.
    pub fn drawing(&self) -> ir::Drawing {
        ir::Drawing {
            tessels: (0..self.room)
                .map(|c| self.tess.drawn(c).to_vec())
                .collect(),
            splices: self.tess.splices().to_vec(),
            slots: (*self.slots).clone(),
        }
    }

    /// The drawing's direction slots (`edge`, `vertex`, `trace`).
    pub fn slots(&self) -> &[Vec<DirId>; 3] {
        &self.slots
    }

    /// Whether the two areas are drawn the same (tessels and splices).
    pub fn drawn_as(&self, other: &Area) -> bool {
        self.room == other.room
            && (0..self.room).all(|c| self.tess.drawn(c) == other.tess.drawn(c))
            && self.tess.splices() == other.tess.splices()
    }

    /// Cell `c`'s outline as played (exact); empty for a spare cell.
    pub fn ring(&self, c: usize) -> &[Point] {
        self.tess.ring(c)
    }

    /// Cell `c`'s open edges (nothing on the other side).
    fn open(&self, c: usize) -> &[(Point, Point)] {
        self.tess.relations(c).map_or(&[], |r| &r.open)
    }

    /// The first spare cell (no tessel) that holds no piece.
    fn spare(&self, empty: impl Fn(usize) -> bool) -> Option<usize> {
        let spares = self.spares.get_or_init(|| {
            (0..self.room)
                .filter(|&c| self.tess.drawn(c).is_empty())
                .collect()
        });
        spares.iter().copied().find(|&c| empty(c))
    }

    /// The diagonals a tessel may be split along: pairs of its outline's corners.
    fn diagonals(&self, c: usize) -> &[(usize, usize)] {
        match self.diagonals.get(c) {
            Some(known) => known.get_or_init(|| Arc::new(self.find_diagonals(c))),
            None => &[],
        }
    }

    fn find_diagonals(&self, c: usize) -> Vec<(usize, usize)> {
        let r = self.ring(c);
        let n = r.len();
        let mut out = Vec::new();
        for i in 0..n {
            for j in i + 2..n {
                if i == 0 && j == n - 1 {
                    continue;
                }
                if inside_diagonal(r, i, j) {
                    out.push((i, j));
                }
            }
        }
        out
    }

    /// How many ways `c` may be split: two for each diagonal (which part keeps the cell).
    pub fn splits(&self, c: usize) -> usize {
        2 * self.diagonals(c).len()
    }

    /// Whether the change may be made (cheap checks; the change itself may still find the
    /// result is no playing area, and then changes nothing).
    pub fn can(&self, kind: AreaChange, a: usize, b: i64, empty: &dyn Fn(usize) -> bool) -> bool {
        let cells = self.room;
        if a >= cells || self.tess.drawn(a).is_empty() {
            return false;
        }
        match kind {
            AreaChange::Split => {
                b >= 1 && (b as usize) <= self.splits(a) && self.spare(empty).is_some()
            }
            AreaChange::Merge => {
                let b = b as usize;
                b < cells && b != a && empty(b) && self.may_merge(a, b)
            }
            AreaChange::Splice => {
                let b = b as usize;
                b < cells && b != a && !self.spliced(a, b) && self.splice_edges(a, b).is_some()
            }
            AreaChange::Unsplice => {
                let b = b as usize;
                b < cells && self.spliced(a, b)
            }
        }
    }

    /// Pushes onto `out` every cell `b` for which [`Area::can`]`(kind, a, b)` may hold (some
    /// of them more than once, some perhaps not): a merge is with an edge or vertex
    /// neighbour, a splice joins two tessels with open edges, an unsplice takes away a
    /// splice at `a`. A split names no cell: every cell.
    pub fn partners(&self, kind: AreaChange, a: usize, out: &mut Vec<usize>) {
        let cells = self.room;
        if a >= cells || self.tess.drawn(a).is_empty() {
            return;
        }
        match kind {
            AreaChange::Merge => {
                if let Some(r) = self.tess.relations(a) {
                    out.extend(r.edge.iter().chain(&r.vertex).copied());
                }
            }
            AreaChange::Splice if self.open(a).is_empty() => {}
            AreaChange::Splice => out.extend((0..cells).filter(|&b| !self.open(b).is_empty())),
            AreaChange::Unsplice if self.spliced_at(a).is_empty() => {}
            AreaChange::Unsplice | AreaChange::Split => out.extend(0..cells),
        }
    }

    /// The area after the change, if it can be made and gives a playing area.
    pub fn change(
        &self,
        base: &ir::Board,
        (kind, a, b): (AreaChange, usize, i64),
        empty: &dyn Fn(usize) -> bool,
    ) -> Option<Area> {
        let (redrawn, splices) = self.redrawing((kind, a, b), empty)?;
        let drawn = redrawn.len();
        // Only what the change touches is derived again (cells beyond the board's are
        // no tessels, as in `build`).
        let redrawn: Vec<(usize, Vec<Point>)> = redrawn
            .into_iter()
            .filter(|&(c, _)| c < base.cells.len())
            .collect();
        // A merge or a split redraws tessels that cover just what they covered before
        // (unless a part fell beyond the board's cells).
        let how = if matches!(kind, AreaChange::Merge | AreaChange::Split) && redrawn.len() == drawn
        {
            Redrawing::Regrouped
        } else {
            Redrawing::Any
        };
        let tess = self.tess.try_alter(
            &redrawn,
            splices.as_deref().unwrap_or(self.tess.splices()),
            how,
        )?;
        let cells = base.cells.len();
        let all = Links::new(cells, &self.slots, &tess, Some(self));
        let tess = Arc::new(tess);
        let outlines = Outlines::Drawn(tess.clone(), cells);
        let known = Known::after(self, &tess, cells);
        Some(Area {
            board: self
                .board
                .relinked(all.links, &all.costs, &all.at, outlines, &all.changed),
            link_at: all.at,
            costs: all.costs,
            slots: self.slots.clone(),
            room: self.room,
            diagonals: known.diagonals,
            merges: known.merges,
            spares: OnceLock::new(),
            spliced_at: known.spliced_at,
            tess,
        })
    }

    /// What the change redraws, if it can be made: the cells drawn anew (empty: no
    /// tessel), and the splices when they change (it may still be no playing area).
    #[allow(clippy::type_complexity)]
    fn redrawing(
        &self,
        (kind, a, b): (AreaChange, usize, i64),
        empty: &dyn Fn(usize) -> bool,
    ) -> Option<(Vec<(usize, Vec<Point>)>, Option<Vec<Vec<(Point, Point)>>>)> {
        if !self.can(kind, a, b, empty) {
            return None;
        }
        let mut redrawn: Vec<(usize, Vec<Point>)> = Vec::new();
        let mut splices = None;
        match kind {
            AreaChange::Split => {
                let way = b as usize - 1;
                let (i, j) = self.diagonals(a)[way / 2];
                let r = self.ring(a);
                let first: Vec<Point> = r[i..=j].to_vec();
                let second: Vec<Point> = r[j..].iter().chain(&r[..=i]).copied().collect();
                let (keep, other) = if way.is_multiple_of(2) {
                    (second, first)
                } else {
                    (first, second)
                };
                let new = self.spare(empty)?;
                redrawn = vec![(a, keep), (new, other)];
            }
            AreaChange::Merge => {
                redrawn = vec![(a, self.merge(a, b as usize)?), (b as usize, Vec::new())];
            }
            AreaChange::Splice => {
                // The first open edge of each, joined the way round that keeps the surface
                // orientable: a's p → q meets b's r → s with p = s and q = r.
                let ((p, q), (r, s)) = self.splice_edges(a, b as usize)?;
                let mut now = self.tess.splices().to_vec();
                now.push(vec![(p, s), (q, r)]);
                splices = Some(now);
            }
            AreaChange::Unsplice => {
                let gone = self.splices_between(a, b as usize);
                splices = Some(
                    self.tess
                        .splices()
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| !gone.contains(k))
                        .map(|(_, s)| s.clone())
                        .collect(),
                );
            }
        }
        Some((redrawn, splices))
    }

    /// The open edges a splice of `a` with `b` joins: the first of each (in outline
    /// order) that share no point with the other tessel.
    fn splice_edges(&self, a: usize, b: usize) -> Option<((Point, Point), (Point, Point))> {
        let (ra, rb) = (self.ring(a), self.ring(b));
        for &(p, q) in self.open(a) {
            if rb.contains(&p) || rb.contains(&q) {
                continue;
            }
            for &(r, s) in self.open(b) {
                if !ra.contains(&r) && !ra.contains(&s) {
                    return Some(((p, q), (r, s)));
                }
            }
        }
        None
    }

    /// The splices with a point on each of the two tessels.
    fn splices_between(&self, a: usize, b: usize) -> Vec<usize> {
        self.spliced_at(a)
            .iter()
            .copied()
            .filter(|&k| self.joins(k, a, b))
            .collect()
    }

    /// Whether a splice has a point on each of the two tessels.
    fn spliced(&self, a: usize, b: usize) -> bool {
        self.spliced_at(a).iter().any(|&k| self.joins(k, a, b))
    }

    /// The splices with a point on cell `c`'s outline.
    fn spliced_at(&self, c: usize) -> &[usize] {
        let Some(known) = self.spliced_at.get(c) else {
            return &[];
        };
        known.get_or_init(|| {
            let r = self.ring(c);
            Arc::new(
                (0..self.tess.splices().len())
                    .filter(|&k| {
                        self.tess.splices()[k]
                            .iter()
                            .any(|(p, q)| r.contains(p) || r.contains(q))
                    })
                    .collect(),
            )
        })
    }

    /// Whether splice `k` has a point on each of the two tessels.
    fn joins(&self, k: usize, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.ring(a), self.ring(b));
        self.tess.splices()[k]
            .iter()
            .any(|(p, q)| (ra.contains(p) && rb.contains(q)) || (ra.contains(q) && rb.contains(p)))
    }

    /// Whether `a` may merge with `b`, worked out when first asked for (pair by pair:
    /// what is asked of a cell is mostly a few of its neighbours).
    fn may_merge(&self, a: usize, b: usize) -> bool {
        // Tessels that share an edge share its vertices: each is the other's edge or
        // vertex neighbour.
        let (Some(r), Some(known)) = (self.tess.relations(a), self.merges.get(a)) else {
            return false;
        };
        let Some(j) = r.edge.iter().chain(&r.vertex).position(|&u| u == b) else {
            return false;
        };
        let table = known.get_or_init(|| {
            (0..r.edge.len() + r.vertex.len())
                .map(|_| OnceLock::new())
                .collect()
        });
        *table[j].get_or_init(|| self.joint(a, b).is_some())
    }

    /// The outline `a` and `b` merged make, if they may merge.
    fn merge(&self, a: usize, b: usize) -> Option<Vec<Point>> {
        if !self.may_merge(a, b) {
            return None;
        }
        let joint = self.joint(a, b)?;
        Some(joint.kept().collect())
    }

    /// How `a` and `b` join, when they share one unbroken run of edges and the outline
    /// they make together has at most 19 vertices (worked out on their rings, with
    /// nothing allocated).
    fn joint(&self, a: usize, b: usize) -> Option<Joint<'_>> {
        let (ra, rb) = (self.ring(a), self.ring(b));
        let (na, nb) = (ra.len(), rb.len());
        if na < 3 || nb < 3 {
            return None;
        }
        // Edge i of a (ra[i] → ra[i+1]) is shared when b has it the other way round.
        let shares = |i: usize| {
            let (p, q) = (ra[i], ra[(i + 1) % na]);
            (0..nb).any(|k| rb[k] == q && rb[(k + 1) % nb] == p)
        };
        // The first edge of the shared run (the one after an edge not shared), where the
        // run ends (its first edge not shared), and whether a second run starts after.
        let first = (0..na).position(|i| !shares(i))?;
        let mut s = None;
        let mut e = None;
        for step in 1..=na {
            let i = (first + step) % na;
            match (shares(i), s, e) {
                (true, None, _) => s = Some(i),
                // A second run.
                (true, Some(_), Some(_)) => return None,
                (false, Some(_), None) => e = Some(i),
                _ => {}
            }
        }
        let (s, e) = (s?, e?);
        // a from its end of the run round to its start, then b from there round to the end.
        let (start, end) = (ra[s], ra[e]);
        let la = (s + na - e) % na + 1;
        let kb = rb.iter().position(|&p| p == start)?;
        let ke = rb.iter().position(|&p| p == end)?;
        let lb = (ke + nb - kb) % nb;
        if lb == 0 {
            return None;
        }
        let joint = Joint {
            ra,
            rb,
            e,
            kb,
            la,
            n: la + lb - 1,
        };
        let kept = (0..joint.n).filter(|&i| !joint.straight(i)).count();
        (3..=MAX_VERTICES).contains(&kept).then_some(joint)
    }
}

/// The outline two tessels make together: `ra` from corner `e` round to the start of the
/// shared run (`la` points), then `rb` after that point round to just before the run's
/// end (`n` points in all), corners where it goes straight on left out.
struct Joint<'a> {
    ra: &'a [Point],
    rb: &'a [Point],
    e: usize,
    kb: usize,
    la: usize,
    n: usize,
}

impl Joint<'_> {
    /// The `i`th point of the outline, straight corners included.
    fn at(&self, i: usize) -> Point {
        if i < self.la {
            self.ra[(self.e + i) % self.ra.len()]
        } else {
            self.rb[(self.kb + 1 + i - self.la) % self.rb.len()]
        }
    }

    /// Whether the outline goes straight on at its `i`th point.
    fn straight(&self, i: usize) -> bool {
        let n = self.n;
        let (p, q, r) = (self.at((i + n - 1) % n), self.at(i), self.at((i + 1) % n));
        i128::from(q.0 - p.0) * i128::from(r.1 - p.1)
            == i128::from(q.1 - p.1) * i128::from(r.0 - p.0)
    }

    /// The outline's corners.
    fn kept(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.n)
            .filter(|&i| !self.straight(i))
            .map(|i| self.at(i))
    }
}

/// What an area's caches start with after a change: what the area before had worked out
/// about the tessels the change left alone, shared, not copied (set when made, with no
/// once-only step to go through); the rest unknown.
struct Known {
    diagonals: Vec<OnceCell<Arc<Vec<Diagonal>>>>,
    merges: Vec<OnceCell<Arc<[OnceLock<bool>]>>>,
    spliced_at: Vec<OnceCell<Arc<Vec<usize>>>>,
}

impl Known {
    /// For the area `tess` makes of `before` changed: a cell's diagonals
    /// depend only on its outline; its splices on its outline and the splices; its merges
    /// on its outline, its near tessels and their outlines.
    fn after(before: &Area, tess: &Tessellation, cells: usize) -> Known {
        let kept = before.merges.len().min(cells);
        let same: Vec<bool> = (0..cells)
            .map(|c| c < kept && tess.same_ring(&before.tess, c))
            .collect();
        let same_ring = |c: usize| same.get(c).copied().unwrap_or(false);
        fn near(t: &Tessellation, c: usize) -> Option<(&[usize], &[usize])> {
            t.relations(c)
                .map(|r| (r.edge.as_slice(), r.vertex.as_slice()))
        }
        fn take<T: Clone>(old: Option<&OnceCell<T>>, keep: bool) -> OnceCell<T> {
            match old.and_then(OnceCell::get) {
                Some(known) if keep => OnceCell::with_value(known.clone()),
                _ => OnceCell::new(),
            }
        }
        let same_splices = tess.splices() == before.tess.splices();
        let merges_kept = |c: usize| {
            let around = near(tess, c);
            same_ring(c)
                && around == near(&before.tess, c)
                && around
                    .iter()
                    .all(|(e, v)| e.iter().chain(*v).all(|&b| same_ring(b)))
        };
        Known {
            diagonals: (0..cells)
                .map(|c| take(before.diagonals.get(c), same_ring(c)))
                .collect(),
            spliced_at: (0..cells)
                .map(|c| take(before.spliced_at.get(c), same_ring(c) && same_splices))
                .collect(),
            merges: (0..cells)
                .map(|c| {
                    let old = before.merges.get(c);
                    let known = old.is_some_and(|m| m.get().is_some());
                    take(old, known && merges_kept(c))
                })
                .collect(),
        }
    }
}

/// A cache with nothing known yet for each cell.
fn unknown<T>(cells: usize) -> Vec<OnceCell<T>> {
    (0..cells).map(|_| OnceCell::new()).collect()
}

/// The board's links (`(from, dir, to)`, each tessel's edge, vertex and trace relations
/// in turn, on the drawing's direction slots) cell by cell, with their costs.
struct Links {
    links: Vec<(CellId, DirId, CellId)>,
    costs: Vec<u32>,
    /// Cell `c`'s links are `at[c]..at[c + 1]`.
    at: Vec<u32>,
    /// The cells whose links are not those of the area before (all, with none before).
    changed: Vec<bool>,
}

impl Links {
    /// The links of `tess` on the drawing's direction `slots`. A cell's links depend on its relations
    /// alone (the slots never change), so those of a cell whose relations are as in
    /// `before` are copied from it.
    fn new(
        cells: usize,
        slots: &[Vec<DirId>; 3],
        tess: &Tessellation,
        before: Option<&Area>,
    ) -> Links {
        let mut out = Links {
            links: Vec::with_capacity(before.map_or(0, |b| b.costs.len() + 16)),
            costs: Vec::with_capacity(before.map_or(0, |b| b.costs.len() + 16)),
            at: Vec::with_capacity(cells + 1),
            changed: vec![true; cells],
        };
        out.at.push(0);
        let kept = |c: usize| {
            before.filter(|b| c + 1 < b.link_at.len() && tess.same_relations(&b.tess, c))
        };
        let mut c = 0;
        while c < cells {
            if let Some(b) = kept(c) {
                // A run of cells whose links are taken over, in one copy.
                let mut end = c + 1;
                while end < cells && kept(end).is_some() {
                    end += 1;
                }
                let (from, to) = (b.link_at[c] as usize, b.link_at[end] as usize);
                let start = out.links.len() as u32;
                out.links.extend_from_slice(&b.board.links()[from..to]);
                out.costs.extend_from_slice(&b.costs[from..to]);
                out.changed[c..end].fill(false);
                out.at.extend(
                    b.link_at[c + 1..=end]
                        .iter()
                        .map(|&x| x - from as u32 + start),
                );
                c = end;
                continue;
            }
            if let Some(rel) = tess.relations(c) {
                let lists: [&mut dyn Iterator<Item = (usize, u32)>; 3] = [
                    &mut rel.edge.iter().map(|&u| (u, 1)),
                    &mut rel.vertex.iter().map(|&u| (u, 1)),
                    &mut rel.trace.iter().copied(),
                ];
                for (rel, list) in lists.into_iter().enumerate() {
                    // A tessel with more neighbours than slots keeps the first ones.
                    for ((u, cost), &d) in list.zip(&slots[rel]) {
                        out.links.push((c as CellId, d, u as CellId));
                        out.costs.push(cost);
                    }
                }
            }
            out.at.push(out.links.len() as u32);
            c += 1;
        }
        out
    }
}

/// The board's links, their costs, and each cell's outline, derived afresh (what an area
/// changed step by step must have).
#[cfg(test)]
#[allow(clippy::type_complexity)]
fn links(
    cells: usize,
    drawing: &ir::Drawing,
    tess: &Tessellation,
) -> (Vec<(CellId, DirId, CellId)>, Vec<u32>, Vec<Vec<(f64, f64)>>) {
    let all = Links::new(cells, &drawing.slots, tess, None);
    let outlines = (0..cells).map(|c| tess.outline(c).to_vec()).collect();
    (all.links, all.costs, outlines)
}

/// Whether the segment between corners i and j lies inside the outline: its middle is
/// inside, and it crosses no edge.
fn inside_diagonal(r: &[Point], i: usize, j: usize) -> bool {
    let (a, b) = (r[i], r[j]);
    let n = r.len();
    let side = |p: Point, q: Point, x: Point| {
        (i128::from(q.0 - p.0) * i128::from(x.1 - p.1)
            - i128::from(q.1 - p.1) * i128::from(x.0 - p.0))
        .signum()
    };
    for k in 0..n {
        let (c, d) = (r[k], r[(k + 1) % n]);
        if [c, d].contains(&a) || [c, d].contains(&b) {
            continue;
        }
        if side(a, b, c) * side(a, b, d) <= 0 && side(c, d, a) * side(c, d, b) <= 0 {
            return false;
        }
    }
    // The middle (doubled, to stay exact) is inside: even-odd rule on doubled points.
    let m = (a.0 + b.0, a.1 + b.1);
    let mut inside = false;
    for k in 0..n {
        let (c, d) = (
            (r[k].0 * 2, r[k].1 * 2),
            (r[(k + 1) % n].0 * 2, r[(k + 1) % n].1 * 2),
        );
        if (c.1 > m.1) != (d.1 > m.1) {
            let lhs = i128::from(m.0 - c.0) * i128::from(d.1 - c.1);
            let rhs = i128::from(d.0 - c.0) * i128::from(m.1 - c.1);
            if (d.1 > c.1 && lhs < rhs) || (d.1 < c.1 && lhs > rhs) {
                inside = !inside;
            }
        }
    }
    inside
}

#[cfg(test)]
mod tests;
