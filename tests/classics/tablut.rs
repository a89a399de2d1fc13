//! Tablut (rulesets/tablut.tessel), against a reference move generator written here from
//! the rules alone, under each option set: perft from the start (depth 4 with the default
//! options, 3 with the others), and every decision of a seeded sample of random games,
//! with perft 2 now and then along the way. Then a few positions checked by hand: custodial
//! capture, the hostile throne, the leader's capture and escape.

use super::common::{load, play, texts};
use super::random_games_end;
use tessel_interpreter::{Game, State};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const LEADER: u8 = 3;
const THRONE: usize = 40;
const CORNERS: [usize; 4] = [0, 8, 72, 80];

#[derive(Clone, Copy, Debug)]
struct Rules {
    corner_escape: bool,
    leader_two_away: bool,
    max_plies: u32,
}

/// The reference: cells a1 = 0 … i9 = 80 (`rank * 9 + file`), black (the attackers) moving
/// first.
#[derive(Clone, Debug)]
struct Reference {
    cells: [u8; 81],
    white: bool,
    ply: u32,
    rules: Rules,
}

fn side(p: u8) -> u8 {
    if p == LEADER {
        WHITE
    } else {
        p
    }
}

/// The cell one step from `c` along (`df`, `dr`), if on the board.
fn step(c: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let (f, r) = ((c % 9) as i32 + df, (c / 9) as i32 + dr);
    ((0..9).contains(&f) && (0..9).contains(&r)).then(|| (r * 9 + f) as usize)
}

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Reference {
    fn start(rules: Rules) -> Reference {
        let mut cells = [EMPTY; 81];
        let at = |n: &str| {
            let b = n.as_bytes();
            (b[0] - b'a') as usize + 9 * (b[1] - b'1') as usize
        };
        for n in [
            "d1", "e1", "f1", "e2", "d9", "e9", "f9", "e8", "a4", "a5", "a6", "b5", "i4", "i5",
            "i6", "h5",
        ] {
            cells[at(n)] = BLACK;
        }
        for n in ["e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"] {
            cells[at(n)] = WHITE;
        }
        cells[THRONE] = LEADER;
        Reference {
            cells,
            white: false,
            ply: 0,
            rules,
        }
    }

    fn restricted(&self, c: usize) -> bool {
        c == THRONE || (self.rules.corner_escape && CORNERS.contains(&c))
    }

    fn exit(&self, c: usize) -> bool {
        let (f, r) = (c % 9, c / 9);
        CORNERS.contains(&c)
            || (!self.rules.corner_escape && (f == 0 || f == 8 || r == 0 || r == 8))
    }

    fn over(&self) -> bool {
        match self.cells.iter().position(|&p| p == LEADER) {
            None => true,
            Some(c) if self.exit(c) => true,
            _ => self.rules.max_plies > 0 && self.ply >= self.rules.max_plies,
        }
    }

    fn me(&self) -> u8 {
        if self.white {
            WHITE
        } else {
            BLACK
        }
    }

    fn moves(&self) -> Vec<(usize, usize)> {
        if self.over() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (from, &p) in self.cells.iter().enumerate() {
            if p == EMPTY || side(p) != self.me() {
                continue;
            }
            for d in DIRS {
                let mut t = from;
                while let Some(n) = step(t, d) {
                    if self.cells[n] != EMPTY || (p != LEADER && n == THRONE) {
                        break;
                    }
                    if p == LEADER || !self.restricted(n) {
                        out.push((from, n));
                    }
                    t = n;
                }
            }
        }
        out
    }

    /// The cell closes a capture against the mover's enemy: the mover's piece, or an empty
    /// restricted cell.
    fn closes(&self, c: Option<usize>) -> bool {
        c.is_some_and(|c| {
            let p = self.cells[c];
            (p != EMPTY && side(p) == self.me()) || (p == EMPTY && self.restricted(c))
        })
    }

    fn play(&mut self, (from, to): (usize, usize)) {
        self.cells[to] = self.cells[from];
        self.cells[from] = EMPTY;
        // The throne (e5) and the four cells beside it.
        let beside = |c: usize| [THRONE, 31, 39, 41, 49].contains(&c);
        for d in DIRS {
            let Some(n) = step(to, d) else { continue };
            let p = self.cells[n];
            let soldier = p != EMPTY && p != LEADER && p != self.me();
            let leader_as_soldier =
                p == LEADER && !self.white && self.rules.leader_two_away && !beside(n);
            if (soldier || leader_as_soldier) && self.closes(step(n, d)) {
                self.cells[n] = EMPTY;
            }
        }
        if !self.white {
            for d in DIRS {
                let Some(n) = step(to, d) else { continue };
                if self.cells[n] == LEADER && DIRS.iter().all(|&e| self.closes(step(n, e))) {
                    self.cells[n] = EMPTY;
                }
            }
        }
        self.white = !self.white;
        self.ply += 1;
    }

    fn perft(&self, depth: u32) -> u64 {
        super::reference_perft(self, depth, Self::moves, Self::play)
    }
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 9) as u8) as char, c / 9 + 1)
}

