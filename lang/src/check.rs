//! Name resolution, type checks and lowering: gathered declarations to an [`ir::Program`].
//! Every mistake found becomes a diagnostic; lowering goes on after one to report more.

use crate::ast::{
    self, BoardDecl, BoardItem, DirSpec, ExprKind, Item, LiteralKind, Name, RegionTerm,
};
use crate::diag::{codes, suggest, with_suggestion, Diagnostic, Span};
use crate::ir::{self, CellId, DirId, Expr, PieceId, Type, NO_CELL};
use std::collections::HashMap;

/// The options chosen on the command line, as `name=value` pairs.
pub type Overrides = [(String, String)];

/// Directions per player: `dirs[player]` lists directions.
type PerPlayerDirs = Vec<Vec<DirId>>;

#[derive(Clone)]
enum OptValue {
    Int(i64),
    Bool(bool),
    Word(String),
}

struct Lowerer<'a> {
    diags: Vec<Diagnostic>,
    players: Vec<String>,
    /// Players named but not seated in this game (`seated A to B` and `--option players`).
    unseated: Vec<String>,
    board: ir::Board,
    board_span: Option<Span>,
    cell_index: HashMap<String, CellId>,
    dir_index: HashMap<String, DirId>,
    dir_sets: HashMap<String, PerPlayerDirs>,
    regions: Vec<ir::Region>,
    region_index: HashMap<String, ir::RegionId>,
    options: HashMap<String, OptValue>,
    option_info: Vec<ir::OptionInfo>,
    vars: Vec<ir::Var>,
    var_index: HashMap<String, ir::VarId>,
    piece_index: HashMap<String, PieceId>,
    patterns: HashMap<String, &'a Vec<ast::MoveRule>>,
    zone_index: HashMap<String, ir::ZoneId>,
    chances: Vec<ir::Chance>,
    chance_then: Vec<Vec<ir::Stmt>>,
    /// A drawn area's `set NAME = VALUE at …` lines, resolved once variables are known:
    /// (variable name, value, cells).
    area_sets: Vec<(Name, i64, Vec<CellId>)>,
    /// Some statement changes the drawn area in play.
    area_changes: bool,
    plugins: Vec<ir::PluginRef>,
    /// Some expression asks `fresh`.
    uses_fresh: bool,
    /// `steps` is read somewhere (so a move's distance is worked out as it is made).
    uses_steps: bool,
    /// Named expressions (`define`): parameters and body.
    defines: HashMap<String, (&'a [Name], &'a ast::Expr)>,
    /// The definitions being expanded, innermost last (a definition may not use itself).
    expanding: Vec<String>,
    /// Uses of definitions written out so far: a bound, so that definitions that double at
    /// each level cannot make the checker run for ever.
    expansions: usize,
}

fn err(
    code: &'static str,
    msg: impl Into<String>,
    span: Span,
    label: impl Into<String>,
) -> Diagnostic {
    Diagnostic::error(code, msg).at(span, label)
}

/// Lowers gathered declarations into a program, with the options chosen in `overrides`.
/// Returns the program (when there is no error) and every diagnostic, warnings included.
pub fn lower(items: &[Item], overrides: &Overrides) -> (Option<ir::Program>, Vec<Diagnostic>) {
    let mut l = Lowerer {
        diags: Vec::new(),
        players: Vec::new(),
        unseated: Vec::new(),
        board: ir::Board::default(),
        board_span: None,
        cell_index: HashMap::new(),
        dir_index: HashMap::new(),
        dir_sets: HashMap::new(),
        regions: Vec::new(),
        region_index: HashMap::new(),
        options: HashMap::new(),
        option_info: Vec::new(),
        vars: Vec::new(),
        var_index: HashMap::new(),
        piece_index: HashMap::new(),
        patterns: HashMap::new(),
        zone_index: HashMap::new(),
        chances: Vec::new(),
        chance_then: Vec::new(),
        area_sets: Vec::new(),
        area_changes: false,
        plugins: Vec::new(),
        uses_fresh: false,
        uses_steps: false,
        defines: HashMap::new(),
        expanding: Vec::new(),
        expansions: 0,
    };
    let program = l.run(items, overrides);
    let has_error = l.diags.iter().any(|d| d.is_error());
    // A rule checked once for each player (or each piece using a pattern) reports the same
    // mistake each time: say it once.
    let mut diags: Vec<Diagnostic> = Vec::with_capacity(l.diags.len());
    for d in l.diags {
        if !diags.contains(&d) {
            diags.push(d);
        }
    }
    (if has_error { None } else { program }, diags)
}

