//! `tessel check`'s look at hands: a drop rule whose zone holds none of its pieces in the
//! start position, when nothing in the rules ever puts one there, can never be used — a
//! warning at the rule (W0402), since the game then often has no legal move at all.

use tessel_interpreter::Game;
use tessel_lang::diag::codes;
use tessel_lang::ir::{Atom, Chance, Program, Stmt, ZoneId};
use tessel_lang::Diagnostic;

/// The warnings for drop rules whose zone is empty at the start and never filled.
pub fn empty_hands(game: &Game) -> Vec<Diagnostic> {
    let Ok(start) = game.start_state(0) else {
        return Vec::new();
    };
    let p = &game.program;
    let players = p.players.len().max(1);
    let kinds = p.pieces.len();
    let mut out = Vec::new();
    for (k, piece) in p.pieces.iter().enumerate() {
        for rule in &piece.rules {
            let Some(Atom::Drop(z)) = rule.atom.first() else {
                continue;
            };
            let z = *z;
            let held: u32 = (0..players)
                .filter_map(|pl| start.zones.get((z as usize * players + pl) * kinds + k))
                .map(|&n| u32::from(n))
                .sum();
            if held > 0 || filled(p, z) {
                continue;
            }
            let zone = p.zones.get(z as usize).map_or("?", |z| z.name.as_str());
            out.push(
                Diagnostic::warning(
                    codes::EMPTY_HAND,
                    format!(
                        "`{}` is dropped from `{zone}`, but the start position puts none there and nothing in the rules does",
                        piece.name
                    ),
                )
                .at(rule.span, "this drop can never be made")
                .hint(format!(
                    "give the pieces in the `start` string's `{zone}` field (`position {{ … zone {zone} }}`), or fill it with `captures go to {zone}` or a statement"
                )),
            );
        }
    }
    out
}

/// Whether something in the rules puts pieces into zone `z`.
fn filled(p: &Program, z: ZoneId) -> bool {
    if p.captures_to.is_some_and(|(c, _)| c == z)
        || p.chances
            .iter()
            .any(|c| matches!(c, Chance::Draw { to, .. } if *to == z))
    {
        return true;
    }
    let rules = p.pieces.iter().flat_map(|pc| pc.rules.iter());
    if rules.clone().any(|r| r.captures_into == Some(z)) {
        return true;
    }
    let mut lists = [&p.after_move, &p.setup, &p.turn.start, &p.turn.end]
        .into_iter()
        .chain(p.chance_then.iter())
        .chain(p.actions.iter().map(|a| &a.effects))
        .chain(rules.map(|r| &r.effects));
    lists.any(|l| fills(l, z))
}

fn fills(stmts: &[Stmt], z: ZoneId) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Remove(_, _, _, into) => *into == Some(z),
        Stmt::Take(_, _, _, _, into) => into.as_ref().is_some_and(|(t, _)| *t == z),
        Stmt::Send(_, t, _) => *t == z,
        Stmt::If(_, a, b) => fills(a, z) || fills(b, z),
        Stmt::TrackWalk { body, .. } => fills(body, z),
        Stmt::Each(_, b)
        | Stmt::EachPlayer(_, b)
        | Stmt::Along(_, b)
        | Stmt::EachInGroup(_, _, b) => fills(b, z),
        _ => false,
    })
}
