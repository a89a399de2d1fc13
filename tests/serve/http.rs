//! The JSON API: games, a game's view, decisions, undo, records, seats, the computer, and
//! a clear 4xx for every kind of bad request, after which the server still serves.

use super::{base, client, create, get, json, moves, post};
use serde_json::json;
use std::io::Read;

#[test]
fn the_games_are_listed_with_their_options() {
    let (status, text) = get("/api/games");
    assert_eq!(status, 200);
    let games = json(&text);
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for g in ["chess", "mu", "muso", "mutou", "oicustiytac", "veney"] {
        assert!(names.contains(&g), "{g} in {names:?}");
    }
    let chess = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "chess")
        .unwrap();
    assert_eq!(chess["title"], "Chess");
    assert!(chess["options"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["name"] == "fifty"));
    assert_eq!(chess["players"], json!(["white", "black"]));
}

#[test]
fn the_page_is_served() {
    let (status, text) = get("/");
    assert_eq!(status, 200);
    assert!(text.contains("<script>"), "{text}");
    let (status, _) = get("/play/anything");
    assert_eq!(status, 200, "the page itself says when a game is unknown");
}

#[test]
fn a_game_is_played_and_undone_by_notation() {
    let (id, token, view) = create(json!({"game": "chess", "seed": 0}));
    assert_eq!(view["decisions"].as_array().unwrap().len(), 20);
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["due"], "white to decide");
    assert!(view["svg"]
        .as_str()
        .unwrap()
        .contains("data-cell=\"12\" data-name=\"e2\""));
    let e2e4 = view["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["text"] == "e2e4")
        .unwrap();
    assert_eq!(
        (e2e4["from"].as_u64(), e2e4["to"].as_u64()),
        (Some(12), Some(28))
    );
    assert_eq!(e2e4["kind"], "move");
    let play = |d: &str| {
        post(
            &format!("/api/sessions/{id}/play"),
            &json!({"decision": d, "token": token}).to_string(),
        )
    };
    assert_eq!(play("e2e4").0, 200);
    let (status, text) = play("e7e5");
    assert_eq!(status, 200);
    let v = json(&text);
    assert_eq!(moves(&v), ["e2e4", "e7e5"]);
    assert_eq!(v["last"], json!([52, 36]));
    let (status, text) = post(
        &format!("/api/sessions/{id}/undo"),
        &json!({"token": token}).to_string(),
    );
    assert_eq!(status, 200, "{text}");
    assert_eq!(moves(&json(&text)), ["e2e4"]);
    // Anyone may look; only the seats' holders see the decisions.
    let (status, text) = get(&format!("/api/sessions/{id}"));
    assert_eq!(status, 200);
    let v = json(&text);
    assert_eq!(moves(&v), ["e2e4"]);
    assert_eq!(v["decisions"], json!([]));
    assert_eq!(v["owner"], false);
}

