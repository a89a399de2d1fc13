//! Position formats (`position { … }`): the fields of a position string, and the
//! format used when a ruleset declares none.

use super::{err, Lowerer};
use crate::ast::{self, Name};
use crate::diag::{codes, Span};
use crate::ir::{self, Type};

impl Lowerer<'_> {
    /// The declared position format, or the default one: the board, then whose turn it is.
    pub(super) fn position_or_default(
        &mut self,
        decl: Option<(&Vec<ast::Field>, Span)>,
    ) -> Vec<ir::Field> {
        match decl {
            Some((fields, _)) => self.position_from(fields),
            None => {
                // First letters when they tell the players apart, else the whole names.
                let firsts: Vec<String> = self
                    .players
                    .iter()
                    .map(|p| p.chars().next().unwrap_or('?').to_string())
                    .collect();
                let unique = firsts
                    .iter()
                    .enumerate()
                    .all(|(i, f)| !firsts[..i].contains(f));
                vec![
                    ir::Field::Board(None),
                    ir::Field::Turn(if unique { firsts } else { self.players.clone() }),
                ]
            }
        }
    }

    /// The `per cell` number (or truth) variable a position field names.
    fn per_cell_number(&mut self, n: &Name, hint: &str) -> Option<ir::VarId> {
        match self.names.vars.get(&n.text) {
            Some(&v)
                if self.vars[v as usize].per_cell && self.vars[v as usize].ty != Type::Cell =>
            {
                Some(v)
            }
            Some(_) => {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!("`{}` is not a number kept per cell", n.text),
                        n.span,
                        "not per cell",
                    )
                    .hint(hint),
                );
                None
            }
            None => {
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no variable `{}`", n.text),
                        n.span,
                        "unknown variable",
                    )
                    .hint("declare it with `var NAME = 0 per cell` first"),
                );
                None
            }
        }
    }

    fn position_from(&mut self, fields: &[ast::Field]) -> Vec<ir::Field> {
        let mut out = Vec::new();
        for f in fields {
            match f {
                ast::Field::Board(_, joined) => {
                    let joined = joined.as_ref().map(|j| j.text.clone());
                    if joined.as_ref().is_some_and(|j| j.chars().count() != 1) {
                        if let Some(j) = fields.iter().find_map(|f| match f {
                            ast::Field::Board(_, Some(j)) => Some(j),
                            _ => None,
                        }) {
                            self.error(
                                err(
                                    codes::BAD_RANGE,
                                    "stacks are joined by one character",
                                    j.span,
                                    "not one character",
                                )
                                .hint("write one character, such as `board stacks \"-\"`"),
                            );
                        }
                    }
                    out.push(ir::Field::Board(joined))
                }
                ast::Field::Number(_) => out.push(ir::Field::Number),
                ast::Field::CellMap(n, chars) => {
                    let list: Vec<char> = chars.text.chars().collect();
                    let bad = list.len() < 2
                        || list.iter().enumerate().any(|(i, c)| {
                            list[..i].contains(c)
                                || c.is_whitespace()
                                || matches!(c, '/' | '(' | ')')
                        });
                    if bad {
                        self.error(err(codes::BAD_RANGE, "the characters of a `cells` field are two or more different characters, without spaces, `/` or brackets", chars.span, "these characters").hint("write one character for each value from 0, such as `cells layer \".vcw\"`"));
                    }
                    if let Some(v) = self.per_cell_number(n, "`cells NAME \"…\"` writes a `per cell` number (or truth value) at every cell") {
                        out.push(ir::Field::CellMap(v, list));
                    }
                }
                ast::Field::Turns(_) => out.push(ir::Field::Turns),
                ast::Field::Zone(z, optional) => {
                    if let Some(z) = self.zone_ref(z) {
                        out.push(ir::Field::Zone(z, *optional));
                    }
                }
                ast::Field::Turn(syms, span) => {
                    // Marks of players who are not seated are left out.
                    let syms = if syms.len() == self.players.len() + self.unseated.len() {
                        &syms[..self.players.len()]
                    } else {
                        &syms[..]
                    };
                    if syms.len() != self.players.len() {
                        self.error(
                            err(
                                codes::PER_PLAYER,
                                format!(
                                    "`turn` gives {} symbols for {} players",
                                    syms.len(),
                                    self.players.len()
                                ),
                                *span,
                                "one symbol per player",
                            )
                            .hint(format!(
                                "write one symbol for each of {}",
                                self.players.join(", ")
                            )),
                        );
                    }
                    out.push(ir::Field::Turn(
                        syms.iter().map(|s| s.text.clone()).collect(),
                    ));
                }
                ast::Field::Rights(rs, _) => {
                    let mut v = Vec::new();
                    for (letter, cells) in rs {
                        let cs = cells.iter().filter_map(|c| self.cell_ref(c)).collect();
                        v.push((letter.text.clone(), cs));
                    }
                    out.push(ir::Field::Rights(v));
                }
                ast::Field::Counters(n, cells) => {
                    if let Some(v) = self.per_cell_number(n, "`counter NAME at CELLS` is for a `per cell` number variable; write `counter NAME` for others") {
                        let ids: Vec<u32> = cells
                            .iter()
                            .filter_map(|c| self.cell_ref(c))
                            .map(|c| c as u32)
                            .collect();
                        out.push(ir::Field::Counters(v, ids));
                    }
                }
                ast::Field::Counter(n)
                    if self.names.vars.get(&n.text).is_some_and(|&v| {
                        self.vars[v as usize].per_player && self.vars[v as usize].ty == Type::Int
                    }) =>
                {
                    let v = self.names.vars[&n.text];
                    let n = self.players.len() as u32;
                    out.push(ir::Field::Counters(v, (0..n).collect()));
                }
                ast::Field::Cell(n) | ast::Field::Counter(n) => {
                    let want = if matches!(f, ast::Field::Cell(_)) {
                        Type::Cell
                    } else {
                        Type::Int
                    };
                    match self.names.vars.get(&n.text) {
                        Some(&v)
                            if self.vars[v as usize].ty == want
                                && !self.vars[v as usize].per_player
                                && !self.vars[v as usize].per_cell =>
                        {
                            out.push(if want == Type::Cell {
                                ir::Field::Cell(v)
                            } else {
                                ir::Field::Counter(v)
                            })
                        }
                        Some(&v)
                            if self.vars[v as usize].per_player
                                || self.vars[v as usize].per_cell =>
                        {
                            self.error(err(codes::TYPE_MISMATCH, format!("`{}` has a value for each player or cell, and this position field holds one value", n.text), n.span, "several values").hint("a `counter` field holds a number for each player; for a per-cell number write `counter NAME at CELLS`"));
                        }
                        Some(&v) => {
                            let t = self.vars[v as usize].ty;
                            self.error(err(codes::TYPE_MISMATCH, format!("the position field needs a variable holding {}, and `{}` holds {}", want.word(), n.text, t.word()), n.span, "wrong kind of variable"));
                        }
                        None => {
                            self.error(
                                err(
                                    codes::UNKNOWN_NAME,
                                    format!("there is no variable `{}`", n.text),
                                    n.span,
                                    "unknown variable",
                                )
                                .hint("declare it with `var` or `counter` first"),
                            );
                        }
                    }
                }
            }
        }
        out
    }
}
