//! What the subcommands share: the game and its options (`GameArgs`), the start position
//! (`StartArgs`), and the one path that loads the ruleset, reports its diagnostics and
//! builds the state to start from (`load_game`, `initial`, `start`).

use clap::Args;
use codespan_reporting::term::termcolor::StandardStream;
use std::process::ExitCode;
use tessel_interpreter::{Game, Move, Scratch, State};
use tessel_lang::{Diagnostic, Sources, Span};

// The game a command works on: a rules file or a bundled game, and its options. (Plain
// comments: a `///` on a flattened struct would become each subcommand's about.)
#[derive(Args, Clone)]
pub struct GameArgs {
    /// A rules file, or the name of a bundled game (see `tessel list`). A file path wins.
    pub file: String,
    /// Set a ruleset option, e.g. `--option fifty=0`. Repeatable.
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

// Where the game starts: `--position`, flattened where each command lists it in its help.
#[derive(Args, Clone)]
pub struct StartArgs {
    /// Start from this position string instead of the ruleset's start (`@FILE`: a
    /// position string or a whole state saved in `play` with `position FILE`).
    #[arg(long, value_parser = position_arg)]
    pub position: Option<String>,
}

/// Prints `error: {message}`; the exit code 1 that stops the command.
pub fn stop(message: impl std::fmt::Display) -> ExitCode {
    err!("error: {message}");
    ExitCode::from(1)
}

/// Stops a command whose plug-in failed while moves were being found.
pub fn plugin_check(g: &Game) -> Result<(), ExitCode> {
    match g.plugin_error() {
        Some(e) => Err(stop(e)),
        None => Ok(()),
    }
}

/// The decisions in `s`; `Err` stops the command when a plug-in failed finding them.
pub fn decisions(g: &Game, s: &State, scratch: &mut Scratch) -> Result<Vec<Move>, ExitCode> {
    let mut moves = Vec::new();
    g.decisions(s, scratch, &mut moves);
    plugin_check(g)?;
    Ok(moves)
}

pub fn parse_options(raw: &[String]) -> Result<Vec<(String, String)>, String> {
    raw.iter()
        .map(|o| match o.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                Ok((k.trim().to_string(), v.trim().to_string()))
            }
            _ => Err(format!(
                "`--option {o}` should be NAME=VALUE, e.g. --option fifty=0{}",
                // `-o out.svg`: `-o` is `--option` in every command.
                if o.contains('.') || o.contains('/') {
                    " (`-o` is `--option`; the output file is `--output FILE`)"
                } else {
                    ""
                }
            )),
        })
        .collect()
}

pub fn report(sources: &Sources, diags: &[Diagnostic]) {
    let mut out = StandardStream::stderr(tessel::terminal::stderr_choice());
    tessel::diagnostics::render(&mut out, sources, diags);
}

/// Loads and compiles; prints diagnostics; `Err` stops the command with exit code 1.
pub fn load_game(args: &GameArgs) -> Result<Game, ExitCode> {
    let options = parse_options(&args.options).map_err(stop)?;
    let loaded = tessel::load(&args.file, &options).map_err(stop)?;
    let c = loaded.compiled;
    if !c.diagnostics.is_empty() {
        report(&c.sources, &c.diagnostics);
    }
    match c.program {
        Some(p) => {
            let game = Game::new(p);
            if let Err(d) = tessel::start_check(&game) {
                report(&c.sources, &[d]);
                return Err(ExitCode::from(1));
            }
            Ok(game)
        }
        None => Err(ExitCode::from(1)),
    }
}

/// A `--position` value: the position string, or `@FILE` for what a file keeps (a
/// position string, or the whole state saved from `play` with `position FILE`).
pub fn position_arg(text: &str) -> Result<String, String> {
    match text.strip_prefix('@') {
        Some(path) => tessel::files::read_text(
            std::path::Path::new(path),
            tessel::files::MAX_POSITION,
            "the position file",
        )
        .map(|t| t.trim().to_string()),
        None => Ok(text.to_string()),
    }
}

/// The position to start from: `--position` or the ruleset's start.
pub fn initial(game: &Game, start: &StartArgs, seed: u64) -> Result<State, ExitCode> {
    match &start.position {
        None => game.start_state(seed).map_err(|_| ExitCode::from(1)),
        Some(p) => game.parse_position(p, seed).map_err(|e| {
            // A saved state (the complete form) is not for reading by eye: say what is wrong.
            if tessel_interpreter::position::is_complete(p) {
                return stop(format!(
                    "the saved state is wrong: {}\n  hint: {}",
                    e.message, e.hint
                ));
            }
            let mut sources = Sources::new();
            let id = sources.add("--position", p.clone());
            let d = Diagnostic::error(
                tessel_lang::diag::codes::BAD_POSITION,
                format!("the position is wrong: {}", e.message),
            )
            .at(
                Span::new(
                    id,
                    e.start,
                    e.end.max(e.start + 1).min(p.len().max(e.start)),
                ),
                "here",
            )
            .hint(e.hint);
            report(&sources, &[d]);
            ExitCode::from(1)
        }),
    }
}

/// Load and start: the game (`load_game`) and its start state (`initial`) from the
/// command's arguments, the seed 0 for a command without `--seed`.
pub fn start(game: &GameArgs, start: &StartArgs, seed: u64) -> Result<(Game, State), ExitCode> {
    let g = load_game(game)?;
    let s = initial(&g, start, seed)?;
    Ok((g, s))
}
