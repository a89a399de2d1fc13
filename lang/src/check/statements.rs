//! Statements: `set`, `capture`, `remove`, `each`, `if`, `roll`, `take`, `place`, `draw`,
//! `send`, `shift`, changes of the drawn area and the other effects.

use super::chance::distribution;
use super::{err, Lowerer};
use crate::ast::{self, Name};
use crate::diag::{codes, with_suggestion};
use crate::ir::{self, Type};

impl Lowerer<'_> {
    pub(super) fn stmts(&mut self, body: &[ast::Stmt]) -> Vec<ir::Stmt> {
        let mut out = Vec::with_capacity(body.len());
        for s in body {
            match s {
                ast::Stmt::Do(name) => out.extend(self.run_block(name)),
                _ => out.extend(self.stmt(s)),
            }
        }
        out
    }

    fn stmt(&mut self, s: &ast::Stmt) -> Option<ir::Stmt> {
        match s {
            ast::Stmt::Set {
                name,
                cell,
                op,
                value,
                ..
            } => self.set_stmt(name, cell, op, value),
            ast::Stmt::Capture(e, _) => Some(ir::Stmt::Capture(self.typed(e, Type::Cell))),
            ast::Stmt::Remove {
                count,
                player,
                cell,
                zone,
                ..
            } => {
                let n = self.typed(count, Type::Int);
                let p = self.typed(player, Type::Player);
                let c = self.typed(cell, Type::Cell);
                let z = match zone {
                    Some(z) => Some(self.zone_ref(z)?),
                    None => None,
                };
                Some(ir::Stmt::Remove(n, p, c, z))
            }
            ast::Stmt::Each { cond, body, .. } => {
                let cond = cond.as_ref().map(|c| self.bool_expr(c));
                Some(ir::Stmt::Each(cond, self.stmts(body)))
            }
            ast::Stmt::EachInGroup {
                cell, cond, body, ..
            } => {
                let c = self.typed(cell, Type::Cell);
                let cond = self.bool_expr(cond);
                Some(ir::Stmt::EachInGroup(c, cond, self.stmts(body)))
            }
            ast::Stmt::EachAlong {
                dirs,
                from,
                max,
                cond,
                closed,
                body,
                ..
            } => {
                let walk =
                    self.along_bounded(dirs, from, *max, cond, closed.as_ref(), "each cell along")?;
                Some(ir::Stmt::Along(walk, self.stmts(body)))
            }
            ast::Stmt::Sow {
                cell,
                track,
                skip,
                last,
                ..
            } => self.sow_stmt(cell, track, skip.as_ref(), last.as_ref()),
            ast::Stmt::Pour(a, b) => Some(ir::Stmt::Pour(
                self.typed(a, Type::Cell),
                self.typed(b, Type::Cell),
            )),
            ast::Stmt::EachTrack {
                track,
                backwards,
                inclusive,
                from,
                cond,
                body,
                ..
            } => self.track_walk(track, *backwards, *inclusive, from, cond, body),
            ast::Stmt::Convert(cell, who) => Some(ir::Stmt::Convert(
                self.typed(cell, Type::Cell),
                self.typed(who, Type::Player),
            )),
            ast::Stmt::Change(cell, piece) => {
                let c = self.typed(cell, Type::Cell);
                Some(ir::Stmt::Change(c, self.piece_ref(piece)?))
            }
            ast::Stmt::EachPlayer { cond, body, .. } => {
                let cond = cond.as_ref().map(|c| self.bool_expr(c));
                Some(ir::Stmt::EachPlayer(cond, self.stmts(body)))
            }
            ast::Stmt::Restart(_) => Some(ir::Stmt::Restart),
            // Written out by `stmts`.
            ast::Stmt::Do(_) => None,
            ast::Stmt::ResetTurns(_) => Some(ir::Stmt::ResetTurns),
            ast::Stmt::KeepPosition(_) => Some(ir::Stmt::KeepPosition),
            ast::Stmt::RestorePosition(who, _) => Some(ir::Stmt::RestorePosition(
                who.as_ref().map(|w| self.typed(w, Type::Player)),
            )),
            ast::Stmt::EndTurn(_) => Some(ir::Stmt::EndTurn),
            ast::Stmt::Ask(p) => Some(ir::Stmt::Ask(self.typed(p, Type::Player))),
            ast::Stmt::ChangeArea(kind, a, b, span) => {
                if self.board.drawing.is_none() {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            "only a drawn area can change in play",
                            *span,
                            "this board cannot change",
                        )
                        .hint("draw the board with `board tessels { … }` (and give it room for tessels split off: `spare 10`)"),
                    );
                    return None;
                }
                let a = self.typed(a, Type::Cell);
                let b = if *kind == ast::AreaChange::Split {
                    self.typed(b, Type::Int)
                } else {
                    self.typed(b, Type::Cell)
                };
                Some(ir::Stmt::ChangeArea(*kind, a, b))
            }
            ast::Stmt::AskOthers(c) => {
                Some(ir::Stmt::AskOthers(c.as_ref().map(|c| self.bool_expr(c))))
            }
            ast::Stmt::NextTurn(who) => Some(ir::Stmt::NextTurn(self.typed(who, Type::Player))),
            ast::Stmt::Swap(a, b) => Some(ir::Stmt::Swap(
                self.typed(a, Type::Cell),
                self.typed(b, Type::Cell),
            )),
            ast::Stmt::Roll {
                name,
                spec,
                faces,
                then,
                span,
            } => {
                let v = self.roll_target(name, Type::Int)?;
                let mut spec = *spec;
                if let Some(o) = faces {
                    spec = ast::ChanceSpec::Die(self.size_of(&(0, o.span, Some(o.clone())))?);
                }
                let Some(outcomes) = distribution(spec) else {
                    match (faces, spec) {
                        // A die as large as an option: name the option and its value (once).
                        (Some(o), ast::ChanceSpec::Die(n)) => {
                            if !self.chances.bad_sizes.contains(&o.text) {
                                self.chances.bad_sizes.push(o.text.clone());
                                self.error(
                                    err(
                                        codes::BAD_RANGE,
                                        format!("this chance cannot be rolled: the option `{}` is {n}, and a die has 2 to 1000 faces", o.text),
                                        o.span,
                                        format!("a die of `{}` faces", o.text),
                                    )
                                    .hint(format!("choose `-o {}=N` with N from 2 to 1000 (or change the option's default)", o.text)),
                                );
                            }
                        }
                        _ => self.error(err(codes::BAD_RANGE, "this chance cannot be rolled", *span, "out of range").hint("a die has 2 to 1000 faces; dice and coins number 1 to 100, with at most 10000 outcomes in all")),
                    }
                    return None;
                };
                let id = self.add_chance(ir::Chance::Roll { var: v, outcomes })?;
                let then = self.stmts(then);
                self.chances.then[id as usize] = then;
                Some(ir::Stmt::Roll(v, id))
            }
            ast::Stmt::RollCell {
                name, cond, then, ..
            } => {
                let v = self.roll_target(name, Type::Cell)?;
                let cond = self.bool_expr(cond);
                let id = self.add_chance(ir::Chance::Cell { var: v, cond })?;
                let then = self.stmts(then);
                self.chances.then[id as usize] = then;
                Some(ir::Stmt::Roll(v, id))
            }
            ast::Stmt::Take {
                count,
                piece,
                zone,
                owner,
                into,
                into_owner,
                ..
            } => {
                let n = self.typed(count, Type::Int);
                let owner = owner.as_ref().map(|o| self.typed(o, Type::Player));
                let into_owner = into_owner.as_ref().map(|o| self.typed(o, Type::Player));
                let z = self.zone_ref(zone)?;
                let p = self.piece_ref(piece)?;
                let into = match into {
                    Some(i) => Some((self.zone_ref(i)?, into_owner)),
                    None => None,
                };
                Some(ir::Stmt::Take(n, p, z, owner, into))
            }
            ast::Stmt::Place {
                piece, cell, owner, ..
            } => {
                let c = self.typed(cell, Type::Cell);
                let owner = owner.as_ref().map(|o| self.typed(o, Type::Player));
                let p = self.piece_ref(piece)?;
                Some(ir::Stmt::Place(p, c, owner))
            }
            ast::Stmt::Draw {
                count,
                from,
                to,
                owner,
                ..
            } => {
                let n = self.typed(count, Type::Int);
                let owner = owner.as_ref().map(|o| self.typed(o, Type::Player));
                let from = self.zone_ref(from)?;
                let to = self.zone_ref(to)?;
                let id = self.add_chance(ir::Chance::Draw { from, to })?;
                Some(ir::Stmt::Draw(n, id, owner))
            }
            ast::Stmt::Send {
                cell,
                zone,
                to_owner,
                ..
            } => {
                let c = self.typed(cell, Type::Cell);
                let z = self.zone_ref(zone)?;
                Some(ir::Stmt::Send(c, z, *to_owner))
            }
            ast::Stmt::Shift(a, b, merging, _) => Some(ir::Stmt::Shift(
                self.typed(a, Type::Cell),
                self.typed(b, Type::Cell),
                *merging,
            )),
            ast::Stmt::If {
                cond,
                then,
                otherwise,
                ..
            } => Some(ir::Stmt::If(
                self.bool_expr(cond),
                self.stmts(then),
                self.stmts(otherwise),
            )),
        }
    }

    /// `set NAME = VALUE`, `set NAME(CELL) += VALUE`, …
    fn set_stmt(
        &mut self,
        name: &Name,
        cell: &Option<ast::Expr>,
        op: &ast::AssignOp,
        value: &ast::Expr,
    ) -> Option<ir::Stmt> {
        let Some(&v) = self.names.vars.get(&name.text) else {
            let mut d = err(
                codes::UNKNOWN_NAME,
                format!("there is no variable `{}`", name.text),
                name.span,
                "unknown variable",
            );
            let names: Vec<String> = self.names.vars.keys().cloned().collect();
            d = with_suggestion(d, &name.text, names.iter());
            d = d.hint("declare it with `var NAME = VALUE` or `counter NAME = 0`");
            self.error(d);
            return None;
        };
        let ty = self.vars[v as usize].ty;
        if *op != ast::AssignOp::Set && ty != Type::Int {
            self.error(err(
                codes::TYPE_MISMATCH,
                format!(
                    "`{}` holds {}, which cannot be added to",
                    name.text,
                    ty.word()
                ),
                name.span,
                "not a number",
            ));
        }
        let e = self.typed(value, ty);
        let op = match op {
            ast::AssignOp::Set => ir::AssignOp::Set,
            ast::AssignOp::Add => ir::AssignOp::Add,
            ast::AssignOp::Sub => ir::AssignOp::Sub,
        };
        if let (true, Some(c)) = (self.vars[v as usize].per_player, cell) {
            return Some(ir::Stmt::SetAt(v, self.typed(c, Type::Player), op, e));
        }
        match (self.vars[v as usize].per_cell, cell) {
            (true, Some(c)) => Some(ir::Stmt::SetAt(v, self.typed(c, Type::Cell), op, e)),
            (false, None) => Some(ir::Stmt::Set(v, op, e)),
            (true, None) => {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!("`{}` has a value for each cell; say which", name.text),
                        name.span,
                        "which cell?",
                    )
                    .hint(format!("write `set {}(CELL) = …`", name.text)),
                );
                None
            }
            (false, Some(c)) => {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!("`{}` is not a per-cell variable", name.text),
                        c.span,
                        "no cell is needed",
                    )
                    .hint(format!(
                        "write `set {} = …`, or declare it `per cell`",
                        name.text
                    )),
                );
                None
            }
        }
    }
}
