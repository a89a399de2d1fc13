//! How a game goes: `forbid`, `turn`, `action`, `ending`, `notation`, the fields of a `position`.

use super::{Builder, Rule};
use crate::ast::*;
use crate::diag::Span;
use pest::iterators::{Pair, Pairs};

impl Builder {
    /// `forbid CONDITION`, optionally `at turn end`, and a reason.
    pub(super) fn forbid_decl(&self, mut it: Pairs<Rule>, span: Span) -> Item {
        let mut first = it.next().unwrap();
        let at_turn_end = first.as_rule() == Rule::at_turn_end;
        if at_turn_end {
            first = it.next().unwrap();
        }
        let cond = self.expr(first);
        let reason = it.next().map(|r| self.name(r));
        Item::Forbid {
            cond,
            reason,
            at_turn_end,
            span,
        }
    }

    /// `turn { … }`: `max N`, `pass`, `pass if …`, `start { … }` and `end { … }`.
    pub(super) fn turn_decl(&self, it: Pairs<Rule>, span: Span) -> Item {
        let mut max = None;
        let mut pass = None;
        let mut pass_when_stuck = false;
        let mut start = Vec::new();
        let mut end = Vec::new();
        for x in it {
            if x.as_rule() == Rule::turn_max {
                max = x.into_inner().next().map(|n| self.int(n));
            } else if x.as_rule() == Rule::turn_start {
                start.extend(self.block(x.into_inner().next().unwrap()));
            } else if x.as_rule() == Rule::turn_end {
                end.extend(self.block(x.into_inner().next().unwrap()));
            } else {
                match x.into_inner().next() {
                    Some(c) if c.as_rule() == Rule::when_stuck => pass_when_stuck = true,
                    c => pass = Some(c.map(|c| self.expr(c.into_inner().next().unwrap()))),
                }
            }
        }
        Item::Turn {
            max,
            pass,
            pass_when_stuck,
            start,
            end,
            span,
        }
    }

    /// `action NAME`: its flags, condition, notation and effects.
    pub(super) fn action_decl(&self, mut it: Pairs<Rule>) -> Item {
        let name = self.name(it.next().unwrap());
        let mut a = ActionDecl {
            name,
            numbered: None,
            on_cells: false,
            forced: false,
            free: false,
            manual: false,
            secret: false,
            reaction: false,
            written: None,
            also: Vec::new(),
            cond: None,
            effects: Vec::new(),
        };
        for x in it {
            match x.as_rule() {
                Rule::action_flag => match x.into_inner().next().map(|f| f.as_rule()) {
                    Some(Rule::on_cells) => a.on_cells = true,
                    Some(Rule::forced) => a.forced = true,
                    Some(Rule::manual) => a.manual = true,
                    Some(Rule::secret) => a.secret = true,
                    Some(Rule::reaction) => a.reaction = true,
                    _ => a.free = true,
                },
                Rule::numbered => {
                    let mut n = x.into_inner();
                    let number = self.name(n.next().unwrap());
                    let first = self.int(n.next().unwrap());
                    let last = self.int(n.next().unwrap());
                    a.numbered = Some(Numbered {
                        number,
                        first,
                        last,
                    });
                }
                Rule::condition => a.cond = Some(self.expr(x.into_inner().next().unwrap())),
                Rule::written => {
                    let mut texts = x.into_inner().map(|s| self.name(s));
                    a.written = texts.next();
                    a.also = texts.collect();
                }
                _ => a.effects = x.into_inner().map(|s| self.stmt(s)).collect(),
            }
        }
        Item::Action(a)
    }

    /// `ending "NAME" if CONDITION => OUTCOME`.
    pub(super) fn ending_decl(&self, mut it: Pairs<Rule>) -> Item {
        let name = self.name(it.next().unwrap());
        let cond = self.expr(it.next().unwrap());
        let o = it.next().unwrap().into_inner().next().unwrap();
        let outcome = if o.as_rule() == Rule::draw_outcome {
            Outcome::Draw(self.span(&o))
        } else if o.as_rule() == Rule::highest_outcome {
            Outcome::Highest(self.expr(o.into_inner().next().unwrap()))
        } else {
            let mut oi = o.into_inner();
            let who = self.name(oi.next().unwrap());
            let wins = oi.next().is_some_and(|w| w.as_rule() == Rule::wins_word);
            Outcome::Player { who, wins }
        };
        Item::Ending {
            name,
            cond,
            outcome,
        }
    }

    /// `notation { … }`: how a pass, an opening, a result and the end of a turn or a round
    /// are written.
    pub(super) fn notation_decl(&self, it: Pairs<Rule>) -> Item {
        let (mut pass, mut opening, mut result) = (None, None, None);
        let (mut after_turn, mut after_round) = (None, None);
        for x in it {
            let rule = x.as_rule();
            let mut xi = x.into_inner();
            if rule == Rule::notation_after {
                let round = xi.next().is_some_and(|w| w.as_str() == "round");
                let text = xi.next().map(|s| self.name(s));
                if round {
                    after_round = text;
                } else {
                    after_turn = text;
                }
                continue;
            }
            let text = xi.next().map(|s| self.name(s));
            match rule {
                Rule::notation_pass => pass = text,
                Rule::notation_opening => {
                    let until = xi.next().map(|e| self.expr(e));
                    opening = text.zip(until);
                }
                _ => result = text,
            }
        }
        Item::Notation {
            pass,
            opening,
            result,
            after_turn,
            after_round,
        }
    }

    /// One field of a `position { … }`.
    pub(super) fn field(&self, p: Pair<Rule>) -> Field {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::board_field => Field::Board(span, it.next().map(|s| self.name(s))),
            Rule::turns_field => Field::Turns(span),
            Rule::turn_field => Field::Turn(it.map(|s| self.name(s)).collect(), span),
            Rule::rights_field => Field::Rights(
                it.map(|r| {
                    let mut ri = r.into_inner();
                    let letter = self.name(ri.next().unwrap());
                    (letter, ri.map(|c| self.name(c)).collect())
                })
                .collect(),
                span,
            ),
            Rule::cell_field => Field::Cell(self.name(it.next().unwrap())),
            Rule::cells_field => {
                let name = self.name(it.next().unwrap());
                let s = it.next().unwrap();
                let chars = Name {
                    text: s.as_str().trim_matches('"').to_string(),
                    span: self.span(&s),
                };
                Field::CellMap(name, chars)
            }
            Rule::counter_field => {
                let name = self.name(it.next().unwrap());
                let cells: Vec<Name> = it.map(|c| self.name(c)).collect();
                if cells.is_empty() {
                    Field::Counter(name)
                } else {
                    Field::Counters(name, cells)
                }
            }
            Rule::zone_field => {
                let mut first = it.next().unwrap();
                let optional = first.as_rule() == Rule::optional_word;
                if optional {
                    first = it.next().unwrap();
                }
                Field::Zone(self.name(first), optional)
            }
            _ => Field::Number(span),
        }
    }
}
