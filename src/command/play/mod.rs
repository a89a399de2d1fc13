//! `tessel play`: a game in the terminal, people against each other or an AI, with the
//! game record kept and loaded, the board drawn before each decision, and the commands
//! typed at the prompt (`help`); time control is in `clock`.

mod ai;
mod clock;
mod speak;

use super::game::{parse_options, start, stop, GameArgs, StartArgs};
use clap::Args;
use clock::{clock_arg, lost_on_time, time_is_up, turn_timed, Timing};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use tessel::render;
use tessel_interpreter::{Game, State};

/// Play in the terminal: type moves in the game's notation; `help` lists commands.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel play chess --ai random\n  tessel play chess --ai random --human black --seed 3\n  tessel play chess"
)]
pub struct Play {
    #[command(flatten)]
    game: GameArgs,
    /// Let the computer play every seat but the human's: random, greedy, easy (100
    /// playouts), normal or mcts (a search of 2 s a decision: --think, --playouts), strong
    /// (three times the time). `hint` at the prompt asks the search for a move.
    #[arg(long, value_parser = super::agents::NAMES)]
    ai: Option<String>,
    #[command(flatten)]
    budget: super::agents::AgentArgs,
    /// The human's seat when playing against the AI (default: the first player). Where
    /// people change sides between rounds (`people`), the human is the person who starts
    /// at that seat, whichever side they play later.
    #[arg(long)]
    human: Option<String>,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    start: StartArgs,
    /// Keep the game record in this file, saved after every decision.
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
    /// Continue a saved game (and keep saving to the same file).
    #[arg(long, value_name = "FILE")]
    load: Option<std::path::PathBuf>,
    /// A clock of beats: each decision of a person must be typed within this many
    /// seconds (MuTou's bass beat: a move a beat). A decision typed after its beat is
    /// refused, and the player's turn passes: a pass, or else a decision that gives up the
    /// turn without moving a piece (MuTou's rest).
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
}

