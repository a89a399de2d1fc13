//! The conventions every command keeps: colour only on a terminal (`--color`,
//! `NO_COLOR`), `-o` as `--option` with the output file a flag of its own, the `--json`
//! shapes of `list`, `options` and `check`, and `render --record` with the record's
//! options.

use super::*;
use std::path::PathBuf;

const BROKEN: &str = "tests/data/check/err/unknown-direction.tessel";

/// `tessel ARGS` with standard output and error piped, as from a terminal that takes
/// colour (`TERM` set, no `NO_COLOR`) unless `env` says otherwise.
fn piped(args: &[&str], env: &[(&str, &str)], input: &str) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tessel"));
    command
        .args(args)
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("tessel runs");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("tessel ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessel-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A record of a short chess game, with an option set.
fn record(dir: &std::path::Path) -> String {
    let rec = dir.join("game.json").to_string_lossy().to_string();
    let (code, _) = tessel_with_input(
        &["play", "chess", "-o", "fifty=20", "--record", &rec],
        "e2e4\nquit\n",
    );
    assert_eq!(code, 0);
    rec
}

#[test]
fn a_piped_run_of_every_command_has_no_escape_codes() {
    let dir = scratch("piped");
    let rec = record(&dir);
    let svg = dir.join("out.svg").to_string_lossy().to_string();
    let runs: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--help"], ""),
        (vec!["check", "--help"], ""),
        (vec!["list", "--no-such-flag"], ""),
        (vec!["list"], ""),
        (vec!["list", "--json"], ""),
        (vec!["rules", "mu"], ""),
        (vec!["check", "chess"], ""),
        (vec!["check", BROKEN], ""),
        (vec!["check", BROKEN, "--json"], ""),
        (vec!["check", "no-such-game"], ""),
        (vec!["options", "veney"], ""),
        (vec!["options", "veney", "--json"], ""),
        (vec!["moves", "chess"], ""),
        (vec!["moves", "chess", "--position", "8/8 w"], ""),
        (vec!["perft", "chess", "--depth", "2", "--divide"], ""),
        (vec!["random", "chess", "--games", "2"], ""),
        (vec!["play", "chess"], "e2e5\nhelp\ne2e4\nquit\n"),
        (vec!["render", "chess", "-O", &svg], ""),
        (vec!["bench", "chess", "--depth", "1", "--games", "2"], ""),
        (vec!["analyze", "chess", "--games", "2"], ""),
        (vec!["replay", &rec], ""),
        (vec!["plugin", "check", "plugins/rook.wat"], ""),
    ];
    for (args, input) in runs {
        let (_, out, err) = piped(&args, &[], input);
        assert!(
            !out.contains('\x1b') && !err.contains('\x1b'),
            "tessel {}: escape codes in\n{out}\n{err}",
            args.join(" ")
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let (_, _, err) = piped(&["--color", "always", "check", BROKEN], &[], "");
    assert!(err.contains('\x1b'), "--color always colours: {err}");
    let (_, _, err) = piped(
        &["check", BROKEN, "--color=always"],
        &[("NO_COLOR", "1")],
        "",
    );
    assert!(err.contains('\x1b'), "the flag wins over NO_COLOR: {err}");
    let (_, _, err) = piped(&["--color", "never", "check", BROKEN], &[], "");
    assert!(!err.contains('\x1b'), "{err}");
    let (code, _, err) = piped(&["--color", "sometimes", "list"], &[], "");
    assert_eq!(code, 2, "{err}");
    // On a terminal (util-linux `script` gives the command one): colour, unless NO_COLOR
    // or `--color never`.
    let terminal = |command: &str, no_color: bool| -> Option<String> {
        let mut c = Command::new("script");
        c.args(["-qec", command, "/dev/null"])
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR");
        if no_color {
            c.env("NO_COLOR", "1");
        }
        let out = c.output().ok().filter(|o| o.status.code().is_some())?;
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let bin = env!("CARGO_BIN_EXE_tessel");
    let Some(shown) = terminal(&format!("{bin} check {BROKEN}"), false) else {
        eprintln!("no `script` here: the terminal half is not tried");
        return;
    };
    assert!(shown.contains("E0103") && shown.contains('\x1b'), "{shown}");
    let shown = terminal(&format!("{bin} check {BROKEN}"), true).expect("script");
    assert!(
        shown.contains("E0103") && !shown.contains('\x1b'),
        "{shown}"
    );
    let shown = terminal(&format!("{bin} --color never check {BROKEN}"), false).expect("script");
    assert!(
        shown.contains("E0103") && !shown.contains('\x1b'),
        "{shown}"
    );
}

#[test]
fn dash_o_is_an_option_everywhere_and_the_output_has_its_own_flag() {
    let dir = scratch("dash-o");
    let rec = record(&dir);
    let svg = dir.join("a.svg").to_string_lossy().to_string();
    for args in [
        vec!["check", "chess", "-o", "fifty=0"],
        vec!["rules", "chess", "-o", "fifty=0"],
        vec!["options", "chess", "-o", "fifty=0"],
        vec!["moves", "chess", "-o", "fifty=0"],
        vec!["perft", "chess", "-o", "fifty=0", "--depth", "1"],
        vec!["random", "chess", "-o", "fifty=0", "--games", "1"],
        vec![
            "bench", "chess", "-o", "fifty=0", "--depth", "1", "--games", "1",
        ],
        vec!["analyze", "chess", "-o", "fifty=0", "--games", "1"],
        vec!["render", "chess", "-o", "fifty=0", "-O", &svg],
        vec!["render", "chess", "-o", "fifty=0", "--output", &svg],
    ] {
        let (code, _, err) = tessel(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let (code, out) = tessel_with_input(&["play", "chess", "-o", "fifty=0"], "quit\n");
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = tessel(&["replay", &rec, "-o", "fifty=0"]);
    assert_eq!(code, 0, "{err}");
    // `-o FILE` is no longer the picture's file: it says where the file goes.
    let (code, out, err) = tessel(&["render", "chess", "-o", &svg]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("should be NAME=VALUE") && err.contains("--output FILE"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn render_record_uses_the_records_options() {
    let dir = scratch("render-record");
    let rec = dir.join("mu.json").to_string_lossy().to_string();
    let (code, _) = tessel_with_input(
        &["play", "mu", "-o", "players=3", "--record", &rec],
        "quit\n",
    );
    assert_eq!(code, 0);
    let (code, from_record, err) = tessel(&["render", "mu", "--record", &rec]);
    assert_eq!(code, 0, "{err}");
    // The table's size (the picture's first line) comes from the number of players.
    let first = |svg: &str| svg.lines().next().unwrap_or_default().to_string();
    let (_, three, _) = tessel(&["render", "mu", "-o", "players=3"]);
    let (_, two, _) = tessel(&["render", "mu"]);
    assert_ne!(
        first(&three),
        first(&two),
        "three players sit at a larger table"
    );
    assert_eq!(
        first(&from_record),
        first(&three),
        "the record's players=3 is used"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn list_json_has_every_game_with_players_and_summary() {
    let (code, out, _) = tessel(&["list", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    let games = v["games"].as_array().expect("games");
    assert!(games.len() >= 12, "{out}");
    for g in games {
        let name = g["name"].as_str().expect("name");
        assert!(g["title"].is_string(), "{g}");
        let (min, max) = (g["players"]["min"].as_u64(), g["players"]["max"].as_u64());
        assert!(min.is_some_and(|m| m >= 1) && max >= min, "{name}: {g}");
        let summary = g["summary"].as_str().expect("summary");
        assert!(!summary.is_empty(), "{name} has no `about` summary");
    }
    let mu = games.iter().find(|g| g["name"] == "mu").expect("mu");
    assert_eq!(mu["players"], serde_json::json!({"min": 2, "max": 8}));
}

#[test]
fn options_json_gives_kinds_choices_values_and_meaning() {
    let (code, out, _) = tessel(&["options", "veney", "--json", "-o", "setup=turns"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["game"], "Veney");
    let options = v["options"].as_array().expect("options");
    let setup = options
        .iter()
        .find(|o| o["name"] == "setup")
        .expect("setup");
    assert_eq!(setup["kind"], "choice");
    assert_eq!(
        setup["choices"],
        serde_json::json!(["baseline", "turns", "concealed"])
    );
    assert_eq!(setup["value"], "turns");
    assert_eq!(setup["default"], "baseline");
    assert!(setup["doc"].as_str().is_some_and(|d| !d.is_empty()));
    let (_, out, _) = tessel(&["options", "mu", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    let players = &v["options"][0];
    assert_eq!(players["name"], "players");
    assert_eq!(players["kind"], "int");
    assert_eq!(players["choices"], serde_json::json!([]));
}

#[test]
fn check_json_places_each_diagnostic() {
    let (code, out, err) = tessel(&["check", "chess", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["ok"], true);
    assert_eq!(v["diagnostics"], serde_json::json!([]));
    let (code, out, err) = tessel(&["check", BROKEN, "--json"]);
    assert_eq!(code, 1);
    assert!(err.is_empty(), "JSON alone: {err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["ok"], false);
    assert_eq!(v["errors"], 1);
    assert_eq!(v["warnings"], 0);
    let d = &v["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["code"], "E0103");
    assert_eq!(d["message"], "there is no direction `north`");
    assert_eq!(d["place"]["file"], BROKEN);
    assert_eq!(d["place"]["line"], 6);
    assert_eq!(d["place"]["column"], 13);
    assert_eq!(d["place"]["end_column"], 18);
    assert_eq!(d["place"]["label"], "unknown direction");
    assert!(d["labels"].is_array());
    assert!(d["hints"][0]
        .as_str()
        .is_some_and(|h| h.contains("the board's directions")));
}
