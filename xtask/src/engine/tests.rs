//! The engine on fixture programs built here (never committed binaries): one that loops,
//! allocates and touches memory, panics, aborts, prints a huge wrong output or floats, and a
//! checker that accepts any valid answer. Each verdict, the bounded report and the saved
//! output are asserted.

use super::compare::Rule;
use super::suite::{verdict, Case, Expect, Suite, Tally};
use super::{run, End, Limits, Verdict};
use crate::testing::build_rust;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

const PROGRAM: &str = r#"
use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace();
    let mode = it.next().unwrap();
    let arg: f64 = it.next().map_or(0.0, |a| a.parse().unwrap());
    match mode {
        "echo" => println!("{}", arg),
        "spin" => loop { std::hint::spin_loop() },
        "alloc" => {
            let mut v = vec![0u8; (arg as usize) << 20];
            for i in (0..v.len()).step_by(4096) { v[i] = 1; }
            println!("{}", v.iter().filter(|&&b| b == 1).count());
        }
        "panic" => panic!("the answer is not {}", 42),
        "abort" => std::process::abort(),
        "huge" => for _ in 0..100 { println!("{}", "x".repeat(1 << 20)); },
        "third" => println!("{:.12}", 1.0 / 3.0 + arg),
        "fail" => { eprintln!("error: line 1: {} is not a die value", arg); std::process::exit(1) }
        _ => unreachable!(),
    }
}
"#;

/// Accepts any odd positive integer as the answer.
const CHECKER: &str = r#"
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let actual = std::fs::read_to_string(&args[3]).unwrap();
    match actual.trim().parse::<u64>() {
        Ok(v) if v % 2 == 1 => {}
        Ok(v) => { eprintln!("{v} is even"); std::process::exit(1) }
        Err(_) => { eprintln!("not a number: {:?}", actual.trim()); std::process::exit(1) }
    }
}
"#;

struct Fixtures {
    _dir: tempfile::TempDir,
    program: PathBuf,
    checker: PathBuf,
    scratch: PathBuf,
}

fn fixtures() -> &'static Fixtures {
    static F: OnceLock<Fixtures> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let build = |name: &str, source: &str| build_rust(dir.path(), name, source);
        let program = build("program", PROGRAM);
        let checker = build("checker", CHECKER);
        let scratch = dir.path().join("scratch");
        Fixtures {
            _dir: dir,
            program,
            checker,
            scratch,
        }
    })
}

const LIMITS: Limits = Limits::new(Duration::from_millis(1000), 128 << 20);

/// Runs the fixture program on `input` and judges it against `expect` with `rule`.
fn judge(name: &str, input: &str, expect: Expect, rule: &Rule) -> (Verdict, super::Run) {
    let f = fixtures();
    fs::create_dir_all(&f.scratch).unwrap();
    let input_path = f.scratch.join(format!("{name}.in"));
    fs::write(&input_path, input).unwrap();
    let case = Case {
        name: name.into(),
        input: input_path.clone(),
        expect,
    };
    let r = run(&f.program, &[], &input_path, LIMITS, &f.scratch.join(name)).unwrap();
    (verdict(&case, &r, LIMITS, rule).unwrap(), r)
}

fn output(s: &str) -> Expect {
    Expect::Output(s.as_bytes().to_vec())
}

#[test]
fn accepted_with_its_time_and_memory() {
    let (v, r) = judge("echo", "echo 5", output("5\n"), &Rule::Lines);
    assert_eq!(v, Verdict::Accepted);
    assert_eq!(r.end, End::Code(0));
    assert!(r.peak_memory < 64 << 20, "{}", r.peak_memory);
}

#[test]
fn a_loop_is_killed_at_the_time_limit() {
    let (v, r) = judge("spin", "spin", output("1\n"), &Rule::Lines);
    assert_eq!(v, Verdict::TimeLimitExceeded);
    // Killed once its CPU time reaches the limit: on a loaded machine (the tool's tests run
    // two a core) that takes longer on the wall clock, never past the hard cap.
    assert!(
        r.cpu >= LIMITS.time && r.cpu < LIMITS.time * 2,
        "cpu {:?}",
        r.cpu
    );
    assert!(
        r.wall >= LIMITS.time && r.wall < LIMITS.hard_wall_cap(),
        "wall {:?}",
        r.wall
    );
}

