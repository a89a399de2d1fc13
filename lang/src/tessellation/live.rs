//! A drawn area kept between alterations, re-derived incrementally: after tessels are
//! redrawn (split, merged) or splices added or taken away, only what the change touches is
//! derived again, and the result is the one [`super::derive`] gives for the new drawing.
//!
//! The invariant (why the parts kept are still right):
//! - A tessel's corners and checks (self-crossing, flat) depend on its own drawing alone:
//!   kept unless it was redrawn.
//! - Its ring (corners with the drawn points on its edges) changes only if it was redrawn
//!   or a point on one of its edges appeared or vanished — a point of a redrawn tessel's
//!   old or new drawing that no other tessel draws (found by a scan of bounding boxes).
//! - Overlaps (edges crossing, a vertex inside another tessel) can only be new between a
//!   redrawn tessel and one whose bounding box meets its own; and none can be new, nor can
//!   the area come apart, where the redrawn tessels together cover just what they covered
//!   before ([`Redrawing::Regrouped`]: two merged, or one split along a diagonal inside
//!   it): each other tessel meets them where it met them before, no more, and the parts
//!   of a split tessel share the diagonal.
//! - The ring edges at each vertex are kept and listed again only at the vertices of the
//!   tessels whose rings changed (`incidence.rs` writes down why that reads as the full
//!   derivation's numbering and tables do).
//! - A tessel's relations read only the tessels that share a vertex with it and those
//!   that share a vertex with them (a trace runs along the boundary of two of its
//!   neighbours and stops where a third tessel touches), and the order of vertices there.
//!   So they are derived again only for tessels within two steps of a changed one (redrawn,
//!   ring changed, or at a vertex a changed splice joins), before or after the change; the
//!   rest are kept. (The order of a vertex changes only when a changed tessel draws it.)
//! - Each check made here is one the full derivation makes on the same data, so when one
//!   fails the new drawing is no playing area: [`Tessellation::alter`] then derives it
//!   afresh to report the problems exactly as [`super::derive`] does, and
//!   [`Tessellation::try_alter`] (play, which needs no report) just says so.

use super::incidence::Incidence;
use super::topology::apart;
use super::{
    corners, derive, dist2, inside_segment, outline, side, strictly_inside, Drawn, Point, Problem,
    Relations,
};
use std::sync::Arc;

/// What an alteration promises of the tessels it redraws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Redrawing {
    /// Nothing: the redrawn tessels are checked for overlaps, the area for coming apart.
    Any,
    /// The redrawn tessels together cover just what they covered before (two merged into
    /// one, one split in two along a diagonal inside it): neither check can fail, and
    /// neither is made.
    Regrouped,
}

/// Why an alteration was not derived incrementally.
pub(super) enum Failed {
    /// A check failed that the whole drawing fails too: it is no playing area.
    Wrong,
    /// Something the incremental derivation does not expect: derive it afresh.
    Unsure,
}

/// One tessel as drawn and played.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    drawn: Vec<Point>,
    /// Counter-clockwise, repeats dropped.
    corners: Vec<Point>,
    /// The corners with the drawn points on the edges added.
    ring: Vec<Point>,
    outline: Arc<[(f64, f64)]>,
    lo: Point,
    hi: Point,
}

impl Shape {
    fn new(drawn: Vec<Point>, corners: Vec<Point>, ring: Vec<Point>) -> Shape {
        let (lo, hi) = bounds(&corners);
        Shape {
            outline: outline(&ring).into(),
            drawn,
            corners,
            ring,
            lo,
            hi,
        }
    }
    /// Whether `p` lies in the bounding box (edges included).
    fn boxes(&self, p: Point) -> bool {
        p.0 >= self.lo.0 && p.0 <= self.hi.0 && p.1 >= self.lo.1 && p.1 <= self.hi.1
    }
    /// Whether the bounding boxes meet (edges included).
    fn meets(&self, lo: Point, hi: Point) -> bool {
        self.lo.0 <= hi.0 && lo.0 <= self.hi.0 && self.lo.1 <= hi.1 && lo.1 <= self.hi.1
    }
}

/// A playing area drawn as polygons in numbered slots (a slot may be empty), with its
/// derived relations; tessel numbers in them are slot numbers.
#[derive(Clone, Debug, Default)]
pub struct Tessellation {
    shapes: Vec<Option<Arc<Shape>>>,
    splices: Vec<Vec<(Point, Point)>>,
    rel: Vec<Option<Arc<Relations>>>,
    /// The ring edges at each vertex, kept for the next alteration (how they are numbered
    /// is no part of the area: equal areas may number them differently).
    inc: Incidence,
}

