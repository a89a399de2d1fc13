//! English draughts (rulesets/english-draughts.tessel): published perft from the start,
//! and a reference move generator written here from the rules alone (men, kings, chains
//! of jumps, compulsory capture, crowning) that agrees with the ruleset on every decision
//! of seeded random games and on perft from positions along them.

use super::common::{load, play, texts};
use super::draughts::{agree_move_by_move, Board, RefMove, DIAGONALS};
use super::{perft_is, position, random_games_end_among, sorted};
use tessel_interpreter::{Game, State};

/// Perft from the start. Source: Aart Bik, "Perft for Checkers" (BikMove, 2009),
/// http://www.aartbik.com/MISC/checkers.html and the talkchess thread "perft for 8x8
/// checkers" (2009-05-08): 1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740,
/// 8: 845931, 9: 3963680. His generator "does not eliminate duplicate captures" (two
/// ways to the same square capturing the same pieces count twice), as here: each way of
/// jumping is a decision of its own.
#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let g = load("english-draughts", &[]);
    let s = g.start_state(0).expect("start");
    perft_is(&g, &s, &[7, 49, 302, 1469, 7361, 36768, 179740], "");
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_8_and_9_match_the_published_counts() {
    let g = load("english-draughts", &[]);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 8), 845931);
    assert_eq!(g.perft(&s, 9), 3963680);
}

/// The reference's position: black (`b`, `B`) moves first, up the board; a crowning is
/// written `=B`.
fn read(g: &Game, s: &State) -> Board {
    Board::read(g, s, 8, ['b', 'B', 'w', 'W'], "=B")
}

/// A man steps and jumps forward, a king both ways.
fn dirs(r: &Board, p: i8) -> Vec<(i32, i32)> {
    if p.abs() == 2 {
        DIAGONALS.to_vec()
    } else {
        vec![(1, r.up()), (-1, r.up())]
    }
}

/// Every way of jumping on from the end of `path` (the piece `p` left `path[0]`).
fn jumps(r: &Board, p: i8, path: &mut Vec<usize>, taken: &mut Vec<usize>, out: &mut Vec<RefMove>) {
    let at = *path.last().unwrap();
    let mut went = false;
    for d in dirs(r, p) {
        let (Some(mid), Some(land)) = (r.off(at, d), r.off(at, (2 * d.0, 2 * d.1))) else {
            continue;
        };
        let enemy = r.cells[mid] != 0 && !r.mine(r.cells[mid]);
        let free = r.cells[land] == 0 || land == path[0];
        if enemy && free && !taken.contains(&mid) {
            went = true;
            path.push(land);
            taken.push(mid);
            jumps(r, p, path, taken, out);
            path.pop();
            taken.pop();
        }
    }
    if !went && path.len() > 1 {
        out.push((path.clone(), taken.clone()));
    }
}

/// Jumping is compulsory; any chain of jumps may be chosen.
fn moves(r: &Board) -> Vec<RefMove> {
    let mut all_jumps = Vec::new();
    let mut steps = Vec::new();
    for c in 0..64 {
        let p = r.cells[c];
        if !r.mine(p) {
            continue;
        }
        jumps(r, p, &mut vec![c], &mut Vec::new(), &mut all_jumps);
        for d in dirs(r, p) {
            if let Some(t) = r.off(c, d).filter(|&t| r.cells[t] == 0) {
                steps.push((vec![c, t], Vec::new()));
            }
        }
    }
    if all_jumps.is_empty() {
        steps
    } else {
        all_jumps
    }
}

/// Every decision of 300 seeded random games (no draw rule, at most 400 plies), each
/// position read afresh by the reference; perft 4 every twentieth ply of the first 30.
#[test]
fn seeded_random_games_agree_with_the_reference_move_by_move() {
    let g = load("english-draughts", &[("forty", "0"), ("max_plies", "0")]);
    agree_move_by_move(&g, read, moves, 300, (30, 4));
}

/// A chain is one decision written with every landing; the pieces it jumps go at the end,
/// and two ways to the same square are two decisions with their own texts.
#[test]
fn a_chain_is_one_move_written_with_every_landing() {
    let g = load("english-draughts", &[]);
    // Black's man on c3 jumps d4 and f6 (white men) to g7: compulsory, the only move.
    let mut s = position(&g, "8/8/5w2/8/3w4/2b5/8/8 b");
    assert_eq!(texts(&g, &s), ["c3xe5xg7"]);
    play(&g, &mut s, &["c3xe5xg7"]);
    assert_eq!(g.position_string(&s), "8/6b1/8/8/8/8/8/8 w");
    // A king that can go round four men both ways: two decisions back to its square,
    // told apart by their landings (no rule numbers).
    let mut s = position(&g, "8/8/8/2w1w3/8/2w1w3/3B4/8 b");
    assert_eq!(sorted(texts(&g, &s)), ["d2xb4xd6xf4xd2", "d2xf4xd6xb4xd2"]);
    assert_eq!(g.perft(&s, 1), 2);
    play(&g, &mut s, &["d2xf4xd6xb4xd2"]);
    assert_eq!(g.position_string(&s), "8/8/8/8/8/8/3B4/8 w");
}

/// A man reaching the far row is crowned and its move ends there.
#[test]
fn a_man_crowned_by_a_jump_stops() {
    let g = load("english-draughts", &[]);
    // b6 jumps c7 to d8 and is crowned (it must: capturing is compulsory).
    let mut s = position(&g, "8/2w5/1b6/8/8/8/8/8 b");
    assert_eq!(texts(&g, &s), ["b6xd8=B"]);
    play(&g, &mut s, &["b6xd8=B"]);
    assert_eq!(g.position_string(&s), "3B4/8/8/8/8/8/8/8 w");
}

#[test]
fn random_games_end_by_the_rules() {
    let endings = ["no moves", "forty-move rule", "move limit"];
    random_games_end_among(&load("english-draughts", &[]), (40, 2000), &endings, 2000);
}
