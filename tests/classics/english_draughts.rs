//! English draughts (rulesets/english-draughts.tessel): published perft from the start,
//! and a reference move generator written here from the rules alone (men, kings, chains
//! of jumps, compulsory capture, crowning) that agrees with the ruleset on every decision
//! of seeded random games and on perft from positions along them.

use super::common::{load, play, texts};
use super::random_games_end;
use tessel_interpreter::{Game, State};

/// Perft from the start. Source: Aart Bik, "Perft for Checkers" (BikMove, 2009),
/// http://www.aartbik.com/MISC/checkers.html and the talkchess thread "perft for 8x8
/// checkers" (2009-05-08): 1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740,
/// 8: 845931, 9: 3963680. His generator "does not eliminate duplicate captures" (two
/// ways to the same square capturing the same pieces count twice), as here: each way of
/// jumping is a decision of its own.
#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let g = load("english-draughts", &[]);
    let s = g.start_state(0).expect("start");
    let published = [7, 49, 302, 1469, 7361, 36768, 179740];
    for (d, &n) in published.iter().enumerate() {
        assert_eq!(g.perft(&s, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_8_and_9_match_the_published_counts() {
    let g = load("english-draughts", &[]);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 8), 845931);
    assert_eq!(g.perft(&s, 9), 3963680);
}

/// The reference: cells a1 = 0 … h8 = 63; `1` a black man, `2` a black king, `-1`, `-2`
/// white's; black moves up the board, and first.
#[derive(Clone, Debug)]
struct Reference {
    cells: [i8; 64],
    black: bool,
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 8) as u8) as char, c / 8 + 1)
}