impl PartialEq for Tessellation {
    fn eq(&self, other: &Tessellation) -> bool {
        self.shapes == other.shapes && self.splices == other.splices && self.rel == other.rel
    }
}

impl Tessellation {
    /// Derives the area drawn in `slots` (empty slots are no tessels) joined by `splices`;
    /// problems number the tessels drawn, empty slots skipped, as [`derive`] does.
    pub fn new(
        slots: &[Vec<Point>],
        splices: &[Vec<(Point, Point)>],
    ) -> Result<Tessellation, Vec<Problem>> {
        let labels: Vec<usize> = (0..slots.len()).filter(|&c| !slots[c].is_empty()).collect();
        let drawn: Vec<Drawn> = labels
            .iter()
            .map(|&c| Drawn {
                points: slots[c].clone(),
            })
            .collect();
        let mut d = derive(&drawn, splices)?;
        let mut out = Tessellation {
            shapes: vec![None; slots.len()],
            splices: splices.to_vec(),
            rel: vec![None; slots.len()],
            inc: Incidence::default(),
        };
        for (k, &c) in labels.iter().enumerate() {
            let corners = corners(&slots[c], k).map_err(|p| vec![p])?;
            let ring = std::mem::take(&mut d.rings[k]);
            out.shapes[c] = Some(Arc::new(Shape::new(slots[c].clone(), corners, ring)));
            out.rel[c] = Some(Arc::new(Relations {
                edge: d.edge[k].iter().map(|&u| labels[u]).collect(),
                vertex: d.vertex[k].iter().map(|&u| labels[u]).collect(),
                trace: d.trace[k].iter().map(|&(u, c)| (labels[u], c)).collect(),
                open: std::mem::take(&mut d.open[k]),
            }));
        }
        let shapes = &out.shapes;
        out.inc = Incidence::new(slots.len(), |c| view(shapes, c), splices)
            .expect("a derived area's splices join drawn points");
        Ok(out)
    }

    /// How many slots.
    #[inline]
    pub fn slots(&self) -> usize {
        self.shapes.len()
    }

    /// What slot `c` draws (empty: no tessel).
    #[inline]
    pub fn drawn(&self, c: usize) -> &[Point] {
        self.shape(c).map_or(&[], |s| &s.drawn)
    }

    /// Slot `c`'s outline as played, counter-clockwise, with the vertices other tessels
    /// add to its edges (exact; empty for an empty slot).
    #[inline]
    pub fn ring(&self, c: usize) -> &[Point] {
        self.shape(c).map_or(&[], |s| &s.ring)
    }

    /// The same outline in units.
    #[inline]
    pub fn outline(&self, c: usize) -> &[(f64, f64)] {
        self.shape(c).map_or(&[], |s| &s.outline)
    }

    /// Slot `c`'s relations (none for an empty slot).
    #[inline]
    pub fn relations(&self, c: usize) -> Option<&Relations> {
        self.rel.get(c).and_then(|r| r.as_deref())
    }

