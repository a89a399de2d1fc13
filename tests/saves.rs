//! A saved position is the whole state (issue 19, item 10): for every bundled ruleset, in
//! seeded random games, the complete form saved at any point reads back to the same state,
//! and a game continued from it makes the same decisions, passes through the same complete
//! forms and ends the same as the game it was saved from. Garbled and truncated complete
//! forms are refused with a message.

mod common;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessel_interpreter::{Game, Move, State};

/// The bundled rulesets with their main option sets.
const GAMES: &[(&str, &[(&str, &str)])] = &[
    ("chess", &[]),
    ("breakthrough", &[]),
    ("connect-four", &[]),
    ("english-draughts", &[]),
    ("fanorona", &[]),
    ("gomoku", &[]),
    ("go", &[("size", "5")]),
    ("go", &[]),
    ("hex", &[]),
    ("shogi", &[]),
    ("international-draughts", &[]),
    ("nine-mens-morris", &[]),
    ("nine-mens-morris", &[("flying", "false")]),
    ("othello", &[]),
    ("tablut", &[]),
    (
        "tablut",
        &[("escape", "corner"), ("leader_taken", "two_away")],
    ),
    ("kalah", &[]),
    ("kalah", &[("seeds", "6"), ("empty_capture", "true")]),
    ("oware", &[]),
    ("oware", &[("grand_slam", "forbidden")]),
    ("tic-tac-toe", &[]),
    ("xiangqi", &[]),
    ("amazons", &[]),
    ("mu", &[]),
    ("mu", &[("setup", "random"), ("first", "fate")]),
    ("muso", &[]),
    ("muso", &[("competitive", "true")]),
    ("muso-3p", &[]),
    ("muso-4p", &[]),
    ("muso-kawa", &[]),
    ("mutou", &[]),
    (
        "mutou",
        &[("tier", "high"), ("mixed", "true"), ("first", "chance")],
    ),
    (
        "mutou",
        &[("form", "cooperative"), ("distribution", "chosen")],
    ),
    ("mutou-drawn", &[]),
    ("oicustiytac", &[]),
    ("oicustiytac", &[("overmove", "forbid"), ("goal", "5")]),
    ("veney", &[]),
    ("veney", &[("hug", "true"), ("throw_odds", "d6")]),
    ("veney-donkey", &[]),
    ("veney-donkey", &[("donkeys", "each")]),
    ("veney-fairy", &[]),
];

/// Decisions a game is played for at most.
const MAX_PLIES: usize = 400;

/// One step of a seeded game: a chance event resolved from the state's own generator, or
/// a decision picked by `agent`. `None` when the game is over or stuck.
fn step(g: &Game, s: &mut State, agent: &mut Pcg64Mcg, legal: &mut Vec<String>) -> Option<()> {
    legal.clear();
    if let Some(m) = g.sample_chance(s) {
        legal.push(g.chance_text(s, m));
        g.apply(s, m);
        return Some(());
    }
    let mut scratch = g.scratch();
    let mut moves: Vec<Move> = Vec::new();
    g.decisions(s, &mut scratch, &mut moves);
    g.drop_manual(&mut moves);
    if moves.is_empty() {
        return None;
    }
    legal.extend(moves.iter().map(|m| g.move_text_among(&moves, *m)));
    let m = moves[agent.random_range(0..moves.len())];
    g.apply(s, m);
    Some(())
}

/// A seeded game: the complete form before each step, the decisions offered at each, the
/// agent's generator before each, and the outcome.
struct Played {
    forms: Vec<String>,
    offered: Vec<Vec<String>>,
    agents: Vec<Pcg64Mcg>,
    outcome: Option<Vec<i64>>,
}

fn play_from(g: &Game, mut s: State, mut agent: Pcg64Mcg, plies: usize) -> Played {
    let mut p = Played {
        forms: Vec::new(),
        offered: Vec::new(),
        agents: Vec::new(),
        outcome: None,
    };
    let mut legal = Vec::new();
    for _ in 0..plies {
        p.forms.push(g.complete_string(&s));
        p.agents.push(agent.clone());
        let went = step(g, &mut s, &mut agent, &mut legal);
        p.offered.push(legal.clone());
        if went.is_none() {
            break;
        }
    }
    p.outcome = g.status(&s, &mut g.scratch()).map(|o| o.values);
    p
}

