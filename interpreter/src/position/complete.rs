//! The complete form of a state: a JSON object that holds the readable position string and
//! everything else a game keeps (every variable, the zones, buried pieces, the drawn area
//! as changed, kept positions, an open reaction window, pending chance events, the turn's
//! counters and the seeded generator), so that continuing from it equals continuing the
//! game. `complete_string` writes it; `read_complete` reads it back, checking every value
//! against the ruleset and refusing, in words, what does not fit.

use super::{perr, PositionError};
use crate::area::Area;
use crate::game::ruleset::Game;
use crate::state::{Kept, LastMove, Pending, Piece, State};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tessel_lang::ir::{self, CellId, Type, NEUTRAL, NO_CELL};

/// The version of the complete form this build writes and reads.
pub const COMPLETE_VERSION: u32 = 1;

/// The key that opens a complete form (and tells it from a position string).
pub const COMPLETE_KEY: &str = "tessel_position";

/// At most this many points in a saved drawn area (all tessels and splices together).
const MAX_AREA_POINTS: usize = 100_000;

/// A drawn coordinate's bound (millionths of a unit): a million units either way.
const MAX_COORD: i64 = 1_000_000_000_000;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Form {
    tessel_position: u32,
    game: String,
    options: Vec<(String, String)>,
    position: String,
    state: Saved,
}

