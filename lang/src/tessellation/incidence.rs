//! The ring edges at each vertex of a kept area, patched where an alteration reaches: what
//! [`super::Tessellation`] derives the relations a change may alter from, instead of
//! numbering, sorting and listing the whole drawing at each change as the full derivation
//! does (`topology.rs`).
//!
//! Why what is read here is what the full derivation reads:
//! - The full derivation numbers the drawn points in order of first appearance (slot by
//!   slot, each in its drawn order), a joined vertex by its least number. No relation
//!   depends on the numbers but the order of a tessel's traces, which follows the order of
//!   the edges at a vertex: the order of the numbers at their other ends. Here a point
//!   keeps the number it was first given for the area's life, and that order is read from
//!   a rank worked out at each change ([`Incidence::ranks`]: one pass over the drawn
//!   points, no hashing) — the rank a point's number has in the full derivation.
//! - The ring edges at a vertex are those of the tessels there, tessels in increasing
//!   order, each tessel's in ring order: only the tessels a change redraws or whose ring
//!   (joined) changes have other ones, so only the vertices on their rings, before and
//!   after, are listed again (with the tessels there and the edges there in order).
//! - The order of two points changes only if one is drawn by a redrawn tessel (the others
//!   keep where they first appear): so the edges are put in order again only at those
//!   vertices and at the vertices next to them.
//! - A splice added or taken away joins vertices anywhere: then everything is listed
//!   again (and numbered afresh).
//! - The full derivation's checks on edges (at most two sides, going opposite ways) and
//!   on the number of vertices are made on the tessels listed again; the others' edges
//!   are as they were, and were right.

use super::around::{self, Around, Edge, Marks};
use super::live::Failed;
use super::topology::{Joins, PointMap};
use super::{Point, Relations, MAX_VERTICES};
use std::sync::Arc;

/// A ring edge at a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct End {
    /// The tessel (slot) whose ring has the edge.
    tessel: u32,
    /// The vertex at the edge's other end.
    other: u32,
    /// Whether the ring leaves this vertex along it (else it arrives).
    out: bool,
}

/// A tessel's points as numbers: as drawn, its ring, and its ring joined (each point by
/// the vertex it is joined into, repeats side by side dropped).
#[derive(Debug)]
struct Numbered {
    drawn: Vec<u32>,
    ring: Vec<usize>,
    joined: Vec<usize>,
}

/// What lies at a vertex: the ring edges there, the tessels there (increasing, each
/// once), and the edges there in the order of the rank of their other end.
#[derive(Clone, Debug, Default)]
struct Vertex {
    ends: Vec<End>,
    touching: Vec<usize>,
    edges: Vec<Edge>,
}

impl Vertex {
    fn new(ends: Vec<End>, rank: &[u32]) -> Vertex {
        let mut touching: Vec<usize> = Vec::with_capacity(ends.len() / 2);
        let mut edges: Vec<Edge> = Vec::with_capacity(ends.len() / 2);
        for e in &ends {
            let (o, t) = (e.other as usize, e.tessel as usize);
            if touching.last() != Some(&t) {
                touching.push(t);
            }
            match edges.iter_mut().find(|x| x.other == o) {
                Some(x) => {
                    if x.sides == 1 {
                        x.second = t;
                    }
                    x.sides += 1;
                }
                None => edges.push(Edge {
                    other: o,
                    first: t,
                    second: usize::MAX,
                    sides: 1,
                }),
            }
        }
        let mut v = Vertex {
            ends,
            touching,
            edges,
        };
        v.order(rank);
        v
    }

