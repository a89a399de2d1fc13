//! The game state: what stands on each cell (stacks), zones, variables, whose turn it is,
//! the last move and the seeded generator. Cheap to copy: a handful of flat vectors.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tessel_lang::ir::{CellId, PieceId, PlayerId, NO_CELL};

/// One piece: its type, owner and flags, packed in 16 bits. `Piece::NONE` is an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(pub u16);

impl Piece {
    pub const NONE: Piece = Piece(0);
    const MOVED: u16 = 1 << 12;
    const TURN_MOVED: u16 = 1 << 13;

    #[inline]
    pub fn new(kind: PieceId, owner: PlayerId) -> Piece {
        Piece((kind as u16 + 1) | ((owner as u16 & 0xF) << 8))
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }
    /// Of the same type and owner as `other` (whether either has moved aside).
    #[inline]
    pub fn is_like(self, other: Piece) -> bool {
        (self.0 ^ other.0) & Self::KIND_AND_OWNER == 0
    }
    /// A piece (not an empty cell) whose bits under `mask` are `want`.
    #[inline(always)]
    pub(crate) fn is_masked(self, mask: u16, want: u16) -> bool {
        self.0 != 0 && self.0 & mask == want
    }
    pub(crate) const KIND_AND_OWNER: u16 = 0xFFF;
    #[inline]
    pub fn kind(self) -> PieceId {
        ((self.0 & 0xFF) as u8).wrapping_sub(1)
    }
    #[inline]
    pub fn owner(self) -> PlayerId {
        ((self.0 >> 8) & 0xF) as u8
    }
    #[inline]
    pub fn moved(self) -> bool {
        self.0 & Self::MOVED != 0
    }
    #[inline]
    pub fn with_moved(self, moved: bool) -> Piece {
        if moved {
            Piece(self.0 | Self::MOVED)
        } else {
            Piece(self.0 & !Self::MOVED)
        }
    }
    /// Moved during the current turn (kept only when the rules ask `fresh`).
    #[inline]
    pub fn turn_moved(self) -> bool {
        self.0 & Self::TURN_MOVED != 0
    }
    #[inline]
    pub fn with_turn_moved(self, moved: bool) -> Piece {
        if moved {
            Piece(self.0 | Self::TURN_MOVED)
        } else {
            Piece(self.0 & !Self::TURN_MOVED)
        }
    }
    #[inline]
    pub fn with_owner(self, owner: PlayerId) -> Piece {
        Piece((self.0 & !0xF00) | ((owner as u16 & 0xF) << 8))
    }
    #[inline]
    pub fn with_kind(self, kind: PieceId) -> Piece {
        Piece((self.0 & !0xFF) | (kind as u16 + 1))
    }
}

/// What the last move did, for conditions such as `captured` and `moved(PIECE)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub from: CellId,
    pub to: CellId,
    pub kind: PieceId,
    pub captured: bool,
    pub pass: bool,
    /// How many move units the move travelled (`steps` in its effects and after it).
    pub steps: u32,
    /// How many pieces the move jumped (`jumps`).
    pub jumps: u8,
    /// The cell the jump whose effects run passes over (`jumped` in them).
    pub jumped: CellId,
}

impl Default for LastMove {
    fn default() -> Self {
        LastMove {
            from: NO_CELL,
            to: NO_CELL,
            kind: u8::MAX,
            captured: false,
            pass: false,
            steps: 0,
            jumps: 0,
            jumped: NO_CELL,
        }
    }
}

/// A chance event waiting to be resolved: which of the program's chances, who started
/// it, and whose zone receives what it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    pub chance: u16,
    pub roller: PlayerId,
    pub owner: PlayerId,
}

impl Pending {
    pub fn new(chance: u16, roller: PlayerId, owner: PlayerId) -> Pending {
        Pending {
            chance,
            roller,
            owner,
        }
    }
}

