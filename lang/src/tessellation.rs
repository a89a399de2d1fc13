//! Playing areas drawn as polygons ("tessels"): from their vertex lists and the splices
//! between them, the relations a board needs — edge neighbours, vertex-only neighbours,
//! the trace relation (along an edge between two others) with its cost — and the checks a drawn area must pass. Pure
//! geometry on exact fixed-point coordinates; no diagnostics, no names of any game.

use std::collections::{BTreeMap, HashMap};

/// A coordinate in millionths, so that drawn points compare exactly.
pub type Fixed = i64;
/// A point of the drawing.
pub type Point = (Fixed, Fixed);

/// One unit of a drawing, in [`Fixed`] millionths.
pub const UNIT: Fixed = 1_000_000;
/// The most vertices a tessel may have.
pub const MAX_VERTICES: usize = 19;
/// The longest boundary a trace follows, in edges.
const MAX_TRACE: u32 = 64;

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
#[derive(Clone, Debug, Default)]
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

/// A disjoint-set forest over vertex numbers (splices join vertices).
struct Joins(Vec<usize>);

impl Joins {
    fn find(&mut self, mut v: usize) -> usize {
        while self.0[v] != v {
            self.0[v] = self.0[self.0[v]];
            v = self.0[v];
        }
        v
    }
    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb)] = ra.min(rb);
        }
    }
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
    // Vertices by their drawn point.
    let mut ids: HashMap<Point, usize> = HashMap::new();
    let mut points: Vec<Point> = Vec::new();
    for d in drawn {
        for &p in &d.points {
            ids.entry(p).or_insert_with(|| {
                points.push(p);
                points.len() - 1
            });
        }
    }
    let grid = PointGrid::new(&points);
    // Each tessel counter-clockwise, with the vertices that lie on its edges added.
    let mut rings: Vec<Vec<usize>> = Vec::with_capacity(drawn.len());
    for (t, d) in drawn.iter().enumerate() {
        let mut pts = d.points.clone();
        pts.dedup();
        if pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        if let Some(edge) = self_crossing(&pts) {
            problems.push(Problem::SelfCrossing { tessel: t, edge });
            rings.push(Vec::new());
            continue;
        }
        let a = area2(&pts);
        if pts.len() < 3 || a == 0 {
            problems.push(Problem::Flat { tessel: t });
            rings.push(Vec::new());
            continue;
        }
        if a < 0 {
            pts.reverse();
        }
        let mut ring = Vec::new();
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            ring.push(ids[&a]);
            let mut on: Vec<(i128, usize)> = Vec::new();
            grid.in_box(
                (a.0.min(b.0), a.1.min(b.1)),
                (a.0.max(b.0), a.1.max(b.1)),
                |v| {
                    let p = points[v];
                    if inside_segment(p, a, b) {
                        let d = i128::from(p.0 - a.0).pow(2) + i128::from(p.1 - a.1).pow(2);
                        on.push((d, v));
                    }
                },
            );
            on.sort();
            ring.extend(on.into_iter().map(|(_, v)| v));
        }
        rings.push(ring);
    }
    // Tessels may touch but not overlap: no two edges cross, and no vertex of one lies
    // inside another.
    problems.extend(crossings(&rings, &points, &grid));
    // Splices join vertices.
    let mut joins = Joins((0..points.len()).collect());
    let mut spliced_by: HashMap<usize, usize> = HashMap::new();
    for (s, pairs) in splices.iter().enumerate() {
        for (k, (p, q)) in pairs.iter().enumerate() {
            match (ids.get(p), ids.get(q)) {
                (Some(&a), Some(&b)) => {
                    joins.join(a, b);
                    spliced_by.insert(a, s);
                    spliced_by.insert(b, s);
                }
                (a, _) => problems.push(Problem::NotAVertex {
                    splice: s,
                    pair: k,
                    which: usize::from(a.is_some()),
                }),
            }
        }
    }
    let outline: Vec<Vec<(f64, f64)>> = rings
        .iter()
        .map(|r| {
            r.iter()
                .map(|&v| {
                    let (x, y) = points[v];
                    (x as f64 / UNIT as f64, y as f64 / UNIT as f64)
                })
                .collect()
        })
        .collect();
    // Rings in joined vertices: the splice that made two points one is found by either.
    let splice_of = |joins: &mut Joins, v: usize| -> Option<usize> {
        spliced_by
            .iter()
            .find(|(&w, _)| joins.find(w) == v)
            .map(|(_, &s)| s)
    };
    let mut joined: Vec<Vec<usize>> = rings
        .iter()
        .map(|r| r.iter().map(|&v| joins.find(v)).collect())
        .collect();
    for r in &mut joined {
        r.dedup();
        while r.len() > 1 && r.first() == r.last() {
            r.pop();
        }
    }
    for (t, r) in joined.iter().enumerate() {
        if r.len() > MAX_VERTICES {
            problems.push(Problem::TooManyVertices {
                tessel: t,
                count: r.len(),
            });
        }
    }
    // Edges: each side is (tessel, forward) where forward is the ring going low → high.
    let mut edges: BTreeMap<(usize, usize), Vec<(usize, bool)>> = BTreeMap::new();
    for (t, r) in joined.iter().enumerate() {
        for i in 0..r.len() {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            if a == b || r.len() < 2 {
                continue;
            }
            edges
                .entry((a.min(b), a.max(b)))
                .or_default()
                .push((t, a < b));
        }
    }
    for (&(a, b), sides) in &edges {
        let crossed = sides.len() == 2 && sides[0].1 != sides[1].1;
        if sides.len() <= 1 || crossed {
            continue;
        }
        // Two sides the same way round: a splice turned a tessel over, or the drawing
        // overlaps.
        let spliced = splice_of(&mut joins, a).or_else(|| splice_of(&mut joins, b));
        match spliced {
            Some(s) if sides.len() == 2 => problems.push(Problem::NonOrientable { splice: s }),
            _ => problems.push(Problem::Overlap {
                tessels: sides.iter().map(|s| s.0).collect(),
                a: points[a],
                b: points[b],
            }),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let n = drawn.len();
    // Which tessels touch each vertex.
    let mut touching: HashMap<usize, Vec<usize>> = HashMap::new();
    for (t, r) in joined.iter().enumerate() {
        for &v in r {
            let e = touching.entry(v).or_default();
            if !e.contains(&t) {
                e.push(t);
            }
        }
    }
    let other_side = |t: usize, a: usize, b: usize| -> Option<usize> {
        edges
            .get(&(a.min(b), a.max(b)))
            .and_then(|s| s.iter().map(|x| x.0).find(|&u| u != t))
    };
    let exact: Vec<Vec<Point>> = rings
        .iter()
        .map(|r| r.iter().map(|&v| points[v]).collect())
        .collect();
    let mut open = vec![Vec::new(); n];
    for (t, r) in rings.iter().enumerate() {
        for i in 0..r.len() {
            let (a, b) = (joins.find(r[i]), joins.find(r[(i + 1) % r.len()]));
            if edges
                .get(&(a.min(b), a.max(b)))
                .is_some_and(|s| s.len() == 1)
            {
                open[t].push((points[r[i]], points[r[(i + 1) % r.len()]]));
            }
        }
    }
    let mut out = Derived {
        edge: vec![Vec::new(); n],
        vertex: vec![Vec::new(); n],
        trace: vec![Vec::new(); n],
        outline,
        rings: exact,
        open,
    };
    for (t, r) in joined.iter().enumerate() {
        for i in 0..r.len() {
            if let Some(u) = other_side(t, r[i], r[(i + 1) % r.len()]) {
                if !out.edge[t].contains(&u) {
                    out.edge[t].push(u);
                }
            }
        }
        for &v in r {
            for &u in &touching[&v] {
                if u != t && !out.edge[t].contains(&u) && !out.vertex[t].contains(&u) {
                    out.vertex[t].push(u);
                }
            }
        }
    }
    // Trace: from a vertex of the tessel, along an edge between two other tessels, on
    // along their boundary while only they meet at its vertices (a unit a vertex), to a
    // vertex where a third tessel touches that shares nothing with the starting one.
    let mut at_vertex: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
    for &(a, b) in edges.keys() {
        at_vertex.entry(a).or_default().push((a, b));
        at_vertex.entry(b).or_default().push((a, b));
    }
    for (t, r) in joined.iter().enumerate() {
        let near = |u: usize| u == t || out.edge[t].contains(&u) || out.vertex[t].contains(&u);
        let mut found: Vec<(usize, u32)> = Vec::new();
        for &v in r {
            for &(a, b) in at_vertex.get(&v).map_or(&[][..], |x| x.as_slice()) {
                let sides: Vec<usize> = edges[&(a, b)].iter().map(|s| s.0).collect();
                if sides.len() != 2 || sides.contains(&t) {
                    continue;
                }
                let (mut prev, mut cur) = (v, if a == v { b } else { a });
                let mut cost = 1;
                loop {
                    if r.contains(&cur) || cost > MAX_TRACE {
                        break;
                    }
                    let others: Vec<usize> = touching[&cur]
                        .iter()
                        .copied()
                        .filter(|u| !sides.contains(u))
                        .collect();
                    if !others.is_empty() {
                        for u in others.into_iter().filter(|&u| !near(u)) {
                            match found.iter_mut().find(|f| f.0 == u) {
                                Some(f) => f.1 = f.1.min(cost),
                                None => found.push((u, cost)),
                            }
                        }
                        break;
                    }
                    // Only the two meet here: the boundary goes on.
                    let next = at_vertex[&cur].iter().copied().find(|&(x, y)| {
                        let o = if x == cur { y } else { x };
                        o != prev && {
                            let s: Vec<usize> = edges[&(x, y)].iter().map(|s| s.0).collect();
                            s.len() == 2 && s.contains(&sides[0]) && s.contains(&sides[1])
                        }
                    });
                    let Some((x, y)) = next else { break };
                    prev = cur;
                    cur = if x == cur { y } else { x };
                    cost += 1;
                }
            }
        }
        out.trace[t] = found;
    }
    // Every tessel joined to the rest, at least by a vertex.
    if n > 1 {
        let mut seen = vec![false; n];
        let mut todo = vec![0];
        seen[0] = true;
        while let Some(t) = todo.pop() {
            for &u in out.edge[t].iter().chain(&out.vertex[t]) {
                if !seen[u] {
                    seen[u] = true;
                    todo.push(u);
                }
            }
        }
        let apart: Vec<Problem> = (0..n)
            .filter(|&t| !seen[t])
            .map(|t| Problem::Apart { tessel: t })
            .collect();
        if !apart.is_empty() {
            return Err(apart);
        }
    }
    Ok(out)
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
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        ((x * UNIT as f64) as i64, (y * UNIT as f64) as i64)
    }
    fn poly(pts: &[(f64, f64)]) -> Drawn {
        Drawn {
            points: pts.iter().map(|&(x, y)| p(x, y)).collect(),
        }
    }
    fn sorted(mut v: Vec<usize>) -> Vec<usize> {
        v.sort();
        v
    }

    #[test]
    fn numbers_are_read_exactly() {
        assert_eq!(parse_fixed("2"), Some(2 * UNIT));
        assert_eq!(parse_fixed("-0.5"), Some(-UNIT / 2));
        assert_eq!(parse_fixed("1.000001"), Some(UNIT + 1));
        assert_eq!(parse_fixed("1.0000001"), None);
        assert_eq!(parse_fixed("x"), None);
        assert_eq!(parse_fixed("99999999999"), None);
    }

    #[test]
    fn squares_give_edge_vertex_and_knight_like_trace_relations() {
        // 5 x 5; the centre is 12.
        let d = derive(&squares(5, 5, (0, 0)), &[]).expect("fine");
        assert_eq!(sorted(d.edge[12].clone()), vec![7, 11, 13, 17]);
        assert_eq!(sorted(d.vertex[12].clone()), vec![6, 8, 16, 18]);
        // Two-by-one and two-straight offsets, each one edge traced.
        let mut traced: Vec<usize> = d.trace[12].iter().map(|j| j.0).collect();
        traced.sort();
        assert_eq!(traced, vec![1, 2, 3, 5, 9, 10, 14, 15, 19, 21, 22, 23]);
        assert!(d.trace[12].iter().all(|j| j.1 == 1));
        // The corner: two across edges, one at a vertex.
        assert_eq!(sorted(d.edge[0].clone()), vec![1, 5]);
        assert_eq!(d.vertex[0], vec![6]);
    }

    #[test]
    fn hexagons_have_six_edge_neighbours_and_no_vertex_only_ones() {
        let h = hexagons(2, (0, 0));
        let drawn: Vec<Drawn> = h.iter().map(|x| x.2.clone()).collect();
        let d = derive(&drawn, &[]).expect("fine");
        let centre = h.iter().position(|x| x.0 == 2 && x.1 == 2).expect("centre");
        assert_eq!(d.edge[centre].len(), 6);
        assert!(d.vertex[centre].is_empty());
        // Traces on hexes: the second ring, along the edges between two neighbours.
        assert_eq!(d.trace[centre].len(), 6);
        assert_eq!(drawn.len(), 19);
    }

    #[test]
    fn a_tessel_touching_another_at_two_vertices_only_is_a_vertex_neighbour() {
        // A 3 x 1 bar below, a 3 x 1 bar above it whose middle is cut out by a notch, so the
        // left and right squares of the row above meet the bar only... Simpler: a square
        // U-shape and a square across its gap: the square `top` touches `u` at two points.
        let u = poly(&[
            (0.0, 0.0),
            (3.0, 0.0),
            (3.0, 2.0),
            (2.0, 2.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ]);
        // `cap` rests on the U's two tips at (1, 2) and (2, 2), over the hole.
        let cap = poly(&[(1.0, 2.0), (2.0, 2.0), (2.0, 3.0), (1.0, 3.0)]);
        // The hole itself is left out of play.
        let left = poly(&[(0.0, 2.0), (1.0, 2.0), (1.0, 3.0), (0.0, 3.0)]);
        let d = derive(&[u, cap, left], &[]).expect("fine");
        // cap and u share (1,2) and (2,2) but no edge: a vertex neighbour (once).
        assert_eq!(d.vertex[1], vec![0]);
        assert!(!d.edge[1].contains(&0));
        // left shares the edge (0,2)-(1,2) with u and (1,2)-(1,3) with cap.
        assert_eq!(sorted(d.edge[2].clone()), vec![0, 1]);
    }

    #[test]
    fn a_boundary_of_several_edges_costs_a_unit_a_vertex() {
        // A 2-wide bottom tessel and two squares on top: the middle vertex (1,1) is where
        // three meet. With a single tall tessel on top instead, the boundary between it
        // and the bottom has a vertex where only the two meet.
        let bottom = poly(&[(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (0.0, 1.0)]);
        let top = poly(&[
            (0.0, 1.0),
            (1.0, 1.0),
            (2.0, 1.0),
            (3.0, 1.0),
            (3.0, 2.0),
            (0.0, 2.0),
        ]);
        let start = poly(&[(-1.0, 0.0), (0.0, 0.0), (0.0, 1.0), (-1.0, 1.0)]);
        let far = poly(&[(3.0, 0.0), (4.0, 0.0), (4.0, 1.0), (3.0, 1.0)]);
        let d = derive(&[bottom, top, start, far], &[]).expect("fine");
        // From `start`, vertex (0,1): along bottom|top through (1,1) and (2,1) to (3,1),
        // where `far` touches: three edges, three units.
        assert_eq!(d.trace[2], vec![(3, 3)]);
    }

    #[test]
    fn a_cylinder_splice_joins_the_left_and_right_columns() {
        let drawn = squares(4, 2, (0, 0));
        let splice = vec![
            (p(0.0, 0.0), p(4.0, 0.0)),
            (p(0.0, 1.0), p(4.0, 1.0)),
            (p(0.0, 2.0), p(4.0, 2.0)),
        ];
        let d = derive(&drawn, &[splice]).expect("orientable");
        // a1 (0) now borders d1 (3) across an edge; a2 (4) touches d1 at a vertex.
        assert!(d.edge[0].contains(&3));
        assert!(d.vertex[0].contains(&7));
        assert!(d.edge[3].contains(&0));
    }

    #[test]
    fn a_torus_joins_both_pairs_of_sides() {
        let drawn = squares(4, 4, (0, 0));
        let sides: Vec<(Point, Point)> = (0..=4)
            .map(|k| (p(0.0, k as f64), p(4.0, k as f64)))
            .collect();
        let ends: Vec<(Point, Point)> = (0..=4)
            .map(|k| (p(k as f64, 0.0), p(k as f64, 4.0)))
            .collect();
        let d = derive(&drawn, &[sides, ends]).expect("orientable");
        // Every square has four neighbours across edges and four at its corners.
        assert!(d.edge.iter().all(|e| e.len() == 4), "{:?}", d.edge);
        assert!(d.vertex.iter().all(|v| v.len() == 4), "{:?}", d.vertex);
        // a1 (0) borders d1 (3) and a4 (12) round the back.
        assert!(d.edge[0].contains(&3) && d.edge[0].contains(&12));
        assert!(d.vertex[0].contains(&15), "the far corner touches a1");
    }

    #[test]
    fn a_twisted_splice_is_refused() {
        let drawn = squares(4, 2, (0, 0));
        // A Möbius band: the left side's bottom joins the right side's top.
        let splice = vec![
            (p(0.0, 0.0), p(4.0, 2.0)),
            (p(0.0, 1.0), p(4.0, 1.0)),
            (p(0.0, 2.0), p(4.0, 0.0)),
        ];
        let e = derive(&drawn, &[splice]).expect_err("not orientable");
        assert!(e.contains(&Problem::NonOrientable { splice: 0 }), "{e:?}");
    }

    #[test]
    fn drawing_mistakes_are_found() {
        let big = Drawn {
            points: (0..20)
                .map(|i| {
                    let a = i as f64 * std::f64::consts::TAU / 20.0;
                    p((a.cos() * 10.0).round(), (a.sin() * 10.0).round())
                })
                .collect(),
        };
        let e = derive(&[big], &[]).expect_err("too many");
        assert!(
            matches!(
                e[0],
                Problem::TooManyVertices {
                    tessel: 0,
                    count: 20
                }
            ),
            "{e:?}"
        );
        let apart = derive(
            &[
                poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]),
                poly(&[(5.0, 0.0), (6.0, 0.0), (6.0, 1.0)]),
            ],
            &[],
        )
        .expect_err("apart");
        assert_eq!(apart, vec![Problem::Apart { tessel: 1 }]);
        let flat = derive(&[poly(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])], &[]).expect_err("flat");
        assert_eq!(flat, vec![Problem::Flat { tessel: 0 }]);
        // A bow tie, even or lopsided, crosses itself (it is not flat).
        for tie in [
            [(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)],
            [(0.0, 0.0), (3.0, 2.0), (3.0, 0.0), (0.0, 2.0)],
        ] {
            let crossed = derive(&[poly(&tie)], &[]).expect_err("bow tie");
            assert!(
                matches!(crossed[..], [Problem::SelfCrossing { tessel: 0, .. }]),
                "{crossed:?}"
            );
        }
        // Edges that cross, and a tessel inside another.
        let crossing = derive(
            &[
                poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]),
                poly(&[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]),
            ],
            &[],
        )
        .expect_err("crossing");
        assert!(
            matches!(crossing[0], Problem::Crossing { .. }),
            "{crossing:?}"
        );
        let inside = derive(
            &[
                poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]),
                poly(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)]),
            ],
            &[],
        )
        .expect_err("inside");
        assert!(matches!(inside[0], Problem::Crossing { .. }), "{inside:?}");
        let twice = derive(
            &[squares(1, 1, (0, 0)), squares(1, 1, (0, 0))].concat(),
            &[],
        )
        .expect_err("overlap");
        assert!(matches!(twice[0], Problem::Overlap { .. }), "{twice:?}");
    }
}
