//! Playing areas drawn as polygons ("tessels"): from their vertex lists and the splices
//! between them, the relations a board needs — edge neighbours, vertex-only neighbours,
//! the trace relation (along an edge between two others) with its cost — and the checks a drawn area must pass. Pure
//! geometry on exact fixed-point coordinates; no diagnostics, no names of any game.

mod around;
mod incidence;
mod live;
#[cfg(test)]
mod reference;
mod topology;

pub use live::{Redrawing, Tessellation};
use topology::{apart, topology, Index};

/// A coordinate in millionths, so that drawn points compare exactly.
pub type Fixed = i64;
/// A point of the drawing.
pub type Point = (Fixed, Fixed);

/// One unit of a drawing, in [`Fixed`] millionths.
pub const UNIT: Fixed = 1_000_000;
/// The most vertices a tessel may have.
pub const MAX_VERTICES: usize = 19;
/// The longest boundary a trace follows, in edges.
pub(crate) const MAX_TRACE: u32 = 64;

/// Reads a decimal number (`-2`, `0.5`) as millionths; `None` when it is not one or is
/// too large (more than a million units either way) or too fine (more than six places).
pub fn parse_fixed(text: &str) -> Option<Fixed> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty()
        || frac.len() > 6
        || !(whole.chars().chain(frac.chars())).all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = whole.parse().ok().filter(|&w: &i64| w <= 1_000_000)?;
    let mut f: i64 = 0;
    for (i, c) in frac.chars().enumerate() {
        f += i64::from(c as u8 - b'0') * 10_i64.pow(5 - i as u32);
    }
    let v = whole * UNIT + f;
    Some(if neg { -v } else { v })
}

/// A tessel as drawn.
#[derive(Clone, Debug)]
pub struct Drawn {
    pub points: Vec<Point>,
}

/// What is wrong with a drawing, by the index of the tessel or splice pair concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Fewer than three distinct points, or no area.
    Flat { tessel: usize },
    /// The outline crosses or touches itself along its edge from `edge.0` to `edge.1` (a
    /// bow tie: corners out of order).
    SelfCrossing { tessel: usize, edge: (Point, Point) },
    /// More than [`MAX_VERTICES`] vertices (those on its edges where other tessels meet it
    /// count too).
    TooManyVertices { tessel: usize, count: usize },
    /// Splice `splice`, pair `pair`: point `which` (0 or 1) is no tessel's vertex.
    NotAVertex {
        splice: usize,
        pair: usize,
        which: usize,
    },
    /// The edge from `a` to `b` is drawn by more than two tessels, or twice the same way:
    /// tessels overlap.
    Overlap {
        tessels: Vec<usize>,
        a: Point,
        b: Point,
    },
    /// The outlines of two tessels cross (or one lies inside the other) near `at`.
    Crossing { tessels: (usize, usize), at: Point },
    /// Splice `splice` joins an edge so that one tessel's underside would be added.
    NonOrientable { splice: usize },
    /// Tessel `tessel` touches no other, not even at a vertex.
    Apart { tessel: usize },
}

/// The relations derived from a drawing, for each tessel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Derived {
    /// Tessels across an edge (each once, in the order of the tessel's edges).
    pub edge: Vec<Vec<usize>>,
    /// Tessels that share a vertex but no edge.
    pub vertex: Vec<Vec<usize>>,
    /// Tessels reached by a trace (from a vertex of the tessel, along an edge between two
    /// others, to a vertex where a third touches), with its cost in move units (edges traced).
    pub trace: Vec<Vec<(usize, u32)>>,
    /// Each tessel's outline as it is played, counter-clockwise, with the vertices other
    /// tessels add to its edges; in units.
    pub outline: Vec<Vec<(f64, f64)>>,
    /// The same outlines in exact points (before splices join any).
    pub rings: Vec<Vec<Point>>,
    /// Each tessel's open edges (no tessel on the other side), as pairs of its points in
    /// outline order.
    pub open: Vec<Vec<(Point, Point)>>,
}

/// One tessel's relations, by tessel number: what [`Derived`] holds for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relations {
    /// Tessels across an edge (each once, in the order of the tessel's edges).
    pub edge: Vec<usize>,
    /// Tessels that share a vertex but no edge.
    pub vertex: Vec<usize>,
    /// Tessels reached by a trace, with its cost.
    pub trace: Vec<(usize, u32)>,
    /// Open edges (no tessel on the other side), as pairs of points in outline order.
    pub open: Vec<(Point, Point)>,
}

