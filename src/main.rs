//! `tessel`: check, play, count and measure games written in the Tessel rules language.

/// Prints a line to standard output; a closed output (`tessel moves … | head`) ends the
/// program quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Like `out!`, without the line break.
macro_rules! out_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

use clap::{Args, Parser, Subcommand};
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;
use tessel::render;
use tessel_interpreter::{Game, State};
use tessel_lang::{Diagnostic, Sources, Span};

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

#[derive(Args, Clone)]
struct GameArgs {
    /// A rules file, or the name of a bundled game (see `tessel list`). A file path wins.
    file: String,
    /// Set a ruleset option, e.g. `--option fifty=0`. Repeatable.
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    options: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// List the bundled games.
    #[command(after_help = "Example:\n  tessel list")]
    List,
    /// Check a ruleset: exit 0 when clean, 1 with diagnostics.
    #[command(
        after_help = "Examples:\n  tessel check rulesets/chess.tessel\n  tessel check chess --option fifty=0"
    )]
    Check {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Show the options of a ruleset with their values and meaning.
    #[command(after_help = "Example:\n  tessel options chess")]
    Options {
        #[command(flatten)]
        game: GameArgs,
    },
    /// List the legal moves in the game's notation.
    #[command(
        after_help = "Examples:\n  tessel moves chess\n  tessel moves chess --position '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'"
    )]
    Moves {
        #[command(flatten)]
        game: GameArgs,
        /// Start from this position string instead of the ruleset's start (`@FILE`: the
        /// string kept in a file).
        #[arg(long, value_parser = position_arg)]
        position: Option<String>,
        /// Print a JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Count decision sequences to a depth (perft).
    #[command(
        after_help = "Examples:\n  tessel perft chess --depth 4\n  tessel perft chess --depth 3 --divide\n  tessel perft chess --depth 5 --json"
    )]
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, short)]
        depth: u32,
        /// Start from this position string instead of the ruleset's start (`@FILE`: the
        /// string kept in a file).
        #[arg(long, value_parser = position_arg)]
        position: Option<String>,
        /// Count per first move.
        #[arg(long)]
        divide: bool,
        /// Print `{"depth":N,"nodes":N,"seconds":S,"nps":R}`.
        #[arg(long)]
        json: bool,
    },
    /// Play seeded random games: results, mean length, playouts per second.
    #[command(
        after_help = "Examples:\n  tessel random chess --games 1000 --seed 1\n  tessel random chess --games 10 --seed 7 --json"
    )]
    Random {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Start from this position string instead of the ruleset's start (`@FILE`: the
        /// string kept in a file).
        #[arg(long, value_parser = position_arg)]
        position: Option<String>,
        /// Stop a game that has not ended after this many decisions (reported as unfinished).
        #[arg(long, default_value_t = 10_000)]
        max_plies: u32,
        /// Print a JSON object whose `games` array holds each game's result and length.
        #[arg(long)]
        json: bool,
    },
    /// Play in the terminal: type moves in the game's notation; `help` lists commands.
    #[command(
        after_help = "Examples:\n  tessel play chess --ai random\n  tessel play chess --ai random --human black --seed 3\n  tessel play chess"
    )]
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Let the computer play every seat but the human's: random, greedy or mcts.
        #[arg(long, value_parser = ["random", "greedy", "mcts"])]
        ai: Option<String>,
        /// Playouts per decision when the AI is mcts.
        #[arg(long, default_value_t = 500)]
        playouts: u32,
        /// The human's seat when playing against the AI (default: the first player).
        #[arg(long)]
        human: Option<String>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Start from this position string instead of the ruleset's start (`@FILE`: the
        /// string kept in a file).
        #[arg(long, value_parser = position_arg)]
        position: Option<String>,
        /// Keep the game record in this file, saved after every decision.
        #[arg(long, value_name = "FILE")]
        record: Option<std::path::PathBuf>,
        /// Continue a saved game (and keep saving to the same file).
        #[arg(long, value_name = "FILE")]
        load: Option<std::path::PathBuf>,
        /// A clock of beats: each decision of a person must be typed within this many
        /// seconds (MuTou's bass beat: a move a beat). A decision typed after its beat is
        /// refused, and the player's turn passes when passing is allowed.
        #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=3600))]
        beats: Option<u32>,
        /// A chess clock: each player has this many seconds for all their decisions, plus
        /// an increment after each of their turns (`300+5`). Whoever runs out loses.
        #[arg(long, value_name = "SECONDS[+INCREMENT]", value_parser = clock_arg, conflicts_with = "hourglass")]
        clock: Option<(f64, f64)>,
        /// An hourglass of this many seconds: the sand left on top is the time for the
        /// turn, and it is turned over for the next player, who gets what the last one
        /// used (Veney's R3). Whoever runs out loses.
        #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=3600))]
        hourglass: Option<u32>,
    },
    /// Draw a position as an SVG picture.
    #[command(
        after_help = "Examples:\n  tessel render chess > start.svg\n  tessel render chess --position '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' -o endgame.svg"
    )]
    Render {
        #[command(flatten)]
        game: GameArgs,
        /// Start from this position string instead of the ruleset's start (`@FILE`: the
        /// string kept in a file).
        #[arg(long, value_parser = position_arg)]
        position: Option<String>,
        /// Draw the position a game record (JSON) ends in.
        #[arg(long, value_name = "RECORD", conflicts_with = "position")]
        record: Option<std::path::PathBuf>,
        /// Write to this file instead of standard output (`-o FILE` works too: an `-o`
        /// without `=` is the output, not an option).
        #[arg(long, short = 'O', value_name = "FILE")]
        output: Option<std::path::PathBuf>,
    },
    /// Measure a ruleset's speed: perft nodes per second and random playouts per second.
    #[command(
        after_help = "Examples:\n  tessel bench chess\n  tessel bench chess --depth 5 --games 500 --json"
    )]
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// Perft depth.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Random playouts to time.
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// Start from this position string instead of the ruleset's start (`@FILE`: the
        /// string kept in a file).
        #[arg(long, value_parser = position_arg)]
        position: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Play seeded games between agents on every core: win rates, draws, lengths, branching.
    #[command(
        after_help = "Examples:\n  tessel analyze chess --games 1000 --seed 1 --agents random,random\n  tessel analyze chess --games 20 --agents mcts,random --playouts 200 --json"
    )]
    Analyze {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// One agent per seat, in seat order (random, greedy, mcts), or one for every seat.
        #[arg(long, default_value = "random")]
        agents: String,
        /// Playouts per decision for mcts.
        #[arg(long, default_value_t = 200)]
        playouts: u32,
        /// Start from this position string instead of the ruleset's start (`@FILE`: the
        /// string kept in a file).
        #[arg(long, value_parser = position_arg)]
        position: Option<String>,
        /// Stop a game that has not ended after this many decisions (counted as unfinished).
        #[arg(long, default_value_t = 10_000)]
        max_plies: u32,
        /// Save every game's record (JSON, for `tessel replay`) in this folder.
        #[arg(long, value_name = "DIR")]
        records: Option<std::path::PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Replay a game record: check every decision and show the final position.
    #[command(
        after_help = "Examples:\n  tessel play chess --record game.json\n  tessel replay game.json\n  tessel replay game.json --json\n  tessel replay game.json --text > game.txt\n  tessel replay game.txt --rules muso --text"
    )]
    Replay {
        /// The record: JSON, as written by `tessel play --record`, or a game text in the
        /// ruleset's notation (with `--rules`).
        record: std::path::PathBuf,
        /// Use this rules file instead of the one the record names (needed for a game text).
        #[arg(long, value_name = "FILE")]
        rules: Option<String>,
        /// An option for a game text's ruleset, `NAME=VALUE` (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// Print the final position and result as JSON.
        #[arg(long)]
        json: bool,
        /// Print the game as a text in the ruleset's notation (opening, numbered moves,
        /// result).
        #[arg(long)]
        text: bool,
        /// The position a game text starts from, instead of the ruleset's start (`@FILE`:
        /// the string kept in a file). JSON records keep their own.
        #[arg(long)]
        position: Option<String>,
    },
    /// WebAssembly plug-ins (docs/plugins.md).
    #[command(after_help = "Example:\n  tessel plugin check plugins/rook.wat")]
    Plugin {
        #[command(subcommand)]
        action: PluginAction,
    },
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

