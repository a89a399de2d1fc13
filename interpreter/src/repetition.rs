//! Positions met before in a game: the hash of each position a player decided at, kept
//! with the state, and `repeated(board)` / `repeated(position)` answered from them.
//!
//! Two positions are the same board when every cell holds the same pieces (type and
//! owner, a stack's pieces in the same order, bottom first), whether or not they have
//! moved; the same position when, besides, every zone holds the same pieces and the same
//! player is to decide. Variables, the drawn area, kept positions and the move count are
//! not compared. Positions are compared by 64-bit hashes (SplitMix64 keys added up, the
//! same on every run): two different positions share one with a chance of about one in
//! 2^64.

use crate::game::ruleset::Game;
use crate::state::{Piece, State};
use std::sync::Arc;
use tessel_lang::ir::{CellId, Repetition};

/// The positions at which players decided earlier in the game, oldest first, each as the
/// hash of its board and of its whole position: the older ones shared by copies of a state
/// (a copy costs a reference count), the newest few the copy's own. A decision tried on a
/// copy (every candidate, to check `forbid`) so records in the copy's own part without
/// copying the shared one; every [`FOLD`] records the own part joins a new shared one.
#[derive(Debug, Default)]
pub struct History {
    shared: Option<Arc<Vec<[u64; 2]>>>,
    own: Vec<[u64; 2]>,
}

/// How many positions a copy keeps as its own before they join the shared part.
const FOLD: usize = 32;

impl Clone for History {
    fn clone(&self) -> History {
        History {
            shared: self.shared.clone(),
            own: self.own.clone(),
        }
    }

    /// Reuses the own part's memory (a state copied into again and again).
    #[inline]
    fn clone_from(&mut self, other: &History) {
        // Most games record nothing: two empty histories cost nothing to copy.
        if self.shared.is_none()
            && other.shared.is_none()
            && self.own.is_empty()
            && other.own.is_empty()
        {
            return;
        }
        self.shared.clone_from(&other.shared);
        self.own.clone_from(&other.own);
    }
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for History {}

impl History {
    /// The hashes recorded, oldest first: `[board, position]` each.
    pub fn entries(&self) -> Vec<[u64; 2]> {
        self.iter().copied().collect()
    }

    /// The hashes recorded, oldest first.
    fn iter(&self) -> impl Iterator<Item = &[u64; 2]> + '_ {
        self.shared.iter().flat_map(|v| v.iter()).chain(&self.own)
    }

    /// A history of these hashes (a saved game's).
    pub fn from_entries(entries: Vec<[u64; 2]>) -> History {
        History {
            shared: (!entries.is_empty()).then(|| Arc::new(entries)),
            own: Vec::new(),
        }
    }

    fn push(&mut self, h: [u64; 2]) {
        self.own.push(h);
        if self.own.len() >= FOLD {
            let mut all = Vec::with_capacity(self.shared.as_ref().map_or(0, |v| v.len()) + FOLD);
            all.extend(self.iter().copied());
            self.shared = Some(Arc::new(all));
            self.own.clear();
        }
    }

    /// Forgets every position (a new round begins).
    pub fn clear(&mut self) {
        self.shared = None;
        self.own.clear();
    }
}

/// SplitMix64's finaliser: the key of one fact of a position.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Kinds of fact, kept apart in the keys' top bits.
const TOP: u64 = 0;
const BENEATH: u64 = 1 << 62;
const ZONE: u64 = 2 << 62;
const DECIDER: u64 = 3 << 62;

/// A piece's type and owner (not whether it has moved).
fn piece_key(p: Piece) -> u64 {
    ((p.kind() as u64) << 4) | p.owner() as u64
}

