//! `about`: the ruleset's description for players — a one-line summary, a longer text in
//! paragraphs, its house rules — checked and gathered with how many players sit.

use super::{err, Lowerer};
use crate::ast::{AboutField, Name};
use crate::diag::{codes, with_suggestion, Span};
use crate::ir;

/// The fields an `about` may have.
const FIELDS: [&str; 3] = ["summary", "text", "house"];
/// The longest summary, in characters: one line of `tessel list`.
pub const MOST_SUMMARY: usize = 100;

type Seats = ((u32, Span), (u32, Span));

impl Lowerer<'_> {
    /// The description of `about` (empty without one) and the seats: `seated A to B`, or
    /// every player named.
    pub(super) fn about_from(
        &mut self,
        about: Option<(&Vec<AboutField>, Span)>,
        named: u32,
        seats: Option<Seats>,
    ) -> ir::About {
        let mut out = ir::About {
            seats: seats.map_or((named, named), |((lo, _), (hi, _))| (lo, hi)),
            ..ir::About::default()
        };
        let Some((fields, span)) = about else {
            return out;
        };
        let mut summary: Option<Span> = None;
        let mut text: Option<Span> = None;
        for f in fields {
            match f.key.text.as_str() {
                "summary" => {
                    if self.once(&mut summary, &f.key) {
                        out.summary = self.summary(f);
                    }
                }
                "text" => {
                    if self.once(&mut text, &f.key) {
                        out.text = paragraphs(&f.lines);
                    }
                }
                "house" => {
                    let rule = joined(&f.lines);
                    if rule.is_empty() {
                        self.error(
                            err(
                                codes::BAD_ABOUT,
                                "this house rule says nothing",
                                f.key.span,
                                "an empty house rule",
                            )
                            .hint("write the rule in words: `house \"…\"`, or remove the line"),
                        );
                    }
                    out.house.push(rule);
                }
                other => {
                    let known: Vec<String> = FIELDS.iter().map(|s| s.to_string()).collect();
                    let d = err(
                        codes::UNKNOWN_NAME,
                        format!("`about` has no field `{other}`"),
                        f.key.span,
                        "unknown field",
                    );
                    let d = with_suggestion(d, other, known.iter());
                    self.error(d.hint(
                        "an `about` has `summary \"…\"` (one line), `text \"…\" \"…\"` and `house \"…\"` (one per house rule)",
                    ));
                }
            }
        }
        if summary.is_none() {
            self.error(
                err(
                    codes::BAD_ABOUT,
                    "`about` has no `summary`",
                    // The word `about`.
                    Span::new(span.file, span.start, span.start + 5),
                    "this `about` has no summary",
                )
                .hint(
                    "add `summary \"…\"`: one line saying what the game is, shown by `tessel list`",
                ),
            );
        }
        out
    }

    /// True the first time a field is met; a second one is an error.
    fn once(&mut self, seen: &mut Option<Span>, key: &Name) -> bool {
        match seen {
            Some(first) => {
                let first = *first;
                self.error(
                    err(
                        codes::DUPLICATE,
                        format!("`about` has one `{}`, and this is the second", key.text),
                        key.span,
                        "second one",
                    )
                    .with_label(first, "first one")
                    .hint(if key.text == "text" {
                        "write the strings of both under one `text`; an empty string \"\" starts a new paragraph"
                    } else {
                        "remove one of them"
                    }),
                );
                false
            }
            None => {
                *seen = Some(key.span);
                true
            }
        }
    }

    /// The summary: one string, not empty, at most [`MOST_SUMMARY`] characters.
    fn summary(&mut self, f: &AboutField) -> String {
        let first = &f.lines[0];
        if let Some(second) = f.lines.get(1) {
            self.error(
                err(
                    codes::BAD_ABOUT,
                    "a summary is one string",
                    second.span,
                    "a second string",
                )
                .hint("keep the summary to one line and move the rest to `text \"…\"`"),
            );
        }
        let length = first.text.trim().chars().count();
        if length == 0 {
            self.error(
                err(
                    codes::BAD_ABOUT,
                    "the summary is empty",
                    first.span,
                    "empty",
                )
                .hint("say in one line what the game is, e.g. `summary \"a race of two armies across a grid\"`"),
            );
        } else if length > MOST_SUMMARY {
            self.error(
                err(
                    codes::BAD_ABOUT,
                    format!(
                        "the summary is {length} characters long; a summary is at most {MOST_SUMMARY}"
                    ),
                    first.span,
                    "too long for one line",
                )
                .hint("shorten it, and move the rest to `text \"…\"`"),
            );
        }
        first.text.trim().to_string()
    }
}

