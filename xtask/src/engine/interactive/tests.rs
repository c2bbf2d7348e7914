//! A guessing game, as an interactive problem: the interactor holds a number from the case's
//! input, answers each guess with `<`, `>` or `=`, and rejects a solution that needs more than
//! ten guesses. Each test says how the judge would end the run.

use super::*;
use crate::engine::Verdict;
use crate::testing::build_rust;

pub(crate) const INTERACTOR: &str = r#"
use std::io::{BufRead, Write};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secret: u32 = std::fs::read_to_string(&args[1]).unwrap().trim().parse().unwrap();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut lines = stdin.lock().lines();
    for _ in 0..10 {
        let Some(Ok(line)) = lines.next() else {
            eprintln!("the solution stopped asking");
            std::process::exit(1);
        };
        let guess: u32 = match line.trim().parse() {
            Ok(g) => g,
            Err(_) => { eprintln!("not a number: {line:?}"); std::process::exit(1); }
        };
        let answer = if guess < secret { ">" } else if guess > secret { "<" } else { "=" };
        writeln!(out, "{answer}").unwrap();
        out.flush().unwrap();
        if answer == "=" { return; }
    }
    eprintln!("more than 10 guesses");
    std::process::exit(1);
}
"#;

/// Binary search over 1..=1000, each guess flushed (Rust's stdout flushes at each newline).
pub(crate) const BINARY_SEARCH: &str = r#"
use std::io::BufRead;
fn main() {
    let (mut lo, mut hi) = (1u32, 1000u32);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let mid = (lo + hi) / 2;
        println!("{mid}");
        match lines.next().unwrap().unwrap().trim() {
            "=" => return,
            ">" => lo = mid + 1,
            _ => hi = mid - 1,
        }
    }
}
"#;

/// Guesses 1, 2, 3, ...: too many guesses for a large number.
pub(crate) const LINEAR: &str = r#"
use std::io::BufRead;
fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    for g in 1.. {
        println!("{g}");
        match lines.next() {
            Some(Ok(l)) if l.trim() == "=" => return,
            Some(Ok(_)) => {}
            _ => return,
        }
    }
}
"#;

/// Writes its guess into a buffer it never flushes, then waits for the answer: a deadlock.
const NO_FLUSH: &str = r#"
use std::io::{BufRead, Write};
fn main() {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "500").unwrap();
    let stdin = std::io::stdin();
    let _ = stdin.lock().lines().next();
}
"#;

fn play(solution_source: &str, secret: u32) -> (Interaction, Verdict, std::time::Duration) {
    let dir = tempfile::tempdir().unwrap();
    let interactor = build_rust(dir.path(), "interactor", INTERACTOR);
    let solution = build_rust(dir.path(), "solution", solution_source);
    let input = dir.path().join("1.in");
    fs::write(&input, format!("{secret}\n")).unwrap();
    let limits = Limits::new(Duration::from_millis(1000), 256 << 20);
    let started = Instant::now();
    let i = interact(
        &solution,
        &interactor,
        &input,
        None,
        limits,
        &dir.path().join("out/1"),
    )
    .unwrap();
    let took = started.elapsed();
    let v = verdict(&i, limits);
    // The files outlive the folder only through what the test read: keep it until here.
    let exchange = fs::read_to_string(&i.exchange).unwrap();
    assert!(exchange.contains("# the solution wrote"), "{exchange}");
    drop(dir);
    (i, v, took)
}

#[test]
fn a_binary_search_is_accepted_and_its_exchange_is_kept() {
    let (i, v, _) = play(BINARY_SEARCH, 737);
    assert_eq!(v, Verdict::Accepted, "{i:?}");
}

#[test]
fn too_many_guesses_are_a_wrong_answer_with_the_interactors_words() {
    let (_, v, _) = play(LINEAR, 900);
    match v {
        Verdict::WrongAnswer(why) => assert!(why.contains("more than 10 guesses"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_query_never_flushed_is_a_time_limit_within_the_wall_cap() {
    let (_, v, took) = play(NO_FLUSH, 500);
    assert_eq!(v, Verdict::TimeLimitExceeded);
    // Both sides wait, using no CPU: the wall-clock cap (2 x 1 s + 1 s) ends it, no hang.
    let cap = Limits::new(Duration::from_millis(1000), 0).wall_cap();
    assert!(
        took < cap + INTERACTOR_GRACE + Duration::from_secs(2),
        "{took:?}"
    );
}

#[test]
fn a_solution_that_cannot_start_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let interactor = build_rust(dir.path(), "interactor", INTERACTOR);
    let input = dir.path().join("1.in");
    fs::write(&input, "5\n").unwrap();
    let limits = Limits::new(Duration::from_millis(1000), 256 << 20);
    let started = Instant::now();
    let r = interact(
        &dir.path().join("missing"),
        &interactor,
        &input,
        None,
        limits,
        &dir.path().join("out/1"),
    );
    assert!(r.is_err());
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// An interactor that leaves a process holding its stdout (a `setsid()` child, out of its
/// process group, sleeping 30 s) does not make the case wait for it: the case ends within
/// a few seconds with the interactor's verdict.
#[test]
fn a_process_the_interactor_leaves_holding_a_pipe_does_not_hold_the_case() {
    let dir = tempfile::tempdir().unwrap();
    let leaving = INTERACTOR.replace(
        "    let stdin = std::io::stdin();",
        "    let _ = std::process::Command::new(\"setsid\").args([\"sleep\", \"30\"]).spawn();\n    let stdin = std::io::stdin();",
    );
    assert_ne!(leaving, INTERACTOR);
    let interactor = build_rust(dir.path(), "interactor", &leaving);
    let solution = build_rust(dir.path(), "search", BINARY_SEARCH);
    let input = dir.path().join("1.in");
    fs::write(&input, "777\n").unwrap();
    let limits = Limits::new(Duration::from_millis(1000), 256 << 20);
    let started = Instant::now();
    let i = interact(
        &solution,
        &interactor,
        &input,
        None,
        limits,
        &dir.path().join("out/1"),
    )
    .unwrap();
    assert_eq!(verdict(&i, limits), Verdict::Accepted);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}
