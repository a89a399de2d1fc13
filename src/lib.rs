//! The `tessel` command's library: the bundled rulesets and standard library, the loader
//! that finds rules files, and loading a game for the subcommands and tests.
#![forbid(unsafe_code)]

pub mod analysis;
pub mod bundle;
pub mod diagnostics;
pub mod files;
pub mod hands;
pub mod progress;
pub mod record;
pub mod render;
pub mod serve;
pub mod speed;
pub mod terminal;

pub use bundle::{load, Loaded};

use tessel_interpreter::Game;
use tessel_lang::{Diagnostic, Sources, Span};

/// The start position of a compiled game, as a diagnostic pointing into its `start` string.
pub fn start_check(game: &Game) -> Result<(), Diagnostic> {
    match game.start_state(0) {
        Ok(_) => Ok(()),
        Err(e) => {
            let mut d = Diagnostic::error(
                tessel_lang::diag::codes::BAD_POSITION,
                format!("the start position is wrong: {}", e.message),
            )
            .hint(e.hint);
            if let Some((_, span)) = &game.program.start {
                // +1 for the opening quote.
                let start = span.start + 1 + e.start;
                d = d.at(
                    Span::new(span.file, start, (span.start + 1 + e.end).max(start + 1)),
                    "here",
                );
            }
            Err(d)
        }
    }
}

/// Everything `tessel check` reports on a ruleset: the diagnostics and the texts they
/// point into. Empty diagnostics mean the ruleset is clean.
pub fn check(
    file_or_name: &str,
    options: &[(String, String)],
) -> Result<(Sources, Vec<Diagnostic>), String> {
    let loaded = load(file_or_name, options)?;
    let c = loaded.compiled;
    let mut diags = c.diagnostics;
    if let Some(p) = c.program {
        let game = Game::new(p);
        if let Err(d) = start_check(&game) {
            diags.push(d);
        }
        diags.extend(hands::empty_hands(&game));
    }
    Ok((c.sources, diags))
}