/// The strings of a field joined by spaces.
fn joined(lines: &[Name]) -> String {
    lines
        .iter()
        .map(|l| l.text.trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The strings of `text` as paragraphs: strings in a row are joined by spaces, and an
/// empty string `""` ends a paragraph.
fn paragraphs(lines: &[Name]) -> Vec<String> {
    lines
        .split(|l| l.text.trim().is_empty())
        .map(joined)
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::{compile, MapLoader};

    fn about(decl: &str) -> crate::Compiled {
        let rules = format!(
            "game \"Walk\"\nplayers red blue green seated 2 to 3\nboard grid 3 x 3\n\
             piece man M m {{ move step n }}\n{decl}\n"
        );
        compile("walk", &rules, &MapLoader(Default::default()), &[])
    }

    fn codes(c: &crate::Compiled) -> Vec<&str> {
        c.diagnostics.iter().map(|d| d.code).collect()
    }

    #[test]
    fn a_description_is_gathered_in_paragraphs_with_the_seats() {
        let c = about(
            r#"about {
                 summary "a walk to the far side"
                 text "First line" "goes on." "" "A second paragraph."
                 house "one reading"
                 house "another" "in two strings"
               }"#,
        );
        assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
        let a = c.program.expect("compiles").about;
        assert_eq!(a.summary, "a walk to the far side");
        assert_eq!(a.text, ["First line goes on.", "A second paragraph."]);
        assert_eq!(a.house, ["one reading", "another in two strings"]);
        assert_eq!(a.seats, (2, 3));
    }

    #[test]
    fn without_about_the_description_is_empty() {
        let c = about("");
        let a = c.program.expect("compiles").about;
        assert!(a.summary.is_empty() && a.text.is_empty() && a.house.is_empty());
    }

    #[test]
    fn mistakes_in_about_are_told() {
        let c = about("about { sumary \"x\" }");
        assert_eq!(codes(&c), ["E0102", "E0307"]);
        assert!(c.diagnostics[0].hints[0].contains("did you mean `summary`"));
        let c = about("about { summary \"a\" \"b\" }");
        assert_eq!(codes(&c), ["E0307"]);
        let c = about("about { summary \"\" }");
        assert_eq!(codes(&c), ["E0307"]);
        let c = about(&format!("about {{ summary \"{}\" }}", "x".repeat(101)));
        assert_eq!(codes(&c), ["E0307"]);
        let c = about("about { summary \"a\" text \"b\" text \"c\" }");
        assert_eq!(codes(&c), ["E0101"]);
        let c = about("about { summary \"a\" house \"\" }");
        assert_eq!(codes(&c), ["E0307"]);
        let c = about("about { summary \"a\" }\nabout { summary \"b\" }");
        assert_eq!(codes(&c), ["E0101"]);
        let c = about("about { }");
        assert_eq!(codes(&c), ["E0307"]);
        let c = about("about { summary }");
        assert_eq!(codes(&c), ["E0001"]);
    }

    #[test]
    fn a_variant_replaces_the_base_description() {
        let base = "game \"Walk\"\nplayers red blue\nboard grid 3 x 3\n\
                    piece man M m { move step n }\nabout { summary \"base\" }\n";
        let loader = MapLoader(
            [("base".to_string(), base.to_string())]
                .into_iter()
                .collect(),
        );
        let c = compile(
            "v",
            "variant \"Run\" extends base\nabout { summary \"variant\" }",
            &loader,
            &[],
        );
        assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
        assert_eq!(c.program.expect("compiles").about.summary, "variant");
    }
}
