//! Writing a state as a position string (`position_string`), field by field in the order
//! the ruleset's `position` declares.

use crate::game::ruleset::Game;
use crate::state::{Piece, State};
use tessel_lang::ir::{Field, PieceId, PlayerId};

impl Game {
    /// The position string of a state, in the ruleset's format.
    pub fn position_string(&self, s: &State) -> String {
        let mut out: Vec<String> = Vec::new();
        for field in &self.program.position {
            out.push(match field {
                Field::Turns => s.turns.to_string(),
                Field::Board(joined) => {
                    let rows: Vec<String> = self
                        .board_order()
                        .iter()
                        .map(|row| {
                            let mut r = String::new();
                            let mut run = 0;
                            for &c in row {
                                let p = s.cells[c as usize];
                                if p.is_none() {
                                    run += 1;
                                    continue;
                                }
                                if run > 0 {
                                    r += &run.to_string();
                                    run = 0;
                                }
                                let write = |sym: String| {
                                    if sym.chars().count() == 1 {
                                        sym
                                    } else {
                                        format!("({sym})")
                                    }
                                };
                                let mut under: Vec<Piece> = s
                                    .buried
                                    .iter()
                                    .filter(|(bc, _)| *bc == c)
                                    .map(|(_, q)| *q)
                                    .collect();
                                // A pile has no order: write it by player, then type.
                                let mut p = p;
                                if self.program.piles && !under.is_empty() {
                                    under.push(p);
                                    under.sort_by_key(|q| (q.owner(), q.kind()));
                                    p = under.pop().unwrap_or(p);
                                }
                                if under.is_empty() {
                                    r += &write(self.symbol(p));
                                } else if let Some(j) = joined {
                                    for q in under {
                                        r += &write(self.symbol(q));
                                        r += j;
                                    }
                                    r += &write(self.symbol(p));
                                } else {
                                    r.push('[');
                                    for q in under {
                                        r += &write(self.symbol(q));
                                    }
                                    r += &write(self.symbol(p));
                                    r.push(']');
                                }
                            }
                            if run > 0 {
                                r += &run.to_string();
                            }
                            r
                        })
                        .collect();
                    rows.join("/")
                }
                Field::Turn(syms) => syms.get(s.to_move as usize).cloned().unwrap_or_default(),
                Field::Rights(rights) => {
                    let r: String = rights
                        .iter()
                        .filter(|(_, cells)| {
                            cells.iter().all(|&c| {
                                s.cells
                                    .get(c as usize)
                                    .is_some_and(|p| !p.is_none() && !p.moved())
                            })
                        })
                        .map(|(l, _)| l.as_str())
                        .collect();
                    if r.is_empty() {
                        "-".into()
                    } else {
                        r
                    }
                }
                Field::Cell(v) => {
                    let c = s.vars[self.var_slot[*v as usize]];
                    self.board
                        .cell_names
                        .get(c as usize)
                        .cloned()
                        .unwrap_or_else(|| "-".into())
                }
                Field::CellMap(v, chars) => {
                    let slot = self.var_slot[*v as usize];
                    let rows: Vec<String> = self
                        .board_order()
                        .iter()
                        .map(|row| {
                            row.iter()
                                .map(|&c| {
                                    let x = s.vars[slot + c as usize];
                                    match usize::try_from(x).ok().and_then(|i| chars.get(i)) {
                                        Some(ch) => ch.to_string(),
                                        None => format!("({x})"),
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    rows.join("/")
                }
                Field::Counter(v) => s.vars[self.var_slot[*v as usize]].to_string(),
                Field::Counters(v, offsets) => offsets
                    .iter()
                    .map(|o| s.vars[self.var_slot[*v as usize] + *o as usize].to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
                Field::Number => (s.turns / self.players as u32 + 1).to_string(),
                Field::Zone(z, _) => {
                    let per_player = self
                        .program
                        .zones
                        .get(*z as usize)
                        .is_some_and(|zz| zz.per_player);
                    let owners = if per_player { self.players } else { 1 };
                    // When a symbol stands for every player, parts are written apart.
                    let shared = |k: usize| {
                        let sy = &self.program.pieces[k].symbols;
                        sy.len() > 1 && sy.iter().all(|x| *x == sy[0])
                    };
                    let apart = per_player
                        && (0..self.program.pieces.len()).any(|k| {
                            shared(k)
                                && (0..owners).any(|p| {
                                    s.zones[self.zone_slot(*z, p as PlayerId, k as PieceId)] > 0
                                })
                        });
                    let mut t = String::new();
                    for p in 0..owners {
                        if apart && p > 0 {
                            t.push('/');
                        }
                        let before = t.len();
                        for k in 0..self.program.pieces.len() {
                            let n = s.zones[self.zone_slot(*z, p as PlayerId, k as PieceId)];
                            if n == 0 {
                                continue;
                            }
                            if n > 1 {
                                t += &n.to_string();
                            }
                            let sym = self.symbol(Piece::new(k as PieceId, p as PlayerId));
                            t += &if sym.chars().count() == 1 {
                                sym
                            } else {
                                format!("({sym})")
                            };
                        }
                        if apart && t.len() == before {
                            t.push('-');
                        }
                    }
                    if apart && t.chars().all(|c| c == '-' || c == '/') {
                        t.clear();
                    }
                    if t.is_empty() {
                        "-".into()
                    } else {
                        t
                    }
                }
            });
        }
        // Optional zone fields at the end are left out while empty.
        let mut keep = out.len();
        for (i, field) in self.program.position.iter().enumerate().rev() {
            match field {
                Field::Zone(_, true) if i + 1 == keep && out[i] == "-" => keep = i,
                _ => break,
            }
        }
        out.truncate(keep);
        out.join(" ")
    }
}
