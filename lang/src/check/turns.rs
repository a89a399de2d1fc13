//! Turns and what happens around a move: `turn`, `action`, `forbid`, `after move`,
//! `setup`, `captures` and `score`, lowered in file order together with the endings.

use super::{err, Lowerer};
use crate::ast::{self, Item, Name};
use crate::diag::{codes, Span};
use crate::ir::{self, Expr, Type};

/// Actions a ruleset may have (a decision names its action in a byte).
const MAX_ACTIONS: usize = 250;

/// The rules of play, beside the board and the pieces.
pub(super) struct Rules {
    pub(super) forbids: Vec<ir::Forbid>,
    pub(super) prefers: Vec<ir::Prefer>,
    pub(super) after_move: Vec<ir::Stmt>,
    pub(super) setup: Vec<ir::Stmt>,
    pub(super) endings: Vec<ir::Ending>,
    pub(super) turn: ir::TurnRules,
    pub(super) captures_to: Option<(ir::ZoneId, bool)>,
    pub(super) score: Expr,
    pub(super) actions: Vec<ir::Action>,
    pub(super) people: Option<ir::People>,
}

impl Lowerer<'_> {
    /// The rules of play in file order (chance events and plugins are numbered as they
    /// are met).
    pub(super) fn rules_from(&mut self, items: &[Item]) -> Rules {
        let mut rules = Rules {
            forbids: Vec::new(),
            prefers: Vec::new(),
            after_move: Vec::new(),
            setup: Vec::new(),
            endings: Vec::new(),
            turn: ir::TurnRules {
                max: 1,
                pass: None,
                pass_when_stuck: false,
                start: Vec::new(),
                end: Vec::new(),
            },
            captures_to: None,
            score: Expr::Material,
            actions: Vec::new(),
            people: None,
        };
        for item in items {
            match item {
                Item::Turn {
                    max,
                    pass,
                    pass_when_stuck,
                    start,
                    end,
                    ..
                } => self.turn_from(&mut rules.turn, max, pass, *pass_when_stuck, start, end),
                Item::Score { expr, .. } => rules.score = self.typed(expr, Type::Int),
                Item::People { by, score } => {
                    if rules.people.is_some() {
                        self.error(err(
                            codes::DUPLICATE,
                            "the people are declared twice",
                            by.span,
                            "a second `people` declaration",
                        ));
                    }
                    let by = self.people_var(by);
                    let score = score.as_ref().and_then(|n| self.people_var(n));
                    rules.people = by.map(|by| ir::People { by, score });
                }
                Item::Label { name, text } => self.label(name, text),
                Item::Action(a) => match &a.numbered {
                    None => self.push_action(&mut rules.actions, a, a.name.text.clone()),
                    Some(n) => {
                        for k in self.numbers_of(n).into_iter().flatten() {
                            self.number = Some((n.number.text.clone(), i64::from(k)));
                            let name = format!("{}_{k}", a.name.text);
                            self.push_action(&mut rules.actions, a, name);
                        }
                        self.number = None;
                    }
                },
                Item::Captures { zone, to_owner } => {
                    if let Some(z) = self.zone_ref(zone) {
                        rules.captures_to = Some((z, *to_owner));
                    }
                }
                Item::Forbid {
                    cond,
                    reason,
                    at_turn_end,
                    ..
                } => {
                    let forbid = self.forbid_from(cond, reason, *at_turn_end);
                    // One an option turns off rules nothing out: dropped, so that legal
                    // decisions need not be played out to try it.
                    if !matches!(forbid.cond, ir::Expr::Bool(false)) {
                        rules.forbids.push(forbid);
                    }
                }
                Item::Prefer { value, reason, .. } => {
                    if let Some(p) = self.prefer_from(value, reason) {
                        rules.prefers.push(p);
                    }
                }
                Item::After { body, .. } => rules.after_move.extend(self.stmts(body)),
                Item::Setup { body, .. } => rules.setup.extend(self.stmts(body)),
                Item::Ending {
                    name,
                    cond,
                    outcome,
                } => {
                    let ending = self.ending_from(name, cond, outcome);
                    rules.endings.push(ending);
                }
                _ => {}
            }
        }
        rules
    }

    /// `turn { … }`: how many decisions a turn holds, passing, and what runs as each turn
    /// begins and ends; several `turn` blocks add up.
    fn turn_from(
        &mut self,
        turn: &mut ir::TurnRules,
        max: &Option<(u32, Span)>,
        pass: &Option<Option<ast::Expr>>,
        pass_when_stuck: bool,
        start: &[ast::Stmt],
        end: &[ast::Stmt],
    ) {
        turn.pass_when_stuck |= pass_when_stuck;
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

    /// Lowers `action NAME …` as the action `name` (one of a numbered family, or itself),
    /// unless the name is taken or there are too many actions.
    fn push_action(&mut self, actions: &mut Vec<ir::Action>, a: &ast::ActionDecl, name: String) {
        if actions.iter().any(|b| b.name == name) {
            let hint = if a.numbered.is_some() {
                format!(
                    "`action {}(…) from …` declares `{name}` among its family: rename one of them",
                    a.name.text
                )
            } else {
                "two decisions with one name could not be told apart: rename one of them".into()
            };
            self.error(
                err(
                    codes::DUPLICATE,
                    format!("the action `{name}` is declared twice"),
                    a.name.span,
                    "declared again here",
                )
                .hint(hint),
            );
        } else if actions.len() < MAX_ACTIONS {
            let action = self.action_from(a, name);
            actions.push(action);
        } else {
            self.error(err(
                codes::BAD_BOARD,
                format!("a ruleset may have at most {MAX_ACTIONS} actions"),
                a.name.span,
                "one too many",
            ));
        }
    }

    /// The numbers of a numbered family of actions (none when they are wrong, with the
    /// diagnostic): from the first to the last, named by a name no other meaning has.
    fn numbers_of(&mut self, n: &ast::Numbered) -> Option<std::ops::RangeInclusive<u32>> {
        let ((first, at), (last, last_at)) = (n.first, n.last);
        let name = n.number.text.as_str();
        if let Some(kind) = self.meaning_of(name) {
            self.error(
                err(
                    codes::DUPLICATE,
                    format!("`{name}` already names {kind}"),
                    n.number.span,
                    "the number's name",
                )
                .hint("the number's name stands for the number in the action's condition and effects: give it a name of its own, e.g. `k`"),
            );
            return None;
        }
        if last < first {
            self.error(
                err(
                    codes::BAD_RANGE,
                    format!("the numbers run down, from {first} to {last}"),
                    at.to(last_at),
                    "no number in this range",
                )
                .hint(format!(
                    "write the smaller number first: `from {last} to {first}`"
                )),
            );
            return None;
        }
        if last - first >= MAX_ACTIONS as u32 {
            self.error(
                err(
                    codes::BAD_RANGE,
                    format!("a ruleset may have at most {MAX_ACTIONS} actions, and this family alone has {}", u64::from(last - first) + 1),
                    at.to(last_at),
                    "too many numbers",
                )
                .hint("a decision that picks a large number is better a chance or a variable the player sets in steps"),
            );
            return None;
        }
        Some(first..=last)
    }

    /// `action NAME …` as the action `name`: a decision that is not a piece's move.
    fn action_from(&mut self, a: &ast::ActionDecl, name: String) -> ir::Action {
        let cond = a.cond.as_ref().map(|c| self.bool_expr(c));
        let effects = self.stmts(&a.effects);
        ir::Action {
            name,
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
        }
    }

    /// `forbid COND [at turn end] ["REASON"]`.
    fn forbid_from(
        &mut self,
        cond: &ast::Expr,
        reason: &Option<Name>,
        at_turn_end: bool,
    ) -> ir::Forbid {
        self.in_forbid = true;
        let cond = self.bool_expr(cond);
        self.in_forbid = false;
        ir::Forbid {
            at_turn_end,
            cond,
            reason: reason
                .as_ref()
                .map(|r| r.text.clone())
                .unwrap_or_else(|| "forbidden".into()),
        }
    }

    /// `prefer VALUE ["REASON"]`: a number, or a truth value (true counts as 1).
    fn prefer_from(&mut self, value: &ast::Expr, reason: &Option<Name>) -> Option<ir::Prefer> {
        let (x, v) = self.expr(value)?;
        match v {
            super::expressions::Value::Plain(ir::Type::Int | ir::Type::Bool) => Some(ir::Prefer {
                value: x.folded(),
                reason: reason
                    .as_ref()
                    .map(|r| r.text.clone())
                    .unwrap_or_else(|| "another decision is preferred".into()),
            }),
            got => {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        format!(
                            "`prefer` needs a number or a truth value, found {}",
                            got.word()
                        ),
                        value.span,
                        format!("this is {}", got.word()),
                    )
                    .hint(
                        "write what to make highest, such as `prefer jumps` or `prefer jumps > 0`",
                    ),
                );
                None
            }
        }
    }
}

