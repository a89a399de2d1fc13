//! One game on the web board: its position, the states before each decision (for undo),
//! its record, who sits at each seat, and the view of it a page is sent. Chance, and a
//! decision that is the only one, are made at once as `tessel play` makes them; the
//! computer's decisions are chosen outside the lock (`Thinking`) and applied with `commit`.

use crate::record::Record;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::sync::Arc;
use tessel_interpreter::{Agent, Game, Move, Scratch, State};
use tessel_lang::ir::NO_CELL;

/// Who decides for a seat (a person of the game, a player unless `people` seats them).
#[derive(Clone, Debug)]
pub enum Seat {
    /// A person at the browser that created the game (its owner token).
    Here,
    /// A person in another browser, holding the seat's own token.
    Remote { token: String },
    /// The computer, at a level: `random`, `greedy` or `mcts`.
    Computer { agent: Agent },
}

impl Seat {
    /// Reads a seat's kind from a page: `here`, `remote`, or `computer` with a level
    /// (`random`, `greedy`, `mcts`; `mcts` with `playouts`).
    pub fn parse(kind: &str, level: Option<&str>, playouts: Option<u32>) -> Result<Seat, String> {
        match kind {
            "here" => Ok(Seat::Here),
            "remote" => Ok(Seat::Remote {
                token: super::token(),
            }),
            "computer" => {
                let level = level.unwrap_or("greedy");
                let playouts = playouts.unwrap_or(300).clamp(1, 20_000);
                Ok(Seat::Computer {
                    // A playout count and one thread: the same seed gives the same game.
                    agent: Agent::parse(
                        level,
                        tessel_interpreter::agent::Budget {
                            playouts: Some(playouts),
                            think: None,
                            depth: None,
                            threads: 1,
                        },
                    )?,
                })
            }
            other => Err(format!(
                "there is no seat kind `{other}`; a seat is here, remote or computer"
            )),
        }
    }
}

/// Why a decision was refused, with the HTTP status that says so.
#[derive(Debug)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

fn refuse(status: u16, message: impl Into<String>) -> Refusal {
    Refusal {
        status,
        message: message.into(),
    }
}

pub struct Session {
    pub game: Arc<Game>,
    pub state: State,
    /// The state before each decision in the record.
    history: Vec<State>,
    /// For each decision in the record, the player whose secret choice it was.
    secrets: Vec<Option<usize>>,
    pub record: Record,
    pub seats: Vec<Seat>,
    /// The token of the browser that created the game: it plays the `Here` seats, sets
    /// the seats and undoes.
    pub owner: String,
    /// Counts changes; pages fetch the view again when it moves.
    pub version: u64,
    /// The computer's generator, seeded from the game's seed as `tessel play` seeds it.
    rng: Pcg64Mcg,
    scratch: Scratch,
    /// The computer is choosing a decision for this version.
    pub thinking: Option<u64>,
    /// A plug-in's failure that stopped the game.
    pub stopped: Option<String>,
    /// When a page last asked for the game (the oldest makes room for a new one).
    pub used: std::time::Instant,
}

/// A decision as a page sees it: its text and the cells it involves.
#[derive(Serialize, Clone, Debug)]
pub struct Decision {
    pub text: String,
    /// `move` (from a cell to a cell), `drop` (onto a cell from a reserve), `action` (on a
    /// cell or none), `pass`.
    pub kind: &'static str,
    pub from: Option<u16>,
    pub to: Option<u16>,
    /// A decision the computer never takes (resigning, say): the page sets it apart.
    pub manual: bool,
}

/// What a page is sent about a game.
#[derive(Serialize)]
pub struct View {
    pub id: String,
    pub ruleset: String,
    pub title: String,
    pub version: u64,
    pub players: Vec<String>,
    pub seats: Vec<SeatView>,
    /// The seats the asking token may decide for.
    pub yours: Vec<usize>,
    /// Whether the asking token is the game's owner (undo, seats, new game).
    pub owner: bool,
    /// The player to decide, while the game goes on.
    pub to_move: Option<usize>,
    /// What is due, in words.
    pub due: String,
    pub thinking: bool,
    pub svg: String,
    pub cells: Vec<String>,
    pub decisions: Vec<Decision>,
    pub moves: Vec<String>,
    /// The cells of the last move (from, to), where it had them.
    pub last: Vec<u16>,
    pub result: Option<String>,
    pub zones: String,
    pub variables: String,
    pub legend: Option<String>,
    pub position: String,
}

