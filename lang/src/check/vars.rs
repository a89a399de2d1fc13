//! Variables and counters (`var`, `counter`): their type, starting value and whether
//! they are kept per player, per cell or per piece.

use super::{err, Lowerer};
use crate::ast::{self, LiteralKind};
use crate::diag::codes;
use crate::ir::{self, Type, NO_CELL};

impl Lowerer<'_> {
    pub(super) fn var_from(&mut self, v: &ast::VarDecl) {
        let (ty, init) = match (&v.ty, &v.init.kind) {
            (None | Some((ast::VarType::Int, _)), LiteralKind::Int(i)) => (Type::Int, *i),
            (None | Some((ast::VarType::Bool, _)), LiteralKind::Bool(b)) => {
                (Type::Bool, i64::from(*b))
            }
            (None | Some((ast::VarType::Cell, _)), LiteralKind::None) => {
                (Type::Cell, NO_CELL as i64)
            }
            (Some((ast::VarType::Cell, _)), LiteralKind::Word(w)) => {
                match self.names.cells.get(w) {
                    Some(&c) => (Type::Cell, c as i64),
                    None => {
                        self.error(err(
                            codes::UNKNOWN_CELL,
                            format!("there is no cell `{w}` on the board"),
                            v.init.span,
                            "unknown cell",
                        ));
                        (Type::Cell, NO_CELL as i64)
                    }
                }
            }
            (ty, _) => {
                let want = match ty {
                    Some((ast::VarType::Int, _)) | None if v.is_counter => "a number",
                    Some((ast::VarType::Int, _)) => "a number",
                    Some((ast::VarType::Bool, _)) => "true or false",
                    Some((ast::VarType::Cell, _)) => "a cell name or none",
                    None => "a number, true, false or none",
                };
                self.error(err(
                    codes::TYPE_MISMATCH,
                    format!("the starting value of `{}` is not {want}", v.name.text),
                    v.init.span,
                    format!("expected {want}"),
                ));
                (Type::Int, 0)
            }
        };
        if v.is_counter && ty != Type::Int {
            self.error(
                err(
                    codes::TYPE_MISMATCH,
                    format!("the counter `{}` must hold a number", v.name.text),
                    v.init.span,
                    "not a number",
                )
                .hint("use `var` for truth values and cells"),
            );
        }
        self.names
            .vars
            .insert(v.name.text.clone(), self.vars.len() as ir::VarId);
        self.vars.push(ir::Var {
            name: v.name.text.clone(),
            ty,
            init,
            per_player: v.per_player,
            per_cell: v.per_cell,
            per_piece: v.per_piece,
            reset_each_turn: v.reset_each_turn,
            kept: v.kept,
            label: None,
        });
    }
}
