//! A ruleset made ready to play — the `Game` struct with its compiled parts (per-player
//! rules, attack probes, piece-type sets) — and the values every tool passes around:
//! `Move`, `Actor`, `Outcome`, `Scratch`. It does not evaluate expressions.

use crate::board::Board;
use crate::state::State;
use tessel_lang::ir::{self, CellId, PieceId, PlayerId, Program, NO_CELL};

/// A decision: a piece's move from one cell to another by one of its rules. Small and
/// `Copy`; what the rule does besides moving is found again from `kind` and `rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: CellId,
    pub to: CellId,
    pub kind: PieceId,
    /// Index of the rule among the piece's rules.
    pub rule: u8,
    /// Promotion: 0 for none, else the new piece type + 1.
    pub promo: u8,
    /// Which piece of a pile moves: 1 for one that has already moved this turn.
    pub sub: u8,
    /// How many pieces move, for a rule that moves any number (`group any`); else 0.
    pub count: u8,
    /// Where the piece standing on `to` goes, for a plug-in's push or swap: a cell (`from`
    /// for a swap), [`Move::OFF_BOARD`] when it is pushed off, [`NO_CELL`] for none.
    pub aux: CellId,
    /// A jump's way, jump by jump (`chain.rs`); empty for every other move.
    pub path: Path,
}

/// The way a jump goes, jump by jump: for each, the direction (its place among the rule's
/// directions) and, for a `far` jump, how far it lands; `width` bits a jump, as the rule's
/// [`JumpShape`] says. 96 bits: the number of jumps in the first 6, then the jumps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path([u16; 6]);

impl Path {
    /// No jump: the path of every move that is not a jump.
    pub const NONE: Path = Path([0; 6]);
    const LEN_BITS: u32 = 6;

    /// The path as a number (the jumps' count in the low 6 bits, the jumps above).
    pub fn bits(self) -> u128 {
        self.0
            .iter()
            .enumerate()
            .fold(0u128, |a, (i, &w)| a | (u128::from(w) << (16 * i)))
    }

    /// The path a number gives (the low 96 bits).
    pub fn from_bits(b: u128) -> Path {
        let mut w = [0u16; 6];
        for (i, x) in w.iter_mut().enumerate() {
            *x = (b >> (16 * i)) as u16;
        }
        Path(w)
    }

    /// How many jumps.
    #[inline]
    pub fn len(self) -> u8 {
        (self.0[0] & ((1 << Self::LEN_BITS) - 1)) as u8
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// How many jumps of `width` bits a path holds.
    pub fn capacity(width: u32) -> u32 {
        let room = 96 - Self::LEN_BITS;
        let most = (1 << Self::LEN_BITS) - 1;
        room.checked_div(width).map_or(most, |n| n.min(most))
    }

    /// The path with one more jump, `code` in `width` bits; `None` when it is full.
    pub fn then(self, code: u32, width: u32) -> Option<Path> {
        let n = u32::from(self.len());
        if n + 1 > Self::capacity(width) {
            return None;
        }
        let mut b = self.bits() & !((1u128 << Self::LEN_BITS) - 1);
        let code = u128::from(code) & ((1u128 << width) - 1);
        b |= code << (Self::LEN_BITS + n * width);
        b |= u128::from(n + 1);
        Some(Path::from_bits(b))
    }

    /// Jump `i`'s code, of `width` bits.
    pub fn get(self, i: u32, width: u32) -> u32 {
        if width == 0 {
            return 0;
        }
        let Some(mask) = 1u128.checked_shl(width).map(|b| b - 1) else {
            return 0;
        };
        // A path read from elsewhere may claim more jumps than it holds: those read as 0.
        let at = i.saturating_mul(width).saturating_add(Self::LEN_BITS);
        (self.bits().checked_shr(at).unwrap_or(0) & mask) as u32
    }
}

/// How a jump rule's path is coded: the directions of every player's jumps by the rule
/// (a jump's code says which), the bits for one and for how far a `far` jump lands.
#[derive(Clone, Debug, Default)]
pub(crate) struct JumpShape {
    pub dirs: Vec<ir::DirId>,
    pub dir_bits: u32,
    pub dist_bits: u32,
    pub far: bool,
}

impl Move {
    /// The piece type number that marks a pass.
    pub const PASS_KIND: PieceId = u8::MAX;
    /// The piece type number that marks an action (its index is in `rule`, its cell in `to`).
    pub const ACTION_KIND: PieceId = u8::MAX - 2;
    /// `aux` of a push that sends the piece off the board (it is taken).
    pub const OFF_BOARD: CellId = NO_CELL - 1;