#[derive(Serialize)]
pub struct SeatView {
    pub kind: &'static str,
    pub level: Option<&'static str>,
    /// The link that lets another browser play this seat (the owner sees it).
    pub token: Option<String>,
}

/// The nothing-to-choose decisions that play makes without asking: one pass or one
/// forced action.
fn only_choice(g: &Game, moves: &[Move]) -> bool {
    match moves {
        [m] => {
            m.is_pass()
                || (m.is_action()
                    && g.program
                        .actions
                        .get(m.rule as usize)
                        .is_some_and(|a| a.forced))
        }
        _ => false,
    }
}

/// Whether `m` is an action its ruleset keeps secret.
fn is_secret(g: &Game, m: Move) -> bool {
    m.is_action()
        && g.program
            .actions
            .get(m.rule as usize)
            .is_some_and(|a| a.secret)
}

/// The player whose secret choice the decision `text` at `s` is, if it is one.
fn secret_of(g: &Game, s: &State, text: &str) -> Option<usize> {
    if !g.program.actions.iter().any(|a| a.secret) || g.waiting_chance(s).is_some() {
        return None;
    }
    let mut legal = Vec::new();
    g.decisions(s, &mut g.scratch(), &mut legal);
    let m = g.read_move(s, text, &legal).ok()?;
    is_secret(g, m).then_some(s.to_move as usize)
}

/// The computer's work, done outside the lock: choose at `state` for `version`.
pub struct Thinking {
    pub game: Arc<Game>,
    pub state: State,
    pub agent: Agent,
    pub rng: Pcg64Mcg,
    pub version: u64,
}

impl Thinking {
    /// The decision chosen and the generator after it.
    pub fn choose(mut self) -> (Move, Pcg64Mcg, u64) {
        let g = &*self.game;
        let mut scratch = g.scratch();
        let mut legal = Vec::new();
        g.decisions(&self.state, &mut scratch, &mut legal);
        let m = if legal.is_empty() {
            Move::pass()
        } else {
            self.agent
                .choose(g, &self.state, &legal, &mut self.rng, &mut scratch)
        };
        (m, self.rng, self.version)
    }
}

impl Session {
    /// A game at `state`, reached from its start by `record`'s decisions (the states
    /// before each are `history`).
    pub fn resume(
        game: Arc<Game>,
        history: Vec<State>,
        state: State,
        record: Record,
        seats: Vec<Seat>,
    ) -> Session {
        let seed = record.seed;
        let scratch = game.scratch();
        let secrets = history
            .iter()
            .zip(&record.decisions)
            .map(|(s, text)| secret_of(&game, s, text))
            .collect();
        Session {
            game,
            state,
            history,
            secrets,
            record,
            seats,
            owner: super::token(),
            version: 0,
            rng: Pcg64Mcg::seed_from_u64(seed ^ 0x5151),
            scratch,
            thinking: None,
            stopped: None,
            used: std::time::Instant::now(),
        }
    }

    fn legal(&mut self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.game
            .decisions(&self.state, &mut self.scratch, &mut moves);
        if let Some(e) = self.game.plugin_error() {
            self.stopped = Some(e.to_string());
            moves.clear();
        }
        moves
    }

    /// The seat deciding now (the person at the player to move), when someone decides.
    pub fn seat_to_move(&mut self) -> Option<usize> {
        if self.stopped.is_some() || self.game.status(&self.state, &mut self.scratch).is_some() {
            return None;
        }
        if self.game.waiting_chance(&self.state).is_some() {
            return None;
        }
        let player = self.state.to_move as usize;
        let people = self.game.people(&self.state);
        Some(people.get(player).copied().unwrap_or(player))
    }

