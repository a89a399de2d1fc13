//! Text to syntax tree: the pest grammar, its errors turned into diagnostics in words.

use crate::ast::*;
use crate::diag::{codes, Diagnostic, FileId, Span};
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser;
use std::sync::OnceLock;

#[derive(pest_derive::Parser)]
#[grammar = "tessel.pest"]
struct TesselParser;

/// Parses one file. Parsing never panics: a syntax error comes back as a diagnostic.
/// Reads one expression that stands at byte `offset` of a file (inside a string, such as a
/// notation template): its spans point into the file.
pub fn parse_expr(file: FileId, text: &str, offset: usize) -> Result<Expr, Diagnostic> {
    let padded = format!("{}{text}", " ".repeat(offset));
    too_deep(file, &padded)?;
    let mut pairs = TesselParser::parse(Rule::expr_only, &padded)
        .map_err(|e| syntax_error(file, &padded, e))?;
    let root = pairs
        .next()
        .expect("the expr_only rule always yields one pair");
    let b = Builder { file };
    let e = root
        .into_inner()
        .next()
        .expect("expr_only holds an expression");
    Ok(b.expr(e))
}

pub fn parse(file: FileId, text: &str) -> Result<crate::ast::File, Diagnostic> {
    too_deep(file, text)?;
    let mut pairs =
        TesselParser::parse(Rule::file, text).map_err(|e| syntax_error(file, text, e))?;
    let root = pairs.next().expect("the file rule always yields one pair");
    let b = Builder { file };
    let mut items = Vec::new();
    for pair in root.into_inner() {
        if pair.as_rule() == Rule::EOI {
            break;
        }
        items.push(b.item(pair));
    }
    Ok(crate::ast::File { items })
}

/// Parses an area file: the items of a `board tessels { … }` block.
pub fn parse_area(file: FileId, text: &str) -> Result<Vec<crate::ast::TesselItem>, Diagnostic> {
    too_deep(file, text)?;
    let mut pairs =
        TesselParser::parse(Rule::area_file, text).map_err(|e| syntax_error(file, text, e))?;
    let root = pairs
        .next()
        .expect("the area_file rule always yields one pair");
    let b = Builder { file };
    Ok(root
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| b.tessel_item(p))
        .collect())
}

/// Brackets nested deeper than this are refused before parsing, so that no input can
/// exhaust the stack of the parser or of the passes after it.
pub const MAX_NESTING: usize = 64;

fn too_deep(file: FileId, text: &str) -> Result<(), Diagnostic> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut in_comment = false;
    let mut prev = '\0';
    for (i, ch) in text.char_indices() {
        if in_comment {
            in_comment = ch != '\n';
        } else if in_string {
            in_string = ch != '"' && ch != '\n';
        } else {
            match ch {
                '"' => in_string = true,
                '/' if prev == '/' => in_comment = true,
                '(' | '{' | '[' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Err(Diagnostic::error(
                            codes::SYNTAX,
                            format!("brackets are nested more than {MAX_NESTING} deep"),
                        )
                        .at(Span::new(file, i, i + 1), "too deep")
                        .hint(
                            "split the expression, or name a part of it with a `var` or a `region`",
                        ));
                    }
                }
                ')' | '}' | ']' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        prev = ch;
    }
    Ok(())
}

