//! A tessel's relations read from what lies around its vertices: the tessels at each
//! vertex and the edges there with their sides ([`Around`]). One reading for the two
//! places that keep those: a full derivation's flat tables (`topology.rs`) and a kept
//! area's patched ring edges (`incidence.rs`), so that the two cannot disagree on what a
//! relation is.

use super::{Point, Relations, MAX_TRACE};

/// An edge at a vertex: the vertex at its other end and its sides' tessels (the first two,
/// in order, and how many).
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub other: usize,
    pub first: usize,
    pub second: usize,
    pub sides: u32,
}

impl Edge {
    /// The edge's two tessels, when it has exactly two sides.
    pub fn pair(&self) -> Option<[usize; 2]> {
        (self.sides == 2).then_some([self.first, self.second])
    }
}

/// What lies around each vertex of a drawing (vertices joined by splices are one).
pub(super) trait Around {
    /// The tessels at vertex `v`, increasing, each once.
    fn touching(&self, v: usize) -> &[usize];
    /// The edges at `v` in the order of the vertex at their other end.
    fn edges(&self, v: usize) -> &[Edge];

    fn edge(&self, a: usize, b: usize) -> Option<&Edge> {
        self.edges(a).iter().find(|e| e.other == b)
    }
    /// The first tessel other than `k` with a side on the edge between `a` and `b` (of
    /// its first two sides: an edge with more is no playing area).
    fn across(&self, a: usize, b: usize, k: usize) -> Option<usize> {
        let e = self.edge(a, b)?;
        [e.first, e.second][..e.sides.min(2) as usize]
            .iter()
            .copied()
            .find(|&u| u != k)
    }
    /// How many sides the edge between `a` and `b` has (none: no such edge).
    fn sides(&self, a: usize, b: usize) -> u32 {
        self.edge(a, b).map_or(0, |e| e.sides)
    }
}

/// What lies around each vertex in flat lists, filled vertex by vertex, in order.
#[derive(Default)]
pub(super) struct Table {
    touching_at: Vec<u32>,
    touching: Vec<usize>,
    edges_at: Vec<u32>,
    edges: Vec<Edge>,
}

impl Table {
    pub fn with_capacity(vertices: usize, edges: usize) -> Table {
        let mut out = Table {
            touching_at: Vec::with_capacity(vertices + 1),
            touching: Vec::with_capacity(edges),
            edges_at: Vec::with_capacity(vertices + 1),
            edges: Vec::with_capacity(edges),
        };
        out.touching_at.push(0);
        out.edges_at.push(0);
        out
    }
    /// Ends the next vertex's lists: the tessels and edges pushed since the last.
    pub fn next_vertex(&mut self) {
        self.touching_at.push(self.touching.len() as u32);
        self.edges_at.push(self.edges.len() as u32);
    }
    pub fn push_tessel(&mut self, t: usize) {
        self.touching.push(t);
    }
    pub fn push_edge(&mut self, e: Edge) {
        self.edges.push(e);
    }
}

impl Around for Table {
    fn touching(&self, v: usize) -> &[usize] {
        &self.touching[self.touching_at[v] as usize..self.touching_at[v + 1] as usize]
    }
    fn edges(&self, v: usize) -> &[Edge] {
        &self.edges[self.edges_at[v] as usize..self.edges_at[v + 1] as usize]
    }
}

/// Marks by tessel and by vertex, each set to a stamp that is new for each tessel whose
/// relations are derived, so that "is it near" is one look instead of a scan.
pub(super) struct Marks {
    tessel: Vec<u32>,
    vertex: Vec<u32>,
    /// By tessel: `(stamp, i)` when it is the `i`th trace found for the stamp's tessel.
    traced: Vec<(u32, u32)>,
    stamp: u32,
}

impl Marks {
    /// Marks for tessels `0..tessels` and vertices `0..vertices`.
    pub fn new(tessels: usize, vertices: usize) -> Marks {
        Marks {
            tessel: vec![0; tessels],
            vertex: vec![0; vertices],
            traced: vec![(0, 0); tessels],
            stamp: 0,
        }
    }
}

/// Tessel `k`'s edge, vertex and trace relations, its joined ring `r` (tessel numbers as
/// `around` gives them; open edges left empty).
pub(super) fn relations(k: usize, r: &[usize], around: &impl Around, m: &mut Marks) -> Relations {
    m.stamp += 1;
    let stamp = m.stamp;
    let mut rel = Relations {
        edge: Vec::with_capacity(r.len()),
        ..Relations::default()
    };
    // Marked: the tessel itself and each neighbour found, and the tessel's vertices.
    m.tessel[k] = stamp;
    for &v in r {
        m.vertex[v] = stamp;
    }
    for i in 0..r.len() {
        if let Some(u) = around.across(r[i], r[(i + 1) % r.len()], k) {
            if m.tessel[u] != stamp {
                m.tessel[u] = stamp;
                rel.edge.push(u);
            }
        }
    }
    for &v in r {
        for &u in around.touching(v) {
            if m.tessel[u] != stamp {
                m.tessel[u] = stamp;
                rel.vertex.push(u);
            }
        }
    }
    // Trace: from a vertex of the tessel, along an edge between two other tessels, on
    // along their boundary while only they meet at its vertices (a unit a vertex), to a
    // vertex where a third tessel touches that shares nothing with the starting one.
    let mut found: Vec<(usize, u32)> = Vec::with_capacity(2 * rel.vertex.len() + 4);
    for &v in r {
        for e in around.edges(v) {
            let Some(sides) = e.pair() else { continue };
            if sides.contains(&k) {
                continue;
            }
            let (mut prev, mut cur) = (v, e.other);
            let mut cost = 1;
            loop {
                if m.vertex[cur] == stamp || cost > MAX_TRACE {
                    break;
                }
                let mut others = false;
                for &u in around.touching(cur).iter().filter(|u| !sides.contains(u)) {
                    others = true;
                    if m.tessel[u] != stamp {
                        match m.traced[u] {
                            (st, i) if st == stamp => {
                                let f = &mut found[i as usize].1;
                                *f = (*f).min(cost);
                            }
                            _ => {
                                m.traced[u] = (stamp, found.len() as u32);
                                found.push((u, cost));
                            }
                        }
                    }
                }
                if others {
                    break;
                }
                // Only the two meet here: the boundary goes on.
                let next = around.edges(cur).iter().find(|e2| {
                    e2.other != prev
                        && e2
                            .pair()
                            .is_some_and(|s| s.contains(&sides[0]) && s.contains(&sides[1]))
                });
                let Some(e2) = next else { break };
                prev = cur;
                cur = e2.other;
                cost += 1;
            }
        }
    }
    rel.trace = found;
    rel
}

/// The open edges of a ring (unjoined vertices, joined by `root`): those with its tessel
/// alone on them, as pairs of points.
pub(super) fn open(
    ring: &[usize],
    root: impl Fn(usize) -> usize,
    around: &impl Around,
    points: impl Fn(usize) -> Point,
) -> Vec<(Point, Point)> {
    let n = ring.len();
    (0..n)
        .filter(|&i| {
            let (a, b) = (root(ring[i]), root(ring[(i + 1) % n]));
            a != b && around.sides(a, b) == 1
        })
        .map(|i| (points(ring[i]), points(ring[(i + 1) % n])))
        .collect()
}
