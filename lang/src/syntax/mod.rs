//! Text to syntax tree: the pest parser, the entry points (a file, an area file, an expression).
//!
//! Brackets nested too deep are refused before pest sees the text. The tree is built by one
//! `Builder` whose methods are spread over the submodules, one per chapter of
//! docs/language.md; pest errors become diagnostics in words in `errors`.

mod boards;
mod errors;
mod expressions;
mod items;
mod move_rules;
mod statements;
mod turns;

use crate::ast::*;
use crate::diag::{codes, Diagnostic, FileId, Span};
use errors::syntax_error;
use pest::iterators::Pair;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "tessel.pest"]
struct TesselParser;

/// Reads one expression that stands at byte `offset` of a file (inside a string, such as a
/// notation template): its spans point into the file.
pub fn parse_expr(file: FileId, text: &str, offset: usize) -> Result<Expr, Diagnostic> {
    let padded = format!("{}{text}", " ".repeat(offset));
    too_deep(file, &padded)?;
    let mut pairs = TesselParser::parse(Rule::expr_only, &padded)
        .map_err(|e| syntax_error(file, &padded, e))?;
    too_long(file, &pairs)?;
    let root = pairs
        .next()
        .expect("the expr_only rule always yields one pair");
    let b = Builder { file };
    let e = root
        .into_inner()
        .next()
        .expect("expr_only holds an expression");
    Ok(b.expr(e))
}

/// Parses one file. Parsing never panics: a syntax error comes back as a diagnostic.
pub fn parse(file: FileId, text: &str) -> Result<crate::ast::File, Diagnostic> {
    too_deep(file, text)?;
    let mut pairs =
        TesselParser::parse(Rule::file, text).map_err(|e| syntax_error(file, text, e))?;
    too_long(file, &pairs)?;
    let root = pairs.next().expect("the file rule always yields one pair");
    let b = Builder { file };
    let mut items = Vec::new();
    for pair in root.into_inner() {
        if pair.as_rule() == Rule::EOI {
            break;
        }
        items.push(b.item(pair));
    }
    Ok(crate::ast::File { items })
}

/// Parses an area file: the items of a `board tessels { … }` block.
pub fn parse_area(file: FileId, text: &str) -> Result<Vec<crate::ast::TesselItem>, Diagnostic> {
    too_deep(file, text)?;
    let mut pairs =
        TesselParser::parse(Rule::area_file, text).map_err(|e| syntax_error(file, text, e))?;
    too_long(file, &pairs)?;
    let root = pairs
        .next()
        .expect("the area_file rule always yields one pair");
    let b = Builder { file };
    Ok(root
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| b.tessel_item(p))
        .collect())
}

/// Brackets nested deeper than this are refused before parsing, so that no input can
/// exhaust the stack of the parser or of the passes after it.
pub const MAX_NESTING: usize = 64;

fn too_deep(file: FileId, text: &str) -> Result<(), Diagnostic> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut in_comment = false;
    let mut prev = '\0';
    for (i, ch) in text.char_indices() {
        if in_comment {
            in_comment = ch != '\n';
        } else if in_string {
            in_string = ch != '"' && ch != '\n';
        } else {
            match ch {
                '"' => in_string = true,
                '/' if prev == '/' => in_comment = true,
                '(' | '{' | '[' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Err(Diagnostic::error(
                            codes::SYNTAX,
                            format!("brackets are nested more than {MAX_NESTING} deep"),
                        )
                        .at(Span::new(file, i, i + 1), "too deep")
                        .hint(
                            "split the expression, or name a part of it with a `var` or a `region`",
                        ));
                    }
                }
                ')' | '}' | ']' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        prev = ch;
    }
    Ok(())
}

/// Operators written in a row (`not not x`, `- - 1`): more are refused.
pub const MAX_PREFIXES: usize = 16;
/// Terms one expression may join with operators (`a and b and …`): more are refused, so
/// that the tree stays shallow enough for every pass that walks it.
pub const MAX_TERMS: usize = 200;

/// Refuses expressions whose operator chains would make the syntax tree too deep: a run of
/// prefix operators, or more terms joined by infix operators than [`MAX_TERMS`]. Runs over
/// the parsed pairs once, without recursion.
fn too_long(file: FileId, pairs: &pest::iterators::Pairs<Rule>) -> Result<(), Diagnostic> {
    for pair in pairs.clone().flatten() {
        let (is_expr, is_region) = match pair.as_rule() {
            Rule::expr => (true, false),
            Rule::region_expr => (false, true),
            _ => continue,
        };
        let (mut run, mut terms) = (0usize, 1usize);
        for child in pair.clone().into_inner() {
            let rule = child.as_rule();
            if is_expr && matches!(rule, Rule::not_op | Rule::neg_op) {
                run += 1;
                if run > MAX_PREFIXES {
                    let s = child.as_span();
                    return Err(Diagnostic::error(
                        codes::SYNTAX,
                        format!("more than {MAX_PREFIXES} operators in a row"),
                        )
                        .at(Span::new(file, s.start(), s.end()), "one too many")
                        .hint("an operator written twice undoes itself: `not not x` is `x`, `- - 1` is `1`"));
                }
                continue;
            }
            run = 0;
            let infix = if is_region {
                rule == Rule::region_op
            } else {
                matches!(
                    rule,
                    Rule::or_op
                        | Rule::and_op
                        | Rule::eq_op
                        | Rule::ne_op
                        | Rule::le_op
                        | Rule::ge_op
                        | Rule::lt_op
                        | Rule::gt_op
                        | Rule::add_op
                        | Rule::sub_op
                        | Rule::mul_op
                        | Rule::div_op
                        | Rule::mod_op
                        | Rule::in_op
                )
            };
            if infix {
                terms += 1;
                if terms > MAX_TERMS {
                    let s = pair.as_span();
                    let start = s.start();
                    let end = (start + 1..=s.end())
                        .find(|&i| s.as_str().is_char_boundary(i - start) && i - start >= 40)
                        .unwrap_or(s.end());
                    return Err(Diagnostic::error(
                        codes::SYNTAX,
                        format!("an expression joins more than {MAX_TERMS} terms"),
                    )
                    .at(Span::new(file, start, end), "this expression")
                    .hint(
                        "name parts of it with `define`, a `region` or a `var`, and join those",
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Builds the syntax tree from pest's pairs; its methods live in the submodule of the part
/// of the language they read.
struct Builder {
    file: FileId,
}

impl Builder {
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        // A rule that ends in an optional part may have taken the blanks before it.
        let trimmed = s.as_str().trim_end().len();
        Span::new(self.file, s.start(), s.start() + trimmed)
    }
    fn name(&self, p: Pair<Rule>) -> Name {
        let span = self.span(&p);
        let text = if p.as_rule() == Rule::string {
            p.into_inner()
                .next()
                .map(|i| i.as_str())
                .unwrap_or("")
                .to_string()
        } else {
            p.as_str().to_string()
        };
        Name { text, span }
    }
    fn int(&self, p: Pair<Rule>) -> (u32, Span) {
        let span = self.span(&p);
        (p.as_str().parse().unwrap_or(u32::MAX), span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_small_file() {
        let f = parse(
            0,
            "game \"T\"\nplayers a b\nboard grid 3 x 3\npiece k K k { move step n e if to == none then set x += 1 }",
        )
        .unwrap();
        assert_eq!(f.items.len(), 4);
    }
}
