//! `tessel play`: moves typed at the prompt, the AI, undo, and the clocks (beats, a chess
//! clock, an hourglass).

use super::*;

#[test]
fn play_fools_mate() {
    let (code, out) = tessel_with_input(&["play", "chess"], "f2f3\ne7e5\ng2g4\nd8h4\n");
    assert_eq!(code, 0);
    assert!(out.contains("Game over: checkmate — black wins."), "{out}");
}

#[test]
fn play_rejects_illegal_and_undoes() {
    let (code, out) =
        tessel_with_input(&["play", "chess"], "e2e5\nhello\ne2e4\nundo\nmoves\nquit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("`e2e5` is well-formed, but not legal now; the pawn (P) on e2 may: e2e3 e2e4"),
        "{out}"
    );
    assert!(
        out.contains("`hello` is not written like any decision white can make now"),
        "{out}"
    );
    assert!(out.contains("a2a3"), "{out}");
}

#[test]
fn play_against_random_ai_ends_on_eof() {
    let (code, out) = tessel_with_input(
        &["play", "chess", "--ai", "random", "--seed", "5"],
        "e2e4\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("black plays"), "{out}");
}

#[test]
fn play_says_why_a_move_is_forbidden() {
    let (code, out) = tessel_with_input(&["play", "chess"], "e2e4\ne7e5\nf1c4\nd8h4\nf2f3\nquit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("`f2f3` is not allowed: the king would be left in check"),
        "{out}"
    );
}

#[test]
fn play_with_beats_passes_the_turn_of_a_player_who_misses_the_beat() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args([
            "play",
            "rulesets/mutou.tessel",
            "-o",
            "choices=off",
            "--beats",
            "1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel runs");
    let mut input = child.stdin.take().expect("stdin");
    // In time: red's first move stands.
    input.write_all(b"i1i2\n").expect("input");
    input.flush().expect("flush");
    // Too late: the second comes after its beat, and red's turn passes.
    std::thread::sleep(std::time::Duration::from_millis(1600));
    input.write_all(b"i2i3\nquit\n").expect("input");
    drop(input);
    let out = child.wait_with_output().expect("tessel ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("s of the beat)>"), "{text}");
    assert!(
        text.contains("red missed the beat: `i2i3` comes too late, and the turn passes"),
        "{text}"
    );
    assert!(text.contains("Moves: i1i2 pass"), "{text}");
}

#[test]
fn a_chess_clock_in_play_loses_the_game_for_the_player_out_of_time() {
    let text = play_timed(
        &["play", "chess", "--clock", "1+0"],
        &[(0, "e2e4"), (1300, "e7e5"), (0, "quit")],
    );
    assert!(text.contains("(clock 0:"), "{text}");
    assert!(
        text.contains("Game over: black ran out of time: white wins."),
        "{text}"
    );
}

#[test]
fn an_hourglass_gives_the_next_player_what_the_last_one_used() {
    // White moves at once: black's glass holds almost nothing, and black is too slow.
    let text = play_timed(
        &["play", "chess", "--hourglass", "5"],
        &[(0, "e2e4"), (600, "e7e5"), (0, "quit")],
    );
    assert!(text.contains("(glass 5.0 s)"), "{text}");
    assert!(
        text.contains("Game over: black ran out of time: white wins."),
        "{text}"
    );
}

/// Issue 17, item 7: a late first decision, when `pass` is not legal (MuTou's turn begins
/// with a move or a rest), still costs the turn: the decision the rules offer that ends
/// the turn without moving a piece (MuTou's `rest`) is taken instead.
#[test]
fn play_with_beats_a_late_first_decision_still_costs_the_turn() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args([
            "play",
            "rulesets/mutou.tessel",
            "-o",
            "choices=off",
            "--beats",
            "1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel runs");
    let mut input = child.stdin.take().expect("stdin");
    std::thread::sleep(std::time::Duration::from_millis(2500));
    input.write_all(b"i1i2\nquit\n").expect("input");
    drop(input);
    let out = child.wait_with_output().expect("tessel ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("red missed the beat: `i1i2` comes too late, and the turn passes: rest"),
        "{text}"
    );
    assert!(text.contains("Moves: rest"), "{text}");
}

#[test]
fn mu_plays_on_a_board_built_in_play() {
    // Three players lay segments: red's first goes in the middle of the table by itself.
    let (code, out) = tessel_with_input(
        &["play", "mu", "--option", "players=3"],
        "lay@a1\nmoves\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Key: o room for a segment's centre"), "{out}");
    assert!(out.contains("red lay@j10 (the only decision)"), "{out}");
    assert!(
        out.contains("`lay@a1` is not written like any decision blue can make now (the board has no cell `a1`)"),
        "{out}"
    );
    assert!(out.contains("blue to move>"), "{out}");
    // A random assembly for a quick start: the board, the men and the segments that may move.
    // The board is saved, and another game starts from it.
    let dir = std::env::temp_dir().join(format!("tessel-mu-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("board.txt");
    let (code, out) = tessel_with_input(
        &[
            "play",
            "mu",
            "-o",
            "players=3",
            "-o",
            "setup=random",
            "--ai",
            "random",
        ],
        &format!("position {}\nquit\n", file.display()),
    );
    assert_eq!(code, 0);
    assert!(out.contains("r*"), "red's men may move: {out}");
    assert!(out.contains(" g ") && out.contains(" b "), "{out}");
    assert!(out.contains("stage 2"), "{out}");
    assert!(out.contains("position written to"), "{out}");
    let at = format!("@{}", file.display());
    // The whole state is saved: the game goes on with the options it was played with.
    let (code, moves, err) = tessel(&[
        "moves",
        "mu",
        "-o",
        "players=3",
        "-o",
        "setup=random",
        "--position",
        &at,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        moves.lines().count() > 10 && moves.contains("pass"),
        "{moves}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
