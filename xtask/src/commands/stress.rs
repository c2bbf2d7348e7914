//! `cargo xtask stress <problem>`: the solution against the problem's brute force on random
//! inputs from its generator (`examples/gen.rs`, `examples/brute.rs`), until they disagree;
//! then the smallest failing input, both outputs and the command to replay it. An
//! interactive problem's generator writes the interactor's input, and the interactor judges
//! (no brute force).

use crate::engine::compare::cut;
use crate::engine::stress::{stress, Cut, Failure, Outcome, Programs, Settings, SHRINK_SEEDS};
use crate::workspace::cargo::build_release;
use crate::workspace::problems::{Problem, Workspace};
use crate::workspace::record::{self, Record, RecordArgs};
use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How much of a file an excerpt of a failure reads.
const EXCERPT_BYTES: u64 = 64 * 1024;

/// The arguments of `cargo xtask stress`.
#[derive(clap::Args)]
pub struct Args {
    /// Crate name or short id.
    pub problem: String,
    /// How many cases at most.
    #[arg(long, default_value_t = 1000)]
    pub cases: u64,
    /// The first seed (case k uses seed + k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The largest size given to the generator (sizes cycle from 1).
    #[arg(long, default_value_t = 10)]
    pub size: u64,
    /// Stop after this many seconds.
    #[arg(long)]
    pub time: Option<u64>,
    /// Seconds the brute force may take on one input.
    #[arg(long, default_value_t = 10)]
    pub brute_time: u64,
    /// Keep the smallest failing input as testcases/<crate>/stress-<seed>.{in,out}.
    #[arg(long)]
    pub save: bool,
    #[command(flatten)]
    pub record: RecordArgs,
}

/// At most `lines` lines of a file, each cut, with how much was left out.
fn excerpt(path: &Path, lines: usize) -> String {
    let text = crate::engine::read_head(path, EXCERPT_BYTES);
    let all: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = all
        .iter()
        .take(lines)
        .map(|l| format!("    {}", cut(l, 120)))
        .collect();
    if all.len() > lines {
        out.push(format!("    … ({} more lines)", all.len() - lines));
    }
    if out.is_empty() {
        out.push("    (empty)".into());
    }
    out.join("\n")
}

fn show(f: &Failure, programs: &Programs) {
    println!("input (seed {}, size {}):", f.seed, f.size);
    println!("{}", excerpt(&f.input, 15));
    match &programs.brute {
        Some(_) => {
            println!("brute force:");
            println!("{}", excerpt(&f.expected, 10));
            println!("solution:");
            println!("{}", excerpt(&f.actual, 10));
        }
        None => {
            println!("exchange ({}):", f.expected.display());
            println!("{}", excerpt(&f.expected, 20));
        }
    }
    for line in f.report.lines().take(20) {
        println!("  {line}");
    }
    // An interactive case is replayed as a saved case (`--save`, then `make test-<p>`).
    if programs.brute.is_some() {
        println!(
            "replay: {} {} {} | {}",
            programs.generator.display(),
            f.seed,
            f.size,
            programs.solution.display()
        );
    }
}

/// Keeps a failure as the case `stress-<seed>.{in,out}` in `dir` (the brute force's answer
/// as the expected output; an interactive problem's case is its input alone); never
/// overwrites.
pub fn save(dir: &Path, f: &Failure, interactive: bool) -> anyhow::Result<std::path::PathBuf> {
    let stem = dir.join(format!("stress-{}", f.seed));
    let (input, output) = (stem.with_extension("in"), stem.with_extension("out"));
    if input.exists() || output.exists() {
        return Err(anyhow::anyhow!(
            "{} exists; nothing was written",
            input.display()
        ));
    }
    fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    fs::copy(&f.input, &input).map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
    if !interactive {
        fs::copy(&f.expected, &output).map_err(|e| anyhow::anyhow!("{}: {e}", output.display()))?;
    }
    Ok(input)
}

