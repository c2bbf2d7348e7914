//! `cargo xtask corpus`: differential test of the bundler on realistic contest programs.
//!
//! Every program under `corpus/src/bin/` is built by cargo AND bundled; the bundle is
//! built alone by the judge's own rustc (1.73; this machine's rustc when it is not
//! installed) with the judge's flags less the optimiser (`Profile::unoptimised_args`: -O's
//! semantics, as cargo's reference build has them), and must answer every input under
//! `corpus/cases/<program>/` with the same bytes on stdout and the same exit status as
//! cargo's build; this machine's rustc type-checks it with the judge's whole command. Each
//! bundle must also stay within our own size target.

use crate::bundle;
use crate::engine;
use crate::judge::{self, Compilers};
use crate::resolve::crates;
use crate::workspace::cargo::cargo;
use crate::workspace::problems::Workspace;
use crate::workspace::record::{self, Fingerprint, Record, RecordArgs};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The cargo profile (workspace `Cargo.toml`) of the builds the bundles are compared with:
/// release's semantics, unoptimised.
const REFERENCE: &str = "corpus-reference";

/// What a corpus program may take on one input: generous, the corpus has no judge's limits.
const PROGRAM_TIME: Duration = Duration::from_secs(10);
const PROGRAM_MEMORY: u64 = 1 << 30;
/// How many lines of a compiler's rejection a failing line quotes.
const REJECTION_LINES: usize = 12;
/// How many bytes of a differing output a failing line quotes.
const OUTPUT_QUOTE_BYTES: usize = 300;

/// What a program printed and how it ended.
#[derive(PartialEq, Eq, Debug)]
struct Printed {
    stdout: Vec<u8>,
    end: engine::End,
}

fn run_binary(binary: &Path, input: &Path, stem: &Path) -> anyhow::Result<Printed> {
    let limits = engine::Limits::new(PROGRAM_TIME, PROGRAM_MEMORY);
    let run = engine::run(binary, &[], input, limits, stem)?;
    if run.end == engine::End::TimeLimit {
        return Err(anyhow::anyhow!(
            "{} timed out on {}",
            binary.display(),
            input.display()
        ));
    }
    let stdout =
        fs::read(&run.stdout).map_err(|e| anyhow::anyhow!("{}: {e}", run.stdout.display()))?;
    Ok(Printed {
        stdout,
        end: run.end,
    })
}

/// How one step of the ladder ended for a program.
enum Step {
    /// The verdict line.
    Passed(String),
    /// A compiler rejected the draft: the next step may compile.
    Rejected(String),
    /// The draft printed other bytes than cargo's build.
    Differs(String),
    /// Nothing a later step changes (a refusal, the size, a missing input).
    Failed(String),
}

/// One program's verdict line, and whether it passed: the steps of the bundler's ladder
/// (`bundle::Scope::LADDER`) as `submit` climbs them, the step taken named on the line when
/// it is not the first.
fn check_program(
    ws: &Workspace,
    graph: &crates::Graph,
    compilers: &Compilers,
    name: &str,
) -> (bool, String) {
    use bundle::ladder::End;
    let climb = bundle::ladder::climb(bundle::Scope::Reached, |scope| {
        Ok(match check_step(ws, graph, compilers, name, scope) {
            Step::Passed(line) => (End::Passed, line),
            Step::Rejected(why) => (End::Rejected, why),
            Step::Differs(why) => (End::Differs, why),
            Step::Failed(why) => (End::Final, why),
        })
    });
    let climb = match climb {
        Ok(c) => c,
        Err(e) => return (false, format!("FAIL  {name}: {e}")),
    };
    let last = climb.last_failure.map(|(scope, why)| {
        format!(
            "\nlast step, {}: {}",
            scope.label(),
            why.lines().take(6).collect::<Vec<_>>().join("\n")
        )
    });
    let first = climb.first_failure.map(|(_, why)| why);
    match (climb.passed, first) {
        (Some((_, line)), None) => (true, line),
        (Some((scope, line)), Some(why)) => {
            let short = why
                .lines()
                .find(|l| l.starts_with("error"))
                .or(why.lines().next())
                .unwrap_or_default();
            (
                true,
                format!("{line}  [step: {}; pruned: {short}]", scope.label()),
            )
        }
        (None, why) => (
            false,
            format!(
                "FAIL  {name}: {}{}",
                why.unwrap_or_default(),
                last.unwrap_or_default()
            ),
        ),
    }
}

