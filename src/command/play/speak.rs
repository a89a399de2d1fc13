//! What `play` says in the game's own words: `help` (the decision forms open now, with
//! examples from the legal decisions), why a typed text is refused, the piece legend, and
//! the decision that is due. Everything comes from the ruleset and the legal decisions.

use tessel_interpreter::{Game, Move, MoveError, Piece, State};
use tessel_lang::ir::{CellId, NO_CELL};

/// The commands of `play` itself, the same in every game.
const COMMANDS: &str = "Commands: moves (list the legal decisions), undo, resign, draw (offer a draw; the next player accepts or declines), hint (the computer's suggestion and how sure it is), position (print the position string), position FILE (save the whole state, to continue with --position @FILE), save FILE (write the game record), quit.";

/// A text's shape: every cell name in it written `{cell}` (longest names first), so that
/// `SY6` and `SY5` read alike, and `e2e5` like `e2e4`.
pub fn shape(g: &Game, text: &str) -> String {
    let names = &g.board.cell_names;
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let best = names
            .iter()
            .filter(|n| !n.is_empty() && rest.starts_with(n.as_str()))
            .map(|n| n.len())
            .max();
        match best {
            Some(n) => {
                out += "{cell}";
                rest = &rest[n..];
            }
            _ => {
                let c = rest.chars().next().unwrap_or(' ');
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

/// The cell names in a text, in order (as [`shape`] reads them).
fn cells_in(g: &Game, text: &str) -> Vec<CellId> {
    let names = &g.board.cell_names;
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let best = names
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.is_empty() && rest.starts_with(n.as_str()))
            .max_by_key(|(_, n)| n.len());
        match best {
            Some((c, n)) => {
                out.push(c as CellId);
                rest = &rest[n.len()..];
            }
            None => {
                let c = rest.chars().next().unwrap_or(' ');
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

fn cell_name(g: &Game, c: CellId) -> &str {
    g.board
        .cell_names
        .get(c as usize)
        .map_or("?", |n| n.as_str())
}

fn piece_name(g: &Game, kind: u8) -> &str {
    g.program
        .pieces
        .get(kind as usize)
        .map_or("piece", |p| p.name.as_str())
}

/// A piece by name and symbol, for a player: `pawn (P)`.
fn named_piece(g: &Game, p: Piece) -> String {
    format!("{} ({})", piece_name(g, p.kind()), g.symbol(p))
}

/// What kind of decision a move is, as a heading of `help`.
fn form_of(g: &Game, m: &Move) -> String {
    if m.is_pass() {
        "pass (end the turn)".into()
    } else if m.is_action() {
        let a = g.program.actions.get(m.rule as usize);
        let name = a.map_or("an action", |a| a.name.as_str());
        if a.is_some_and(|a| a.on_cells) {
            format!("{name} (on a cell)")
        } else {
            name.to_string()
        }
    } else if m.is_drop() {
        "place a piece from a zone".into()
    } else {
        "move a piece".into()
    }
}

/// What one decision means, in words.
pub fn meaning(g: &Game, s: &State, m: &Move) -> String {
    let mover = s.to_move;
    if m.is_pass() {
        return "pass: end the turn".into();
    }
    if m.is_action() {
        let name = g
            .program
            .actions
            .get(m.rule as usize)
            .map_or("an action", |a| a.name.as_str());
        return if m.to == NO_CELL {
            format!("the decision {name}")
        } else {
            format!("{name} on {}", cell_name(g, m.to))
        };
    }
    let piece = named_piece(g, Piece::new(m.kind, mover));
    let promo = if m.promo > 0 {
        format!(", becoming a {}", piece_name(g, m.promo - 1))
    } else {
        String::new()
    };
    if m.is_drop() {
        return format!("place a {piece} on {}{promo}", cell_name(g, m.to));
    }
    format!(
        "the {piece} on {} to {}{promo}",
        cell_name(g, m.from),
        cell_name(g, m.to)
    )
}

/// `help`: the decisions open now, by form, with examples in the game's notation; the
/// ruleset's other decisions; the commands of `play`.
pub fn help(g: &Game, s: &State, moves: &[Move]) -> String {
    let player = &g.program.players[s.to_move as usize];
    let mut forms: Vec<(String, Vec<String>, Vec<u8>)> = Vec::new();
    for m in moves.iter().filter(|m| !m.is_chance()) {
        let form = form_of(g, m);
        let text = g.move_text_among(moves, *m);
        match forms.iter_mut().find(|(f, _, _)| *f == form) {
            Some((_, ex, kinds)) => {
                // Examples of different shapes (a promotion, a capture mark) or of other
                // pieces, a few.
                let new_shape = !ex.iter().any(|e| shape(g, e) == shape(g, &text));
                let new_kind = !m.is_action() && !kinds.contains(&m.kind);
                if ex.len() < 4 && (new_shape || (new_kind && ex.len() < 3)) {
                    ex.push(text);
                    kinds.push(m.kind);
                }
            }
            None => forms.push((form, vec![text], vec![m.kind])),
        }
    }
    let mut out = format!(
        "{}: what {player} may decide now, as it is written:\n",
        g.program.title
    );
    for (form, ex, _) in &forms {
        out += &format!("  {form}: {}\n", ex.join(", "));
    }
    // The ruleset's other decisions, not open now.
    let open: Vec<u8> = moves
        .iter()
        .filter(|m| m.is_action())
        .map(|m| m.rule)
        .collect();
    let others: Vec<&str> = g
        .program
        .actions
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            !open.contains(&(*i as u8))
                && !matches!(a.cond, Some(tessel_lang::ir::Expr::Bool(false)))
        })
        .map(|(_, a)| a.name.as_str())
        .collect();
    if !others.is_empty() {
        out += &format!("  not open now: {}\n", others.join(", "));
    }
    out += "`moves` lists every legal decision.\n";
    out += COMMANDS;
    out
}

/// A few legal decisions, as examples in a refusal.
fn some_of(texts: &[String]) -> String {
    let mut shown: Vec<&str> = texts.iter().take(8).map(|t| t.as_str()).collect();
    if texts.len() > 8 {
        shown.push("…");
    }
    shown.join(" ")
}

/// Why `text` is refused, in the game's words.
pub fn refusal(g: &Game, s: &State, text: &str, moves: &[Move], e: &MoveError) -> String {
    let mover = s.to_move;
    let player = &g.program.players[mover as usize];
    let legal: Vec<(Move, String)> = moves
        .iter()
        .filter(|m| !m.is_chance())
        .map(|m| (*m, g.move_text_among(moves, *m)))
        .collect();
    if let MoveError::Ambiguous(readings) = e {
        let each: Vec<String> = readings
            .iter()
            .map(|r| match g.parse_move(r, moves) {
                Ok(m) => format!("`{r}` for {}", meaning(g, s, &m)),
                Err(_) => format!("`{r}`"),
            })
            .collect();
        return format!("`{text}` could mean several decisions: {}", each.join("; "));
    }
    if let MoveError::OtherSymbol(..) = e {
        return e.to_string();
    }
    // Decisions the pieces could make but a `forbid` refuses: which rule, in its words.
    let mut pseudo = Vec::new();
    g.pseudo_moves(s, &mut pseudo);
    if let Some(reason) = g
        .parse_move(text, &pseudo)
        .ok()
        .and_then(|m| g.forbid_reason(s, m))
    {
        return format!("`{text}` is not allowed: {reason}");
    }
    // An action or a pass a `forbid` refuses.
    let mut offered = Vec::new();
    g.candidate_decisions(s, &mut offered);
    if let Some(reason) = g
        .parse_move(text, &offered)
        .ok()
        .and_then(|m| g.forbid_reason(s, m))
    {
        return format!("`{text}` is not allowed: {reason}");
    }
    // Decisions a `prefer` rule leaves out (another must be taken: a capture, the most).
    if let Some(reason) = g
        .parse_move(text, &pseudo)
        .ok()
        .and_then(|m| g.preferred_against(s, m, &pseudo))
    {
        return format!("`{text}` is not allowed: {reason}");
    }
    let want = shape(g, text);
    let alike: Vec<&(Move, String)> = legal.iter().filter(|(_, t)| shape(g, t) == want).collect();
    if alike.is_empty() {
        let mut forms: Vec<String> = Vec::new();
        for (m, t) in &legal {
            let f = form_of(g, m);
            if !forms.iter().any(|x| x.starts_with(&f)) {
                forms.push(format!("{f}: {t}"));
            }
        }
        // A piece named by another player's symbol (`sY6` for white's `SY6`).
        let lead: String = want.split("{cell}").next().unwrap_or("").to_string();
        if !lead.is_empty() {
            for (k, p) in g.program.pieces.iter().enumerate() {
                for o in 0..g.players() {
                    let theirs = Piece::new(k as u8, o as u8);
                    let mine = Piece::new(k as u8, mover);
                    if o as u8 != mover
                        && !p.neutral
                        && g.symbol(theirs) == lead
                        && g.symbol(mine) != lead
                    {
                        return format!(
                            "`{text}`: {lead} is {}'s {}; {player}'s is {}",
                            g.program.players[o],
                            p.name,
                            g.symbol(mine)
                        );
                    }
                }
            }
        }
        // A word written like a cell name that names no cell of this board.
        let most_letters = g
            .board
            .cell_names
            .iter()
            .map(|n| n.chars().take_while(|c| c.is_ascii_alphabetic()).count())
            .max()
            .unwrap_or(0);
        let looks_like_cell = |w: &&str| {
            let letters = w.trim_end_matches(|c: char| c.is_ascii_digit());
            !letters.is_empty()
                && letters.len() < w.len()
                && letters.len() <= most_letters
                && letters.chars().all(|c| c.is_ascii_alphabetic())
        };
        let no_cell: Vec<String> = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(looks_like_cell)
            .filter(|w| !g.board.cell_names.iter().any(|n| n == w))
            .map(|w| format!("`{w}`"))
            .collect();
        let no_cell = if no_cell.is_empty() {
            String::new()
        } else {
            format!(" (the board has no cell {})", no_cell.join(", "))
        };
        return format!(
            "`{text}` is not written like any decision {player} can make now{no_cell}; {player} may: {}. Type `help` for more.",
            forms.join("; ")
        );
    }
    // Well-formed. The first cell it names, where the decisions written like it start
    // from their piece's cell: whose piece stands there?
    let cells = cells_in(g, text);
    let origin_first = alike
        .iter()
        .any(|(m, t)| !m.is_drop() && !m.is_action() && cells_in(g, t).first() == Some(&m.from));
    if let (Some(&c), true) = (cells.first(), origin_first) {
        let here = s.cells[c as usize];
        let name = cell_name(g, c);
        if here.is_none() {
            return format!("`{text}` is written like a move, but there is no piece on {name}");
        }
        let owner = here.owner();
        if owner != mover {
            let whose = g
                .program
                .players
                .get(owner as usize)
                .map_or("nobody's".to_string(), |p| format!("{p}'s"));
            return format!(
                "`{text}`: the {} on {name} is {whose}, and it is {player}'s turn",
                named_piece(g, here)
            );
        }
        let from_here: Vec<String> = legal
            .iter()
            .filter(|(m, _)| m.from == c && !m.is_action())
            .map(|(_, t)| t.clone())
            .collect();
        return if from_here.is_empty() {
            format!(
                "`{text}` is well-formed, but the {} on {name} has no legal move now",
                named_piece(g, here)
            )
        } else {
            format!(
                "`{text}` is well-formed, but not legal now; the {} on {name} may: {}",
                named_piece(g, here),
                some_of(&from_here)
            )
        };
    }
    // Written like other decisions that differ only in their cells: name them.
    let prefix: String = text.chars().take_while(|c| !c.is_ascii_digit()).collect();
    let mut near: Vec<String> = alike
        .iter()
        .filter(|(_, t)| cells_in(g, t).len() == cells.len())
        .filter(|(_, t)| {
            let same = shape(g, t);
            same.split("{cell}").next() == want.split("{cell}").next()
        })
        .map(|(_, t)| t.clone())
        .collect();
    if near.is_empty() {
        near = alike.iter().map(|(_, t)| t.clone()).collect();
    }
    let like = alike
        .iter()
        .find(|(_, t)| near.contains(t) && t.starts_with(prefix.as_str()))
        .map_or(alike[0].0, |(m, _)| *m);
    // One piece's moves: name it.
    let one_piece = !like.is_action()
        && !like.is_drop()
        && !like.is_pass()
        && alike
            .iter()
            .filter(|(_, t)| near.contains(t))
            .all(|(m, _)| m.from == like.from && m.kind == like.kind);
    if one_piece {
        let here = Piece::new(like.kind, mover);
        return format!(
            "`{text}` is well-formed, but the {} on {} cannot do that now; it may: {}",
            named_piece(g, here),
            cell_name(g, like.from),
            some_of(&near)
        );
    }
    let what = form_of(g, &like);
    format!(
        "`{text}` is well-formed ({what}), but not legal now; written like it, {player} may: {}",
        some_of(&near)
    )
}

/// The pieces beside the board: each kind's symbols, one per player, and its name.
pub fn piece_legend(g: &Game) -> Option<String> {
    let players = g.players();
    let each: Vec<String> = g
        .program
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let mut symbols: Vec<String> = if p.neutral {
                vec![g.symbol(Piece::new(k as u8, tessel_lang::ir::NEUTRAL))]
            } else {
                (0..players)
                    .map(|o| g.symbol(Piece::new(k as u8, o as u8)))
                    .collect()
            };
            symbols.dedup();
            format!("{} {}", symbols.join("/"), p.name)
        })
        .collect();
    (!each.is_empty()).then(|| format!("Pieces: {}", each.join(" · ")))
}

/// The decision that is due, when it is a choice rather than a move (every decision open
/// is an action or a pass): `blue may decide: call_toss, call_match or pass`; `must`
/// when one of them is forced.
pub fn due(g: &Game, moves: &[Move], side: &str, forced: bool) -> Option<String> {
    let choosing = !moves.is_empty()
        && moves.iter().all(|m| m.is_action() || m.is_pass())
        && moves.iter().any(|m| m.is_action());
    if !choosing {
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    for m in moves {
        let n = if m.is_pass() {
            g.program.pass_text.clone().unwrap_or_else(|| "pass".into())
        } else {
            g.program
                .actions
                .get(m.rule as usize)
                .map_or("?".into(), |a| a.name.clone())
        };
        if !names.contains(&n) {
            names.push(n);
        }
    }
    let list = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    };
    let verb = if forced { "must" } else { "may" };
    Some(format!("{side} {verb} decide: {list}"))
}

/// A chance outcome in words: `the spot comes up j10`, `o is drawn into the hand` (a
/// bookkeeping name loses its `_`, and is shown in words only).
pub fn chance_words(text: &str, draw: bool) -> String {
    match text.split_once('=') {
        Some((name, value)) => {
            let name = name.trim_start_matches('_').replace('_', " ");
            let words = if draw {
                format!("{value} is drawn into the {name}")
            } else {
                format!("the {name} comes up {value}")
            };
            if name.starts_with('_') {
                words
            } else {
                format!("{text} ({words})")
            }
        }
        None => text.to_string(),
    }
}