/// `cargo xtask stress <problem>`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    // One `cargo metadata`: the whole resolution serves the workspace and the record's hash.
    let meta = crate::workspace::packages::metadata()?;
    let ws = Workspace::from_metadata(&meta)?;
    let problem = ws.find(&args.problem)?.clone();
    // A run of a fixed number of cases on fixed seeds gives the same verdict until an input
    // changes: remembered when it passed. A time-boxed run is not (its count varies).
    let record = Record::open(&ws.target, "stress", args.record.force);
    let hash = match args.time {
        Some(_) => None,
        None => run_hash(&ws, &meta, &problem, &args)?,
    };
    let key = format!(
        "{}-{}-{}-{}",
        problem.name, args.cases, args.seed, args.size
    );
    if let Some(summary) = hash.as_deref().and_then(|h| record.passed(&key, h)) {
        println!(
            "cached  stress {}: {summary}, and nothing it depends on changed since (--force runs it again)",
            problem.name
        );
        println!("{}", record::summary_line(1, 0, 0));
        return Ok(true);
    }
    let programs = build_pair(&ws, &problem)?;
    let work_dir = ws.target.join("stress").join(&problem.name);
    let _ = fs::remove_dir_all(&work_dir);
    let settings = Settings {
        cases: args.cases,
        seed: args.seed,
        max_size: args.size,
        time: args.time.map(Duration::from_secs),
        limits: problem.limits(),
        brute_time: Duration::from_secs(args.brute_time),
        rule: problem.rule.clone(),
        work_dir,
        progress: std::io::IsTerminal::is_terminal(&std::io::stderr()),
        shrink_seeds: SHRINK_SEEDS,
    };
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let outcome = stress(&programs, &settings, &stop)?;
    report(&ws, &problem, &args, &programs, &outcome)?;
    let tally = closing_tally(&outcome, args.cases, args.time.is_some());
    println!("{}", tally.line());
    if let Some(h) = &hash {
        if tally.failed == 0 {
            let summary = format!(
                "{} cases (seeds {}..{}, sizes 1..{}) agreed",
                tally.passed,
                args.seed,
                args.seed + tally.passed.saturating_sub(1),
                args.size
            );
            record.pass(&key, h, &summary);
        } else {
            record.fail(&key, h);
        }
    }
    Ok(tally.failed == 0)
}

/// What a fixed-count run's verdict depends on (`None` when the problem's files cannot be
/// hashed: the run is then not remembered).
fn run_hash(
    ws: &Workspace,
    meta: &cargo_metadata::Metadata,
    problem: &Problem,
    args: &Args,
) -> anyhow::Result<Option<String>> {
    let env = record::environment(&ws.root, &crate::judge::Compilers::find()?);
    let check = format!(
        "stress cases={} seed={} size={} brute-time={}",
        args.cases, args.seed, args.size, args.brute_time
    );
    Ok(record::problem_hash(ws, &env, meta, &check, problem).ok())
}

/// The solution, its generator and brute force (or interactor; and checker) built in release; the pair's
/// targets found by their files (`examples/gen.rs`, `examples/brute.rs`) whatever their
/// names.
fn build_pair(ws: &Workspace, problem: &Problem) -> anyhow::Result<Programs> {
    let example = |file: &str, what: &str| -> anyhow::Result<String> {
        let path = problem.dir.join("examples").join(file);
        if !path.is_file() {
            return Err(anyhow::anyhow!(
                "{} is missing: write {what}",
                path.display()
            ));
        }
        problem
            .examples
            .iter()
            .find(|(src, _)| *src == path)
            .map(|(_, name)| name.clone())
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "{}: no example target builds it (see [[example]] in {}/Cargo.toml)",
                    path.display(),
                    problem.name
                )
            })
    };
    let gen = example(
        "gen.rs",
        "a generator that prints one input from `<seed> <size>`",
    )?;
    // An interactive problem's interactor judges: no brute force.
    let interactive = matches!(problem.rule, crate::engine::compare::Rule::Interactor(_));
    let brute = match interactive {
        true => None,
        false => Some(example(
            "brute.rs",
            "a brute force that reads an input and prints the answer the slow obvious way",
        )?),
    };
    let mut targets = vec!["--bin", problem.name.as_str(), "--example", gen.as_str()];
    if let Some(brute) = &brute {
        targets.extend(["--example", brute.as_str()]);
    }
    let checker = problem.judge_bin();
    if let Some(bin) = &checker {
        targets.extend(["--bin", bin.as_str()]);
    }
    build_release(&[&problem.name], &targets)?;
    let release = ws.target.join("release");
    Ok(Programs {
        solution: release.join(&problem.name),
        generator: release.join("examples").join(&gen),
        brute: brute.map(|b| release.join("examples").join(b)),
    })
}

