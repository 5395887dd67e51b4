//! The power table of game protection (issue 38): for each strategy and shift length,
//! the share of simulated shifts flagged and of those naming the favoured seat.
//!
//!     cargo run --release --example power [-- SHIFTS [NAME]]
//!
//! SHIFTS shifts of each length (300, 1,000, 3,000 coups) for each strategy (default 50;
//! 3,000-coup shifts get a fifth as many, at least 10). Prints a Markdown table.
#![allow(clippy::print_stdout)]

use sabot::analysis::protection::Options;
use sabot::cli::power::{power, strategies};

fn main() {
    let shifts: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    // A second argument: only the strategies whose name contains it.
    let only = std::env::args().nth(2).unwrap_or_default();
    let opts = Options::default();
    println!(
        "| strategy | game | coups | shifts | flagged | right seat named | on departures / free / seat | gain moved per 1,000 coups |"
    );
    println!("|---|---|---:|---:|---:|---:|---|---:|");
    for (name, game, players, honest) in strategies().into_iter().filter(|s| s.0.contains(&only)) {
        for coups in [300u32, 1000, 3000] {
            let n = if coups == 3000 { (shifts / 5).max(10) } else { shifts };
            match power(game, &players, coups, n, 1, opts) {
                Ok(p) => {
                    let (flagged, named) = p.share();
                    let named = if honest || players.banker.seat().is_none() {
                        "—".to_string()
                    } else {
                        format!("{:.0} %", named * 100.0)
                    };
                    println!(
                        "| {name} | {} | {coups} | {} | {:.1} % | {named} | {} / {} / {} | {:.0} |",
                        game.slug(),
                        p.shifts,
                        flagged * 100.0,
                        p.grounds[0],
                        p.grounds[1],
                        p.grounds[2],
                        p.moved_per_1000()
                    );
                }
                Err(e) => println!("| {name} | {} | {coups} | failed: {e:?} |", game.slug()),
            }
        }
    }
}
