//! The Game of the Amazons (rulesets/amazons.tessel), against a reference generator written
//! here from the rules alone: the published count of first moves, perft to two whole turns
//! from the start and from positions along seeded random games, and every decision of a
//! seeded sample of games, each played to its end.

use super::common::load;
use super::{games_agree, no_more, perft_agrees, Perft, Reference as _};
use tessel_interpreter::{Outcome, State};

const SIDE: i32 = 10;
use super::LINES;

/// The reference: cells a1 = 0 … j10 = 99, `1` white, `2` black, `3` a burnt cell, `0`
/// empty. A turn is two decisions, as in the ruleset: an amazon's move, then the arrow from
/// where it landed (`landed`).
#[derive(Clone, PartialEq, Debug)]
struct Reference {
    cells: [u8; 100],
    white: bool,
    landed: Option<usize>,
}

#[derive(Clone, Copy)]
enum Decision {
    Move(usize, usize),
    Shoot(usize),
}

impl Reference {
    fn start() -> Reference {
        let mut cells = [0; 100];
        for c in ["a4", "d1", "g1", "j4"] {
            cells[cell(c)] = 1;
        }
        for c in ["a7", "d10", "g10", "j7"] {
            cells[cell(c)] = 2;
        }
        Reference {
            cells,
            white: true,
            landed: None,
        }
    }

    /// The empty cells a queen on `from` reaches.
    fn reach(&self, from: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for (dx, dy) in LINES {
            let (mut x, mut y) = (from as i32 % SIDE, from as i32 / SIDE);
            loop {
                (x, y) = (x + dx, y + dy);
                if !(0..SIDE).contains(&x) || !(0..SIDE).contains(&y) {
                    break;
                }
                let c = (y * SIDE + x) as usize;
                if self.cells[c] != 0 {
                    break;
                }
                out.push(c);
            }
        }
        out
    }
}

impl super::Reference for Reference {
    type Move = Decision;

    fn moves(&self) -> Vec<Decision> {
        if let Some(at) = self.landed {
            return self.reach(at).into_iter().map(Decision::Shoot).collect();
        }
        let me = if self.white { 1 } else { 2 };
        (0..100)
            .filter(|&c| self.cells[c] == me)
            .flat_map(|from| {
                self.reach(from)
                    .into_iter()
                    .map(move |to| Decision::Move(from, to))
            })
            .collect()
    }

    fn play(&mut self, d: Decision) {
        match d {
            Decision::Move(from, to) => {
                self.cells[to] = self.cells[from];
                self.cells[from] = 0;
                self.landed = Some(to);
            }
            Decision::Shoot(at) => {
                self.cells[at] = 3;
                self.landed = None;
                self.white = !self.white;
            }
        }
    }

    fn text(&self, d: &Decision) -> String {
        match *d {
            Decision::Move(a, b) => format!("{}{}", name(a), name(b)),
            Decision::Shoot(c) => format!("shoot@{}", name(c)),
        }
    }
}

fn cell(n: &str) -> usize {
    (n.as_bytes()[0] - b'a') as usize + 10 * (n[1..].parse::<usize>().unwrap() - 1)
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 10) as u8) as char, c / 10 + 1)
}

/// The first player has 2,176 moves, each an amazon's move and its arrow: source, the
/// Wikipedia article "Game of the Amazons" (https://en.wikipedia.org/wiki/Game_of_the_Amazons,
/// computational complexity: "2176 possible moves" in the opening). Here a move is two
/// decisions, so it is perft 2.
#[test]
fn the_first_player_has_the_published_2176_moves() {
    let g = load("amazons", &[]);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 1), 80);
    assert_eq!(g.perft(&s, 2), 2176);
    assert_eq!(Reference::start().perft(2), 2176);
}

/// Two whole turns (four decisions) from the start.
#[test]
fn perft_agrees_with_the_reference_to_two_whole_turns() {
    perft_agrees(&load("amazons", &[]), &Reference::start(), 4, "");
}

/// Every decision of 30 seeded random games, played to their end, and perft 3 every
/// 25th decision of the first five.
#[test]
fn seeded_random_games_agree_with_the_reference_decision_by_decision() {
    let g = load("amazons", &[]);
    let perft = Perft::to(3).every(25).in_first(5);
    let end = |_: &State, r: &Reference, o: Outcome, at: &str| {
        assert_eq!(o.ending, "no moves", "{at}");
        // The player to move, who cannot, loses.
        assert_eq!(o.winner(), Some(if r.white { 1 } else { 0 }), "{at}");
        assert!(r.landed.is_none(), "{at}: a game ends between turns");
    };
    games_agree(&g, &Reference::start(), ("", 30), Some(perft), no_more, end);
}
