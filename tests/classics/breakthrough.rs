//! Breakthrough (rulesets/breakthrough.tessel), against a reference move generator written
//! here from the rules alone: perft to depth 4 from the start and from positions along
//! seeded random games, and every game of a seeded sample move by move.

use super::common::load;
use super::{games_agree, no_end, no_more, perft_agrees, Perft};

/// The reference: cells a1 = 0 … h8 = 63, `+1` white, `-1` black, `0` empty; white moves
/// up the board. Returns the moves as (from, to) of the player to move, or none when the
/// game is over (a pawn on the far row, no pawn left).
#[derive(Clone, PartialEq, Debug)]
struct Reference {
    cells: [i8; 64],
    white: bool,
}

impl Reference {
    fn start() -> Reference {
        let mut cells = [0; 64];
        cells[..16].fill(1);
        cells[48..].fill(-1);
        Reference { cells, white: true }
    }

    fn over(&self) -> bool {
        (56..64).any(|i| self.cells[i] == 1)
            || (0..8).any(|i| self.cells[i] == -1)
            || !self.cells.contains(&1)
            || !self.cells.contains(&-1)
    }
}

impl super::Reference for Reference {
    type Move = (usize, usize);

    fn moves(&self) -> Vec<(usize, usize)> {
        if self.over() {
            return Vec::new();
        }
        let (me, up): (i8, i32) = if self.white { (1, 1) } else { (-1, -1) };
        let mut out = Vec::new();
        for (from, &piece) in self.cells.iter().enumerate() {
            if piece != me {
                continue;
            }
            let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
            for df in [-1, 0, 1] {
                let (f, r) = (file + df, rank + up);
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    continue;
                }
                let to = (r * 8 + f) as usize;
                let there = self.cells[to];
                if there == 0 || (df != 0 && there == -me) {
                    out.push((from, to));
                }
            }
        }
        out
    }

    fn play(&mut self, (from, to): (usize, usize)) {
        self.cells[to] = self.cells[from];
        self.cells[from] = 0;
        self.white = !self.white;
    }

    fn text(&self, &(a, b): &(usize, usize)) -> String {
        format!("{}{}", name(a), name(b))
    }
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 8) as u8) as char, c / 8 + 1)
}

#[test]
fn perft_agrees_with_the_reference_to_depth_4() {
    perft_agrees(&load("breakthrough", &[]), &Reference::start(), 4, "");
}

/// Every decision of 200 seeded random games, and perft 3 every tenth ply of the first 20.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let g = load("breakthrough", &[]);
    let perft = Perft::to(3).every(10).in_first(20);
    games_agree(
        &g,
        &Reference::start(),
        ("", 200),
        Some(perft),
        no_more,
        no_end,
    );
}
