//! `cargo xtask bench scale [--problems N]`: how `make test` grows with the number of
//! problems. A throw-away copy of this workspace (its tracked files, under
//! `target/bench-scale/ws`, never committed) gets N generated small problems beside the
//! showcase ones: proconio input, an itertools pipeline, three samples each, their answers
//! computed here. Each step of `make test` is timed three times: cold (an empty record of
//! what passed; the build folder `target/bench-scale/target` is kept between benchmark runs,
//! since a cold build of 200 problems takes half an hour here), with nothing changed, and
//! after one solution is edited.

use crate::error::PathContext;
use crate::workspace::scaffold;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The steps of `make test`, in its order.
/// The title of every generated problem.
const SCALE_TITLE: &str = "generated for cargo xtask bench scale";

const STEPS: [&str; 5] = ["lint", "unit", "cases", "stress-check", "corpus"];

/// A small deterministic generator (splitmix64), for the generated samples.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Problem `k`'s solution: the count of distinct values and the sum of the `k % 5 + 1`
/// largest distinct ones, times `k + 1`.
fn solution(k: usize) -> String {
    format!(
        r#"use itertools::Itertools;
use proconio::input;

fn main() {{
    input! {{ n: usize, a: [u64; n] }}
    let distinct: Vec<u64> = a.into_iter().sorted().dedup().collect();
    let top: u64 = distinct.iter().rev().take({take}).sum();
    println!("{{}} {{}}", distinct.len(), top * {times});
}}
"#,
        take = k % 5 + 1,
        times = k + 1
    )
}

/// The same answer, computed here (plainly) for the samples.
fn answer(k: usize, a: &[u64]) -> String {
    let mut distinct = a.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let top: u64 = distinct.iter().rev().take(k % 5 + 1).sum();
    format!("{} {}\n", distinct.len(), top * (k as u64 + 1))
}

/// The files git tracks under `root` (the copy holds nothing else: no build output).
fn tracked(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["ls-files", "-z"])
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(anyhow::anyhow!(
            "git ls-files failed: the benchmark copies the tracked files"
        ));
    }
    Ok(out
        .stdout
        .split(|&b| b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
        .collect())
}

/// Writes the copy with `n` generated problems; returns the first generated one's main.rs.
fn build_copy(root: &Path, copy: &Path, n: usize) -> anyhow::Result<PathBuf> {
    let io = |p: &Path, e: std::io::Error| anyhow::anyhow!("{}: {e}", p.display());
    if copy.exists() {
        fs::remove_dir_all(copy).map_err(|e| io(copy, e))?;
    }
    for rel in tracked(root)? {
        let to = copy.join(&rel);
        if let Some(dir) = to.parent() {
            fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        }
        // A tracked file deleted in the work tree is simply not copied.
        if root.join(&rel).is_file() {
            fs::copy(root.join(&rel), &to).map_err(|e| io(&to, e))?;
        }
    }
    let manifest_path = copy.join("Cargo.toml");
    let text = fs::read_to_string(&manifest_path).map_err(|e| io(&manifest_path, e))?;
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
    let members = doc["workspace"]["members"]
        .as_array_mut()
        .ok_or_else(|| anyhow::anyhow!("the workspace manifest has no members list"))?;
    // A member git does not track yet (a problem just made by `make new`) is not in the
    // copy: cargo would refuse the copy's workspace for it.
    members.retain(|m| {
        m.as_str()
            .is_none_or(|m| copy.join(m).join("Cargo.toml").is_file())
    });
    let mut state = 0x5ca1e;
    for k in 1..=n {
        let name = format!("scale-{k:04}");
        members.push(name.as_str());
        let dir = copy.join(&name);
        // Made as `make new` makes a problem (its manifest, stress stubs), then solved.
        for (rel, text) in scaffold::crate_files(&name, "none", "BOJ", scaffold::Kind::Batch) {
            let text = match rel {
                "src/main.rs" => solution(k),
                "Cargo.toml" => scaffold::set_metadata(&text, "title", SCALE_TITLE.into())?,
                _ => text,
            };
            let path = dir.join(rel);
            fs::create_dir_all(path.parent().unwrap()).map_err(|e| io(&path, e))?;
            fs::write(&path, text).map_err(|e| io(&path, e))?;
        }
        let cases = copy.join("testcases").join(&name);
        fs::create_dir_all(&cases).map_err(|e| io(&cases, e))?;
        for sample in 1..=3 {
            let len = 1 + (splitmix(&mut state) % 12) as usize;
            let a: Vec<u64> = (0..len).map(|_| splitmix(&mut state) % 20).collect();
            let input = format!(
                "{len}\n{}\n",
                a.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
            );
            let stem = cases.join(format!("sample-{sample}"));
            fs::write(stem.with_extension("in"), input).map_err(|e| io(&stem, e))?;
            fs::write(stem.with_extension("out"), answer(k, &a)).map_err(|e| io(&stem, e))?;
        }
    }
    fs::write(&manifest_path, doc.to_string()).map_err(|e| io(&manifest_path, e))?;
    Ok(copy.join("scale-0001/src/main.rs"))
}