fn cell(n: &str) -> usize {
    (n.as_bytes()[0] - b'a') as usize + 9 * (n[1..].parse::<usize>().unwrap() - 1)
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn reference_moves(r: &Reference) -> Vec<String> {
    sorted(
        r.moves()
            .into_iter()
            .map(|(a, b)| format!("{}{}", name(a), name(b)))
            .collect(),
    )
}

/// The option sets tried, as the ruleset's options and the reference's rules.
fn option_sets() -> Vec<(Vec<(&'static str, &'static str)>, Rules)> {
    let rules = |corner_escape, leader_two_away| Rules {
        corner_escape,
        leader_two_away,
        max_plies: 1000,
    };
    vec![
        (vec![], rules(false, false)),
        (vec![("escape", "corner")], rules(true, false)),
        (vec![("leader_taken", "two_away")], rules(false, true)),
        (
            vec![("escape", "corner"), ("leader_taken", "two_away")],
            rules(true, true),
        ),
    ]
}

#[test]
fn perft_agrees_with_the_reference_from_the_start() {
    for (i, (options, rules)) in option_sets().into_iter().enumerate() {
        let g = load("tablut", &options);
        let s = g.start_state(0).expect("start");
        let r = Reference::start(rules);
        let depth = if i == 0 { 4 } else { 3 };
        for d in 1..=depth {
            assert_eq!(g.perft(&s, d), r.perft(d), "{options:?}, depth {d}");
        }
    }
}

/// Every decision of 100 seeded random games under each option set (most end by the
/// leader's escape or capture), and perft 2 every fifteenth ply of the first ten.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let mut endings = std::collections::BTreeMap::new();
    for (options, rules) in option_sets() {
        let g = load("tablut", &options);
        let mut scratch = g.scratch();
        for seed in 0..100u64 {
            let mut s = g.start_state(seed).expect("start");
            let mut r = Reference::start(rules);
            let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            loop {
                let ours = sorted(texts(&g, &s));
                assert_eq!(
                    ours,
                    reference_moves(&r),
                    "{options:?}, seed {seed}, ply {}",
                    s.ply
                );
                if s.ply.is_multiple_of(15) && seed < 10 {
                    assert_eq!(
                        g.perft(&s, 2),
                        r.perft(2),
                        "{options:?}, seed {seed}, ply {}",
                        s.ply
                    );
                }
                if ours.is_empty() {
                    let o = g.status(&s, &mut scratch).expect("over");
                    *endings.entry(o.ending).or_insert(0) += 1;
                    break;
                }
                let text = &ours[rand::Rng::random_range(&mut rng, 0..ours.len())];
                play(&g, &mut s, &[text]);
                r.play((cell(&text[0..2]), cell(&text[2..4])));
            }
        }
    }
    // Both sides win some games: the sample reaches both ends of the game.
    assert!(endings.contains_key("escape"), "{endings:?}");
    assert!(endings.contains_key("leader captured"), "{endings:?}");
}

