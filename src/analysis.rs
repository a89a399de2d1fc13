//! Seeded games between agents, played on every core, and what they say about a game:
//! win rates per seat with 95% intervals, draws, lengths, branching, and where people
//! change sides between rounds (`people`), rounds and matches by person.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde::Serialize;
use tessel_interpreter::agent::Budget;
use tessel_interpreter::{Actor, Agent, Game, Mind, State};

/// One game between agents.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Played {
    pub seed: u64,
    /// The ending's name, `unfinished` at the ply limit, `no legal move` when stuck.
    pub result: String,
    /// Each seat's score (1 win, ½ draw, 0 loss); empty when the game did not end.
    pub scores: Vec<f64>,
    pub winner: Option<usize>,
    pub turns: u32,
    pub plies: u32,
    /// Legal decisions summed over the player decisions, and how many decisions.
    pub choices: u64,
    pub decisions: u64,
    /// Rounds played (restarts + 1).
    pub rounds: u32,
    /// Where people change sides (`people by VAR score VAR`): each round's winner in
    /// order, as (person, the side they played), the person whose match score went up.
    pub round_winners: Vec<(usize, usize)>,
    /// … the person who made the first decision of the game and the side they played.
    pub starter: Option<(usize, usize)>,
    /// … the person playing the winning side as the game ended.
    pub winner_person: Option<usize>,
    /// The decisions in notation, when asked for (`play_many(…, true)`).
    #[serde(skip)]
    pub moves: Vec<String>,
    /// Seconds each seat's agent took for each of its decisions.
    #[serde(skip)]
    pub think: Thinking,
}

/// Seconds each seat's agent took for each decision. Wall-clock times differ from run to
/// run, so they take no part in comparing games (two runs of the same seeds are equal).
#[derive(Clone, Debug, Default)]
pub struct Thinking(pub Vec<Vec<f64>>);

impl PartialEq for Thinking {
    fn eq(&self, _: &Thinking) -> bool {
        true
    }
}

/// The result of a game stopped because a plug-in failed.
pub const STOPPED: &str = "stopped: a plug-in failed";
/// The result of a game stopped by Ctrl-C: left out of the figures.
pub const INTERRUPTED: &str = "interrupted";

/// Plays one game from `start` with `agents[seat]` for each seat.
/// With `keep_moves`, the decisions are kept in notation (for game records).
pub fn play_one(
    g: &Game,
    start: &State,
    agents: &[Agent],
    seed: u64,
    max_plies: u32,
    keep_moves: bool,
) -> Played {
    let mut s = start.clone();
    s.reseed(seed);
    let mut rngs: Vec<Pcg64Mcg> = (0..g.players())
        .map(|p| Pcg64Mcg::seed_from_u64(seed ^ ((p as u64 + 1) << 40)))
        .collect();
    let mut scratch = g.scratch();
    let mut legal = Vec::new();
    let mut minds: Vec<Mind> = (0..g.players())
        .map(|p| {
            Mind::new(
                agents
                    .get(p)
                    .or(agents.first())
                    .copied()
                    .unwrap_or(Agent::Random),
            )
        })
        .collect();
    let mut think = Thinking(vec![Vec::new(); g.players()]);
    let (ply0, turns0) = (s.ply, s.turns);
    let (mut choices, mut decisions) = (0u64, 0u64);
    let mut moves: Vec<String> = Vec::new();
    let people = g.program.people.is_some();
    let mut round_winners = Vec::new();
    let mut starter = None;
    loop {
        let done = |result: &str,
                    scores: Vec<f64>,
                    winner: Option<usize>,
                    s: &State,
                    moves: Vec<String>,
                    round_winners: Vec<(usize, usize)>| Played {
            seed,
            result: result.to_string(),
            scores,
            winner,
            round_winners,
            starter,
            winner_person: winner
                .filter(|_| people)
                .and_then(|w| g.people(s).get(w).copied()),
            turns: s.turns - turns0,
            plies: s.ply - ply0,
            choices,
            decisions,
            rounds: s.rounds + 1,
            moves,
            think: think.clone(),
        };
        match g.actor(&s, &mut scratch) {
            Actor::Nobody => {
                let o = g
                    .status(&s, &mut scratch)
                    .expect("nobody acts only when the game is over");
                return done(
                    &o.ending,
                    o.scores.clone(),
                    o.winner(),
                    &s,
                    moves,
                    round_winners,
                );
            }
            Actor::Chance => {
                let before = keep_moves.then(|| s.clone());
                let seated = people.then(|| (g.people(&s), g.people_score(&s)));
                if let Some(m) = g.sample_chance(&mut s) {
                    if let Some(b) = before {
                        moves.push(g.chance_text(&b, m));
                    }
                    g.apply(&mut s, m);
                    minds.iter_mut().for_each(|x| x.observe(g, m));
                }
                round_won(g, seated, &s, &mut round_winners);
            }
            Actor::Player(p) => {
                if crate::progress::interrupted() {
                    return done(INTERRUPTED, Vec::new(), None, &s, moves, round_winners);
                }
                if s.ply - ply0 >= max_plies {
                    return done("unfinished", Vec::new(), None, &s, moves, round_winners);
                }
                g.legal_moves(&s, &mut legal, &mut scratch.state);
                if g.plugin_stopped() {
                    return done(STOPPED, Vec::new(), None, &s, moves, round_winners);
                }
                if legal.is_empty() {
                    return done("no legal move", Vec::new(), None, &s, moves, round_winners);
                }
                if people && starter.is_none() {
                    starter = g.people(&s).get(p as usize).map(|&who| (who, p as usize));
                }
                let seated = people.then(|| (g.people(&s), g.people_score(&s)));
                choices += legal.len() as u64;
                decisions += 1;
                let began = std::time::Instant::now();
                let m = minds[p as usize]
                    .choose(g, &s, &legal, &mut rngs[p as usize], &mut scratch, None)
                    .mv;
                think.0[p as usize].push(began.elapsed().as_secs_f64());
                if keep_moves {
                    moves.push(g.move_text_among(&legal, m));
                }
                g.apply(&mut s, m);
                minds.iter_mut().for_each(|x| x.observe(g, m));
                round_won(g, seated, &s, &mut round_winners);
            }
        }
    }
}

