//! Expressions: literals, built-in names, names of the ruleset, operators and their
//! types (the built-in functions are in `functions`).

use super::options::OptValue;
use super::{err, Lowerer};
use crate::ast::{self, ExprKind, Name};
use crate::diag::{codes, with_suggestion, Span};
use crate::ir::{self, DirId, Expr, Type, NO_CELL};

/// What an expression stands for while it is being lowered: a value, or a name that
/// only means something beside an operator (a region after `in`, a direction after `+`).
pub(super) enum Value {
    Plain(Type),
    Region(ir::RegionId),
    /// Direction paths per player.
    Path(Vec<Vec<Vec<DirId>>>),
    Choice(String, String),
    Word(String),
}

/// The built-in names that stand alone (no arguments); a definition may not take one.
pub(super) const BUILT_IN_NAMES: &[&str] = &[
    "from",
    "target",
    "mover",
    "opponent",
    "turn_player",
    "nobody",
    "ply",
    "checked",
    "no_moves",
    "no_reply",
    "captured",
    "decisions",
    "steps",
    "jumped",
    "jumps",
    "material",
    "fresh",
    "passed",
];

impl Value {
    pub(super) fn word(&self) -> &'static str {
        match self {
            Value::Plain(t) => t.word(),
            Value::Region(_) => "a region",
            Value::Path(_) => "a direction",
            Value::Choice(..) => "a choice option",
            Value::Word(_) => "an option word",
        }
    }
}