    /// Whether slot `c` has the ring it has in `before` (both empty: an empty slot); a
    /// shape the change left alone is the same shape, known without comparing.
    pub fn same_ring(&self, before: &Tessellation, c: usize) -> bool {
        match (
            self.shapes.get(c).and_then(Option::as_ref),
            before.shapes.get(c).and_then(Option::as_ref),
        ) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a.ring == b.ring,
            _ => self.ring(c) == before.ring(c),
        }
    }

    /// Whether slot `c` has the relations it has in `before` (both none: an empty slot).
    pub fn same_relations(&self, before: &Tessellation, c: usize) -> bool {
        match (
            self.rel.get(c).and_then(Option::as_ref),
            before.rel.get(c).and_then(Option::as_ref),
        ) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
            (a, b) => a.is_none() && b.is_none(),
        }
    }

    /// The splices, each a list of pairs of points made one vertex.
    pub fn splices(&self) -> &[Vec<(Point, Point)>] {
        &self.splices
    }

    #[inline]
    fn shape(&self, c: usize) -> Option<&Shape> {
        self.shapes.get(c).and_then(|s| s.as_deref())
    }

    /// Whether some tessel draws `p`.
    fn draws(&self, p: Point) -> bool {
        self.shapes
            .iter()
            .flatten()
            .any(|s| s.boxes(p) && s.drawn.contains(&p))
    }

    /// The area with each slot `(c, points)` of `redrawn` drawn anew (empty: the slot is
    /// emptied) and `splices` for the splices: the result [`Tessellation::new`] gives for
    /// that drawing, derived again only where the change reaches.
    pub fn alter(
        &self,
        redrawn: &[(usize, Vec<Point>)],
        splices: &[Vec<(Point, Point)>],
    ) -> Result<Tessellation, Vec<Problem>> {
        match self.altered(redrawn, splices, Redrawing::Any) {
            Ok(new) => Ok(new),
            Err(_) => self.afresh(redrawn, splices),
        }
    }

    /// As [`Tessellation::alter`], without saying what is wrong when the result is no
    /// playing area (the problems are not looked for); `how` tells what the redrawing
    /// promises (a promise not kept gives a wrong area).
    pub fn try_alter(
        &self,
        redrawn: &[(usize, Vec<Point>)],
        splices: &[Vec<(Point, Point)>],
        how: Redrawing,
    ) -> Option<Tessellation> {
        match self.altered(redrawn, splices, how) {
            Ok(new) => Some(new),
            Err(Failed::Wrong) => None,
            Err(Failed::Unsure) => self.afresh(redrawn, splices).ok(),
        }
    }

    fn altered(
        &self,
        redrawn: &[(usize, Vec<Point>)],
        splices: &[Vec<(Point, Point)>],
        how: Redrawing,
    ) -> Result<Tessellation, Failed> {
        let checked = how == Redrawing::Any;
        let mut new = self.clone();
        let top = redrawn.iter().map(|r| r.0 + 1).max().unwrap_or(0);
        if top > new.shapes.len() {
            new.shapes.resize(top, None);
            new.rel.resize(top, None);
        }
        new.splices = splices.to_vec();
        let n = new.shapes.len();
        let mut changed = vec![false; n];
        let mut moved: Vec<Point> = Vec::new();
        let mut reshaped: Vec<usize> = Vec::new();
        for (c, points) in redrawn {
            changed[*c] = true;
            moved.extend(self.drawn(*c));
            moved.extend(points);
            new.rel[*c] = None;
            if points.is_empty() {
                new.shapes[*c] = None;
                continue;
            }
            let Ok(corners) = corners(points, 0) else {
                return Err(Failed::Wrong);
            };
            new.shapes[*c] = Some(Arc::new(Shape::new(points.clone(), corners, Vec::new())));
            reshaped.push(*c);
        }
        // Points that appeared or vanished: the tessels they lie on get new rings.
        moved.sort_unstable();
        moved.dedup();
        let flipped: Vec<Point> = moved
            .into_iter()
            .filter(|&p| self.draws(p) != new.draws(p))
            .collect();
        let mut rering = reshaped.clone();
        for (c, change) in changed.iter_mut().enumerate().take(n) {
            if let (false, Some(s)) = (*change, new.shape(c)) {
                let k = s.corners.len();
                let on = |p: Point| {
                    s.boxes(p)
                        && (0..k).any(|i| inside_segment(p, s.corners[i], s.corners[(i + 1) % k]))
                };
                if flipped.iter().any(|&p| on(p)) {
                    *change = true;
                    rering.push(c);
                }
            }
        }
        for &c in &rering {
            let Some(s) = new.shape(c) else { continue };
            let ring = new.ring_of(&s.corners);
            new.shapes[c] = Some(Arc::new(Shape::new(
                s.drawn.clone(),
                s.corners.clone(),
                ring,
            )));
        }
        // Overlaps can only be new where a redrawn tessel is.
        if checked && reshaped.iter().any(|&c| new.overlaps(c)) {
            return Err(Failed::Wrong);
        }
        // Splices added or taken away: the tessels at every point they join, before or
        // after, have new joined rings.
        if splices != self.splices.as_slice() {
            let joined = spliced_anew(&self.splices, splices);
            for (c, flag) in changed.iter_mut().enumerate() {
                let on = |r: &[Point]| r.iter().any(|p| joined.contains(p));
                if on(self.ring(c)) || on(new.ring(c)) {
                    *flag = true;
                }
            }
        }
        let respliced = splices != self.splices.as_slice();
        let shapes = &new.shapes;
        new.inc
            .alter(n, |c| view(shapes, c), &changed, splices, respliced)?;
        let mut marks = new.inc.marks();
        for (c, dirty) in new.inc.near(&changed, &self.rel).into_iter().enumerate() {
            if dirty {
                new.rel[c] = Some(Arc::new(new.inc.relations(c, &mut marks)));
            }
        }
        if checked {
            let labels: Vec<usize> = (0..n).filter(|&c| new.shapes[c].is_some()).collect();
            if apart(&labels, |t| new.relations(t)).is_some() {
                return Err(Failed::Wrong);
            }
        }
        Ok(new)
    }

    /// The altered drawing derived from scratch.
    fn afresh(
        &self,
        redrawn: &[(usize, Vec<Point>)],
        splices: &[Vec<(Point, Point)>],
    ) -> Result<Tessellation, Vec<Problem>> {
        let top = redrawn.iter().map(|r| r.0 + 1).max().unwrap_or(0);
        let mut slots: Vec<Vec<Point>> = (0..self.slots().max(top))
            .map(|c| self.drawn(c).to_vec())
            .collect();
        for (c, points) in redrawn {
            slots[*c] = points.clone();
        }
        Tessellation::new(&slots, splices)
    }

    /// The ring of a tessel with these corners: each corner, then the drawn points that lie
    /// inside the edge from it, nearest first.
    fn ring_of(&self, corners: &[Point]) -> Vec<Point> {
        let mut ring = Vec::new();
        let k = corners.len();
        // Only tessels whose box meets the whole outline's can draw on one of its edges.
        let (lo, hi) = bounds(corners);
        let near: Vec<&Shape> = self
            .shapes
            .iter()
            .flatten()
            .filter(|s| s.meets(lo, hi))
            .map(|s| &**s)
            .collect();
        for i in 0..k {
            let (a, b) = (corners[i], corners[(i + 1) % k]);
            ring.push(a);
            let (lo, hi) = ((a.0.min(b.0), a.1.min(b.1)), (a.0.max(b.0), a.1.max(b.1)));
            let mut on: Vec<(i128, Point)> = Vec::new();
            for s in near.iter().filter(|s| s.meets(lo, hi)) {
                for &p in &s.drawn {
                    if inside_segment(p, a, b) {
                        on.push((dist2(a, p), p));
                    }
                }
            }
            on.sort_unstable();
            on.dedup();
            ring.extend(on.into_iter().map(|(_, p)| p));
        }
        ring
    }

    /// Whether tessel `c` overlaps another: edges that cross properly, or a vertex of one
    /// strictly inside the other.
    fn overlaps(&self, c: usize) -> bool {
        let Some(s) = self.shape(c) else {
            return false;
        };
        let crossing = |a: Point, b: Point, p: Point, q: Point| {
            side(a, b, p) * side(a, b, q) < 0 && side(p, q, a) * side(p, q, b) < 0
        };
        let inside = |p: Point, t: &Shape| {
            p.0 > t.lo.0
                && p.0 < t.hi.0
                && p.1 > t.lo.1
                && p.1 < t.hi.1
                && strictly_inside(p, &t.ring)
        };
        self.shapes.iter().enumerate().any(|(u, t)| {
            let Some(t) = t.as_deref().filter(|t| u != c && t.meets(s.lo, s.hi)) else {
                return false;
            };
            let (m, k) = (s.ring.len(), t.ring.len());
            (0..m).any(|i| {
                let (a, b) = (s.ring[i], s.ring[(i + 1) % m]);
                (0..k).any(|j| crossing(a, b, t.ring[j], t.ring[(j + 1) % k]))
            }) || t.ring.iter().any(|&p| inside(p, s))
                || s.ring.iter().any(|&p| inside(p, t))
        })
    }
}

