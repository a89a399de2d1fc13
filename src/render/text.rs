//! The board as text for the terminal: a grid with coordinates, hexagons in offset rows of
//! cells of one width, other boards as a list of occupied cells.

use tessel_interpreter::{Game, State};
use tessel_lang::ir::CellId;

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
        None if game.board.rows.is_some() => {
            // Rows of hexagons: each cell two characters wide, rows shifted by half cells.
            let rows = game.board.rows.as_deref().unwrap_or_default();
            let texts: Vec<String> = (0..game.board.cells())
                .map(|c| cell_text(game, s, c))
                .collect();
            let width = texts
                .iter()
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(1)
                .max(1)
                + 1;
            let half = width.div_ceil(2);
            // Rows with nothing to show (cells the ruleset draws blank) are left out, and
            // the drawing is moved left as far as its visible cells allow. Each row is
            // labelled with its first and last visible cell.
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
                let mut cells = " ".repeat(*indent as usize * half);
                for &c in row {
                    cells += &format!("{:>width$}", texts[c as usize]);
                }
                let name = |c: &CellId| game.board.cell_names[*c as usize].clone();
                lines.push((name(first), cells.trim_end().to_string(), name(last)));
            }
            let cut = lines
                .iter()
                .map(|(_, cells, _)| cells.len() - cells.trim_start().len())
                .min()
                .unwrap_or(0)
                .saturating_sub(1);
            let label = lines.iter().map(|l| l.0.len()).max().unwrap_or(0);
            for (first, cells, last) in lines {
                out += &format!("{first:>label$} {}   {last}\n", &cells[cut..]);
            }
        }
        None => {
            for (c, name) in game.board.cell_names.iter().enumerate() {
                if !s.cells[c].is_none() {
                    out += &format!("{name}: {}\n", cell_text(game, s, c));
                }
            }
        }
    }
    out
}