#[test]
fn the_record_is_what_replay_reads_and_opens_again() {
    let (id, token, _) = create(json!({"game": "chess", "seed": 5}));
    for d in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let (status, text) = post(
            &format!("/api/sessions/{id}/play"),
            &json!({"decision": d, "token": token}).to_string(),
        );
        assert_eq!(status, 200, "{text}");
    }
    let (status, text) = get(&format!("/api/sessions/{id}"));
    assert_eq!(status, 200);
    let view = json(&text);
    assert_eq!(view["result"], "checkmate: black wins");
    assert_eq!(view["to_move"], serde_json::Value::Null);
    let (status, text) = get(&format!("/api/sessions/{id}/record"));
    assert_eq!(status, 200);
    let record: tessel::record::Record = serde_json::from_str(&text).expect("a record");
    assert_eq!(record.decisions, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(record.result.as_deref(), Some("checkmate: black wins"));
    assert_eq!(record.seed, 5);
    // `tessel replay` reads it.
    let dir = tempfile::Builder::new()
        .prefix("tessel-serve-")
        .tempdir()
        .unwrap();
    let path = dir.path().join("record.json");
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(["replay", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Opened again, it is the same game.
    let (_, _, again) = create(json!({ "record": record }));
    assert_eq!(moves(&again), moves(&view));
    assert_eq!(again["position"], view["position"]);
    // Stepping back: the picture after two decisions.
    let mut two = record.clone();
    two.decisions.truncate(2);
    let (status, text) = post(
        "/api/sessions/preview",
        &json!({ "record": two }).to_string(),
    );
    assert_eq!(status, 200, "{text}");
    assert!(json(&text)["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn a_game_starts_from_a_position() {
    let (_, _, view) =
        create(json!({"game": "chess", "position": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}));
    assert_eq!(view["decisions"].as_array().unwrap().len(), 6, "{view}");
    let (status, text) = post(
        "/api/sessions",
        &json!({"game": "chess", "position": "4k3/8/9"}).to_string(),
    );
    assert_eq!(status, 422);
    assert!(
        json(&text)["error"]
            .as_str()
            .unwrap()
            .contains("start position"),
        "{text}"
    );
}

#[test]
fn chance_and_only_decisions_are_made_as_play_makes_them() {
    // Veney throws dice: the view is never chance's; the record holds the throws.
    let (id, _, view) = create(json!({"game": "veney", "seed": 3}));
    assert!(view["to_move"].is_u64(), "{view}");
    assert!(!view["decisions"].as_array().unwrap().is_empty());
    let (_, text) = get(&format!("/api/sessions/{id}/record"));
    let record: tessel::record::Record = serde_json::from_str(&text).unwrap();
    let game = tessel::serve::catalog::compile("veney", &[]).unwrap();
    let (_, end) = tessel::record::replay(&game, &record).expect("the record replays");
    assert_eq!(
        game.position_string(&end),
        view["position"].as_str().unwrap()
    );
}

/// A POST that says its body is `length` bytes and sends only the start of it: the status
/// and body of the answer.
fn huge_post(path: &str, length: usize) -> (u16, String) {
    use std::io::Write;
    let host = base().trim_start_matches("http://");
    let mut tcp = std::net::TcpStream::connect(host).unwrap();
    tcp.set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n{{\"decision\": \""
    );
    tcp.write_all(head.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = tcp.read_to_string(&mut answer);
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// Polls a game until `done` holds of its view (the computer thinks on its own thread).
fn wait_for(id: &str, token: &str, done: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    for _ in 0..600 {
        let (_, text) = get(&format!("/api/sessions/{id}?token={token}"));
        let v = json(&text);
        if done(&v) {
            return v;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("the game {id} did not get there");
}

#[test]
fn the_computer_answers_and_finishes_a_seeded_game() {
    let (id, token, _) = create(json!({
        "game": "chess", "seed": 1,
        "seats": [{"kind": "here"}, {"kind": "computer", "level": "greedy"}]
    }));
    let (status, text) = post(
        &format!("/api/sessions/{id}/play"),
        &json!({"decision": "e2e4", "token": token}).to_string(),
    );
    assert_eq!(status, 200, "{text}");
    let v = wait_for(&id, &token, |v| moves(v).len() == 2);
    assert_eq!(v["to_move"], 0);
    // The computer's decision cannot be made for it.
    let (id2, token2, _) = create(json!({
        "game": "chess", "seed": 1,
        "seats": [{"kind": "computer", "level": "random"}, {"kind": "computer", "level": "random"}]
    }));
    let v = wait_for(&id2, &token2, |v| !v["result"].is_null());
    assert!(v["due"].as_str().unwrap().starts_with("Game over"));
    // The same seed, the same game.
    let (id3, token3, _) = create(json!({
        "game": "chess", "seed": 1,
        "seats": [{"kind": "computer", "level": "random"}, {"kind": "computer", "level": "random"}]
    }));
    let w = wait_for(&id3, &token3, |v| !v["result"].is_null());
    assert_eq!(moves(&v), moves(&w));
}

#[test]
fn a_remote_seat_plays_with_its_own_token_only() {
    let (id, token, view) = create(json!({
        "game": "chess", "seats": [{"kind": "here"}, {"kind": "remote"}]
    }));
    let remote = view["seats"][1]["token"].as_str().unwrap().to_string();
    assert_ne!(remote, token);
    assert!(remote.len() >= 32);
    let play = |d: &str, t: &str| {
        post(
            &format!("/api/sessions/{id}/play"),
            &json!({"decision": d, "token": t}).to_string(),
        )
    };
    assert_eq!(play("e2e4", &remote).0, 403, "white is not the remote seat");
    assert_eq!(play("e2e4", &token).0, 200);
    let (status, text) = play("e7e5", &token);
    assert_eq!(status, 403, "{text}");
    assert!(json(&text)["error"].as_str().unwrap().contains("not yours"));
    assert_eq!(play("e7e5", &remote).0, 200);
    let (_, text) = get(&format!("/api/sessions/{id}?token={remote}"));
    let v = json(&text);
    assert_eq!(v["yours"], json!([1]));
    assert_eq!(v["owner"], false);
    // The remote seat may neither undo nor change the seats.
    assert_eq!(
        post(
            &format!("/api/sessions/{id}/undo"),
            &json!({"token": remote}).to_string()
        )
        .0,
        403
    );
    let change = json!({"token": remote, "seat": 0, "kind": "computer"});
    assert_eq!(
        post(&format!("/api/sessions/{id}/seats"), &change.to_string()).0,
        403
    );
    // The owner may: black's link stays the same.
    let change = json!({"token": token, "seat": 1, "kind": "remote"});
    let (status, text) = post(&format!("/api/sessions/{id}/seats"), &change.to_string());
    assert_eq!(status, 200, "{text}");
    assert_eq!(json(&text)["seats"][1]["token"], remote.as_str());
}

#[test]
fn the_events_stream_tells_of_each_change() {
    let (id, token, _) = create(json!({"game": "chess"}));
    let mut r = client()
        .get(&format!("{}/api/sessions/{id}/events", base()))
        .call()
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let mut reader = r.body_mut().as_reader();
    let mut read_event = || {
        let mut seen = Vec::new();
        let mut byte = [0u8; 1];
        while !String::from_utf8_lossy(&seen).contains("\n\n") {
            reader.read_exact(&mut byte).unwrap();
            seen.push(byte[0]);
        }
        String::from_utf8_lossy(&seen).into_owned()
    };
    let first = read_event();
    assert!(
        first.contains("event: state") && first.contains("data: 0"),
        "{first}"
    );
    post(
        &format!("/api/sessions/{id}/play"),
        &json!({"decision": "d2d4", "token": token}).to_string(),
    );
    let next = read_event();
    assert!(next.contains("data: 1"), "{next}");
}

#[test]
fn every_bad_request_gets_a_clear_4xx_and_the_server_goes_on() {
    let (id, token, _) = create(json!({"game": "chess"}));
    let error = |(status, text): (u16, String)| -> (u16, String) {
        let e = json(&text)["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{text}"))
            .to_string();
        (status, e)
    };
    // An unknown game, an unknown option, a bad option value, an unknown seat kind.
    let (s, e) = error(post("/api/sessions", r#"{"game": "chequers"}"#));
    assert_eq!(s, 404);
    assert!(
        e.contains("no game `chequers`") && e.contains("chess"),
        "{e}"
    );
    let (s, e) = error(post(
        "/api/sessions",
        r#"{"game": "chess", "options": {"fiftyy": 3}}"#,
    ));
    assert_eq!(s, 400);
    assert!(e.contains("fiftyy") && e.contains("fifty"), "{e}");
    let (s, e) = error(post(
        "/api/sessions",
        r#"{"game": "chess", "options": {"fifty": "lots"}}"#,
    ));
    assert_eq!(s, 400, "{e}");
    let (s, e) = error(post(
        "/api/sessions",
        r#"{"game": "chess", "seats": [{"kind": "robot"}]}"#,
    ));
    assert_eq!(s, 400);
    assert!(e.contains("robot"), "{e}");
    let (s, _) = error(post(
        "/api/sessions",
        r#"{"game": "chess", "seats": [{"kind": "computer", "level": "genius"}]}"#,
    ));
    assert_eq!(s, 400);
    // An unknown game id, an unknown path.
    let (s, e) = error(get("/api/sessions/0123456789abcdef"));
    assert_eq!(s, 404);
    assert!(e.contains("no game"), "{e}");
    assert_eq!(error(get("/api/nothing")).0, 404);
    // An illegal decision, and one that is not a decision at all.
    let play = |body: String| post(&format!("/api/sessions/{id}/play"), &body);
    let (s, e) = error(play(
        json!({"decision": "e2e5", "token": token}).to_string(),
    ));
    assert_eq!(s, 422);
    assert!(e.contains("e2e5"), "{e}");
    let (s, _) = error(play(
        json!({"decision": "\u{0}\u{7}<script>", "token": token}).to_string(),
    ));
    assert_eq!(s, 422);
    // Malformed JSON, the wrong shape, an empty body.
    let (s, e) = error(play("{\"decision\": ".into()));
    assert_eq!(s, 400);
    assert!(e.contains("not the JSON expected"), "{e}");
    assert_eq!(error(play(r#"{"move": "e2e4"}"#.into())).0, 400);
    assert_eq!(error(play(String::new())).0, 400);
    assert_eq!(error(post("/api/sessions", "[1, 2]")).0, 400);
    // A seat that is not yours: no token, a wrong one.
    let (s, e) = error(play(json!({"decision": "e2e4"}).to_string()));
    assert_eq!(s, 403);
    assert!(e.contains("not yours"), "{e}");
    assert_eq!(
        error(play(
            json!({"decision": "e2e4", "token": "guess"}).to_string()
        ))
        .0,
        403
    );
    assert_eq!(
        error(post(&format!("/api/sessions/{id}/undo"), "{}")).0,
        403
    );
    // Nothing to undo.
    let (s, e) = error(post(
        &format!("/api/sessions/{id}/undo"),
        &json!({"token": token}).to_string(),
    ));
    assert_eq!(s, 409, "{e}");
    // A huge body: refused from its stated length, before it is read.
    let (s, e) = error(huge_post(&format!("/api/sessions/{id}/play"), 4 << 20));
    assert_eq!(s, 413);
    assert!(e.contains("larger than"), "{e}");
    // A record that does not play.
    let bad =
        json!({"record": {"tessel_record": 1, "ruleset": "chess", "decisions": ["e2e4", "e2e4"]}});
    let (s, e) = error(post("/api/sessions", &bad.to_string()));
    assert_eq!(s, 422);
    assert!(e.contains("decision 2"), "{e}");
    // A game over takes no more decisions.
    let (over, t2, _) = create(json!({"game": "chess"}));
    for d in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        post(
            &format!("/api/sessions/{over}/play"),
            &json!({"decision": d, "token": t2}).to_string(),
        );
    }
    let (s, e) = error(post(
        &format!("/api/sessions/{over}/play"),
        &json!({"decision": "e1f2", "token": t2}).to_string(),
    ));
    assert_eq!(s, 409);
    assert!(e.contains("over"), "{e}");
    // And the server still serves, the first game included.
    assert_eq!(get("/api/games").0, 200);
    assert_eq!(
        play(json!({"decision": "e2e4", "token": token}).to_string()).0,
        200
    );
}
