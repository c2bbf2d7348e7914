//! `cargo xtask cases`: every case of every problem, against its release binary and against
//! its bundled single file built as the judge builds it, so what is pasted is what was
//! tested. Every problem runs even when another fails, is refused or does not build; the
//! closing line counts every failure of any kind.

use crate::engine::suite::Tally;
use crate::problems::{cargo, Problem, Workspace};
use crate::submit;

/// One problem: its release binary's cases, then the bundle's.
fn run_problem(
    ws: &Workspace,
    problem: &Problem,
    inputs: &submit::Inputs,
) -> Result<Tally, String> {
    cargo(&["build", "--release", "--quiet", "-p", &problem.name])?;
    let binary = ws.target.join("release").join(&problem.name);
    let mut tally = ws.run_cases(problem, &binary, "release")?;
    let bundled = submit::bundle_and_verify(ws, problem, inputs, Default::default())?;
    tally.add(bundled.tally);
    if !bundled.ok && bundled.tally.failed == 0 {
        tally.failed += 1; // the bundle itself failed: size, compile or std-API check
    }
    Ok(tally)
}

/// `cargo xtask cases [problems...]`.
pub fn run(names: &[String]) -> Result<bool, String> {
    let ws = Workspace::load()?;
    let problems = ws.select(names)?;
    let inputs = submit::inputs(&ws)?;
    let mut total = Tally::default();
    for problem in &problems {
        let solution = std::fs::read_to_string(&problem.main_rs).unwrap_or_default();
        if solution.contains(crate::scaffold::TEMPLATE_MARK) {
            println!(
                "note    {} is still the template: its samples fail until it is solved",
                problem.name
            );
        }
        match run_problem(&ws, problem, &inputs) {
            Ok(t) => total.add(t),
            Err(e) => {
                println!("FAIL    {}: {e}", problem.name);
                total.failed += 1;
            }
        }
    }
    println!("{} passed, {} failed", total.passed, total.failed);
    Ok(total.failed == 0)
}