#[test]
fn touching_more_memory_than_the_limit_is_mle_not_tle() {
    let (v, r) = judge("alloc", "alloc 400", output("1\n"), &Rule::Lines);
    assert_eq!(v, Verdict::MemoryLimitExceeded);
    assert!(r.peak_memory > LIMITS.memory_bytes, "{}", r.peak_memory);
    // Within the limit, the kernel's figure is the program's own: 100 MiB touched.
    let (v, r) = judge(
        "alloc-ok",
        "alloc 100",
        output(&format!("{}\n", 100 * 256)),
        &Rule::Lines,
    );
    assert_eq!(v, Verdict::Accepted);
    assert!(
        (100 << 20..120 << 20).contains(&r.peak_memory),
        "{}",
        r.peak_memory
    );
}

#[test]
fn a_panic_is_re_with_its_message_although_stderr_starts_blank() {
    let (v, _) = judge("panic", "panic", output("1\n"), &Rule::Lines);
    let Verdict::RuntimeError(why) = v else {
        panic!("{v:?}")
    };
    assert!(why.starts_with("exit status 101"), "{why}");
    assert!(why.contains("the answer is not 42"), "{why}");
}

#[test]
fn death_by_a_signal_is_re_naming_the_signal() {
    let (v, r) = judge("abort", "abort", output("1\n"), &Rule::Lines);
    assert_eq!(r.end, End::Signal(6));
    let Verdict::RuntimeError(why) = v else {
        panic!("{v:?}")
    };
    assert!(why.contains("signal 6 (SIGABRT)"), "{why}");
}

#[test]
fn a_huge_wrong_output_is_reported_in_a_few_lines_and_saved_whole() {
    let (v, r) = judge("huge", "huge", output("short\n"), &Rule::Lines);
    let Verdict::WrongAnswer(report) = v else {
        panic!("{v:?}")
    };
    assert!(report.lines().count() <= 40, "{report}");
    assert!(report.len() < 4000, "{} bytes", report.len());
    assert!(
        report.starts_with("line 1 differs (expected 1 lines, got more than 64)"),
        "{report}"
    );
    assert!(report.contains("more characters)"));
    assert!(report.contains(&r.stdout.display().to_string()));
    assert_eq!(
        fs::metadata(&r.stdout).unwrap().len(),
        100 * ((1 << 20) + 1)
    );
}

#[test]
fn floats_pass_within_the_tolerance_and_fail_beyond_it() {
    let third = format!("{:.12}\n", 1.0f64 / 3.0);
    let tolerance = Rule::Float(1e-6);
    let (v, _) = judge("third-close", "third 1e-9", output(&third), &tolerance);
    assert_eq!(v, Verdict::Accepted);
    let (v, _) = judge("third-far", "third 1e-3", output(&third), &tolerance);
    assert!(
        matches!(&v, Verdict::WrongAnswer(r) if r.contains("token 1 (line 1)")),
        "{v:?}"
    );
    // BOJ's own rule compares the text.
    let (v, _) = judge("third-exact", "third 1e-9", output(&third), &Rule::Lines);
    assert!(matches!(v, Verdict::WrongAnswer(_)));
}

#[test]
fn a_checker_accepts_any_valid_answer_and_its_stderr_explains_a_rejection() {
    let checker = Rule::Checker(fixtures().checker.clone());
    // The expected file says 1; the program prints 7, also odd: accepted.
    let (v, _) = judge("odd", "echo 7", output("1\n"), &checker);
    assert_eq!(v, Verdict::Accepted);
    let (v, _) = judge("even", "echo 8", output("1\n"), &checker);
    let Verdict::WrongAnswer(report) = v else {
        panic!("{v:?}")
    };
    assert!(
        report.contains("8 is even") && report.contains("exit status 1"),
        "{report}"
    );
}

fn write_case(dir: &Path, name: &str, input: &str, expected: &str) {
    fs::write(dir.join(format!("{name}.in")), input).unwrap();
    fs::write(dir.join(format!("{name}.out")), expected).unwrap();
}