impl Lowerer<'_> {
    /// A variable of `people by VAR score VAR`: a number for each player.
    /// `label NAME "text"`: the player-facing name of a variable.
    fn label(&mut self, name: &Name, text: &Name) {
        match self.names.vars.get(&name.text) {
            Some(&v) => self.vars[v as usize].label = Some(text.text.clone()),
            None => {
                let d = err(
                    codes::UNKNOWN_NAME,
                    format!("there is no variable `{}` to label", name.text),
                    name.span,
                    "unknown variable",
                );
                let d = crate::diag::with_suggestion(d, &name.text, self.names.vars.keys());
                self.error(d.hint("a label names a `var` or `counter` declared in the ruleset"));
            }
        }
    }

    fn people_var(&mut self, name: &Name) -> Option<ir::VarId> {
        let Some(&v) = self.names.vars.get(&name.text) else {
            self.error(
                err(
                    codes::UNKNOWN_NAME,
                    format!("there is no variable `{}`", name.text),
                    name.span,
                    "unknown variable",
                )
                .hint("declare it with `counter NAME = 0 per player kept`"),
            );
            return None;
        };
        let var = &self.vars[v as usize];
        if var.ty != Type::Int || !var.per_player || var.per_cell {
            self.error(
                err(
                    codes::TYPE_MISMATCH,
                    format!(
                        "`{}` must hold a number for each player to say who the people are",
                        name.text
                    ),
                    name.span,
                    "not a number per player",
                )
                .hint("declare it with `counter NAME = 0 per player kept`"),
            );
            return None;
        }
        Some(v)
    }
}
