//! Every case of a problem against one binary, on all cores, reported in a stable order.
//!
//! A case is `NAME.in` with either `NAME.out` (the expected output, judged by the problem's
//! rule) or `NAME.err` (the input is invalid: the program must exit non-zero without
//! panicking, and the first line of its stderr must contain the text of the `.err` file).
//! An interactive problem's case is the interactor's input, `NAME.in`, alone or with a
//! `NAME.out` the interactor is given.

use super::compare::{self, Rule};
use super::{describe_end, run, stderr_summary, End, Limits, Run, Verdict};
use std::fs;
use std::path::{Path, PathBuf};

/// What a case expects.
#[derive(Debug)]
pub enum Expect {
    /// The expected output's bytes (text or not: compared as bytes where it is not text).
    Output(Vec<u8>),
    Error(String),
    /// An interactive case without `.out`: the interactor alone judges.
    Interaction,
}

#[derive(Debug)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub expect: Expect,
}

/// The cases in `dir`, sorted by name. A `.in` without `.out` or `.err` is an error, but
/// for an `interactive` problem's.
pub fn load(dir: &Path, interactive: bool) -> anyhow::Result<Vec<Case>> {
    let entries = fs::read_dir(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    let mut cases = Vec::new();
    for input in inputs {
        // A case is a file (a link to one too): a folder named `x.in` is the case's fault,
        // never the solution's.
        if !input.is_file() {
            return Err(anyhow::anyhow!(
                "{}: a case input must be a file",
                input.display()
            ));
        }
        let name = input.file_stem().unwrap().to_string_lossy().to_string();
        let read = |ext: &str| fs::read_to_string(input.with_extension(ext));
        let expect = match (fs::read(input.with_extension("out")), read("err")) {
            (Ok(out), Err(_)) => Expect::Output(out),
            (Err(_), Ok(err)) => Expect::Error(err.trim().to_string()),
            (Ok(_), Ok(_)) => {
                return Err(anyhow::anyhow!(
                    "{}: has both .out and .err",
                    input.display()
                ))
            }
            (Err(_), Err(_)) if interactive => Expect::Interaction,
            (Err(_), Err(_)) => {
                return Err(anyhow::anyhow!(
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

/// The verdict of `run` on `case`.
pub fn verdict(case: &Case, run: &Run, limits: Limits, rule: &Rule) -> anyhow::Result<Verdict> {
    // Time is CPU time: over the limit by any margin is TLE, as is the wall-clock cap.
    if run.end == End::TimeLimit || run.cpu > limits.time {
        return Ok(Verdict::TimeLimitExceeded);
    }
    let printed = fs::metadata(&run.stdout).map_or(0, |m| m.len());
    if run.end == End::OutputLimit || (limits.output_bytes > 0 && printed >= limits.output_bytes) {
        return Ok(Verdict::OutputLimitExceeded);
    }
    if run.end == End::MemoryLimit || run.peak_memory > limits.memory_bytes {
        return Ok(Verdict::MemoryLimitExceeded);
    }
    if run.end == End::Forked {
        return Ok(Verdict::RuntimeError(describe_end(&run.end)));
    }
    let why = || {
        let stderr = stderr_summary(&run.stderr, 6);
        let mut out = describe_end(&run.end);
        if !stderr.is_empty() {
            out.push_str(":\n");
            out.push_str(&stderr);
        }
        out.push_str(&format!("\nfull stderr: {}", run.stderr.display()));
        out
    };
    Ok(match &case.expect {
        Expect::Output(expected) => {
            if run.end != End::Code(0) {
                Verdict::RuntimeError(why())
            } else {
                match compare::judge(rule, &case.input, expected, &run.stdout) {
                    Ok(()) => Verdict::Accepted,
                    Err(report) => Verdict::WrongAnswer(report),
                }
            }
        }
        Expect::Error(wanted) => {
            let stderr = super::read_head(&run.stderr, 64 * 1024);
            let first = stderr.lines().next().unwrap_or("");
            if run.end == End::Code(0) {
                Verdict::WrongAnswer(format!(
                    "expected a failure mentioning {wanted:?}, but it exited 0 printing {:?}",
                    compare::cut(super::read_head(&run.stdout, 4096).trim(), 200)
                ))
            } else if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
                Verdict::RuntimeError(format!("panicked instead of a clean error: {}", why()))
            } else if !first.contains(wanted.as_str()) {
                Verdict::WrongAnswer(format!(
                    "stderr's first line {:?} does not mention {wanted:?}",
                    compare::cut(first, 200)
                ))
            } else {
                Verdict::Accepted
            }
        }
        Expect::Interaction => {
            return Err(anyhow::anyhow!(
                "{}: an interactive case is judged by the interactor, during its run",
                case.input.display()
            ))
        }
    })
}

/// One case's line and report.
pub struct Outcome {
    pub case: String,
    pub verdict: Verdict,
    pub run: Option<Run>,
}

/// Counts of a run.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    /// Of the failed runs, those over the time limit (TLE): a parent that ran problems
    /// side by side checks such a problem again alone.
    pub timed_out: usize,
    /// The longest run, milliseconds, and the largest peak memory, bytes.
    pub slowest_ms: u64,
    pub peak_bytes: u64,
}

impl Tally {
    pub fn add(&mut self, other: Tally) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.timed_out += other.timed_out;
        self.slowest_ms = self.slowest_ms.max(other.slowest_ms);
        self.peak_bytes = self.peak_bytes.max(other.peak_bytes);
    }

    /// `16 runs, slowest 12 ms, peak 2.1 MiB`: what a cached problem's line repeats.
    pub fn figures(&self) -> String {
        format!(
            "{} runs, slowest {} ms, peak {}",
            self.passed + self.failed,
            self.slowest_ms,
            mib(self.peak_bytes)
        )
    }

    /// Counts the runs of `meant` that never happened (a build or a bundle that failed
    /// first) as failed; returns how many that was.
    pub fn settle(&mut self, meant: usize) -> usize {
        let never = meant.saturating_sub(self.passed + self.failed);
        self.failed += never;
        never
    }

    /// `3 passed, 2 failed (2 never ran: why)`.
    pub fn line(&self, never_ran: usize, why: &str) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        if never_ran > 0 {
            line.push_str(&format!(" ({never_ran} never ran: {why})"));
        }
        line
    }
}

/// How many cases `dir` holds for a problem judged by `rule` (0 when they cannot be read:
/// the run then reports why).
pub fn count(dir: &Path, rule: &Rule) -> usize {
    load(dir, matches!(rule, Rule::Interactor(_))).map_or(0, |cases| cases.len())
}

/// What to run a suite with.
pub struct Suite<'a> {
    /// `boj-18139`, for the report.
    pub problem: &'a str,
    /// `release`, `bundled`, for the report and the saved outputs.
    pub label: &'a str,
    pub cases_dir: &'a Path,
    pub limits: Limits,
    pub rule: &'a Rule,
    /// Where outputs are saved: `<out_dir>/<case>.<label>.out`.
    pub out_dir: &'a Path,
}

impl Suite<'_> {
    /// Runs every case against `binary` on all cores and prints one line a case, in case
    /// order, each failure followed by its bounded report.
    pub fn run(&self, binary: &Path) -> anyhow::Result<Tally> {
        let interactive = matches!(self.rule, Rule::Interactor(_));
        let cases = load(self.cases_dir, interactive)?;
        if cases.is_empty() {
            return Err(anyhow::anyhow!(
                "{}: no test cases{}",
                self.cases_dir.display(),
                match interactive {
                    true => " (an interactive problem's case is the interactor's input, NAME.in)",
                    false => "",
                }
            ));
        }
        let _held = super::lock_outputs(self.out_dir, self.problem)?;
        Ok(self.run_each(&cases, |case| self.one(binary, case)))
    }

    /// `one` on every case on all cores, reported and counted.
    pub fn run_each(
        &self,
        cases: &[Case],
        one: impl Fn(&Case) -> anyhow::Result<Outcome> + Sync,
    ) -> Tally {
        let workers = crate::engine::pool::cores();
        let outcomes = super::pool::map(cases, workers, one);
        self.report(cases, outcomes)
    }

    /// Prints one line a case and counts them: an error or a panic while running a case
    /// is that case's failure.
    fn report(
        &self,
        cases: &[Case],
        outcomes: Vec<anyhow::Result<anyhow::Result<Outcome>>>,
    ) -> Tally {
        let mut tally = Tally::default();
        for (case, outcome) in cases.iter().zip(outcomes) {
            match outcome.and_then(|o| o) {
                Ok(o) => {
                    print_outcome(self.problem, self.label, &o, self.limits);
                    if let Some(run) = &o.run {
                        tally.slowest_ms = tally.slowest_ms.max(run.cpu.as_millis() as u64);
                        tally.peak_bytes = tally.peak_bytes.max(run.peak_memory);
                    }
                    if o.verdict == Verdict::Accepted {
                        tally.passed += 1;
                    } else {
                        tally.failed += 1;
                    }
                    if o.verdict == Verdict::TimeLimitExceeded {
                        tally.timed_out += 1;
                    }
                }
                Err(e) => {
                    println!("ERR {:<8} {}/{}: {e}", self.label, self.problem, case.name);
                    tally.failed += 1;
                }
            }
        }
        tally
    }

    pub fn one(&self, binary: &Path, case: &Case) -> anyhow::Result<Outcome> {
        let stem = self.out_dir.join(format!("{}.{}", case.name, self.label));
        if let Rule::Interactor(interactor) = self.rule {
            let expected = case.input.with_extension("out");
            let expected = expected.is_file().then_some(expected.as_path());
            let i = super::interactive::interact(
                binary,
                interactor,
                &case.input,
                expected,
                self.limits,
                &stem,
            )?;
            return Ok(Outcome {
                case: case.name.clone(),
                verdict: super::interactive::verdict(&i, self.limits),
                run: Some(i.run),
            });
        }
        let run = run(binary, &[], &case.input, self.limits, &stem)?;
        let verdict = verdict(case, &run, self.limits, self.rule)?;
        Ok(Outcome {
            case: case.name.clone(),
            verdict,
            run: Some(run),
        })
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1 << 20) as f64)
}

