//! Move generation from step / leap / ride / drop / plug-in atoms (attack detection:
//! `attacks.rs`).

use crate::game::ruleset::{Game, Move, Rule};
use crate::memo::Kept;
use crate::state::{Piece, State};
use std::cell::Cell;
use tessel_lang::ir::{self, CellId, PieceId, PlayerId, NEUTRAL, NO_CELL};

impl Game {
    /// Every move of the player to move that the atoms, targets and conditions allow,
    /// before `forbid` rules.
    pub fn pseudo_moves(&self, s: &State, out: &mut Vec<Move>) {
        let kept = Kept::new(self, s.to_move, None);
        self.pseudo_moves_kept(s, &kept, out);
    }

    /// [`Game::pseudo_moves`] with values kept afresh (those given were another's).
    #[cold]
    #[inline(never)]
    fn pseudo_moves_afresh(&self, s: &State, out: &mut Vec<Move>) {
        self.pseudo_moves(s, out);
    }

    /// [`Game::pseudo_moves`], with the values kept for `s` (`memo.rs`).
    pub(crate) fn pseudo_moves_kept(&self, s: &State, kept: &Kept, out: &mut Vec<Move>) {
        let mover = s.to_move;
        // Every context below keeps values as the mover's, with no `no_moves` answer.
        if kept.mover != mover || kept.no_moves.is_some() {
            return self.pseudo_moves_afresh(s, out);
        }
        let rules = &self.rules[mover as usize];
        // What each fixed guard gave in this state (2: not tried yet).
        let memo = vec![Cell::new(2u8); self.fixed_guards.len()];
        let mut scratch = PieceScratch::default();
        for &(kind, ri) in &self.drops[mover as usize] {
            let rule = &rules[kind as usize][ri as usize];
            let ir::Atom::Drop(z) = rule.atom else {
                continue;
            };
            if s.zones[self.zone_slot(z, mover, kind)] == 0 {
                continue;
            }
            if !self.fixed_holds(s, mover, rule.fixed, &memo, kept) {
                continue;
            }
            // The guard reads no candidate cell, and a drop has no piece cell: it is tried
            // once for all the cells.
            let moving = Piece::new(kind, mover);
            if let Some(guard) = &rule.guard {
                let mut cx = self.ctx(s, mover, NO_CELL, NO_CELL, None).keeping_own(kept);
                cx.moving = moving;
                if self.eval(guard, &cx) == 0 {
                    continue;
                }
            }
            // One context for the rule, its cell set for each target.
            let mut cx = self.ctx(s, mover, NO_CELL, NO_CELL, None).keeping_own(kept);
            cx.steps = 0;
            cx.moving = moving;
            // A candidate: no move lands outside the playing area as it stands.
            macro_rules! offer {
                ($c:expr, $occ:expr, $cond:expr) => {
                    if self.target_ok(rule, $occ, mover) && self.lands_in_area(s, $c) {
                        (cx.to, cx.target) = ($c, $c);
                        self.push_in(&cx, 0, kind, ri, $cond, out);
                    }
                };
            }
            // Every cell, or only those the rule's condition places its candidate in.
            match rule.within.and_then(|w| self.withins.get(w as usize)) {
                None => {
                    let cond = rule.cond.as_ref();
                    for (c, &occ) in s.cells.iter().enumerate() {
                        offer!(c as CellId, occ, cond);
                    }
                }
                Some(w) => {
                    let (allowed, cond) = w.placed(self, &cx, rule.cond.as_ref());
                    for c in crate::compile::ones(allowed.words()) {
                        offer!(c, s.cells[c as usize], cond);
                    }
                }
            }
        }
        if self.only_drops[mover as usize] {
            return;
        }
        let mut movers: Vec<Piece> = Vec::new();
        let still = &self.still[mover as usize];
        for (c, &p) in s.cells.iter().enumerate() {
            if p.is_none() {
                continue;
            }
            if !self.program.piles {
                // A piece that never moves from a cell (it has only drops) is passed by.
                // A shared piece: the player to move may move it by its rules.
                let moves = (p.owner() == mover
                    || (p.owner() == NEUTRAL && self.shared.contains(p.kind())))
                    && !still.contains(p.kind());
                if moves {
                    self.piece_moves(s, kept, (c as CellId, p), mover, (&memo, &mut scratch), out);
                }
                continue;
            }
            // In a pile, each different piece of the mover's may move.
            movers.clear();
            let under = s
                .buried
                .iter()
                .filter(|(bc, _)| *bc as usize == c)
                .map(|(_, q)| *q);
            for q in std::iter::once(p).chain(under) {
                let q = q.with_moved(false);
                if q.owner() == mover && !movers.contains(&q) {
                    movers.push(q);
                }
            }
            for &moving in &movers {
                self.piece_moves(
                    s,
                    kept,
                    (c as CellId, moving),
                    mover,
                    (&memo, &mut scratch),
                    out,
                );
            }
        }
    }

