//! The computer's levels and budgets on the command line: `hint`, `--think`, a seeded
//! game with a playout count that replays exactly, seconds a decision in `analyze`.

use super::*;

#[test]
fn hint_suggests_a_move_and_says_how_sure() {
    let (code, out) = tessel_with_input(
        &["play", "chess", "--ai", "normal", "--playouts", "60"],
        "hint\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("hint: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("playouts went to it") && line.contains("won"),
        "{line}"
    );
    // A win at once is said so.
    let (_, out) = tessel_with_input(
        &[
            "play",
            "chess",
            "--position",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        ],
        "hint\nquit\n",
    );
    assert!(out.contains("hint: a1a8 (it wins at once)"), "{out}");
}

#[test]
fn think_is_accepted_and_checked() {
    let (code, out) = tessel_with_input(
        &[
            "play", "chess", "--ai", "strong", "--think", "0.05", "--human", "black",
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("white plays"), "{out}");
    let (code, _, err) = tessel(&["play", "chess", "--ai", "easy", "--think=-1"]);
    assert_ne!(code, 0);
    assert!(err.contains("--think"), "{err}");
    let (code, _, err) = tessel(&["play", "chess", "--ai", "clever"]);
    assert_ne!(code, 0);
    assert!(err.contains("strong"), "{err}");
}

#[test]
fn a_seeded_game_with_a_playout_count_replays_exactly() {
    let args = [
        "play",
        "chess",
        "--ai",
        "normal",
        "--playouts",
        "40",
        "--threads",
        "1",
        "--seed",
        "9",
        "--human",
        "black",
    ];
    let input = "e7e5\nb8c6\ng8f6\nquit\n";
    let (_, a) = tessel_with_input(&args, input);
    let (_, b) = tessel_with_input(&args, input);
    let moves = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("white plays"))
            .map(String::from)
            .collect()
    };
    assert!(moves(&a).len() >= 2, "{a}");
    assert_eq!(moves(&a), moves(&b));
}

#[test]
fn analyze_reports_seconds_a_decision_and_the_level() {
    let (code, out, err) = tessel(&[
        "analyze",
        "chess",
        "--games",
        "2",
        "--agents",
        "easy,greedy",
        "--max-plies",
        "20",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["seats"][0]["agent"], "easy");
    assert!(
        v["seats"][0]["seconds_per_decision"]["median"]
            .as_f64()
            .unwrap_or(-1.0)
            > 0.0
    );
}
