//! A compiled game: the program with its board tables and per-player rules, and the one
//! interface every tool uses — whose node it is, the legal decisions, applying one, results.

use crate::board::Board;
use crate::state::{LastMove, Piece, State};
use std::borrow::Cow;
use tessel_lang::ir::{self, CellId, PieceId, PlayerId, Program, NEUTRAL, NO_CELL};

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
    /// The parts of the condition that do not look at the target: tried once for a piece.
    pub guard: Option<ir::Expr>,
    /// The rest of the condition, tried for each candidate.
    pub cond: Option<ir::Expr>,
    pub effects: Vec<ir::Stmt>,
    /// The rule may reach one cell two ways; see `Game::may_repeat`.
    pub may_repeat: bool,
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
    /// `probes[attacker]`.
    pub(crate) probes: Vec<Probes>,
    pub(crate) royal: KindSet,
    pub(crate) has_royal: bool,
    /// Offset of each variable in [`State::vars`].
    pub(crate) var_slot: Vec<usize>,
    /// The `per piece` variables: slot and start value.
    pub(crate) travelling: Vec<(usize, i64)>,
    var_count: usize,
    cheap_endings: Vec<usize>,
    /// See [`State::royal_hint`].
    pub(crate) single_royal: bool,
    /// The start position before its first turn begins, for `restart`.
    pub(crate) start_template: Option<State>,
    /// Variables that go back to their starting value at each turn: `(slot, len, value)`.
    resets: Vec<(usize, usize, i64)>,
    /// Each player's drop rules: `(kind, rule)`.
    pub(crate) drops: Vec<Vec<(PieceId, u8)>>,
    /// For each `on cells` action whose condition requires `to in REGION`, that region's
    /// cells for each player: the only cells worth trying.
    action_cells: Vec<Option<Vec<Vec<CellId>>>>,
    /// For each action, the parts of its condition that do not look at its cell (tried
    /// once, not once a cell), and whether the rest requires a piece on the cell.
    action_guard: Vec<(Option<ir::Expr>, bool)>,
    /// Neutral piece types that the player to move may move (`shared`).
    pub(crate) shared: KindSet,
    /// Every cell, in order.
    all_cells: Vec<CellId>,
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

    pub(crate) fn plugin_failed(&self, e: crate::plugin::PluginError) {
        if let Ok(mut first) = self.plugin_failure.lock() {
            first.get_or_insert(e);
        }
    }

    pub fn new(program: Program) -> Game {
        let players = program.players.len().max(1);
        let board = Board::build(&program.board, &program.regions, players);
        let rules: Vec<Vec<Vec<Rule>>> = (0..players)
            .map(|p| {
                program
                    .pieces
                    .iter()
                    .map(|pt| {
                        pt.rules
                            .iter()
                            .map(|r| {
                                let (guard, cond) = split_guard(r.cond.as_ref());
                                Rule {
                                    atom: r.atom.get(p).cloned().unwrap_or(ir::Atom::Step(vec![])),
                                    target: r.target,
                                    guard,
                                    cond,
                                    effects: r.effects.clone(),
                                    may_repeat: false,
                                    group: r.group,
                                    group_any: r.group_any,
                                    merging: r.merging,
                                    converting: r.converting,
                                    captures_into: r.captures_into,
                                    carry: r.carry,
                                    stacking: r.stacking,
                                }
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut royal = KindSet::default();
        for (k, p) in program.pieces.iter().enumerate() {
            if p.royal {
                royal.insert(k as PieceId);
            }
        }
        let has_royal = program.pieces.iter().any(|p| p.royal);
        let mut var_slot = Vec::new();
        let mut var_count = 0;
        let cells = program.board.cells.len();
        for v in &program.vars {
            var_slot.push(var_count);
            var_count += var_slots(v, players, cells);
        }
        let travelling = program
            .vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.per_piece)
            .map(|(i, v)| (var_slot[i], v.init))
            .collect();
        let cheap_endings = (0..program.endings.len())
            .filter(|&i| !program.endings[i].needs_moves)
            .collect();
        let drops = rules
            .iter()
            .map(|per_kind| {
                per_kind
                    .iter()
                    .enumerate()
                    .flat_map(|(k, rs)| {
                        rs.iter()
                            .enumerate()
                            .filter(|(_, r)| matches!(r.atom, ir::Atom::Drop(_)))
                            .map(move |(ri, _)| (k as PieceId, ri as u8))
                    })
                    .collect()
            })
            .collect();
        let resets = program
            .vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.reset_each_turn)
            .map(|(i, v)| (var_slot[i], var_slots(v, players, cells), v.init))
            .collect();
        let action_cells = program
            .actions
            .iter()
            .map(|a| {
                let r = a.cond.as_ref().and_then(required_region)?;
                let sets = board.regions.get(r as usize)?;
                Some(
                    sets.iter()
                        .map(|set| {
                            (0..board.cells() as CellId)
                                .filter(|&c| set.contains(c))
                                .collect()
                        })
                        .collect(),
                )
            })
            .collect();
        let action_guard = program
            .actions
            .iter()
            .map(|a| {
                let mut parts = Vec::new();
                if let Some(c) = &a.cond {
                    conjuncts(c, &mut parts);
                }
                let guard = parts
                    .iter()
                    .filter(|e| !mentions_cell(e))
                    .map(|e| (*e).clone())
                    .reduce(|x, y| ir::Expr::Bin(ir::BinOp::And, Box::new(x), Box::new(y)));
                let occupied = a.on_cells && parts.iter().any(|e| needs_piece(e));
                (guard, occupied)
            })
            .collect();
        let mut shared = KindSet::default();
        for (k, p) in program.pieces.iter().enumerate() {
            if p.shared {
                shared.insert(k as PieceId);
            }
        }
        // Only a ruleset that changes its drawn area keeps the area in its states.
        let base_area = program
            .board
            .drawing
            .clone()
            .filter(|_| changes_area(&program))
            .and_then(|d| {
                crate::area::Area::build(&program.board, &program.regions, players, d)
                    .map(std::sync::Arc::new)
            });
        let mut g = Game {
            base_area,
            shared,
            all_cells: (0..board.cells() as CellId).collect(),
            plugins: program
                .plugins
                .iter()
                .map(|p| crate::plugin::Plugin::load(&p.path, &p.bytes))
                .collect(),
            plugin_failure: Default::default(),
            action_cells,
            action_guard,
            start_template: None,
            resets,
            single_royal: false,
            drops,
            program,
            board,
            players,
            rules,
            probes: Vec::new(),
            royal,
            has_royal,
            var_slot,
            travelling,
            var_count,
            cheap_endings,
        };
        g.probes = (0..players).map(|p| g.build_probes(p)).collect();
        g.start_template = match &g.program.start {
            Some((text, _)) => g.read_position(text, 0, false).ok(),
            None => Some(g.empty_state(0)),
        };
        let flags: Vec<Vec<Vec<bool>>> = g
            .rules
            .iter()
            .map(|per_kind| {
                per_kind
                    .iter()
                    // A board that changes in play may come to reach a cell two ways.
                    .map(|rs| {
                        rs.iter()
                            .map(|r| g.base_area.is_some() || g.may_repeat(&r.atom))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        for (p, per_kind) in flags.into_iter().enumerate() {
            for (k, rs) in per_kind.into_iter().enumerate() {
                for (ri, f) in rs.into_iter().enumerate() {
                    g.rules[p][k][ri].may_repeat = f;
                }
            }
        }
        let cells = g.board.cells();
        for pr in g.probes.iter_mut() {
            pr.jump_from = pr
                .jumps
                .iter()
                .flat_map(|(back, _)| (0..cells).map(|c| g.board.walk(c as CellId, back)))
                .collect();
        }
        // A player's royal piece can be followed move by move when no rule can make or
        // drop a royal piece; otherwise `checked` looks at every cell.
        g.single_royal = !g.program.pieces.iter().any(|p| {
            p.promotions
                .iter()
                .any(|pr| pr.to.iter().any(|&t| g.royal.contains(t)))
        }) && !g.drops.iter().flatten().any(|&(k, _)| g.royal.contains(k));
        g
    }

    pub fn players(&self) -> usize {
        self.players
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

    /// Removes everything on a cell, sending it to the zone captures go to; whether
    /// anything was there.
    pub(crate) fn take_cell(&self, s: &mut State, c: CellId, mover: PlayerId) -> bool {
        if !self.travelling.is_empty() && !s.cells[c as usize].is_none() {
            self.keep_taken(s, c);
        }
        match self.program.captures_to {
            Some((zone, to_owner)) => self.send_cell(s, c, zone, to_owner, mover),
            None => self.remove_stack(s, c),
        }
    }

    /// Moves everything on a cell into a zone (of each piece's owner, or of `mover`);
    /// whether anything was there.
    pub(crate) fn send_cell(
        &self,
        s: &mut State,
        c: CellId,
        zone: ir::ZoneId,
        to_owner: bool,
        mover: PlayerId,
    ) -> bool {
        let top = s.cells[c as usize];
        if top.is_none() {
            return false;
        }
        let under: Vec<Piece> = s
            .buried
            .iter()
            .filter(|(bc, _)| *bc == c)
            .map(|(_, p)| *p)
            .collect();
        for p in under.into_iter().chain(std::iter::once(top)) {
            if to_owner && p.owner() == NEUTRAL {
                // Nobody's piece goes to nobody's part: it leaves the game.
                continue;
            }
            let who = if to_owner { p.owner() } else { mover };
            let slot = self.zone_slot(zone, who, p.kind());
            s.zones[slot] = s.zones[slot].saturating_add(1);
        }
        self.remove_stack(s, c)
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

    pub fn actor(&self, s: &State, scratch: &mut Scratch) -> Actor {
        if !s.pending.is_empty() {
            return Actor::Chance;
        }
        match self.status(s, scratch) {
            Some(_) => Actor::Nobody,
            None => Actor::Player(s.to_move),
        }
    }

    /// The game's result if it is over.
    pub fn status(&self, s: &State, scratch: &mut Scratch) -> Option<Outcome> {
        if !s.pending.is_empty() {
            // A game does not end in the middle of a throw.
            return None;
        }
        let mut no_moves = None;
        for e in &self.program.endings {
            if e.needs_moves && no_moves.is_none() {
                no_moves = Some(!self.has_legal(s, scratch));
            }
            let cx = self.ctx(s, s.to_move, NO_CELL, NO_CELL, no_moves);
            if self.eval(&e.cond, &cx) != 0 {
                return Some(self.outcome(e, &cx));
            }
        }
        None
    }

    /// The game's result when it is already known whether the player to move has a legal
    /// decision.
    pub fn status_knowing(&self, s: &State, no_moves: bool) -> Option<Outcome> {
        if !s.pending.is_empty() {
            return None;
        }
        let cx = self.ctx(s, s.to_move, NO_CELL, NO_CELL, Some(no_moves));
        self.program
            .endings
            .iter()
            .find(|e| self.eval(&e.cond, &cx) != 0)
            .map(|e| self.outcome(e, &cx))
    }

    /// Whether one of the endings that need no move generation holds.
    #[inline]
    pub fn cheap_end(&self, s: &State) -> bool {
        if !s.pending.is_empty() {
            return false;
        }
        self.cheap_endings.iter().any(|&i| {
            let cx = self.ctx(s, s.to_move, NO_CELL, NO_CELL, None);
            self.eval(&self.program.endings[i].cond, &cx) != 0
        })
    }

    fn outcome(&self, e: &ir::Ending, cx: &crate::eval::Ctx) -> Outcome {
        let n = self.players;
        let mut counted = Vec::new();
        let scores = match &e.outcome {
            ir::Outcome::Draw => vec![0.5; n],
            ir::Outcome::Player { who, wins } => {
                let p = self.eval(who, cx) as usize;
                (0..n)
                    .map(|i| if (i == p) == *wins { 1.0 } else { 0.0 })
                    .collect()
            }
            ir::Outcome::Highest(e) => {
                let values: Vec<i64> = (0..n)
                    .map(|p| {
                        self.eval(
                            e,
                            &crate::eval::Ctx {
                                mover: p as PlayerId,
                                ..*cx
                            },
                        )
                    })
                    .collect();
                let best = values.iter().copied().max().unwrap_or(0);
                let top = values.iter().filter(|&&v| v == best).count().max(1);
                let scores = if top == n {
                    vec![0.5; n]
                } else {
                    values
                        .iter()
                        .map(|&v| if v == best { 1.0 / top as f64 } else { 0.0 })
                        .collect()
                };
                counted = values;
                scores
            }
        };
        Outcome {
            ending: e.name.clone(),
            scores,
            values: counted,
        }
    }

    /// The legal decisions at this node (none when the game is over).
    pub fn decisions(&self, s: &State, scratch: &mut Scratch, out: &mut Vec<Move>) {
        out.clear();
        if self.status(s, scratch).is_some() {
            return;
        }
        self.legal_moves(s, out, &mut scratch.state);
    }

    /// Legal moves of the player to move, ignoring endings.
    pub fn legal_moves(&self, s: &State, out: &mut Vec<Move>, tmp: &mut State) {
        out.clear();
        if let Some(outcomes) = self.chance_outcomes(s) {
            out.extend((0..outcomes.len() as u16).map(Move::chance));
            return;
        }
        self.candidates(s, out);
        if !self.program.forbids.is_empty() && s.window_owner.is_none() {
            out.retain(|m| {
                tmp.copy_from(s);
                self.apply(tmp, *m);
                let ended = tmp.turns != s.turns;
                !self.forbidden(tmp, s.to_move, ended)
                    && (ended || self.can_finish_turn(tmp, s.turns))
            });
        }
        if out.is_empty() && self.program.turn.pass_when_stuck {
            out.push(Move::pass());
        }
    }

    /// The decisions the rules offer before `forbid`: piece moves, a pass, and actions
    /// (only the forced actions, when any is offered).
    fn candidates(&self, s: &State, out: &mut Vec<Move>) {
        let mover = s.to_move;
        if s.window_owner.is_some() {
            // A reaction window: the player asked answers with a reaction, or passes.
            self.reactions(s, out);
            out.push(Move::pass());
            return;
        }
        self.pseudo_moves(s, out);
        if let Some(cond) = &self.program.turn.pass {
            if self.eval(cond, &self.ctx(s, mover, NO_CELL, NO_CELL, None)) != 0 {
                out.push(Move::pass());
            }
        }
        if self.program.actions.is_empty() {
            return;
        }
        let mut forced = false;
        for (i, a) in self.program.actions.iter().enumerate() {
            if a.reaction {
                continue;
            }
            let (guard, occupied) = &self.action_guard[i];
            if guard
                .as_ref()
                .is_some_and(|g| self.eval(g, &self.ctx(s, mover, NO_CELL, NO_CELL, None)) == 0)
            {
                continue;
            }
            let cells: &[CellId] = if !a.on_cells {
                &[NO_CELL]
            } else if let Some(Some(per)) = self.action_cells.get(i) {
                per.get(mover as usize)
                    .or(per.first())
                    .map_or(&[], |v| v.as_slice())
            } else {
                &self.all_cells
            };
            for &c in cells {
                if *occupied && s.cells[c as usize].is_none() {
                    continue;
                }
                if a.cond
                    .as_ref()
                    .is_none_or(|cond| self.eval(cond, &self.ctx(s, mover, c, c, None)) != 0)
                {
                    forced |= a.forced;
                    out.push(Move::action(i as u8, c));
                }
            }
        }
        if forced {
            out.retain(|m| m.is_action() && self.program.actions[m.rule as usize].forced);
        }
    }

    /// The `reaction` actions the player asked in a reaction window may take.
    fn reactions(&self, s: &State, out: &mut Vec<Move>) {
        let asked = s.to_move;
        for (i, a) in self.program.actions.iter().enumerate() {
            if !a.reaction {
                continue;
            }
            let cells: &[CellId] = if a.on_cells {
                &self.all_cells
            } else {
                &[NO_CELL]
            };
            for &c in cells {
                if a.cond
                    .as_ref()
                    .is_none_or(|cond| self.eval(cond, &self.ctx(s, asked, c, c, None)) != 0)
                {
                    out.push(Move::action(i as u8, c));
                }
            }
        }
    }

    /// With `forbid at turn end` rules, a decision inside a turn is legal only if the turn
    /// can still end without breaking one: is there a way on from `s`, in the same turn
    /// (`turns` turns played), to a legal end? A pass is tried first.
    fn can_finish_turn(&self, s: &State, turns: u32) -> bool {
        if !self.program.forbids.iter().any(|f| f.at_turn_end) || !s.pending.is_empty() {
            return true;
        }
        let mover = s.to_move;
        let mut next = Vec::new();
        self.candidates(s, &mut next);
        if let Some(i) = next.iter().position(|m| m.is_pass()) {
            next.swap(0, i);
        }
        let mut t = s.clone();
        next.into_iter().any(|m| {
            t.copy_from(s);
            self.apply(&mut t, m);
            let ended = t.turns != turns;
            !self.forbidden(&t, mover, ended) && (ended || self.can_finish_turn(&t, turns))
        })
    }

    /// The outcomes (value, probability) of the chance event waiting at `s`, if any. A
    /// draw's values are piece types (-1: the zone was empty, nothing is drawn).
    pub fn chance_outcomes(&self, s: &State) -> Option<Cow<'_, [(i64, f64)]>> {
        let first = s.pending.first()?;
        match self.program.chances.get(first.chance as usize)? {
            ir::Chance::Roll { outcomes, .. } => Some(Cow::Borrowed(outcomes.as_slice())),
            ir::Chance::Cell { cond, .. } => {
                let cells: Vec<CellId> = (0..s.cells.len() as CellId)
                    .filter(|&c| self.eval(cond, &self.ctx(s, first.roller, NO_CELL, c, None)) != 0)
                    .collect();
                if cells.is_empty() {
                    return Some(Cow::Owned(vec![(NO_CELL as i64, 1.0)]));
                }
                let p = 1.0 / cells.len() as f64;
                Some(Cow::Owned(
                    cells.into_iter().map(|c| (c as i64, p)).collect(),
                ))
            }
            ir::Chance::Draw { from, .. } => {
                let kinds = self.program.pieces.len();
                let base = self.zone_slot(*from, first.roller, 0);
                let counts = s.zones.get(base..base + kinds).unwrap_or(&[]);
                let total: f64 = counts.iter().map(|&c| c as f64).sum();
                if total == 0.0 {
                    return Some(Cow::Owned(vec![(-1, 1.0)]));
                }
                Some(Cow::Owned(
                    counts
                        .iter()
                        .enumerate()
                        .filter(|(_, &c)| c > 0)
                        .map(|(k, &c)| (k as i64, c as f64 / total))
                        .collect(),
                ))
            }
        }
    }

    /// What a waiting chance event sets, for messages: a roll's variable, a draw's zone.
    pub fn chance_var(&self, s: &State) -> Option<&str> {
        match self.waiting_chance(s)? {
            ir::Chance::Roll { var, .. } | ir::Chance::Cell { var, .. } => self
                .program
                .vars
                .get(*var as usize)
                .map(|v| v.name.as_str()),
            ir::Chance::Draw { to, .. } => self
                .program
                .zones
                .get(*to as usize)
                .map(|z| z.name.as_str()),
        }
    }

    /// The chance event waiting at `s`, if any.
    pub fn waiting_chance(&self, s: &State) -> Option<&ir::Chance> {
        self.program.chances.get(s.pending.first()?.chance as usize)
    }

    /// Whether a decision is a `manual` action (resigning and the like).
    pub fn is_manual(&self, m: &Move) -> bool {
        m.is_action()
            && self
                .program
                .actions
                .get(m.rule as usize)
                .is_some_and(|a| a.manual)
    }

    /// Leaves out the `manual` actions (resigning and the like), which agents and random
    /// play never take.
    pub fn drop_manual(&self, moves: &mut Vec<Move>) {
        if self.program.actions.iter().any(|a| a.manual) {
            moves.retain(|m| !self.is_manual(m));
        }
    }

    /// Draws the outcome of the waiting chance event from the state's seeded generator.
    pub fn sample_chance(&self, s: &mut State) -> Option<Move> {
        let outcomes = self.chance_outcomes(s)?;
        let x: f64 = rand::Rng::random(&mut s.rng);
        let mut acc = 0.0;
        for (i, (_, p)) in outcomes.iter().enumerate() {
            acc += p;
            if x < acc {
                return Some(Move::chance(i as u16));
            }
        }
        Some(Move::chance(outcomes.len().saturating_sub(1) as u16))
    }

    /// Whether the player to move has a legal decision: at the start of a turn, one other
    /// than passing (a player who can only pass cannot move); later in a turn, a pass that
    /// ends it counts.
    pub(crate) fn has_legal(&self, s: &State, scratch: &mut Scratch) -> bool {
        if !s.pending.is_empty() {
            return true;
        }
        let mut buf = std::mem::take(&mut scratch.moves);
        buf.clear();
        self.candidates(s, &mut buf);
        let manual = |m: &Move| self.is_manual(m);
        let found = buf
            .iter()
            .filter(|m| (s.turn_step > 0 || !m.is_pass()) && !manual(m))
            .any(|m| {
                scratch.state.copy_from(s);
                self.apply(&mut scratch.state, *m);
                let ended = scratch.state.turns != s.turns;
                !self.forbidden(&scratch.state, s.to_move, ended)
                    && (ended || self.can_finish_turn(&scratch.state, s.turns))
            });
        scratch.moves = buf;
        found
    }

    /// Sets a variable by name (`index` as for [`Game::var`]); whether there is such a
    /// variable and slot. For tests and tools that build a position by hand.
    pub fn set_var(&self, s: &mut State, name: &str, index: usize, value: i64) -> bool {
        match self.slot_named(name, index).and_then(|i| s.vars.get_mut(i)) {
            Some(x) => {
                *x = value;
                true
            }
            None => false,
        }
    }

    /// The value of a variable by name: `index` is the player of a `per player` variable,
    /// the cell of a `per cell` one, and ignored otherwise.
    pub fn var(&self, s: &State, name: &str, index: usize) -> Option<i64> {
        self.slot_named(name, index)
            .and_then(|i| s.vars.get(i).copied())
    }

    /// The slot of a variable by name (`index` as for [`Game::var`]), if there is one.
    fn slot_named(&self, name: &str, index: usize) -> Option<usize> {
        let v = self.program.vars.iter().position(|v| v.name == name)?;
        let var = &self.program.vars[v];
        if var.per_player || var.per_cell {
            self.slot_at(v as u16, i64::try_from(index).ok()?)
        } else {
            Some(self.var_slot[v])
        }
    }

    /// The ruleset's `score` of a position for a player (higher is better for them).
    /// Whether a `show` declaration covers a cell in this state (its condition is read with
    /// `mover` the player to move).
    pub fn marked(&self, s: &State, place: &ir::MarkPlace, c: CellId) -> bool {
        match place {
            ir::MarkPlace::Region(r) => self
                .board
                .regions
                .get(*r as usize)
                .is_some_and(|each| each.iter().any(|set| set.contains(c))),
            ir::MarkPlace::Cond(e) => {
                (c as usize) < s.cells.len()
                    && self.eval(e, &self.ctx(s, s.to_move, c, c, None)) != 0
            }
        }
    }

    pub fn score(&self, s: &State, player: PlayerId) -> i64 {
        let cx = self.ctx(s, player, s.last.from, s.last.to, None);
        self.eval(&self.program.score, &cx)
    }

    /// Whether a `forbid` rule holds after `mover`'s decision.
    /// `turn_ended`: the decision ended the turn, so `forbid at turn end` rules apply too.
    pub fn forbidden(&self, s: &State, mover: PlayerId, turn_ended: bool) -> bool {
        let cx = self.ctx(s, mover, s.last.from, s.last.to, None);
        self.program
            .forbids
            .iter()
            .any(|f| (turn_ended || !f.at_turn_end) && self.eval(&f.cond, &cx) != 0)
    }

    /// Which `forbid` rule a decision breaks, for messages.
    pub fn forbid_reason(&self, s: &State, m: Move) -> Option<&str> {
        let mut t = s.clone();
        self.apply(&mut t, m);
        let cx = self.ctx(&t, s.to_move, m.from, m.to, None);
        let ended = t.turns != s.turns;
        let broken = self
            .program
            .forbids
            .iter()
            .find(|f| (ended || !f.at_turn_end) && self.eval(&f.cond, &cx) != 0);
        match broken {
            Some(f) => Some(f.reason.as_str()),
            // No way to end the turn after it without breaking a turn-end rule.
            None if !ended && !self.can_finish_turn(&t, s.turns) => self
                .program
                .forbids
                .iter()
                .find(|f| f.at_turn_end)
                .map(|f| f.reason.as_str()),
            None => None,
        }
    }

    /// Plays a decision. The decision should come from [`Game::decisions`].
    pub fn apply(&self, s: &mut State, m: Move) {
        self.play_decision(s, m);
        if s.restart_pending {
            self.restart(s);
        }
    }

    fn play_decision(&self, s: &mut State, m: Move) {
        if m.is_chance() {
            if s.pending.is_empty() {
                return;
            }
            let outcome = self
                .chance_outcomes(s)
                .and_then(|o| o.get(m.to as usize).map(|&(v, _)| v));
            let first = s.pending.remove(0);
            match (self.program.chances.get(first.chance as usize), outcome) {
                (
                    Some(ir::Chance::Roll { var, .. } | ir::Chance::Cell { var, .. }),
                    Some(value),
                ) => {
                    let i = self.var_index(*var, first.roller);
                    s.vars[i] = value;
                }
                (Some(ir::Chance::Draw { from, to }), Some(kind)) if kind >= 0 => {
                    let kind = kind as PieceId;
                    let a = self.zone_slot(*from, first.roller, kind);
                    let b = self.zone_slot(*to, first.owner, kind);
                    if s.zones[a] > 0 {
                        s.zones[a] -= 1;
                        s.zones[b] = s.zones[b].saturating_add(1);
                    }
                }
                _ => {}
            }
            // What the ruleset does once the throw is made.
            if let Some(then) = self.program.chance_then.get(first.chance as usize) {
                if !then.is_empty() {
                    self.exec(s, then, first.roller, NO_CELL, NO_CELL);
                }
            }
            // It may have asked players to answer: a window opens in the turn.
            if s.window_owner.is_none() {
                if let Some(&next) = s.asking.first() {
                    s.window_owner = Some(s.to_move);
                    s.window_ends_turn = false;
                    s.to_move = next;
                }
            }
            if s.pending.is_empty() && s.setup_pending {
                self.run_setup(s);
            }
            return;
        }
        let mover = s.to_move;
        if s.window_owner.is_some() {
            self.answer(s, m);
            return;
        }
        if !s.turn_begun {
            for &(slot, n, init) in &self.resets {
                s.vars[slot..slot + n].fill(init);
            }
            s.turn_begun = true;
        }
        if m.is_pass() {
            s.last = LastMove {
                from: NO_CELL,
                to: NO_CELL,
                kind: Move::PASS_KIND,
                captured: false,
                pass: true,
                steps: 0,
            };
            if !self.program.after_move.is_empty() {
                self.exec(s, &self.program.after_move, mover, NO_CELL, NO_CELL);
            }
            s.ply += 1;
            self.finish_decision(s, mover, true);
            return;
        }
        if m.is_action() {
            let Some(a) = self.program.actions.get(m.rule as usize) else {
                return;
            };
            s.last = LastMove {
                from: NO_CELL,
                to: m.to,
                kind: Move::ACTION_KIND,
                captured: false,
                pass: false,
                steps: 0,
            };
            // An action on a cell sees it as both `from` and `to` (`to` is rebound inside
            // `each cell` and `count_cells`; `from` keeps the action's cell).
            self.exec(s, &a.effects, mover, m.to, m.to);
            if !self.program.after_move.is_empty() {
                self.exec(s, &self.program.after_move, mover, NO_CELL, m.to);
            }
            s.ply += 1;
            if !a.free {
                s.turn_step += 1;
            }
            let ends =
                (!a.free && s.turn_step as u32 >= self.program.turn.max) || s.end_turn_pending;
            self.finish_decision(s, mover, ends);
            return;
        }
        let captured;
        if m.from == NO_CELL {
            // A drop from the zone named by the rule.
            if let ir::Atom::Drop(z) =
                self.rules[mover as usize][m.kind as usize][m.rule as usize].atom
            {
                let slot = self.zone_slot(z, mover, m.kind);
                s.zones[slot] = s.zones[slot].saturating_sub(1);
            }
            captured = self.land(s, m, mover);
            self.fresh_values(s, m.to);
            let kind = if m.promo != 0 { m.promo - 1 } else { m.kind };
            let track = self.program.tracks_turn_moves;
            s.cells[m.to as usize] = Piece::new(kind, mover)
                .with_moved(true)
                .with_turn_moved(track);
        } else {
            let rule = &self.rules[mover as usize][m.kind as usize][m.rule as usize];
            let finish = |p: Piece| {
                let mut p = p
                    .with_moved(true)
                    .with_turn_moved(self.program.tracks_turn_moves);
                if m.promo != 0 {
                    p = p.with_kind(m.promo - 1);
                }
                p
            };
            let target = s.cells[m.to as usize];
            if rule.converting
                && !target.is_none()
                && target.owner() != mover
                && target.owner() != NEUTRAL
            {
                // A trade: the piece there changes allegiance; the moving piece leaves play.
                self.keep_taken(s, m.from);
                let _ = self.lift(s, m.from);
                s.cells[m.to as usize] = target.with_owner(mover).with_moved(true);
                if self.royal.contains(target.kind()) {
                    s.royal_hint[mover as usize & 15] = m.to;
                }
                captured = true;
            } else if rule.group <= 1 && !rule.group_any && !rule.carry && !self.program.piles {
                // The common case: the top piece moves alone.
                let piece = self.lift(s, m.from);
                if self.royal.contains(piece.kind()) {
                    s.royal_hint[mover as usize & 15] = m.to;
                }
                self.displace(s, m);
                captured = self.land(s, m, mover);
                self.move_values(s, m);
                s.cells[m.to as usize] = finish(piece);
            } else {
                // A group, or a piece picked from a pile: take them, then land them in order.
                let like = |p: Piece| {
                    p.owner() == mover && p.kind() == m.kind && u8::from(p.turn_moved()) == m.sub
                };
                let mut taken = Vec::with_capacity(rule.group as usize);
                let count = if rule.carry {
                    1 + s.buried.iter().filter(|(c, _)| *c == m.from).count() as u32
                } else if rule.group_any {
                    u32::from(m.count.max(1))
                } else {
                    rule.group.max(1)
                };
                for _ in 0..count {
                    let p = if self.program.piles && !rule.carry {
                        self.take_one(s, m.from, like)
                    } else {
                        Some(self.lift(s, m.from)).filter(|p| !p.is_none())
                    };
                    match p {
                        Some(p) => taken.push(p),
                        None => break,
                    }
                }
                self.displace(s, m);
                captured = self.land(s, m, mover);
                self.move_values(s, m);
                // The first taken was on top, and stays on top.
                let carry = rule.carry;
                for (i, &p) in taken.iter().enumerate().rev() {
                    let under = s.cells[m.to as usize];
                    if !under.is_none() {
                        s.buried.push((m.to, under));
                    }
                    // What is carried is not promoted, and stays as it was.
                    s.cells[m.to as usize] = if carry && i > 0 {
                        p.with_moved(true)
                    } else {
                        finish(p)
                    };
                    if self.royal.contains(p.kind()) {
                        s.royal_hint[mover as usize & 15] = m.to;
                    }
                }
            }
        }
        let rule = &self.rules[mover as usize][m.kind as usize][m.rule as usize];
        s.last = LastMove {
            from: m.from,
            to: m.to,
            kind: m.kind,
            captured,
            pass: false,
            // Worked out only for rulesets that read it (a ride's distance is a walk).
            steps: if self.program.uses_steps {
                self.steps_of(s, rule, m)
            } else {
                0
            },
        };
        // A plug-in's piece takes its attributes along, and the move may set the first.
        if let ir::Atom::Plugin { attrs, .. } = &rule.atom {
            for (k, &a) in attrs.iter().enumerate() {
                let slot = self.var_slot[a as usize];
                // A `per piece` attribute has gone along already.
                if m.from != NO_CELL && !self.program.vars[a as usize].per_piece {
                    // A pushed or swapped piece takes its own along (the mover's cell
                    // may be where it goes).
                    let mine = s.vars[slot + m.from as usize];
                    if m.aux < Move::OFF_BOARD {
                        s.vars[slot + m.aux as usize] = s.vars[slot + m.to as usize];
                    }
                    s.vars[slot + m.to as usize] = mine;
                }
                if k == 0 && m.count > 0 {
                    s.vars[slot + m.to as usize] = i64::from(m.count - 1);
                }
            }
        }
        if !rule.effects.is_empty() {
            self.exec(s, &rule.effects, mover, m.from, m.to);
        }
        if !self.program.after_move.is_empty() {
            self.exec(s, &self.program.after_move, mover, m.from, m.to);
        }
        s.ply += 1;
        s.turn_step += 1;
        let ends = s.turn_step as u32 >= self.program.turn.max || s.end_turn_pending;
        self.finish_decision(s, mover, ends);
    }

    /// The end of a decision of `mover`'s turn: a reaction window it opened is asked
    /// first (the turn ends, if it `ends`, as the window closes); else the turn ends now
    /// if it `ends`.
    fn finish_decision(&self, s: &mut State, mover: PlayerId, ends: bool) {
        s.end_turn_pending = false;
        if let Some(&first) = s.asking.first() {
            s.window_owner = Some(mover);
            s.window_ends_turn = ends;
            s.to_move = first;
        } else if ends {
            self.pass_turn(s, mover);
        }
    }

    /// A decision in a reaction window: a pass declines (the next player is asked); a
    /// `reaction` action answers and closes the window.
    fn answer(&self, s: &mut State, m: Move) {
        let asked = s.to_move;
        s.ply += 1;
        if m.is_action() {
            if let Some(a) = self.program.actions.get(m.rule as usize) {
                s.asking.clear();
                self.exec(s, &a.effects, asked, m.to, m.to);
            }
        } else if !s.asking.is_empty() {
            s.asking.remove(0);
        }
        match s.asking.first() {
            Some(&next) => s.to_move = next,
            None => {
                let owner = s.window_owner.take().unwrap_or(asked);
                s.to_move = owner;
                let ends = std::mem::take(&mut s.window_ends_turn) || s.end_turn_pending;
                s.end_turn_pending = false;
                if ends {
                    self.pass_turn(s, owner);
                }
            }
        }
    }

    /// A plug-in's push or swap: the piece on top of `m.to` goes to `m.aux` (over what
    /// is there); one pushed off the board stays for `land` to take.
    fn displace(&self, s: &mut State, m: Move) {
        if m.aux >= Move::OFF_BOARD {
            return;
        }
        let p = self.lift(s, m.to);
        let under = s.cells[m.aux as usize];
        if !under.is_none() {
            s.buried.push((m.aux, under));
        }
        s.cells[m.aux as usize] = p;
        if self.royal.contains(p.kind()) && p.owner() != NEUTRAL {
            s.royal_hint[p.owner() as usize & 15] = m.aux;
        }
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

    /// `per piece` values: the piece on `a` has gone to `b`.
    pub(crate) fn carry_values(&self, s: &mut State, a: CellId, b: CellId) {
        for &(slot, _) in &self.travelling {
            s.vars[slot + b as usize] = s.vars[slot + a as usize];
        }
    }

    /// How many move units a move by `rule` travels: a step's link cost, a leap's path
    /// length, a ride's distance; 0 for a drop.
    fn steps_of(&self, s: &State, rule: &Rule, m: Move) -> u32 {
        if m.from == NO_CELL {
            return 0;
        }
        let board = self.bd(s);
        match &rule.atom {
            ir::Atom::Step(dirs) => dirs
                .iter()
                .filter(|&&d| board.step(m.from, d) == m.to)
                .map(|&d| board.cost(m.from, d))
                .min()
                .unwrap_or(1),
            ir::Atom::Leap(paths) => paths
                .iter()
                .filter(|p| board.walk(m.from, p) == m.to)
                .map(|p| p.len() as u32)
                .min()
                .unwrap_or(1),
            ir::Atom::Ride { paths, .. } => paths
                .iter()
                .filter_map(|p| {
                    let mut c = m.from;
                    for k in 1..=self.board.cells() as u32 {
                        c = board.walk(c, p);
                        if c == NO_CELL || c == m.from {
                            return None;
                        }
                        if c == m.to {
                            return Some(k);
                        }
                    }
                    None
                })
                .min()
                .unwrap_or(1),
            _ => 1,
        }
    }

    /// `per piece` values after a move: the mover's go along, and a piece it pushed or
    /// swapped takes its own.
    fn move_values(&self, s: &mut State, m: Move) {
        if self.travelling.is_empty() {
            return;
        }
        if m.aux == m.from {
            for &(slot, _) in &self.travelling {
                s.vars.swap(slot + m.from as usize, slot + m.to as usize);
            }
            return;
        }
        if m.aux < Move::OFF_BOARD {
            self.carry_values(s, m.to, m.aux);
        }
        self.carry_values(s, m.from, m.to);
    }

    /// `per piece` values: a piece has come into play on `c`.
    pub(crate) fn fresh_values(&self, s: &mut State, c: CellId) {
        for &(slot, init) in &self.travelling {
            s.vars[slot + c as usize] = init;
        }
    }

    /// `per piece` values: the piece on `c` is captured (`taken(NAME)` reads them).
    pub(crate) fn keep_taken(&self, s: &mut State, c: CellId) {
        let past = self.board.cells();
        for &(slot, _) in &self.travelling {
            s.vars[slot + past] = s.vars[slot + c as usize];
        }
    }

    /// Takes the topmost piece that `like` accepts out of a cell's stack or pile.
    pub(crate) fn take_one(
        &self,
        s: &mut State,
        c: CellId,
        like: impl Fn(Piece) -> bool,
    ) -> Option<Piece> {
        let top = s.cells[c as usize];
        if top.is_none() {
            return None;
        }
        if like(top) {
            return Some(self.lift(s, c));
        }
        let i = s.buried.iter().rposition(|(bc, p)| *bc == c && like(*p))?;
        Some(s.buried.remove(i).1)
    }

    /// Copies the variables `which` picks from `src` (a state's values) into `dst`.
    fn copy_vars(&self, dst: &mut [i64], src: &[i64], which: impl Fn(&ir::Var) -> bool) {
        for (i, v) in self.program.vars.iter().enumerate() {
            if which(v) {
                let slot = self.var_slot[i];
                let n = var_slots(v, self.players, self.board.cells());
                dst[slot..slot + n].copy_from_slice(&src[slot..slot + n]);
            }
        }
    }

    /// A kept position back (`restore position`): pieces, zones, the drawn area and the
    /// variables not marked `kept` or `reset each turn`. Whose turn it is, the counts of decisions and turns,
    /// the generator and the positions kept go on.
    pub(crate) fn restore_kept(&self, s: &mut State, k: &crate::state::Kept) {
        if k.cells.len() != s.cells.len() || k.vars.len() != s.vars.len() {
            return;
        }
        s.cells.clone_from(&k.cells);
        s.buried.clone_from(&k.buried);
        s.zones.clone_from(&k.zones);
        s.area.clone_from(&k.area);
        // Variables of the turn in progress stay that turn's.
        self.copy_vars(&mut s.vars, &k.vars, |v| !v.kept && !v.reset_each_turn);
        self.find_royals(s);
    }

    /// Back to the start position: pieces, zones, whose turn; variables not `kept` at
    /// their start values. The seeded generator and kept variables go on.
    fn restart(&self, s: &mut State) {
        s.restart_pending = false;
        s.end_turn_pending = false;
        s.rounds += 1;
        let Some(t) = &self.start_template else {
            return;
        };
        s.cells.clone_from(&t.cells);
        s.buried.clone_from(&t.buried);
        s.zones.clone_from(&t.zones);
        self.copy_vars(&mut s.vars, &t.vars, |v| !v.kept);
        s.to_move = t.to_move;
        s.turn_step = 0;
        s.turn_begun = false;
        s.pending.clear();
        s.last = LastMove::default();
        self.find_royals(s);
        self.run_setup(s);
    }

    /// Clears the target of a move for the piece to land: a stacking rule buries what
    /// stands there, any other takes it. Whether something was captured.
    fn land(&self, s: &mut State, m: Move, mover: PlayerId) -> bool {
        let rule = self.rules[mover as usize][m.kind as usize].get(m.rule as usize);
        let occupant = s.cells[m.to as usize];
        // `stacking` lands on anything; `merging` on the mover's own pieces.
        let stacking = rule.is_some_and(|r| {
            r.stacking || (r.merging && !occupant.is_none() && occupant.owner() == mover)
        });
        if stacking && !occupant.is_none() {
            s.buried.push((m.to, occupant));
            s.cells[m.to as usize] = Piece::NONE;
            return false;
        }
        if !occupant.is_none() && !self.travelling.is_empty() {
            self.keep_taken(s, m.to);
        }
        let into = rule.and_then(|r| r.captures_into);
        if self.program.capture_top && !occupant.is_none() {
            // Only the top piece is taken; the mover lands on what it covered.
            let top = self.lift(s, m.to);
            let zone = into.map(|z| (z, true)).or(self.program.captures_to);
            if let Some((zone, to_owner)) = zone {
                let who = if to_owner { top.owner() } else { mover };
                if !(to_owner && top.owner() == NEUTRAL) {
                    let slot = self.zone_slot(zone, who, top.kind());
                    s.zones[slot] = s.zones[slot].saturating_add(1);
                }
            }
            let under = s.cells[m.to as usize];
            if !under.is_none() {
                s.buried.push((m.to, under));
                s.cells[m.to as usize] = Piece::NONE;
            }
            return true;
        }
        match into {
            Some(zone) => self.send_cell(s, m.to, zone, true, mover),
            None => self.take_cell(s, m.to, mover),
        }
    }

    /// Ends `mover`'s turn and begins the next player's.
    fn pass_turn(&self, s: &mut State, mover: PlayerId) {
        if !self.program.turn.end.is_empty() {
            self.exec(s, &self.program.turn.end, mover, NO_CELL, NO_CELL);
        }
        s.turn_step = 0;
        s.turn_begun = false;
        s.turns += 1;
        s.to_move = match s.next_player.take() {
            Some(p) => p,
            None => ((mover as usize + 1) % self.players) as PlayerId,
        };
        self.begin_turn(s);
    }

    /// Runs the ruleset's `setup` as the game or a round begins, and again once the chance
    /// events its last run started are resolved; when a run starts none, the first turn
    /// begins.
    pub fn run_setup(&self, s: &mut State) {
        s.setup_pending = false;
        if !self.program.setup.is_empty() {
            let before = s.pending.len();
            self.exec(s, &self.program.setup, s.to_move, NO_CELL, NO_CELL);
            s.setup_pending = s.pending.len() > before;
            // `next turn to …` in setup: who plays first.
            if let Some(p) = s.next_player.take() {
                s.to_move = p;
            }
        }
        if !s.setup_pending {
            self.begin_turn(s);
        }
    }

    /// Runs the statements that begin a turn, for the player to move.
    pub fn begin_turn(&self, s: &mut State) {
        if self.program.tracks_turn_moves {
            for p in s.cells.iter_mut() {
                *p = p.with_turn_moved(false);
            }
            for (_, p) in s.buried.iter_mut() {
                *p = p.with_turn_moved(false);
            }
        }
        if !self.program.turn.start.is_empty() {
            self.exec(s, &self.program.turn.start, s.to_move, NO_CELL, NO_CELL);
        }
    }

    /// Takes the top piece off a cell, uncovering the one beneath.
    pub(crate) fn lift(&self, s: &mut State, c: CellId) -> Piece {
        let top = s.cells[c as usize];
        s.cells[c as usize] = Piece::NONE;
        if !s.buried.is_empty() {
            if let Some(i) = s.buried.iter().rposition(|(bc, _)| *bc == c) {
                s.cells[c as usize] = s.buried.remove(i).1;
            }
        }
        top
    }

    /// Removes everything on a cell; whether anything was there.
    pub(crate) fn remove_stack(&self, s: &mut State, c: CellId) -> bool {
        let had = !s.cells[c as usize].is_none();
        s.cells[c as usize] = Piece::NONE;
        if !s.buried.is_empty() {
            s.buried.retain(|(bc, _)| *bc != c);
        }
        had
    }

    /// Whether any royal piece of `player` is attacked.
    pub fn checked(&self, s: &State, player: PlayerId) -> bool {
        if !self.has_royal {
            return false;
        }
        if s.single_royal {
            let c = s.royal_hint[player as usize & 15];
            if let Some(p) = s.cells.get(c as usize) {
                if !p.is_none() && p.owner() == player && self.royal.contains(p.kind()) {
                    return self.attacked(s, c, player);
                }
            }
        }
        s.cells.iter().enumerate().any(|(c, p)| {
            !p.is_none()
                && p.owner() == player
                && self.royal.contains(p.kind())
                && self.attacked(s, c as CellId, player)
        })
    }

    /// Counts decision sequences of length `depth` (perft), playing every leaf.
    pub fn perft(&self, s: &State, depth: u32) -> u64 {
        let mut bufs: Vec<(Vec<Move>, State)> = (0..=depth)
            .map(|_| (Vec::with_capacity(256), self.empty_state(0)))
            .collect();
        self.perft_at(s, depth, &mut bufs)
    }

    fn perft_at(&self, s: &State, depth: u32, bufs: &mut [(Vec<Move>, State)]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some(((moves, child), rest)) = bufs.split_first_mut() else {
            return 0;
        };
        if self.cheap_end(s) {
            return 0;
        }
        self.legal_moves(s, moves, child);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for &m in moves.iter() {
            child.copy_from(s);
            self.apply(child, m);
            total += self.perft_at(child, depth - 1, rest);
        }
        total
    }

    /// Plays uniformly random legal decisions from `s` until the game ends or `max_plies`
    /// decisions were made. The choices come from `agent`; chance in the game from `s`.
    /// Returns the outcome, or `None` when stopped at the limit or when no decision is
    /// legal and no ending applies.
    pub fn random_playout(
        &self,
        s: &mut State,
        agent: &mut impl rand::Rng,
        max_plies: u32,
        scratch: &mut Scratch,
    ) -> Option<Outcome> {
        let start = s.ply;
        let mut moves = std::mem::take(&mut scratch.moves);
        let result = loop {
            // Generate once: the endings that ask `no_moves` use the same list.
            if let Some(m) = self.sample_chance(s) {
                self.apply(s, m);
                continue;
            }
            self.legal_moves(s, &mut moves, &mut scratch.state);
            self.drop_manual(&mut moves);
            let stuck = moves.is_empty() || (s.turn_step == 0 && moves.iter().all(|m| m.is_pass()));
            if let Some(o) = self.status_knowing(s, stuck) {
                break Some(o);
            }
            if s.ply - start >= max_plies || moves.is_empty() {
                break None;
            }
            let m = moves[agent.random_range(0..moves.len())];
            self.apply(s, m);
        };
        scratch.moves = moves;
        result
    }

    /// Perft split by first decision.
    pub fn perft_divide(&self, s: &State, depth: u32) -> Vec<(Move, u64)> {
        let mut moves = Vec::new();
        let mut tmp = self.empty_state(0);
        if depth == 0 || self.cheap_end(s) {
            return Vec::new();
        }
        self.legal_moves(s, &mut moves, &mut tmp);
        moves
            .into_iter()
            .map(|m| {
                let mut child = s.clone();
                self.apply(&mut child, m);
                (m, self.perft(&child, depth - 1))
            })
            .collect()
    }
}

/// The region a condition requires `to` to be in (`to in R and …`), if it does.
/// A move rule's condition as the conjuncts that do not read the target (nor the distance
/// or the moving piece) and the rest.
fn split_guard(cond: Option<&ir::Expr>) -> (Option<ir::Expr>, Option<ir::Expr>) {
    let mut parts = Vec::new();
    if let Some(c) = cond {
        conjuncts(c, &mut parts);
    }
    let join = |v: Vec<&ir::Expr>| {
        v.into_iter()
            .cloned()
            .reduce(|x, y| ir::Expr::Bin(ir::BinOp::And, Box::new(x), Box::new(y)))
    };
    let (guard, rest): (Vec<&ir::Expr>, Vec<&ir::Expr>) =
        parts.into_iter().partition(|e| !reads_cell(e, false));
    (join(guard), join(rest))
}

/// The parts of a condition joined by `and`.
fn conjuncts<'e>(e: &'e ir::Expr, out: &mut Vec<&'e ir::Expr>) {
    match e {
        ir::Expr::Bin(ir::BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// An action's condition that holds only where a piece stands: `height(to) > 0`,
/// `friend(to)`, `enemy(to)`, `not empty(to)` (or `from`, which is the action's cell too).
fn needs_piece(e: &ir::Expr) -> bool {
    use ir::Expr as E;
    let on_to = |c: &E| matches!(c, E::To | E::From);
    match e {
        E::Bin(ir::BinOp::Gt, a, b) => {
            matches!(&**a, E::Height(c) if on_to(c)) && matches!(&**b, E::Int(0))
        }
        E::Friend(c, _) | E::Enemy(c, _) => on_to(c),
        E::Not(x) => matches!(&**x, E::Empty(c) if on_to(c)),
        _ => false,
    }
}

/// Whether an expression reads the candidate's `to` (or its distance, or the moving piece),
/// and `from` too when `from_counts`. A `to` bound by `any_cell`, `around` and the like
/// inside does not count.
fn reads_cell(e: &ir::Expr, from_counts: bool) -> bool {
    use ir::Expr as E;
    let m = |x: &E| reads_cell(x, from_counts);
    // Inside an expression that binds `to` itself: only `from` and the like count.
    let inner = |x: &E| {
        fn walk(e: &ir::Expr, from_counts: bool) -> bool {
            matches!(e, E::Steps | E::Fresh | E::Attacked(_) | E::Target)
                || (from_counts && matches!(e, E::From))
                || children(e).into_iter().any(|c| walk(c, from_counts))
        }
        walk(x, from_counts)
    };
    match e {
        E::To | E::Target | E::Steps | E::Fresh | E::Attacked(_) => true,
        E::From => from_counts,
        E::AnyCell(c) | E::CountCells(c) => inner(c),
        E::MaxCells(c, v) | E::SumCells(c, v) => inner(c) || inner(v),
        E::Around(c, cond) | E::Sections(c, cond) | E::SectionSize(c, cond) => m(c) || inner(cond),
        E::SectionTotal(c, cond, v) => m(c) || inner(cond) || inner(v),
        E::InLine(a, b, cond) => m(a) || m(b) || inner(cond),
        other => children(other).into_iter().any(m),
    }
}

/// Whether any statement of the program changes the drawn area (`split`, `merge`, …).
fn changes_area(p: &Program) -> bool {
    fn any(body: &[ir::Stmt]) -> bool {
        body.iter().any(|st| match st {
            ir::Stmt::ChangeArea(..) => true,
            ir::Stmt::If(_, a, b) => any(a) || any(b),
            ir::Stmt::Each(_, b) => any(b),
            _ => false,
        })
    }
    any(&p.after_move)
        || any(&p.setup)
        || any(&p.turn.start)
        || any(&p.turn.end)
        || p.actions.iter().any(|a| any(&a.effects))
        || p.chance_then.iter().any(|b| any(b))
        || p.pieces
            .iter()
            .any(|k| k.rules.iter().any(|r| any(&r.effects)))
}

fn mentions_cell(e: &ir::Expr) -> bool {
    reads_cell(e, true)
}

/// The expressions directly inside an expression.
fn children(e: &ir::Expr) -> Vec<&ir::Expr> {
    use ir::Expr as E;
    match e {
        E::VarAt(_, x)
        | E::Not(x)
        | E::Neg(x)
        | E::In(x, _)
        | E::Empty(x)
        | E::Friend(x, _)
        | E::Enemy(x, _)
        | E::Unmoved(x)
        | E::Attacked(x)
        | E::Height(x)
        | E::Neutral(x, _)
        | E::OwnerOf(x)
        | E::Holds(x, _)
        | E::Walk(x, _)
        | E::AnyCell(x)
        | E::CountCells(x)
        | E::Row(x)
        | E::Column(x)
        | E::Abs(x)
        | E::Where(_, x) => vec![x],
        E::Held(_, _, w) | E::Count(_, w) => w.as_deref().into_iter().collect(),
        E::PiecesAt(c, w) => std::iter::once(&**c).chain(w.as_deref()).collect(),
        E::Min(a, b)
        | E::Max(a, b)
        | E::Bin(_, a, b)
        | E::Adjacent(a, b)
        | E::CellAt(a, b)
        | E::Around(a, b)
        | E::Sections(a, b)
        | E::SectionSize(a, b) => vec![a, b],
        E::SectionTotal(a, b, c) | E::Either(a, b, c) | E::InLine(a, b, c) => vec![a, b, c],
        E::MaxCells(a, b) | E::SumCells(a, b) | E::Distance(a, b, _) | E::AreaCan(_, a, b) => {
            vec![a, b]
        }
        E::Splits(a) | E::Drawn(a) => vec![a],
        E::AdjacentVia(a, b, _) => vec![a, b],
        _ => Vec::new(),
    }
}

fn required_region(e: &ir::Expr) -> Option<ir::RegionId> {
    match e {
        ir::Expr::In(c, r) if matches!(**c, ir::Expr::To) => Some(*r),
        ir::Expr::Bin(ir::BinOp::And, a, b) => required_region(a).or_else(|| required_region(b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{BinOp, Expr as E};

    fn b(x: E) -> Box<E> {
        Box::new(x)
    }

    #[test]
    fn the_parts_of_a_condition_that_read_no_cell_are_found() {
        // stage == 2 (a variable) reads no cell; layer(from) reads `from`; around(to, …)
        // reads `to`; any_cell(… to …) binds its own `to`.
        let stage = E::Bin(BinOp::Eq, b(E::Var(0)), b(E::Int(2)));
        let at_from = E::VarAt(1, b(E::From));
        let near_to = E::Around(b(E::To), b(E::VarAt(1, b(E::To))));
        let anywhere = E::AnyCell(b(E::VarAt(1, b(E::To))));
        let next_to_from = E::CountCells(b(E::Adjacent(b(E::From), b(E::To))));
        assert!(!reads_cell(&stage, true));
        assert!(!reads_cell(&at_from, false) && reads_cell(&at_from, true));
        assert!(reads_cell(&near_to, false));
        assert!(!reads_cell(&anywhere, true));
        assert!(!reads_cell(&next_to_from, false) && reads_cell(&next_to_from, true));
        let all = E::Bin(
            BinOp::And,
            b(stage.clone()),
            b(E::Bin(BinOp::And, b(at_from.clone()), b(near_to.clone()))),
        );
        let (guard, rest) = split_guard(Some(&all));
        assert!(
            matches!(guard, Some(E::Bin(BinOp::And, _, _))),
            "stage and layer(from)"
        );
        assert!(matches!(rest, Some(E::Around(_, _))));
        assert!(needs_piece(&E::Bin(
            BinOp::Gt,
            b(E::Height(b(E::To))),
            b(E::Int(0))
        )));
        assert!(needs_piece(&E::Bin(
            BinOp::Gt,
            b(E::Height(b(E::From))),
            b(E::Int(0))
        )));
        assert!(!needs_piece(&E::Bin(
            BinOp::Gt,
            b(E::Height(b(E::To))),
            b(E::Int(1))
        )));
    }
}

/// How many slots a variable takes in a state: one, one per player, or one per cell (a
/// `per piece` variable one more, for the values of the piece captured last: `taken`).
fn var_slots(v: &ir::Var, players: usize, cells: usize) -> usize {
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
