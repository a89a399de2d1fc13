//! The `tessel` command end to end: each subcommand run as a user would.

use std::io::Write;
use std::process::{Command, Stdio};

fn tessel(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(args)
        .output()
        .expect("tessel runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tessel_with_input(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let out = child.wait_with_output().expect("tessel ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn list_shows_bundled_games() {
    let (code, out, _) = tessel(&["list"]);
    assert_eq!(code, 0);
    assert!(out.contains("chess"), "{out}");
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
    assert!(out.contains("`e2e5` is not a legal move here"), "{out}");
    assert!(out.contains("`hello` is not a move"), "{out}");
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
fn records_save_load_and_replay() {
    let dir = std::env::temp_dir().join(format!("tessel-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rec = dir.join("game.json");
    let rec_s = rec.to_string_lossy().to_string();
    let (code, _) = tessel_with_input(&["play", "chess", "--record", &rec_s], "e2e4\ne7e5\nquit\n");
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&rec).expect("record written");
    assert!(text.contains("\"e7e5\""), "{text}");
    // Continue the saved game: it is replayed, and the new move is saved too.
    let (code, out) = tessel_with_input(&["play", "chess", "--load", &rec_s], "g1f3\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("Loaded 2 decisions"), "{out}");
    let (code, out, _) = tessel(&["replay", &rec_s, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["decisions"], 3);
    assert_eq!(
        v["position"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    // A broken record is refused with the number of the bad decision, and nothing panics.
    std::fs::write(
        &rec,
        r#"{"tessel_record":1,"ruleset":"chess","decisions":["e2e4","e2e4"]}"#,
    )
    .expect("write");
    let (code, _, err) = tessel(&["replay", &rec_s]);
    assert_eq!(code, 1);
    assert!(err.contains("decision 2"), "{err}");
    std::fs::write(&rec, "not json").expect("write");
    let (code, _, err) = tessel(&["replay", &rec_s]);
    assert_eq!(code, 2);
    assert!(err.contains("not a JSON record"), "{err}");
    std::fs::write(&rec, "{ broken").expect("write");
    let (code, _, err) = tessel(&["replay", &rec_s]);
    assert_eq!(code, 1);
    assert!(err.contains("not a game record"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chance_games_replay_exactly() {
    let dir = std::env::temp_dir().join(format!("tessel-dice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rec = dir.join("race.json");
    let rec_s = rec.to_string_lossy().to_string();
    let rules = "tests/data/check/ok/dice-race.tessel";
    let (code, out) = tessel_with_input(
        &[
            "play", rules, "--ai", "random", "--seed", "9", "--record", &rec_s,
        ],
        &"pass\n".repeat(60),
    );
    assert_eq!(code, 0);
    assert!(out.contains("chance: throw="), "{out}");
    let (code, out, err) = tessel(&["replay", &rec_s, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert!(v["decisions"].as_u64().unwrap_or(0) > 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_reports_json() {
    let (code, out, err) = tessel(&[
        "analyze",
        "chess",
        "--games",
        "6",
        "--seed",
        "3",
        "--agents",
        "random,greedy",
        "--max-plies",
        "300",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["games"], 6);
    assert_eq!(v["seats"][1]["agent"], "greedy");
    assert!(v["seats"][0]["win_rate"]["high"].as_f64().is_some());
    assert!(v["turns"]["median"].is_number() && v["mean_branching"].as_f64().unwrap_or(0.0) > 1.0);
    let (code, _, err) = tessel(&["analyze", "chess", "--agents", "random,random,random"]);
    assert_eq!(code, 1);
    assert!(err.contains("3 agents for 2 players"), "{err}");
    let (code, _, err) = tessel(&["analyze", "chess", "--agents", "smart"]);
    assert_eq!(code, 1);
    assert!(err.contains("no agent `smart`"), "{err}");
}

#[test]
fn render_and_bench() {
    let (code, out, _) = tessel(&["render", "chess"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("<svg") && out.trim_end().ends_with("</svg>"),
        "{out}"
    );
    assert_eq!(out.matches("<circle").count(), 32);
    let (code, out, _) = tessel(&[
        "render",
        "tests/data/check/ok/explicit-board-per-player-dirs.tessel",
    ]);
    assert_eq!(code, 0, "{out}");
    let (code, out, err) = tessel(&["bench", "chess", "--depth", "3", "--games", "5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["nodes"], 8902);
    assert!(v["playouts_per_second"].as_f64().unwrap_or(0.0) > 0.0);
}

#[test]
fn analyze_saves_replayable_records() {
    let dir = std::env::temp_dir().join(format!("tessel-analyze-{}", std::process::id()));
    let d = dir.to_string_lossy().to_string();
    let (code, _, err) = tessel(&[
        "analyze",
        "oicustiytac",
        "--games",
        "2",
        "--seed",
        "4",
        "--option",
        "rounds=1",
        "--records",
        &d,
    ]);
    assert_eq!(code, 0, "{err}");
    for seed in [4, 5] {
        let rec = dir.join(format!("game-{seed}.json"));
        let (code, out, err) = tessel(&["replay", &rec.to_string_lossy(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
        assert!(
            v["result"].as_str().is_some_and(|r| r.contains("match")),
            "{out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn muso_plays_records_and_round_trips_its_game_text() {
    let dir = std::env::temp_dir().join(format!("tessel-cli-muso-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let json = dir.join("game.json");
    let input = "A@c1\nU@d1\nS@e1\nW@f1\nK@g1\nk@c7\nw@d7\ns@e7\nu@f7\na@g7\nc2c3\nd6d5\nquit\n";
    let (code, out) = tessel_with_input(
        &["play", "muso", "--record", json.to_str().expect("path")],
        input,
    );
    assert_eq!(code, 0, "{out}");
    // The board shows telo, kasi reserves and scores.
    assert!(
        out.contains('~') && out.contains("kili_left: a4 4, i4 4"),
        "{out}"
    );
    assert!(out.contains("points: red 0, black 0"), "{out}");
    let (code, text, err) = tessel(&["replay", json.to_str().expect("path"), "--text"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(text, "0. [4] AUSWK KWSUA\n1. c2c3 d6d5\n");
    let txt = dir.join("game.txt");
    std::fs::write(&txt, &text).expect("written");
    let (code, again, err) = tessel(&[
        "replay",
        txt.to_str().expect("path"),
        "--rules",
        "muso",
        "--text",
    ]);
    assert_eq!((code, again.as_str()), (0, text.as_str()), "{err}");
    // The record's final position drawn as SVG: 20 pieces and 2 kili.
    let (code, svg, err) = tessel(&["render", "muso", "--record", json.to_str().expect("path")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(svg.matches("<circle").count(), 22);
    // Without --rules, a game text is refused with a reason.
    let (code, _, err) = tessel(&["replay", txt.to_str().expect("path")]);
    assert_eq!(code, 2);
    assert!(err.contains("--rules"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_draws_hexagons_and_shown_regions() {
    let (code, svg, err) = tessel(&["render", "tests/data/check/ok/hex-board.tessel"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(svg.matches("<polygon").count(), 19, "one hexagon per cell");
    let (code, svg, err) = tessel(&["render", "muso"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains("#a9c6e0") && svg.contains("#b7d9a8"),
        "telo and kasi are tinted"
    );
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
    assert!(out.contains("red lay@m13 (the only decision)"), "{out}");
    assert!(out.contains("`lay@a1` is not a legal move here"), "{out}");
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

#[test]
fn mu_boards_render_and_load_from_a_file() {
    let position = "4/5/6/3[rr]3/6/5/4 r 2 14 0 0 ..vv/vvvvv/vvcwcv/vvvvvvv/vvvvvv/vvvvv/vvvv \
                    ..../...../....../...o.../....../...../....";
    let dir = std::env::temp_dir().join(format!("tessel-mu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("board.txt");
    std::fs::write(&file, format!("{position}\n")).expect("written");
    let at = format!("@{}", file.display());
    let (code, svg, err) = tessel(&["render", "mu", "-o", "table=3", "--position", &at]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        svg.matches("<polygon").count(),
        35,
        "Out of Bounds is not drawn"
    );
    assert!(svg.contains("#c0392b"), "red men in red");
    assert!(svg.contains("×2"), "the column's height");
    let (code, out, err) = tessel(&["moves", "mu", "-o", "table=3", "--position", &at]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("d4f4"), "{out}");
    let (code, _, err) = tessel(&["moves", "mu", "--position", "@/no/such/file"]);
    assert_ne!(code, 0);
    assert!(err.contains("cannot read the position file"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn veney_games_are_recorded_in_its_notation_and_replay() {
    let dir = std::env::temp_dir().join(format!("tessel-veney-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rec = dir.join("game.json");
    let rec_s = rec.to_string_lossy().to_string();
    // Both seats played by the random agent (the human plays black, and quits at once).
    let (code, out) = tessel_with_input(
        &[
            "play", "veney", "--ai", "random", "--human", "black", "--seed", "4", "--record",
            &rec_s,
        ],
        "quit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("reserve: white"), "{out}");
    let (code, json, err) = tessel(&["replay", &rec_s, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert!(v["decisions"].as_u64().unwrap_or(0) >= 1);
    // Whole games by the agents, saved and replayed decision by decision to their end.
    let games = dir.join("games");
    let (code, _, err) = tessel(&[
        "analyze",
        "veney",
        "--games",
        "4",
        "--seed",
        "21",
        "--agents",
        "random",
        "--records",
        &games.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{err}");
    for seed in 21..25 {
        let rec = games.join(format!("game-{seed}.json"));
        let (code, json, err) = tessel(&["replay", &rec.to_string_lossy(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert!(
            v["result"].is_string(),
            "game {seed} replays to its end: {json}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
    // Whole seeded random games replay move for move.
    let (code, a, _) = tessel(&["random", "veney", "--games", "3", "--seed", "11", "--json"]);
    assert_eq!(code, 0);
    let (_, b, _) = tessel(&["random", "veney", "--games", "3", "--seed", "11", "--json"]);
    let strip = |s: &str| {
        let v: serde_json::Value = serde_json::from_str(s).expect("json");
        v["games"].clone()
    };
    assert_eq!(strip(&a), strip(&b));
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

/// `tessel play ARGS`, typing `lines` with a pause before each.
fn play_timed(args: &[&str], lines: &[(u64, &str)]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel runs");
    let mut input = child.stdin.take().expect("stdin");
    for (pause, line) in lines {
        std::thread::sleep(std::time::Duration::from_millis(*pause));
        let _ = input.write_all(format!("{line}\n").as_bytes());
        let _ = input.flush();
    }
    drop(input);
    let out = child.wait_with_output().expect("tessel ends");
    String::from_utf8_lossy(&out.stdout).into_owned()
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

#[test]
fn veney_games_with_untenable_calls_and_a_set_replay_from_their_records() {
    let dir = std::env::temp_dir().join(format!("tessel-veney-u-{}", std::process::id()));
    let games = dir.join("games");
    let (code, _, err) = tessel(&[
        "analyze",
        "veney",
        "-o",
        "untenable=piece-lenient",
        "-o",
        "white_set=illusionist",
        "--games",
        "3",
        "--seed",
        "5",
        "--records",
        &games.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut calls = 0;
    for seed in 5..8 {
        let rec = games.join(format!("game-{seed}.json"));
        let text = std::fs::read_to_string(&rec).expect("record");
        calls += text.matches("\"U\"").count();
        let (code, json, err) = tessel(&["replay", &rec.to_string_lossy(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert!(v["result"].is_string(), "game {seed} replays to its end");
    }
    assert!(calls > 0, "the agents call untenable moves");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn render_shows_square_colours_stacks_and_zones() {
    // Veney declares its square colours (W1 light) with `show … fill`; the second and
    // fourth measures are laid over them, not painted out.
    let (code, svg, err) = tessel(&["render", "veney"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains("<rect x=\"24\" y=\"744\" width=\"48\" height=\"48\" fill=\"#f0d9b5\""),
        "W1 is light"
    );
    assert!(
        svg.contains("<rect x=\"72\" y=\"744\" width=\"48\" height=\"48\" fill=\"#b58863\""),
        "X1 is dark"
    );
    assert!(svg.contains("fill-opacity=\"0.5\""), "marks laid over");
    assert!(svg.contains(">reserve: white D G L J U</text>"), "{svg}");
    // A blade captured by a Cloak: the Sword is drawn beneath the Cloak, not as `×2`; the
    // discard is listed.
    let p = "4/4/4/1s1r/4/4/4/A3/4/4/4/4/1[Rc]2/4/2S1/4 w DGLJUdglju 0 0 1 5 1 rE";
    let (code, svg, err) = tessel(&["render", "veney", "--position", p]);
    assert_eq!(code, 0, "{err}");
    assert!(!svg.contains("×2"), "{svg}");
    assert!(
        svg.contains(">R</text>") && svg.contains(">c</text>"),
        "{svg}"
    );
    assert!(svg.contains(">discard: black r</text>"), "{svg}");
    // The text board says which colour the free engagement stands on.
    let dir = std::env::temp_dir().join(format!("tessel-veney-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let g = dir.join("g.txt");
    std::fs::write(&g, "\n").expect("write");
    let (code, out, err) = tessel(&[
        "replay",
        g.to_str().expect("path"),
        "--rules",
        "veney",
        "--position",
        p,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("A°"), "{out}");
    assert!(out.contains("R-c"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
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
            "play mutou -o players=3 --ai random",
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

#[test]
fn muso_pictures_mark_home_areas_and_show_both_pieces_of_a_stack() {
    // Issue 18, Muso item 4: home areas and home spaces are coloured (Red's e1 is its home
    // space, d1 and c2 its home area); a pipi on a kili shows both, not `P ×2`.
    let cell = svg_square;
    let p = "9/2p6/2i-w6/i2i-P4i/9/2PPPPP2/9 0/0 4/4 l 3";
    let (code, svg, err) = tessel(&["render", "muso", "--position", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains(&cell(4, 6, "#d0685a")),
        "Red's home space e1: {svg}"
    );
    assert!(svg.contains(&cell(3, 6, "#e8a598")), "Red's home area d1");
    assert!(
        svg.contains(&cell(4, 0, "#555555")),
        "Black's home space e7"
    );
    assert!(svg.contains(&cell(2, 1, "#8c8c8c")), "Black's home area c6");
    assert!(!svg.contains('×'), "{svg}");
    // Every piece is a disc, the two kili beneath the waso and the pipi included.
    assert_eq!(svg.matches("<circle").count(), 12, "{svg}");
    assert_eq!(
        svg.matches(">i</text>").count(),
        5,
        "four kili and the file i"
    );
    // The corner boards colour each player's corner.
    for (rules, corners) in [("muso-4p", 4), ("muso-3p", 3)] {
        let (code, svg, err) = tessel(&["render", rules]);
        assert_eq!(code, 0, "{err}");
        assert!(svg.contains(&cell(8, 0, "#d0685a")), "Red's home space i9");
        let yellow = svg.contains(&cell(0, 0, "#e5c24a"));
        assert_eq!(yellow, corners == 4, "yellow's a9 only with four players");
    }
}

#[test]
fn oicustiytac_pictures_show_the_traps_and_the_colours_a_trap_holds() {
    // Issue 18, Muso item 4 (òicustiỳtac's pictures): the whelping and home traps are
    // coloured, and a trap holding two black stones and one white shows both colours with
    // their counts, not `W ×3`.
    let cell = svg_square;
    let p = "W9/[BBW][BW]8 b 12W 12B - - - 1";
    let (code, svg, err) = tessel(&["render", "oicustiytac", "--position", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains(&cell(0, 1, "#7fa87a")),
        "black's home trap a1: {svg}"
    );
    assert!(svg.contains(&cell(9, 0, "#c8e3c0")), "white's home trap j2");
    assert!(
        svg.contains(&cell(4, 1, "#8fa6bd")),
        "black's whelping trap e1"
    );
    assert!(
        svg.contains(&cell(0, 0, "#d3e2ef")),
        "white's whelping trap a2"
    );
    assert!(!svg.contains('×'), "{svg}");
    // a1: a black disc with 2 and a white one with 1.
    assert!(
        svg.contains(">2B</text>") && svg.contains(">1W</text>"),
        "{svg}"
    );
    assert!(svg.contains(">1B</text>"), "b1 holds one of each: {svg}");
}

/// The SVG of a grid square (column x, row y from the top) filled with `fill`.
fn svg_square(x: u32, y: u32, fill: &str) -> String {
    format!(
        "<rect x=\"{}\" y=\"{}\" width=\"48\" height=\"48\" fill=\"{fill}\"",
        24 + 48 * x,
        24 + 48 * y
    )
}