/// Twice the signed area of a polygon (positive: counter-clockwise).
fn area2(points: &[Point]) -> i128 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (x1, y1) = points[i];
            let (x2, y2) = points[(i + 1) % n];
            i128::from(x1) * i128::from(y2) - i128::from(x2) * i128::from(y1)
        })
        .sum()
}

/// Whether `p` lies strictly inside the segment from `a` to `b`.
fn inside_segment(p: Point, a: Point, b: Point) -> bool {
    let cross = i128::from(b.0 - a.0) * i128::from(p.1 - a.1)
        - i128::from(b.1 - a.1) * i128::from(p.0 - a.0);
    if cross != 0 || p == a || p == b {
        return false;
    }
    let dot = i128::from(p.0 - a.0) * i128::from(b.0 - a.0)
        + i128::from(p.1 - a.1) * i128::from(b.1 - a.1);
    let len = i128::from(b.0 - a.0).pow(2) + i128::from(b.1 - a.1).pow(2);
    dot > 0 && dot < len
}

/// Which way `c` lies from the line through `a` and `b`: 1 left, -1 right, 0 on it.
fn side(a: Point, b: Point, c: Point) -> i32 {
    let cross = i128::from(b.0 - a.0) * i128::from(c.1 - a.1)
        - i128::from(b.1 - a.1) * i128::from(c.0 - a.0);
    cross.signum() as i32
}

/// Whether `p` lies strictly inside the ring (even-odd rule; points on it are not inside).
fn strictly_inside(p: Point, ring: &[Point]) -> bool {
    let n = ring.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        if side(a, b, p) == 0
            && p.0 >= a.0.min(b.0)
            && p.0 <= a.0.max(b.0)
            && p.1 >= a.1.min(b.1)
            && p.1 <= a.1.max(b.1)
        {
            return false;
        }
        if (a.1 > p.1) != (b.1 > p.1) {
            // Where the edge meets the horizontal through p, compared exactly: is p left of it?
            let lhs = i128::from(p.0 - a.0) * i128::from(b.1 - a.1);
            let rhs = i128::from(b.0 - a.0) * i128::from(p.1 - a.1);
            let left = if b.1 > a.1 { lhs < rhs } else { lhs > rhs };
            if left {
                inside = !inside;
            }
        }
    }
    inside
}

/// The first edge along which an outline crosses or touches itself: two edges that are not
/// neighbours on it cross, or a corner lies on another edge or is drawn twice.
fn self_crossing(pts: &[Point]) -> Option<(Point, Point)> {
    let n = pts.len();
    if n < 4 {
        return None;
    }
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        for j in i + 1..n {
            let (c, d) = (pts[j], pts[(j + 1) % n]);
            if j == i + 1 || (i == 0 && j == n - 1) {
                // Neighbouring edges share a corner; they may only fold back on a line.
                continue;
            }
            let crossing = side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
            if crossing || c == a || inside_segment(c, a, b) || inside_segment(a, c, d) {
                return Some((a, b));
            }
        }
    }
    None
}

/// The drawn points bucketed on a square grid of about one point a bucket, to find those
/// near an edge or inside a box without looking at every point.
struct PointGrid {
    lo: Point,
    side: i64,
    cols: i64,
    rows: i64,
    buckets: Vec<Vec<usize>>,
}

impl PointGrid {
    fn new(points: &[Point]) -> PointGrid {
        let (mut lo, mut hi) = ((i64::MAX, i64::MAX), (i64::MIN, i64::MIN));
        for p in points {
            lo = (lo.0.min(p.0), lo.1.min(p.1));
            hi = (hi.0.max(p.0), hi.1.max(p.1));
        }
        if points.is_empty() {
            lo = (0, 0);
            hi = (0, 0);
        }
        let n = points.len().max(1) as i64;
        let (w, h) = (hi.0 - lo.0, hi.1 - lo.1);
        let even = ((w as f64 * h as f64) / n as f64).sqrt().ceil() as i64;
        // At most about 2n buckets along a side, even for points on one line.
        let side = even.max(w / (2 * n) + 1).max(h / (2 * n) + 1).max(1);
        let (cols, rows) = (w / side + 1, h / side + 1);
        let mut buckets = vec![Vec::new(); (cols * rows) as usize];
        for (v, p) in points.iter().enumerate() {
            let (c, r) = ((p.0 - lo.0) / side, (p.1 - lo.1) / side);
            buckets[(r * cols + c) as usize].push(v);
        }
        PointGrid {
            lo,
            side,
            cols,
            rows,
            buckets,
        }
    }

