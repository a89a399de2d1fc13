//! The board as text for the terminal: a grid with coordinates, hexagons in offset rows of
//! cells of one width, other boards as a list of occupied cells.

use tessel_interpreter::{Game, State};
use tessel_lang::ir::CellId;

/// A cell's text in three parts, so that cells line up: a stack's height, the piece (or
/// the mark of an empty cell), and the marks written after the pieces.
fn cell_parts(game: &Game, s: &State, c: usize) -> (String, String, String) {
    let p = s.cells[c];
    let marks = &game.program.marks;
    if p.is_none() {
        let marked = marks
            .iter()
            .find(|m| !m.after && game.marked(s, &m.place, c as CellId));
        let text = marked.map_or_else(|| ".".to_string(), |m| m.text.clone());
        return (String::new(), text, String::new());
    }
    let after: String = marks
        .iter()
        .filter(|m| m.after && game.marked(s, &m.place, c as CellId))
        .map(|m| m.text.as_str())
        .collect();
    let pieces = pieces_text(game, s, c);
    let symbol = game.symbol(p);
    // A stack of one kind is its height and symbol (`3r`): the height goes before.
    match pieces.strip_suffix(symbol.as_str()) {
        Some(height) if !height.is_empty() && height.chars().all(|d| d.is_ascii_digit()) => {
            (height.to_string(), symbol, after)
        }
        _ => (String::new(), pieces, after),
    }
}

/// The widths of the three parts of a cell that no position goes past in the common case,
/// worked out from the ruleset alone so that the board keeps its shape as the game goes
/// on: a height digit where pieces can stack, the widest symbol or mark, and the two
/// longest marks written after the pieces.
fn stable_widths(game: &Game) -> (usize, usize, usize) {
    let program = &game.program;
    let stacks = program.piles
        || program.pieces.iter().any(|t| {
            t.rules
                .iter()
                .any(|r| r.merging || r.stacking || r.carry || r.group != 1 || r.group_any)
        });
    let symbol = program
        .pieces
        .iter()
        .flat_map(|t| t.symbols.iter())
        .map(|s| s.chars().count())
        .chain(
            program
                .marks
                .iter()
                .filter(|m| !m.after)
                .map(|m| m.text.chars().count()),
        )
        .max()
        .unwrap_or(1)
        .max(1);
    let mut after: Vec<usize> = program
        .marks
        .iter()
        .filter(|m| m.after)
        .map(|m| m.text.chars().count())
        .collect();
    after.sort_unstable_by(|a, b| b.cmp(a));
    (usize::from(stacks), symbol, after.iter().take(2).sum())
}

