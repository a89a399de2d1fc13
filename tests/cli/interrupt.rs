//! Long runs stopped by Ctrl-C (SIGINT, sent with `kill -INT`): what was finished is
//! reported, exit code 130, and `analyze --records` keeps the records of the games
//! finished.

use super::*;
use std::time::{Duration, Instant};

/// Starts `tessel ARGS`, waits a moment and until `ready()` (at most ten seconds), sends SIGINT, and
/// returns the exit code, standard output and error.
fn interrupted(args: &[&str], ready: impl Fn() -> bool) -> (Option<i32>, String, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel runs");
    let started = Instant::now();
    // At least a moment, so that the run is under way; at most ten seconds.
    std::thread::sleep(Duration::from_millis(1500));
    while !ready() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let out = child.wait_with_output().expect("tessel ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| {
        d.flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .count()
    })
}

#[test]
fn analyze_stopped_reports_the_games_finished_and_keeps_their_records() {
    let dir = std::env::temp_dir().join(format!("tessel-int-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_string_lossy().to_string();
    let (code, out, err) = interrupted(
        &[
            "analyze",
            "chess",
            "--games",
            "1000000",
            "--records",
            &d,
            "--json",
        ],
        || json_files(&dir) >= 3,
    );
    assert_eq!(code, Some(130), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["interrupted"], true);
    let games = v["games"].as_u64().expect("games");
    assert!((3..1_000_000).contains(&games), "{games}");
    assert!(
        err.contains(&format!("interrupted: {games} of 1000000 games finished")),
        "{err}"
    );
    // One record per game finished, each a whole game that replays.
    assert_eq!(json_files(&dir) as u64, games);
    let first = std::fs::read_dir(&dir)
        .expect("records")
        .flatten()
        .next()
        .expect("a record")
        .path();
    let (code, _, err) = tessel(&["replay", &first.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn random_stopped_prints_the_summary_so_far() {
    let (code, out, err) = interrupted(&["random", "chess", "--games", "100000000"], || true);
    assert_eq!(code, Some(130), "{err}");
    let first = out.lines().next().unwrap_or_default();
    let n: u64 = first
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(n < 100_000_000 && first.contains("games of Chess"), "{out}");
    assert!(out.contains("mean length"), "{out}");
    assert!(err.contains("interrupted:"), "{err}");
}

#[test]
fn perft_stopped_gives_the_first_moves_counted() {
    let (code, out, err) = interrupted(&["perft", "chess", "--depth", "9", "--divide"], || true);
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert!(out.contains("perft 9:"), "{out}");
    // Fewer than the twenty first moves were counted.
    assert!(
        out.lines().filter(|l| l.contains(": ")).count() < 21,
        "{out}"
    );
}

#[test]
fn bench_stopped_reports_what_it_measured() {
    let (code, out, err) = interrupted(
        &[
            "bench",
            "chess",
            "--depth",
            "1",
            "--games",
            "100000000",
            "--json",
        ],
        || true,
    );
    assert_eq!(code, Some(130), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    let games = v["games"].as_u64().expect("games");
    assert!(games < 100_000_000, "{out}");
    assert!(err.contains("interrupted"), "{err}");
}
