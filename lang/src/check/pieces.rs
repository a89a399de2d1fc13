//! Zones and pieces: zones (hands, reserves, piles), piece types with their symbols,
//! patterns of move rules and promotions.

use super::{err, Lowerer};
use crate::ast::{self, Item};
use crate::diag::{codes, with_suggestion, Span};
use crate::ir::{self, PieceId};
use std::collections::HashMap;

impl Lowerer<'_> {
    /// `zone NAME [per player]`: at most 250, each numbered in file order.
    pub(super) fn zones_from(&mut self, items: &[Item]) -> Vec<ir::Zone> {
        let zones: Vec<ir::Zone> = items
            .iter()
            .filter_map(|i| match i {
                Item::Zone { name, per_player } => Some(ir::Zone {
                    name: name.text.clone(),
                    per_player: *per_player,
                }),
                _ => None,
            })
            .take(250)
            .collect();
        for (i, z) in zones.iter().enumerate() {
            self.names.zones.insert(z.name.clone(), i as ir::ZoneId);
        }
        zones
    }

    /// The piece types, at most 250; `None` when there are more.
    pub(super) fn pieces_from(&mut self, items: &[Item]) -> Option<Vec<ir::PieceType>> {
        // Piece names first, so moves and promotions may name any piece.
        let piece_decls: Vec<&ast::PieceDecl> = items
            .iter()
            .filter_map(|i| match i {
                Item::Piece(p) => Some(p),
                _ => None,
            })
            .collect();
        if piece_decls.len() > 250 {
            self.error(err(
                codes::BAD_BOARD,
                "a ruleset may have at most 250 piece types",
                piece_decls[250].name.span,
                "one too many",
            ));
            return None;
        }
        for (i, p) in piece_decls.iter().enumerate() {
            self.names
                .pieces
                .entry(p.name.text.clone())
                .or_insert(i as PieceId);
        }
        self.check_symbols(&piece_decls);
        let pieces: Vec<ir::PieceType> = piece_decls.iter().map(|p| self.piece_from(p)).collect();
        Some(pieces)
    }

    fn check_symbols(&mut self, pieces: &[&ast::PieceDecl]) {
        let n = self.players.len();
        let mut seen: HashMap<String, Span> = HashMap::new();
        for p in pieces {
            let named = n + self.unseated.len();
            if p.symbols.len() != n && p.symbols.len() != 1 && p.symbols.len() != named {
                self.error(
                    err(
                        codes::BAD_SYMBOL,
                        format!(
                            "the piece `{}` has {} symbols for {n} players",
                            p.name.text,
                            p.symbols.len()
                        ),
                        p.name.span,
                        "give one symbol per player",
                    )
                    .hint(format!(
                        "write the symbols in seat order ({}), or a single symbol for every player",
                        self.players.join(", ")
                    )),
                );
            }
            for (i, s) in p.symbols.iter().enumerate() {
                if p.symbols.len() > 1 && p.symbols[..i].iter().any(|t| t.text == s.text) {
                    continue;
                }
                if s.text
                    .chars()
                    .any(|c| c.is_ascii_digit() || c == '/' || c == '-')
                {
                    self.error(
                        err(
                            codes::BAD_SYMBOL,
                            format!("the symbol `{}` cannot be used in positions", s.text),
                            s.span,
                            "digits, `/` and `-` have a meaning in position strings",
                        )
                        .hint("choose letters"),
                    );
                }
                if let Some(first) = seen.get(&s.text) {
                    self.error(
                        err(
                            codes::BAD_SYMBOL,
                            format!("the symbol `{}` stands for two pieces", s.text),
                            s.span,
                            "used again here",
                        )
                        .with_label(*first, "first used here")
                        .hint("each piece of each player needs its own symbol"),
                    );
                } else {
                    seen.insert(s.text.clone(), s.span);
                }
            }
        }
    }

    fn piece_from(&mut self, p: &ast::PieceDecl) -> ir::PieceType {
        let n = self.players.len().max(1);
        let symbols = if p.symbols.len() == 1 {
            vec![p.symbols[0].text.clone(); n]
        } else {
            // Symbols of players who are not seated are left out.
            p.symbols.iter().take(n).map(|s| s.text.clone()).collect()
        };
        let mut rules = Vec::new();
        for m in &p.movers {
            match self.patterns.get(&m.text).copied() {
                Some(rs) => {
                    for r in rs {
                        if let Some(r) = self.move_rule(r) {
                            rules.push(r);
                        }
                    }
                }
                None => {
                    let mut d = err(
                        codes::UNKNOWN_NAME,
                        format!("there is no pattern `{}`", m.text),
                        m.span,
                        "unknown pattern",
                    );
                    let names: Vec<String> = self.patterns.keys().cloned().collect();
                    d = with_suggestion(d, &m.text, names.iter());
                    d = d.hint("declare it with `pattern NAME { move … }`, or `use movers` for the standard ones");
                    self.error(d);
                }
            }
        }
        for r in &p.rules {
            if let Some(r) = self.move_rule(r) {
                rules.push(r);
            }
        }
        if p.neutral
            && (p.symbols.len() > 1 || (!p.shared && (!p.rules.is_empty() || !p.movers.is_empty())))
        {
            self.error(
                err(
                    codes::TYPE_MISMATCH,
                    format!(
                        "the neutral piece `{}` has moves or several symbols",
                        p.name.text
                    ),
                    p.name.span,
                    "belongs to no player",
                )
                .hint("a neutral piece has one symbol and no moves: no player moves it; a `shared` piece (one symbol) is moved by whoever its rules allow"),
            );
        }
        if p.rules.is_empty() && p.movers.is_empty() && !p.inert && !p.neutral {
            self.error(err(codes::NEVER_MOVES, format!("the piece `{}` can never move", p.name.text), p.name.span, "no move rules").hint("give it `move …` or `moves PATTERN`, or mark it `inert` if it is meant to stand still"));
        }
        let promotions = p
            .promotions
            .iter()
            .map(|pr| ir::Promotion {
                to: pr.to.iter().filter_map(|t| self.piece_ref(t)).collect(),
                cond: self.bool_expr(&pr.cond),
            })
            .collect();
        ir::PieceType {
            name: p.name.text.clone(),
            symbols,
            letter: p.letter.as_ref().map(|l| l.text.clone()),
            royal: p.royal,
            neutral: p.neutral,
            shared: p.shared,
            value: p.value.unwrap_or(1),
            rules,
            promotions,
            held_as: p.held_as.as_ref().and_then(|t| self.piece_ref(t)),
        }
    }
}
