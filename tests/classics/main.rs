//! The bundled classic games, proven by published perft counts (the source named beside
//! the numbers) and played to their end: one file per game.

#[path = "../common/mod.rs"]
mod common;

mod amazons;
mod breakthrough;
mod connect_four;
mod draughts;
mod english_draughts;
mod fanorona;
mod go;
mod hex;
mod international_draughts;
mod kalah;
mod nine_mens_morris;
mod othello;
mod oware;
mod shogi;
mod tablut;
mod tic_tac_toe;
mod xiangqi;

use std::collections::BTreeMap;
use tessel_interpreter::{Game, Outcome, State};

/// The eight lines of a grid for the reference generators (the four orthogonal first).
const LINES: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Random games from the start: each ends by one of the ruleset's endings, within `plies`.
fn random_games_end(g: &Game, games: u64, plies: u32) -> Vec<(String, u32)> {
    let mut scratch = g.scratch();
    (0..games)
        .map(|seed| {
            let mut s: State = g.start_state(seed).expect("start");
            let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            let o = g
                .random_playout(&mut s, &mut rng, plies, &mut scratch)
                .unwrap_or_else(|| panic!("seed {seed}: the game did not end"));
            (o.ending, s.ply)
        })
        .collect()
}

/// Random games (as `random_games_end`) each end by one of `endings`, after `most` plies at
/// the most.
fn random_games_end_among(g: &Game, (games, plies): (u64, u32), endings: &[&str], most: u32) {
    for (ending, played) in random_games_end(g, games, plies) {
        let at = format!("{ending} after {played}");
        assert!(endings.contains(&ending.as_str()), "{at}");
        assert!(played <= most, "{at}");
    }
}

