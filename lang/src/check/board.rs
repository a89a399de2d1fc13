//! The board: grids, hexagons and boards of cells and links (a drawn area is in
//! `tessels`), the board's directions and its mirror for the second player.

use super::options::OptValue;
use super::{err, Lowerer};
use crate::ast::{self, BoardDecl, BoardItem, Name};
use crate::diag::{codes, Diagnostic, Span};
use crate::ir::{CellId, DirId, Expr, Type, NO_CELL};

impl Lowerer<'_> {
    /// The board phase: everything else stands on the board, so without one (or with a
    /// mistake in it) lowering stops rather than cascade.
    pub(super) fn build_board(&mut self, decl: Option<&BoardDecl>, players: &[Name]) -> Option<()> {
        match decl {
            Some(b) => {
                let before = self.diags.len();
                self.board_from(b);
                if self.diags[before..].iter().any(|d| d.is_error()) || self.board.cells.is_empty()
                {
                    // Everything else stands on the board: stop rather than cascade.
                    return None;
                }
            }
            None => {
                self.error(
                    Diagnostic::error(codes::MISSING, "the ruleset declares no board")
                        .at(
                            players.first().map(|n| n.span).unwrap_or_default(),
                            "the players have no board to play on",
                        )
                        .hint("add a board, e.g. `board grid 8 x 8`"),
                );
                return None;
            }
        }
        Some(())
    }

    fn board_from(&mut self, decl: &BoardDecl) {
        let built = match decl {
            BoardDecl::Grid {
                width,
                height,
                width_expr,
                height_expr,
                links,
                files,
                span,
            } => {
                self.board_span = Some(*span);
                let mut side = |n: &(u32, Span), e: &Option<ast::Expr>| match e {
                    Some(e) => self.size_at_load(e).map(|v| (v, n.1)),
                    None => Some(*n),
                };
                let (w, h) = (side(width, width_expr), side(height, height_expr));
                match (w, h) {
                    (Some(w), Some(h)) => self.grid_from(w, h, *links, files, *span),
                    _ => None,
                }
            }
            BoardDecl::Hex {
                radius,
                radius_expr,
                files,
                span,
            } => {
                self.board_span = Some(*span);
                let radius = match radius_expr {
                    Some(e) => self.size_at_load(e).map(|r| (r, radius.1)),
                    None => Some(*radius),
                };
                radius.and_then(|r| self.hexagon_from(r, files))
            }
            BoardDecl::Tessels { items, span, .. } => {
                self.board_span = Some(*span);
                self.tessels_from(items, *span);
                Some(())
            }
            BoardDecl::Explicit { items, span } => {
                self.board_span = Some(*span);
                self.links_from(items, *span)
            }
        };
        // A board left unfinished by a mistake is not indexed.
        if built.is_some() {
            self.index_board();
        }
    }

    /// `board grid W x H`: cells named by file letter and rank, eight directions, and the
    /// second player's mirror top to bottom.
    fn grid_from(
        &mut self,
        width: (u32, Span),
        height: (u32, Span),
        links: ast::GridLinks,
        files: &Option<Name>,
        span: Span,
    ) -> Option<()> {
        let letters: Vec<char> = match files {
            Some(f) => f.text.chars().filter(|c| !c.is_whitespace()).collect(),
            None => ('a'..='z').collect(),
        };
        let (w, h) = (width.0, height.0);
        if w == 0 || h == 0 || w > 255 || h > 255 || (w * h) > 60_000 {
            self.error(
                err(
                    codes::BAD_BOARD,
                    format!("a grid of {w} x {h} cells cannot be built"),
                    span,
                    "this grid",
                )
                .hint("each side must be 1 to 255 cells, and at most 60000 cells in all"),
            );
            return None;
        }
        if w as usize > letters.len() {
            let at = files.as_ref().map(|f| f.span).unwrap_or(width.1);
            self.error(
                err(
                    codes::BAD_BOARD,
                    format!(
                        "a grid {w} wide needs {w} file letters, and there are {}",
                        letters.len()
                    ),
                    at,
                    "not enough file letters",
                )
                .hint("give one letter per column with `files \"…\"`"),
            );
            return None;
        }
        let dirs = ["n", "e", "s", "w", "ne", "nw", "se", "sw"];
        let deltas: [(i32, i32); 8] = [
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ];
        let opposite = [2usize, 3, 0, 1, 7, 6, 5, 4];
        // The second player's view: the grid turned top to bottom; a rhombus, which that
        // does not map onto itself, turned half round.
        let (mirror_dir, half_turn) = match links {
            ast::GridLinks::Rhombus => ([2usize, 3, 0, 1, 7, 6, 5, 4], true),
            _ => ([2usize, 1, 0, 3, 6, 7, 4, 5], false),
        };
        let kept: &[usize] = match links {
            ast::GridLinks::Eight => &[0, 1, 2, 3, 4, 5, 6, 7],
            ast::GridLinks::Orthogonal => &[0, 1, 2, 3],
            ast::GridLinks::Rhombus => &[0, 1, 2, 3, 4, 7],
        };
        // A kept direction's number.
        let number = |d: usize| kept.iter().position(|&k| k == d).unwrap_or(0) as DirId;
        self.board.dirs = kept.iter().map(|&d| dirs[d].to_string()).collect();
        self.board.opposite = kept.iter().map(|&d| Some(number(opposite[d]))).collect();
        for y in 0..h {
            for x in 0..w {
                self.board
                    .cells
                    .push(format!("{}{}", letters[x as usize], y + 1));
            }
        }
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                for (d, &k) in kept.iter().enumerate() {
                    let (dx, dy) = deltas[k];
                    let (nx, ny) = (x + dx, y + dy);
                    if nx >= 0 && ny >= 0 && nx < w as i32 && ny < h as i32 {
                        self.board.links.push((
                            (x + y * w as i32) as CellId,
                            d as DirId,
                            (nx + ny * w as i32) as CellId,
                        ));
                    }
                }
            }
        }
        let n = self.players.len().max(1);
        self.board.cell_mirror = (0..n)
            .map(|p| {
                (0..h)
                    .flat_map(|y| (0..w).map(move |x| (x, y)))
                    .map(|(x, y)| match (p == 1, half_turn) {
                        (true, true) => ((w - 1 - x) + (h - 1 - y) * w) as CellId,
                        (true, false) => (x + (h - 1 - y) * w) as CellId,
                        _ => (x + y * w) as CellId,
                    })
                    .collect()
            })
            .collect();
        self.board.dir_mirror = (0..n)
            .map(|p| {
                kept.iter()
                    .map(|&d| {
                        if p == 1 {
                            number(mirror_dir[d])
                        } else {
                            number(d)
                        }
                    })
                    .collect()
            })
            .collect();
        self.board.grid = Some((w, h));
        self.board.coords = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x as u16 + 1, y as u16 + 1)))
            .collect();
        Some(())
    }

    /// A board's size worked out as the rules are loaded: an `int` option, or an expression
    /// of numbers, `int` options, `players` and definitions of those
    /// (`(either(table > 0, table, 4 + players))`). Nothing of the board is known yet, so
    /// nothing of a position may be read.
    fn size_at_load(&mut self, e: &ast::Expr) -> Option<u32> {
        if let ast::ExprKind::Name(n) = &e.kind {
            if !matches!(self.options.get(n), Some(OptValue::Int(_))) && !self.defines.contains(n) {
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no number option `{n}`"),
                        e.span,
                        "not an `int` option",
                    )
                    .hint("write the size as a number, or declare `option NAME: int = N`"),
                );
                return None;
            }
        }
        let before = self.diags.len();
        let lowered = self.typed(e, Type::Int);
        match lowered {
            Expr::Int(v) if (1..=1000).contains(&v) => Some(v as u32),
            Expr::Int(v) => {
                self.error(
                    err(
                        codes::BAD_BOARD,
                        format!("the board's size comes to {v} here"),
                        e.span,
                        "worked out from the options",
                    )
                    .hint("a hexagon's radius is 1 to 40 cells, a grid's side 1 to 255: choose other option values"),
                );
                None
            }
            _ if self.diags.len() > before => None,
            _ => {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        "a board's size must be worked out when the rules are loaded",
                        e.span,
                        "this reads the game as it is played",
                    )
                    .hint("use numbers, `int` options, `players`, + - * / %, min, max, abs, either, and definitions of those"),
                );
                None
            }
        }
    }

    /// `board hex R`: a hexagon of hexagonal cells, six directions.
    fn hexagon_from(&mut self, radius: (u32, Span), files: &Option<Name>) -> Option<()> {
        let r = radius.0.min(1000) as i32;
        let side = 2 * r + 1;
        // Columns past `z` are `aa`, `ab`, … unless `files` names them.
        let letters: Vec<String> = match files {
            Some(f) => f
                .text
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(String::from)
                .collect(),
            None => (0..side.max(26) as usize).map(column_name).collect(),
        };
        if !(1..=40).contains(&r) {
            self.error(
                err(
                    codes::BAD_BOARD,
                    format!("a hexagon of radius {r} cannot be built"),
                    radius.1,
                    "this radius",
                )
                .hint("a hexagon's radius is 1 to 40 cells"),
            );
            return None;
        }
        if side as usize > letters.len() {
            let at = files.as_ref().map(|f| f.span).unwrap_or(radius.1);
            self.error(
                err(
                    codes::BAD_BOARD,
                    format!(
                        "a hexagon of radius {r} needs {side} file letters, and there are {}",
                        letters.len()
                    ),
                    at,
                    "not enough file letters",
                )
                .hint("give one letter per column with `files \"…\"`"),
            );
            return None;
        }
        // Axial coordinates: column x and row y from 0 to 2r; a cell is on the board
        // when it is within r steps of the centre. Rows go up, each drawn half a
        // cell right of the one below, so `ne` is (0, +1) and `nw` (-1, +1).
        let on = |x: i32, y: i32| {
            let (q, s) = (x - r, y - r);
            (0..side).contains(&x) && (0..side).contains(&y) && (q + s).abs() <= r
        };
        let mut id = vec![vec![NO_CELL; side as usize]; side as usize];
        for y in 0..side {
            for x in 0..side {
                if on(x, y) {
                    id[y as usize][x as usize] = self.board.cells.len() as CellId;
                    self.board.coords.push((x as u16 + 1, y as u16 + 1));
                    self.board
                        .cells
                        .push(format!("{}{}", letters[x as usize], y + 1));
                }
            }
        }
        let dirs = ["e", "w", "ne", "sw", "nw", "se"];
        let deltas: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)];
        let opposite = [1u8, 0, 3, 2, 5, 4];
        self.board.dirs = dirs.iter().map(|d| d.to_string()).collect();
        self.board.opposite = opposite.iter().map(|o| Some(*o)).collect();
        for y in 0..side {
            for x in 0..side {
                if !on(x, y) {
                    continue;
                }
                for (d, (dx, dy)) in deltas.iter().enumerate() {
                    if on(x + dx, y + dy) {
                        self.board.links.push((
                            id[y as usize][x as usize],
                            d as DirId,
                            id[(y + dy) as usize][(x + dx) as usize],
                        ));
                    }
                }
            }
        }
        let n = self.players.len().max(1);
        let cells = self.board.cells.len() as CellId;
        self.board.cell_mirror = vec![(0..cells).collect(); n];
        self.board.dir_mirror = vec![(0..6u8).collect(); n];
        self.board.rows = Some(
            (0..side)
                .rev()
                .map(|y| {
                    let first = (0..side).find(|&x| on(x, y)).unwrap_or(0);
                    let row: Vec<CellId> = (0..side)
                        .filter(|&x| on(x, y))
                        .map(|x| id[y as usize][x as usize])
                        .collect();
                    // Row y is drawn half a cell right of row y - 1.
                    ((2 * first + y - r) as u32, row)
                })
                .collect(),
        );
        Some(())
    }

    /// A board of cells and links: `cells …`, `link A DIR B [back DIR]`, `opposite`,
    /// `mirror`.
    fn links_from(&mut self, items: &[BoardItem], span: Span) -> Option<()> {
        let mut mirror_pairs = Vec::new();
        for it in items {
            if let BoardItem::Cells(names) = it {
                for n in names {
                    if self.names.cells.contains_key(&n.text) {
                        self.error(err(
                            codes::DUPLICATE,
                            format!("the cell `{}` is declared twice", n.text),
                            n.span,
                            "declared again here",
                        ));
                        continue;
                    }
                    if self.board.cells.len() >= 60_000 {
                        self.error(err(
                            codes::BAD_BOARD,
                            "a board may have at most 60000 cells",
                            n.span,
                            "one too many",
                        ));
                        return None;
                    }
                    self.names
                        .cells
                        .insert(n.text.clone(), self.board.cells.len() as CellId);
                    self.board.cells.push(n.text.clone());
                }
            }
        }
        if self.board.cells.is_empty() {
            self.error(
                err(
                    codes::BAD_BOARD,
                    "the board has no cells",
                    span,
                    "an empty board",
                )
                .hint("list the cells with `cells a b c …`"),
            );
            return None;
        }
        for it in items {
            match it {
                BoardItem::Link {
                    from,
                    dir,
                    to,
                    back,
                } => {
                    let (Some(f), Some(t)) = (self.cell_ref(from), self.cell_ref(to)) else {
                        continue;
                    };
                    let d = self.new_dir(dir);
                    self.board.links.push((f, d, t));
                    if let Some(b) = back {
                        let bd = self.new_dir(b);
                        self.board.links.push((t, bd, f));
                        self.set_opposite(d, bd);
                    }
                }
                BoardItem::Opposite(a, b) => {
                    let (da, db) = (self.new_dir(a), self.new_dir(b));
                    self.set_opposite(da, db);
                }
                BoardItem::Mirror(a, b) => {
                    if let (Some(x), Some(y)) = (self.cell_ref(a), self.cell_ref(b)) {
                        mirror_pairs.push((x, y));
                    }
                }
                BoardItem::Cells(_) => {}
            }
        }
        let n = self.players.len().max(1);
        let cells = self.board.cells.len();
        if !mirror_pairs.is_empty() {
            let mut m: Vec<CellId> = (0..cells as CellId).collect();
            for (a, b) in mirror_pairs {
                m[a as usize] = b;
                m[b as usize] = a;
            }
            self.board.cell_mirror = (0..n)
                .map(|p| {
                    if p == 1 {
                        m.clone()
                    } else {
                        (0..cells as CellId).collect()
                    }
                })
                .collect();
            // A direction's mirror is the direction its links take between mirrored cells.
            let nd = self.board.dirs.len();
            let mut dm: Vec<DirId> = (0..nd as DirId).collect();
            for &(f, d, t) in &self.board.links {
                let (mf, mt) = (m[f as usize], m[t as usize]);
                if let Some(&(_, d2, _)) = self
                    .board
                    .links
                    .iter()
                    .find(|(a, _, b)| *a == mf && *b == mt)
                {
                    dm[d as usize] = d2;
                }
            }
            self.board.dir_mirror = (0..n)
                .map(|p| {
                    if p == 1 {
                        dm.clone()
                    } else {
                        (0..nd as DirId).collect()
                    }
                })
                .collect();
        }
        Some(())
    }

    /// The names of the board's cells and directions, and an opposite (or none) for each
    /// direction.
    fn index_board(&mut self) {
        for (i, c) in self.board.cells.iter().enumerate() {
            self.names.cells.insert(c.clone(), i as CellId);
        }
        for (i, d) in self.board.dirs.iter().enumerate() {
            self.names.dirs.insert(d.clone(), i as DirId);
        }
        if self.board.opposite.len() < self.board.dirs.len() {
            self.board.opposite.resize(self.board.dirs.len(), None);
        }
    }

    fn new_dir(&mut self, name: &Name) -> DirId {
        if let Some(&d) = self.names.dirs.get(&name.text) {
            return d;
        }
        let d = self.board.dirs.len() as DirId;
        self.board.dirs.push(name.text.clone());
        self.board.opposite.push(None);
        self.names.dirs.insert(name.text.clone(), d);
        d
    }

    fn set_opposite(&mut self, a: DirId, b: DirId) {
        self.board.opposite[a as usize] = Some(b);
        self.board.opposite[b as usize] = Some(a);
    }

    pub(super) fn mirror_available(&self) -> bool {
        !self.board.dir_mirror.is_empty()
    }
}

/// The name of column `i` counting from 0: `a` … `z`, then `aa`, `ab`, … `az`, `ba`, ….
pub(super) fn column_name(i: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        let k = i - 26;
        format!("{}{}", letter(k / 26), letter(k))
    }
}
