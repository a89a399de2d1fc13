//! Walks along lines: `count_along(CELL, DIRECTIONS, WHILE[, CLOSED])`, the statement
//! `each cell along DIRECTIONS from CELL while CONDITION [up to CONDITION] { … }`, and the
//! longest line through a cell, `line(CELL, DIRECTIONS, CONDITION)`.

use super::Lowerer;
use crate::ast::{self, Name};
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
        let from = Box::new(self.typed(from, Type::Cell));
        let cond = Box::new(self.bool_expr(cond));
        let closed = closed.map(|c| Box::new(self.bool_expr(c)));
        let dirs = self.dirs_arg(dirs, what)?;
        Some(ir::Along {
            from,
            dirs,
            cond,
            closed,
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
