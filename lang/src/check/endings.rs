//! Endings (`ending NAME if COND => OUTCOME`): the condition and who wins, loses or draws.

use super::Lowerer;
use crate::ast::Name;
use crate::ast::{self, ExprKind};
use crate::ir::{self, Type};

impl Lowerer<'_> {
    /// `ending NAME if COND => OUTCOME`.
    pub(super) fn ending_from(
        &mut self,
        name: &Name,
        cond: &ast::Expr,
        outcome: &ast::Outcome,
    ) -> ir::Ending {
        let needs_moves = mentions(cond, "no_moves");
        // A name with `{EXPR}` places: numbers worked out as the game ends.
        let text = if name.text.contains('{') {
            self.text_template(name).unwrap_or_default()
        } else {
            Vec::new()
        };
        let cond = self.bool_expr(cond);
        let outcome = match outcome {
            ast::Outcome::Draw(_) => ir::Outcome::Draw,
            ast::Outcome::Highest(e) => ir::Outcome::Highest(self.typed(e, Type::Int)),
            ast::Outcome::Player { who, .. }
                if !["mover", "opponent", "nobody"].contains(&who.text.as_str())
                    && !self.players.contains(&who.text) =>
            {
                self.player_ref(who);
                ir::Outcome::Draw
            }
            ast::Outcome::Player { who, wins } => {
                let e = ast::Expr {
                    kind: ExprKind::Name(who.text.clone()),
                    span: who.span,
                };
                let who = self.typed(&e, Type::Player);
                ir::Outcome::Player { who, wins: *wins }
            }
        };
        ir::Ending {
            name: name.text.clone(),
            text,
            cond,
            outcome,
            needs_moves,
        }
    }
}

fn mentions(e: &ast::Expr, word: &str) -> bool {
    match &e.kind {
        ExprKind::Name(n) => n == word,
        ExprKind::Call(_, args) => args.iter().any(|a| mentions(a, word)),
        ExprKind::Unary(_, x) => mentions(x, word),
        ExprKind::Binary(_, a, b) => mentions(a, word) || mentions(b, word),
        _ => false,
    }
}