impl<'a> Lowerer<'a> {
    fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn run(&mut self, items: &'a [Item], overrides: &Overrides) -> Option<ir::Program> {
        // Duplicates and single declarations.
        let mut seen: HashMap<(&'static str, String), Span> = HashMap::new();
        let mut singles: HashMap<&'static str, Span> = HashMap::new();
        let mut title = None;
        let mut players_decl = None;
        let mut board_decl = None;
        let mut position_decl = None;
        let mut start_decl = None;
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
        let Some(players) = players_decl else {
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
            return None;
        };
        self.players_from(players.0, players.1, overrides);
        self.options_from(items, overrides);
        self.area_changes = Self::changes_area(items);
        match board_decl {
            Some(b) => {
                let before = self.diags.len();
                self.board_from(b);
                if self.diags[before..].iter().any(|d| d.is_error()) || self.board.cells.is_empty()
                {
                    // Everything else stands on the board: stop rather than cascade.
                    return None;
                }
            }
            None => {
                self.error(
                    Diagnostic::error(codes::MISSING, "the ruleset declares no board")
                        .at(
                            players.0.first().map(|n| n.span).unwrap_or_default(),
                            "the players have no board to play on",
                        )
                        .hint("add a board, e.g. `board grid 8 x 8`"),
                );
                return None;
            }
        }
        self.check_namespace(items);
        for item in items {
            if let Item::Define { name, params, body } = item {
                self.defines
                    .insert(name.text.clone(), (params.as_slice(), body));
                for (i, p) in params.iter().enumerate() {
                    if params[..i].iter().any(|q| q.text == p.text) {
                        self.error(err(
                            codes::DUPLICATE,
                            format!("the parameter `{}` is named twice", p.text),
                            p.span,
                            "named again here",
                        ));
                    }
                }
            }
        }
        // Declarations in order: each may use what stands before it.
        for item in items {
            match item {
                Item::Dirs { name, spec } => self.dirs_from(name, spec),
                Item::Region { name, expr } => {
                    let cells = self.region_expr(expr);
                    self.region_index
                        .insert(name.text.clone(), self.regions.len() as ir::RegionId);
                    self.regions.push(ir::Region {
                        name: name.text.clone(),
                        cells,
                    });
                }
                Item::Var(v) => self.var_from(v),
                Item::Pattern { name, rules } => {
                    self.patterns.insert(name.text.clone(), rules);
                }
                _ => {}
            }
        }
        let zones: Vec<ir::Zone> = items
            .iter()
            .filter_map(|i| match i {
                Item::Zone { name, per_player } => Some(ir::Zone {
                    name: name.text.clone(),
                    per_player: *per_player,
                }),
                _ => None,
            })
            .take(250)
            .collect();
        for (i, z) in zones.iter().enumerate() {
            self.zone_index.insert(z.name.clone(), i as ir::ZoneId);
        }
        // Piece names first, so moves and promotions may name any piece.
        let piece_decls: Vec<&ast::PieceDecl> = items
            .iter()
            .filter_map(|i| match i {
                Item::Piece(p) => Some(p),
                _ => None,
            })
            .collect();
        if piece_decls.len() > 250 {
            self.error(err(
                codes::BAD_BOARD,
                "a ruleset may have at most 250 piece types",
                piece_decls[250].name.span,
                "one too many",
            ));
            return None;
        }
        for (i, p) in piece_decls.iter().enumerate() {
            self.piece_index
                .entry(p.name.text.clone())
                .or_insert(i as PieceId);
        }
        self.check_symbols(&piece_decls);
        let pieces: Vec<ir::PieceType> = piece_decls.iter().map(|p| self.piece_from(p)).collect();

        let mut forbids = Vec::new();
        let mut after_move = Vec::new();
        let mut setup = Vec::new();
        let mut endings = Vec::new();
        let mut turn = ir::TurnRules {
            max: 1,
            pass: None,
            pass_when_stuck: false,
            start: Vec::new(),
            end: Vec::new(),
        };
        let mut captures_to = None;
        let mut score = Expr::Material;
        let mut actions = Vec::new();
        for item in items {
            match item {
                Item::Turn {
                    max,
                    pass,
                    pass_when_stuck,
                    start,
                    end,
                    ..
                } => {
                    turn.pass_when_stuck |= *pass_when_stuck;
                    turn.start.extend(self.stmts(start));
                    turn.end.extend(self.stmts(end));
                    if let Some((m, span)) = max {
                        if *m == 0 || *m > 1000 {
                            self.error(
                                err(
                                    codes::BAD_RANGE,
                                    format!("a turn of {m} decisions cannot be played"),
                                    *span,
                                    "out of range",
                                )
                                .hint("a turn holds 1 to 1000 decisions"),
                            );
                        } else {
                            turn.max = *m;
                        }
                    }
                    if let Some(cond) = pass {
                        turn.pass = Some(match cond {
                            Some(c) => self.bool_expr(c),
                            None => Expr::Bool(true),
                        });
                    }
                }
                Item::Score { expr, .. } => score = self.typed(expr, Type::Int),
                Item::Action(a) => {
                    if actions.len() < 250 {
                        let cond = a.cond.as_ref().map(|c| self.bool_expr(c));
                        let effects = self.stmts(&a.effects);
                        actions.push(ir::Action {
                            name: a.name.text.clone(),
                            on_cells: a.on_cells,
                            forced: a.forced,
                            free: a.free,
                            manual: a.manual,
                            secret: a.secret,
                            reaction: a.reaction,
                            written: a.written.as_ref().and_then(|w| self.template(w, &["to"])),
                            also: a
                                .also
                                .iter()
                                .filter_map(|w| self.other_writing(w, &["to", "hit"]))
                                .collect(),
                            cond,
                            effects,
                        });
                    } else {
                        self.error(err(
                            codes::BAD_BOARD,
                            "a ruleset may have at most 250 actions",
                            a.name.span,
                            "one too many",
                        ));
                    }
                }
                Item::Captures { zone, to_owner } => {
                    if let Some(z) = self.zone_ref(zone) {
                        captures_to = Some((z, *to_owner));
                    }
                }
                Item::Forbid {
                    cond,
                    reason,
                    at_turn_end,
                    ..
                } => {
                    let cond = self.bool_expr(cond);
                    forbids.push(ir::Forbid {
                        at_turn_end: *at_turn_end,
                        cond,
                        reason: reason
                            .as_ref()
                            .map(|r| r.text.clone())
                            .unwrap_or_else(|| "forbidden".into()),
                    });
                }
                Item::After { body, .. } => after_move.extend(self.stmts(body)),
                Item::Setup { body, .. } => setup.extend(self.stmts(body)),
                Item::Ending {
                    name,
                    cond,
                    outcome,
                } => {
                    let needs_moves = mentions(cond, "no_moves");
                    let cond = self.bool_expr(cond);
                    let outcome = match outcome {
                        ast::Outcome::Draw(_) => ir::Outcome::Draw,
                        ast::Outcome::Highest(e) => ir::Outcome::Highest(self.typed(e, Type::Int)),
                        ast::Outcome::Player { who, .. }
                            if !["mover", "opponent", "nobody"].contains(&who.text.as_str())
                                && !self.players.contains(&who.text) =>
                        {
                            self.player_ref(who);
                            ir::Outcome::Draw
                        }
                        ast::Outcome::Player { who, wins } => {
                            let e = ast::Expr {
                                kind: ExprKind::Name(who.text.clone()),
                                span: who.span,
                            };
                            let who = self.typed(&e, Type::Player);
                            ir::Outcome::Player { who, wins: *wins }
                        }
                    };
                    endings.push(ir::Ending {
                        name: name.text.clone(),
                        cond,
                        outcome,
                        needs_moves,
                    });
                }
                _ => {}
            }
        }
        let position = match position_decl {
            Some((fields, _)) => self.position_from(fields),
            None => {
                // First letters when they tell the players apart, else the whole names.
                let firsts: Vec<String> = self
                    .players
                    .iter()
                    .map(|p| p.chars().next().unwrap_or('?').to_string())
                    .collect();
                let unique = firsts
                    .iter()
                    .enumerate()
                    .all(|(i, f)| !firsts[..i].contains(f));
                vec![
                    ir::Field::Board(None),
                    ir::Field::Turn(if unique { firsts } else { self.players.clone() }),
                ]
            }
        };
        let piles = items.iter().any(|i| matches!(i, Item::Piles(_)));
        let capture_top = items.iter().any(|i| matches!(i, Item::CapturesTop(_)));
        let mut marks = Vec::new();
        let mut pass_text = None;
        let mut opening = None;
        let mut result_text = None;
        let (mut after_turn, mut after_round) = (None, None);
        for i in items {
            if let Item::Notation {
                pass,
                opening: open,
                result,
                after_turn: turn_mark,
                after_round: round_mark,
            } = i
            {
                if let Some(t) = turn_mark {
                    after_turn = Some(t.text.clone());
                }
                if let Some(t) = round_mark {
                    after_round = Some(t.text.clone());
                }
                if let Some(p) = pass {
                    pass_text = Some(p.text.clone());
                }
                if let Some((text, until)) = open {
                    let until = self.bool_expr(until);
                    opening = self.text_template(text).map(|t| (t, until));
                }
                if let Some(r) = result {
                    result_text = self.text_template(r);
                }
            }
        }
        for i in items {
            let Item::Show {
                place,
                mark,
                after,
                legend,
                fill,
            } = i
            else {
                continue;
            };
            let place = match place {
                ast::ShowWhere::Cond(c) => Some(ir::MarkPlace::Cond(self.bool_expr(c))),
                ast::ShowWhere::Region(region) => match self.region_index.get(&region.text) {
                    Some(&r) => Some(ir::MarkPlace::Region(r)),
                    None => {
                        let names: Vec<String> =
                            self.regions.iter().map(|r| r.name.clone()).collect();
                        let d = err(
                            codes::UNKNOWN_REGION,
                            format!("there is no region `{}`", region.text),
                            region.span,
                            "unknown region",
                        )
                        .hint("name a region, or give a condition on `to` in brackets: `show (height(to) > 2) as \"!\"`");
                        self.error(with_suggestion(d, &region.text, names.iter()));
                        None
                    }
                },
            };
            if let Some(f) = fill {
                let hex = f.text.strip_prefix('#').unwrap_or("");
                if !(hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit())) {
                    self.error(
                        err(
                            codes::BAD_RANGE,
                            "a fill is a colour written `#rrggbb`",
                            f.span,
                            "not a colour",
                        )
                        .hint("write six hexadecimal digits after `#`, such as `fill \"#b7d9a8\"`"),
                    );
                }
            }
            let count = mark.text.chars().count();
            if count == 0 || count > 3 {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        "a mark is one to three characters",
                        mark.span,
                        "not one to three characters",
                    )
                    .hint("write one to three characters, such as `show water as \"~\"`"),
                );
            }
            if let Some(place) = place {
                marks.push(ir::Mark {
                    place,
                    text: mark.text.clone(),
                    after: *after,
                    legend: legend.as_ref().map(|l| l.text.clone()),
                    fill: fill.as_ref().map(|f| f.text.clone()),
                });
            }
        }
        // Start values from the drawn area.
        let mut cell_values = Vec::new();
        for (name, value, cells) in std::mem::take(&mut self.area_sets) {
            match self.var_index.get(&name.text).copied() {
                Some(v)
                    if self.vars[v as usize].per_cell && self.vars[v as usize].ty != Type::Cell =>
                {
                    cell_values.extend(cells.iter().map(|&c| (v, c, value)));
                }
                _ => self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!(
                            "the area sets `{}`, which is not a `per cell` number of the ruleset",
                            name.text
                        ),
                        name.span,
                        "not a per-cell number",
                    )
                    .hint(format!(
                        "declare it in the ruleset: `var {} = 0 per cell`",
                        name.text
                    )),
                ),
            }
        }
        Some(ir::Program {
            cell_values,
            piles,
            capture_top,
            marks,
            pass_text,
            opening,
            result_text,
            after_turn,
            after_round,
            tracks_turn_moves: self.uses_fresh,
            uses_steps: self.uses_steps,
            title: title.unwrap_or_else(|| "untitled".into()),
            players: self.players.clone(),
            options: self.option_info.clone(),
            board: std::mem::take(&mut self.board),
            regions: std::mem::take(&mut self.regions),
            vars: std::mem::take(&mut self.vars),
            zones,
            pieces,
            forbids,
            after_move,
            setup,
            endings,
            position,
            turn,
            chances: std::mem::take(&mut self.chances),
            chance_then: std::mem::take(&mut self.chance_then),
            plugins: std::mem::take(&mut self.plugins),
            score,
            actions,
            captures_to,
            start: start_decl.map(|s| (s.text.clone(), s.span)),
        })
    }

    /// Players, directions, options, regions, variables and pieces share one namespace:
    /// a name used as two of them would make expressions ambiguous.
    fn check_namespace(&mut self, items: &[Item]) {
        let mut seen: HashMap<String, (&'static str, Option<Span>)> = HashMap::new();
        for p in &self.players {
            seen.insert(p.clone(), ("player", None));
        }
        for d in &self.board.dirs {
            seen.entry(d.clone())
                .or_insert(("direction of the board", self.board_span));
        }
        for item in items {
            let (kind, name) = match item {
                Item::Option(o) => ("option", &o.name),
                Item::Dirs { name, .. } => ("direction set", name),
                Item::Region { name, .. } => ("region", name),
                Item::Var(v) => ("variable", &v.name),
                Item::Piece(p) => ("piece", &p.name),
                Item::Define { name, .. } => ("definition", name),
                _ => continue,
            };
            match seen.get(&name.text) {
                Some((other, at)) if *other != kind => {
                    let mut d = err(codes::DUPLICATE, format!("`{}` already names a {other}", name.text), name.span, format!("this {kind} has the same name"))
                        .hint("players, directions, options, regions, variables, pieces and definitions share one set of names: rename one of them");
                    if let Some(at) = at {
                        if *other != "direction of the board" {
                            d = d.with_label(*at, format!("the {other}"));
                        }
                    }
                    self.error(d);
                }
                Some(_) => {}
                None => {
                    seen.insert(name.text.clone(), (kind, Some(name.span)));
                }
            }
        }
    }

    fn players_from(
        &mut self,
        names: &[Name],
        seats: Option<((u32, Span), (u32, Span))>,
        overrides: &Overrides,
    ) {
        for (i, n) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().find(|m| m.text == n.text) {
                self.error(
                    err(
                        codes::DUPLICATE,
                        format!("the player `{}` is named twice", n.text),
                        n.span,
                        "named again here",
                    )
                    .with_label(first.span, "first named here"),
                );
            }
        }
        // Owners are four bits, and the sixteenth value is `nobody` (neutral pieces).
        if names.len() > ir::NEUTRAL as usize {
            self.error(err(
                codes::BAD_BOARD,
                format!("a game may have at most {} players", ir::NEUTRAL),
                names[ir::NEUTRAL as usize].span,
                "one too many",
            ));
        }
        self.players = names
            .iter()
            .take(ir::NEUTRAL as usize)
            .map(|n| n.text.clone())
            .collect();
        // `seated A to B`: the option `players` chooses how many sit, the first ones.
        if let Some(((lo, lo_span), (hi, hi_span))) = seats {
            let most = self.players.len() as u32;
            if lo < 1 || lo > hi || hi > most {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        format!("{lo} to {hi} players cannot be seated from {most} names"),
                        lo_span.to(hi_span),
                        "this range",
                    )
                    .hint(format!("write `seated A to B` with 1 <= A <= B <= {most}")),
                );
                return;
            }
            let mut count = lo;
            if let Some((_, v)) = overrides.iter().rev().find(|(k, _)| k == "players") {
                match v.trim().parse::<u32>() {
                    Ok(c) if (lo..=hi).contains(&c) => count = c,
                    _ => self.error(
                        Diagnostic::error(
                            codes::BAD_OPTION_VALUE,
                            format!("`players={v}` is not a number of players for this game"),
                        )
                        .hint(format!("{lo} to {hi} players can play")),
                    ),
                }
            }
            self.unseated = self.players.split_off(count as usize);
            self.option_info.push(ir::OptionInfo {
                name: "players".into(),
                kind: format!("int ({lo} to {hi})"),
                value: count.to_string(),
                default: lo.to_string(),
                doc: format!(
                    "how many play: {}",
                    names
                        .iter()
                        .map(|n| n.text.as_str())
                        .take(hi as usize)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
            self.options
                .insert("players".into(), OptValue::Int(count as i64));
        }
    }

    fn options_from(&mut self, items: &[Item], overrides: &Overrides) {
        for item in items {
            let Item::Option(o) = item else { continue };
            let default = match (&o.ty, &o.default.kind) {
                (ast::OptionType::Int, LiteralKind::Int(v)) => Some(OptValue::Int(*v)),
                (ast::OptionType::Bool, LiteralKind::Bool(b)) => Some(OptValue::Bool(*b)),
                (ast::OptionType::Choice(cs), LiteralKind::Word(w))
                    if cs.iter().any(|c| c.text == *w) =>
                {
                    Some(OptValue::Word(w.clone()))
                }
                _ => None,
            };
            let kind = match &o.ty {
                ast::OptionType::Int => "int".to_string(),
                ast::OptionType::Bool => "bool".to_string(),
                ast::OptionType::Choice(cs) => cs
                    .iter()
                    .map(|c| c.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" | "),
            };
            let Some(default) = default else {
                self.error(
                    err(
                        codes::BAD_OPTION_VALUE,
                        format!(
                            "the default of option `{}` is not {}",
                            o.name.text,
                            kind_words(&kind)
                        ),
                        o.default.span,
                        "this default",
                    )
                    .hint(format!("write a default of the option's type: {kind}")),
                );
                // Keep the name known, so its uses do not each report it again.
                let fallback = match &o.ty {
                    ast::OptionType::Int => OptValue::Int(0),
                    ast::OptionType::Bool => OptValue::Bool(false),
                    ast::OptionType::Choice(cs) => {
                        OptValue::Word(cs.first().map(|c| c.text.clone()).unwrap_or_default())
                    }
                };
                self.options.insert(o.name.text.clone(), fallback);
                continue;
            };
            let mut value = default.clone();
            if let Some((_, v)) = overrides.iter().rev().find(|(k, _)| *k == o.name.text) {
                match parse_option(&o.ty, v) {
                    Some(x) => value = x,
                    None => self.error(
                        err(
                            codes::BAD_OPTION_VALUE,
                            format!("`{v}` is not a value of option `{}`", o.name.text),
                            o.name.span,
                            format!("this option takes {}", kind_words(&kind)),
                        )
                        .hint(format!(
                            "use --option {}=VALUE with VALUE {}",
                            o.name.text,
                            kind_words(&kind)
                        )),
                    ),
                }
            }
            self.option_info.push(ir::OptionInfo {
                name: o.name.text.clone(),
                kind,
                value: show_opt(&value),
                default: show_opt(&default),
                doc: o.doc.as_ref().map(|d| d.text.clone()).unwrap_or_default(),
            });
            self.options.insert(o.name.text.clone(), value);
        }
        for (k, _) in overrides {
            if !self.options.contains_key(k) && !self.option_info.iter().any(|o| o.name == *k) {
                let names: Vec<String> = self.option_info.iter().map(|o| o.name.clone()).collect();
                let mut d = Diagnostic::error(
                    codes::BAD_OPTION_VALUE,
                    format!("this ruleset has no option `{k}`"),
                );
                d = d.hint(if names.is_empty() {
                    "this ruleset declares no options".to_string()
                } else {
                    format!("its options are: {}", names.join(", "))
                });
                d = with_suggestion(d, k, names.iter());
                self.error(d);
            }
        }
    }

    fn board_from(&mut self, decl: &BoardDecl) {
        match decl {
            BoardDecl::Grid {
                width,
                height,
                files,
                span,
            } => {
                self.board_span = Some(*span);
                let letters: Vec<char> = match files {
                    Some(f) => f.text.chars().filter(|c| !c.is_whitespace()).collect(),
                    None => ('a'..='z').collect(),
                };
                let (w, h) = (width.0, height.0);
                if w == 0 || h == 0 || w > 255 || h > 255 || (w * h) > 60_000 {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            format!("a grid of {w} x {h} cells cannot be built"),
                            *span,
                            "this grid",
                        )
                        .hint("each side must be 1 to 255 cells, and at most 60000 cells in all"),
                    );
                    return;
                }
                if w as usize > letters.len() {
                    let at = files.as_ref().map(|f| f.span).unwrap_or(width.1);
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            format!(
                                "a grid {w} wide needs {w} file letters, and there are {}",
                                letters.len()
                            ),
                            at,
                            "not enough file letters",
                        )
                        .hint("give one letter per column with `files \"…\"`"),
                    );
                    return;
                }
                let dirs = ["n", "e", "s", "w", "ne", "nw", "se", "sw"];
                let deltas: [(i32, i32); 8] = [
                    (0, 1),
                    (1, 0),
                    (0, -1),
                    (-1, 0),
                    (1, 1),
                    (-1, 1),
                    (1, -1),
                    (-1, -1),
                ];
                let opposite = [2u8, 3, 0, 1, 7, 6, 5, 4];
                let mirror_dir = [2u8, 1, 0, 3, 6, 7, 4, 5];
                self.board.dirs = dirs.iter().map(|d| d.to_string()).collect();
                self.board.opposite = opposite.iter().map(|o| Some(*o)).collect();
                for y in 0..h {
                    for x in 0..w {
                        self.board
                            .cells
                            .push(format!("{}{}", letters[x as usize], y + 1));
                    }
                }
                for y in 0..h as i32 {
                    for x in 0..w as i32 {
                        for (d, (dx, dy)) in deltas.iter().enumerate() {
                            let (nx, ny) = (x + dx, y + dy);
                            if nx >= 0 && ny >= 0 && nx < w as i32 && ny < h as i32 {
                                self.board.links.push((
                                    (x + y * w as i32) as CellId,
                                    d as DirId,
                                    (nx + ny * w as i32) as CellId,
                                ));
                            }
                        }
                    }
                }
                let n = self.players.len().max(1);
                self.board.cell_mirror = (0..n)
                    .map(|p| {
                        (0..h)
                            .flat_map(|y| (0..w).map(move |x| (x, y)))
                            .map(|(x, y)| {
                                if p == 1 {
                                    (x + (h - 1 - y) * w) as CellId
                                } else {
                                    (x + y * w) as CellId
                                }
                            })
                            .collect()
                    })
                    .collect();
                self.board.dir_mirror = (0..n)
                    .map(|p| {
                        (0..8u8)
                            .map(|d| if p == 1 { mirror_dir[d as usize] } else { d })
                            .collect()
                    })
                    .collect();
                self.board.grid = Some((w, h));
                self.board.coords = (0..h)
                    .flat_map(|y| (0..w).map(move |x| (x as u16 + 1, y as u16 + 1)))
                    .collect();
            }
            BoardDecl::Hex {
                radius,
                radius_option,
                files,
                span,
            } => {
                self.board_span = Some(*span);
                let mut r = radius.0.min(i32::MAX as u32) as i32;
                if let Some(n) = radius_option {
                    match self.options.get(&n.text) {
                        Some(OptValue::Int(v)) => r = (*v).clamp(0, 1000) as i32,
                        _ => {
                            self.error(
                                err(
                                    codes::UNKNOWN_NAME,
                                    format!("there is no number option `{}`", n.text),
                                    n.span,
                                    "not an `int` option",
                                )
                                .hint("write the radius as a number, or declare `option NAME: int = R`"),
                            );
                            return;
                        }
                    }
                }
                let side = 2 * r + 1;
                // Columns past `z` are `aa`, `ab`, … unless `files` names them.
                let letters: Vec<String> = match files {
                    Some(f) => f
                        .text
                        .chars()
                        .filter(|c| !c.is_whitespace())
                        .map(String::from)
                        .collect(),
                    None => (0..side.max(26) as usize).map(column_name).collect(),
                };
                if !(1..=40).contains(&r) {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            format!("a hexagon of radius {r} cannot be built"),
                            radius.1,
                            "this radius",
                        )
                        .hint("a hexagon's radius is 1 to 40 cells"),
                    );
                    return;
                }
                if side as usize > letters.len() {
                    let at = files.as_ref().map(|f| f.span).unwrap_or(radius.1);
                    self.error(
                        err(codes::BAD_BOARD, format!("a hexagon of radius {r} needs {side} file letters, and there are {}", letters.len()), at, "not enough file letters")
                            .hint("give one letter per column with `files \"…\"`"),
                    );
                    return;
                }
                // Axial coordinates: column x and row y from 0 to 2r; a cell is on the board
                // when it is within r steps of the centre. Rows go up, each drawn half a
                // cell right of the one below, so `ne` is (0, +1) and `nw` (-1, +1).
                let on = |x: i32, y: i32| {
                    let (q, s) = (x - r, y - r);
                    (0..side).contains(&x) && (0..side).contains(&y) && (q + s).abs() <= r
                };
                let mut id = vec![vec![NO_CELL; side as usize]; side as usize];
                for y in 0..side {
                    for x in 0..side {
                        if on(x, y) {
                            id[y as usize][x as usize] = self.board.cells.len() as CellId;
                            self.board.coords.push((x as u16 + 1, y as u16 + 1));
                            self.board
                                .cells
                                .push(format!("{}{}", letters[x as usize], y + 1));
                        }
                    }
                }
                let dirs = ["e", "w", "ne", "sw", "nw", "se"];
                let deltas: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)];
                let opposite = [1u8, 0, 3, 2, 5, 4];
                self.board.dirs = dirs.iter().map(|d| d.to_string()).collect();
                self.board.opposite = opposite.iter().map(|o| Some(*o)).collect();
                for y in 0..side {
                    for x in 0..side {
                        if !on(x, y) {
                            continue;
                        }
                        for (d, (dx, dy)) in deltas.iter().enumerate() {
                            if on(x + dx, y + dy) {
                                self.board.links.push((
                                    id[y as usize][x as usize],
                                    d as DirId,
                                    id[(y + dy) as usize][(x + dx) as usize],
                                ));
                            }
                        }
                    }
                }
                let n = self.players.len().max(1);
                let cells = self.board.cells.len() as CellId;
                self.board.cell_mirror = vec![(0..cells).collect(); n];
                self.board.dir_mirror = vec![(0..6u8).collect(); n];
                self.board.rows = Some(
                    (0..side)
                        .rev()
                        .map(|y| {
                            let first = (0..side).find(|&x| on(x, y)).unwrap_or(0);
                            let row: Vec<CellId> = (0..side)
                                .filter(|&x| on(x, y))
                                .map(|x| id[y as usize][x as usize])
                                .collect();
                            // Row y is drawn half a cell right of row y - 1.
                            ((2 * first + y - r) as u32, row)
                        })
                        .collect(),
                );
            }
            BoardDecl::Tessels { items, span, .. } => {
                self.board_span = Some(*span);
                self.tessels_from(items, *span);
            }
            BoardDecl::Explicit { items, span } => {
                self.board_span = Some(*span);
                let mut mirror_pairs = Vec::new();
                for it in items {
                    if let BoardItem::Cells(names) = it {
                        for n in names {
                            if self.cell_index.contains_key(&n.text) {
                                self.error(err(
                                    codes::DUPLICATE,
                                    format!("the cell `{}` is declared twice", n.text),
                                    n.span,
                                    "declared again here",
                                ));
                                continue;
                            }
                            if self.board.cells.len() >= 60_000 {
                                self.error(err(
                                    codes::BAD_BOARD,
                                    "a board may have at most 60000 cells",
                                    n.span,
                                    "one too many",
                                ));
                                return;
                            }
                            self.cell_index
                                .insert(n.text.clone(), self.board.cells.len() as CellId);
                            self.board.cells.push(n.text.clone());
                        }
                    }
                }
                if self.board.cells.is_empty() {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            "the board has no cells",
                            *span,
                            "an empty board",
                        )
                        .hint("list the cells with `cells a b c …`"),
                    );
                    return;
                }
                for it in items {
                    match it {
                        BoardItem::Link {
                            from,
                            dir,
                            to,
                            back,
                        } => {
                            let (Some(f), Some(t)) = (self.cell_ref(from), self.cell_ref(to))
                            else {
                                continue;
                            };
                            let d = self.new_dir(dir);
                            self.board.links.push((f, d, t));
                            if let Some(b) = back {
                                let bd = self.new_dir(b);
                                self.board.links.push((t, bd, f));
                                self.set_opposite(d, bd);
                            }
                        }
                        BoardItem::Opposite(a, b) => {
                            let (da, db) = (self.new_dir(a), self.new_dir(b));
                            self.set_opposite(da, db);
                        }
                        BoardItem::Mirror(a, b) => {
                            if let (Some(x), Some(y)) = (self.cell_ref(a), self.cell_ref(b)) {
                                mirror_pairs.push((x, y));
                            }
                        }
                        BoardItem::Cells(_) => {}
                    }
                }
                let n = self.players.len().max(1);
                let cells = self.board.cells.len();
                if !mirror_pairs.is_empty() {
                    let mut m: Vec<CellId> = (0..cells as CellId).collect();
                    for (a, b) in mirror_pairs {
                        m[a as usize] = b;
                        m[b as usize] = a;
                    }
                    self.board.cell_mirror = (0..n)
                        .map(|p| {
                            if p == 1 {
                                m.clone()
                            } else {
                                (0..cells as CellId).collect()
                            }
                        })
                        .collect();
                    // A direction's mirror is the direction its links take between mirrored cells.
                    let nd = self.board.dirs.len();
                    let mut dm: Vec<DirId> = (0..nd as DirId).collect();
                    for &(f, d, t) in &self.board.links {
                        let (mf, mt) = (m[f as usize], m[t as usize]);
                        if let Some(&(_, d2, _)) = self
                            .board
                            .links
                            .iter()
                            .find(|(a, _, b)| *a == mf && *b == mt)
                        {
                            dm[d as usize] = d2;
                        }
                    }
                    self.board.dir_mirror = (0..n)
                        .map(|p| {
                            if p == 1 {
                                dm.clone()
                            } else {
                                (0..nd as DirId).collect()
                            }
                        })
                        .collect();
                }
            }
        }
        for (i, c) in self.board.cells.iter().enumerate() {
            self.cell_index.insert(c.clone(), i as CellId);
        }
        for (i, d) in self.board.dirs.iter().enumerate() {
            self.dir_index.insert(d.clone(), i as DirId);
        }
        if self.board.opposite.len() < self.board.dirs.len() {
            self.board.opposite.resize(self.board.dirs.len(), None);
        }
    }

    /// A board drawn as polygons: its tessels become cells, and the relations derived
    /// from the drawing become numbered directions (`edge1`, `vertex1`, `trace1`, …)
    /// gathered in the direction sets `edge`, `vertex` and `trace`.
    fn tessels_from(&mut self, items: &[ast::TesselItem], span: Span) {
        use crate::tessellation::{self as geo, Drawn, Point};
        use ast::TesselItem;
        let mut drawn: Vec<Drawn> = Vec::new();
        // Where each tessel was written, for diagnostics.
        let mut written: Vec<Span> = Vec::new();
        // Column and row of each tessel within its block of squares or hexes (0, 0 for others).
        let mut coords: Vec<(u16, u16)> = Vec::new();
        let mut splices: Vec<Vec<(Point, Point)>> = Vec::new();
        let mut splice_spans: Vec<(Span, Vec<(Span, Span)>)> = Vec::new();
        let mut bad = false;
        let point = |this: &mut Self, p: &ast::PointAst| -> Option<Point> {
            match (geo::parse_fixed(&p.x), geo::parse_fixed(&p.y)) {
                (Some(x), Some(y)) => Some((x, y)),
                _ => {
                    this.error(
                        err(codes::BAD_BOARD, "a point's numbers must be within a million units and have at most six decimal places", p.span, "this point")
                            .hint("scale the drawing: only the shape matters, not the size"),
                    );
                    None
                }
            }
        };
        let add = |this: &mut Self,
                   name: String,
                   at: Span,
                   d: Drawn,
                   drawn: &mut Vec<Drawn>,
                   written: &mut Vec<Span>| {
            if this.cell_index.contains_key(&name) {
                this.error(err(
                    codes::DUPLICATE,
                    format!("the tessel `{name}` is declared twice"),
                    at,
                    "declared again here",
                ).hint("give each tessel its own name (`squares … prefix \"w\"` names a block's squares `wa1`, `wb1`, …)"));
                return false;
            }
            if this.board.cells.len() >= 60_000 {
                this.error(err(
                    codes::BAD_BOARD,
                    "a board may have at most 60000 cells",
                    at,
                    "one too many",
                ));
                return false;
            }
            this.cell_index
                .insert(name.clone(), this.board.cells.len() as CellId);
            this.board.cells.push(name);
            drawn.push(d);
            written.push(at);
            true
        };
        for it in items {
            match it {
                TesselItem::Tessel { name, points } => {
                    let pts: Option<Vec<Point>> = points.iter().map(|p| point(self, p)).collect();
                    match pts {
                        Some(pts) => {
                            if !add(
                                self,
                                name.text.clone(),
                                name.span,
                                Drawn { points: pts },
                                &mut drawn,
                                &mut written,
                            ) {
                                bad = true;
                            }
                            coords.push((0, 0));
                        }
                        None => bad = true,
                    }
                }
                TesselItem::Squares {
                    width,
                    height,
                    at,
                    prefix,
                    span,
                } => {
                    // Where the block begins (the origin unless `at` says).
                    let Some(origin) = at.as_ref().map_or(Some((0, 0)), |p| point(self, p)) else {
                        bad = true;
                        continue;
                    };
                    let (Some(w), Some(h)) = (self.size_of(width), self.size_of(height)) else {
                        bad = true;
                        continue;
                    };
                    if w == 0 || h == 0 || w > 255 || h > 255 {
                        self.error(err(
                            codes::BAD_BOARD,
                            "a block of squares is 1 to 255 squares each way",
                            *span,
                            "this block",
                        ));
                        bad = true;
                        continue;
                    }
                    let pre = prefix.as_ref().map_or("", |p| p.text.as_str()).to_string();
                    // Diagnostics point at `squares W x H`.
                    let head = Span::new(span.file, span.start, height.1.end.max(span.start));
                    for (i, d) in geo::squares(w, h, origin).into_iter().enumerate() {
                        let (x, y) = (i as u32 % w, i as u32 / w);
                        let name = format!("{pre}{}{}", column_name(x as usize), y + 1);
                        if !add(self, name, head, d, &mut drawn, &mut written) {
                            bad = true;
                            break;
                        }
                        coords.push((x as u16 + 1, y as u16 + 1));
                    }
                }
                TesselItem::Hexes {
                    radius,
                    at,
                    prefix,
                    span,
                } => {
                    // Where the block begins (the origin unless `at` says).
                    let Some(origin) = at.as_ref().map_or(Some((0, 0)), |p| point(self, p)) else {
                        bad = true;
                        continue;
                    };
                    let Some(r) = self.size_of(radius) else {
                        bad = true;
                        continue;
                    };
                    if r > 100 {
                        self.error(err(
                            codes::BAD_BOARD,
                            "a hexagon of hexes may have at most 100 rings",
                            radius.1,
                            "too many",
                        ));
                        bad = true;
                        continue;
                    }
                    let pre = prefix.as_ref().map_or("", |p| p.text.as_str()).to_string();
                    let head = Span::new(span.file, span.start, radius.1.end.max(span.start));
                    for (col, row, d) in geo::hexagons(r, origin) {
                        let name = format!("{pre}{}{}", column_name(col as usize), row + 1);
                        if !add(self, name, head, d, &mut drawn, &mut written) {
                            bad = true;
                            break;
                        }
                        coords.push((col as u16 + 1, row as u16 + 1));
                    }
                }
                // Resolved after the drawing (cells) and the ruleset (variables).
                TesselItem::Set { .. } => {}
                // Added after every drawn tessel.
                TesselItem::Spare { .. } => {}
                TesselItem::Splice { pairs, span } => {
                    let mut ps = Vec::new();
                    let mut spans = Vec::new();
                    for (a, b) in pairs {
                        if let (Some(x), Some(y)) = (point(self, a), point(self, b)) {
                            ps.push((x, y));
                            spans.push((a.span, b.span));
                        } else {
                            bad = true;
                        }
                    }
                    splices.push(ps);
                    splice_spans.push((*span, spans));
                }
            }
        }
        if bad {
            return;
        }
        // Spare cells (room for tessels made in play) come after the drawn ones.
        let mut spares = 0usize;
        for it in items {
            if let TesselItem::Spare {
                count,
                prefix,
                span,
            } = it
            {
                if count.0 > 1000 {
                    self.error(err(
                        codes::BAD_RANGE,
                        "at most 1000 spare tessels",
                        count.1,
                        "too many",
                    ));
                    return;
                }
                let pre = prefix
                    .as_ref()
                    .map_or("new", |p| p.text.as_str())
                    .to_string();
                for k in 1..=count.0 {
                    let name = format!("{pre}{k}");
                    if self.cell_index.contains_key(&name) {
                        self.error(
                            err(
                                codes::DUPLICATE,
                                format!("the spare tessel `{name}` has the name of another"),
                                *span,
                                "named again here",
                            )
                            .hint("give the spare tessels another prefix: `spare N prefix \"x\"`"),
                        );
                        return;
                    }
                    self.cell_index
                        .insert(name.clone(), self.board.cells.len() as CellId);
                    self.board.cells.push(name);
                    coords.push((0, 0));
                    spares += 1;
                }
            }
        }
        if drawn.is_empty() {
            self.error(
                err(
                    codes::BAD_BOARD,
                    "the playing area has no tessels",
                    span,
                    "an empty area",
                )
                .hint("draw tessels with `tessel NAME (x, y) (x, y) (x, y) …`, or `squares W x H`"),
            );
            return;
        }
        let derived = match geo::derive(&drawn, &splices) {
            Ok(d) => d,
            Err(problems) => {
                let name = |t: usize, cells: &[String]| cells.get(t).cloned().unwrap_or_default();
                let show = |p: Point| {
                    let f = |v: i64| format!("{}", v as f64 / geo::UNIT as f64);
                    format!("({}, {})", f(p.0), f(p.1))
                };
                for p in problems {
                    let cells = self.board.cells.clone();
                    let d = match p {
                        geo::Problem::Flat { tessel } => err(codes::BAD_BOARD, format!("the tessel `{}` has no area", name(tessel, &cells)), written[tessel], "a flat tessel")
                            .hint("a tessel needs at least three points that are not on one line"),
                        geo::Problem::TooManyVertices { tessel, count } => err(codes::BAD_BOARD, format!("the tessel `{}` has {count} vertices; a tessel may have at most {}", name(tessel, &cells), geo::MAX_VERTICES), written[tessel], "too many vertices")
                            .hint("vertices of other tessels that lie on its edges count too; split it in two"),
                        geo::Problem::NotAVertex { splice, pair, which } => {
                            let (s, a) = (&splice_spans[splice].0, splice_spans[splice].1.get(pair));
                            let at = a.map_or(*s, |x| if which == 0 { x.0 } else { x.1 });
                            err(codes::BAD_BOARD, "a splice joins vertices, and no tessel has a vertex at this point", at, "not a vertex")
                                .hint("write the points exactly as the tessels' vertices are written")
                        }
                        geo::Problem::Overlap { tessels, a, b } => {
                            let names: Vec<String> = tessels.iter().map(|&t| format!("`{}`", name(t, &cells))).collect();
                            let mut d = err(codes::BAD_BOARD, format!("the tessels {} overlap: they all draw the edge {} to {}", names.join(", "), show(a), show(b)), written[tessels[0]], "this tessel");
                            for &t in &tessels[1..] {
                                d = d.with_label(written[t], "and this one");
                            }
                            d.hint("an edge is shared by at most two tessels, one on each side")
                        }
                        geo::Problem::Crossing { tessels: (t, u), at } => err(codes::BAD_BOARD, format!("the tessels `{}` and `{}` overlap: their outlines cross near {}", name(t, &cells), name(u, &cells), show(at)), written[t], "this tessel")
                            .with_label(written[u], "and this one")
                            .hint("tessels may share edges and vertices, but not area: move the points so that they meet along an edge"),
                        geo::Problem::NonOrientable { splice } => err(codes::BAD_BOARD, "this splice would turn a tessel over: the playing surface must be orientable", splice_spans[splice].0, "joins an edge the wrong way round")
                            .hint("join the points the other way round: the first point of one edge with the last of the other, as the two sides of a cylinder meet"),
                        geo::Problem::Apart { tessel } => err(codes::BAD_BOARD, format!("the tessel `{}` is not joined to the rest of the playing area", name(tessel, &cells)), written[tessel], "apart from the others")
                            .hint("every tessel must touch the rest at least at a vertex"),
                    };
                    self.error(d);
                }
                return;
            }
        };
        // `set … at CELLS [joined]`: the cells exist, and joined ones touch along edges.
        for it in items {
            let TesselItem::Set {
                var,
                value,
                cells,
                joined,
                span,
            } = it
            else {
                continue;
            };
            let ids: Vec<CellId> = cells.iter().filter_map(|c| self.cell_ref(c)).collect();
            if ids.len() != cells.len() {
                continue;
            }
            if *joined && !ids.is_empty() {
                let mut seen = vec![ids[0]];
                let mut todo = vec![ids[0]];
                while let Some(c) = todo.pop() {
                    for &u in &derived.edge[c as usize] {
                        let u = u as CellId;
                        if ids.contains(&u) && !seen.contains(&u) {
                            seen.push(u);
                            todo.push(u);
                        }
                    }
                }
                if let Some(apart) = cells.iter().zip(&ids).find(|(_, c)| !seen.contains(c)) {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            format!(
                                "these tessels must be joined by edges, and `{}` is not joined to `{}`",
                                apart.0.text, cells[0].text
                            ),
                            *span,
                            "not edge-joined",
                        )
                        .with_label(apart.0.span, "apart from the first")
                        .hint("every tessel of the line must share an edge with another of them (a stand is edge-contiguous)"),
                    );
                    continue;
                }
            }
            self.area_sets.push((var.clone(), value.0, ids));
        }
        // Numbered directions: slot k of a relation is a tessel's k-th neighbour in it.
        let n = self.players.len().max(1);
        let mut sets: Vec<(&str, Vec<DirId>)> = Vec::new();
        for (rel, lists) in [
            (
                "edge",
                derived
                    .edge
                    .iter()
                    .map(|l| l.iter().map(|&u| (u, 1)).collect::<Vec<_>>())
                    .collect::<Vec<_>>(),
            ),
            (
                "vertex",
                derived
                    .vertex
                    .iter()
                    .map(|l| l.iter().map(|&u| (u, 1)).collect())
                    .collect(),
            ),
            ("trace", derived.trace.clone()),
        ] {
            // Room for tessels that gain neighbours as the area changes in play.
            let slots = lists.iter().map(|l| l.len()).max().unwrap_or(0)
                + if self.area_changes { 6 } else { 0 };
            let mut dirs = Vec::new();
            for k in 0..slots {
                let d = self.board.dirs.len() as DirId;
                self.board.dirs.push(format!("{rel}{}", k + 1));
                self.board.opposite.push(None);
                dirs.push(d);
            }
            for (t, l) in lists.iter().enumerate() {
                for (k, &(u, cost)) in l.iter().enumerate() {
                    self.board.links.push((t as CellId, dirs[k], u as CellId));
                    self.board.link_costs.push(cost);
                }
            }
            sets.push((rel, dirs));
        }
        {
            let slot = |rel: &str| {
                sets.iter()
                    .find(|(r, _)| *r == rel)
                    .map(|(_, d)| d.clone())
                    .unwrap_or_default()
            };
            let mut tessels: Vec<Vec<(i64, i64)>> =
                drawn.iter().map(|d| d.points.clone()).collect();
            tessels.resize(tessels.len() + spares, Vec::new());
            self.board.drawing = Some(ir::Drawing {
                tessels,
                splices: splices.clone(),
                slots: [slot("edge"), slot("vertex"), slot("trace")],
            });
        }
        // `touch`: across an edge or a vertex.
        let touch: Vec<DirId> = sets
            .iter()
            .filter(|(rel, _)| *rel != "trace")
            .flat_map(|(_, d)| d.iter().copied())
            .collect();
        sets.push(("touch", touch));
        for (rel, dirs) in sets {
            self.dir_sets.insert(rel.to_string(), vec![dirs; n]);
        }
        let cells = self.board.cells.len() as CellId;
        let nd = self.board.dirs.len() as DirId;
        self.board.cell_mirror = vec![(0..cells).collect(); n];
        self.board.dir_mirror = vec![(0..nd).collect(); n];
        self.board.outlines = derived.outline;
        if coords.iter().any(|&c| c != (0, 0)) {
            self.board.coords = coords;
        }
        // One block of squares is also a grid: written and drawn in rows.
        let blocks: Vec<&TesselItem> = items
            .iter()
            .filter(|i| {
                !matches!(
                    i,
                    TesselItem::Splice { .. } | TesselItem::Set { .. } | TesselItem::Spare { .. }
                )
            })
            .collect();
        if let [TesselItem::Squares { .. }] = blocks.as_slice() {
            let (w, h) = self
                .board
                .coords
                .iter()
                .fold((0, 0), |a, &(x, y)| (a.0.max(x as u32), a.1.max(y as u32)));
            self.board.grid = Some((w, h));
        }
    }

    /// Whether any statement of the ruleset changes the drawn area (so its relations need
    /// room to grow).
    fn changes_area(items: &[Item]) -> bool {
        fn any(body: &[ast::Stmt]) -> bool {
            body.iter().any(|st| match st {
                ast::Stmt::ChangeArea(..) => true,
                ast::Stmt::If {
                    then, otherwise, ..
                } => any(then) || any(otherwise),
                ast::Stmt::Each { body, .. } => any(body),
                ast::Stmt::Roll { then, .. } | ast::Stmt::RollCell { then, .. } => any(then),
                _ => false,
            })
        }
        let rules = |rs: &[ast::MoveRule]| rs.iter().any(|r| any(&r.effects));
        items.iter().any(|it| match it {
            Item::After { body, .. } | Item::Setup { body, .. } => any(body),
            Item::Turn { start, end, .. } => any(start) || any(end),
            Item::Action(a) => any(&a.effects),
            Item::Piece(p) => rules(&p.rules),
            Item::Pattern { rules: rs, .. } => rules(rs),
            _ => false,
        })
    }

    /// A direction or direction set named as a function's argument (`distance(a, b, edge)`).
    fn dirs_arg(&mut self, arg: &ast::Expr, function: &str) -> Option<Vec<Vec<DirId>>> {
        let n = self.players.len().max(1);
        let dirs = match &arg.kind {
            ast::ExprKind::Name(d) => match (self.dir_sets.get(d), self.dir_index.get(d)) {
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

    /// A size in a drawn area: the number, or the value of the `int` option it names.
    fn size_of(&mut self, (n, _, option): &(u32, Span, Option<Name>)) -> Option<u32> {
        let Some(o) = option else {
            return Some(*n);
        };
        match self.options.get(&o.text) {
            Some(OptValue::Int(v)) => Some((*v).clamp(0, 100_000) as u32),
            _ => {
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no number option `{}`", o.text),
                        o.span,
                        "not an `int` option",
                    )
                    .hint("write the number itself, or declare `option NAME: int = N`"),
                );
                None
            }
        }
    }

    fn new_dir(&mut self, name: &Name) -> DirId {
        if let Some(&d) = self.dir_index.get(&name.text) {
            return d;
        }
        let d = self.board.dirs.len() as DirId;
        self.board.dirs.push(name.text.clone());
        self.board.opposite.push(None);
        self.dir_index.insert(name.text.clone(), d);
        d
    }

    fn set_opposite(&mut self, a: DirId, b: DirId) {
        self.board.opposite[a as usize] = Some(b);
        self.board.opposite[b as usize] = Some(a);
    }

    fn cell_ref(&mut self, n: &Name) -> Option<CellId> {
        match self.cell_index.get(&n.text) {
            Some(&c) => Some(c),
            None => {
                let mut d = err(
                    codes::UNKNOWN_CELL,
                    format!("there is no cell `{}` on the board", n.text),
                    n.span,
                    "unknown cell",
                );
                match suggest(&n.text, self.board.cells.iter()) {
                    Some(s) => d = d.hint(s),
                    None => d = d.hint(self.cells_hint()),
                }
                self.error(d);
                None
            }
        }
    }

    fn cells_hint(&self) -> String {
        let c = &self.board.cells;
        match c.len() {
            0 => "the board has no cells".into(),
            1..=6 => format!("the cells are {}", c.join(", ")),
            n => format!(
                "the cells are {} … {} ({n} in all)",
                c[..3].join(", "),
                c[n - 1]
            ),
        }
    }

    fn mirror_available(&self) -> bool {
        !self.board.dir_mirror.is_empty()
    }

    /// A direction name (of the board or of a `dirs` declaration), per player.
    fn dir_name(&mut self, n: &Name) -> Option<PerPlayerDirs> {
        if let Some(set) = self.dir_sets.get(&n.text) {
            return Some(set.clone());
        }
        if let Some(&d) = self.dir_index.get(&n.text) {
            return Some(vec![vec![d]; self.players.len().max(1)]);
        }
        let mut cands: Vec<String> = self.board.dirs.clone();
        cands.extend(self.dir_sets.keys().cloned());
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

    fn dir_list(&mut self, names: &[Name]) -> Option<PerPlayerDirs> {
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

    fn player_ref(&mut self, n: &Name) -> Option<usize> {
        match self.players.iter().position(|p| *p == n.text) {
            Some(i) => Some(i),
            // A player who is not seated in this game: their entries do not count.
            None if self.unseated.contains(&n.text) => None,
            None => {
                let mut d = err(
                    codes::UNKNOWN_PLAYER,
                    format!("there is no player `{}`", n.text),
                    n.span,
                    "unknown player",
                );
                d = with_suggestion(d, &n.text, self.players.iter());
                d = d.hint(format!("the players are {}", self.players.join(", ")));
                self.error(d);
                None
            }
        }
    }

    fn dirs_from(&mut self, name: &Name, spec: &DirSpec) {
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
        self.dir_sets.insert(
            name.text.clone(),
            set.unwrap_or_else(|| vec![Vec::new(); n]),
        );
    }

    fn region_expr(&mut self, e: &ast::RegionExpr) -> Vec<Vec<CellId>> {
        let mut acc = self.region_term(&e.first);
        for (add, t) in &e.rest {
            let r = self.region_term(t);
            for (p, cells) in acc.iter_mut().enumerate() {
                if *add {
                    for c in &r[p] {
                        if !cells.contains(c) {
                            cells.push(*c);
                        }
                    }
                } else {
                    cells.retain(|c| !r[p].contains(c));
                }
            }
        }
        for cells in acc.iter_mut() {
            cells.sort_unstable();
        }
        acc
    }

    fn region_term(&mut self, t: &RegionTerm) -> Vec<Vec<CellId>> {
        let n = self.players.len().max(1);
        let same = |cells: Vec<CellId>| vec![cells; n];
        match t {
            RegionTerm::Rank(r, span) => match self.board.grid {
                Some((w, h)) if *r >= 1 && *r <= h => {
                    same((0..w).map(|x| (x + (r - 1) * w) as CellId).collect())
                }
                Some((_, h)) => {
                    self.error(err(
                        codes::UNKNOWN_REGION,
                        format!("the board has no rank {r}"),
                        *span,
                        format!("ranks run from 1 to {h}"),
                    ));
                    same(vec![])
                }
                None => {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            "`rank` needs a grid board",
                            *span,
                            "this board is not a grid",
                        )
                        .hint("list the cells instead: `[a1 b1 …]`"),
                    );
                    same(vec![])
                }
            },
            RegionTerm::File(f) => match self.board.grid {
                Some((w, h)) => {
                    let col = (0..w).find(|&x| {
                        self.board.cells[x as usize].trim_end_matches(|c: char| c.is_ascii_digit())
                            == f.text
                    });
                    match col {
                        Some(x) => same((0..h).map(|y| (x + y * w) as CellId).collect()),
                        None => {
                            self.error(err(
                                codes::UNKNOWN_REGION,
                                format!("the board has no file `{}`", f.text),
                                f.span,
                                "unknown file",
                            ));
                            same(vec![])
                        }
                    }
                }
                None => {
                    self.error(err(
                        codes::BAD_BOARD,
                        "`file` needs a grid board",
                        f.span,
                        "this board is not a grid",
                    ));
                    same(vec![])
                }
            },
            RegionTerm::Cells(names, _) => {
                same(names.iter().filter_map(|c| self.cell_ref(c)).collect())
            }
            RegionTerm::Named(name) => match self.region_index.get(&name.text) {
                Some(&r) => self.regions[r as usize].cells.clone(),
                None => {
                    let mut d = err(
                        codes::UNKNOWN_REGION,
                        format!("there is no region `{}`", name.text),
                        name.span,
                        "unknown region",
                    );
                    let names: Vec<String> = self.regions.iter().map(|r| r.name.clone()).collect();
                    d = with_suggestion(d, &name.text, names.iter());
                    d = d.hint("a region must be declared before it is used");
                    self.error(d);
                    same(vec![])
                }
            },
            RegionTerm::Mirrored(inner, span) => {
                let base = self.region_term(inner);
                if !self.mirror_available() {
                    self.error(err(codes::NO_MIRROR, "this region is mirrored, but the board has no mirror", *span, "needs a mirror").hint("grids have one for two players; on an explicit board add `mirror CELL CELL` pairs"));
                    return base;
                }
                (0..n)
                    .map(|p| {
                        base[0]
                            .iter()
                            .map(|&c| self.board.cell_mirror[p][c as usize])
                            .collect()
                    })
                    .collect()
            }
            RegionTerm::PerPlayer(entries, span) => {
                let mut out: Vec<Option<Vec<CellId>>> = vec![None; n];
                for (who, e) in entries {
                    let r = self.region_expr(e);
                    if let Some(p) = self.player_ref(who) {
                        out[p] = Some(r[p].clone());
                    }
                }
                if out.iter().any(|o| o.is_none()) {
                    let missing: Vec<String> = out
                        .iter()
                        .enumerate()
                        .filter(|(_, o)| o.is_none())
                        .map(|(i, _)| self.players.get(i).cloned().unwrap_or_default())
                        .collect();
                    self.error(err(
                        codes::PER_PLAYER,
                        format!("this region gives no cells for {}", missing.join(", ")),
                        *span,
                        "every player needs an entry",
                    ));
                }
                out.into_iter().map(|o| o.unwrap_or_default()).collect()
            }
        }
    }

    fn var_from(&mut self, v: &ast::VarDecl) {
        let (ty, init) = match (&v.ty, &v.init.kind) {
            (None | Some((ast::VarType::Int, _)), LiteralKind::Int(i)) => (Type::Int, *i),
            (None | Some((ast::VarType::Bool, _)), LiteralKind::Bool(b)) => {
                (Type::Bool, i64::from(*b))
            }
            (None | Some((ast::VarType::Cell, _)), LiteralKind::None) => {
                (Type::Cell, NO_CELL as i64)
            }
            (Some((ast::VarType::Cell, _)), LiteralKind::Word(w)) => match self.cell_index.get(w) {
                Some(&c) => (Type::Cell, c as i64),
                None => {
                    self.error(err(
                        codes::UNKNOWN_CELL,
                        format!("there is no cell `{w}` on the board"),
                        v.init.span,
                        "unknown cell",
                    ));
                    (Type::Cell, NO_CELL as i64)
                }
            },
            (ty, _) => {
                let want = match ty {
                    Some((ast::VarType::Int, _)) | None if v.is_counter => "a number",
                    Some((ast::VarType::Int, _)) => "a number",
                    Some((ast::VarType::Bool, _)) => "true or false",
                    Some((ast::VarType::Cell, _)) => "a cell name or none",
                    None => "a number, true, false or none",
                };
                self.error(err(
                    codes::TYPE_MISMATCH,
                    format!("the starting value of `{}` is not {want}", v.name.text),
                    v.init.span,
                    format!("expected {want}"),
                ));
                (Type::Int, 0)
            }
        };
        if v.is_counter && ty != Type::Int {
            self.error(
                err(
                    codes::TYPE_MISMATCH,
                    format!("the counter `{}` must hold a number", v.name.text),
                    v.init.span,
                    "not a number",
                )
                .hint("use `var` for truth values and cells"),
            );
        }
        self.var_index
            .insert(v.name.text.clone(), self.vars.len() as ir::VarId);
        self.vars.push(ir::Var {
            name: v.name.text.clone(),
            ty,
            init,
            per_player: v.per_player,
            per_cell: v.per_cell,
            per_piece: v.per_piece,
            reset_each_turn: v.reset_each_turn,
            kept: v.kept,
        });
    }

    fn check_symbols(&mut self, pieces: &[&ast::PieceDecl]) {
        let n = self.players.len();
        let mut seen: HashMap<String, Span> = HashMap::new();
        for p in pieces {
            let named = n + self.unseated.len();
            if p.symbols.len() != n && p.symbols.len() != 1 && p.symbols.len() != named {
                self.error(
                    err(
                        codes::BAD_SYMBOL,
                        format!(
                            "the piece `{}` has {} symbols for {n} players",
                            p.name.text,
                            p.symbols.len()
                        ),
                        p.name.span,
                        "give one symbol per player",
                    )
                    .hint(format!(
                        "write the symbols in seat order ({}), or a single symbol for every player",
                        self.players.join(", ")
                    )),
                );
            }
            for (i, s) in p.symbols.iter().enumerate() {
                if p.symbols.len() > 1 && p.symbols[..i].iter().any(|t| t.text == s.text) {
                    continue;
                }
                if s.text
                    .chars()
                    .any(|c| c.is_ascii_digit() || c == '/' || c == '-')
                {
                    self.error(
                        err(
                            codes::BAD_SYMBOL,
                            format!("the symbol `{}` cannot be used in positions", s.text),
                            s.span,
                            "digits, `/` and `-` have a meaning in position strings",
                        )
                        .hint("choose letters"),
                    );
                }
                if let Some(first) = seen.get(&s.text) {
                    self.error(
                        err(
                            codes::BAD_SYMBOL,
                            format!("the symbol `{}` stands for two pieces", s.text),
                            s.span,
                            "used again here",
                        )
                        .with_label(*first, "first used here")
                        .hint("each piece of each player needs its own symbol"),
                    );
                } else {
                    seen.insert(s.text.clone(), s.span);
                }
            }
        }
    }

    fn piece_from(&mut self, p: &ast::PieceDecl) -> ir::PieceType {
        let n = self.players.len().max(1);
        let symbols = if p.symbols.len() == 1 {
            vec![p.symbols[0].text.clone(); n]
        } else {
            // Symbols of players who are not seated are left out.
            p.symbols.iter().take(n).map(|s| s.text.clone()).collect()
        };
        let mut rules = Vec::new();
        for m in &p.movers {
            match self.patterns.get(&m.text).copied() {
                Some(rs) => {
                    for r in rs {
                        if let Some(r) = self.move_rule(r) {
                            rules.push(r);
                        }
                    }
                }
                None => {
                    let mut d = err(
                        codes::UNKNOWN_NAME,
                        format!("there is no pattern `{}`", m.text),
                        m.span,
                        "unknown pattern",
                    );
                    let names: Vec<String> = self.patterns.keys().cloned().collect();
                    d = with_suggestion(d, &m.text, names.iter());
                    d = d.hint("declare it with `pattern NAME { move … }`, or `use movers` for the standard ones");
                    self.error(d);
                }
            }
        }
        for r in &p.rules {
            if let Some(r) = self.move_rule(r) {
                rules.push(r);
            }
        }
        if p.neutral
            && (p.symbols.len() > 1 || (!p.shared && (!p.rules.is_empty() || !p.movers.is_empty())))
        {
            self.error(
                err(
                    codes::TYPE_MISMATCH,
                    format!(
                        "the neutral piece `{}` has moves or several symbols",
                        p.name.text
                    ),
                    p.name.span,
                    "belongs to no player",
                )
                .hint("a neutral piece has one symbol and no moves: no player moves it; a `shared` piece (one symbol) is moved by whoever its rules allow"),
            );
        }
        if p.rules.is_empty() && p.movers.is_empty() && !p.inert && !p.neutral {
            self.error(err(codes::NEVER_MOVES, format!("the piece `{}` can never move", p.name.text), p.name.span, "no move rules").hint("give it `move …` or `moves PATTERN`, or mark it `inert` if it is meant to stand still"));
        }
        let promotions = p
            .promotions
            .iter()
            .map(|pr| ir::Promotion {
                to: pr.to.iter().filter_map(|t| self.piece_ref(t)).collect(),
                cond: self.bool_expr(&pr.cond),
            })
            .collect();
        ir::PieceType {
            name: p.name.text.clone(),
            symbols,
            letter: p.letter.as_ref().map(|l| l.text.clone()),
            royal: p.royal,
            neutral: p.neutral,
            shared: p.shared,
            value: p.value.unwrap_or(1),
            rules,
            promotions,
        }
    }

    fn zone_ref(&mut self, n: &Name) -> Option<ir::ZoneId> {
        if let Some(&z) = self.zone_index.get(&n.text) {
            return Some(z);
        }
        let mut names: Vec<String> = self.zone_index.keys().cloned().collect();
        names.sort();
        let mut d = err(
            codes::UNKNOWN_NAME,
            format!("there is no zone `{}`", n.text),
            n.span,
            "unknown zone",
        );
        d = with_suggestion(d, &n.text, names.iter());
        d = d.hint(if names.is_empty() {
            "declare one with `zone NAME per player` (a reserve) or `zone NAME` (shared)"
                .to_string()
        } else {
            format!("the zones are {}", names.join(", "))
        });
        self.error(d);
        None
    }

    fn piece_ref(&mut self, n: &Name) -> Option<PieceId> {
        match self.piece_index.get(&n.text) {
            Some(&p) => Some(p),
            None => {
                let mut d = err(
                    codes::UNKNOWN_PIECE,
                    format!("there is no piece `{}`", n.text),
                    n.span,
                    "unknown piece",
                );
                let mut names: Vec<String> = self.piece_index.keys().cloned().collect();
                names.sort();
                d = with_suggestion(d, &n.text, names.iter());
                d = d.hint(format!("the pieces are {}", names.join(", ")));
                self.error(d);
                None
            }
        }
    }

    fn move_rule(&mut self, r: &ast::MoveRule) -> Option<ir::MoveRule> {
        let n = self.players.len().max(1);
        let atom = match &r.atom {
            ast::Atom::Step(names) => self
                .dir_list(names)
                .map(|ds| ds.into_iter().map(ir::Atom::Step).collect::<Vec<_>>()),
            ast::Atom::Leap(paths) => {
                let mut per: Vec<Vec<Vec<DirId>>> = vec![Vec::new(); n];
                let mut ok = true;
                for (path, _) in paths {
                    let mut steps = Vec::new();
                    for name in path {
                        match self.dir_name(name) {
                            Some(s) => steps.push(s),
                            None => ok = false,
                        }
                    }
                    if !ok {
                        continue;
                    }
                    let size: usize = steps
                        .iter()
                        .map(|s| s.iter().map(|d| d.len()).max().unwrap_or(0))
                        .product();
                    if path.len() > 32 || size > 4096 {
                        let span = paths
                            .iter()
                            .find(|(p2, _)| std::ptr::eq(p2, path))
                            .map(|(_, s)| *s)
                            .unwrap_or(r.span);
                        self.error(err(codes::BAD_RANGE, format!("this leap path has {} steps making {size} paths", path.len()), span, "too large").hint("a leap path has at most 32 steps and makes at most 4096 paths; use fewer or narrower directions"));
                        ok = false;
                        continue;
                    }
                    for (p, out) in per.iter_mut().enumerate() {
                        // Every combination of the path's direction sets.
                        let mut acc: Vec<Vec<DirId>> = vec![Vec::new()];
                        for s in &steps {
                            acc = acc
                                .iter()
                                .flat_map(|a| {
                                    s[p].iter().map(move |d| {
                                        let mut b = a.clone();
                                        b.push(*d);
                                        b
                                    })
                                })
                                .collect();
                        }
                        for a in acc {
                            if !out.contains(&a) {
                                out.push(a);
                            }
                        }
                    }
                }
                ok.then(|| per.into_iter().map(ir::Atom::Leap).collect())
            }
            ast::Atom::Drop(zone) => self.zone_ref(zone).map(|z| vec![ir::Atom::Drop(z); n]),
            ast::Atom::Anywhere => Some(vec![ir::Atom::Anywhere; n]),
            ast::Atom::Plugin(file, with) => {
                let mut attrs = Vec::new();
                for name in with {
                    let Some(&v) = self.var_index.get(&name.text) else {
                        self.error(
                            err(
                                codes::UNKNOWN_NAME,
                                format!("there is no variable `{}`", name.text),
                                name.span,
                                "unknown variable",
                            )
                            .hint(format!("declare it with `var {} = 0 per cell`: a piece's attribute is kept on its cell", name.text)),
                        );
                        return None;
                    };
                    let var = &self.vars[v as usize];
                    if !var.per_cell || var.ty != Type::Int {
                        self.error(
                            err(
                                codes::TYPE_MISMATCH,
                                format!("`{}` is not a number kept per cell", name.text),
                                name.span,
                                "not per cell",
                            )
                            .hint(format!("a piece's attribute is a number kept on its cell: `var {} = 0 per cell`", name.text)),
                        );
                        return None;
                    }
                    attrs.push(v);
                }
                let i = match self.plugins.iter().position(|p| p.path == file.text) {
                    Some(i) => i,
                    None => {
                        self.plugins.push(ir::PluginRef {
                            path: file.text.clone(),
                            span: file.span,
                            bytes: Vec::new(),
                        });
                        self.plugins.len() - 1
                    }
                };
                Some(vec![
                    ir::Atom::Plugin {
                        plugin: i as u16,
                        attrs
                    };
                    n
                ])
            }
            ast::Atom::Ride {
                dirs,
                min,
                max,
                by_group,
                over,
                not_through,
            } => {
                let mut not_past = None;
                let avoid = match not_through {
                    Some(ast::Barrier::Region(n)) => match self.region_index.get(&n.text) {
                        Some(&r) => Some(r),
                        None => {
                            let names: Vec<String> =
                                self.regions.iter().map(|r| r.name.clone()).collect();
                            let d = err(
                                codes::UNKNOWN_REGION,
                                format!("there is no region `{}`", n.text),
                                n.span,
                                "unknown region",
                            );
                            self.error(
                                with_suggestion(d, &n.text, names.iter())
                                    .hint("declare it with `region NAME = …`"),
                            );
                            None
                        }
                    },
                    Some(ast::Barrier::Cond(e)) => {
                        not_past = Some(self.bool_expr(e));
                        None
                    }
                    None => None,
                };
                let lo = min.map(|m| m.0).unwrap_or(1);
                let hi = max.map(|m| m.0).unwrap_or(u32::MAX);
                if *by_group {
                    self.dir_list(dirs).map(|ds| {
                        ds.into_iter()
                            .map(|d| ir::Atom::Ride {
                                paths: d.into_iter().map(|x| vec![x]).collect(),
                                min: 1,
                                max: 1,
                                by_group: true,
                                over: *over,
                                not_through: avoid,
                                not_past: not_past.clone(),
                            })
                            .collect()
                    })
                } else if lo == 0 || lo > hi {
                    let span = min.or(*max).map(|m| m.1).unwrap_or(r.span);
                    self.error(err(codes::BAD_RANGE, format!("a ride from {lo} to {} cells is empty", if hi == u32::MAX { "any number of".to_string() } else { hi.to_string() }), span, "this range").hint("a ride goes at least 1 cell; write `min A max B` with 1 <= A <= B, or `exactly N`"));
                    None
                } else {
                    self.dir_list(dirs).map(|ds| {
                        ds.into_iter()
                            .map(|d| ir::Atom::Ride {
                                paths: d.into_iter().map(|x| vec![x]).collect(),
                                min: lo,
                                max: hi,
                                by_group: false,
                                over: *over,
                                not_through: avoid,
                                not_past: not_past.clone(),
                            })
                            .collect()
                    })
                }
            }
        };
        let mut target = 0u8;
        for (k, _) in &r.target {
            target |= match k {
                ast::TargetKind::Empty => ir::target::EMPTY,
                ast::TargetKind::Enemy => ir::target::ENEMY,
                ast::TargetKind::Friend => ir::target::FRIEND,
                ast::TargetKind::Neutral => ir::target::NEUTRAL,
                ast::TargetKind::Any => {
                    ir::target::EMPTY | ir::target::ENEMY | ir::target::FRIEND | ir::target::NEUTRAL
                }
            };
        }
        if target == 0 {
            target = ir::target::EMPTY | ir::target::ENEMY;
        }
        let cond = r.cond.as_ref().map(|c| self.bool_expr(c));
        let effects = self.stmts(&r.effects);
        if r.group == 0 || r.group > 64 {
            self.error(
                err(
                    codes::BAD_RANGE,
                    format!("a group of {} pieces cannot move", r.group),
                    r.span,
                    "out of range",
                )
                .hint("a group is 1 to 64 pieces"),
            );
        }
        let written = r.written.as_ref().and_then(|w| {
            self.template(
                w,
                &["from", "to", "piece", "count", "origin", "set", "beyond"],
            )
        });
        let also = r
            .also
            .iter()
            .filter_map(|w| {
                self.other_writing(w, &["from", "to", "piece", "count", "hit", "column"])
            })
            .collect();
        if r.converting && (r.stacking || r.merging) {
            self.error(
                err(
                    codes::BAD_RANGE,
                    "a move that is `converting` cannot also be `stacking` or `merging`",
                    r.span,
                    "this rule",
                )
                .hint("write a rule of its own for each way of landing"),
            );
        }
        if r.stacking && r.merging {
            self.error(err(codes::BAD_RANGE, "a move cannot be both `stacking` and `merging`", r.span, "this rule").hint("`stacking` lands on anything; `merging` lands on the mover's own pieces and captures others"));
        }
        Some(ir::MoveRule {
            written,
            also,
            group: r.group.clamp(1, 64),
            group_any: r.group_any,
            merging: r.merging,
            captures_into: r.into.as_ref().and_then(|z| self.zone_ref(z)),
            carry: r.carry,
            atom: atom?,
            target,
            stacking: r.stacking,
            converting: r.converting,
            cond,
            effects,
        })
    }

    /// The variable a `roll` sets: it must exist and hold one value of type `ty`.
    fn roll_target(&mut self, name: &Name, ty: Type) -> Option<ir::VarId> {
        let (example, word) = if ty == Type::Cell {
            ("var NAME: cell = none", "a cell")
        } else {
            ("var NAME = 0", "a number")
        };
        let Some(&v) = self.var_index.get(&name.text) else {
            self.error(
                err(
                    codes::UNKNOWN_NAME,
                    format!("there is no variable `{}`", name.text),
                    name.span,
                    "unknown variable",
                )
                .hint(format!("declare it with `{example}` to hold the roll")),
            );
            return None;
        };
        if self.vars[v as usize].ty != ty || self.vars[v as usize].per_cell {
            self.error(err(
                codes::TYPE_MISMATCH,
                format!(
                    "`{}` does not hold {word}, and this roll gives one",
                    name.text
                ),
                name.span,
                format!("not {word}"),
            ));
            return None;
        }
        Some(v)
    }

    /// Registers a chance event; its number, unless there are too many.
    fn add_chance(&mut self, c: ir::Chance) -> Option<u16> {
        if self.chances.len() >= u16::MAX as usize {
            return None;
        }
        self.chances.push(c);
        self.chance_then.push(Vec::new());
        Some((self.chances.len() - 1) as u16)
    }

    /// A game-text template: text with places `{CELL CELL …}` (the pieces there), `{EXPR}`
    /// (a number) and `{(EXPR) if COND}` (a number, in parentheses when COND holds).
    fn text_template(&mut self, w: &Name) -> Option<Vec<ir::TextPart>> {
        // Where the string's text begins in the file (after its opening quote).
        let base = w.span.start + 1;
        let mut parts = Vec::new();
        for piece in self.template_pieces(w, "`{c1 d1}` or `{points(red)}`")? {
            let (at, inner) = match piece {
                TemplatePiece::Text(t) => {
                    parts.push(ir::TextPart::Text(t.to_string()));
                    continue;
                }
                TemplatePiece::Place(at, inner) => (base + at, inner),
            };
            let words: Vec<&str> = inner.split_whitespace().collect();
            if !words.is_empty() && words.iter().all(|c| self.cell_index.contains_key(*c)) {
                parts.push(ir::TextPart::Cells(
                    words.iter().map(|c| self.cell_index[*c]).collect(),
                ));
            } else if let Some((value, cond)) = inner
                .trim_start()
                .strip_prefix('(')
                .and_then(|x| x.split_once(") if "))
            {
                let lead = inner.len() - inner.trim_start().len() + 1;
                let v = self.template_expr(value, at + lead, w.span.file, Type::Int)?;
                let c_at = at + lead + value.len() + ") if ".len();
                let c = self.template_expr(cond, c_at, w.span.file, Type::Bool)?;
                parts.push(ir::TextPart::ValueParen(v, c));
            } else {
                let v = self.template_expr(inner, at, w.span.file, Type::Int)?;
                parts.push(ir::TextPart::Value(v));
            }
        }
        Some(parts)
    }

    /// A template's literal text and its `{…}` places (with their offsets in the text), or
    /// an error for a `{` left open.
    fn template_pieces<'t>(
        &mut self,
        w: &'t Name,
        example: &str,
    ) -> Option<Vec<TemplatePiece<'t>>> {
        let text = w.text.as_str();
        let mut out = Vec::new();
        let mut at = 0usize;
        while let Some(i) = text[at..].find('{') {
            if i > 0 {
                out.push(TemplatePiece::Text(&text[at..at + i]));
            }
            let open = at + i + 1;
            let Some(j) = text[open..].find('}') else {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        "a `{` without its `}`",
                        w.span,
                        "in this text",
                    )
                    .hint(format!("write places as {example}")),
                );
                return None;
            };
            out.push(TemplatePiece::Place(open, &text[open..open + j]));
            at = open + j + 1;
        }
        if at < text.len() {
            out.push(TemplatePiece::Text(&text[at..]));
        }
        Some(out)
    }

    fn template_expr(
        &mut self,
        text: &str,
        offset: usize,
        file: crate::diag::FileId,
        want: Type,
    ) -> Option<Expr> {
        match crate::syntax::parse_expr(file, text, offset) {
            Ok(e) => Some(if want == Type::Bool {
                self.bool_expr(&e)
            } else {
                self.typed(&e, want)
            }),
            Err(d) => {
                self.error(d);
                None
            }
        }
    }

    /// Another writing of a decision: `{NAME}` places for the names allowed, and places
    /// holding an expression that gives a cell (`{sword_at}`), read in the position.
    fn other_writing(&mut self, w: &Name, allowed: &[&str]) -> Option<ir::Writing> {
        let base = w.span.start + 1;
        let mut cells = Vec::new();
        for piece in self.template_pieces(w, "`{to}`")? {
            let TemplatePiece::Place(at, place) = piece else {
                continue;
            };
            if allowed.contains(&place) {
                continue;
            }
            let e = self.template_expr(place, base + at, w.span.file, Type::Cell)?;
            cells.push((place.to_string(), e));
        }
        Some(ir::Writing {
            text: w.text.clone(),
            cells,
        })
    }

    /// A notation template: text with `{NAME}` places for the names allowed.
    fn template(&mut self, w: &Name, allowed: &[&str]) -> Option<String> {
        for piece in self.template_pieces(w, "`{to}`")? {
            let TemplatePiece::Place(_, place) = piece else {
                continue;
            };
            if !allowed.contains(&place) {
                let list: Vec<String> = allowed.iter().map(|a| format!("{{{a}}}")).collect();
                let hint = if matches!(place, "hit" | "column") {
                    format!(
                        "`{{{place}}}` is only for reading moves: put it in another writing, `written \"…\" or \"…{{{place}}}…\"`; here write {}",
                        list.join(", ")
                    )
                } else {
                    format!("write {}", list.join(", "))
                };
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no place `{{{place}}}` in a notation"),
                        w.span,
                        "unknown place",
                    )
                    .hint(hint),
                );
                return None;
            }
        }
        Some(w.text.clone())
    }

    fn stmts(&mut self, body: &[ast::Stmt]) -> Vec<ir::Stmt> {
        body.iter().filter_map(|s| self.stmt(s)).collect()
    }

    fn stmt(&mut self, s: &ast::Stmt) -> Option<ir::Stmt> {
        match s {
            ast::Stmt::Set {
                name,
                cell,
                op,
                value,
                ..
            } => {
                let Some(&v) = self.var_index.get(&name.text) else {
                    let mut d = err(
                        codes::UNKNOWN_NAME,
                        format!("there is no variable `{}`", name.text),
                        name.span,
                        "unknown variable",
                    );
                    let names: Vec<String> = self.var_index.keys().cloned().collect();
                    d = with_suggestion(d, &name.text, names.iter());
                    d = d.hint("declare it with `var NAME = VALUE` or `counter NAME = 0`");
                    self.error(d);
                    return None;
                };
                let ty = self.vars[v as usize].ty;
                if *op != ast::AssignOp::Set && ty != Type::Int {
                    self.error(err(
                        codes::TYPE_MISMATCH,
                        format!(
                            "`{}` holds {}, which cannot be added to",
                            name.text,
                            ty.word()
                        ),
                        name.span,
                        "not a number",
                    ));
                }
                let e = self.typed(value, ty);
                let op = match op {
                    ast::AssignOp::Set => ir::AssignOp::Set,
                    ast::AssignOp::Add => ir::AssignOp::Add,
                    ast::AssignOp::Sub => ir::AssignOp::Sub,
                };
                if let (true, Some(c)) = (self.vars[v as usize].per_player, cell) {
                    return Some(ir::Stmt::SetAt(v, self.typed(c, Type::Player), op, e));
                }
                match (self.vars[v as usize].per_cell, cell) {
                    (true, Some(c)) => Some(ir::Stmt::SetAt(v, self.typed(c, Type::Cell), op, e)),
                    (false, None) => Some(ir::Stmt::Set(v, op, e)),
                    (true, None) => {
                        self.error(
                            err(
                                codes::TYPE_MISMATCH,
                                format!("`{}` has a value for each cell; say which", name.text),
                                name.span,
                                "which cell?",
                            )
                            .hint(format!("write `set {}(CELL) = …`", name.text)),
                        );
                        None
                    }
                    (false, Some(c)) => {
                        self.error(
                            err(
                                codes::TYPE_MISMATCH,
                                format!("`{}` is not a per-cell variable", name.text),
                                c.span,
                                "no cell is needed",
                            )
                            .hint(format!(
                                "write `set {} = …`, or declare it `per cell`",
                                name.text
                            )),
                        );
                        None
                    }
                }
            }
            ast::Stmt::Capture(e, _) => Some(ir::Stmt::Capture(self.typed(e, Type::Cell))),
            ast::Stmt::Remove {
                count,
                player,
                cell,
                zone,
                ..
            } => {
                let n = self.typed(count, Type::Int);
                let p = self.typed(player, Type::Player);
                let c = self.typed(cell, Type::Cell);
                let z = match zone {
                    Some(z) => Some(self.zone_ref(z)?),
                    None => None,
                };
                Some(ir::Stmt::Remove(n, p, c, z))
            }
            ast::Stmt::Each { cond, body, .. } => {
                let cond = cond.as_ref().map(|c| self.bool_expr(c));
                Some(ir::Stmt::Each(cond, self.stmts(body)))
            }
            ast::Stmt::Restart(_) => Some(ir::Stmt::Restart),
            ast::Stmt::ResetTurns(_) => Some(ir::Stmt::ResetTurns),
            ast::Stmt::KeepPosition(_) => Some(ir::Stmt::KeepPosition),
            ast::Stmt::RestorePosition(who, _) => Some(ir::Stmt::RestorePosition(
                who.as_ref().map(|w| self.typed(w, Type::Player)),
            )),
            ast::Stmt::EndTurn(_) => Some(ir::Stmt::EndTurn),
            ast::Stmt::Ask(p) => Some(ir::Stmt::Ask(self.typed(p, Type::Player))),
            ast::Stmt::ChangeArea(kind, a, b, span) => {
                if self.board.drawing.is_none() {
                    self.error(
                        err(
                            codes::BAD_BOARD,
                            "only a drawn area can change in play",
                            *span,
                            "this board cannot change",
                        )
                        .hint("draw the board with `board tessels { … }` (and give it room for tessels split off: `spare 10`)"),
                    );
                    return None;
                }
                let a = self.typed(a, Type::Cell);
                let b = if *kind == ast::AreaChange::Split {
                    self.typed(b, Type::Int)
                } else {
                    self.typed(b, Type::Cell)
                };
                Some(ir::Stmt::ChangeArea(*kind, a, b))
            }
            ast::Stmt::AskOthers(c) => {
                Some(ir::Stmt::AskOthers(c.as_ref().map(|c| self.bool_expr(c))))
            }
            ast::Stmt::NextTurn(who) => Some(ir::Stmt::NextTurn(self.typed(who, Type::Player))),
            ast::Stmt::Swap(a, b) => Some(ir::Stmt::Swap(
                self.typed(a, Type::Cell),
                self.typed(b, Type::Cell),
            )),
            ast::Stmt::Roll {
                name,
                spec,
                faces,
                then,
                span,
            } => {
                let v = self.roll_target(name, Type::Int)?;
                let mut spec = *spec;
                if let Some(o) = faces {
                    spec = ast::ChanceSpec::Die(self.size_of(&(0, o.span, Some(o.clone())))?);
                }
                let Some(outcomes) = distribution(spec) else {
                    self.error(err(codes::BAD_RANGE, "this chance cannot be rolled", *span, "out of range").hint("a die has 2 to 1000 faces; dice and coins number 1 to 100, with at most 10000 outcomes in all"));
                    return None;
                };
                let id = self.add_chance(ir::Chance::Roll { var: v, outcomes })?;
                let then = self.stmts(then);
                self.chance_then[id as usize] = then;
                Some(ir::Stmt::Roll(v, id))
            }
            ast::Stmt::RollCell {
                name, cond, then, ..
            } => {
                let v = self.roll_target(name, Type::Cell)?;
                let cond = self.bool_expr(cond);
                let id = self.add_chance(ir::Chance::Cell { var: v, cond })?;
                let then = self.stmts(then);
                self.chance_then[id as usize] = then;
                Some(ir::Stmt::Roll(v, id))
            }
            ast::Stmt::Take {
                count,
                piece,
                zone,
                owner,
                into,
                ..
            } => {
                let n = self.typed(count, Type::Int);
                let owner = owner.as_ref().map(|o| self.typed(o, Type::Player));
                let z = self.zone_ref(zone)?;
                let p = self.piece_ref(piece)?;
                let into = match into {
                    Some(i) => Some(self.zone_ref(i)?),
                    None => None,
                };
                Some(ir::Stmt::Take(n, p, z, owner, into))
            }
            ast::Stmt::Place {
                piece, cell, owner, ..
            } => {
                let c = self.typed(cell, Type::Cell);
                let owner = owner.as_ref().map(|o| self.typed(o, Type::Player));
                let p = self.piece_ref(piece)?;
                Some(ir::Stmt::Place(p, c, owner))
            }
            ast::Stmt::Draw {
                count,
                from,
                to,
                owner,
                ..
            } => {
                let n = self.typed(count, Type::Int);
                let owner = owner.as_ref().map(|o| self.typed(o, Type::Player));
                let from = self.zone_ref(from)?;
                let to = self.zone_ref(to)?;
                let id = self.add_chance(ir::Chance::Draw { from, to })?;
                Some(ir::Stmt::Draw(n, id, owner))
            }
            ast::Stmt::Send {
                cell,
                zone,
                to_owner,
                ..
            } => {
                let c = self.typed(cell, Type::Cell);
                let z = self.zone_ref(zone)?;
                Some(ir::Stmt::Send(c, z, *to_owner))
            }
            ast::Stmt::Shift(a, b, merging, _) => Some(ir::Stmt::Shift(
                self.typed(a, Type::Cell),
                self.typed(b, Type::Cell),
                *merging,
            )),
            ast::Stmt::If {
                cond,
                then,
                otherwise,
                ..
            } => Some(ir::Stmt::If(
                self.bool_expr(cond),
                self.stmts(then),
                self.stmts(otherwise),
            )),
        }
    }

    fn bool_expr(&mut self, e: &ast::Expr) -> Expr {
        self.typed(e, Type::Bool)
    }

    fn typed(&mut self, e: &ast::Expr, want: Type) -> Expr {
        match self.expr(e) {
            Some((x, Value::Plain(t))) if t == want => x.folded(),
            Some((x, Value::Plain(Type::Cell))) if want == Type::Cell => x,
            Some((_, got)) => {
                self.error(err(
                    codes::TYPE_MISMATCH,
                    format!("expected {}, found {}", want.word(), got.word()),
                    e.span,
                    format!("this is {}", got.word()),
                ));
                Expr::Bool(false)
            }
            None => Expr::Bool(false),
        }
    }

    /// Lowers an expression; `None` after a diagnostic.
    fn expr(&mut self, e: &ast::Expr) -> Option<(Expr, Value)> {
        use Type::*;
        let plain = |x: Expr, t: Type| Some((x, Value::Plain(t)));
        match &e.kind {
            ExprKind::Int(i) => plain(Expr::Int(*i), Int),
            ExprKind::Bool(b) => plain(Expr::Bool(*b), Bool),
            ExprKind::None => plain(Expr::Cell(NO_CELL), Cell),
            ExprKind::To => plain(Expr::To, Cell),
            ExprKind::Name(n) if self.defines.contains_key(n) => {
                let name = Name {
                    text: n.clone(),
                    span: e.span,
                };
                self.expand(&name, &[])
            }
            ExprKind::Call(f, args) if self.defines.contains_key(&f.text) => self.expand(f, args),
            ExprKind::Name(n) => self.name_expr(n, e.span),
            ExprKind::Call(f, args) => self.call(f, args),
            ExprKind::Unary(op, inner) => match op {
                ast::UnOp::Not => plain(Expr::Not(Box::new(self.typed(inner, Bool))), Bool),
                ast::UnOp::Neg => plain(Expr::Neg(Box::new(self.typed(inner, Int))), Int),
            },
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span),
        }
    }

    /// A use of a definition: its body, the arguments in place of the parameters.
    fn expand(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        let (params, body) = self.defines[&f.text];
        if params.len() != args.len() {
            let form = if params.is_empty() {
                f.text.clone()
            } else {
                let ps: Vec<&str> = params.iter().map(|p| p.text.as_str()).collect();
                format!("{}({})", f.text, ps.join(", "))
            };
            self.error(
                err(
                    codes::WRONG_ARGUMENTS,
                    format!(
                        "`{}` takes {} argument{}",
                        f.text,
                        params.len(),
                        if params.len() == 1 { "" } else { "s" }
                    ),
                    f.span,
                    format!("given {}", args.len()),
                )
                .hint(format!("write it as {form}")),
            );
            return None;
        }
        // Arguments are written out inside the body, so a definition may meet itself again
        // through an argument (`start(seat_of(c))` where `seat_of` uses `start`); only one
        // that keeps meeting itself refers to itself.
        if self.expanding.iter().filter(|n| **n == f.text).count() >= 16 {
            self.error(
                err(
                    codes::SELF_REFERENCE,
                    format!("the definition `{}` uses itself", f.text),
                    f.span,
                    "used inside its own definition",
                )
                .hint("a definition is written out where it is used, so it cannot refer to itself"),
            );
            return None;
        }
        self.expansions += 1;
        if self.expansions > MAX_EXPANSIONS {
            if self.expansions == MAX_EXPANSIONS + 1 {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        format!("definitions are written out more than {MAX_EXPANSIONS} times"),
                        f.span,
                        "one use too many",
                    )
                    .hint("definitions that use others several times grow very fast: use a variable instead"),
                );
            }
            return None;
        }
        let expanded = substitute(body, params, args);
        self.expanding.push(f.text.clone());
        let out = self.expr(&expanded);
        self.expanding.pop();
        out
    }

    fn name_expr(&mut self, n: &str, span: Span) -> Option<(Expr, Value)> {
        use Type::*;
        let plain = |x: Expr, t: Type| Some((x, Value::Plain(t)));
        match n {
            "from" => return plain(Expr::From, Cell),
            "target" => return plain(Expr::Target, Cell),
            "mover" => return plain(Expr::Mover, Player),
            "opponent" => return plain(Expr::Opponent, Player),
            "turn_player" => return plain(Expr::TurnPlayer, Player),
            "nobody" => return plain(Expr::Player(ir::NEUTRAL), Player),
            "ply" => return plain(Expr::Ply, Int),
            "checked" => return plain(Expr::Checked, Bool),
            "no_moves" => return plain(Expr::NoMoves, Bool),
            "captured" => return plain(Expr::Captured, Bool),
            "decisions" => return plain(Expr::Decisions, Int),
            "steps" => {
                self.uses_steps = true;
                return plain(Expr::Steps, Int);
            }
            "material" => return plain(Expr::Material, Int),
            "fresh" => {
                self.uses_fresh = true;
                return plain(Expr::Fresh, Bool);
            }
            "passed" => return plain(Expr::Passed, Bool),
            _ => {}
        }
        if let Some(&v) = self.var_index.get(n) {
            if self.vars[v as usize].per_cell {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!("`{n}` has a value for each cell; say which"),
                        span,
                        "which cell?",
                    )
                    .hint(format!("write `{n}(CELL)`, e.g. `{n}(to)`")),
                );
                return None;
            }
            return plain(Expr::Var(v), self.vars[v as usize].ty);
        }
        if let Some(o) = self.options.get(n) {
            return match o {
                OptValue::Int(i) => plain(Expr::Int(*i), Int),
                OptValue::Bool(b) => plain(Expr::Bool(*b), Bool),
                OptValue::Word(w) => {
                    Some((Expr::Bool(false), Value::Choice(n.to_string(), w.clone())))
                }
            };
        }
        if let Some(&p) = self.piece_index.get(n) {
            return plain(Expr::Piece(p), Piece);
        }
        if let Some(&r) = self.region_index.get(n) {
            return Some((Expr::Bool(false), Value::Region(r)));
        }
        if let Some(p) = self.players.iter().position(|x| x == n) {
            return plain(Expr::Player(p as u8), Player);
        }
        // A player named but not seated: a seat number no one sits in.
        if let Some(p) = self.unseated.iter().position(|x| x == n) {
            return plain(Expr::Player((self.players.len() + p) as u8), Player);
        }
        if self.dir_sets.contains_key(n) || self.dir_index.contains_key(n) {
            let set = self
                .dir_sets
                .get(n)
                .cloned()
                .unwrap_or_else(|| vec![vec![self.dir_index[n]]; self.players.len().max(1)]);
            return Some((
                Expr::Bool(false),
                Value::Path(
                    set.into_iter()
                        .map(|ds| ds.into_iter().map(|d| vec![d]).collect())
                        .collect(),
                ),
            ));
        }
        if let Some(&c) = self.cell_index.get(n) {
            return plain(Expr::Cell(c), Cell);
        }
        // A word of a choice option, compared with `option == word`.
        if self
            .option_info
            .iter()
            .any(|o| o.kind.split(" | ").any(|w| w == n))
        {
            return Some((Expr::Bool(false), Value::Word(n.to_string())));
        }
        let mut cands: Vec<String> = [
            "from", "to", "mover", "ply", "checked", "no_moves", "captured",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        cands.extend(self.var_index.keys().cloned());
        cands.extend(self.options.keys().cloned());
        cands.extend(self.piece_index.keys().cloned());
        cands.extend(self.region_index.keys().cloned());
        cands.extend(self.players.iter().cloned());
        cands.extend(self.dir_sets.keys().cloned());
        let mut d = err(
            codes::UNKNOWN_NAME,
            format!("`{n}` is not defined"),
            span,
            "unknown name",
        );
        d = with_suggestion(d, n, cands.iter());
        d = d.hint("a name here may be a variable, an option, a piece, a region, a player, a direction or a cell, or one of from, to, mover, ply, checked, no_moves, captured");
        self.error(d);
        None
    }

    fn call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        let arity = |l: &mut Self, lo: usize, hi: usize, form: &str| -> bool {
            if args.len() < lo || args.len() > hi {
                l.error(
                    err(
                        codes::WRONG_ARGUMENTS,
                        format!(
                            "`{}` takes {}",
                            f.text,
                            if lo == hi {
                                format!("{lo} argument{}", if lo == 1 { "" } else { "s" })
                            } else {
                                format!("{lo} to {hi} arguments")
                            }
                        ),
                        f.span,
                        format!("called with {}", args.len()),
                    )
                    .hint(format!("write it as {form}")),
                );
                false
            } else {
                true
            }
        };
        let b = |x: Expr| Some((x, Value::Plain(Bool)));
        match f.text.as_str() {
            name if self.var_index.get(name).is_some_and(|&v| {
                self.vars[v as usize].per_cell || self.vars[v as usize].per_player
            }) =>
            {
                let v = self.var_index[name];
                let per_cell = self.vars[v as usize].per_cell;
                if !arity(
                    self,
                    1,
                    1,
                    &format!("{name}({})", if per_cell { "CELL" } else { "PLAYER" }),
                ) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], if per_cell { Cell } else { Player }));
                Some((Expr::VarAt(v, c), Value::Plain(self.vars[v as usize].ty)))
            }
            "min" | "max" => {
                if !arity(self, 2, 2, &format!("{}(A, B)", f.text)) {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Int));
                let b = Box::new(self.typed(&args[1], Int));
                Some((
                    if f.text == "min" {
                        Expr::Min(a, b)
                    } else {
                        Expr::Max(a, b)
                    },
                    Value::Plain(Int),
                ))
            }
            "pieces" => {
                if !arity(self, 1, 2, "pieces(CELL) or pieces(CELL, PLAYER)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let who = args.get(1).map(|a| Box::new(self.typed(a, Player)));
                Some((Expr::PiecesAt(c, who), Value::Plain(Int)))
            }
            "any_cell" | "count_cells" => {
                if !arity(self, 1, 1, &format!("{}(CONDITION on `to`)", f.text)) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Bool));
                Some(if f.text == "any_cell" {
                    (Expr::AnyCell(c), Value::Plain(Bool))
                } else {
                    (Expr::CountCells(c), Value::Plain(Int))
                })
            }
            "height" => {
                if !arity(self, 1, 1, "height(CELL)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                Some((Expr::Height(c), Value::Plain(Int)))
            }
            "section_total" | "in_line" => {
                let totals = f.text == "section_total";
                let (form, kinds) = if totals {
                    (
                        "section_total(CELL, CONDITION on `to`, NUMBER)",
                        [Cell, Bool, Int],
                    )
                } else {
                    ("in_line(CELL, CELL, CONDITION on `to`)", [Cell, Cell, Bool])
                };
                if !arity(self, 3, 3, form) {
                    return None;
                }
                let mut typed = kinds
                    .iter()
                    .zip(args)
                    .map(|(k, a)| Box::new(self.typed(a, *k)))
                    .collect::<Vec<_>>()
                    .into_iter();
                let (Some(a), Some(b), Some(c)) = (typed.next(), typed.next(), typed.next()) else {
                    return None;
                };
                Some(if totals {
                    (Expr::SectionTotal(a, b, c), Value::Plain(Int))
                } else {
                    (Expr::InLine(a, b, c), Value::Plain(Bool))
                })
            }
            "adjacent" => {
                if !arity(
                    self,
                    2,
                    3,
                    "adjacent(CELL, CELL) or adjacent(CELL, CELL, DIRECTIONS)",
                ) {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                let c = Box::new(self.typed(&args[1], Cell));
                match args.get(2) {
                    None => Some((Expr::Adjacent(a, c), Value::Plain(Bool))),
                    Some(d) => {
                        let dirs = self.dirs_arg(d, "adjacent")?;
                        Some((Expr::AdjacentVia(a, c, dirs), Value::Plain(Bool)))
                    }
                }
            }
            "drawn" => {
                if !arity(self, 1, 1, "drawn(CELL)") {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                Some((Expr::Drawn(a), Value::Plain(Bool)))
            }
            "around" | "sections" | "section_size" => {
                if !arity(self, 2, 2, &format!("{}(CELL, CONDITION on `to`)", f.text)) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let cond = Box::new(self.typed(&args[1], Bool));
                Some((
                    match f.text.as_str() {
                        "around" => Expr::Around(c, cond),
                        "sections" => Expr::Sections(c, cond),
                        _ => Expr::SectionSize(c, cond),
                    },
                    Value::Plain(Int),
                ))
            }
            "cell_at" => {
                if !arity(self, 2, 2, "cell_at(COLUMN, ROW)") {
                    return None;
                }
                let x = Box::new(self.typed(&args[0], Int));
                let y = Box::new(self.typed(&args[1], Int));
                Some((Expr::CellAt(x, y), Value::Plain(Cell)))
            }
            "where" => {
                if !arity(self, 2, 2, "where(PIECE, PLAYER)") {
                    return None;
                }
                let who = Box::new(self.typed(&args[1], Player));
                match self.typed(&args[0], Piece) {
                    Expr::Piece(p) => Some((Expr::Where(p, who), Value::Plain(Cell))),
                    _ => None,
                }
            }
            "either" => {
                if !arity(self, 3, 3, "either(CONDITION, VALUE, OTHER VALUE)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Bool));
                let (a, ta) = self.expr(&args[1])?;
                let Value::Plain(t) = ta else {
                    self.error(err(
                        codes::TYPE_MISMATCH,
                        format!("`either` gives a value, not {}", ta.word()),
                        args[1].span,
                        "not a value",
                    ));
                    return None;
                };
                let b = self.typed(&args[2], t);
                // An option's constant picks at once.
                match *c {
                    Expr::Bool(true) => Some((a, Value::Plain(t))),
                    Expr::Bool(false) => Some((b, Value::Plain(t))),
                    _ => Some((Expr::Either(c, Box::new(a), Box::new(b)), Value::Plain(t))),
                }
            }
            "row" | "column" | "abs" => {
                let what = if f.text == "abs" { "NUMBER" } else { "CELL" };
                if !arity(self, 1, 1, &format!("{}({what})", f.text)) {
                    return None;
                }
                if f.text == "abs" {
                    let x = Box::new(self.typed(&args[0], Int));
                    return Some((Expr::Abs(x), Value::Plain(Int)));
                }
                let c = Box::new(self.typed(&args[0], Cell));
                Some((
                    if f.text == "row" {
                        Expr::Row(c)
                    } else {
                        Expr::Column(c)
                    },
                    Value::Plain(Int),
                ))
            }
            "seat" => {
                if !arity(self, 1, 1, "seat(NUMBER)") {
                    return None;
                }
                // Players are their seat numbers: the number itself names the player.
                let n = self.typed(&args[0], Int);
                Some((n, Value::Plain(Player)))
            }
            "can_split" | "can_merge" | "can_splice" | "can_unsplice" => {
                let split = f.text == "can_split";
                let form = if split {
                    "can_split(CELL, N)".to_string()
                } else {
                    format!("{}(CELL, CELL)", f.text)
                };
                if !arity(self, 2, 2, &form) {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                let b = Box::new(self.typed(&args[1], if split { Int } else { Cell }));
                let kind = match f.text.as_str() {
                    "can_split" => ast::AreaChange::Split,
                    "can_merge" => ast::AreaChange::Merge,
                    "can_splice" => ast::AreaChange::Splice,
                    _ => ast::AreaChange::Unsplice,
                };
                Some((Expr::AreaCan(kind, a, b), Value::Plain(Bool)))
            }
            "splits" => {
                if !arity(self, 1, 1, "splits(CELL)") {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                Some((Expr::Splits(a), Value::Plain(Int)))
            }
            "max_cells" | "sum_cells" => {
                if !arity(
                    self,
                    2,
                    2,
                    &format!("{}(CONDITION on `to`, NUMBER)", f.text),
                ) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Bool));
                let v = Box::new(self.typed(&args[1], Int));
                Some(if f.text == "max_cells" {
                    (Expr::MaxCells(c, v), Value::Plain(Int))
                } else {
                    (Expr::SumCells(c, v), Value::Plain(Int))
                })
            }
            "distance" => {
                if !arity(self, 3, 3, "distance(CELL, CELL, DIRECTIONS)") {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                let b = Box::new(self.typed(&args[1], Cell));
                let dirs = self.dirs_arg(&args[2], "distance")?;
                Some((Expr::Distance(a, b, dirs), Value::Plain(Int)))
            }
            "taken" => {
                if !arity(self, 1, 1, "taken(NAME of a `per piece` variable)") {
                    return None;
                }
                let v = match &args[0].kind {
                    ast::ExprKind::Name(n) => self
                        .var_index
                        .get(n)
                        .copied()
                        .filter(|&v| self.vars[v as usize].per_piece),
                    _ => None,
                };
                let Some(v) = v else {
                    self.error(
                        err(
                            codes::TYPE_MISMATCH,
                            "`taken` reads a `per piece` variable of the piece captured last",
                            f.span,
                            "needs the name of a `per piece` variable",
                        )
                        .hint("declare it `var NAME = 0 per piece`, then write `taken(NAME)`"),
                    );
                    return None;
                };
                // The captured piece's values are kept just past the board's cells.
                let past = Box::new(Expr::Int(self.board.cells.len() as i64));
                Some((Expr::VarAt(v, past), Value::Plain(self.vars[v as usize].ty)))
            }
            "owner" => {
                if !arity(self, 1, 1, "owner(CELL)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                Some((Expr::OwnerOf(c), Value::Plain(Player)))
            }
            "holds" => {
                if !arity(self, 2, 2, "holds(CELL, PIECE)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                match self.typed(&args[1], Piece) {
                    Expr::Piece(p) => Some((Expr::Holds(c, p), Value::Plain(Int))),
                    _ => None,
                }
            }
            "empty" | "unmoved" | "attacked" => {
                if !arity(self, 1, 1, &format!("{}(CELL)", f.text)) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                b(match f.text.as_str() {
                    "empty" => Expr::Empty(c),
                    "unmoved" => Expr::Unmoved(c),
                    _ => Expr::Attacked(c),
                })
            }
            "friend" | "enemy" | "neutral" => {
                if !arity(
                    self,
                    1,
                    2,
                    &format!("{}(CELL) or {}(CELL, PIECE)", f.text, f.text),
                ) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let p = args
                    .get(1)
                    .map(|a| self.typed(a, Piece))
                    .and_then(|x| match x {
                        Expr::Piece(p) => Some(p),
                        _ => None,
                    });
                b(if f.text == "friend" {
                    Expr::Friend(c, p)
                } else if f.text == "neutral" {
                    Expr::Neutral(c, p)
                } else {
                    Expr::Enemy(c, p)
                })
            }
            "moved" => {
                if !arity(self, 1, 1, "moved(PIECE)") {
                    return None;
                }
                match self.typed(&args[0], Piece) {
                    Expr::Piece(p) => b(Expr::Moved(p)),
                    _ => None,
                }
            }
            "held" => {
                if !arity(self, 2, 3, "held(ZONE, PIECE) or held(ZONE, PIECE, PLAYER)") {
                    return None;
                }
                let zone = match &args[0].kind {
                    ExprKind::Name(n) => self.zone_ref(&Name {
                        text: n.clone(),
                        span: args[0].span,
                    })?,
                    _ => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            "expected the name of a zone",
                            args[0].span,
                            "not a zone",
                        ));
                        return None;
                    }
                };
                let who = args.get(2).map(|a| Box::new(self.typed(a, Player)));
                match self.typed(&args[1], Piece) {
                    Expr::Piece(p) => Some((Expr::Held(zone, p, who), Value::Plain(Int))),
                    _ => None,
                }
            }
            "count" => {
                if !arity(self, 1, 2, "count(PIECE) or count(PIECE, PLAYER)") {
                    return None;
                }
                let p = match self.typed(&args[0], Piece) {
                    Expr::Piece(p) => Some(p),
                    _ => None,
                };
                let who = args.get(1).map(|a| Box::new(self.typed(a, Player)));
                Some((Expr::Count(p, who), Value::Plain(Int)))
            }
            other => {
                let known = [
                    "empty",
                    "friend",
                    "enemy",
                    "unmoved",
                    "attacked",
                    "moved",
                    "count",
                    "held",
                    "height",
                    "neutral",
                    "owner",
                    "taken",
                    "distance",
                    "max_cells",
                    "sum_cells",
                    "drawn",
                    "splits",
                    "can_split",
                    "can_merge",
                    "can_splice",
                    "can_unsplice",
                    "seat",
                    "row",
                    "column",
                    "either",
                    "where",
                    "in_line",
                    "cell_at",
                    "abs",
                    "holds",
                    "around",
                    "adjacent",
                    "section_total",
                    "sections",
                    "section_size",
                    "pieces",
                    "any_cell",
                    "count_cells",
                    "min",
                    "max",
                ];
                let mut d = err(
                    codes::UNKNOWN_NAME,
                    format!("there is no function `{other}`"),
                    f.span,
                    "unknown function",
                );
                d = with_suggestion(
                    d,
                    other,
                    known
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .iter(),
                );
                d = d.hint(format!("the functions are {}", known.join(", ")));
                self.error(d);
                None
            }
        }
    }

    fn binary(
        &mut self,
        op: ast::BinOp,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Option<(Expr, Value)> {
        use ast::BinOp as B;
        use Type::*;
        let bx = Box::new;
        match op {
            B::Or | B::And => {
                let (x, y) = (self.typed(a, Bool), self.typed(b, Bool));
                // An option's constant decides at once, on either side (expressions have
                // no effects): `false and …`, `… or true`; `true and X` is X.
                let or = op == B::Or;
                for (k, other) in [(&x, &y), (&y, &x)] {
                    if let Expr::Bool(v) = *k {
                        return Some((
                            if v == or {
                                Expr::Bool(v)
                            } else {
                                other.clone()
                            },
                            Value::Plain(Bool),
                        ));
                    }
                }
                let o = if op == B::Or {
                    ir::BinOp::Or
                } else {
                    ir::BinOp::And
                };
                Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Bool)))
            }
            B::In => {
                let x = self.typed(a, Cell);
                if let ExprKind::Name(n) = &b.kind {
                    if !self.region_index.contains_key(n)
                        && !self.var_index.contains_key(n)
                        && !self.options.contains_key(n)
                    {
                        let mut d = err(
                            codes::UNKNOWN_REGION,
                            format!("there is no region `{n}`"),
                            b.span,
                            "unknown region",
                        );
                        let names: Vec<String> =
                            self.regions.iter().map(|r| r.name.clone()).collect();
                        d = with_suggestion(d, n, names.iter());
                        d = d.hint(if names.is_empty() {
                            "this ruleset declares no regions; declare one with `region NAME = …`"
                                .to_string()
                        } else {
                            format!("the regions are {}", names.join(", "))
                        });
                        self.error(d);
                        return None;
                    }
                }
                match self.expr(b)? {
                    (_, Value::Region(r)) => Some((Expr::In(bx(x), r), Value::Plain(Bool))),
                    (_, got) => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("expected a region after `in`, found {}", got.word()),
                            b.span,
                            "not a region",
                        ));
                        None
                    }
                }
            }
            B::Eq | B::Ne => {
                let (x, tx) = self.expr(a)?;
                let (y, ty) = self.expr(b)?;
                // A choice option against one of its words folds to a constant.
                if let (Value::Choice(name, v), Value::Word(w))
                | (Value::Word(w), Value::Choice(name, v)) = (&tx, &ty)
                {
                    let valid = self
                        .option_info
                        .iter()
                        .any(|o| o.name == *name && o.kind.split(" | ").any(|k| k == w));
                    if !valid {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("`{w}` is not a value of option `{name}`"),
                            span,
                            "never equal",
                        ));
                    }
                    return Some((Expr::Bool((v == w) == (op == B::Eq)), Value::Plain(Bool)));
                }
                match (&tx, &ty) {
                    (Value::Plain(p), Value::Plain(q)) if p == q && *p != Region && *p != Dir => {
                        let o = if op == B::Eq {
                            ir::BinOp::Eq
                        } else {
                            ir::BinOp::Ne
                        };
                        Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Bool)))
                    }
                    _ => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("cannot compare {} with {}", tx.word(), ty.word()),
                            span,
                            "these are of different kinds",
                        ));
                        None
                    }
                }
            }
            B::Lt | B::Le | B::Gt | B::Ge => {
                let (x, y) = (self.typed(a, Int), self.typed(b, Int));
                let o = match op {
                    B::Lt => ir::BinOp::Lt,
                    B::Le => ir::BinOp::Le,
                    B::Gt => ir::BinOp::Gt,
                    _ => ir::BinOp::Ge,
                };
                Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Bool)))
            }
            B::Mul => {
                let (x, tx) = self.expr(a)?;
                match tx {
                    Value::Path(p) => {
                        let k = self.const_int(b)?;
                        if !(1..=64).contains(&k) {
                            self.error(err(
                                codes::BAD_RANGE,
                                "a direction may be repeated 1 to 64 times",
                                b.span,
                                "out of range",
                            ));
                            return None;
                        }
                        let rep = p
                            .into_iter()
                            .map(|paths| {
                                paths
                                    .into_iter()
                                    .map(|path| {
                                        path.iter()
                                            .cycle()
                                            .take(path.len() * k as usize)
                                            .copied()
                                            .collect()
                                    })
                                    .collect()
                            })
                            .collect();
                        Some((Expr::Bool(false), Value::Path(rep)))
                    }
                    Value::Plain(Int) => {
                        let y = self.typed(b, Int);
                        Some((Expr::Bin(ir::BinOp::Mul, bx(x), bx(y)), Value::Plain(Int)))
                    }
                    other => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("cannot multiply {}", other.word()),
                            a.span,
                            "not a number or a direction",
                        ));
                        None
                    }
                }
            }
            B::Div | B::Mod => {
                let (x, y) = (self.typed(a, Int), self.typed(b, Int));
                let o = if op == B::Div {
                    ir::BinOp::Div
                } else {
                    ir::BinOp::Mod
                };
                Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Int)))
            }
            B::Add | B::Sub => {
                let (x, tx) = self.expr(a)?;
                match tx {
                    Value::Plain(Cell) if op == B::Add => {
                        let (_, ty) = self.expr(b)?;
                        match ty {
                            Value::Path(p) => {
                                let mut single = Vec::with_capacity(p.len());
                                for paths in p {
                                    if paths.len() != 1 {
                                        self.error(err(codes::TYPE_MISMATCH, "a step from a cell needs exactly one direction for each player", b.span, format!("this names {} directions", paths.len())).hint("use a single direction, or a `dirs` with one direction per player"));
                                        return None;
                                    }
                                    single.push(paths.into_iter().next().unwrap_or_default());
                                }
                                Some((Expr::Walk(bx(x), single), Value::Plain(Cell)))
                            }
                            other => {
                                self.error(err(codes::TYPE_MISMATCH, format!("a cell plus {} means nothing", other.word()), b.span, "expected a direction").hint("`CELL + DIR` is the cell one step away; `CELL + DIR * N`, N steps"));
                                None
                            }
                        }
                    }
                    Value::Plain(Int) => {
                        let y = self.typed(b, Int);
                        let o = if op == B::Add {
                            ir::BinOp::Add
                        } else {
                            ir::BinOp::Sub
                        };
                        Some((Expr::Bin(o, bx(x), bx(y)), Value::Plain(Int)))
                    }
                    other => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            format!("cannot add to {}", other.word()),
                            a.span,
                            "not a number or a cell",
                        ));
                        None
                    }
                }
            }
        }
    }

    fn const_int(&mut self, e: &ast::Expr) -> Option<i64> {
        match self.expr(e)? {
            (Expr::Int(i), _) => Some(i),
            (_, t) => {
                self.error(err(
                    codes::TYPE_MISMATCH,
                    format!("expected a fixed number, found {}", t.word()),
                    e.span,
                    "not a fixed number",
                ));
                None
            }
        }
    }

    /// The `per cell` number (or truth) variable a position field names.
    fn per_cell_number(&mut self, n: &Name, hint: &str) -> Option<ir::VarId> {
        match self.var_index.get(&n.text) {
            Some(&v)
                if self.vars[v as usize].per_cell && self.vars[v as usize].ty != Type::Cell =>
            {
                Some(v)
            }
            Some(_) => {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!("`{}` is not a number kept per cell", n.text),
                        n.span,
                        "not per cell",
                    )
                    .hint(hint),
                );
                None
            }
            None => {
                self.error(
                    err(
                        codes::UNKNOWN_NAME,
                        format!("there is no variable `{}`", n.text),
                        n.span,
                        "unknown variable",
                    )
                    .hint("declare it with `var NAME = 0 per cell` first"),
                );
                None
            }
        }
    }

    fn position_from(&mut self, fields: &[ast::Field]) -> Vec<ir::Field> {
        let mut out = Vec::new();
        for f in fields {
            match f {
                ast::Field::Board(_, joined) => {
                    let joined = joined.as_ref().map(|j| j.text.clone());
                    if joined.as_ref().is_some_and(|j| j.chars().count() != 1) {
                        if let Some(j) = fields.iter().find_map(|f| match f {
                            ast::Field::Board(_, Some(j)) => Some(j),
                            _ => None,
                        }) {
                            self.error(
                                err(
                                    codes::BAD_RANGE,
                                    "stacks are joined by one character",
                                    j.span,
                                    "not one character",
                                )
                                .hint("write one character, such as `board stacks \"-\"`"),
                            );
                        }
                    }
                    out.push(ir::Field::Board(joined))
                }
                ast::Field::Number(_) => out.push(ir::Field::Number),
                ast::Field::CellMap(n, chars) => {
                    let list: Vec<char> = chars.text.chars().collect();
                    let bad = list.len() < 2
                        || list.iter().enumerate().any(|(i, c)| {
                            list[..i].contains(c)
                                || c.is_whitespace()
                                || matches!(c, '/' | '(' | ')')
                        });
                    if bad {
                        self.error(err(codes::BAD_RANGE, "the characters of a `cells` field are two or more different characters, without spaces, `/` or brackets", chars.span, "these characters").hint("write one character for each value from 0, such as `cells layer \".vcw\"`"));
                    }
                    if let Some(v) = self.per_cell_number(n, "`cells NAME \"…\"` writes a `per cell` number (or truth value) at every cell") {
                        out.push(ir::Field::CellMap(v, list));
                    }
                }
                ast::Field::Turns(_) => out.push(ir::Field::Turns),
                ast::Field::Zone(z, optional) => {
                    if let Some(z) = self.zone_ref(z) {
                        out.push(ir::Field::Zone(z, *optional));
                    }
                }
                ast::Field::Turn(syms, span) => {
                    // Marks of players who are not seated are left out.
                    let syms = if syms.len() == self.players.len() + self.unseated.len() {
                        &syms[..self.players.len()]
                    } else {
                        &syms[..]
                    };
                    if syms.len() != self.players.len() {
                        self.error(
                            err(
                                codes::PER_PLAYER,
                                format!(
                                    "`turn` gives {} symbols for {} players",
                                    syms.len(),
                                    self.players.len()
                                ),
                                *span,
                                "one symbol per player",
                            )
                            .hint(format!(
                                "write one symbol for each of {}",
                                self.players.join(", ")
                            )),
                        );
                    }
                    out.push(ir::Field::Turn(
                        syms.iter().map(|s| s.text.clone()).collect(),
                    ));
                }
                ast::Field::Rights(rs, _) => {
                    let mut v = Vec::new();
                    for (letter, cells) in rs {
                        let cs = cells.iter().filter_map(|c| self.cell_ref(c)).collect();
                        v.push((letter.text.clone(), cs));
                    }
                    out.push(ir::Field::Rights(v));
                }
                ast::Field::Counters(n, cells) => {
                    if let Some(v) = self.per_cell_number(n, "`counter NAME at CELLS` is for a `per cell` number variable; write `counter NAME` for others") {
                        let ids: Vec<u32> = cells
                            .iter()
                            .filter_map(|c| self.cell_ref(c))
                            .map(|c| c as u32)
                            .collect();
                        out.push(ir::Field::Counters(v, ids));
                    }
                }
                ast::Field::Counter(n)
                    if self.var_index.get(&n.text).is_some_and(|&v| {
                        self.vars[v as usize].per_player && self.vars[v as usize].ty == Type::Int
                    }) =>
                {
                    let v = self.var_index[&n.text];
                    let n = self.players.len() as u32;
                    out.push(ir::Field::Counters(v, (0..n).collect()));
                }
                ast::Field::Cell(n) | ast::Field::Counter(n) => {
                    let want = if matches!(f, ast::Field::Cell(_)) {
                        Type::Cell
                    } else {
                        Type::Int
                    };
                    match self.var_index.get(&n.text) {
                        Some(&v)
                            if self.vars[v as usize].ty == want
                                && !self.vars[v as usize].per_player
                                && !self.vars[v as usize].per_cell =>
                        {
                            out.push(if want == Type::Cell {
                                ir::Field::Cell(v)
                            } else {
                                ir::Field::Counter(v)
                            })
                        }
                        Some(&v)
                            if self.vars[v as usize].per_player
                                || self.vars[v as usize].per_cell =>
                        {
                            self.error(err(codes::TYPE_MISMATCH, format!("`{}` has a value for each player or cell, and this position field holds one value", n.text), n.span, "several values").hint("a `counter` field holds a number for each player; for a per-cell number write `counter NAME at CELLS`"));
                        }
                        Some(&v) => {
                            let t = self.vars[v as usize].ty;
                            self.error(err(codes::TYPE_MISMATCH, format!("the position field needs a variable holding {}, and `{}` holds {}", want.word(), n.text, t.word()), n.span, "wrong kind of variable"));
                        }
                        None => {
                            self.error(
                                err(
                                    codes::UNKNOWN_NAME,
                                    format!("there is no variable `{}`", n.text),
                                    n.span,
                                    "unknown variable",
                                )
                                .hint("declare it with `var` or `counter` first"),
                            );
                        }
                    }
                }
            }
        }
        out
    }
}