/// What stands in play: pieces, zones, variables and the drawn area.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Contents {
    /// The top piece of each cell (0: empty; else `kind + 1 | owner << 8 | moved << 12 |
    /// moved this turn << 13`).
    cells: Vec<u16>,
    /// Pieces under the top ones, bottom first: `[cell, piece]`.
    buried: Vec<(u16, u16)>,
    /// Each zone by name: a count for each player and piece type (`player * types + type`).
    zones: Named<Vec<u16>>,
    /// Each variable by name: its one value, or one a player, a cell, or a cell and `taken`.
    vars: Named<Vec<i64>>,
    /// The drawn area as changed in play; `null` while it is as the ruleset drew it.
    area: Option<Drawn>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Drawn {
    tessels: Vec<Vec<ir::DrawnPoint>>,
    splices: Vec<Vec<(ir::DrawnPoint, ir::DrawnPoint)>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Last {
    from: Option<u16>,
    to: Option<u16>,
    kind: Option<u8>,
    captured: bool,
    pass: bool,
    steps: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    to_move: u8,
    ply: u32,
    turns: u32,
    rounds: u32,
    turn_step: u16,
    turn_begun: bool,
    /// Chance events waiting: `[chance, roller, owner]`.
    pending: Vec<(u16, u8, u8)>,
    restart_pending: bool,
    setup_pending: bool,
    end_turn_pending: bool,
    next_player: Option<u8>,
    last: Last,
    asking: Vec<u8>,
    window_owner: Option<u8>,
    window_ends_turn: bool,
    single_royal: bool,
    rng: Pcg64Mcg,
    contents: Contents,
    /// Positions kept by `keep position`, a slot a player (empty until one keeps).
    kept: Vec<Option<Contents>>,
    /// The positions players decided at, as `[board, position]` hashes (`repeated`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    history: Vec<[u64; 2]>,
}

/// Whether `text` is a complete form rather than a position string.
pub fn is_complete(text: &str) -> bool {
    text.trim_start().starts_with('{') && text.contains(COMPLETE_KEY)
}

fn bad(message: impl Into<String>, hint: impl Into<String>) -> PositionError {
    perr(message, 0, 0, hint)
}

impl Game {
    /// The complete form of `s`: the position string and everything else the game keeps.
    pub fn complete_string(&self, s: &State) -> String {
        let form = Form {
            tessel_position: COMPLETE_VERSION,
            game: self.program.title.clone(),
            options: self
                .program
                .options
                .iter()
                .map(|o| (o.name.clone(), o.value.clone()))
                .collect(),
            position: self.position_string(s),
            state: Saved {
                to_move: s.to_move,
                ply: s.ply,
                turns: s.turns,
                rounds: s.rounds,
                turn_step: s.turn_step,
                turn_begun: s.turn_begun,
                pending: s
                    .pending
                    .iter()
                    .map(|p| (p.chance, p.roller, p.owner))
                    .collect(),
                restart_pending: s.restart_pending,
                setup_pending: s.setup_pending,
                end_turn_pending: s.end_turn_pending,
                next_player: s.next_player,
                last: Last {
                    from: Some(s.last.from).filter(|&c| c != NO_CELL),
                    to: Some(s.last.to).filter(|&c| c != NO_CELL),
                    kind: Some(s.last.kind).filter(|&k| k != u8::MAX),
                    captured: s.last.captured,
                    pass: s.last.pass,
                    steps: s.last.steps,
                },
                asking: s.asking.clone(),
                window_owner: s.window_owner,
                window_ends_turn: s.window_ends_turn,
                single_royal: s.single_royal,
                rng: s.rng.clone(),
                contents: self.contents(&s.cells, &s.buried, &s.zones, &s.vars, &s.area),
                kept: s
                    .kept
                    .iter()
                    .map(|k| {
                        k.as_ref()
                            .map(|k| self.contents(&k.cells, &k.buried, &k.zones, &k.vars, &k.area))
                    })
                    .collect(),
                history: s.history.entries(),
            },
        };
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, Lines::default());
        // Writing to memory does not fail.
        let _ = form.serialize(&mut ser);
        out.push(b'\n');
        String::from_utf8(out).unwrap_or_default()
    }

    fn contents(
        &self,
        cells: &[Piece],
        buried: &[(CellId, Piece)],
        zones: &[u16],
        vars: &[i64],
        area: &Option<Arc<Area>>,
    ) -> Contents {
        let per_zone = self.players * self.program.pieces.len();
        Contents {
            cells: cells.iter().map(|p| p.0).collect(),
            buried: buried.iter().map(|&(c, p)| (c, p.0)).collect(),
            zones: Named(
                self.program
                    .zones
                    .iter()
                    .enumerate()
                    .map(|(z, zone)| {
                        let at = z * per_zone;
                        (
                            zone.name.clone(),
                            zones.get(at..at + per_zone).unwrap_or_default().to_vec(),
                        )
                    })
                    .collect(),
            ),
            vars: Named(
                self.program
                    .vars
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let at = self.var_slot[i];
                        let n =
                            crate::game::ruleset::var_slots(v, self.players, self.board.cells());
                        (
                            v.name.clone(),
                            vars.get(at..at + n).unwrap_or_default().to_vec(),
                        )
                    })
                    .collect(),
            ),
            area: match (area, &self.base_area) {
                (Some(a), Some(b)) if Arc::ptr_eq(a, b) || a.drawn_as(b) => None,
                (Some(a), _) => {
                    let d = a.drawing();
                    Some(Drawn {
                        tessels: d.tessels,
                        splices: d.splices,
                    })
                }
                (None, _) => None,
            },
        }
    }

    /// Reads a complete form written by `complete_string` for this ruleset with the same
    /// options. Every value is checked; the state continues where it was saved (no `setup`,
    /// no turn begun again; its own generator).
    pub fn read_complete(&self, text: &str) -> Result<State, PositionError> {
        let form: Form = serde_json::from_str(text).map_err(|e| {
            // serde's line and column, turned into a byte offset.
            let start = text
                .split_inclusive('\n')
                .take(e.line().saturating_sub(1))
                .map(str::len)
                .sum::<usize>()
                + e.column().saturating_sub(1);
            let start = start.min(text.len());
            let mut start = start;
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            perr(
                format!("the saved state cannot be read: {e}"),
                start,
                (start + 1).min(text.len()),
                "save it again with `position FILE` in `tessel play`; a saved state is not for editing",
            )
        })?;
        if form.tessel_position != COMPLETE_VERSION {
            return Err(bad(
                format!(
                    "the saved state is of version {}, and this tessel reads version {COMPLETE_VERSION}",
                    form.tessel_position
                ),
                "save it again with this version of tessel",
            ));
        }
        if form.game != self.program.title {
            return Err(bad(
                format!(
                    "the saved state is of the game `{}`, not `{}`",
                    form.game, self.program.title
                ),
                "load it with the ruleset it was saved from",
            ));
        }
        let mine: Vec<(String, String)> = self
            .program
            .options
            .iter()
            .map(|o| (o.name.clone(), o.value.clone()))
            .collect();
        if form.options != mine {
            let wanted: Vec<String> = form
                .options
                .iter()
                .filter(|o| !mine.contains(o))
                .map(|(k, v)| format!("--option {k}={v}"))
                .collect();
            return Err(bad(
                "the saved state was played with other options",
                format!(
                    "load it with {} (or start a new game from its `position` line alone)",
                    if wanted.is_empty() {
                        "the options it was saved with".to_string()
                    } else {
                        wanted.join(" ")
                    }
                ),
            ));
        }
        let s = self.restore_saved(form.state)?;
        let written = self.position_string(&s);
        if written != form.position {
            return Err(bad(
                format!(
                    "the position string `{}` does not match the saved state, which is `{written}`",
                    form.position
                ),
                "a saved state is not for editing: start from a position string instead, or save again",
            ));
        }
        Ok(s)
    }

    fn restore_saved(&self, v: Saved) -> Result<State, PositionError> {
        let players = self.players;
        let player = |p: u8, what: &str| -> Result<u8, PositionError> {
            if (p as usize) < players {
                Ok(p)
            } else {
                Err(bad(
                    format!("{what} is player {p}, and this game has {players} players"),
                    format!("write a player from 0 to {}", players - 1),
                ))
            }
        };
        let mut s = self.empty_state(0);
        s.to_move = player(v.to_move, "the player to move")?;
        s.ply = v.ply;
        s.turns = v.turns;
        s.rounds = v.rounds;
        s.turn_step = v.turn_step;
        s.turn_begun = v.turn_begun;
        s.pending = Vec::with_capacity(v.pending.len());
        for (chance, roller, owner) in v.pending {
            if chance as usize >= self.program.chances.len() {
                return Err(bad(
                    format!(
                        "a pending chance event is number {chance}, and this game has {}",
                        self.program.chances.len()
                    ),
                    "save the state again",
                ));
            }
            s.pending.push(Pending::new(
                chance,
                player(roller, "a pending chance's roller")?,
                player(owner, "a pending chance's owner")?,
            ));
        }
        s.restart_pending = v.restart_pending;
        s.history = crate::repetition::History::from_entries(v.history);
        s.setup_pending = v.setup_pending;
        s.end_turn_pending = v.end_turn_pending;
        s.next_player = v
            .next_player
            .map(|p| player(p, "the next player"))
            .transpose()?;
        let cells = self.board.cells();
        let cell = |c: Option<u16>, what: &str| -> Result<CellId, PositionError> {
            match c {
                None => Ok(NO_CELL),
                Some(c) if (c as usize) < cells => Ok(c),
                Some(c) => Err(bad(
                    format!("{what} is cell {c}, and the board has {cells}"),
                    "save the state again",
                )),
            }
        };
        let kinds = self.program.pieces.len();
        s.last = LastMove {
            from: cell(v.last.from, "the last move's start")?,
            to: cell(v.last.to, "the last move's end")?,
            kind: match v.last.kind {
                None => u8::MAX,
                // Beyond the types: an action's or a chance's mark.
                Some(k) if (k as usize) < kinds || k >= u8::MAX - 2 => k,
                Some(k) => {
                    return Err(bad(
                        format!("the last move's piece is type {k}, and the game has {kinds}"),
                        "save the state again",
                    ))
                }
            },
            captured: v.last.captured,
            pass: v.last.pass,
            steps: v.last.steps,
            ..LastMove::default()
        };
        if v.asking.len() > players {
            return Err(bad(
                "more players are asked than the game has",
                "save the state again",
            ));
        }
        s.asking = v
            .asking
            .iter()
            .map(|&p| player(p, "a player asked"))
            .collect::<Result<_, _>>()?;
        s.window_owner = v
            .window_owner
            .map(|p| player(p, "the window's owner"))
            .transpose()?;
        s.window_ends_turn = v.window_ends_turn;
        s.rng = v.rng;
        let c = self.restore_contents(v.contents, "")?;
        (s.cells, s.buried, s.zones, s.vars, s.area) = (c.cells, c.buried, c.zones, c.vars, c.area);
        if v.kept.len() > players {
            return Err(bad(
                format!(
                    "{} kept positions are saved, and a game keeps at most one a player ({players})",
                    v.kept.len()
                ),
                "save the state again",
            ));
        }
        s.kept = v
            .kept
            .into_iter()
            .enumerate()
            .map(|(p, k)| {
                k.map(|k| {
                    self.restore_contents(k, &format!("the position kept by player {p}: "))
                        .map(Arc::new)
                })
                .transpose()
            })
            .collect::<Result<_, _>>()?;
        self.find_royals(&mut s);
        s.single_royal &= v.single_royal;
        Ok(s)
    }

    /// Pieces, zones, variables and area, each checked against the ruleset; `what` names
    /// the part in messages.
    fn restore_contents(&self, c: Contents, what: &str) -> Result<Kept, PositionError> {
        let again = "save the state again";
        let cells = self.board.cells();
        let players = self.players;
        let kinds = self.program.pieces.len();
        if c.cells.len() != cells {
            return Err(bad(
                format!(
                    "{what}{} cells are saved, and the board has {cells}",
                    c.cells.len()
                ),
                again,
            ));
        }
        let piece = |code: u16, empty_ok: bool| -> Result<Piece, PositionError> {
            let p = Piece(code);
            if p.is_none() && empty_ok {
                return Ok(p);
            }
            let kind_ok = code & 0xFF != 0 && (p.kind() as usize) < kinds;
            let owner_ok = (p.owner() as usize) < players || p.owner() == NEUTRAL;
            if !kind_ok || !owner_ok || code & 0xC000 != 0 {
                return Err(bad(
                    format!("{what}`{code}` is not a piece of this game"),
                    format!(
                        "a piece is its type + 1 (1 to {kinds}), plus 256 × its owner (0 to {}, or 15 for neutral)",
                        players - 1
                    ),
                ));
            }
            Ok(p)
        };
        let top: Vec<Piece> = c
            .cells
            .iter()
            .map(|&code| piece(code, true))
            .collect::<Result<_, _>>()?;
        let mut buried = Vec::with_capacity(c.buried.len());
        for (at, code) in c.buried {
            if at as usize >= cells || top[at as usize].is_none() {
                return Err(bad(
                    format!("{what}a buried piece is under cell {at}, where no piece stands"),
                    again,
                ));
            }
            buried.push((at, piece(code, false)?));
        }
        let per_zone = players * kinds;
        let names: Vec<&str> = self.program.zones.iter().map(|z| z.name.as_str()).collect();
        let c_zones = c.zones.0;
        if c_zones.len() != names.len() || c_zones.iter().zip(&names).any(|((n, _), m)| n != m) {
            return Err(bad(
                format!("{what}the saved zones are not this game's"),
                format!("the zones are {}, in that order", names.join(", ")),
            ));
        }
        let mut zones = Vec::with_capacity(names.len() * per_zone);
        for (name, counts) in c_zones {
            if counts.len() != per_zone {
                return Err(bad(
                    format!(
                        "{what}the zone `{name}` has {} counts, and should have {per_zone}",
                        counts.len()
                    ),
                    "one count for each player and piece type",
                ));
            }
            zones.extend(counts);
        }
        let vars = self.restore_vars(c.vars.0, what)?;
        let area = match c.area {
            None => self.base_area.clone(),
            Some(d) => Some(Arc::new(self.restore_area(d, what)?)),
        };
        Ok(Kept {
            cells: top,
            buried,
            zones,
            vars,
            area,
        })
    }

    fn restore_vars(
        &self,
        saved: Vec<(String, Vec<i64>)>,
        what: &str,
    ) -> Result<Vec<i64>, PositionError> {
        let program = &self.program;
        if saved.len() != program.vars.len()
            || saved
                .iter()
                .zip(&program.vars)
                .any(|((n, _), v)| *n != v.name)
        {
            return Err(bad(
                format!("{what}the saved variables are not this game's"),
                "load the state with the ruleset it was saved from",
            ));
        }
        let mut vars = self.empty_state(0).vars;
        for (i, ((name, values), v)) in saved.into_iter().zip(&program.vars).enumerate() {
            let n = crate::game::ruleset::var_slots(v, self.players, self.board.cells());
            if values.len() != n {
                return Err(bad(
                    format!(
                        "{what}the variable `{name}` has {} values, and should have {n}",
                        values.len()
                    ),
                    "save the state again",
                ));
            }
            if let Some(&x) = values.iter().find(|&&x| !self.value_fits(v.ty, x)) {
                return Err(bad(
                    format!(
                        "{what}the variable `{name}` holds {x}, which is not {}",
                        v.ty.word()
                    ),
                    "save the state again",
                ));
            }
            let at = self.var_slot[i];
            vars[at..at + n].copy_from_slice(&values);
        }
        Ok(vars)
    }

    /// Whether `x` may be a value of type `ty` in this game (its "none" values included).
    fn value_fits(&self, ty: Type, x: i64) -> bool {
        let below = |n: usize| x == -1 || (0..n as i64).contains(&x);
        match ty {
            Type::Int => true,
            Type::Bool => x == 0 || x == 1,
            Type::Cell => below(self.board.cells()) || x == NO_CELL as i64,
            Type::Dir => below(self.board.dir_names.len()) || x == u8::MAX as i64,
            Type::Piece => below(self.program.pieces.len()) || x == u8::MAX as i64,
            Type::Region => below(self.program.regions.len()),
            Type::Player => below(self.players) || x == NEUTRAL as i64,
        }
    }

    fn restore_area(&self, d: Drawn, what: &str) -> Result<Area, PositionError> {
        let Some(base) = &self.base_area else {
            return Err(bad(
                format!(
                    "{what}a changed drawn area is saved, and this game's area does not change"
                ),
                "load the state with the ruleset it was saved from",
            ));
        };
        let points = d.tessels.iter().map(Vec::len).sum::<usize>()
            + 2 * d.splices.iter().map(Vec::len).sum::<usize>();
        let far = |&(x, y): &(i64, i64)| x.abs() > MAX_COORD || y.abs() > MAX_COORD;
        if d.tessels.len() != self.board.cells()
            || points > MAX_AREA_POINTS
            || d.tessels.iter().flatten().any(far)
            || d.splices.iter().flatten().any(|(a, b)| far(a) || far(b))
        {
            return Err(bad(
                format!("{what}the saved drawn area does not fit this board"),
                "save the state again",
            ));
        }
        let drawing = ir::Drawing {
            tessels: d.tessels,
            splices: d.splices,
            slots: base.slots().clone(),
        };
        Area::build(
            &self.program.board,
            &self.program.regions,
            self.players,
            drawing,
        )
        .ok_or_else(|| {
            bad(
                format!("{what}the saved drawn area is not a playing area"),
                "save the state again",
            )
        })
    }
}

