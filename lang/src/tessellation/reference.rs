//! The derivation as first written (one pass, hash maps), kept as the oracle the faster
//! full and incremental derivations are tested against.

use super::topology::Joins;
use super::*;
use std::collections::{BTreeMap, HashMap};

/// Derives the relations of the tessels `drawn`, joined also by `splices` (each a list of
/// pairs of points that become one vertex). Every problem found is returned.
pub fn derive_reference(
    drawn: &[Drawn],
    splices: &[Vec<(Point, Point)>],
) -> Result<Derived, Vec<Problem>> {
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