    /// Action number `i`, on `cell` (or [`NO_CELL`]).
    pub fn action(i: u8, cell: CellId) -> Move {
        Move {
            from: NO_CELL,
            to: cell,
            kind: Self::ACTION_KIND,
            rule: i,
            promo: 0,
            sub: 0,
            count: 0,
            aux: NO_CELL,
            path: Path::NONE,
        }
    }
    #[inline]
    pub fn is_action(&self) -> bool {
        self.kind == Self::ACTION_KIND
    }
    /// The piece type number that marks a chance outcome (its index is in `to`).
    pub const CHANCE_KIND: PieceId = u8::MAX - 1;

    /// The outcome number `i` of the chance event waiting to be resolved.
    pub fn chance(i: u16) -> Move {
        Move {
            from: NO_CELL,
            to: i,
            kind: Self::CHANCE_KIND,
            rule: 0,
            promo: 0,
            sub: 0,
            count: 0,
            aux: NO_CELL,
            path: Path::NONE,
        }
    }
    #[inline]
    pub fn is_chance(&self) -> bool {
        self.kind == Self::CHANCE_KIND
    }

    /// The decision to end one's turn without (further) moving.
    pub fn pass() -> Move {
        Move {
            from: NO_CELL,
            to: NO_CELL,
            kind: Self::PASS_KIND,
            rule: 0,
            promo: 0,
            sub: 0,
            count: 0,
            aux: NO_CELL,
            path: Path::NONE,
        }
    }
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.kind == Self::PASS_KIND
    }
    /// A piece placed from a zone (it comes from no cell).
    #[inline]
    pub fn is_drop(&self) -> bool {
        self.from == NO_CELL && !self.is_pass() && !self.is_chance() && !self.is_action()
    }
}

/// Who decides at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    Player(PlayerId),
    /// A chance event: the decisions are its outcomes, see [`Game::chance_outcomes`].
    Chance,
    /// The game is over.
    Nobody,
}

/// How a game ended: the ending's name and a score for each player (1 win, ½ draw, 0 loss).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Outcome {
    pub ending: String,
    pub scores: Vec<f64>,
    /// For `highest EXPR wins`: each player's value of the expression.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<i64>,
}

impl Outcome {
    /// The winner, when one player scored 1 and everyone else less.
    pub fn winner(&self) -> Option<usize> {
        let best = self.scores.iter().cloned().fold(f64::MIN, f64::max);
        let n = self.scores.iter().filter(|&&s| s == best).count();
        (n == 1 && best > 0.5).then(|| self.scores.iter().position(|&s| s == best).unwrap_or(0))
    }
}

