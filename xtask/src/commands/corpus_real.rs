//! `cargo xtask corpus --real <dir>`: the bundler on solutions nobody here wrote.
//!
//! `<dir>` holds contest solutions as cargo-compete keeps them: one package per contest,
//! one binary per problem (`src/bin/a.rs`, `[[bin]]` entries or found by cargo), the
//! samples in `testcases/<alias>.yml` (the alias from `[package.metadata.cargo-compete.bin]`,
//! else the file's stem, else the stem before its first `_`, for `d_bekkai.rs`; read by
//! `workspace::compete`). Each solution is checked as a user moving here would meet it:
//! 1. eligible: cargo's release build of its package passes its samples here;
//! 2. submitted: `submit`'s ladder (pruned, whole crates less dead, whole crates) gives one
//!    file that the judge's compilers accept and that passes the same samples alone.
//!
//! Each package is checked by a child process (`cargo xtask real-package`), whose cargo
//! commands run in that package's own workspace; it reports each solution as one JSON line
//! on stdout. A child that fails or panics makes its solutions failures, never a missing
//! line in the tally. What passed is remembered (`target/xtask-cache/verified/real`).

use crate::bundle;
use crate::engine::{self, compare::Rule};
use crate::judge::{self, Compilers};
use crate::workspace::compete::{
    discover, names_in, package_solutions, path_libraries, read_samples, sample, Sample, Solution,
};
use crate::workspace::record::{self, Record};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::workspace::cargo::ROOT_VARIABLE;
/// A sample run longer than this is a failure of the run, whatever the problem allows.
const SAMPLE_TIME: Duration = Duration::from_secs(10);
const SAMPLE_MEMORY: u64 = 1 << 30;

/// What became of one solution.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Verdict {
    pub bin: String,
    /// The dependencies its file names (by their names in Cargo.toml, `-` as `_`).
    pub crates: Vec<String>,
    /// cargo's build passed its samples.
    pub eligible: bool,
    /// The bundle passed them too.
    pub submitted: bool,
    /// The ladder's step that gave the file.
    pub step: Option<String>,
    pub bytes: Option<u64>,
    /// Why it is not eligible or not submitted: one line.
    pub why: Option<String>,
    /// The check itself could not run (the child failed): a failure, never "not eligible".
    #[serde(default)]
    pub broken: bool,
}

impl Verdict {
    fn new(bin: &str) -> Verdict {
        Verdict {
            bin: bin.to_string(),
            crates: Vec::new(),
            eligible: false,
            submitted: false,
            step: None,
            bytes: None,
            why: None,
            broken: false,
        }
    }

    /// Failed by us: eligible or unknown, and not submitted.
    fn failed(&self) -> bool {
        self.broken || (self.eligible && !self.submitted)
    }
}

/// Runs `binary` on each sample; `Err` names the first that failed and how.
fn passes(binary: &Path, samples: &[Sample], rule: &Rule, scratch: &Path) -> anyhow::Result<()> {
    let limits = engine::Limits::new(SAMPLE_TIME, SAMPLE_MEMORY);
    for (k, s) in samples.iter().enumerate() {
        let input = scratch.join(format!("{k}.in"));
        fs::write(&input, &s.input).map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
        let run = engine::run(
            binary,
            &[],
            &input,
            limits,
            &scratch.join(format!("{k}.run")),
        )?;
        if run.end != engine::End::Code(0) {
            return Err(anyhow::anyhow!(
                "{}: {}",
                s.name,
                engine::describe_end(&run.end)
            ));
        }
        engine::compare::judge(rule, &input, s.output.as_bytes(), &run.stdout)
            .map_err(|e| anyhow::anyhow!("{}: WA: {}", s.name, e.lines().next().unwrap_or("")))?;
    }
    Ok(())
}

/// `cargo xtask real-package <manifest> <bin>...`: the child's work, one JSON line per bin.
/// The arguments of the hidden `cargo xtask real-package`.
#[derive(clap::Args)]
pub struct PackageArgs {
    manifest: PathBuf,
    bins: Vec<String>,
}

/// `cargo xtask real-package <manifest> <bins...>`: the child `corpus --real` runs per
/// package.
pub fn run_package(args: PackageArgs) -> anyhow::Result<bool> {
    check_package(&args.manifest, &args.bins)
}