    /// Calls `f` with every point in the box from `lo` to `hi` (ends included), and maybe
    /// some near it.
    fn in_box(&self, lo: Point, hi: Point, mut f: impl FnMut(usize)) {
        let col = |x: i64| ((x.saturating_sub(self.lo.0)) / self.side).clamp(0, self.cols - 1);
        let row = |y: i64| ((y.saturating_sub(self.lo.1)) / self.side).clamp(0, self.rows - 1);
        for r in row(lo.1)..=row(hi.1) {
            for c in col(lo.0)..=col(hi.0) {
                for &v in &self.buckets[(r * self.cols + c) as usize] {
                    f(v);
                }
            }
        }
    }
}

/// Overlapping tessels: edges that cross, and vertices inside another tessel.
fn crossings(rings: &[Vec<usize>], points: &[Point], grid: &PointGrid) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut reported: Vec<(usize, usize)> = Vec::new();
    let mut report = |t: usize, u: usize, at: Point, out: &mut Vec<Problem>| {
        let key = (t.min(u), t.max(u));
        if !reported.contains(&key) {
            reported.push(key);
            out.push(Problem::Crossing { tessels: key, at });
        }
    };
    // Edges sorted by their left end; each compared with those that overlap it in x.
    let mut segments: Vec<(i64, i64, usize, Point, Point)> = Vec::new();
    for (t, r) in rings.iter().enumerate() {
        for i in 0..r.len() {
            let (a, b) = (points[r[i]], points[r[(i + 1) % r.len()]]);
            segments.push((a.0.min(b.0), a.0.max(b.0), t, a, b));
        }
    }
    segments.sort_by_key(|s| s.0);
    for i in 0..segments.len() {
        let (_, hi, t, a, b) = segments[i];
        for &(lo2, _, u, c, d) in &segments[i + 1..] {
            if lo2 > hi {
                break;
            }
            // A proper crossing: each segment's ends lie strictly on both sides of the other.
            if t != u && side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0 {
                report(t, u, a, &mut out);
            }
        }
    }
    let boxes: Vec<(Point, Point)> = rings
        .iter()
        .map(|r| {
            let (mut lo, mut hi) = ((i64::MAX, i64::MAX), (i64::MIN, i64::MIN));
            for &v in r {
                let p = points[v];
                lo = (lo.0.min(p.0), lo.1.min(p.1));
                hi = (hi.0.max(p.0), hi.1.max(p.1));
            }
            (lo, hi)
        })
        .collect();
    // The tessels each vertex belongs to.
    let mut owners: Vec<Vec<usize>> = vec![Vec::new(); points.len()];
    for (t, r) in rings.iter().enumerate() {
        for &v in r {
            if owners[v].last() != Some(&t) {
                owners[v].push(t);
            }
        }
    }
    for (t, r) in rings.iter().enumerate() {
        let ring: Vec<Point> = r.iter().map(|&v| points[v]).collect();
        let (lo, hi) = boxes[t];
        let in_box = |p: Point| p.0 > lo.0 && p.0 < hi.0 && p.1 > lo.1 && p.1 < hi.1;
        if ring.is_empty() {
            continue;
        }
        // The tessels with a vertex inside this one, found through the points in its box.
        let mut others: Vec<usize> = Vec::new();
        grid.in_box(lo, hi, |v| {
            if in_box(points[v]) && strictly_inside(points[v], &ring) {
                others.extend(owners[v].iter().copied().filter(|&u| u != t));
            }
        });
        others.sort_unstable();
        others.dedup();
        for u in others {
            let q = &rings[u];
            if let Some(&v) = q
                .iter()
                .find(|&&v| in_box(points[v]) && strictly_inside(points[v], &ring))
            {
                report(t, u, points[v], &mut out);
            }
        }
    }
    out
}

