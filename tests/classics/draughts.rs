//! What the two draughts references share: a position read from the ruleset's position
//! string, cells and their names, playing a move and writing it, perft, and the comparison
//! with the ruleset on every decision of seeded random games. Each game's file keeps only
//! its own rules of moving.

use super::common::{play, texts};
use super::sorted;
use std::collections::BTreeSet;
use tessel_interpreter::{Game, State};

/// A move: the cells it visits (start first), the cells it jumps.
pub type RefMove = (Vec<usize>, Vec<usize>);

/// The diagonal directions, as (files, ranks).
pub const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// A square board of `size` files and ranks, cells a1 = 0 upwards rank by rank: `1` a man
/// of the player who moves first, `2` a king of theirs, `-1` and `-2` the other's.
#[derive(Clone, Debug)]
pub struct Board {
    pub size: usize,
    pub cells: Vec<i8>,
    /// The player who moves first (and up the board) is to move.
    pub first: bool,
    /// The text a crowning adds to a move (`=B`).
    crown: &'static str,
}

impl Board {
    /// The position of `s`, its pieces written with `letters`: the first player's man and
    /// king, then the other's.
    pub fn read(
        g: &Game,
        s: &State,
        size: usize,
        letters: [char; 4],
        crown: &'static str,
    ) -> Board {
        let text = g.position_string(s);
        let (board, turn) = text.split_once(' ').expect("board and turn");
        let mut cells = vec![0i8; size * size];
        for (i, row) in board.split('/').enumerate() {
            let rank = size - 1 - i;
            let (mut file, mut run) = (0, 0);
            for ch in row.chars() {
                if let Some(n) = ch.to_digit(10) {
                    run = run * 10 + n as usize;
                    continue;
                }
                file += std::mem::take(&mut run);
                let p = letters.iter().position(|&l| l == ch).expect("a piece");
                cells[rank * size + file] = [1, 2, -1, -2][p];
                file += 1;
            }
        }
        Board {
            size,
            cells,
            first: turn.starts_with(letters[0]),
            crown,
        }
    }

    pub fn name(&self, c: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (c % self.size) as u8) as char,
            c / self.size + 1
        )
    }

    /// The cell `(df, dr)` away from `c`, if on the board.
    pub fn off(&self, c: usize, (df, dr): (i32, i32)) -> Option<usize> {
        let n = self.size as i32;
        let (f, r) = ((c % self.size) as i32 + df, (c / self.size) as i32 + dr);
        ((0..n).contains(&f) && (0..n).contains(&r)).then_some((r * n + f) as usize)
    }

    /// The piece is the mover's.
    pub fn mine(&self, p: i8) -> bool {
        p != 0 && (p > 0) == self.first
    }

    /// The mover's forward, in ranks.
    pub fn up(&self) -> i32 {
        if self.first {
            1
        } else {
            -1
        }
    }

    /// A man of the mover's ending its move on `to` is crowned.
    pub fn crowns(&self, p: i8, to: usize) -> bool {
        p.abs() == 1 && to / self.size == if self.first { self.size - 1 } else { 0 }
    }

    /// As the rulesets write it: `c3-d4`, `c3xe5xg7`, and the crowning's text.
    pub fn text(&self, (path, taken): &RefMove) -> String {
        let sep = if taken.is_empty() { "-" } else { "x" };
        let names: Vec<String> = path.iter().map(|&c| self.name(c)).collect();
        let mut out = names.join(sep);
        if self.crowns(self.cells[path[0]], *path.last().unwrap()) {
            out += self.crown;
        }
        out
    }

    pub fn play(&mut self, (path, taken): &RefMove) {
        let (from, to) = (path[0], *path.last().unwrap());
        let p = self.cells[from];
        self.cells[from] = 0;
        for &c in taken {
            self.cells[c] = 0;
        }
        self.cells[to] = if self.crowns(p, to) { p * 2 } else { p };
        self.first = !self.first;
    }

    /// Perft with the game's `moves`; `unique`: captures taking the same pieces between the
    /// same squares counted once.
    pub fn perft(&self, depth: u32, moves: Moves, unique: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut all = moves(self);
        if unique {
            let mut seen = BTreeSet::new();
            all.retain(|(path, taken)| {
                let mut t = taken.clone();
                t.sort();
                seen.insert((path[0], *path.last().unwrap(), t))
            });
        }
        all.iter()
            .map(|m| {
                let mut t = self.clone();
                t.play(m);
                t.perft(depth - 1, moves, unique)
            })
            .sum()
    }
}

/// A game's rules of moving: every legal move of the player to move.
pub type Moves = fn(&Board) -> Vec<RefMove>;

/// Every decision of `games` seeded random games (at most 400 plies), each position read
/// afresh by the reference, agrees with it; perft to `depth` every twentieth ply of the
/// first `checked` games. The sample must reach many kings and chains of jumps.
pub fn agree_move_by_move(
    g: &Game,
    read: impl Fn(&Game, &State) -> Board,
    moves: Moves,
    games: u64,
    (checked, depth): (u64, u32),
) {
    let mut scratch = g.scratch();
    let (mut kings, mut chains) = (0, 0);
    for seed in 0..games {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        while s.ply < 400 {
            let r = read(g, &s);
            let theirs = moves(&r);
            let ours = texts(g, &s);
            let want: Vec<String> = theirs.iter().map(|m| r.text(m)).collect();
            assert_eq!(
                sorted(ours.clone()),
                sorted(want),
                "seed {seed}, ply {}",
                s.ply
            );
            if s.ply.is_multiple_of(20) && seed < checked {
                let (a, b) = (g.perft(&s, depth), r.perft(depth, moves, false));
                assert_eq!(a, b, "seed {seed}, ply {}", s.ply);
            }
            if ours.is_empty() {
                let o = g.status(&s, &mut scratch).expect("over");
                assert_eq!(o.ending, "no moves");
                break;
            }
            kings += r.cells.iter().filter(|p| p.abs() == 2).count();
            chains += theirs.iter().filter(|m| m.1.len() > 1).count();
            let text = &ours[rand::Rng::random_range(&mut rng, 0..ours.len())];
            play(g, &mut s, &[text.as_str()]);
        }
    }
    assert!(
        kings > 1000 && chains > 100,
        "kings {kings}, chains {chains}"
    );
}
