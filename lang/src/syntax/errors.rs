//! Syntax errors in words: pest errors to diagnostics, names of grammar rules, hints, did-you-mean.

use super::{Rule, TesselParser};
use crate::diag::{codes, Diagnostic, FileId, Span};
use pest::Parser;

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
        | forbid_decl | prefer_decl | after_decl | ending_decl | position_decl | start_decl | turn_decl
                        | captures_decl | captures_top_decl | score_decl | people_decl | action_decl | piles_decl | setup_decl | show_decl | notation_decl | define_block_decl | define_decl | label_decl | about_decl | track_decl => {
            "a declaration (game, variant, about, use, players, option, board, dirs, region, track, var, counter, zone, pattern, piece, forbid, prefer, after, ending, position, start, setup, turn, captures, score, people, action, piles, define, show, notation, label)"
        }
        option_type | int_type | bool_type | choice_type => "an option type (int, bool, or choices a | b)",
        literal | true_lit | false_lit | none_lit => "a value",
        grid_board | hex_board | explicit_board | tessel_board => "`grid W x H`, `hex R`, `{ cells … }` or `tessels { … }`",
        area_file | tessel_poly | tessel_squares | tessel_hexes | splice_item | area_set => "an area item (tessel, squares, hexes, splice, set)",
        about_field => "an `about` field (`summary \"…\"`, `text \"…\"`, `house \"…\"`) or `}`",
        joined => "`joined`",
        spare_item => "`spare N`",
        split_stmt => "`split CELL by N`",
        sow_stmt | sow_skip | sow_last => "`sow CELL along TRACK` (then `skip CONDITION`, `last VARIABLE`)",
        pour_stmt => "`pour CELL onto CELL`",
        each_track_stmt | backwards | starting_at => "`each cell along track TRACK [backwards] from CELL` (or `starting at CELL`) `while CONDITION { … }`",
        merge_stmt => "`merge CELL with CELL`",
        splice_stmt => "`splice CELL with CELL`",
        unsplice_stmt => "`unsplice CELL with CELL`",
        at_point => "`at (x, y)`",
        name_prefix => "`prefix \"…\"`",
        point => "a point `(x, y)`",
        decimal => "a number",
        cells_item | link_item | opposite_item | mirror_item => "a board item (cells, link, opposite, mirror)",
        dir_spec | mirrored_dirs | per_player_dirs | dir_list | ride_dirs | jump_dirs => "directions",
        player_dirs | player_region => "`player: …`",
        region_expr | region_term | rank_term | file_term | mirrored_region | per_player_region
        | cell_list => "a region (rank N, file X, [cells], a region name, mirrored …, { player: … })",
        region_op => "`+` or `-`",
        var_type => "a type (int, bool, cell)",
                per_player | per_cell | per_piece => "`per player`, `per cell` or `per piece`",
        cell_index => "a cell in parentheses",
        reset_clause => "`reset each turn`",
        symbol_list => "the piece's symbols",
        held_as_item | inert_item | neutral_item | royal_item | value_item | moves_item | promote_item | move_rule | letter_item | shared_item => {
            "a piece item (move, moves, promote, royal, value, inert, neutral, shared, written) or `}`"
        }
                step_atom | jump_atom | leap_atom | ride_atom | drop_atom | anywhere_atom => "a move atom (step, jump, leap, ride, drop, anywhere)",
        turn_max | turn_pass | turn_start | turn_end => "a turn item (max N, pass, pass if …, start { … }, end { … }) or `}`",
                zone_owner => "`owner` or `mover`",
        action_flag | on_cells | forced | free | manual | secret | reaction => "`on cells`, `forced`, `free`, `manual`, `secret`, `reaction`, a condition or effects",
        ask_stmt | ask_others => "`ask others`, `ask others if CONDITION` or `ask PLAYER`",
                        send_stmt | roll_stmt | draw_stmt | place_stmt | take_stmt | remove_stmt | convert_stmt | change_stmt | each_along_stmt | up_to | walk_max | each_stmt | each_player_stmt | restart_stmt | reset_turns_stmt | end_turn_stmt | keep_stmt | restore_stmt | do_stmt => "a statement (set, capture, shift, send, roll, draw, place, take, remove, each cell, each cell along, convert, change, each player, restart, reset turns, keep position, restore position, do, if)",
        group | carry | chain | any_count => "`group N`, `group any`, `carry` or `chain`",
        far => "`far`",
        by_group => "`exactly N` or `exactly group`",
        into_zone | take_into => "`into ZONE`",
        not_through => "`not through REGION` or `not through (CONDITION)`",
        over_pieces => "`over pieces`",
        merging => "`merging`",
        converting => "`converting`",
        at_turn_end => "`at turn end`",
        kept => "`kept`",
        next_turn_stmt => "`next turn to PLAYER`",
        each_group_stmt => "`each cell in group of CELL where CONDITION { … }`",
        where_word => "`where CONDITION`",
        grid_side => "a side: a number, an `int` option or `( … )`",
        grid_links => "`orthogonal` or `rhombus`",
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