/// The cell `(df, dr)` away from `c`, if on the board.
fn off(c: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let (f, r) = ((c % 8) as i32 + df, (c / 8) as i32 + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

/// A move: the cells it visits (start first), the cells it jumps.
type RefMove = (Vec<usize>, Vec<usize>);

impl Reference {
    fn read(g: &Game, s: &State) -> Reference {
        let text = g.position_string(s);
        let (board, turn) = text.split_once(' ').expect("board and turn");
        let mut cells = [0i8; 64];
        for (i, row) in board.split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for ch in row.chars() {
                if let Some(n) = ch.to_digit(10) {
                    file += n as usize;
                    continue;
                }
                cells[rank * 8 + file] = match ch {
                    'b' => 1,
                    'B' => 2,
                    'w' => -1,
                    'W' => -2,
                    _ => panic!("{ch}"),
                };
                file += 1;
            }
        }
        Reference {
            cells,
            black: turn.starts_with('b'),
        }
    }

    fn mine(&self, p: i8) -> bool {
        if self.black {
            p > 0
        } else {
            p < 0
        }
    }

    fn dirs(&self, p: i8) -> Vec<(i32, i32)> {
        let up = if self.black { 1 } else { -1 };
        if p.abs() == 2 {
            vec![(1, 1), (-1, 1), (1, -1), (-1, -1)]
        } else {
            vec![(1, up), (-1, up)]
        }
    }

    /// Every way of jumping on from `at` (the piece `p` left `path[0]`).
    fn jumps(&self, p: i8, path: &mut Vec<usize>, taken: &mut Vec<usize>, out: &mut Vec<RefMove>) {
        let at = *path.last().unwrap();
        let mut went = false;
        for d in self.dirs(p) {
            let (Some(mid), Some(land)) = (off(at, d), off(at, (2 * d.0, 2 * d.1))) else {
                continue;
            };
            let enemy = self.cells[mid] != 0 && !self.mine(self.cells[mid]);
            let free = self.cells[land] == 0 || land == path[0];
            if enemy && free && !taken.contains(&mid) {
                went = true;
                path.push(land);
                taken.push(mid);
                self.jumps(p, path, taken, out);
                path.pop();
                taken.pop();
            }
        }
        if !went && path.len() > 1 {
            out.push((path.clone(), taken.clone()));
        }
    }

    fn moves(&self) -> Vec<RefMove> {
        let mut jumps = Vec::new();
        let mut steps = Vec::new();
        for c in 0..64 {
            let p = self.cells[c];
            if p == 0 || !self.mine(p) {
                continue;
            }
            self.jumps(p, &mut vec![c], &mut Vec::new(), &mut jumps);
            for d in self.dirs(p) {
                if let Some(t) = off(c, d).filter(|&t| self.cells[t] == 0) {
                    steps.push((vec![c, t], Vec::new()));
                }
            }
        }
        if jumps.is_empty() {
            steps
        } else {
            jumps
        }
    }

    fn crowns(&self, p: i8, to: usize) -> bool {
        p.abs() == 1 && to / 8 == if self.black { 7 } else { 0 }
    }

    /// As the ruleset writes it: `c3-d4`, `c3xe5xg7`, `=B` when a man is crowned.
    fn text(&self, (path, taken): &RefMove) -> String {
        let sep = if taken.is_empty() { "-" } else { "x" };
        let mut t: Vec<String> = path.iter().map(|&c| name(c)).collect::<Vec<_>>();
        let mut out = t.remove(0);
        out += sep;
        out += &t.join(sep);
        if self.crowns(self.cells[path[0]], *path.last().unwrap()) {
            out += "=B";
        }
        out
    }

    fn play(&mut self, (path, taken): &RefMove) {
        let (from, to) = (path[0], *path.last().unwrap());
        let p = self.cells[from];
        self.cells[from] = 0;
        for &c in taken {
            self.cells[c] = 0;
        }
        self.cells[to] = if self.crowns(p, to) { p * 2 } else { p };
        self.black = !self.black;
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|m| {
                let mut t = self.clone();
                t.play(m);
                t.perft(depth - 1)
            })
            .sum()
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Every decision of 300 seeded random games (no draw rule, at most 400 plies), each
/// position read afresh by the reference; perft 4 every twentieth ply of the first 30.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let g = load("english-draughts", &[("forty", "0"), ("max_plies", "0")]);
    let mut scratch = g.scratch();
    let (mut kings, mut chains) = (0, 0);
    for seed in 0..300u64 {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        while s.ply < 400 {
            let r = Reference::read(&g, &s);
            let theirs = r.moves();
            let ours = texts(&g, &s);
            let want: Vec<String> = theirs.iter().map(|m| r.text(m)).collect();
            assert_eq!(
                sorted(ours.clone()),
                sorted(want),
                "seed {seed}, ply {}",
                s.ply
            );
            if s.ply.is_multiple_of(20) && seed < 30 {
                assert_eq!(g.perft(&s, 4), r.perft(4), "seed {seed}, ply {}", s.ply);
            }
            if ours.is_empty() {
                let o = g.status(&s, &mut scratch).expect("over");
                assert_eq!(o.ending, "no moves");
                break;
            }
            kings += r.cells.iter().filter(|p| p.abs() == 2).count();
            chains += theirs.iter().filter(|m| m.1.len() > 1).count();
            let text = &ours[rand::Rng::random_range(&mut rng, 0..ours.len())];
            play(&g, &mut s, &[text.as_str()]);
        }
    }
    // The sample reaches what it is meant to prove.
    assert!(
        kings > 1000 && chains > 100,
        "kings {kings}, chains {chains}"
    );
}

/// A chain is one decision written with every landing; the pieces it jumps go at the end,
/// and two ways to the same square are two decisions with their own texts.
#[test]
fn a_chain_is_one_move_written_with_every_landing() {
    let g = load("english-draughts", &[]);
    // Black's man on c3 jumps d4 and f6 (white men) to g7: compulsory, the only move.
    let mut s = g
        .parse_position("8/8/5w2/8/3w4/2b5/8/8 b", 0)
        .expect("position");
    assert_eq!(texts(&g, &s), ["c3xe5xg7"]);
    play(&g, &mut s, &["c3xe5xg7"]);
    assert_eq!(g.position_string(&s), "8/6b1/8/8/8/8/8/8 w");
    // A king that can go round four men both ways: two decisions back to its square,
    // told apart by their landings (no rule numbers).
    let mut s = g
        .parse_position("8/8/8/2w1w3/8/2w1w3/3B4/8 b", 0)
        .expect("position");
    assert_eq!(sorted(texts(&g, &s)), ["d2xb4xd6xf4xd2", "d2xf4xd6xb4xd2"]);
    assert_eq!(g.perft(&s, 1), 2);
    play(&g, &mut s, &["d2xf4xd6xb4xd2"]);
    assert_eq!(g.position_string(&s), "8/8/8/8/8/8/3B4/8 w");
}

/// A man reaching the far row is crowned and its move ends there.
#[test]
fn a_man_crowned_by_a_jump_stops() {
    let g = load("english-draughts", &[]);
    // b6 jumps c7 to d8 and is crowned (it must: capturing is compulsory).
    let mut s = g
        .parse_position("8/2w5/1b6/8/8/8/8/8 b", 0)
        .expect("position");
    assert_eq!(texts(&g, &s), ["b6xd8=B"]);
    play(&g, &mut s, &["b6xd8=B"]);
    assert_eq!(g.position_string(&s), "3B4/8/8/8/8/8/8/8 w");
}

#[test]
fn random_games_end_by_the_rules() {
    let g = load("english-draughts", &[]);
    for (ending, plies) in random_games_end(&g, 40, 2000) {
        assert!(
            ["no moves", "forty-move rule", "move limit"].contains(&ending.as_str()),
            "{ending} after {plies}"
        );
    }
}
