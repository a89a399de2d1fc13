//! The position as an SVG picture: squares, hexagons, drawn tessels or a graph of cells,
//! tinted by the ruleset's marks, with the pieces as discs in their players' colours; the
//! caption under the board is `caption`'s.

use super::caption::{self, Caption};
use super::text::pieces_text;
use tessel_interpreter::{Game, Piece, State};
use tessel_lang::ir::CellId;

/// The position as an SVG picture: a grid board as squares with coordinates, pieces as
/// labelled discs in each player's colour (stacks show their height); other boards as a
/// list of cells in rows.
pub fn svg(game: &Game, s: &State) -> String {
    svg_after(game, s, None)
}

/// [`svg`], with the last decision written as the game writes it (`last`, from a record),
/// not as its cells.
pub fn svg_after(game: &Game, s: &State, last: Option<&str>) -> String {
    const CELL: u32 = 48;
    let n = game.board.cells();
    let (w, h) = game.board.grid.unwrap_or_else(|| {
        let w = (n as f64).sqrt().ceil().max(1.0) as u32;
        (w, (n as u32).div_ceil(w))
    });
    let place = |c: usize| -> (u32, u32) {
        match game.board.grid {
            Some((gw, gh)) => (c as u32 % gw, gh - 1 - c as u32 / gw),
            None => (c as u32 % w, c as u32 / w),
        }
    };
    let margin = 24;
    // Hexagon boards: each row from the top, indented by half cells; rows 0.866 cells apart.
    // A rhombus grid (Hex) is drawn as hexagons too.
    let rhombus = super::rhombus_rows(game);
    let hex_rows = game.board.rows.as_ref().or(rhombus.as_ref());
    let mut centre = vec![(0.0f64, 0.0f64); n];
    let (mut width, mut height) = (w * CELL + 2 * margin, h * CELL + 2 * margin);
    if let Some(rows) = hex_rows {
        let step_y = CELL as f64 * 0.866;
        let mut widest = 0.0f64;
        for (i, (indent, row)) in rows.iter().enumerate() {
            for (k, &c) in row.iter().enumerate() {
                let cx = margin as f64
                    + CELL as f64 / 2.0
                    + *indent as f64 * CELL as f64 / 2.0
                    + k as f64 * CELL as f64;
                let cy = margin as f64 + CELL as f64 / 2.0 + i as f64 * step_y;
                centre[c as usize] = (cx, cy);
                widest = widest.max(cx + CELL as f64 / 2.0);
            }
        }
        width = widest as u32 + margin;
        height = (2.0 * margin as f64 + CELL as f64 + rows.len().saturating_sub(1) as f64 * step_y)
            as u32;
    }
    // Boards drawn as polygons: as drawn, a unit to a cell's width, y upwards.
    let outlines = &game.bd(s).outlines;
    let drawn = !outlines.is_empty();
    // The drawing's frame: its lowest x, highest y, and pixels a unit.
    let mut frame = (0.0f64, 0.0f64, CELL as f64);
    let to_px = |(x, y): (f64, f64), f: (f64, f64, f64)| {
        (
            margin as f64 + (x - f.0) * f.2,
            margin as f64 + (f.1 - y) * f.2,
        )
    };
    if drawn {
        let all = outlines.iter().flat_map(|o| o.iter());
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for &(x, y) in all {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let unit = CELL as f64;
        let m = margin as f64;
        width = ((x1 - x0) * unit + 2.0 * m).ceil() as u32;
        height = ((y1 - y0) * unit + 2.0 * m).ceil() as u32;
        frame = (x0, y1, unit);
        for (c, o) in outlines.iter().enumerate() {
            let k = o.len().max(1) as f64;
            let (sx, sy) = o.iter().fold((0.0, 0.0), |a, &(x, y)| (a.0 + x, a.1 + y));
            centre[c] = to_px((sx / k, sy / k), frame);
        }
    }
    // Other boards are graphs: the cells on a circle, their links as lines.
    let general = game.board.grid.is_none() && hex_rows.is_none() && !drawn;
    let mut links = String::new();
    // A general board's cells are circles, kept apart where linked cells stand close
    // (nine men's morris' inner square); the pieces stand inside them.
    let mut spot = CELL as f64 * 0.5;
    if general {
        if let Some(places) = super::named_places(&game.board.cell_names) {
            // Cells named by file and rank stand where their names say, rank 1 at the bottom.
            let (files, ranks) = places
                .iter()
                .fold((0, 0), |(f, r), &(x, y)| (f.max(x + 1), r.max(y + 1)));
            let (unit, m) = (CELL as f64, margin as f64);
            for (at, &(x, y)) in centre.iter_mut().zip(&places) {
                *at = (
                    m + unit * (x as f64 + 0.5),
                    m + unit * ((ranks - 1 - y) as f64 + 0.5),
                );
            }
            width = (files as f64 * unit + 2.0 * m) as u32;
            height = (ranks as f64 * unit + 2.0 * m) as u32;
        } else {
            let r = (n as f64 * CELL as f64 * 0.9 / std::f64::consts::TAU).max(CELL as f64 * 1.5);
            let o = margin as f64 + CELL as f64 / 2.0 + r;
            for (c, at) in centre.iter_mut().enumerate() {
                let a = std::f64::consts::TAU * c as f64 / n.max(1) as f64
                    - std::f64::consts::FRAC_PI_2;
                *at = (o + r * a.cos(), o + r * a.sin());
            }
            width = (2.0 * o) as u32;
            height = width;
        }
        for c in 0..n {
            for t in game.board.neighbours(c as CellId) {
                if (t as usize) > c {
                    let ((x1, y1), (x2, y2)) = (centre[c], centre[t as usize]);
                    spot = spot.min((x2 - x1).hypot(y2 - y1) * 0.45);
                    links += &format!("<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#8b6b4a\" stroke-width=\"1.2\"/>\n");
                }
            }
        }
    }
    // Cells the ruleset shows (`show telo as "~"`) are tinted: with the `fill` it gives, or
    // a colour of the palette for each visible mark in turn.
    const MARK_FILL: [&str; 6] = [
        "#a9c6e0", "#b7d9a8", "#e3c0d3", "#d9d2a8", "#c9c9c9", "#cdbfe3",
    ];
    let marks = &game.program.marks;
    let tints: Vec<Option<String>> = {
        let mut next = 0;
        marks
            .iter()
            .map(|m| match &m.fill {
                Some(f) => Some(f.clone()),
                None if m.after || m.text.trim().is_empty() => None,
                None => {
                    next += 1;
                    Some(MARK_FILL[(next - 1) % MARK_FILL.len()].to_string())
                }
            })
            .collect()
    };
    let tint_of = |c: usize| -> Option<&str> {
        marks
            .iter()
            .zip(&tints)
            .find(|(m, t)| t.is_some() && game.marked(s, &m.place, c as CellId))
            .and_then(|(_, t)| t.as_deref())
    };
    // On a chequered grid, a ruleset's own `fill` colours a square (its light and dark
    // squares, say), and a mark without one is laid over the square's colour, which
    // stays visible beneath.
    let chequered = game.board.grid.is_some() && hex_rows.is_none() && !drawn;
    let fill_mark = |c: usize, explicit: bool| -> Option<&str> {
        marks
            .iter()
            .zip(&tints)
            .find(|(m, t)| {
                t.is_some() && m.fill.is_some() == explicit && game.marked(s, &m.place, c as CellId)
            })
            .and_then(|(_, t)| t.as_deref())
    };
    // A cell the ruleset draws blank (`show (…) as " "`) is not drawn: it is no cell.
    let blank = |c: usize| {
        s.cells[c].is_none()
            && marks
                .iter()
                .find(|m| !m.after && game.marked(s, &m.place, c as CellId))
                .is_some_and(|m| m.text.trim().is_empty())
    };
    let fill_of = |p: Piece| disc_colours(game, p);
    // A piece's disc, inside its cell's circle on a general board.
    let piece_r = (CELL * 2 / 5).min((spot - 3.0).max(8.0) as u32);
    // `per piece` numbers (not bookkeeping) are drawn as stacks on the pieces.
    let stacked = stacked_values(game);
    let mut bounds = (f64::MAX, f64::MAX, 0.0f64, 0.0f64);
    // The cells first, then what stands on them (pieces, badges), then the cells' names,
    // so that no cell drawn later covers what stands on an earlier one.
    let mut out = links;
    let mut top = String::new();
    let mut names = String::new();
    // Each cell's shape without its paint, to draw the last move's cells again.
    let mut shapes: Vec<String> = vec![String::new(); n];
    for c in 0..n {
        // A spare tessel of a drawn area (or one merged away) is not in play.
        if blank(c) || (drawn && outlines[c].is_empty()) {
            continue;
        }
        let (x, y) = place(c);
        let (mut px, mut py) = (margin + x * CELL, margin + y * CELL);
        let mut fill = if game.board.grid.is_some() && hex_rows.is_none() && (x + y) % 2 == 1 {
            "#b58863"
        } else {
            "#f0d9b5"
        };
        let mut overlay = None;
        if chequered {
            if let Some(t) = fill_mark(c, true) {
                fill = t;
            }
            overlay = fill_mark(c, false);
        } else if let Some(t) = tint_of(c) {
            fill = t;
        }

        // Each cell's shape says which cell it is, for a page to click (`tessel serve`).
        let cell_id = format!(
            " data-cell=\"{c}\" data-name=\"{}\"",
            esc(&game.board.cell_names[c]).replace('"', "&quot;")
        );
        if hex_rows.is_some() {
            // A pointy-topped hexagon around the cell's centre.
            let (cx, cy) = centre.get(c).copied().unwrap_or_default();
            let size = CELL as f64 / 3f64.sqrt();
            let points: Vec<String> = (0..6)
                .map(|k| {
                    let a = std::f64::consts::PI / 180.0 * (60.0 * k as f64 - 30.0);
                    format!("{:.1},{:.1}", cx + size * a.cos(), cy + size * a.sin())
                })
                .collect();
            shapes[c] = format!("<polygon points=\"{}\"", points.join(" "));
            out += &format!(
                "{} fill=\"{fill}\" stroke=\"#8b6b4a\" stroke-width=\"0.8\"{cell_id}/>\n",
                shapes[c]
            );
            px = (cx - CELL as f64 / 2.0) as u32;
            py = (cy - CELL as f64 / 2.0) as u32;
        } else if drawn {
            let points: Vec<String> = outlines[c]
                .iter()
                .map(|&p| {
                    let (x, y) = to_px(p, frame);
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            shapes[c] = format!("<polygon points=\"{}\"", points.join(" "));
            out += &format!(
                "{} fill=\"{fill}\" stroke=\"#8b6b4a\" stroke-width=\"1\"{cell_id}/>\n",
                shapes[c]
            );
            let (cx, cy) = centre[c];
            px = (cx - CELL as f64 / 2.0).max(0.0) as u32;
            py = (cy - CELL as f64 / 2.0).max(0.0) as u32;
        } else if general {
            let (cx, cy) = centre[c];
            shapes[c] = format!("<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\"", spot);
            out += &format!(
                "{} fill=\"{fill}\" stroke=\"#8b6b4a\" stroke-width=\"0.8\"{cell_id}/>\n",
                shapes[c]
            );
            px = (cx - CELL as f64 / 2.0) as u32;
            py = (cy - CELL as f64 / 2.0) as u32;
        } else {
            shapes[c] = format!("<rect x=\"{px}\" y=\"{py}\" width=\"{CELL}\" height=\"{CELL}\"");
            out += &format!(
                "{} fill=\"{fill}\" stroke=\"#8b6b4a\" stroke-width=\"0.5\"{cell_id}/>\n",
                shapes[c]
            );
            if let Some(t) = overlay {
                out += &format!("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{t}\" fill-opacity=\"0.5\"/>\n", px + 1, py + 1, CELL - 2, CELL - 2);
            }
        }
        bounds.0 = bounds.0.min(px as f64);
        bounds.1 = bounds.1.min(py as f64);
        bounds.2 = bounds.2.max((px + CELL) as f64);
        bounds.3 = bounds.3.max((py + CELL) as f64);
        // A cell's name, over everything else: inside a hexagon's top, at the upper left
        // of other cells.
        if hex_rows.is_some() {
            let (cx, cy) = centre[c];
            names += &format!(
                "<text x=\"{cx:.0}\" y=\"{:.0}\" font-size=\"7\" text-anchor=\"middle\" fill=\"#5a4632\">{}</text>\n",
                cy - 20.0,
                esc(&game.board.cell_names[c])
            );
        } else if game.board.grid.is_none() {
            names += &format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"#5a4632\">{}</text>\n",
                px + 3,
                py + 10,
                esc(&game.board.cell_names[c])
            );
        }
        let p = s.cells[c];
        if p.is_none() {
            continue;
        }
        let under: Vec<Piece> = s
            .buried
            .iter()
            .filter(|(bc, _)| *bc as usize == c)
            .map(|(_, q)| *q)
            .collect();
        let height_here = 1 + under.len();
        // A disc with its symbol, centred at (x, y), of radius r.
        let disc_at = |q: Piece, x: u32, y: u32, r: u32, text: &str| -> String {
            let (disc, ink) = fill_of(q);
            let font = (r * 9 / 10).max(8);
            format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{disc}\" stroke=\"#1a1a1a\" stroke-width=\"{}\"/>\n<text x=\"{x}\" y=\"{}\" font-size=\"{font}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>\n",
                if r >= 16 { "1.2" } else { "1" },
                y + font / 3,
                esc(text)
            )
        };
        let alike = under
            .iter()
            .all(|q| game.symbol(*q) == game.symbol(p) && q.owner() == p.owner());
        // A pile of different pieces: a disc for each kind and owner, with its count (a
        // trap holding two black stones and a white one: `2B` and `1W`).
        let mut groups: Vec<(Piece, usize)> = Vec::new();
        if game.program.piles && !alike {
            let mut all: Vec<Piece> = under.iter().copied().chain(std::iter::once(p)).collect();
            all.sort_by_key(|q| (q.owner(), q.kind()));
            for q in all {
                match groups
                    .iter_mut()
                    .find(|(g, _)| g.owner() == q.owner() && g.kind() == q.kind())
                {
                    Some((_, k)) => *k += 1,
                    None => groups.push((q, 1)),
                }
            }
        }
        if (2..=4).contains(&groups.len()) {
            let r = CELL / 4 - 1;
            for (i, (q, k)) in groups.iter().enumerate() {
                let i = i as u32;
                let (x, y) = if groups.len() == 2 {
                    (px + CELL / 4 + i * CELL / 2, py + CELL / 2)
                } else {
                    (
                        px + CELL / 4 + (i % 2) * CELL / 2,
                        py + CELL / 4 + (i / 2) * CELL / 2,
                    )
                };
                top += &disc_at(*q, x, y, r, &format!("{k}{}", game.symbol(*q)));
            }
        } else if !under.is_empty() && !alike && groups.is_empty() {
            // A stack of different pieces: those beneath, bottom first, peek out at the lower
            // left; the top piece stands over them at the upper right.
            let lift = (under.len() as u32 - 1).min(4) * 4;
            for (i, q) in under.iter().enumerate() {
                let i = (i as u32).min(4);
                let (x, y) = (px + 15 + i * 4, py + CELL - 15 - i * 4);
                top += &disc_at(*q, x, y, 13, &game.symbol(*q));
            }
            top += &disc_at(p, px + CELL - 18 + lift / 4, py + 18, 16, &game.symbol(p));
        } else {
            let (cx, cy) = (px + CELL / 2, py + CELL / 2);
            if groups.len() > 4 {
                // Too many kinds for discs: the pile as text.
                top += &format!(
                    "<text x=\"{cx}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"#1a1a1a\">{}</text>\n",
                    cy + 4,
                    esc(&pieces_text(game, s, c))
                );
            } else {
                let (disc, ink) = fill_of(p);
                top += &format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{}\" stroke=\"#1a1a1a\" stroke-width=\"1.5\"/>\n", piece_r, disc);
                // On a square the height stands in its corner; a hexagon's corners are
                // cut off, so there the height is written in the disc, under the symbol.
                let inside = height_here > 1 && hex_rows.is_some();
                top += &format!(
                    "<text x=\"{cx}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
                    if inside { cy + 2 } else { cy + 6 },
                    if inside { 15 } else { 18 },
                    ink,
                    esc(&game.symbol(p))
                );
                if inside {
                    top += &format!("<text x=\"{cx}\" y=\"{}\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">×{height_here}</text>\n", cy + 14);
                } else if height_here > 1 {
                    top += &format!("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" fill=\"#1a1a1a\">×{height_here}</text>\n", px + CELL - 3, py + CELL - 4);
                }
            }
        }
        // Marks written after the pieces that have a legend (`show (…) after "*" "may still
        // move"`), at the cell's upper right; those without one only stand in on the text
        // board for a tint a piece hides.
        let badges: String = marks
            .iter()
            .filter(|m| m.after && m.legend.is_some() && !m.text.trim().is_empty())
            .filter(|m| game.marked(s, &m.place, c as CellId))
            .map(|m| m.text.as_str())
            .collect();
        if !badges.is_empty() {
            let (bx, by) = if hex_rows.is_some() {
                (px + CELL / 2 + 15, py + CELL / 2 - 9)
            } else {
                (px + CELL - 4, py + 13)
            };
            top += &format!("<text x=\"{bx}\" y=\"{by}\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1a1a1a\" stroke=\"#fbfaf7\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>\n", esc(&badges));
        }
        // The piece's own values (`per piece`): a stack of discs a unit, by colour.
        let mut level = 0u32;
        for (k, v) in stacked.iter().enumerate() {
            let n = game.var(s, &v.name, c).unwrap_or(0).clamp(0, 12) as u32;
            for _ in 0..n {
                top += &format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"4\" fill=\"{}\" stroke=\"#1a1a1a\" stroke-width=\"0.4\"/>\n",
                    px + CELL - 13,
                    py + CELL - 7 - level * 5,
                    STACK_FILL[k % STACK_FILL.len()]
                );
                level += 1;
            }
        }
    }
    // The last move's cells, painted again in a highlight under the pieces.
    if !s.last.pass {
        for c in [s.last.from as usize, s.last.to as usize] {
            if c < n && !shapes[c].is_empty() {
                out += &format!(
                    "{} fill=\"{}\" fill-opacity=\"0.45\" stroke=\"{}\" stroke-width=\"2.5\"/>\n",
                    shapes[c],
                    caption::LAST_MOVE.0,
                    caption::LAST_MOVE.1
                );
            }
        }
    }
    // Lines between groups of cells (`show borders by (VALUE)`), over the cells.
    let square = game.board.grid.is_some() && hex_rows.is_none() && !drawn;
    if hex_rows.is_some() || square {
        let corner = |c: usize| -> (f64, f64) {
            if hex_rows.is_some() {
                centre[c]
            } else {
                let (x, y) = place(c);
                (
                    (margin + x * CELL) as f64 + CELL as f64 / 2.0,
                    (margin + y * CELL) as f64 + CELL as f64 / 2.0,
                )
            }
        };
        out += &borders(game, s, &blank, &corner, square);
    }
    if let (Some((gw, gh)), None) = (game.board.grid, hex_rows) {
        for x in 0..gw {
            let file: String = game.board.cell_names[x as usize]
                .chars()
                .take_while(|c| !c.is_ascii_digit())
                .collect();
            out += &format!("<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#5a4632\">{}</text>\n", margin + x * CELL + CELL / 2, height - 8, esc(&file));
        }
        for y in 0..gh {
            out += &format!("<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#5a4632\">{}</text>\n", margin / 2, margin + (gh - 1 - y) * CELL + CELL / 2 + 4, y + 1);
        }
    }
    out += &top;
    out += &names;
    // Cells drawn blank: the picture is cut to the cells that are drawn.
    let (x0, y0) = if (0..n).any(blank) && bounds.0 <= bounds.2 {
        let m = margin as f64;
        width = (bounds.2 - bounds.0 + 2.0 * m) as u32;
        height = (bounds.3 - bounds.1 + 2.0 * m) as u32;
        ((bounds.0 - m) as i64, (bounds.1 - m) as i64)
    } else {
        (0, 0)
    };
    // On a chequer, a mark without its own `fill` is laid over the squares' colours.
    let overlays: Vec<bool> = marks
        .iter()
        .map(|m| chequered && m.fill.is_none())
        .collect();
    // Which marks this picture shows: a tint on a cell drawn, or a badge on a piece.
    let shown: Vec<bool> = marks
        .iter()
        .zip(&tints)
        .map(|(m, t)| {
            let badge = m.after && !m.colour_only();
            // A cell drawn: not blank, nor a drawn area's spare tessel.
            let drawn_cell = |c: usize| !blank(c) && (!drawn || !outlines[c].is_empty());
            // A badge stands on a piece; a tint on any cell.
            let visible = |c: usize| {
                if badge {
                    !s.cells[c].is_none()
                } else {
                    t.is_some()
                }
            };
            (0..n).any(|c| drawn_cell(c) && visible(c) && game.marked(s, &m.place, c as CellId))
        })
        .collect();
    // Under the board, inside the picture: whose turn, the key, the zones.
    let Caption {
        svg: words,
        width: wide,
        height: tall,
    } = caption::draw(
        game,
        s,
        (x0 as f64, (y0 + height as i64) as f64, width as f64),
        (&tints, &overlays),
        &shown,
        last,
    );
    out += &words;
    width = width.max(wide.ceil() as u32);
    height += tall.ceil() as u32;
    out += "</svg>\n";
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"{x0} {y0} {width} {height}\" font-family=\"sans-serif\">\n<rect x=\"{x0}\" y=\"{y0}\" width=\"100%\" height=\"100%\" fill=\"#fbfaf7\"/>\n{out}"
    )
}