/// `AC  release  boj-18139/sample-1  4 ms  2.1 MiB`, and under a failure its report.
pub fn print_outcome(problem: &str, label: &str, o: &Outcome, limits: Limits) {
    let (time, memory) = o
        .run
        .as_ref()
        .map(|r| {
            // CPU time is the figure; a run that waited far longer than it computed says so.
            let waited = r.wall > r.cpu * 2 + std::time::Duration::from_millis(100);
            let time = match waited {
                true => format!("{} ms (wall {} ms)", r.cpu.as_millis(), r.wall.as_millis()),
                false => format!("{} ms", r.cpu.as_millis()),
            };
            (time, mib(r.peak_memory))
        })
        .unwrap_or_default();
    println!(
        "{:<3} {:<8} {problem}/{}  {time}  {memory}",
        o.verdict.code(),
        label,
        o.case
    );
    for line in detail(&o.verdict, o.run.as_ref(), limits).lines().take(40) {
        println!("    {line}");
    }
}

/// What a verdict other than AC means, in words (empty for AC).
pub fn detail(verdict: &Verdict, run: Option<&Run>, limits: Limits) -> String {
    match verdict {
        Verdict::Accepted => String::new(),
        Verdict::TimeLimitExceeded => format!(
            "over the time limit of {} ms of CPU time (or making no progress past the wall-clock cap of {} ms)",
            limits.time.as_millis(),
            limits.wall_cap().as_millis()
        ),
        Verdict::OutputLimitExceeded => format!(
            "printed {} bytes or more, the output limit (the output kept is cut there)",
            limits.output_bytes
        ),
        Verdict::MemoryLimitExceeded => format!(
            "used {} of the {} allowed",
            mib(run.map_or(0, |r| r.peak_memory)),
            mib(limits.memory_bytes)
        ),
        Verdict::WrongAnswer(d) | Verdict::RuntimeError(d) => d.clone(),
    }
}
