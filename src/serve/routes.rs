//! The web board's HTTP surface: the page, the JSON API (games, a new game or an opened
//! record, a game's view, a decision, undo, seats, the record) and each game's stream of
//! server-sent events. Every refusal is a 4xx with `{"error": "…"}` in words.

use super::session::{Seat, Session, Thinking};
use super::{Server, BODY_LIMIT, MAX_SESSIONS};
use crate::record::Record;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

const PAGE: &str = include_str!("page.html");

type Shared = Arc<Server>;

pub fn router(server: Shared) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/play/{id}", get(page))
        .route("/api/games", get(games))
        .route("/api/sessions", post(create))
        .route("/api/sessions/preview", post(preview))
        .route("/api/sessions/{id}", get(view))
        .route("/api/sessions/{id}/play", post(play))
        .route("/api/sessions/{id}/undo", post(undo))
        .route("/api/sessions/{id}/seats", post(seats))
        .route("/api/sessions/{id}/record", get(record))
        .route("/api/sessions/{id}/events", get(events))
        .fallback(not_found)
        .layer(axum::middleware::from_fn(stated_length))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(server)
}

/// A refusal: its status and what was wrong, sent as `{"error": "…"}`.
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

fn bad(status: u16, message: impl Into<String>) -> ApiError {
    ApiError(
        StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
        message.into(),
    )
}

/// A body whose stated length is over the limit is refused before it is read (one sent
/// without a length is cut off at the limit as it is read: `body`).
async fn stated_length(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let length = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if length.is_some_and(|n| n > BODY_LIMIT as u64) {
        return too_large().into_response();
    }
    next.run(req).await
}

fn too_large() -> ApiError {
    bad(
        413,
        format!("the request is larger than the {BODY_LIMIT} bytes a request may be"),
    )
}

/// The body as the JSON `T`: a body over the limit is 413, anything else malformed 400.
fn body<T: DeserializeOwned>(raw: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let raw = raw.map_err(|r| {
        let status = r.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError(status, format!("the request's body cannot be read: {r}"))
        }
    })?;
    serde_json::from_slice(&raw).map_err(|e| {
        bad(
            400,
            format!("the request is not the JSON expected here: {e}"),
        )
    })
}

async fn page() -> impl IntoResponse {
    ([(header::CACHE_CONTROL, "no-store")], Html(PAGE))
}

async fn not_found() -> ApiError {
    bad(404, "there is no such page or API here; the page is at /")
}

async fn games(State(server): State<Shared>) -> impl IntoResponse {
    Json(server.catalog.games.clone())
}

fn session(server: &Server, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
    server
        .sessions
        .lock()
        .map_err(|_| bad(500, "the server is in a bad state"))?
        .get(id)
        .cloned()
        .ok_or_else(|| {
            bad(
                404,
                format!("there is no game `{id}` here (a restarted server forgets its games)"),
            )
        })
}

fn lock(s: &Mutex<Session>) -> Result<std::sync::MutexGuard<'_, Session>, ApiError> {
    s.lock()
        .map_err(|_| bad(500, "this game failed; start a new one"))
}

/// Tells every open page of game `id` that it changed.
fn notify(server: &Server, id: &str, version: u64) {
    if let Ok(events) = server.events.lock() {
        if let Some(tx) = events.get(id) {
            tx.send_replace(version);
        }
    }
}

