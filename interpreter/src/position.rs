//! Position strings (FEN-like): fields in the order the ruleset's `position` declares,
//! the board field lexed with logos. Parsing returns errors, never panics. This file
//! reads them (and names pieces and cells); `write` writes them; `complete` writes and
//! reads the complete form, the whole state.

mod complete;
mod write;

pub use complete::{is_complete, COMPLETE_VERSION};

use crate::game::ruleset::Game;
use crate::state::{Piece, State};
use logos::Logos;
use tessel_lang::ir::{CellId, Field, PieceId, PlayerId, NEUTRAL, NO_CELL};

#[derive(Logos, Debug, PartialEq, Clone, Copy)]
enum BoardToken {
    #[regex("[0-9]+")]
    Run,
    #[token("/")]
    Row,
    /// A symbol of several characters, in parentheses.
    #[regex(r"\([^()\s/]+\)")]
    Long,
    /// A stack, bottom first, in brackets: `[Pk]`.
    #[regex(r"\[[^\[\]\s/]*\]")]
    Stack,
    #[regex(r"[^0-9/()\[\]\s]")]
    Char,
}

/// The symbols of a stack's text (`Pk(Ab)c` → `P`, `k`, `Ab`, `c`).
fn stack_symbols(inner: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = inner;
    while let Some(c) = rest.chars().next() {
        if c == '(' {
            match rest.find(')') {
                Some(end) => {
                    out.push(&rest[1..end]);
                    rest = &rest[end + 1..];
                }
                None => {
                    out.push(rest);
                    break;
                }
            }
        } else {
            out.push(&rest[..c.len_utf8()]);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// A position string that could not be read: what is wrong and where (byte offsets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub message: String,
    pub start: usize,
    pub end: usize,
    pub hint: String,
}

fn perr(
    message: impl Into<String>,
    start: usize,
    end: usize,
    hint: impl Into<String>,
) -> PositionError {
    PositionError {
        message: message.into(),
        start,
        end,
        hint: hint.into(),
    }
}

impl Game {
    fn symbol_of(&self, sym: &str) -> Option<(PieceId, PlayerId)> {
        for (k, p) in self.program.pieces.iter().enumerate() {
            for (pl, s) in p.symbols.iter().enumerate() {
                if s == sym {
                    let owner = if p.neutral { NEUTRAL } else { pl as PlayerId };
                    return Some((k as PieceId, owner));
                }
            }
        }
        None
    }

    /// The symbol of a piece as it is written in positions and on the board.
    pub fn symbol(&self, p: Piece) -> String {
        self.program
            .pieces
            .get(p.kind() as usize)
            .and_then(|pt| {
                pt.symbols
                    .get((p.owner() as usize).min(pt.symbols.len().max(1) - 1))
            })
            .cloned()
            .unwrap_or_else(|| "?".into())
    }

    /// Cells in the order the board field lists them: for grids, from the top row down.
    pub fn board_order(&self) -> Vec<Vec<CellId>> {
        match self.board.grid {
            Some((w, h)) => {
                let mut rows: Vec<Vec<CellId>> = (0..h)
                    .rev()
                    .map(|y| (0..w).map(|x| (x + y * w) as CellId).collect())
                    .collect();
                // A drawn grid's spare tessels (made in play) are a last row of their own.
                let grid = (w * h) as usize;
                if self.board.cells() > grid {
                    rows.push((grid as CellId..self.board.cells() as CellId).collect());
                }
                rows
            }
            None => match &self.board.rows {
                Some(rows) => rows.iter().map(|(_, r)| r.clone()).collect(),
                None => vec![(0..self.board.cells() as CellId).collect()],
            },
        }
    }

    /// The start position of the ruleset, or an empty board with the first player to move;
    /// the ruleset's `setup` runs, then the first turn begins.
    pub fn start_state(&self, seed: u64) -> Result<State, PositionError> {
        match &self.program.start {
            Some((text, _)) => self.parse_position(text, seed),
            None => {
                let mut s = self.empty_state(seed);
                self.run_setup(&mut s);
                Ok(s)
            }
        }
    }

    /// Reads a position string in the ruleset's format. A game begins there: the ruleset's
    /// `setup` runs, then (after any chance it starts) the turn it stands at begins (its
    /// `start` block runs). A complete form (`complete_string`) is read whole instead: the
    /// game goes on where it was saved, with the saved generator (`seed` unused).
    pub fn parse_position(&self, text: &str, seed: u64) -> Result<State, PositionError> {
        self.read_position(text, seed, true)
    }

    pub(crate) fn read_position(
        &self,
        text: &str,
        seed: u64,
        begin: bool,
    ) -> Result<State, PositionError> {
        // A complete form carries its own generator and stands where it was saved.
        if is_complete(text) {
            return self.read_complete(text);
        }
        let mut s = self.empty_state(seed);
        // Fields are separated by whitespace; remember where each one starts.
        let mut fields = Vec::new();
        let mut start = None;
        for (i, ch) in text.char_indices() {
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(st)) => {
                    fields.push((st, &text[st..i]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(st) = start {
            fields.push((st, &text[st..]));
        }
        if fields.is_empty() {
            return Err(perr(
                "the position is empty",
                0,
                text.len(),
                "write at least the board field",
            ));
        }
        let format = &self.program.position;
        if fields.len() > format.len() {
            let (st, f) = fields[format.len()];
            return Err(perr(
                format!(
                    "the position has {} fields, and this ruleset's have at most {}",
                    fields.len(),
                    format.len()
                ),
                st,
                st + f.len(),
                "remove the extra fields",
            ));
        }
        let has_rights = format.iter().any(|f| matches!(f, Field::Rights(_)));
        for (i, field) in format.iter().enumerate() {
            let Some(&(st, f)) = fields.get(i) else { break };
            let end = st + f.len();
            match field {
                Field::Board(joined) => self.parse_board(&mut s, f, st, joined.as_deref())?,
                Field::Turns => match f.parse::<u32>() {
                    Ok(n) if n < 100_000_000 => {
                        s.turns = n;
                        s.ply = n;
                    }
                    _ => {
                        return Err(perr(
                            format!("`{f}` is not a count of turns"),
                            st,
                            end,
                            "write a whole number, 0 or more",
                        ))
                    }
                },
                Field::Turn(syms) => match syms.iter().position(|x| x == f) {
                    Some(p) => s.to_move = p as PlayerId,
                    None => {
                        return Err(perr(
                            format!("`{f}` does not say whose turn it is"),
                            st,
                            end,
                            format!("write one of {}", syms.join(", ")),
                        ))
                    }
                },
                Field::Rights(rights) => {
                    if f != "-" {
                        let mut rest = f;
                        let mut off = st;
                        'outer: while !rest.is_empty() {
                            for (letter, cells) in rights {
                                if let Some(r) = rest.strip_prefix(letter.as_str()) {
                                    for &c in cells {
                                        let p = s.cells[c as usize];
                                        if p.is_none() {
                                            return Err(perr(
                                                format!(
                                                    "the right `{letter}` needs a piece on {}",
                                                    self.board.cell_names[c as usize]
                                                ),
                                                off,
                                                off + letter.len(),
                                                "remove the right, or put the piece there",
                                            ));
                                        }
                                        s.cells[c as usize] = p.with_moved(false);
                                    }
                                    off += letter.len();
                                    rest = r;
                                    continue 'outer;
                                }
                            }
                            let names: Vec<&str> = rights.iter().map(|(l, _)| l.as_str()).collect();
                            return Err(perr(
                                format!(
                                    "`{}` is not a right of this game",
                                    rest.chars().next().unwrap_or('?')
                                ),
                                off,
                                off + 1,
                                format!("the rights are {} (or - for none)", names.join("")),
                            ));
                        }
                    }
                }
                Field::CellMap(v, chars) => self.parse_cell_map(&mut s, *v, chars, f, st)?,
                Field::Cell(v) => {
                    let val = if f == "-" {
                        NO_CELL
                    } else {
                        match self.board.cell_by_name(f) {
                            Some(c) => c,
                            None => {
                                return Err(perr(
                                    format!("there is no cell `{f}`"),
                                    st,
                                    end,
                                    "write a cell name, or - for none",
                                ))
                            }
                        }
                    };
                    s.vars[self.var_slot[*v as usize]] = val as i64;
                }
                Field::Counter(v) => match f.parse::<i64>() {
                    Ok(n) if n >= 0 => s.vars[self.var_slot[*v as usize]] = n,
                    _ => {
                        return Err(perr(
                            format!("`{f}` is not a count"),
                            st,
                            end,
                            "write a whole number, 0 or more",
                        ))
                    }
                },
                Field::Counters(v, offsets) => {
                    let values: Vec<&str> = f.split('/').collect();
                    if values.len() != offsets.len() {
                        return Err(perr(
                            format!(
                                "`{f}` holds {} value{}, and this field has {}",
                                values.len(),
                                if values.len() == 1 { "" } else { "s" },
                                offsets.len()
                            ),
                            st,
                            end,
                            format!("write {} numbers, `/` between", offsets.len()),
                        ));
                    }
                    for (text, off) in values.iter().zip(offsets) {
                        match text.parse::<i64>() {
                            Ok(n) if n.abs() < 1_000_000_000 => {
                                s.vars[self.var_slot[*v as usize] + *off as usize] = n
                            }
                            _ => {
                                return Err(perr(
                                    format!("`{text}` is not a number"),
                                    st,
                                    end,
                                    "write whole numbers, `/` between",
                                ))
                            }
                        }
                    }
                }
                Field::Zone(z, _) => {
                    if f.contains('/') {
                        self.parse_zone_parts(&mut s, *z, f, st)?;
                    } else if f != "-" {
                        self.parse_zone(&mut s, *z, f, st, None)?;
                    }
                }
                Field::Number => match f.parse::<u32>() {
                    Ok(n) if (1..1_000_000).contains(&n) => {
                        s.turns = (n - 1) * self.players as u32 + s.to_move as u32;
                        s.ply = s.turns;
                    }
                    _ => {
                        return Err(perr(
                            format!("`{f}` is not a move number"),
                            st,
                            end,
                            "write a whole number from 1",
                        ))
                    }
                },
            }
        }
        if !has_rights {
            for c in s.cells.iter_mut() {
                if !c.is_none() {
                    *c = c.with_moved(false);
                }
            }
            for (_, p) in s.buried.iter_mut() {
                *p = p.with_moved(false);
            }
        }
        self.find_royals(&mut s);
        // A position string stands at the start of a turn.
        if begin {
            self.run_setup(&mut s);
        }
        Ok(s)
    }

    /// A zone of every player, one part each in seat order, `/` between (`2o/x/-`): how
    /// a zone is written when a piece has one symbol for every player.
    fn parse_zone_parts(
        &self,
        s: &mut State,
        zone: tessel_lang::ir::ZoneId,
        f: &str,
        base: usize,
    ) -> Result<(), PositionError> {
        let per_player = self
            .program
            .zones
            .get(zone as usize)
            .is_some_and(|z| z.per_player);
        let parts = f.split('/').count();
        if !per_player || parts != self.players {
            return Err(perr(
                format!("`{f}` has {parts} parts"),
                base,
                base + f.len(),
                format!(
                    "write `/` only in a zone of every player, one part each ({} parts)",
                    self.players
                ),
            ));
        }
        let mut at = base;
        for (p, part) in f.split('/').enumerate() {
            if part != "-" && !part.is_empty() {
                self.parse_zone(s, zone, part, at, Some(p as PlayerId))?;
            }
            at += part.len() + 1;
        }
        Ok(())
    }

    /// A zone field: symbols, each after an optional count (`2Pb`), into the part of the
    /// symbol's owner or of `part`.
    fn parse_zone(
        &self,
        s: &mut State,
        zone: tessel_lang::ir::ZoneId,
        f: &str,
        base: usize,
        part: Option<PlayerId>,
    ) -> Result<(), PositionError> {
        let mut lex = BoardToken::lexer(f);
        let mut count: Option<u16> = None;
        while let Some(tok) = lex.next() {
            let span = lex.span();
            let (st, en) = (base + span.start, base + span.end);
            let text = lex.slice();
            match tok {
                Ok(BoardToken::Run) if count.is_none() => match text.parse::<u16>() {
                    Ok(n) if (1..=9999).contains(&n) => count = Some(n),
                    _ => {
                        return Err(perr(
                            format!("`{text}` is not a count of pieces"),
                            st,
                            en,
                            "write 1 to 9999 before a symbol",
                        ))
                    }
                },
                Ok(BoardToken::Char) | Ok(BoardToken::Long) => {
                    let sym = text.trim_start_matches('(').trim_end_matches(')');
                    let Some((k, p)) = self.symbol_of(sym) else {
                        return Err(perr(
                            format!("`{sym}` is not a piece of this game"),
                            st,
                            en,
                            "write piece symbols, each after an optional count",
                        ));
                    };
                    let slot = self.zone_slot(zone, part.unwrap_or(p), k);
                    let total = s.zones[slot].saturating_add(count.take().unwrap_or(1));
                    // What can be written back: one count of at most 9999 a piece type.
                    if total > 9999 {
                        return Err(perr(
                            format!("more than 9999 `{sym}` in one zone"),
                            st,
                            en,
                            "a zone holds at most 9999 pieces of a type",
                        ));
                    }
                    s.zones[slot] = total;
                }
                _ => {
                    return Err(perr(
                        format!("`{text}` cannot stand in a zone field"),
                        st,
                        en,
                        "write piece symbols, each after an optional count, or - for none",
                    ))
                }
            }
        }
        if count.is_some() {
            return Err(perr(
                "the zone field ends with a count",
                base,
                base + f.len(),
                "write the symbol after the count",
            ));
        }
        Ok(())
    }

    fn parse_board(
        &self,
        s: &mut State,
        f: &str,
        base: usize,
        joined: Option<&str>,
    ) -> Result<(), PositionError> {
        // With `board stacks "-"`, `i-P` is a P on an i: the joiner puts the next piece on
        // top of the last one placed.
        let mut join = false;
        // The last token placed a piece (a joiner may follow only a piece).
        let mut after_piece = false;
        let order = self.board_order();
        let grid = self.board.grid.is_some() || self.board.rows.is_some();
        let mut row = 0usize;
        let mut col = 0usize;
        let mut lex = BoardToken::lexer(f);
        let rows = order.len();
        while let Some(tok) = lex.next() {
            let span = lex.span();
            let (st, en) = (base + span.start, base + span.end);
            let text = lex.slice();
            let width = order.get(row).map(|r| r.len()).unwrap_or(0);
            match tok {
                Err(()) => {
                    return Err(perr(
                        format!("`{text}` cannot stand in a board field"),
                        st,
                        en,
                        "write piece symbols, digits for empty cells and / between rows",
                    ))
                }
                Ok(BoardToken::Row | BoardToken::Run) if join => {
                    return Err(perr(
                        "a joiner must be followed by a piece",
                        st,
                        en,
                        "write a stack bottom first, the joiner between its pieces",
                    ))
                }
                Ok(BoardToken::Row) if !grid => after_piece = false,
                Ok(BoardToken::Row) => {
                    after_piece = false;
                    if col != width {
                        return Err(perr(
                            format!(
                                "row {} has {col} cells, and the board is {width} wide",
                                row + 1
                            ),
                            st,
                            en,
                            "each row lists every cell: pieces and digit runs of empty cells",
                        ));
                    }
                    row += 1;
                    col = 0;
                    if row >= rows {
                        return Err(perr(
                            format!("the board has {rows} rows"),
                            st,
                            en,
                            "remove the extra rows",
                        ));
                    }
                }
                Ok(BoardToken::Run) => {
                    let n: usize = text.parse().unwrap_or(usize::MAX);
                    if n == 0 || col.saturating_add(n) > width {
                        return Err(perr(
                            format!("{n} empty cells do not fit in the row"),
                            st,
                            en,
                            format!("the row is {width} cells wide"),
                        ));
                    }
                    col += n;
                    after_piece = false;
                }
                Ok(BoardToken::Char) if joined == Some(text) => {
                    if col == 0 || join || !after_piece {
                        return Err(perr(
                            format!("`{text}` joins two pieces of a stack"),
                            st,
                            en,
                            format!("write a stack bottom first, `{text}` between its pieces"),
                        ));
                    }
                    join = true;
                }
                Ok(BoardToken::Char) | Ok(BoardToken::Long) => {
                    let sym = text.trim_start_matches('(').trim_end_matches(')');
                    let Some((k, p)) = self.symbol_of(sym) else {
                        let known: Vec<String> = self
                            .program
                            .pieces
                            .iter()
                            .flat_map(|p| p.symbols.clone())
                            .collect();
                        return Err(perr(
                            format!("`{sym}` is not a piece of this game"),
                            st,
                            en,
                            format!("the symbols are {}", known.join(" ")),
                        ));
                    };
                    if join {
                        // On top of the piece just placed.
                        join = false;
                        let c = order[row][col - 1];
                        let under = s.cells[c as usize];
                        s.buried.push((c, under));
                        s.cells[c as usize] = Piece::new(k, p).with_moved(true);
                        after_piece = true;
                        continue;
                    }
                    if col >= width {
                        return Err(perr(
                            "this piece does not fit in the row",
                            st,
                            en,
                            format!("the row is {width} cells wide"),
                        ));
                    }
                    let c = order[row][col];
                    s.cells[c as usize] = Piece::new(k, p).with_moved(true);
                    col += 1;
                    after_piece = true;
                }
                Ok(BoardToken::Stack) => {
                    let syms = stack_symbols(&text[1..text.len() - 1]);
                    if syms.is_empty() {
                        return Err(perr("an empty stack", st, en, "write the stack's pieces, bottom first, e.g. [Pk]; an empty cell is a digit"));
                    }
                    if col >= width {
                        return Err(perr(
                            "this stack does not fit in the row",
                            st,
                            en,
                            format!("the row is {width} cells wide"),
                        ));
                    }
                    let c = order[row][col];
                    for (i, sym) in syms.iter().enumerate() {
                        let Some((k, p)) = self.symbol_of(sym) else {
                            return Err(perr(
                                format!("`{sym}` is not a piece of this game"),
                                st,
                                en,
                                "a stack lists piece symbols, bottom first",
                            ));
                        };
                        let piece = Piece::new(k, p).with_moved(true);
                        if i + 1 == syms.len() {
                            s.cells[c as usize] = piece;
                        } else {
                            s.buried.push((c, piece));
                        }
                    }
                    col += 1;
                    after_piece = true;
                }
            }
        }
        if join {
            return Err(perr(
                "a joiner must be followed by a piece",
                base,
                base + f.len(),
                "write a stack bottom first, the joiner between its pieces",
            ));
        }
        let width = order.get(row).map(|r| r.len()).unwrap_or(0);
        if col != width || row + 1 != rows {
            return Err(perr(format!("the board field describes {} of {} rows, and the last one has {col} of {width} cells", row + 1, rows), base, base + f.len(), "list every row, top first, with / between rows"));
        }
        Ok(())
    }

    /// Reads a `cells NAME "…"` field: one character (or a number in brackets) per cell,
    /// row by row, `/` between rows.
    fn parse_cell_map(
        &self,
        s: &mut State,
        v: u16,
        chars: &[char],
        f: &str,
        base: usize,
    ) -> Result<(), PositionError> {
        let order = self.board_order();
        let slot = self.var_slot[v as usize];
        let rows: Vec<&str> = f.split('/').collect();
        let written: String = chars.iter().collect();
        if rows.len() != order.len() {
            return Err(perr(
                format!(
                    "this field has {} rows, and the board {}",
                    rows.len(),
                    order.len()
                ),
                base,
                base + f.len(),
                "write every row of the board, top first, `/` between rows",
            ));
        }
        let mut off = base;
        for (text, row) in rows.iter().zip(&order) {
            let mut values = Vec::with_capacity(row.len());
            let mut rest = *text;
            let mut at = off;
            while let Some(ch) = rest.chars().next() {
                if ch == '(' {
                    let Some(close) = rest.find(')') else {
                        return Err(perr(
                            "a `(` without its `)`",
                            at,
                            off + text.len(),
                            "write a value as (N)",
                        ));
                    };
                    match rest[1..close].parse::<i64>() {
                        Ok(n) if n.abs() < 1_000_000_000 => values.push(n),
                        _ => {
                            return Err(perr(
                                format!("`{}` is not a number", &rest[1..close]),
                                at,
                                at + close + 1,
                                "write a whole number in brackets",
                            ))
                        }
                    }
                    at += close + 1;
                    rest = &rest[close + 1..];
                } else {
                    match chars.iter().position(|&c| c == ch) {
                        Some(i) => values.push(i as i64),
                        None => {
                            return Err(perr(
                                format!("`{ch}` is not one of `{written}`"),
                                at,
                                at + ch.len_utf8(),
                                format!(
                                    "write one of `{written}` per cell, or a number in brackets"
                                ),
                            ))
                        }
                    }
                    at += ch.len_utf8();
                    rest = &rest[ch.len_utf8()..];
                }
            }
            if values.len() != row.len() {
                return Err(perr(
                    format!(
                        "this row has {} values, and the board row {} cells",
                        values.len(),
                        row.len()
                    ),
                    off,
                    off + text.len(),
                    "write one value per cell",
                ));
            }
            for (&c, x) in row.iter().zip(values) {
                s.vars[slot + c as usize] = x;
            }
            off += text.len() + 1;
        }
        Ok(())
    }
}
