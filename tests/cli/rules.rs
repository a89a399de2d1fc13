//! `tessel rules` and what `tessel list` shows of each game: the description a ruleset
//! carries (`about`), and rulesets that point readers only at the repository's own files.

use super::*;

#[test]
fn rules_prints_the_description_house_rules_and_options() {
    let (code, out, err) = tessel(&["rules", "chess", "-o", "fifty=0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Chess — orthodox chess"), "{out}");
    assert!(
        out.contains("Players: 2; in this game white, black"),
        "{out}"
    );
    assert!(out.contains("FIDE Laws of Chess"), "{out}");
    assert!(
        out.contains("House rules:\n  - the fifty-move rule"),
        "{out}"
    );
    assert!(out.contains("  fifty: int = 0 (default 100)"), "{out}");
    let (_, out, _) = tessel(&["rules", "mu", "-o", "players=4"]);
    assert!(
        out.contains(
            "Players: 2 to 8 (`--option players=N`); in this game red, blue, green, yellow"
        ),
        "{out}"
    );
    // No line is wider than the text's width, but for a word longer than it.
    for line in out.lines() {
        assert!(
            line.chars().count() <= 88 || !line.trim().contains(' '),
            "{line}"
        );
    }
}

#[test]
fn rules_of_a_ruleset_without_about_says_how_to_write_one() {
    let (code, out, _) = tessel(&["rules", "tests/data/check/ok/hex-board.tessel"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("no description") && out.contains("about"),
        "{out}"
    );
    let (code, out, _) = tessel(&["rules", "tests/data/check/ok/about.tessel"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("a walk of two kings") && out.contains("  - the kings never meet"),
        "{out}"
    );
    let (code, _, err) = tessel(&["rules", "tests/data/check/err/about-twice.tessel"]);
    assert_eq!(code, 1);
    assert!(err.contains("E0101"), "{err}");
}

#[test]
fn list_shows_players_and_a_line_each() {
    let (code, out, _) = tessel(&["list"]);
    assert_eq!(code, 0);
    let mu = out
        .lines()
        .find(|l| l.starts_with("mu "))
        .expect("mu listed");
    assert!(
        mu.contains("2-8 players") && mu.contains("hex segments"),
        "{mu}"
    );
    let chess = out
        .lines()
        .find(|l| l.starts_with("chess "))
        .expect("chess");
    assert!(
        chess.contains("2 players") && chess.contains("Chess — "),
        "{chess}"
    );
}

/// Every bundled ruleset says what it is, and its summary is its own (a variant does not
/// show its base's).
#[test]
fn every_bundled_ruleset_has_its_own_summary() {
    let games = tessel::bundle::games();
    assert!(games.len() >= 12);
    let mut seen = std::collections::HashSet::new();
    for g in &games {
        assert!(!g.summary.is_empty(), "{} has no `about`", g.name);
        assert!(
            seen.insert(g.summary.clone()),
            "{} repeats a summary",
            g.name
        );
    }
}

/// Rulesets point readers at nothing outside the repository: every path with `../` in
/// `rulesets/` and `stdlib/` leads to a file of the repository (the plug-ins beside the
/// rulesets), never to the seeds the rules came from.
#[test]
fn rulesets_point_only_inside_the_repository() {
    let root = std::fs::canonicalize(".").expect("the repository");
    for dir in ["rulesets", "stdlib"] {
        for entry in std::fs::read_dir(dir).expect(dir).flatten() {
            let path = entry.path();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for (n, line) in text.lines().enumerate() {
                for (i, _) in line.match_indices("../") {
                    // The path: from the start of its word to the end of it.
                    let start = line[..i]
                        .rfind(|c: char| c.is_whitespace() || c == '"' || c == '(' || c == '`')
                        .map_or(0, |s| s + 1);
                    let word: String = line[start..]
                        .chars()
                        .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | ')' | '`' | ','))
                        .collect();
                    let target = path.parent().expect("a folder").join(&word);
                    let inside = std::fs::canonicalize(&target).is_ok_and(|t| t.starts_with(&root));
                    assert!(
                        inside,
                        "{}:{}: `{word}` leads outside the repository (or nowhere)",
                        path.display(),
                        n + 1
                    );
                }
            }
        }
    }
}
