//! What the program prints: text that came from a plug-in, a record or a rules file has its
//! control characters made visible, so that it cannot clear the screen, set the window's
//! title or forge lines.

use std::borrow::Cow;

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
    fn same_length_keeps_offsets() {
        let t = "a\x1bb\u{9b}c\n";
        assert_eq!(same_length(t).len(), t.len());
        assert_eq!(same_length(t), "a?b??c\n");
    }
}
