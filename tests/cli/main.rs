//! The `tessel` command end to end: each subcommand run as a user would, a file a
//! subcommand (or a few small ones); the helpers that run the command are here.

#[path = "../common/mod.rs"]
mod common;

mod agents;
mod basics;
mod conventions;
mod interrupt;
mod play;
mod readme;
mod records;
mod render;
mod rules;
mod speak;

use std::io::Write;
use std::process::{Command, Stdio};

pub fn tessel(args: &[&str]) -> (i32, String, String) {
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

pub fn tessel_with_input(args: &[&str], input: &str) -> (i32, String) {
    let (code, out, _) = common::typed(args, input);
    (code, out)
}

/// `tessel play ARGS`, typing `lines` with a pause before each.
pub fn play_timed(args: &[&str], lines: &[(u64, &str)]) -> String {
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

/// A picture's board: what comes before its caption (whose turn, the key, the zones).
pub fn board_part(svg: &str) -> &str {
    svg.split("<g class=\"caption\">").next().unwrap_or(svg)
}

/// The SVG of a grid square (column x, row y from the top) filled with `fill`.
pub fn svg_square(x: u32, y: u32, fill: &str) -> String {
    format!(
        "<rect x=\"{}\" y=\"{}\" width=\"48\" height=\"48\" fill=\"{fill}\"",
        24 + 48 * x,
        24 + 48 * y
    )
}