/// The judge the corpus's bundles are made and checked for (its programs are no problems
/// with metadata of their own): BOJ, the workspace's judge, unless `--judge` names another.
fn corpus_judge() -> &'static judge::Profile {
    CORPUS_JUDGE.get().copied().unwrap_or(&judge::BOJ)
}

/// BOJ's record and bundles are the corpus's (`target/corpus/`); another judge's are kept
/// beside them (`target/corpus-codeforces/`).
fn record_kind() -> String {
    match corpus_judge().name {
        "BOJ" => "corpus".to_string(),
        other => format!("corpus-{other}"),
    }
}

/// `--judge`, set once as the command starts.
static CORPUS_JUDGE: std::sync::OnceLock<&'static judge::Profile> = std::sync::OnceLock::new();

/// One step: the program bundled at `scope`, compiled, run against cargo's build.
fn check_step(
    ws: &Workspace,
    graph: &crates::Graph,
    compilers: &Compilers,
    name: &str,
    scope: bundle::Scope,
) -> Step {
    let main_rs = ws.root.join("corpus/src/bin").join(format!("{name}.rs"));
    let out_dir = ws.target.join(record_kind()).join(name);
    let fail = Step::Failed;
    // Two corpus runs at once take turns on a program's folder.
    let _held = match engine::lock_outputs(&out_dir, name) {
        Ok(held) => held,
        Err(e) => return fail(format!("{e:#}")),
    };
    let options = bundle::Options {
        scope,
        ..bundle::Options::for_judge(corpus_judge())
    };
    let b = match bundle::bundle(&main_rs, &graph.deps, &graph.libraries, options) {
        Ok(b) => b,
        Err(e) => return fail(format!("bundling: {e}")),
    };
    if let Err(e) = fs::create_dir_all(&out_dir) {
        return fail(e.to_string());
    }
    let source = out_dir.join("Main.rs");
    if let Err(e) = fs::write(&source, &b.text) {
        return fail(e.to_string());
    }
    // The judge's limit fails; our own 64 KiB target is a mark on the line.
    let size = b.text.len() as u64;
    if size > corpus_judge().source_limit {
        return fail(format!(
            "bundle is {size} bytes, over the judge's limit of {} bytes ({})",
            corpus_judge().source_limit,
            source.display()
        ));
    }
    let over_target = if size > corpus_judge().size_note {
        " (over our 64 KiB target)"
    } else {
        ""
    };
    let binaries = match compile_all(compilers, &source, &out_dir) {
        Ok(binaries) => binaries,
        Err(step) => return step,
    };
    let inputs = match same_as_cargo(ws, name, &out_dir, &binaries) {
        Ok(inputs) => inputs,
        Err(step) => return step,
    };
    let parts = b
        .libraries
        .iter()
        .map(|lib| format!("{} {:.1}", lib.module, lib.bytes as f64 / 1024.0))
        .collect::<Vec<_>>()
        .join(", ");
    Step::Passed(format!(
            "ok    {name:<34} {:>5.1} KiB{over_target}  [{parts}]  {} input(s), same bytes as cargo's build",
            size as f64 / 1024.0,
            inputs.len()
        ))
}

/// The bundle at `source` built by the compiler whose binary is run, and checked by the
/// other: (label, binary), or the step's end. With the judge's compiler installed, its
/// optimised build is the one run (as a submission is) and this machine's rustc type-checks
/// the bundle without generating code (the optimised build it made too was 36 of the
/// corpus's 80 s of compiling, and its binary answered what the judge's did); without it,
/// this machine's rustc builds the binary.
fn compile_all(
    compilers: &Compilers,
    source: &Path,
    out_dir: &Path,
) -> Result<Vec<(String, PathBuf)>, Step> {
    let mut binaries = Vec::new();
    let built = compilers.judge.as_ref().unwrap_or(&compilers.local);
    for c in compilers.all() {
        let bin = out_dir.join(format!("Main-{}", c.label.replace(' ', "-")));
        let _ = fs::remove_file(&bin);
        let runs = std::ptr::eq(c, built);
        // The optimiser changes nothing the corpus checks (the bundler's text, against
        // cargo's unoptimised build of the same semantics) and was half of rustc's time in
        // it: 71 builds by rustc 1.73, 39.8 CPU-s with -O, 17.8 without.
        let result = if runs {
            c.compile_unoptimised_as(corpus_judge(), source, &bin)
        } else {
            c.check_as(corpus_judge(), source, out_dir)
        };
        if let Err(e) = result {
            let e = format!("{e:#}");
            let first = e
                .lines()
                .take(REJECTION_LINES)
                .collect::<Vec<_>>()
                .join("\n");
            return Err(Step::Rejected(format!(
                "{} rejects {}:\n{first}",
                c.label,
                source.display()
            )));
        }
        if runs {
            binaries.push((c.label.clone(), bin));
        }
    }
    Ok(binaries)
}

