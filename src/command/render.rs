//! `tessel render`: a position (the start, `--position`, or where a record ends) as SVG.

use super::game::{initial, load_game, stop, GameArgs, StartArgs};
use clap::Args;
use std::process::ExitCode;
use tessel::render;

/// Draw a position as an SVG picture.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel render chess > start.svg\n  tessel render chess --position '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' -o endgame.svg"
)]
pub struct Render {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    start: StartArgs,
    /// Draw the position a game record (JSON) ends in.
    #[arg(long, value_name = "RECORD", conflicts_with = "position")]
    record: Option<std::path::PathBuf>,
    /// Write to this file instead of standard output (`-o FILE` works too: an `-o`
    /// without `=` is the output, not an option).
    #[arg(long, short = 'O', value_name = "FILE")]
    output: Option<std::path::PathBuf>,
}

pub fn run(args: Render) -> Result<ExitCode, ExitCode> {
    let Render {
        mut game,
        start,
        record,
        mut output,
    } = args;
    // `-o out.svg`: an `-o` without `=` is the picture's file, not an option.
    if let Some(i) = game.options.iter().position(|o| !o.contains('=')) {
        if output.is_none() {
            output = Some(game.options.remove(i).into());
        }
    }
    let g = load_game(&game)?;
    let s = match &record {
        Some(path) => {
            let rec = tessel::record::Record::load(path).map_err(stop)?;
            tessel::record::replay(&g, &rec)
                .map_err(|e| stop(format!("{}: {e}", path.display())))?
                .1
        }
        None => initial(&g, &start, 0)?,
    };
    let svg = render::svg(&g, &s);
    match output {
        Some(path) => std::fs::write(&path, svg)
            .map_err(|e| stop(format!("cannot write {}: {e}", path.display())))?,
        None => out_part!("{svg}"),
    }
    Ok(ExitCode::SUCCESS)
}
