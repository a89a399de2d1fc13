//! The page in a real headless Chromium, driven through WebDriver (Debian's `chromium` and
//! `chromium-driver`; `.ci/run` installs them and sets `TESSEL_REQUIRE_BROWSER`, so CI
//! never skips this). One browser session plays each of the five seed games and chess:
//! a seeded game started from the start page, ten or more decisions played by clicking
//! (cells, and buttons for decisions that are not a move from a cell to a cell; chess,
//! which has none short of a promotion, types one in its notation instead), one
//! undone, the move list and the picture checked against the server's state, a screenshot
//! kept in `target/serve-screens/`, then the game finished by the computer.

use super::{base, get, json, moves};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const GAMES: [&str; 6] = ["chess", "mu", "muso", "mutou", "oicustiytac", "veney"];

/// chromedriver, ended when the test ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn found(program: &str) -> Option<String> {
    ["/usr/bin", "/usr/local/bin", "/usr/lib/chromium"]
        .iter()
        .map(|d| format!("{d}/{program}"))
        .find(|p| std::path::Path::new(p).is_file())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

#[test]
fn the_page_plays_the_seed_games_and_chess_by_clicks() {
    let (Some(driver), Some(chromium)) = (found("chromedriver"), found("chromium")) else {
        if std::env::var_os("TESSEL_REQUIRE_BROWSER").is_some() {
            panic!(
                "chromium and chromedriver are needed: apt-get install chromium chromium-driver"
            );
        }
        eprintln!(
            "skipped: no chromium or chromedriver (apt-get install chromium chromium-driver)"
        );
        return;
    };
    let port = free_port();
    let _driver = Driver(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "chromedriver did not start"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let profile = std::env::temp_dir().join(format!("tessel-chromium-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--window-size=1300,1000",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }),
        );
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a browser session");
        let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/serve-screens");
        std::fs::create_dir_all(&shots).unwrap();
        let mut failure = None;
        // `TESSEL_BROWSER_GAMES=mu,veney` plays only those.
        let only = std::env::var("TESSEL_BROWSER_GAMES").unwrap_or_default();
        for (i, game) in GAMES.iter().enumerate() {
            if !only.is_empty() && !only.split(',').any(|g| g == *game) {
                continue;
            }
            if let Err(e) = play_one(&c, game, 7 + i as u64, &shots).await {
                failure = Some(format!("{game}: {e}"));
                break;
            }
        }
        let _ = c.close().await;
        let _ = std::fs::remove_dir_all(&profile);
        if let Some(f) = failure {
            panic!("{f}");
        }
    });
}

type Res<T> = Result<T, String>;

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The server's view of game `id`, as its owner sees it.
fn server_view(id: &str, token: &str) -> Value {
    json(&get(&format!("/api/sessions/{id}?token={token}")).1)
}