pub fn check_package(manifest: &Path, bins: &[String]) -> anyhow::Result<bool> {
    let solutions: Vec<Solution> = package_solutions(manifest)?
        .into_iter()
        .filter(|s| bins.contains(&s.bin))
        .collect();
    let emit = |v: &Verdict| println!("{}", serde_json::to_string(v).expect("a verdict is JSON"));
    let package = solutions
        .first()
        .map(|s| s.package.clone())
        .unwrap_or_default();
    // Only the binaries asked for: a contest package holds many, a sample takes a few.
    let targets: Vec<&str> = solutions
        .iter()
        .flat_map(|s| ["--bin", s.bin.as_str()])
        .collect();
    let mut build = crate::workspace::cargo::release_build(&[&package], &targets);
    let built = build
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run cargo: {e}"))?;
    // A package cargo cannot build here (a git dependency this machine cannot fetch, code
    // today's rustc rejects) has no eligible solution: said of each, before anything else
    // asks cargo about it.
    if !built.status.success() {
        let err = String::from_utf8_lossy(&built.stderr);
        let first = err
            .lines()
            .find(|l| l.trim_start().starts_with("error"))
            .unwrap_or("failed")
            .trim();
        for s in &solutions {
            let mut v = Verdict::new(&s.bin);
            v.why = Some(format!("cargo build: {first}"));
            emit(&v);
        }
        return Ok(true);
    }
    let target = target_dir()?;
    let compilers = Compilers::find()?;
    let meta = crate::workspace::packages::metadata()?;
    let mut graph = None;
    for s in &solutions {
        let mut v = Verdict::new(&s.bin);
        let (samples, rule, scratch) = match eligible(s, &target, &package)? {
            Ok(x) => x,
            Err(why) => {
                v.why = Some(why);
                emit(&v);
                continue;
            }
        };
        v.eligible = true;
        if graph.is_none() {
            graph = Some(ready_graph(&meta, &package, &solutions, &target)?);
        }
        let g = graph.as_ref().expect("set above");
        v.crates = named_crates(&s.main_rs, g);
        match climb(s, g, &compilers, &samples, &rule, &scratch) {
            Ok((scope, bytes)) => {
                v.submitted = true;
                v.step = Some(scope.label().to_string());
                v.bytes = Some(bytes);
            }
            Err(e) => v.why = Some(format!("{e:#}")),
        }
        emit(&v);
    }
    Ok(true)
}

/// Whether cargo's build of solution `s` passes its samples: its samples, how they are
/// judged and its scratch folder, or why it is not eligible. `Err` when the check could
/// not run.
#[allow(clippy::type_complexity)]
fn eligible(
    s: &Solution,
    target: &Path,
    package: &str,
) -> anyhow::Result<Result<(Vec<Sample>, Rule, PathBuf), String>> {
    let (samples, rule) = match read_samples(&s.samples) {
        Ok(x) => x,
        Err(e) => return Ok(Err(format!("{e:#}"))),
    };
    let scratch = target.join("xtask-real").join(package).join(&s.bin);
    fs::create_dir_all(&scratch).map_err(|e| anyhow::anyhow!("{}: {e}", scratch.display()))?;
    if samples.is_empty() {
        return Ok(Err("no sample with an expected output".into()));
    }
    if let Err(e) = passes(
        &target.join("release").join(&s.bin),
        &samples,
        &rule,
        &scratch,
    ) {
        return Ok(Err(format!("cargo's build fails a sample: {e:#}")));
    }
    Ok(Ok((samples, rule, scratch)))
}

