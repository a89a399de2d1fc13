//! The look-ahead condition `no_reply` (only in `forbid`) and `checked(PLAYER)`, which a
//! look-ahead for checkmate asks of the player who would answer.

use super::expressions::Value;
use super::{err, Lowerer};
use crate::ast::{self, Name};
use crate::diag::{codes, Span};
use crate::ir::{Expr, Type};

impl Lowerer<'_> {
    /// `no_reply`: after the decision, the player to decide next has no legal decision.
    /// It looks at the position a decision leaves, so it has a meaning only in `forbid`.
    pub(super) fn no_reply(&mut self, span: Span) -> Option<(Expr, Value)> {
        if !self.in_forbid {
            self.error(
                err(
                    codes::LOOK_AHEAD_PLACE,
                    "`no_reply` looks ahead from the position a decision leaves: it is asked only in `forbid`",
                    span,
                    "not in a `forbid` condition",
                )
                .hint("write it in `forbid …` (a decision that leaves the next player no reply); in an ending, `no_moves` asks the same of the player to move"),
            );
            return None;
        }
        Some((Expr::NoReply, Value::Plain(Type::Bool)))
    }

    /// `checked(PLAYER)`: some royal piece of that player is attacked.
    pub(super) fn checked_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        if !self.arity(f, args, 1, 1, "checked(PLAYER), e.g. checked(opponent)") {
            return None;
        }
        let who = self.typed(&args[0], Type::Player);
        Some((Expr::CheckedOf(Box::new(who)), Value::Plain(Type::Bool)))
    }
}
