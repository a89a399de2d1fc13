//! Breakthrough (rulesets/breakthrough.tessel), against a reference move generator written
//! here from the rules alone: perft to depth 4 from the start and from positions along
//! seeded random games, and every game of a seeded sample move by move.

use super::common::load;
use tessel_interpreter::{Game, State};

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

    fn perft(&self, depth: u32) -> u64 {
        super::reference_perft(self, depth, Self::moves, Self::play)
    }
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 8) as u8) as char, c / 8 + 1)
}

/// The ruleset's decisions, as `from`-`to` texts, sorted.
fn ruleset_moves(g: &Game, s: &State) -> Vec<String> {
    let mut scratch = g.scratch();
    let mut moves = Vec::new();
    g.decisions(s, &mut scratch, &mut moves);
    let mut t: Vec<String> = moves
        .iter()
        .map(|m| g.move_text_among(&moves, *m))
        .collect();
    t.sort();
    t
}

fn reference_moves(r: &Reference) -> Vec<String> {
    let mut t: Vec<String> = r
        .moves()
        .into_iter()
        .map(|(a, b)| format!("{}{}", name(a), name(b)))
        .collect();
    t.sort();
    t
}

#[test]
fn perft_agrees_with_the_reference_to_depth_4() {
    let g = load("breakthrough", &[]);
    let s = g.start_state(0).expect("start");
    let r = Reference::start();
    for d in 1..=4 {
        assert_eq!(g.perft(&s, d), r.perft(d), "depth {d}");
    }
}

/// Every decision of 200 seeded random games, and perft 3 every tenth ply.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let g = load("breakthrough", &[]);
    let mut scratch = g.scratch();
    for seed in 0..200u64 {
        let mut s = g.start_state(seed).expect("start");
        let mut r = Reference::start();
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        loop {
            let ours = ruleset_moves(&g, &s);
            assert_eq!(ours, reference_moves(&r), "seed {seed}, ply {}", s.ply);
            if s.ply.is_multiple_of(10) && seed < 20 {
                assert_eq!(g.perft(&s, 3), r.perft(3), "seed {seed}, ply {}", s.ply);
            }
            if ours.is_empty() {
                assert!(g.status(&s, &mut scratch).is_some(), "seed {seed}: over");
                break;
            }
            let text = &ours[rand::Rng::random_range(&mut rng, 0..ours.len())];
            let mut legal = Vec::new();
            g.decisions(&s, &mut scratch, &mut legal);
            let m = g.parse_move(text, &legal).expect("legal");
            g.apply(&mut s, m);
            let cells = (text[0..2].to_string(), text[2..4].to_string());
            let cell = |n: &str| {
                (n.as_bytes()[0] - b'a') as usize + 8 * (n[1..].parse::<usize>().unwrap() - 1)
            };
            r.play((cell(&cells.0), cell(&cells.1)));
        }
    }
}
