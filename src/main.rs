//! `tessel`: check, play, count and measure games written in the Tessel rules language.

/// The allocator: mimalloc, whose small allocations and frees cost less than the system's
/// (states, moves and drawn areas are made and dropped at every decision; measured in the
/// README's speed section).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use command::{
    analyze, bench, check, list, moves, options, perft, play, plugin, random, render, replay,
    rules, serve,
};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "tessel",
    version,
    about = "A general game system: games as rules text, played, checked and measured"
)]
#[command(
    after_help = "Examples:\n  tessel list\n  tessel rules mu\n  tessel play chess --ai random\n  tessel perft chess --depth 4\n  tessel check my-game.tessel"
)]
struct Cli {
    /// When to colour what is printed: `auto` (on a terminal, unless NO_COLOR is set),
    /// `always` or `never`.
    #[arg(long, global = true, value_enum, default_value_t = Colour::Auto, value_name = "WHEN")]
    color: Colour,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Colour {
    Auto,
    Always,
    Never,
}

impl Colour {
    fn when(self) -> tessel::terminal::When {
        use tessel::terminal::When;
        match self {
            Colour::Auto => When::Auto,
            Colour::Always => When::Always,
            Colour::Never => When::Never,
        }
    }
}

/// `--color` as the command line gives it, before clap has read it: clap's own help and
/// errors follow it too.
fn colour_asked(args: &[std::ffi::OsString]) -> Option<Colour> {
    let mut asked = None;
    let mut next_is_value = false;
    for a in args.iter().skip(1).map(|a| a.to_string_lossy()) {
        if a == "--" {
            break;
        }
        let value = if next_is_value {
            next_is_value = false;
            Some(a.to_string())
        } else if a == "--color" {
            next_is_value = true;
            None
        } else {
            a.strip_prefix("--color=").map(str::to_string)
        };
        if let Some(v) = value {
            asked = Colour::from_str(&v, false).ok().or(asked);
        }
    }
    asked
}

// The subcommands, in the order `tessel --help` lists them; each one's flags, help and
// work are in its module under `command/` (a `///` here would become the program's about).
#[derive(Subcommand)]
enum Command {
    List(list::List),
    Rules(rules::Rules),
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
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let asked = colour_asked(&args).unwrap_or(Colour::Auto);
    tessel::terminal::set_colour(asked.when());
    let clap_colour = match asked {
        Colour::Always => clap::ColorChoice::Always,
        Colour::Never => clap::ColorChoice::Never,
        Colour::Auto if tessel::terminal::colour_stderr() => clap::ColorChoice::Auto,
        Colour::Auto => clap::ColorChoice::Never,
    };
    let cli = Cli::command()
        .color(clap_colour)
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m))
        .unwrap_or_else(|e| e.exit());
    // `play` keeps Ctrl-C as the terminal gives it; every other command ends with 130
    // on it, and the long runs stop cleanly (`tessel::progress`).
    if !matches!(cli.command, Command::Play(_)) {
        tessel::progress::exit_on_interrupt();
    }
    let done = match cli.command {
        Command::List(args) => list::run(args),
        Command::Rules(args) => rules::run(args),
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