/// What the run found, printed; a disagreement shown, and kept as a case with `--save`.
fn report(
    ws: &Workspace,
    problem: &Problem,
    args: &Args,
    programs: &Programs,
    outcome: &Outcome,
) -> anyhow::Result<()> {
    match outcome {
        Outcome::Agreed { cases } => println!(
            "stress  {}: {cases} cases (seeds {}..{}, sizes 1..{}), no disagreement",
            problem.name,
            args.seed,
            args.seed + cases.saturating_sub(1),
            args.size
        ),
        Outcome::Stopped { cases, cut } => println!(
            "stress  {}: {} after {cases} cases, no disagreement",
            problem.name,
            match cut {
                Cut::TimeUp => "time is up (--time)",
                Cut::Interrupted => "interrupted",
            }
        ),
        Outcome::Broken { error, .. } => eprintln!("error: {error}"),
        Outcome::Disagreed {
            cases,
            first,
            smallest,
            ..
        } => {
            println!(
                "DISAGREE {}: after {cases} cases, at seed {} size {}; smallest failing: seed {} size {}",
                problem.name, first.seed, first.size, smallest.seed, smallest.size
            );
            show(smallest, programs);
            if args.save {
                let interactive = programs.brute.is_none();
                let input = save(&ws.cases_dir(problem), smallest, interactive)?;
                match interactive {
                    true => println!("saved   {} (the interactor's input)", input.display()),
                    false => println!(
                        "saved   {} and its brute-force answer as .out",
                        input.display()
                    ),
                }
            } else if programs.brute.is_none() {
                println!(
                    "keep it as a case: add --save (writes testcases/{0}/stress-{1}.in, the interactor's input; `make test-{0}` replays it)",
                    problem.name, smallest.seed
                );
            } else {
                println!(
                    "keep it as a case: add --save (writes testcases/{}/stress-{}.{{in,out}})",
                    problem.name, smallest.seed
                );
            }
        }
    }
    Ok(())
}

/// The closing count of a stress run: every case that was meant to run is counted.
#[derive(Debug, PartialEq, Eq)]
struct StressTally {
    passed: u64,
    failed: u64,
    /// Of the failed, how many never ran, and why.
    never_ran: Option<(u64, &'static str)>,
}

impl StressTally {
    fn line(&self) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        if let Some((n, why)) = self.never_ran {
            line.push_str(&format!(" ({n} of them never ran: {why})"));
        }
        line
    }
}