/// Every input of program `name` run by cargo's build and by each of `binaries`: the
/// inputs, once all printed the same bytes and ended the same way; else the step's end.
fn same_as_cargo(
    ws: &Workspace,
    name: &str,
    out_dir: &Path,
    binaries: &[(String, PathBuf)],
) -> Result<Vec<PathBuf>, Step> {
    let cargo_bin = ws.target.join(REFERENCE).join(name);
    let cases_dir = ws.root.join("corpus/cases").join(name);
    let mut inputs: Vec<PathBuf> = fs::read_dir(&cases_dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "in"))
                .collect()
        })
        .unwrap_or_default();
    inputs.sort();
    if inputs.is_empty() {
        return Err(Step::Failed(format!(
            "no inputs under {}",
            cases_dir.display()
        )));
    }
    for input in &inputs {
        let stem = |label: &str| {
            out_dir.join(format!(
                "{}.{label}",
                input.file_stem().unwrap_or_default().to_string_lossy()
            ))
        };
        let expected = run_binary(&cargo_bin, input, &stem("cargo"))
            .map_err(|e| Step::Failed(format!("{e:#}")))?;
        for (label, bin) in binaries {
            let r = run_binary(bin, input, &stem(&label.replace(' ', "-")))
                .map_err(|e| Step::Failed(format!("{e:#}")))?;
            if r != expected {
                return Err(Step::Differs(format!(
                    "on {} the bundle built by {label} printed {:?} (exit {:?}); cargo's build printed {:?} (exit {:?})",
                    input.display(),
                    String::from_utf8_lossy(&r.stdout[..r.stdout.len().min(OUTPUT_QUOTE_BYTES)]),
                    r.end,
                    String::from_utf8_lossy(
                        &expected.stdout[..expected.stdout.len().min(OUTPUT_QUOTE_BYTES)]
                    ),
                    expected.end
                )));
            }
        }
    }
    Ok(inputs)
}

/// The hash of everything program `name`'s verdict depends on: the environment, the
/// corpus crate's manifest and every package it reaches, the program and its inputs.
fn program_hash(ws: &Workspace, base: &Fingerprint, name: &str) -> String {
    let mut f = base.clone();
    f.file(&ws.root.join("corpus/src/bin").join(format!("{name}.rs")));
    // Files a program reads as modules or with `include_str!` (corpus/src/split/).
    for entry in fs::read_dir(ws.root.join("corpus/src"))
        .into_iter()
        .flatten()
        .flatten()
    {
        if entry.file_name() != "bin" {
            f.tree(&entry.path());
        }
    }
    f.tree(&ws.root.join("corpus/cases").join(name));
    f.hex()
}

/// The arguments of `cargo xtask corpus`.
#[derive(clap::Args)]
pub struct Args {
    /// Only these programs (file stems under corpus/src/bin; with --real, solutions
    /// whose path contains one of them); all when empty.
    programs: Vec<String>,
    /// Instead, the contest solutions under this folder (cargo-compete's layout: a
    /// package per contest, `src/bin/<problem>.rs`, samples in `testcases/<problem>.yml`):
    /// cargo's build against its samples, then the bundle against the same samples.
    #[arg(long, value_name = "DIR")]
    real: Option<std::path::PathBuf>,
    /// With --real: about this many solutions, every k-th in path order (0: all).
    #[arg(long, default_value_t = 0)]
    sample: usize,
    /// With --real: each bundle's refining budget in seconds, as `submit --budget` (what a
    /// user's `make submit` gives with the default is `--budget 10`); unbounded when absent.
    #[arg(long, value_name = "SECONDS")]
    budget: Option<f64>,
    /// The judge whose profile the corpus's programs are bundled and checked for (`BOJ`,
    /// `codeforces`, `atcoder`): its compilers, flags, target and source limit.
    #[arg(long, default_value = "BOJ")]
    judge: String,
    #[command(flatten)]
    record: RecordArgs,
}

