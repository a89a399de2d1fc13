//! Fanorona (rulesets/fanorona.tessel), against a reference move generator written here
//! from the rules alone: approach and withdrawal along the lines of the board (diagonals
//! through the strong points only), compulsory capture, a capturing man going on as new
//! decisions of the turn (no point twice, no direction twice in a row, a pass to stop),
//! paika only without a capture. No published perft counts for fanorona were found, so
//! the reference stands in for them: perft from the start to depth 7, and every decision of
//! a seeded sample of random games, with perft 3 now and then along the way.

use super::common::{load, play, texts};
use super::Perft;
use super::{games_agree, no_end, no_more, perft_agrees, position, random_games_end_among, sorted};

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;
use super::LINES;

/// The reference: points a1 = 0 … i5 = 44 (`rank * 9 + file`), white moving first; in the
/// middle of a turn, the capturing man's point, the way it last went and the points it
/// has stood on this turn.
#[derive(Clone, Debug)]
struct Reference {
    cells: [u8; 45],
    white: bool,
    ply: u32,
    max_plies: u32,
    runner: Option<usize>,
    went: (i32, i32),
    stood: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Paika,
    Approach,
    Withdrawal,
}

type Move = Option<(usize, usize, Kind)>;

/// The point `k` steps from `c` along `d`, if on the board.
fn off(c: usize, d: (i32, i32), k: i32) -> Option<usize> {
    let (f, r) = ((c % 9) as i32 + d.0 * k, (c / 9) as i32 + d.1 * k);
    ((0..9).contains(&f) && (0..5).contains(&r)).then(|| (r * 9 + f) as usize)
}

/// Strong points (file + rank even, counting from a1) have the diagonals too.
fn directions(c: usize) -> &'static [(i32, i32)] {
    if (c % 9 + c / 9).is_multiple_of(2) {
        &LINES
    } else {
        &LINES[..4]
    }
}

impl Reference {
    fn start(max_plies: u32) -> Reference {
        let mut cells = [EMPTY; 45];
        for (c, p) in cells.iter_mut().enumerate() {
            *p = match c / 9 {
                0 | 1 => WHITE,
                3 | 4 => BLACK,
                _ => [
                    BLACK, WHITE, BLACK, WHITE, EMPTY, BLACK, WHITE, BLACK, WHITE,
                ][c % 9],
            };
        }
        Reference {
            cells,
            white: true,
            ply: 0,
            max_plies,
            runner: None,
            went: (0, 0),
            stood: 0,
        }
    }

    fn me(&self) -> u8 {
        if self.white {
            WHITE
        } else {
            BLACK
        }
    }

    fn enemy(&self, c: Option<usize>) -> bool {
        c.is_some_and(|c| self.cells[c] != EMPTY && self.cells[c] != self.me())
    }

    /// The captures of the man on `from` (under the turn's limits once it has captured).
    fn captures(&self, from: usize, out: &mut Vec<Move>) {
        for &d in directions(from) {
            let Some(to) = off(from, d, 1) else { continue };
            if self.cells[to] != EMPTY {
                continue;
            }
            if self.runner.is_some() && (self.stood >> to & 1 == 1 || d == self.went) {
                continue;
            }
            if self.enemy(off(to, d, 1)) {
                out.push(Some((from, to, Kind::Approach)));
            }
            if self.enemy(off(from, d, -1)) {
                out.push(Some((from, to, Kind::Withdrawal)));
            }
        }
    }

    fn end_turn(&mut self) {
        self.white = !self.white;
        self.runner = None;
        self.went = (0, 0);
        self.stood = 0;
    }
}

impl super::Reference for Reference {
    type Move = Move;

