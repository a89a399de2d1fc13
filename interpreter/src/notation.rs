//! Move notation: decisions written as origin and destination cell (`e2e4`, `e7e8=Q`),
//! and typed text read back with a logos lexer.

use crate::game::ruleset::{Game, Move};
use crate::state::{Piece, State};
use logos::Logos;
use tessel_lang::ir::{self, CellId, PieceId, PlayerId, NO_CELL};

#[derive(Logos, Debug, PartialEq, Clone, Copy)]
#[logos(skip r"[ \t\r\n]+")]
enum MoveToken {
    /// A cell name: letters then digits (`e2`, `W12`), or digits alone.
    #[regex("[A-Za-z_]*[0-9]+")]
    Cell,
    /// Between cells: `-`, `x`, `:`.
    #[regex("[-x:]", priority = 3)]
    Sep,
    /// A promotion: `=Q`, or a last letter (`e7e8q`).
    #[regex("=[^ \t\r\n]+")]
    Promo,
    #[regex("[A-Za-z]")]
    Letter,
    /// A drop: `P@e4`.
    #[token("@")]
    At,
    /// A rule number when two rules make the same move: `#2`.
    #[regex("#[0-9]+")]
    Rule,
}

/// Why typed text is not one legal decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move at all.
    Unreadable(String),
    /// No legal decision is written so.
    NoSuchMove(String),
    /// Several are; the texts that tell them apart.
    Ambiguous(Vec<String>),
    /// A drop typed with another player's symbol of the piece: the text typed and the
    /// mover's own writing of that drop.
    OtherSymbol(String, String),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Unreadable(w) => {
                write!(f, "`{w}` is not written like any decision of this game")
            }
            MoveError::NoSuchMove(w) => write!(f, "`{w}` is not a legal move here"),
            MoveError::Ambiguous(c) => write!(f, "that could be {}", c.join(" or ")),
            MoveError::OtherSymbol(w, own) => write!(
                f,
                "`{w}` drops another player's piece: a drop is written with the mover's own symbol, `{own}`"
            ),
        }
    }
}

impl Game {
    fn plain_text(&self, m: Move) -> String {
        self.text_from(m, "")
    }

    /// A move's text with `{origin}` in its template written as `origin`.
    fn text_from(&self, m: Move, origin: &str) -> String {
        let n = &self.board.cell_names;
        if m.is_pass() {
            return self
                .program
                .pass_text
                .clone()
                .unwrap_or_else(|| "pass".into());
        }
        if m.is_action() {
            let action = self.program.actions.get(m.rule as usize);
            if let Some(w) = action.and_then(|a| a.written.as_ref()) {
                let cell = n.get(m.to as usize).map(|s| s.as_str()).unwrap_or("");
                return w.replace("{to}", cell);
            }
            let name = action.map(|a| a.name.as_str()).unwrap_or("action");
            return match n.get(m.to as usize) {
                Some(cell) => format!("{name}@{cell}"),
                None => name.to_string(),
            };
        }
        if m.is_chance() {
            // Shown by `move_text`, which knows the event; here only its number.
            return format!("chance={}", m.to);
        }
        let to = n.get(m.to as usize).map(|s| s.as_str()).unwrap_or("?");
        let written = self
            .program
            .pieces
            .get(m.kind as usize)
            .and_then(|p| p.rules.get(m.rule as usize))
            .and_then(|r| r.written.as_ref());
        // What a plug-in move sets the piece's attribute to (`{set}`).
        let set = match m.count {
            0 => String::new(),
            c => (c - 1).to_string(),
        };
        // Where a plug-in's push sends the piece it meets (`{beyond}`).
        let beyond = match m.aux {
            NO_CELL => "",
            Move::OFF_BOARD => "off",
            c => n.get(c as usize).map_or("?", |s| s.as_str()),
        };
        // A chain of jumps: every cell it lands on (`c3xe5xg7`).
        let landed;
        let to = if m.path.len() > 1 {
            landed = self.path_text(m, written.map(|w| w.as_str()));
            landed.as_str()
        } else {
            to
        };
        let mut t = match (written, n.get(m.from as usize)) {
            (Some(w), from) => {
                let owner = if m.is_drop() { m.sub } else { 0 };
                w.replace("{from}", from.map(|s| s.as_str()).unwrap_or(""))
                    .replace("{to}", to)
                    .replace("{piece}", &self.piece_letter(m.kind, owner))
                    .replace("{count}", &m.count.to_string())
                    .replace("{origin}", origin)
                    .replace("{set}", &set)
                    .replace("{beyond}", beyond)
            }
            (None, from) => match from {
                Some(from) => format!("{from}{to}"),
                // A drop: the symbol of the piece coming in, `@`, the cell.
                None => format!("{}@{to}", self.symbol(Piece::new(m.kind, m.sub))),
            },
        };
        // A push or swap the template does not write says so: `>B` (`>off`), `<>`.
        if m.aux != NO_CELL && !written.is_some_and(|w| w.contains("{beyond}")) {
            if m.aux == m.from {
                t += "<>";
            } else {
                t += ">";
                t += beyond;
            }
        }
        if m.promo != 0 {
            let p = Piece::new(m.promo - 1, 0);
            // Promotions name the piece by the first player's symbol, like `=Q`.
            t += "=";
            t += &self.symbol(p);
        }
        t
    }

