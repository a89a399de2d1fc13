//! Direction sets (`dirs NAME = …`): lists, mirrored and per player, and the lookups of
//! directions and direction sets by name.

use super::{err, Lowerer, PerPlayerDirs};
use crate::ast::{self, DirSpec, Name};
use crate::diag::{codes, with_suggestion};
use crate::ir::DirId;

impl Lowerer<'_> {
    pub(super) fn dirs_from(&mut self, name: &Name, spec: &DirSpec) {
        let n = self.players.len().max(1);
        let set = match spec {
            DirSpec::List(names) => self.dir_list(names),
            DirSpec::Mirrored(names) => {
                if !self.mirror_available() {
                    self.error(err(codes::NO_MIRROR, format!("`{}` is mirrored, but the board has no mirror", name.text), name.span, "needs a mirror").hint("grids have one for two players; on an explicit board add `mirror CELL CELL` pairs, or give each player's directions: `{ p1: …, p2: … }`"));
                    self.dir_list(names)
                } else {
                    self.dir_list(names).map(|base| {
                        (0..n)
                            .map(|p| {
                                base[0]
                                    .iter()
                                    .map(|&d| self.board.dir_mirror[p][d as usize])
                                    .collect()
                            })
                            .collect()
                    })
                }
            }
            DirSpec::PerPlayer(entries) => {
                let mut out: Vec<Option<Vec<DirId>>> = vec![None; n];
                for (who, names) in entries {
                    let Some(p) = self.player_ref(who) else {
                        continue;
                    };
                    if let Some(ds) = self.dir_list(names) {
                        out[p] = Some(ds[p].clone());
                    }
                }
                let missing: Vec<String> = out
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| o.is_none())
                    .map(|(i, _)| self.players.get(i).cloned().unwrap_or_default())
                    .collect();
                if !missing.is_empty()
                    && entries.iter().all(|(w, _)| self.players.contains(&w.text))
                {
                    self.error(
                        err(
                            codes::PER_PLAYER,
                            format!(
                                "`{}` gives no directions for {}",
                                name.text,
                                missing.join(", ")
                            ),
                            name.span,
                            "every player needs an entry",
                        )
                        .hint(format!("add `{}: …` to the list", missing[0])),
                    );
                }
                {
                    Some(out.into_iter().map(|o| o.unwrap_or_default()).collect())
                }
            }
        };
        // Known even when wrong, so that its uses do not each report it again.
        self.names.dir_sets.insert(
            name.text.clone(),
            set.unwrap_or_else(|| vec![Vec::new(); n]),
        );
    }

    /// A direction name (of the board or of a `dirs` declaration), per player.
    pub(super) fn dir_name(&mut self, n: &Name) -> Option<PerPlayerDirs> {
        if let Some(set) = self.names.dir_sets.get(&n.text) {
            return Some(set.clone());
        }
        if let Some(&d) = self.names.dirs.get(&n.text) {
            return Some(vec![vec![d]; self.players.len().max(1)]);
        }
        let mut cands: Vec<String> = self.board.dirs.clone();
        cands.extend(self.names.dir_sets.keys().cloned());
        let mut d = err(
            codes::UNKNOWN_DIRECTION,
            format!("there is no direction `{}`", n.text),
            n.span,
            "unknown direction",
        );
        d = with_suggestion(d, &n.text, cands.iter());
        d = d.hint(format!(
            "the board's directions are {}; declare others with `dirs NAME = …`",
            self.board.dirs.join(" ")
        ));
        self.error(d);
        None
    }

    pub(super) fn dir_list(&mut self, names: &[Name]) -> Option<PerPlayerDirs> {
        let n = self.players.len().max(1);
        let mut out = vec![Vec::new(); n];
        let mut ok = true;
        for name in names {
            match self.dir_name(name) {
                Some(set) => {
                    for (p, ds) in set.into_iter().enumerate() {
                        for d in ds {
                            if !out[p].contains(&d) {
                                out[p].push(d);
                            }
                        }
                    }
                }
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// A direction or direction set named as a function's argument (`distance(a, b, edge)`).
    pub(super) fn dirs_arg(&mut self, arg: &ast::Expr, function: &str) -> Option<Vec<Vec<DirId>>> {
        let n = self.players.len().max(1);
        let dirs = match &arg.kind {
            ast::ExprKind::Name(d) => match (self.names.dir_sets.get(d), self.names.dirs.get(d)) {
                (Some(set), _) => Some(set.clone()),
                (None, Some(&one)) => Some(vec![vec![one]; n]),
                _ => None,
            },
            _ => None,
        };
        if dirs.is_none() {
            self.error(
                err(
                    codes::UNKNOWN_DIRECTION,
                    format!("`{function}` goes along a direction or a set of directions"),
                    arg.span,
                    "not a direction or direction set",
                )
                .hint("name one declared with `dirs NAME = …`, a direction of the board, or `edge`, `vertex`, `touch` or `trace` on a drawn board"),
            );
        }
        dirs
    }
}