/// What a grammar rule is called in an error message.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        EOI => "end of file",
        ident | name => "a name",
        int | signed_int => "a number",
        string => "a quoted string",
        symbol => "a piece symbol",
        game_decl | variant_decl | use_decl | players_decl | option_decl | board_decl
        | dirs_decl | region_decl | var_decl | zone_decl | mover_decl | piece_decl
        | forbid_decl | after_decl | ending_decl | position_decl | start_decl | turn_decl
                        | captures_decl | captures_top_decl | score_decl | action_decl | piles_decl | setup_decl | show_decl | notation_decl | define_decl => {
            "a declaration (game, variant, use, players, option, board, dirs, region, var, counter, zone, pattern, piece, forbid, after, ending, position, start, setup, turn, captures, score, action, piles, define, show, notation)"
        }
        option_type | int_type | bool_type | choice_type => "an option type (int, bool, or choices a | b)",
        literal | true_lit | false_lit | none_lit => "a value",
        grid_board | hex_board | explicit_board | tessel_board => "`grid W x H`, `hex R`, `{ cells … }` or `tessels { … }`",
        area_file | tessel_poly | tessel_squares | tessel_hexes | splice_item | area_set => "an area item (tessel, squares, hexes, splice, set)",
        joined => "`joined`",
        spare_item => "`spare N`",
        split_stmt => "`split CELL by N`",
        merge_stmt => "`merge CELL with CELL`",
        splice_stmt => "`splice CELL with CELL`",
        unsplice_stmt => "`unsplice CELL with CELL`",
        at_point => "`at (x, y)`",
        name_prefix => "`prefix \"…\"`",
        point => "a point `(x, y)`",
        decimal => "a number",
        cells_item | link_item | opposite_item | mirror_item => "a board item (cells, link, opposite, mirror)",
        dir_spec | mirrored_dirs | per_player_dirs | dir_list | ride_dirs => "directions",
        player_dirs | player_region => "`player: …`",
        region_expr | region_term | rank_term | file_term | mirrored_region | per_player_region
        | cell_list => "a region (rank N, file X, [cells], a region name, mirrored …, { player: … })",
        region_op => "`+` or `-`",
        var_type => "a type (int, bool, cell)",
                per_player | per_cell | per_piece => "`per player`, `per cell` or `per piece`",
        cell_index => "a cell in parentheses",
        reset_clause => "`reset each turn`",
        symbol_list => "the piece's symbols",
        inert_item | neutral_item | royal_item | value_item | moves_item | promote_item | move_rule | letter_item | shared_item => {
            "a piece item (move, moves, promote, royal, value, inert, neutral, shared, written) or `}`"
        }
                step_atom | leap_atom | ride_atom | drop_atom | anywhere_atom => "a move atom (step, leap, ride, drop, anywhere)",
        turn_max | turn_pass | turn_start | turn_end => "a turn item (max N, pass, pass if …, start { … }, end { … }) or `}`",
                zone_owner => "`owner` or `mover`",
        action_flag | on_cells | forced | free | manual | secret | reaction => "`on cells`, `forced`, `free`, `manual`, `secret`, `reaction`, a condition or effects",
        ask_stmt | ask_others => "`ask others`, `ask others if CONDITION` or `ask PLAYER`",
                        send_stmt | roll_stmt | draw_stmt | place_stmt | take_stmt | remove_stmt | each_stmt | restart_stmt | reset_turns_stmt | end_turn_stmt | keep_stmt | restore_stmt => "a statement (set, capture, shift, send, roll, draw, place, take, remove, each cell, restart, reset turns, keep position, restore position, if)",
        group | carry | any_count => "`group N`, `group any` or `carry`",
        by_group => "`exactly N` or `exactly group`",
        into_zone | take_into => "`into ZONE`",
        not_through => "`not through REGION` or `not through (CONDITION)`",
        over_pieces => "`over pieces`",
        merging => "`merging`",
        converting => "`converting`",
        at_turn_end => "`at turn end`",
        kept => "`kept`",
        next_turn_stmt => "`next turn to PLAYER`",
        swap_stmt => "`swap CELL with CELL`",
        chance_spec | die_spec | dice_spec | coins_spec => "a chance (`die N`, `K dice N`, `K coins`)",
        zone_field => "a position field (board, turn, rights, cell, counter, number, zone) or `}`",
        path => "a path in parentheses, e.g. `(n n e)`",
        ride_range | exactly_range | min_max_range => "a range (exactly N, min N, max N)",
                target | target_kind | stacking => "a target (to empty, to enemy, to friend, to any; then `stacking`)",
        condition => "a condition (`if …`)",
        written => "`written \"…\"`",
        notation_pass | notation_opening | notation_result | notation_after => "a notation item (`pass \"…\"`, `opening \"…\" until …`, `result \"…\"`, `after turn \"…\"`) or `}`",
        expr_only => "an expression",
        effects => "effects (`then …`)",
        set_stmt | capture_stmt | shift_stmt | if_stmt => "a statement (set, capture, shift, if)",
        assign_op => "`=`, `+=` or `-=`",
        block => "a block `{ … }`",
        expr | paren | call | to_ref => "an expression",
        not_op | neg_op => "an expression",
        or_op | and_op | eq_op | ne_op | le_op | ge_op | lt_op | gt_op | add_op | sub_op
        | mul_op | div_op | mod_op | in_op => "an operator",
        show_as | show_after => "`as` or `after`",
        define_params => "parameters in brackets, `(a, b)`",
        show_fill => "`fill \"#rrggbb\"`",
        outcome | draw_outcome | player_outcome | highest_outcome => "an outcome (draw, `PLAYER wins`/`PLAYER loses`, or `highest EXPR wins`)",
        wins_word | loses_word => "`wins` or `loses`",
        board_field | turn_field | rights_field | cell_field | cells_field | counter_field | number_field | turns_field | optional_word => {
            "a position field (board, turn, rights, cell, cells, counter, number) or `}`"
        }
        right => "a right, e.g. `K: e1 h1`",
        _ => return None,
    })
}

fn syntax_error(file: FileId, text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let (start, end) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((s, e)) => (s, e),
    };
    // Point at the word (or the run of punctuation) that stands where the error is.
    let rest = &text[start..];
    let first = rest.chars().next();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let len = match first {
        None => 0,
        Some('"') => match rest[1..].find(['"', '\n']) {
            Some(i) if rest[1 + i..].starts_with('"') => i + 2,
            Some(i) => i + 1,
            None => rest.len(),
        },
        Some(c) if is_word(c) => rest.find(|c: char| !is_word(c)).unwrap_or(rest.len()),
        Some(_) => rest
            .find(|c: char| c.is_whitespace() || is_word(c) || c == '"')
            .unwrap_or(rest.len())
            .max(first.map(|c| c.len_utf8()).unwrap_or(0)),
    };
    let word_end = (start + len).max(end);
    let span = Span::new(file, start, word_end.max(start));
    let found = &text[start..word_end];
    let mut expected: Vec<&'static str> = Vec::new();
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
        for r in positives {
            if let Some(d) = describe(*r) {
                if !expected.contains(&d) {
                    expected.push(d);
                }
            }
        }
    }
    let what = if expected.is_empty() {
        "something else".to_string()
    } else if expected.len() == 1 {
        expected[0].to_string()
    } else {
        let last = expected.pop().unwrap_or_default();
        format!("{} or {}", expected.join(", "), last)
    };
    let found_words = if found.is_empty() {
        "the end of the file".to_string()
    } else {
        format!("`{}`", found.chars().take(30).collect::<String>())
    };
    let mut d = Diagnostic::error(
        codes::SYNTAX,
        format!("expected {what}, found {found_words}"),
    )
    .at(span, format!("expected {what} here"));
    let unterminated = found.starts_with('"') && !found[1..].ends_with('"');
    // The declaration's own word, with what follows it out of form: pest stops at the word.
    let starts_declaration = what.contains("declaration") && what.contains(&format!(" {found},"));
    if starts_declaration {
        let form = declaration_form(found).map_or(String::new(), |f| format!(": {f}"));
        d = Diagnostic::error(
            codes::SYNTAX,
            format!("this `{found}` declaration is not in its form"),
        )
        .at(span, "what follows this word does not fit");
        d = d.hint(format!(
            "check the words after `{found}` against its form{form} (docs/language.md)"
        ));
    } else if unterminated {
        d = d.hint("this string has no closing quote `\"` on its line");
    } else if let Some(h) = symbol_hint(found) {
        d = d.hint(h);
    } else if let Some(word) = close_keyword(found).filter(|_| {
        what.contains("declaration") || what.contains("piece item") || what.contains("move atom")
    }) {
        d = d.hint(format!("did you mean `{word}`?"));
    } else if keyword_like(found) {
        d = d.hint(format!(
            "`{found}` is a word of the language and cannot be used as a name; choose another name"
        ));
    } else {
        d = d.hint("see docs/language.md for the form of each declaration");
    }
    d
}

