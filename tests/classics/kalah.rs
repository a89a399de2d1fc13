//! Kalah (rulesets/kalah.tessel), against a reference written here from the rules alone
//! (Kalah(6,4) as W. J. Champion described it, the standard rules): perft to depth 5 from
//! the start and along seeded random games, every decision and every pit's count along a
//! seeded sample of games, and the final totals.
//!
//! No published perft counts for Kalah were found; the reference is the proof.

use super::common::{load, stack};
use super::{games_agree, perft_agrees, perft_is, Perft};
use tessel_interpreter::{Game, Outcome, State};

/// The 14 pits in sowing order: 0–5 south's houses (b1–g1), 6 south's store (h1), 7–12
/// north's houses (g2–b2), 13 north's store (a2).
#[derive(Clone, PartialEq, Debug)]
struct Reference {
    pits: [u32; 14],
    south: bool,
    /// The last seed alone is captured when the house opposite is empty.
    empty_capture: bool,
}

const NAMES: [&str; 14] = [
    "b1", "c1", "d1", "e1", "f1", "g1", "h1", "g2", "f2", "e2", "d2", "c2", "b2", "a2",
];

impl Reference {
    fn start(seeds: u32) -> Reference {
        let mut pits = [seeds; 14];
        pits[6] = 0;
        pits[13] = 0;
        Reference {
            pits,
            south: true,
            empty_capture: false,
        }
    }

    fn side(&self, south: bool) -> u32 {
        let r = if south { 0..6 } else { 7..13 };
        self.pits[r].iter().sum()
    }

    fn over(&self) -> bool {
        self.side(true) == 0 || self.side(false) == 0
    }

    /// Each player's store plus the seeds left on their side.
    fn totals(&self) -> [u32; 2] {
        [
            self.pits[6] + self.side(true),
            self.pits[13] + self.side(false),
        ]
    }
}

impl super::Reference for Reference {
    /// A house, by its place in the sowing order.
    type Move = usize;

    fn moves(&self) -> Vec<usize> {
        if self.over() {
            return Vec::new();
        }
        let first = if self.south { 0 } else { 7 };
        (first..first + 6).filter(|&i| self.pits[i] > 0).collect()
    }

    fn play(&mut self, from: usize) {
        let (own_store, rival_store) = if self.south { (6, 13) } else { (13, 6) };
        let at = super::pits::sow(&mut self.pits, from, rival_store);
        let own = if self.south { 0..6 } else { 7..13 };
        if own.contains(&at) && self.pits[at] == 1 && (self.empty_capture || self.pits[12 - at] > 0)
        {
            self.pits[own_store] += 1 + std::mem::take(&mut self.pits[12 - at]);
            self.pits[at] = 0;
        }
        if at != own_store {
            self.south = !self.south;
        }
    }

    fn text(&self, &m: &usize) -> String {
        NAMES[m].to_string()
    }
}

#[test]
fn perft_agrees_with_the_reference_to_depth_5() {
    for seeds in [3u32, 4, 6] {
        let n = seeds.to_string();
        let g = load("kalah", &[("seeds", &n)]);
        let s = g.start_state(0).expect("start");
        let r = Reference::start(seeds);
        assert_eq!(super::pits::counts(&g, &s, &NAMES), r.pits);
        perft_agrees(&g, &r, 5, &format!("seeds {seeds}, "));
    }
}

#[test]
fn the_empty_capture_house_rule_agrees_with_the_reference() {
    let g = load("kalah", &[("empty_capture", "true")]);
    let mut r = Reference::start(4);
    r.empty_capture = true;
    perft_agrees(&g, &r, 5, "");
    sample_agrees(&g, &r, 100);
}

/// Kalah(6,4) from the start: the reference's counts (6, 35, 185, 942, 4690; `tessel
/// perft kalah -d 8` goes on 23233, 114430, 563055), written down so a change shows.
#[test]
fn kalah_6_4_perft_from_the_start() {
    let g = load("kalah", &[]);
    let s = g.start_state(0).expect("start");
    perft_is(&g, &s, &[6, 35, 185, 942, 4690], "");
}

/// Every decision and every pit of 300 seeded random games, perft 4 every tenth ply of
/// the first 20, and the totals at the end.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    sample_agrees(&load("kalah", &[]), &Reference::start(4), 300);
}

fn sample_agrees(g: &Game, start: &Reference, games: u64) {
    let perft = Perft::to(4).every(10).in_first(20);
    let each =
        |s: &State, r: &Reference, at: &str| super::pits::agree(g, s, &NAMES, &r.pits, r.south, at);
    let end = |_: &State, r: &Reference, o: Outcome, at: &str| {
        let t = r.totals();
        assert_eq!(o.values, vec![t[0] as i64, t[1] as i64], "{at}");
        let winner = match t[0].cmp(&t[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(o.winner(), winner, "{at}");
    };
    games_agree(g, start, ("", games), Some(perft), each, end);
}

#[test]
fn the_last_seed_in_the_own_store_moves_again() {
    let g = load("kalah", &[]);
    let mut s = g.start_state(0).expect("start");
    // d1's four seeds go to e1, f1, g1 and south's store: south moves again.
    super::common::play(&g, &mut s, &["d1"]);
    assert_eq!((s.to_move, stack(&g, &s, "h1").len()), (0, 1));
    assert_eq!(stack(&g, &s, "d1"), "-");
    // e1's five end on g2: north's turn.
    super::common::play(&g, &mut s, &["e1"]);
    assert_eq!(
        (s.to_move, stack(&g, &s, "g2").len(), stack(&g, &s, "a2")),
        (1, 5, "-".into())
    );
}
