//! The caption under a picture's board, inside the picture: whose turn it is and the last
//! move, the key (the ruleset's shaded regions and marks, borders, the stacks' colours and
//! the pieces by their declared names), and what each zone holds, drawn as counted discs.

use super::svg::{disc_colours, esc, stacked_values, STACK_FILL};
use tessel_interpreter::{Game, Piece, State};
use tessel_lang::ir::NO_CELL;

/// The highlight of the last move's cells: fill and outline.
pub(super) const LAST_MOVE: (&str, &str) = ("#f7dc6f", "#b7950b");

/// The caption drawn: its SVG, and the width and height it takes.
pub(super) struct Caption {
    pub svg: String,
    pub width: f64,
    pub height: f64,
}

/// One entry of a caption line: a sign, then words.
enum Sign {
    /// A square of colour (a shaded region, a mark's tint, the last move).
    Swatch(String),
    /// A tint laid over a chequer's squares, drawn over a light and a dark half.
    Overlay(String),
    /// A mark written over pieces (`*`).
    Badge(String),
    /// A line of a colour (`show borders by`).
    Line(String),
    /// A bar of a stack's colour.
    Bar(&'static str),
    /// A piece's disc, with a count when more than one; in a neutral colour when the
    /// piece is no player's (it lies in a shared zone).
    Disc(Piece, u32, bool),
    /// Words alone.
    Words,
}

const FONT: f64 = 11.0;
/// The width of a character of the caption, on average (sans-serif at 11 px).
const CHAR: f64 = 6.2;
const ROW: f64 = 20.0;
const PAD: f64 = 12.0;

impl Sign {
    fn width(&self) -> f64 {
        match self {
            Sign::Words => 0.0,
            Sign::Disc(_, n, _) if *n > 1 => 20.0 + CHAR * n.to_string().len() as f64,
            Sign::Disc(..) => 20.0,
            Sign::Badge(t) => 6.0 + CHAR * t.chars().count() as f64,
            _ => 20.0,
        }
    }
}

/// Draws the caption under a board whose frame starts at `left` and ends at `top`, of
/// `width` (it grows the picture when a line needs more). `tints` are the marks' colours
/// in the picture and whether each is laid over a chequer's squares, `shown` which marks
/// the picture shows.
pub(super) fn draw(
    game: &Game,
    s: &State,
    (left, top, width): (f64, f64, f64),
    tints: (&[Option<String>], &[bool]),
    shown: &[bool],
    last: Option<&str>,
) -> Caption {
    let mut lines: Vec<Vec<(Sign, String)>> = vec![turn(game, s, last)];
    lines.push(key(game, s, tints, shown));
    lines.extend(zones(game, s));
    // Rows: each line's entries flowed within the width, a wider entry widening it.
    let room = (width - 2.0 * PAD).max(300.0);
    let mut widest = room;
    let mut rows: Vec<Vec<(Sign, String, f64)>> = Vec::new();
    for line in lines.into_iter().filter(|l| !l.is_empty()) {
        let mut row: Vec<(Sign, String, f64)> = Vec::new();
        let mut used = 0.0;
        for (sign, words) in line {
            let gap = if words.is_empty() { 6.0 } else { 14.0 };
            let w = sign.width() + CHAR * words.chars().count() as f64 + gap;
            if used > 0.0 && used + w > room {
                rows.push(std::mem::take(&mut row));
                used = 0.0;
            }
            used += w;
            widest = widest.max(used);
            row.push((sign, words, w));
        }
        rows.push(row);
    }
    // A group of its own, so that a reader (or a test) tells it from the board.
    let mut svg = String::from("<g class=\"caption\">\n");
    for (i, row) in rows.iter().enumerate() {
        let y = top + 4.0 + ROW * i as f64 + ROW / 2.0;
        let mut x = left + PAD;
        for (sign, words, w) in row {
            svg += &sign_svg(game, sign, x, y);
            let at = x + sign.width();
            // The first line (whose turn) in bold.
            let weight = if i == 0 { " font-weight=\"bold\"" } else { "" };
            svg += &format!(
                "<text x=\"{at:.0}\" y=\"{:.0}\" font-size=\"{FONT}\"{weight} fill=\"#3a2e22\">{}</text>\n",
                y + 4.0,
                esc(words)
            );
            x += w;
        }
    }
    svg += "</g>\n";
    Caption {
        svg,
        width: widest + 2.0 * PAD,
        height: if rows.is_empty() {
            0.0
        } else {
            ROW * rows.len() as f64 + 10.0
        },
    }
}

/// A sign drawn with its left edge at `x`, centred on `y`.
fn sign_svg(game: &Game, sign: &Sign, x: f64, y: f64) -> String {
    match sign {
        Sign::Words => String::new(),
        Sign::Swatch(fill) => format!(
            "<rect x=\"{x:.0}\" y=\"{:.0}\" width=\"14\" height=\"14\" fill=\"{fill}\" stroke=\"#8b6b4a\" stroke-width=\"0.8\"/>\n",
            y - 7.0
        ),
        Sign::Overlay(tint) => format!(
            "<rect x=\"{x:.0}\" y=\"{:.0}\" width=\"7\" height=\"14\" fill=\"#f0d9b5\"/><rect x=\"{:.0}\" y=\"{:.0}\" width=\"7\" height=\"14\" fill=\"#b58863\"/><rect x=\"{x:.0}\" y=\"{:.0}\" width=\"14\" height=\"14\" fill=\"{tint}\" fill-opacity=\"0.5\" stroke=\"#8b6b4a\" stroke-width=\"0.8\"/>\n",
            y - 7.0,
            x + 7.0,
            y - 7.0,
            y - 7.0
        ),
        Sign::Badge(t) => format!(
            "<text x=\"{x:.0}\" y=\"{:.0}\" font-size=\"14\" font-weight=\"bold\" fill=\"#1a1a1a\">{}</text>\n",
            y + 5.0,
            esc(t)
        ),
        Sign::Line(colour) => format!(
            "<line x1=\"{x:.0}\" y1=\"{y:.0}\" x2=\"{:.0}\" y2=\"{y:.0}\" stroke=\"{colour}\" stroke-width=\"3\" stroke-linecap=\"round\"/>\n",
            x + 14.0
        ),
        Sign::Bar(colour) => format!(
            "<rect x=\"{x:.0}\" y=\"{:.0}\" width=\"14\" height=\"5\" fill=\"{colour}\" stroke=\"#1a1a1a\" stroke-width=\"0.4\"/>\n",
            y - 2.0
        ),
        Sign::Disc(p, n, shared) => {
            let (disc, ink) = if *shared {
                ("#d5c4a1", "#2b2b2b")
            } else {
                disc_colours(game, *p)
            };
            let mut out = format!(
                "<circle cx=\"{:.0}\" cy=\"{y:.0}\" r=\"8\" fill=\"{disc}\" stroke=\"#1a1a1a\" stroke-width=\"1\"/>\n<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"9\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>\n",
                x + 8.0,
                x + 8.0,
                y + 3.0,
                esc(&game.symbol(*p))
            );
            if *n > 1 {
                out += &format!(
                    "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"10\" font-weight=\"bold\" fill=\"#3a2e22\">{n}</text>\n",
                    x + 18.0,
                    y + 4.0
                );
            }
            out
        }
    }
}

/// Whose turn it is (the person too, where people change sides) and the last move's cells;
/// or how the game ended. `written` is the last decision as the game writes it, when known.
fn turn(game: &Game, s: &State, written: Option<&str>) -> Vec<(Sign, String)> {
    let sides = super::side_names(game, s, |p| format!("person {}", p + 1));
    let mut out = Vec::new();
    let mut scratch = game.scratch();
    match game.status(s, &mut scratch) {
        Some(o) => {
            let who = o
                .winner()
                .and_then(|w| sides.get(w))
                .map_or_else(|| "no winner".to_string(), |w| format!("{w} wins"));
            out.push((Sign::Words, format!("{}: {who}", o.ending)));
        }
        None => {
            let side = sides
                .get(s.to_move as usize)
                .cloned()
                .unwrap_or_else(|| format!("player {}", s.to_move + 1));
            out.push((Sign::Words, format!("{side} to move")));
        }
    }
    let name = |c: u16| game.board.cell_names.get(c as usize).cloned();
    let last = if let Some(text) = written {
        Some(format!("last move {text}"))
    } else if s.last.pass {
        Some("last move: a pass".to_string())
    } else {
        match (name(s.last.from), name(s.last.to)) {
            (Some(f), Some(t)) if s.last.from != s.last.to => Some(format!("last move {f}–{t}")),
            (_, Some(t)) if s.last.to != NO_CELL => Some(format!("last move {t}")),
            _ => None,
        }
    };
    if let Some(l) = last {
        out.push((Sign::Swatch(LAST_MOVE.0.to_string()), l));
    }
    out
}

/// The key: the marks this picture shows with their legends, the borders, the stacks'
/// colours, and each kind of piece in play by its declared name.
fn key(
    game: &Game,
    s: &State,
    (tints, overlays): (&[Option<String>], &[bool]),
    shown: &[bool],
) -> Vec<(Sign, String)> {
    let program = &game.program;
    let mut out: Vec<(Sign, String)> = Vec::new();
    for (i, ((m, tint), &on)) in program.marks.iter().zip(tints).zip(shown).enumerate() {
        let Some(words) = m.legend.as_ref().filter(|_| on) else {
            continue;
        };
        let sign = match tint {
            Some(t) if overlays[i] => Sign::Overlay(t.clone()),
            Some(t) if !m.after || m.colour_only() => Sign::Swatch(t.clone()),
            _ if m.after && !m.text.trim().is_empty() => Sign::Badge(m.text.clone()),
            _ => continue,
        };
        if !out.iter().any(|(_, w)| w == words) {
            out.push((sign, words.clone()));
        }
    }
    for b in &program.borders {
        if let Some(words) = &b.legend {
            let colour = b.colour.clone().unwrap_or_else(|| "#3a2e22".into());
            out.push((Sign::Line(colour), words.clone()));
        }
    }
    for (k, v) in stacked_values(game).iter().enumerate() {
        let words = v.label.clone().unwrap_or_else(|| v.name.replace('_', " "));
        out.push((Sign::Bar(STACK_FILL[k % STACK_FILL.len()]), words));
    }
    // The pieces in play (on the board, beneath others, or in a zone), each kind once, as
    // its first owner's.
    // A kind found only in shared zones is no player's, and drawn so.
    let mut present: Vec<Option<(Piece, bool)>> = vec![None; program.pieces.len()];
    let mut note = |p: Piece, shared: bool| {
        if let Some(slot) = present.get_mut(p.kind() as usize) {
            if slot
                .is_none_or(|(q, was)| (was && !shared) || (was == shared && q.owner() > p.owner()))
            {
                *slot = Some((p, shared));
            }
        }
    };
    for &p in s.cells.iter().filter(|p| !p.is_none()) {
        note(p, false);
    }
    for &(_, p) in &s.buried {
        note(p, false);
    }
    for (_, shared, each) in held(game, s) {
        for (p, _) in each {
            note(p, shared);
        }
    }
    for (k, p) in present.iter().enumerate() {
        if let Some((p, shared)) = p {
            let words = program.pieces[k].name.replace('_', " ");
            out.push((Sign::Disc(*p, 1, *shared), words));
        }
    }
    out
}

/// What each zone holds, a line a zone and player: `white reserve` and a disc for each
/// kind of piece with its count.
fn zones(game: &Game, s: &State) -> Vec<Vec<(Sign, String)>> {
    held(game, s)
        .into_iter()
        .map(|(title, shared, each)| {
            let mut line = vec![(Sign::Words, format!("{title}:"))];
            line.extend(
                each.into_iter()
                    .map(|(p, n)| (Sign::Disc(p, n, shared), String::new())),
            );
            line
        })
        .collect()
}

/// What one zone of one player (or a shared zone) holds: a title, whether the zone is
/// shared, and each kind of piece held with its count.
type Held = (String, bool, Vec<(Piece, u32)>);

/// The zones that hold pieces: a title (`white reserve`, or the zone's name for a shared
/// one, which is no player's) and each kind of piece held with its count.
fn held(game: &Game, s: &State) -> Vec<Held> {
    let program = &game.program;
    let sides = super::side_names(game, s, |p| format!("person {}", p + 1));
    let mut out = Vec::new();
    for (z, zone) in program.zones.iter().enumerate() {
        let owners: Vec<usize> = if zone.per_player {
            (0..sides.len()).collect()
        } else {
            vec![0]
        };
        for p in owners {
            let each: Vec<(Piece, u32)> = (0..program.pieces.len())
                .filter_map(|k| {
                    let n = s
                        .zones
                        .get(game.zone_slot(z as u8, p as u8, k as u8))
                        .copied()
                        .unwrap_or(0);
                    (n > 0).then(|| (Piece::new(k as u8, p as u8), n as u32))
                })
                .collect();
            if each.is_empty() {
                continue;
            }
            let name = zone.name.replace('_', " ");
            let title = if zone.per_player {
                format!("{} {name}", sides[p])
            } else {
                name
            };
            out.push((title, !zone.per_player, each));
        }
    }
    out
}
