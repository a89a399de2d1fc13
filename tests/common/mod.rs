//! Helpers the play-through tests share: load a ruleset, list and play decisions.
#![allow(dead_code)]

use tessel_interpreter::{Game, State};

/// A ruleset (file or bundled name) with options, compiled; panics with the diagnostics.
pub fn load(path: &str, options: &[(&str, &str)]) -> Game {
    let opts: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let loaded = tessel::load(path, &opts).expect("found");
    let c = loaded.compiled;
    let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.message.clone()).collect();
    Game::new(c.program.unwrap_or_else(|| panic!("{path}: {msgs:?}")))
}

/// The legal decisions at `s`, as the game writes them.
pub fn texts(g: &Game, s: &State) -> Vec<String> {
    let mut scratch = g.scratch();
    let mut moves = Vec::new();
    g.decisions(s, &mut scratch, &mut moves);
    moves
        .iter()
        .map(|m| g.move_text_among(&moves, *m))
        .collect()
}

/// Plays decisions by their text (a chance outcome as `VARIABLE=VALUE`); panics with the
/// legal ones when one is not legal.
pub fn play(g: &Game, s: &mut State, moves: &[&str]) {
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    for text in moves {
        g.legal_moves(s, &mut legal, &mut tmp);
        if let Some(&m) = legal
            .iter()
            .find(|m| m.is_chance() && g.chance_text(s, **m) == *text)
        {
            g.apply(s, m);
            continue;
        }
        let m = g.read_move(s, text, &legal).unwrap_or_else(|e| {
            let shown: Vec<String> = legal
                .iter()
                .map(|m| {
                    if m.is_chance() {
                        g.chance_text(s, *m)
                    } else {
                        g.move_text_among(&legal, *m)
                    }
                })
                .collect();
            panic!("{text}: {e}; legal: {shown:?}")
        });
        g.apply(s, m);
    }
}

/// The number of the cell named `name`.
pub fn cell(g: &Game, name: &str) -> usize {
    g.board
        .cell_names
        .iter()
        .position(|c| c == name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

/// The cells across an edge (the `edge` relation of a drawn board) from `name` in `s`,
/// by name, sorted.
pub fn across(g: &Game, s: &State, name: &str) -> Vec<String> {
    let c = cell(g, name) as u16;
    let b = g.bd(s);
    let mut out: Vec<String> = (0..b.dir_names.len())
        .filter(|&d| b.dir_names[d].starts_with("edge"))
        .map(|d| b.step(c, d as u8))
        .filter(|&t| t != u16::MAX)
        .map(|t| b.cell_names[t as usize].clone())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Plays up to `max` decisions from `s` into `record`: the `script` first, then throws
/// drawn from the state's own generator (as `play` draws them) and decisions picked at
/// random (never manual ones) from `seed`. With `check_texts`, every fourth step each
/// legal decision's text must read back as that decision.
pub fn play_recorded(
    g: &Game,
    s: &mut State,
    record: &mut tessel::record::Record,
    script: &[&str],
    seed: u64,
    max: usize,
    check_texts: bool,
) {
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut scratch = g.scratch();
    let mut script = script.iter();
    for _ in 0..max {
        if let Some(text) = script.next() {
            record.decisions.push(text.to_string());
            play(g, s, &[text]);
            continue;
        }
        if g.chance_outcomes(s).is_some() {
            let mut probe = s.clone();
            let m = g.sample_chance(&mut probe).expect("an outcome");
            record.decisions.push(g.chance_text(s, m));
            s.rng = probe.rng;
            g.apply(s, m);
            continue;
        }
        g.decisions(s, &mut scratch, &mut legal);
        legal.retain(|m| !g.is_manual(m));
        if legal.is_empty() {
            break;
        }
        if check_texts && record.decisions.len().is_multiple_of(4) {
            for &m in &legal {
                let text = g.move_text_among(&legal, m);
                assert_eq!(g.parse_move(&text, &legal), Ok(m), "`{text}`");
            }
        }
        let m = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
        record.decisions.push(g.move_text_among(&legal, m));
        g.apply(s, m);
    }
}

/// The men on a cell, bottom first (`rr`), or `-` when empty.
pub fn stack(g: &Game, s: &State, name: &str) -> String {
    let c = cell(g, name);
    let mut out: String = s
        .buried
        .iter()
        .filter(|(bc, _)| *bc as usize == c)
        .map(|(_, p)| g.symbol(*p))
        .collect();
    if !s.cells[c].is_none() {
        out += &g.symbol(s.cells[c]);
    }
    if out.is_empty() {
        "-".into()
    } else {
        out
    }
}

/// `tessel ARGS` with `input` typed on its standard input: exit code (-1 for a signal),
/// standard output, standard error.
pub fn typed(args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
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
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
