//! `tessel render`: SVG pictures of grids, hexagons and drawn areas, with marks, stacks and
//! zones (and `bench`).

use super::*;

#[test]
fn render_and_bench() {
    let (code, out, _) = tessel(&["render", "chess"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("<svg") && out.trim_end().ends_with("</svg>"),
        "{out}"
    );
    assert_eq!(board_part(&out).matches("<circle").count(), 32);
    let (code, out, _) = tessel(&[
        "render",
        "tests/data/check/ok/explicit-board-per-player-dirs.tessel",
    ]);
    assert_eq!(code, 0, "{out}");
    let (code, out, err) = tessel(&["bench", "chess", "--depth", "3", "--games", "5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["nodes"], 8902);
    assert!(v["playouts_per_second"].as_f64().unwrap_or(0.0) > 0.0);
}

#[test]
fn render_draws_hexagons_and_shown_regions() {
    let (code, svg, err) = tessel(&["render", "tests/data/check/ok/hex-board.tessel"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(svg.matches("<polygon").count(), 19, "one hexagon per cell");
    let (code, svg, err) = tessel(&["render", "muso"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains("#a9c6e0") && svg.contains("#b7d9a8"),
        "telo and kasi are tinted"
    );
}

#[test]
fn mu_boards_render_and_load_from_a_file() {
    let position = "4/5/6/3[rr]3/6/5/4 r 2 14 0 0 ..vv/vvvvv/vvcwcv/vvvvvvv/vvvvvv/vvvvv/vvvv \
                    ..../...../....../...o.../....../...../....";
    let dir = std::env::temp_dir().join(format!("tessel-mu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("board.txt");
    std::fs::write(&file, format!("{position}\n")).expect("written");
    let at = format!("@{}", file.display());
    let (code, svg, err) = tessel(&["render", "mu", "-o", "table=3", "--position", &at]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        svg.matches("<polygon").count(),
        35,
        "Out of Bounds is not drawn"
    );
    assert!(svg.contains("#c0392b"), "red men in red");
    assert!(svg.contains("×2"), "the column's height");
    let (code, out, err) = tessel(&["moves", "mu", "-o", "table=3", "--position", &at]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("d4f4"), "{out}");
    let (code, _, err) = tessel(&["moves", "mu", "--position", "@/no/such/file"]);
    assert_ne!(code, 0);
    assert!(err.contains("cannot read the position file"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn render_shows_square_colours_stacks_and_zones() {
    // Veney declares its square colours (W1 light) with `show … fill`; the second and
    // fourth measures are laid over them, not painted out.
    let (code, svg, err) = tessel(&["render", "veney"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains("<rect x=\"24\" y=\"744\" width=\"48\" height=\"48\" fill=\"#f0d9b5\""),
        "W1 is light"
    );
    assert!(
        svg.contains("<rect x=\"72\" y=\"744\" width=\"48\" height=\"48\" fill=\"#b58863\""),
        "X1 is dark"
    );
    assert!(svg.contains("fill-opacity=\"0.5\""), "marks laid over");
    // The reserves drawn as discs under the board, a line a player.
    let caption = &svg[board_part(&svg).len()..];
    assert!(caption.contains(">white reserve:</text>"), "{svg}");
    assert!(
        caption.contains(">D</text>") && caption.contains(">u</text>"),
        "{caption}"
    );
    // A blade captured by a Cloak: the Sword is drawn beneath the Cloak, not as `×2`; the
    // discard is listed.
    let p = "4/4/4/1s1r/4/4/4/A3/4/4/4/4/1[Rc]2/4/2S1/4 w DGLJUdglju 0 0 1 5 1 rE";
    let (code, svg, err) = tessel(&["render", "veney", "--position", p]);
    assert_eq!(code, 0, "{err}");
    assert!(!svg.contains("×2"), "{svg}");
    assert!(
        board_part(&svg).contains(">R</text>") && board_part(&svg).contains(">c</text>"),
        "{svg}"
    );
    assert!(svg.contains(">black discard:</text>"), "{svg}");
    // The text board says which colour the free engagement stands on.
    let dir = std::env::temp_dir().join(format!("tessel-veney-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let g = dir.join("g.txt");
    std::fs::write(&g, "\n").expect("write");
    let (code, out, err) = tessel(&[
        "replay",
        g.to_str().expect("path"),
        "--rules",
        "veney",
        "--position",
        p,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("A°"), "{out}");
    assert!(out.contains("R-c"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn muso_pictures_mark_home_areas_and_show_both_pieces_of_a_stack() {
    // Issue 18, Muso item 4: home areas and home spaces are coloured (Red's e1 is its home
    // space, d1 and c2 its home area); a pipi on a kili shows both, not `P ×2`.
    let cell = svg_square;
    let p = "9/2p6/2i-w6/i2i-P4i/9/2PPPPP2/9 0/0 4/4 l 3";
    let (code, svg, err) = tessel(&["render", "muso", "--position", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains(&cell(4, 6, "#d0685a")),
        "Red's home space e1: {svg}"
    );
    assert!(svg.contains(&cell(3, 6, "#e8a598")), "Red's home area d1");
    assert!(
        svg.contains(&cell(4, 0, "#555555")),
        "Black's home space e7"
    );
    assert!(svg.contains(&cell(2, 1, "#8c8c8c")), "Black's home area c6");
    assert!(!svg.contains('×'), "{svg}");
    // Every piece is a disc, the two kili beneath the waso and the pipi included.
    assert_eq!(board_part(&svg).matches("<circle").count(), 12, "{svg}");
    assert_eq!(
        board_part(&svg).matches(">i</text>").count(),
        5,
        "four kili and the file i"
    );
    // The corner boards colour each player's corner.
    for (rules, corners) in [("muso-4p", 4), ("muso-3p", 3)] {
        let (code, svg, err) = tessel(&["render", rules]);
        assert_eq!(code, 0, "{err}");
        assert!(svg.contains(&cell(8, 0, "#d0685a")), "Red's home space i9");
        let yellow = svg.contains(&cell(0, 0, "#e5c24a"));
        assert_eq!(yellow, corners == 4, "yellow's a9 only with four players");
    }
}

#[test]
fn oicustiytac_pictures_show_the_traps_and_the_colours_a_trap_holds() {
    // Issue 18, Muso item 4 (òicustiỳtac's pictures): the whelping and home traps are
    // coloured, and a trap holding two black stones and one white shows both colours with
    // their counts, not `W ×3`.
    let cell = svg_square;
    let p = "W9/[BBW][BW]8 b 12W 12B - - - 1";
    let (code, svg, err) = tessel(&["render", "oicustiytac", "--position", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains(&cell(0, 1, "#7fa87a")),
        "black's home trap a1: {svg}"
    );
    assert!(svg.contains(&cell(9, 0, "#c8e3c0")), "white's home trap j2");
    assert!(
        svg.contains(&cell(4, 1, "#8fa6bd")),
        "black's whelping trap e1"
    );
    assert!(
        svg.contains(&cell(0, 0, "#d3e2ef")),
        "white's whelping trap a2"
    );
    assert!(!svg.contains('×'), "{svg}");
    // a1: a black disc with 2 and a white one with 1.
    assert!(
        svg.contains(">2B</text>") && svg.contains(">1W</text>"),
        "{svg}"
    );
    assert!(svg.contains(">1B</text>"), "b1 holds one of each: {svg}");
}

#[test]
fn a_record_s_picture_writes_its_last_decision_as_the_game_does() {
    let dir = std::env::temp_dir().join(format!("tessel-last-move-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let rec = dir.join("game.json");
    std::fs::write(
        &rec,
        r#"{"tessel_record":1,"ruleset":"chess","decisions":["e2e4","g8f6"]}"#,
    )
    .expect("written");
    let (code, svg, err) = tessel(&["render", "chess", "--record", rec.to_str().expect("path")]);
    assert_eq!(code, 0, "{err}");
    assert!(svg.contains(">white to move</text>"), "{svg}");
    assert!(svg.contains(">last move g8f6</text>"), "{svg}");
    let _ = std::fs::remove_dir_all(&dir);
}
