//! Each way a local verdict could contradict the judge's, probed with a fixture program:
//! a recursion deeper than the caller's stack, CPU time against wall time (sleeping, and
//! busy on a loaded machine), endless output, a child left running, the caller's
//! environment, and output bytes that are not text.

use super::compare::Rule;
use super::suite::{verdict, Case, Expect};
use super::{run, End, Limits, Verdict};
use crate::testing::build_rust;
use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

const ADVERSARY: &str = r#"
use std::io::{Read, Write};
fn depth(n: u64) -> u64 {
    let frame = [n; 16];
    if n == 0 { return 0; }
    std::hint::black_box(&frame);
    depth(n - 1) + frame[(n % 16) as usize] % 2
}
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace();
    let mode = it.next().unwrap();
    let arg: u64 = it.next().map_or(0, |a| a.parse().unwrap());
    match mode {
        "deep" => println!("{}", depth(arg)),
        "sleep" => { std::thread::sleep(std::time::Duration::from_millis(arg)); println!("1") }
        "burn" => {
            // Busy until this process has had `arg` ms of CPU, however long that takes.
            let cpu_ms = || std::fs::read_to_string("/proc/self/schedstat").unwrap()
                .split_whitespace().next().unwrap().parse::<u64>().unwrap() / 1_000_000;
            let mut x = 0u64;
            while cpu_ms() < arg { for _ in 0..10000 { x = std::hint::black_box(x.wrapping_add(1)); } }
            println!("1");
        }
        "pulse" => {
            // `arg` times: 10 ms of CPU, then 100 ms asleep.
            let cpu_ms = || std::fs::read_to_string("/proc/self/schedstat").unwrap()
                .split_whitespace().next().unwrap().parse::<u64>().unwrap() / 1_000_000;
            let mut x = 0u64;
            for k in 1..=arg {
                while cpu_ms() < 10 * k { for _ in 0..10000 { x = std::hint::black_box(x.wrapping_add(1)); } }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            println!("1");
        }
        "noisy" => {
            // `arg` MiB on stderr, then the answer.
            let mut err = std::io::stderr().lock();
            for _ in 0..arg { err.write_all(&[b'e'; 1 << 20]).unwrap(); }
            println!("1");
        }
        "endless" => { let mut out = std::io::stdout().lock(); loop { let _ = out.write_all(b"yyyyyyyyyyyyyyy\n"); } }
        "spawn" => {
            let child = std::process::Command::new("sleep").arg("31.4159").spawn().unwrap();
            println!("{}", child.id());
        }
        "env" => { let mut v: Vec<String> = std::env::vars().map(|(k, _)| k).collect(); v.sort(); println!("{}", v.join(" ")) }
        "bytes" => std::io::stdout().write_all(&[0xff, 0xfe, b'\n']).unwrap(),
        "pgid" => {
            let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
            let after = &stat[stat.rfind(')').unwrap() + 2..];
            println!("{} {}", std::process::id(), after.split_whitespace().nth(2).unwrap());
        }
        "pid-lines" => {
            // Ten lines naming this process, written over `arg` ms.
            let mut out = std::io::stdout().lock();
            for _ in 0..10 {
                writeln!(out, "{:>12}", std::process::id()).unwrap();
                out.flush().unwrap();
                std::thread::sleep(std::time::Duration::from_millis(arg / 10));
            }
        }
        _ => unreachable!(),
    }
}
"#;

struct Fixture {
    _dir: tempfile::TempDir,
    program: PathBuf,
    scratch: PathBuf,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let program = build_rust(dir.path(), "adversary", ADVERSARY);
        let scratch = dir.path().join("scratch");
        fs::create_dir_all(&scratch).unwrap();
        Fixture {
            _dir: dir,
            program,
            scratch,
        }
    })
}

/// A BOJ problem's limits: 1 s, 256 MiB, the stack as large as the memory, a 1 MiB output
/// limit (small, to keep the test's files small).
fn judge_limits() -> Limits {
    Limits {
        stack_bytes: 256 << 20,
        output_bytes: 1 << 20,
        ..Limits::new(Duration::from_millis(1000), 256 << 20)
    }
}