    /// Puts the edges in the order of `rank` at their other end (an insertion sort: a few
    /// edges, mostly in order already).
    fn order(&mut self, rank: &[u32]) {
        let edges = &mut self.edges;
        for i in 1..edges.len() {
            let mut j = i;
            while j > 0 && rank[edges[j - 1].other] > rank[edges[j].other] {
                edges.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

/// The ring edges at each vertex of an area, and each tessel's points as numbers.
#[derive(Clone, Debug, Default)]
pub(super) struct Incidence {
    /// Each point drawn, numbered in the order first met.
    ids: Arc<PointMap<u32>>,
    points: Arc<Vec<Point>>,
    /// By point: the vertex it is joined into (itself unless a splice joins it).
    root: Arc<Vec<u32>>,
    /// By vertex.
    at: Vec<Arc<Vertex>>,
    /// By slot.
    slots: Vec<Option<Arc<Numbered>>>,
}

/// What a slot draws and its ring (`None`: an empty slot).
pub(super) type Shape<'a> = Option<(&'a [Point], &'a [Point])>;

impl Incidence {
    /// The tables of an area of `slots` slots, slot `c` drawn and ringed as `shape(c)` says,
    /// joined by `splices`; `None` if a splice joins a point no tessel draws.
    pub fn new<'a>(
        slots: usize,
        shape: impl Fn(usize) -> Shape<'a>,
        splices: &[Vec<(Point, Point)>],
    ) -> Option<Incidence> {
        let mut ids = PointMap::default();
        let mut points = Vec::new();
        let mut number = |p: Point| -> u32 {
            *ids.entry(p).or_insert_with(|| {
                points.push(p);
                points.len() as u32 - 1
            })
        };
        let mut numbered: Vec<Option<(Vec<u32>, Vec<usize>)>> = Vec::with_capacity(slots);
        for c in 0..slots {
            numbered.push(shape(c).map(|(drawn, ring)| {
                let drawn: Vec<u32> = drawn.iter().map(|&p| number(p)).collect();
                let ring = ring.iter().map(|&p| number(p) as usize).collect();
                (drawn, ring)
            }));
        }
        let mut joins = Joins((0..points.len()).collect());
        for &(p, q) in splices.iter().flatten() {
            joins.join(*ids.get(&p)? as usize, *ids.get(&q)? as usize);
        }
        let root: Vec<u32> = (0..points.len()).map(|v| joins.find(v) as u32).collect();
        let slots: Vec<Option<Arc<Numbered>>> = numbered
            .into_iter()
            .map(|n| {
                n.map(|(drawn, ring)| {
                    Arc::new(Numbered {
                        joined: joined(&ring, &root),
                        drawn,
                        ring,
                    })
                })
            })
            .collect();
        let mut ends: Vec<Vec<End>> = vec![Vec::new(); points.len()];
        for (c, s) in slots.iter().enumerate() {
            if let Some(s) = s {
                each_edge(c, &s.joined, |v, end| ends[v].push(end));
            }
        }
        let mut out = Incidence {
            ids: Arc::new(ids),
            points: Arc::new(points),
            root: Arc::new(root),
            at: Vec::new(),
            slots,
        };
        let rank = out.ranks(splices).ok()?;
        out.at = ends
            .into_iter()
            .map(|e| Arc::new(Vertex::new(e, &rank)))
            .collect();
        Some(out)
    }

    /// Lists again the ring edges of the slots `changed` marks, now drawn and ringed as
    /// `shape(c)` says — or, with the splices changed (`respliced`), every slot's. Fails
    /// as the full derivation would, or when a point is new to the area (`Unsure`).
    pub fn alter<'a>(
        &mut self,
        slots: usize,
        shape: impl Fn(usize) -> Shape<'a>,
        changed: &[bool],
        splices: &[Vec<(Point, Point)>],
        respliced: bool,
    ) -> Result<(), Failed> {
        if respliced {
            *self = Incidence::new(slots, shape, splices).ok_or(Failed::Wrong)?;
            return match (0..slots).all(|c| self.edges_right(c)) {
                true => Ok(()),
                false => Err(Failed::Wrong),
            };
        }
        self.slots.resize(slots, None);
        let relisted: Vec<usize> = (0..slots).filter(|&c| changed[c]).collect();
        // The vertices whose lists change: those on the rings before and after.
        let mut touched: Vec<usize> = Vec::new();
        let mut added: Vec<(usize, End)> = Vec::new();
        // The points drawn by the slots listed again, before and after (as vertices).
        let mut moved: Vec<usize> = Vec::new();
        for &c in &relisted {
            if let Some(old) = &self.slots[c] {
                touched.extend(&old.joined);
                moved.extend(old.drawn.iter().map(|&v| self.root[v as usize] as usize));
            }
            self.slots[c] = match shape(c) {
                None => None,
                Some((drawn, ring)) => {
                    let number = |p: &Point| self.ids.get(p).copied().ok_or(Failed::Unsure);
                    let drawn = drawn.iter().map(number).collect::<Result<Vec<u32>, _>>()?;
                    let ring = ring
                        .iter()
                        .map(|p| number(p).map(|v| v as usize))
                        .collect::<Result<Vec<usize>, _>>()?;
                    let joined = joined(&ring, &self.root);
                    touched.extend(&joined);
                    moved.extend(drawn.iter().map(|&v| self.root[v as usize] as usize));
                    each_edge(c, &joined, |v, end| added.push((v, end)));
                    Some(Arc::new(Numbered {
                        drawn,
                        ring,
                        joined,
                    }))
                }
            };
        }
        touched.sort_unstable();
        touched.dedup();
        let rank = self.ranks(splices)?;
        // Each touched vertex's ends: those of the tessels not listed again, with those
        // added merged in by tessel (each tessel's kept in ring order).
        added.sort_by_key(|&(v, _)| v);
        for &v in &touched {
            let from = added.partition_point(|&(u, _)| u < v);
            let to = added.partition_point(|&(u, _)| u <= v);
            let mut new = added[from..to].iter().map(|&(_, e)| e).peekable();
            let mut ends: Vec<End> = Vec::with_capacity(self.at[v].ends.len() + to - from);
            for &e in self.at[v]
                .ends
                .iter()
                .filter(|e| !changed[e.tessel as usize])
            {
                while let Some(n) = new.next_if(|n| n.tessel < e.tessel) {
                    ends.push(n);
                }
                ends.push(e);
            }
            ends.extend(new);
            self.at[v] = Arc::new(Vertex::new(ends, &rank));
        }
        // Where a moved point is the other end of an edge, the order may have changed.
        moved.sort_unstable();
        moved.dedup();
        for &m in &moved {
            for i in 0..self.at[m].edges.len() {
                let w = self.at[m].edges[i].other;
                if touched.binary_search(&w).is_err() {
                    Arc::make_mut(&mut self.at[w]).order(&rank);
                }
            }
        }
        match relisted.iter().all(|&c| self.edges_right(c)) {
            true => Ok(()),
            false => Err(Failed::Wrong),
        }
    }

    /// Whether slot `c`'s edges are as the full derivation requires: at most two sides
    /// to an edge, two going opposite ways; and whether it has at most
    /// [`MAX_VERTICES`] vertices.
    fn edges_right(&self, c: usize) -> bool {
        let Some(s) = &self.slots[c] else { return true };
        let r = &s.joined;
        if r.len() > MAX_VERTICES {
            return false;
        }
        (0..r.len()).all(|i| {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            let mut sides = self.at[a].ends.iter().filter(|e| e.other as usize == b);
            match (sides.next(), sides.next(), sides.next()) {
                (_, None, _) => true,
                (Some(x), Some(y), None) => x.out != y.out,
                _ => false,
            }
        })
    }

    /// Each vertex's rank in the full derivation's numbering (the order of first
    /// appearance among the points drawn now; a joined vertex's, its least); fails as the
    /// full derivation would when a splice joins a point no tessel draws now.
    pub fn ranks(&self, splices: &[Vec<(Point, Point)>]) -> Result<Vec<u32>, Failed> {
        let mut rank = vec![u32::MAX; self.points.len()];
        let mut next = 0;
        for s in self.slots.iter().flatten() {
            for &v in &s.drawn {
                if rank[v as usize] == u32::MAX {
                    rank[v as usize] = next;
                    next += 1;
                }
            }
        }
        if splices.is_empty() {
            return Ok(rank);
        }
        for &(p, q) in splices.iter().flatten() {
            for x in [p, q] {
                if self
                    .ids
                    .get(&x)
                    .is_none_or(|&v| rank[v as usize] == u32::MAX)
                {
                    return Err(Failed::Wrong);
                }
            }
        }
        let mut joined = rank.clone();
        for (v, &r) in self.root.iter().enumerate() {
            let j = &mut joined[r as usize];
            *j = (*j).min(rank[v]);
        }
        Ok(joined)
    }

    /// Which slots' relations may have changed: those within two steps (sharing a
    /// vertex) of a changed one, after the change (here) or before it (`before`, the
    /// relations before, by slot).
    pub fn near(&self, changed: &[bool], before: &[Option<Arc<Relations>>]) -> Vec<bool> {
        let n = self.slots.len();
        let mut after: Vec<bool> = (0..n).map(|c| changed.get(c) == Some(&true)).collect();
        for _ in 0..2 {
            let mut next = after.clone();
            for (c, s) in self.slots.iter().enumerate() {
                if let (true, Some(s)) = (after[c], s) {
                    for &v in &s.joined {
                        for &u in &self.at[v].touching {
                            next[u] = true;
                        }
                    }
                }
            }
            after = next;
        }
        let mut was: Vec<bool> = (0..n).map(|c| changed.get(c) == Some(&true)).collect();
        for _ in 0..2 {
            let mut next = was.clone();
            for (c, rel) in before.iter().enumerate() {
                if let (Some(true), Some(rel)) = (was.get(c), rel) {
                    for &u in rel.edge.iter().chain(&rel.vertex) {
                        if let Some(x) = next.get_mut(u) {
                            *x = true;
                        }
                    }
                }
            }
            was = next;
        }
        (0..n)
            .map(|c| self.slots[c].is_some() && (after[c] || was[c]))
            .collect()
    }

    /// Marks for deriving relations here.
    pub fn marks(&self) -> Marks {
        Marks::new(self.slots.len(), self.points.len())
    }

    /// Slot `c`'s relations (it must have a tessel).
    pub fn relations(&self, c: usize, marks: &mut Marks) -> Relations {
        let s = self.slots[c].as_ref().expect("a tessel in the slot");
        let mut rel = around::relations(c, &s.joined, self, marks);
        rel.open = around::open(&s.ring, |v| self.root[v] as usize, self, |v| self.points[v]);
        rel
    }
}

/// A ring as joined vertices, repeats side by side dropped (round the end too).
fn joined(ring: &[usize], root: &[u32]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(ring.len());
    for &v in ring {
        let j = root[v] as usize;
        if out.last() != Some(&j) {
            out.push(j);
        }
    }
    while out.len() > 1 && out.first() == out.last() {
        out.pop();
    }
    out
}

/// Calls `f(vertex, end)` for each end of each edge of tessel `c`'s joined ring, in ring
/// order.
fn each_edge(c: usize, r: &[usize], mut f: impl FnMut(usize, End)) {
    for i in 0..r.len() {
        let (a, b) = (r[i], r[(i + 1) % r.len()]);
        if a != b {
            let tessel = c as u32;
            f(
                a,
                End {
                    tessel,
                    other: b as u32,
                    out: true,
                },
            );
            f(
                b,
                End {
                    tessel,
                    other: a as u32,
                    out: false,
                },
            );
        }
    }
}

impl Around for Incidence {
    fn touching(&self, v: usize) -> &[usize] {
        &self.at[v].touching
    }
    fn edges(&self, v: usize) -> &[Edge] {
        &self.at[v].edges
    }
}
