//! Nine men's morris (rulesets/nine-mens-morris.tessel), against a reference move generator
//! written here from the rules alone, with and without flying: perft to depth 5 from the
//! start, perft 3 from positions along seeded random games, and every decision of those
//! games. Then a few positions checked by hand: a mill and its removal, the men in mills
//! kept, flying, the end at two men.

use super::common::{load, play, texts};
use super::{
    games_agree, no_end, no_more, perft_agrees, position, random_games_end_among, sorted, Perft,
};

/// The points in the order the ruleset names them (its position strings' order).
const POINTS: [&str; 24] = [
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4", "e4", "f4", "g4", "c3",
    "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
];

/// The sixteen lines of three points.
const MILLS: [[&str; 3]; 16] = [
    ["a7", "d7", "g7"],
    ["b6", "d6", "f6"],
    ["c5", "d5", "e5"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
    ["c3", "d3", "e3"],
    ["b2", "d2", "f2"],
    ["a1", "d1", "g1"],
    ["a1", "a4", "a7"],
    ["b2", "b4", "b6"],
    ["c3", "c4", "c5"],
    ["d1", "d2", "d3"],
    ["d5", "d6", "d7"],
    ["e3", "e4", "e5"],
    ["f2", "f4", "f6"],
    ["g1", "g4", "g7"],
];

fn at(n: &str) -> usize {
    POINTS.iter().position(|p| *p == n).expect("a point")
}

/// The reference: `cells[i]` is 0 (empty), 1 (white) or 2 (black) on `POINTS[i]`.
#[derive(Clone, Debug)]
struct Reference {
    cells: [u8; 24],
    hand: [u32; 2],
    white: bool,
    removing: bool,
    ply: u32,
    flying: bool,
}

impl Reference {
    fn start(flying: bool) -> Reference {
        Reference {
            cells: [0; 24],
            hand: [9, 9],
            white: true,
            removing: false,
            ply: 0,
            flying,
        }
    }

    fn me(&self) -> u8 {
        if self.white {
            1
        } else {
            2
        }
    }

    fn count(&self, who: u8) -> u32 {
        self.cells.iter().filter(|&&c| c == who).count() as u32
    }

    /// The cell stands in a line of three of its owner's men.
    fn in_mill(&self, c: usize) -> bool {
        let who = self.cells[c];
        MILLS
            .iter()
            .any(|m| m.iter().any(|p| at(p) == c) && m.iter().all(|p| self.cells[at(p)] == who))
    }

    fn neighbours(c: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for m in MILLS {
            let i: Vec<usize> = m.iter().map(|p| at(p)).collect();
            for k in 0..3 {
                if i[k] == c {
                    if k > 0 {
                        out.push(i[k - 1]);
                    }
                    if k < 2 {
                        out.push(i[k + 1]);
                    }
                }
            }
        }
        out
    }
}

impl super::Reference for Reference {
    /// A decision as the ruleset writes it.
    type Move = String;

    fn moves(&self) -> Vec<String> {
        let me = self.me();
        let side = usize::from(!self.white);
        if self.hand[side] + self.count(me) < 3 || self.ply >= 1000 {
            return Vec::new();
        }
        let empty: Vec<usize> = (0..24).filter(|&c| self.cells[c] == 0).collect();
        if self.removing {
            let them: Vec<usize> = (0..24)
                .filter(|&c| self.cells[c] != 0 && self.cells[c] != me)
                .collect();
            let all_in_mills = them.iter().all(|&c| self.in_mill(c));
            return them
                .into_iter()
                .filter(|&c| all_in_mills || !self.in_mill(c))
                .map(|c| format!("x{}", POINTS[c]))
                .collect();
        }
        if self.hand[side] > 0 {
            return empty.iter().map(|&c| POINTS[c].to_string()).collect();
        }
        let flies = self.flying && self.count(me) == 3;
        let mut out = Vec::new();
        for from in (0..24).filter(|&c| self.cells[c] == me) {
            let to: Vec<usize> = if flies {
                empty.clone()
            } else {
                Reference::neighbours(from)
                    .into_iter()
                    .filter(|&c| self.cells[c] == 0)
                    .collect()
            };
            out.extend(
                to.into_iter()
                    .map(|t| format!("{}-{}", POINTS[from], POINTS[t])),
            );
        }
        out
    }

    fn play(&mut self, text: String) {
        let me = self.me();
        let side = usize::from(!self.white);
        self.ply += 1;
        let text = text.as_str();
        if let Some(c) = text.strip_prefix('x') {
            self.cells[at(c)] = 0;
            self.removing = false;
            self.white = !self.white;
            return;
        }
        let to = match text.split_once('-') {
            Some((a, b)) => {
                self.cells[at(a)] = 0;
                at(b)
            }
            None => {
                self.hand[side] -= 1;
                at(text)
            }
        };
        self.cells[to] = me;
        if self.in_mill(to) {
            self.removing = true;
        } else {
            self.white = !self.white;
        }
    }

    fn text(&self, m: &String) -> String {
        m.clone()
    }
}

#[test]
fn perft_agrees_with_the_reference_to_depth_5() {
    perft_agrees(
        &load("nine-mens-morris", &[]),
        &Reference::start(true),
        5,
        "",
    );
}

/// Every decision of 100 seeded random games with flying and 100 without, and perft 3
/// every twentieth decision of the first ten of each.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let mut endings = std::collections::BTreeSet::new();
    for flying in [true, false] {
        let g = load("nine-mens-morris", &[("flying", &flying.to_string())]);
        let perft = Perft::to(3).every(20).in_first(10);
        let label = format!("flying {flying}, ");
        let start = Reference::start(flying);
        endings.extend(
            games_agree(&g, &start, (&label, 100), Some(perft), no_more, no_end).into_keys(),
        );
    }
    assert!(endings.contains("two men"), "{endings:?}");
}

