//! Seeded mutations of valid inputs — rules files, position strings, typed moves, records and
//! game texts — shared by the fuzz targets (tests/fuzz.rs) and the mutation run
//! (tests/hostile/mutation.rs). An edit is plain data, so proptest can choose and shrink it
//! and a seeded generator can replay it.
#![allow(dead_code)]

/// One edit: what to do (`kind`), where (`at`, a fraction of the text's length in
/// 1/65536), and a number that picks the word, the length, the other line or the donor.
#[derive(Clone, Copy, Debug)]
pub struct Edit {
    pub kind: u8,
    pub at: u16,
    pub arg: u32,
}

impl From<(u8, u16, u32)> for Edit {
    fn from((kind, at, arg): (u8, u16, u32)) -> Edit {
        Edit { kind, at, arg }
    }
}

/// The kinds of edit, by `kind % KINDS`; their names, for reports.
pub const KINDS: u8 = 11;
pub const KIND_NAMES: [&str; KINDS as usize] = [
    "byte flip",
    "deletion",
    "insertion",
    "overwrite",
    "line deletion",
    "line duplication",
    "line swap",
    "token swap",
    "splice",
    "extreme number",
    "chunk repeat",
];

/// Words of the rules language and a few that are not, to insert and overwrite with.
pub const RULES_WORDS: &[&str] = &[
    "piece",
    "move",
    "step",
    "leap",
    "ride",
    "jump",
    "chain",
    "far",
    "jumped",
    "jumps",
    "prefer",
    "to",
    "if",
    "then",
    "set",
    "capture",
    "shift",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "=",
    "==",
    "+",
    "-",
    "*",
    "in",
    "and",
    "or",
    "not",
    "mirrored",
    "rank",
    "file",
    "region",
    "dirs",
    "var",
    "counter",
    "option",
    "ending",
    "forbid",
    "position",
    "start",
    "\"",
    "0",
    "1",
    "99999999999",
    "-1",
    "n",
    "e",
    "x",
    "a1",
    "h8",
    "none",
    "from",
    "board",
    "grid",
    "players",
    "variant",
    "extends",
    "use",
    "chess",
    "pattern",
    "moves",
    "promote",
    "royal",
    "inert",
    "=>",
    "exactly",
    "max",
    "min",
    ":",
    ",",
    "/",
    "per",
    "player",
    "reset",
    "each",
    "turn",
    "\n",
    " ",
    "é",
    "\u{0}",
    "tessels",
    "tessel",
    "squares",
    "hexes",
    "splice",
    "(0, 0)",
    "(1.5, -2)",
    "0.0000001",
    "joined",
    "ask others",
    "reaction",
    "converting",
    "taken",
    "distance",
    "edge",
    "trace",
    "define",
    "written",
    "notation",
    "after",
    "action",
    "zone",
    "drop",
    "roll",
    "draw",
    "setup",
    "score",
    "plugin",
    "with",
    "group",
    "carry",
    "//",
    "/*",
    "\\",
    "{to}",
    "{piece}",
    "%",
    "!",
    "?",
    "\t",
];

/// Pieces of position strings: separators, counts, brackets, side letters.
pub const POSITION_WORDS: &[&str] = &[
    "/",
    " ",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "0",
    "1",
    "9",
    "10",
    "99",
    "-",
    "-1",
    "4294967296",
    "w",
    "b",
    "l",
    "r",
    "x",
    "o",
    "*",
    "@",
    "é",
    "\u{0}",
    "\t",
    "\n",
    ",",
    ".",
    "+",
    "=",
    "^",
    "K",
    "k",
    "P",
    "p",
    "i",
    "99999999999999999999",
    "  ",
    "//",
    "((",
    "]]",
];

/// Pieces of typed moves, records and game texts.
pub const MOVE_WORDS: &[&str] = &[
    "a1",
    "h8",
    "x",
    "-",
    ">",
    "<>",
    "off",
    "pass",
    "throw=",
    "=",
    "@",
    "*",
    "^",
    "0",
    "1",
    "99999999999",
    " ",
    "é",
    "\u{0}",
    "0-0",
    "O-O-O",
    "1-0",
    "1/2-1/2",
    "#",
    "+",
    "\"",
    ",",
    "[",
    "]",
    "{",
    "}",
    ":",
    "null",
    "true",
    "-1",
    "\n",
    "1.",
    "0.",
    "...",
    "z9",
    "a0",
    "a99",
];

/// Values that sit at the edges of the integer types.
const EXTREMES: &[&str] = &[
    "0",
    "1",
    "2",
    "255",
    "256",
    "65535",
    "65536",
    "1000000",
    "2147483647",
    "2147483648",
    "4294967296",
    "9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999",
];

/// The byte offset `at` (a fraction in 1/65536) points to.
fn offset(len: usize, at: u16) -> usize {
    len * at as usize / 65536
}

/// The start and end (past its newline) of the line containing byte `i`.
fn line_at(text: &[u8], i: usize) -> (usize, usize) {
    let start = text[..i.min(text.len())]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let end = text[start..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |p| start + p + 1);
    (start, end)
}

/// The lines of a text, each with its newline.
fn lines(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let (s, e) = line_at(text, start);
        out.push((s, e));
        start = e;
    }
    out
}

/// The whitespace-separated tokens of a text, as byte ranges.
fn tokens(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let s = i;
        while i < text.len() && !text[i].is_ascii_whitespace() {
            i += 1;
        }
        out.push((s, i));
    }
    out
}