/// What an expression stands for while it is being lowered: a value, or a name that
/// only means something beside an operator (a region after `in`, a direction after `+`).
enum Value {
    Plain(Type),
    Region(ir::RegionId),
    /// Direction paths per player.
    Path(Vec<Vec<Vec<DirId>>>),
    Choice(String, String),
    Word(String),
}

impl Value {
    fn word(&self) -> &'static str {
        match self {
            Value::Plain(t) => t.word(),
            Value::Region(_) => "a region",
            Value::Path(_) => "a direction",
            Value::Choice(..) => "a choice option",
            Value::Word(_) => "an option word",
        }
    }
}

/// Each outcome of a chance with its probability, or `None` when out of range.
fn distribution(spec: ast::ChanceSpec) -> Option<Vec<(i64, f64)>> {
    match spec {
        ast::ChanceSpec::Die(n) if (2..=1000).contains(&n) => {
            Some((1..=n as i64).map(|v| (v, 1.0 / n as f64)).collect())
        }
        ast::ChanceSpec::Dice(k, n)
            if (1..=100).contains(&k)
                && (2..=1000).contains(&n)
                && k as u64 * n as u64 <= 10_000 =>
        {
            // Convolve one die at a time: `dist[s]` is the chance of sum `s`.
            let mut dist = vec![1.0f64];
            for _ in 0..k {
                let mut next = vec![0.0; dist.len() + n as usize];
                for (s, p) in dist.iter().enumerate() {
                    for f in 1..=n as usize {
                        next[s + f] += p / n as f64;
                    }
                }
                dist = next;
            }
            Some(
                dist.into_iter()
                    .enumerate()
                    .filter(|(_, p)| *p > 0.0)
                    .map(|(s, p)| (s as i64, p))
                    .collect(),
            )
        }
        ast::ChanceSpec::Coins(k) if (1..=100).contains(&k) => {
            let mut dist = vec![1.0f64];
            for _ in 0..k {
                let mut next = vec![0.0; dist.len() + 1];
                for (s, p) in dist.iter().enumerate() {
                    next[s] += p / 2.0;
                    next[s + 1] += p / 2.0;
                }
                dist = next;
            }
            Some(
                dist.into_iter()
                    .enumerate()
                    .map(|(s, p)| (s as i64, p))
                    .collect(),
            )
        }
        _ => None,
    }
}