    /// The cells a chain of jumps lands on, joined by what the template writes between
    /// `{from}` and `{to}` (`{from}x{to}`: `e5xg7`), or by nothing.
    fn path_text(&self, m: Move, template: Option<&str>) -> String {
        let sep = template
            .and_then(|w| {
                let a = w.find("{from}")? + "{from}".len();
                let b = w[a..].find("{to}")?;
                Some(&w[a..a + b])
            })
            .unwrap_or("");
        let names = &self.board.cell_names;
        self.landings(m)
            .into_iter()
            .map(|c| names.get(c as usize).map_or("?", |s| s.as_str()))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// The text of a decision among the legal ones at `s` (they tell it apart from others).
    pub fn move_text(&self, s: &State, m: Move) -> String {
        if m.is_chance() {
            return self.chance_text(s, m);
        }
        let mut all = Vec::new();
        let mut tmp = self.empty_state(0);
        self.legal_moves(s, &mut all, &mut tmp);
        self.move_text_among(&all, m)
    }

    /// The text of `m` among `all`, with `#rule` when two decisions would read the same.
    pub fn move_text_among(&self, all: &[Move], m: Move) -> String {
        let t = self.plain_text(m);
        let mut clashes: Vec<&Move> = all
            .iter()
            .filter(|o| **o != m && self.plain_text(**o) == t)
            .collect();
        if clashes.is_empty() {
            return t;
        }
        // Pieces on other cells making the same move: the template's `{origin}` says which,
        // by the origin's column letters, else its row, else the whole cell (`eYfX8`).
        let mut t = t;
        if self.template_of(m).is_some_and(|w| w.contains("{origin}"))
            && clashes.iter().any(|o| o.from != m.from)
        {
            let names = &self.board.cell_names;
            let name = |c: CellId| names.get(c as usize).map_or("", |s| s.as_str());
            let letters = |c: CellId| -> String {
                name(c)
                    .chars()
                    .take_while(|ch| !ch.is_ascii_digit())
                    .collect()
            };
            let digits = |c: CellId| -> String {
                name(c)
                    .chars()
                    .skip_while(|ch| !ch.is_ascii_digit())
                    .collect()
            };
            let others: Vec<CellId> = clashes
                .iter()
                .map(|o| o.from)
                .filter(|&f| f != m.from)
                .collect();
            let origin = if others.iter().all(|&f| letters(f) != letters(m.from)) {
                letters(m.from)
            } else if others.iter().all(|&f| digits(f) != digits(m.from)) {
                digits(m.from)
            } else {
                name(m.from).to_string()
            };
            t = self.text_from(m, &origin);
            clashes.retain(|o| o.from == m.from);
            if clashes.is_empty() {
                return t;
            }
        }
        // Another rule makes the same move: `#rule`. The same rule moving another number of
        // pieces (`group any`): `*count`.
        let mut out = t;
        if clashes.iter().any(|o| o.rule != m.rule) {
            out += &format!("#{}", m.rule + 1);
        }
        if m.count > 0 && clashes.iter().any(|o| o.rule == m.rule) {
            out += &format!("*{}", m.count);
        }
        out
    }

    /// A chance outcome as `VARIABLE=VALUE` (`throw=3`), or for a draw `ZONE=SYMBOL`
    /// (`hand=W`; `hand=-` when there was nothing to draw).
    pub fn chance_text(&self, s: &State, m: Move) -> String {
        let value = self
            .chance_outcomes(s)
            .and_then(|o| o.get(m.to as usize).map(|(v, _)| *v));
        match (self.chance_var(s), value) {
            (Some(zone), Some(v))
                if matches!(self.waiting_chance(s), Some(ir::Chance::Draw { .. })) =>
            {
                let owner = s.pending.first().map_or(0, |p| p.owner);
                let sym = match tessel_lang::ir::PieceId::try_from(v) {
                    Ok(k) => self.symbol(Piece::new(k, owner)),
                    Err(_) => "-".to_string(),
                };
                format!("{zone}={sym}")
            }
            (Some(var), Some(v))
                if matches!(self.waiting_chance(s), Some(ir::Chance::Cell { .. })) =>
            {
                let cell = usize::try_from(v)
                    .ok()
                    .and_then(|c| self.board.cell_names.get(c))
                    .map_or("none", |n| n.as_str());
                format!("{var}={cell}")
            }
            (Some(var), Some(v)) => format!("{var}={v}"),
            _ => format!("chance={}", m.to),
        }
    }

    /// The one decision `found` for `text`, or why there is not exactly one.
    fn one_of(&self, text: &str, found: &[Move], legal: &[Move]) -> Result<Move, MoveError> {
        match found {
            [] => Err(MoveError::NoSuchMove(text.trim().to_string())),
            [m] => Ok(*m),
            _ => Err(MoveError::Ambiguous(
                found
                    .iter()
                    .map(|m| self.move_text_among(legal, *m))
                    .collect(),
            )),
        }
    }

    /// How move texts name a piece type: its `written` letter, else the symbol (of `owner`).
    fn piece_letter(&self, kind: PieceId, owner: PlayerId) -> String {
        match self
            .program
            .pieces
            .get(kind as usize)
            .and_then(|p| p.letter.clone())
        {
            Some(l) => l,
            None => self.symbol(Piece::new(kind, owner)),
        }
    }

    /// The `written` template of a piece move's rule.
    fn template_of(&self, m: Move) -> Option<&String> {
        if m.is_pass() || m.is_chance() || m.is_action() {
            return None;
        }
        self.program
            .pieces
            .get(m.kind as usize)
            .and_then(|p| p.rules.get(m.rule as usize))
            .and_then(|r| r.written.as_ref())
    }

    /// Reads typed text as one of the legal decisions `legal` at `s`: as
    /// [`Game::parse_move`] does, then by the other writings rules allow (`written "A" or
    /// "B"`), whose `{hit}` names the piece standing on the move's square in `s`.
    pub fn read_move(&self, s: &State, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let first = self.parse_move(text, legal);
        if matches!(first, Ok(_) | Err(MoveError::Ambiguous(_))) {
            return first;
        }
        let want = text.trim();
        let mut exact = Vec::new();
        let mut loose = Vec::new();
        for &m in legal {
            for t in self.other_writings(s, m) {
                if t == want {
                    exact.push(m);
                } else if t.eq_ignore_ascii_case(want) {
                    loose.push(m);
                }
            }
        }
        exact.dedup();
        loose.dedup();
        match (exact.is_empty(), loose.is_empty()) {
            (false, _) => self.one_of(text, &exact, legal),
            (true, false) => self.one_of(text, &loose, legal),
            _ => first,
        }
    }

    /// The other writings of a decision at `s` (none for passes and chance).
    fn other_writings(&self, s: &State, m: Move) -> Vec<String> {
        if m.is_pass() || m.is_chance() {
            return Vec::new();
        }
        let names = &self.board.cell_names;
        let name = |c: CellId| names.get(c as usize).map_or("", |n| n.as_str());
        let hit = s
            .cells
            .get(m.to as usize)
            .filter(|p| !p.is_none())
            .map(|p| self.piece_letter(p.kind(), p.owner()))
            .unwrap_or_default();
        // Places that are expressions: the cell they give in `s`, by name.
        let fill = |w: &ir::Writing, text: String, from: CellId, to: CellId| -> String {
            let cx = self.ctx(s, s.to_move, from, to, None);
            w.cells.iter().fold(text, |t, (place, e)| {
                let c = self.eval(e, &cx);
                let cell = CellId::try_from(c).map_or("", name);
                t.replace(&format!("{{{place}}}"), cell)
            })
        };
        if m.is_action() {
            return self
                .program
                .actions
                .get(m.rule as usize)
                .map(|a| {
                    a.also
                        .iter()
                        .map(|w| {
                            let t = w.text.replace("{to}", name(m.to)).replace("{hit}", &hit);
                            fill(w, t, m.to, m.to)
                        })
                        .collect()
                })
                .unwrap_or_default();
        }
        let Some(rule) = self
            .program
            .pieces
            .get(m.kind as usize)
            .and_then(|p| p.rules.get(m.rule as usize))
        else {
            return Vec::new();
        };
        let owner = if m.is_drop() { m.sub } else { 0 };
        let column: String = name(m.from)
            .chars()
            .take_while(|ch| !ch.is_ascii_digit())
            .collect();
        rule.also
            .iter()
            .map(|w| {
                let t = w
                    .text
                    .replace("{from}", name(m.from))
                    .replace("{to}", name(m.to))
                    .replace("{piece}", &self.piece_letter(m.kind, owner))
                    .replace("{count}", &m.count.to_string())
                    .replace("{hit}", &hit)
                    .replace("{column}", &column);
                fill(w, t, m.from, m.to)
            })
            .collect()
    }

    /// Reads typed text as one of the legal decisions `legal`.
    pub fn parse_move(&self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        // A decision written exactly as it is shown among the legal ones (`eYfX8`).
        let shown: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                !m.is_chance()
                    && self.template_of(*m).is_some()
                    && self
                        .move_text_among(legal, *m)
                        .eq_ignore_ascii_case(text.trim())
            })
            .collect();
        if shown.len() == 1 {
            return Ok(shown[0]);
        }
        // A decision written exactly as the ruleset writes it (`h4i4^`, `e1=U`, `Pass`).
        let exact: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !m.is_chance() && self.plain_text(*m) == text.trim())
            .collect();
        if !exact.is_empty() {
            return self.one_of(text, &exact, legal);
        }
        let loose: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !m.is_chance() && self.plain_text(*m).eq_ignore_ascii_case(text.trim()))
            .collect();
        if !loose.is_empty() {
            return self.one_of(text, &loose, legal);
        }
        // `*N`: how many pieces of a `group any` move.
        if let Some((rest, n)) = text.trim().rsplit_once('*') {
            if let Ok(n) = n.parse::<u8>() {
                let some: Vec<Move> = legal.iter().copied().filter(|m| m.count == n).collect();
                if !some.is_empty() {
                    return self.parse_move(rest, &some);
                }
                return Err(MoveError::NoSuchMove(text.trim().to_string()));
            }
        }
        // An action by its text: `NAME` or `NAME@CELL`.
        if let Some(m) = legal
            .iter()
            .copied()
            .find(|m| m.is_action() && self.plain_text(*m).eq_ignore_ascii_case(text.trim()))
        {
            return Ok(m);
        }
        // An action of the game written `NAME` or `NAME@CELL` that is not legal now.
        let (name, _) = text.trim().split_once('@').unwrap_or((text.trim(), ""));
        if self
            .program
            .actions
            .iter()
            .any(|a| a.name.eq_ignore_ascii_case(name))
        {
            return Err(MoveError::NoSuchMove(text.trim().to_string()));
        }
        if text.trim().eq_ignore_ascii_case("pass") {
            return legal
                .iter()
                .copied()
                .find(|m| m.is_pass())
                .ok_or_else(|| MoveError::NoSuchMove(text.trim().to_string()));
        }
        let mut cells: Vec<String> = Vec::new();
        let mut promo: Option<String> = None;
        let mut rule: Option<u8> = None;
        let mut dropped: Option<String> = None;
        let mut pending_letter: Option<String> = None;
        // `x` for a capture between two cells (`e4xd5`) would read as part of a cell name.
        let chars: Vec<char> = text.chars().collect();
        let text: String = chars
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let between = i > 0
                    && chars[i - 1].is_ascii_digit()
                    && chars.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic());
                if (c == 'x' || c == 'X') && between {
                    '-'
                } else {
                    c
                }
            })
            .collect();
        let text = text.as_str();
        let mut lex = MoveToken::lexer(text);
        while let Some(tok) = lex.next() {
            let slice = lex.slice();
            match tok {
                Ok(MoveToken::Cell) => cells.push(slice.to_ascii_lowercase()),
                Ok(MoveToken::Sep) => {}
                Ok(MoveToken::Promo) => promo = Some(slice[1..].to_ascii_lowercase()),
                Ok(MoveToken::Letter) if cells.len() == 2 && promo.is_none() => {
                    promo = Some(slice.to_ascii_lowercase())
                }
                Ok(MoveToken::Letter) if cells.is_empty() && pending_letter.is_none() => {
                    pending_letter = Some(slice.to_string())
                }
                Ok(MoveToken::At) if cells.is_empty() && pending_letter.is_some() => {
                    dropped = pending_letter.take()
                }
                Ok(MoveToken::Rule) => {
                    rule = slice[1..].parse::<u8>().ok().map(|r| r.saturating_sub(1))
                }
                _ => return Err(MoveError::Unreadable(text.trim().to_string())),
            }
        }
        let names = &self.board.cell_names;
        if let Some(sym) = dropped {
            if cells.len() != 1 {
                return Err(MoveError::Unreadable(text.trim().to_string()));
            }
            let found: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    m.is_drop()
                        && names
                            .get(m.to as usize)
                            .is_some_and(|n| n.to_ascii_lowercase() == cells[0])
                })
                .collect();
            // A drop is written with the mover's own symbol (`O@a1`, not `X@a1`); letters
            // may be typed in either case.
            let own: Vec<Move> = found
                .iter()
                .copied()
                .filter(|m| {
                    self.symbol(Piece::new(m.kind, m.sub))
                        .eq_ignore_ascii_case(&sym)
                })
                .collect();
            if own.is_empty() {
                let other = found.iter().find(|m| {
                    self.program.pieces[m.kind as usize]
                        .symbols
                        .iter()
                        .any(|s| s.eq_ignore_ascii_case(&sym))
                });
                if let Some(&m) = other {
                    return Err(MoveError::OtherSymbol(
                        text.trim().to_string(),
                        self.move_text_among(legal, m),
                    ));
                }
            }
            return self.one_of(text, &own, legal);
        }
        if cells.len() != 2 || pending_letter.is_some() {
            return Err(MoveError::Unreadable(text.trim().to_string()));
        }
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                names
                    .get(m.from as usize)
                    .is_some_and(|n| n.to_ascii_lowercase() == cells[0])
                    && names
                        .get(m.to as usize)
                        .is_some_and(|n| n.to_ascii_lowercase() == cells[1])
                    && !m.is_action()
                    && !m.is_chance()
                    && match (&promo, m.promo) {
                        (None, 0) => true,
                        (Some(p), k) if k != 0 => {
                            let pt = &self.program.pieces[(k - 1) as usize];
                            pt.symbols.iter().any(|s| s.to_ascii_lowercase() == *p)
                                || pt.name.to_ascii_lowercase() == *p
                        }
                        _ => false,
                    }
                    && rule.is_none_or(|r| r == m.rule)
            })
            .collect();
        self.one_of(text, &found, legal)
    }
}