/// One move rule of one piece type, as seen by one player.
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    pub atom: ir::Atom,
    pub target: u8,
    /// The parts of the condition that look at neither the target nor the piece's cell
    /// (nor the moving piece): an index into `Game::fixed_guards`, tried once a decision
    /// and shared by every rule whose parts read the same.
    pub fixed: Option<usize>,
    /// The other parts of the condition that do not look at the target: tried once for a
    /// piece.
    pub guard: Option<ir::Expr>,
    /// The rest of the condition, tried for each candidate.
    pub cond: Option<ir::Expr>,
    /// For a drop or an `anywhere` move whose condition places its candidate (next to a
    /// cell, in a row, …): its number in `Game::withins`. Only the cells it allows are
    /// tried.
    pub within: Option<u32>,
    /// The types of piece its condition needs on the target, where it names them: a
    /// target holding another is passed by unasked.
    pub kinds: Option<crate::compile::Kinds>,
    pub effects: Vec<ir::Stmt>,
    /// `effects` compiled: its number in `Game::blocks` (none for an empty list).
    pub block: Option<u32>,
    /// The rule may reach one cell two ways; see `Game::may_repeat`.
    pub may_repeat: bool,
    /// For a ride written the same way as another rule of the piece's (paths, distances,
    /// what stops it): the first such rule's number. The cells it passes are walked once
    /// for a piece and offered to each of those rules in turn (`movegen.rs`, `RideCells`).
    pub walk: Option<u8>,
    /// No condition on the candidate and no promotion: each candidate is a move as it
    /// stands (`movegen.rs` pushes it without a context).
    pub plain: bool,
    /// For a step or a leap on a board that never changes: the cells it reaches from each
    /// cell, worked out once.
    pub reach: Option<crate::movegen::Reach>,
    /// For a ride on a board that never changes: the cells each of its paths passes from
    /// each cell, worked out once.
    pub rays: Option<crate::movegen::Rays>,
    /// A step or leap with a `reach` and nothing else to try for the piece (no guard, no
    /// group, no carry): `movegen.rs` reads its cells straight from the table.
    pub direct: bool,
    /// How many pieces move together.
    pub group: u32,
    /// Any number of them (`group any`): the move says how many.
    pub group_any: bool,
    /// Lands on the mover's own pieces, captures others.
    pub merging: bool,
    /// Where what it captures goes, when not the ruleset's `captures go to`.
    pub captures_into: Option<ir::ZoneId>,
    /// The piece takes the whole stack beneath it along.
    pub carry: bool,
    pub stacking: bool,
    /// A trade on an opposing piece (`converting`).
    pub converting: bool,
    /// A `jump` that goes on from where it lands (`move chain jump …`).
    pub chain: bool,
}

impl Rule {
    /// Whether the rule's target allows a move onto a cell holding `occupant`.
    #[inline]
    pub fn allows(&self, occupant: crate::state::Piece, mover: PlayerId) -> bool {
        use tessel_lang::ir::{target, NEUTRAL};
        let need = if occupant.is_none() {
            target::EMPTY
        } else if occupant.owner() == NEUTRAL {
            target::NEUTRAL
        } else if occupant.owner() == mover {
            target::FRIEND
        } else {
            target::ENEMY
        };
        self.target & need != 0
    }
}

/// A set of piece types as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct KindSet([u64; 4]);

impl KindSet {
    pub fn insert(&mut self, k: PieceId) {
        self.0[k as usize / 64] |= 1 << (k % 64);
    }
    #[inline]
    pub fn contains(&self, k: PieceId) -> bool {
        self.0[k as usize / 64] >> (k % 64) & 1 == 1
    }
}

/// How to find out whether a player attacks a cell: walk from the cell backwards.
#[derive(Clone, Debug, Default)]
pub(crate) struct Probes {
    /// Walk `back` while empty; the first piece attacks if its type is in `kinds`.
    pub rays: Vec<(ir::DirId, u32, u32, KindSet)>,
    /// Follow `back`; the piece there attacks if its type is in `kinds`.
    pub jumps: Vec<(Vec<ir::DirId>, KindSet)>,
    /// `jump_from[j * cells + cell]`: where jump `j` leads backwards from `cell`.
    pub jump_from: Vec<CellId>,
    /// Rules that cannot be walked backwards (conditions, one-way links): `(kind, rule)`.
    pub slow: Vec<(PieceId, u8)>,
}

