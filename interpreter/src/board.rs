//! The board: built once as a graph (petgraph) from the program's cells and links, then
//! flattened into neighbour tables and region bitsets for move generation.

use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tessel_lang::ir::{self, CellId, DirId, NO_CELL};
use tessel_lang::tessellation::Tessellation;

/// A set of cells as bits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    pub fn new(cells: usize) -> Self {
        CellSet {
            words: vec![0; cells.div_ceil(64)],
        }
    }
    pub fn insert(&mut self, c: CellId) {
        if let Some(w) = self.words.get_mut(c as usize / 64) {
            *w |= 1 << (c % 64);
        }
    }
    #[inline]
    pub fn contains(&self, c: CellId) -> bool {
        self.words
            .get(c as usize / 64)
            .is_some_and(|w| w >> (c % 64) & 1 == 1)
    }
}

/// Each cell's outline, for boards drawn as polygons (none for other boards).
#[derive(Clone, Debug)]
pub enum Outlines {
    /// As the board was built.
    Listed(Vec<Arc<[(f64, f64)]>>),
    /// A drawn area's tessels' outlines (of its first `cells` slots), read from its
    /// tessellation, which the board shares: a change of the area copies none of them.
    Drawn(Arc<Tessellation>, usize),
}

impl Outlines {
    /// How many cells have an outline (all or none of a board's cells).
    pub fn len(&self) -> usize {
        match self {
            Outlines::Listed(v) => v.len(),
            Outlines::Drawn(_, cells) => *cells,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Cell `c`'s outline (empty for a cell with no tessel); `None` past the cells.
    pub fn get(&self, c: usize) -> Option<&[(f64, f64)]> {
        match self {
            Outlines::Listed(v) => v.get(c).map(|o| &o[..]),
            Outlines::Drawn(t, cells) => (c < *cells).then(|| t.outline(c)),
        }
    }

    /// Each cell's outline in turn.
    pub fn iter(&self) -> impl Iterator<Item = &[(f64, f64)]> + '_ {
        (0..self.len()).map(|c| self.get(c).unwrap_or(&[]))
    }
}

impl std::ops::Index<usize> for Outlines {
    type Output = [(f64, f64)];

    /// Cell `c`'s outline; empty past the cells.
    fn index(&self, c: usize) -> &[(f64, f64)] {
        self.get(c).unwrap_or(&[])
    }
}

/// Outlines are equal when every cell's is, however they are kept.
impl PartialEq for Outlines {
    fn eq(&self, other: &Outlines) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// Neighbour tables and regions of a board.
#[derive(Clone, Debug)]
pub struct Board {
    /// Shared between a drawn area's boards (a change relinks, it never renames).
    pub cell_names: Arc<Vec<String>>,
    pub dir_names: Arc<Vec<String>>,
    /// `next[dir * cells + cell]`: the cell one link away, or [`NO_CELL`].
    next: Vec<CellId>,
    pub opposite: Vec<Option<DirId>>,
    /// Each region's cells for each player: `regions[r][player]`.
    pub regions: Arc<Vec<Vec<CellSet>>>,
    pub grid: Option<(u32, u32)>,
    /// Rows to draw and write the board in, when it is not a full grid: each row's indent
    /// in half cells and its cells.
    pub rows: Option<Vec<(u32, Vec<CellId>)>>,
    /// The links, `(from, dir, to)`, the tables were made from.
    links: Vec<(CellId, DirId, CellId)>,
    /// The graph of the links, for graph queries: made the first time one is asked (a
    /// drawn area relinked after each change seldom needs it).
    graph: OnceLock<DiGraph<CellId, DirId>>,
    /// `cost[dir * cells + cell]`: what the link costs in move units; empty when every
    /// link costs one.
    cost: Vec<u32>,
    /// Each cell's outline, for boards drawn as polygons (else none).
    pub outlines: Outlines,
    /// The cells one link from each cell, each once, in the graph's order: those of cell
    /// `c` are `adj[adj_at[c]..adj_at[c + 1]]`.
    adj: Vec<CellId>,
    adj_at: Vec<u32>,
    /// The distances found so far (see [`Distances`]).
    distances: Distances,
}

/// Distances already found on a board: for a set of directions and a first cell, the steps
/// to every cell. A board's links never change, so a row stays true for the board's life
/// (a drawn area that changes is a new board). At most [`Distances::LIMIT`] numbers are
/// kept; past that, each distance is searched for afresh. A clone starts empty.
#[derive(Default)]
struct Distances(Mutex<DistanceRows>);

#[derive(Default)]
struct DistanceRows {
    /// The direction sets asked about, numbered.
    sets: Vec<Vec<DirId>>,
    rows: HashMap<(usize, CellId), Arc<[u32]>>,
    /// How many numbers the rows hold.
    held: usize,
}

impl Distances {
    const LIMIT: usize = 1 << 22;

