//! Plug-ins: one that fails in the middle of a game stops every command with a non-zero
//! exit; modules too large to compile at every start, or with mistyped exports, are refused;
//! a module's log cannot command the terminal (issue 19, items 4, 6 and 7).

use super::*;

const LATE: &str = "tests/data/plugins/trap-later.tessel";

/// Says the plug-in failed, by name, and ended with exit code 1.
fn stopped_by_the_plug_in(out: &Outcome, what: &str) {
    assert!(out.ended_cleanly(), "{what}: {out:?}");
    assert_eq!(out.code, Some(1), "{what}: {}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("plug-in `trap-later.wat`: trapped"),
        "{what}: {}",
        out.stderr
    );
}

#[test]
fn a_plug_in_failing_mid_game_stops_analyze_random_perft_and_bench() {
    let out = run(&["analyze", LATE, "--games", "5", "--seed", "1"], "");
    stopped_by_the_plug_in(&out, "analyze");
    assert!(!out.stdout.contains("wins"), "no figures: {}", out.stdout);
    let out = run(&["random", LATE, "--games", "5", "--seed", "1"], "");
    stopped_by_the_plug_in(&out, "random");
    assert!(
        out.stderr.contains("stopped in game 1 of 5"),
        "{}",
        out.stderr
    );
    assert!(
        !out.stdout.contains("games of"),
        "no figures: {}",
        out.stdout
    );
    stopped_by_the_plug_in(&run(&["perft", LATE, "--depth", "4"], ""), "perft");
    stopped_by_the_plug_in(&run(&["bench", LATE, "--depth", "3"], ""), "bench");
}

#[test]
fn a_plug_in_failing_mid_game_stops_play_keeping_the_record() {
    let record = scratch_dir().join("late-trap.json");
    let out = run(
        &["play", LATE, "--record", path_str(&record)],
        "c1c2\nb3b1\nc2c3\n",
    );
    stopped_by_the_plug_in(&out, "play");
    let kept = std::fs::read_to_string(&record).expect("the record is kept");
    assert!(kept.contains("\"b3b1\""), "{kept}");
}

#[test]
fn replay_refuses_the_decision_at_which_a_plug_in_failed() {
    let text = file("late-trap.txt", "1. c1c2 b3b1 2. c2c3\n");
    let out = run(&["replay", path_str(&text), "--rules", LATE], "");
    stopped_by_the_plug_in(&out, "replay");
    assert!(out.stderr.contains("decision 3 (c2c3)"), "{}", out.stderr);
}

/// A ruleset in the scratch folder whose plug-in is `module` (text written beside it).
fn with_module(name: &str, module: &str) -> PathBuf {
    file(&format!("{name}.wat"), module);
    let rules = std::fs::read_to_string(LATE)
        .expect("rules")
        .replace("trap-later.wat", &format!("{name}.wat"));
    file(&format!("{name}.tessel"), &rules)
}

#[test]
fn check_refuses_exports_of_the_wrong_type() {
    let rules = with_module(
        "mistyped",
        "(module (memory (export \"memory\") 1)\n\
         (func (export \"tessel_abi_version\") (result i32) (i32.const 1))\n\
         (func (export \"tessel_input\") (result i32) (i32.const 1024))\n\
         (func (export \"tessel_moves\") (param i32) (result i32) (i32.const 0)))\n",
    );
    let out = run(&["check", path_str(&rules)], "");
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        out.stderr
            .contains("exports `tessel_input`, but not as a function `(len: i32) -> i32`"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_module_with_too_many_functions_is_refused_before_it_is_compiled() {
    let mut module = String::from(
        "(module (memory (export \"memory\") 1)\n\
         (func (export \"tessel_abi_version\") (result i32) (i32.const 1))\n\
         (func (export \"tessel_input\") (param i32) (result i32) (i32.const 1024))\n\
         (func (export \"tessel_moves\") (param i32) (result i32) (i32.const 0))\n",
    );
    for i in 0..20_000 {
        module.push_str(&format!("(func $f{i} (result i32) (i32.const {i}))\n"));
    }
    module.push(')');
    let rules = with_module("many", &module);
    let out = run(&["check", path_str(&rules)], "");
    assert!(out.ended_cleanly(), "{out:?}");
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        out.stderr.contains("a plug-in may define at most 10000"),
        "{}",
        out.stderr
    );
    let out = run(
        &["plugin", "check", path_str(&scratch_dir().join("many.wat"))],
        "",
    );
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(out.stderr.contains("at most 10000"), "{}", out.stderr);
}

#[test]
fn a_module_log_cannot_command_the_terminal() {
    let module = std::fs::read_to_string("tests/data/plugins/escape.wat").expect("module");
    let rules = with_module("escape", &module);
    for args in [
        vec!["random", path_str(&rules), "--games", "1"],
        vec!["play", path_str(&rules)],
    ] {
        let out = run(&args, "");
        assert_eq!(out.code, Some(1), "{out:?}");
        let all = format!("{}{}", out.stdout, out.stderr);
        assert!(
            !all.contains('\x1b') && !all.contains('\x07') && !all.contains('\r'),
            "{all:?}"
        );
        assert!(all.contains("\\u{1b}[2J"), "{all}");
    }
}
