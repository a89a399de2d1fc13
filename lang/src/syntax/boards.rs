//! Boards: grids, hexagons, cells and links, drawn areas (tessels), `dirs`, regions and `show`.

use super::{Builder, Rule};
use crate::ast::*;
use crate::diag::Span;
use pest::iterators::{Pair, Pairs};

impl Builder {
    /// A board's size: a number, or an option or `( … )` worked out as the rules load.
    fn board_size(&self, size: Pair<Rule>) -> ((u32, Span), Option<Expr>) {
        let size = match size.as_rule() {
            Rule::grid_side => size.into_inner().next().unwrap(),
            _ => size,
        };
        match size.as_rule() {
            Rule::int => (self.int(size), None),
            Rule::paren => {
                let e = self.expr(size.into_inner().next().unwrap());
                ((0, e.span), Some(e))
            }
            _ => {
                let n = self.name(size);
                let e = Expr {
                    kind: ExprKind::Name(n.text),
                    span: n.span,
                };
                ((0, e.span), Some(e))
            }
        }
    }

    /// `board grid W x H`, `board hex R`, `board { cells … }` or `board tessels { … }`.
    pub(super) fn board_decl(&self, mut it: Pairs<Rule>) -> Item {
        let inner = it.next().unwrap();
        let bspan = self.span(&inner);
        match inner.as_rule() {
            Rule::grid_board => {
                let mut g = inner.into_inner();
                let (width, width_expr) = self.board_size(g.next().unwrap());
                let (height, height_expr) = self.board_size(g.next().unwrap());
                let mut links = GridLinks::Eight;
                let mut files = None;
                for x in g {
                    if x.as_rule() == Rule::grid_links {
                        links = if x.as_str().starts_with('o') {
                            GridLinks::Orthogonal
                        } else {
                            GridLinks::Rhombus
                        };
                    } else {
                        files = Some(self.name(x));
                    }
                }
                Item::Board(BoardDecl::Grid {
                    width,
                    height,
                    width_expr,
                    height_expr,
                    links,
                    files,
                    span: bspan,
                })
            }
            Rule::hex_board => {
                let mut g = inner.into_inner();
                let (radius, radius_expr) = self.board_size(g.next().unwrap());
                let files = g.next().map(|f| self.name(f));
                Item::Board(BoardDecl::Hex {
                    radius,
                    radius_expr,
                    files,
                    span: bspan,
                })
            }
            Rule::tessel_board => {
                let mut items = Vec::new();
                let mut file = None;
                for t in inner.into_inner() {
                    if t.as_rule() == Rule::string {
                        file = Some(self.name(t));
                    } else {
                        items.push(self.tessel_item(t));
                    }
                }
                Item::Board(BoardDecl::Tessels {
                    items,
                    file,
                    span: bspan,
                })
            }
            _ => {
                let items = inner.into_inner().map(|b| self.board_item(b)).collect();
                Item::Board(BoardDecl::Explicit { items, span: bspan })
            }
        }
    }

    fn point(&self, p: Pair<Rule>) -> crate::ast::PointAst {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let x = it.next().map_or(String::new(), |x| x.as_str().to_string());
        let y = it.next().map_or(String::new(), |y| y.as_str().to_string());
        crate::ast::PointAst { x, y, span }
    }

