//! Time control in `tessel play`: the chess clock and the hourglass (`--clock`,
//! `--hourglass`), charging each decision's time and losing on time.

use tessel_interpreter::Game;

/// Time control in `play`: every decision's time, people's and the computer's, is counted.
pub enum Timing {
    /// Seconds left for each player, and what a player gains after each turn.
    Clock { left: Vec<f64>, increment: f64 },
    /// The glass's seconds, and the sand on top: the player to move's time.
    Hourglass { total: f64, top: f64 },
}

impl Timing {
    /// Charges `used` seconds to `player`; whether they still have time.
    fn charge(&mut self, player: usize, used: f64) -> bool {
        match self {
            Timing::Clock { left, .. } => match left.get_mut(player) {
                Some(l) => {
                    *l -= used;
                    *l > 0.0
                }
                None => true,
            },
            Timing::Hourglass { top, .. } => {
                *top -= used;
                *top > 0.0
            }
        }
    }
    /// A turn has ended: the increment, or the glass turned over.
    fn turn_over(&mut self, player: usize) {
        match self {
            Timing::Clock { left, increment } => {
                if let Some(l) = left.get_mut(player) {
                    *l += *increment;
                }
            }
            Timing::Hourglass { total, top } => *top = (*total - top.max(0.0)).max(0.0),
        }
    }
    pub fn shown(&self, player: usize) -> String {
        match self {
            Timing::Clock { left, .. } => {
                let l = left.get(player).copied().unwrap_or(0.0).max(0.0);
                format!("clock {}:{:04.1}", (l / 60.0) as u64, l % 60.0)
            }
            Timing::Hourglass { top, .. } => format!("glass {:.1} s", top.max(0.0)),
        }
    }
}

/// Charges the decision's time (since `asked_at`) to `player`; whether they ran out.
pub fn time_is_up(
    timing: &mut Option<Timing>,
    player: usize,
    asked_at: std::time::Instant,
) -> bool {
    timing
        .as_mut()
        .is_some_and(|t| !t.charge(player, asked_at.elapsed().as_secs_f64()))
}

/// After a decision: the next one's time starts now; a turn that ended turns the glass or
/// adds the increment.
pub fn turn_timed(
    timing: &mut Option<Timing>,
    player: usize,
    turn_ended: bool,
    asked_at: &mut std::time::Instant,
) {
    if let (Some(t), true) = (timing.as_mut(), turn_ended) {
        t.turn_over(player);
    }
    *asked_at = std::time::Instant::now();
}

/// A player ran out of time: they lose (with two players, the other wins).
pub fn lost_on_time(g: &Game, player: usize, record: &mut tessel::record::Record) {
    let name = &g.program.players[player];
    let result = if g.players() == 2 {
        format!(
            "{name} ran out of time: {} wins",
            g.program.players[1 - player]
        )
    } else {
        format!("{name} ran out of time")
    };
    out!("Game over: {result}.");
    out!("Moves: {}", record.decisions.join(" "));
    record.result = Some(result);
}

/// `SECONDS` or `SECONDS+INCREMENT`.
pub fn clock_arg(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text.split_once('+').unwrap_or((text, "0"));
    let secs: f64 = a
        .trim()
        .parse()
        .map_err(|_| format!("`{a}` is not a number of seconds"))?;
    let inc: f64 = b
        .trim()
        .parse()
        .map_err(|_| format!("`{b}` is not a number of seconds"))?;
    if !(secs > 0.0 && secs <= 86_400.0 && (0.0..=3600.0).contains(&inc)) {
        return Err("the clock is 1 second to a day, the increment 0 to 3600 seconds".into());
    }
    Ok((secs, inc))
}
