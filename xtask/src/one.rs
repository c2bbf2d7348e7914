//! `cargo xtask test <problem>` (`make test-<problem>`): everything about one problem, the
//! command to type while solving it: its unit tests, every case against the release and
//! the bundled build (always run, whatever the record says), and its stress pair for a few
//! seconds when it has one that is written.

use crate::cargo::cargo;
use crate::problems::Workspace;
use crate::record::RecordArgs;
use std::path::Path;

/// Seconds of stress: enough for thousands of small cases, short enough to type often.
const STRESS_SECONDS: u64 = 5;

/// Whether `dir` holds a written stress pair (the scaffold's stubs say they are not).
fn has_pair(dir: &Path) -> bool {
    ["gen.rs", "brute.rs"].iter().all(|f| {
        std::fs::read_to_string(dir.join("examples").join(f))
            .is_ok_and(|text| !text.contains(crate::problems::PAIR_STUB_MARK))
    })
}

pub fn run(name: &str) -> Result<bool, String> {
    let ws = Workspace::load()?;
    let problem = ws.find(name)?.clone();
    let mut steps: Vec<(String, bool)> = Vec::new();
    println!("test    {}: unit tests", problem.name);
    let unit = cargo(&["test", "--quiet", "-p", &problem.name]);
    if let Err(e) = &unit {
        println!("FAIL    {e}");
    }
    steps.push(("unit tests".into(), unit.is_ok()));
    println!("test    {}: cases", problem.name);
    let forced = RecordArgs {
        force: true,
        verbose: false,
    };
    let cases = crate::cases::run(std::slice::from_ref(&problem.name), forced)?;
    steps.push(("cases".into(), cases));
    let dir = problem
        .main_rs
        .parent()
        .and_then(Path::parent)
        .ok_or("a problem's main.rs lies in <crate>/src/")?;
    if has_pair(dir) {
        println!("test    {}: stress for {STRESS_SECONDS} s", problem.name);
        let args = crate::stress::Args {
            cases: u64::MAX,
            seed: 1,
            size: 10,
            time: Some(STRESS_SECONDS),
            brute_time: 10,
            save: false,
            record: forced,
        };
        let stress = crate::stress::run(&problem.name, args)?;
        steps.push((format!("stress {STRESS_SECONDS} s"), stress));
    } else {
        println!(
            "note    {} has no written stress pair (examples/gen.rs, examples/brute.rs): no stress",
            problem.name
        );
    }
    let failed: Vec<&str> = steps
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(s, _)| s.as_str())
        .collect();
    println!(
        "{} steps, {} passed, {} failed{}",
        steps.len(),
        steps.len() - failed.len(),
        failed.len(),
        if failed.is_empty() {
            String::new()
        } else {
            format!(": {}", failed.join(", "))
        }
    );
    Ok(failed.is_empty())
}
