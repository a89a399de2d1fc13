//! Expressions: the Pratt parser for operators, the primaries (numbers, names, calls), `define`.

use super::{Builder, Rule};
use crate::ast::*;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::sync::OnceLock;

fn pratt() -> &'static PrattParser<Rule> {
    static P: OnceLock<PrattParser<Rule>> = OnceLock::new();
    P.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::or_op, Assoc::Left))
            .op(Op::infix(Rule::and_op, Assoc::Left))
            .op(Op::prefix(Rule::not_op))
            .op(Op::infix(Rule::eq_op, Assoc::Left)
                | Op::infix(Rule::ne_op, Assoc::Left)
                | Op::infix(Rule::le_op, Assoc::Left)
                | Op::infix(Rule::ge_op, Assoc::Left)
                | Op::infix(Rule::lt_op, Assoc::Left)
                | Op::infix(Rule::gt_op, Assoc::Left)
                | Op::infix(Rule::in_op, Assoc::Left))
            .op(Op::infix(Rule::add_op, Assoc::Left) | Op::infix(Rule::sub_op, Assoc::Left))
            .op(Op::infix(Rule::mul_op, Assoc::Left)
                | Op::infix(Rule::div_op, Assoc::Left)
                | Op::infix(Rule::mod_op, Assoc::Left))
            .op(Op::prefix(Rule::neg_op))
    })
}

impl Builder {
    pub(super) fn expr(&self, p: Pair<Rule>) -> Expr {
        pratt()
            .map_primary(|prim| self.primary(prim))
            .map_prefix(|op, rhs| {
                let span = self.span(&op).to(rhs.span);
                let u = if op.as_rule() == Rule::not_op {
                    UnOp::Not
                } else {
                    UnOp::Neg
                };
                Expr {
                    kind: ExprKind::Unary(u, Box::new(rhs)),
                    span,
                }
            })
            .map_infix(|lhs, op, rhs| {
                let span = lhs.span.to(rhs.span);
                let b = match op.as_rule() {
                    Rule::or_op => BinOp::Or,
                    Rule::and_op => BinOp::And,
                    Rule::eq_op => BinOp::Eq,
                    Rule::ne_op => BinOp::Ne,
                    Rule::le_op => BinOp::Le,
                    Rule::ge_op => BinOp::Ge,
                    Rule::lt_op => BinOp::Lt,
                    Rule::gt_op => BinOp::Gt,
                    Rule::add_op => BinOp::Add,
                    Rule::sub_op => BinOp::Sub,
                    Rule::mul_op => BinOp::Mul,
                    Rule::div_op => BinOp::Div,
                    Rule::mod_op => BinOp::Mod,
                    _ => BinOp::In,
                };
                Expr {
                    kind: ExprKind::Binary(b, Box::new(lhs), Box::new(rhs)),
                    span,
                }
            })
            .parse(p.into_inner())
    }

    fn primary(&self, p: Pair<Rule>) -> Expr {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::int => ExprKind::Int(p.as_str().parse().unwrap_or(i64::MAX)),
            Rule::true_lit => ExprKind::Bool(true),
            Rule::false_lit => ExprKind::Bool(false),
            Rule::none_lit => ExprKind::None,
            Rule::to_ref => ExprKind::To,
            Rule::ident | Rule::word_of_choice => ExprKind::Name(p.as_str().to_string()),
            Rule::paren => return self.expr(p.into_inner().next().unwrap()),
            _ => {
                let mut it = p.into_inner();
                let f = self.name(it.next().unwrap());
                ExprKind::Call(f, it.map(|a| self.expr(a)).collect())
            }
        };
        Expr { kind, span }
    }

    /// `define NAME = EXPRESSION`, or with parameters `define NAME(a, b) = …`.
    pub(super) fn define_decl(&self, mut it: Pairs<Rule>) -> Item {
        let name = self.name(it.next().unwrap());
        let mut next = it.next().unwrap();
        let mut params = Vec::new();
        if next.as_rule() == Rule::define_params {
            params = next.into_inner().map(|n| self.name(n)).collect();
            next = it.next().unwrap();
        }
        Item::Define {
            name,
            params,
            body: self.expr(next),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use crate::ast::*;

    #[test]
    fn precedence() {
        let f = parse(0, "forbid a or b and not c == 1 + 2 * 3").unwrap();
        let Item::Forbid { cond, .. } = &f.items[0] else {
            panic!()
        };
        assert!(matches!(cond.kind, ExprKind::Binary(BinOp::Or, _, _)));
    }
}