/// The hashes of the board and of the whole position of `s`.
pub(crate) fn hashes(s: &State) -> [u64; 2] {
    let mut board = 0u64;
    for (c, &p) in s.cells.iter().enumerate() {
        if !p.is_none() {
            board = board.wrapping_add(mix(TOP | ((c as u64) << 16) | piece_key(p)));
        }
    }
    if !s.buried.is_empty() {
        // A piece beneath is known by its cell and its depth there, bottom first.
        let mut order: Vec<(CellId, usize)> = s
            .buried
            .iter()
            .enumerate()
            .map(|(i, &(c, _))| (c, i))
            .collect();
        order.sort_unstable();
        let mut depth = 0u64;
        for (k, &(c, i)) in order.iter().enumerate() {
            depth = if k > 0 && order[k - 1].0 == c {
                depth + 1
            } else {
                0
            };
            let key = BENEATH | ((c as u64) << 32) | (depth << 16) | piece_key(s.buried[i].1);
            board = board.wrapping_add(mix(key));
        }
    }
    let mut whole = board;
    for (i, &n) in s.zones.iter().enumerate() {
        if n != 0 {
            whole = whole.wrapping_add(mix(ZONE | ((i as u64) << 16) | n as u64));
        }
    }
    whole = whole.wrapping_add(mix(DECIDER | s.to_move as u64));
    [board, whole]
}

impl Game {
    /// Records the position of `s` as one a player decides at, when the rules ask
    /// `repeated`.
    #[inline]
    pub(crate) fn record_position(&self, s: &mut State) {
        if self.program.tracks_positions {
            let h = hashes(s);
            s.history.push(h);
        }
    }

    /// How many times the position of `s` was met earlier as a player was to decide.
    pub(crate) fn repeated(&self, s: &State, form: Repetition) -> i64 {
        let i = match form {
            Repetition::Board => 0,
            Repetition::Position => 1,
        };
        let now = hashes(s)[i];
        s.history.iter().filter(|h| h[i] == now).count() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(cells: &[Piece], to_move: u8) -> State {
        let mut s = State::empty(cells.len(), Vec::new(), 2, 0);
        s.cells.copy_from_slice(cells);
        s.to_move = to_move;
        s
    }

    #[test]
    fn the_same_pieces_make_the_same_board_whoever_is_to_move_and_however_they_moved() {
        let (x, o) = (Piece::new(0, 0), Piece::new(0, 1));
        let a = state(&[x, Piece::NONE, o], 0);
        let b = state(&[x.with_moved(true), Piece::NONE, o], 1);
        assert_eq!(hashes(&a)[0], hashes(&b)[0]);
        assert_ne!(hashes(&a)[1], hashes(&b)[1], "another player decides");
        assert_ne!(hashes(&a)[0], hashes(&state(&[o, Piece::NONE, x], 0))[0]);
        let mut z = a.clone();
        z.zones[1] = 1;
        assert_eq!(hashes(&a)[0], hashes(&z)[0]);
        assert_ne!(hashes(&a)[1], hashes(&z)[1], "a zone differs");
    }

    #[test]
    fn a_stack_is_known_by_its_order_wherever_its_pieces_are_listed() {
        let (x, o) = (Piece::new(0, 0), Piece::new(1, 1));
        let mut a = state(&[x, o], 0);
        a.buried = vec![(0, o), (1, x), (0, x)];
        let mut b = a.clone();
        b.buried = vec![(1, x), (0, o), (0, x)];
        assert_eq!(hashes(&a), hashes(&b));
        let mut c = a.clone();
        c.buried = vec![(0, x), (1, x), (0, o)];
        assert_ne!(
            hashes(&a)[0],
            hashes(&c)[0],
            "the stack on cell 0 is in another order"
        );
    }

    #[test]
    fn copies_share_a_history_until_one_records() {
        let mut h = History::default();
        h.push([1, 2]);
        let mut copy = h.clone();
        copy.push([3, 4]);
        assert_eq!(h.entries(), [[1, 2]]);
        assert_eq!(copy.entries(), [[1, 2], [3, 4]]);
        copy.clear();
        assert!(copy.entries().is_empty());
    }

    #[test]
    fn a_long_history_folds_into_the_shared_part_and_reads_the_same() {
        let mut h = History::default();
        let all: Vec<[u64; 2]> = (0..100u64).map(|i| [i, i + 1]).collect();
        for &e in &all[..70] {
            h.push(e);
        }
        let copy = h.clone();
        for &e in &all[70..] {
            h.push(e);
        }
        assert_eq!(h.entries(), all);
        assert_eq!(copy.entries(), &all[..70]);
        assert_eq!(
            h,
            History::from_entries(all.clone()),
            "read back from a save"
        );
        assert_ne!(h, copy);
    }
}
