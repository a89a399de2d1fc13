//! The relations of a drawing from its tessels' rings: vertices numbered and joined by
//! splices, edges with their sides, the tessels at each vertex, and from those each
//! tessel's edge, vertex and trace relations and open edges, for every tessel (a full
//! derivation; a kept area patches its own tables, `incidence.rs`).
//!
//! Tessels are known by their place `k` in the rings given and named in what is returned by
//! their label `labels[k]` (labels increase with `k`): a full derivation labels them
//! 0, 1, …; a kept [`super::Tessellation`] by its slot numbers, absent slots skipped.
//! Everything here is in flat tables (vertex numbers index vectors; edges are a sorted
//! list, bucketed by low vertex), so it is linear in the size of the drawing.

use super::around::{open, relations, Edge, Marks, Table};
use super::{Point, Problem, Relations, MAX_VERTICES};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A quick hash for points (drawings are the author's own, not hostile input).
#[derive(Default)]
pub(super) struct PointHasher(u64);

impl Hasher for PointHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_i64(&mut self, i: i64) {
        self.write_u64(i as u64);
    }
}

/// A map keyed by points.
pub(super) type PointMap<V> = HashMap<Point, V, BuildHasherDefault<PointHasher>>;

/// The drawn points numbered in order of first appearance (tessel by tessel, each in its
/// drawn order): the numbering every order among vertices below follows.
pub(super) struct Index {
    pub ids: PointMap<usize>,
    pub points: Vec<Point>,
}

impl Index {
    pub fn new<'a>(drawn: impl Iterator<Item = &'a [Point]> + Clone) -> Index {
        // Room for every point drawn (most are drawn more than once), so that the map is
        // never grown.
        let drawn_points: usize = drawn.clone().map(<[Point]>::len).sum();
        let mut ids = PointMap::with_capacity_and_hasher(drawn_points, Default::default());
        let mut points = Vec::with_capacity(drawn_points);
        for d in drawn {
            for &p in d {
                ids.entry(p).or_insert_with(|| {
                    points.push(p);
                    points.len() - 1
                });
            }
        }
        Index { ids, points }
    }
}

/// A disjoint-set forest over vertex numbers (splices join vertices).
pub(super) struct Joins(pub Vec<usize>);

impl Joins {
    pub fn find(&mut self, mut v: usize) -> usize {
        while self.0[v] != v {
            self.0[v] = self.0[self.0[v]];
            v = self.0[v];
        }
        v
    }
    pub fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb)] = ra.min(rb);
        }
    }
}

/// Lists indexed by a number: those of `i` are `items[at[i]..at[i + 1]]`.
struct Lists {
    at: Vec<u32>,
    items: Vec<usize>,
}

impl Lists {
    /// From `(index, item)` pairs, each list in the order given.
    fn new(len: usize, pairs: &[(usize, usize)]) -> Lists {
        let mut at = vec![0u32; len + 1];
        for &(i, _) in pairs {
            at[i + 1] += 1;
        }
        for i in 0..len {
            at[i + 1] += at[i];
        }
        let mut fill: Vec<u32> = at[..len].to_vec();
        let mut items = vec![0; pairs.len()];
        for &(i, x) in pairs {
            items[fill[i] as usize] = x;
            fill[i] += 1;
        }
        Lists { at, items }
    }
    fn of(&self, i: usize) -> &[usize] {
        &self.items[self.at[i] as usize..self.at[i + 1] as usize]
    }
    /// Every list in turn.
    fn all(&self) -> impl Iterator<Item = &[usize]> + '_ {
        (0..self.at.len() - 1).map(|i| self.of(i))
    }
}

/// The edges of the joined rings, in order of their (low, high) vertex numbers, each with
/// its sides `(tessel, forward)` (forward: the ring goes low → high), in tessel order.
struct Edges {
    keys: Vec<(usize, usize)>,
    at: Vec<u32>,
    sides: Vec<(usize, bool)>,
}

impl Edges {
    /// The edge between `a` and `b` (the keys are sorted: a binary search).
    #[cfg(test)]
    fn index(&self, a: usize, b: usize) -> Option<usize> {
        let (lo, hi) = (a.min(b), a.max(b));
        self.keys.binary_search(&(lo, hi)).ok()
    }
    fn sides(&self, e: usize) -> &[(usize, bool)] {
        &self.sides[self.at[e] as usize..self.at[e + 1] as usize]
    }
}

