//! Runs the cases under `testcases/<crate>/` against a binary, judge-style.
//!
//! A case is `NAME.in` with either `NAME.out` (expected output, compared as BOJ does:
//! trailing spaces and trailing blank lines ignored) or `NAME.err` (the input is invalid:
//! the program must exit non-zero without panicking, and the first line of its stderr must
//! contain the text of the `.err` file). Each run is killed at the problem's time limit.

use crate::problems::{cargo, Problem, Workspace};
use similar::TextDiff;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// What a case expects.
#[derive(Debug)]
pub enum Expect {
    Output(String),
    Error(String),
}

#[derive(Debug)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub expect: Expect,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// Wrong answer, with a readable expected-versus-actual diff.
    WrongAnswer(String),
    TimeLimitExceeded,
    /// Runtime error (or, for an `.err` case, the wrong kind of failure), with the reason.
    RuntimeError(String),
}

impl Verdict {
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::RuntimeError(_) => "RE",
        }
    }
}

/// The cases in `dir`, sorted by name. A `.in` without `.out` or `.err` is an error.
pub fn load(dir: &Path) -> Result<Vec<Case>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    let mut cases = Vec::new();
    for input in inputs {
        let name = input.file_stem().unwrap().to_string_lossy().to_string();
        let read = |ext: &str| fs::read_to_string(input.with_extension(ext));
        let expect = match (read("out"), read("err")) {
            (Ok(out), Err(_)) => Expect::Output(out),
            (Err(_), Ok(err)) => Expect::Error(err.trim().to_string()),
            (Ok(_), Ok(_)) => return Err(format!("{}: has both .out and .err", input.display())),
            (Err(_), Err(_)) => {
                return Err(format!(
                    "{}: no matching .out or .err file",
                    input.display()
                ))
            }
        };
        cases.push(Case {
            name,
            input,
            expect,
        });
    }
    Ok(cases)
}

/// Text as BOJ compares it: trailing whitespace on each line and trailing blank lines dropped.
pub fn normalize(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
    let keep = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    lines[..keep].join("\n")
}

/// Runs `binary` on one case with `time_limit`.
pub fn run_case(
    binary: &Path,
    case: &Case,
    time_limit: Duration,
) -> Result<(Verdict, Duration), String> {
    let stdin =
        fs::File::open(&case.input).map_err(|e| format!("{}: {e}", case.input.display()))?;
    let started = Instant::now();
    let mut child = spawn(binary, stdin)?;
    let drain = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let status = child.wait_timeout(time_limit).map_err(|e| e.to_string())?;
    let elapsed = started.elapsed();
    let Some(status) = status else {
        let _ = child.kill();
        let _ = child.wait();
        return Ok((Verdict::TimeLimitExceeded, elapsed));
    };
    let (stdout, stderr) = (
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    );
    let first_err_line = stderr.lines().next().unwrap_or("").to_string();
    let verdict = match &case.expect {
        Expect::Output(expected) => {
            if !status.success() {
                Verdict::RuntimeError(format!("{status}: {first_err_line}"))
            } else if normalize(&stdout) == normalize(expected) {
                Verdict::Accepted
            } else {
                Verdict::WrongAnswer(diff(expected, &stdout))
            }
        }
        Expect::Error(wanted) => {
            if status.success() {
                Verdict::WrongAnswer(format!(
                    "expected a failure mentioning {wanted:?}, but it exited 0 printing {:?}",
                    stdout.trim()
                ))
            } else if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
                Verdict::RuntimeError(format!(
                    "panicked instead of a clean error: {first_err_line}"
                ))
            } else if !first_err_line.contains(wanted.as_str()) {
                Verdict::WrongAnswer(format!(
                    "stderr's first line {first_err_line:?} does not mention {wanted:?}"
                ))
            } else {
                Verdict::Accepted
            }
        }
    };
    Ok((verdict, elapsed))
}

/// Starts `binary`. A binary written a moment ago can still be open for writing in a child
/// that another thread is forking ("text file busy", ETXTBSY): retry briefly then.
fn spawn(binary: &Path, stdin: fs::File) -> Result<std::process::Child, String> {
    const TEXT_FILE_BUSY: i32 = 26;
    let mut attempt = 0;
    loop {
        let stdin = stdin.try_clone().map_err(|e| e.to_string())?;
        match Command::new(binary)
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        {
            Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) && attempt < 20 => {
                attempt += 1;
                thread::sleep(Duration::from_millis(10));
            }
            other => return other.map_err(|e| format!("cannot start {}: {e}", binary.display())),
        }
    }
}

/// Expected versus actual, line by line, after normalisation.
fn diff(expected: &str, actual: &str) -> String {
    let (expected, actual) = (normalize(expected) + "\n", normalize(actual) + "\n");
    TextDiff::from_lines(&expected, &actual)
        .unified_diff()
        .context_radius(3)
        .header("expected", "actual")
        .to_string()
}

/// Counts of a run.
#[derive(Default, Clone, Copy)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
}