/// Derives the relations of the tessels `drawn`, joined also by `splices` (each a list of
/// pairs of points that become one vertex). Every problem found is returned.
pub fn derive(drawn: &[Drawn], splices: &[Vec<(Point, Point)>]) -> Result<Derived, Vec<Problem>> {
    let mut problems = Vec::new();
    let ix = Index::new(drawn.iter().map(|d| d.points.as_slice()));
    let grid = PointGrid::new(&ix.points);
    // Each tessel counter-clockwise, with the vertices that lie on its edges added.
    let mut rings: Vec<Vec<usize>> = Vec::with_capacity(drawn.len());
    for (t, d) in drawn.iter().enumerate() {
        match corners(&d.points, t) {
            Ok(pts) => rings.push(ring_on_grid(&pts, &ix, &grid)),
            Err(problem) => {
                problems.push(problem);
                rings.push(Vec::new());
            }
        }
    }
    // Tessels may touch but not overlap: no two edges cross, and no vertex of one lies
    // inside another.
    problems.extend(crossings(&rings, &ix.points, &grid));
    let labels: Vec<usize> = (0..drawn.len()).collect();
    let relations = topology(&ix, &labels, &rings, splices, problems)?;
    if let Some(apart) = apart(&labels, |t| Some(&relations[t])) {
        return Err(apart);
    }
    let exact: Vec<Vec<Point>> = rings
        .iter()
        .map(|r| r.iter().map(|&v| ix.points[v]).collect())
        .collect();
    let mut out = Derived {
        outline: exact.iter().map(|r| outline(r)).collect(),
        rings: exact,
        ..Derived::default()
    };
    for r in relations {
        out.edge.push(r.edge);
        out.vertex.push(r.vertex);
        out.trace.push(r.trace);
        out.open.push(r.open);
    }
    Ok(out)
}

/// A tessel's corners as played: repeated points and the closing point dropped,
/// counter-clockwise; or what is wrong with it (as tessel number `t`).
fn corners(points: &[Point], t: usize) -> Result<Vec<Point>, Problem> {
    let mut pts = points.to_vec();
    pts.dedup();
    if pts.len() > 1 && pts.first() == pts.last() {
        pts.pop();
    }
    if let Some(edge) = self_crossing(&pts) {
        return Err(Problem::SelfCrossing { tessel: t, edge });
    }
    let a = area2(&pts);
    if pts.len() < 3 || a == 0 {
        return Err(Problem::Flat { tessel: t });
    }
    if a < 0 {
        pts.reverse();
    }
    Ok(pts)
}

/// An outline in units.
fn outline(ring: &[Point]) -> Vec<(f64, f64)> {
    ring.iter()
        .map(|&(x, y)| (x as f64 / UNIT as f64, y as f64 / UNIT as f64))
        .collect()
}

/// The ring of a tessel with corners `pts`: its corners with the drawn points that lie on
/// its edges added in order, as vertex numbers.
fn ring_on_grid(pts: &[Point], ix: &Index, grid: &PointGrid) -> Vec<usize> {
    let mut ring = Vec::new();
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        ring.push(ix.ids[&a]);
        let mut on: Vec<(i128, usize)> = Vec::new();
        grid.in_box(
            (a.0.min(b.0), a.1.min(b.1)),
            (a.0.max(b.0), a.1.max(b.1)),
            |v| {
                let p = ix.points[v];
                if inside_segment(p, a, b) {
                    on.push((dist2(a, p), v));
                }
            },
        );
        on.sort_unstable();
        ring.extend(on.into_iter().map(|(_, v)| v));
    }
    ring
}

/// The square of the distance between two points.
fn dist2(a: Point, p: Point) -> i128 {
    i128::from(p.0 - a.0).pow(2) + i128::from(p.1 - a.1).pow(2)
}

/// Unit squares `w` by `h` from `origin`, row by row from the bottom: their outlines.
pub fn squares(w: u32, h: u32, origin: Point) -> Vec<Drawn> {
    let mut out = Vec::new();
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            let (x0, y0) = (origin.0 + x * UNIT, origin.1 + y * UNIT);
            out.push(Drawn {
                points: vec![
                    (x0, y0),
                    (x0 + UNIT, y0),
                    (x0 + UNIT, y0 + UNIT),
                    (x0, y0 + UNIT),
                ],
            });
        }
    }
    out
}

/// Hexagons in a hexagon of `radius` rings around the one at `origin`, by columns from
/// the left and each column from the bottom: `(column, row in column, outline)`. Each is
/// a hexagon of width 2 and height 2 (its points at halves, so that they meet exactly).
pub fn hexagons(radius: u32, origin: Point) -> Vec<(u32, u32, Drawn)> {
    let r = radius as i64;
    let half = UNIT / 2;
    let mut out = Vec::new();
    for q in -r..=r {
        let mut row = 0;
        for s in -r..=r {
            // Axial (q, s): centre at (1.5 q, q + 2 s) in units.
            if (q + s).abs() > r {
                continue;
            }
            let cx = origin.0 + 3 * half * q;
            let cy = origin.1 + UNIT * (q + 2 * s);
            let points = vec![
                (cx + UNIT, cy),
                (cx + half, cy + UNIT),
                (cx - half, cy + UNIT),
                (cx - UNIT, cy),
                (cx - half, cy - UNIT),
                (cx + half, cy - UNIT),
            ];
            out.push(((q + r) as u32, row, Drawn { points }));
            row += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests;
