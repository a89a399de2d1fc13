//! `tessel options`: a ruleset's options with their kinds, values, defaults and meaning.

use super::game::{load_game, GameArgs};
use clap::Args;
use std::process::ExitCode;

/// Show the options of a ruleset with their values and meaning.
#[derive(Args)]
#[command(after_help = "Examples:\n  tessel options chess\n  tessel options veney --json")]
pub struct Options {
    #[command(flatten)]
    game: GameArgs,
    /// Print `{"game","options":[{"name","kind","choices","value","default","doc"}]}`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Options) -> Result<ExitCode, ExitCode> {
    let g = load_game(&args.game)?;
    if args.json {
        let options: Vec<serde_json::Value> = g
            .program
            .options
            .iter()
            .map(|o| {
                // A choice's kind is its words, `a | b | c`.
                // A choice's kind is its words, `a | b | c`; an int's may say its range,
                // `int (2 to 8)`.
                let kind = match o.kind.as_str() {
                    k if k.starts_with("int") => "int",
                    "bool" => "bool",
                    _ => "choice",
                };
                let choices: Vec<&str> = match kind {
                    "choice" => o.kind.split('|').map(str::trim).collect(),
                    _ => Vec::new(),
                };
                serde_json::json!({
                    "name": o.name,
                    "kind": kind,
                    "choices": choices,
                    "value": o.value,
                    "default": o.default,
                    "doc": o.doc,
                })
            })
            .collect();
        out!(
            "{}",
            serde_json::json!({ "game": g.program.title, "options": options })
        );
        return Ok(ExitCode::SUCCESS);
    }
    if g.program.options.is_empty() {
        out!("{} has no options", g.program.title);
    }
    for o in &g.program.options {
        out!(
            "{}: {} = {} (default {})\n    {}",
            o.name,
            o.kind,
            o.value,
            o.default,
            o.doc
        );
    }
    Ok(ExitCode::SUCCESS)
}
