//! Move rules: atoms (step, jump, leap, ride, drop, plugin), targets, conditions, effects and
//! how a move is written.

use super::{err, Lowerer};
use crate::ast::{self, Name};
use crate::diag::{codes, with_suggestion, Span};
use crate::ir::{self, DirId, Expr, Type};

impl Lowerer<'_> {
    pub(super) fn move_rule(&mut self, r: &ast::MoveRule) -> Option<ir::MoveRule> {
        let n = self.players.len().max(1);
        let atom = match &r.atom {
            ast::Atom::Step(names) => self
                .dir_list(names)
                .map(|ds| ds.into_iter().map(ir::Atom::Step).collect::<Vec<_>>()),
            ast::Atom::Jump { dirs, far } => self.dir_list(dirs).map(|ds| {
                ds.into_iter()
                    .map(|dirs| ir::Atom::Jump { dirs, far: *far })
                    .collect::<Vec<_>>()
            }),
            ast::Atom::Leap(paths) => self.leap_atoms(paths, r.span),
            ast::Atom::Drop(zone) => self.zone_ref(zone).map(|z| vec![ir::Atom::Drop(z); n]),
            ast::Atom::Anywhere => Some(vec![ir::Atom::Anywhere; n]),
            // A mistake in a plugin's attributes ends the rule here.
            ast::Atom::Plugin(file, with) => Some(self.plugin_atoms(file, with)?),
            ast::Atom::Ride {
                dirs,
                min,
                max,
                by_group,
                over,
                not_through,
            } => {
                let (avoid, not_past) = self.ride_barrier(not_through);
                let lo = min.map(|m| m.0).unwrap_or(1);
                let hi = max.map(|m| m.0).unwrap_or(u32::MAX);
                if *by_group {
                    self.dir_list(dirs).map(|ds| {
                        ds.into_iter()
                            .map(|d| ir::Atom::Ride {
                                paths: d.into_iter().map(|x| vec![x]).collect(),
                                min: 1,
                                max: 1,
                                by_group: true,
                                over: *over,
                                not_through: avoid,
                                not_past: not_past.clone(),
                            })
                            .collect()
                    })
                } else if lo == 0 || lo > hi {
                    let span = min.or(*max).map(|m| m.1).unwrap_or(r.span);
                    self.error(err(codes::BAD_RANGE, format!("a ride from {lo} to {} cells is empty", if hi == u32::MAX { "any number of".to_string() } else { hi.to_string() }), span, "this range").hint("a ride goes at least 1 cell; write `min A max B` with 1 <= A <= B, or `exactly N`"));
                    None
                } else {
                    self.dir_list(dirs).map(|ds| {
                        ds.into_iter()
                            .map(|d| ir::Atom::Ride {
                                paths: d.into_iter().map(|x| vec![x]).collect(),
                                min: lo,
                                max: hi,
                                by_group: false,
                                over: *over,
                                not_through: avoid,
                                not_past: not_past.clone(),
                            })
                            .collect()
                    })
                }
            }
        };
        let mut target = 0u8;
        for (k, _) in &r.target {
            target |= match k {
                ast::TargetKind::Empty => ir::target::EMPTY,
                ast::TargetKind::Enemy => ir::target::ENEMY,
                ast::TargetKind::Friend => ir::target::FRIEND,
                ast::TargetKind::Neutral => ir::target::NEUTRAL,
                ast::TargetKind::Any => {
                    ir::target::EMPTY | ir::target::ENEMY | ir::target::FRIEND | ir::target::NEUTRAL
                }
            };
        }
        if target == 0 {
            target = ir::target::EMPTY | ir::target::ENEMY;
        }
        let cond = r.cond.as_ref().map(|c| self.bool_expr(c));
        let effects = self.stmts(&r.effects);
        if r.group == 0 || r.group > 64 {
            self.error(
                err(
                    codes::BAD_RANGE,
                    format!("a group of {} pieces cannot move", r.group),
                    r.span,
                    "out of range",
                )
                .hint("a group is 1 to 64 pieces"),
            );
        }
        let written = r.written.as_ref().and_then(|w| {
            self.template(
                w,
                &["from", "to", "piece", "count", "origin", "set", "beyond"],
            )
        });
        let also = r
            .also
            .iter()
            .filter_map(|w| {
                self.other_writing(w, &["from", "to", "piece", "count", "hit", "column"])
            })
            .collect();
        if r.converting && (r.stacking || r.merging) {
            self.error(
                err(
                    codes::BAD_RANGE,
                    "a move that is `converting` cannot also be `stacking` or `merging`",
                    r.span,
                    "this rule",
                )
                .hint("write a rule of its own for each way of landing"),
            );
        }
        let jump = matches!(r.atom, ast::Atom::Jump { .. });
        if r.chain && !jump {
            self.error(
                err(
                    codes::BAD_RANGE,
                    "only a `jump` goes on as a chain",
                    r.span,
                    "this rule",
                )
                .hint("write `move chain jump DIRECTIONS …`: each jump passes over a piece, so a chain ends"),
            );
        }
        if jump
            && (r.group != 1 || r.group_any || r.carry || r.stacking || r.merging || r.converting)
        {
            self.error(
                err(
                    codes::BAD_RANGE,
                    "a `jump` moves one piece onto the cell beyond: it cannot be a group, carry, stacking, merging or converting",
                    r.span,
                    "this rule",
                )
                .hint("capture what it jumps with `then capture jumped`"),
            );
        }
        if r.stacking && r.merging {
            self.error(err(codes::BAD_RANGE, "a move cannot be both `stacking` and `merging`", r.span, "this rule").hint("`stacking` lands on anything; `merging` lands on the mover's own pieces and captures others"));
        }
        Some(ir::MoveRule {
            written,
            also,
            group: r.group.clamp(1, 64),
            group_any: r.group_any,
            merging: r.merging,
            captures_into: r.into.as_ref().and_then(|z| self.zone_ref(z)),
            carry: r.carry,
            chain: r.chain && jump,
            atom: atom?,
            target,
            stacking: r.stacking,
            converting: r.converting,
            cond,
            effects,
            span: r.span,
        })
    }

    /// `leap PATH, …`: every combination of each path's direction sets, at most 4096.
    fn leap_atoms(&mut self, paths: &[(Vec<Name>, Span)], span: Span) -> Option<Vec<ir::Atom>> {
        let n = self.players.len().max(1);
        let mut per: Vec<Vec<Vec<DirId>>> = vec![Vec::new(); n];
        let mut ok = true;
        for (path, _) in paths {
            let mut steps = Vec::new();
            for name in path {
                match self.dir_name(name) {
                    Some(s) => steps.push(s),
                    None => ok = false,
                }
            }
            if !ok {
                continue;
            }
            let size: usize = steps
                .iter()
                .map(|s| s.iter().map(|d| d.len()).max().unwrap_or(0))
                .product();
            if path.len() > 32 || size > 4096 {
                let span = paths
                    .iter()
                    .find(|(p2, _)| std::ptr::eq(p2, path))
                    .map(|(_, s)| *s)
                    .unwrap_or(span);
                self.error(err(codes::BAD_RANGE, format!("this leap path has {} steps making {size} paths", path.len()), span, "too large").hint("a leap path has at most 32 steps and makes at most 4096 paths; use fewer or narrower directions"));
                ok = false;
                continue;
            }
            for (p, out) in per.iter_mut().enumerate() {
                // Every combination of the path's direction sets.
                let mut acc: Vec<Vec<DirId>> = vec![Vec::new()];
                for s in &steps {
                    acc = acc
                        .iter()
                        .flat_map(|a| {
                            s[p].iter().map(move |d| {
                                let mut b = a.clone();
                                b.push(*d);
                                b
                            })
                        })
                        .collect();
                }
                for a in acc {
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
        ok.then(|| per.into_iter().map(ir::Atom::Leap).collect())
    }

    /// `plugin "FILE" [with NAME …]`: the plugin's number and the attributes it reads;
    /// `None` after a mistake in them.
    fn plugin_atoms(&mut self, file: &Name, with: &[Name]) -> Option<Vec<ir::Atom>> {
        let n = self.players.len().max(1);
        let mut attrs = Vec::new();
        for name in with {
            let Some(&v) = self.names.vars.get(&name.text) else {
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no variable `{}`", name.text),
                        name.span,
                        "unknown variable",
                    )
                    .hint(format!("declare it with `var {} = 0 per cell`: a piece's attribute is kept on its cell", name.text)),
                );
                return None;
            };
            let var = &self.vars[v as usize];
            if !var.per_cell || var.ty != Type::Int {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!("`{}` is not a number kept per cell", name.text),
                        name.span,
                        "not per cell",
                    )
                    .hint(format!(
                        "a piece's attribute is a number kept on its cell: `var {} = 0 per cell`",
                        name.text
                    )),
                );
                return None;
            }
            attrs.push(v);
        }
        let i = match self.plugins.iter().position(|p| p.path == file.text) {
            Some(i) => i,
            None => {
                self.plugins.push(ir::PluginRef {
                    path: file.text.clone(),
                    span: file.span,
                    bytes: Vec::new(),
                });
                self.plugins.len() - 1
            }
        };
        Some(vec![
            ir::Atom::Plugin {
                plugin: i as u16,
                attrs
            };
            n
        ])
    }

    /// What a ride may not pass (`not through`): a region, or a condition on its cells.
    fn ride_barrier(
        &mut self,
        not_through: &Option<ast::Barrier>,
    ) -> (Option<ir::RegionId>, Option<Expr>) {
        let mut not_past = None;
        let avoid = match not_through {
            Some(ast::Barrier::Region(n)) => match self.names.regions.get(&n.text) {
                Some(&r) => Some(r),
                None => {
                    let names: Vec<String> = self.regions.iter().map(|r| r.name.clone()).collect();
                    let d = err(
                        codes::UNKNOWN_REGION,
                        format!("there is no region `{}`", n.text),
                        n.span,
                        "unknown region",
                    );
                    self.error(
                        with_suggestion(d, &n.text, names.iter())
                            .hint("declare it with `region NAME = …`"),
                    );
                    None
                }
            },
            Some(ast::Barrier::Cond(e)) => {
                not_past = Some(self.bool_expr(e));
                None
            }
            None => None,
        };
        (avoid, not_past)
    }
}
