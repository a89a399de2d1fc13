//! `tessel rules`: a game's description from its ruleset (`about`): the title and summary,
//! the players, the text, the house rules and the options with their meaning.

use super::game::{load_game, GameArgs};
use clap::Args;
use std::process::ExitCode;

/// Show a game's rules as its ruleset describes them: players, summary, text, house
/// rules and options.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel rules chess\n  tessel rules mu --option players=4\n  tessel rules my-game.tessel"
)]
pub struct Rules {
    #[command(flatten)]
    game: GameArgs,
}

/// The width the text is wrapped to.
const WIDTH: usize = 88;

pub fn run(args: Rules) -> Result<ExitCode, ExitCode> {
    let g = load_game(&args.game)?;
    let p = &g.program;
    let a = &p.about;
    if a.summary.is_empty() {
        out!("{}", p.title);
    } else {
        out!("{} — {}", p.title, a.summary);
    }
    let (lo, hi) = a.seats;
    let count = if lo == hi {
        format!("{lo}")
    } else {
        format!("{lo} to {hi} (`--option players=N`)")
    };
    out!("Players: {count}; in this game {}", p.players.join(", "));
    if a.summary.is_empty() && a.text.is_empty() && a.house.is_empty() {
        out!("");
        out!("This ruleset has no description: an `about {{ summary \"…\" text \"…\" house \"…\" }}`");
        out!("declaration gives one (docs/language.md, 3.2a).");
    }
    for paragraph in &a.text {
        out!("");
        for line in wrap(paragraph, WIDTH, "") {
            out!("{line}");
        }
    }
    if !a.house.is_empty() {
        out!("");
        out!("House rules:");
        for rule in &a.house {
            for (i, line) in wrap(rule, WIDTH - 4, "").into_iter().enumerate() {
                out!("{}{line}", if i == 0 { "  - " } else { "    " });
            }
        }
    }
    if !p.options.is_empty() {
        out!("");
        out!("Options (`--option NAME=VALUE`, `-o` for short):");
        for o in &p.options {
            out!(
                "  {}: {} = {} (default {})",
                o.name,
                o.kind,
                o.value,
                o.default
            );
            for line in wrap(&o.doc, WIDTH - 6, "") {
                out!("      {line}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `text` in lines of at most `width` characters (a longer word stands on its own line),
/// each after `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let used = line.chars().count();
        if used > 0 && used + 1 + word.chars().count() > width {
            lines.push(format!("{indent}{line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(format!("{indent}{line}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_at_the_width_and_keeps_long_words_whole() {
        assert_eq!(wrap("a bb ccc dd", 6, ""), ["a bb", "ccc dd"]);
        assert_eq!(wrap("abcdefgh ij", 4, "> "), ["> abcdefgh", "> ij"]);
        assert!(wrap("  ", 10, "").is_empty());
    }
}