    fn moves(&self) -> Vec<Move> {
        let mine = self.cells.iter().filter(|&&p| p == self.me()).count();
        if mine == 0 || (self.max_plies > 0 && self.ply >= self.max_plies) {
            return Vec::new();
        }
        let mut out = Vec::new();
        if let Some(r) = self.runner {
            self.captures(r, &mut out);
            out.push(None);
            return out;
        }
        for c in 0..45 {
            if self.cells[c] == self.me() {
                self.captures(c, &mut out);
            }
        }
        if out.is_empty() {
            for c in (0..45).filter(|&c| self.cells[c] == self.me()) {
                for &d in directions(c) {
                    if let Some(t) = off(c, d, 1).filter(|&t| self.cells[t] == EMPTY) {
                        out.push(Some((c, t, Kind::Paika)));
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, m: Move) {
        self.ply += 1;
        let Some((from, to, kind)) = m else {
            return self.end_turn();
        };
        let d = (
            (to % 9) as i32 - (from % 9) as i32,
            (to / 9) as i32 - (from / 9) as i32,
        );
        self.cells[to] = self.cells[from];
        self.cells[from] = EMPTY;
        // The enemy line: from the point beyond `to` onwards, or behind `from` backwards.
        let (start, way) = match kind {
            Kind::Paika => return self.end_turn(),
            Kind::Approach => (to, d),
            Kind::Withdrawal => (from, (-d.0, -d.1)),
        };
        let mut k = 1;
        while let Some(c) = off(start, way, k).filter(|&c| self.enemy(Some(c))) {
            self.cells[c] = EMPTY;
            k += 1;
        }
        self.stood |= 1 << from | 1 << to;
        self.runner = Some(to);
        self.went = d;
        let mut more = Vec::new();
        self.captures(to, &mut more);
        if more.is_empty() {
            self.end_turn();
        }
    }

    fn text(&self, &m: &Move) -> String {
        text(m)
    }
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 9) as u8) as char, c / 9 + 1)
}

fn text(m: Move) -> String {
    match m {
        None => "pass".into(),
        Some((a, b, k)) => {
            let mark = match k {
                Kind::Paika => "",
                Kind::Approach => "A",
                Kind::Withdrawal => "W",
            };
            format!("{}-{}{mark}", name(a), name(b))
        }
    }
}

#[test]
fn perft_agrees_with_the_reference_from_the_start() {
    // The reference's counts, for the record: 5, 17, 64, 337, 1496, 6884, 33162 (decisions,
    // each capture of a chain and each pass one of them).
    perft_agrees(&load("fanorona", &[]), &Reference::start(1000), 7, "");
}

/// Every decision of 200 seeded random games (they end with a side taken off the board),
/// and perft 3 every twentieth decision of the first twenty; with `max_plies=30` too, so
/// that the limit is met.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let mut endings = std::collections::BTreeSet::new();
    for max_plies in [1000u32, 30] {
        let g = load("fanorona", &[("max_plies", &max_plies.to_string())]);
        let perft = Perft::to(3).every(20).in_first(20);
        let start = Reference::start(max_plies);
        endings
            .extend(games_agree(&g, &start, ("", 200), Some(perft), no_more, no_end).into_keys());
    }
    assert!(endings.contains("all taken"), "{endings:?}");
    assert!(endings.contains("move limit"), "{endings:?}");
}

/// Approach takes the line ahead up to the first gap; withdrawal the line behind; a man on
/// a weak point has no diagonal.
#[test]
fn approach_and_withdrawal_take_a_line_up_to_a_gap() {
    let g = load("fanorona", &[]);
    // White d3 to e3: approach takes f3 g3 (h3 is empty), withdrawal takes c3 b3 (a3 white).
    let p = "9/9/WBBW1BB1B/9/9 w";
    assert_eq!(sorted(texts(&g, &position(&g, p))), ["d3-e3A", "d3-e3W"]);
    let mut s = position(&g, p);
    play(&g, &mut s, &["d3-e3A"]);
    assert_eq!(g.position_string(&s), "9/9/WBB1W3B/9/9 b");
    let mut s = position(&g, p);
    play(&g, &mut s, &["d3-e3W"]);
    assert_eq!(g.position_string(&s), "9/9/W3WBB1B/9/9 b");
    // e2 (weak) has no diagonal: without a capture, paika along the rank and file only;
    // d2 (strong) has all eight lines.
    let s = position(&g, "B8/9/9/4W4/9 w");
    assert_eq!(sorted(texts(&g, &s)), ["e2-d2", "e2-e1", "e2-e3", "e2-f2"]);
    let s = position(&g, "B8/9/9/3W5/9 w");
    assert_eq!(texts(&g, &s).len(), 8);
}

/// A man that captured goes on capturing as new decisions, never to a point it stood on
/// nor twice in the same direction, and may stop (`pass`); the turn ends by itself when
/// no capture is left.
#[test]
fn a_capturing_man_goes_on_and_may_stop() {
    let g = load("fanorona", &[]);
    // a1-b1 approaches c1. From b1 (a weak point: no diagonal), east again is barred and
    // a1 was stood on: b1-b2 approaches b3, or the man stops.
    let mut s = position(&g, "9/9/1B7/9/W1B6 w");
    play(&g, &mut s, &["a1-b1A"]);
    assert_eq!(sorted(texts(&g, &s)), ["b1-b2A", "pass"]);
    play(&g, &mut s, &["pass"]);
    assert_eq!(g.position_string(&s), "9/9/1B7/9/1W7 b");
}

/// A player whose men cannot move loses, or with `stuck=draws` the game is drawn.
#[test]
fn a_player_who_cannot_move_loses_or_draws() {
    // White's a1 is hemmed in by a2, b2 and b1, none of which it can take.
    let p = "9/9/9/BB7/WB7 w";
    let g = load("fanorona", &[]);
    let s = position(&g, p);
    assert!(texts(&g, &s).is_empty());
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("no moves", Some(1)));
    let g = load("fanorona", &[("stuck", "draws")]);
    let o = g.status(&position(&g, p), &mut g.scratch()).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("blocked", None));
}

#[test]
fn random_games_end_by_the_rules() {
    let g = load("fanorona", &[]);
    random_games_end_among(&g, (20, 1000), &["all taken", "no moves"], 999);
}