/// The lines of `show borders by (VALUE)`: along each side of a drawn cell whose neighbour
/// across it is not drawn, or holds another value. `at` is a cell's centre; the cells are
/// hexagons (pointy-topped, a side facing each neighbour) or squares.
fn borders(
    game: &Game,
    s: &State,
    blank: &dyn Fn(usize) -> bool,
    at: &dyn Fn(usize) -> (f64, f64),
    square: bool,
) -> String {
    const CELL: f64 = 48.0;
    let mut out = String::new();
    let n = game.board.cells();
    for b in &game.program.borders {
        let colour = b.colour.as_deref().unwrap_or("#3a2e22");
        let value: Vec<i64> = (0..n)
            .map(|c| game.value_at(s, &b.by, c as CellId))
            .collect();
        for c in (0..n).filter(|&c| !blank(c)) {
            let (cx, cy) = at(c);
            let sides = if square { 4 } else { 6 };
            for k in 0..sides {
                // Side k faces the direction at angle (360 / sides) · k.
                let a = std::f64::consts::TAU * k as f64 / sides as f64;
                let across = game.board.neighbours(c as CellId).find(|&t| {
                    let (tx, ty) = at(t as usize);
                    let (dx, dy) = (tx - cx, ty - cy);
                    (dx * dx + dy * dy).sqrt() < CELL * 1.2
                        && (dx - CELL * a.cos()).abs() < CELL * 0.3
                        && (dy - CELL * a.sin()).abs() < CELL * 0.3
                });
                let line = match across {
                    Some(t) => {
                        let t = t as usize;
                        // Between two drawn cells, drawn once, from the lower number.
                        (!blank(t) && value[t] != value[c] && c < t) || blank(t)
                    }
                    None => true,
                };
                if !line {
                    continue;
                }
                // The side's two corners.
                let (r, half) = if square {
                    (
                        CELL / 2.0 * std::f64::consts::SQRT_2,
                        std::f64::consts::FRAC_PI_4,
                    )
                } else {
                    (CELL / 3f64.sqrt(), std::f64::consts::PI / 6.0)
                };
                let (x1, y1) = (cx + r * (a - half).cos(), cy + r * (a - half).sin());
                let (x2, y2) = (cx + r * (a + half).cos(), cy + r * (a + half).sin());
                out += &format!("<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" stroke-width=\"3\" stroke-linecap=\"round\"/>\n");
            }
        }
    }
    out
}