fn check_game(name: &str, options: &[(&str, &str)], seed: u64) {
    let g = common::load(name, options);
    let what = format!("{name} {options:?} seed {seed}");
    let s = g.start_state(seed).expect("start");
    let first = play_from(&g, s, Pcg64Mcg::seed_from_u64(seed), MAX_PLIES);
    assert!(!first.forms.is_empty());
    // Every form reads back to a state that writes the same form.
    for (i, form) in first.forms.iter().enumerate() {
        let back = g
            .parse_position(form, 99)
            .unwrap_or_else(|e| panic!("{what}, ply {i}: {} ({})", e.message, e.hint));
        assert_eq!(&g.complete_string(&back), form, "{what}, ply {i}");
    }
    // From random points, the game continued from the saved form is the same game.
    let mut pick = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
    let n = first.forms.len();
    for _ in 0..3 {
        let at = pick.random_range(0..n);
        let s = g.parse_position(&first.forms[at], 0).expect("reads");
        let again = play_from(&g, s, first.agents[at].clone(), MAX_PLIES - at);
        assert_eq!(again.forms, first.forms[at..], "{what}: from ply {at}");
        assert_eq!(again.offered, first.offered[at..], "{what}: from ply {at}");
        assert_eq!(again.outcome, first.outcome, "{what}: from ply {at}");
    }
}

/// The games of `GAMES` of the families named (`muso` is `muso`, `muso-3p`, …), two
/// seeds each.
fn check_games(families: &[&str]) {
    let mut checked = 0;
    for (name, options) in GAMES {
        if families
            .iter()
            .any(|f| name == f || name.starts_with(&format!("{f}-")))
        {
            for seed in [1, 2] {
                check_game(name, options, seed);
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
}

// Every bundled game continues identically from a saved state (four tests, run side by side).
#[test]
fn chess_and_mu_continue_identically_from_a_saved_state() {
    check_games(&["chess", "mu"]);
}

#[test]
fn muso_continues_identically_from_a_saved_state() {
    check_games(&["muso"]);
}

#[test]
fn mutou_continues_identically_from_a_saved_state() {
    check_games(&["mutou"]);
}

#[test]
fn oicustiytac_and_veney_continue_identically_from_a_saved_state() {
    check_games(&["oicustiytac", "veney"]);
}

#[test]
fn draughts_continue_identically_from_a_saved_state() {
    check_games(&["english", "international"]);
}

#[test]
fn sowing_games_continue_identically_from_a_saved_state() {
    check_games(&["kalah", "oware"]);
}

#[test]
fn every_bundled_ruleset_is_checked() {
    let files: Vec<String> = std::fs::read_dir("rulesets")
        .expect("rulesets")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".tessel")
                .map(str::to_string)
        })
        .collect();
    for f in files {
        assert!(GAMES.iter().any(|(n, _)| *n == f), "{f} is not in GAMES");
    }
}

/// A seeded random game of `name` played for `plies` decisions from its start (seed 1).
fn played(g: &Game, plies: usize, seed: u64) -> State {
    let mut s = g.start_state(seed).expect("start");
    let mut agent = Pcg64Mcg::seed_from_u64(seed);
    let mut legal = Vec::new();
    for _ in 0..plies {
        if step(g, &mut s, &mut agent, &mut legal).is_none() {
            break;
        }
    }
    s
}

fn refused(g: &Game, text: &str) -> String {
    match g.parse_position(text, 0) {
        Ok(_) => panic!("read: {}", &text[..text.len().min(300)]),
        Err(e) => format!("{} ({})", e.message, e.hint),
    }
}

#[test]
fn truncated_saved_states_are_refused_with_a_message() {
    let g = common::load("mutou", &[]);
    let form = g.complete_string(&played(&g, 60, 3));
    assert!(
        form.contains("\"asking\"") && !form.contains("\"area\":null"),
        "rich enough"
    );
    let cuts: Vec<usize> = (0..form.len())
        .step_by(97)
        .filter(|&n| form.is_char_boundary(n) && form[..n].trim_end().len() < form.trim_end().len())
        .collect();
    for n in cuts {
        let text = &form[..n];
        if !tessel_interpreter::position::is_complete(text) {
            continue;
        }
        let why = refused(&g, text);
        assert!(why.contains("cannot be read"), "cut at {n}: {why}");
    }
}