/// `cargo xtask corpus [names...]` or `corpus --real <dir>`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    if let Some(b) = args
        .budget
        .filter(|b| !(b.is_finite() && (0.0..=86400.0).contains(b)))
    {
        anyhow::bail!("--budget {b}: the budget is a number of seconds from 0 to 86400");
    }
    let profile = judge::profile(&args.judge);
    if !profile.is_judge() {
        anyhow::bail!(
            "--judge {}: no such judge; the profiles are {}",
            args.judge,
            judge::JUDGES.map(|p| p.name).join(", ")
        );
    }
    let _ = CORPUS_JUDGE.set(profile);
    match args.real {
        None => run_corpus(&args.programs, args.record),
        Some(dir) => super::corpus_real::run(super::corpus_real::RealArgs {
            dir,
            only: args.programs,
            sample: args.sample,
            budget: args.budget,
            verbose: args.record.verbose,
            force: args.record.force,
        }),
    }
}

/// The corpus's programs (file stems under `corpus/src/bin`), those of `names` when given,
/// sorted.
fn corpus_programs(ws: &Workspace, names: &[String]) -> anyhow::Result<Vec<String>> {
    let mut programs: Vec<String> = fs::read_dir(ws.root.join("corpus/src/bin"))
        .map_err(|e| anyhow::anyhow!("corpus/src/bin: {e}"))?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.path()
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .collect();
    programs.sort();
    if let Some(unknown) = names.iter().find(|n| !programs.contains(n)) {
        anyhow::bail!(
            "{unknown}: no such corpus program (corpus/src/bin/{unknown}.rs does not exist)"
        );
    }
    programs.retain(|n| names.is_empty() || names.contains(n));
    Ok(programs)
}

/// How long the corpus goes without a line before one names the programs being checked.
const QUIET: Duration = Duration::from_secs(8);

/// `check` on every program by two workers (compiling dominates, and the machine has two
/// cores; a panic while checking one program is that program's failure), each line printed
/// as its program finishes; after `QUIET` with no line, one names the programs being
/// checked and for how long, so the step is never silent.
fn check_all(
    programs: &[String],
    check: impl Fn(&str) -> (bool, String) + Sync,
) -> Vec<anyhow::Result<(bool, String)>> {
    check_all_saying(programs, QUIET, &|line: &str| println!("{line}"), check)
}

/// `check_all` after `quiet` with no line, each line given to `say`.
fn check_all_saying(
    programs: &[String],
    quiet: Duration,
    say: &(dyn Fn(&str) + Sync),
    check: impl Fn(&str) -> (bool, String) + Sync,
) -> Vec<anyhow::Result<(bool, String)>> {
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;
    use std::time::Instant;
    let state: Mutex<(Instant, BTreeMap<String, Instant>)> =
        Mutex::new((Instant::now(), BTreeMap::new()));
    let lock = || state.lock().unwrap_or_else(|e| e.into_inner());
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(200));
                let mut st = lock();
                if st.0.elapsed() >= quiet && !st.1.is_empty() {
                    let names: Vec<String> = (st.1.iter())
                        .map(|(n, t)| format!("{n} ({:.0} s)", t.elapsed().as_secs_f64()))
                        .collect();
                    say(&format!("corpus  still checking {}", names.join(", ")));
                    st.0 = Instant::now();
                }
            }
        });
        // Out of the programs being checked however its check ends (a panic is the pool's
        // to report), so a quiet-spell line never names a program that is done.
        struct Checking<'a, F: Fn()>(&'a F);
        impl<F: Fn()> Drop for Checking<'_, F> {
            fn drop(&mut self) {
                (self.0)();
            }
        }
        let results = crate::engine::pool::map(programs, 2, |name| {
            lock().1.insert(name.clone(), Instant::now());
            let finished = || {
                lock().1.remove(name);
            };
            let checking = Checking(&finished);
            let started = Instant::now();
            let (ok, line) = check(name);
            drop(checking);
            let mut st = lock();
            say(&format!(
                "{line}  ({:.1} s)",
                started.elapsed().as_secs_f64()
            ));
            st.0 = Instant::now();
            (ok, line)
        });
        done.store(true, Ordering::SeqCst);
        results
    })
}

