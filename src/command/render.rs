//! `tessel render`: a position (the start, `--position`, or where a record ends) as SVG.

use super::game::{initial, load_game, stop, GameArgs, StartArgs};
use clap::Args;
use std::process::ExitCode;
use tessel::render;

/// Draw a position as an SVG picture.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel render chess > start.svg\n  tessel render chess --position '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' -O endgame.svg\n  tessel render veney --record game.json --output end.svg"
)]
pub struct Render {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    start: StartArgs,
    /// Draw the position a game record (JSON) ends in, with the record's options (an
    /// `--option` given here is set after them).
    #[arg(long, value_name = "RECORD", conflicts_with = "position")]
    record: Option<std::path::PathBuf>,
    /// Write the picture to this file instead of standard output (`-O FILE`; `-o` is
    /// `--option`, as in every command).
    #[arg(long, short = 'O', value_name = "FILE")]
    output: Option<std::path::PathBuf>,
}

pub fn run(args: Render) -> Result<ExitCode, ExitCode> {
    let Render {
        mut game,
        start,
        record,
        output,
    } = args;
    let rec = record
        .as_ref()
        .map(|path| tessel::record::Record::load(path).map_err(stop))
        .transpose()?;
    if let Some(rec) = &rec {
        // The record's options, then those given here.
        let mut options: Vec<String> = rec
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        options.append(&mut game.options);
        game.options = options;
    }
    let g = load_game(&game)?;
    let s = match (&rec, &record) {
        (Some(rec), Some(path)) => {
            tessel::record::replay(&g, rec)
                .map_err(|e| stop(format!("{}: {e}", path.display())))?
                .1
        }
        _ => initial(&g, &start, 0)?,
    };
    // A record's last decision is written as the game writes it.
    let last = rec.as_ref().and_then(|r| r.decisions.last());
    let svg = render::svg_after(&g, &s, last.map(String::as_str));
    match output {
        Some(path) => std::fs::write(&path, svg)
            .map_err(|e| stop(format!("cannot write {}: {e}", path.display())))?,
        None => out_part!("{svg}"),
    }
    Ok(ExitCode::SUCCESS)
}
