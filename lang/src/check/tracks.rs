//! Tracks (`track NAME = [CELLS]`) and what runs along them: `sow CELL along TRACK`,
//! `pour A onto B` and `each cell along track TRACK … while … { … }`.

use super::{err, Lowerer};
use crate::ast::{self, Name};
use crate::diag::{codes, with_suggestion, Span};
use crate::ir::{self, Type};

impl Lowerer<'_> {
    /// `track NAME = [CELLS]`: at least two cells, each once.
    pub(super) fn track_from(&mut self, name: &Name, cells: &[Name], span: Span) {
        let mut list: Vec<ir::CellId> = Vec::with_capacity(cells.len());
        for n in cells {
            let Some(c) = self.cell_ref(n) else { continue };
            if list.contains(&c) {
                self.error(
                    err(
                        codes::DUPLICATE,
                        format!("the track `{}` passes `{}` twice", name.text, n.text),
                        n.span,
                        "named again here",
                    )
                    .hint("a track is a cycle: each cell once, and after the last comes the first"),
                );
                continue;
            }
            list.push(c);
        }
        if cells.len() < 2 {
            self.error(
                err(
                    codes::BAD_BOARD,
                    format!("the track `{}` needs two cells or more", name.text),
                    span,
                    "too short",
                )
                .hint("list the cells in sowing order: `track lap = [a1 b1 c1 c2 b2 a2]`"),
            );
        }
        self.names
            .tracks
            .insert(name.text.clone(), self.tracks.len() as ir::TrackId);
        self.tracks.push(ir::Track {
            name: name.text.clone(),
            cells: list,
        });
    }

    /// A track by name, or a diagnostic.
    fn track_ref(&mut self, n: &Name) -> Option<ir::TrackId> {
        if let Some(&t) = self.names.tracks.get(&n.text) {
            return Some(t);
        }
        let mut d = err(
            codes::UNKNOWN_NAME,
            format!("there is no track `{}`", n.text),
            n.span,
            "unknown track",
        );
        let names: Vec<String> = self.tracks.iter().map(|t| t.name.clone()).collect();
        d = with_suggestion(d, &n.text, names.iter());
        self.error(d.hint("declare it before it is used: `track lap = [a1 b1 b2 a2]`"));
        None
    }

    /// `sow CELL along TRACK [skip CONDITION] [last VARIABLE]`.
    pub(super) fn sow_stmt(
        &mut self,
        cell: &ast::Expr,
        track: &Name,
        skip: Option<&ast::Expr>,
        last: Option<&Name>,
    ) -> Option<ir::Stmt> {
        let cell = self.typed(cell, Type::Cell);
        let skip = skip.map(|c| self.bool_expr(c));
        let last = match last {
            Some(n) => Some(self.last_var(n)?),
            None => None,
        };
        Some(ir::Stmt::Sow {
            cell,
            track: self.track_ref(track)?,
            skip,
            last,
        })
    }

    /// The variable `last` stores the cell sown last in: one cell value (per player or not).
    fn last_var(&mut self, n: &Name) -> Option<ir::VarId> {
        let Some(&v) = self.names.vars.get(&n.text) else {
            self.error(
                err(
                    codes::UNKNOWN_NAME,
                    format!("there is no variable `{}`", n.text),
                    n.span,
                    "unknown variable",
                )
                .hint("declare it with `var NAME: cell = none` to hold the cell sown last"),
            );
            return None;
        };
        let var = &self.vars[v as usize];
        if var.ty != Type::Cell || var.per_cell || var.per_piece {
            self.error(
                err(
                    codes::TYPE_MISMATCH,
                    format!("`{}` does not hold a cell, and `last` stores one", n.text),
                    n.span,
                    "not a cell variable",
                )
                .hint("declare it with `var NAME: cell = none`"),
            );
            return None;
        }
        Some(v)
    }

    /// `each cell along track TRACK [backwards] from|starting at CELL while COND { … }`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn track_walk(
        &mut self,
        track: &Name,
        backwards: bool,
        inclusive: bool,
        from: &ast::Expr,
        cond: &ast::Expr,
        body: &[ast::Stmt],
    ) -> Option<ir::Stmt> {
        let from = self.typed(from, Type::Cell);
        let cond = self.bool_expr(cond);
        let body = self.stmts(body);
        Some(ir::Stmt::TrackWalk {
            track: self.track_ref(track)?,
            backwards,
            inclusive,
            from,
            cond,
            body,
        })
    }
}