/// Runs every case of `problem` against `binary`, printing one line per case (with the
/// diff or reason under a failure). `label` names the binary kind in each line.
pub fn run_problem(
    ws: &Workspace,
    problem: &Problem,
    binary: &Path,
    label: &str,
) -> Result<Tally, String> {
    let cases = load(&ws.cases_dir(problem))?;
    if cases.is_empty() {
        return Err(format!(
            "{}: no test cases",
            ws.cases_dir(problem).display()
        ));
    }
    let limit = Duration::from_millis(problem.time_limit_ms);
    let mut tally = Tally::default();
    for case in &cases {
        let (verdict, elapsed) = run_case(binary, case, limit)?;
        println!(
            "{:<3} {:<8} {}/{} {} ms",
            verdict.code(),
            label,
            problem.name,
            case.name,
            elapsed.as_millis()
        );
        match &verdict {
            Verdict::Accepted => tally.passed += 1,
            Verdict::TimeLimitExceeded => {
                println!(
                    "    killed at the time limit of {} ms",
                    problem.time_limit_ms
                );
                tally.failed += 1;
            }
            Verdict::WrongAnswer(detail) | Verdict::RuntimeError(detail) => {
                for line in detail.lines() {
                    println!("    {line}");
                }
                tally.failed += 1;
            }
        }
    }
    Ok(tally)
}

/// Builds the release binaries of `problems` with cargo.
pub fn build_release(problems: &[Problem]) -> Result<(), String> {
    let mut args = vec!["build", "--release", "--quiet"];
    for p in problems {
        args.extend(["-p", p.name.as_str()]);
    }
    cargo(&args)
}

/// `cargo xtask cases`: every case against the release binary and against the bundled
/// single file built as the judge builds it, so what is pasted is what was tested.
pub fn run(names: &[String]) -> Result<bool, String> {
    let ws = Workspace::load()?;
    let problems = ws.select(names)?;
    build_release(&problems)?;
    let inputs = crate::submit::inputs(&ws)?;
    let mut total = Tally::default();
    for problem in &problems {
        let binary = ws.target.join("release").join(&problem.name);
        let t = run_problem(&ws, problem, &binary, "release")?;
        total.passed += t.passed;
        total.failed += t.failed;
        let bundled = crate::submit::bundle_and_verify(&ws, problem, &inputs, Default::default())?;
        total.passed += bundled.tally.passed;
        total.failed += bundled.tally.failed;
        if !bundled.ok && bundled.tally.failed == 0 {
            total.failed += 1; // the bundle itself failed: size, compile or std-API check
        }
    }
    println!("{} passed, {} failed", total.passed, total.failed);
    Ok(total.failed == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_ignores_trailing_spaces_and_blank_lines_only() {
        assert_eq!(normalize("1 2  \n3\n\n\n"), "1 2\n3");
        assert_eq!(normalize("1\n\n2\n"), "1\n\n2");
        assert_ne!(normalize(" 1\n"), normalize("1\n"));
    }

    fn script(dir: &Path, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("prog.sh");
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    fn case(dir: &Path, expect: Expect) -> Case {
        let input = dir.join("c.in");
        fs::write(&input, "5\n").unwrap();
        Case {
            name: "c".into(),
            input,
            expect,
        }
    }

    #[test]
    fn verdicts_cover_accepted_wrong_timeout_and_crash() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let limit = Duration::from_millis(500);
        let ok = case(d, Expect::Output("5\n".into()));
        let echo = script(d, "cat; printf '  \\n\\n'");
        assert_eq!(run_case(&echo, &ok, limit).unwrap().0, Verdict::Accepted);
        let wrong = script(d, "echo 6");
        let Verdict::WrongAnswer(diff) = run_case(&wrong, &ok, limit).unwrap().0 else {
            panic!()
        };
        assert!(diff.contains("-5") && diff.contains("+6"), "{diff}");
        let slow = script(d, "sleep 5");
        assert_eq!(
            run_case(&slow, &ok, limit).unwrap().0,
            Verdict::TimeLimitExceeded
        );
        let crash = script(d, "echo boom >&2; exit 3");
        assert!(
            matches!(run_case(&crash, &ok, limit).unwrap().0, Verdict::RuntimeError(m) if m.contains("boom"))
        );
    }

    #[test]
    fn error_cases_want_a_clean_failure_naming_the_problem() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let limit = Duration::from_millis(500);
        let bad = case(d, Expect::Error("not a die value".into()));
        let clean = script(
            d,
            "echo 'error: roll 1: 9 is not a die value 1..5' >&2; exit 1",
        );
        assert_eq!(run_case(&clean, &bad, limit).unwrap().0, Verdict::Accepted);
        let panics = script(
            d,
            "echo \"thread 'main' panicked at not a die value\" >&2; exit 101",
        );
        assert!(matches!(
            run_case(&panics, &bad, limit).unwrap().0,
            Verdict::RuntimeError(_)
        ));
        let silent = script(d, "echo 0");
        assert!(matches!(
            run_case(&silent, &bad, limit).unwrap().0,
            Verdict::WrongAnswer(_)
        ));
    }
}
