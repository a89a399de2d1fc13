//! Variables in a state: the slots a variable takes (per player, per cell, per piece),
//! reading and setting one by name, and a kept position restored (`restore position`).

use super::ruleset::{var_slots, Game};
use crate::state::State;
use tessel_lang::ir::{self, PlayerId};

impl Game {
    /// The slot of a variable as `mover` sees it (its own part of a `per player` one).
    #[inline(always)]
    pub(crate) fn var_index(&self, v: u16, mover: PlayerId) -> usize {
        let slot = self.var_slot[v as usize];
        if self.var_shape[v as usize].0 {
            slot + mover as usize
        } else {
            slot
        }
    }

    /// The slot of a `per cell` variable at cell `i`, or of a `per player` one for player `i`
    /// (a `per piece` one also has the slot of the piece captured last, `taken`).
    #[inline(always)]
    pub(crate) fn slot_at(&self, v: u16, i: i64) -> Option<usize> {
        let n = self.var_shape[v as usize].1;
        (0..n as i64)
            .contains(&i)
            .then(|| self.var_slot[v as usize] + i as usize)
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

    /// The people behind the players (`people by VAR`): the person (0, 1, …) who plays
    /// each player now. Without the declaration, or where the variable says no one (or a
    /// person twice), each player is their own person.
    pub fn people(&self, s: &State) -> Vec<usize> {
        let n = self.players();
        let own: Vec<usize> = (0..n).collect();
        let Some(p) = self.program.people else {
            return own;
        };
        let each: Vec<usize> = (0..n)
            .map(|i| {
                self.slot_at(p.by, i as i64)
                    .and_then(|k| s.vars.get(k))
                    .map_or(usize::MAX, |&x| (x - 1).clamp(-1, n as i64) as usize)
            })
            .collect();
        let mut seen = vec![false; n];
        for &x in &each {
            if x >= n || std::mem::replace(&mut seen[x], true) {
                return own;
            }
        }
        each
    }

    /// Each person's match score (`people by VAR score VAR`), person 0 first; `None`
    /// without a score.
    pub fn people_score(&self, s: &State) -> Option<Vec<i64>> {
        let v = self.program.people?.score?;
        (0..self.players())
            .map(|i| {
                self.slot_at(v, i as i64)
                    .and_then(|k| s.vars.get(k).copied())
            })
            .collect()
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

    /// Copies the variables `which` picks from `src` (a state's values) into `dst`.
    pub(super) fn copy_vars(&self, dst: &mut [i64], src: &[i64], which: impl Fn(&ir::Var) -> bool) {
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
}
