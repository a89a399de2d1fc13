//! International draughts (rulesets/international-draughts.tessel): published perft from
//! the start, and a reference move generator written here from the rules alone (flying
//! kings, men capturing backwards, the majority capture, crowning only at the end of a
//! move) that agrees with the ruleset on every decision of seeded random games.

use super::common::{load, play, texts};
use super::random_games_end;
use std::collections::BTreeSet;
use tessel_interpreter::{Game, State};

/// Perft from the start. Source: Aart Bik, "BikDam: international checkers"
/// (aartbik.blogspot.com, label perft): 1: 9, 2: 81, 3: 658, 4: 4265, 5: 27117,
/// 6: 167140, 7: 1049442, 8: 6483961, 9: 41022423. BikDam removes duplicate captures
/// (the same pieces taken from the same square to the same square in another order);
/// here each way is a decision of its own, which first shows at depth 8 (below).
#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let g = load("international-draughts", &[]);
    let s = g.start_state(0).expect("start");
    let published = [9, 81, 658, 4265, 27117, 167140];
    for (d, &n) in published.iter().enumerate() {
        assert_eq!(g.perft(&s, d as u32 + 1), n, "depth {}", d + 1);
    }
}

/// Depth 7 as published; at depth 8 the ruleset counts 10 more than BikDam, the ways
/// that take the same pieces in another order: the reference counts both, with them
/// (the ruleset's count) and without (the published one).
#[test]
#[ignore = "slow: run with --ignored"]
fn perft_7_and_8_match_the_published_counts_less_the_duplicate_captures() {
    let g = load("international-draughts", &[]);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 7), 1049442);
    let r = Reference::read(&g, &s);
    assert_eq!(r.perft(8, true), 6483961);
    assert_eq!(g.perft(&s, 8), r.perft(8, false));
    assert_eq!(g.perft(&s, 8), 6483971);
}

/// Cells a1 = 0 … j10 = 99; `1` a white man, `2` a white king, `-1`, `-2` black's; white
/// moves up the board, and first.
#[derive(Clone, Debug)]
struct Reference {
    cells: [i8; 100],
    white: bool,
}

/// A move: the cells it visits (start first), the cells it jumps.
type RefMove = (Vec<usize>, Vec<usize>);

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 10) as u8) as char, c / 10 + 1)
}

fn off(c: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let (f, r) = ((c % 10) as i32 + df, (c / 10) as i32 + dr);
    ((0..10).contains(&f) && (0..10).contains(&r)).then_some((r * 10 + f) as usize)
}

impl Reference {
    fn read(g: &Game, s: &State) -> Reference {
        let text = g.position_string(s);
        let (board, turn) = text.split_once(' ').expect("board and turn");
        let mut cells = [0i8; 100];
        for (i, row) in board.split('/').enumerate() {
            let rank = 9 - i;
            let (mut file, mut run) = (0, 0);
            for ch in row.chars() {
                if let Some(n) = ch.to_digit(10) {
                    run = run * 10 + n as usize;
                    continue;
                }
                file += std::mem::take(&mut run);
                cells[rank * 10 + file] = match ch {
                    'w' => 1,
                    'W' => 2,
                    'b' => -1,
                    'B' => -2,
                    _ => panic!("{ch}"),
                };
                file += 1;
            }
        }
        Reference {
            cells,
            white: turn.starts_with('w'),
        }
    }

    fn mine(&self, p: i8) -> bool {
        (p > 0) == self.white && p != 0
    }

    /// Every way of capturing on from `at` (the piece `p` left `path[0]`).
    fn captures(
        &self,
        p: i8,
        path: &mut Vec<usize>,
        taken: &mut Vec<usize>,
        out: &mut Vec<RefMove>,
    ) {
        let at = *path.last().unwrap();
        let origin = path[0];
        let free = |c: usize| self.cells[c] == 0 || c == origin;
        let mut went = false;
        for d in DIAGONALS {
            let mut c = off(at, d);
            if p.abs() == 2 {
                while let Some(x) = c.filter(|&x| free(x)) {
                    c = off(x, d);
                }
            }
            let Some(mid) = c else { continue };
            if free(mid) || self.mine(self.cells[mid]) || taken.contains(&mid) {
                continue;
            }
            let mut land = off(mid, d);
            while let Some(l) = land.filter(|&l| free(l)) {
                went = true;
                path.push(l);
                taken.push(mid);
                self.captures(p, path, taken, out);
                path.pop();
                taken.pop();
                if p.abs() == 1 {
                    break;
                }
                land = off(l, d);
            }
        }
        if !went && path.len() > 1 {
            out.push((path.clone(), taken.clone()));
        }
    }

