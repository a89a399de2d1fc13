//! The dense numbering of a game's distinct actions: every decision the game can ever
//! offer gets a number below `size`, the same in every state and run, laid out as
//!
//! * moves: `(((from × cells + to) × promotions + promo) × rules + rule) × piles + sub`
//!   (`promotions` = piece types + 1 when a piece promotes, else 1; `rules` the most move
//!   rules one piece type has; `piles` 2 when pieces stack, for the piece of a pile that
//!   has already moved this turn, else 1);
//! * then drops, when the game has any: `(kind × players + owner) × cells + to`;
//! * then named actions: `action × (cells + 1) + cell` (`cells` for one on no cell);
//! * then the pass, last.
//!
//! The piece type of a move is not in its number: the state shows which piece stands on
//! `from`. A chance event's outcomes are numbered `0..n` apart from this space.
//! A ruleset with a `group any` rule (how many pieces move is part of the decision, with
//! no bound the rules state) has no dense numbering, nor one whose pieces move by a
//! plug-in (the value it sets, where it pushes the piece on the target), nor one with a
//! chain of jumps (its path). Packed ids
//! ([`crate::action`]) serve every game.

use tessel_interpreter::{Game as Engine, Move};
use tessel_lang::ir::{Atom, NO_CELL};

/// The numbering of one game's actions.
#[derive(Clone, Debug)]
pub struct Space {
    cells: u128,
    promotions: u128,
    rules: u128,
    piles: u128,
    kinds: u128,
    players: u128,
    actions: u128,
}

impl Space {
    /// The game's numbering, or why it has none.
    pub fn of(g: &Engine) -> Result<Space, String> {
        let p = &g.program;
        let rules = p.pieces.iter().flat_map(|k| &k.rules);
        if let Some(k) = p
            .pieces
            .iter()
            .find(|k| k.rules.iter().any(|r| r.group_any))
        {
            return Err(format!(
                "{} has no dense action numbering: the {} moves by `group any` (how many \
                 pieces move is part of the decision, with no bound the rules state); \
                 use the packed ids (legal_packed_actions)",
                p.title, k.name
            ));
        }
        if let Some(k) = p.pieces.iter().find(|k| {
            k.rules
                .iter()
                .any(|r| r.atom.iter().any(|a| matches!(a, Atom::Plugin { .. })))
        }) {
            return Err(format!(
                "{} has no dense action numbering: the {} moves by a plug-in (the value it \
                 sets, or where it pushes the piece on the target, is part of the \
                 decision); use the packed ids (legal_packed_actions)",
                p.title, k.name
            ));
        }
        if let Some(k) = p.pieces.iter().find(|k| k.rules.iter().any(|r| r.chain)) {
            return Err(format!(
                "{} has no dense action numbering: the {} moves by a chain of jumps (the \
                 path it takes is part of the decision); use the packed ids \
                 (legal_packed_actions)",
                p.title, k.name
            ));
        }
        let piles = rules
            .clone()
            .any(|r| r.stacking || r.merging || r.carry || r.group > 1);
        let drops = rules
            .clone()
            .any(|r| r.atom.iter().any(|a| matches!(a, Atom::Drop(_))));
        let promotes = p.pieces.iter().any(|k| !k.promotions.is_empty());
        Ok(Space {
            cells: p.board.cells.len() as u128,
            promotions: if promotes {
                p.pieces.len() as u128 + 1
            } else {
                1
            },
            rules: p
                .pieces
                .iter()
                .map(|k| k.rules.len())
                .max()
                .unwrap_or(0)
                .max(1) as u128,
            piles: if piles { 2 } else { 1 },
            kinds: if drops { p.pieces.len() as u128 } else { 0 },
            players: g.players() as u128,
            actions: p.actions.len() as u128,
        })
    }

    fn moves(&self) -> u128 {
        self.cells * self.cells * self.promotions * self.rules * self.piles
    }

    fn drops(&self) -> u128 {
        self.kinds * self.players * self.cells
    }

    fn named(&self) -> u128 {
        self.actions * (self.cells + 1)
    }

    /// How many distinct actions the game has (the pass included).
    pub fn size(&self) -> u128 {
        self.moves() + self.drops() + self.named() + 1
    }

    /// The number of a player's decision (not a chance outcome), or why it has none.
    pub fn id(&self, m: Move) -> Result<u128, String> {
        let c = self.cells;
        let cell = |x: u16| (x as u128) < c;
        let too_big = || format!("the decision {m:?} falls outside the dense numbering");
        if m.is_pass() {
            return Ok(self.size() - 1);
        }
        if m.is_action() {
            let at = if m.to == NO_CELL { c } else { m.to as u128 };
            if (m.rule as u128) >= self.actions || at > c {
                return Err(too_big());
            }
            return Ok(self.moves() + self.drops() + m.rule as u128 * (c + 1) + at);
        }
        if m.is_drop() {
            if (m.kind as u128) >= self.kinds || (m.sub as u128) >= self.players || !cell(m.to) {
                return Err(too_big());
            }
            return Ok(self.moves()
                + (m.kind as u128 * self.players + m.sub as u128) * c
                + m.to as u128);
        }
        let sub = if self.piles == 1 { 0 } else { m.sub as u128 };
        if !cell(m.from)
            || !cell(m.to)
            || (m.promo as u128) >= self.promotions
            || (m.rule as u128) >= self.rules
            || sub >= self.piles
            || m.count != 0
            || m.aux != NO_CELL
            || m.is_chance()
        {
            return Err(too_big());
        }
        Ok(
            (((m.from as u128 * c + m.to as u128) * self.promotions + m.promo as u128)
                * self.rules
                + m.rule as u128)
                * self.piles
                + sub,
        )
    }
}
