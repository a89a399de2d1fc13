//! Options (`option NAME: TYPE = DEFAULT`): their defaults, the values chosen with
//! `--option`, and sizes in a drawing that name an `int` option.

use super::{err, Lowerer, Overrides};
use crate::ast::{self, Item, LiteralKind, Name};
use crate::diag::{codes, with_suggestion, Diagnostic, Span};
use crate::ir;

#[derive(Clone)]
pub(super) enum OptValue {
    Int(i64),
    Bool(bool),
    Word(String),
}

impl Lowerer<'_> {
    pub(super) fn options_from(&mut self, items: &[Item], overrides: &Overrides) {
        for item in items {
            let Item::Option(o) = item else { continue };
            let default = match (&o.ty, &o.default.kind) {
                (ast::OptionType::Int, LiteralKind::Int(v)) => Some(OptValue::Int(*v)),
                (ast::OptionType::Bool, LiteralKind::Bool(b)) => Some(OptValue::Bool(*b)),
                (ast::OptionType::Choice(cs), LiteralKind::Word(w))
                    if cs.iter().any(|c| c.text == *w) =>
                {
                    Some(OptValue::Word(w.clone()))
                }
                _ => None,
            };
            let kind = match &o.ty {
                ast::OptionType::Int => "int".to_string(),
                ast::OptionType::Bool => "bool".to_string(),
                ast::OptionType::Choice(cs) => cs
                    .iter()
                    .map(|c| c.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" | "),
            };
            let Some(default) = default else {
                self.error(
                    err(
                        codes::BAD_OPTION_VALUE,
                        format!(
                            "the default of option `{}` is not {}",
                            o.name.text,
                            kind_words(&kind)
                        ),
                        o.default.span,
                        "this default",
                    )
                    .hint(format!("write a default of the option's type: {kind}")),
                );
                // Keep the name known, so its uses do not each report it again.
                let fallback = match &o.ty {
                    ast::OptionType::Int => OptValue::Int(0),
                    ast::OptionType::Bool => OptValue::Bool(false),
                    ast::OptionType::Choice(cs) => {
                        OptValue::Word(cs.first().map(|c| c.text.clone()).unwrap_or_default())
                    }
                };
                self.options.insert(o.name.text.clone(), fallback);
                continue;
            };
            let mut value = default.clone();
            if let Some((_, v)) = overrides.iter().rev().find(|(k, _)| *k == o.name.text) {
                match parse_option(&o.ty, v) {
                    Some(x) => value = x,
                    None => self.error(
                        err(
                            codes::BAD_OPTION_VALUE,
                            format!("`{v}` is not a value of option `{}`", o.name.text),
                            o.name.span,
                            format!("this option takes {}", kind_words(&kind)),
                        )
                        .hint(format!(
                            "use --option {}=VALUE with VALUE {}",
                            o.name.text,
                            kind_words(&kind)
                        )),
                    ),
                }
            }
            self.option_info.push(ir::OptionInfo {
                name: o.name.text.clone(),
                kind,
                value: show_opt(&value),
                default: show_opt(&default),
                doc: o.doc.as_ref().map(|d| d.text.clone()).unwrap_or_default(),
            });
            self.options.insert(o.name.text.clone(), value);
        }
        for (k, _) in overrides {
            if !self.options.contains_key(k) && !self.option_info.iter().any(|o| o.name == *k) {
                let names: Vec<String> = self.option_info.iter().map(|o| o.name.clone()).collect();
                let mut d = Diagnostic::error(
                    codes::BAD_OPTION_VALUE,
                    format!("this ruleset has no option `{k}`"),
                );
                d = d.hint(if names.is_empty() {
                    "this ruleset declares no options".to_string()
                } else {
                    format!("its options are: {}", names.join(", "))
                });
                d = with_suggestion(d, k, names.iter());
                self.error(d);
            }
        }
    }

    /// A size in a drawn area: the number, or the value of the `int` option it names.
    pub(super) fn size_of(&mut self, (n, _, option): &(u32, Span, Option<Name>)) -> Option<u32> {
        let Some(o) = option else {
            return Some(*n);
        };
        match self.options.get(&o.text) {
            Some(OptValue::Int(v)) => Some((*v).clamp(0, 100_000) as u32),
            _ => {
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no number option `{}`", o.text),
                        o.span,
                        "not an `int` option",
                    )
                    .hint("write the number itself, or declare `option NAME: int = N`"),
                );
                None
            }
        }
    }
}

fn kind_words(kind: &str) -> String {
    match kind {
        "int" => "a whole number".into(),
        "bool" => "true or false".into(),
        k => format!("one of {k}"),
    }
}

fn parse_option(ty: &ast::OptionType, v: &str) -> Option<OptValue> {
    match ty {
        ast::OptionType::Int => v.trim().parse().ok().map(OptValue::Int),
        ast::OptionType::Bool => match v.trim() {
            "true" | "yes" | "on" => Some(OptValue::Bool(true)),
            "false" | "no" | "off" => Some(OptValue::Bool(false)),
            _ => None,
        },
        // A word with `_` may be typed with `-`: `untenable=piece-lenient`.
        ast::OptionType::Choice(cs) => cs
            .iter()
            .find(|c| c.text == v.trim() || c.text == v.trim().replace('-', "_"))
            .map(|c| OptValue::Word(c.text.clone())),
    }
}

fn show_opt(v: &OptValue) -> String {
    match v {
        OptValue::Int(i) => i.to_string(),
        OptValue::Bool(b) => b.to_string(),
        OptValue::Word(w) => w.clone(),
    }
}
