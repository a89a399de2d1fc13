//! `tessel options`: a ruleset's options with their kinds, values, defaults and meaning.

use super::game::{load_game, GameArgs};
use clap::Args;
use std::process::ExitCode;

/// Show the options of a ruleset with their values and meaning.
#[derive(Args)]
#[command(after_help = "Example:\n  tessel options chess")]
pub struct Options {
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: Options) -> Result<ExitCode, ExitCode> {
    let g = load_game(&args.game)?;
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
