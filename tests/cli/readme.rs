//! Every `tessel …` example of the README runs as it stands: the `cargo run --release --
//! …` lines and the `tessel …` in the text, each in a scratch folder (with the files the
//! README says to make first), `play` given `quit`, a long run stopped by Ctrl-C after a
//! few seconds. An example is legal when it exits 0, or 130 after Ctrl-C (a `play`: ended
//! by it): a flag, game, option or file that is wrong ends it at once with 1 or 2.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a run may go before Ctrl-C stops it.
const DEADLINE: Duration = Duration::from_millis(1500);
/// How many examples run at once.
const WORKERS: usize = 4;

/// The words of a shell line: spaces split, quotes keep them together (as the README
/// writes them: '…' and "…", no escapes).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (None, c) => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out
}

/// The README's examples: the arguments of each `cargo run --release -- …` line (its
/// `#` comment left out) and of each `tessel …` in backquotes, less those with a
/// placeholder in capitals (`tessel COMMAND --help`).
fn examples(readme: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in readme.lines() {
        if let Some(rest) = line.trim().strip_prefix("cargo run --release -- ") {
            let command = rest.split(" #").next().unwrap_or(rest);
            out.push(words(command));
        }
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 1 {
                if let Some(rest) = part.strip_prefix("tessel ") {
                    out.push(words(rest));
                }
            }
        }
    }
    out.retain(|w| {
        !w.iter().any(|a| {
            a.len() > 1 && a.chars().all(|c| c.is_ascii_uppercase()) && a != "-O" && a != "-o"
        })
    });
    out.dedup();
    out
}

/// Runs `tessel ARGS` in `dir`, typing `input`; Ctrl-C after the deadline. The exit code
/// (`None`: ended by a signal) and standard error.
fn run(dir: &Path, args: &[String], input: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessel runs");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let started = Instant::now();
    let mut sent = false;
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        if !sent && started.elapsed() > DEADLINE {
            let _ = Command::new("kill")
                .args(["-INT", &child.id().to_string()])
                .status();
            sent = true;
        }
        if started.elapsed() > DEADLINE * 10 {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("tessel ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessel-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    // The repository's files the examples name by path.
    let root = std::env::current_dir().expect("the repository");
    for name in ["rulesets", "plugins", "tests", "benches", "docs"] {
        let _ = std::os::unix::fs::symlink(root.join(name), dir.join(name));
    }
    dir
}

fn owned(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

#[test]
fn every_readme_example_is_legal_where_it_stands() {
    let readme = std::fs::read_to_string("README.md").expect("README");
    let all = examples(&readme);
    assert!(all.len() > 30, "{all:?}");
    let dir = scratch_folder();
    // What the README says to make first: a record (`play … --record game.json`), a Mu
    // game saved in play (`position board.txt`) and a Veney game text (`game.txt`).
    for (args, input) in [
        (
            owned(&["play", "chess", "--record", "game.json"]),
            "e2e4\nquit\n",
        ),
        (owned(&["play", "mu"]), "position board.txt\nquit\n"),
        (
            owned(&["play", "veney", "--record", "veney.json"]),
            "D*X3\nquit\n",
        ),
    ] {
        let (code, err) = run(&dir, &args, input);
        assert_eq!(code, Some(0), "{args:?}: {err}");
    }
    let text = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .current_dir(&dir)
        .args(["replay", "veney.json", "--text"])
        .output()
        .expect("tessel runs");
    std::fs::write(dir.join("game.txt"), &text.stdout).expect("game text");
    // The examples, on a few threads (the machine may have two cores: a quick example
    // must not wait past the deadline for a core): most end at once, the long ones at
    // the deadline.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                s.spawn(|| {
                    let mut failed = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        let Some(args) = all.get(i) else {
                            return failed;
                        };
                        let (code, err) = run(&dir, args, "quit\n");
                        // `play` keeps Ctrl-C's usual meaning (it ends the program): one
                        // still playing at the deadline (the computer thinking before
                        // `quit` is read) got past every check of its arguments.
                        let playing = args[0] == "play" && code.is_none();
                        if !matches!(code, Some(0 | 130)) && !playing {
                            failed.push(format!("tessel {}: exit {code:?}\n{err}", args.join(" ")));
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("the worker"))
            .collect()
    });
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn examples_are_read_as_the_shell_reads_them() {
    assert_eq!(
        words("moves chess --position '4k3/8 w - - 0 1'"),
        ["moves", "chess", "--position", "4k3/8 w - - 0 1"]
    );
    let found = examples(
        "cargo run --release -- list   # the games\nsee `tessel rules GAME` and `tessel perft chess --depth 2`\n",
    );
    assert_eq!(
        found,
        [owned(&["list"]), owned(&["perft", "chess", "--depth", "2"])]
    );
}
