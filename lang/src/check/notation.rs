//! Notation: the `notation` block, how a decision is written (`written`, `also`) and
//! game-text templates with `{…}` places.

use super::{err, Lowerer};
use crate::ast::{Item, Name};
use crate::diag::codes;
use crate::ir::{self, Expr, Type};

/// The `notation` block: how a pass, the opening and the result are written, and the
/// marks after each turn and round.
pub(super) struct Notation {
    pub(super) pass_text: Option<String>,
    pub(super) opening: Option<(Vec<ir::TextPart>, Expr)>,
    pub(super) result_text: Option<Vec<ir::TextPart>>,
    pub(super) after_turn: Option<String>,
    pub(super) after_round: Option<String>,
}

impl Lowerer<'_> {
    /// The `notation` blocks; a later one overrides what an earlier one says.
    pub(super) fn notation_from(&mut self, items: &[Item]) -> Notation {
        let mut pass_text = None;
        let mut opening = None;
        let mut result_text = None;
        let (mut after_turn, mut after_round) = (None, None);
        for i in items {
            if let Item::Notation {
                pass,
                opening: open,
                result,
                after_turn: turn_mark,
                after_round: round_mark,
            } = i
            {
                if let Some(t) = turn_mark {
                    after_turn = Some(t.text.clone());
                }
                if let Some(t) = round_mark {
                    after_round = Some(t.text.clone());
                }
                if let Some(p) = pass {
                    pass_text = Some(p.text.clone());
                }
                if let Some((text, until)) = open {
                    let until = self.bool_expr(until);
                    opening = self.text_template(text).map(|t| (t, until));
                }
                if let Some(r) = result {
                    result_text = self.text_template(r);
                }
            }
        }
        Notation {
            pass_text,
            opening,
            result_text,
            after_turn,
            after_round,
        }
    }

    /// A game-text template: text with places `{CELL CELL …}` (the pieces there), `{EXPR}`
    /// (a number) and `{(EXPR) if COND}` (a number, in parentheses when COND holds).
    pub(super) fn text_template(&mut self, w: &Name) -> Option<Vec<ir::TextPart>> {
        // Where the string's text begins in the file (after its opening quote).
        let base = w.span.start + 1;
        let mut parts = Vec::new();
        for piece in self.template_pieces(w, "`{c1 d1}` or `{points(red)}`")? {
            let (at, inner) = match piece {
                TemplatePiece::Text(t) => {
                    parts.push(ir::TextPart::Text(t.to_string()));
                    continue;
                }
                TemplatePiece::Place(at, inner) => (base + at, inner),
            };
            let words: Vec<&str> = inner.split_whitespace().collect();
            if !words.is_empty() && words.iter().all(|c| self.names.cells.contains_key(*c)) {
                parts.push(ir::TextPart::Cells(
                    words.iter().map(|c| self.names.cells[*c]).collect(),
                ));
            } else if let Some((value, cond)) = inner
                .trim_start()
                .strip_prefix('(')
                .and_then(|x| x.split_once(") if "))
            {
                let lead = inner.len() - inner.trim_start().len() + 1;
                let v = self.template_expr(value, at + lead, w.span.file, Type::Int)?;
                let c_at = at + lead + value.len() + ") if ".len();
                let c = self.template_expr(cond, c_at, w.span.file, Type::Bool)?;
                parts.push(ir::TextPart::ValueParen(v, c));
            } else {
                let v = self.template_expr(inner, at, w.span.file, Type::Int)?;
                parts.push(ir::TextPart::Value(v));
            }
        }
        Some(parts)
    }

    /// A template's literal text and its `{…}` places (with their offsets in the text), or
    /// an error for a `{` left open.
    fn template_pieces<'t>(
        &mut self,
        w: &'t Name,
        example: &str,
    ) -> Option<Vec<TemplatePiece<'t>>> {
        let text = w.text.as_str();
        let mut out = Vec::new();
        let mut at = 0usize;
        while let Some(i) = text[at..].find('{') {
            if i > 0 {
                out.push(TemplatePiece::Text(&text[at..at + i]));
            }
            let open = at + i + 1;
            let Some(j) = text[open..].find('}') else {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        "a `{` without its `}`",
                        w.span,
                        "in this text",
                    )
                    .hint(format!("write places as {example}")),
                );
                return None;
            };
            out.push(TemplatePiece::Place(open, &text[open..open + j]));
            at = open + j + 1;
        }
        if at < text.len() {
            out.push(TemplatePiece::Text(&text[at..]));
        }
        Some(out)
    }

    fn template_expr(
        &mut self,
        text: &str,
        offset: usize,
        file: crate::diag::FileId,
        want: Type,
    ) -> Option<Expr> {
        match crate::syntax::parse_expr(file, text, offset) {
            Ok(e) => Some(if want == Type::Bool {
                self.bool_expr(&e)
            } else {
                self.typed(&e, want)
            }),
            Err(d) => {
                self.error(d);
                None
            }
        }
    }

    /// Another writing of a decision: `{NAME}` places for the names allowed, and places
    /// holding an expression that gives a cell (`{sword_at}`), read in the position.
    pub(super) fn other_writing(&mut self, w: &Name, allowed: &[&str]) -> Option<ir::Writing> {
        let base = w.span.start + 1;
        let mut cells = Vec::new();
        for piece in self.template_pieces(w, "`{to}`")? {
            let TemplatePiece::Place(at, place) = piece else {
                continue;
            };
            if allowed.contains(&place) {
                continue;
            }
            let e = self.template_expr(place, base + at, w.span.file, Type::Cell)?;
            cells.push((place.to_string(), e));
        }
        Some(ir::Writing {
            text: w.text.clone(),
            cells,
        })
    }

    /// A notation template: text with `{NAME}` places for the names allowed.
    pub(super) fn template(&mut self, w: &Name, allowed: &[&str]) -> Option<String> {
        for piece in self.template_pieces(w, "`{to}`")? {
            let TemplatePiece::Place(_, place) = piece else {
                continue;
            };
            if !allowed.contains(&place) {
                let list: Vec<String> = allowed.iter().map(|a| format!("{{{a}}}")).collect();
                let hint = if matches!(place, "hit" | "column") {
                    format!(
                        "`{{{place}}}` is only for reading moves: put it in another writing, `written \"…\" or \"…{{{place}}}…\"`; here write {}",
                        list.join(", ")
                    )
                } else {
                    format!("write {}", list.join(", "))
                };
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no place `{{{place}}}` in a notation"),
                        w.span,
                        "unknown place",
                    )
                    .hint(hint),
                );
                return None;
            }
        }
        Some(w.text.clone())
    }
}

/// A piece of a template: literal text, or a `{…}` place and where it starts in the text.
enum TemplatePiece<'a> {
    Text(&'a str),
    Place(usize, &'a str),
}
