//! `list`, `check`, `moves`, `perft`, `random`, `options` and `plugin check`, and the README's
//! examples: the small subcommands, run as a user would.

use super::*;

#[test]
fn list_shows_bundled_games() {
    let (code, out, _) = tessel(&["list"]);
    assert_eq!(code, 0);
    assert!(out.contains("chess"), "{out}");
    // The players column starts at the same place on every line, however long the name.
    let column: Vec<usize> = out.lines().filter_map(|l| l.find(" players")).collect();
    let starts: Vec<usize> = out
        .lines()
        .zip(&column)
        .map(|(l, &c)| {
            l[..c]
                .trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '-')
                .len()
        })
        .collect();
    assert!(starts.windows(2).all(|w| w[0] == w[1]), "{out}");
}

#[test]
fn check_clean_and_broken() {
    let (code, out, _) = tessel(&["check", "chess"]);
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = tessel(&["check", "tests/data/check/err/unknown-direction.tessel"]);
    assert_eq!(code, 1);
    assert!(err.contains("E0103"), "{err}");
    let (code, _, err) = tessel(&["check", "no-such-game"]);
    assert_eq!(code, 1);
    assert!(err.contains("neither a file nor a bundled game"), "{err}");
}

#[test]
fn moves_from_a_position() {
    let (code, out, _) = tessel(&[
        "moves",
        "chess",
        "--position",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    ]);
    assert_eq!(code, 0);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 6, "{out}"); // e3 e4 and four king moves
    assert!(moves.contains(&"e2e4"));
    let (code, _, err) = tessel(&[
        "moves",
        "chess",
        "--position",
        "4k3/8/8/8/8/8/4P3/4K3 w - - zero 1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("E0401"), "{err}");
}

#[test]
fn perft_json() {
    let (code, out, _) = tessel(&["perft", "chess", "--depth", "3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["depth"], 3);
    assert_eq!(v["nodes"], 8902);
    assert!(v["seconds"].is_number() && v["nps"].is_number());
}

#[test]
fn perft_divide_sums() {
    let (code, out, _) = tessel(&["perft", "chess", "--depth", "2", "--divide"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().filter(|l| l.ends_with(": 20")).count(),
        20,
        "{out}"
    );
}

#[test]
fn random_is_replayable() {
    let args = ["random", "chess", "--games", "5", "--seed", "42", "--json"];
    let (code, a, _) = tessel(&args);
    assert_eq!(code, 0);
    let (_, b, _) = tessel(&args);
    let ga: serde_json::Value = serde_json::from_str(a.trim()).expect("json");
    let gb: serde_json::Value = serde_json::from_str(b.trim()).expect("json");
    assert_eq!(ga["games"], gb["games"]);
    assert_eq!(ga["games"].as_array().map(|a| a.len()), Some(5));
    let (_, c, _) = tessel(&["random", "chess", "--games", "5", "--seed", "43", "--json"]);
    let gc: serde_json::Value = serde_json::from_str(c.trim()).expect("json");
    assert_ne!(ga["games"], gc["games"]);
}

#[test]
fn options_change_the_game() {
    let (code, out, _) = tessel(&[
        "random",
        "chess",
        "--games",
        "3",
        "--seed",
        "1",
        "--option",
        "max_plies=10",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    for g in v["games"].as_array().expect("games") {
        assert!(g["plies"].as_u64().unwrap_or(99) <= 10);
    }
    let (code, _, err) = tessel(&["random", "chess", "--option", "nonsense=1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no option `nonsense`"), "{err}");
}

#[test]
fn plugin_check_says_what_a_module_answers_or_what_is_wrong() {
    let (code, out, err) = tessel(&["plugin", "check", "plugins/rook.wat"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("ABI version 1 ok") && out.contains("d4d5 d4e4"),
        "{out}"
    );
    let (code, _, err) = tessel(&["plugin", "check", "tests/data/plugins/loop.wat"]);
    assert_eq!(code, 1);
    assert!(err.contains("ran out of fuel"), "{err}");
    let (code, _, err) = tessel(&["plugin", "check", "tests/data/plugins/version.wat"]);
    assert_eq!(code, 1);
    assert!(err.contains("ABI version 7"), "{err}");
    // The bundled Veney with fairy pieces finds its bundled plug-ins.
    let (code, out, err) = tessel(&["moves", "veney-fairy"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("K*X3") && out.contains("O*Z3"), "{out}");
    // A game with a plug-in piece plays in the terminal.
    let (code, out) = tessel_with_input(
        &["play", "tests/data/plugins/rook-by-plugin.tessel"],
        "a1a4\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("white to move"), "{out}");
}

#[test]
fn a_bundled_ruleset_finds_its_bundled_drawn_area_from_anywhere() {
    let dir = std::env::temp_dir().join(format!("tessel-area-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let out = dir.join("table.svg");
    let status = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .current_dir(&dir)
        .args(["render", "mutou-drawn", "-O", "table.svg"])
        .status()
        .expect("tessel runs");
    assert!(status.success());
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(svg.contains(">wedge<"), "the hand-drawn tessel is drawn");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 17: the README's example moves are legal for the commands they follow (they were
/// `i1i2` for MuTou with three players and `SY6` for Veney's start, both illegal).
#[test]
fn the_readme_example_moves_are_legal_where_they_are_shown() {
    let readme = std::fs::read_to_string("README.md").expect("README");
    let comment = |command: &str| -> String {
        let line = readme
            .lines()
            .find(|l| l.contains(command))
            .unwrap_or_else(|| panic!("no `{command}` in the README"));
        line.split_once('#').expect("a comment").1.to_string()
    };
    // Each sequence is played from the start, by people at the terminal.
    for (command, args, sequences) in [
        (
            "play mutou -o players=3 --ai normal",
            &["play", "mutou", "-o", "players=3"][..],
            &[
                // The others decline to call a choice, then red ends the turn.
                &["e1e2", "pass", "pass", "pass"][..],
                &["rest"][..],
                &["rand@h1"][..],
                &["pick@e1", "give_walker@f1"][..],
            ][..],
        ),
        (
            "play veney --ai random",
            &["play", "veney"][..],
            &[&["D*X3"][..]][..],
        ),
    ] {
        let shown = comment(command);
        for moves in sequences {
            for m in *moves {
                assert!(
                    shown.contains(m),
                    "the README's `{command}` shows {m}: {shown}"
                );
            }
            let input = format!("{}\nquit\n", moves.join("\n"));
            let (code, out) = tessel_with_input(args, &input);
            assert_eq!(code, 0);
            let played = format!("Moves: {}", moves.join(" "));
            assert!(out.contains(&played), "{command} {moves:?}: {out}");
        }
    }
}