fn kind_words(kind: &str) -> String {
    match kind {
        "int" => "a whole number".into(),
        "bool" => "true or false".into(),
        k => format!("one of {k}"),
    }
}

fn parse_option(ty: &ast::OptionType, v: &str) -> Option<OptValue> {
    match ty {
        ast::OptionType::Int => v.trim().parse().ok().map(OptValue::Int),
        ast::OptionType::Bool => match v.trim() {
            "true" | "yes" | "on" => Some(OptValue::Bool(true)),
            "false" | "no" | "off" => Some(OptValue::Bool(false)),
            _ => None,
        },
        // A word with `_` may be typed with `-`: `untenable=piece-lenient`.
        ast::OptionType::Choice(cs) => cs
            .iter()
            .find(|c| c.text == v.trim() || c.text == v.trim().replace('-', "_"))
            .map(|c| OptValue::Word(c.text.clone())),
    }
}

fn show_opt(v: &OptValue) -> String {
    match v {
        OptValue::Int(i) => i.to_string(),
        OptValue::Bool(b) => b.to_string(),
        OptValue::Word(w) => w.clone(),
    }
}

fn mentions(e: &ast::Expr, word: &str) -> bool {
    match &e.kind {
        ExprKind::Name(n) => n == word,
        ExprKind::Call(_, args) => args.iter().any(|a| mentions(a, word)),
        ExprKind::Unary(_, x) => mentions(x, word),
        ExprKind::Binary(_, a, b) => mentions(a, word) || mentions(b, word),
        _ => false,
    }
}