/// A game state. The layout of `vars` and `zones` comes from the program.
#[derive(Clone, Debug)]
pub struct State {
    /// The top piece of each cell.
    pub cells: Vec<Piece>,
    /// Pieces under the top ones, bottom first, as `(cell, piece)`.
    pub buried: Vec<(CellId, Piece)>,
    /// Piece counts in zones: `zones[(zone * players + player) * kinds + kind]`.
    pub zones: Vec<u16>,
    /// Variables: a shared variable takes one slot, a per-player one a slot per player.
    pub vars: Vec<i64>,
    pub to_move: PlayerId,
    /// Decisions made since the start (or since the position string's move number).
    pub ply: u32,
    /// Decisions already made in the current turn (`free` actions not counted).
    pub turn_step: u16,
    /// Some decision, a `free` action included, has been made in the current turn.
    pub turn_begun: bool,
    /// Turns completed (a turn may hold several decisions, so this is not `ply`).
    pub turns: u32,
    /// Chance events waiting to be resolved, first first: `(roller << 16) | roll`.
    pub pending: Vec<Pending>,
    /// A `restart` ran: the position goes back to the start when the decision is done.
    pub restart_pending: bool,
    /// The ruleset's `setup` runs again once the chance events waiting now are resolved.
    pub setup_pending: bool,
    /// An `end turn` ran: the turn ends when the decision is done.
    pub end_turn_pending: bool,
    /// Whose turn comes next, when a rule said (`next turn to …`).
    pub next_player: Option<PlayerId>,
    /// Restarts so far: the rounds of a match already played.
    pub rounds: u32,
    pub last: LastMove,
    pub rng: Pcg64Mcg,
    /// Where each player's royal piece was last seen. Only a hint: `checked` verifies
    /// it, and searches the board when it is stale or when `single_royal` is false.
    pub royal_hint: [CellId; 16],
    /// Every player has at most one royal piece, and no rule can make another.
    pub single_royal: bool,
    /// A reaction window (`ask others`): the players still to be asked, the one deciding
    /// (`to_move`) first.
    pub asking: Vec<PlayerId>,
    /// Whose turn it is while a window is open.
    pub window_owner: Option<PlayerId>,
    /// The decision that opened the window ended its turn: the turn ends as it closes.
    pub window_ends_turn: bool,
    /// A drawn area changed in play, with the board rebuilt from it; `None` while it is
    /// as the ruleset drew it. Shared between copies until it changes again.
    pub area: Option<std::sync::Arc<crate::area::Area>>,
    /// Positions kept by `keep position`, one slot per player (empty until one keeps).
    pub kept: Vec<Option<std::sync::Arc<Kept>>>,
    /// The positions players decided at earlier in the game, kept only when the rules
    /// ask `repeated` (`repetition.rs`).
    pub history: crate::repetition::History,
}

/// A position kept by `keep position`: what `restore position` brings back.
#[derive(Clone, Debug)]
pub struct Kept {
    pub cells: Vec<Piece>,
    pub buried: Vec<(CellId, Piece)>,
    pub zones: Vec<u16>,
    pub vars: Vec<i64>,
    pub area: Option<std::sync::Arc<crate::area::Area>>,
}

impl State {
    pub fn empty(cells: usize, vars: Vec<i64>, zones: usize, seed: u64) -> State {
        State {
            cells: vec![Piece::NONE; cells],
            buried: Vec::new(),
            zones: vec![0; zones],
            vars,
            to_move: 0,
            ply: 0,
            turn_step: 0,
            turn_begun: false,
            turns: 0,
            pending: Vec::new(),
            restart_pending: false,
            setup_pending: false,
            end_turn_pending: false,
            next_player: None,
            rounds: 0,
            last: LastMove::default(),
            rng: Pcg64Mcg::seed_from_u64(seed),
            royal_hint: [NO_CELL; 16],
            single_royal: false,
            asking: Vec::new(),
            window_owner: None,
            window_ends_turn: false,
            area: None,
            kept: Vec::new(),
            history: Default::default(),
        }
    }

    /// Copies `other` into `self`, reusing `self`'s memory.
    #[inline]
    pub fn copy_from(&mut self, other: &State) {
        self.cells.clone_from(&other.cells);
        self.buried.clone_from(&other.buried);
        self.zones.clone_from(&other.zones);
        self.vars.clone_from(&other.vars);
        self.to_move = other.to_move;
        self.ply = other.ply;
        self.turn_step = other.turn_step;
        self.turn_begun = other.turn_begun;
        self.turns = other.turns;
        self.pending.clone_from(&other.pending);
        self.restart_pending = other.restart_pending;
        self.setup_pending = other.setup_pending;
        self.end_turn_pending = other.end_turn_pending;
        self.next_player = other.next_player;
        self.rounds = other.rounds;
        self.last = other.last;
        self.rng = other.rng.clone();
        self.royal_hint = other.royal_hint;
        self.single_royal = other.single_royal;
        self.asking.clone_from(&other.asking);
        self.window_owner = other.window_owner;
        self.kept.clone_from(&other.kept);
        self.window_ends_turn = other.window_ends_turn;
        self.area.clone_from(&other.area);
        self.history.clone_from(&other.history);
    }

    /// Reseeds the generator; the same seed and decisions give the same game.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn piece_packing() {
        let p = Piece::new(5, 3).with_moved(true);
        assert_eq!((p.kind(), p.owner(), p.moved()), (5, 3, true));
        assert_eq!(p.with_kind(2).kind(), 2);
        assert!(Piece::NONE.is_none());
    }

    #[test]
    fn a_piece_is_like_another_of_its_type_and_owner_however_it_has_moved() {
        let p = Piece::new(5, 3);
        assert!(p.with_moved(true).with_turn_moved(true).is_like(p));
        assert!(!p.is_like(Piece::new(5, 2)) && !p.is_like(Piece::new(4, 3)));
        assert!(!Piece::NONE.is_like(Piece::new(0, 0)));
    }
}