/// The forms of the declarations whose words are easy to get wrong.
fn declaration_form(word: &str) -> Option<&'static str> {
    Some(match word {
        "captures" => {
            "`captures go to ZONE of mover`, `captures go to ZONE of owner` or `captures take top`"
        }
        "zone" => "`zone NAME` or `zone NAME per player`",
        "players" => "`players NAME NAME …`, optionally `seated N to M` after them",
        "board" => {
            "`board grid W x H`, `board hex N` (or `hex OPTION`) or `board { cells … link … }`"
        }
        "piece" => "`piece NAME SYMBOL … { … }`",
        "option" => "`option NAME: int = 3`, `: bool = true` or `: a | b = a`, then a description",
        "var" | "counter" => {
            "`var NAME = VALUE`, then `per player` or `per cell`, then `reset each turn` or `kept`"
        }
        _ => return None,
    })
}

/// Help for symbols that other languages use and this one spells differently.
fn symbol_hint(found: &str) -> Option<&'static str> {
    Some(match found {
        "&&" | "&" => "write `and` to join conditions",
        "||" | "|" => "write `or` for either condition",
        "!" => "write `not` before a condition",
        "=" => {
            "`==` compares two values; `=` only sets a variable (`set NAME = …`) or gives a default"
        }
        "=<" | "=>" => "`<=` and `>=` compare numbers; `=>` comes only before an ending's outcome",
        ";" => "declarations need no `;` between them",
        _ => return None,
    })
}

/// A declaration word close to a misspelled one (`peice` → `piece`).
fn close_keyword(found: &str) -> Option<&'static str> {
    const WORDS: &[&str] = &[
        "game", "variant", "use", "players", "option", "board", "dirs", "region", "var", "counter",
        "zone", "pattern", "piece", "forbid", "after", "ending", "position", "start", "turn",
        "captures", "move", "moves", "promote", "royal", "value", "inert", "step", "leap", "ride",
        "drop", "setup", "action", "piles", "score", "roll", "draw", "remove", "send",
    ];
    if found.len() < 3 || WORDS.contains(&found) {
        return None;
    }
    WORDS
        .iter()
        .map(|w| (crate::diag::edit_distance(found, w), *w))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, w)| w)
}

fn keyword_like(word: &str) -> bool {
    let w: String = word
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    !w.is_empty() && TesselParser::parse(Rule::keyword, &w).is_ok_and(|p| p.as_str() == w)
}

fn pratt() -> &'static PrattParser<Rule> {
    static P: OnceLock<PrattParser<Rule>> = OnceLock::new();
    P.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::or_op, Assoc::Left))
            .op(Op::infix(Rule::and_op, Assoc::Left))
            .op(Op::prefix(Rule::not_op))
            .op(Op::infix(Rule::eq_op, Assoc::Left)
                | Op::infix(Rule::ne_op, Assoc::Left)
                | Op::infix(Rule::le_op, Assoc::Left)
                | Op::infix(Rule::ge_op, Assoc::Left)
                | Op::infix(Rule::lt_op, Assoc::Left)
                | Op::infix(Rule::gt_op, Assoc::Left)
                | Op::infix(Rule::in_op, Assoc::Left))
            .op(Op::infix(Rule::add_op, Assoc::Left) | Op::infix(Rule::sub_op, Assoc::Left))
            .op(Op::infix(Rule::mul_op, Assoc::Left)
                | Op::infix(Rule::div_op, Assoc::Left)
                | Op::infix(Rule::mod_op, Assoc::Left))
            .op(Op::prefix(Rule::neg_op))
    })
}

struct Builder {
    file: FileId,
}

