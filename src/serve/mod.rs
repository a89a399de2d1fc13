//! `tessel serve`: the web board. A local HTTP server (axum on tokio) holds the games;
//! its page (`page.html`) asks it for the picture and the legal decisions and sends back
//! the one clicked. `catalog` owns the games offered, `session` one game being played,
//! `routes` the JSON API, the page and the server-sent events.

pub mod catalog;
mod routes;
pub mod session;

use catalog::Catalog;
use session::Session;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The largest request body taken (a record of many decisions fits).
pub const BODY_LIMIT: usize = 256 * 1024;
/// How many games a server holds at once; a new one past that takes the place of the
/// game left alone longest.
pub const MAX_SESSIONS: usize = 500;

/// What the server shares among its requests.
pub struct Server {
    pub catalog: Catalog,
    sessions: Mutex<HashMap<String, Arc<Mutex<Session>>>>,
    /// One watch channel per game: its version, for the pages' event streams.
    events: Mutex<HashMap<String, tokio::sync::watch::Sender<u64>>>,
}

impl Server {
    pub fn new(catalog: Catalog) -> Server {
        Server {
            catalog,
            sessions: Mutex::new(HashMap::new()),
            events: Mutex::new(HashMap::new()),
        }
    }
}

/// An unguessable token: 128 bits from the standard library's randomly keyed hashers
/// (seeded from the operating system), mixed with a counter.
pub fn token() -> String {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let half = |salt: u64| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(n);
        h.write_u64(salt);
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        h.finish()
    };
    format!("{:016x}{:016x}", half(1), half(2))
}

/// Binds `addr` and serves until the process ends; `ready` is told the address bound
/// (port 0 picks a free one).
pub async fn serve(
    server: Arc<Server>,
    addr: SocketAddr,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, routes::router(server)).await
}

/// Starts a server on a thread of its own (for tests): the address it listens on.
pub fn spawn(rulesets: &[String]) -> Result<SocketAddr, String> {
    let catalog = Catalog::new(rulesets)?;
    let server = Arc::new(Server::new(catalog));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
        {
            Ok(r) => r,
            Err(e) => {
                let _ = tx.send(Err(e.to_string()));
                return;
            }
        };
        let addr: SocketAddr = ([127, 0, 0, 1], 0).into();
        let failed = tx.clone();
        if let Err(e) = runtime.block_on(serve(server, addr, move |a| {
            let _ = tx.send(Ok(a));
        })) {
            let _ = failed.send(Err(e.to_string()));
        }
    });
    rx.recv().map_err(|e| e.to_string())?
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_long_and_differ() {
        let all: std::collections::HashSet<String> = (0..1000).map(|_| super::token()).collect();
        assert_eq!(all.len(), 1000);
        assert!(all
            .iter()
            .all(|t| t.len() == 32 && t.chars().all(|c| c.is_ascii_hexdigit())));
    }
}