/// Starts the computer's decision when one is due, and the next after it.
fn kick(server: Shared, id: String) {
    let Ok(s) = session(&server, &id) else {
        return;
    };
    let work: Option<Thinking> = s.lock().ok().and_then(|mut s| s.computer_due());
    let Some(work) = work else {
        return;
    };
    // Pages show "thinking…" at once.
    if let Ok(g) = s.lock() {
        notify(&server, &id, g.version);
    }
    tokio::spawn(async move {
        let Ok((m, rng, version)) = tokio::task::spawn_blocking(move || work.choose()).await else {
            return;
        };
        let v = match s.lock() {
            Ok(mut g) => {
                g.commit(m, rng, version);
                g.version
            }
            Err(_) => return,
        };
        notify(&server, &id, v);
        kick(server, id);
    });
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    kind: String,
    level: Option<String>,
    playouts: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Create {
    game: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    seats: Vec<SeatRequest>,
    /// A game record to open (as `tessel play --record` writes it) instead of `game`.
    record: Option<Record>,
    /// A position to start `game` from (a position string in the ruleset's format).
    position: Option<String>,
}

async fn create(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: Create = body(raw)?;
    let (name, options, seed, start, decisions) = match (&req.record, &req.game) {
        (Some(r), _) => (
            r.ruleset.clone(),
            r.options.clone(),
            r.seed,
            r.start.clone(),
            r.decisions.clone(),
        ),
        (None, Some(g)) => {
            let options = req
                .options
                .iter()
                .map(|(k, v)| {
                    let v = match v {
                        serde_json::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    (k.clone(), v)
                })
                .collect();
            (
                g.clone(),
                options,
                req.seed,
                req.position.clone(),
                Vec::new(),
            )
        }
        (None, None) => return Err(bad(400, "say which game: {\"game\": \"chess\"}")),
    };
    let game = server.catalog.game(&name, &options).map_err(|e| {
        bad(
            if e.starts_with("there is no game") {
                404
            } else {
                400
            },
            e,
        )
    })?;
    let players = game.players();
    let mut seats = Vec::with_capacity(players);
    for i in 0..players {
        seats.push(match req.seats.get(i) {
            Some(s) => {
                Seat::parse(&s.kind, s.level.as_deref(), s.playouts).map_err(|e| bad(400, e))?
            }
            None => Seat::Here,
        });
    }
    if req.seats.len() > players {
        return Err(bad(
            400,
            format!(
                "{} has {players} seats, not {}",
                game.program.title,
                req.seats.len()
            ),
        ));
    }
    let mut record = Record::new(&name, &options, seed, start);
    record.decisions = decisions;
    let (history, state) = tokio::task::spawn_blocking({
        let game = game.clone();
        let record = record.clone();
        move || crate::record::replay(&game, &record)
    })
    .await
    .map_err(|_| bad(500, "opening the game failed"))?
    .map_err(|e| bad(422, format!("the record cannot be played: {e}")))?;
    let mut s = Session::resume(game, history, state, record, seats);
    s.advance();
    let owner = s.owner.clone();
    let id = super::token()[..16].to_string();
    {
        let mut all = server
            .sessions
            .lock()
            .map_err(|_| bad(500, "the server is in a bad state"))?;
        if all.len() >= MAX_SESSIONS {
            // The game left alone longest makes room (one busy now is not it).
            let oldest = all
                .iter()
                .filter_map(|(k, g)| g.try_lock().ok().map(|g| (g.used, k.clone())))
                .min()
                .map(|(_, k)| k);
            match oldest {
                Some(k) => {
                    all.remove(&k);
                    if let Ok(mut events) = server.events.lock() {
                        events.remove(&k);
                    }
                }
                None => return Err(bad(503, "the server is busy with every game it holds")),
            }
        }
        all.insert(id.clone(), Arc::new(Mutex::new(s)));
    }
    if let Ok(mut events) = server.events.lock() {
        events.insert(id.clone(), tokio::sync::watch::channel(0).0);
    }
    kick(server.clone(), id.clone());
    let view = lock(&*session(&server, &id)?)?.view(&id, &owner);
    Ok((
        StatusCode::CREATED,
        Json(serde_json::json!({ "id": id, "token": owner, "view": view })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Preview {
    record: Record,
}

/// The picture of where a record leads, for stepping back through a game: no game is kept.
async fn preview(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: Preview = body(raw)?;
    let r = req.record;
    let game = server.catalog.game(&r.ruleset, &r.options).map_err(|e| {
        bad(
            if e.starts_with("there is no game") {
                404
            } else {
                400
            },
            e,
        )
    })?;
    let svg = tokio::task::spawn_blocking(move || {
        crate::record::replay(&game, &r).map(|(_, s)| {
            let last = r.decisions.last().map(String::as_str);
            crate::render::svg_after(&game, &s, last)
        })
    })
    .await
    .map_err(|_| bad(500, "replaying the record failed"))?
    .map_err(|e| bad(422, format!("the record cannot be played: {e}")))?;
    Ok(Json(serde_json::json!({ "svg": svg })).into_response())
}

#[derive(Deserialize, Default)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

async fn view(
    State(server): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> Result<Response, ApiError> {
    let s = session(&server, &id)?;
    let v = {
        let mut g = lock(&s)?;
        g.used = std::time::Instant::now();
        g.view(&id, &q.token)
    };
    Ok(Json(v).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    decision: String,
    #[serde(default)]
    token: String,
}

async fn play(
    State(server): State<Shared>,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let s = session(&server, &id)?;
    let req: PlayRequest = body(raw)?;
    let (view, version) = {
        let mut g = lock(&s)?;
        g.play(&req.decision, &req.token)
            .map_err(|r| bad(r.status, r.message))?;
        (g.view(&id, &req.token), g.version)
    };
    notify(&server, &id, version);
    kick(server.clone(), id);
    Ok(Json(view).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    #[serde(default)]
    token: String,
}

fn owner_only(g: &Session, token: &str, what: &str) -> Result<(), ApiError> {
    if token == g.owner {
        Ok(())
    } else {
        Err(bad(
            403,
            format!("only the browser that started this game may {what}"),
        ))
    }
}

async fn undo(
    State(server): State<Shared>,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let s = session(&server, &id)?;
    let req: TokenBody = body(raw)?;
    let (view, version) = {
        let mut g = lock(&s)?;
        owner_only(&g, &req.token, "take decisions back")?;
        if !g.undo() {
            return Err(bad(409, "there is nothing to undo"));
        }
        (g.view(&id, &req.token), g.version)
    };
    notify(&server, &id, version);
    kick(server.clone(), id);
    Ok(Json(view).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatsRequest {
    #[serde(default)]
    token: String,
    seat: usize,
    kind: String,
    level: Option<String>,
    playouts: Option<u32>,
}

async fn seats(
    State(server): State<Shared>,
    Path(id): Path<String>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let s = session(&server, &id)?;
    let req: SeatsRequest = body(raw)?;
    let (view, version) = {
        let mut g = lock(&s)?;
        owner_only(&g, &req.token, "change who sits where")?;
        let n = g.seats.len();
        let Some(old) = g.seats.get(req.seat).cloned() else {
            return Err(bad(
                400,
                format!(
                    "there is no seat {}; the seats are 0 to {}",
                    req.seat,
                    n - 1
                ),
            ));
        };
        let seat = match (&old, req.kind.as_str()) {
            // A remote seat keeps its link.
            (Seat::Remote { .. }, "remote") => old,
            _ => Seat::parse(&req.kind, req.level.as_deref(), req.playouts)
                .map_err(|e| bad(400, e))?,
        };
        g.seats[req.seat] = seat;
        g.version += 1;
        (g.view(&id, &req.token), g.version)
    };
    notify(&server, &id, version);
    kick(server.clone(), id);
    Ok(Json(view).into_response())
}

async fn record(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let s = session(&server, &id)?;
    let mut g = lock(&s)?;
    g.record.result = g.result();
    let text = serde_json::to_string_pretty(&g.record)
        .map_err(|e| bad(500, format!("cannot write the record: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"{}-{id}.json\"",
                    g.record.ruleset.replace(['"', '/', '\\'], "_")
                ),
            ),
        ],
        text + "\n",
    )
        .into_response())
}

async fn events(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    session(&server, &id)?;
    let mut rx = server
        .events
        .lock()
        .map_err(|_| bad(500, "the server is in a bad state"))?
        .get(&id)
        .map(|tx| tx.subscribe())
        .ok_or_else(|| bad(404, format!("there is no game `{id}` here")))?;
    // The first event comes at once: the page fetches the game when it connects.
    rx.mark_changed();
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.changed().await.ok()?;
        let v = *rx.borrow_and_update();
        Some((
            Ok::<_, std::convert::Infallible>(Event::default().event("state").data(v.to_string())),
            rx,
        ))
    });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}
