//! Move rules: group, carry or chain, atoms (step, jump, leap, ride, drop, …), targets, conditions, effects.

use super::{Builder, Rule};
use crate::ast::*;
use crate::diag::Span;
use pest::iterators::Pair;

impl Builder {
    pub(super) fn move_rule(&self, p: Pair<Rule>) -> MoveRule {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let mut a = it.next().unwrap();
        let mut group = 1;
        let mut group_any = false;
        let mut carry = false;
        let mut chain = false;
        if a.as_rule() == Rule::group {
            match a.into_inner().next() {
                Some(n) if n.as_rule() == Rule::any_count => group_any = true,
                Some(n) => group = self.int(n).0,
                None => {}
            }
            a = it.next().unwrap();
        } else if a.as_rule() == Rule::carry {
            carry = true;
            a = it.next().unwrap();
        } else if a.as_rule() == Rule::chain {
            chain = true;
            a = it.next().unwrap();
        }
        let atom = self.atom(a);
        let mut rule = MoveRule {
            group,
            group_any,
            carry,
            chain,
            atom,
            target: Vec::new(),
            stacking: false,
            merging: false,
            converting: false,
            into: None,
            written: None,
            also: Vec::new(),
            cond: None,
            effects: Vec::new(),
            span,
        };
        for x in it {
            match x.as_rule() {
                Rule::target => self.target(&mut rule, x),
                Rule::condition => rule.cond = Some(self.expr(x.into_inner().next().unwrap())),
                Rule::written => {
                    let mut texts = x.into_inner().map(|s| self.name(s));
                    rule.written = texts.next();
                    rule.also = texts.collect();
                }
                Rule::effects => rule.effects = x.into_inner().map(|s| self.stmt(s)).collect(),
                _ => {}
            }
        }
        rule
    }

    /// The atom of a move rule: how the piece gets from its cell to the target.
    fn atom(&self, a: Pair<Rule>) -> Atom {
        match a.as_rule() {
            Rule::step_atom => Atom::Step(self.dir_list(a.into_inner().next().unwrap())),
            Rule::jump_atom => {
                let mut ai = a.into_inner().filter(|x| x.as_rule() != Rule::jump_word);
                let dirs = ai
                    .next()
                    .unwrap()
                    .into_inner()
                    .map(|n| self.name(n))
                    .collect();
                Atom::Jump {
                    dirs,
                    far: ai.next().is_some(),
                }
            }
            Rule::drop_atom => Atom::Drop(self.name(a.into_inner().next().unwrap())),
            Rule::anywhere_atom => Atom::Anywhere,
            Rule::plugin_atom => {
                let mut names = a.into_inner().map(|n| self.name(n));
                let file = names.next().unwrap();
                Atom::Plugin(file, names.collect())
            }
            Rule::leap_atom => Atom::Leap(
                a.into_inner()
                    .map(|path| {
                        let s = self.span(&path);
                        (path.into_inner().map(|n| self.name(n)).collect(), s)
                    })
                    .collect(),
            ),
            _ => self.ride(a),
        }
    }

    /// `ride DIRS`, then a range, `over pieces` and `not through …`.
    fn ride(&self, a: Pair<Rule>) -> Atom {
        let mut ai = a.into_inner();
        let dirs = self.dir_list(ai.next().unwrap());
        let (mut min, mut max) = (None, None);
        let mut not_through = None;
        let mut over = false;
        let mut range = None;
        let mut by_group = false;
        for x in ai {
            match x.as_rule() {
                Rule::not_through => {
                    not_through = x.into_inner().next().map(|n| {
                        if n.as_rule() == Rule::paren {
                            Barrier::Cond(self.expr(n.into_inner().next().unwrap()))
                        } else {
                            Barrier::Region(self.name(n))
                        }
                    })
                }
                Rule::over_pieces => over = true,
                _ => range = Some(x),
            }
        }
        if let Some(range) = range {
            let r = range.into_inner().next().unwrap();
            let exact = r.as_rule() == Rule::exactly_range;
            by_group = exact && r.as_str().trim_end().ends_with("group");
            let s = r.as_str().to_string();
            let nums: Vec<(u32, Span)> = r.into_inner().map(|n| self.int(n)).collect();
            if exact {
                min = nums.first().copied();
                max = nums.first().copied();
            } else if s.starts_with("min") {
                min = nums.first().copied();
                max = nums.get(1).copied();
            } else {
                max = nums.first().copied();
            }
        }
        Atom::Ride {
            dirs,
            min,
            max,
            by_group,
            over,
            not_through,
        }
    }

    /// `to KIND or KIND …`, then `stacking`, `merging` or `converting`, and `into ZONE`.
    fn target(&self, rule: &mut MoveRule, x: Pair<Rule>) {
        for k in x.into_inner() {
            if k.as_rule() == Rule::stacking {
                rule.stacking = true;
                continue;
            }
            if k.as_rule() == Rule::merging {
                rule.merging = true;
                continue;
            }
            if k.as_rule() == Rule::converting {
                rule.converting = true;
                continue;
            }
            if k.as_rule() == Rule::into_zone {
                rule.into = k.into_inner().next().map(|z| self.name(z));
                continue;
            }
            let kind = match k.as_str() {
                "empty" => TargetKind::Empty,
                "enemy" => TargetKind::Enemy,
                "friend" => TargetKind::Friend,
                "neutral" => TargetKind::Neutral,
                _ => TargetKind::Any,
            };
            rule.target.push((kind, self.span(&k)));
        }
    }
}