impl Game {
    /// A game-text template written out at `s`, as the endings see it: `mover` is the
    /// player to move, and `no_moves` says whether they can move.
    pub fn template_text(&self, parts: &[tessel_lang::ir::TextPart], s: &State) -> String {
        use tessel_lang::ir::TextPart;
        let stuck = !self.has_legal(s, &mut self.scratch());
        let cx = self.ctx(
            s,
            s.to_move,
            tessel_lang::ir::NO_CELL,
            tessel_lang::ir::NO_CELL,
            Some(stuck),
        );
        let mut out = String::new();
        for part in parts {
            match part {
                TextPart::Text(t) => out += t,
                TextPart::Cells(cells) => {
                    for &c in cells {
                        let p = s.cells.get(c as usize).copied().unwrap_or(Piece::NONE);
                        if p.is_none() {
                            out.push('-');
                        } else {
                            out += &self.symbol(Piece::new(p.kind(), 0));
                        }
                    }
                }
                TextPart::Value(e) => out += &self.eval(e, &cx).to_string(),
                TextPart::ValueParen(e, c) => {
                    let v = self.eval(e, &cx);
                    if self.eval(c, &cx) != 0 {
                        out += &format!("({v})");
                    } else {
                        out += &v.to_string();
                    }
                }
            }
        }
        out
    }

