//! The computer in `play`: its decisions (with a "thinking…" line on stderr when it is a
//! terminal), the trees it keeps between decisions, and `hint` — the search's suggestion
//! for the person to move and how sure it is.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::Instant;
use tessel_interpreter::agent::{Agent, Choice, Mind, Progress, Why};
use tessel_interpreter::{Game, Move, Scratch, State};

/// The computer's seats' agent and its memory, and a second search for hints (so that
/// asking for a hint changes nothing in the computer's play).
pub struct Computer {
    mind: Option<Mind>,
    rng: Pcg64Mcg,
    hints: Mind,
    hint_rng: Pcg64Mcg,
}

impl Computer {
    /// `ai` plays the computer's seats; `hint` is the agent that answers `hint`.
    pub fn new(ai: Option<Agent>, hint: Agent, seed: u64) -> Computer {
        Computer {
            mind: ai.map(Mind::new),
            rng: Pcg64Mcg::seed_from_u64(seed ^ 0x5151),
            hints: Mind::new(hint),
            hint_rng: Pcg64Mcg::seed_from_u64(seed ^ 0x4849_4e54),
        }
    }

    /// A decision was made (by anyone, or chance): the kept trees follow it.
    pub fn observe(&mut self, g: &Game, m: Move) {
        if let Some(mind) = &mut self.mind {
            mind.observe(g, m);
        }
        self.hints.observe(g, m);
    }

    /// The computer's decision at `s` among `moves` (there is an AI).
    pub fn decide(&mut self, g: &Game, s: &State, moves: &[Move], scratch: &mut Scratch) -> Move {
        let Some(mind) = &mut self.mind else {
            return moves[0];
        };
        think(g, s, moves, scratch, mind, &mut self.rng).mv
    }

    /// The hint for the person to move: the decision, and how sure the search is.
    pub fn hint(&mut self, g: &Game, s: &State, moves: &[Move], scratch: &mut Scratch) -> String {
        let began = Instant::now();
        let c = think(g, s, moves, scratch, &mut self.hints, &mut self.hint_rng);
        let text = g.move_text_among(moves, c.mv);
        match c.why {
            Why::Only => format!("hint: {text} (the only decision that does not lose at once)"),
            Why::Wins => format!("hint: {text} (it wins at once)"),
            Why::Simple => format!("hint: {text}"),
            Why::Searched => format!(
                "hint: {text} — {:.0}% of {} playouts went to it; it won {:.0}% of them ({:.1} s)",
                c.share * 100.0,
                c.playouts,
                c.win * 100.0,
                began.elapsed().as_secs_f64()
            ),
        }
    }
}

/// A search with a "thinking…" line on stderr, redrawn at most ten times a second and
/// cleared at the end, when stderr is a terminal.
fn think(
    g: &Game,
    s: &State,
    moves: &[Move],
    scratch: &mut Scratch,
    mind: &mut Mind,
    rng: &mut Pcg64Mcg,
) -> Choice {
    if !std::io::stderr().is_terminal() {
        return mind.choose(g, s, moves, rng, scratch, None);
    }
    let shown = Mutex::new(None::<Instant>);
    let line = |p: Progress| {
        let Ok(mut last) = shown.lock() else {
            return;
        };
        if last.is_some_and(|t| t.elapsed().as_millis() < 100) {
            return;
        }
        *last = Some(Instant::now());
        let best = p
            .best
            .map(|(m, share)| {
                format!(
                    ", best so far {} ({:.0}%)",
                    tessel::terminal::visible(&g.move_text_among(moves, m)),
                    share * 100.0
                )
            })
            .unwrap_or_default();
        let mut e = std::io::stderr();
        let _ = write!(
            e,
            "\r\x1b[Kthinking… {} playouts, {:.1} s{best}",
            p.playouts,
            p.elapsed.as_secs_f64()
        );
        let _ = e.flush();
    };
    let c = mind.choose(g, s, moves, rng, scratch, Some(&line));
    if shown.lock().is_ok_and(|t| t.is_some()) {
        let mut e = std::io::stderr();
        let _ = write!(e, "\r\x1b[K");
        let _ = e.flush();
    }
    c
}