/// The package's crate graph with the libraries its sampled `solutions` can reach readied
/// for the judge (no more: a template lists thirty crates, a solution uses two).
fn ready_graph(
    meta: &cargo_metadata::Metadata,
    package: &str,
    solutions: &[Solution],
    target: &Path,
) -> anyhow::Result<crate::resolve::crates::Graph> {
    let mut g = crate::resolve::crates::graph(meta, package, real_judge())?;
    let mut reached = BTreeSet::new();
    for s in solutions {
        match bundle::modules_reached(&s.main_rs, &g.deps, &g.libraries, real_judge()) {
            Ok(m) => reached.extend(m),
            Err(_) => reached.extend(g.libraries.iter().map(|l| l.module.clone())),
        }
    }
    // The sampled binaries only, as the eligibility build made them: another binary of the
    // contest package may not compile.
    let bins: Vec<String> = solutions.iter().map(|s| s.bin.clone()).collect();
    let member = crate::resolve::build::Member {
        package,
        bins: &bins,
        profile: "release",
    };
    let ready = crate::resolve::ready_for_judge(
        target,
        member,
        &mut g.libraries,
        Some(&reached),
        real_judge(),
    )?;
    for note in ready {
        eprintln!("{note}");
    }
    Ok(g)
}

/// The judge the solutions are submitted to: the workspace's, BOJ (their own contests' judges
/// are not modelled; a solution that passes BOJ's compile and its samples is submitted).
fn real_judge() -> &'static judge::Profile {
    judge::profile("BOJ")
}

/// The dependencies the solution's file names at all (`use dep::...`, `dep::x`).
fn named_crates(main_rs: &Path, g: &crate::resolve::crates::Graph) -> Vec<String> {
    let deps: Vec<String> = g.deps.keys().cloned().collect();
    names_in(main_rs, &deps)
}

/// `submit`'s ladder on one solution: the first step whose bundle every compiler accepts
/// and that passes the samples (a sample failure is tried once more on the whole crates).
fn climb(
    s: &Solution,
    g: &crate::resolve::crates::Graph,
    compilers: &Compilers,
    samples: &[Sample],
    rule: &Rule,
    scratch: &Path,
) -> anyhow::Result<(bundle::Scope, u64)> {
    use bundle::ladder::End;
    let climb = bundle::ladder::climb(bundle::Scope::Reached, |scope| {
        let options = bundle::Options {
            scope,
            deadline: budget(),
            ..bundle::Options::for_judge(real_judge())
        };
        let b = match bundle::bundle(&s.main_rs, &g.deps, &g.libraries, options) {
            Ok(b) => b,
            Err(e) => {
                let e = format!("{e:#}");
                let why = format!("refused: {}", e.lines().next().unwrap_or(""));
                return Ok((End::Final, (why, 0)));
            }
        };
        let size = b.text.len() as u64;
        // Written whatever its size: an over-limit bundle is there to be looked at.
        let source = scratch.join("Main.rs");
        fs::write(&source, &b.text).map_err(|e| anyhow::anyhow!("{}: {e}", source.display()))?;
        if size > real_judge().source_limit {
            let why = format!(
                "{size} bytes, over the judge's {} at step {}",
                real_judge().source_limit,
                scope.label()
            );
            return Ok((End::Final, (why, size)));
        }
        let mut binary = PathBuf::new();
        for c in compilers.all() {
            let bin = scratch.join(format!("Main-{}", c.label.replace(' ', "-")));
            if let Err(e) = c.compile(&source, &bin) {
                let e = format!("{e:#}");
                let line = e
                    .lines()
                    .find(|l| l.starts_with("error"))
                    .unwrap_or("error");
                let why = format!("{} rejects the {} bundle: {line}", c.label, scope.label());
                return Ok((End::Rejected, (why, size)));
            }
            binary = bin;
        }
        Ok(match passes(&binary, samples, rule, scratch) {
            Ok(()) => (End::Passed, (String::new(), size)),
            Err(e) => (
                End::Differs,
                (
                    format!("the {} bundle fails a sample: {e}", scope.label()),
                    size,
                ),
            ),
        })
    })?;
    match climb.passed {
        Some((scope, (_, size))) => Ok((scope, size)),
        None => {
            let first = climb
                .first_failure
                .map(|(_, (why, _))| why)
                .unwrap_or_default();
            Err(anyhow::anyhow!(
                "{}",
                match climb.last_failure {
                    Some((_, (last, _))) => format!("{first}; last step: {last}"),
                    None => first,
                }
            ))
        }
    }
}

/// The variable that hands `corpus --real --budget` to its children.
const BUDGET_VARIABLE: &str = "XTASK_REAL_BUDGET";