/// Named values in the order of the ruleset, written as a JSON object (one name a line).
struct Named<T>(Vec<(String, T)>);

impl<T: Serialize> Serialize for Named<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Named<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visit<T> {
            type Value = Named<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of named values")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out: Vec<(String, T)> = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, T>()? {
                    out.push((k, v));
                }
                Ok(Named(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

/// Compact JSON with a line for each key of the outer objects (the form, the state, what
/// stands in play, its variables and zones); arrays stay on one line.
#[derive(Default)]
struct Lines {
    objects: usize,
    arrays: usize,
}

impl serde_json::ser::Formatter for Lines {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.arrays += 1;
        w.write_all(b"[")
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.arrays -= 1;
        w.write_all(b"]")
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.objects += 1;
        w.write_all(b"{")
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.objects -= 1;
        w.write_all(b"}")
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.arrays == 0 && self.objects <= 4 && !(first && self.objects == 1) {
            w.write_all(b"\n")?;
            for _ in 1..self.objects {
                w.write_all(b" ")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: &str = r#"game "Saved"
players a b
board grid 3 x 3
zone hand per player
var moves_made = 0
var score = 0 per player
var mark: cell = none
var calls = 0 kept
piece man M m { move step n e s w to empty then set moves_made += 1 }
action back free if decisions == 0 and moves_made > 0
  then restore position of opponent, set calls += 1
turn { start { keep position } }
start "m2/3/M2 a"
"#;

    fn game() -> Game {
        let loader = tessel_lang::load::MapLoader(Default::default());
        let c = tessel_lang::compile("saved", RULES, &loader, &[]);
        let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.message.clone()).collect();
        Game::new(c.program.unwrap_or_else(|| panic!("{msgs:?}")))
    }

    #[test]
    fn every_field_of_a_state_comes_back() {
        let g = game();
        let mut s = g.start_state(5).expect("start");
        let mut moves = Vec::new();
        let mut tmp = g.empty_state(0);
        for _ in 0..3 {
            g.legal_moves(&s, &mut moves, &mut tmp);
            g.apply(&mut s, moves[0]);
        }
        let held = s.cells.iter().position(|p| !p.is_none()).expect("a piece") as CellId;
        s.buried.push((held, Piece::new(0, 1)));
        s.zones[1] = 2;
        s.pending.clear();
        s.asking = vec![1];
        s.window_owner = Some(0);
        s.next_player = Some(1);
        s.rounds = 3;
        let form = g.complete_string(&s);
        let back = g.read_complete(&form).expect("reads");
        assert_eq!(g.complete_string(&back), form);
        assert_eq!(back.cells, s.cells);
        assert_eq!(back.buried, s.buried);
        assert_eq!(back.vars, s.vars);
        assert_eq!(back.kept.len(), s.kept.len());
        assert_eq!(back.rng, s.rng);
        assert!(form.contains("\"score\":[0,0]") && form.contains("\"hand\":[0,2]"));
    }

    #[test]
    fn what_does_not_fit_is_refused() {
        let g = game();
        let form = g.complete_string(&g.start_state(0).expect("start"));
        let wrong = |from: &str, to: &str| {
            assert!(form.contains(from), "{from}");
            g.read_complete(&form.replacen(from, to, 1))
                .err()
                .map(|e| e.message)
                .unwrap_or_default()
        };
        assert!(wrong("\"score\":[0,0]", "\"score\":[0]").contains("has 1 values"));
        assert!(wrong("\"mark\":[65535]", "\"mark\":[9]").contains("holds 9"));
        assert!(wrong("\"hand\":[0,0]", "\"hand\":[0]").contains("has 1 counts"));
        assert!(wrong("\"to_move\":0", "\"to_move\":2").contains("player 2"));
        assert!(wrong("\"cells\":[", "\"cells\":[513,").contains("cells are saved"));
        assert!(wrong("\"cells\":[", "\"cells\":[3,").contains("cells are saved"));
        let first = &form[form.find("\"cells\":[").expect("cells")..];
        let first = &first[..first.find(',').expect("more cells")];
        assert!(wrong(first, "\"cells\":[3").contains("not a piece"));
        assert!(wrong(first, "\"cells\":[16385").contains("not a piece"));
        assert!(g.read_complete("{").is_err());
        assert!(g.read_complete("").is_err());
    }
}