/// Orders `programs` (name, hash) by the source bytes of the libraries each reaches, the
/// heaviest first: the two workers then end together, not one alone on a heavy program
/// that came last in name order (`w_num_facade` ran 11 s by itself at the end).
fn heaviest_first(ws: &Workspace, graph: &crates::Graph, programs: &mut [(String, String)]) {
    // Each library's source measured once, not once for each program reaching it.
    let bytes: std::collections::HashMap<&str, u64> = (graph.libraries.iter())
        .map(|l| (l.module.as_str(), bundle::library_source_bytes(l)))
        .collect();
    let weight = |name: &str| -> u64 {
        let text = fs::read_to_string(ws.root.join("corpus/src/bin").join(format!("{name}.rs")))
            .unwrap_or_default();
        let named: std::collections::BTreeSet<String> = (graph.deps.iter())
            .filter(|(extern_name, _)| text.contains(&format!("{extern_name}::")))
            .filter_map(|(_, dep)| match dep {
                bundle::Dep::Module(m) => Some(m.clone()),
                bundle::Dep::ProcMacro(_) | bundle::Dep::Installed => None,
            })
            .collect();
        let reachable = bundle::reachable_modules(&named, &graph.libraries);
        reachable.iter().filter_map(|m| bytes.get(m.as_str())).sum()
    };
    programs.sort_by_cached_key(|(name, _)| std::cmp::Reverse(weight(name)));
}

/// The corpus's libraries, readied for the judge (build scripts run, editions migrated)
/// from the reference build just made; the notes of what could not be readied printed.
fn ready_libraries(
    ws: &Workspace,
    meta: &cargo_metadata::Metadata,
) -> anyhow::Result<crates::Graph> {
    println!("corpus  readying the libraries for the judge (build scripts, edition migrations)");
    let mut graph = crates::graph(meta, "corpus", corpus_judge())?;
    let notes = crate::resolve::ready_for_judge(
        &ws.target,
        crate::resolve::build::Member {
            profile: REFERENCE,
            ..crate::resolve::build::Member::whole("corpus")
        },
        &mut graph.libraries,
        None,
        corpus_judge(),
    )?;
    for note in notes {
        println!("{note}");
    }
    Ok(graph)
}