/// The child's refining budget for each bundle: from the parent's `--budget`, else none.
fn budget() -> bundle::budget::Deadline {
    match std::env::var(BUDGET_VARIABLE)
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
    {
        Some(s) if s.is_finite() && s >= 0.0 => {
            bundle::budget::Deadline::after(Duration::from_secs_f64(s))
        }
        _ => bundle::budget::Deadline::NONE,
    }
}

/// Where cargo puts the builds of the workspace the child works in.
fn target_dir() -> anyhow::Result<PathBuf> {
    let meta = crate::workspace::cargo::metadata_command()
        .no_deps()
        .exec()
        .map_err(|e| anyhow::anyhow!("cargo metadata failed: {e}"))?;
    Ok(meta.target_directory.into_std_path_buf())
}

/// Options of `cargo xtask corpus --real`.
pub struct RealArgs {
    pub dir: PathBuf,
    /// Only the solutions whose file's path (under `dir`) contains one of these; all when
    /// empty.
    pub only: Vec<String>,
    /// About this many solutions, every k-th (0: all).
    pub sample: usize,
    /// Each bundle's refining budget, seconds (`submit --budget`); unbounded when `None`.
    pub budget: Option<f64>,
    pub verbose: bool,
    pub force: bool,
}

/// The solutions under `dir` with samples (how many), and those to check: the ones whose
/// path holds one of `args.only`, sampled.
fn choose(dir: &Path, args: &RealArgs) -> anyhow::Result<(usize, Vec<Solution>)> {
    let mut all = discover(dir)?;
    if !args.only.is_empty() {
        all.retain(|s| {
            let rel = s.main_rs.strip_prefix(dir).unwrap_or(&s.main_rs);
            let rel = rel.to_string_lossy();
            args.only.iter().any(|o| rel.contains(o.as_str()))
        });
    }
    let found = all.len();
    Ok((found, sample(all, args.sample)))
}

/// `cargo xtask corpus --real <dir>`: discovers, checks (a child per package, the record
/// remembering passes), prints each failure and the table by crate.
pub fn run(args: RealArgs) -> anyhow::Result<bool> {
    let dir =
        fs::canonicalize(&args.dir).map_err(|e| anyhow::anyhow!("{}: {e}", args.dir.display()))?;
    let (found, chosen) = choose(&dir, &args)?;
    println!(
        "real    {}: {found} solutions with samples, {} checked{}",
        dir.display(),
        chosen.len(),
        if chosen.len() < found {
            " (every k-th)"
        } else {
            ""
        }
    );
    let root = crate::workspace::cargo::project_root();
    let compilers = Compilers::find()?;
    let mut base = record::environment(&root, &compilers);
    base.text("check", "real");
    if let Some(b) = args.budget {
        base.text("budget", &b.to_string());
    }
    let record = Record::open(&root.join("target"), "real", args.force);
    let hash = |s: &Solution| {
        let mut f = base.clone();
        f.file(&s.main_rs);
        f.file(&s.samples);
        f.file(&s.manifest);
        if let Some(d) = s.manifest.parent() {
            f.file(&d.join("Cargo.lock"));
            f.tree(&d.join("src"));
        }
        // The author's own libraries: an edit to one is a new bundle.
        for lib in path_libraries(&s.manifest) {
            f.file(&lib.join("Cargo.toml"));
            f.tree(&lib.join("src"));
        }
        f.hex()
    };
    let key = |s: &Solution| s.main_rs.display().to_string();
    let mut verdicts_all: Vec<(Solution, Verdict)> = Vec::new();
    let mut by_package: BTreeMap<PathBuf, Vec<Solution>> = BTreeMap::new();
    let mut cached = 0;
    for s in chosen {
        match record
            .passed(&key(&s), &hash(&s))
            .and_then(|j| serde_json::from_str::<Verdict>(&j).ok())
        {
            Some(v) => {
                cached += 1;
                verdicts_all.push((s, v));
            }
            None => by_package.entry(s.manifest.clone()).or_default().push(s),
        }
    }
    let packages: Vec<(PathBuf, Vec<Solution>)> = by_package.into_iter().collect();
    // Under this workspace's target, never inside the folder checked: a workspace whose
    // members are a glob (`verify/*`) would take a `target` there for a member.
    let target = root.join("target").join("xtask-real-builds");
    // The children run a copy of this tool: a rebuild of it meanwhile changes nothing.
    let tool = target.join("xtask-real").join("xtask");
    if !packages.is_empty() {
        copy_of_this_tool(&tool)?;
    }
    let done = std::sync::atomic::AtomicUsize::new(0);
    // Each package's verdicts are remembered as it ends: an interrupted run keeps them.
    let results = crate::engine::pool::map(&packages, 1, |(manifest, solutions)| {
        let lines = child(&tool, manifest, solutions, &target, args.budget);
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        eprintln!("checked {n}/{} packages", packages.len());
        let verdicts = settle(solutions, lines);
        for (s, v) in solutions.iter().zip(&verdicts) {
            // Remembered: a solution submitted, or one cargo's own build does not pass
            // (nothing of ours can change that but its files, which the hash holds).
            if v.submitted
                || (!v.eligible && v.why.as_deref().is_some_and(|w| w.starts_with("cargo")))
            {
                record.pass(&key(s), &hash(s), &serde_json::to_string(v).expect("JSON"));
            } else {
                record.fail(&key(s), &hash(s));
            }
        }
        verdicts
    });
    for ((_, solutions), result) in packages.iter().zip(results) {
        let verdicts = result
            .unwrap_or_else(|e| settle(solutions, Err(anyhow::anyhow!("the check panicked: {e}"))));
        for (v, s) in verdicts.into_iter().zip(solutions) {
            verdicts_all.push((s.clone(), v));
        }
    }
    Ok(report(&dir, verdicts_all, cached, args.verbose))
}