/// After a decision, with people behind the sides: a round was won by the person whose
/// match score went up, at the side they played before it (`seated`: the people and the
/// scores before the decision).
fn round_won(
    g: &Game,
    seated: Option<(Vec<usize>, Option<Vec<i64>>)>,
    s: &State,
    winners: &mut Vec<(usize, usize)>,
) {
    let Some((people, Some(before))) = seated else {
        return;
    };
    let Some(now) = g.people_score(s) else {
        return;
    };
    for (person, (a, b)) in before.iter().zip(&now).enumerate() {
        if b > a {
            if let Some(side) = people.iter().position(|&p| p == person) {
                winners.push((person, side));
            }
        }
    }
}

/// Plays `games` games on every core; game `i` uses seed `seed + i`, so the results do
/// not depend on the number of cores.
pub fn play_many(
    g: &Game,
    start: &State,
    agents: &[Agent],
    games: u64,
    seed: u64,
    max_plies: u32,
    keep_moves: bool,
) -> Vec<Played> {
    play_many_then(
        g,
        start,
        agents,
        games,
        seed,
        max_plies,
        keep_moves,
        &|_| {},
    )
}

/// [`play_many`], calling `done` with each game as it ends (to save its record, count
/// it). After Ctrl-C ([`crate::progress::interrupted`]) no game begins and the games
/// under way stop: the games finished are returned, in seed order.
#[allow(clippy::too_many_arguments)]
pub fn play_many_then(
    g: &Game,
    start: &State,
    agents: &[Agent],
    games: u64,
    seed: u64,
    max_plies: u32,
    keep_moves: bool,
    done: &(dyn Fn(&Played) + Sync),
) -> Vec<Played> {
    (0..games)
        .into_par_iter()
        .filter_map(|i| {
            if crate::progress::interrupted() {
                return None;
            }
            let p = play_one(
                g,
                start,
                agents,
                seed.wrapping_add(i),
                max_plies,
                keep_moves,
            );
            if p.result == INTERRUPTED {
                return None;
            }
            done(&p);
            Some(p)
        })
        .collect()
}

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Rate {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

pub fn wilson(successes: u64, n: u64) -> Rate {
    if n == 0 {
        return Rate {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (successes as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    Rate {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatReport {
    pub player: String,
    pub agent: String,
    pub wins: u64,
    pub win_rate: Rate,
    /// Seconds the seat's agent took a decision.
    pub seconds_per_decision: Lengths,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Lengths {
    pub mean: f64,
    pub median: f64,
    pub p90: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub game: String,
    pub games: u64,
    pub seed: u64,
    pub seats: Vec<SeatReport>,
    pub draws: u64,
    pub draw_rate: Rate,
    pub unfinished: u64,
    pub endings: std::collections::BTreeMap<String, u64>,
    /// Game length in turns.
    pub turns: Lengths,
    pub mean_plies: f64,
    pub mean_branching: f64,
    /// For games of several rounds (`restart`): rounds per game.
    pub rounds: Option<Lengths>,
    /// Where people change sides between rounds (`people by VAR score VAR`): rounds and
    /// matches by person as well as by side.
    pub people: Option<PeopleReport>,
}

/// How often something was won: by whom (a side or a person), and the rate out of the
/// rounds or games counted.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Tally {
    pub name: String,
    pub wins: u64,
    pub rate: Rate,
}

/// Rounds and matches counted by the people who play them, not only by side.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PeopleReport {
    /// Rounds won by someone, in all games.
    pub rounds: u64,
    /// Rounds won by each side (the side the round's winner played), out of `rounds`.
    pub round_wins_by_side: Vec<Tally>,
    /// Rounds won by each person, out of `rounds`.
    pub round_wins_by_person: Vec<Tally>,
    /// First rounds won by each side, out of the games with a round won: the sides
    /// compared before any round's result decides who plays which.
    pub first_round_wins_by_side: Vec<Tally>,
    /// Games (matches) won by each person, out of all games.
    pub match_wins_by_person: Vec<Tally>,
    /// The side the first decision of a game was made from, when it is the same in every
    /// game (`black`).
    pub starter_side: Option<String>,
    /// Games won by the person who made the first decision, out of all games.
    pub starter_match_wins: Tally,
}

fn people_report(g: &Game, played: &[Played]) -> PeopleReport {
    let n = played.len() as u64;
    let persons = (0..g.players())
        .map(|i| format!("person {}", i + 1))
        .collect::<Vec<_>>();
    let rounds = played.iter().map(|x| x.round_winners.len() as u64).sum();
    let tally = |names: &[String], count: &dyn Fn(usize) -> u64, out_of: u64| -> Vec<Tally> {
        names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let wins = count(i);
                Tally {
                    name: name.clone(),
                    wins,
                    rate: wilson(wins, out_of),
                }
            })
            .collect()
    };
    let first_rounds = played
        .iter()
        .filter(|x| !x.round_winners.is_empty())
        .count() as u64;
    let sides: Vec<usize> = played
        .iter()
        .filter_map(|x| x.starter.map(|s| s.1))
        .collect();
    let starter_wins = played
        .iter()
        .filter(|x| x.starter.is_some() && x.starter.map(|s| s.0) == x.winner_person)
        .count() as u64;
    PeopleReport {
        rounds,
        round_wins_by_side: tally(
            &g.program.players,
            &|side| {
                played
                    .iter()
                    .flat_map(|x| &x.round_winners)
                    .filter(|w| w.1 == side)
                    .count() as u64
            },
            rounds,
        ),
        round_wins_by_person: tally(
            &persons,
            &|person| {
                played
                    .iter()
                    .flat_map(|x| &x.round_winners)
                    .filter(|w| w.0 == person)
                    .count() as u64
            },
            rounds,
        ),
        first_round_wins_by_side: tally(
            &g.program.players,
            &|side| {
                played
                    .iter()
                    .filter(|x| x.round_winners.first().is_some_and(|w| w.1 == side))
                    .count() as u64
            },
            first_rounds,
        ),
        match_wins_by_person: tally(
            &persons,
            &|person| {
                played
                    .iter()
                    .filter(|x| x.winner_person == Some(person))
                    .count() as u64
            },
            n,
        ),
        starter_side: match sides.first() {
            Some(&s) if sides.iter().all(|&x| x == s) => g.program.players.get(s).cloned(),
            _ => None,
        },
        starter_match_wins: Tally {
            name: "starter".into(),
            wins: starter_wins,
            rate: wilson(starter_wins, n),
        },
    }
}

fn lengths(mut v: Vec<f64>) -> Lengths {
    if v.is_empty() {
        return Lengths {
            mean: 0.0,
            median: 0.0,
            p90: 0.0,
        };
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let at = |q: f64| v[(((v.len() - 1) as f64) * q).round() as usize];
    Lengths {
        mean: v.iter().sum::<f64>() / v.len() as f64,
        median: at(0.5),
        p90: at(0.9),
    }
}

pub fn report(g: &Game, agents: &[Agent], seed: u64, played: &[Played]) -> Report {
    let n = played.len() as u64;
    let seats = (0..g.players())
        .map(|p| {
            let wins = played.iter().filter(|x| x.winner == Some(p)).count() as u64;
            SeatReport {
                player: g.program.players[p].clone(),
                agent: agents
                    .get(p)
                    .or(agents.first())
                    .map(|a| a.name())
                    .unwrap_or("random")
                    .to_string(),
                wins,
                win_rate: wilson(wins, n),
                seconds_per_decision: lengths(
                    played
                        .iter()
                        .flat_map(|x| x.think.0.get(p).into_iter().flatten().copied())
                        .collect(),
                ),
            }
        })
        .collect();
    let draws = played
        .iter()
        .filter(|x| !x.scores.is_empty() && x.winner.is_none())
        .count() as u64;
    let unfinished = played.iter().filter(|x| x.scores.is_empty()).count() as u64;
    let mut endings = std::collections::BTreeMap::new();
    for x in played {
        *endings.entry(x.result.clone()).or_insert(0) += 1;
    }
    let (choices, decisions) = played
        .iter()
        .fold((0u64, 0u64), |(c, d), x| (c + x.choices, d + x.decisions));
    Report {
        game: g.program.title.clone(),
        games: n,
        seed,
        seats,
        draws,
        draw_rate: wilson(draws, n),
        unfinished,
        endings,
        turns: lengths(played.iter().map(|x| x.turns as f64).collect()),
        mean_plies: if n > 0 {
            played.iter().map(|x| x.plies as f64).sum::<f64>() / n as f64
        } else {
            0.0
        },
        mean_branching: if decisions > 0 {
            choices as f64 / decisions as f64
        } else {
            0.0
        },
        rounds: played
            .iter()
            .any(|x| x.rounds > 1)
            .then(|| lengths(played.iter().map(|x| x.rounds as f64).collect())),
        people: g
            .program
            .people
            .and_then(|p| p.score)
            .map(|_| people_report(g, played)),
    }
}

/// The agents of a run, as `analyze` reads `--agents`: names (comma-separated) one per
/// seat in seat order or one for every seat, each with `budget`.
pub fn seat_agents(g: &Game, names: &str, budget: Budget) -> Result<Vec<Agent>, String> {
    if let Some(t) = budget.think.filter(|t| !t.is_finite() || *t < 0.0) {
        return Err(format!(
            "--think {t}: give the seconds per decision as a number, 0 or more"
        ));
    }
    let agents: Vec<Agent> = names
        .split(',')
        .map(|a| Agent::parse(a, budget))
        .collect::<Result<_, _>>()?;
    if agents.len() != 1 && agents.len() != g.players() {
        return Err(format!(
            "{} agents for {} players; give one per seat ({}) or one for all",
            agents.len(),
            g.players(),
            g.program.players.join(", ")
        ));
    }
    Ok(agents)
}

/// Where a run saves each game's record (`game-SEED.json` in `dir`), and what the
/// records say the games were: the ruleset as named, its options and start position.
pub struct Records<'a> {
    pub dir: &'a std::path::Path,
    pub ruleset: &'a str,
    pub options: &'a [(String, String)],
    pub position: Option<&'a str>,
}

impl Records<'_> {
    /// Makes the folder.
    pub fn make(&self) -> Result<(), String> {
        std::fs::create_dir_all(self.dir)
            .map_err(|e| format!("cannot make {}: {e}", self.dir.display()))
    }

    /// Saves the record of `p` (played with `keep_moves`).
    pub fn save(&self, g: &Game, p: &Played) -> Result<(), String> {
        let mut rec = crate::record::Record::new(
            self.ruleset,
            self.options,
            p.seed,
            self.position.map(str::to_string),
        );
        rec.decisions = p.moves.clone();
        rec.result = Some(match p.winner {
            Some(w) => format!("{}: {} wins", p.result, g.program.players[w]),
            None => p.result.clone(),
        });
        rec.save(&self.dir.join(format!("game-{}.json", p.seed)))
    }
}

/// The report as `tessel analyze --json` prints it: the figures of `games` games, the
/// run's wall time and rate, and whether Ctrl-C stopped it.
pub fn report_json(report: &Report, games: usize, seconds: f64, interrupted: bool) -> String {
    #[derive(Serialize)]
    struct Out<'a> {
        #[serde(flatten)]
        report: &'a Report,
        seconds: f64,
        games_per_second: f64,
        /// Stopped by Ctrl-C: the figures are those of the games finished.
        interrupted: bool,
    }
    let rate = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    serde_json::to_string(&Out {
        report,
        seconds,
        games_per_second: rate,
        interrupted,
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval() {
        let r = wilson(50, 100);
        assert!((r.rate - 0.5).abs() < 1e-12);
        assert!(
            (r.low - 0.4038).abs() < 1e-3 && (r.high - 0.5962).abs() < 1e-3,
            "{r:?}"
        );
        let r = wilson(0, 10);
        assert_eq!(r.low, 0.0);
        assert!(r.high > 0.25 && r.high < 0.35);
    }

    #[test]
    fn lengths_of_a_list() {
        let l = lengths((1..=10).map(f64::from).collect());
        assert_eq!(l.median, 6.0);
        assert_eq!(l.p90, 9.0);
        assert!((l.mean - 5.5).abs() < 1e-12);
    }
}
