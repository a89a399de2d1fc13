//! The bundled classic games, proven by published perft counts (the source named beside
//! the numbers) and played to their end: one file per game.

#[path = "../common/mod.rs"]
mod common;

mod amazons;
mod breakthrough;
mod connect_four;
mod draughts;
mod english_draughts;
mod fanorona;
mod go;
mod hex;
mod international_draughts;
mod kalah;
mod nine_mens_morris;
mod othello;
mod oware;
mod shogi;
mod tablut;
mod tic_tac_toe;
mod xiangqi;

use tessel_interpreter::{Game, State};

/// The eight lines of a grid for the reference generators (the four orthogonal first).
const LINES: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Random games from the start: each ends by one of the ruleset's endings, within `plies`.
fn random_games_end(g: &Game, games: u64, plies: u32) -> Vec<(String, u32)> {
    let mut scratch = g.scratch();
    (0..games)
        .map(|seed| {
            let mut s: State = g.start_state(seed).expect("start");
            let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            let o = g
                .random_playout(&mut s, &mut rng, plies, &mut scratch)
                .unwrap_or_else(|| panic!("seed {seed}: the game did not end"));
            (o.ending, s.ply)
        })
        .collect()
}

/// Perft of an independent reference generator: from a position, the moves `moves` lists,
/// each played on a copy by `play` (all a reference needs besides its rules).
fn reference_perft<R: Clone, M>(
    r: &R,
    depth: u32,
    moves: fn(&R) -> Vec<M>,
    play: fn(&mut R, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let all = moves(r);
    if depth == 1 {
        return all.len() as u64;
    }
    all.into_iter()
        .map(|m| {
            let mut t = r.clone();
            play(&mut t, m);
            reference_perft(&t, depth - 1, moves, play)
        })
        .sum()
}

/// Sowing games (kalah, oware): a state's decisions and a reference's, as sorted pit names,
/// and the count of each pit, read from the ruleset's stacks in the reference's order.
mod pits {
    use super::common::{stack, texts};
    use tessel_interpreter::{Game, State};

    pub fn ruleset_moves(g: &Game, s: &State) -> Vec<String> {
        let mut t = texts(g, s);
        t.sort();
        t
    }

    pub fn reference_moves(moves: &[usize], names: &[&str]) -> Vec<String> {
        let mut t: Vec<String> = moves.iter().map(|&i| names[i].to_string()).collect();
        t.sort();
        t
    }

    pub fn counts<const N: usize>(g: &Game, s: &State, names: &[&str; N]) -> [u32; N] {
        let mut out = [0; N];
        for (i, name) in names.iter().enumerate() {
            let st = stack(g, s, name);
            out[i] = if st == "-" { 0 } else { st.len() as u32 };
        }
        out
    }
}
