//! The power table of game protection (issues 38, 49): for each strategy, the share of
//! simulated 1,000-coup shifts in which anyone is named, a friend of the strategy is
//! named, and someone who is no friend is named.
//!
//!     cargo run --release --example power [-- SHIFTS [NAME [COUPS]]]
//!
//! SHIFTS shifts of COUPS coups (1,000 by default) for each strategy (default 100),
//! seeds 1 to SHIFTS. Prints a Markdown table.
#![allow(clippy::print_stdout)]

use sabot::analysis::protection::Options;
use sabot::cli::power::{Kind, power, strategies};

fn main() {
    let shifts: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    // A second argument: only the strategies whose name contains it.
    let only = std::env::args().nth(2).unwrap_or_default();
    let coups: u32 = std::env::args().nth(3).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let opts = Options::default();
    println!(
        "| strategy | game | kind | shifts | anyone named | a friend named | an innocent named | habit said | gain moved per 1,000 coups |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|");
    for (name, game, players, kind) in strategies().into_iter().filter(|s| s.0.contains(&only)) {
        let started = std::time::Instant::now();
        match power(game, &players, coups, shifts, 1, opts) {
            Ok(p) => {
                let (flagged, right, innocent) = p.share();
                let right = if kind == Kind::Colluder { format!("{:.1} %", right * 100.0) } else { "—".into() };
                let kind = kind_name(kind);
                println!(
                    "| {name} | {} | {kind} | {} | {:.1} % | {right} | {:.1} % | {} | {:.0} |",
                    game.slug(),
                    p.shifts,
                    flagged * 100.0,
                    innocent * 100.0,
                    p.habits,
                    p.moved_per_1000()
                );
            }
            Err(e) => println!("| {name} | {} | failed: {e:?} |", game.slug()),
        }
        eprintln!("{name}: {:.0} s", started.elapsed().as_secs_f64());
    }
    // The colluders too careful for one shift, weighed five shifts at a time at one
    // table (as `sabot report` weighs the shifts of a table together), and the honest
    // bankers and the habit weighed the same way (where the figures are strongest, an
    // honest banker must still name nobody).
    let grouped = |s: &str| ["@0.4", "@0.2", "@0.05"].iter().any(|r| s.contains(r)) || GROUPED_HONEST.contains(&s);
    for (name, game, players, kind) in strategies().into_iter().filter(|s| s.0.contains(&only) && grouped(&s.0)) {
        let groups = (shifts / 5).max(1);
        if let Ok(p) = sabot::cli::power::power_groups(game, &players, coups, 5, groups, 1, opts) {
            let (flagged, right, innocent) = p.share();
            let right = if kind == Kind::Colluder { format!("{:.1} %", right * 100.0) } else { "—".into() };
            println!(
                "| {name}, 5 shifts together | {} | {} | {} groups | {:.1} % | {right} | {:.1} % | {} | — |",
                game.slug(),
                kind_name(kind),
                p.shifts,
                flagged * 100.0,
                innocent * 100.0,
                p.habits
            );
        }
    }
}

/// The honest strategies also weighed five shifts at a time.
const GROUPED_HONEST: [&str; 5] = ["random", "table", "exact-table", "coin-close", "habit"];

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Honest => "honest",
        Kind::Habit => "habit",
        Kind::Hunch => "hunch",
        Kind::Colluder => "colluder",
    }
}