/// Applies one edit to `text`; `donors` are other valid texts to splice from, `words` what
/// to insert.
pub fn edit(text: &mut Vec<u8>, donors: &[&str], words: &[&str], e: Edit) {
    let n = text.len();
    let i = offset(n, e.at);
    let word = words[e.arg as usize % words.len()].as_bytes();
    match e.kind % KINDS {
        0 => {
            if i < n {
                text[i] ^= 1 << (e.arg % 8);
            }
        }
        1 => {
            let j = (i + 1 + e.arg as usize % 16).min(n);
            text.drain(i..j);
        }
        2 => {
            text.splice(i..i, word.iter().copied());
        }
        3 => {
            let j = (i + word.len()).min(n);
            text.splice(i..j, word.iter().copied());
        }
        4 => {
            let (s, end) = line_at(text, i);
            text.drain(s..end);
        }
        5 => {
            let (s, end) = line_at(text, i);
            let line = text[s..end].to_vec();
            for _ in 0..1 + e.arg % 4 {
                text.splice(end..end, line.iter().copied());
            }
        }
        6 => {
            let all = lines(text);
            if all.len() > 1 {
                let a = all[all.iter().position(|&(_, end)| end > i).unwrap_or(0)];
                let b = all[e.arg as usize % all.len()];
                let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
                if first != second {
                    let mut out = text[..first.0].to_vec();
                    out.extend_from_slice(&text[second.0..second.1]);
                    out.extend_from_slice(&text[first.1..second.0]);
                    out.extend_from_slice(&text[first.0..first.1]);
                    out.extend_from_slice(&text[second.1..]);
                    *text = out;
                }
            }
        }
        7 => {
            let all = tokens(text);
            if !all.is_empty() {
                let a = all[all.iter().position(|&(_, end)| end > i).unwrap_or(0)];
                let b = all[e.arg as usize % all.len()];
                let other = text[b.0..b.1].to_vec();
                text.splice(a.0..a.1, other);
            }
        }
        8 => {
            if !donors.is_empty() {
                let donor = donors[e.arg as usize % donors.len()].as_bytes();
                let from = offset(donor.len(), (e.arg >> 8) as u16);
                let (s, _) = line_at(donor, from);
                let mut end = s;
                for _ in 0..1 + (e.arg >> 24) as usize % 12 {
                    if end < donor.len() {
                        end = line_at(donor, end).1;
                    }
                }
                let (at, _) = line_at(text, i);
                text.splice(at..at, donor[s..end].iter().copied());
            }
        }
        9 => {
            // The number at or after `i` becomes an extreme one.
            if let Some(s) = (i..n).find(|&k| text[k].is_ascii_digit()) {
                let end = (s..n).find(|&k| !text[k].is_ascii_digit()).unwrap_or(n);
                let big = EXTREMES[e.arg as usize % EXTREMES.len()].as_bytes();
                text.splice(s..end, big.iter().copied());
            }
        }
        _ => {
            // A short chunk repeated many times: long lines, deep brackets, huge counts.
            let j = (i + 1 + e.arg as usize % 8).min(n);
            let chunk = text[i..j].to_vec();
            let times = [2, 10, 100, 1000, 5000, 50_000][(e.arg >> 8) as usize % 6];
            for _ in 0..times {
                text.splice(j..j, chunk.iter().copied());
            }
        }
    }
}

/// `base` with `edits` applied in order.
pub fn mutate(base: &str, donors: &[&str], words: &[&str], edits: &[Edit]) -> Vec<u8> {
    let mut text = base.as_bytes().to_vec();
    for &e in edits {
        edit(&mut text, donors, words, e);
    }
    text
}

/// `mutate`, read as text (bytes that are not UTF-8 become U+FFFD).
pub fn mutate_text(base: &str, donors: &[&str], words: &[&str], edits: &[Edit]) -> String {
    String::from_utf8_lossy(&mutate(base, donors, words, edits)).into_owned()
}

/// A small seeded generator (SplitMix64), so that a run is the same on every machine.
pub struct Seeded(pub u64);

impl Seeded {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One to `most` edits: one for half the inputs, so that more of them get past the
    /// first check into the code behind it.
    pub fn edits(&mut self, most: usize) -> Vec<Edit> {
        let n = if self.below(2) == 0 {
            1
        } else {
            1 + self.below(most)
        };
        (0..n)
            .map(|_| {
                let w = self.next();
                Edit {
                    kind: w as u8,
                    at: (w >> 8) as u16,
                    arg: (w >> 32) as u32,
                }
            })
            .collect()
    }
}

/// A seeded walk of up to `plies` random decisions from the start, as `play` makes them:
/// the position strings along the way (the start's first) and the record of the walk.
pub fn playthrough(
    name: &str,
    g: &tessel_interpreter::Game,
    seed: u64,
    plies: usize,
) -> (Vec<String>, tessel::record::Record) {
    let mut record = tessel::record::Record::new(name, &[], seed, None);
    let Ok(mut s) = g.start_state(seed) else {
        return (Vec::new(), record);
    };
    let mut positions = vec![g.position_string(&s)];
    let mut scratch = g.scratch();
    let mut moves = Vec::new();
    let mut pick = Seeded(seed);
    for ply in 0..plies {
        let before = s.clone();
        if let Some(m) = g.sample_chance(&mut s) {
            record.decisions.push(g.chance_text(&before, m));
            g.apply(&mut s, m);
            continue;
        }
        if g.status(&s, &mut scratch).is_some() {
            break;
        }
        g.decisions(&s, &mut scratch, &mut moves);
        moves.retain(|m| !g.is_manual(m));
        if moves.is_empty() {
            break;
        }
        let m = moves[pick.below(moves.len())];
        record.decisions.push(g.move_text_among(&moves, m));
        g.apply(&mut s, m);
        if ply % 8 == 7 {
            positions.push(g.position_string(&s));
        }
    }
    (positions, record)
}