    fn moves(&self) -> Vec<RefMove> {
        let mut caps = Vec::new();
        let mut steps = Vec::new();
        let up = if self.white { 1 } else { -1 };
        for c in 0..100 {
            let p = self.cells[c];
            if !self.mine(p) {
                continue;
            }
            self.captures(p, &mut vec![c], &mut Vec::new(), &mut caps);
            for d in DIAGONALS {
                if p.abs() == 1 && d.1 != up {
                    continue;
                }
                let mut t = off(c, d);
                while let Some(x) = t.filter(|&x| self.cells[x] == 0) {
                    steps.push((vec![c, x], Vec::new()));
                    if p.abs() == 1 {
                        break;
                    }
                    t = off(x, d);
                }
            }
        }
        let most = caps.iter().map(|m| m.1.len()).max().unwrap_or(0);
        if most == 0 {
            return steps;
        }
        caps.retain(|m| m.1.len() == most);
        caps
    }

    fn crowns(&self, p: i8, to: usize) -> bool {
        p.abs() == 1 && to / 10 == if self.white { 9 } else { 0 }
    }

    fn text(&self, (path, taken): &RefMove) -> String {
        let sep = if taken.is_empty() { "-" } else { "x" };
        let names: Vec<String> = path.iter().map(|&c| name(c)).collect();
        let mut out = names.join(sep);
        if self.crowns(self.cells[path[0]], *path.last().unwrap()) {
            out += "=W";
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
        self.white = !self.white;
    }

    /// Perft; `unique`: captures taking the same pieces between the same squares once.
    fn perft(&self, depth: u32, unique: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = self.moves();
        if unique {
            let mut seen = BTreeSet::new();
            moves.retain(|(path, taken)| {
                let mut t = taken.clone();
                t.sort();
                seen.insert((path[0], *path.last().unwrap(), t))
            });
        }
        moves
            .iter()
            .map(|m| {
                let mut t = self.clone();
                t.play(m);
                t.perft(depth - 1, unique)
            })
            .sum()
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Every decision of 150 seeded random games (no draw rule, at most 400 plies); perft 3
/// every twentieth ply of the first 15.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let g = load(
        "international-draughts",
        &[("quiet_plies", "0"), ("max_plies", "0")],
    );
    let mut scratch = g.scratch();
    let (mut kings, mut chains) = (0, 0);
    for seed in 0..150u64 {
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
            if s.ply.is_multiple_of(20) && seed < 15 {
                assert_eq!(
                    g.perft(&s, 3),
                    r.perft(3, false),
                    "seed {seed}, ply {}",
                    s.ply
                );
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
    assert!(
        kings > 1000 && chains > 100,
        "kings {kings}, chains {chains}"
    );
}

/// A king flies over empty squares to the piece it takes and lands anywhere beyond; the
/// capture of the most pieces is compulsory.
#[test]
fn a_king_flies_and_the_most_pieces_must_be_taken() {
    let g = load("international-draughts", &[]);
    // White king a1; black men d4, f6 and h4. The king flies over b2 and c3 to take d4,
    // lands on e5 (f6 stands next), takes f6 and lands on g7, h8, i9 or j10; the man on
    // i3 takes h4 and f6 too: two pieces each, all allowed. A single capture would not be.
    let s = g
        .parse_position("10/10/10/10/5b4/10/3b3b2/8w1/10/W9 w", 0)
        .expect("position");
    let t = sorted(texts(&g, &s));
    assert_eq!(
        t,
        ["a1xe5xg7", "a1xe5xh8", "a1xe5xi9", "a1xe5xj10", "i3xg5xe7"],
        "{t:?}"
    );
    // Without f6 every capture takes one piece, and each is open (the king lands on any
    // square beyond d4).
    let s = g
        .parse_position("10/10/10/10/10/10/3b3b2/8w1/10/W9 w", 0)
        .expect("position");
    let t = sorted(texts(&g, &s));
    assert_eq!(
        t,
        ["a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9", "a1xj10", "i3xg5"],
        "{t:?}"
    );
}

/// A man that passes the far row during a capture and goes on is not crowned.
#[test]
fn a_man_is_crowned_only_where_its_move_ends() {
    let g = load("international-draughts", &[]);
    // White man c8 jumps d9 to e10 (the far row), then e10 jumps f9 to g8: it ends on g8
    // a man.
    let mut s = g
        .parse_position("10/3b1b4/2w7/10/10/10/10/10/10/10 w", 0)
        .expect("position");
    assert_eq!(texts(&g, &s), ["c8xe10xg8"]);
    play(&g, &mut s, &["c8xe10xg8"]);
    assert_eq!(g.position_string(&s), "10/10/6w3/10/10/10/10/10/10/10 b");
}

#[test]
fn random_games_end_by_the_rules() {
    let g = load("international-draughts", &[]);
    for (ending, plies) in random_games_end(&g, 30, 2000) {
        assert!(
            ["no moves", "quiet moves", "move limit"].contains(&ending.as_str()),
            "{ending} after {plies}"
        );
    }
}