    /// Whether the opening (the decisions the game text's opening line stands for) is over.
    pub fn opening_over(&self, s: &State) -> bool {
        match &self.program.opening {
            Some((_, until)) => {
                let cx = self.ctx(
                    s,
                    s.to_move,
                    tessel_lang::ir::NO_CELL,
                    tessel_lang::ir::NO_CELL,
                    None,
                );
                s.pending.is_empty() && self.eval(until, &cx) != 0
            }
            None => true,
        }
    }

    /// Reads a game text's opening line: the decisions it stands for (`SYMBOL@CELL` for
    /// each piece listed on a cell), or why it does not fit the template.
    pub fn read_opening(&self, line: &str) -> Result<Vec<String>, String> {
        use tessel_lang::ir::TextPart;
        let Some((parts, _)) = &self.program.opening else {
            return Ok(Vec::new());
        };
        let mut rest = line.trim();
        let mut out = Vec::new();
        for part in parts {
            match part {
                TextPart::Text(t) => {
                    let t = t.trim();
                    rest = rest.trim_start();
                    rest = rest
                        .strip_prefix(t)
                        .ok_or_else(|| format!("the opening line should have `{t}` at `{rest}`"))?;
                }
                TextPart::Value(_) | TextPart::ValueParen(..) => {
                    rest = rest.trim_start();
                    let n = rest
                        .find(|c: char| !(c.is_ascii_digit() || c == '(' || c == ')' || c == '-'))
                        .unwrap_or(rest.len());
                    if n == 0 {
                        return Err(format!("the opening line should have a number at `{rest}`"));
                    }
                    rest = &rest[n..];
                }
                TextPart::Cells(cells) => {
                    rest = rest.trim_start();
                    for &c in cells {
                        let (sym, len) = if let Some(r) = rest.strip_prefix('(') {
                            let end = r.find(')').ok_or("a `(` without its `)`")?;
                            (r[..end].to_string(), end + 2)
                        } else {
                            let ch = rest
                                .chars()
                                .next()
                                .ok_or("the opening line ends too soon")?;
                            (ch.to_string(), ch.len_utf8())
                        };
                        rest = &rest[len..];
                        if sym != "-" {
                            let cell = &self.board.cell_names[c as usize];
                            out.push(format!("{sym}@{cell}"));
                        }
                    }
                }
            }
        }
        if !rest.trim().is_empty() {
            return Err(format!("the opening line has `{}` left over", rest.trim()));
        }
        Ok(out)
    }
}
