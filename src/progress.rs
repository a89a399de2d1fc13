//! Long runs (`analyze`, `random`, `bench`, deep `perft`): a progress bar on standard error
//! when it is a terminal, and Ctrl-C that stops the run so that what was finished is
//! reported (and kept) — a second Ctrl-C ends the program at once.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::time::Duration;

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT), its partial report printed.
pub const INTERRUPTED: u8 = 130;

static STOP: AtomicBool = AtomicBool::new(false);
/// The run stops cleanly on Ctrl-C ([`catch_interrupt`]); otherwise Ctrl-C ends it.
static GRACEFUL: AtomicBool = AtomicBool::new(false);
static HANDLER: Once = Once::new();

/// Ctrl-C ends the program with exit code 130, as the program's first act (so that a run
/// interrupted at any point ends the same way); [`catch_interrupt`] makes it stop a long
/// run cleanly instead.
pub fn exit_on_interrupt() {
    HANDLER.call_once(|| {
        let installed = ctrlc::set_handler(|| {
            if !GRACEFUL.load(Ordering::SeqCst) || STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(INTERRUPTED));
            }
        });
        // Without a handler Ctrl-C ends the program as it always did.
        drop(installed);
    });
}

/// From now on, Ctrl-C asks the run to stop (see [`interrupted`]) instead of ending the
/// program; a second Ctrl-C ends it.
pub fn catch_interrupt() {
    exit_on_interrupt();
    GRACEFUL.store(true, Ordering::SeqCst);
}

/// Whether Ctrl-C has asked the run to stop.
pub fn interrupted() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// A progress bar over `len` steps on standard error, drawn only when it is a terminal.
pub struct Progress(ProgressBar);

impl Progress {
    /// `what` names the steps (`games`, `first moves`).
    pub fn new(len: u64, what: &str) -> Progress {
        let bar = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
            let colour = crate::terminal::colour_stderr();
            let template = if colour {
                "{elapsed_precise} [{bar:30.cyan/blue}] {pos}/{len} {msg} (eta {eta})"
            } else {
                "{elapsed_precise} [{bar:30}] {pos}/{len} {msg} (eta {eta})"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message(what.to_string());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        } else {
            ProgressBar::hidden()
        };
        Progress(bar)
    }

    /// Whether the bar is drawn (standard error is a terminal).
    pub fn shown(&self) -> bool {
        !self.0.is_hidden()
    }

    pub fn inc(&self, n: u64) {
        self.0.inc(n);
    }

    /// Sets what the bar counts, for a run of several parts.
    pub fn message(&self, what: &str) {
        self.0.set_message(what.to_string());
    }

    pub fn restart(&self, len: u64) {
        self.0.set_length(len);
        self.0.set_position(0);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        // The bar leaves the screen before the report is printed.
        self.0.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_is_hidden_when_standard_error_is_not_a_terminal() {
        // Tests run with standard error captured, a pipe.
        if !std::io::stderr().is_terminal() {
            assert!(!Progress::new(10, "games").shown());
        }
    }
}