    /// The moves of every rule of the piece `moving` from cell `c`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn piece_moves(
        &self,
        s: &State,
        kept: &Kept,
        (c, moving): (CellId, Piece),
        mover: PlayerId,
        (memo, scratch): (&[Cell<u8>], &mut PieceScratch),
        out: &mut Vec<Move>,
    ) {
        let kind = moving.kind();
        let Some(piece_rules) = self.rules[mover as usize].get(kind as usize) else {
            return;
        };
        scratch.guard = None;
        for (ri, rule) in piece_rules.iter().enumerate() {
            let start = out.len();
            if !self.fixed_holds(s, mover, rule.fixed, memo, kept) {
                continue;
            }
            match &rule.reach {
                // The cells straight from the table, without a call per rule.
                Some(reach) if rule.direct => {
                    for &(t, steps) in reach.from(c) {
                        if self.target_ok(rule, s.cells[t as usize], mover) {
                            let m = (c, t, steps, moving, 0);
                            self.push(s, kept, m, kind, ri as u8, rule, mover, out);
                        }
                    }
                }
                _ => self.rule_moves(
                    s,
                    kept,
                    (c, moving),
                    kind,
                    ri as u8,
                    rule,
                    mover,
                    scratch,
                    out,
                ),
            }
            if rule.may_repeat && out.len() - start > 1 {
                dedup_tail(out, start);
            }
        }
    }

    /// How many pieces like `moving` (owner, type, moved this turn) can move together from
    /// a cell: in a pile all of them, in a stack those on top, down to the first unlike one.
    pub(crate) fn group_size(&self, s: &State, c: CellId, moving: Piece) -> u32 {
        let like = |p: &Piece| {
            !p.is_none()
                && p.owner() == moving.owner()
                && p.kind() == moving.kind()
                && p.turn_moved() == moving.turn_moved()
        };
        let top = u32::from(like(&s.cells[c as usize]));
        if self.program.piles {
            return top
                + s.buried
                    .iter()
                    .filter(|(bc, p)| *bc == c && like(p))
                    .count() as u32;
        }
        if top == 0 {
            return 0;
        }
        // A stack's pieces are in `buried` bottom first: count down from the top.
        top + s
            .buried
            .iter()
            .rev()
            .filter(|(bc, _)| *bc == c)
            .take_while(|(_, p)| like(p))
            .count() as u32
    }

    #[inline]
    fn target_ok(&self, rule: &Rule, occupant: Piece, mover: PlayerId) -> bool {
        rule.allows(occupant, mover)
            && rule
                .kinds
                .is_none_or(|k| !occupant.is_none() && k.has(occupant.kind()))
    }

    /// Whether a rule can reach one cell by two paths somewhere on the board (two leap
    /// paths that meet, or a ride that comes round a loop), so its moves need de-duplicating.
    pub(crate) fn may_repeat(&self, atom: &ir::Atom) -> bool {
        let cells = self.board.cells() as CellId;
        match atom {
            ir::Atom::Step(dirs) => (0..cells).any(|c| {
                let ts: Vec<CellId> = dirs
                    .iter()
                    .map(|&d| self.board.step(c, d))
                    .filter(|&t| t != NO_CELL)
                    .collect();
                ts.iter().enumerate().any(|(i, t)| ts[..i].contains(t))
            }),
            ir::Atom::Leap(paths) => (0..cells).any(|c| {
                let ts: Vec<CellId> = paths
                    .iter()
                    .map(|p| self.board.walk(c, p))
                    .filter(|&t| t != NO_CELL)
                    .collect();
                ts.iter().enumerate().any(|(i, t)| ts[..i].contains(t))
            }),
            ir::Atom::Ride { paths, .. } => {
                // `seen[t] == c + 1`: cell `t` was reached from start `c` already.
                let mut seen = vec![0u32; cells as usize];
                (0..cells).any(|c| {
                    for p in paths {
                        let mut t = c;
                        for _ in 0..cells {
                            t = self.board.walk(t, p);
                            if t == NO_CELL {
                                break;
                            }
                            if seen[t as usize] == c as u32 + 1 {
                                return true;
                            }
                            seen[t as usize] = c as u32 + 1;
                        }
                    }
                    false
                })
            }
            // Each way of jumping is a move of its own (`chain.rs`).
            ir::Atom::Drop(_) | ir::Atom::Anywhere | ir::Atom::Jump { .. } => false,
            // A module may name a cell twice.
            ir::Atom::Plugin { .. } => true,
        }
    }

    /// The cells plug-in `i` proposes for the piece on `from`, each checked against the
    /// position (docs/plugins.md): the cell, the value + 1 the move sets the piece's first
    /// attribute to (0: none), and where the piece standing there goes for a push or swap
    /// (as [`Move::aux`]). A failing or wrong answer is recorded and gives none.
    pub(crate) fn plugin_targets(
        &self,
        s: &State,
        from: CellId,
        moving: Piece,
        (i, attrs): (usize, &[ir::VarId]),
        mover: PlayerId,
    ) -> Vec<(CellId, u8, CellId)> {
        use crate::plugin::Answer;
        let plugin = match self.plugins.get(i) {
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                self.plugin_failed(e.clone());
                return Vec::new();
            }
            None => return Vec::new(),
        };
        let view = self.plugin_view(s, from, moving, mover, attrs);
        let answers = match plugin.call(&view) {
            Ok(a) => a,
            Err(e) => {
                self.plugin_failed(e);
                return Vec::new();
            }
        };
        let names = &self.board.cell_names;
        let mut out: Vec<(CellId, u8, CellId)> = Vec::with_capacity(answers.len());
        let mut set_allowed = false;
        for (k, a) in answers.iter().enumerate() {
            let wrong = |why: String| crate::plugin::PluginError {
                plugin: plugin.name().to_string(),
                message: format!(
                    "answer {} (kind {}, cell {}): {why}",
                    k + 1,
                    a.kind,
                    a.args[0]
                ),
            };
            if a.kind == Answer::SET {
                // Sets attribute args[0] to args[1] for the move answered just before.
                let last = out.last_mut().filter(|_| set_allowed);
                let value = u8::try_from(a.args[1]).ok().filter(|&v| v < u8::MAX);
                match (last, a.args[0], value) {
                    (Some(last), 0, Some(v)) if !attrs.is_empty() => {
                        last.1 = v + 1;
                        set_allowed = false;
                    }
                    _ => {
                        self.plugin_failed(wrong(format!(
                            "a set (kind 6) must follow a move, capture, fend, push or swap, once, and set attribute 0 (the rule names {} with `with`) to 0 to 254",
                            attrs.len()
                        )));
                        return Vec::new();
                    }
                }
                continue;
            }
            let cell_of = |n: i32| usize::try_from(n).ok().filter(|&c| c < names.len());
            let Some(c) = cell_of(a.args[0]) else {
                self.plugin_failed(wrong(format!(
                    "there is no such cell (cells are 0 to {})",
                    names.len() - 1
                )));
                return Vec::new();
            };
            let occupant = s.cells[c];
            let opposing = !occupant.is_none()
                && (occupant.owner() != moving.owner() || occupant.owner() == NEUTRAL);
            let mut aux = NO_CELL;
            let misfit = match a.kind {
                Answer::MOVE => (!occupant.is_none()).then_some("a move must go to an empty cell"),
                Answer::CAPTURE | Answer::FEND => {
                    (!opposing).then_some("a capture must take an opposing piece")
                }
                Answer::SWAP => {
                    aux = from;
                    (occupant.is_none() || c == from as usize)
                        .then_some("a swap must name another cell with a piece on it")
                }
                Answer::PUSH => {
                    // args[1]: where the piece there goes; -1 off the board.
                    match (a.args[1], cell_of(a.args[1])) {
                        (-1, _) => aux = Move::OFF_BOARD,
                        (_, Some(b)) if b != c && (s.cells[b].is_none() || b == from as usize) => {
                            aux = b as CellId
                        }
                        _ => {
                            self.plugin_failed(wrong(
                                "a push's second number must be an empty cell (or the piece's own), or -1 for off the board".into(),
                            ));
                            return Vec::new();
                        }
                    }
                    occupant
                        .is_none()
                        .then_some("a push must go to a cell with a piece on it")
                }
                _ => {
                    self.plugin_failed(wrong(
                        "ABI version 1 knows kinds 1 (move), 2 (capture), 3 (fend), 4 (push), 5 (swap) and 6 (set)"
                            .into(),
                    ));
                    return Vec::new();
                }
            };
            if let Some(what) = misfit {
                self.plugin_failed(wrong(format!("{what}, and {} does not fit", names[c])));
                return Vec::new();
            }
            out.push((c as CellId, 0, aux));
            set_allowed = true;
        }
        out
    }

    /// The position as a plug-in sees it (docs/plugins.md, "The view").
    pub(crate) fn plugin_view(
        &self,
        s: &State,
        from: CellId,
        moving: Piece,
        mover: PlayerId,
        attrs: &[ir::VarId],
    ) -> Vec<i32> {
        let n = self.board.cells();
        let d = self.board.dir_names.len();
        let owner = |p: Piece| {
            if p.owner() == NEUTRAL {
                -1
            } else {
                i32::from(p.owner())
            }
        };
        let mut v = Vec::with_capacity(10 + n * (d + 5) + 2 * d);
        v.extend([
            crate::plugin::ABI_VERSION,
            n as i32,
            d as i32,
            self.players() as i32,
            i32::from(mover),
            i32::from(from),
            i32::from(moving.kind()),
            owner(moving),
            attrs.len() as i32,
        ]);
        for &a in attrs {
            let at = self.var_slot[a as usize] + from as usize;
            v.push(s.vars.get(at).map_or(0, |&x| x as i32));
        }
        for c in 0..n as CellId {
            for dir in 0..d {
                let t = self.bd(s).step(c, dir as ir::DirId);
                v.push(if t == NO_CELL { -1 } else { i32::from(t) });
            }
        }
        let mut height = vec![0i32; n];
        for (c, _) in &s.buried {
            height[*c as usize] += 1;
        }
        for (c, p) in s.cells.iter().enumerate() {
            let (x, y) = self.program.board.coords.get(c).copied().unwrap_or((0, 0));
            if p.is_none() {
                v.extend([-1, -1, 0]);
            } else {
                v.extend([i32::from(p.kind()), owner(*p), height[c] + 1]);
            }
            v.extend([x as i32, y as i32]);
        }
        // Names, eight bytes of ASCII each: the directions, then the piece types.
        let name_words = |v: &mut Vec<i32>, name: &str| {
            let mut bytes = [0u8; 8];
            for (b, ch) in bytes.iter_mut().zip(name.bytes()) {
                *b = ch;
            }
            v.push(i32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]));
            v.push(i32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]));
        };
        for name in self.board.dir_names.iter() {
            name_words(&mut v, name);
        }
        v.push(self.program.pieces.len() as i32);
        for p in &self.program.pieces {
            name_words(&mut v, &p.name);
        }
        v
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push(
        &self,
        s: &State,
        kept: &Kept,
        (from, to, steps, moving, count): (CellId, CellId, u32, Piece, u8),
        kind: PieceId,
        ri: u8,
        rule: &Rule,
        mover: PlayerId,
        out: &mut Vec<Move>,
    ) {
        // No move lands outside the playing area as it stands, whatever a rule allows.
        if !self.lands_in_area(s, to) {
            return;
        }
        if rule.plain {
            out.push(candidate(from, to, (kind, ri, count), moving, mover));
            return;
        }
        let mut cx = self.ctx(s, mover, from, to, None).keeping_own(kept);
        cx.steps = steps;
        cx.moving = moving;
        self.push_in(&cx, count, kind, ri, rule.cond.as_ref(), out);
    }

    /// [`Game::push`] in a context made for the move (`from`, `to`, the moving piece and
    /// the steps taken are the move's), landing in the playing area, if `cond` (the
    /// rule's condition, or what is left to ask of it) holds.
    #[inline(always)]
    fn push_in(
        &self,
        cx: &crate::eval::Ctx,
        count: u8,
        kind: PieceId,
        ri: u8,
        cond: Option<&ir::Expr>,
        out: &mut Vec<Move>,
    ) {
        let (from, to, mover) = (cx.from, cx.to, cx.mover);
        if let Some(cond) = cond {
            if self.eval(cond, cx) == 0 {
                return;
            }
        }
        let m = candidate(from, to, (kind, ri, count), cx.moving, mover);
        let promos = &self.program.pieces[kind as usize].promotions;
        // A dropped piece comes in as it is; promotion is for pieces that move.
        if !promos.is_empty() && from != NO_CELL {
            if let Some(pr) = promos.iter().find(|pr| self.eval(&pr.cond, cx) != 0) {
                for &t in &pr.to {
                    out.push(Move { promo: t + 1, ..m });
                }
                return;
            }
        }
        out.push(m);
    }

    /// The candidates of an `anywhere` rule: every cell but the piece's own, or only the
    /// cells its condition places them in.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn anywhere_moves(
        &self,
        s: &State,
        kept: &Kept,
        (from, moving, count): (CellId, Piece, u8),
        kind: PieceId,
        ri: u8,
        rule: &Rule,
        mover: PlayerId,
        out: &mut Vec<Move>,
    ) {
        match rule.within.and_then(|w| self.withins.get(w as usize)) {
            None => {
                for (t, &occ) in s.cells.iter().enumerate() {
                    let t = t as CellId;
                    if t != from && self.target_ok(rule, occ, mover) {
                        self.push(
                            s,
                            kept,
                            (from, t, 0, moving, count),
                            kind,
                            ri,
                            rule,
                            mover,
                            out,
                        );
                    }
                }
            }
            Some(w) => {
                let mut cx = self.ctx(s, mover, from, NO_CELL, None).keeping_own(kept);
                cx.moving = moving;
                let (allowed, cond) = w.placed(self, &cx, rule.cond.as_ref());
                for t in crate::compile::ones(allowed.words()) {
                    if t != from
                        && self.target_ok(rule, s.cells[t as usize], mover)
                        && self.lands_in_area(s, t)
                    {
                        (cx.to, cx.target) = (t, t);
                        self.push_in(&cx, count, kind, ri, cond, out);
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn rule_moves(
        &self,
        s: &State,
        kept: &Kept,
        (from, moving): (CellId, Piece),
        kind: PieceId,
        ri: u8,
        rule: &Rule,
        mover: PlayerId,
        scratch: &mut PieceScratch,
        out: &mut Vec<Move>,
    ) {
        if rule.group > 1 && self.group_size(s, from, moving) < rule.group {
            return;
        }
        if let Some(guard) = &rule.guard {
            // The piece's rules often share a guard (one code): asked once for the piece.
            let code = match guard {
                ir::Expr::Code(n, _) => Some(*n),
                _ => None,
            };
            let held = match scratch.guard {
                Some((n, held)) if Some(n) == code => held,
                _ => {
                    let mut cx = self.ctx(s, mover, from, NO_CELL, None).keeping_own(kept);
                    cx.moving = moving;
                    let held = self.eval(guard, &cx) != 0;
                    scratch.guard = code.map(|n| (n, held));
                    held
                }
            };
            if !held {
                return;
            }
        }
        // A carry takes the stack beneath along: there must be one.
        if rule.carry && !s.buried.iter().any(|(c, _)| *c == from) {
            return;
        }
        if rule.group_any {
            // Each number of the pieces there is a move of its own.
            let n = self.group_size(s, from, moving).min(u8::MAX as u32) as u8;
            for count in 1..=n {
                self.atom_moves(
                    s,
                    kept,
                    (from, moving, count),
                    kind,
                    ri,
                    rule,
                    mover,
                    scratch,
                    out,
                );
            }
        } else {
            self.atom_moves(
                s,
                kept,
                (from, moving, 0),
                kind,
                ri,
                rule,
                mover,
                scratch,
                out,
            );
        }
    }

    /// The candidates of a rule's atom for `count` pieces moving together (0: as the rule
    /// says).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn atom_moves(
        &self,
        s: &State,
        kept: &Kept,
        (from, moving, count): (CellId, Piece, u8),
        kind: PieceId,
        ri: u8,
        rule: &Rule,
        mover: PlayerId,
        scratch: &mut PieceScratch,
        out: &mut Vec<Move>,
    ) {
        match &rule.atom {
            // Drops start from a zone, not from a piece on the board.
            ir::Atom::Drop(_) => {}
            ir::Atom::Jump { .. } => {
                self.jump_moves(s, kept, (from, moving), kind, ri, rule, mover, out)
            }
            ir::Atom::Plugin { plugin, attrs } => {
                let i = *plugin as usize;
                let targets = scratch.answers.answered(i, from, moving, attrs, || {
                    self.plugin_targets(s, from, moving, (i, attrs), mover)
                });
                for &(t, set, aux) in targets {
                    if self.target_ok(rule, s.cells[t as usize], mover) {
                        // A move that sets the piece's attribute carries value + 1.
                        let count = if set > 0 { set } else { count };
                        let before = out.len();
                        self.push(
                            s,
                            kept,
                            (from, t, 1, moving, count),
                            kind,
                            ri,
                            rule,
                            mover,
                            out,
                        );
                        for m in &mut out[before..] {
                            m.aux = aux;
                        }
                    }
                }
            }
            ir::Atom::Anywhere => {
                self.anywhere_moves(s, kept, (from, moving, count), kind, ri, rule, mover, out)
            }
            // On a board that never changes, the cells were worked out once. (Each branch
            // pushes its own candidates: one closure shared by the branches was measured
            // 13% slower on Breakthrough's move generation.)
            ir::Atom::Step(_) | ir::Atom::Leap(_) if rule.reach.is_some() => {
                for &(t, steps) in rule.reach.as_ref().map_or(&[][..], |r| r.from(from)) {
                    if self.target_ok(rule, s.cells[t as usize], mover) {
                        self.push(
                            s,
                            kept,
                            (from, t, steps, moving, count),
                            kind,
                            ri,
                            rule,
                            mover,
                            out,
                        );
                    }
                }
            }
            ir::Atom::Step(dirs) => {
                for &d in dirs {
                    let t = self.bd(s).step(from, d);
                    if t != NO_CELL && self.target_ok(rule, s.cells[t as usize], mover) {
                        let steps = self.bd(s).cost(from, d);
                        self.push(
                            s,
                            kept,
                            (from, t, steps, moving, count),
                            kind,
                            ri,
                            rule,
                            mover,
                            out,
                        );
                    }
                }
            }
            ir::Atom::Leap(paths) => {
                for path in paths {
                    let t = self.bd(s).walk(from, path);
                    if t != NO_CELL && self.target_ok(rule, s.cells[t as usize], mover) {
                        self.push(
                            s,
                            kept,
                            (from, t, path.len() as u32, moving, count),
                            kind,
                            ri,
                            rule,
                            mover,
                            out,
                        );
                    }
                }
            }
            ir::Atom::Ride {
                paths,
                min,
                max,
                by_group,
                over,
                not_through,
                not_past,
            } => {
                // `exactly group`: as far as the number of pieces moving.
                let moving_count = if count > 0 { count as u32 } else { rule.group };
                let (min, max) = if *by_group {
                    (&moving_count, &moving_count)
                } else {
                    (min, max)
                };
                let avoid = not_through.and_then(|r| self.board.regions.get(r as usize));
                let avoid = avoid.and_then(|r| r.get(mover as usize).or(r.first()));
                // No ride is longer than the board has cells, even round a cycle.
                let max = (*max).min(self.board.cells() as u32);
                // What stops the ride past a cell asks for a piece there: an empty cell is
                // passed without asking it.
                let piece_stops = match not_past {
                    Some(ir::Expr::Code(n, _)) => {
                        self.sieves.get(*n as usize).is_some_and(|v| v.asks_piece())
                    }
                    _ => false,
                };
                let ride = Ride {
                    paths,
                    rays: rule.rays.as_ref(),
                    max,
                    over: *over,
                    avoid,
                    not_past: not_past.as_ref(),
                    piece_stops,
                };
                // The cells the rule may end on are sorted out before a move is made for
                // one (a closure called for every cell passed cost 4% of a seed game's
                // instructions in its calls alone: most cells are passed by).
                let ends = |t: CellId, dist: u32| {
                    dist >= *min && self.target_ok(rule, s.cells[t as usize], mover)
                };
                let mut offer = |t: CellId, dist: u32| {
                    self.push(
                        s,
                        kept,
                        (from, t, dist, moving, count),
                        kind,
                        ri,
                        rule,
                        mover,
                        out,
                    );
                };
                match rule.walk {
                    // A ride written like another of the piece's: walked once for both.
                    Some(class) => {
                        let cells = scratch.ride.cells((from, kind, class), |cells| {
                            self.ride(s, kept, (from, mover), &ride, |t, dist| {
                                cells.push((t, dist))
                            })
                        });
                        for &(t, dist) in cells {
                            if ends(t, dist) {
                                offer(t, dist);
                            }
                        }
                    }
                    None => self.ride(s, kept, (from, mover), &ride, |t, dist| {
                        if ends(t, dist) {
                            offer(t, dist)
                        }
                    }),
                }
            }
        }
    }

    /// The cells a ride from `from` passes, each with its distance, in order.
    #[inline(always)]
    fn ride(
        &self,
        s: &State,
        kept: &Kept,
        (from, mover): (CellId, PlayerId),
        ride: &Ride,
        mut visit: impl FnMut(CellId, u32),
    ) {
        let stop = |t: CellId| {
            ride.not_past.is_some_and(|c| {
                self.eval(c, &self.ctx(s, mover, from, t, None).keeping_own(kept)) != 0
            })
        };
        // The cell `dist` links along: visited; whether the ride goes on past it.
        let mut pass = |t: CellId, dist: u32| {
            if dist > ride.max {
                return false;
            }
            visit(t, dist);
            let occ = s.cells[t as usize];
            !((!ride.over && !occ.is_none())
                || ride.avoid.is_some_and(|r| r.contains(t))
                || (!(ride.piece_stops && occ.is_none()) && stop(t)))
        };
        if let Some(rays) = ride.rays {
            for p in 0..ride.paths.len() {
                for (t, dist) in rays.ray(from, p).iter().zip(1..) {
                    if !pass(*t, dist) {
                        break;
                    }
                }
            }
            return;
        }
        for path in ride.paths {
            let mut t = from;
            let mut dist = 0u32;
            loop {
                t = self.bd(s).walk(t, path);
                if t == NO_CELL || t == from {
                    break;
                }
                dist += 1;
                if !pass(t, dist) {
                    break;
                }
            }
        }
    }
}

/// A ride as one piece walks it: its paths, how far, whether it passes over pieces, and
/// the cells it may end on but not pass.
struct Ride<'a> {
    paths: &'a [Vec<ir::DirId>],
    /// The paths' cells from each cell, on a board that never changes.
    rays: Option<&'a Rays>,
    max: u32,
    over: bool,
    avoid: Option<&'a crate::board::CellSet>,
    not_past: Option<&'a ir::Expr>,
    /// `not_past` holds only where a piece stands.
    piece_stops: bool,
}

/// The cells a step or a leap reaches from each cell of a board that never changes, each
/// with the links it travels, in the order the rule names its directions or paths.
#[derive(Clone, Debug)]
pub(crate) struct Reach {
    /// Where each cell's list starts in `cells` (one more entry than cells).
    starts: Vec<u32>,
    cells: Vec<(CellId, u32)>,
}

impl Reach {
    /// The reach of a step or a leap (`None` for any other atom).
    pub(crate) fn of(board: &crate::board::Board, atom: &ir::Atom) -> Option<Reach> {
        let n = board.cells() as CellId;
        let mut r = Reach {
            starts: vec![0],
            cells: Vec::new(),
        };
        for c in 0..n {
            match atom {
                ir::Atom::Step(dirs) => {
                    for &d in dirs {
                        let t = board.step(c, d);
                        if t != NO_CELL {
                            r.cells.push((t, board.cost(c, d)));
                        }
                    }
                }
                ir::Atom::Leap(paths) => {
                    for path in paths {
                        let t = board.walk(c, path);
                        if t != NO_CELL {
                            r.cells.push((t, path.len() as u32));
                        }
                    }
                }
                _ => return None,
            }
            r.starts.push(r.cells.len() as u32);
        }
        Some(r)
    }

    /// The cells reached from `c`.
    #[inline(always)]
    pub(crate) fn from(&self, c: CellId) -> &[(CellId, u32)] {
        let (a, b) = (self.starts[c as usize], self.starts[c as usize + 1]);
        &self.cells[a as usize..b as usize]
    }
}

/// The most cells a ride's [`Rays`] hold (a board's rings of many cells would make tables
/// as large as the cells squared).
const RAYS_MOST: usize = 1 << 18;

/// The cells each path of a ride passes from each cell of a board that never changes, in
/// order, up to the edge (or back to the cell, round a cycle).
#[derive(Clone, Debug)]
pub(crate) struct Rays {
    paths: usize,
    /// Where the list of each cell and path starts in `cells` (one more entry).
    starts: Vec<u32>,
    cells: Vec<CellId>,
}

impl Rays {
    /// The rays of a ride (`None` for any other atom, or where the table would pass
    /// [`RAYS_MOST`] cells: the ride is walked link by link).
    pub(crate) fn of(board: &crate::board::Board, atom: &ir::Atom) -> Option<Rays> {
        let ir::Atom::Ride { paths, .. } = atom else {
            return None;
        };
        let n = board.cells() as CellId;
        let mut r = Rays {
            paths: paths.len(),
            starts: vec![0],
            cells: Vec::new(),
        };
        for c in 0..n {
            for path in paths {
                let mut t = c;
                // No ride is longer than the board has cells.
                for _ in 0..n {
                    t = board.walk(t, path);
                    if t == NO_CELL || t == c {
                        break;
                    }
                    r.cells.push(t);
                    if r.cells.len() > RAYS_MOST {
                        return None;
                    }
                }
                r.starts.push(r.cells.len() as u32);
            }
        }
        Some(r)
    }

    /// The cells path `p` passes from `c`.
    #[inline(always)]
    fn ray(&self, c: CellId, p: usize) -> &[CellId] {
        let i = c as usize * self.paths + p;
        match (self.starts.get(i), self.starts.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.cells[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// What is worked out once for a piece while its rules are tried, and shared by those
/// rules: the cells of a ride several of them write ([`RideCells`]), the plug-ins' answers
/// ([`Answers`]) and the guard asked last.
#[derive(Default)]
pub(crate) struct PieceScratch {
    ride: RideCells,
    answers: Answers,
    /// The code of the guard asked last for the piece, and its answer.
    guard: Option<(u32, bool)>,
}

/// The cells a ride passed, kept so that the rules that write the same ride walk it once
/// ([`Rule::walk`]): the piece's cell and type and the first such rule's number say which
/// walk it is.
struct RideCells {
    from: CellId,
    kind: PieceId,
    class: u8,
    cells: Vec<(CellId, u32)>,
}

impl Default for RideCells {
    fn default() -> RideCells {
        RideCells {
            from: NO_CELL,
            kind: PieceId::MAX,
            class: u8::MAX,
            cells: Vec::new(),
        }
    }
}

impl RideCells {
    /// The cells of walk `class` of piece type `kind` from `from`, from `walk` the first
    /// time they are wanted.
    fn cells(
        &mut self,
        (from, kind, class): (CellId, PieceId, u8),
        walk: impl FnOnce(&mut Vec<(CellId, u32)>),
    ) -> &[(CellId, u32)] {
        if (self.from, self.kind, self.class) != (from, kind, class) {
            self.cells.clear();
            walk(&mut self.cells);
            (self.from, self.kind, self.class) = (from, kind, class);
        }
        &self.cells
    }
}

/// The plug-ins' answers for a piece: a plug-in runs in a fresh instance on a view made
/// of the state, the piece and the attributes its rule names, so two rules that ask the
/// same plug-in with the same attributes get the same answer, and it is asked once.
struct Answers {
    /// The piece the answers are for.
    piece: (CellId, Piece),
    /// Each plug-in asked for the piece: its number, the attributes, its cells.
    asked: Vec<(usize, Vec<ir::VarId>, PluginTargets)>,
}

/// What a plug-in's answer gives: each cell, the attribute value + 1 it sets (0: none)
/// and where the piece there goes (see [`Game::plugin_targets`]).
type PluginTargets = Vec<(CellId, u8, CellId)>;

impl Default for Answers {
    fn default() -> Answers {
        Answers {
            piece: (NO_CELL, Piece::NONE),
            asked: Vec::new(),
        }
    }
}

impl Answers {
    /// Plug-in `plugin`'s answer for `moving` on `from` with `attrs`, from `ask` the first
    /// time it is wanted for the piece.
    fn answered(
        &mut self,
        plugin: usize,
        from: CellId,
        moving: Piece,
        attrs: &[ir::VarId],
        ask: impl FnOnce() -> PluginTargets,
    ) -> &[(CellId, u8, CellId)] {
        if self.piece != (from, moving) {
            self.piece = (from, moving);
            self.asked.clear();
        }
        let i = match self
            .asked
            .iter()
            .position(|(p, a, _)| *p == plugin && a.as_slice() == attrs)
        {
            Some(i) => i,
            None => {
                self.asked.push((plugin, attrs.to_vec(), ask()));
                self.asked.len() - 1
            }
        };
        &self.asked[i].2
    }
}

/// The move of rule `ri` of piece type `kind` from `from` (`NO_CELL`: a drop) to `to`.
#[inline(always)]
fn candidate(
    from: CellId,
    to: CellId,
    (kind, ri, count): (PieceId, u8, u8),
    moving: Piece,
    mover: PlayerId,
) -> Move {
    Move {
        from,
        to,
        kind,
        rule: ri,
        promo: 0,
        count,
        // A drop says whose piece comes in; a move from a pile, which piece moves.
        sub: if from == NO_CELL {
            mover
        } else {
            u8::from(moving.turn_moved())
        },
        aux: NO_CELL,
        path: crate::game::ruleset::Path::NONE,
    }
}

/// Removes repeated moves among `out[start..]` (a rule that reaches a cell two ways).
fn dedup_tail(out: &mut Vec<Move>, start: usize) {
    let mut i = start + 1;
    while i < out.len() {
        if out[start..i].contains(&out[i]) {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plug_in_is_asked_once_a_piece_for_the_same_attributes() {
        let mut w = Answers::default();
        let asked = std::cell::Cell::new(0);
        let ask = |c: CellId| {
            asked.set(asked.get() + 1);
            vec![(c, 0, NO_CELL)]
        };
        let (p, q) = (Piece::new(1, 0), Piece::new(2, 0));
        assert_eq!(w.answered(0, 5, p, &[], || ask(6)), [(6, 0, NO_CELL)]);
        assert_eq!(w.answered(0, 5, p, &[], || ask(7)), [(6, 0, NO_CELL)]);
        assert_eq!(asked.get(), 1, "the second rule reads the first answer");
        w.answered(0, 5, p, &[3], || ask(8));
        w.answered(1, 5, p, &[], || ask(9));
        assert_eq!(asked.get(), 3, "other attributes, another plug-in: asked");
        assert_eq!(w.answered(0, 5, q, &[], || ask(10)), [(10, 0, NO_CELL)]);
        assert_eq!(w.answered(0, 4, q, &[], || ask(11)), [(11, 0, NO_CELL)]);
        assert_eq!(asked.get(), 5, "another piece or cell: asked");
    }
}