/// What slot `c` draws and its ring, as [`Incidence`] reads them.
fn view(shapes: &[Option<Arc<Shape>>], c: usize) -> super::incidence::Shape<'_> {
    shapes
        .get(c)
        .and_then(|s| s.as_deref())
        .map(|s| (s.drawn.as_slice(), s.ring.as_slice()))
}

/// The bounding box of some points: its low and high corners.
fn bounds(points: &[Point]) -> (Point, Point) {
    let (mut lo, mut hi) = ((i64::MAX, i64::MAX), (i64::MIN, i64::MIN));
    for p in points {
        lo = (lo.0.min(p.0), lo.1.min(p.1));
        hi = (hi.0.max(p.0), hi.1.max(p.1));
    }
    (lo, hi)
}

/// The points in a splice that is in one list and not the other, and those any splice of
/// either joins to them.
fn spliced_anew(old: &[Vec<(Point, Point)>], new: &[Vec<(Point, Point)>]) -> Vec<Point> {
    let mut points: Vec<Point> = old
        .iter()
        .filter(|s| !new.contains(s))
        .chain(new.iter().filter(|s| !old.contains(s)))
        .flatten()
        .flat_map(|&(p, q)| [p, q])
        .collect();
    loop {
        let before = points.len();
        for &(p, q) in old.iter().chain(new).flatten() {
            match (points.contains(&p), points.contains(&q)) {
                (true, false) => points.push(q),
                (false, true) => points.push(p),
                _ => {}
            }
        }
        if points.len() == before {
            return points;
        }
    }
}
