//! `play` speaks each game's own language (issue 22): `help` and the refusals of typed
//! texts of every bundled game against golden files (`tests/data/play/GAME.input`, one
//! typed line a line; the answers in `GAME.out`; re-bless with `TESSEL_BLESS=1`), no chess
//! hint outside chess, no bookkeeping name (`_…`) on any screen, resigning and offering a
//! draw in every game.

use super::*;

const GAMES: &[&str] = &[
    "amazons",
    "breakthrough",
    "chess",
    "connect-four",
    "english-draughts",
    "fanorona",
    "go",
    "gomoku",
    "hex",
    "international-draughts",
    "kalah",
    "mu",
    "muso",
    "muso-3p",
    "muso-4p",
    "muso-kawa",
    "mutou",
    "mutou-drawn",
    "nine-mens-morris",
    "oicustiytac",
    "othello",
    "oware",
    "shogi",
    "tablut",
    "tic-tac-toe",
    "veney",
    "veney-donkey",
    "veney-fairy",
    "xiangqi",
];

/// What `play` answered to each typed line: the text after each prompt, up to the board
/// drawn next (a blank line) or the next prompt.
fn answers(out: &str) -> String {
    let mut each = Vec::new();
    for part in out.split(" to move> ").skip(1) {
        // A decision played: the board is drawn again at once.
        if part.starts_with('\n') {
            each.push("(played)".to_string());
            continue;
        }
        let answer = part.split("\n\n").next().unwrap_or("").trim_end();
        if !answer.is_empty() && !answer.starts_with("Moves:") {
            each.push(answer.to_string());
        }
    }
    each.join("\n") + "\n"
}

fn run(game: &str) -> (String, String) {
    let input =
        std::fs::read_to_string(format!("tests/data/play/{game}.input")).expect("the typed lines");
    let (code, out) = tessel_with_input(&["play", game], &format!("{input}quit\n"));
    assert_eq!(code, 0, "{game}: {out}");
    (input, out)
}

#[test]
fn help_and_refusals_of_every_bundled_game_match_their_golden_files() {
    let mut failures = Vec::new();
    for game in GAMES {
        let (_, out) = run(game);
        let actual = answers(&out);
        let path = format!("tests/data/play/{game}.out");
        if std::env::var_os("TESSEL_BLESS").is_some() {
            std::fs::write(&path, &actual).expect("writable");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{game}: answers differ\n--- expected\n{expected}--- actual\n{actual}"
            )),
            Err(_) => failures.push(format!("{path}: missing (TESSEL_BLESS=1)\n{actual}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_chess_hint_outside_chess_and_no_bookkeeping_names_on_screen() {
    for game in GAMES {
        let (_, out) = run(game);
        if *game != "chess" {
            for hint in ["e2e4", "e7e8=Q", "S@c3", "origin and destination"] {
                assert!(!out.contains(hint), "{game} shows `{hint}`:\n{out}");
            }
        }
        assert_no_bookkeeping(game, &out);
    }
    // Chance in words: a draw into a zone.
    let (_, out) = run("oicustiytac");
    assert!(
        out.contains("chance: hand=o (o is drawn into the hand)"),
        "{out}"
    );
}

fn assert_no_bookkeeping(game: &str, out: &str) {
    let bytes = out.as_bytes();
    for (i, _) in out.match_indices('_') {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + 1).copied();
        let starts_word = !before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_');
        assert!(
            !(starts_word && after.is_some_and(|a| a.is_ascii_alphabetic())),
            "{game} shows a name beginning with `_` at {i}: …{}…",
            &out[i.saturating_sub(40)..(i + 40).min(out.len())]
        );
    }
}

#[test]
fn the_legal_decisions_are_explained_in_the_games_words() {
    let (_, out) = run("veney");
    assert!(
        out.contains("`SY6` is well-formed, but the self (S) on Y4 cannot do that now"),
        "{out}"
    );
    let (_, out) = run("chess");
    assert!(
        out.contains("`e7e5`: the pawn (p) on e7 is black's, and it is white's turn"),
        "{out}"
    );
    assert!(out.contains("Pieces: K/k king"), "{out}");
}

#[test]
fn resigning_ends_any_game_and_replays_the_same() {
    let dir = std::env::temp_dir().join(format!("tessel-resign-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let rec = dir.join("r.json");
    let rec_s = rec.to_string_lossy().to_string();
    let (code, out) = tessel_with_input(
        &["play", "oicustiytac", "--record", &rec_s],
        "B@e1\nresign\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Game over: black resigns: white wins."),
        "{out}"
    );
    let (code, out, err) = tessel(&["replay", &rec_s]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("black resigns: white wins"), "{out}");
    // A draw offered and accepted; one declined goes on.
    let (code, out) = tessel_with_input(
        &["play", "chess", "--record", &rec_s],
        "e2e4\ndraw\nno\ndraw\nyes\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("The draw is declined; play goes on."), "{out}");
    assert!(out.contains("Game over: draw agreed: no winner."), "{out}");
    let (_, out, _) = tessel(&["replay", &rec_s]);
    assert!(out.contains("draw agreed"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
