//! Hex (rulesets/hex.tessel), against a reference written here from the rules alone: the
//! six neighbours of a rhombus, the chain joining a player's two sides, the swap rule —
//! perft from the empty board and every decision of seeded random games.

use super::common::{load, play};
use super::{games_agree, no_more, perft_agrees};
use std::collections::HashSet;
use tessel_interpreter::{Game, Outcome, State};

/// The reference: cells `x + n * y` (a1 = 0), `1` red, `-1` blue, `0` empty. Red joins
/// rows 1 and n, blue files a and the last.
#[derive(Clone)]
struct Reference {
    n: usize,
    cells: Vec<i8>,
    red: bool,
    ply: u32,
    swap: bool,
    won: bool,
}

impl Reference {
    fn new(n: usize, swap: bool) -> Reference {
        Reference {
            n,
            cells: vec![0; n * n],
            red: true,
            ply: 0,
            swap,
            won: false,
        }
    }

    fn neighbours(&self, c: usize) -> Vec<usize> {
        let (x, y, n) = ((c % self.n) as i32, (c / self.n) as i32, self.n as i32);
        [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)]
            .iter()
            .map(|(dx, dy)| (x + dx, y + dy))
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
            .map(|(a, b)| (a + b * n) as usize)
            .collect()
    }

    /// Whether `colour`'s stones join its two sides.
    fn joined(&self, colour: i8) -> bool {
        let n = self.n;
        let side = |c: usize, far: bool| {
            let at = if colour == 1 { c / n } else { c % n };
            at == if far { n - 1 } else { 0 }
        };
        let mut seen = HashSet::new();
        let mut stack: Vec<usize> = (0..n * n)
            .filter(|&c| self.cells[c] == colour && side(c, false))
            .collect();
        seen.extend(stack.iter().copied());
        while let Some(c) = stack.pop() {
            if side(c, true) {
                return true;
            }
            for t in self.neighbours(c) {
                if self.cells[t] == colour && seen.insert(t) {
                    stack.push(t);
                }
            }
        }
        false
    }
}

impl super::Reference for Reference {
    /// A cell, or `None` for the swap.
    type Move = Option<usize>;

    fn moves(&self) -> Vec<Option<usize>> {
        if self.won {
            return Vec::new();
        }
        let mut out: Vec<Option<usize>> = (0..self.cells.len())
            .filter(|&c| self.cells[c] == 0)
            .map(Some)
            .collect();
        if self.swap && self.ply == 1 {
            out.push(None);
        }
        out
    }

    fn play(&mut self, m: Option<usize>) {
        let me = if self.red { 1 } else { -1 };
        match m {
            Some(c) => self.cells[c] = me,
            None => {
                let c = self
                    .cells
                    .iter()
                    .position(|&v| v != 0)
                    .expect("red's stone");
                self.cells[c] = 0;
                let (x, y) = (c % self.n, c / self.n);
                self.cells[y + self.n * x] = me;
            }
        }
        self.won = self.joined(me);
        self.ply += 1;
        self.red = !self.red;
    }

    fn text(&self, m: &Option<usize>) -> String {
        let n = self.n;
        m.map_or("swap".to_string(), |c| {
            format!("{}{}", (b'a' + (c % n) as u8) as char, c / n + 1)
        })
    }
}

fn hex(size: usize, swap: bool) -> Game {
    load(
        "hex",
        &[
            ("size", &size.to_string()),
            ("swap_rule", if swap { "true" } else { "false" }),
        ],
    )
}

#[test]
fn perft_agrees_with_the_reference() {
    for (size, swap, depth) in [
        (11, true, 3),
        (3, true, 6),
        (3, false, 6),
        (4, true, 5),
        (2, true, 5),
    ] {
        let label = format!("{size} x {size}, swap {swap}, ");
        perft_agrees(&hex(size, swap), &Reference::new(size, swap), depth, &label);
    }
}

/// Every decision of seeded random games, and who won.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let mut wins = [0; 2];
    for (size, games) in [(11, 40u64), (5, 150), (7, 60)] {
        let end = |_: &State, r: &Reference, o: Outcome, at: &str| {
            let winner = if r.red { 1 } else { 0 };
            let got = (o.ending.as_str(), o.winner());
            assert_eq!(got, ("connected", Some(winner)), "{at}");
            wins[winner] += 1;
        };
        let label = format!("{size} x {size}, ");
        let start = Reference::new(size, true);
        games_agree(
            &hex(size, true),
            &start,
            (&label, games),
            None,
            no_more,
            end,
        );
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

#[test]
fn the_swap_takes_the_first_stone_over_reflected() {
    let g = hex(5, true);
    let mut s: State = g.start_state(0).expect("start");
    play(&g, &mut s, &["c2", "swap"]);
    assert_eq!(g.position_string(&s), "5/5/1B3/5/5 r");
    // Red joins its rows with a chain down the board.
    let mut t = g.start_state(0).expect("start");
    play(
        &g,
        &mut t,
        &["a1", "e1", "a2", "e2", "a3", "e3", "a4", "e4"],
    );
    let mut scratch = g.scratch();
    assert!(g.status(&t, &mut scratch).is_none());
    play(&g, &mut t, &["a5"]);
    let o = g.status(&t, &mut scratch).expect("red joined");
    assert_eq!(o.winner(), Some(0));
}
