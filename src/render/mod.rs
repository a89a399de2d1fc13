//! Rendering: the key, zones and variables as lines (diagnostics are in `diagnostics`); the board as text (`text`) and as an SVG picture (`svg`, with the `caption` under its board).

mod caption;
mod svg;
mod text;

pub use svg::{svg, svg_after};
pub use text::board;

use tessel_interpreter::{Game, Piece, State};
use tessel_lang::ir::{CellId, NO_CELL};

/// What the ruleset's marks mean (`show … "legend"`), as one line.
pub fn legend(game: &Game) -> Option<String> {
    let parts: Vec<String> = game
        .program
        .marks
        .iter()
        // A mark that no position can show (its condition is false by the options) is
        // left out.
        .filter(|m| {
            !matches!(
                m.place,
                tessel_lang::ir::MarkPlace::Cond(tessel_lang::ir::Expr::Bool(false))
            )
        })
        // A colour for pictures alone is in the pictures' key, not the text board's.
        .filter(|m| !m.colour_only())
        .filter_map(|m| {
            m.legend.as_ref().map(|l| {
                let shown = if m.text.trim().is_empty() {
                    "blank".to_string()
                } else if m.after {
                    format!("…{}", m.text)
                } else {
                    m.text.clone()
                };
                format!("{shown} {l}")
            })
        })
        .collect();
    (!parts.is_empty()).then(|| format!("Key: {}", parts.join(" · ")))
}

/// How the sides are named beside their zones and values: the player's name and, where
/// people change sides (`people by VAR`), the person playing it now, as `who` names them
/// (numbered from 0): `black (person 2)`.
pub fn side_names(game: &Game, s: &State, who: impl Fn(usize) -> String) -> Vec<String> {
    let players = &game.program.players;
    if game.program.people.is_none() {
        return players.clone();
    }
    players
        .iter()
        .zip(game.people(s))
        .map(|(p, person)| format!("{p} ({})", who(person)))
        .collect()
}

/// What the zones hold, as a line: `reserve: white D G · black d g`, each piece by its
/// symbol and a count when more than one (empty zones left out); `sides` names each
/// player's part ([`side_names`]).
pub fn zones(game: &Game, s: &State, sides: &[String]) -> String {
    let players = sides;
    let kinds = game.program.pieces.len();
    let mut parts = Vec::new();
    for (z, zone) in game.program.zones.iter().enumerate() {
        let owners: Vec<usize> = if zone.per_player {
            (0..players.len()).collect()
        } else {
            vec![0]
        };
        let mut each = Vec::new();
        for &p in &owners {
            let held: Vec<String> = (0..kinds)
                .filter_map(|k| {
                    let n = s
                        .zones
                        .get(game.zone_slot(z as u8, p as u8, k as u8))
                        .copied()
                        .unwrap_or(0);
                    let sym = game.symbol(Piece::new(k as u8, p as u8));
                    match n {
                        0 => None,
                        1 => Some(sym),
                        n => Some(format!("{n}{sym}")),
                    }
                })
                .collect();
            if held.is_empty() {
                continue;
            }
            if zone.per_player {
                each.push(format!("{} {}", players[p], held.join(" ")));
            } else {
                each.push(held.join(" "));
            }
        }
        if !each.is_empty() {
            parts.push(format!("{}: {}", zone.name, each.join(", ")));
        }
    }
    parts.join(" · ")
}

