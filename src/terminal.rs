//! What the program prints: text that came from a plug-in, a record or a rules file has its
//! control characters made visible, so that it cannot clear the screen, set the window's
//! title or forge lines; and whether it is coloured (`--color`, `NO_COLOR`, a terminal).

use codespan_reporting::term::termcolor::ColorChoice;
use std::borrow::Cow;
use std::io::IsTerminal;
use std::sync::OnceLock;

/// When the program colours what it prints (`--color`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum When {
    /// On a terminal, unless `NO_COLOR` is set (to anything but the empty string).
    #[default]
    Auto,
    Always,
    Never,
}

static WHEN: OnceLock<When> = OnceLock::new();

/// Sets when to colour, once, as the program starts (later calls change nothing).
pub fn set_colour(when: When) {
    let _ = WHEN.set(when);
}

/// Whether `NO_COLOR` asks for no colour: set, and not empty (no-color.org).
pub fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// Whether what goes to standard error is coloured: `--color always`, or `auto` with
/// standard error a terminal and no `NO_COLOR`.
pub fn colour_stderr() -> bool {
    colour_for(
        WHEN.get().copied().unwrap_or_default(),
        no_color_env(),
        std::io::stderr().is_terminal(),
    )
}

/// The rule behind [`colour_stderr`], for a stream that is (or is not) a terminal.
pub fn colour_for(when: When, no_color: bool, terminal: bool) -> bool {
    match when {
        When::Always => true,
        When::Never => false,
        When::Auto => terminal && !no_color,
    }
}

/// The choice for codespan-reporting's writer on standard error (diagnostics).
pub fn stderr_choice() -> ColorChoice {
    if !colour_stderr() {
        ColorChoice::Never
    } else if WHEN.get() == Some(&When::Always) {
        ColorChoice::Always
    } else {
        // A terminal: termcolor still leaves colour out for `TERM=dumb`.
        ColorChoice::Auto
    }
}

/// `text` with every control character but the line break and the tab shown as an escape
/// (`\u{1b}`), so that nothing printed is taken by the terminal as a command.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hidden(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` with each control character but the line break and the tab replaced by `?` (C1
/// controls by `??`), keeping every byte offset: for source shown under a diagnostic.
pub fn same_length(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if hidden(c) {
                    "?".repeat(c.len_utf8())
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// A character a terminal may act on: C0 controls but `\n` and `\t`, DEL, C1 controls,
/// and the bidirectional overrides that reorder what is shown.
fn hidden(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_become_visible_and_lines_stay() {
        assert_eq!(visible("ok\n\tnext"), "ok\n\tnext");
        assert_eq!(
            visible("\x1b[2J\x1b]0;title\x07ok"),
            "\\u{1b}[2J\\u{1b}]0;title\\u{7}ok"
        );
        assert_eq!(visible("a\rb"), "a\\u{d}b");
        assert_eq!(visible("\u{9b}2J"), "\\u{9b}2J");
    }

    #[test]
    fn colour_only_on_a_terminal_without_no_color_unless_forced() {
        assert!(colour_for(When::Auto, false, true));
        assert!(!colour_for(When::Auto, false, false));
        assert!(!colour_for(When::Auto, true, true));
        assert!(colour_for(When::Always, true, false));
        assert!(!colour_for(When::Never, false, true));
    }

    #[test]
    fn same_length_keeps_offsets() {
        let t = "a\x1bb\u{9b}c\n";
        assert_eq!(same_length(t).len(), t.len());
        assert_eq!(same_length(t), "a?b??c\n");
    }
}