/// `planned` cases were asked for (`--cases`). A time-boxed run (`--time`) was meant to run
/// what it had time for, so only the cases it ran count; otherwise a run cut short (Ctrl-C,
/// a broken generator or brute force, a panic in the tool, the stop after a disagreement)
/// counts the cases it never ran as failed.
fn closing_tally(outcome: &Outcome, planned: u64, time_boxed: bool) -> StressTally {
    let unrun = |ran: u64, why| {
        let n = planned.saturating_sub(ran);
        (!time_boxed && n > 0).then_some((n, why))
    };
    let (passed, failed, never_ran) = match *outcome {
        Outcome::Agreed { cases } => (cases, 0, None),
        Outcome::Stopped {
            cases,
            cut: Cut::TimeUp,
        } => (cases, 0, None),
        Outcome::Stopped {
            cases,
            cut: Cut::Interrupted,
        } => {
            let n = planned.saturating_sub(cases);
            (cases, n, (n > 0).then_some((n, "interrupted")))
        }
        Outcome::Broken { agreed, .. } => {
            let never = unrun(agreed + 1, "the run stopped at the broken case");
            (agreed, 1 + never.map_or(0, |(n, _)| n), never)
        }
        Outcome::Disagreed { cases, failed, .. } => {
            let never = unrun(cases, "the run stopped at the first disagreement");
            (cases - failed, failed + never.map_or(0, |(n, _)| n), never)
        }
    };
    StressTally {
        passed,
        failed,
        never_ran,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::compare::Rule;
    use crate::engine::stress::Settings;
    use crate::engine::Limits;
    use std::path::PathBuf;

    const GEN: &str = r#"
fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|x| x.parse().unwrap()).collect();
    let (mut seed, size) = (a[0].wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407), a[1]);
    if std::env::var_os("GEN_CRASH").is_some() { eprintln!("bad seed"); std::process::exit(2) }
    if std::env::var_os("GEN_SILENT").is_some() { return }
    println!("{size}");
    let v: Vec<String> = (0..size).map(|_| { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; (seed % 100).to_string() }).collect();
    println!("{}", v.join(" "));
}
"#;

    const BRUTE: &str = r#"
use std::io::Read;
fn main() {
    if std::env::var_os("BRUTE_SLOW").is_some() { std::thread::sleep(std::time::Duration::from_secs(30)) }
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();
    let mut total = 0;
    for x in v { total += x; }
    println!("{total}");
}
"#;

    /// Sums too, but from 4 numbers on adds one: a bug that only shows above a size.
    const BUGGY: &str = r#"
use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();
    println!("{}", v.iter().sum::<u64>() + u64::from(v.len() >= 4));
}
"#;

    const CORRECT: &str = r#"