#[test]
fn a_suite_runs_every_case_and_counts_every_failure() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases");
    fs::create_dir_all(&cases).unwrap();
    write_case(&cases, "a-ok", "echo 1", "1\n");
    write_case(&cases, "b-wrong", "echo 2", "3\n");
    write_case(&cases, "c-crash", "panic", "1\n");
    write_case(&cases, "d-ok", "echo 4", "4\n");
    let tally = Suite {
        problem: "fixture",
        label: "release",
        cases_dir: &cases,
        limits: LIMITS,
        rule: &Rule::Lines,
        out_dir: &dir.path().join("out"),
    }
    .run(&fixtures().program)
    .unwrap();
    assert_eq!((tally.passed, tally.failed), (2, 2));
    assert!(dir.path().join("out/b-wrong.release.out").is_file());
}

#[test]
fn a_case_whose_worker_panics_is_counted_as_failed_not_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let cases_dir = dir.path().join("cases");
    fs::create_dir_all(&cases_dir).unwrap();
    for (i, name) in ["a", "b", "c", "d", "e"].iter().enumerate() {
        write_case(&cases_dir, name, &format!("echo {i}"), &format!("{i}\n"));
    }
    let suite = Suite {
        problem: "fixture",
        label: "release",
        cases_dir: &cases_dir,
        limits: LIMITS,
        rule: &Rule::Lines,
        out_dir: &dir.path().join("out"),
    };
    let cases = super::suite::load(&cases_dir, false).unwrap();
    let tally = suite.run_each(&cases, |case| {
        if case.name == "c" {
            panic!("the tool broke on case c");
        }
        suite.one(&fixtures().program, case)
    });
    // Five cases meant to run: four ran and passed, the panicked one is a failure.
    assert_eq!((tally.passed, tally.failed), (4, 1));
}

#[test]
fn error_cases_want_a_clean_failure_naming_the_problem() {
    let want = || Expect::Error("is not a die value".into());
    let (v, _) = judge("clean-failure", "fail 9", want(), &Rule::Lines);
    assert_eq!(v, Verdict::Accepted);
    let (v, _) = judge("panicking-failure", "panic", want(), &Rule::Lines);
    assert!(
        matches!(&v, Verdict::RuntimeError(r) if r.contains("panicked instead")),
        "{v:?}"
    );
    let (v, _) = judge("no-failure", "echo 9", want(), &Rule::Lines);
    assert!(
        matches!(&v, Verdict::WrongAnswer(r) if r.contains("exited 0")),
        "{v:?}"
    );
}

#[test]
fn runs_that_never_happened_are_counted_as_failed_in_the_closing_line() {
    let mut t = Tally {
        passed: 3,
        failed: 1,
        ..Tally::default()
    };
    assert_eq!(t.settle(10), 6);
    assert_eq!((t.passed, t.failed), (3, 7));
    assert_eq!(
        t.line(6, "the bundle failed"),
        "3 passed, 7 failed (6 never ran: the bundle failed)"
    );
    // Nothing missing: nothing added, no note.
    assert_eq!(t.settle(10), 0);
    assert_eq!(t.line(0, "x"), "3 passed, 7 failed");
}

/// Prints its own high-water mark (VmHWM, kB) as its last act.
const OWN_PEAK: &str = r#"
fn main() {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    println!("{}", line[6..].trim().trim_end_matches("kB").trim());
}
"#;