/// The variables of the game that are one value or one per player, as a line (names that
/// begin with `_` are bookkeeping and left out); `sides` names each player's value
/// ([`side_names`]), but for the variable that says who the people are.
pub fn variables(game: &Game, s: &State, sides: &[String]) -> String {
    let people_var = game.program.people.map(|p| p.by as usize);
    let mut parts = Vec::new();
    // Properties of every cell written as maps in positions (`cells NAME "…"`).
    let mapped: Vec<u16> = game
        .program
        .position
        .iter()
        .filter_map(|f| match f {
            tessel_lang::ir::Field::CellMap(v, _) => Some(*v),
            _ => None,
        })
        .collect();
    let value = |v: &tessel_lang::ir::Var, i: usize| game.var(s, &v.name, i).unwrap_or(0);
    for (id, v) in game.program.vars.iter().enumerate() {
        let show = |x: i64| match v.ty {
            tessel_lang::ir::Type::Cell => game
                .board
                .cell_names
                .get(x as usize)
                .cloned()
                .unwrap_or_else(|| "none".into()),
            tessel_lang::ir::Type::Bool => (x != 0).to_string(),
            _ => x.to_string(),
        };
        // The ruleset's label for it (`label NAME "text"`); an empty one hides it.
        let name = v.label.as_deref().unwrap_or(&v.name);
        if v.name.starts_with('_')
            || name.is_empty()
            || mapped.contains(&(id as u16))
            || v.per_piece
        {
            // Bookkeeping, and the pieces' own values (listed with the pieces below).
        } else if v.per_player {
            let names = if people_var == Some(id) {
                &game.program.players
            } else {
                sides
            };
            let each: Vec<String> = names
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{p} {}", show(value(v, i))))
                .collect();
            parts.push(format!("{name}: {}", each.join(", ")));
        } else if !v.per_cell {
            parts.push(format!("{name} {}", show(value(v, 0))));
        } else {
            // A per-cell value: the cells where it is set, when they are few (a property
            // of many cells is the board's to show, with `show`).
            let unset =
                |x: i64| x == 0 || (v.ty == tessel_lang::ir::Type::Cell && x == NO_CELL as i64);
            let each: Vec<String> = (0..game.board.cells())
                .filter(|&c| !unset(value(v, c)))
                .map(|c| format!("{} {}", game.board.cell_names[c], show(value(v, c))))
                .collect();
            if !each.is_empty() && each.len() <= 8 {
                parts.push(format!("{name}: {}", each.join(", ")));
            }
        }
    }
    if s.rounds > 0 {
        parts.push(format!("round {}", s.rounds + 1));
    }
    let mut out = parts.join(" · ");
    let pieces = piece_values(game, s);
    if !pieces.is_empty() {
        if !out.is_empty() {
            out.push('\n');
        }
        out += &pieces;
    }
    out
}

/// The `per piece` values of the pieces on the board, a piece a line part:
/// `i1 bloods_on 1 walkers_on 2; j1 …` (those that are 0, and bookkeeping, left out).
pub fn piece_values(game: &Game, s: &State) -> String {
    let shown: Vec<&tessel_lang::ir::Var> = game
        .program
        .vars
        .iter()
        .filter(|v| v.per_piece && !v.name.starts_with('_') && v.label.as_deref() != Some(""))
        .collect();
    if shown.is_empty() {
        return String::new();
    }
    let mut each = Vec::new();
    for c in 0..game.board.cells() {
        if s.cells[c].is_none() {
            continue;
        }
        let vals: Vec<String> = shown
            .iter()
            .filter_map(|v| {
                let x = game.var(s, &v.name, c).unwrap_or(0);
                (x != 0).then(|| format!("{} {x}", v.label.as_deref().unwrap_or(&v.name)))
            })
            .collect();
        if !vals.is_empty() {
            each.push(format!("{} {}", game.board.cell_names[c], vals.join(" ")));
        }
    }
    each.join("; ")
}

/// Where the cells of a board of cells and links stand when every one is named as a file
/// letter and a rank (`a7`, `d1`, as on a nine men's morris board): column and row from 0,
/// rank 1 at the bottom. `None` when some name is not so, or two name one place.
pub(crate) fn named_places(names: &[String]) -> Option<Vec<(u32, u32)>> {
    let places: Vec<(u32, u32)> = names
        .iter()
        .map(|name| {
            let file = name.chars().next().filter(char::is_ascii_lowercase)?;
            let rank = &name[1..];
            let rank: u32 = rank
                .parse()
                .ok()
                .filter(|r| (1..=60).contains(r) && !rank.starts_with('0'))?;
            Some((u32::from(file) - u32::from('a'), rank - 1))
        })
        .collect::<Option<_>>()?;
    let mut seen = places.clone();
    seen.sort_unstable();
    seen.dedup();
    (seen.len() == places.len() && !places.is_empty()).then_some(places)
}

/// A grid of hexagons laid in a rhombus (`board grid W x H rhombus`: of the diagonals only
/// `ne` and `sw` link) as rows of hexagons from the top, each row indented half a cell more
/// than the one above, so that `n` and `ne` are the two hexagons above a cell. `None` for
/// every other board.
pub(crate) fn rhombus_rows(game: &Game) -> Option<Vec<(u32, Vec<CellId>)>> {
    let (w, h) = game.board.grid?;
    let mut dirs: Vec<&str> = game.board.dir_names.iter().map(String::as_str).collect();
    dirs.sort_unstable();
    if dirs != ["e", "n", "ne", "s", "sw", "w"] || game.board.rows.is_some() {
        return None;
    }
    Some(
        (0..h)
            .map(|i| {
                let y = h - 1 - i;
                (i, (0..w).map(|x| (x + y * w) as CellId).collect())
            })
            .collect(),
    )
}