    /// The row of `a` along `dirs`, found now if it was not kept; none when full.
    fn row(&self, board: &Board, a: CellId, dirs: &[DirId]) -> Option<Arc<[u32]>> {
        if a as usize >= board.cells() {
            return None;
        }
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let set = match kept.sets.iter().position(|s| s.as_slice() == dirs) {
            Some(i) => i,
            None => {
                kept.sets.push(dirs.to_vec());
                kept.sets.len() - 1
            }
        };
        if let Some(row) = kept.rows.get(&(set, a)) {
            return Some(row.clone());
        }
        if kept.held + board.cells() > Self::LIMIT {
            return None;
        }
        let row: Arc<[u32]> = board.distances_from(a, dirs).into();
        kept.held += row.len();
        kept.rows.insert((set, a), row.clone());
        Some(row)
    }
}

impl Clone for Distances {
    fn clone(&self) -> Distances {
        Distances::default()
    }
}

impl std::fmt::Debug for Distances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Distances")
    }
}

impl Board {
    pub fn build(b: &ir::Board, regions: &[ir::Region], players: usize) -> Board {
        let n = b.cells.len();
        let regions = regions
            .iter()
            .map(|r| {
                (0..players)
                    .map(|p| {
                        let mut s = CellSet::new(n);
                        for &c in r.cells.get(p).map(|v| v.as_slice()).unwrap_or(&[]) {
                            s.insert(c);
                        }
                        s
                    })
                    .collect()
            })
            .collect();
        let mut board = Board {
            adj: Vec::new(),
            adj_at: Vec::new(),
            distances: Distances::default(),
            cell_names: Arc::new(b.cells.clone()),
            dir_names: Arc::new(b.dirs.clone()),
            next: Vec::new(),
            opposite: b.opposite.clone(),
            regions: Arc::new(regions),
            grid: b.grid,
            rows: b.rows.clone(),
            links: Vec::new(),
            graph: OnceLock::new(),
            cost: Vec::new(),
            outlines: Outlines::Listed(
                b.outlines.iter().map(|o| Arc::from(o.as_slice())).collect(),
            ),
        };
        board.link(&b.links, &b.link_costs);
        board
    }

