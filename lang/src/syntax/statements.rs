//! Statements: blocks, `set`, `if`, captures and shifts, zones, chance, areas that change in play.

use super::{Builder, Rule};
use crate::ast::*;
use crate::diag::Span;
use pest::iterators::{Pair, Pairs};

impl Builder {
    pub(super) fn block(&self, p: Pair<Rule>) -> Vec<Stmt> {
        p.into_inner().map(|s| self.stmt(s)).collect()
    }

    pub(super) fn stmt(&self, p: Pair<Rule>) -> Stmt {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::set_stmt => {
                let name = self.name(it.next().unwrap());
                let mut next = it.next().unwrap();
                let mut cell = None;
                if next.as_rule() == Rule::cell_index {
                    cell = Some(self.expr(next.into_inner().next().unwrap()));
                    next = it.next().unwrap();
                }
                let op = match next.as_str() {
                    "+=" => AssignOp::Add,
                    "-=" => AssignOp::Sub,
                    _ => AssignOp::Set,
                };
                let value = self.expr(it.next().unwrap());
                Stmt::Set {
                    name,
                    cell,
                    op,
                    value,
                    span,
                }
            }
            Rule::capture_stmt => Stmt::Capture(self.expr(it.next().unwrap()), span),
            Rule::remove_stmt => {
                let count = self.expr(it.next().unwrap());
                let player = self.expr(it.next().unwrap());
                let cell = self.expr(it.next().unwrap());
                let zone = it.next().map(|z| self.name(z));
                Stmt::Remove {
                    count,
                    player,
                    cell,
                    zone,
                    span,
                }
            }
            Rule::each_stmt => {
                let mut cond = None;
                let mut body = Vec::new();
                for x in it {
                    if x.as_rule() == Rule::condition {
                        cond = Some(self.expr(x.into_inner().next().unwrap()));
                    } else {
                        body = self.block(x);
                    }
                }
                Stmt::Each { cond, body, span }
            }
            Rule::each_group_stmt => {
                let cell = self.expr(it.next().unwrap());
                let _where = it.next();
                let cond = self.expr(it.next().unwrap());
                let body = self.block(it.next().unwrap());
                Stmt::EachInGroup {
                    cell,
                    cond,
                    body,
                    span,
                }
            }
            Rule::each_along_stmt => {
                let dirs = self.expr(it.next().unwrap());
                let from = self.expr(it.next().unwrap());
                let mut max = None;
                let mut next = it.next().unwrap();
                if next.as_rule() == Rule::walk_max {
                    max = Some(self.int(next.into_inner().next().unwrap()));
                    next = it.next().unwrap();
                }
                let cond = self.expr(next);
                let (mut closed, mut body) = (None, Vec::new());
                for x in it {
                    if x.as_rule() == Rule::up_to {
                        closed = Some(self.expr(x.into_inner().next().unwrap()));
                    } else {
                        body = self.block(x);
                    }
                }
                Stmt::EachAlong {
                    dirs,
                    from,
                    max,
                    cond,
                    closed,
                    body,
                    span,
                }
            }
            Rule::sow_stmt => {
                let cell = self.expr(it.next().unwrap());
                let track = self.name(it.next().unwrap());
                let (mut skip, mut last) = (None, None);
                for x in it {
                    let inner = x.clone().into_inner().next().unwrap();
                    if x.as_rule() == Rule::sow_skip {
                        skip = Some(self.expr(inner));
                    } else {
                        last = Some(self.name(inner));
                    }
                }
                Stmt::Sow {
                    cell,
                    track,
                    skip,
                    last,
                    span,
                }
            }
            Rule::pour_stmt => {
                let a = self.expr(it.next().unwrap());
                Stmt::Pour(a, self.expr(it.next().unwrap()))
            }
            Rule::each_track_stmt => {
                let track = self.name(it.next().unwrap());
                let (mut backwards, mut inclusive) = (false, false);
                let mut next = it.next().unwrap();
                if next.as_rule() == Rule::backwards {
                    backwards = true;
                    next = it.next().unwrap();
                }
                if next.as_rule() == Rule::starting_at {
                    inclusive = true;
                    next = it.next().unwrap();
                }
                let from = self.expr(next);
                let cond = self.expr(it.next().unwrap());
                let body = self.block(it.next().unwrap());
                Stmt::EachTrack {
                    track,
                    backwards,
                    inclusive,
                    from,
                    cond,
                    body,
                    span,
                }
            }
            Rule::convert_stmt => {
                let cell = self.expr(it.next().unwrap());
                Stmt::Convert(cell, self.expr(it.next().unwrap()))
            }
            Rule::change_stmt => {
                let cell = self.expr(it.next().unwrap());
                Stmt::Change(cell, self.name(it.next().unwrap()))
            }
            Rule::each_player_stmt => {
                let mut cond = None;
                let mut body = Vec::new();
                for x in it {
                    match x.as_rule() {
                        Rule::player_word => {}
                        Rule::condition => {
                            cond = Some(self.expr(x.into_inner().next().unwrap()));
                        }
                        _ => body = self.block(x),
                    }
                }
                Stmt::EachPlayer { cond, body, span }
            }
            Rule::restart_stmt => Stmt::Restart(span),
            Rule::do_stmt => Stmt::Do(self.name(it.next().unwrap())),
            Rule::reset_turns_stmt => Stmt::ResetTurns(span),
            Rule::keep_stmt => Stmt::KeepPosition(span),
            Rule::restore_stmt => Stmt::RestorePosition(it.next().map(|e| self.expr(e)), span),
            Rule::end_turn_stmt => Stmt::EndTurn(span),
            Rule::split_stmt | Rule::merge_stmt | Rule::splice_stmt | Rule::unsplice_stmt => {
                let a = self.expr(it.next().unwrap());
                let b = self.expr(it.next().unwrap());
                let kind = match rule {
                    Rule::split_stmt => crate::ast::AreaChange::Split,
                    Rule::merge_stmt => crate::ast::AreaChange::Merge,
                    Rule::splice_stmt => crate::ast::AreaChange::Splice,
                    _ => crate::ast::AreaChange::Unsplice,
                };
                Stmt::ChangeArea(kind, a, b, span)
            }
            Rule::ask_stmt => {
                let what = it.next().unwrap();
                if what.as_rule() == Rule::ask_others {
                    Stmt::AskOthers(what.into_inner().next().map(|e| self.expr(e)))
                } else {
                    Stmt::Ask(self.expr(what))
                }
            }
            Rule::next_turn_stmt => Stmt::NextTurn(self.expr(it.next().unwrap())),
            Rule::swap_stmt => {
                let a = self.expr(it.next().unwrap());
                Stmt::Swap(a, self.expr(it.next().unwrap()))
            }
            Rule::roll_stmt => self.roll_stmt(it, span),
            Rule::take_stmt => {
                let count = self.expr(it.next().unwrap());
                let piece = self.name(it.next().unwrap());
                let zone = self.name(it.next().unwrap());
                let (mut owner, mut into, mut into_owner) = (None, None, None);
                for p in it {
                    if p.as_rule() == Rule::take_into {
                        let mut parts = p.into_inner();
                        into = parts.next().map(|z| self.name(z));
                        into_owner = parts.next().map(|o| self.expr(o));
                    } else {
                        owner = Some(self.expr(p));
                    }
                }
                Stmt::Take {
                    count,
                    piece,
                    zone,
                    owner,
                    into,
                    into_owner,
                    span,
                }
            }
            Rule::place_stmt => {
                let piece = self.name(it.next().unwrap());
                let cell = self.expr(it.next().unwrap());
                let owner = it.next().map(|o| self.expr(o));
                Stmt::Place {
                    piece,
                    cell,
                    owner,
                    span,
                }
            }
            Rule::draw_stmt => {
                let count = self.expr(it.next().unwrap());
                let from = self.name(it.next().unwrap());
                let to = self.name(it.next().unwrap());
                let owner = it.next().map(|o| self.expr(o));
                Stmt::Draw {
                    count,
                    from,
                    to,
                    owner,
                    span,
                }
            }
            Rule::send_stmt => {
                let cell = self.expr(it.next().unwrap());
                let zone = self.name(it.next().unwrap());
                let to_owner = it.next().is_none_or(|o| o.as_str() == "owner");
                Stmt::Send {
                    cell,
                    zone,
                    to_owner,
                    span,
                }
            }
            Rule::shift_stmt => {
                let a = self.expr(it.next().unwrap());
                let b = self.expr(it.next().unwrap());
                let merging = it.next().is_some();
                Stmt::Shift(a, b, merging, span)
            }
            _ => {
                let cond = self.expr(it.next().unwrap());
                let then = self.block(it.next().unwrap());
                let otherwise = match it.next() {
                    Some(b) if b.as_rule() == Rule::if_stmt => vec![self.stmt(b)],
                    Some(b) => self.block(b),
                    None => Vec::new(),
                };
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                    span,
                }
            }
        }
    }

    /// `roll NAME from` a chance (`die N`, `K dice N`, `K coins`) or `cells if CONDITION`,
    /// then an optional block.
    fn roll_stmt(&self, mut it: Pairs<Rule>, span: Span) -> Stmt {
        let name = self.name(it.next().unwrap());
        let spec = it.next().unwrap();
        let then = it.next().map(|b| self.block(b)).unwrap_or_default();
        if spec.as_rule() == Rule::cells_spec {
            let cond = self.expr(spec.into_inner().next().unwrap());
            return Stmt::RollCell {
                name,
                cond,
                then,
                span,
            };
        }
        let spec = spec.into_inner().next().unwrap();
        let rule = spec.as_rule();
        let mut faces = None;
        let nums: Vec<u32> = spec
            .into_inner()
            .map(|n| {
                if n.as_rule() == Rule::int {
                    self.int(n).0
                } else {
                    faces = Some(self.name(n));
                    0
                }
            })
            .collect();
        let spec = match rule {
            Rule::die_spec => ChanceSpec::Die(nums[0]),
            Rule::dice_spec => ChanceSpec::Dice(nums[0], nums[1]),
            _ => ChanceSpec::Coins(nums[0]),
        };
        Stmt::Roll {
            name,
            spec,
            faces,
            then,
            span,
        }
    }
}