/// Stops a command whose plug-in failed while moves were being found.
fn plugin_check(g: &Game) -> Result<(), ExitCode> {
    match g.plugin_error() {
        Some(e) => {
            eprintln!("error: {e}");
            Err(ExitCode::from(1))
        }
        None => Ok(()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

fn parse_options(raw: &[String]) -> Result<Vec<(String, String)>, String> {
    raw.iter()
        .map(|o| match o.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                Ok((k.trim().to_string(), v.trim().to_string()))
            }
            _ => Err(format!(
                "`--option {o}` should be NAME=VALUE, e.g. --option fifty=0"
            )),
        })
        .collect()
}

fn report(sources: &Sources, diags: &[Diagnostic]) {
    let mut out = StandardStream::stderr(ColorChoice::Auto);
    render::diagnostics(&mut out, sources, diags);
}

/// Loads and compiles; prints diagnostics; `Err` stops the command with exit code 1.
fn load_game(args: &GameArgs) -> Result<Game, ExitCode> {
    let options = parse_options(&args.options).map_err(|m| {
        eprintln!("error: {m}");
        ExitCode::from(1)
    })?;
    let loaded = tessel::load(&args.file, &options).map_err(|m| {
        eprintln!("error: {m}");
        ExitCode::from(1)
    })?;
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

/// A `--position` value: the position string, or `@FILE` for the string kept in a file
/// (a board saved from `play` with `position`).
fn position_arg(text: &str) -> Result<String, String> {
    match text.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .map(|t| t.trim().to_string())
            .map_err(|e| format!("cannot read the position file {path}: {e}")),
        None => Ok(text.to_string()),
    }
}

/// The position to start from: `--position` or the ruleset's start.
fn initial(game: &Game, position: &Option<String>, seed: u64) -> Result<State, ExitCode> {
    match position {
        None => game.start_state(seed).map_err(|_| ExitCode::from(1)),
        Some(p) => game.parse_position(p, seed).map_err(|e| {
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

fn run(cli: Cli) -> Result<ExitCode, String> {
    let code = |r: Result<ExitCode, ExitCode>| Ok(r.unwrap_or_else(|c| c));
    match cli.command {
        Command::List => {
            for (name, title) in tessel::bundle::list() {
                out!("{name:<16} {title}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { game } => {
            let options = parse_options(&game.options)?;
            let (sources, diags) = tessel::check(&game.file, &options)?;
            if diags.is_empty() {
                out!("{}: ok", game.file);
                Ok(ExitCode::SUCCESS)
            } else {
                report(&sources, &diags);
                Ok(ExitCode::from(1))
            }
        }
        Command::Options { game } => code((|| {
            let g = load_game(&game)?;
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
        })()),
        Command::Moves {
            game,
            position,
            json,
        } => code((|| {
            let g = load_game(&game)?;
            let s = initial(&g, &position, 0)?;
            let mut scratch = g.scratch();
            let mut moves = Vec::new();
            g.decisions(&s, &mut scratch, &mut moves);
            plugin_check(&g)?;
            let texts: Vec<String> = moves
                .iter()
                .map(|m| {
                    if m.is_chance() {
                        g.chance_text(&s, *m)
                    } else {
                        g.move_text_among(&moves, *m)
                    }
                })
                .collect();
            if json {
                out!("{}", serde_json::to_string(&texts).unwrap_or_default());
            } else {
                for t in &texts {
                    out!("{t}");
                }
                if let Some(o) = g.status(&s, &mut scratch) {
                    out!("(the game is over: {})", o.ending);
                }
            }
            Ok(ExitCode::SUCCESS)
        })()),
        Command::Perft {
            game,
            depth,
            position,
            divide,
            json,
        } => code((|| {
            let g = load_game(&game)?;
            let s = initial(&g, &position, 0)?;
            let t = Instant::now();
            let nodes = if divide {
                let parts = g.perft_divide(&s, depth);
                let mut all = Vec::new();
                let mut tmp = g.empty_state(0);
                g.legal_moves(&s, &mut all, &mut tmp);
                for (m, n) in &parts {
                    if !json {
                        out!("{}: {n}", g.move_text_among(&all, *m));
                    }
                }
                parts.iter().map(|(_, n)| n).sum()
            } else {
                g.perft(&s, depth)
            };
            plugin_check(&g)?;
            let secs = t.elapsed().as_secs_f64();
            let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
            if json {
                #[derive(Serialize)]
                struct Out {
                    depth: u32,
                    nodes: u64,
                    seconds: f64,
                    nps: f64,
                }
                out!(
                    "{}",
                    serde_json::to_string(&Out {
                        depth,
                        nodes,
                        seconds: secs,
                        nps: nps.round()
                    })
                    .unwrap_or_default()
                );
            } else {
                out!(
                    "perft {depth}: {nodes} nodes in {secs:.3}s ({:.0} nodes/s)",
                    nps
                );
            }
            Ok(ExitCode::SUCCESS)
        })()),
        Command::Random {
            game,
            games,
            seed,
            position,
            max_plies,
            json,
        } => code((|| {
            let g = load_game(&game)?;
            let s0 = initial(&g, &position, seed)?;
            random_games(&g, &s0, games, seed, max_plies, json);
            plugin_check(&g)?;
            Ok(ExitCode::SUCCESS)
        })()),
        Command::Render {
            mut game,
            position,
            record,
            mut output,
        } => code((|| {
            // `-o out.svg`: an `-o` without `=` is the picture's file, not an option.
            if let Some(i) = game.options.iter().position(|o| !o.contains('=')) {
                if output.is_none() {
                    output = Some(game.options.remove(i).into());
                }
            }
            let g = load_game(&game)?;
            let s = match &record {
                Some(path) => {
                    let rec = tessel::record::Record::load(path).map_err(|e| {
                        eprintln!("error: {e}");
                        ExitCode::from(1)
                    })?;
                    tessel::record::replay(&g, &rec)
                        .map_err(|e| {
                            eprintln!("error: {}: {e}", path.display());
                            ExitCode::from(1)
                        })?
                        .1
                }
                None => initial(&g, &position, 0)?,
            };
            let svg = render::svg(&g, &s);
            match output {
                Some(path) => std::fs::write(&path, svg).map_err(|e| {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    ExitCode::from(1)
                })?,
                None => out_part!("{svg}"),
            }
            Ok(ExitCode::SUCCESS)
        })()),
        Command::Bench {
            game,
            depth,
            games,
            position,
            json,
        } => code((|| {
            let g = load_game(&game)?;
            let s = initial(&g, &position, 0)?;
            let t = Instant::now();
            let nodes = g.perft(&s, depth);
            let perft_secs = t.elapsed().as_secs_f64();
            let mut scratch = g.scratch();
            let t = Instant::now();
            let mut plies = 0u64;
            for i in 0..games {
                let mut st = s.clone();
                st.reseed(i);
                let mut rng = Pcg64Mcg::seed_from_u64(i);
                g.random_playout(&mut st, &mut rng, 10_000, &mut scratch);
                plies += (st.ply - s.ply) as u64;
            }
            let play_secs = t.elapsed().as_secs_f64();
            let per = |n: f64, secs: f64| if secs > 0.0 { n / secs } else { 0.0 };
            if json {
                out!(
                    "{}",
                    serde_json::json!({
                        "depth": depth, "nodes": nodes, "nodes_per_second": per(nodes as f64, perft_secs).round(),
                        "games": games, "playouts_per_second": per(games as f64, play_secs),
                        "decisions_per_second": per(plies as f64, play_secs).round(),
                    })
                );
            } else {
                out!(
                    "{}: perft({depth}) {nodes} nodes, {:.2}M nodes/s",
                    g.program.title,
                    per(nodes as f64, perft_secs) / 1e6
                );
                out!("{games} random playouts: {:.0} playouts/s, {:.2}M decisions/s, mean {:.1} decisions", per(games as f64, play_secs), per(plies as f64, play_secs) / 1e6, plies as f64 / games.max(1) as f64);
            }
            Ok(ExitCode::SUCCESS)
        })()),
        Command::Analyze {
            game,
            games,
            seed,
            agents,
            playouts,
            position,
            max_plies,
            records,
            json,
        } => code((|| {
            let g = load_game(&game)?;
            let start = initial(&g, &position, seed)?;
            if let Some(dir) = &records {
                std::fs::create_dir_all(dir).map_err(|e| {
                    eprintln!("error: cannot make {}: {e}", dir.display());
                    ExitCode::from(1)
                })?;
            }
            let agents: Vec<tessel_interpreter::Agent> = agents
                .split(',')
                .map(|a| tessel_interpreter::Agent::parse(a, playouts))
                .collect::<Result<_, _>>()
                .map_err(|e| {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                })?;
            if agents.len() != 1 && agents.len() != g.players() {
                eprintln!(
                    "error: {} agents for {} players; give one per seat ({}) or one for all",
                    agents.len(),
                    g.players(),
                    g.program.players.join(", ")
                );
                return Err(ExitCode::from(1));
            }
            let t = Instant::now();
            let played = tessel::analysis::play_many(
                &g,
                &start,
                &agents,
                games,
                seed,
                max_plies,
                records.is_some(),
            );
            if let Some(dir) = &records {
                let options = parse_options(&game.options).unwrap_or_default();
                for p in &played {
                    let mut rec =
                        tessel::record::Record::new(&game.file, &options, p.seed, position.clone());
                    rec.decisions = p.moves.clone();
                    rec.result = Some(match p.winner {
                        Some(w) => format!("{}: {} wins", p.result, g.program.players[w]),
                        None => p.result.clone(),
                    });
                    if let Err(e) = rec.save(&dir.join(format!("game-{}.json", p.seed))) {
                        eprintln!("warning: {e}");
                    }
                }
            }
            let secs = t.elapsed().as_secs_f64();
            let r = tessel::analysis::report(&g, &agents, seed, &played);
            if json {
                #[derive(Serialize)]
                struct Out<'a> {
                    #[serde(flatten)]
                    report: &'a tessel::analysis::Report,
                    seconds: f64,
                    games_per_second: f64,
                }
                let rate = if secs > 0.0 { games as f64 / secs } else { 0.0 };
                out!(
                    "{}",
                    serde_json::to_string(&Out {
                        report: &r,
                        seconds: secs,
                        games_per_second: rate
                    })
                    .unwrap_or_default()
                );
            } else {
                out!(
                    "{} games of {} from seed {seed} ({:.1}s):",
                    r.games,
                    r.game,
                    secs
                );
                for seat in &r.seats {
                    let w = &seat.win_rate;
                    out!(
                        "  {:<10} {:<7} wins {:>6}  {:>5.1}%  (95% CI {:.1}–{:.1}%)",
                        seat.player,
                        seat.agent,
                        seat.wins,
                        w.rate * 100.0,
                        w.low * 100.0,
                        w.high * 100.0
                    );
                }
                let d = &r.draw_rate;
                out!(
                    "  draws {:>6}  {:>5.1}%  (95% CI {:.1}–{:.1}%); unfinished {}",
                    r.draws,
                    d.rate * 100.0,
                    d.low * 100.0,
                    d.high * 100.0,
                    r.unfinished
                );
                out!(
                    "  length in turns: mean {:.1}, median {}, p90 {}; mean {:.1} decisions",
                    r.turns.mean,
                    r.turns.median,
                    r.turns.p90,
                    r.mean_plies
                );
                out!("  mean branching factor {:.1}", r.mean_branching);
                if let Some(rounds) = &r.rounds {
                    out!(
                        "  rounds per game: mean {:.2}, median {}, p90 {}",
                        rounds.mean,
                        rounds.median,
                        rounds.p90
                    );
                }
                for (k, v) in &r.endings {
                    out!("  {v:>7}  {k}");
                }
            }
            Ok(ExitCode::SUCCESS)
        })()),
        Command::Plugin {
            action: PluginAction::Check { file },
        } => {
            code((|| {
                let name = file.display().to_string();
                let bytes = std::fs::read(&file).map_err(|e| {
                    eprintln!("error: cannot read {name}: {e}");
                    ExitCode::from(1)
                })?;
                if let Err(e) = tessel_interpreter::plugin::Plugin::load(&name, &bytes) {
                    eprintln!("error: {e}");
                    return Err(ExitCode::from(1));
                }
                out!(
                    "{name}: ABI version {} ok",
                    tessel_interpreter::plugin::ABI_VERSION
                );
                // A small game with the plug-in's piece on d4, to see it answer.
                let full = std::fs::canonicalize(&file).unwrap_or(file.clone());
                let rules =
                    format!(
                "game \"Plug-in check\"\nuse movers\nplayers white black\nboard grid 8 x 8\n\
                 piece king K k {{ royal moves king_step }}\npiece rook R r {{ moves rook_ride }}\n\
                 var facing = 0 per cell\n\
                 piece plugged P p {{ move plugin \"{}\" with facing to any }}\n\
                 start \"4k3/8/8/3r4/3P4/8/8/4K3 w\"\n",
                full.display().to_string().replace('\\', "/").replace('"', "")
            );
                let dir = std::env::temp_dir()
                    .join(format!("tessel-plugin-check-{}", std::process::id()));
                let _ = std::fs::create_dir_all(&dir);
                let path = dir.join("check.tessel");
                std::fs::write(&path, rules).map_err(|e| {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    ExitCode::from(1)
                })?;
                let g = load_game(&GameArgs {
                    file: path.display().to_string(),
                    options: Vec::new(),
                });
                let _ = std::fs::remove_dir_all(&dir);
                let g = g?;
                let s = initial(&g, &None, 0)?;
                let mut scratch = g.scratch();
                let mut moves = Vec::new();
                g.decisions(&s, &mut scratch, &mut moves);
                plugin_check(&g)?;
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
            })())
        }
        Command::Replay {
            record,
            rules,
            options,
            json,
            text,
            position,
        } => code((|| {
            let raw = std::fs::read_to_string(&record).map_err(|e| {
                eprintln!("error: cannot read {}: {e}", record.display());
                ExitCode::from(1)
            })?;
            let rec = if raw.trim_start().starts_with('{') {
                tessel::record::Record::load(&record).map_err(|e| {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                })?
            } else {
                // A game text in the ruleset's notation.
                let Some(rules) = &rules else {
                    eprintln!(
                        "error: {} is not a JSON record; for a game text, name its rules with --rules",
                        record.display()
                    );
                    return Err(ExitCode::from(2));
                };
                let opts = parse_options(&options).map_err(|e| {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                })?;
                let g = load_game(&GameArgs {
                    file: rules.clone(),
                    options: options.clone(),
                })?;
                let start = position
                    .as_deref()
                    .map(position_arg)
                    .transpose()
                    .map_err(|e| {
                        eprintln!("error: {e}");
                        ExitCode::from(2)
                    })?;
                tessel::record::from_game_text(&g, rules, &opts, start, &raw).map_err(|e| {
                    eprintln!("error: {}: {e}", record.display());
                    ExitCode::from(1)
                })?
            };
            let args = GameArgs {
                file: rules.clone().unwrap_or_else(|| rec.ruleset.clone()),
                options: rec
                    .options
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect(),
            };
            let g = load_game(&args)?;
            let (before, s) = tessel::record::replay(&g, &rec).map_err(|e| {
                eprintln!("error: {}: {e}", record.display());
                ExitCode::from(1)
            })?;
            if text {
                let t = tessel::record::game_text(&g, &rec).map_err(|e| {
                    eprintln!("error: {}: {e}", record.display());
                    ExitCode::from(1)
                })?;
                out_part!("{t}");
                return Ok(ExitCode::SUCCESS);
            }
            let mut scratch = g.scratch();
            let status = g.status(&s, &mut scratch);
            let result = status.as_ref().map(|o| {
                let who = o
                    .winner()
                    .map(|w| format!("{} wins", g.program.players[w]))
                    .unwrap_or_else(|| "no winner".into());
                format!("{}: {who}", o.ending)
            });
            if json {
                #[derive(Serialize)]
                struct Decision<'a> {
                    by: String,
                    text: &'a str,
                    /// The round it was made in, from 1 (`restart` begins a new one).
                    round: u32,
                }
                #[derive(Serialize)]
                struct Out<'a> {
                    decisions: usize,
                    position: String,
                    result: &'a Option<String>,
                    moves: Vec<Decision<'a>>,
                    /// The final values of the shared and per-player variables.
                    variables: std::collections::BTreeMap<String, serde_json::Value>,
                }
                let mut variables = std::collections::BTreeMap::new();
                for v in &g.program.vars {
                    if v.per_cell {
                        continue;
                    }
                    let value = if v.per_player {
                        serde_json::json!((0..g.players())
                            .map(|p| g.var(&s, &v.name, p).unwrap_or(0))
                            .collect::<Vec<i64>>())
                    } else {
                        serde_json::json!(g.var(&s, &v.name, 0).unwrap_or(0))
                    };
                    variables.insert(v.name.clone(), value);
                }
                let moves = before
                    .iter()
                    .zip(&rec.decisions)
                    .map(|(b, text)| Decision {
                        by: if g.chance_outcomes(b).is_some() {
                            "chance".to_string()
                        } else {
                            g.program.players[b.to_move as usize].clone()
                        },
                        text,
                        round: b.rounds + 1,
                    })
                    .collect();
                out!(
                    "{}",
                    serde_json::to_string(&Out {
                        decisions: before.len(),
                        position: g.position_string(&s),
                        result: &result,
                        moves,
                        variables,
                    })
                    .unwrap_or_default()
                );
            } else {
                for (i, (b, text)) in before.iter().zip(&rec.decisions).enumerate() {
                    let who = if g.chance_outcomes(b).is_some() {
                        "chance".to_string()
                    } else {
                        g.program.players[b.to_move as usize].clone()
                    };
                    out!("{:>4}. {who}: {text}", i + 1);
                }
                out_part!("\n{}", render::board(&g, &s));
                out!("{}", g.position_string(&s));
                match result {
                    Some(r) => out!("Game over: {r}."),
                    None => out!("The game goes on."),
                }
            }
            Ok(ExitCode::SUCCESS)
        })()),
        Command::Play {
            game,
            ai,
            human,
            seed,
            position,
            record: record_to,
            load,
            playouts,
            beats,
            clock,
            hourglass,
        } => code((|| {
            let g = load_game(&game)?;
            let s = initial(&g, &position, seed)?;
            let human_seat = match &human {
                None => 0,
                Some(h) => match g.program.players.iter().position(|p| p == h) {
                    Some(i) => i,
                    None => {
                        eprintln!(
                            "error: there is no player `{h}`; the players are {}",
                            g.program.players.join(", ")
                        );
                        return Err(ExitCode::from(1));
                    }
                },
            };
            let options = parse_options(&game.options).map_err(|_| ExitCode::from(1))?;
            let (s, record, history) = match &load {
                Some(path) => {
                    let rec = tessel::record::Record::load(path).map_err(|e| {
                        eprintln!("error: {e}");
                        ExitCode::from(1)
                    })?;
                    let (history, s) = tessel::record::replay(&g, &rec).map_err(|e| {
                        eprintln!("error: {}: {e}", path.display());
                        ExitCode::from(1)
                    })?;
                    out!(
                        "Loaded {} decisions from {}.",
                        rec.decisions.len(),
                        path.display()
                    );
                    (s, rec, history)
                }
                None => (
                    s,
                    tessel::record::Record::new(&game.file, &options, seed, position.clone()),
                    Vec::new(),
                ),
            };
            let record_path = record_to.or(load);
            play(
                &g,
                s,
                PlaySetup {
                    ai: ai
                        .as_deref()
                        .map(|a| tessel_interpreter::Agent::parse(a, playouts))
                        .transpose()
                        .map_err(|e| {
                            eprintln!("error: {e}");
                            ExitCode::from(1)
                        })?,
                    human: human_seat,
                    seed,
                    record_path,
                    record,
                    history,
                    beats,
                    timing: match (clock, hourglass) {
                        (Some((secs, inc)), _) => Some(Timing::Clock {
                            left: vec![secs; g.players()],
                            increment: inc,
                        }),
                        (None, Some(h)) => Some(Timing::Hourglass {
                            total: f64::from(h),
                            top: f64::from(h),
                        }),
                        _ => None,
                    },
                },
            );
            Ok(ExitCode::SUCCESS)
        })()),
    }
}

#[derive(Serialize)]
struct GameRecord {
    seed: u64,
    result: String,
    winner: Option<String>,
    plies: u32,
}

/// Plays one seeded random game to its end (or the ply limit).
fn random_game(
    g: &Game,
    s0: &State,
    seed: u64,
    max_plies: u32,
    scratch: &mut tessel_interpreter::Scratch,
) -> GameRecord {
    let mut s = s0.clone();
    s.reseed(seed);
    let mut agent = Pcg64Mcg::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15);
    let start_ply = s.ply;
    let outcome = g.random_playout(&mut s, &mut agent, max_plies, scratch);
    let plies = s.ply - start_ply;
    match outcome {
        Some(o) => GameRecord {
            seed,
            winner: o.winner().map(|w| g.program.players[w].clone()),
            result: o.ending,
            plies,
        },
        None if plies >= max_plies => GameRecord {
            seed,
            result: "unfinished".into(),
            winner: None,
            plies,
        },
        None => GameRecord {
            seed,
            result: "no legal move".into(),
            winner: None,
            plies,
        },
    }
}

fn random_games(g: &Game, s0: &State, n: u64, seed: u64, max_plies: u32, json: bool) {
    let t = Instant::now();
    let mut scratch = g.scratch();
    let records: Vec<GameRecord> = (0..n)
        .map(|i| random_game(g, s0, seed.wrapping_add(i), max_plies, &mut scratch))
        .collect();
    let secs = t.elapsed().as_secs_f64();
    let mut tally: std::collections::BTreeMap<String, u64> = Default::default();
    for r in &records {
        let key = match &r.winner {
            Some(w) => format!("{} ({w} wins)", r.result),
            None => r.result.clone(),
        };
        *tally.entry(key).or_default() += 1;
    }
    let mean = if n > 0 {
        records.iter().map(|r| r.plies as f64).sum::<f64>() / n as f64
    } else {
        0.0
    };
    let rate = if secs > 0.0 { n as f64 / secs } else { 0.0 };
    if json {
        #[derive(Serialize)]
        struct Out<'a> {
            games: &'a [GameRecord],
            tally: &'a std::collections::BTreeMap<String, u64>,
            mean_plies: f64,
            seconds: f64,
            playouts_per_second: f64,
        }
        out!(
            "{}",
            serde_json::to_string(&Out {
                games: &records,
                tally: &tally,
                mean_plies: mean,
                seconds: secs,
                playouts_per_second: rate
            })
            .unwrap_or_default()
        );
    } else {
        out!("{n} games of {} from seed {seed}:", g.program.title);
        for (k, v) in &tally {
            out!("  {v:>7}  {k}");
        }
        out!("mean length {mean:.1} plies; {rate:.0} playouts/s");
    }
}

/// How `play` runs: who the AI plays, where the record goes.
struct PlaySetup {
    ai: Option<tessel_interpreter::Agent>,
    human: usize,
    seed: u64,
    /// Saved after every decision when set.
    record_path: Option<std::path::PathBuf>,
    record: tessel::record::Record,
    /// States before each decision already in the record (a loaded game).
    history: Vec<State>,
    /// Seconds a person has for each decision (`--beats`).
    beats: Option<u32>,
    /// A chess clock or an hourglass (`--clock`, `--hourglass`).
    timing: Option<Timing>,
}

/// Time control in `play`: every decision's time, people's and the computer's, is counted.
enum Timing {
    /// Seconds left for each player, and what a player gains after each turn.
    Clock { left: Vec<f64>, increment: f64 },
    /// The glass's seconds, and the sand on top: the player to move's time.
    Hourglass { total: f64, top: f64 },
}

impl Timing {
    /// Charges `used` seconds to `player`; whether they still have time.
    fn charge(&mut self, player: usize, used: f64) -> bool {
        match self {
            Timing::Clock { left, .. } => match left.get_mut(player) {
                Some(l) => {
                    *l -= used;
                    *l > 0.0
                }
                None => true,
            },
            Timing::Hourglass { top, .. } => {
                *top -= used;
                *top > 0.0
            }
        }
    }
    /// A turn has ended: the increment, or the glass turned over.
    fn turn_over(&mut self, player: usize) {
        match self {
            Timing::Clock { left, increment } => {
                if let Some(l) = left.get_mut(player) {
                    *l += *increment;
                }
            }
            Timing::Hourglass { total, top } => *top = (*total - top.max(0.0)).max(0.0),
        }
    }
    fn shown(&self, player: usize) -> String {
        match self {
            Timing::Clock { left, .. } => {
                let l = left.get(player).copied().unwrap_or(0.0).max(0.0);
                format!("clock {}:{:04.1}", (l / 60.0) as u64, l % 60.0)
            }
            Timing::Hourglass { top, .. } => format!("glass {:.1} s", top.max(0.0)),
        }
    }
}

/// Charges the decision's time (since `asked_at`) to `player`; whether they ran out.
fn time_is_up(timing: &mut Option<Timing>, player: usize, asked_at: std::time::Instant) -> bool {
    timing
        .as_mut()
        .is_some_and(|t| !t.charge(player, asked_at.elapsed().as_secs_f64()))
}

/// After a decision: the next one's time starts now; a turn that ended turns the glass or
/// adds the increment.
fn turn_timed(
    timing: &mut Option<Timing>,
    player: usize,
    turn_ended: bool,
    asked_at: &mut std::time::Instant,
) {
    if let (Some(t), true) = (timing.as_mut(), turn_ended) {
        t.turn_over(player);
    }
    *asked_at = std::time::Instant::now();
}

/// A player ran out of time: they lose (with two players, the other wins).
fn lost_on_time(g: &Game, player: usize, record: &mut tessel::record::Record) {
    let name = &g.program.players[player];
    let result = if g.players() == 2 {
        format!(
            "{name} ran out of time: {} wins",
            g.program.players[1 - player]
        )
    } else {
        format!("{name} ran out of time")
    };
    out!("Game over: {result}.");
    out!("Moves: {}", record.decisions.join(" "));
    record.result = Some(result);
}

/// `SECONDS` or `SECONDS+INCREMENT`.
fn clock_arg(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text.split_once('+').unwrap_or((text, "0"));
    let secs: f64 = a
        .trim()
        .parse()
        .map_err(|_| format!("`{a}` is not a number of seconds"))?;
    let inc: f64 = b
        .trim()
        .parse()
        .map_err(|_| format!("`{b}` is not a number of seconds"))?;
    if !(secs > 0.0 && secs <= 86_400.0 && (0.0..=3600.0).contains(&inc)) {
        return Err("the clock is 1 second to a day, the increment 0 to 3600 seconds".into());
    }
    Ok((secs, inc))
}

const PLAY_HELP: &str =
    "Type a move as origin and destination cell (e2e4; e7e8=Q to promote; S@c3 to drop; pass).
Commands: moves (list legal moves), undo, position (print the position string), position FILE
(write it to a file, for --position @FILE), save FILE (write the game record), quit.";

/// The decisions are one forced action or a pass: nothing to choose.
fn only_choice(g: &Game, moves: &[tessel_interpreter::Move]) -> bool {
    match moves {
        [m] => {
            m.is_pass()
                || (m.is_action()
                    && g.program
                        .actions
                        .get(m.rule as usize)
                        .is_some_and(|a| a.forced))
        }
        _ => false,
    }
}

fn play(g: &Game, mut s: State, setup: PlaySetup) {
    let PlaySetup {
        ai,
        human,
        seed,
        mut record_path,
        mut record,
        mut history,
        beats,
        mut timing,
    } = setup;
    // When the decision being waited for began (people's and the computer's alike).
    let mut asked_at = std::time::Instant::now();
    // When the current beat began: the prompt for a decision, or the last answer.
    let mut beat_began: Option<std::time::Instant> = None;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut agent = Pcg64Mcg::seed_from_u64(seed ^ 0x5151);
    let mut scratch = g.scratch();
    let mut moves = Vec::new();
    // Writes the record when a path is set; a failure is reported, and play goes on.
    let save = |record: &tessel::record::Record, path: &Option<std::path::PathBuf>| {
        if let Some(p) = path {
            if let Err(e) = record.save(p) {
                eprintln!("warning: {e}");
            }
        }
    };
    // An example of the game's own notation: a decision legal at the start.
    g.decisions(&s, &mut scratch, &mut moves);
    let example = moves
        .iter()
        .find(|m| !m.is_chance())
        .map(|&m| g.move_text_among(&moves, m))
        .unwrap_or_else(|| "e2e4".into());
    out!(
        "{} — type a move (e.g. {example}), or `help`.",
        g.program.title
    );
    if let Some(legend) = render::legend(g) {
        out!("{legend}");
    }
    loop {
        // The board is drawn before each decision someone chooses; not before a throw of
        // chance or a decision that is the only one (a random assembly, say).
        g.decisions(&s, &mut scratch, &mut moves);
        let automatic = g.waiting_chance(&s).is_some()
            || (g.status(&s, &mut scratch).is_none() && only_choice(g, &moves));
        if !automatic {
            out_part!("\n{}", render::board(g, &s));
            let position = g.position_string(&s);
            // A long position string (a board built in play) is shown on request only.
            if position.len() <= 160 {
                out!("{position}");
            }
            let vars = render::variables(g, &s);
            if !vars.is_empty() {
                out!("{vars}");
            }
            let zones = render::zones(g, &s);
            if !zones.is_empty() {
                out!("{zones}");
            }
        }
        if let Some(o) = g.status(&s, &mut scratch) {
            let who = o
                .winner()
                .map(|w| format!("{} wins", g.program.players[w]))
                .unwrap_or_else(|| "no winner".into());
            out!("Game over: {} — {who}.", o.ending);
            if !o.values.is_empty() {
                let each: Vec<String> = g
                    .program
                    .players
                    .iter()
                    .zip(&o.values)
                    .map(|(p, v)| format!("{p} {v}"))
                    .collect();
                out!("Counted: {}", each.join(", "));
            }
            out!("Moves: {}", record.decisions.join(" "));
            record.result = Some(format!("{}: {who}", o.ending));
            save(&record, &record_path);
            return;
        }
        let before = s.clone();
        if let Some(m) = g.sample_chance(&mut s) {
            // Chance decides from the game's seeded generator.
            let text = g.chance_text(&before, m);
            out!("chance: {text}");
            history.push(before);
            record.decisions.push(text);
            g.apply(&mut s, m);
            save(&record, &record_path);
            continue;
        }
        g.decisions(&s, &mut scratch, &mut moves);
        if let Some(e) = g.plugin_error() {
            // The position stays as it was, and the record is kept.
            out!("error: {e}; the game stops here.");
            save(&record, &record_path);
            return;
        }
        let player = s.to_move as usize;
        if moves.is_empty() {
            out!(
                "{} has no legal move and no ending applies; the game stops.",
                g.program.players[player]
            );
            save(&record, &record_path);
            return;
        }
        if let Some(agent_kind) = ai.filter(|_| player != human) {
            let m = agent_kind.choose(g, &s, &moves, &mut agent, &mut scratch, 2000);
            let text = g.move_text_among(&moves, m);
            let secret = m.is_action()
                && g.program
                    .actions
                    .get(m.rule as usize)
                    .is_some_and(|a| a.secret);
            if secret {
                out!("{} makes a secret choice", g.program.players[player]);
            } else {
                out!("{} plays {text}", g.program.players[player]);
            }
            if time_is_up(&mut timing, player, asked_at) {
                lost_on_time(g, player, &mut record);
                save(&record, &record_path);
                return;
            }
            history.push(s.clone());
            record.decisions.push(text);
            let turns = s.turns;
            g.apply(&mut s, m);
            turn_timed(&mut timing, player, turns != s.turns, &mut asked_at);
            save(&record, &record_path);
            continue;
        }
        if only_choice(g, &moves) {
            // The one thing to do (a forced action, a pass): done without asking.
            let text = g.move_text_among(&moves, moves[0]);
            out!("{} {text} (the only decision)", g.program.players[player]);
            history.push(s.clone());
            record.decisions.push(text);
            let turns = s.turns;
            g.apply(&mut s, moves[0]);
            turn_timed(&mut timing, player, turns != s.turns, &mut asked_at);
            save(&record, &record_path);
            continue;
        }
        let forced = |m: &tessel_interpreter::Move| {
            m.is_action()
                && g.program
                    .actions
                    .get(m.rule as usize)
                    .is_some_and(|a| a.forced)
        };
        if moves.iter().all(|m| m.is_action()) && moves.iter().any(forced) {
            let mut names: Vec<&str> = moves
                .iter()
                .filter_map(|m| g.program.actions.get(m.rule as usize))
                .map(|a| a.name.as_str())
                .collect();
            names.dedup();
            out!(
                "{} must choose first: {}",
                g.program.players[player],
                names.join(", ")
            );
        }
        match beats {
            Some(b) => {
                // The beat runs from the first prompt for this decision; other commands
                // typed meanwhile do not stop it.
                let began = *beat_began.get_or_insert_with(std::time::Instant::now);
                let left = u64::from(b).saturating_sub(began.elapsed().as_secs());
                out_part!(
                    "{} to move ({left} s of the beat)> ",
                    g.program.players[player]
                );
            }
            None => match &timing {
                Some(t) => out_part!(
                    "{} to move ({})> ",
                    g.program.players[player],
                    t.shown(player)
                ),
                None => out_part!("{} to move> ", g.program.players[player]),
            },
        }
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            out!("\nMoves: {}", record.decisions.join(" "));
            save(&record, &record_path);
            return;
        };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "exit" => {
                out!("Moves: {}", record.decisions.join(" "));
                save(&record, &record_path);
                return;
            }
            "help" => out!("{PLAY_HELP}"),
            "moves" => out!(
                "{}",
                moves
                    .iter()
                    .map(|m| g.move_text_among(&moves, *m))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            "position" => out!("{}", g.position_string(&s)),
            cmd if cmd.starts_with("position ") => {
                // The board as it stands, to start another game from (`--position @FILE`).
                let path = cmd["position ".len()..].trim();
                match std::fs::write(path, format!("{}\n", g.position_string(&s))) {
                    Ok(()) => {
                        out!("position written to {path} (start from it with --position @{path})")
                    }
                    Err(e) => out!("cannot write {path}: {e}"),
                }
            }
            "undo" => {
                let mut undone = false;
                while let Some(prev) = history.pop() {
                    record.decisions.pop();
                    s = prev;
                    undone = true;
                    // Back to a decision of the human's, not a throw of chance, the AI's move
                    // or a decision that was the only one.
                    if (ai.is_none() || s.to_move as usize == human) && s.pending.is_empty() {
                        let mut here = Vec::new();
                        g.decisions(&s, &mut scratch, &mut here);
                        if !only_choice(g, &here) {
                            break;
                        }
                    }
                }
                if undone {
                    save(&record, &record_path);
                } else {
                    out!("nothing to undo");
                }
            }
            cmd if cmd.starts_with("save ") => {
                let path = std::path::PathBuf::from(cmd["save ".len()..].trim());
                match record.save(&path) {
                    Ok(()) => {
                        out!(
                            "saved to {} (and kept up to date from now on)",
                            path.display()
                        );
                        record_path = Some(path);
                    }
                    Err(e) => out!("{e}"),
                }
            }
            text => match g.read_move(&s, text, &moves) {
                Ok(m) => {
                    // Too late for the beat: the turn passes, if passing is allowed.
                    let late = match (beats, beat_began) {
                        (Some(b), Some(t)) => t.elapsed().as_secs_f64() > f64::from(b),
                        _ => false,
                    };
                    beat_began = None;
                    let m = match moves.iter().find(|x| x.is_pass()) {
                        Some(&pass) if late => {
                            out!(
                                "{} missed the beat: `{text}` comes too late, and the turn passes",
                                g.program.players[player]
                            );
                            pass
                        }
                        _ => m,
                    };
                    if time_is_up(&mut timing, player, asked_at) {
                        lost_on_time(g, player, &mut record);
                        save(&record, &record_path);
                        return;
                    }
                    history.push(s.clone());
                    record.decisions.push(g.move_text_among(&moves, m));
                    let turns = s.turns;
                    g.apply(&mut s, m);
                    turn_timed(&mut timing, player, turns != s.turns, &mut asked_at);
                    save(&record, &record_path);
                }
                Err(e @ tessel_interpreter::MoveError::NoSuchMove(_)) => {
                    // A move the pieces can make but a `forbid` rule stops: say which.
                    let mut pseudo = Vec::new();
                    g.pseudo_moves(&s, &mut pseudo);
                    match g
                        .parse_move(text, &pseudo)
                        .ok()
                        .and_then(|m| g.forbid_reason(&s, m))
                    {
                        Some(reason) => out!("`{text}` is not allowed: {reason}"),
                        None => out!("{e}"),
                    }
                }
                Err(e) => out!("{e}"),
            },
        }
    }
}