/// Decision texts in order, to compare as sets.
fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The state a position string (the ruleset's own notation) describes.
fn position(g: &Game, p: &str) -> State {
    g.parse_position(p, 0).expect("position")
}

/// Perft of an independent reference generator: from a position, the moves `moves` lists,
/// each played on a copy by `play` (all a reference needs besides its rules).
fn reference_perft<R: Clone, M>(
    r: &R,
    depth: u32,
    moves: fn(&R) -> Vec<M>,
    play: fn(&mut R, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let all = moves(r);
    if depth == 1 {
        return all.len() as u64;
    }
    all.into_iter()
        .map(|m| {
            let mut t = r.clone();
            play(&mut t, m);
            reference_perft(&t, depth - 1, moves, play)
        })
        .sum()
}

/// An independent reference generator, written in a test from a game's rules alone, walked
/// beside the ruleset: its decisions, each written as the ruleset writes it, and playing one.
trait Reference: Clone {
    type Move;

    /// The decisions of the player to move; none once the game is over.
    fn moves(&self) -> Vec<Self::Move>;

    fn play(&mut self, m: Self::Move);

    /// A decision as the ruleset writes it.
    fn text(&self, m: &Self::Move) -> String;

    fn perft(&self, depth: u32) -> u64 {
        reference_perft(self, depth, Self::moves, Self::play)
    }

    /// Which of the ruleset's decisions (sorted) a seeded random game plays: any, alike.
    fn pick(&self, ours: &[String], rng: &mut rand_pcg::Pcg64Mcg) -> usize {
        rand::Rng::random_range(rng, 0..ours.len())
    }
}

/// Perft of the ruleset from `s` is `counts`, depth by depth from 1.
fn perft_is(g: &Game, s: &State, counts: &[u64], label: &str) {
    for (d, &n) in (1..).zip(counts) {
        assert_eq!(g.perft(s, d), n, "{label}depth {d}");
    }
}

/// Perft of the ruleset from its start and of the reference from `r` agree at each depth to
/// `depth`.
fn perft_agrees<R: Reference>(g: &Game, r: &R, depth: u32, label: &str) {
    let s = g.start_state(0).expect("start");
    for d in 1..=depth {
        assert_eq!(g.perft(&s, d), r.perft(d), "{label}depth {d}");
    }
}

/// Perft to `depth` at every `every`th ply of the first `games` games of a sample.
#[derive(Clone, Copy)]
struct Perft {
    games: u64,
    every: u32,
    depth: u32,
}

impl Perft {
    /// Perft to `depth` at every ply of every game; narrowed by `every` and `in_first`.
    const fn to(depth: u32) -> Perft {
        Perft {
            games: u64::MAX,
            every: 1,
            depth,
        }
    }

    const fn every(self, every: u32) -> Perft {
        Perft { every, ..self }
    }

    const fn in_first(self, games: u64) -> Perft {
        Perft { games, ..self }
    }
}

/// For `games_agree`: no check at each ply beyond the decisions and perft.
fn no_more<R>(_: &State, _: &R, _: &str) {}

/// For `games_agree`: no check at the end beyond the game's being over.
fn no_end<R>(_: &State, _: &R, _: Outcome, _: &str) {}

/// Every decision of `games` seeded random games, from `start` and played to their end:
/// the ruleset's decisions and the reference's, as sorted texts, agree at every ply, and
/// so does `perft` where asked. `each` checks more at every ply, `end` at the end (the
/// ruleset's outcome), each given the place (`label`, seed and ply) for its messages.
/// Returns how many games ended by each of the ruleset's endings.
fn games_agree<R: Reference>(
    g: &Game,
    start: &R,
    (label, games): (&str, u64),
    perft: Option<Perft>,
    mut each: impl FnMut(&State, &R, &str),
    mut end: impl FnMut(&State, &R, Outcome, &str),
) -> BTreeMap<String, u32> {
    let mut endings = BTreeMap::new();
    let mut scratch = g.scratch();
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut s = g.start_state(seed).expect("start");
        let mut r = start.clone();
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        loop {
            let at = format!("{label}seed {seed}, ply {}", s.ply);
            let ours = sorted(common::texts(g, &s));
            let theirs = r.moves();
            assert_eq!(
                ours,
                sorted(theirs.iter().map(|m| r.text(m)).collect()),
                "{at}"
            );
            each(&s, &r, &at);
            if let Some(p) = perft.filter(|p| seed < p.games && s.ply.is_multiple_of(p.every)) {
                assert_eq!(g.perft(&s, p.depth), r.perft(p.depth), "{at}");
            }
            if ours.is_empty() {
                let o = g.status(&s, &mut scratch);
                let o = o.unwrap_or_else(|| panic!("{at}: not over"));
                *endings.entry(o.ending.clone()).or_insert(0) += 1;
                end(&s, &r, o, &at);
                break;
            }
            let text = &ours[r.pick(&ours, &mut rng)];
            g.decisions(&s, &mut scratch, &mut legal);
            g.apply(&mut s, g.parse_move(text, &legal).expect("legal"));
            let m = theirs.into_iter().find(|m| r.text(m) == *text);
            r.play(m.expect("the reference has the decision"));
        }
    }
    endings
}

/// Sowing games (kalah, oware): sowing in their references; the count of each pit, read
/// from the ruleset's stacks in the reference's order, and the same counts and player to
/// move as the reference's.
mod pits {
    use super::common::stack;
    use tessel_interpreter::{Game, State};

    /// Sows the seeds of pit `from` one by one into the pits after it, round the ring,
    /// passing over the pit `skip`; returns the pit the last seed fell in.
    pub fn sow(pits: &mut [u32], from: usize, skip: usize) -> usize {
        let mut seeds = std::mem::take(&mut pits[from]);
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % pits.len();
            if at != skip {
                pits[at] += 1;
                seeds -= 1;
            }
        }
        at
    }

    pub fn counts<const N: usize>(g: &Game, s: &State, names: &[&str; N]) -> [u32; N] {
        let mut out = [0; N];
        for (i, name) in names.iter().enumerate() {
            let st = stack(g, s, name);
            out[i] = if st == "-" { 0 } else { st.len() as u32 };
        }
        out
    }

    /// Every pit holds as many seeds as the reference's `pits`, and south (the first
    /// player) is to move exactly when the reference says so.
    pub fn agree<const N: usize>(
        g: &Game,
        s: &State,
        names: &[&str; N],
        pits: &[u32; N],
        south: bool,
        at: &str,
    ) {
        assert_eq!(counts(g, s, names), *pits, "{at}");
        assert_eq!(s.to_move == 0, south, "{at}");
    }
}