/// The figure is the program's own: 60 runs of a trivial program, 2 at a time, while this
/// process holds 300 MiB it has touched (more than any figure could hide), each within
/// 0.5 MiB of the high-water mark the program read itself, none 0, all within 0.5 MiB of
/// each other.
#[test]
fn a_trivial_program_is_measured_at_its_own_peak_whatever_the_tool_holds() {
    let dir = tempfile::tempdir().unwrap();
    let program = build_rust(dir.path(), "own_peak", OWN_PEAK);
    let ballast: Vec<u8> = vec![1; 300 << 20];
    let input = dir.path().join("empty.in");
    fs::write(&input, "").unwrap();
    let limits = Limits::new(Duration::from_secs(5), 256 << 20);
    let figures: Vec<(u64, u64)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let (program, input, dir) = (&program, &input, dir.path());
                s.spawn(move || {
                    (0..30)
                        .map(|i| {
                            let stem = dir.join(format!("run-{w}-{i}"));
                            let r = run(program, &[], input, limits, &stem).unwrap();
                            assert_eq!(r.end, End::Code(0));
                            let own: u64 = fs::read_to_string(&r.stdout)
                                .unwrap()
                                .trim()
                                .parse()
                                .unwrap();
                            (r.peak_memory, own * 1024)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert_eq!(
        ballast.iter().step_by(4096).filter(|&&b| b == 1).count(),
        (300 << 20) / 4096
    );
    assert_eq!(figures.len(), 60);
    const HALF_MIB: u64 = 1 << 19;
    for &(figure, own) in &figures {
        assert!(figure > 0, "{figures:?}");
        assert!(
            figure.abs_diff(own) <= HALF_MIB,
            "figure {figure}, own {own}"
        );
    }
    let lo = figures.iter().map(|f| f.0).min().unwrap();
    let hi = figures.iter().map(|f| f.0).max().unwrap();
    assert!(hi - lo <= HALF_MIB, "from {lo} to {hi}");
}

/// Through a problem's suite (as `make test` and the bundled build run it): each case's
/// `.in` is the interactor's input (its `.out` optional: `b` has none), and the verdicts
/// are counted like any others.
#[test]
fn a_suite_with_an_interactor_counts_accepted_and_wrong_answers() {
    use crate::engine::compare::Rule;
    use crate::engine::interactive::tests as guessing;
    use crate::engine::suite::Suite;
    use crate::engine::Limits;
    use crate::testing::build_rust;
    use std::fs;
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let interactor = build_rust(dir.path(), "interactor", guessing::INTERACTOR);
    let search = build_rust(dir.path(), "search", guessing::BINARY_SEARCH);
    let linear = build_rust(dir.path(), "linear", guessing::LINEAR);
    let cases = dir.path().join("cases");
    fs::create_dir_all(&cases).unwrap();
    for (name, secret) in [("a", 3), ("b", 999)] {
        fs::write(cases.join(format!("{name}.in")), format!("{secret}\n")).unwrap();
    }
    fs::write(cases.join("a.out"), "").unwrap();
    assert!(
        crate::engine::suite::load(&cases, false).is_err(),
        "a bare .in is a case of an interactive problem only"
    );
    let rule = Rule::Interactor(interactor);
    let suite = Suite {
        problem: "guess",
        label: "release",
        cases_dir: &cases,
        limits: Limits::new(Duration::from_millis(1000), 256 << 20),
        rule: &rule,
        out_dir: &dir.path().join("out"),
    };
    let searched = suite.run(&search).unwrap();
    assert_eq!((searched.passed, searched.failed), (2, 0));
    // Linear: 3 is found in three guesses, 999 needs more than ten.
    let guessed = suite.run(&linear).unwrap();
    assert_eq!((guessed.passed, guessed.failed), (1, 1));
}

/// A case input that is a folder (`x.in/`) is refused as the case's fault, naming it, not
/// run and blamed on the solution; one that is a link to a file is a case like any.
#[test]
fn a_case_input_that_is_a_folder_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.in"), "1\n").unwrap();
    fs::write(dir.path().join("a.out"), "1\n").unwrap();
    std::os::unix::fs::symlink(dir.path().join("a.in"), dir.path().join("b.in")).unwrap();
    fs::write(dir.path().join("b.out"), "1\n").unwrap();
    assert_eq!(super::suite::load(dir.path(), false).unwrap().len(), 2);
    fs::create_dir(dir.path().join("c.in")).unwrap();
    fs::write(dir.path().join("c.out"), "1\n").unwrap();
    let err = super::suite::load(dir.path(), false)
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("c.in") && err.contains("must be a file"),
        "{err}"
    );
}

/// A checker's own output is bounded like a program's: one that prints 8 MiB to stdout is
/// stopped at 1 MiB (its word is then a rejection saying so) and what is kept stays small.
#[test]
fn a_checkers_output_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let checker = build_rust(
        dir.path(),
        "noisy_checker",
        "use std::io::Write;\nfn main() { let mut o = std::io::stdout().lock(); for _ in 0..8 { o.write_all(&[b'c'; 1 << 20]).unwrap(); } }\n",
    );
    let input = dir.path().join("a.in");
    fs::write(&input, "1\n").unwrap();
    let actual = dir.path().join("a.out");
    fs::write(&actual, "1\n").unwrap();
    let rule = Rule::Checker(checker);
    let err = super::compare::judge(&rule, &input, b"1\n", &actual).unwrap_err();
    assert!(err.contains("output limit"), "{err}");
    let kept = fs::metadata(dir.path().join("a.out.checker.out"))
        .unwrap()
        .len();
    assert!(kept <= 1 << 20, "{kept}");
}