use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();
    println!("{}", v.iter().sum::<u64>());
}
"#;

    fn build(dir: &Path, name: &str, source: &str) -> PathBuf {
        crate::testing::build_rust(dir, name, source)
    }

    fn settings(dir: &Path, cases: u64) -> Settings {
        Settings {
            cases,
            seed: 1,
            max_size: 8,
            time: None,
            limits: Limits::new(Duration::from_secs(2), 256 << 20),
            brute_time: Duration::from_secs(1),
            rule: Rule::Lines,
            work_dir: dir.join("work"),
            progress: false,
            shrink_seeds: SHRINK_SEEDS,
        }
    }

    /// The correct solution with the generator and the brute force, built in `d`.
    fn correct_pair(d: &Path) -> Programs {
        Programs {
            solution: build(d, "correct", CORRECT),
            generator: build(d, "gen", GEN),
            brute: Some(build(d, "brute", BRUTE)),
        }
    }

    /// A wrapper script that sets an environment variable before running `bin`.
    fn with_env(dir: &Path, name: &str, var: &str, bin: &Path) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        fs::write(
            &path,
            format!("#!/bin/sh\n{var}=1 exec {} \"$@\"\n", bin.display()),
        )
        .unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn finds_a_planted_bug_shrinks_it_to_the_smallest_failing_size_and_saves_it() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let programs = Programs {
            solution: build(d, "buggy", BUGGY),
            generator: build(d, "gen", GEN),
            brute: Some(build(d, "brute", BRUTE)),
        };
        let stop = AtomicBool::new(false);
        // Sizes 1 to 3 cannot show the bug whatever the seed, and every seed shows it at 4:
        // a few seeds per size prove the shrinking as well as the 200 a real run tries.
        let settings = Settings {
            shrink_seeds: 24,
            ..settings(d, 100)
        };
        let Outcome::Disagreed {
            first, smallest, ..
        } = stress(&programs, &settings, &stop).unwrap()
        else {
            panic!("the bug was not found")
        };
        assert!(first.size >= 4);
        assert_eq!(smallest.size, 4, "sizes 1..3 cannot show the bug");
        // Shrinking runs seeds on every core yet keeps the smallest failing seed at that
        // size, the one a plain search from the first failure's seed meets first.
        let output = |program: &Path, stdin: &[u8]| {
            use std::io::Write;
            let mut child = std::process::Command::new(program)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(stdin).unwrap();
            child.wait_with_output().unwrap().stdout
        };
        let plain = (first.seed..)
            .find(|seed| {
                let input = std::process::Command::new(&programs.generator)
                    .args([seed.to_string(), "4".into()])
                    .output()
                    .unwrap()
                    .stdout;
                output(&programs.solution, &input)
                    != output(programs.brute.as_ref().unwrap(), &input)
            })
            .unwrap();
        assert_eq!(smallest.seed, plain);
        assert!(
            smallest.report.contains("line 1 differs"),
            "{}",
            smallest.report
        );
        let cases = d.join("cases");
        let saved = save(&cases, &smallest, false).unwrap();
        let input = fs::read_to_string(&saved).unwrap();
        assert!(input.starts_with("4\n"), "{input}");
        let want: u64 = input
            .lines()
            .nth(1)
            .unwrap()
            .split(' ')
            .map(|x| x.parse::<u64>().unwrap())
            .sum();
        assert_eq!(
            fs::read_to_string(saved.with_extension("out")).unwrap(),
            format!("{want}\n")
        );
        // Never overwrites.
        assert!(save(&cases, &smallest, false)
            .unwrap_err()
            .to_string()
            .contains("exists"));
    }

    /// An interactive problem (the guessing game): the generator writes the interactor's
    /// input, the secret, here equal to the size; no brute force. A binary search passes every
    /// case; guessing 1, 2, 3, ... needs more than the ten guesses allowed from 11 on, found,
    /// shrunk to size 11 and saved as an input alone.
    #[test]
    fn an_interactive_problem_is_stressed_against_its_interactor_without_a_brute_force() {
        use crate::engine::interactive::tests as guessing;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let generator = build(
            d,
            "secret",
            "fn main() { println!(\"{}\", std::env::args().nth(2).unwrap()); }",
        );
        // The secret is the size whatever the seed: a few seeds a size show all there is.
        let settings = Settings {
            max_size: 14,
            shrink_seeds: 3,
            rule: Rule::Interactor(build(d, "interactor", guessing::INTERACTOR)),
            ..settings(d, 28)
        };
        let programs = |solution: PathBuf| Programs {
            solution,
            generator: generator.clone(),
            brute: None,
        };
        let search = programs(build(d, "search", guessing::BINARY_SEARCH));
        let outcome = stress(&search, &settings, &AtomicBool::new(false)).unwrap();
        assert!(
            matches!(outcome, Outcome::Agreed { cases: 28 }),
            "{outcome:?}"
        );
        let linear = programs(build(d, "linear", guessing::LINEAR));
        let Outcome::Disagreed { smallest, .. } =
            stress(&linear, &settings, &AtomicBool::new(false)).unwrap()
        else {
            panic!("ten guesses or more were not found")
        };
        assert_eq!(smallest.size, 11);
        assert!(
            smallest.report.starts_with("WA: ") && smallest.report.contains("more than 10 guesses"),
            "{}",
            smallest.report
        );
        let saved = save(&d.join("cases"), &smallest, true).unwrap();
        assert_eq!(fs::read_to_string(&saved).unwrap(), "11\n");
        assert!(!saved.with_extension("out").exists());
    }

    #[test]
    fn a_correct_solution_runs_every_case_without_disagreement() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let programs = correct_pair(d);
        let outcome = stress(&programs, &settings(d, 60), &AtomicBool::new(false)).unwrap();
        assert!(
            matches!(outcome, Outcome::Agreed { cases: 60 }),
            "{outcome:?}"
        );
    }

    #[test]
    fn a_run_cut_short_counts_the_cases_it_never_ran_as_failed_unless_time_boxed() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let programs = correct_pair(d);
        // Ctrl-C before the first case: 60 were asked for, none ran.
        let outcome = stress(&programs, &settings(d, 60), &AtomicBool::new(true)).unwrap();
        assert!(
            matches!(
                outcome,
                Outcome::Stopped {
                    cases: 0,
                    cut: Cut::Interrupted
                }
            ),
            "{outcome:?}"
        );
        let t = closing_tally(&outcome, 60, false);
        assert_eq!((t.passed, t.failed), (0, 60));
        assert_eq!(
            t.line(),
            "0 passed, 60 failed (60 of them never ran: interrupted)"
        );
        // A time box that ends at once passes on the cases it had time for.
        let mut boxed = settings(d, 1000);
        boxed.time = Some(Duration::ZERO);
        let outcome = stress(&programs, &boxed, &AtomicBool::new(false)).unwrap();
        let Outcome::Stopped {
            cases,
            cut: Cut::TimeUp,
        } = outcome
        else {
            panic!("{outcome:?}")
        };
        let t = closing_tally(&outcome, 1000, true);
        assert_eq!((t.passed, t.failed, t.never_ran), (cases, 0, None));
    }

    /// Every outcome, checked against the plain rule: without a time box the closing line
    /// adds up to the cases asked for, and only an uncut, undisagreeing run has no failure.
    #[test]
    fn the_closing_line_counts_every_case_that_was_meant_to_run() {
        let failure = || {
            Box::new(Failure {
                seed: 1,
                size: 1,
                input: PathBuf::new(),
                expected: PathBuf::new(),
                actual: PathBuf::new(),
                report: String::new(),
            })
        };
        let outcomes = [
            Outcome::Agreed { cases: 100 },
            Outcome::Stopped {
                cases: 37,
                cut: Cut::Interrupted,
            },
            Outcome::Broken {
                agreed: 12,
                error: "the generator failed".into(),
            },
            Outcome::Disagreed {
                cases: 40,
                failed: 2,
                first: failure(),
                smallest: failure(),
            },
        ];
        for (i, outcome) in outcomes.iter().enumerate() {
            let t = closing_tally(outcome, 100, false);
            assert_eq!(t.passed + t.failed, 100, "{outcome:?}");
            assert_eq!(t.failed == 0, i == 0, "{outcome:?}");
        }
        let t = closing_tally(&outcomes[2], 100, false);
        assert_eq!((t.passed, t.failed, t.never_ran.unwrap().0), (12, 88, 87));
        let t = closing_tally(&outcomes[3], 100, true);
        assert_eq!((t.passed, t.failed, t.never_ran), (38, 2, None));
    }

    #[test]
    fn bad_setups_are_one_clear_line() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let (gen, brute, sol) = (
            build(d, "gen", GEN),
            build(d, "brute", BRUTE),
            build(d, "correct", CORRECT),
        );
        let run_with = |generator: PathBuf, brute: PathBuf| {
            let p = Programs {
                solution: sol.clone(),
                generator,
                brute: Some(brute),
            };
            match stress(&p, &settings(d, 10), &AtomicBool::new(false)).unwrap() {
                Outcome::Broken { agreed: 0, error } => error,
                other => panic!("{other:?}"),
            }
        };
        let crash = run_with(with_env(d, "gen-crash", "GEN_CRASH", &gen), brute.clone());
        assert!(
            crash.contains("generator failed on seed 1 size 1") && crash.contains("bad seed"),
            "{crash}"
        );
        let silent = run_with(with_env(d, "gen-silent", "GEN_SILENT", &gen), brute.clone());
        assert!(silent.contains("generator printed nothing"), "{silent}");
        let slow = run_with(gen.clone(), with_env(d, "brute-slow", "BRUTE_SLOW", &brute));
        assert!(
            slow.contains("brute force took more than 1 s") && slow.contains("smaller --size"),
            "{slow}"
        );
        for e in [crash, silent, slow] {
            assert_eq!(e.lines().count(), 1, "{e}");
        }
    }
}
