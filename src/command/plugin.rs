//! `tessel plugin check`: a WebAssembly plug-in checked against the ABI, then asked for the
//! moves of its piece on a small board.

use super::game::{decisions, initial, load_game, stop, GameArgs, StartArgs};
use clap::{Args, Subcommand};
use std::process::ExitCode;

/// WebAssembly plug-ins (docs/plugins.md).
#[derive(Args)]
#[command(after_help = "Example:\n  tessel plugin check plugins/rook.wat")]
pub struct Plugin {
    #[command(subcommand)]
    action: PluginAction,
}

#[derive(Subcommand)]
enum PluginAction {
    /// Check a module against the ABI, then ask it for the moves of a piece in the middle
    /// of an 8x8 board (a white rook's neighbours: a black rook and a white king).
    Check {
        /// A `.wat` or `.wasm` file.
        file: std::path::PathBuf,
    },
}

pub fn run(args: Plugin) -> Result<ExitCode, ExitCode> {
    let PluginAction::Check { file } = args.action;
    let name = file.display().to_string();
    let bytes =
        tessel::files::read_bytes(&file, tessel::files::MAX_PLUGIN, "the plug-in").map_err(stop)?;
    if let Err(e) = tessel_interpreter::plugin::Plugin::load(&name, &bytes) {
        return Err(stop(e));
    }
    out!(
        "{name}: ABI version {} ok",
        tessel_interpreter::plugin::ABI_VERSION
    );
    // A small game with the plug-in's piece on d4, to see it answer.
    let full = std::fs::canonicalize(&file).unwrap_or(file.clone());
    let rules = format!(
        "game \"Plug-in check\"\nuse movers\nplayers white black\nboard grid 8 x 8\n\
         piece king K k {{ royal moves king_step }}\npiece rook R r {{ moves rook_ride }}\n\
         var facing = 0 per cell\n\
         piece plugged P p {{ move plugin \"{}\" with facing to any }}\n\
         start \"4k3/8/8/3r4/3P4/8/8/4K3 w\"\n",
        full.display()
            .to_string()
            .replace('\\', "/")
            .replace('"', "")
    );
    let dir = std::env::temp_dir().join(format!("tessel-plugin-check-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("check.tessel");
    std::fs::write(&path, rules)
        .map_err(|e| stop(format!("cannot write {}: {e}", path.display())))?;
    let g = load_game(&GameArgs {
        file: path.display().to_string(),
        options: Vec::new(),
    });
    let _ = std::fs::remove_dir_all(&dir);
    let g = g?;
    let s = initial(&g, &StartArgs { position: None }, 0)?;
    let mut scratch = g.scratch();
    let moves = decisions(&g, &s, &mut scratch)?;
    let texts: Vec<String> = moves
        .iter()
        .filter(|m| {
            g.board
                .cell_names
                .get(m.from as usize)
                .is_some_and(|n| n == "d4")
        })
        .map(|m| g.move_text_among(&moves, *m))
        .collect();
    out!(
        "its piece on d4 (a black rook on d5, the white king on e1) may go: {}",
        if texts.is_empty() {
            "nowhere".to_string()
        } else {
            texts.join(" ")
        }
    );
    Ok(ExitCode::SUCCESS)
}
