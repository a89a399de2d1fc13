//! Diagnostics for the terminal: rendered through codespan-reporting, at most
//! [`MAX_SHOWN`] of them, with an over-long source line cut to a window around the mark
//! and an over-long message cut in the middle.

use crate::terminal::{same_length, visible};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::{self, Files, SimpleFile};
use codespan_reporting::term::{self, termcolor::WriteColor, Config};
use std::ops::Range;
use tessel_lang::{Diagnostic, Severity, Sources};

/// How many diagnostics are shown; the rest are counted in one line.
pub const MAX_SHOWN: usize = 50;
/// Source lines longer than this many bytes are shown as a window around the mark.
pub const MAX_LINE: usize = 160;
/// Bytes kept before a mark on a cut line.
const BEFORE: usize = 60;
/// Bytes kept from the mark on a cut line.
const AFTER: usize = 90;
/// What stands for the text cut off a line.
const CUT: &str = "…";
/// Messages, hints and labels longer than this many characters (one quoting a name
/// megabytes long) keep their start and end around a cut.
pub const MAX_MESSAGE: usize = 1000;

/// `text` made visible (control characters escaped), cut in the middle when over-long.
fn shown(text: &str) -> String {
    let text = visible(text);
    let n = text.chars().count();
    if n <= MAX_MESSAGE {
        return text.into_owned();
    }
    let head: String = text.chars().take(MAX_MESSAGE * 2 / 3).collect();
    let tail: String = text.chars().skip(n - MAX_MESSAGE / 3).collect();
    format!("{head}{CUT}{tail}")
}

/// Renders diagnostics into `out` (colour when `out` supports it).
pub fn render(out: &mut dyn WriteColor, sources: &Sources, diags: &[Diagnostic]) {
    let config = Config::default();
    for d in diags.iter().take(MAX_SHOWN) {
        let mut cs = CsDiagnostic::new(match d.severity {
            Severity::Error => CsSeverity::Error,
            Severity::Warning => CsSeverity::Warning,
        })
        .with_code(d.code)
        .with_message(shown(&d.message))
        .with_notes(
            d.hints
                .iter()
                .map(|h| format!("help: {}", shown(h)))
                .collect(),
        );
        // The marks, primary first, each as (file, range, message).
        let mut marks: Vec<(usize, Range<usize>, &str)> = Vec::new();
        if let Some(span) = d.span {
            marks.push((span.file, span.start..span.end, &d.label));
        }
        marks.extend(
            d.labels
                .iter()
                .map(|l| (l.span.file, l.span.start..l.span.end, l.message.as_str())),
        );
        marks.retain(|(file, range, _)| {
            *file < sources.len()
                && range.start <= range.end
                && range.end <= sources.text(*file).len()
        });
        let Some(&(file, _, _)) = marks.first() else {
            let _ = term::emit(out, &config, &NoFiles, &cs);
            continue;
        };
        // codespan-reporting shows marks from one file per picture here: the first mark's.
        marks.retain(|(f, _, _)| *f == file);
        let ranges: Vec<Range<usize>> = marks.iter().map(|(_, r, _)| r.clone()).collect();
        let excerpt = Excerpt::new(sources.name(file), sources.text(file), &ranges);
        let labels = marks
            .iter()
            .zip(&excerpt.ranges)
            .enumerate()
            .map(|(i, ((_, _, message), range))| {
                let label = if i == 0 && d.span.is_some() {
                    Label::primary((), range.clone())
                } else {
                    Label::secondary((), range.clone())
                };
                label.with_message(shown(message))
            })
            .collect();
        cs = cs.with_labels(labels);
        let _ = term::emit(out, &config, &excerpt, &cs);
    }
    if diags.len() > MAX_SHOWN {
        let rest = &diags[MAX_SHOWN..];
        let errors = rest.iter().filter(|d| d.is_error()).count();
        let _ = writeln!(
            out,
            "… and {} more ({} error{}, {} warning{}); fix the ones above and check again",
            rest.len(),
            errors,
            if errors == 1 { "" } else { "s" },
            rest.len() - errors,
            if rest.len() - errors == 1 { "" } else { "s" }
        );
    }
}

/// Renders diagnostics to a plain string (no colour), as the golden tests keep them.
pub fn to_string(sources: &Sources, diags: &[Diagnostic]) -> String {
    let mut buf = term::termcolor::NoColor::new(Vec::new());
    render(&mut buf, sources, diags);
    String::from_utf8_lossy(&buf.into_inner()).into_owned()
}