fn judge(name: &str, input: &str, expected: &[u8], limits: Limits) -> (Verdict, super::Run) {
    let f = fixture();
    let input_path = f.scratch.join(format!("{name}.in"));
    fs::write(&input_path, input).unwrap();
    let case = Case {
        name: name.into(),
        input: input_path.clone(),
        expect: Expect::Output(expected.to_vec()),
    };
    let r = run(&f.program, &[], &input_path, limits, &f.scratch.join(name)).unwrap();
    (verdict(&case, &r, limits, &Rule::Lines).unwrap(), r)
}

/// 10^6 frames of about 150 bytes: more than the caller's 8 MiB, well within 256 MiB. On
/// the judge the stack limit is the memory limit; with the stack left as the caller's it
/// overflows (the probe that was RE here and AC there).
#[test]
fn a_recursion_a_million_deep_gets_the_judges_stack() {
    let (v, _) = judge("deep", "deep 1000000", b"500000\n", judge_limits());
    assert_eq!(v, Verdict::Accepted);
    let small = Limits {
        stack_bytes: 8 << 20,
        ..judge_limits()
    };
    let (v, r) = judge("deep-small", "deep 1000000", b"500000\n", small);
    assert!(matches!(v, Verdict::RuntimeError(_)), "{v:?} {:?}", r.end);
}

/// Time is CPU time: a program that sleeps 500 ms uses almost none (AC, its wall time
/// shown), one that sleeps past the wall-clock cap is killed there (TLE, no hang).
#[test]
fn sleeping_costs_no_cpu_time_and_sleeping_forever_ends_at_the_wall_cap() {
    let (v, r) = judge("sleep", "sleep 500", b"1\n", judge_limits());
    assert_eq!(v, Verdict::Accepted);
    assert!(r.cpu < Duration::from_millis(100), "{:?}", r.cpu);
    assert!(r.wall >= Duration::from_millis(500), "{:?}", r.wall);
    let (v, r) = judge("sleep-long", "sleep 60000", b"1\n", judge_limits());
    assert_eq!(v, Verdict::TimeLimitExceeded);
    assert_eq!(r.end, End::TimeLimit);
    let cap = judge_limits().wall_cap();
    assert!(
        r.wall >= cap && r.wall < cap + Duration::from_secs(2),
        "{:?}",
        r.wall
    );
}

/// Over the limit by any margin is TLE; under it, AC however busy the machine is: four
/// programs of 600 ms of CPU each, side by side on this machine's cores, are all AC though
/// each takes longer than the limit in wall time when the cores are shared.
#[test]
fn cpu_time_decides_not_the_wall_clock_of_a_busy_machine() {
    let (v, r) = judge("burn-over", "burn 1100", b"1\n", judge_limits());
    assert_eq!(v, Verdict::TimeLimitExceeded, "{:?}", r.cpu);
    let names: Vec<String> = (0..4).map(|k| format!("burn-{k}")).collect();
    let results = crate::engine::pool::map(&names, 4, |name| {
        judge(name, "burn 600", b"1\n", judge_limits())
    });
    for r in results {
        let (v, run) = r.unwrap();
        assert_eq!(
            v,
            Verdict::Accepted,
            "cpu {:?} wall {:?}",
            run.cpu,
            run.wall
        );
        assert!(run.cpu >= Duration::from_millis(550), "{:?}", run.cpu);
    }
}

/// Endless output stops at the output limit with its own verdict, and what is kept of it
/// is bounded by that limit.
#[test]
fn endless_output_is_ole_and_the_file_kept_is_bounded() {
    let (v, r) = judge("endless", "endless", b"y\n", judge_limits());
    assert_eq!(v, Verdict::OutputLimitExceeded, "{:?}", r.end);
    let kept = fs::metadata(&r.stdout).unwrap().len();
    assert!(kept <= judge_limits().output_bytes, "{kept}");
}

