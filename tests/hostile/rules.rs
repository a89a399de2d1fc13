//! Rules files: long operator chains, deep definitions, definitions that double, huge boards,
//! floods of diagnostics (issue 19, items 1–3).

use super::*;

fn refused_with(out: &Outcome, words: &str) {
    assert!(out.ended_cleanly(), "{out:?}");
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.contains(words), "{}", out.stderr);
}

#[test]
fn thousands_of_unary_operators_are_refused_not_an_abort() {
    for op in ["-", "not "] {
        let chain = op.repeat(6054);
        let value = if op == "-" { "1 == 1" } else { "true" };
        let text = format!("{BASE}forbid {chain}{value}\n");
        refused_with(&check("unary.tessel", &text), "operators in a row");
    }
}

#[test]
fn thousands_of_terms_joined_by_an_operator_are_refused_not_an_abort() {
    let ands = vec!["true"; 6054].join(" and ");
    refused_with(
        &check("and.tessel", &format!("{BASE}forbid {ands}\n")),
        "terms",
    );
    let sums = vec!["1"; 9375].join(" + ");
    refused_with(
        &check("sum.tessel", &format!("{BASE}forbid {sums} == 2\n")),
        "terms",
    );
}

#[test]
fn a_long_chain_of_definitions_is_refused_not_an_abort() {
    let mut text = String::from(BASE);
    for i in 0..3466 {
        text.push_str(&format!("define d{i} = d{} + 1\n", i + 1));
    }
    text.push_str("define d3466 = 0\nforbid d0 == 3\n");
    refused_with(&check("chain.tessel", &text), "nested");
}

#[test]
fn definitions_that_double_at_each_level_are_refused_within_bounds() {
    for levels in [22, 30] {
        let mut text = String::from(BASE);
        for i in 0..levels {
            text.push_str(&format!("define d{i}(x) = d{}(x + x)\n", i + 1));
        }
        text.push_str(&format!("define d{levels}(x) = x\nforbid d0(1) == 3\n"));
        refused_with(&check("double.tessel", &text), "written out");
    }
}

#[test]
fn a_flood_of_unknown_names_is_capped_and_long_lines_are_trimmed() {
    // 2,000 lines each with an unknown name, then one 6 KB line of unknown cells.
    let mut text = String::from(BASE);
    for i in 0..2000 {
        text.push_str(&format!("region r{i} = zz{i}\n"));
    }
    let cells: Vec<String> = (0..1000).map(|i| format!("q{i}")).collect();
    text.push_str(&format!("region many = [{}]\n", cells.join(" ")));
    let out = check("flood.tessel", &text);
    assert!(out.ended_cleanly(), "{out:?}");
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.len() < 100_000, "{} bytes", out.stderr.len());
    assert!(out.stderr.contains("more ("), "{}", out.stderr);
    let long = "region many = [q0 q1";
    let shown = format!("{BASE}region many = [{}]\n", cells.join(" "));
    let out = check("long.tessel", &shown);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr.contains(long) || out.stderr.contains("…"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.len() < 100_000, "{} bytes", out.stderr.len());
}

/// A line of 100,000 unknown names (a fuzzed ruleset's repeated word): each mistake is
/// told once without comparing every one with every other (that took minutes).
#[test]
fn a_line_of_a_hundred_thousand_unknown_names_is_answered_at_once() {
    let cells: Vec<String> = (0..100_000).map(|i| format!("q{i}")).collect();
    let text = format!("{BASE}region many = [{}]\n", cells.join(" "));
    let out = check("line.tessel", &text);
    assert!(out.ended_cleanly(), "{out:?}");
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.contains("… and 99950 more"), "{}", out.stderr);
}

#[test]
fn the_largest_documented_boards_check_without_hanging() {
    for board in [
        "board tessels { squares 200 x 200 }",
        "board tessels { hexes 100 }",
    ] {
        let text = BASE
            .replace("board grid 3 x 3", board)
            .replace("step n", "step edge1")
            .replace("start \"2m/3/M2 w\"\n", "");
        let out = check("big.tessel", &text);
        assert!(out.ended_cleanly(), "{board}: {out:?}");
    }
}

#[test]
fn a_very_long_unknown_name_is_refused_within_bounds() {
    // Found by the mutation run (a name repeated thousands of times): the "did you mean"
    // distance to every candidate cost the product of the lengths — 19 s for a 4 MB name,
    // over a minute for the largest rules file read (16 MiB).
    let name = "b".repeat(16_000_000);
    let out = check("long-name.tessel", &format!("{BASE}forbid {name}(a1)\n"));
    refused_with(&out, "no function");
    assert!(!out.stderr.contains("did you mean"), "{}", out.stderr.len());
}