/// A ruleset made ready to play.
pub struct Game {
    pub program: Program,
    pub board: Board,
    pub(crate) players: usize,
    /// `rules[player][kind]`.
    pub(crate) rules: Vec<Vec<Vec<Rule>>>,
    /// `jump_shapes[kind][rule]`: how a jump rule's paths are coded (`chain.rs`).
    pub(crate) jump_shapes: Vec<Vec<Option<JumpShape>>>,
    /// `probes[attacker]`.
    pub(crate) probes: Vec<Probes>,
    pub(crate) royal: KindSet,
    pub(crate) has_royal: bool,
    /// Offset of each variable in [`State::vars`].
    pub(crate) var_slot: Vec<usize>,
    /// Each variable's shape for fast reads: whether it has a part per player, and how
    /// many parts `slot_at` may index (0: none).
    pub(crate) var_shape: Vec<(bool, usize)>,
    /// The `per piece` variables: slot and start value.
    pub(crate) travelling: Vec<(usize, i64)>,
    pub(super) var_count: usize,
    pub(super) cheap_endings: Vec<usize>,
    /// See [`State::royal_hint`].
    pub(crate) single_royal: bool,
    /// The start position before its first turn begins, for `restart`.
    pub(crate) start_template: Option<State>,
    /// Variables that go back to their starting value at each turn: `(slot, len, value)`.
    pub(super) resets: Vec<(usize, usize, i64)>,
    /// Each player's drop rules: `(kind, rule)`.
    pub(crate) drops: Vec<Vec<(PieceId, u8)>>,
    /// Each player's piece types that never move from a cell (no rules but drops).
    pub(crate) still: Vec<KindSet>,
    /// Each player moves no piece from a cell at all (every rule of theirs a drop).
    pub(crate) only_drops: Vec<bool>,
    /// Every link of the board as first drawn joins cells at most one column and one row
    /// apart (`Board::unit_links`).
    pub(crate) unit_links: bool,
    /// Each direction's step on the grid when every direction goes straight
    /// (`Board::straight_steps`): lines between two cells are then found by arithmetic.
    pub(crate) straight_steps: Option<Vec<Option<(i8, i8)>>>,
    /// For each `on cells` action whose condition requires `to in REGION`, that region's
    /// cells for each player: the only cells worth trying.
    pub(super) action_cells: Vec<Option<Vec<Vec<CellId>>>>,
    /// For each action, the parts of its condition that do not look at its cell (tried
    /// once, not once a cell), whether the rest requires a piece on the cell, and the rest
    /// (the conjuncts that look at the cell, tried once a cell after the guard held; none:
    /// every cell).
    pub(crate) action_guard: Vec<(Option<ir::Expr>, bool, Option<ir::Expr>)>,
    /// For each action, where its cell may be, as its cell part places it: a number in
    /// `withins`.
    pub(crate) action_within: Vec<Option<u32>>,
    /// Where the candidates of visits of every cell may be (`compile/within.rs`).
    pub(crate) withins: Vec<crate::compile::Within>,
    /// The distinct candidate-independent guards of the move rules (`Rule::fixed`).
    pub(crate) fixed_guards: Vec<ir::Expr>,
    /// The cell at each column and row (`cell_at`): `(width, cells)`, the first cell in
    /// board order with those coordinates at `row * width + column`; [`NO_CELL`] where none.
    pub(crate) by_coord: (usize, Vec<CellId>),
    /// How many values of cell-independent parts a state's examination keeps (`memo.rs`).
    pub(crate) memo_slots: usize,
    /// For each part of a group query named by an [`ir::Expr::Same`] (by its number),
    /// whether it reads anything of the candidate but `to` (`memo::reads_move`): worked
    /// out once, not by every memo that asks.
    pub(crate) same_reads_move: Vec<bool>,
    /// The game's conditions and values compiled (`compile/`), numbered by their
    /// [`ir::Expr::Code`] wrappers.
    pub(crate) codes: Vec<crate::compile::Code>,
    /// The code of each part kept once per state (`memo.rs`), by slot, where a compiled
    /// expression reads it (none where only the tree evaluator does).
    pub(crate) kept_codes: Vec<Option<crate::compile::Code>>,
    /// What each code was compiled from (for `check_compiled`).
    pub(crate) sources: Vec<ir::Expr>,
    /// For each code, as a condition on `to`, the cells where it may hold (an `each cell`
    /// tries only those).
    pub(crate) sieves: Vec<crate::compile::Sieve>,
    /// The game's statement lists compiled (`compile/effect.rs`), numbered by
    /// [`Rule::block`] and [`Game::block_of`].
    pub(crate) blocks: Vec<crate::compile::Effect>,
    /// Which compiled list stands for each list of the program outside the rules.
    pub(crate) block_of: crate::compile::Blocks,
    /// Neutral piece types that the player to move may move (`shared`).
    pub(crate) shared: KindSet,
    /// Every cell, in order.
    pub(super) all_cells: Vec<CellId>,
    /// The plug-ins of `program.plugins`, compiled (or why not).
    pub(crate) plugins: Vec<Result<crate::plugin::Plugin, crate::plugin::PluginError>>,
    /// A drawn area that may change in play, as drawn (every start state shares it).
    pub(crate) base_area: Option<std::sync::Arc<crate::area::Area>>,
    /// The first error a plug-in made while moves were being found (see
    /// [`Game::plugin_error`]).
    pub(crate) plugin_failure: std::sync::Arc<std::sync::Mutex<Option<crate::plugin::PluginError>>>,
}