#[test]
fn garbled_saved_states_are_refused_or_play_on() {
    // Digits changed at random: each form is refused, or reads to a state the game can
    // play on from (no panic either way).
    for (name, options) in [
        ("mutou", &[][..]),
        ("oicustiytac", &[]),
        ("veney-donkey", &[]),
    ] {
        let g = common::load(name, options);
        let form = g.complete_string(&played(&g, 50, 4));
        let digits: Vec<usize> = form
            .char_indices()
            .filter(|(_, c)| c.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let mut read = 0;
        for _ in 0..300 {
            let mut bytes = form.clone().into_bytes();
            for _ in 0..rng.random_range(1..4) {
                let at = digits[rng.random_range(0..digits.len())];
                bytes[at] = b"0123456789"[rng.random_range(0..10)];
            }
            let text = String::from_utf8(bytes).expect("digits");
            if let Ok(s) = g.parse_position(&text, 0) {
                read += 1;
                let mut agent = Pcg64Mcg::seed_from_u64(1);
                let mut s = s;
                let mut legal = Vec::new();
                for _ in 0..5 {
                    if step(&g, &mut s, &mut agent, &mut legal).is_none() {
                        break;
                    }
                }
            }
        }
        assert!(read > 0, "{name}: some changes are still a state");
    }
}

#[test]
fn saved_states_that_do_not_fit_are_refused_in_words() {
    let g = common::load("oicustiytac", &[]);
    let form = g.complete_string(&played(&g, 40, 5));
    let edit = |from: &str, to: &str| {
        assert!(form.contains(from), "{from}");
        form.replacen(from, to, 1)
    };
    let cases: Vec<(String, &str)> = vec![
        (
            edit("\"tessel_position\":1", "\"tessel_position\":9"),
            "version 9",
        ),
        (
            edit("\"to_move\":", "\"to_move\":7,\"x\":"),
            "cannot be read",
        ),
        (edit("\"cells\":[", "\"cells\":[0,"), "cells are saved"),
        (edit("\"cells\":[", "\"cells\":[4095,"), "cells are saved"),
        (
            edit("\"buried\":[", "\"buried\":[[9999,1],"),
            "no piece stands",
        ),
        (
            edit("\"pending\":[]", "\"pending\":[[99,0,0]]"),
            "pending chance",
        ),
        (edit("\"asking\":[]", "\"asking\":[5]"), "player 5"),
        (
            edit("\"kept\":[]", "\"kept\":[null,null,null]"),
            "kept positions",
        ),
        (
            edit("\"area\":null", "\"area\":{\"tessels\":[],\"splices\":[]}"),
            "does not change",
        ),
        (
            edit("\"rng\":{", "\"rng\":{\"state\":-1,\"s\":"),
            "cannot be read",
        ),
        (edit("\"game\":\"", "\"game\":\"X"), "of the game"),
        (
            edit("[\"goal\",\"21\"]", "[\"goal\",\"5\"]"),
            "--option goal=5",
        ),
        (
            edit("\"vars\":{", "\"vars\":{\"nothing\":[1],"),
            "variables are not",
        ),
    ];
    for (text, says) in cases {
        let why = refused(&g, &text);
        assert!(why.contains(says), "{says}: {why}");
    }
    // The position string must be the state's.
    let pos_at = form.find("\"position\":\"").expect("position") + 12;
    let mut changed = form.clone();
    changed.insert(pos_at, 'b');
    assert!(refused(&g, &changed).contains("does not match"));
    // Another game's state.
    let chess = common::load("chess", &[]);
    assert!(refused(&chess, &form).contains("of the game `òicustiỳtac`, not `Chess`"));
}

/// What `play` shows before its last prompt (the board, position, variables, zones).
fn last_shown(out: &str) -> String {
    let blocks: Vec<&str> = out.split(" to move> ").collect();
    let block = blocks[blocks.len().saturating_sub(2)];
    let from = block.find("\n\n").map_or(0, |i| i + 2);
    let shown = &block[from..];
    shown[..shown.rfind('\n').unwrap_or(0)].to_string()
}

#[test]
fn play_saves_the_whole_state_and_play_continues_from_it() {
    // Òicustìỳtac keeps points, the match score and the hand outside its position string.
    let g = common::load("oicustiytac", &[]);
    let seed = 2;
    let mut s = g.start_state(seed).expect("start");
    let mut agent = Pcg64Mcg::seed_from_u64(seed);
    let mut typed = String::new();
    let mut count = 0;
    while count < 40 {
        if g.sample_chance(&mut s).is_some_and(|m| {
            g.apply(&mut s, m);
            true
        }) {
            continue;
        }
        let mut moves = Vec::new();
        g.decisions(&s, &mut g.scratch(), &mut moves);
        assert!(!moves.is_empty(), "the game goes on");
        let forced = moves.len() == 1
            && (moves[0].is_pass()
                || (moves[0].is_action() && g.program.actions[moves[0].rule as usize].forced));
        let m = if forced {
            moves[0]
        } else {
            count += 1;
            let m = moves[agent.random_range(0..moves.len())];
            typed += &format!("{}\n", g.move_text_among(&moves, m));
            m
        };
        g.apply(&mut s, m);
    }
    let dir = std::env::temp_dir().join(format!("tessel-saves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.json");
    let seed_text = seed.to_string();
    let (code, first, err) = common::typed(
        &["play", "oicustiytac", "--seed", &seed_text],
        &format!("{typed}moves\nposition {}\nquit\n", file.display()),
    );
    assert_eq!(code, 0, "{err}");
    assert!(first.contains("position written to"), "{first}");
    let saved = std::fs::read_to_string(&file).expect("saved");
    assert_eq!(
        saved,
        g.complete_string(&s),
        "the state the library reached"
    );
    let at = format!("@{}", file.display());
    let (code, second, err) =
        common::typed(&["play", "oicustiytac", "--position", &at], "moves\nquit\n");
    assert_eq!(code, 0, "{err}");
    let shown = last_shown(&second);
    assert!(shown.contains("points:"), "{shown}");
    assert_eq!(
        last_shown(&first),
        shown,
        "the same board, position, variables and zones"
    );
    // The decisions offered are the same.
    let offered = |out: &str, back: usize| {
        let after = out.rsplit(" to move> ").nth(back).unwrap_or_default();
        after.lines().next().unwrap_or_default().to_string()
    };
    assert!(!offered(&first, 2).is_empty());
    assert_eq!(offered(&first, 2), offered(&second, 1));
    // A garbled saved state is refused with a message, not a picture of the JSON.
    std::fs::write(&file, &saved[..saved.len() / 2]).expect("written");
    let (code, _, err) = common::typed(&["moves", "oicustiytac", "--position", &at], "");
    assert_eq!(code, 1);
    assert!(
        err.contains("the saved state is wrong") && err.contains("hint:"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn kept_positions_survive_a_save() {
    // `keep position` at every turn's start; `back` restores the opponent's.
    let rules = "tests/data/check/ok/keep-and-restore.tessel";
    let g = common::load(rules, &[]);
    let s = played(&g, 7, 1);
    let form = g.complete_string(&s);
    assert!(form.contains("\"kept\":[{"), "{form}");
    let back = g.parse_position(&form, 0).expect("reads");
    assert_eq!(g.complete_string(&back), form);
    for seed in [1, 2, 3] {
        check_game(rules, &[], seed);
    }
}

#[test]
fn saved_variables_at_their_extremes_are_refused_or_play_on() {
    // Each variable (a line of its own in the form) set to extreme values throughout.
    for (name, plies) in [
        ("oicustiytac", 30),
        ("mutou", 40),
        ("veney", 30),
        ("mu", 20),
    ] {
        let g = common::load(name, &[]);
        let form = g.complete_string(&played(&g, plies, 6));
        let lines: Vec<&str> = form.lines().collect();
        let mut read = 0;
        for (i, line) in lines.iter().enumerate() {
            let Some((key, values)) = line
                .strip_prefix("   \"")
                .and_then(|l| l.split_once("\":["))
            else {
                continue;
            };
            let (values, end) = values.split_at(values.rfind(']').unwrap_or(0));
            let count = values.split(',').count();
            for x in [i64::MAX, i64::MIN, -1, 2, 1000, 65535] {
                let same = vec![x.to_string(); count].join(",");
                let mut changed = lines.clone();
                let new = format!("   \"{key}\":[{same}{end}");
                changed[i] = &new;
                let text = changed.join("\n");
                if let Ok(mut s) = g.parse_position(&text, 0) {
                    read += 1;
                    let mut agent = Pcg64Mcg::seed_from_u64(1);
                    let mut legal = Vec::new();
                    for _ in 0..4 {
                        let _ = g.people(&s);
                        let _ = g.people_score(&s);
                        if step(&g, &mut s, &mut agent, &mut legal).is_none() {
                            break;
                        }
                    }
                }
            }
        }
        assert!(read > 0, "{name}");
    }
}
