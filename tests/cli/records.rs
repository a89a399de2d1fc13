//! Game records: `play --record`/`--load`, `replay`, and `analyze` with its statistics and
//! saved records.

use super::*;

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
        out.contains('~') && out.contains("kili left: a4 4, i4 4"),
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
    assert_eq!(board_part(&svg).matches("<circle").count(), 22);
    // Without --rules, a game text is refused with a reason.
    let (code, _, err) = tessel(&["replay", txt.to_str().expect("path")]);
    assert_eq!(code, 2);
    assert!(err.contains("--rules"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
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