/// Checks the rings (as vertex numbers, empty for a tessel already found wrong) joined by
/// `splices`, adding to `problems`; with none, each tessel's relations by place. Tessel
/// numbers in the relations are labels.
pub(super) fn topology(
    ix: &Index,
    labels: &[usize],
    rings: &[impl AsRef<[usize]>],
    splices: &[Vec<(Point, Point)>],
    mut problems: Vec<Problem>,
) -> Result<Vec<Relations>, Vec<Problem>> {
    let points = &ix.points;
    // Splices join vertices.
    let mut joins = Joins((0..points.len()).collect());
    for (s, pairs) in splices.iter().enumerate() {
        for (k, (p, q)) in pairs.iter().enumerate() {
            match (ix.ids.get(p), ix.ids.get(q)) {
                (Some(&a), Some(&b)) => joins.join(a, b),
                (a, _) => problems.push(Problem::NotAVertex {
                    splice: s,
                    pair: k,
                    which: usize::from(a.is_some()),
                }),
            }
        }
    }
    let root: Vec<usize> = (0..points.len()).map(|v| joins.find(v)).collect();
    // Rings in joined vertices (one list for all, as the rings are many and short).
    let mut joined = Lists {
        at: Vec::with_capacity(rings.len() + 1),
        items: Vec::with_capacity(rings.iter().map(|r| r.as_ref().len()).sum()),
    };
    joined.at.push(0);
    for r in rings {
        let start = joined.items.len();
        for &v in r.as_ref() {
            let j = root[v];
            if joined.items.len() == start || joined.items.last() != Some(&j) {
                joined.items.push(j);
            }
        }
        while joined.items.len() > start + 1
            && joined.items[start] == joined.items[joined.items.len() - 1]
        {
            joined.items.pop();
        }
        joined.at.push(joined.items.len() as u32);
    }
    for (k, r) in joined.all().enumerate() {
        if r.len() > MAX_VERTICES {
            problems.push(Problem::TooManyVertices {
                tessel: labels[k],
                count: r.len(),
            });
        }
    }
    let edges = edges_of(&joined, points.len());
    for e in 0..edges.keys.len() {
        let sides = edges.sides(e);
        let crossed = sides.len() == 2 && sides[0].1 != sides[1].1;
        if sides.len() <= 1 || crossed {
            continue;
        }
        // Two sides the same way round: a splice turned a tessel over, or the drawing
        // overlaps.
        let (a, b) = edges.keys[e];
        match splice_at(splices, ix, &root, a).or_else(|| splice_at(splices, ix, &root, b)) {
            Some(s) if sides.len() == 2 => problems.push(Problem::NonOrientable { splice: s }),
            _ => problems.push(Problem::Overlap {
                tessels: sides.iter().map(|s| labels[s.0]).collect(),
                a: points[a],
                b: points[b],
            }),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    // The tessels at each vertex, in tessel order, each once.
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(joined.items.len());
    for (k, r) in joined.all().enumerate() {
        for &v in r {
            pairs.push((v, k));
        }
    }
    let mut touching = Lists::new(points.len(), &pairs);
    dedup_lists(&mut touching);
    // The edges at each vertex, in edge order.
    pairs.clear();
    for (e, &(a, b)) in edges.keys.iter().enumerate() {
        pairs.push((a, e));
        pairs.push((b, e));
    }
    let at_vertex = Lists::new(points.len(), &pairs);
    let mut around = Table::with_capacity(points.len(), pairs.len());
    for v in 0..points.len() {
        for &t in touching.of(v) {
            around.push_tessel(t);
        }
        for &e in at_vertex.of(v) {
            let (a, b) = edges.keys[e];
            let sides = edges.sides(e);
            around.push_edge(Edge {
                other: if a == v { b } else { a },
                first: sides[0].0,
                second: sides.get(1).map_or(usize::MAX, |s| s.0),
                sides: sides.len() as u32,
            });
        }
        around.next_vertex();
    }
    let mut out = Vec::with_capacity(rings.len());
    let mut marks = Marks::new(rings.len(), points.len());
    for (k, r) in joined.all().enumerate() {
        let mut rel = relations(k, r, &around, &mut marks);
        rel.open = open(rings[k].as_ref(), |v| root[v], &around, |v| points[v]);
        rel.edge.iter_mut().for_each(|u| *u = labels[*u]);
        rel.vertex.iter_mut().for_each(|u| *u = labels[*u]);
        rel.trace.iter_mut().for_each(|u| u.0 = labels[u.0]);
        out.push(rel);
    }
    Ok(out)
}

/// The edges of the joined rings (on vertices `0..vertices`) with their sides, in order
/// of (low, high) vertex: bucketed by their low vertex (a counting sort, linear in the
/// edges), each bucket then sorted by its high vertex. The sides are laid in tessel order,
/// then ring order, and the sort within a bucket keeps that order.
fn edges_of(joined: &Lists, vertices: usize) -> Edges {
    #[inline(always)]
    fn each(joined: &Lists, mut f: impl FnMut(usize, usize, usize, bool)) {
        for (k, r) in joined.all().enumerate() {
            for i in 0..r.len() {
                let (a, b) = (r[i], r[(i + 1) % r.len()]);
                if a != b {
                    f(a.min(b), a.max(b), k, a < b);
                }
            }
        }
    }
    let mut at = vec![0u32; vertices + 1];
    each(joined, |lo, _, _, _| at[lo + 1] += 1);
    for v in 0..vertices {
        at[v + 1] += at[v];
    }
    // Each side as (high, tessel, forward), in its low vertex's bucket.
    let mut fill: Vec<u32> = at[..vertices].to_vec();
    let mut all = vec![(0usize, 0usize, false); at[vertices] as usize];
    each(joined, |lo, hi, k, forward| {
        all[fill[lo] as usize] = (hi, k, forward);
        fill[lo] += 1;
    });
    let mut edges = Edges {
        keys: Vec::with_capacity(all.len() / 2 + 1),
        at: Vec::with_capacity(all.len() / 2 + 2),
        sides: Vec::with_capacity(all.len()),
    };
    edges.at.push(0);
    for lo in 0..vertices {
        let bucket = &mut all[at[lo] as usize..at[lo + 1] as usize];
        // By high vertex, sides of one edge kept in order: an insertion sort (the buckets
        // are a few sides each).
        for i in 1..bucket.len() {
            let mut j = i;
            while j > 0 && bucket[j - 1].0 > bucket[j].0 {
                bucket.swap(j - 1, j);
                j -= 1;
            }
        }
        for &(hi, k, forward) in bucket.iter() {
            if edges.keys.last() != Some(&(lo, hi)) {
                if !edges.keys.is_empty() {
                    edges.at.push(edges.sides.len() as u32);
                }
                edges.keys.push((lo, hi));
            }
            edges.sides.push((k, forward));
        }
    }
    edges.at.push(edges.sides.len() as u32);
    edges
}

/// Drops repeats inside each list (a tessel met twice at one vertex counts once), in
/// place. Each list must be in increasing order, so that repeats are side by side.
fn dedup_lists(lists: &mut Lists) {
    let mut write = 0usize;
    let mut start = 0usize;
    for i in 0..lists.at.len() - 1 {
        let end = lists.at[i + 1] as usize;
        let first = write;
        for read in start..end {
            let x = lists.items[read];
            if write == first || lists.items[write - 1] != x {
                lists.items[write] = x;
                write += 1;
            }
        }
        start = end;
        lists.at[i + 1] = write as u32;
    }
    lists.items.truncate(write);
}

/// The first splice with a point joined into vertex `v`.
fn splice_at(
    splices: &[Vec<(Point, Point)>],
    ix: &Index,
    root: &[usize],
    v: usize,
) -> Option<usize> {
    let at = |p: &Point| ix.ids.get(p).is_some_and(|&w| root[w] == v);
    splices
        .iter()
        .position(|pairs| pairs.iter().any(|(p, q)| at(p) || at(q)))
}

/// Every tessel joined to the rest, at least by a vertex: those that are not, by label.
pub(super) fn apart<'a>(
    labels: &[usize],
    rel: impl Fn(usize) -> Option<&'a Relations>,
) -> Option<Vec<Problem>> {
    if labels.len() <= 1 {
        return None;
    }
    let top = labels.iter().max().map_or(0, |&m| m + 1);
    let mut seen = vec![false; top];
    let mut todo = vec![labels[0]];
    seen[labels[0]] = true;
    while let Some(t) = todo.pop() {
        if let Some(r) = rel(t) {
            for &u in r.edge.iter().chain(&r.vertex) {
                if !seen[u] {
                    seen[u] = true;
                    todo.push(u);
                }
            }
        }
    }
    let apart: Vec<Problem> = labels
        .iter()
        .filter(|&&t| !seen[t])
        .map(|&t| Problem::Apart { tessel: t })
        .collect();
    (!apart.is_empty()).then_some(apart)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_dropped_in_place_list_by_list() {
        // Lists 0..4: [1, 1, 2], [], [3], [0, 0, 0, 4, 4].
        let pairs = [
            (0, 1),
            (0, 1),
            (0, 2),
            (2, 3),
            (3, 0),
            (3, 0),
            (3, 0),
            (3, 4),
            (3, 4),
        ];
        let mut lists = Lists::new(4, &pairs);
        dedup_lists(&mut lists);
        let got: Vec<Vec<usize>> = lists.all().map(<[usize]>::to_vec).collect();
        assert_eq!(got, vec![vec![1, 2], vec![], vec![3], vec![0, 4]]);
        assert_eq!(lists.items.len(), 5);
    }

    #[test]
    fn each_edge_found_from_either_end_and_no_other() {
        // Two squares sharing the edge 1-2, and a triangle on vertex 2.
        let pairs = [
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 1),
            (1, 4),
            (1, 5),
            (1, 2),
            (2, 2),
            (2, 5),
            (2, 6),
        ];
        let rings = Lists::new(3, &pairs);
        let edges = edges_of(&rings, 7);
        assert!(edges.keys.windows(2).all(|w| w[0] < w[1]));
        for (e, &(a, b)) in edges.keys.iter().enumerate() {
            assert_eq!(edges.index(a, b), Some(e));
            assert_eq!(edges.index(b, a), Some(e));
        }
        assert_eq!(edges.sides(edges.index(1, 2).unwrap()).len(), 2);
        assert_eq!(edges.index(0, 2), None);
        assert_eq!(edges.index(3, 6), None);
        assert_eq!(edges.index(6, 9), None);
    }
}