    pub(super) fn tessel_item(&self, p: Pair<Rule>) -> crate::ast::TesselItem {
        use crate::ast::TesselItem;
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::tessel_poly => {
                let name = self.name(it.next().unwrap());
                TesselItem::Tessel {
                    name,
                    points: it.map(|q| self.point(q)).collect(),
                }
            }
            Rule::tessel_squares | Rule::tessel_hexes => {
                let size = |q: Pair<Rule>| {
                    if q.as_rule() == Rule::int {
                        let (n, s) = self.int(q);
                        (n, s, None)
                    } else {
                        let n = self.name(q);
                        (0, n.span, Some(n))
                    }
                };
                let first = size(it.next().unwrap());
                let height = (rule == Rule::tessel_squares).then(|| size(it.next().unwrap()));
                let (mut at, mut prefix) = (None, None);
                for q in it {
                    match q.as_rule() {
                        Rule::at_point => at = q.into_inner().next().map(|x| self.point(x)),
                        _ => prefix = q.into_inner().next().map(|x| self.name(x)),
                    }
                }
                match height {
                    Some(height) => TesselItem::Squares {
                        width: first,
                        height,
                        at,
                        prefix,
                        span,
                    },
                    None => TesselItem::Hexes {
                        radius: first,
                        at,
                        prefix,
                        span,
                    },
                }
            }
            Rule::spare_item => {
                let count = self.int(it.next().unwrap());
                let prefix = it
                    .next()
                    .and_then(|p| p.into_inner().next())
                    .map(|n| self.name(n));
                TesselItem::Spare {
                    count,
                    prefix,
                    span,
                }
            }
            Rule::area_set => {
                let var = self.name(it.next().unwrap());
                let v = it.next().unwrap();
                let value = (v.as_str().parse::<i64>().unwrap_or(0), self.span(&v));
                let mut cells = Vec::new();
                let mut joined = false;
                for q in it {
                    if q.as_rule() == Rule::joined {
                        joined = true;
                    } else {
                        cells.push(self.name(q));
                    }
                }
                TesselItem::Set {
                    var,
                    value,
                    cells,
                    joined,
                    span,
                }
            }
            _ => {
                let pts: Vec<_> = it.map(|q| self.point(q)).collect();
                let pairs = pts
                    .chunks(2)
                    .filter(|c| c.len() == 2)
                    .map(|c| (c[0].clone(), c[1].clone()))
                    .collect();
                TesselItem::Splice { pairs, span }
            }
        }
    }

    fn board_item(&self, p: Pair<Rule>) -> BoardItem {
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::cells_item => BoardItem::Cells(it.map(|n| self.name(n)).collect()),
            Rule::link_item => {
                let from = self.name(it.next().unwrap());
                let dir = self.name(it.next().unwrap());
                let to = self.name(it.next().unwrap());
                let back = it.next().map(|b| self.name(b));
                BoardItem::Link {
                    from,
                    dir,
                    to,
                    back,
                }
            }
            Rule::opposite_item => {
                let a = self.name(it.next().unwrap());
                let b = self.name(it.next().unwrap());
                BoardItem::Opposite(a, b)
            }
            _ => {
                let a = self.name(it.next().unwrap());
                let b = self.name(it.next().unwrap());
                BoardItem::Mirror(a, b)
            }
        }
    }

    /// `dirs NAME …`, mirrored or per player.
    pub(super) fn dirs_decl(&self, mut it: Pairs<Rule>) -> Item {
        let name = self.name(it.next().unwrap());
        let spec = it.next().unwrap().into_inner().next().unwrap();
        let spec = match spec.as_rule() {
            Rule::mirrored_dirs => {
                DirSpec::Mirrored(self.dir_list(spec.into_inner().next().unwrap()))
            }
            Rule::per_player_dirs => DirSpec::PerPlayer(
                spec.into_inner()
                    .map(|pd| {
                        let mut pi = pd.into_inner();
                        let who = self.name(pi.next().unwrap());
                        (who, self.dir_list(pi.next().unwrap()))
                    })
                    .collect(),
            ),
            _ => DirSpec::List(self.dir_list(spec)),
        };
        Item::Dirs { name, spec }
    }

    pub(super) fn dir_list(&self, p: Pair<Rule>) -> Vec<Name> {
        p.into_inner().map(|n| self.name(n)).collect()
    }

    pub(super) fn region_decl(&self, mut it: Pairs<Rule>) -> Item {
        let name = self.name(it.next().unwrap());
        let expr = self.region_expr(it.next().unwrap());
        Item::Region { name, expr }
    }

    /// `track NAME = [CELLS]`: a cyclic track, in sowing order.
    pub(super) fn track_decl(&self, mut it: Pairs<Rule>, span: crate::diag::Span) -> Item {
        let name = self.name(it.next().unwrap());
        let cells = it
            .next()
            .unwrap()
            .into_inner()
            .map(|n| self.name(n))
            .collect();
        Item::Track { name, cells, span }
    }

    fn region_expr(&self, p: Pair<Rule>) -> RegionExpr {
        let mut it = p.into_inner();
        let first = self.region_term(it.next().unwrap());
        let mut rest = Vec::new();
        while let Some(op) = it.next() {
            let add = op.as_str() == "+";
            if let Some(t) = it.next() {
                rest.push((add, self.region_term(t)));
            }
        }
        RegionExpr { first, rest }
    }

    fn region_term(&self, p: Pair<Rule>) -> RegionTerm {
        let inner = p.into_inner().next().unwrap();
        let span = self.span(&inner);
        match inner.as_rule() {
            Rule::rank_term => {
                RegionTerm::Rank(self.int(inner.into_inner().next().unwrap()).0, span)
            }
            Rule::file_term => RegionTerm::File(self.name(inner.into_inner().next().unwrap())),
            Rule::mirrored_region => RegionTerm::Mirrored(
                Box::new(self.region_term(inner.into_inner().next().unwrap())),
                span,
            ),
            Rule::per_player_region => RegionTerm::PerPlayer(
                inner
                    .into_inner()
                    .map(|pr| {
                        let mut pi = pr.into_inner();
                        let who = self.name(pi.next().unwrap());
                        (who, self.region_expr(pi.next().unwrap()))
                    })
                    .collect(),
                span,
            ),
            Rule::cell_list => {
                RegionTerm::Cells(inner.into_inner().map(|n| self.name(n)).collect(), span)
            }
            _ => RegionTerm::Named(self.name(inner)),
        }
    }

    /// `show borders by (VALUE) ["legend"] [fill "#rrggbb"]`: lines in pictures.
    fn show_borders(&self, p: Pair<Rule>) -> Item {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let by = self.expr(it.next().unwrap().into_inner().next().unwrap());
        let text = |s: Pair<Rule>| Name {
            text: s.as_str().trim_matches('"').to_string(),
            span: self.span(&s),
        };
        let (mut legend, mut fill) = (None, None);
        for q in it {
            if q.as_rule() == Rule::show_fill {
                fill = q.into_inner().next().map(text);
            } else {
                legend = Some(text(q));
            }
        }
        Item::Show {
            place: ShowWhere::Borders(by),
            mark: Name {
                text: String::new(),
                span,
            },
            after: false,
            legend,
            fill,
        }
    }

    /// `show REGION` or `show (CONDITION)`, `as` or `after` a mark, a legend and a fill.
    pub(super) fn show_decl(&self, mut it: Pairs<Rule>) -> Item {
        let place = it.next().unwrap();
        if place.as_rule() == Rule::show_borders {
            return self.show_borders(place);
        }
        let place = if place.as_rule() == Rule::paren {
            ShowWhere::Cond(self.expr(place.into_inner().next().unwrap()))
        } else {
            ShowWhere::Region(self.name(place))
        };
        let mut text = |s: Pair<Rule>| Name {
            text: s.as_str().trim_matches('"').to_string(),
            span: self.span(&s),
        };
        let mut how = it.next().unwrap();
        // `show REGION ["legend"] fill "#rrggbb"`: a colour for pictures only, no mark (an
        // empty mark written after the pieces, which the text board leaves out), and the
        // key's words for it.
        let mut legend = None;
        if how.as_rule() == Rule::string {
            legend = Some(text(how));
            how = it.next().unwrap();
        }
        if how.as_rule() == Rule::show_fill {
            let span = self.span(&how);
            return Item::Show {
                place,
                mark: Name {
                    text: String::new(),
                    span,
                },
                after: true,
                legend,
                fill: how.into_inner().next().map(&mut text),
            };
        }
        let after = how.as_rule() == Rule::show_after;
        let mark = text(it.next().unwrap());
        let (mut legend, mut fill) = (None, None);
        for p in it {
            if p.as_rule() == Rule::show_fill {
                fill = p.into_inner().next().map(&mut text);
            } else {
                legend = Some(text(p));
            }
        }
        Item::Show {
            place,
            mark,
            after,
            legend,
            fill,
        }
    }
}