/// Runs `make <step>` in the copy; its seconds, or the end of its log on failure.
fn time_step(
    copy: &Path,
    target: &Path,
    logs: &Path,
    run: &str,
    step: &str,
) -> anyhow::Result<f64> {
    let log = logs.join(format!("{run}-{step}.log"));
    let file = fs::File::create(&log).map_err(|e| anyhow::anyhow!("{}: {e}", log.display()))?;
    let err = file.try_clone().at(&log)?;
    // make, not cargo: the command is the one a user types.
    let mut make = Command::new("make");
    make.current_dir(copy)
        .args(["--no-print-directory", step])
        .env("CARGO_TARGET_DIR", target)
        .stdout(file)
        .stderr(err);
    crate::workspace::cargo::forget_cargo_run(&mut make);
    make.env_remove("CARGO");
    let started = Instant::now();
    let status = make
        .status()
        .map_err(|e| anyhow::anyhow!("cannot run make: {e}"))?;
    let seconds = started.elapsed().as_secs_f64();
    if status.success() {
        Ok(seconds)
    } else {
        let text = fs::read_to_string(&log).unwrap_or_default();
        let tail: Vec<&str> = text.lines().rev().take(15).collect();
        Err(anyhow::anyhow!(
            "make {step} failed in the {run} run ({}):\n{}",
            log.display(),
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        ))
    }
}

/// The benchmark: three runs of every step, side by side.
pub fn run(ws: &crate::workspace::problems::Workspace, n: usize) -> anyhow::Result<bool> {
    let base = ws.target.join("bench-scale");
    let copy = base.join("ws");
    let target = base.join("target");
    let logs = base.join("logs");
    fs::create_dir_all(&logs).map_err(|e| anyhow::anyhow!("{}: {e}", logs.display()))?;
    let edited = build_copy(&ws.root, &copy, n)?;
    let problems = ws.problems.len() + n;
    println!(
        "scale   {problems} problems ({} of this workspace + {n} generated, 3 samples each) in {}",
        ws.problems.len(),
        copy.display()
    );
    // Cold: nothing remembered (the build folder itself is kept between benchmark runs).
    let _ = fs::remove_dir_all(target.join("xtask-cache").join("verified"));
    let mut table: Vec<[f64; 3]> = vec![[0.0; 3]; STEPS.len()];
    for (r, run) in ["cold", "no-change", "one-edit"].iter().enumerate() {
        if *run == "one-edit" {
            let mut text = fs::read_to_string(&edited).at(&edited)?;
            text.push_str("// an edit: the one problem to check again\n");
            fs::write(&edited, text).at(&edited)?;
        }
        for (s, step) in STEPS.iter().enumerate() {
            table[s][r] = time_step(&copy, &target, &logs, run, step)?;
            println!("        {run:<9} make {step:<12} {:>7.1} s", table[s][r]);
        }
    }
    println!();
    println!(
        "| step | cold (s) | no change (s) | one edit (s) | per problem, cold / no change (ms) |"
    );
    println!("|---|---:|---:|---:|---:|");
    let mut total = [0.0; 3];
    for (s, step) in STEPS.iter().enumerate() {
        for r in 0..3 {
            total[r] += table[s][r];
        }
        println!(
            "| {step} | {:.1} | {:.1} | {:.1} | {:.0} / {:.0} |",
            table[s][0],
            table[s][1],
            table[s][2],
            table[s][0] * 1000.0 / problems as f64,
            table[s][1] * 1000.0 / problems as f64
        );
    }
    println!(
        "| **make test** ({problems} problems) | {:.1} | {:.1} | {:.1} | {:.0} / {:.0} |",
        total[0],
        total[1],
        total[2],
        total[0] * 1000.0 / problems as f64,
        total[1] * 1000.0 / problems as f64
    );
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated solution's answer, computed by hand for two inputs.
    #[test]
    fn the_generated_answers_follow_the_rule_written_in_the_solution() {
        // k = 3 takes the 4 largest distinct values: {9, 7, 5, 2} of [5 9 2 9 7 5 1] -> 23,
        // times 4.
        assert_eq!(answer(3, &[5, 9, 2, 9, 7, 5, 1]), "5 92\n");
        // k = 5 takes 1: the largest, 4, times 6.
        assert_eq!(answer(5, &[4, 4, 4]), "1 24\n");
        assert!(solution(3).contains("take(4)") && solution(3).contains("* 4"));
    }

    /// A generated problem is made as `make new` makes one (the scaffold's manifest and
    /// stress stubs, then the generated solution), and cargo reads the copy's workspace.
    #[test]
    fn the_copy_holds_problems_made_by_the_scaffolds_recipe_that_cargo_reads() {
        let root = crate::workspace::cargo::project_root();
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("copy");
        let first = build_copy(&root, &copy, 2).unwrap();
        assert_eq!(fs::read_to_string(&first).unwrap(), solution(1));
        let meta = cargo_metadata::MetadataCommand::new()
            .manifest_path(copy.join("Cargo.toml"))
            .no_deps()
            .exec()
            .unwrap();
        let made: Vec<_> = meta
            .workspace_packages()
            .into_iter()
            .filter(|p| p.name.starts_with("scale-"))
            .collect();
        assert_eq!(made.len(), 2);
        for p in made {
            assert_eq!(p.metadata["problem"]["title"], SCALE_TITLE);
            assert_eq!(p.metadata["problem"]["time-limit-ms"], 2000);
            let examples = p.targets.iter().filter(|t| t.is_example()).count();
            assert_eq!(examples, 2, "{}: the stress pair's stubs", p.name);
        }
    }
}