    fn push(&mut self, m: Move, text: String) {
        let secret = is_secret(&self.game, m).then_some(self.state.to_move as usize);
        self.secrets.push(secret);
        self.history.push(self.state.clone());
        self.record.decisions.push(text);
        self.game.apply(&mut self.state, m);
    }

    /// Makes what needs no one: chance's throws (from the game's generator) and a
    /// decision that is the only one; then notes the result when the game is over.
    pub fn advance(&mut self) {
        for _ in 0..100_000 {
            if self.stopped.is_some() {
                break;
            }
            if self.game.status(&self.state, &mut self.scratch).is_some() {
                break;
            }
            let before = self.state.clone();
            if let Some(m) = self.game.sample_chance(&mut self.state) {
                let text = self.game.chance_text(&before, m);
                self.secrets.push(None);
                self.history.push(before);
                self.record.decisions.push(text);
                self.game.apply(&mut self.state, m);
                continue;
            }
            let legal = self.legal();
            if only_choice(&self.game, &legal) {
                let text = self.game.move_text_among(&legal, legal[0]);
                self.push(legal[0], text);
                continue;
            }
            break;
        }
        self.record.result = self.result();
    }

    /// How the game ended, in `tessel play`'s words (`checkmate: white wins`).
    pub fn result(&mut self) -> Option<String> {
        let o = self.game.status(&self.state, &mut self.scratch)?;
        let who = o
            .winner()
            .map(|w| format!("{} wins", self.game.program.players[w]))
            .unwrap_or_else(|| "no winner".into());
        Some(format!("{}: {who}", o.ending))
    }

