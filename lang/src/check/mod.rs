//! Name resolution, type checks and lowering: gathered declarations to an [`ir::Program`].
//! Every mistake found becomes a diagnostic; lowering goes on after one to report more.
//! Here: the entry ([`lower`]), the shared lowering context and the order of the phases.

mod about;
mod board;
mod chance;
mod declarations;
mod defines;
mod dirs;
mod endings;
mod expressions;
mod functions;
mod lines;
mod look_ahead;
mod moves;
mod names;
mod notation;
mod options;
mod pieces;
mod positions;
mod regions;
mod statements;
mod tessels;
#[cfg(test)]
mod tests;
mod tracks;
mod turns;
mod vars;

use crate::ast::{self, Item};
use crate::diag::{Diagnostic, Span};
use crate::ir::{self, DirId};
use chance::Chances;
use defines::Defines;
use names::Names;
use options::OptValue;
use std::collections::HashMap;
use tessels::Area;

/// The options chosen on the command line, as `name=value` pairs.
pub type Overrides = [(String, String)];

/// Directions per player: `dirs[player]` lists directions.
type PerPlayerDirs = Vec<Vec<DirId>>;

struct Lowerer<'a> {
    diags: Vec<Diagnostic>,
    players: Vec<String>,
    /// Players named but not seated in this game (`seated A to B` and `--option players`).
    unseated: Vec<String>,
    board: ir::Board,
    board_span: Option<Span>,
    /// Each declared name (cell, direction, region, variable, piece, zone) to its number.
    names: Names,
    regions: Vec<ir::Region>,
    /// Cyclic tracks (`track`), in order of declaration.
    tracks: Vec<ir::Track>,
    options: HashMap<String, OptValue>,
    option_info: Vec<ir::OptionInfo>,
    vars: Vec<ir::Var>,
    patterns: HashMap<String, &'a Vec<ast::MoveRule>>,
    chances: Chances,
    /// What the drawn area needs once the ruleset is known.
    area: Area,
    plugins: Vec<ir::PluginRef>,
    /// Some expression asks `fresh`.
    uses_fresh: bool,
    /// `steps` is read somewhere (so a move's distance is worked out as it is made).
    uses_steps: bool,
    /// Some expression asks `repeated(…)`.
    uses_repetition: bool,
    /// A `forbid` condition is being lowered (where `no_reply` may look ahead).
    in_forbid: bool,
    defines: Defines<'a>,
    /// The number of the action of a numbered family being lowered, and the name that
    /// stands for it (`action bid(n) from 1 to 4`).
    number: Option<(String, i64)>,
    /// How deep the expression being lowered is nested, definitions written out included.
    depth: usize,
    /// Deepest nesting seen (reported once when past [`MAX_DEPTH`]).
    deepest: usize,
}

/// How deep an expression may nest once its definitions are written out: every pass after
/// the checker walks expressions by recursion, and this keeps them within their stack.
pub const MAX_DEPTH: usize = 256;

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
        names: Names::default(),
        regions: Vec::new(),
        tracks: Vec::new(),
        options: HashMap::new(),
        option_info: Vec::new(),
        vars: Vec::new(),
        patterns: HashMap::new(),
        chances: Chances::default(),
        area: Area::default(),
        plugins: Vec::new(),
        uses_fresh: false,
        uses_steps: false,
        uses_repetition: false,
        in_forbid: false,
        defines: Defines::default(),
        number: None,
        depth: 0,
        deepest: 0,
    };
    let program = l.run(items, overrides);
    let has_error = l.diags.iter().any(|d| d.is_error());
    // A rule checked once for each player (or each piece using a pattern) reports the same
    // mistake each time: say it once (found by hashing, so a text with thousands of
    // mistakes — a line of 50,000 unknown names — is answered at once).
    let mut seen = std::collections::HashSet::new();
    let mut diags: Vec<Diagnostic> = Vec::new();
    for d in l.diags {
        if seen.insert(format!("{d:?}")) {
            diags.push(d);
        }
    }
    (if has_error { None } else { program }, diags)
}

impl<'a> Lowerer<'a> {
    fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The phases, in order: each may use what the ones before it found.
    fn run(&mut self, items: &'a [Item], overrides: &Overrides) -> Option<ir::Program> {
        let singles = self.declarations(items);
        let Some((player_names, seats)) = singles.players else {
            self.no_players(items);
            return None;
        };
        self.players_from(player_names, seats, overrides);
        self.options_from(items, overrides);
        self.area.changes = Self::changes_area(items);
        // Definitions first: a board's size may be one (`board hex (radius)`).
        self.defines_from(items);
        self.build_board(singles.board, player_names)?;
        self.check_namespace(items);
        self.in_order(items);
        let zones = self.zones_from(items);
        let pieces = self.pieces_from(items)?;
        let rules = self.rules_from(items);
        let position = self.position_or_default(singles.position);
        let piles = items.iter().any(|i| matches!(i, Item::Piles(_)));
        let capture_top = items.iter().any(|i| matches!(i, Item::CapturesTop(_)));
        let notation = self.notation_from(items);
        let (marks, borders) = self.marks_from(items);
        let cell_values = self.area_values();
        let about = self.about_from(singles.about, player_names.len() as u32, seats);
        Some(ir::Program {
            cell_values,
            piles,
            capture_top,
            marks,
            borders,
            pass_text: notation.pass_text,
            opening: notation.opening,
            result_text: notation.result_text,
            after_turn: notation.after_turn,
            after_round: notation.after_round,
            tracks_turn_moves: self.uses_fresh,
            uses_steps: self.uses_steps,
            tracks_positions: self.uses_repetition,
            title: singles.title.unwrap_or_else(|| "untitled".into()),
            about,
            players: self.players.clone(),
            options: self.option_info.clone(),
            board: std::mem::take(&mut self.board),
            regions: std::mem::take(&mut self.regions),
            tracks: std::mem::take(&mut self.tracks),
            vars: std::mem::take(&mut self.vars),
            zones,
            pieces,
            forbids: rules.forbids,
            prefers: rules.prefers,
            after_move: rules.after_move,
            setup: rules.setup,
            endings: rules.endings,
            position,
            turn: rules.turn,
            chances: std::mem::take(&mut self.chances.events),
            chance_then: std::mem::take(&mut self.chances.then),
            plugins: std::mem::take(&mut self.plugins),
            score: rules.score,
            people: rules.people,
            actions: rules.actions,
            captures_to: rules.captures_to,
            start: singles.start.map(|s| (s.text.clone(), s.span)),
        })
    }

    /// Directions, regions, variables and patterns in file order: each may use what
    /// stands before it.
    fn in_order(&mut self, items: &'a [Item]) {
        for item in items {
            match item {
                Item::Dirs { name, spec } => self.dirs_from(name, spec),
                Item::Region { name, expr } => self.region_from(name, expr),
                Item::Track { name, cells, span } => self.track_from(name, cells, *span),
                Item::Var(v) => self.var_from(v),
                Item::Pattern { name, rules } => {
                    self.patterns.insert(name.text.clone(), rules);
                }
                _ => {}
            }
        }
    }
}