/// How many uses of definitions a ruleset may write out in all.
const MAX_EXPANSIONS: usize = 100_000;

/// A definition's body with each parameter replaced by its argument.
fn substitute(body: &ast::Expr, params: &[Name], args: &[ast::Expr]) -> ast::Expr {
    let sub = |e: &ast::Expr| substitute(e, params, args);
    let kind = match &body.kind {
        ExprKind::Name(n) => match params.iter().position(|p| p.text == *n) {
            Some(i) => return args[i].clone(),
            None => ExprKind::Name(n.clone()),
        },
        ExprKind::Call(f, xs) => ExprKind::Call(f.clone(), xs.iter().map(sub).collect()),
        ExprKind::Unary(op, x) => ExprKind::Unary(*op, Box::new(sub(x))),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, Box::new(sub(a)), Box::new(sub(b))),
        other => other.clone(),
    };
    ast::Expr {
        kind,
        span: body.span,
    }
}

/// The name of column `i` counting from 0: `a` … `z`, then `aa`, `ab`, … `az`, `ba`, ….
fn column_name(i: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        let k = i - 26;
        format!("{}{}", letter(k / 26), letter(k))
    }
}

fn item_span(i: &Item) -> Span {
    match i {
        Item::Game { title } | Item::Variant { title, .. } => title.span,
        Item::Use { target } => target.span,
        Item::Players { names, .. } => names.first().map(|n| n.span).unwrap_or_default(),
        Item::Forbid { span, .. }
        | Item::After { span, .. }
        | Item::Setup { span, .. }
        | Item::Position { span, .. } => *span,
        Item::Start { text } => text.span,
        Item::Board(
            BoardDecl::Grid { span, .. }
            | BoardDecl::Hex { span, .. }
            | BoardDecl::Explicit { span, .. },
        ) => *span,
        other => other.key().map(|(_, n)| n.span).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile, MapLoader};
    use std::collections::HashMap;

    const RULES: &str = r#"
        game "Runners"
        use lib
        players red blue
        option limit: int = 40
        board grid 5 x 5
        region home = mirrored rank 1
        piece chief C c { royal moves step_any }
        piece runner R r { move ride forward max 2 if from in home }
        ending "limit" if ply >= limit => draw
        start "2c2/5/5/5/R1C2 r"
    "#;
    const LIB: &str = r#"
        dirs forward = mirrored n
        pattern step_any { move step n e s w ne nw se sw }
    "#;

    fn loader() -> MapLoader {
        let mut m = HashMap::new();
        m.insert("lib".to_string(), LIB.to_string());
        MapLoader(m)
    }

    #[test]
    fn lowers_with_library_and_mirrors() {
        let out = compile("runners", RULES, &loader(), &[]);
        assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
        let p = out.program.expect("compiles");
        assert_eq!(p.pieces.len(), 2);
        assert_eq!(p.board.cells.len(), 25);
        assert_eq!(p.regions[0].cells[1][0], 20); // a5 for the second player
    }

    #[test]
    fn bad_option_override() {
        let out = compile(
            "runners",
            RULES,
            &loader(),
            &[("limit".into(), "lots".into())],
        );
        assert!(out.program.is_none());
        assert_eq!(out.diagnostics[0].code, "E0202");
    }
}

/// A piece of a template: literal text, or a `{…}` place and where it starts in the text.
enum TemplatePiece<'a> {
    Text(&'a str),
    Place(usize, &'a str),
}