/// Rows of hexagons, each row half a cell right of the one below. Every cell has the same
/// width, from the ruleset (`stable_widths`) or wider when a cell needs it, and an even
/// number of characters so that half a cell is exact: the height of a stack stands
/// before its piece and the marks after it, inside the cell.
fn hexagons(game: &Game, s: &State) -> String {
    let rows = game.board.rows.as_deref().unwrap_or_default();
    let parts: Vec<(String, String, String)> = (0..game.board.cells())
        .map(|c| cell_parts(game, s, c))
        .collect();
    let count = |t: &String| t.chars().count();
    let (mut h, mut b, mut a) = stable_widths(game);
    for (height, body, after) in &parts {
        h = h.max(count(height));
        b = b.max(count(body));
        a = a.max(count(after));
    }
    // One space between cells; an odd width takes one more after the marks.
    if (h + b + a + 1) % 2 == 1 {
        a += 1;
    }
    let width = h + b + a + 1;
    let half = width / 2;
    let texts: Vec<String> = parts
        .iter()
        .map(|(height, body, after)| {
            if body.trim().is_empty() && height.is_empty() {
                return " ".repeat(width);
            }
            format!(" {height:>h$}{body:^b$}{after:<a$}")
        })
        .collect();
    // Rows with nothing to show (cells the ruleset draws blank) are left out, and the
    // drawing is moved left as far as its visible cells allow. Each row is labelled with
    // its first and last visible cell.
    let mut lines: Vec<(String, String, String)> = Vec::new();
    for (indent, row) in rows {
        let visible: Vec<CellId> = row
            .iter()
            .copied()
            .filter(|&c| !texts[c as usize].trim().is_empty())
            .collect();
        let (Some(first), Some(last)) = (visible.first(), visible.last()) else {
            continue;
        };
        // Up to the last visible cell, whole: the label after it keeps its place.
        let mut cells = " ".repeat(*indent as usize * half);
        for &c in row.iter().take_while(|&&c| c != *last) {
            cells += &texts[c as usize];
        }
        cells += &texts[*last as usize];
        let name = |c: &CellId| game.board.cell_names[*c as usize].clone();
        lines.push((name(first), cells, name(last)));
    }
    let cut = lines
        .iter()
        .map(|(_, cells, _)| cells.len() - cells.trim_start().len())
        .min()
        .unwrap_or(0)
        .saturating_sub(1);
    let label = lines.iter().map(|l| l.0.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (first, cells, last) in lines {
        out += &format!("{first:>label$} {}  {last}\n", &cells[cut..]);
    }
    out
}

/// What a cell shows: its top piece, or for a pile its pieces counted by symbol (`3B1W`),
/// or for a stack the top piece and the height (`Q2`).
fn cell_text(game: &Game, s: &State, c: usize) -> String {
    let p = s.cells[c];
    let marks = &game.program.marks;
    if p.is_none() {
        // A region the ruleset shows (`show telo as "~"`), else a dot.
        let marked = marks
            .iter()
            .find(|m| !m.after && game.marked(s, &m.place, c as CellId));
        return marked.map_or_else(|| ".".to_string(), |m| m.text.clone());
    }
    // Marks written after the pieces (`show (…) after "*"`).
    let after: String = marks
        .iter()
        .filter(|m| m.after && game.marked(s, &m.place, c as CellId))
        .map(|m| m.text.as_str())
        .collect();
    format!("{}{after}", pieces_text(game, s, c))
}

/// The pieces on a cell: the top one, a pile counted by symbol, a stack bottom first.
pub(super) fn pieces_text(game: &Game, s: &State, c: usize) -> String {
    let p = s.cells[c];
    let under: Vec<_> = s
        .buried
        .iter()
        .filter(|(bc, _)| *bc as usize == c)
        .map(|(_, q)| *q)
        .collect();
    if under.is_empty() {
        return game.symbol(p);
    }
    if game.program.piles {
        let mut counts: Vec<(String, usize)> = Vec::new();
        let mut all: Vec<_> = under.into_iter().chain(std::iter::once(p)).collect();
        all.sort_by_key(|q| (q.owner(), q.kind()));
        for q in all {
            let sym = game.symbol(q);
            match counts.iter_mut().find(|(s, _)| *s == sym) {
                Some((_, n)) => *n += 1,
                None => counts.push((sym, 1)),
            }
        }
        return counts.iter().map(|(s, n)| format!("{n}{s}")).collect();
    }
    // A stack of one kind of piece is its height and symbol (`3r`); others bottom
    // first: `i-W` is a W on a kili.
    if under.iter().all(|q| game.symbol(*q) == game.symbol(p)) {
        return format!("{}{}", under.len() + 1, game.symbol(p));
    }
    under
        .iter()
        .chain(std::iter::once(&p))
        .map(|q| game.symbol(*q))
        .collect::<Vec<_>>()
        .join("-")
}

/// The board as text: a grid with coordinates, or a list of occupied cells.
pub fn board(game: &Game, s: &State) -> String {
    let mut out = String::new();
    match game.board.grid {
        Some((w, h)) => {
            let names = &game.board.cell_names;
            let texts: Vec<String> = (0..(w * h) as usize)
                .map(|c| cell_text(game, s, c))
                .collect();
            let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1) + 1;
            for y in (0..h).rev() {
                out += &format!("{:>3} ", y + 1);
                for x in 0..w {
                    let c = (x + y * w) as usize;
                    out += &format!("{:>width$}", texts[c]);
                }
                out.push('\n');
            }
            out += "    ";
            for x in 0..w {
                let file: String = names[x as usize]
                    .chars()
                    .take_while(|c| !c.is_ascii_digit())
                    .collect();
                out += &format!("{file:>width$}");
            }
            out.push('\n');
            // Tessels of a drawn grid made in play (spares in use), after the grid.
            let grid = (w * h) as usize;
            let extra: Vec<String> = (grid..game.board.cells())
                .filter(|&c| !game.bd(s).outlines.get(c).is_none_or(|o| o.is_empty()))
                .map(|c| format!("{} {}", names[c], cell_text(game, s, c).trim()))
                .collect();
            if !extra.is_empty() {
                out += &format!("    also: {}\n", extra.join(", "));
            }
        }
        None if game.board.rows.is_some() => out = hexagons(game, s),
        None => {
            if let Some(places) = super::named_places(&game.board.cell_names) {
                return named_board(game, s, &places);
            }
            for (c, name) in game.board.cell_names.iter().enumerate() {
                if !s.cells[c].is_none() {
                    out += &format!("{name}: {}\n", cell_text(game, s, c));
                }
            }
        }
    }
    out
}

/// A board of cells and links whose cells are named by file and rank, drawn as a grid with
/// each cell where its name says (rank 1 at the bottom) and blanks where there is none.
fn named_board(game: &Game, s: &State, places: &[(u32, u32)]) -> String {
    let (files, ranks) = places
        .iter()
        .fold((0, 0), |(f, r), &(x, y)| (f.max(x + 1), r.max(y + 1)));
    let mut rows = vec![vec![String::new(); files as usize]; ranks as usize];
    for (c, &(x, y)) in places.iter().enumerate() {
        rows[y as usize][x as usize] = cell_text(game, s, c);
    }
    let width = rows
        .iter()
        .flatten()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        + 1;
    let mut out = String::new();
    for (y, row) in rows.iter().enumerate().rev() {
        out += &format!("{:>3} ", y + 1);
        for text in row {
            out += &format!("{text:>width$}");
        }
        out = out.trim_end().to_string() + "\n";
    }
    out += "    ";
    for x in 0..files {
        let file = char::from_u32(u32::from('a') + x).unwrap_or('?');
        out += &format!("{file:>width$}");
    }
    out + "\n"
}
