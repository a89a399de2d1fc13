//! Playing areas drawn as polygons (`board tessels { … }`): tessels become cells, derived
//! relations numbered directions, a drawing's problems diagnostics; `set … at` values.

use super::board::column_name;
use super::{err, Lowerer};
use crate::ast::{self, Item, Name, TesselItem};
use crate::diag::{codes, Span};
use crate::ir::{self, CellId, DirId, Type};
use crate::tessellation::{self as geo, Derived, Drawn, Point};

/// What the drawn area needs once the ruleset is known.
#[derive(Default)]
pub(super) struct Area {
    /// A drawn area's `set NAME = VALUE at …` lines, resolved once variables are known:
    /// (variable name, value, cells).
    pub(super) sets: Vec<(Name, i64, Vec<CellId>)>,
    /// Some statement changes the drawn area in play.
    pub(super) changes: bool,
}

/// The tessels as drawn, before their relations are derived.
#[derive(Default)]
struct Sketch {
    drawn: Vec<Drawn>,
    /// Where each tessel was written, for diagnostics.
    written: Vec<Span>,
    /// Column and row of each tessel within its block of squares or hexes (0, 0 for others).
    coords: Vec<(u16, u16)>,
    splices: Vec<Vec<(Point, Point)>>,
    splice_spans: Vec<(Span, Vec<(Span, Span)>)>,
}