    /// The same board (names, directions, regions) with other links, their costs and
    /// cell outlines: a drawn area after a change. `links` lists each cell's links in turn
    /// (cell `c`'s are `at[c]..at[c + 1]`, `costs` alike). Only the rows of the cells
    /// marked in `changed` are linked anew; every other cell's links must be as on this
    /// board, and its rows (next cells, costs, neighbours) are taken over. The result is
    /// the board [`Board::build`] makes from the same links.
    pub fn relinked(
        &self,
        links: Vec<(CellId, DirId, CellId)>,
        costs: &[u32],
        at: &[u32],
        outlines: Outlines,
        changed: &[bool],
    ) -> Board {
        let n = self.cells();
        let dirs = self.dir_names.len();
        let fresh: Vec<usize> = (0..n)
            .filter(|&c| changed.get(c).copied().unwrap_or(true))
            .collect();
        let range = |c: usize| match at.get(c..c + 2) {
            Some(&[a, b]) => a as usize..b as usize,
            _ => 0..0,
        };
        // A changed cell's links that have a row (as in `link`), in order.
        let of = |c: usize| {
            links[range(c)]
                .iter()
                .zip(
                    costs
                        .get(range(c))
                        .unwrap_or(&[])
                        .iter()
                        .chain(std::iter::repeat(&1)),
                )
                .filter(move |(l, _)| l.0 as usize == c && (l.1 as usize) < dirs)
        };
        let mut next = self.next.clone();
        for &c in &fresh {
            for d in 0..dirs {
                next[d * n + c] = NO_CELL;
            }
            for (&(_, dir, to), _) in of(c) {
                next[dir as usize * n + c] = to;
            }
        }
        let costly = costs.iter().any(|&c| c != 1);
        let cost = if !costly {
            Vec::new()
        } else if self.cost.is_empty() {
            let mut cost = vec![1; n * dirs];
            for (&(from, dir, _), &c) in links.iter().zip(costs) {
                cost[dir as usize * n + from as usize] = c;
            }
            cost
        } else {
            let mut cost = self.cost.clone();
            for &c in &fresh {
                for d in 0..dirs {
                    cost[d * n + c] = 1;
                }
                for (&(_, dir, _), &k) in of(c) {
                    cost[dir as usize * n + c] = k;
                }
            }
            cost
        };
        // The cells one link away, the latest link first, each once: the changed cells'
        // found again, the others' taken over.
        let mut adj: Vec<CellId> = Vec::with_capacity(self.adj.len() + 8);
        let mut adj_at = Vec::with_capacity(n + 1);
        adj_at.push(0u32);
        let mut fresh = fresh.iter().copied().peekable();
        // By cell: the changed cell whose row it was last put in (plus one), so that a
        // row lists each cell once without a search of the row.
        let mut listed: Vec<u32> = vec![0; n];
        let mut c = 0;
        while c < n {
            if fresh.next_if_eq(&c).is_some() {
                let start = adj.len();
                let row = links[range(c)]
                    .iter()
                    .rev()
                    .filter(|l| l.0 as usize == c && (l.1 as usize) < dirs);
                for &(_, _, t) in row {
                    match listed.get_mut(t as usize) {
                        Some(mark) if *mark == c as u32 + 1 => {}
                        Some(mark) => {
                            *mark = c as u32 + 1;
                            adj.push(t);
                        }
                        None if !adj[start..].contains(&t) => adj.push(t),
                        None => {}
                    }
                }
                adj_at.push(adj.len() as u32);
                c += 1;
            } else {
                // A run of cells taken over, in one copy.
                let end = fresh.peek().copied().unwrap_or(n);
                let (a, b) = (self.adj_at[c] as usize, self.adj_at[end] as usize);
                let start = adj.len() as u32;
                adj.extend_from_slice(&self.adj[a..b]);
                adj_at.extend(
                    self.adj_at[c + 1..=end]
                        .iter()
                        .map(|&x| x - a as u32 + start),
                );
                c = end;
            }
        }
        Board {
            adj,
            adj_at,
            distances: Distances::default(),
            cell_names: self.cell_names.clone(),
            dir_names: self.dir_names.clone(),
            next,
            opposite: self.opposite.clone(),
            regions: self.regions.clone(),
            grid: self.grid,
            rows: self.rows.clone(),
            links,
            graph: OnceLock::new(),
            cost,
            outlines,
        }
    }

    /// The board's tables, to compare one relinked with one built afresh.
    #[cfg(test)]
    #[allow(clippy::type_complexity)]
    pub(crate) fn tables(
        &self,
    ) -> (
        &[CellId],
        &[u32],
        &[CellId],
        &[u32],
        &[(CellId, DirId, CellId)],
    ) {
        (&self.next, &self.cost, &self.adj, &self.adj_at, &self.links)
    }

    /// The links, `(from, dir, to)`, the board was made from.
    pub fn links(&self) -> &[(CellId, DirId, CellId)] {
        &self.links
    }