pub fn run(args: Play) -> Result<ExitCode, ExitCode> {
    let Play {
        game,
        ai,
        budget,
        human,
        seed,
        start: at,
        record: record_to,
        load,
        beats,
        clock,
        hourglass,
    } = args;
    let (g, s) = start(&game, &at, seed)?;
    let human_seat = match &human {
        None => 0,
        Some(h) => match g.program.players.iter().position(|p| p == h) {
            Some(i) => i,
            None => {
                return Err(stop(format!(
                    "there is no player `{h}`; the players are {}",
                    g.program.players.join(", ")
                )));
            }
        },
    };
    let options = parse_options(&game.options).map_err(|_| ExitCode::from(1))?;
    let (s, record, history) = match &load {
        Some(path) => {
            let rec = tessel::record::Record::load(path).map_err(stop)?;
            let (history, s) = tessel::record::replay(&g, &rec)
                .map_err(|e| stop(format!("{}: {e}", path.display())))?;
            out!(
                "Loaded {} decisions from {}.",
                rec.decisions.len(),
                path.display()
            );
            (s, rec, history)
        }
        None => (
            s,
            tessel::record::Record::new(&game.file, &options, seed, at.position.clone()),
            Vec::new(),
        ),
    };
    let record_path = record_to.or(load);
    let code = play(
        &g,
        s,
        PlaySetup {
            ai: ai
                .as_deref()
                .map(|a| budget.agent(a, 0))
                .transpose()
                .map_err(stop)?,
            hint: budget.agent("normal", 0).map_err(stop)?,
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
    Ok(code)
}

/// How `play` runs: who the AI plays, where the record goes.
struct PlaySetup {
    ai: Option<tessel_interpreter::Agent>,
    /// The search that answers `hint`.
    hint: tessel_interpreter::Agent,
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

/// The decisions made so far, as people read them (a bookkeeping name's `_` left out).
fn shown_moves(record: &tessel::record::Record) -> String {
    record
        .decisions
        .iter()
        .map(|d| d.trim_start_matches('_'))
        .collect::<Vec<_>>()
        .join(" ")
}

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

/// Plays the game out; the exit code says whether it stopped on an error (a plug-in's).
fn play(g: &Game, mut s: State, setup: PlaySetup) -> ExitCode {
    let PlaySetup {
        ai,
        hint,
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
    let mut computer = ai::Computer::new(ai, hint, seed);
    let mut scratch = g.scratch();
    let mut moves = Vec::new();
    // Writes the record when a path is set; a failure is reported, and play goes on.
    let save = |record: &tessel::record::Record, path: &Option<std::path::PathBuf>| {
        if let Some(p) = path {
            if let Err(e) = record.save(p) {
                err!("warning: {e}");
            }
        }
    };
    // An example of the game's own notation: a decision legal at the start.
    g.decisions(&s, &mut scratch, &mut moves);
    match moves
        .iter()
        .find(|m| !m.is_chance())
        .map(|&m| g.move_text_among(&moves, m))
    {
        Some(example) => out!(
            "{} — type a decision (e.g. {example}), or `help`.",
            g.program.title
        ),
        None => out!("{} — type `help` for the decisions.", g.program.title),
    }
    if let Some(legend) = render::legend(g) {
        out!("{legend}");
    }
    // The people behind the players when they change sides between rounds (`people`):
    // the round and the seating last announced, and the match score then.
    let mut seen_round = s.rounds;
    let mut seen_score = g.people_score(&s);
    let mut announced: Option<(u32, Vec<usize>)> = None;
    loop {
        // The board is drawn before each decision someone chooses; not before a throw of
        // chance or a decision that is the only one (a random assembly, say).
        g.decisions(&s, &mut scratch, &mut moves);
        let automatic = g.waiting_chance(&s).is_some()
            || (g.status(&s, &mut scratch).is_none() && only_choice(g, &moves));
        if g.program.people.is_some() && s.rounds > seen_round {
            out!(
                "\n{}",
                round_over(
                    g,
                    seen_round,
                    seen_score.as_deref(),
                    &s,
                    ai.is_some(),
                    human
                )
            );
        }
        if s.rounds != seen_round {
            seen_round = s.rounds;
            seen_score = g.people_score(&s);
        }
        if !automatic && g.program.people.is_some() {
            let seated = (s.rounds, g.people(&s));
            if announced.as_ref() != Some(&seated) {
                out!("\n{}", seating(g, &s, ai.is_some(), human));
                announced = Some(seated);
            }
        }
        if !automatic {
            out_part!("\n{}", render::board(g, &s));
            if let Some(pieces) = speak::piece_legend(g) {
                out!("{pieces}");
            }
            let position = g.position_string(&s);
            // A long position string (a board built in play) is shown on request only.
            if position.len() <= 160 {
                out!("{position}");
            }
            // Each side named with the person playing it, when people change sides.
            let sides = render::side_names(g, &s, |p| person_tag(p, ai.is_some(), human));
            let vars = render::variables(g, &s, &sides);
            if !vars.is_empty() {
                out!("{vars}");
            }
            let zones = render::zones(g, &s, &sides);
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
            if g.program.people.is_some() {
                let people = g.people(&s);
                if let Some(w) = o.winner() {
                    out!(
                        "The match goes to {}.",
                        person_name(people[w], ai.is_some(), human)
                    );
                }
                if let Some(score) = g.people_score(&s) {
                    out!("{}", match_score(&score, ai.is_some(), human));
                }
            }
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
            out!("Moves: {}", shown_moves(&record));
            record.result = Some(format!("{}: {who}", o.ending));
            save(&record, &record_path);
            return ExitCode::SUCCESS;
        }
        let before = s.clone();
        if let Some(m) = g.sample_chance(&mut s) {
            // Chance decides from the game's seeded generator.
            let text = g.chance_text(&before, m);
            let drawn = matches!(
                g.waiting_chance(&before),
                Some(tessel_lang::ir::Chance::Draw { .. })
            );
            match before
                .pending
                .first()
                .filter(|_| g.program.people.is_some())
            {
                // With people behind the players: for whom, person and player (a draw
                // into a player's part of a zone goes to the person playing it now).
                Some(p) => {
                    let who = p.owner as usize;
                    out!(
                        "chance: {} ({}, seated at {})",
                        speak::chance_words(&text, drawn),
                        person_name(
                            g.people(&before).get(who).copied().unwrap_or(who),
                            ai.is_some(),
                            human
                        ),
                        g.program.players.get(who).map_or("?", |n| n.as_str())
                    );
                }
                None => out!("chance: {}", speak::chance_words(&text, drawn)),
            }
            history.push(before);
            record.decisions.push(text);
            g.apply(&mut s, m);
            computer.observe(g, m);
            save(&record, &record_path);
            continue;
        }
        g.decisions(&s, &mut scratch, &mut moves);
        if let Some(e) = g.plugin_error() {
            // The position stays as it was, and the record is kept.
            out!("error: {e}; the game stops here.");
            save(&record, &record_path);
            err!("error: {e}");
            return ExitCode::from(1);
        }
        let player = s.to_move as usize;
        if moves.is_empty() {
            out!(
                "{} has no legal move and no ending applies; the game stops.",
                g.program.players[player]
            );
            save(&record, &record_path);
            return ExitCode::SUCCESS;
        }
        // With people behind the players, the human is a person, whichever side they play.
        let person = g.people(&s)[player];
        if ai.is_some() && person != human {
            let m = computer.decide(g, &s, &moves, &mut scratch);
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
                return ExitCode::SUCCESS;
            }
            history.push(s.clone());
            record.decisions.push(text);
            let turns = s.turns;
            g.apply(&mut s, m);
            computer.observe(g, m);
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
            computer.observe(g, moves[0]);
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
        if let Some(due) = speak::due(
            g,
            &moves,
            &g.program.players[player],
            moves.iter().any(forced),
        ) {
            out!("{due}");
        }
        // The prompt names the side, and the person playing it when people change sides.
        let side = if g.program.people.is_some() {
            format!(
                "{} — {}",
                g.program.players[player],
                person_name(person, ai.is_some(), human)
            )
        } else {
            g.program.players[player].clone()
        };
        match beats {
            Some(b) => {
                // The beat runs from the first prompt for this decision; other commands
                // typed meanwhile do not stop it.
                let began = *beat_began.get_or_insert_with(std::time::Instant::now);
                let left = u64::from(b).saturating_sub(began.elapsed().as_secs());
                out_part!("{side} to move ({left} s of the beat)> ");
            }
            None => match &timing {
                Some(t) => out_part!("{side} to move ({})> ", t.shown(player)),
                None => out_part!("{side} to move> "),
            },
        }
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            out!("\nMoves: {}", shown_moves(&record));
            save(&record, &record_path);
            return ExitCode::SUCCESS;
        };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "exit" => {
                out!("Moves: {}", shown_moves(&record));
                save(&record, &record_path);
                return ExitCode::SUCCESS;
            }
            "help" => out!("{}", speak::help(g, &s, &moves)),
            "hint" => out!("{}", computer.hint(g, &s, &moves, &mut scratch)),
            // Resigning and offering a draw, in every game; a ruleset's own decision
            // written so (its `resign` action) comes first.
            "resign" if g.read_move(&s, line, &moves).is_err() => {
                let name = &g.program.players[player];
                let agreed = format!("resign {name}");
                let result = tessel::record::agreed_result(g, &agreed).unwrap_or_default();
                out!("Game over: {result}.");
                out!("Moves: {}", shown_moves(&record));
                record.agreed = Some(agreed);
                record.result = Some(result);
                save(&record, &record_path);
                return ExitCode::SUCCESS;
            }
            "draw" if g.read_move(&s, line, &moves).is_err() => {
                let name = &g.program.players[player];
                let next = (player + 1) % g.players();
                let other = &g.program.players[next];
                let accepted = if ai.is_some() && g.people(&s)[next] != human {
                    out!("{name} offers a draw; {other} (the computer) declines.");
                    false
                } else {
                    out_part!("{name} offers a draw. {other}, do you accept? (yes/no)> ");
                    let _ = std::io::stdout().flush();
                    let answer = lines.next().and_then(|l| l.ok()).unwrap_or_default();
                    matches!(answer.trim(), "yes" | "y" | "accept")
                };
                if accepted {
                    let result = tessel::record::agreed_result(g, "draw").unwrap_or_default();
                    out!("Game over: {result}.");
                    out!("Moves: {}", shown_moves(&record));
                    record.agreed = Some("draw".into());
                    record.result = Some(result);
                    save(&record, &record_path);
                    return ExitCode::SUCCESS;
                }
                out!("The draw is declined; play goes on.");
            }
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
                // The whole state (the complete form), to continue from (`--position @FILE`).
                let path = cmd["position ".len()..].trim();
                match tessel::files::save(std::path::Path::new(path), &g.complete_string(&s)) {
                    Ok(()) => {
                        out!(
                            "position written to {path} (continue from it with --position @{path})"
                        )
                    }
                    Err(e) => out!("{e}"),
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
                    if (ai.is_none() || g.people(&s)[s.to_move as usize] == human)
                        && s.pending.is_empty()
                    {
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
                    let m = if !late {
                        m
                    } else if let Some(&pass) = moves.iter().find(|x| x.is_pass()) {
                        out!(
                            "{} missed the beat: `{text}` comes too late, and the turn passes",
                            g.program.players[player]
                        );
                        pass
                    } else if let Some(y) = yielding_decision(g, &s, &moves) {
                        // No pass here: the decision that gives up the turn without moving
                        // a piece (MuTou's rest) is what the lateness costs.
                        out!(
                            "{} missed the beat: `{text}` comes too late, and the turn passes: {}",
                            g.program.players[player],
                            g.move_text_among(&moves, y)
                        );
                        y
                    } else {
                        out!(
                            "{} missed the beat: `{text}` comes too late, but no decision here gives up the turn, so it stands",
                            g.program.players[player]
                        );
                        m
                    };
                    if time_is_up(&mut timing, player, asked_at) {
                        lost_on_time(g, player, &mut record);
                        save(&record, &record_path);
                        return ExitCode::SUCCESS;
                    }
                    history.push(s.clone());
                    record.decisions.push(g.move_text_among(&moves, m));
                    let turns = s.turns;
                    g.apply(&mut s, m);
                    computer.observe(g, m);
                    turn_timed(&mut timing, player, turns != s.turns, &mut asked_at);
                    save(&record, &record_path);
                }
                // Why, in the game's words: the form, whose piece, which `forbid`.
                Err(e) => out!("{}", speak::refusal(g, &s, text, &moves, &e)),
            },
        }
    }
}

/// For a decision typed after its beat where no pass is legal: the first legal action,
/// not `manual` (resigning), that moves no piece and ends the turn at once.
fn yielding_decision(
    g: &Game,
    s: &State,
    moves: &[tessel_interpreter::Move],
) -> Option<tessel_interpreter::Move> {
    moves.iter().copied().find(|m| {
        m.is_action()
            && g.program
                .actions
                .get(m.rule as usize)
                .is_some_and(|a| !a.manual)
            && {
                let mut t = s.clone();
                g.apply(&mut t, *m);
                t.turns != s.turns
            }
    })
}

/// A person's name in `play` (people behind the players): numbered from 1, and which of
/// them is the human when the computer plays the others.
fn person_name(person: usize, ai: bool, human: usize) -> String {
    match (ai, person == human) {
        (false, _) => format!("person {}", person + 1),
        (true, true) => format!("person {} (you)", person + 1),
        (true, false) => format!("person {} (the computer)", person + 1),
    }
}

/// A person beside the side they play (`black (person 2, you)`).
fn person_tag(person: usize, ai: bool, human: usize) -> String {
    match (ai, person == human) {
        (false, _) => format!("person {}", person + 1),
        (true, true) => format!("person {}, you", person + 1),
        (true, false) => format!("person {}, the computer", person + 1),
    }
}

/// Who plays which player this round.
fn seating(g: &Game, s: &State, ai: bool, human: usize) -> String {
    let people = g.people(s);
    let each: Vec<String> = g
        .program
        .players
        .iter()
        .zip(&people)
        .map(|(p, &who)| format!("{} plays {p}", person_name(who, ai, human)))
        .collect();
    format!("Round {}: {}.", s.rounds + 1, each.join(", "))
}

/// The match score by person.
fn match_score(score: &[i64], ai: bool, human: usize) -> String {
    let each: Vec<String> = score
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", person_name(i, ai, human)))
        .collect();
    format!("Match score: {}.", each.join(", "))
}

/// The end of a round: who won it (the person whose match score went up), and the score.
fn round_over(
    g: &Game,
    round: u32,
    before: Option<&[i64]>,
    s: &State,
    ai: bool,
    human: usize,
) -> String {
    let Some(now) = g.people_score(s) else {
        return format!("Round {} is over.", round + 1);
    };
    let gained: Vec<usize> = match before {
        Some(b) => (0..now.len())
            .filter(|&i| now[i] > b.get(i).copied().unwrap_or(0))
            .collect(),
        None => Vec::new(),
    };
    let won = match gained.as_slice() {
        [w] => format!(", won by {}", person_name(*w, ai, human)),
        _ => String::new(),
    };
    format!(
        "Round {} is over{won}. {}",
        round + 1,
        match_score(&now, ai, human)
    )
}