/// Prints each failure (each verdict with `verbose`), the table by crate and the counts;
/// whether nothing failed.
fn report(
    dir: &Path,
    mut verdicts: Vec<(Solution, Verdict)>,
    cached: usize,
    verbose: bool,
) -> bool {
    verdicts.sort_by(|a, b| a.0.main_rs.cmp(&b.0.main_rs));
    let mut failed = 0;
    for (s, v) in &verdicts {
        let shown = s.main_rs.strip_prefix(dir).unwrap_or(&s.main_rs).display();
        if v.failed() {
            failed += 1;
            println!(
                "FAIL    {shown} [{}]: {}",
                v.crates.join(" "),
                v.why.as_deref().unwrap_or("")
            );
        } else if verbose {
            let what = match (v.eligible, &v.step, v.bytes) {
                (true, Some(step), Some(b)) => format!("{step}, {:.1} KiB", b as f64 / 1024.0),
                _ => format!("not eligible: {}", v.why.as_deref().unwrap_or("")),
            };
            println!("ok      {shown} [{}]: {what}", v.crates.join(" "));
        }
    }
    print!(
        "{}",
        table(&verdicts.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>())
    );
    let eligible = verdicts
        .iter()
        .filter(|(_, v)| v.eligible || v.broken)
        .count();
    println!(
        "{} solutions ({cached} cached): {eligible} eligible (cargo's build passes their samples), {} submitted",
        verdicts.len(),
        eligible - failed
    );
    println!("{} passed, {failed} failed", eligible - failed);
    failed == 0
}

/// Copied aside and renamed into place: a run still using the previous copy (another
/// `corpus --real` on the same folder) keeps it, where copying over it fails (ETXTBSY).
fn copy_of_this_tool(to: &Path) -> anyhow::Result<()> {
    let exe = std::env::current_exe().map_err(|e| anyhow::anyhow!("this tool's path: {e}"))?;
    let aside = to.with_extension(format!("tmp{}", crate::workspace::aside()));
    fs::create_dir_all(to.parent().expect("a folder"))
        .and_then(|_| fs::copy(&exe, &aside))
        .and_then(|_| fs::rename(&aside, to))
        .map_err(|e| anyhow::anyhow!("{}: {e}", to.display()))
}

