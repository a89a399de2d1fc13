//! `tessel`: check, play, count and measure games written in the Tessel rules language.

/// Prints a line to standard output; a closed output (`tessel moves … | head`) ends the
/// program quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        if writeln!(std::io::stdout(), "{}", tessel::terminal::visible(&text)).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Like `out!`, without the line break.
macro_rules! out_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        if write!(std::io::stdout(), "{}", tessel::terminal::visible(&text)).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Prints a line to standard error, its control characters made visible.
macro_rules! err {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let _ = writeln!(std::io::stderr(), "{}", tessel::terminal::visible(&text));
    }};
}

mod command;

use clap::{Parser, Subcommand};
use command::{
    analyze, bench, check, list, moves, options, perft, play, plugin, random, render, replay, serve,
};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "tessel",
    version,
    about = "A general game system: games as rules text, played, checked and measured"
)]
#[command(
    after_help = "Examples:\n  tessel list\n  tessel play chess --ai random\n  tessel perft chess --depth 4\n  tessel check my-game.tessel"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// The subcommands, in the order `tessel --help` lists them; each one's flags, help and
// work are in its module under `command/` (a `///` here would become the program's about).
#[derive(Subcommand)]
enum Command {
    List(list::List),
    Check(check::Check),
    Options(options::Options),
    Moves(moves::Moves),
    Perft(perft::Perft),
    Random(random::Random),
    Play(play::Play),
    Render(render::Render),
    Bench(bench::Bench),
    Analyze(analyze::Analyze),
    Replay(replay::Replay),
    Plugin(plugin::Plugin),
    Serve(serve::Serve),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.command {
        Command::List(args) => list::run(args),
        Command::Check(args) => check::run(args),
        Command::Options(args) => options::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Random(args) => random::run(args),
        Command::Play(args) => play::run(args),
        Command::Render(args) => render::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Plugin(args) => plugin::run(args),
        Command::Serve(args) => serve::run(args),
    };
    done.unwrap_or_else(|code| code)
}
