//! `cargo xtask cases`: every case of every problem, against its release binary and against
//! its bundled single file built as the judge builds it, so what is pasted is what was
//! tested. Every problem runs even when another fails, is refused or does not build; the
//! closing line counts every failure of any kind.

use crate::engine::suite::{self, Tally};
use crate::problems::{cargo, Problem, Workspace};
use crate::record::{self, Record, RecordArgs};
use crate::submit;

/// One problem: its release binary's cases, then the bundle's. Every case is meant to run
/// twice; a run that a failed build or bundle kept from happening counts as failed.
fn run_problem(ws: &Workspace, problem: &Problem, inputs: &submit::Inputs) -> Tally {
    let meant = 2 * suite::count(&ws.cases_dir(problem));
    let mut tally = Tally::default();
    let mut broken = false;
    let release = cargo(&["build", "--release", "--quiet", "-p", &problem.name]).and_then(|()| {
        let binary = ws.target.join("release").join(&problem.name);
        ws.run_cases(problem, &binary, "release")
    });
    match release {
        Ok(t) => tally.add(t),
        Err(e) => {
            println!("FAIL    {} (release): {e}", problem.name);
            broken = true;
        }
    }
    match submit::bundle_and_verify(ws, problem, inputs, Default::default()) {
        Ok(bundled) => {
            tally.add(bundled.tally);
            // The bundle itself failed (size, compile or std-API check).
            broken |= !bundled.ok;
        }
        Err(e) => {
            println!("FAIL    {} (bundle): {e}", problem.name);
            broken = true;
        }
    }
    let never = tally.settle(meant);
    if never > 0 {
        println!(
            "FAIL    {}: {never} of its {meant} case runs never ran",
            problem.name
        );
    } else if broken && tally.failed == 0 {
        tally.failed += 1;
    }
    tally
}

/// `cargo xtask cases [problems...]`: every problem whose inputs changed since its last
/// pass (all with `--force`); the others are counted as cached.
pub fn run(names: &[String], flags: RecordArgs) -> Result<bool, String> {
    let ws = Workspace::load()?;
    let problems = ws.select(names)?;
    let inputs = submit::inputs(&ws)?;
    let env = record::environment(&ws.root, &crate::judge::Compilers::find()?);
    let record = Record::open(&ws.target, "cases", flags.force);
    let mut total = Tally::default();
    let (mut cached, mut checked, mut failed) = (0, 0, 0);
    for problem in &problems {
        // A problem cargo cannot resolve is checked, and its failure is reported there.
        let hash = record::problem_hash(&ws, &env, &inputs.meta, "cases", problem).ok();
        if let Some(summary) = hash
            .as_deref()
            .and_then(|h| record.passed(&problem.name, h))
        {
            cached += 1;
            if flags.verbose {
                println!("cached  {}: {summary}", problem.name);
            }
            continue;
        }
        let solution = std::fs::read_to_string(&problem.main_rs).unwrap_or_default();
        if solution.contains(crate::scaffold::TEMPLATE_MARK) {
            println!(
                "note    {} is still the template: its samples fail until it is solved",
                problem.name
            );
        }
        let t = run_problem(&ws, problem, &inputs);
        checked += 1;
        // Remembered only when nothing it depends on changed while it ran.
        let after = record::problem_hash(&ws, &env, &inputs.meta, "cases", problem).ok();
        match (&hash, t.failed) {
            (Some(h), 0) if after.as_ref() == Some(h) => {
                record.pass(&problem.name, h, &t.figures())
            }
            (Some(_), 0) => {}
            _ => {
                failed += 1;
                if let Some(h) = &hash {
                    record.fail(&problem.name, h);
                }
            }
        }
        total.add(t);
    }
    println!(
        "runs    {} passed, {} failed (each case against the release and the bundled build)",
        total.passed, total.failed
    );
    println!("{}", record::summary_line(cached, checked, failed));
    Ok(total.failed == 0 && failed == 0)
}
