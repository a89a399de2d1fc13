//! Diagnostics as plain data: a stable code, a span in a source file, a message, labels
//! and hints, and the did-you-mean distance behind "did you mean" hints. Rendering
//! (codespan-reporting) happens at the edge, never in this crate.

use serde::Serialize;

/// Index of a source file in a [`Sources`] table.
pub type FileId = usize;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
pub struct Span {
    pub file: FileId,
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Self {
        Span { file, start, end }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span::new(
            self.file,
            self.start.min(other.start),
            self.end.max(other.end),
        )
    }
}

/// How bad a diagnostic is. Errors stop a ruleset from being built; warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Severity {
    Error,
    Warning,
}

/// A secondary place in the text that explains the diagnostic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

/// One problem found in a rules text (or a position string, or a command-line option).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable code, e.g. `E0101`; listed in `docs/language.md`.
    pub code: &'static str,
    pub message: String,
    /// Where the problem is, with a short label.
    pub span: Option<Span>,
    pub label: String,
    pub labels: Vec<Label>,
    /// How to fix it.
    pub hints: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: None,
            label: String::new(),
            labels: Vec::new(),
            hints: Vec::new(),
        }
    }
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }
    pub fn at(mut self, span: Span, label: impl Into<String>) -> Self {
        self.span = Some(span);
        self.label = label.into();
        self
    }
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The source texts a compilation read, by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<(String, String)>,
}

impl Sources {
    pub fn new() -> Self {
        Sources::default()
    }
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push((name.into(), text.into()));
        self.files.len() - 1
    }
    pub fn name(&self, id: FileId) -> &str {
        &self.files[id].0
    }
    pub fn text(&self, id: FileId) -> &str {
        &self.files[id].1
    }
    pub fn len(&self) -> usize {
        self.files.len()
    }
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (FileId, &str, &str)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, (n, t))| (i, n.as_str(), t.as_str()))
    }
}

// Did-you-mean hints: a name close to a misspelt one.

/// The diagnostic with a "did you mean" hint when a candidate is close to `word`.
pub(crate) fn with_suggestion<'b>(
    d: Diagnostic,
    word: &str,
    candidates: impl Iterator<Item = &'b String>,
) -> Diagnostic {
    match suggest(word, candidates) {
        Some(s) => d.hint(s),
        None => d,
    }
}

/// Words longer than this (in characters) get no "did you mean" hint: the edit distance
/// costs the product of the two lengths, and a rules file may hold a name megabytes long.
pub(crate) const MOST_SUGGESTED: usize = 64;

/// Names closest to `word` among `candidates`, for "did you mean" hints.
pub(crate) fn suggest<'b>(
    word: &str,
    candidates: impl Iterator<Item = &'b String>,
) -> Option<String> {
    let mut best: Option<(usize, &String)> = None;
    let length = word.chars().count();
    if length > MOST_SUGGESTED {
        return None;
    }
    let limit = match length {
        0..=2 => 0,
        3..=5 => 1,
        n => n / 3,
    };
    for c in candidates {
        // A word that one name begins with counts as one edit away.
        let prefix = c.len() > word.len() && word.len() >= 3 && c.starts_with(word);
        // The distance is at least the difference of the lengths: a name too much longer
        // or shorter is not measured.
        let d = if prefix {
            1
        } else if c.chars().count().abs_diff(length) > limit {
            continue;
        } else {
            edit_distance(word, c)
        };
        if d > 0 && (d <= limit || prefix) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| format!("did you mean `{c}`?"))
}

pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Diagnostic codes, one per kind of mistake. Stable: tests and docs refer to them.
pub mod codes {
    pub const SYNTAX: &str = "E0001";
    pub const USE_NOT_FOUND: &str = "E0002";
    pub const IMPORT_CYCLE: &str = "E0003";
    pub const DUPLICATE: &str = "E0101";
    pub const UNKNOWN_NAME: &str = "E0102";
    pub const UNKNOWN_DIRECTION: &str = "E0103";
    pub const UNKNOWN_REGION: &str = "E0104";
    pub const UNKNOWN_PIECE: &str = "E0105";
    pub const UNKNOWN_CELL: &str = "E0106";
    pub const UNKNOWN_PLAYER: &str = "E0107";
    pub const TYPE_MISMATCH: &str = "E0201";
    pub const BAD_OPTION_VALUE: &str = "E0202";
    pub const WRONG_ARGUMENTS: &str = "E0203";
    pub const SELF_REFERENCE: &str = "E0204";
    pub const LOOK_AHEAD_PLACE: &str = "E0205";
    pub const MISSING: &str = "E0301";
    pub const BAD_BOARD: &str = "E0302";
    pub const PER_PLAYER: &str = "E0303";
    pub const NO_MIRROR: &str = "E0304";
    pub const BAD_RANGE: &str = "E0305";
    pub const BAD_SYMBOL: &str = "E0306";
    pub const BAD_ABOUT: &str = "E0307";
    pub const BAD_POSITION: &str = "E0401";
    pub const PLUGIN: &str = "E0601";
    pub const NEVER_MOVES: &str = "E0501";
    /// A warning: a drop rule's zone holds none of its pieces at the start and nothing
    /// in the rules ever puts one there.
    pub const EMPTY_HAND: &str = "W0402";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_skip_words_too_long_and_names_too_far_in_length() {
        let names: Vec<String> = ["empty", "enemy", "friend", "emptiness_of_the_board"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            suggest("empy", names.iter()).as_deref(),
            Some("did you mean `empty`?")
        );
        assert_eq!(suggest(&"e".repeat(MOST_SUGGESTED + 1), names.iter()), None);
        // A long name is not compared with short ones: its length alone rules them out.
        let long = ["x".repeat(1_000_000)];
        assert_eq!(suggest("xxxxxxxy", long.iter()), None);
        assert_eq!(
            suggest("emptines", names.iter()).as_deref(),
            Some("did you mean `emptiness_of_the_board`?")
        );
    }
}