/// One verdict for each of `solutions`, in order, from what the child said: a solution it
/// said nothing of, or a child that failed, is a broken check (a failure).
fn settle(solutions: &[Solution], lines: anyhow::Result<Vec<Verdict>>) -> Vec<Verdict> {
    solutions
        .iter()
        .map(|s| {
            let broken = |why: String| Verdict {
                why: Some(why),
                broken: true,
                ..Verdict::new(&s.bin)
            };
            match &lines {
                Ok(vs) => vs
                    .iter()
                    .find(|v| v.bin == s.bin)
                    .cloned()
                    .unwrap_or_else(|| broken("the package's check said nothing of it".into())),
                Err(e) => broken(format!("the package's check failed: {e}")),
            }
        })
        .collect()
}

/// Runs the child for one package; its verdicts, or why it said nothing usable.
fn child(
    tool: &Path,
    manifest: &Path,
    solutions: &[Solution],
    target: &Path,
    budget: Option<f64>,
) -> anyhow::Result<Vec<Verdict>> {
    let root = manifest.parent().unwrap_or(Path::new("."));
    let mut command = Command::new(tool);
    command
        .arg("real-package")
        .arg(manifest)
        .args(solutions.iter().map(|s| &s.bin))
        .env(ROOT_VARIABLE, root)
        .env_remove("RUSTC")
        .env_remove(BUDGET_VARIABLE);
    if let Some(b) = budget {
        command.env(BUDGET_VARIABLE, b.to_string());
    }
    // One target folder for every package of the folder: their dependencies build once.
    if std::env::var_os("CARGO_TARGET_DIR").is_none() && !has_own_target(root) {
        command.env("CARGO_TARGET_DIR", target);
    }
    crate::workspace::cargo::forget_cargo_run(&mut command);
    let out = command
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run the check: {e}"))?;
    let verdicts: Vec<Verdict> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    if !out.status.success() && verdicts.len() < solutions.len() {
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        return Err(anyhow::anyhow!("exit {:?}: {line}", out.status.code()));
    }
    Ok(verdicts)
}

/// Whether a `.cargo/config.toml` at or above `dir` sets the target folder itself.
fn has_own_target(dir: &Path) -> bool {
    dir.ancestors().any(|d| {
        ["config.toml", "config"].iter().any(|f| {
            fs::read_to_string(d.join(".cargo").join(f)).is_ok_and(|t| t.contains("target-dir"))
        })
    })
}