impl Lowerer<'_> {
    pub(super) fn bool_expr(&mut self, e: &ast::Expr) -> Expr {
        self.typed(e, Type::Bool)
    }

    pub(super) fn typed(&mut self, e: &ast::Expr, want: Type) -> Expr {
        match self.expr(e) {
            Some((x, Value::Plain(t))) if t == want => x.folded(),
            Some((x, Value::Plain(Type::Cell))) if want == Type::Cell => x,
            Some((_, got)) => {
                self.error(err(
                    codes::TYPE_MISMATCH,
                    format!("expected {}, found {}", want.word(), got.word()),
                    e.span,
                    format!("this is {}", got.word()),
                ));
                Expr::Bool(false)
            }
            None => Expr::Bool(false),
        }
    }

    /// Lowers an expression; `None` after a diagnostic. Refuses one nested deeper than
    /// [`super::MAX_DEPTH`] (counting written-out definitions), once per ruleset.
    pub(super) fn expr(&mut self, e: &ast::Expr) -> Option<(Expr, Value)> {
        if self.depth >= super::MAX_DEPTH {
            if self.deepest <= super::MAX_DEPTH {
                self.deepest = super::MAX_DEPTH + 1;
                self.error(
                    err(
                        codes::BAD_RANGE,
                        format!(
                            "this expression is nested more than {} deep once its definitions are written out",
                            super::MAX_DEPTH
                        ),
                        e.span,
                        "nested too deep here",
                    )
                    .hint("a definition is written out where it is used: shorten the chain of definitions using each other, or keep a part in a `var`"),
                );
            }
            return None;
        }
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        let out = self.expr_kind(e);
        self.depth -= 1;
        out
    }

    fn expr_kind(&mut self, e: &ast::Expr) -> Option<(Expr, Value)> {
        use Type::*;
        let plain = |x: Expr, t: Type| Some((x, Value::Plain(t)));
        match &e.kind {
            ExprKind::Int(i) => plain(Expr::Int(*i), Int),
            ExprKind::Bool(b) => plain(Expr::Bool(*b), Bool),
            ExprKind::None => plain(Expr::Cell(NO_CELL), Cell),
            ExprKind::To => plain(Expr::To, Cell),
            ExprKind::Name(n) if self.number.as_ref().is_some_and(|(v, _)| v == n) => {
                let k = self.number.as_ref().map_or(0, |(_, k)| *k);
                plain(Expr::Int(k), Int)
            }
            ExprKind::Name(n) if self.defines.contains(n) => {
                let name = Name {
                    text: n.clone(),
                    span: e.span,
                };
                self.expand(&name, &[])
            }
            ExprKind::Call(f, args) if self.defines.contains(&f.text) => self.expand(f, args),
            ExprKind::Name(n) => self.name_expr(n, e.span),
            ExprKind::Call(f, args) => self.call(f, args),
            ExprKind::Unary(op, inner) => match op {
                ast::UnOp::Not => plain(Expr::Not(Box::new(self.typed(inner, Bool))), Bool),
                ast::UnOp::Neg => plain(Expr::Neg(Box::new(self.typed(inner, Int))), Int),
            },
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span),
        }
    }

    fn name_expr(&mut self, n: &str, span: Span) -> Option<(Expr, Value)> {
        use Type::*;
        let plain = |x: Expr, t: Type| Some((x, Value::Plain(t)));
        match n {
            "from" => return plain(Expr::From, Cell),
            "target" => return plain(Expr::Target, Cell),
            "mover" => return plain(Expr::Mover, Player),
            "opponent" => return plain(Expr::Opponent, Player),
            "turn_player" => return plain(Expr::TurnPlayer, Player),
            "nobody" => return plain(Expr::Player(ir::NEUTRAL), Player),
            "ply" => return plain(Expr::Ply, Int),
            "checked" => return plain(Expr::Checked, Bool),
            "no_moves" => return plain(Expr::NoMoves, Bool),
            "no_reply" => return self.no_reply(span),
            "captured" => return plain(Expr::Captured, Bool),
            "decisions" => return plain(Expr::Decisions, Int),
            "jumped" => return plain(Expr::Jumped, Cell),
            "jumps" => return plain(Expr::Jumps, Int),
            "steps" => {
                self.uses_steps = true;
                return plain(Expr::Steps, Int);
            }
            "material" => return plain(Expr::Material, Int),
            "fresh" => {
                self.uses_fresh = true;
                return plain(Expr::Fresh, Bool);
            }
            "passed" => return plain(Expr::Passed, Bool),
            _ => {}
        }
        if let Some(&v) = self.names.vars.get(n) {
            if self.vars[v as usize].per_cell {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!("`{n}` has a value for each cell; say which"),
                        span,
                        "which cell?",
                    )
                    .hint(format!("write `{n}(CELL)`, e.g. `{n}(to)`")),
                );
                return None;
            }
            return plain(Expr::Var(v), self.vars[v as usize].ty);
        }
        if let Some(o) = self.options.get(n) {
            return match o {
                OptValue::Int(i) => plain(Expr::Int(*i), Int),
                OptValue::Bool(b) => plain(Expr::Bool(*b), Bool),
                OptValue::Word(w) => {
                    Some((Expr::Bool(false), Value::Choice(n.to_string(), w.clone())))
                }
            };
        }
        if let Some(&p) = self.names.pieces.get(n) {
            return plain(Expr::Piece(p), Piece);
        }
        if let Some(&r) = self.names.regions.get(n) {
            return Some((Expr::Bool(false), Value::Region(r)));
        }
        if let Some(p) = self.players.iter().position(|x| x == n) {
            return plain(Expr::Player(p as u8), Player);
        }
        // A player named but not seated: a seat number no one sits in.
        if let Some(p) = self.unseated.iter().position(|x| x == n) {
            return plain(Expr::Player((self.players.len() + p) as u8), Player);
        }
        // How many players sit at the table (with or without `seated`), unless the ruleset
        // gives the name another meaning.
        if n == "players" {
            return plain(Expr::Int(self.players.len() as i64), Int);
        }
        if self.names.dir_sets.contains_key(n) || self.names.dirs.contains_key(n) {
            let set = self
                .names
                .dir_sets
                .get(n)
                .cloned()
                .unwrap_or_else(|| vec![vec![self.names.dirs[n]]; self.players.len().max(1)]);
            return Some((
                Expr::Bool(false),
                Value::Path(
                    set.into_iter()
                        .map(|ds| ds.into_iter().map(|d| vec![d]).collect())
                        .collect(),
                ),
            ));
        }
        if let Some(&c) = self.names.cells.get(n) {
            return plain(Expr::Cell(c), Cell);
        }
        // A word of a choice option, compared with `option == word`.
        if self
            .option_info
            .iter()
            .any(|o| o.kind.split(" | ").any(|w| w == n))
        {
            return Some((Expr::Bool(false), Value::Word(n.to_string())));
        }
        let mut cands: Vec<String> = [
            "from", "to", "mover", "ply", "checked", "no_moves", "captured",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        cands.extend(self.names.vars.keys().cloned());
        cands.extend(self.options.keys().cloned());
        cands.extend(self.names.pieces.keys().cloned());
        cands.extend(self.names.regions.keys().cloned());
        cands.extend(self.players.iter().cloned());
        cands.extend(self.names.dir_sets.keys().cloned());
        let mut d = err(
            codes::UNKNOWN_NAME,
            format!("`{n}` is not defined"),
            span,
            "unknown name",
        );
        d = with_suggestion(d, n, cands.iter());
        d = d.hint("a name here may be a variable, an option, a piece, a region, a player, a direction or a cell, or one of from, to, mover, ply, checked, no_moves, captured");
        self.error(d);
        None
    }

    fn binary(
        &mut self,
        op: ast::BinOp,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Option<(Expr, Value)> {
        use ast::BinOp as B;
        use Type::*;
        let bx = Box::new;
        match op {
            B::Or | B::And => {
                let (x, y) = (self.typed(a, Bool), self.typed(b, Bool));
                // An option's constant decides at once, on either side (expressions have
                // no effects): `false and …`, `… or true`; `true and X` is X.
                let or = op == B::Or;
                for (k, other) in [(&x, &y), (&y, &x)] {
                    if let Expr::Bool(v) = *k {
                        return Some((
                            if v == or {
                                Expr::Bool(v)
                            } else {
                                other.clone()
                            },
                            Value::Plain(Bool),
                        ));
                    }
                }
                let o = if op == B::Or {
                    ir::BinOp::Or
                } else {
                    ir::BinOp::And
                };
                Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Bool)))
            }
            B::In => {
                let x = self.typed(a, Cell);
                if let ExprKind::Name(n) = &b.kind {
                    if !self.names.regions.contains_key(n)
                        && !self.names.vars.contains_key(n)
                        && !self.options.contains_key(n)
                    {
                        let mut d = err(
                            codes::UNKNOWN_REGION,
                            format!("there is no region `{n}`"),
                            b.span,
                            "unknown region",
                        );
                        let names: Vec<String> =
                            self.regions.iter().map(|r| r.name.clone()).collect();
                        d = with_suggestion(d, n, names.iter());
                        d = d.hint(if names.is_empty() {
                            "this ruleset declares no regions; declare one with `region NAME = …`"
                                .to_string()
                        } else {
                            format!("the regions are {}", names.join(", "))
                        });
                        self.error(d);
                        return None;
                    }
                }
                match self.expr(b)? {
                    (_, Value::Region(r)) => Some((Expr::In(bx(x), r), Value::Plain(Bool))),
                    (_, got) => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("expected a region after `in`, found {}", got.word()),
                            b.span,
                            "not a region",
                        ));
                        None
                    }
                }
            }
            B::Eq | B::Ne => {
                let (x, tx) = self.expr(a)?;
                let (y, ty) = self.expr(b)?;
                // A choice option against one of its words folds to a constant.
                if let (Value::Choice(name, v), Value::Word(w))
                | (Value::Word(w), Value::Choice(name, v)) = (&tx, &ty)
                {
                    let valid = self
                        .option_info
                        .iter()
                        .any(|o| o.name == *name && o.kind.split(" | ").any(|k| k == w));
                    if !valid {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("`{w}` is not a value of option `{name}`"),
                            span,
                            "never equal",
                        ));
                    }
                    return Some((Expr::Bool((v == w) == (op == B::Eq)), Value::Plain(Bool)));
                }
                match (&tx, &ty) {
                    (Value::Plain(p), Value::Plain(q)) if p == q && *p != Region && *p != Dir => {
                        let o = if op == B::Eq {
                            ir::BinOp::Eq
                        } else {
                            ir::BinOp::Ne
                        };
                        Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Bool)))
                    }
                    _ => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("cannot compare {} with {}", tx.word(), ty.word()),
                            span,
                            "these are of different kinds",
                        ));
                        None
                    }
                }
            }
            B::Lt | B::Le | B::Gt | B::Ge => {
                let (x, y) = (self.typed(a, Int), self.typed(b, Int));
                let o = match op {
                    B::Lt => ir::BinOp::Lt,
                    B::Le => ir::BinOp::Le,
                    B::Gt => ir::BinOp::Gt,
                    _ => ir::BinOp::Ge,
                };
                Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Bool)))
            }
            B::Mul => {
                let (x, tx) = self.expr(a)?;
                match tx {
                    Value::Path(p) => {
                        let k = self.const_int(b)?;
                        if !(1..=64).contains(&k) {
                            self.error(err(
                                codes::BAD_RANGE,
                                "a direction may be repeated 1 to 64 times",
                                b.span,
                                "out of range",
                            ));
                            return None;
                        }
                        let rep = p
                            .into_iter()
                            .map(|paths| {
                                paths
                                    .into_iter()
                                    .map(|path| {
                                        path.iter()
                                            .cycle()
                                            .take(path.len() * k as usize)
                                            .copied()
                                            .collect()
                                    })
                                    .collect()
                            })
                            .collect();
                        Some((Expr::Bool(false), Value::Path(rep)))
                    }
                    Value::Plain(Int) => {
                        let y = self.typed(b, Int);
                        Some((Expr::Bin(ir::BinOp::Mul, bx(x), bx(y)), Value::Plain(Int)))
                    }
                    other => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("cannot multiply {}", other.word()),
                            a.span,
                            "not a number or a direction",
                        ));
                        None
                    }
                }
            }
            B::Div | B::Mod => {
                let (x, y) = (self.typed(a, Int), self.typed(b, Int));
                let o = if op == B::Div {
                    ir::BinOp::Div
                } else {
                    ir::BinOp::Mod
                };
                Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Int)))
            }
            B::Add | B::Sub => {
                let (x, tx) = self.expr(a)?;
                match tx {
                    Value::Plain(Cell) if op == B::Add => {
                        let (_, ty) = self.expr(b)?;
                        match ty {
                            Value::Path(p) => {
                                let mut single = Vec::with_capacity(p.len());
                                for paths in p {
                                    if paths.len() != 1 {
                                        self.error(err(codes::TYPE_MISMATCH, "a step from a cell needs exactly one direction for each player", b.span, format!("this names {} directions", paths.len())).hint("use a single direction, or a `dirs` with one direction per player"));
                                        return None;
                                    }
                                    single.push(paths.into_iter().next().unwrap_or_default());
                                }
                                Some((Expr::Walk(bx(x), single), Value::Plain(Cell)))
                            }
                            other => {
                                self.error(err(codes::TYPE_MISMATCH, format!("a cell plus {} means nothing", other.word()), b.span, "expected a direction").hint("`CELL + DIR` is the cell one step away; `CELL + DIR * N`, N steps"));
                                None
                            }
                        }
                    }
                    Value::Plain(Int) => {
                        let y = self.typed(b, Int);
                        let o = if op == B::Add {
                            ir::BinOp::Add
                        } else {
                            ir::BinOp::Sub
                        };
                        Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Int)))
                    }
                    other => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("cannot add to {}", other.word()),
                            a.span,
                            "not a number or a cell",
                        ));
                        None
                    }
                }
            }
        }
    }

    fn const_int(&mut self, e: &ast::Expr) -> Option<i64> {
        match self.expr(e)? {
            (Expr::Int(i), _) => Some(i),
            (_, t) => {
                self.error(err(
                    codes::TYPE_MISMATCH,
                    format!("expected a fixed number, found {}", t.word()),
                    e.span,
                    "not a fixed number",
                ));
                None
            }
        }
    }
}