/// A mill removes a man not in a mill; when every man is in one, any may go.
#[test]
fn a_mill_removes_a_man_not_in_a_mill_unless_all_are() {
    let g = load("nine-mens-morris", &[]);
    // White closes a7 d7 g7; black's a1 d1 g1 is a mill, b6 is not: only b6 may go.
    let mut s = position(&g, "WW1B17BBB w 5W5B");
    play(&g, &mut s, &["g7"]);
    assert_eq!(sorted(texts(&g, &s)), ["xb6"]);
    // With black's men all in mills, any of them.
    let mut s = position(&g, "WW19BBB w 5W5B");
    play(&g, &mut s, &["g7"]);
    assert_eq!(sorted(texts(&g, &s)), ["xa1", "xd1", "xg1"]);
    play(&g, &mut s, &["xd1"]);
    assert_eq!(g.position_string(&s), "WWW18B1B b 4W5B");
}

/// Down to three men a player flies; down to two, they lose.
#[test]
fn three_men_fly_and_two_lose() {
    let g = load("nine-mens-morris", &[]);
    let mut scratch = g.scratch();
    // Black's three men (b2, a1, d1) against white's three (a7, g7, b6).
    let p = "W1WW14B2BB1 b -";
    let s = position(&g, p);
    let moves = texts(&g, &s);
    assert_eq!(moves.len(), 3 * 18, "{moves:?}");
    let g2 = load("nine-mens-morris", &[("flying", "false")]);
    let s2 = position(&g2, p);
    assert_eq!(
        sorted(texts(&g2, &s2)),
        ["a1-a4", "b2-b4", "b2-d2", "d1-d2", "d1-g1"]
    );
    // Black flies b2 to g1, closing a1 d1 g1, and takes a7: white is down to two.
    let mut s = s;
    play(&g, &mut s, &["b2-g1", "xa7"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("two men", Some(1)));
}

#[test]
fn random_games_end_at_two_men_or_the_limit() {
    let endings = ["two men", "no moves", "move limit"];
    random_games_end_among(&load("nine-mens-morris", &[]), (20, 1000), &endings, 1000);
}