/// Waits until `ok` holds of the server's view and the page shows that version.
async fn settled(
    c: &Client,
    id: &str,
    token: &str,
    what: &str,
    ok: impl Fn(&Value) -> bool,
) -> Res<Value> {
    let start = Instant::now();
    loop {
        let v = server_view(id, token);
        if ok(&v) {
            let shown = c
                .execute("return game.version;", vec![])
                .await
                .map_err(err)?;
            if shown == v["version"] {
                return Ok(v);
            }
        }
        if start.elapsed() > Duration::from_secs(90) {
            let shown = c
                .execute("return game.version;", vec![])
                .await
                .map_err(err)?;
            return Err(format!(
                "{what}: the page did not settle: {} (version {} on the server, {shown} shown; moves {})",
                v["due"], v["version"], v["moves"]
            ));
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

async fn click(c: &Client, css: &str) -> Res<()> {
    c.wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?
        .click()
        .await
        .map_err(|e| format!("clicking {css}: {e}"))
}

/// Plays the decision `d` (from the server's view) by clicks: a move by its two cells, a
/// decision on a cell by the cell where that names it alone, anything else by its button.
async fn click_decision(c: &Client, view: &Value, d: &Value) -> Res<&'static str> {
    let ds = view["decisions"].as_array().unwrap();
    let text = d["text"].as_str().unwrap();
    let button = format!(
        "button.decision[data-decision=\"{}\"]",
        text.replace('\\', "\\\\").replace('"', "\\\"")
    );
    if d["kind"] == "move" {
        click(c, &format!("#board [data-cell=\"{}\"]", d["from"])).await?;
        click(c, &format!("#board [data-cell=\"{}\"]", d["to"])).await?;
        let same = ds
            .iter()
            .filter(|e| e["from"] == d["from"] && e["to"] == d["to"])
            .count();
        if same > 1 {
            click(c, &format!("#choices {button}")).await?;
        }
        return Ok("cells");
    }
    let on_cell = d["to"].is_u64()
        && !ds.iter().any(|e| e["from"] == d["to"])
        && ds
            .iter()
            .filter(|e| e["from"].is_null() && e["to"] == d["to"])
            .count()
            == 1;
    if on_cell {
        click(c, &format!("#board [data-cell=\"{}\"]", d["to"])).await?;
        return Ok("cell");
    }
    click(c, &format!("#buttons {button}")).await?;
    Ok("button")
}

/// The page's move list and picture against the server's view.
async fn check_page(c: &Client, v: &Value) -> Res<()> {
    let shown = c
        .execute(
            "return Array.from(document.querySelectorAll('#moves li')).map(li => li.textContent);",
            vec![],
        )
        .await
        .map_err(err)?;
    if shown != v["moves"] {
        return Err(format!(
            "the move list shows {shown}, the server has {}",
            v["moves"]
        ));
    }
    // The picture: every element of the server's SVG, in order, with its fill and text.
    let same = c
        .execute(
            "const parts = (root) => Array.from(root.querySelectorAll('*')).map(e =>
               [e.tagName, e.getAttribute('fill'), e.getAttribute('data-cell'),
                e.children.length ? '' : e.textContent].join('|'));
             const server = new DOMParser().parseFromString(arguments[0], 'image/svg+xml');
             const a = parts(server.documentElement), b = parts(document.querySelector('#board svg'));
             return a.length === b.length && a.every((x, i) => x === b[i]);",
            vec![v["svg"].clone()],
        )
        .await
        .map_err(err)?;
    if same != Value::Bool(true) {
        return Err("the page's picture is not the server's".into());
    }
    Ok(())
}

async fn play_one(c: &Client, game: &str, seed: u64, shots: &std::path::Path) -> Res<()> {
    // The start page: the game's form, its seed, start.
    c.goto(&format!("{}/", base())).await.map_err(err)?;
    let form = format!("form[data-game=\"{game}\"]");
    let seed_box = c
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css(&format!("{form} input[name=seed]")))
        .await
        .map_err(err)?;
    seed_box.clear().await.map_err(err)?;
    seed_box.send_keys(&seed.to_string()).await.map_err(err)?;
    click(c, &format!("{form} button.start")).await?;
    c.wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::Css("#board svg"))
        .await
        .map_err(err)?;
    let url = c.current_url().await.map_err(err)?;
    let id = url.path().trim_start_matches("/play/").to_string();
    let token = c
        .execute("return game.token;", vec![])
        .await
        .map_err(err)?
        .as_str()
        .unwrap_or_default()
        .to_string();
    let mut v = settled(c, &id, &token, "the start", |_| true).await?;
    if v["seats"][0]["kind"] != "here" || v["owner"] != true {
        return Err(format!("the game did not start with its seats here: {v}"));
    }
    let record = json(&get(&format!("/api/sessions/{id}/record")).1);
    if record["seed"] != seed {
        return Err(format!("the game's seed is {}, not {seed}", record["seed"]));
    }
    // Ten decisions or more by clicks, at least one of them not a from-to move.
    let (mut clicked, mut not_move) = (0, 0);
    let mut before_last = Vec::new();
    for step in 0..40usize {
        if !v["result"].is_null() || (clicked >= 12 && not_move >= 1) {
            break;
        }
        // Never resigning or the like: the game is to go on.
        let ds: Vec<Value> = v["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["manual"] == false)
            .cloned()
            .collect();
        if ds.is_empty() {
            return Err(format!("nothing to decide: {}", v["due"]));
        }
        let others: Vec<&Value> = ds.iter().filter(|d| d["kind"] != "move").collect();
        let pick = if !others.is_empty() && (not_move == 0 || step % 3 == 2) {
            others[(step * 7 + 3) % others.len()]
        } else {
            let m: Vec<&Value> = ds.iter().filter(|d| d["kind"] == "move").collect();
            let pool = if m.is_empty() { ds.iter().collect() } else { m };
            pool[(step * 7 + 3) % pool.len()]
        };
        before_last = moves(&v);
        let n = before_last.len();
        // A game with nothing but moves from cell to cell (chess, short of a promotion):
        // one decision typed in the game's notation instead.
        let how = if others.is_empty() && not_move == 0 && clicked >= 11 {
            let typed = c.find(Locator::Id("notation")).await.map_err(err)?;
            typed
                .send_keys(pick["text"].as_str().unwrap())
                .await
                .map_err(err)?;
            click(c, "#typed button").await?;
            "typed"
        } else {
            click_decision(c, &v, pick).await?
        };
        if how != "cells" {
            not_move += 1;
        }
        clicked += 1;
        v = settled(c, &id, &token, "a click", |w| moves(w).len() > n).await?;
        if moves(&v)[n] != pick["text"].as_str().unwrap() {
            return Err(format!(
                "clicked {} and the server played {}",
                pick["text"],
                moves(&v)[n]
            ));
        }
        check_page(c, &v).await?;
    }
    if clicked < 10 || not_move < 1 {
        return Err(format!(
            "only {clicked} decisions clicked, {not_move} not from-to"
        ));
    }
    let png = c.screenshot().await.map_err(err)?;
    std::fs::write(shots.join(format!("{game}.png")), png).map_err(err)?;
    // Undo the last: back to where it was before.
    click(c, "#undo").await?;
    let want = before_last.clone();
    v = settled(c, &id, &token, "undo", |w| moves(w) == want).await?;
    check_page(c, &v).await?;
    // The computer finishes the game: both seats chosen on the page.
    for seat in 0..v["players"].as_array().unwrap().len() {
        let row = format!("#seats [data-seat=\"{seat}\"]");
        let version = server_view(&id, &token)["version"].as_u64().unwrap();
        let level = c
            .find(Locator::Css(&format!("{row} select[name^=level]")))
            .await
            .map_err(err)?;
        level.select_by_value("random").await.map_err(err)?;
        settled(c, &id, &token, "a seat", |w| {
            w["version"].as_u64() > Some(version)
        })
        .await?;
        let version = server_view(&id, &token)["version"].as_u64().unwrap();
        let kind = c
            .find(Locator::Css(&format!("{row} select[name^=seat]")))
            .await
            .map_err(err)?;
        kind.select_by_value("computer").await.map_err(err)?;
        settled(c, &id, &token, "a seat", |w| {
            w["version"].as_u64() > Some(version)
        })
        .await?;
    }
    v = settled(c, &id, &token, "the computer's game", |w| {
        !w["result"].is_null() && w["thinking"] == false
    })
    .await?;
    check_page(c, &v).await?;
    let shown = c
        .find(Locator::Id("result"))
        .await
        .map_err(err)?
        .text()
        .await
        .map_err(err)?;
    if !shown.contains(v["result"].as_str().unwrap()) {
        return Err(format!(
            "the page shows `{shown}`, the server {}",
            v["result"]
        ));
    }
    let png = c.screenshot().await.map_err(err)?;
    std::fs::write(shots.join(format!("{game}-over.png")), png).map_err(err)?;
    Ok(())
}