/// A program that starts another process (a spawn of `sleep`, which `setsid()` could have
/// taken out of any process group) is killed as it forks, before the new process runs: RE
/// saying why, and no such process alive afterwards. Judges allow none; threads are fine.
#[test]
fn a_program_that_starts_a_process_is_re_and_nothing_it_started_survives() {
    let (v, r) = judge("spawn", "spawn", b"", judge_limits());
    assert!(
        matches!(&v, Verdict::RuntimeError(why) if why.contains("started another process")),
        "{v:?}"
    );
    assert_eq!(r.end, End::Forked);
    assert!(fs::read_to_string(&r.stdout).unwrap().is_empty());
    // No `sleep 31.4159` anywhere (the adversary's child), but a zombie on its way out.
    let alive = || {
        fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .bytes()
                    .all(|b| b.is_ascii_digit())
            })
            .filter(|e| {
                let cmd = fs::read(e.path().join("cmdline")).unwrap_or_default();
                let state = fs::read_to_string(e.path().join("stat")).unwrap_or_default();
                String::from_utf8_lossy(&cmd).contains("31.4159")
                    && !state
                        .rsplit(") ")
                        .next()
                        .is_some_and(|s| s.starts_with('Z'))
            })
            .count()
    };
    assert_eq!(alive(), 0);
}

/// The program sees a judge's environment, not this tool's (cargo's test run sets dozens
/// of variables).
#[test]
fn the_program_gets_a_clean_environment() {
    assert!(std::env::vars().count() > 2);
    let (v, r) = judge("env", "env", b"LANG PATH\n", judge_limits());
    assert_eq!(
        v,
        Verdict::Accepted,
        "{}",
        fs::read_to_string(&r.stdout).unwrap()
    );
}

/// Bytes FF FE are not two U+FFFD: output is compared as bytes, and a `.out` that is not
/// UTF-8 is read and matched as bytes.
#[test]
fn outputs_are_compared_as_bytes_not_decoded_lossily() {
    let (v, _) = judge(
        "bytes",
        "bytes",
        "\u{fffd}\u{fffd}\n".as_bytes(),
        judge_limits(),
    );
    assert!(
        matches!(&v, Verdict::WrongAnswer(r) if r.contains("\\xff\\xfe")),
        "{v:?}"
    );
    let (v, _) = judge(
        "bytes-ok",
        "bytes",
        &[0xff, 0xfe, b' ', b'\n', b'\n'],
        judge_limits(),
    );
    assert_eq!(v, Verdict::Accepted);
}

/// Accepts an output of ten equal lines: one run's own output, not two runs' mixed.
const ONE_WRITER: &str = r#"
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = std::fs::read_to_string(&args[3]).unwrap_or_default();
    let lines: Vec<&str> = out.lines().collect();
    if lines.len() != 10 || lines.iter().any(|l| *l != lines[0]) {
        eprintln!("not one run's output: {lines:?}");
        std::process::exit(1);
    }
}
"#;

/// Two runs of one problem at once (two `make test`) write the same saved outputs: each
/// case prints ten lines naming its process over 300 ms, so two runs writing one file at
/// once leave lines of both, which the checker rejects. Taking turns, both are AC.
#[test]
fn two_runs_of_the_same_cases_at_once_both_give_the_right_verdicts() {
    let f = fixture();
    let checker = build_rust(&f.scratch, "one_writer", ONE_WRITER);
    let cases = f.scratch.join("two-runs/cases");
    let out_dir = f.scratch.join("two-runs/out");
    fs::create_dir_all(&cases).unwrap();
    for k in 0..2 {
        fs::write(cases.join(format!("c{k}.in")), "pid-lines 300").unwrap();
        fs::write(cases.join(format!("c{k}.out")), "").unwrap();
    }
    let rule = Rule::Checker(checker);
    let suite = super::suite::Suite {
        problem: "two-runs",
        label: "release",
        cases_dir: &cases,
        limits: judge_limits(),
        rule: &rule,
        out_dir: &out_dir,
    };
    let tallies: Vec<super::suite::Tally> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..2)
            .map(|_| scope.spawn(|| suite.run(&f.program).unwrap()))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for t in tallies {
        assert_eq!((t.passed, t.failed), (2, 0));
    }
}