/// The programs whose inputs changed since their last pass (all with `--force`); the others
/// are counted as cached.
fn run_corpus(names: &[String], flags: RecordArgs) -> anyhow::Result<bool> {
    let ws = Workspace::load()?;
    let compilers = Compilers::find_for(corpus_judge())?;
    let programs = corpus_programs(&ws, names)?;
    let meta = crate::workspace::packages::metadata()?;
    let mut base = record::environment(&ws.root, &compilers);
    base.text("check", "corpus");
    base.text("judge", corpus_judge().name);
    base.file(&ws.root.join("corpus/Cargo.toml"));
    base.packages(&ws.root, &meta, "corpus")?;
    let record = Record::open(&ws.target, &record_kind(), flags.force);
    let hashes: Vec<String> = programs
        .iter()
        .map(|name| program_hash(&ws, &base, name))
        .collect();
    let mut cached = 0;
    let mut to_check = Vec::new();
    for (name, hash) in programs.iter().zip(&hashes) {
        match record.passed(name, hash) {
            Some(summary) => {
                cached += 1;
                if flags.verbose {
                    println!("cached {name:<34} {summary}");
                }
            }
            None => to_check.push((name.clone(), hash.clone())),
        }
    }
    if to_check.is_empty() {
        println!("{}", record::summary_line(cached, 0, 0));
        return Ok(true);
    }
    let mut programs: Vec<String> = to_check.iter().map(|(n, _)| n.clone()).collect();
    // cargo's progress shown: on a fresh clone this build takes a while.
    println!(
        "corpus  cargo build --profile {REFERENCE} -p corpus --bins ({} programs to check)",
        programs.len()
    );
    cargo(&["build", "--profile", REFERENCE, "-p", "corpus", "--bins"])?;
    let graph = ready_libraries(&ws, &meta)?;
    heaviest_first(&ws, &graph, &mut to_check);
    programs = to_check.iter().map(|(n, _)| n.clone()).collect();
    let checked_by = match &compilers.judge {
        Some(judge) => format!(
            "built (unoptimised) and run by {}, type-checked by {}",
            judge.label, compilers.local.label
        ),
        None => format!("built (unoptimised) and run by {}", compilers.local.label),
    };
    println!("corpus  {} programs, bundles {checked_by}", programs.len());
    if let Some(note) = compilers.missing_note() {
        println!("{note}");
    }
    let results = check_all(&programs, |name| {
        check_program(&ws, &graph, &compilers, name)
    });
    let mut passed = 0;
    for ((name, hash), result) in to_check.iter().zip(&results) {
        match result {
            Ok((ok, line)) => {
                if *ok {
                    passed += 1;
                    // Remembered only when nothing it depends on changed while it ran.
                    if program_hash(&ws, &base, name) == *hash {
                        let summary = line.trim_start_matches("ok").trim_start();
                        let summary = summary.strip_prefix(name.as_str()).unwrap_or(summary);
                        record.pass(name, hash, summary.trim_start());
                    }
                } else {
                    record.fail(name, hash);
                }
            }
            Err(e) => {
                println!("FAIL    {name}: {e}");
                record.fail(name, hash);
            }
        }
    }
    let failed = results.len() - passed;
    println!("{passed} passed, {failed} failed");
    println!("{}", record::summary_line(cached, results.len(), failed));
    Ok(failed == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A name given on the command line that is no program under `corpus/src/bin/` is an
    /// error naming it (it was a run of nothing that passed); known names select those.
    #[test]
    fn a_program_name_that_is_not_in_the_corpus_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("corpus/src/bin");
        fs::create_dir_all(&bin).unwrap();
        for name in ["a_one", "b_two", "c_three"] {
            fs::write(bin.join(format!("{name}.rs")), "fn main() {}").unwrap();
        }
        let ws = Workspace {
            root: dir.path().to_path_buf(),
            target: dir.path().join("target"),
            problems: Vec::new(),
            invalid: Vec::new(),
        };
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            corpus_programs(&ws, &[]).unwrap(),
            names(&["a_one", "b_two", "c_three"])
        );
        assert_eq!(
            corpus_programs(&ws, &names(&["c_three", "a_one"])).unwrap(),
            names(&["a_one", "c_three"])
        );
        let e = corpus_programs(&ws, &names(&["a_one", "it_join"])).unwrap_err();
        assert!(
            e.to_string().starts_with("it_join: no such corpus program"),
            "{e}"
        );
    }

    /// Each program's line comes as it ends, in the results' order its own; while no line
    /// comes for the quiet spell, one names the programs being checked; a quick run says
    /// nothing more than its lines.
    #[test]
    fn a_quiet_spell_names_the_programs_being_checked_and_a_quick_run_only_its_lines() {
        let programs: Vec<String> = ["slow_a", "slow_b", "quick"].map(String::from).to_vec();
        let said = Mutex::new(Vec::new());
        let say = |line: &str| said.lock().unwrap().push(line.to_string());
        let results = check_all_saying(&programs, Duration::from_millis(150), &say, |name| {
            if name.starts_with("slow") {
                std::thread::sleep(Duration::from_millis(700));
            }
            (true, format!("ok    {name}"))
        });
        let lines: Vec<String> = results.into_iter().map(|r| r.unwrap().1).collect();
        assert_eq!(lines, ["ok    slow_a", "ok    slow_b", "ok    quick"]);
        let said = said.into_inner().unwrap();
        let still: Vec<&String> = said
            .iter()
            .filter(|l| l.contains("still checking"))
            .collect();
        assert!(
            still
                .first()
                .is_some_and(|l| l.contains("slow_a") && l.contains("slow_b")),
            "{said:?}"
        );
        assert_eq!(said.len() - still.len(), 3, "{said:?}");

        // A check that panics is that program's failure, and is not named as still being
        // checked once it has ended (it may be while its panic unwinds: the last line is
        // judged, long after).
        let said = Mutex::new(Vec::new());
        let say = |line: &str| said.lock().unwrap().push(line.to_string());
        let two: Vec<String> = vec!["panics".into(), "slow".into()];
        let results = check_all_saying(&two, Duration::from_millis(150), &say, |name| {
            if name == "panics" {
                panic!("a planted panic");
            }
            std::thread::sleep(Duration::from_millis(2000));
            (true, name.to_string())
        });
        assert!(results[0].is_err() && results[1].is_ok());
        let said = said.into_inner().unwrap();
        let last = said.iter().rfind(|l| l.contains("still checking"));
        assert!(
            last.is_some_and(|l| l.contains("slow") && !l.contains("panics")),
            "{said:?}"
        );

        let said = Mutex::new(Vec::new());
        let say = |line: &str| said.lock().unwrap().push(line.to_string());
        let quick: Vec<String> = vec!["a".into(), "b".into()];
        check_all_saying(&quick, Duration::from_secs(60), &say, |n| {
            (true, n.to_string())
        });
        let mut said = said.into_inner().unwrap();
        said.sort();
        assert!(
            said.len() == 2 && said[0].starts_with("a  (") && said[1].starts_with("b  ("),
            "{said:?}"
        );
    }
}
