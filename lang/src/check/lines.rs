//! Walks along lines: `count_along(CELL, DIRECTIONS, WHILE[, CLOSED])`, the statement
//! `each cell along DIRECTIONS from CELL [max N] while CONDITION [up to CONDITION] { … }`, and the
//! longest line through a cell, `line(CELL, DIRECTIONS, CONDITION)`.

use super::{err, Lowerer};
use crate::ast::{self, Name};
use crate::diag::{codes, Span};
use crate::ir::{self, Expr, Type};

use super::expressions::Value;

impl Lowerer<'_> {
    /// A walk's parts, checked: directions, the cell it starts from, the condition it
    /// goes on while, and the one that closes it.
    pub(super) fn along(
        &mut self,
        dirs: &ast::Expr,
        from: &ast::Expr,
        cond: &ast::Expr,
        closed: Option<&ast::Expr>,
        what: &str,
    ) -> Option<ir::Along> {
        self.along_bounded(dirs, from, None, cond, closed, what)
    }

    /// The same, with at most `max` cells along each direction (`each cell along … max N`).
    pub(super) fn along_bounded(
        &mut self,
        dirs: &ast::Expr,
        from: &ast::Expr,
        max: Option<(u32, Span)>,
        cond: &ast::Expr,
        closed: Option<&ast::Expr>,
        what: &str,
    ) -> Option<ir::Along> {
        if let Some((0, span)) = max {
            self.error(
                err(
                    codes::BAD_RANGE,
                    "a walk of at most 0 cells meets none",
                    span,
                    "this bound",
                )
                .hint(
                    "write `max N` with N of 1 or more (`max 1`: the cell next to the start only)",
                ),
            );
            return None;
        }
        let from = Box::new(self.typed(from, Type::Cell));
        let cond = Box::new(self.bool_expr(cond));
        let closed = closed.map(|c| Box::new(self.bool_expr(c)));
        let dirs = self.dirs_arg(dirs, what)?;
        Some(ir::Along {
            from,
            dirs,
            cond,
            closed,
            max: max.map(|m| m.0),
        })
    }

    /// `count_along(CELL, DIRECTIONS, WHILE)` or `…, CLOSED)`: a number.
    pub(super) fn count_along_call(
        &mut self,
        f: &Name,
        args: &[ast::Expr],
    ) -> Option<(Expr, Value)> {
        if !self.arity(
            f,
            args,
            3,
            4,
            "count_along(CELL, DIRECTIONS, CONDITION on `to`) or count_along(CELL, DIRECTIONS, CONDITION on `to`, CONDITION on `to`)",
        ) {
            return None;
        }
        let walk = self.along(&args[1], &args[0], &args[2], args.get(3), "count_along")?;
        Some((Expr::Along(walk), Value::Plain(Type::Int)))
    }

    /// `line(CELL, DIRECTIONS, CONDITION)`: a number.
    pub(super) fn line_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        if !self.arity(f, args, 3, 3, "line(CELL, DIRECTIONS, CONDITION on `to`)") {
            return None;
        }
        let c = Box::new(self.typed(&args[0], Type::Cell));
        let cond = Box::new(self.bool_expr(&args[2]));
        let dirs = self.dirs_arg(&args[1], "line")?;
        Some((Expr::Line(c, dirs, cond), Value::Plain(Type::Int)))
    }
}