pub(super) fn syntax_error(file: FileId, text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
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
    let mut word_end = (start + len).max(end);
    // Inside a word (`moves` read as `move` then `s`): the whole word is what was found.
    let is_word_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut start = start;
    if start > 0
        && start < text.len()
        && is_word_byte(text.as_bytes()[start - 1])
        && first.is_some_and(is_word)
    {
        while start > 0 && is_word_byte(text.as_bytes()[start - 1]) {
            start -= 1;
        }
        word_end = word_end.max(
            start
                + text[start..]
                    .find(|c: char| !is_word(c))
                    .unwrap_or(text.len() - start),
        );
    }
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
    } else if found == "moves" && what.contains("move atom") {
        d = d.hint("a `pattern` holds move rules, each written `move …`; `moves NAME` is how a piece uses a pattern");
    } else if found.starts_with('.') && text[..start].ends_with(|c: char| c.is_ascii_digit()) {
        let before = &text[..start];
        let whole = &before[before.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
        let frac: String = text[start + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        d = d.hint(format!(
            "numbers in rules are whole numbers: write `{whole}`, not `{whole}.{frac}` (scale the others up if you need fractions)"
        ));
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
    if let Some(open) = unclosed_brace(text) {
        let line = text[..open].matches('\n').count() + 1;
        d.hints.clear();
        d = d
            .with_label(Span::new(file, open, open + 1), "this `{` is never closed")
            .hint(format!(
                "the block opened on line {line} has no `}}`: close it before what follows"
            ));
    }
    d
}

/// The innermost `{` left open at the end of the text (strings and comments skipped).
fn unclosed_brace(text: &str) -> Option<usize> {
    let mut open: Vec<usize> = Vec::new();
    let (mut in_string, mut in_comment, mut prev) = (false, false, '\0');
    for (i, ch) in text.char_indices() {
        if in_comment {
            in_comment = ch != '\n';
        } else if in_string {
            in_string = ch != '"' && ch != '\n';
        } else {
            match ch {
                '"' => in_string = true,
                '/' if prev == '/' => in_comment = true,
                '{' => open.push(i),
                '}' => {
                    open.pop();
                }
                _ => {}
            }
        }
        prev = ch;
    }
    open.pop()
}

/// The forms of the declarations whose words are easy to get wrong.
fn declaration_form(word: &str) -> Option<&'static str> {
    Some(match word {
        "captures" => {
            "`captures go to ZONE of mover`, `captures go to ZONE of owner` or `captures take top`"
        }
        "zone" => "`zone NAME` or `zone NAME per player`",
        "players" => "`players NAME NAME …`, optionally `seated N to M` or `seated N` after them",
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
        "drop", "setup", "action", "piles", "score", "people", "roll", "draw", "remove", "send",
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

#[cfg(test)]
mod tests {
    use super::super::parse;
    use crate::diag::codes;

    #[test]
    fn syntax_error_in_words() {
        let e = parse(0, "game \"T\"\nplayers a b\nboard grid 3 y 3").unwrap_err();
        assert_eq!(e.code, codes::SYNTAX);
        assert!(e.message.contains("expected"), "{}", e.message);
        assert!(!e.message.contains("Rule"), "{}", e.message);
    }
}
