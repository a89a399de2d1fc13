//! Oware, the Abapa rules (rulesets/oware.tessel), against a reference written here from
//! the rules alone: perft to depth 5 from the start and along seeded random games, every
//! decision, every house and both stores along a seeded sample of games, and how each
//! ends (with either grand-slam house rule).
//!
//! No published perft counts for Oware were found; the reference is the proof.

use super::common::load;
use super::{games_agree, Perft, Reference as _};
use tessel_interpreter::{Game, Outcome, State};

/// The 12 houses in sowing order: 0–5 south's (a1–f1), 6–11 north's (f2–a2).
#[derive(Clone, PartialEq, Debug)]
struct Reference {
    pits: [u32; 12],
    stores: [u32; 2],
    south: bool,
    /// Decisions in a row without a capture.
    calm: u32,
    /// A grand slam may not be played (else it captures nothing).
    slam_forbidden: bool,
    cycle: u32,
    /// Grand slams played so far.
    slams: u32,
}

const NAMES: [&str; 12] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2",
];

fn side(south: bool) -> std::ops::Range<usize> {
    if south {
        0..6
    } else {
        6..12
    }
}

impl Reference {
    fn start(slam_forbidden: bool) -> Reference {
        Reference {
            pits: [4; 12],
            stores: [0; 2],
            south: true,
            calm: 0,
            slam_forbidden,
            cycle: 100,
            slams: 0,
        }
    }

    fn seeds(&self, south: bool) -> u32 {
        self.pits[side(south)].iter().sum()
    }

    /// The position after sowing from `from`, whether it is legal and whether it is a
    /// grand slam.
    fn after(&self, from: usize) -> (Reference, bool, bool) {
        let mut t = self.clone();
        // A lap of twelve seeds or more passes over the emptied house.
        let at = super::pits::sow(&mut t.pits, from, from);
        let theirs = side(!self.south);
        let mut run = Vec::new();
        let mut c = at;
        while theirs.contains(&c) && (t.pits[c] == 2 || t.pits[c] == 3) && run.len() < 12 {
            run.push(c);
            c = (c + 11) % 12;
        }
        let grab: u32 = run.iter().map(|&c| t.pits[c]).sum();
        let slam = grab > 0 && grab == t.seeds(!self.south);
        t.slams += u32::from(slam);
        if grab > 0 && !slam {
            for c in run {
                t.stores[usize::from(!self.south)] += std::mem::take(&mut t.pits[c]);
            }
            t.calm = 0;
        } else {
            t.calm += 1;
        }
        let legal = t.seeds(!self.south) > 0 && !(self.slam_forbidden && slam);
        t.south = !self.south;
        (t, legal, slam)
    }

    fn legal(&self) -> Vec<usize> {
        side(self.south)
            .filter(|&i| self.pits[i] > 0 && self.after(i).1)
            .collect()
    }

    /// How the game has ended here, with each player's count: (ending, values).
    fn ending(&self) -> Option<(&'static str, [u32; 2])> {
        let totals = [
            self.stores[0] + self.seeds(true),
            self.stores[1] + self.seeds(false),
        ];
        if self.stores.iter().any(|&s| s > 24) {
            Some(("over 24 seeds", self.stores))
        } else if self.stores == [24, 24] {
            Some(("24 each", [0, 0]))
        } else if self.legal().is_empty() {
            Some(("no move feeds the opponent", totals))
        } else if self.cycle > 0 && self.calm >= self.cycle {
            Some(("the game cycles", totals))
        } else {
            None
        }
    }
}

impl super::Reference for Reference {
    /// A house, by its place in the sowing order.
    type Move = usize;

    fn moves(&self) -> Vec<usize> {
        if self.ending().is_some() {
            return Vec::new();
        }
        self.legal()
    }

    fn play(&mut self, m: usize) {
        *self = self.after(m).0;
    }

    fn text(&self, &m: &usize) -> String {
        NAMES[m].to_string()
    }
}

#[test]
fn perft_agrees_with_the_reference_to_depth_5() {
    for (slam, forbidden) in [("nothing", false), ("forbidden", true)] {
        let g = load("oware", &[("grand_slam", slam)]);
        let s = g.start_state(0).expect("start");
        let r = Reference::start(forbidden);
        let counts: Vec<u64> = (1..=5).map(|d| g.perft(&s, d)).collect();
        let expected: Vec<u64> = (1..=5).map(|d| r.perft(d)).collect();
        assert_eq!(counts, expected, "grand_slam={slam}");
        assert_eq!(counts, [6, 36, 190, 1014, 5219]);
    }
}

/// Plays `games` seeded random games from `start`, each agreeing with the reference: the
/// endings met and the grand slams played.
fn sample_agrees(g: &Game, start: &Reference, games: u64) -> (Vec<&'static str>, u32) {
    let zone = g.program.zones.iter().position(|z| z.name == "store");
    let kind = g.program.pieces.iter().position(|p| p.name == "seed");
    let (zone, kind) = (zone.unwrap() as u8, kind.unwrap() as u8);
    let stores = |s: &State| [0, 1].map(|p| u32::from(s.zones[g.zone_slot(zone, p, kind)]));
    let perft = Perft::to(4).every(10).in_first(10);
    let each = |s: &State, r: &Reference, at: &str| {
        super::pits::agree(g, s, &NAMES, &r.pits, r.south, at);
        assert_eq!(stores(s), r.stores, "{at}");
    };
    let (mut endings, mut slams) = (Vec::new(), 0);
    let end = |_: &State, r: &Reference, o: Outcome, at: &str| {
        let (name, values) = r.ending().expect("the reference's game is over");
        assert!(
            o.ending.starts_with(name),
            "{at}: {} against {name}",
            o.ending
        );
        if name != "24 each" {
            assert_eq!(o.values, vec![values[0] as i64, values[1] as i64], "{at}");
        }
        endings.push(name);
        slams += r.slams;
    };
    games_agree(g, start, ("", games), Some(perft), each, end);
    (endings, slams)
}

/// Every decision, house and store of 300 seeded random games, perft 4 every tenth ply of
/// the first 10, and how each ends: all four endings are met.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let (endings, slams) = sample_agrees(&load("oware", &[]), &Reference::start(false), 300);
    assert!(slams > 0, "no grand slam played");
    for e in [
        "over 24 seeds",
        "no move feeds the opponent",
        "the game cycles",
    ] {
        assert!(endings.contains(&e), "{e} never met");
    }
}

#[test]
fn with_the_grand_slam_forbidden_games_agree_too() {
    let (_, slams) = sample_agrees(
        &load("oware", &[("grand_slam", "forbidden")]),
        &Reference::start(true),
        150,
    );
    assert_eq!(slams, 0);
}
