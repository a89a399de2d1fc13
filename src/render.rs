//! Rendering for the terminal: diagnostics through codespan-reporting, boards as text.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::WriteColor, Config};
use tessel_interpreter::{Game, State};
use tessel_lang::{Diagnostic, Severity, Sources};

/// Renders diagnostics into `out` (colour when `out` supports it).
pub fn diagnostics(out: &mut dyn WriteColor, sources: &Sources, diags: &[Diagnostic]) {
    let mut files = SimpleFiles::new();
    for (_, name, text) in sources.iter() {
        files.add(name.to_string(), text.to_string());
    }
    let config = Config::default();
    for d in diags {
        let mut cs = CsDiagnostic::new(match d.severity {
            Severity::Error => CsSeverity::Error,
            Severity::Warning => CsSeverity::Warning,
        })
        .with_code(d.code)
        .with_message(&d.message);
        let mut labels = Vec::new();
        if let Some(span) = d.span {
            if span.file < sources.len() {
                labels.push(Label::primary(span.file, span.start..span.end).with_message(&d.label));
            }
        }
        for l in &d.labels {
            if l.span.file < sources.len() {
                labels.push(
                    Label::secondary(l.span.file, l.span.start..l.span.end)
                        .with_message(&l.message),
                );
            }
        }
        cs = cs
            .with_labels(labels)
            .with_notes(d.hints.iter().map(|h| format!("help: {h}")).collect());
        let _ = term::emit(out, &config, &files, &cs);
    }
}

/// Renders diagnostics to a plain string (no colour), as the golden tests keep them.
pub fn diagnostics_to_string(sources: &Sources, diags: &[Diagnostic]) -> String {
    let mut buf = codespan_reporting::term::termcolor::NoColor::new(Vec::new());
    diagnostics(&mut buf, sources, diags);
    String::from_utf8_lossy(&buf.into_inner()).into_owned()
}

/// The board as text: a grid with coordinates, or a list of occupied cells.
pub fn board(game: &Game, s: &State) -> String {
    let mut out = String::new();
    match game.board.grid {
        Some((w, h)) => {
            let names = &game.board.cell_names;
            for y in (0..h).rev() {
                out += &format!("{:>3} ", y + 1);
                for x in 0..w {
                    let c = (x + y * w) as usize;
                    let p = s.cells[c];
                    let sym = if p.is_none() {
                        ".".to_string()
                    } else {
                        game.symbol(p)
                    };
                    out += &format!("{sym:>2}");
                }
                out.push('\n');
            }
            out += "    ";
            for x in 0..w {
                let file: String = names[x as usize]
                    .chars()
                    .take_while(|c| !c.is_ascii_digit())
                    .collect();
                out += &format!("{file:>2}");
            }
            out.push('\n');
        }
        None => {
            for (c, name) in game.board.cell_names.iter().enumerate() {
                let p = s.cells[c];
                if !p.is_none() {
                    out += &format!("{name}: {}\n", game.symbol(p));
                }
            }
        }
    }
    out
}