    /// Builds the neighbour tables from the links (`(from, dir, to)`) and what each costs
    /// (empty: all one). A later link of a cell along a direction wins; a cell's neighbours
    /// are listed as the graph lists them (its latest link first), each once.
    fn link(&mut self, links: &[(CellId, DirId, CellId)], costs: &[u32]) {
        let n = self.cell_names.len();
        let dirs = self.dir_names.len();
        let mut next = vec![NO_CELL; n * dirs];
        // Each cell's links, latest first: counted, then laid out cell by cell.
        let mut at = vec![0u32; n + 1];
        for &(from, dir, to) in links {
            if let Some(slot) = next.get_mut(dir as usize * n + from as usize) {
                *slot = to;
                at[from as usize + 1] += 1;
            }
        }
        for c in 0..n {
            at[c + 1] += at[c];
        }
        let mut fill = at.clone();
        let mut out = vec![NO_CELL; at[n] as usize];
        for &(from, _, to) in links.iter().rev() {
            if let Some(i) = fill.get_mut(from as usize).filter(|_| (from as usize) < n) {
                out[*i as usize] = to;
                *i += 1;
            }
        }
        let mut cost = Vec::new();
        if !costs.is_empty() && costs.iter().any(|&c| c != 1) {
            cost = vec![1; n * dirs];
            for (&(from, dir, _), &c) in links.iter().zip(costs) {
                cost[dir as usize * n + from as usize] = c;
            }
        }
        let mut adj: Vec<CellId> = Vec::with_capacity(links.len());
        let mut adj_at = Vec::with_capacity(n + 1);
        adj_at.push(0u32);
        for c in 0..n {
            let start = adj.len();
            for &t in &out[at[c] as usize..at[c + 1] as usize] {
                if !adj[start..].contains(&t) {
                    adj.push(t);
                }
            }
            adj_at.push(adj.len() as u32);
        }
        self.links = links.to_vec();
        self.graph = OnceLock::new();
        self.next = next;
        self.cost = cost;
        self.adj = adj;
        self.adj_at = adj_at;
    }

    /// The graph of the board's links (made on first use).
    pub fn graph(&self) -> &DiGraph<CellId, DirId> {
        self.graph.get_or_init(|| {
            let n = self.cell_names.len();
            let mut graph = DiGraph::with_capacity(n, self.links.len());
            let nodes: Vec<NodeIndex> = (0..n).map(|c| graph.add_node(c as CellId)).collect();
            for &(from, dir, to) in &self.links {
                graph.add_edge(nodes[from as usize], nodes[to as usize], dir);
            }
            graph
        })
    }

    /// Links on the shortest way from `a` to `b` along `dirs` (breadth first), if any.
    pub fn distance(&self, a: CellId, b: CellId, dirs: &[DirId]) -> Option<u32> {
        if a == b {
            return Some(0);
        }
        if a as usize >= self.cells() {
            return None;
        }
        // The kept row, or (the kept rows full) one searched for this question alone.
        let found = |row: &[u32]| row.get(b as usize).copied().filter(|&d| d != u32::MAX);
        match self.distances.row(self, a, dirs) {
            Some(row) => found(&row),
            None => found(&self.distances_from(a, dirs)),
        }
    }