/// Diagnostics as JSON for `tessel check --json`: `{"file","ok","errors","warnings",
/// "diagnostics":[{"severity","code","message","place","labels","hints"}]}`, a place
/// being `{"file","line","column","end_line","end_column","label"}` (lines and columns
/// from 1, columns in characters) or `null`. Every diagnostic is listed (no cap); texts
/// are as the messages say them, not cut.
pub fn to_json(file: &str, sources: &Sources, diags: &[Diagnostic]) -> serde_json::Value {
    let place = |span: tessel_lang::Span, label: &str| -> serde_json::Value {
        if span.file >= sources.len() || span.end > sources.text(span.file).len() {
            return serde_json::Value::Null;
        }
        let text = sources.text(span.file);
        let (line, column) = line_column(text, span.start);
        let (end_line, end_column) = line_column(text, span.end.max(span.start));
        serde_json::json!({
            "file": sources.name(span.file),
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
            "label": label,
        })
    };
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let list: Vec<serde_json::Value> = diags
        .iter()
        .map(|d| {
            serde_json::json!({
                "severity": match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                "code": d.code,
                "message": d.message,
                "place": d.span.map_or(serde_json::Value::Null, |s| place(s, &d.label)),
                "labels": d.labels.iter().map(|l| place(l.span, &l.message)).collect::<Vec<_>>(),
                "hints": d.hints,
            })
        })
        .collect();
    serde_json::json!({
        "file": file,
        "ok": diags.is_empty(),
        "errors": errors,
        "warnings": diags.len() - errors,
        "diagnostics": list,
    })
}

/// The line and column (from 1; the column in characters) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = floor(text, at.min(text.len()));
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// A file as one diagnostic shows it: the lines its marks stand on cut to a window when
/// they are over-long, and the marks moved to match. Line and column numbers are the
/// original file's.
struct Excerpt {
    file: SimpleFile<String, String>,
    /// The marks' ranges in the excerpt's text.
    ranges: Vec<Range<usize>>,
    /// For each cut line (by index): the columns cut off before the window, less the
    /// marker's one column.
    shifts: Vec<(usize, usize)>,
}

impl Excerpt {
    fn new(name: &str, text: &str, ranges: &[Range<usize>]) -> Excerpt {
        let mut out = String::with_capacity(text.len().min(1 << 20));
        let mut moved: Vec<Range<usize>> = ranges.to_vec();
        let mut shifts = Vec::new();
        let mut line_start = 0;
        for (index, line) in text.split_inclusive('\n').enumerate() {
            let line_end = line_start + line.len();
            let body = line.trim_end_matches(['\n', '\r']);
            let new_start = out.len();
            // The first mark that starts on this line decides the window.
            let anchor = ranges
                .iter()
                .map(|r| r.start)
                .filter(|&s| s >= line_start && s < line_end.max(line_start + 1))
                .min();
            match anchor {
                Some(anchor) if body.len() > MAX_LINE => {
                    let from = floor(body, (anchor - line_start).saturating_sub(BEFORE));
                    let to = ceil(body, (anchor - line_start + AFTER).min(body.len()));
                    if from > 0 {
                        out.push_str(CUT);
                    }
                    let window_start = out.len();
                    out.push_str(&body[from..to]);
                    let window_end = out.len();
                    if to < body.len() {
                        out.push_str(CUT);
                    }
                    out.push_str(&line[body.len()..]);
                    let cut_chars = body[..from].chars().count();
                    shifts.push((index, cut_chars.saturating_sub(usize::from(from > 0))));
                    for (r, m) in ranges.iter().zip(moved.iter_mut()) {
                        for (old, new) in [(r.start, &mut m.start), (r.end, &mut m.end)] {
                            if old >= line_start && old <= line_end {
                                let at = (old - line_start).clamp(from, to);
                                *new = (window_start + at - from).min(window_end);
                            }
                        }
                    }
                }
                _ => {
                    out.push_str(line);
                    for (r, m) in ranges.iter().zip(moved.iter_mut()) {
                        for (old, new) in [(r.start, &mut m.start), (r.end, &mut m.end)] {
                            if old >= line_start && old <= line_end {
                                *new = new_start + (old - line_start);
                            }
                        }
                    }
                }
            }
            line_start = line_end;
        }
        Excerpt {
            file: SimpleFile::new(visible(name).into_owned(), same_length(&out).into_owned()),
            ranges: moved,
            shifts,
        }
    }
}