/// Buffers a search reuses so that move generation does not allocate.
pub struct Scratch {
    pub state: State,
    pub moves: Vec<Move>,
}

impl Game {
    /// The first error a plug-in made while moves were being found, if any: its piece then
    /// had no moves from it. A program should stop the game and say so.
    pub fn plugin_error(&self) -> Option<crate::plugin::PluginError> {
        self.plugin_failure.lock().ok().and_then(|e| e.clone())
    }

    /// Whether a plug-in has failed: a loop over many decisions (a playout, a search)
    /// stops at once. Free for a ruleset without plug-ins.
    #[inline]
    pub fn plugin_stopped(&self) -> bool {
        !self.plugins.is_empty() && self.plugin_error().is_some()
    }

    /// Forgets every plug-in's remembered answers (`plugin.rs`): the next ask of any view
    /// runs the module. For measuring what a first ask costs; games need it never.
    pub fn forget_plugin_answers(&self) {
        for plugin in self.plugins.iter().flatten() {
            plugin.forget();
        }
    }

    pub(crate) fn plugin_failed(&self, e: crate::plugin::PluginError) {
        if let Ok(mut first) = self.plugin_failure.lock() {
            first.get_or_insert(e);
        }
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// The type a piece of `kind` is kept as in a zone it goes into from the board
    /// (`captured as`).
    #[inline]
    pub(crate) fn held_as(&self, kind: PieceId) -> PieceId {
        self.program
            .pieces
            .get(kind as usize)
            .and_then(|p| p.held_as)
            .unwrap_or(kind)
    }

    /// Index in [`State::zones`] of a piece type in a player's part of a zone.
    #[inline]
    pub fn zone_slot(&self, zone: ir::ZoneId, player: PlayerId, kind: PieceId) -> usize {
        let per_player = self
            .program
            .zones
            .get(zone as usize)
            .is_some_and(|z| z.per_player);
        // A neutral piece has no part of its own: it is kept in the last player's.
        let p = if per_player {
            (player as usize).min(self.players - 1)
        } else {
            0
        };
        (zone as usize * self.players + p) * self.program.pieces.len() + kind as usize
    }

    /// Finds each player's royal piece, and whether every player has at most one, so
    /// that `checked` can follow it instead of searching.
    pub fn find_royals(&self, s: &mut State) {
        let mut count = [0u32; 16];
        for (c, p) in s.cells.iter().enumerate() {
            if !p.is_none() && self.royal.contains(p.kind()) {
                let o = p.owner() as usize & 15;
                count[o] += 1;
                s.royal_hint[o] = c as CellId;
            }
        }
        s.single_royal = self.single_royal && count.iter().all(|&n| n <= 1);
    }

    /// A state with an empty board, variables at their starting values.
    pub fn empty_state(&self, seed: u64) -> State {
        let mut vars = vec![0; self.var_count];
        for (i, v) in self.program.vars.iter().enumerate() {
            let n = var_slots(v, self.players, self.board.cells());
            for k in 0..n {
                vars[self.var_slot[i] + k] = v.init;
            }
        }
        // Start values the drawn area gives.
        for &(v, c, value) in &self.program.cell_values {
            if let Some(x) = vars.get_mut(self.var_slot[v as usize] + c as usize) {
                *x = value;
            }
        }
        let zones = self.program.zones.len() * self.players * self.program.pieces.len();
        let mut s = State::empty(self.board.cells(), vars, zones, seed);
        s.area.clone_from(&self.base_area);
        s
    }

    pub fn scratch(&self) -> Scratch {
        Scratch {
            state: self.empty_state(0),
            moves: Vec::with_capacity(256),
        }
    }

    /// Whether a rule's fixed guard (if any) holds for `mover` in `s`, read once and kept
    /// in `memo` (one entry a fixed guard; a shorter memo keeps nothing).
    #[inline(always)]
    pub(crate) fn fixed_holds(
        &self,
        s: &State,
        mover: PlayerId,
        fixed: Option<usize>,
        memo: &[std::cell::Cell<u8>],
        kept: &crate::memo::Kept,
    ) -> bool {
        let Some(i) = fixed else {
            return true;
        };
        match memo.get(i).map(std::cell::Cell::get) {
            Some(0) => false,
            Some(1) => true,
            _ => self.read_fixed(s, mover, i, memo, kept),
        }
    }

    /// [`Game::fixed_holds`] the first time: the guard read and kept.
    #[inline(never)]
    fn read_fixed(
        &self,
        s: &State,
        mover: PlayerId,
        i: usize,
        memo: &[std::cell::Cell<u8>],
        kept: &crate::memo::Kept,
    ) -> bool {
        let e = &self.fixed_guards[i];
        let cx = self.ctx(s, mover, NO_CELL, NO_CELL, None).keeping(kept);
        let holds = self.eval(e, &cx) != 0;
        if let Some(m) = memo.get(i) {
            m.set(u8::from(holds));
        }
        holds
    }

    /// The board as it stands in `s`: the game's, or the one a change of the drawn
    /// area made (`split`, `merge`, `splice`).
    #[inline]
    pub fn bd<'a>(&'a self, s: &'a State) -> &'a Board {
        match &s.area {
            Some(a) => &a.board,
            None => &self.board,
        }
    }

    /// Whether a cell is in the playing area as it stands: on a drawn area that changes
    /// in play, a tessel drawn now (not a spare, nor one merged away); every cell
    /// otherwise.
    pub fn in_area(&self, s: &State, c: CellId) -> bool {
        match &s.area {
            Some(a) => !a.ring(c as usize).is_empty(),
            None => (c as usize) < s.cells.len(),
        }
    }

    /// Whether a move may land on `to`: a cell of the area as it stands, or no cell at
    /// all (off the board).
    #[inline(always)]
    pub(crate) fn lands_in_area(&self, s: &State, to: CellId) -> bool {
        match &s.area {
            // Every cell is in the area, and off the board is allowed.
            None => true,
            Some(a) => (to as usize) >= s.cells.len() || !a.ring(to as usize).is_empty(),
        }
    }
}

/// How many slots a variable takes in a state: one, one per player, or one per cell (a
/// `per piece` variable one more, for the values of the piece captured last: `taken`).
pub(crate) fn var_slots(v: &ir::Var, players: usize, cells: usize) -> usize {
    if v.per_player {
        players
    } else if v.per_piece {
        cells + 1
    } else if v.per_cell {
        cells
    } else {
        1
    }
}
