//! Every table script in tests/scenarios/ runs through `sabot play`'s code and holds.

use sabot::script::{self, run};
use std::path::PathBuf;

fn scenario_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scenarios")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_scenario_holds() {
    let files = scenario_files();
    assert!(files.len() >= 2, "no scenarios found");
    let mut failed = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        let s = match script::parse(&text) {
            Ok(s) => s,
            Err(e) => {
                failed.push(format!("{}:{e}", f.display()));
                continue;
            }
        };
        let r = run::run(&s).expect("table");
        if let Some((i, refusal)) = &r.stopped {
            failed.push(format!("{}: step {i} refused: {refusal}", f.display()));
        }
        for fail in run::check(&s, &r) {
            failed.push(format!("{}: {fail}", f.display()));
        }
        assert!(s.expect.is_some(), "{}: a scenario must say what must come of it", f.display());
        assert!(!s.rules.is_empty(), "{}: a scenario cites its clauses", f.display());
        if let Some(st) = r.table.settlement() {
            assert!(st.balances(), "{}: money does not balance", f.display());
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