    /// Steps from `a` to every cell along `dirs` (`u32::MAX`: cannot reach it).
    fn distances_from(&self, a: CellId, dirs: &[DirId]) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.cells()];
        dist[a as usize] = 0;
        let mut queue = std::collections::VecDeque::from([a]);
        while let Some(c) = queue.pop_front() {
            for &d in dirs {
                let t = self.step(c, d);
                if t != NO_CELL && dist[t as usize] == u32::MAX {
                    dist[t as usize] = dist[c as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
        dist
    }

    /// What the link from `c` along `d` costs in move units (1 unless the board says).
    #[inline]
    pub fn cost(&self, c: CellId, d: DirId) -> u32 {
        if self.cost.is_empty() {
            1
        } else {
            self.cost[d as usize * self.cells() + c as usize]
        }
    }

    #[inline]
    pub fn cells(&self) -> usize {
        self.cell_names.len()
    }

    /// Whether every link joins cells at most one column and one row apart (`coords`, one
    /// pair a cell): then no path of n links reaches farther than n columns or rows. Not so
    /// on a board that loops (a cylinder's seam) or has links drawn at will.
    pub fn unit_links(&self, coords: &[(u16, u16)]) -> bool {
        let n = self.cells();
        coords.len() == n
            && self.next.iter().enumerate().all(|(i, &t)| {
                let a = coords[i % n];
                t == NO_CELL
                    || coords
                        .get(t as usize)
                        .is_some_and(|b| a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1)
            })
    }

    /// Each direction's step in columns and rows (`coords`, one pair a cell) when every
    /// direction moves by the same step from every cell, one column or row at most and not
    /// nowhere (a direction with no link: `None`): then a walk along a direction is a
    /// straight line on the grid, and `b` lies on one from `a` only if it is a whole number
    /// of steps away. `None` for a board that loops, has links drawn at will, or a
    /// direction that turns.
    pub fn straight_steps(&self, coords: &[(u16, u16)]) -> Option<Vec<Option<(i8, i8)>>> {
        let n = self.cells();
        if n == 0 || coords.len() != n {
            return None;
        }
        let dirs = self.next.len() / n;
        let mut steps = vec![None; dirs];
        for (i, &t) in self.next.iter().enumerate() {
            if t == NO_CELL {
                continue;
            }
            let (a, b) = (coords[i % n], *coords.get(t as usize)?);
            let step = (
                i32::from(b.0) - i32::from(a.0),
                i32::from(b.1) - i32::from(a.1),
            );
            if step == (0, 0) || step.0.abs() > 1 || step.1.abs() > 1 {
                return None;
            }
            let step = (step.0 as i8, step.1 as i8);
            match &mut steps[i / n] {
                Some(known) if *known != step => return None,
                slot => *slot = Some(step),
            }
        }
        Some(steps)
    }

    /// The cells one link from `c`, each once.
    #[inline]
    pub fn neighbours(&self, c: CellId) -> impl Iterator<Item = CellId> + '_ {
        // A cell off the board has none.
        let (a, b) = match self.adj_at.get(c as usize..c as usize + 2) {
            Some(&[a, b]) => (a as usize, b as usize),
            _ => (0, 0),
        };
        self.adj[a..b].iter().copied()
    }

    /// How many cells the group of `c` holds: the cells joined to `c` by links through
    /// cells where `holds` is true (0 when it is false at `c`).
    pub fn group_size(&self, c: CellId, holds: impl Fn(CellId) -> bool) -> usize {
        self.group(c, holds).len()
    }

    /// The group of `c`: the cells joined to `c` by links through cells where `holds` is
    /// true, `c` first (none when it is false at `c`). A breadth-first search over the
    /// neighbour table, asking `holds` once a cell.
    pub fn group(&self, c: CellId, holds: impl Fn(CellId) -> bool) -> Vec<CellId> {
        let mut seen = vec![false; self.cells()];
        let mut out = Vec::new();
        self.spread(c, &holds, &mut seen, &mut out);
        out
    }

    /// Adds to `out` the group of `c` under `holds` (nothing if `c` is off the board, seen
    /// or `holds` is false there), marking in `seen` every cell asked.
    fn spread(
        &self,
        c: CellId,
        holds: &impl Fn(CellId) -> bool,
        seen: &mut [bool],
        out: &mut Vec<CellId>,
    ) {
        match seen.get_mut(c as usize) {
            Some(s) if !*s => *s = true,
            _ => return,
        }
        if !holds(c) {
            return;
        }
        let mut next = out.len();
        out.push(c);
        while let Some(&x) = out.get(next) {
            next += 1;
            for t in self.neighbours(x) {
                if let Some(s) = seen.get_mut(t as usize) {
                    if !*s {
                        *s = true;
                        if holds(t) {
                            out.push(t);
                        }
                    }
                }
            }
        }
    }

    /// How many separate groups of cells where `holds` is true touch `c`.
    pub fn groups_around(&self, c: CellId, holds: impl Fn(CellId) -> bool) -> usize {
        let mut seen = vec![false; self.cells()];
        let mut found = Vec::new();
        let mut groups = 0;
        for t in self.neighbours(c) {
            let before = found.len();
            self.spread(t, &holds, &mut seen, &mut found);
            if found.len() > before {
                groups += 1;
            }
        }
        groups
    }

    /// The cell one link from `c` along `d`, or [`NO_CELL`].
    #[inline]
    pub fn step(&self, c: CellId, d: DirId) -> CellId {
        if c == NO_CELL {
            return NO_CELL;
        }
        self.next[d as usize * self.cell_names.len() + c as usize]
    }

    /// Follows a path of directions; [`NO_CELL`] if it leaves the board.
    #[inline]
    pub fn walk(&self, mut c: CellId, path: &[DirId]) -> CellId {
        for &d in path {
            c = self.step(c, d);
            if c == NO_CELL {
                break;
            }
        }
        c
    }

    pub fn cell_by_name(&self, name: &str) -> Option<CellId> {
        self.cell_names
            .iter()
            .position(|c| c == name)
            .map(|i| i as CellId)
    }

    /// Whether every link can be walked backwards (each direction has an opposite).
    pub fn reversible(&self, path: &[DirId]) -> bool {
        path.iter()
            .all(|&d| self.opposite.get(d as usize).copied().flatten().is_some())
    }

    /// The path that walks `path` backwards.
    pub fn reverse(&self, path: &[DirId]) -> Vec<DirId> {
        path.iter()
            .rev()
            .filter_map(|&d| self.opposite.get(d as usize).copied().flatten())
            .collect()
    }

    /// Number of connected pieces of the board, counting links both ways.
    pub fn components(&self) -> usize {
        petgraph::algo::connected_components(self.graph())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_listed_once_in_the_graph_order_and_none_off_the_board() {
        // Three cells in a row; 0 and 1 are joined twice (two directions), 1 links both ways.
        let b = ir::Board {
            cells: vec!["a".into(), "b".into(), "c".into()],
            dirs: vec!["e".into(), "w".into(), "x".into()],
            links: vec![(0, 0, 1), (0, 2, 1), (1, 0, 2), (1, 1, 0), (2, 1, 1)],
            ..Default::default()
        };
        let board = Board::build(&b, &[], 1);
        for c in 0..3 {
            let mut want: Vec<CellId> = Vec::new();
            for n in board.graph().neighbors(NodeIndex::new(c as usize)) {
                let t = n.index() as CellId;
                if !want.contains(&t) {
                    want.push(t);
                }
            }
            assert_eq!(board.neighbours(c).collect::<Vec<_>>(), want);
        }
        assert_eq!(board.neighbours(0).collect::<Vec<_>>(), vec![1]);
        assert_eq!(board.neighbours(3).count(), 0);
        assert_eq!(board.neighbours(NO_CELL).count(), 0);
    }

    /// A board of `n` cells named `c0`, `c1`, … with directions `e` (0) and `w` (1).
    fn two_way(n: u16, links: Vec<(CellId, DirId, CellId)>) -> Board {
        let b = ir::Board {
            cells: (0..n).map(|c| format!("c{c}")).collect(),
            dirs: vec!["e".into(), "w".into()],
            links,
            ..Default::default()
        };
        Board::build(&b, &[], 1)
    }

    #[test]
    fn a_group_is_the_cells_joined_through_cells_that_hold() {
        // A row of seven cells linked both ways; cells 0-1, 3-4 and 6 hold, 2 and 5 do not.
        let n = 7u16;
        let mut links = Vec::new();
        for c in 0..n - 1 {
            links.push((c, 0, c + 1));
            links.push((c + 1, 1, c));
        }
        let board = two_way(n, links);
        let holds = |c: CellId| ![2, 5].contains(&c);
        let sorted = |mut v: Vec<CellId>| {
            v.sort_unstable();
            v
        };
        assert_eq!(board.group(3, holds), vec![3, 4], "the start first");
        assert_eq!(sorted(board.group(1, holds)), vec![0, 1]);
        assert_eq!(
            board.group(2, holds),
            Vec::<CellId>::new(),
            "none where it fails"
        );
        assert_eq!(board.group(NO_CELL, holds), Vec::<CellId>::new());
        assert_eq!(board.group_size(6, holds), 1);
        // Around 2: the groups 0-1 and 3-4; around 5: 3-4 and 6; a cell that holds itself
        // counts the groups it touches, as the caller asks (here 3 touches its own group).
        assert_eq!(board.groups_around(2, holds), 2);
        assert_eq!(board.groups_around(5, holds), 2);
        assert_eq!(board.groups_around(0, holds), 1);
        assert_eq!(board.groups_around(2, |c| c == 1 || c == 3), 2);
        assert_eq!(board.groups_around(2, |_| false), 0);
    }

    #[test]
    fn kept_distances_are_those_a_search_finds() {
        // A ring of six cells, `e` one way round, `w` the other only from even cells.
        let n = 6u16;
        let mut links = Vec::new();
        for c in 0..n {
            links.push((c, 0, (c + 1) % n));
            if c % 2 == 0 {
                links.push((c, 1, (c + n - 1) % n));
            }
        }
        let board = two_way(n, links);
        // The oracle: paths of k links for k = 0, 1, … until `b` is met (or none is new).
        fn shortest(board: &Board, a: CellId, b: CellId, dirs: &[DirId]) -> Option<u32> {
            let mut at = vec![a];
            for k in 0..=board.cells() as u32 {
                if at.contains(&b) {
                    return Some(k);
                }
                at = at
                    .iter()
                    .flat_map(|&c| dirs.iter().map(move |&d| board.step(c, d)))
                    .filter(|&t| t != NO_CELL)
                    .collect();
                at.sort_unstable();
                at.dedup();
            }
            None
        }
        for dirs in [&[0u8][..], &[1], &[0, 1], &[]] {
            for round in 0..2 {
                for a in 0..n {
                    for t in (0..n).chain([n, NO_CELL]) {
                        let want = shortest(&board, a, t, dirs);
                        assert_eq!(
                            board.distance(a, t, dirs),
                            want,
                            "{a}->{t} {dirs:?} {round}"
                        );
                    }
                }
            }
        }
        assert_eq!(board.distance(0, 3, &[0]), Some(3));
        assert_eq!(board.distance(3, 0, &[1]), None);
        assert_eq!(board.distance(NO_CELL, 0, &[0]), None);
    }

    #[test]
    fn a_board_relinked_row_by_row_is_the_board_built_afresh() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(20);
        for round in 0..20 {
            let n = rng.random_range(1..40usize);
            let dirs = rng.random_range(1..12usize);
            // Each cell's links (repeats and several along one direction included).
            let of_cell = |rng: &mut rand_pcg::Pcg64Mcg, costly: bool| {
                (0..rng.random_range(0..2 * dirs))
                    .map(|_| {
                        let l = (
                            rng.random_range(0..dirs) as DirId,
                            rng.random_range(0..n) as CellId,
                        );
                        let cost = if costly && rng.random_bool(0.2) {
                            rng.random_range(2..5)
                        } else {
                            1
                        };
                        (l, cost)
                    })
                    .collect::<Vec<_>>()
            };
            let costly = rng.random_bool(0.5);
            let mut rows: Vec<Vec<((DirId, CellId), u32)>> =
                (0..n).map(|_| of_cell(&mut rng, costly)).collect();
            let flat = |rows: &[Vec<((DirId, CellId), u32)>]| {
                let mut ir = ir::Board {
                    cells: (0..n).map(|c| format!("c{c}")).collect(),
                    dirs: (0..dirs).map(|d| format!("d{d}")).collect(),
                    opposite: vec![None; dirs],
                    ..Default::default()
                };
                let mut at = vec![0u32];
                for (c, row) in rows.iter().enumerate() {
                    for &((d, t), cost) in row {
                        ir.links.push((c as CellId, d, t));
                        ir.link_costs.push(cost);
                    }
                    at.push(ir.links.len() as u32);
                }
                (ir, at)
            };
            let mut board = Board::build(&flat(&rows).0, &[], 1);
            for step in 0..50 {
                // Some cells linked anew (sometimes to the same links, still marked).
                let costly = rng.random_bool(0.5);
                let mut changed = vec![false; n];
                for _ in 0..rng.random_range(0..4) {
                    let c = rng.random_range(0..n);
                    changed[c] = true;
                    if rng.random_bool(0.8) {
                        rows[c] = of_cell(&mut rng, costly);
                    }
                }
                let (ir, at) = flat(&rows);
                let next = board.relinked(
                    ir.links.clone(),
                    &ir.link_costs,
                    &at,
                    Outlines::Listed(Vec::new()),
                    &changed,
                );
                let fresh = Board::build(&ir, &[], 1);
                assert_eq!(next.tables(), fresh.tables(), "round {round}, step {step}");
                for c in 0..n as CellId {
                    for d in 0..dirs as DirId {
                        assert_eq!(next.cost(c, d), fresh.cost(c, d));
                    }
                }
                board = next;
            }
        }
    }
}
