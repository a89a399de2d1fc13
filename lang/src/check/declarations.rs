//! The shape of a file: each name declared once, and each single declaration (`game`,
//! `players`, `board`, `position`, `start`, `about`) at most once.

use super::{err, Lowerer};
use crate::ast::{self, BoardDecl, Item, Name};
use crate::diag::{codes, Diagnostic, Span};
use std::collections::HashMap;

/// `seated A to B`: the fewest and the most players.
type Seats = ((u32, Span), (u32, Span));

/// The declarations a ruleset has at most one of.
pub(super) struct Singles<'a> {
    pub(super) title: Option<String>,
    /// The players' names and `seated A to B`.
    pub(super) players: Option<(&'a Vec<Name>, Option<Seats>)>,
    pub(super) board: Option<&'a BoardDecl>,
    pub(super) position: Option<(&'a Vec<ast::Field>, Span)>,
    pub(super) start: Option<&'a Name>,
    pub(super) about: Option<(&'a Vec<ast::AboutField>, Span)>,
}

impl<'a> Lowerer<'a> {
    /// Duplicates and single declarations.
    pub(super) fn declarations(&mut self, items: &'a [Item]) -> Singles<'a> {
        let mut seen: HashMap<(&'static str, String), Span> = HashMap::new();
        let mut singles: HashMap<&'static str, Span> = HashMap::new();
        let mut title = None;
        let mut players_decl = None;
        let mut board_decl = None;
        let mut position_decl = None;
        let mut start_decl = None;
        let mut about_decl = None;
        for item in items {
            if let Some((kind, name)) = item.key() {
                if let Some(first) = seen.get(&(kind, name.text.clone())) {
                    let first = *first;
                    self.error(
                        err(codes::DUPLICATE, format!("the {kind} `{}` is declared twice", name.text), name.span, "declared again here")
                            .with_label(first, "first declared here")
                            .hint("rename one of them; to change a declaration of a base ruleset, write a `variant … extends …` file"),
                    );
                } else {
                    seen.insert((kind, name.text.clone()), name.span);
                }
            }
            let single = match item {
                Item::Game { title: t } | Item::Variant { title: t, .. } => {
                    title = Some(t.text.clone());
                    Some(("game", t.span))
                }
                Item::Players { names, seats } => {
                    players_decl = Some((names, *seats));
                    names.first().map(|n| ("players", n.span))
                }
                Item::Board(b) => {
                    board_decl = Some(b);
                    Some((
                        "board",
                        match b {
                            BoardDecl::Grid { span, .. }
                            | BoardDecl::Hex { span, .. }
                            | BoardDecl::Explicit { span, .. }
                            | BoardDecl::Tessels { span, .. } => *span,
                        },
                    ))
                }
                Item::Position { span, fields } => {
                    position_decl = Some((fields, *span));
                    Some(("position", *span))
                }
                Item::Start { text } => {
                    start_decl = Some(text);
                    Some(("start", text.span))
                }
                Item::About { fields, span } => {
                    about_decl = Some((fields, *span));
                    // The word `about`, not the whole block.
                    Some(("about", Span::new(span.file, span.start, span.start + 5)))
                }
                _ => None,
            };
            if let Some((kind, span)) = single {
                if let Some(first) = singles.insert(kind, span) {
                    self.error(
                        err(
                            codes::DUPLICATE,
                            format!(
                                "a ruleset has one `{kind}` declaration, and this is the second"
                            ),
                            span,
                            "second declaration",
                        )
                        .with_label(first, "first declaration")
                        .hint("remove one of them"),
                    );
                }
            }
        }
        Singles {
            title,
            players: players_decl,
            board: board_decl,
            position: position_decl,
            start: start_decl,
            about: about_decl,
        }
    }

    /// The error for a ruleset without `players`, at the top of its first file.
    pub(super) fn no_players(&mut self, items: &[Item]) {
        let root = items
            .iter()
            .map(item_span)
            .find(|s| s.file == 0)
            .unwrap_or_default();
        self.error(
            Diagnostic::error(codes::MISSING, "the ruleset declares no players")
                .at(root, "a ruleset needs `players`")
                .hint("add a line such as `players white black`"),
        );
    }
}

fn item_span(i: &Item) -> Span {
    match i {
        Item::Game { title } | Item::Variant { title, .. } => title.span,
        Item::Use { target } => target.span,
        Item::Players { names, .. } => names.first().map(|n| n.span).unwrap_or_default(),
        Item::Forbid { span, .. }
        | Item::Prefer { span, .. }
        | Item::After { span, .. }
        | Item::Setup { span, .. }
        | Item::Position { span, .. }
        | Item::About { span, .. } => *span,
        Item::Start { text } => text.span,
        Item::Board(
            BoardDecl::Grid { span, .. }
            | BoardDecl::Hex { span, .. }
            | BoardDecl::Explicit { span, .. },
        ) => *span,
        other => other.key().map(|(_, n)| n.span).unwrap_or_default(),
    }
}