impl Lowerer<'_> {
    /// A board drawn as polygons: its tessels become cells, and the relations derived
    /// from the drawing become numbered directions (`edge1`, `vertex1`, `trace1`, …)
    /// gathered in the direction sets `edge`, `vertex` and `trace`.
    pub(super) fn tessels_from(&mut self, items: &[TesselItem], span: Span) {
        let Some(mut sketch) = self.sketch(items) else {
            return;
        };
        // Spare cells (room for tessels made in play) come after the drawn ones.
        let Some(spares) = self.spare_tessels(items, &mut sketch.coords) else {
            return;
        };
        if sketch.drawn.is_empty() {
            self.error(
                err(
                    codes::BAD_BOARD,
                    "the playing area has no tessels",
                    span,
                    "an empty area",
                )
                .hint("draw tessels with `tessel NAME (x, y) (x, y) (x, y) …`, or `squares W x H`"),
            );
            return;
        }
        let derived = match geo::derive(&sketch.drawn, &sketch.splices) {
            Ok(d) => d,
            Err(problems) => {
                self.drawing_problems(problems, &sketch);
                return;
            }
        };
        self.area_sets_from(items, &derived);
        self.numbered_dirs(&derived, &sketch, spares);
        self.finish_area(items, derived, sketch.coords);
    }

    /// The tessels, blocks and splices as drawn; `None` after a mistake in them.
    fn sketch(&mut self, items: &[TesselItem]) -> Option<Sketch> {
        let mut sketch = Sketch::default();
        let mut bad = false;
        for it in items {
            match it {
                TesselItem::Tessel { name, points } => {
                    let pts: Option<Vec<Point>> = points.iter().map(|p| self.point(p)).collect();
                    match pts {
                        Some(pts) => {
                            if !self.add_tessel(
                                &mut sketch,
                                name.text.clone(),
                                name.span,
                                Drawn { points: pts },
                            ) {
                                bad = true;
                            }
                            sketch.coords.push((0, 0));
                        }
                        None => bad = true,
                    }
                }
                TesselItem::Squares {
                    width,
                    height,
                    at,
                    prefix,
                    span,
                } => {
                    if !self.squares_block(&mut sketch, width, height, at, prefix, *span) {
                        bad = true;
                    }
                }
                TesselItem::Hexes {
                    radius,
                    at,
                    prefix,
                    span,
                } => {
                    if !self.hexes_block(&mut sketch, radius, at, prefix, *span) {
                        bad = true;
                    }
                }
                // Resolved after the drawing (cells) and the ruleset (variables).
                TesselItem::Set { .. } => {}
                // Added after every drawn tessel.
                TesselItem::Spare { .. } => {}
                TesselItem::Splice { pairs, span } => {
                    let mut ps = Vec::new();
                    let mut spans = Vec::new();
                    for (a, b) in pairs {
                        if let (Some(x), Some(y)) = (self.point(a), self.point(b)) {
                            ps.push((x, y));
                            spans.push((a.span, b.span));
                        } else {
                            bad = true;
                        }
                    }
                    sketch.splices.push(ps);
                    sketch.splice_spans.push((*span, spans));
                }
            }
        }
        if bad {
            return None;
        }
        Some(sketch)
    }

    fn point(&mut self, p: &ast::PointAst) -> Option<Point> {
        match (geo::parse_fixed(&p.x), geo::parse_fixed(&p.y)) {
            (Some(x), Some(y)) => Some((x, y)),
            _ => {
                self.error(
                    err(codes::BAD_BOARD, "a point's numbers must be within a million units and have at most six decimal places", p.span, "this point")
                        .hint("scale the drawing: only the shape matters, not the size"),
                );
                None
            }
        }
    }

    /// Adds a drawn tessel as a cell; false after a mistake.
    fn add_tessel(&mut self, sketch: &mut Sketch, name: String, at: Span, d: Drawn) -> bool {
        if self.names.cells.contains_key(&name) {
            self.error(err(
                codes::DUPLICATE,
                format!("the tessel `{name}` is declared twice"),
                at,
                "declared again here",
            ).hint("give each tessel its own name (`squares … prefix \"w\"` names a block's squares `wa1`, `wb1`, …)"));
            return false;
        }
        if self.board.cells.len() >= 60_000 {
            self.error(err(
                codes::BAD_BOARD,
                "a board may have at most 60000 cells",
                at,
                "one too many",
            ));
            return false;
        }
        self.names
            .cells
            .insert(name.clone(), self.board.cells.len() as CellId);
        self.board.cells.push(name);
        sketch.drawn.push(d);
        sketch.written.push(at);
        true
    }

    /// `squares W x H`: a block of squares; false after a mistake.
    fn squares_block(
        &mut self,
        sketch: &mut Sketch,
        width: &(u32, Span, Option<Name>),
        height: &(u32, Span, Option<Name>),
        at: &Option<ast::PointAst>,
        prefix: &Option<Name>,
        span: Span,
    ) -> bool {
        // Where the block begins (the origin unless `at` says).
        let Some(origin) = at.as_ref().map_or(Some((0, 0)), |p| self.point(p)) else {
            return false;
        };
        let (Some(w), Some(h)) = (self.size_of(width), self.size_of(height)) else {
            return false;
        };
        if w == 0 || h == 0 || w > 255 || h > 255 {
            self.error(err(
                codes::BAD_BOARD,
                "a block of squares is 1 to 255 squares each way",
                span,
                "this block",
            ));
            return false;
        }
        let pre = prefix.as_ref().map_or("", |p| p.text.as_str()).to_string();
        // Diagnostics point at `squares W x H`.
        let head = Span::new(span.file, span.start, height.1.end.max(span.start));
        for (i, d) in geo::squares(w, h, origin).into_iter().enumerate() {
            let (x, y) = (i as u32 % w, i as u32 / w);
            let name = format!("{pre}{}{}", column_name(x as usize), y + 1);
            if !self.add_tessel(sketch, name, head, d) {
                return false;
            }
            sketch.coords.push((x as u16 + 1, y as u16 + 1));
        }
        true
    }

    /// `hexes R`: a hexagon of hexes; false after a mistake.
    fn hexes_block(
        &mut self,
        sketch: &mut Sketch,
        radius: &(u32, Span, Option<Name>),
        at: &Option<ast::PointAst>,
        prefix: &Option<Name>,
        span: Span,
    ) -> bool {
        // Where the block begins (the origin unless `at` says).
        let Some(origin) = at.as_ref().map_or(Some((0, 0)), |p| self.point(p)) else {
            return false;
        };
        let Some(r) = self.size_of(radius) else {
            return false;
        };
        if r > 100 {
            self.error(err(
                codes::BAD_BOARD,
                "a hexagon of hexes may have at most 100 rings",
                radius.1,
                "too many",
            ));
            return false;
        }
        let pre = prefix.as_ref().map_or("", |p| p.text.as_str()).to_string();
        let head = Span::new(span.file, span.start, radius.1.end.max(span.start));
        for (col, row, d) in geo::hexagons(r, origin) {
            let name = format!("{pre}{}{}", column_name(col as usize), row + 1);
            if !self.add_tessel(sketch, name, head, d) {
                return false;
            }
            sketch.coords.push((col as u16 + 1, row as u16 + 1));
        }
        true
    }

    /// `spare N`: room for tessels made in play, after the drawn ones; how many, or `None`
    /// after a mistake.
    fn spare_tessels(
        &mut self,
        items: &[TesselItem],
        coords: &mut Vec<(u16, u16)>,
    ) -> Option<usize> {
        let mut spares = 0usize;
        for it in items {
            if let TesselItem::Spare {
                count,
                prefix,
                span,
            } = it
            {
                if count.0 > 1000 {
                    self.error(err(
                        codes::BAD_RANGE,
                        "at most 1000 spare tessels",
                        count.1,
                        "too many",
                    ));
                    return None;
                }
                let pre = prefix
                    .as_ref()
                    .map_or("new", |p| p.text.as_str())
                    .to_string();
                for k in 1..=count.0 {
                    let name = format!("{pre}{k}");
                    if self.names.cells.contains_key(&name) {
                        self.error(
                            err(
                                codes::DUPLICATE,
                                format!("the spare tessel `{name}` has the name of another"),
                                *span,
                                "named again here",
                            )
                            .hint("give the spare tessels another prefix: `spare N prefix \"x\"`"),
                        );
                        return None;
                    }
                    self.names
                        .cells
                        .insert(name.clone(), self.board.cells.len() as CellId);
                    self.board.cells.push(name);
                    coords.push((0, 0));
                    spares += 1;
                }
            }
        }
        Some(spares)
    }

    /// The problems of a drawing that has no relations, each a diagnostic.
    fn drawing_problems(&mut self, problems: Vec<geo::Problem>, sketch: &Sketch) {
        let name = |t: usize, cells: &[String]| cells.get(t).cloned().unwrap_or_default();
        let show = |p: Point| {
            let f = |v: i64| format!("{}", v as f64 / geo::UNIT as f64);
            format!("({}, {})", f(p.0), f(p.1))
        };
        for p in problems {
            let cells = self.board.cells.clone();
            let d = match p {
                geo::Problem::Flat { tessel } => err(codes::BAD_BOARD, format!("the tessel `{}` has no area", name(tessel, &cells)), sketch.written[tessel], "a flat tessel")
                    .hint("a tessel needs at least three points that are not on one line"),
                geo::Problem::SelfCrossing { tessel, edge } => err(codes::BAD_BOARD, format!("the outline of the tessel `{}` crosses itself: its edge from {} to {} meets another", name(tessel, &cells), show(edge.0), show(edge.1)), sketch.written[tessel], "its outline crosses itself")
                    .hint("write the corners in order round the tessel, as its outline goes"),
                geo::Problem::TooManyVertices { tessel, count } => err(codes::BAD_BOARD, format!("the tessel `{}` has {count} vertices; a tessel may have at most {}", name(tessel, &cells), geo::MAX_VERTICES), sketch.written[tessel], "too many vertices")
                    .hint("vertices of other tessels that lie on its edges count too; split it in two"),
                geo::Problem::NotAVertex { splice, pair, which } => {
                    let (s, a) = (&sketch.splice_spans[splice].0, sketch.splice_spans[splice].1.get(pair));
                    let at = a.map_or(*s, |x| if which == 0 { x.0 } else { x.1 });
                    err(codes::BAD_BOARD, "a splice joins vertices, and no tessel has a vertex at this point", at, "not a vertex")
                        .hint("write the points exactly as the tessels' vertices are written")
                }
                geo::Problem::Overlap { tessels, a, b } => {
                    let names: Vec<String> = tessels.iter().map(|&t| format!("`{}`", name(t, &cells))).collect();
                    let mut d = err(codes::BAD_BOARD, format!("the tessels {} overlap: they all draw the edge {} to {}", names.join(", "), show(a), show(b)), sketch.written[tessels[0]], "this tessel");
                    for &t in &tessels[1..] {
                        d = d.with_label(sketch.written[t], "and this one");
                    }
                    d.hint("an edge is shared by at most two tessels, one on each side")
                }
                geo::Problem::Crossing { tessels: (t, u), at } => err(codes::BAD_BOARD, format!("the tessels `{}` and `{}` overlap: their outlines cross near {}", name(t, &cells), name(u, &cells), show(at)), sketch.written[t], "this tessel")
                    .with_label(sketch.written[u], "and this one")
                    .hint("tessels may share edges and vertices, but not area: move the points so that they meet along an edge"),
                geo::Problem::NonOrientable { splice } => err(codes::BAD_BOARD, "this splice would turn a tessel over: the playing surface must be orientable", sketch.splice_spans[splice].0, "joins an edge the wrong way round")
                    .hint("join the points the other way round: the first point of one edge with the last of the other, as the two sides of a cylinder meet"),
                geo::Problem::Apart { tessel } => err(codes::BAD_BOARD, format!("the tessel `{}` is not joined to the rest of the playing area", name(tessel, &cells)), sketch.written[tessel], "apart from the others")
                    .hint("every tessel must touch the rest at least at a vertex"),
            };
            self.error(d);
        }
    }

    /// `set … at CELLS [joined]`: the cells exist, and joined ones touch along edges.
    fn area_sets_from(&mut self, items: &[TesselItem], derived: &Derived) {
        for it in items {
            let TesselItem::Set {
                var,
                value,
                cells,
                joined,
                span,
            } = it
            else {
                continue;
            };
            let ids: Vec<CellId> = cells.iter().filter_map(|c| self.cell_ref(c)).collect();
            if ids.len() != cells.len() {
                continue;
            }
            if *joined && !ids.is_empty() {
                let mut seen = vec![ids[0]];
                let mut todo = vec![ids[0]];
                while let Some(c) = todo.pop() {
                    for &u in &derived.edge[c as usize] {
                        let u = u as CellId;
                        if ids.contains(&u) && !seen.contains(&u) {
                            seen.push(u);
                            todo.push(u);
                        }
                    }
                }
                if let Some(apart) = cells.iter().zip(&ids).find(|(_, c)| !seen.contains(c)) {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            format!(
                                "these tessels must be joined by edges, and `{}` is not joined to `{}`",
                                apart.0.text, cells[0].text
                            ),
                            *span,
                            "not edge-joined",
                        )
                        .with_label(apart.0.span, "apart from the first")
                        .hint("every tessel of the line must share an edge with another of them (a stand is edge-contiguous)"),
                    );
                    continue;
                }
            }
            self.area.sets.push((var.clone(), value.0, ids));
        }
    }

    /// Numbered directions: slot k of a relation is a tessel's k-th neighbour in it.
    fn numbered_dirs(&mut self, derived: &Derived, sketch: &Sketch, spares: usize) {
        let n = self.players.len().max(1);
        let mut sets: Vec<(&str, Vec<DirId>)> = Vec::new();
        for (rel, lists) in [
            (
                "edge",
                derived
                    .edge
                    .iter()
                    .map(|l| l.iter().map(|&u| (u, 1)).collect::<Vec<_>>())
                    .collect::<Vec<_>>(),
            ),
            (
                "vertex",
                derived
                    .vertex
                    .iter()
                    .map(|l| l.iter().map(|&u| (u, 1)).collect())
                    .collect(),
            ),
            ("trace", derived.trace.clone()),
        ] {
            // Room for tessels that gain neighbours as the area changes in play.
            let slots = lists.iter().map(|l| l.len()).max().unwrap_or(0)
                + if self.area.changes { 6 } else { 0 };
            let mut dirs = Vec::new();
            for k in 0..slots {
                let d = self.board.dirs.len() as DirId;
                self.board.dirs.push(format!("{rel}{}", k + 1));
                self.board.opposite.push(None);
                dirs.push(d);
            }
            for (t, l) in lists.iter().enumerate() {
                for (k, &(u, cost)) in l.iter().enumerate() {
                    self.board.links.push((t as CellId, dirs[k], u as CellId));
                    self.board.link_costs.push(cost);
                }
            }
            sets.push((rel, dirs));
        }
        {
            let slot = |rel: &str| {
                sets.iter()
                    .find(|(r, _)| *r == rel)
                    .map(|(_, d)| d.clone())
                    .unwrap_or_default()
            };
            let mut tessels: Vec<Vec<(i64, i64)>> =
                sketch.drawn.iter().map(|d| d.points.clone()).collect();
            tessels.resize(tessels.len() + spares, Vec::new());
            self.board.drawing = Some(ir::Drawing {
                tessels,
                splices: sketch.splices.clone(),
                slots: [slot("edge"), slot("vertex"), slot("trace")],
            });
        }
        // `touch`: across an edge or a vertex.
        let touch: Vec<DirId> = sets
            .iter()
            .filter(|(rel, _)| *rel != "trace")
            .flat_map(|(_, d)| d.iter().copied())
            .collect();
        sets.push(("touch", touch));
        for (rel, dirs) in sets {
            self.names.dir_sets.insert(rel.to_string(), vec![dirs; n]);
        }
    }

    /// The drawn board's mirror (none), outlines, coordinates and, for one block of
    /// squares, its grid.
    fn finish_area(&mut self, items: &[TesselItem], derived: Derived, coords: Vec<(u16, u16)>) {
        let n = self.players.len().max(1);
        let cells = self.board.cells.len() as CellId;
        let nd = self.board.dirs.len() as DirId;
        self.board.cell_mirror = vec![(0..cells).collect(); n];
        self.board.dir_mirror = vec![(0..nd).collect(); n];
        self.board.outlines = derived.outline;
        if coords.iter().any(|&c| c != (0, 0)) {
            self.board.coords = coords;
        }
        // One block of squares is also a grid: written and drawn in rows.
        let blocks: Vec<&TesselItem> = items
            .iter()
            .filter(|i| {
                !matches!(
                    i,
                    TesselItem::Splice { .. } | TesselItem::Set { .. } | TesselItem::Spare { .. }
                )
            })
            .collect();
        if let [TesselItem::Squares { .. }] = blocks.as_slice() {
            let (w, h) = self
                .board
                .coords
                .iter()
                .fold((0, 0), |a, &(x, y)| (a.0.max(x as u32), a.1.max(y as u32)));
            self.board.grid = Some((w, h));
        }
    }

    /// Start values from the drawn area: its `set NAME = VALUE at …` lines, now that the
    /// variables are known.
    pub(super) fn area_values(&mut self) -> Vec<(ir::VarId, CellId, i64)> {
        let mut cell_values = Vec::new();
        for (name, value, cells) in std::mem::take(&mut self.area.sets) {
            match self.names.vars.get(&name.text).copied() {
                Some(v)
                    if self.vars[v as usize].per_cell && self.vars[v as usize].ty != Type::Cell =>
                {
                    cell_values.extend(cells.iter().map(|&c| (v, c, value)));
                }
                _ => self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!(
                            "the area sets `{}`, which is not a `per cell` number of the ruleset",
                            name.text
                        ),
                        name.span,
                        "not a per-cell number",
                    )
                    .hint(format!(
                        "declare it in the ruleset: `var {} = 0 per cell`",
                        name.text
                    )),
                ),
            }
        }
        cell_values
    }

    /// Whether any statement of the ruleset changes the drawn area (so its relations need
    /// room to grow).
    pub(super) fn changes_area(items: &[Item]) -> bool {
        fn any(body: &[ast::Stmt]) -> bool {
            body.iter().any(|st| match st {
                ast::Stmt::ChangeArea(..) => true,
                ast::Stmt::If {
                    then, otherwise, ..
                } => any(then) || any(otherwise),
                ast::Stmt::Each { body, .. }
                | ast::Stmt::EachPlayer { body, .. }
                | ast::Stmt::EachAlong { body, .. }
                | ast::Stmt::EachTrack { body, .. }
                | ast::Stmt::EachInGroup { body, .. } => any(body),
                ast::Stmt::Roll { then, .. } | ast::Stmt::RollCell { then, .. } => any(then),
                _ => false,
            })
        }
        let rules = |rs: &[ast::MoveRule]| rs.iter().any(|r| any(&r.effects));
        items.iter().any(|it| match it {
            Item::After { body, .. }
            | Item::Setup { body, .. }
            | Item::DefineBlock { body, .. } => any(body),
            Item::Turn { start, end, .. } => any(start) || any(end),
            Item::Action(a) => any(&a.effects),
            Item::Piece(p) => rules(&p.rules),
            Item::Pattern { rules: rs, .. } => rules(rs),
            _ => false,
        })
    }
}
