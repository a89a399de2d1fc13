//! Hostile input: rules files, positions, records, plug-ins and special files that once made
//! the program abort, hang, blow up or lose a game. Each run is watched: it must end on its
//! own within a bound, under a memory bound, with an exit code rather than a signal.

mod corpus;
mod files;
#[path = "../common/mutate.rs"]
mod mutate;
mod mutation;
mod plugins;
mod rules;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a watched run of `tessel` ended.
#[derive(Debug)]
pub struct Outcome {
    /// The exit code; `None` when a signal ended it (an abort, a stack overflow) or the
    /// watch killed it.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// Killed by the watch for running past the time bound.
    pub hung: bool,
    /// Killed by the watch for growing past the memory bound.
    pub blew_up: bool,
    /// The largest resident memory the watch saw, in kB (sampled every 20 ms).
    pub peak_kb: u64,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Outcome {
    /// Ended by itself with an exit code (0, 1 or 2), not by a signal or the watch.
    pub fn ended_cleanly(&self) -> bool {
        matches!(self.code, Some(0..=2)) && !self.hung && !self.blew_up
    }
}

/// The time bound: far above what any of these inputs needs once handled, so that only a
/// hang trips it (this is not a speed test).
const TIME_BOUND: Duration = Duration::from_secs(60);
/// The memory bound, in kB of resident memory.
const MEMORY_BOUND_KB: u64 = 1_000_000;

/// Runs `tessel ARGS` with `input` on stdin, watching time and resident memory.
pub fn run(args: &[&str], input: &str) -> Outcome {
    run_within(args, input.as_bytes(), TIME_BOUND)
}

/// [`run`] with another time bound and any bytes on stdin.
pub fn run_within(args: &[&str], input: &[u8], bound: Duration) -> Outcome {
    let began = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let pid = child.id();
    let out = std::thread::scope(|scope| {
        // Typed on its own thread, watched: a child that writes much before it reads
        // would otherwise block both ends of the pipes.
        scope.spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(input);
        });
        let watch = scope.spawn(move || {
            let start = Instant::now();
            let mut peak = 0;
            let mut polls = 0;
            loop {
                // Often at first (most runs end within milliseconds), then every 20 ms.
                polls += 1;
                std::thread::sleep(Duration::from_millis(if polls < 25 { 2 } else { 20 }));
                let status = std::fs::read_to_string(format!("/proc/{pid}/status"));
                let Ok(status) = status else {
                    return (false, false, peak);
                };
                if status.contains("State:\tZ") {
                    return (false, false, peak);
                }
                let rss = kb(&status, "VmRSS:");
                peak = peak.max(rss).max(kb(&status, "VmHWM:"));
                let (hung, blew_up) = (start.elapsed() > bound, rss > MEMORY_BOUND_KB);
                if hung || blew_up {
                    let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
                    return (hung, blew_up, peak);
                }
            }
        });
        let out = child.wait_with_output().expect("tessel ends");
        let watched = watch.join().expect("the watch ends");
        (out, watched)
    });
    let (out, (hung, blew_up, peak_kb)) = out;
    Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        hung,
        blew_up,
        peak_kb,
        elapsed: began.elapsed(),
    }
}

/// A memory figure of /proc/PID/status, in kB.
fn kb(status: &str, key: &str) -> u64 {
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .unwrap_or(0)
}

/// A directory for this test process's files, under Cargo's `target/tmp` (not the system's
/// temporary folder, where each run would leave one behind).
pub fn scratch_dir() -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Writes `text` to a file named `name` in the scratch directory.
pub fn file(name: &str, text: &str) -> PathBuf {
    let path = scratch_dir().join(name);
    std::fs::write(&path, text).expect("scratch file written");
    path
}

/// `tessel check` on rules text written to a file.
pub fn check(name: &str, text: &str) -> Outcome {
    let path = file(name, text);
    run(&["check", path_str(&path)], "")
}

pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// A small complete ruleset, to which a test adds its hostile lines.
pub const BASE: &str = "game \"Hostile\"\nplayers white black\nboard grid 3 x 3\npiece man M m {\n  move step n\n}\nstart \"2m/3/M2 w\"\n";
