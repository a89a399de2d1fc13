//! Names and scopes: the players, the tables from each declared name to its number, the
//! one namespace they share, and the lookups of cells, players, pieces and zones.

use super::options::OptValue;
use super::{err, Lowerer, Overrides, PerPlayerDirs};
use crate::ast::{Item, Name};
use crate::diag::{codes, suggest, with_suggestion, Diagnostic, Span};
use crate::ir::{self, CellId, DirId, PieceId};
use std::collections::HashMap;

/// The tables from each declared name to its number (or, for a direction set, to its
/// directions for each player).
#[derive(Default)]
pub(super) struct Names {
    pub(super) cells: HashMap<String, CellId>,
    pub(super) dirs: HashMap<String, DirId>,
    pub(super) dir_sets: HashMap<String, PerPlayerDirs>,
    pub(super) regions: HashMap<String, ir::RegionId>,
    pub(super) vars: HashMap<String, ir::VarId>,
    pub(super) pieces: HashMap<String, PieceId>,
    pub(super) zones: HashMap<String, ir::ZoneId>,
    pub(super) tracks: HashMap<String, ir::TrackId>,
}

impl Lowerer<'_> {
    /// Players, directions, options, regions, variables and pieces share one namespace:
    /// a name used as two of them would make expressions ambiguous.
    pub(super) fn check_namespace(&mut self, items: &[Item]) {
        let mut seen: HashMap<String, (&'static str, Option<Span>)> = HashMap::new();
        for p in &self.players {
            seen.insert(p.clone(), ("player", None));
        }
        for d in &self.board.dirs {
            seen.entry(d.clone())
                .or_insert(("direction of the board", self.board_span));
        }
        for item in items {
            let (kind, name) = match item {
                Item::Option(o) => ("option", &o.name),
                Item::Dirs { name, .. } => ("direction set", name),
                Item::Region { name, .. } => ("region", name),
                Item::Track { name, .. } => ("track", name),
                Item::Var(v) => ("variable", &v.name),
                Item::Piece(p) => ("piece", &p.name),
                Item::Define { name, .. } | Item::DefineBlock { name, .. } => ("definition", name),
                _ => continue,
            };
            match seen.get(&name.text) {
                Some((other, at)) if *other != kind => {
                    let mut d = err(codes::DUPLICATE, format!("`{}` already names a {other}", name.text), name.span, format!("this {kind} has the same name"))
                        .hint("players, directions, options, regions, variables, pieces and definitions share one set of names: rename one of them");
                    if let Some(at) = at {
                        if *other != "direction of the board" {
                            d = d.with_label(*at, format!("the {other}"));
                        }
                    }
                    self.error(d);
                }
                Some(_) => {}
                None => {
                    seen.insert(name.text.clone(), (kind, Some(name.span)));
                }
            }
        }
    }

    /// What a name already means, if anything: a player, a direction, an option, a region,
    /// a variable, a piece, a zone, a track, a definition, a cell or a built-in name.
    pub(super) fn meaning_of(&self, name: &str) -> Option<&'static str> {
        let n = &self.names;
        let name_s = name.to_string();
        Some(if self.players.contains(&name_s) {
            "a player"
        } else if self.board.dirs.contains(&name_s) || n.dirs.contains_key(name) {
            "a direction"
        } else if n.dir_sets.contains_key(name) {
            "a direction set"
        } else if self.options.contains_key(name) {
            "an option"
        } else if n.regions.contains_key(name) {
            "a region"
        } else if n.vars.contains_key(name) {
            "a variable"
        } else if n.pieces.contains_key(name) {
            "a piece"
        } else if n.zones.contains_key(name) {
            "a zone"
        } else if n.tracks.contains_key(name) {
            "a track"
        } else if self.defines.contains(name) {
            "a definition"
        } else if n.cells.contains_key(name) {
            "a cell"
        } else if super::expressions::BUILT_IN_NAMES.contains(&name)
            || super::functions::FUNCTIONS.contains(&name)
            || name == "to"
        {
            "something built into the language"
        } else {
            return None;
        })
    }

    pub(super) fn players_from(
        &mut self,
        names: &[Name],
        seats: Option<((u32, Span), (u32, Span))>,
        overrides: &Overrides,
    ) {
        for (i, n) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().find(|m| m.text == n.text) {
                self.error(
                    err(
                        codes::DUPLICATE,
                        format!("the player `{}` is named twice", n.text),
                        n.span,
                        "named again here",
                    )
                    .with_label(first.span, "first named here"),
                );
            }
        }
        // Owners are four bits, and the sixteenth value is `nobody` (neutral pieces).
        if names.len() > ir::NEUTRAL as usize {
            self.error(err(
                codes::BAD_BOARD,
                format!("a game may have at most {} players", ir::NEUTRAL),
                names[ir::NEUTRAL as usize].span,
                "one too many",
            ));
        }
        self.players = names
            .iter()
            .take(ir::NEUTRAL as usize)
            .map(|n| n.text.clone())
            .collect();
        // `seated A to B`: the option `players` chooses how many sit, the first ones.
        if let Some(((lo, lo_span), (hi, hi_span))) = seats {
            let most = self.players.len() as u32;
            if lo < 1 || lo > hi || hi > most {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        if lo == hi {
                            format!("{lo} players cannot be seated from {most} names")
                        } else {
                            format!("{lo} to {hi} players cannot be seated from {most} names")
                        },
                        lo_span.to(hi_span),
                        "this range",
                    )
                    .hint(format!("write `seated A to B` with 1 <= A <= B <= {most}")),
                );
                return;
            }
            let mut count = lo;
            if let Some((_, v)) = overrides.iter().rev().find(|(k, _)| k == "players") {
                match v.trim().parse::<u32>() {
                    Ok(c) if (lo..=hi).contains(&c) => count = c,
                    _ => self.error(
                        Diagnostic::error(
                            codes::BAD_OPTION_VALUE,
                            format!("`players={v}` is not a number of players for this game"),
                        )
                        .hint(format!("{lo} to {hi} players can play")),
                    ),
                }
            }
            self.unseated = self.players.split_off(count as usize);
            // `seated N`: a fixed number (a variant seating fewer than its base names),
            // nothing to choose.
            if lo < hi {
                self.option_info.push(ir::OptionInfo {
                    name: "players".into(),
                    kind: format!("int ({lo} to {hi})"),
                    value: count.to_string(),
                    default: lo.to_string(),
                    doc: format!(
                        "how many play: {}",
                        names
                            .iter()
                            .map(|n| n.text.as_str())
                            .take(hi as usize)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                });
            }
            self.options
                .insert("players".into(), OptValue::Int(count as i64));
        }
    }

    pub(super) fn cell_ref(&mut self, n: &Name) -> Option<CellId> {
        match self.names.cells.get(&n.text) {
            Some(&c) => Some(c),
            None => {
                let mut d = err(
                    codes::UNKNOWN_CELL,
                    format!("there is no cell `{}` on the board", n.text),
                    n.span,
                    "unknown cell",
                );
                match suggest(&n.text, self.board.cells.iter()) {
                    Some(s) => d = d.hint(s),
                    None => d = d.hint(self.cells_hint()),
                }
                self.error(d);
                None
            }
        }
    }

    fn cells_hint(&self) -> String {
        let c = &self.board.cells;
        match c.len() {
            0 => "the board has no cells".into(),
            1..=6 => format!("the cells are {}", c.join(", ")),
            n => format!(
                "the cells are {} … {} ({n} in all)",
                c[..3].join(", "),
                c[n - 1]
            ),
        }
    }

    pub(super) fn player_ref(&mut self, n: &Name) -> Option<usize> {
        match self.players.iter().position(|p| *p == n.text) {
            Some(i) => Some(i),
            // A player who is not seated in this game: their entries do not count.
            None if self.unseated.contains(&n.text) => None,
            None => {
                let mut d = err(
                    codes::UNKNOWN_PLAYER,
                    format!("there is no player `{}`", n.text),
                    n.span,
                    "unknown player",
                );
                d = with_suggestion(d, &n.text, self.players.iter());
                d = d.hint(format!("the players are {}", self.players.join(", ")));
                self.error(d);
                None
            }
        }
    }

    pub(super) fn zone_ref(&mut self, n: &Name) -> Option<ir::ZoneId> {
        if let Some(&z) = self.names.zones.get(&n.text) {
            return Some(z);
        }
        let mut names: Vec<String> = self.names.zones.keys().cloned().collect();
        names.sort();
        let mut d = err(
            codes::UNKNOWN_NAME,
            format!("there is no zone `{}`", n.text),
            n.span,
            "unknown zone",
        );
        d = with_suggestion(d, &n.text, names.iter());
        d = d.hint(if names.is_empty() {
            "declare one with `zone NAME per player` (a reserve) or `zone NAME` (shared)"
                .to_string()
        } else {
            format!("the zones are {}", names.join(", "))
        });
        self.error(d);
        None
    }

    pub(super) fn piece_ref(&mut self, n: &Name) -> Option<PieceId> {
        match self.names.pieces.get(&n.text) {
            Some(&p) => Some(p),
            None => {
                let mut d = err(
                    codes::UNKNOWN_PIECE,
                    format!("there is no piece `{}`", n.text),
                    n.span,
                    "unknown piece",
                );
                let mut names: Vec<String> = self.names.pieces.keys().cloned().collect();
                names.sort();
                d = with_suggestion(d, &n.text, names.iter());
                d = d.hint(format!("the pieces are {}", names.join(", ")));
                self.error(d);
                None
            }
        }
    }
}
