//! Pieces on cells: lifting the top piece, taking one from a pile, removing a stack or
//! sending it into a zone, and the `per piece` values that go with a piece.

use super::ruleset::Game;
use crate::state::{Piece, State};
use tessel_lang::ir::{self, CellId, PlayerId, NEUTRAL};

impl Game {
    /// Takes the top piece off a cell, uncovering the one beneath.
    #[inline]
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

    /// Removes everything on a cell; whether anything was there.
    #[inline]
    pub(crate) fn remove_stack(&self, s: &mut State, c: CellId) -> bool {
        let had = !s.cells[c as usize].is_none();
        s.cells[c as usize] = Piece::NONE;
        if !s.buried.is_empty() {
            s.buried.retain(|(bc, _)| *bc != c);
        }
        had
    }

    /// Removes everything on a cell, sending it to the zone captures go to; whether
    /// anything was there.
    #[inline]
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
            let slot = self.zone_slot(zone, who, self.held_as(p.kind()));
            s.zones[slot] = s.zones[slot].saturating_add(1);
        }
        self.remove_stack(s, c)
    }

    /// `per piece` values: the piece on `a` has gone to `b`.
    #[inline]
    pub(crate) fn carry_values(&self, s: &mut State, a: CellId, b: CellId) {
        for &(slot, _) in &self.travelling {
            s.vars[slot + b as usize] = s.vars[slot + a as usize];
        }
    }

    /// `per piece` values: a piece has come into play on `c`.
    #[inline]
    pub(crate) fn fresh_values(&self, s: &mut State, c: CellId) {
        for &(slot, init) in &self.travelling {
            s.vars[slot + c as usize] = init;
        }
    }

    /// `per piece` values: the piece on `c` is captured (`taken(NAME)` reads them).
    #[inline]
    pub(crate) fn keep_taken(&self, s: &mut State, c: CellId) {
        let past = self.board.cells();
        for &(slot, _) in &self.travelling {
            s.vars[slot + past] = s.vars[slot + c as usize];
        }
    }
}
