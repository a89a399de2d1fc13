//! Declarations: item dispatch; game, variant, use, players, option, var, zone, pattern, piece.

use super::{Builder, Rule};
use crate::ast::*;
use crate::diag::Span;
use pest::iterators::{Pair, Pairs};

impl Builder {
    /// One declaration of a file; all but the shortest are read by a method of their own.
    pub(super) fn item(&self, p: Pair<Rule>) -> Item {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::game_decl => Item::Game {
                title: self.name(it.next().unwrap()),
            },
            Rule::variant_decl => {
                let title = self.name(it.next().unwrap());
                let base = self.name(it.next().unwrap().into_inner().next().unwrap());
                Item::Variant { title, base }
            }
            Rule::use_decl => Item::Use {
                target: self.name(it.next().unwrap()),
            },
            Rule::players_decl => self.players_decl(it),
            Rule::option_decl => self.option_decl(it),
            Rule::board_decl => self.board_decl(it),
            Rule::dirs_decl => self.dirs_decl(it),
            Rule::region_decl => self.region_decl(it),
            Rule::track_decl => self.track_decl(it, span),
            Rule::var_decl => self.var_decl(it, span),
            Rule::zone_decl => {
                let name = self.name(it.next().unwrap());
                Item::Zone {
                    name,
                    per_player: it.next().is_some(),
                }
            }
            Rule::mover_decl => {
                let name = self.name(it.next().unwrap());
                Item::Pattern {
                    name,
                    rules: it.map(|r| self.move_rule(r)).collect(),
                }
            }
            Rule::piece_decl => self.piece_decl(it),
            Rule::forbid_decl => self.forbid_decl(it, span),
            Rule::prefer_decl => Item::Prefer {
                value: self.expr(it.find(|x| x.as_rule() != Rule::prefer_word).unwrap()),
                reason: it.next().map(|r| self.name(r)),
                span,
            },
            Rule::piles_decl => Item::Piles(span),
            Rule::label_decl => Item::Label {
                name: self.name(it.next().unwrap()),
                text: self.name(it.next().unwrap()),
            },
            Rule::after_decl => Item::After {
                body: self.block(it.next().unwrap()),
                span,
            },
            Rule::setup_decl => Item::Setup {
                body: self.block(it.next().unwrap()),
                span,
            },
            Rule::ending_decl => self.ending_decl(it),
            Rule::position_decl => Item::Position {
                fields: it.map(|f| self.field(f)).collect(),
                span,
            },
            Rule::about_decl => Item::About {
                fields: it
                    .map(|f| {
                        let mut parts = f.into_inner();
                        let key = self.name(parts.next().unwrap());
                        AboutField {
                            key,
                            lines: parts.map(|l| self.name(l)).collect(),
                        }
                    })
                    .collect(),
                span,
            },
            Rule::start_decl => Item::Start {
                text: self.name(it.next().unwrap()),
            },
            Rule::turn_decl => self.turn_decl(it, span),
            Rule::action_decl => self.action_decl(it),
            Rule::score_decl => Item::Score {
                expr: self.expr(it.next().unwrap()),
                span,
            },
            Rule::people_decl => {
                let by = self.name(it.next().unwrap());
                let score = it.next().map(|x| self.name(x));
                Item::People { by, score }
            }
            Rule::captures_top_decl => Item::CapturesTop(span),
            Rule::notation_decl => self.notation_decl(it),
            Rule::define_decl => self.define_decl(it),
            Rule::define_block_decl => Item::DefineBlock {
                name: self.name(it.next().unwrap()),
                body: self.block(it.next().unwrap()),
            },
            Rule::show_decl => self.show_decl(it),
            Rule::captures_decl => {
                let zone = self.name(it.next().unwrap());
                let to_owner = it.next().is_some_and(|o| o.as_str() == "owner");
                Item::Captures { zone, to_owner }
            }
            other => unreachable!("item rule {other:?} is not a declaration"),
        }
    }

    /// `players NAME NAME …`, optionally `seated N to M` or `seated N` (N to N).
    fn players_decl(&self, it: Pairs<Rule>) -> Item {
        let mut names = Vec::new();
        let mut seats = None;
        for x in it {
            if x.as_rule() == Rule::seats {
                let nums: Vec<(u32, Span)> = x
                    .into_inner()
                    .filter(|n| n.as_rule() == Rule::int)
                    .map(|n| self.int(n))
                    .collect();
                seats = Some((nums[0], *nums.get(1).unwrap_or(&nums[0])));
            } else {
                names.push(self.name(x));
            }
        }
        Item::Players { names, seats }
    }

    /// `option NAME: TYPE = VALUE`, then a description.
    fn option_decl(&self, mut it: Pairs<Rule>) -> Item {
        let name = self.name(it.next().unwrap());
        let ty_pair = it.next().unwrap().into_inner().next().unwrap();
        let ty = match ty_pair.as_rule() {
            Rule::int_type => OptionType::Int,
            Rule::bool_type => OptionType::Bool,
            _ => OptionType::Choice(ty_pair.into_inner().map(|n| self.name(n)).collect()),
        };
        let default = self.literal(it.next().unwrap());
        let doc = it.next().map(|d| self.name(d));
        Item::Option(OptionDecl {
            name,
            ty,
            default,
            doc,
        })
    }

    /// `var` or `counter NAME = VALUE`, its type, `per player`, `per cell` or `per piece`, and
    /// `reset each turn` or `kept`.
    fn var_decl(&self, mut it: Pairs<Rule>, span: Span) -> Item {
        let is_counter = span_text_starts(&span, "counter", &it);
        let name = self.name(it.next().unwrap());
        let mut ty = None;
        let mut init = None;
        let mut per_player = false;
        let mut per_cell = false;
        let mut per_piece = false;
        let mut reset_each_turn = false;
        let mut kept = false;
        for x in it {
            match x.as_rule() {
                Rule::var_type => {
                    let t = match x.as_str() {
                        "int" => VarType::Int,
                        "bool" => VarType::Bool,
                        _ => VarType::Cell,
                    };
                    ty = Some((t, self.span(&x)));
                }
                Rule::literal => init = Some(self.literal(x)),
                Rule::per_player => per_player = true,
                Rule::per_cell => per_cell = true,
                Rule::per_piece => {
                    per_cell = true;
                    per_piece = true;
                }
                Rule::reset_clause => reset_each_turn = true,
                Rule::kept => kept = true,
                _ => {}
            }
        }
        Item::Var(VarDecl {
            name,
            ty,
            is_counter,
            init: init.unwrap_or(Literal {
                kind: LiteralKind::Int(0),
                span,
            }),
            per_player,
            per_cell,
            per_piece,
            reset_each_turn,
            kept,
        })
    }

    /// `piece NAME SYMBOLS { … }`: its flags, patterns, move rules and promotions.
    fn piece_decl(&self, mut it: Pairs<Rule>) -> Item {
        let name = self.name(it.next().unwrap());
        let symbols = it
            .next()
            .unwrap()
            .into_inner()
            .map(|s| self.name(s))
            .collect();
        let mut piece = PieceDecl {
            name,
            symbols,
            royal: false,
            inert: false,
            neutral: false,
            letter: None,
            shared: false,
            value: None,
            movers: Vec::new(),
            rules: Vec::new(),
            promotions: Vec::new(),
            held_as: None,
        };
        for x in it {
            match x.as_rule() {
                Rule::royal_item => piece.royal = true,
                Rule::inert_item => piece.inert = true,
                Rule::neutral_item => piece.neutral = true,
                Rule::shared_item => {
                    piece.neutral = true;
                    piece.shared = true;
                }
                Rule::letter_item => {
                    piece.letter = x.into_inner().next().map(|s| Name {
                        text: s.as_str().trim_matches('"').to_string(),
                        span: self.span(&s),
                    })
                }
                Rule::value_item => {
                    piece.value = x.into_inner().next().and_then(|v| v.as_str().parse().ok())
                }
                Rule::held_as_item => piece.held_as = x.into_inner().next().map(|n| self.name(n)),
                Rule::moves_item => piece.movers.extend(x.into_inner().map(|n| self.name(n))),
                Rule::move_rule => piece.rules.push(self.move_rule(x)),
                Rule::promote_item => {
                    let pspan = self.span(&x);
                    let mut names = Vec::new();
                    let mut cond = None;
                    for y in x.into_inner() {
                        if y.as_rule() == Rule::expr {
                            cond = Some(self.expr(y));
                        } else {
                            names.push(self.name(y));
                        }
                    }
                    piece.promotions.push(Promotion {
                        to: names,
                        cond: cond.unwrap_or(Expr {
                            kind: ExprKind::Bool(true),
                            span: pspan,
                        }),
                        span: pspan,
                    });
                }
                _ => {}
            }
        }
        Item::Piece(piece)
    }

    fn literal(&self, p: Pair<Rule>) -> Literal {
        let span = self.span(&p);
        let inner = p.into_inner().next().unwrap();
        let kind = match inner.as_rule() {
            Rule::signed_int => match inner.as_str().parse() {
                Ok(v) => LiteralKind::Int(v),
                Err(_) => LiteralKind::Word(inner.as_str().to_string()),
            },
            Rule::true_lit => LiteralKind::Bool(true),
            Rule::false_lit => LiteralKind::Bool(false),
            Rule::none_lit => LiteralKind::None,
            _ => LiteralKind::Word(inner.as_str().to_string()),
        };
        Literal { kind, span }
    }
}

fn span_text_starts(_span: &Span, _word: &str, it: &pest::iterators::Pairs<Rule>) -> bool {
    // The declaration's first word is not a pair of its own; look at the text before the name.
    it.clone()
        .next()
        .map(|n| {
            let s = n.as_span();
            let before = &s.get_input()[..s.start()];
            before.trim_end().ends_with("counter")
        })
        .unwrap_or(false)
}