/// The hold on a folder of outputs excludes a second run until the first lets go (the
/// second waits, it does not fail), and is let go when dropped.
#[test]
fn a_second_run_waits_for_the_first_to_let_go_of_the_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let first = super::lock_outputs(dir.path(), "p").unwrap();
    let waited = std::thread::scope(|scope| {
        let second = scope.spawn(|| {
            let t = std::time::Instant::now();
            let _held = super::lock_outputs(dir.path(), "p").unwrap();
            t.elapsed()
        });
        std::thread::sleep(Duration::from_millis(300));
        drop(first);
        second.join().unwrap()
    });
    assert!(waited >= Duration::from_millis(250), "{waited:?}");
    // Let go: a third takes it at once.
    let t = std::time::Instant::now();
    let _third = super::lock_outputs(dir.path(), "p").unwrap();
    assert!(t.elapsed() < Duration::from_millis(100));
}

/// The program leads a process group of its own: the terminal's Ctrl-C (SIGINT to the
/// foreground group, this tool's) never reaches it, so an interrupted `stress` never sees
/// a solution "killed by signal 2" as a disagreement; and the group ends with the run.
#[test]
fn the_program_runs_in_a_process_group_of_its_own() {
    let (_, r) = judge("pgid", "pgid", b"", judge_limits());
    let text = fs::read_to_string(&r.stdout).unwrap();
    let (pid, pgid) = text.trim().split_once(' ').unwrap();
    assert_eq!(pid, pgid, "{text}");
    let ours = nix::unistd::getpgrp().as_raw().to_string();
    assert_ne!(pgid, ours);
}

/// The wall-clock cap ends hangs, not programs that are slow in wall time only: one that
/// works in bursts (10 ms of CPU, 100 ms asleep, 20 times: 200 ms of CPU over 2.2 s) passes
/// the cap of a 400 ms limit (1.8 s) and is AC, and so is one of 200 ms of CPU on a machine
/// made busy by this test (sixteen spinning threads per core) that takes longer than the cap;
/// one that sleeps is still TLE at the cap.
#[test]
fn the_wall_clock_cap_ends_hangs_not_slow_progress_even_under_load() {
    let limits = Limits::new(Duration::from_millis(400), 256 << 20);
    let (v, r) = judge("pulse", "pulse 20", b"1\n", limits);
    assert_eq!(v, Verdict::Accepted, "cpu {:?} wall {:?}", r.cpu, r.wall);
    assert!(r.wall > limits.wall_cap(), "{:?}", r.wall);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let (v, r) = std::thread::scope(|scope| {
        for _ in 0..16 * cores {
            scope.spawn(|| {
                let mut x = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    for _ in 0..10_000 {
                        x = std::hint::black_box(x.wrapping_add(1));
                    }
                }
            });
        }
        let judged = judge("burn-loaded", "burn 200", b"1\n", limits);
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        judged
    });
    assert_eq!(v, Verdict::Accepted, "cpu {:?} wall {:?}", r.cpu, r.wall);
    assert!(
        r.wall > limits.wall_cap(),
        "the load did not slow it past the cap: {:?}",
        r.wall
    );
    let (v, r) = judge("sleep-past-cap", "sleep 60000", b"1\n", limits);
    assert_eq!(v, Verdict::TimeLimitExceeded);
    assert!(
        r.wall < limits.wall_cap() + Duration::from_secs(1),
        "{:?}",
        r.wall
    );
}

/// The judge ignores stderr: 8 MiB of it before the right answer, under an output limit of
/// 1 MiB, is AC, and what is kept of it is bounded (`STDERR_KEPT`).
#[test]
fn stderr_is_never_an_output_limit_and_is_kept_bounded() {
    let (v, r) = judge("noisy", "noisy 8", b"1\n", judge_limits());
    assert_eq!(v, Verdict::Accepted, "{:?}", r.end);
    let kept = fs::metadata(&r.stderr).unwrap().len();
    assert_eq!(kept, super::STDERR_KEPT);
}