/// Text made safe inside SVG.
pub(super) fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A piece's disc and ink colours: its player's, a player named by a colour getting it.
pub(super) fn disc_colours(game: &Game, p: Piece) -> (&'static str, &'static str) {
    const PLAYER_FILL: [&str; 8] = [
        "#f4f1e8", "#2b2b2b", "#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910", "#17a589",
    ];
    const PLAYER_TEXT: [&str; 8] = [
        "#2b2b2b", "#f4f1e8", "#ffffff", "#ffffff", "#ffffff", "#ffffff", "#ffffff", "#ffffff",
    ];
    let name = game
        .program
        .players
        .get(p.owner() as usize)
        .map(String::as_str);
    name.and_then(colour_named).unwrap_or_else(|| {
        let o = p.owner() as usize % PLAYER_FILL.len();
        (PLAYER_FILL[o], PLAYER_TEXT[o])
    })
}

/// The colours of the stacks that show the pieces' own values (`per piece`): hues no
/// player is named by (pink, cyan, lime, salmon, …), so that a stack is never read as a
/// player's piece.
pub(super) const STACK_FILL: [&str; 8] = [
    "#ff5fa2", "#00bcd4", "#b4e61d", "#f8b195", "#7a7d1a", "#98e0c8", "#c39bd3", "#5c5c8a",
];

/// The `per piece` numbers drawn as stacks on the pieces (bookkeeping, `_`, left out).
pub(super) fn stacked_values(game: &Game) -> Vec<&tessel_lang::ir::Var> {
    game.program
        .vars
        .iter()
        .filter(|v| {
            v.per_piece
                && !v.name.starts_with('_')
                && v.label.as_deref() != Some("")
                && v.ty == tessel_lang::ir::Type::Int
        })
        .collect()
}

/// Disc and ink colours for a player named by a colour.
fn colour_named(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name.to_ascii_lowercase().as_str() {
        "white" => ("#f4f1e8", "#2b2b2b"),
        "black" => ("#2b2b2b", "#f4f1e8"),
        "red" => ("#c0392b", "#ffffff"),
        "blue" => ("#2e86c1", "#ffffff"),
        "green" => ("#27ae60", "#ffffff"),
        "yellow" => ("#f1c40f", "#2b2b2b"),
        "orange" => ("#e67e22", "#ffffff"),
        "purple" => ("#8e44ad", "#ffffff"),
        "brown" => ("#8d5524", "#ffffff"),
        "grey" | "gray" => ("#95a5a6", "#1a1a1a"),
        _ => return None,
    })
}