/// The table by crate: solutions, eligible, submitted, steps taken, median and largest size.
pub fn table(verdicts: &[Verdict]) -> String {
    let mut rows: BTreeMap<String, Vec<&Verdict>> = BTreeMap::new();
    for v in verdicts {
        rows.entry("(all)".into()).or_default().push(v);
        for c in &v.crates {
            rows.entry(c.clone()).or_default().push(v);
        }
    }
    let mut out = String::from(
        "| crate | solutions | eligible | submitted | pruned / whole less dead / whole | median KiB | largest KiB |\n|---|---|---|---|---|---|---|\n",
    );
    for (name, vs) in rows {
        let eligible = vs.iter().filter(|v| v.eligible).count();
        let submitted = vs.iter().filter(|v| v.submitted).count();
        let step = |s: bundle::Scope| {
            vs.iter()
                .filter(|v| v.step.as_deref() == Some(s.label()))
                .count()
        };
        let mut sizes: Vec<u64> = vs.iter().filter_map(|v| v.bytes).collect();
        sizes.sort();
        let kib = |b: u64| format!("{:.1}", b as f64 / 1024.0);
        let (median, largest) = match sizes.len() {
            0 => ("-".to_string(), "-".to_string()),
            n => (kib(sizes[n / 2]), kib(sizes[n - 1])),
        };
        out.push_str(&format!(
            "| {name} | {} | {eligible} | {submitted} | {} / {} / {} | {median} | {largest} |\n",
            vs.len(),
            step(bundle::Scope::Reached),
            step(bundle::Scope::WholeLessDead),
            step(bundle::Scope::Whole),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::write_files as write;
    use crate::workspace::compete::tests::SUITE;

    #[test]
    fn the_table_counts_each_crate_its_steps_and_sizes() {
        let v =
            |crates: &[&str], eligible, step: Option<bundle::Scope>, bytes: Option<u64>| Verdict {
                crates: crates.iter().map(|c| c.to_string()).collect(),
                eligible,
                submitted: step.is_some(),
                step: step.map(|s| s.label().to_string()),
                bytes,
                ..Verdict::new("x")
            };
        let table = table(&[
            v(
                &["proconio"],
                true,
                Some(bundle::Scope::Reached),
                Some(2048),
            ),
            v(
                &["proconio", "num"],
                true,
                Some(bundle::Scope::Whole),
                Some(10240),
            ),
            v(&["num"], false, None, None),
        ]);
        assert!(
            table.contains("| (all) | 3 | 2 | 2 | 1 / 0 / 1 | 10.0 | 10.0 |"),
            "{table}"
        );
        assert!(
            table.contains("| num | 2 | 1 | 1 | 0 / 0 / 1 | 10.0 | 10.0 |"),
            "{table}"
        );
        assert!(
            table.contains("| proconio | 2 | 2 | 2 | 1 / 0 / 1 | 10.0 | 10.0 |"),
            "{table}"
        );
    }

    /// The command as a user runs it, on a fixture workspace of two contests with a path
    /// library: a right solution that uses the library through a template's glob imports
    /// (submitted), a wrong one (not eligible), an alternative solution (submitted), and a
    /// contest whose package does not build (not eligible). Nothing is a failure.
    #[test]
    fn corpus_real_on_a_fixture_workspace_tells_eligible_from_submitted() {
        let dir = tempfile::tempdir().unwrap();
        let manifest = |name: &str| {
            format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nfixlib = {{ path = \"../fixlib\" }}\n")
        };
        let a = "#[allow(unused_imports)]\nuse fixlib::marker::*;\nuse fixlib::*;\nuse std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!(\"{}\", add(v[0], v[1]));\n}\n";
        let wrong = a.replace("add(v[0], v[1])", "v[0] * v[1]");
        write(
            dir.path(),
            &[
                // Edition 2018: readying it for the judge (migration) needs c1's build.
                ("fixlib/Cargo.toml", "[package]\nname = \"fixlib\"\nversion = \"0.1.0\"\nedition = \"2018\"\n"),
                ("fixlib/src/lib.rs", "pub mod marker { pub struct Unused; }\npub fn add(a: i64, b: i64) -> i64 { a + b }\npub fn unused_marker_fn() {}\n"),
                ("c1/Cargo.toml", &manifest("c1")),
                ("c1/src/bin/a.rs", a),
                ("c1/src/bin/a_bekkai.rs", a),
                ("c1/src/bin/b.rs", &wrong),
                // No samples, so never sampled; it does not compile, and must not stop the
                // others (cargo builds of the whole package would fail on it).
                ("c1/src/bin/z_draft.rs", "fn main() { let x: u8 = \"draft\"; }\n"),
                ("c1/testcases/a.yml", SUITE),
                ("c1/testcases/b.yml", SUITE),
                ("c2/Cargo.toml", &manifest("c2")),
                ("c2/src/bin/a.rs", "fn main() { let x: u8 = \"not a number\"; }\n"),
                ("c2/testcases/a.yml", SUITE),
            ],
        );
        let root = crate::workspace::cargo::project_root();
        let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        // As the tool starts cargo: without `cargo test`'s variables, which would make the
        // next build of the tool rerun ring's build script and rebuild it.
        crate::workspace::cargo::forget_cargo_run(&mut command);
        let out = command
            .args(["run", "--quiet", "--manifest-path"])
            .arg(root.join("xtask/Cargo.toml"))
            .args(["--", "corpus", "--force", "-v", "--real"])
            .arg(dir.path())
            .env_remove("CARGO_TARGET_DIR")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stdout}\n{stderr}");
        assert!(
            stdout.contains("4 solutions (0 cached): 2 eligible (cargo's build passes their samples), 2 submitted"),
            "{stdout}\n{stderr}"
        );
        assert!(
            stdout.contains("0 failed") && !stdout.contains("FAIL"),
            "{stdout}"
        );
        assert!(
            stdout.contains("c1/src/bin/b.rs []: not eligible: cargo's build fails a sample"),
            "{stdout}"
        );
        assert!(
            stdout.contains("c2/src/bin/a.rs []: not eligible: cargo build"),
            "{stdout}"
        );
        assert!(
            stdout.contains("| fixlib | 2 | 2 | 2 | 2 / 0 / 0 |"),
            "{stdout}"
        );
    }
}