    /// The seats `token` decides for.
    pub fn seats_of(&self, token: &str) -> Vec<usize> {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| match s {
                Seat::Here => token == self.owner,
                Seat::Remote { token: t } => token == t,
                Seat::Computer { .. } => false,
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Plays the decision written `text` for the holder of `token`.
    pub fn play(&mut self, text: &str, token: &str) -> Result<(), Refusal> {
        if let Some(e) = &self.stopped {
            return Err(refuse(409, format!("the game stopped: {e}")));
        }
        let Some(seat) = self.seat_to_move() else {
            return Err(refuse(409, "the game is over: there is nothing to decide"));
        };
        let name = self.game.program.players[self.state.to_move as usize].clone();
        match self.seats.get(seat) {
            Some(Seat::Computer { .. }) => {
                return Err(refuse(
                    409,
                    format!("{name} is played by the computer; wait for its decision"),
                ))
            }
            _ if !self.seats_of(token).contains(&seat) => {
                return Err(refuse(
                    403,
                    format!("it is {name}'s decision, and {name}'s seat is not yours"),
                ))
            }
            _ => {}
        }
        let legal = self.legal();
        if legal.is_empty() {
            return Err(refuse(409, format!("{name} has no legal decision")));
        }
        let m = crate::record::read_decision(&self.game, &self.state, text, &legal)
            .map_err(|e| refuse(422, format!("`{text}` is not legal here: {e}")))?;
        let text = self.game.move_text_among(&legal, m);
        self.push(m, text);
        self.advance();
        self.version += 1;
        Ok(())
    }

    /// Takes back decisions down to the last one a person chose (not chance's, the
    /// computer's, or one that was the only one). `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let mut undone = false;
        while let Some(prev) = self.history.pop() {
            self.record.decisions.pop();
            self.secrets.pop();
            self.state = prev;
            undone = true;
            if let Some(seat) = self.seat_to_move() {
                let person = !matches!(self.seats.get(seat), Some(Seat::Computer { .. }));
                let here = self.legal();
                if person && !only_choice(&self.game, &here) {
                    break;
                }
            }
        }
        if undone {
            self.stopped = None;
            self.record.result = self.result();
            self.version += 1;
        }
        undone
    }

    /// The computer's work when the seat to move is the computer's and none is under way.
    pub fn computer_due(&mut self) -> Option<Thinking> {
        if self.thinking == Some(self.version) {
            return None;
        }
        let seat = self.seat_to_move()?;
        let Some(Seat::Computer { agent }) = self.seats.get(seat) else {
            return None;
        };
        self.thinking = Some(self.version);
        Some(Thinking {
            game: self.game.clone(),
            state: self.state.clone(),
            agent: *agent,
            rng: self.rng.clone(),
            version: self.version,
        })
    }

    /// Applies the computer's decision chosen for `version`, unless the game moved on.
    pub fn commit(&mut self, m: Move, rng: Pcg64Mcg, version: u64) -> bool {
        if self.thinking == Some(version) {
            self.thinking = None;
        }
        if version != self.version || self.seat_to_move().is_none() {
            return false;
        }
        let legal = self.legal();
        if !legal.contains(&m) {
            return false;
        }
        self.rng = rng;
        let text = self.game.move_text_among(&legal, m);
        self.push(m, text);
        self.advance();
        self.version += 1;
        true
    }

    /// The game as the holder of `token` sees it.
    pub fn view(&mut self, id: &str, token: &str) -> View {
        let g = self.game.clone();
        let yours = self.seats_of(token);
        let seat = self.seat_to_move();
        let legal = if seat.is_some_and(|s| yours.contains(&s)) {
            self.legal()
        } else {
            Vec::new()
        };
        let decisions = legal
            .iter()
            .filter(|m| !m.is_chance())
            .map(|&m| {
                let cell = |c: u16| (c != NO_CELL).then_some(c);
                let kind = if m.is_pass() {
                    "pass"
                } else if m.is_action() {
                    "action"
                } else if m.is_drop() {
                    "drop"
                } else {
                    "move"
                };
                Decision {
                    text: g.move_text_among(&legal, m),
                    kind,
                    from: if kind == "move" { cell(m.from) } else { None },
                    to: if kind == "pass" { None } else { cell(m.to) },
                    manual: g.is_manual(&m),
                }
            })
            .collect();
        let moves: Vec<String> = (0..self.record.decisions.len())
            .map(|i| match self.secrets.get(i).copied().flatten() {
                Some(p) if !yours.contains(&p) => "(a secret choice)".to_string(),
                _ => self.record.decisions[i].clone(),
            })
            .collect();
        let players = g.program.players.clone();
        let to_move = seat.map(|_| self.state.to_move as usize);
        let result = self.result();
        let due = match (&self.stopped, &result, to_move) {
            (Some(e), _, _) => format!("The game stopped: {e}"),
            (_, Some(r), _) => format!("Game over: {r}"),
            (_, _, Some(p)) => {
                let asked = match self.state.window_owner {
                    Some(w) if w as usize != p => {
                        format!(" (answering {}'s decision)", players[w as usize])
                    }
                    _ => String::new(),
                };
                format!("{} to decide{asked}", players[p])
            }
            _ => "waiting".into(),
        };
        let last = [self.state.last.from, self.state.last.to]
            .into_iter()
            .filter(|&c| c != NO_CELL && (c as usize) < g.board.cells())
            .collect();
        let sides = crate::render::side_names(&g, &self.state, |p| g.program.players[p].clone());
        View {
            id: id.to_string(),
            ruleset: self.record.ruleset.clone(),
            title: g.program.title.clone(),
            version: self.version,
            players,
            seats: self
                .seats
                .iter()
                .map(|s| match s {
                    Seat::Here => SeatView {
                        kind: "here",
                        level: None,
                        token: None,
                    },
                    Seat::Remote { token: t } => SeatView {
                        kind: "remote",
                        level: None,
                        token: (token == self.owner || token == t).then(|| t.clone()),
                    },
                    Seat::Computer { agent } => SeatView {
                        kind: "computer",
                        level: Some(agent.name()),
                        token: None,
                    },
                })
                .collect(),
            owner: token == self.owner,
            yours,
            to_move,
            due,
            thinking: self.thinking == Some(self.version),
            svg: crate::render::svg_after(&g, &self.state, moves.last().map(String::as_str)),
            cells: g.board.cell_names.to_vec(),
            decisions,
            moves,
            last,
            result,
            zones: crate::render::zones(&g, &self.state, &sides),
            variables: crate::render::variables(&g, &self.state, &sides),
            legend: crate::render::legend(&g),
            position: g.position_string(&self.state),
        }
    }
}