fn position(g: &Game, p: &str) -> State {
    g.parse_position(p, 0).expect("position")
}

/// A soldier moved next to an enemy takes it against a friend beyond; moving between two
/// enemies is safe.
#[test]
fn a_soldier_is_taken_between_two_enemies_and_moving_in_between_is_safe() {
    let g = load("tablut", &[]);
    // Black c4 to d4 takes white's e4 against black's f4.
    let mut s = position(&g, "9/9/9/9/4K4/2b1wb3/9/9/9 b");
    play(&g, &mut s, &["c4d4"]);
    assert_eq!(g.position_string(&s), "9/9/9/9/4K4/3b1b3/9/9/9 w");
    // White moving between two black soldiers is not taken.
    let mut s = position(&g, "9/9/9/9/4K4/2b1b4/3w5/9/9 w");
    play(&g, &mut s, &["d3d4"]);
    assert_eq!(g.position_string(&s), "9/9/9/9/4K4/2bwb4/9/9/9 b");
}

/// The empty throne takes part in a capture, for either side; the occupied one does not
/// (the leader on it is a piece like any, white's).
#[test]
fn the_empty_throne_is_an_enemy_of_both_sides() {
    let g = load("tablut", &[]);
    // Black takes white's e6 against the empty throne e5.
    let mut s = position(&g, "9/9/2b6/4w4/9/9/9/1K7/9 b");
    play(&g, &mut s, &["c7e7"]);
    assert_eq!(g.position_string(&s), "9/9/4b4/9/9/9/9/1K7/9 w");
    // With the leader on the throne, white's e6 is safe from black alone.
    let mut s = position(&g, "9/9/2b6/4w4/4K4/9/9/9/9 b");
    play(&g, &mut s, &["c7e7"]);
    assert_eq!(g.position_string(&s), "9/9/4b4/4w4/4K4/9/9/9/9 w");
    // Soldiers may not stop on the throne nor pass it.
    let s = position(&g, "9/9/9/9/b8/9/9/1K7/9 b");
    assert!(!texts(&g, &s).iter().any(|m| m == "a5e5" || m == "a5f5"));
}

/// The leader is taken on four sides (three and the empty throne beside it), and escapes
/// at the edge; with `leader_taken=two_away`, two attackers take him away from the throne.
#[test]
fn the_leader_is_enclosed_on_four_sides_or_escapes() {
    let g = load("tablut", &[]);
    let mut scratch = g.scratch();
    // Leader on d5 beside the throne: black on d6, c5, and d4 arriving from b4.
    let mut s = position(&g, "9/9/9/3b5/2bK5/1b7/9/9/9 b");
    play(&g, &mut s, &["b4d4"]);
    assert_eq!(
        g.status(&s, &mut scratch).expect("over").ending,
        "leader captured"
    );
    // Two attackers do not take him by default, but do with the option.
    let p = "9/9/9/9/9/9/1b1Kb4/9/9 b";
    let mut s = position(&g, p);
    play(&g, &mut s, &["b3c3"]);
    assert!(g.status(&s, &mut scratch).is_none());
    let g2 = load("tablut", &[("leader_taken", "two_away")]);
    let mut s = position(&g2, p);
    play(&g2, &mut s, &["b3c3"]);
    assert_eq!(
        g2.status(&s, &mut scratch).expect("over").ending,
        "leader captured"
    );
    // The leader reaching the edge wins.
    let mut s = position(&g, "9/9/9/9/9/9/3K5/9/b8 w");
    play(&g, &mut s, &["d3d1"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("escape", Some(1)));
}

#[test]
fn random_games_end_by_escape_or_capture() {
    let g = load("tablut", &[]);
    for (ending, plies) in random_games_end(&g, 20, 1000) {
        assert!(
            ["escape", "leader captured", "no moves"].contains(&ending.as_str()),
            "{ending}"
        );
        assert!(plies < 1000, "{plies}");
    }
}