/// The largest char boundary of `s` at or before `i`.
fn floor(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest char boundary of `s` at or after `i`.
fn ceil(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl<'a> Files<'a> for Excerpt {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(self.file.name().as_str())
    }
    fn source(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(self.file.source().as_str())
    }
    fn line_index(&'a self, (): (), byte_index: usize) -> Result<usize, files::Error> {
        self.file.line_index((), byte_index)
    }
    fn line_range(&'a self, (): (), line_index: usize) -> Result<Range<usize>, files::Error> {
        self.file.line_range((), line_index)
    }
    fn column_number(
        &'a self,
        (): (),
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        let column = self.file.column_number((), line_index, byte_index)?;
        let shift = self
            .shifts
            .iter()
            .find(|(line, _)| *line == line_index)
            .map_or(0, |(_, s)| *s);
        Ok(column + shift)
    }
}

/// No file at all, for a diagnostic without a place.
struct NoFiles;

impl<'a> Files<'a> for NoFiles {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Err(files::Error::FileMissing)
    }
    fn source(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Err(files::Error::FileMissing)
    }
    fn line_index(&'a self, (): (), _: usize) -> Result<usize, files::Error> {
        Err(files::Error::FileMissing)
    }
    fn line_range(&'a self, (): (), _: usize) -> Result<Range<usize>, files::Error> {
        Err(files::Error::FileMissing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessel_lang::{diag::codes, Span};

    fn one(text: &str, at: Range<usize>) -> String {
        let mut sources = Sources::new();
        let file = sources.add("rules.tessel", text);
        let d =
            Diagnostic::error(codes::SYNTAX, "wrong").at(Span::new(file, at.start, at.end), "here");
        to_string(&sources, &[d])
    }

    #[test]
    fn json_places_count_lines_and_characters_from_one() {
        assert_eq!(line_column("ab\nçd", 5), (2, 2));
        assert_eq!(line_column("ab", 0), (1, 1));
        assert_eq!(line_column("ab", 99), (1, 3));
        let mut sources = Sources::new();
        let file = sources.add("rules.tessel", "region a = b\n");
        let d = Diagnostic::error(codes::SYNTAX, "wrong")
            .at(Span::new(file, 11, 12), "here")
            .hint("fix it");
        let v = to_json("rules.tessel", &sources, &[d]);
        assert_eq!(v["ok"], false);
        assert_eq!(v["errors"], 1);
        let d = &v["diagnostics"][0];
        assert_eq!(d["code"], "E0001");
        assert_eq!(d["place"]["line"], 1);
        assert_eq!(d["place"]["column"], 12);
        assert_eq!(d["place"]["end_column"], 13);
        assert_eq!(d["hints"][0], "fix it");
    }

    #[test]
    fn a_short_line_is_shown_whole() {
        let out = one("region a = b\n", 11..12);
        assert!(out.contains("region a = b"), "{out}");
        assert!(out.contains("rules.tessel:1:12"), "{out}");
    }

    #[test]
    fn a_long_line_is_cut_around_the_mark_and_keeps_its_column() {
        let text = format!(
            "region a = {} zz {}\n",
            "x ".repeat(2000),
            "y ".repeat(2000)
        );
        let at = text.find("zz").unwrap();
        let out = one(&text, at..at + 2);
        assert!(out.len() < 1200, "{} bytes: {out}", out.len());
        assert!(
            out.contains("… x x") && out.contains("zz y y") && out.contains("y…"),
            "{out}"
        );
        assert!(out.contains(&format!("rules.tessel:1:{}", at + 1)), "{out}");
    }

    #[test]
    fn a_message_quoting_a_huge_name_is_cut() {
        // A name megabytes long, quoted in the message, a hint and a label.
        let name = "self_".repeat(20_000);
        let mut sources = Sources::new();
        let file = sources.add("rules.tessel", "a\n");
        let d = Diagnostic::error(codes::SYNTAX, format!("there is no function `{name}`"))
            .at(Span::new(file, 0, 1), format!("`{name}`"))
            .hint(format!("did you mean `{name}`?"));
        let out = to_string(&sources, &[d]);
        assert!(out.len() < 4000, "{} bytes", out.len());
        assert!(out.contains("there is no function `self_self_"), "{out}");
        assert!(out.contains("…"), "{out}");
    }

    #[test]
    fn past_the_cap_the_rest_are_counted() {
        let mut sources = Sources::new();
        let file = sources.add("rules.tessel", "a\n");
        let d = Diagnostic::error(codes::SYNTAX, "wrong").at(Span::new(file, 0, 1), "here");
        let out = to_string(&sources, &vec![d; MAX_SHOWN + 7]);
        assert_eq!(out.matches("wrong").count(), MAX_SHOWN);
        assert!(out.contains("… and 7 more (7 errors, 0 warnings)"), "{out}");
    }
}
