//! `tessel serve`: the web board — a local server whose page plays the games by clicks.

use super::game::stop;
use clap::Args;
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use tessel::serve::{catalog::Catalog, Server};

/// Serve a web board: play the games in a browser, by clicks, with friends or the computer.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel serve\n  tessel serve chess mu --port 8080\n  tessel serve my-game.tessel"
)]
pub struct Serve {
    /// The rulesets to offer (files or bundled names); every bundled game when none.
    rulesets: Vec<String>,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 7878)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines
    /// play (and take) the games: there are no accounts, only per-seat links.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    listen: IpAddr,
}

pub fn run(args: Serve) -> Result<ExitCode, ExitCode> {
    if !args.listen.is_loopback() {
        err!(
            "warning: listening on {}: anyone who can reach this machine can open the games here",
            args.listen
        );
    }
    let catalog = Catalog::new(&args.rulesets).map_err(stop)?;
    let server = Arc::new(Server::new(catalog));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| stop(format!("cannot start the server: {e}")))?;
    let addr = SocketAddr::new(args.listen, args.port);
    runtime
        .block_on(tessel::serve::serve(server, addr, |a| {
            out!("The web board is at http://{a}/ (Ctrl-C stops it)");
        }))
        .map_err(|e| stop(format!("cannot serve on {addr}: {e}")))?;
    Ok(ExitCode::SUCCESS)
}
