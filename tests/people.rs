//! The commands where people change sides between rounds (`people by VAR score VAR`,
//! docs/language.md 3.20b), on òicustiỳtac: `play` names the person beside each side's
//! zones and values, and `analyze` counts rounds and matches by person as well as by side.

mod common;

use common::typed as tessel;

#[test]
fn play_names_the_person_beside_each_sides_hand_after_rule_1s_draw() {
    // Issue 18, òicustiỳtac 1 (leftover): with seed 0 person 1 (seated at black for the
    // draw) draws 3o 2x and person 2 draws 4o x, so person 2 plays black. The hands go
    // with the people: black's part is person 2's draw, and each is labelled by person.
    let (code, out, err) = tessel(&["play", "oicustiytac", "--seed", "0"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Round 1: person 2 plays black, person 1 plays white."),
        "{out}"
    );
    assert!(
        out.contains("hand: black (person 2) 4o x, white (person 1) 3o 2x"),
        "{out}"
    );
    assert!(
        out.contains("reserve: black (person 2) 15B, white (person 1) 15W"),
        "{out}"
    );
    assert!(
        out.contains("points: black (person 2) 0, white (person 1) 0"),
        "{out}"
    );
    // Against the computer the human is named too.
    let (code, out, err) = tessel(
        &["play", "oicustiytac", "--seed", "0", "--ai", "random"],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("hand: black (person 2, the computer) 4o x, white (person 1, you) 3o 2x"),
        "{out}"
    );
}

#[test]
fn analyze_counts_rounds_and_matches_by_person_and_by_side() {
    let (code, out, err) = tessel(
        &[
            "analyze",
            "oicustiytac",
            "--games",
            "20",
            "--seed",
            "1",
            "--max-plies",
            "20000",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for want in [
        "rounds won by side:",
        "rounds won by person:",
        "matches won by person:",
        "the person who began at black",
    ] {
        assert!(out.contains(want), "{want:?} in {out}");
    }
    let (code, out, err) = tessel(
        &[
            "analyze",
            "oicustiytac",
            "--games",
            "20",
            "--seed",
            "1",
            "--max-plies",
            "20000",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let people = &v["people"];
    let rounds = people["rounds"].as_u64().expect("rounds");
    let by_side: u64 = people["round_wins_by_side"]
        .as_array()
        .expect("by side")
        .iter()
        .map(|x| x["wins"].as_u64().expect("wins"))
        .sum();
    let by_person: u64 = people["round_wins_by_person"]
        .as_array()
        .expect("by person")
        .iter()
        .map(|x| x["wins"].as_u64().expect("wins"))
        .sum();
    assert_eq!(by_side, rounds);
    assert_eq!(by_person, rounds);
    // A match to three rounds has three to five rounds, each won by someone.
    assert!(
        (60..=100).contains(&rounds),
        "{rounds} rounds in 20 matches"
    );
    let matches: u64 = people["match_wins_by_person"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|x| x["wins"].as_u64().expect("wins"))
        .sum();
    assert_eq!(
        matches + v["draws"].as_u64().unwrap() + v["unfinished"].as_u64().unwrap(),
        20
    );
    assert!(
        people["starter_match_wins"]["wins"]
            .as_u64()
            .expect("starter")
            <= matches
    );
    // Without `people` the report has none of it.
    let (_, out, _) = tessel(
        &[
            "analyze",
            "chess",
            "--games",
            "2",
            "--max-plies",
            "20",
            "--json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert!(v.get("people").is_none_or(|p| p.is_null()), "{out}");
}
