//! Regions (`region NAME = …`): ranks, files, cell lists, mirrored and per-player
//! regions and their sums and differences; and how cells are shown (`show`).

use super::expressions::Value;
use super::{err, Lowerer};
use crate::ast::{self, Item, Name, RegionTerm};
use crate::diag::{codes, with_suggestion};
use crate::ir::{self, CellId};

impl Lowerer<'_> {
    /// `region NAME = …`: its cells for each player.
    pub(super) fn region_from(&mut self, name: &Name, expr: &ast::RegionExpr) {
        let cells = self.region_expr(expr);
        self.names
            .regions
            .insert(name.text.clone(), self.regions.len() as ir::RegionId);
        self.regions.push(ir::Region {
            name: name.text.clone(),
            cells,
        });
    }

    fn region_expr(&mut self, e: &ast::RegionExpr) -> Vec<Vec<CellId>> {
        let mut acc = self.region_term(&e.first);
        for (add, t) in &e.rest {
            let r = self.region_term(t);
            for (p, cells) in acc.iter_mut().enumerate() {
                if *add {
                    for c in &r[p] {
                        if !cells.contains(c) {
                            cells.push(*c);
                        }
                    }
                } else {
                    cells.retain(|c| !r[p].contains(c));
                }
            }
        }
        for cells in acc.iter_mut() {
            cells.sort_unstable();
        }
        acc
    }

    fn region_term(&mut self, t: &RegionTerm) -> Vec<Vec<CellId>> {
        let n = self.players.len().max(1);
        let same = |cells: Vec<CellId>| vec![cells; n];
        match t {
            RegionTerm::Rank(r, span) => match self.board.grid {
                Some((w, h)) if *r >= 1 && *r <= h => {
                    same((0..w).map(|x| (x + (r - 1) * w) as CellId).collect())
                }
                Some((_, h)) => {
                    self.error(err(
                        codes::UNKNOWN_REGION,
                        format!("the board has no rank {r}"),
                        *span,
                        format!("ranks run from 1 to {h}"),
                    ));
                    same(vec![])
                }
                None => {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            "`rank` needs a grid board",
                            *span,
                            "this board is not a grid",
                        )
                        .hint("list the cells instead: `[a1 b1 …]`"),
                    );
                    same(vec![])
                }
            },
            RegionTerm::File(f) => match self.board.grid {
                Some((w, h)) => {
                    let col = (0..w).find(|&x| {
                        self.board.cells[x as usize].trim_end_matches(|c: char| c.is_ascii_digit())
                            == f.text
                    });
                    match col {
                        Some(x) => same((0..h).map(|y| (x + y * w) as CellId).collect()),
                        None => {
                            self.error(err(
                                codes::UNKNOWN_REGION,
                                format!("the board has no file `{}`", f.text),
                                f.span,
                                "unknown file",
                            ));
                            same(vec![])
                        }
                    }
                }
                None => {
                    self.error(err(
                        codes::BAD_BOARD,
                        "`file` needs a grid board",
                        f.span,
                        "this board is not a grid",
                    ));
                    same(vec![])
                }
            },
            RegionTerm::Cells(names, _) => {
                same(names.iter().filter_map(|c| self.cell_ref(c)).collect())
            }
            RegionTerm::Named(name) => match self.names.regions.get(&name.text) {
                Some(&r) => self.regions[r as usize].cells.clone(),
                None => {
                    let mut d = err(
                        codes::UNKNOWN_REGION,
                        format!("there is no region `{}`", name.text),
                        name.span,
                        "unknown region",
                    );
                    let names: Vec<String> = self.regions.iter().map(|r| r.name.clone()).collect();
                    d = with_suggestion(d, &name.text, names.iter());
                    d = d.hint("a region must be declared before it is used");
                    self.error(d);
                    same(vec![])
                }
            },
            RegionTerm::Mirrored(inner, span) => {
                let base = self.region_term(inner);
                if !self.mirror_available() {
                    self.error(err(codes::NO_MIRROR, "this region is mirrored, but the board has no mirror", *span, "needs a mirror").hint("grids have one for two players; on an explicit board add `mirror CELL CELL` pairs"));
                    return base;
                }
                (0..n)
                    .map(|p| {
                        base[0]
                            .iter()
                            .map(|&c| self.board.cell_mirror[p][c as usize])
                            .collect()
                    })
                    .collect()
            }
            RegionTerm::PerPlayer(entries, span) => {
                let mut out: Vec<Option<Vec<CellId>>> = vec![None; n];
                for (who, e) in entries {
                    let r = self.region_expr(e);
                    if let Some(p) = self.player_ref(who) {
                        out[p] = Some(r[p].clone());
                    }
                }
                if out.iter().any(|o| o.is_none()) {
                    let missing: Vec<String> = out
                        .iter()
                        .enumerate()
                        .filter(|(_, o)| o.is_none())
                        .map(|(i, _)| self.players.get(i).cloned().unwrap_or_default())
                        .collect();
                    self.error(err(
                        codes::PER_PLAYER,
                        format!("this region gives no cells for {}", missing.join(", ")),
                        *span,
                        "every player needs an entry",
                    ));
                }
                out.into_iter().map(|o| o.unwrap_or_default()).collect()
            }
        }
    }

    /// `show REGION as "C"` and `show (CONDITION) …`: how cells are marked on a text board.
    /// And `show borders by (VALUE)`: lines in pictures.
    pub(super) fn marks_from(&mut self, items: &[Item]) -> (Vec<ir::Mark>, Vec<ir::Borders>) {
        let mut marks = Vec::new();
        let mut borders = Vec::new();
        for i in items {
            let Item::Show {
                place,
                mark,
                after,
                legend,
                fill,
            } = i
            else {
                continue;
            };
            if let Some(f) = fill {
                self.colour(f);
            }
            let place = match place {
                ast::ShowWhere::Borders(by) => {
                    if let Some((e, value)) = self.expr(by) {
                        if matches!(value, Value::Plain(_)) {
                            borders.push(ir::Borders {
                                by: e.folded(),
                                legend: legend.as_ref().map(|l| l.text.clone()),
                                colour: fill.as_ref().map(|f| f.text.clone()),
                            });
                        } else {
                            self.error(
                                err(
                                    codes::TYPE_MISMATCH,
                                    format!("borders are drawn by a value, not {}", value.word()),
                                    by.span,
                                    "not a value on each cell",
                                )
                                .hint(
                                    "give a value on `to`, such as `show borders by (owner(to))`",
                                ),
                            );
                        }
                    }
                    continue;
                }
                ast::ShowWhere::Cond(c) => Some(ir::MarkPlace::Cond(self.bool_expr(c))),
                ast::ShowWhere::Region(region) => match self.names.regions.get(&region.text) {
                    Some(&r) => Some(ir::MarkPlace::Region(r)),
                    None => {
                        let names: Vec<String> =
                            self.regions.iter().map(|r| r.name.clone()).collect();
                        let d = err(
                            codes::UNKNOWN_REGION,
                            format!("there is no region `{}`", region.text),
                            region.span,
                            "unknown region",
                        )
                        .hint("name a region, or give a condition on `to` in brackets: `show (height(to) > 2) as \"!\"`");
                        self.error(with_suggestion(d, &region.text, names.iter()));
                        None
                    }
                },
            };
            let count = mark.text.chars().count();
            // (No mark at all: `show REGION fill "#rrggbb"` colours cells in pictures only.)
            let fill_only = count == 0 && *after && fill.is_some();
            if (count == 0 && !fill_only) || count > 3 {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        "a mark is one to three characters",
                        mark.span,
                        "not one to three characters",
                    )
                    .hint("write one to three characters, such as `show water as \"~\"`"),
                );
            }
            if let Some(place) = place {
                marks.push(ir::Mark {
                    place,
                    text: mark.text.clone(),
                    after: *after,
                    legend: legend.as_ref().map(|l| l.text.clone()),
                    fill: fill.as_ref().map(|f| f.text.clone()),
                });
            }
        }
        (marks, borders)
    }

    /// A colour written `#rrggbb`.
    fn colour(&mut self, f: &ast::Name) {
        let hex = f.text.strip_prefix('#').unwrap_or("");
        if !(hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit())) {
            self.error(
                err(
                    codes::BAD_RANGE,
                    "a fill is a colour written `#rrggbb`",
                    f.span,
                    "not a colour",
                )
                .hint("write six hexadecimal digits after `#`, such as `fill \"#b7d9a8\"`"),
            );
        }
    }
}
