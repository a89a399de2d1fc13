//! `tessel serve`: the JSON API over HTTP (`http.rs`, every kind of bad request
//! included) and the page in a real headless Chromium through WebDriver (`browser.rs`).

mod browser;
mod http;

use std::sync::OnceLock;

/// One server for the whole test binary, on a free port: its base URL.
pub fn base() -> &'static str {
    static BASE: OnceLock<String> = OnceLock::new();
    BASE.get_or_init(|| {
        let addr = tessel::serve::spawn(&[]).expect("the server starts");
        format!("http://{addr}")
    })
}

/// An HTTP client that reports 4xx and 5xx as answers, not errors.
pub fn client() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(60)))
        .build()
        .into()
}

/// `GET path`: the status and the body.
pub fn get(path: &str) -> (u16, String) {
    let mut r = client()
        .get(&format!("{}{path}", base()))
        .call()
        .expect("the server answers");
    let status = r.status().as_u16();
    (status, r.body_mut().read_to_string().unwrap_or_default())
}

/// `POST path` with a body: the status and the body.
pub fn post(path: &str, body: &str) -> (u16, String) {
    let mut r = client()
        .post(&format!("{}{path}", base()))
        .header("content-type", "application/json")
        .send(body)
        .expect("the server answers");
    let status = r.status().as_u16();
    (status, r.body_mut().read_to_string().unwrap_or_default())
}

pub fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// Creates a game: its id, the owner's token and the first view.
pub fn create(body: serde_json::Value) -> (String, String, serde_json::Value) {
    let (status, text) = post("/api/sessions", &body.to_string());
    assert_eq!(status, 201, "{text}");
    let v = json(&text);
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
        v["view"].clone(),
    )
}

/// The moves of a view, as texts.
pub fn moves(view: &serde_json::Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}