impl Builder {
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        // A rule that ends in an optional part may have taken the blanks before it.
        let trimmed = s.as_str().trim_end().len();
        Span::new(self.file, s.start(), s.start() + trimmed)
    }
    fn name(&self, p: Pair<Rule>) -> Name {
        let span = self.span(&p);
        let text = if p.as_rule() == Rule::string {
            p.into_inner()
                .next()
                .map(|i| i.as_str())
                .unwrap_or("")
                .to_string()
        } else {
            p.as_str().to_string()
        };
        Name { text, span }
    }
    fn int(&self, p: Pair<Rule>) -> (u32, Span) {
        let span = self.span(&p);
        (p.as_str().parse().unwrap_or(u32::MAX), span)
    }

    fn item(&self, p: Pair<Rule>) -> Item {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::game_decl => Item::Game {
                title: self.name(it.next().unwrap()),
            },
            Rule::variant_decl => {
                let title = self.name(it.next().unwrap());
                let base = self.name(it.next().unwrap().into_inner().next().unwrap());
                Item::Variant { title, base }
            }
            Rule::use_decl => Item::Use {
                target: self.name(it.next().unwrap()),
            },
            Rule::players_decl => {
                let mut names = Vec::new();
                let mut seats = None;
                for x in it {
                    if x.as_rule() == Rule::seats {
                        let nums: Vec<(u32, Span)> = x
                            .into_inner()
                            .filter(|n| n.as_rule() == Rule::int)
                            .map(|n| self.int(n))
                            .collect();
                        seats = Some((nums[0], nums[1]));
                    } else {
                        names.push(self.name(x));
                    }
                }
                Item::Players { names, seats }
            }
            Rule::option_decl => {
                let name = self.name(it.next().unwrap());
                let ty_pair = it.next().unwrap().into_inner().next().unwrap();
                let ty = match ty_pair.as_rule() {
                    Rule::int_type => OptionType::Int,
                    Rule::bool_type => OptionType::Bool,
                    _ => OptionType::Choice(ty_pair.into_inner().map(|n| self.name(n)).collect()),
                };
                let default = self.literal(it.next().unwrap());
                let doc = it.next().map(|d| self.name(d));
                Item::Option(OptionDecl {
                    name,
                    ty,
                    default,
                    doc,
                })
            }
            Rule::board_decl => {
                let inner = it.next().unwrap();
                let bspan = self.span(&inner);
                match inner.as_rule() {
                    Rule::grid_board => {
                        let mut g = inner.into_inner();
                        let width = self.int(g.next().unwrap());
                        let height = self.int(g.next().unwrap());
                        let files = g.next().map(|f| self.name(f));
                        Item::Board(BoardDecl::Grid {
                            width,
                            height,
                            files,
                            span: bspan,
                        })
                    }
                    Rule::hex_board => {
                        let mut g = inner.into_inner();
                        let size = g.next().unwrap();
                        let (radius, radius_option) = if size.as_rule() == Rule::int {
                            (self.int(size), None)
                        } else {
                            let n = self.name(size);
                            ((0, n.span), Some(n))
                        };
                        let files = g.next().map(|f| self.name(f));
                        Item::Board(BoardDecl::Hex {
                            radius,
                            radius_option,
                            files,
                            span: bspan,
                        })
                    }
                    Rule::tessel_board => {
                        let mut items = Vec::new();
                        let mut file = None;
                        for t in inner.into_inner() {
                            if t.as_rule() == Rule::string {
                                file = Some(self.name(t));
                            } else {
                                items.push(self.tessel_item(t));
                            }
                        }
                        Item::Board(BoardDecl::Tessels {
                            items,
                            file,
                            span: bspan,
                        })
                    }
                    _ => {
                        let items = inner.into_inner().map(|b| self.board_item(b)).collect();
                        Item::Board(BoardDecl::Explicit { items, span: bspan })
                    }
                }
            }
            Rule::dirs_decl => {
                let name = self.name(it.next().unwrap());
                let spec = it.next().unwrap().into_inner().next().unwrap();
                let spec = match spec.as_rule() {
                    Rule::mirrored_dirs => {
                        DirSpec::Mirrored(self.dir_list(spec.into_inner().next().unwrap()))
                    }
                    Rule::per_player_dirs => DirSpec::PerPlayer(
                        spec.into_inner()
                            .map(|pd| {
                                let mut pi = pd.into_inner();
                                let who = self.name(pi.next().unwrap());
                                (who, self.dir_list(pi.next().unwrap()))
                            })
                            .collect(),
                    ),
                    _ => DirSpec::List(self.dir_list(spec)),
                };
                Item::Dirs { name, spec }
            }
            Rule::region_decl => {
                let name = self.name(it.next().unwrap());
                let expr = self.region_expr(it.next().unwrap());
                Item::Region { name, expr }
            }
            Rule::var_decl => {
                let is_counter = span_text_starts(&span, "counter", &it);
                let name = self.name(it.next().unwrap());
                let mut ty = None;
                let mut init = None;
                let mut per_player = false;
                let mut per_cell = false;
                let mut per_piece = false;
                let mut reset_each_turn = false;
                let mut kept = false;
                for x in it {
                    match x.as_rule() {
                        Rule::var_type => {
                            let t = match x.as_str() {
                                "int" => VarType::Int,
                                "bool" => VarType::Bool,
                                _ => VarType::Cell,
                            };
                            ty = Some((t, self.span(&x)));
                        }
                        Rule::literal => init = Some(self.literal(x)),
                        Rule::per_player => per_player = true,
                        Rule::per_cell => per_cell = true,
                        Rule::per_piece => {
                            per_cell = true;
                            per_piece = true;
                        }
                        Rule::reset_clause => reset_each_turn = true,
                        Rule::kept => kept = true,
                        _ => {}
                    }
                }
                Item::Var(VarDecl {
                    name,
                    ty,
                    is_counter,
                    init: init.unwrap_or(Literal {
                        kind: LiteralKind::Int(0),
                        span,
                    }),
                    per_player,
                    per_cell,
                    per_piece,
                    reset_each_turn,
                    kept,
                })
            }
            Rule::zone_decl => {
                let name = self.name(it.next().unwrap());
                Item::Zone {
                    name,
                    per_player: it.next().is_some(),
                }
            }
            Rule::mover_decl => {
                let name = self.name(it.next().unwrap());
                Item::Pattern {
                    name,
                    rules: it.map(|r| self.move_rule(r)).collect(),
                }
            }
            Rule::piece_decl => {
                let name = self.name(it.next().unwrap());
                let symbols = it
                    .next()
                    .unwrap()
                    .into_inner()
                    .map(|s| self.name(s))
                    .collect();
                let mut piece = PieceDecl {
                    name,
                    symbols,
                    royal: false,
                    inert: false,
                    neutral: false,
                    letter: None,
                    shared: false,
                    value: None,
                    movers: Vec::new(),
                    rules: Vec::new(),
                    promotions: Vec::new(),
                };
                for x in it {
                    match x.as_rule() {
                        Rule::royal_item => piece.royal = true,
                        Rule::inert_item => piece.inert = true,
                        Rule::neutral_item => piece.neutral = true,
                        Rule::shared_item => {
                            piece.neutral = true;
                            piece.shared = true;
                        }
                        Rule::letter_item => {
                            piece.letter = x.into_inner().next().map(|s| Name {
                                text: s.as_str().trim_matches('"').to_string(),
                                span: self.span(&s),
                            })
                        }
                        Rule::value_item => {
                            piece.value =
                                x.into_inner().next().and_then(|v| v.as_str().parse().ok())
                        }
                        Rule::moves_item => {
                            piece.movers.extend(x.into_inner().map(|n| self.name(n)))
                        }
                        Rule::move_rule => piece.rules.push(self.move_rule(x)),
                        Rule::promote_item => {
                            let pspan = self.span(&x);
                            let mut names = Vec::new();
                            let mut cond = None;
                            for y in x.into_inner() {
                                if y.as_rule() == Rule::expr {
                                    cond = Some(self.expr(y));
                                } else {
                                    names.push(self.name(y));
                                }
                            }
                            piece.promotions.push(Promotion {
                                to: names,
                                cond: cond.unwrap_or(Expr {
                                    kind: ExprKind::Bool(true),
                                    span: pspan,
                                }),
                                span: pspan,
                            });
                        }
                        _ => {}
                    }
                }
                Item::Piece(piece)
            }
            Rule::forbid_decl => {
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
            Rule::piles_decl => Item::Piles(span),
            Rule::after_decl => Item::After {
                body: self.block(it.next().unwrap()),
                span,
            },
            Rule::setup_decl => Item::Setup {
                body: self.block(it.next().unwrap()),
                span,
            },
            Rule::ending_decl => {
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
            Rule::position_decl => Item::Position {
                fields: it.map(|f| self.field(f)).collect(),
                span,
            },
            Rule::start_decl => Item::Start {
                text: self.name(it.next().unwrap()),
            },
            Rule::turn_decl => {
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
            Rule::action_decl => {
                let name = self.name(it.next().unwrap());
                let mut a = ActionDecl {
                    name,
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
            Rule::score_decl => Item::Score {
                expr: self.expr(it.next().unwrap()),
                span,
            },
            Rule::captures_top_decl => Item::CapturesTop(span),
            Rule::notation_decl => {
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
            Rule::define_decl => {
                let name = self.name(it.next().unwrap());
                let mut next = it.next().unwrap();
                let mut params = Vec::new();
                if next.as_rule() == Rule::define_params {
                    params = next.into_inner().map(|n| self.name(n)).collect();
                    next = it.next().unwrap();
                }
                Item::Define {
                    name,
                    params,
                    body: self.expr(next),
                }
            }
            Rule::show_decl => {
                let place = it.next().unwrap();
                let place = if place.as_rule() == Rule::paren {
                    ShowWhere::Cond(self.expr(place.into_inner().next().unwrap()))
                } else {
                    ShowWhere::Region(self.name(place))
                };
                let after = it.next().unwrap().as_rule() == Rule::show_after;
                let mut text = |s: Pair<Rule>| Name {
                    text: s.as_str().trim_matches('"').to_string(),
                    span: self.span(&s),
                };
                let mark = text(it.next().unwrap());
                let (mut legend, mut fill) = (None, None);
                for p in it {
                    if p.as_rule() == Rule::show_fill {
                        fill = p.into_inner().next().map(&mut text);
                    } else {
                        legend = Some(text(p));
                    }
                }
                Item::Show {
                    place,
                    mark,
                    after,
                    legend,
                    fill,
                }
            }
            Rule::captures_decl => {
                let zone = self.name(it.next().unwrap());
                let to_owner = it.next().is_some_and(|o| o.as_str() == "owner");
                Item::Captures { zone, to_owner }
            }
            other => unreachable!("item rule {other:?} is not a declaration"),
        }
    }

    fn literal(&self, p: Pair<Rule>) -> Literal {
        let span = self.span(&p);
        let inner = p.into_inner().next().unwrap();
        let kind = match inner.as_rule() {
            Rule::signed_int => match inner.as_str().parse() {
                Ok(v) => LiteralKind::Int(v),
                Err(_) => LiteralKind::Word(inner.as_str().to_string()),
            },
            Rule::true_lit => LiteralKind::Bool(true),
            Rule::false_lit => LiteralKind::Bool(false),
            Rule::none_lit => LiteralKind::None,
            _ => LiteralKind::Word(inner.as_str().to_string()),
        };
        Literal { kind, span }
    }

    fn point(&self, p: Pair<Rule>) -> crate::ast::PointAst {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let x = it.next().map_or(String::new(), |x| x.as_str().to_string());
        let y = it.next().map_or(String::new(), |y| y.as_str().to_string());
        crate::ast::PointAst { x, y, span }
    }

    fn tessel_item(&self, p: Pair<Rule>) -> crate::ast::TesselItem {
        use crate::ast::TesselItem;
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::tessel_poly => {
                let name = self.name(it.next().unwrap());
                TesselItem::Tessel {
                    name,
                    points: it.map(|q| self.point(q)).collect(),
                }
            }
            Rule::tessel_squares | Rule::tessel_hexes => {
                let size = |q: Pair<Rule>| {
                    if q.as_rule() == Rule::int {
                        let (n, s) = self.int(q);
                        (n, s, None)
                    } else {
                        let n = self.name(q);
                        (0, n.span, Some(n))
                    }
                };
                let first = size(it.next().unwrap());
                let height = (rule == Rule::tessel_squares).then(|| size(it.next().unwrap()));
                let (mut at, mut prefix) = (None, None);
                for q in it {
                    match q.as_rule() {
                        Rule::at_point => at = q.into_inner().next().map(|x| self.point(x)),
                        _ => prefix = q.into_inner().next().map(|x| self.name(x)),
                    }
                }
                match height {
                    Some(height) => TesselItem::Squares {
                        width: first,
                        height,
                        at,
                        prefix,
                        span,
                    },
                    None => TesselItem::Hexes {
                        radius: first,
                        at,
                        prefix,
                        span,
                    },
                }
            }
            Rule::spare_item => {
                let count = self.int(it.next().unwrap());
                let prefix = it
                    .next()
                    .and_then(|p| p.into_inner().next())
                    .map(|n| self.name(n));
                TesselItem::Spare {
                    count,
                    prefix,
                    span,
                }
            }
            Rule::area_set => {
                let var = self.name(it.next().unwrap());
                let v = it.next().unwrap();
                let value = (v.as_str().parse::<i64>().unwrap_or(0), self.span(&v));
                let mut cells = Vec::new();
                let mut joined = false;
                for q in it {
                    if q.as_rule() == Rule::joined {
                        joined = true;
                    } else {
                        cells.push(self.name(q));
                    }
                }
                TesselItem::Set {
                    var,
                    value,
                    cells,
                    joined,
                    span,
                }
            }
            _ => {
                let pts: Vec<_> = it.map(|q| self.point(q)).collect();
                let pairs = pts
                    .chunks(2)
                    .filter(|c| c.len() == 2)
                    .map(|c| (c[0].clone(), c[1].clone()))
                    .collect();
                TesselItem::Splice { pairs, span }
            }
        }
    }

    fn board_item(&self, p: Pair<Rule>) -> BoardItem {
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::cells_item => BoardItem::Cells(it.map(|n| self.name(n)).collect()),
            Rule::link_item => {
                let from = self.name(it.next().unwrap());
                let dir = self.name(it.next().unwrap());
                let to = self.name(it.next().unwrap());
                let back = it.next().map(|b| self.name(b));
                BoardItem::Link {
                    from,
                    dir,
                    to,
                    back,
                }
            }
            Rule::opposite_item => {
                let a = self.name(it.next().unwrap());
                let b = self.name(it.next().unwrap());
                BoardItem::Opposite(a, b)
            }
            _ => {
                let a = self.name(it.next().unwrap());
                let b = self.name(it.next().unwrap());
                BoardItem::Mirror(a, b)
            }
        }
    }

    fn dir_list(&self, p: Pair<Rule>) -> Vec<Name> {
        p.into_inner().map(|n| self.name(n)).collect()
    }

    fn region_expr(&self, p: Pair<Rule>) -> RegionExpr {
        let mut it = p.into_inner();
        let first = self.region_term(it.next().unwrap());
        let mut rest = Vec::new();
        while let Some(op) = it.next() {
            let add = op.as_str() == "+";
            if let Some(t) = it.next() {
                rest.push((add, self.region_term(t)));
            }
        }
        RegionExpr { first, rest }
    }

    fn region_term(&self, p: Pair<Rule>) -> RegionTerm {
        let inner = p.into_inner().next().unwrap();
        let span = self.span(&inner);
        match inner.as_rule() {
            Rule::rank_term => {
                RegionTerm::Rank(self.int(inner.into_inner().next().unwrap()).0, span)
            }
            Rule::file_term => RegionTerm::File(self.name(inner.into_inner().next().unwrap())),
            Rule::mirrored_region => RegionTerm::Mirrored(
                Box::new(self.region_term(inner.into_inner().next().unwrap())),
                span,
            ),
            Rule::per_player_region => RegionTerm::PerPlayer(
                inner
                    .into_inner()
                    .map(|pr| {
                        let mut pi = pr.into_inner();
                        let who = self.name(pi.next().unwrap());
                        (who, self.region_expr(pi.next().unwrap()))
                    })
                    .collect(),
                span,
            ),
            Rule::cell_list => {
                RegionTerm::Cells(inner.into_inner().map(|n| self.name(n)).collect(), span)
            }
            _ => RegionTerm::Named(self.name(inner)),
        }
    }

    fn move_rule(&self, p: Pair<Rule>) -> MoveRule {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let mut a = it.next().unwrap();
        let mut group = 1;
        let mut group_any = false;
        let mut carry = false;
        if a.as_rule() == Rule::group {
            match a.into_inner().next() {
                Some(n) if n.as_rule() == Rule::any_count => group_any = true,
                Some(n) => group = self.int(n).0,
                None => {}
            }
            a = it.next().unwrap();
        } else if a.as_rule() == Rule::carry {
            carry = true;
            a = it.next().unwrap();
        }
        let atom = match a.as_rule() {
            Rule::step_atom => Atom::Step(self.dir_list(a.into_inner().next().unwrap())),
            Rule::drop_atom => Atom::Drop(self.name(a.into_inner().next().unwrap())),
            Rule::anywhere_atom => Atom::Anywhere,
            Rule::plugin_atom => {
                let mut names = a.into_inner().map(|n| self.name(n));
                let file = names.next().unwrap();
                Atom::Plugin(file, names.collect())
            }
            Rule::leap_atom => Atom::Leap(
                a.into_inner()
                    .map(|path| {
                        let s = self.span(&path);
                        (path.into_inner().map(|n| self.name(n)).collect(), s)
                    })
                    .collect(),
            ),
            _ => {
                let mut ai = a.into_inner();
                let dirs = self.dir_list(ai.next().unwrap());
                let (mut min, mut max) = (None, None);
                let mut not_through = None;
                let mut over = false;
                let mut range = None;
                let mut by_group = false;
                for x in ai {
                    match x.as_rule() {
                        Rule::not_through => {
                            not_through = x.into_inner().next().map(|n| {
                                if n.as_rule() == Rule::paren {
                                    Barrier::Cond(self.expr(n.into_inner().next().unwrap()))
                                } else {
                                    Barrier::Region(self.name(n))
                                }
                            })
                        }
                        Rule::over_pieces => over = true,
                        _ => range = Some(x),
                    }
                }
                if let Some(range) = range {
                    let r = range.into_inner().next().unwrap();
                    let exact = r.as_rule() == Rule::exactly_range;
                    by_group = exact && r.as_str().trim_end().ends_with("group");
                    let s = r.as_str().to_string();
                    let nums: Vec<(u32, Span)> = r.into_inner().map(|n| self.int(n)).collect();
                    if exact {
                        min = nums.first().copied();
                        max = nums.first().copied();
                    } else if s.starts_with("min") {
                        min = nums.first().copied();
                        max = nums.get(1).copied();
                    } else {
                        max = nums.first().copied();
                    }
                }
                Atom::Ride {
                    dirs,
                    min,
                    max,
                    by_group,
                    over,
                    not_through,
                }
            }
        };
        let mut rule = MoveRule {
            group,
            group_any,
            carry,
            atom,
            target: Vec::new(),
            stacking: false,
            merging: false,
            converting: false,
            into: None,
            written: None,
            also: Vec::new(),
            cond: None,
            effects: Vec::new(),
            span,
        };
        for x in it {
            match x.as_rule() {
                Rule::target => {
                    for k in x.into_inner() {
                        if k.as_rule() == Rule::stacking {
                            rule.stacking = true;
                            continue;
                        }
                        if k.as_rule() == Rule::merging {
                            rule.merging = true;
                            continue;
                        }
                        if k.as_rule() == Rule::converting {
                            rule.converting = true;
                            continue;
                        }
                        if k.as_rule() == Rule::into_zone {
                            rule.into = k.into_inner().next().map(|z| self.name(z));
                            continue;
                        }
                        let kind = match k.as_str() {
                            "empty" => TargetKind::Empty,
                            "enemy" => TargetKind::Enemy,
                            "friend" => TargetKind::Friend,
                            "neutral" => TargetKind::Neutral,
                            _ => TargetKind::Any,
                        };
                        rule.target.push((kind, self.span(&k)));
                    }
                }
                Rule::condition => rule.cond = Some(self.expr(x.into_inner().next().unwrap())),
                Rule::written => {
                    let mut texts = x.into_inner().map(|s| self.name(s));
                    rule.written = texts.next();
                    rule.also = texts.collect();
                }
                Rule::effects => rule.effects = x.into_inner().map(|s| self.stmt(s)).collect(),
                _ => {}
            }
        }
        rule
    }

    fn block(&self, p: Pair<Rule>) -> Vec<Stmt> {
        p.into_inner().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, p: Pair<Rule>) -> Stmt {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match rule {
            Rule::set_stmt => {
                let name = self.name(it.next().unwrap());
                let mut next = it.next().unwrap();
                let mut cell = None;
                if next.as_rule() == Rule::cell_index {
                    cell = Some(self.expr(next.into_inner().next().unwrap()));
                    next = it.next().unwrap();
                }
                let op = match next.as_str() {
                    "+=" => AssignOp::Add,
                    "-=" => AssignOp::Sub,
                    _ => AssignOp::Set,
                };
                let value = self.expr(it.next().unwrap());
                Stmt::Set {
                    name,
                    cell,
                    op,
                    value,
                    span,
                }
            }
            Rule::capture_stmt => Stmt::Capture(self.expr(it.next().unwrap()), span),
            Rule::remove_stmt => {
                let count = self.expr(it.next().unwrap());
                let player = self.expr(it.next().unwrap());
                let cell = self.expr(it.next().unwrap());
                let zone = it.next().map(|z| self.name(z));
                Stmt::Remove {
                    count,
                    player,
                    cell,
                    zone,
                    span,
                }
            }
            Rule::each_stmt => {
                let mut cond = None;
                let mut body = Vec::new();
                for x in it {
                    if x.as_rule() == Rule::condition {
                        cond = Some(self.expr(x.into_inner().next().unwrap()));
                    } else {
                        body = self.block(x);
                    }
                }
                Stmt::Each { cond, body, span }
            }
            Rule::restart_stmt => Stmt::Restart(span),
            Rule::reset_turns_stmt => Stmt::ResetTurns(span),
            Rule::keep_stmt => Stmt::KeepPosition(span),
            Rule::restore_stmt => Stmt::RestorePosition(it.next().map(|e| self.expr(e)), span),
            Rule::end_turn_stmt => Stmt::EndTurn(span),
            Rule::split_stmt | Rule::merge_stmt | Rule::splice_stmt | Rule::unsplice_stmt => {
                let a = self.expr(it.next().unwrap());
                let b = self.expr(it.next().unwrap());
                let kind = match rule {
                    Rule::split_stmt => crate::ast::AreaChange::Split,
                    Rule::merge_stmt => crate::ast::AreaChange::Merge,
                    Rule::splice_stmt => crate::ast::AreaChange::Splice,
                    _ => crate::ast::AreaChange::Unsplice,
                };
                Stmt::ChangeArea(kind, a, b, span)
            }
            Rule::ask_stmt => {
                let what = it.next().unwrap();
                if what.as_rule() == Rule::ask_others {
                    Stmt::AskOthers(what.into_inner().next().map(|e| self.expr(e)))
                } else {
                    Stmt::Ask(self.expr(what))
                }
            }
            Rule::next_turn_stmt => Stmt::NextTurn(self.expr(it.next().unwrap())),
            Rule::swap_stmt => {
                let a = self.expr(it.next().unwrap());
                Stmt::Swap(a, self.expr(it.next().unwrap()))
            }
            Rule::roll_stmt => {
                let name = self.name(it.next().unwrap());
                let spec = it.next().unwrap();
                let then = it.next().map(|b| self.block(b)).unwrap_or_default();
                if spec.as_rule() == Rule::cells_spec {
                    let cond = self.expr(spec.into_inner().next().unwrap());
                    return Stmt::RollCell {
                        name,
                        cond,
                        then,
                        span,
                    };
                }
                let spec = spec.into_inner().next().unwrap();
                let rule = spec.as_rule();
                let mut faces = None;
                let nums: Vec<u32> = spec
                    .into_inner()
                    .map(|n| {
                        if n.as_rule() == Rule::int {
                            self.int(n).0
                        } else {
                            faces = Some(self.name(n));
                            0
                        }
                    })
                    .collect();
                let spec = match rule {
                    Rule::die_spec => ChanceSpec::Die(nums[0]),
                    Rule::dice_spec => ChanceSpec::Dice(nums[0], nums[1]),
                    _ => ChanceSpec::Coins(nums[0]),
                };
                Stmt::Roll {
                    name,
                    spec,
                    faces,
                    then,
                    span,
                }
            }
            Rule::take_stmt => {
                let count = self.expr(it.next().unwrap());
                let piece = self.name(it.next().unwrap());
                let zone = self.name(it.next().unwrap());
                let (mut owner, mut into) = (None, None);
                for p in it {
                    if p.as_rule() == Rule::take_into {
                        into = p.into_inner().next().map(|z| self.name(z));
                    } else {
                        owner = Some(self.expr(p));
                    }
                }
                Stmt::Take {
                    count,
                    piece,
                    zone,
                    owner,
                    into,
                    span,
                }
            }
            Rule::place_stmt => {
                let piece = self.name(it.next().unwrap());
                let cell = self.expr(it.next().unwrap());
                let owner = it.next().map(|o| self.expr(o));
                Stmt::Place {
                    piece,
                    cell,
                    owner,
                    span,
                }
            }
            Rule::draw_stmt => {
                let count = self.expr(it.next().unwrap());
                let from = self.name(it.next().unwrap());
                let to = self.name(it.next().unwrap());
                let owner = it.next().map(|o| self.expr(o));
                Stmt::Draw {
                    count,
                    from,
                    to,
                    owner,
                    span,
                }
            }
            Rule::send_stmt => {
                let cell = self.expr(it.next().unwrap());
                let zone = self.name(it.next().unwrap());
                let to_owner = it.next().is_none_or(|o| o.as_str() == "owner");
                Stmt::Send {
                    cell,
                    zone,
                    to_owner,
                    span,
                }
            }
            Rule::shift_stmt => {
                let a = self.expr(it.next().unwrap());
                let b = self.expr(it.next().unwrap());
                let merging = it.next().is_some();
                Stmt::Shift(a, b, merging, span)
            }
            _ => {
                let cond = self.expr(it.next().unwrap());
                let then = self.block(it.next().unwrap());
                let otherwise = match it.next() {
                    Some(b) if b.as_rule() == Rule::if_stmt => vec![self.stmt(b)],
                    Some(b) => self.block(b),
                    None => Vec::new(),
                };
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                    span,
                }
            }
        }
    }

    fn expr(&self, p: Pair<Rule>) -> Expr {
        pratt()
            .map_primary(|prim| self.primary(prim))
            .map_prefix(|op, rhs| {
                let span = self.span(&op).to(rhs.span);
                let u = if op.as_rule() == Rule::not_op {
                    UnOp::Not
                } else {
                    UnOp::Neg
                };
                Expr {
                    kind: ExprKind::Unary(u, Box::new(rhs)),
                    span,
                }
            })
            .map_infix(|lhs, op, rhs| {
                let span = lhs.span.to(rhs.span);
                let b = match op.as_rule() {
                    Rule::or_op => BinOp::Or,
                    Rule::and_op => BinOp::And,
                    Rule::eq_op => BinOp::Eq,
                    Rule::ne_op => BinOp::Ne,
                    Rule::le_op => BinOp::Le,
                    Rule::ge_op => BinOp::Ge,
                    Rule::lt_op => BinOp::Lt,
                    Rule::gt_op => BinOp::Gt,
                    Rule::add_op => BinOp::Add,
                    Rule::sub_op => BinOp::Sub,
                    Rule::mul_op => BinOp::Mul,
                    Rule::div_op => BinOp::Div,
                    Rule::mod_op => BinOp::Mod,
                    _ => BinOp::In,
                };
                Expr {
                    kind: ExprKind::Binary(b, Box::new(lhs), Box::new(rhs)),
                    span,
                }
            })
            .parse(p.into_inner())
    }

    fn primary(&self, p: Pair<Rule>) -> Expr {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::int => ExprKind::Int(p.as_str().parse().unwrap_or(i64::MAX)),
            Rule::true_lit => ExprKind::Bool(true),
            Rule::false_lit => ExprKind::Bool(false),
            Rule::none_lit => ExprKind::None,
            Rule::to_ref => ExprKind::To,
            Rule::ident | Rule::word_of_choice => ExprKind::Name(p.as_str().to_string()),
            Rule::paren => return self.expr(p.into_inner().next().unwrap()),
            _ => {
                let mut it = p.into_inner();
                let f = self.name(it.next().unwrap());
                ExprKind::Call(f, it.map(|a| self.expr(a)).collect())
            }
        };
        Expr { kind, span }
    }

    fn field(&self, p: Pair<Rule>) -> Field {
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

fn span_text_starts(_span: &Span, _word: &str, it: &pest::iterators::Pairs<Rule>) -> bool {
    // The declaration's first word is not a pair of its own; look at the text before the name.
    it.clone()
        .next()
        .map(|n| {
            let s = n.as_span();
            let before = &s.get_input()[..s.start()];
            before.trim_end().ends_with("counter")
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_small_file() {
        let f = parse(
            0,
            "game \"T\"\nplayers a b\nboard grid 3 x 3\npiece k K k { move step n e if to == none then set x += 1 }",
        )
        .unwrap();
        assert_eq!(f.items.len(), 4);
    }

    #[test]
    fn syntax_error_in_words() {
        let e = parse(0, "game \"T\"\nplayers a b\nboard grid 3 y 3").unwrap_err();
        assert_eq!(e.code, codes::SYNTAX);
        assert!(e.message.contains("expected"), "{}", e.message);
        assert!(!e.message.contains("Rule"), "{}", e.message);
    }

    #[test]
    fn precedence() {
        let f = parse(0, "forbid a or b and not c == 1 + 2 * 3").unwrap();
        let Item::Forbid { cond, .. } = &f.items[0] else {
            panic!()
        };
        assert!(matches!(cond.kind, ExprKind::Binary(BinOp::Or, _, _)));
    }
}
