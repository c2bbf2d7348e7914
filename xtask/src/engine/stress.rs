//! Stress testing: a generator of random inputs, a brute force that is obviously right, and
//! the solution, run on seed after seed until they disagree; then the failing input is
//! shrunk to the smallest size (and nearby seed) that still fails.
//!
//! The generator is run as `gen <seed> <size>` and prints one input; the brute force and
//! the solution read it. Outputs are judged by the problem's rule, as the runner judges.
//! An interactive problem needs no brute force: the input is the interactor's, and the
//! interactor judges each run as it does a case.

use super::compare::{self, Rule};
use super::{describe_end, read_head, run, run_trusted, stderr_summary, End, Limits};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The three programs (an interactive problem's interactor is in its rule).
pub struct Programs {
    pub solution: PathBuf,
    pub generator: PathBuf,
    /// `None` for an interactive problem.
    pub brute: Option<PathBuf>,
}

/// How to stress.
pub struct Settings {
    /// How many cases at most.
    pub cases: u64,
    /// The first seed; case k uses seed + k.
    pub seed: u64,
    /// Sizes cycle through 1..=max_size, so small inputs come first.
    pub max_size: u64,
    /// Stop after this long, if set.
    pub time: Option<Duration>,
    /// The solution's limits (the problem's).
    pub limits: Limits,
    /// How long the brute force may take on one input.
    pub brute_time: Duration,
    pub rule: Rule,
    /// Where inputs and outputs are written.
    pub work_dir: PathBuf,
    /// Print a progress line on stderr.
    pub progress: bool,
    /// Seeds tried at each smaller size when shrinking a failure (`SHRINK_SEEDS`).
    pub shrink_seeds: u64,
}

/// One failing case.
#[derive(Debug, Clone)]
pub struct Failure {
    pub seed: u64,
    pub size: u64,
    /// The generated input, the brute force's output (an interactive problem's: the
    /// exchange), the solution's output.
    pub input: PathBuf,
    pub expected: PathBuf,
    pub actual: PathBuf,
    /// Why the solution's output is not accepted, bounded.
    pub report: String,
}

/// How a stress run ended.
#[derive(Debug)]
pub enum Outcome {
    /// Every case agreed.
    Agreed { cases: u64 },
    /// Stopped before `Settings::cases` with no disagreement.
    Stopped { cases: u64, cut: Cut },
    /// The generator or the brute force failed, or the tool itself panicked, on one case:
    /// nothing after it can be trusted. `agreed` cases agreed before it.
    Broken { agreed: u64, error: String },
    /// The first failure found, and the smallest one shrinking found.
    Disagreed {
        cases: u64,
        /// How many of them failed (workers run on when one fails).
        failed: u64,
        first: Box<Failure>,
        smallest: Box<Failure>,
    },
}

/// Why a run stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// `Settings::time` ran out: a time-boxed run passes on the cases it had time for.
    TimeUp,
    /// Ctrl-C: the cases not run count as failed.
    Interrupted,
}

/// What one case came to.
enum CaseResult {
    Agreed,
    Failed(Failure),
}

fn case_stem(dir: &Path, seed: u64, size: u64) -> PathBuf {
    dir.join(format!("seed-{seed}-size-{size}"))
}

/// Runs one case; `Err` is a broken setup (generator or brute force), which stops all.
fn one_case(p: &Programs, s: &Settings, seed: u64, size: u64) -> anyhow::Result<CaseResult> {
    let stem = case_stem(&s.work_dir, seed, size);
    let gen_limits = Limits::new(HELPER_TIME, HELPER_MEMORY);
    let seed_arg = seed.to_string();
    let size_arg = size.to_string();
    // The generator and the brute force are the judge's side here: run where they are.
    let gen = run_trusted(
        &p.generator,
        &[seed_arg.as_ref(), size_arg.as_ref()],
        Path::new("/dev/null"),
        gen_limits,
        &PathBuf::from(format!("{}.gen", stem.display())),
    )?;
    if gen.end != End::Code(0) {
        return Err(anyhow::anyhow!(
            "the generator failed on seed {seed} size {size} ({}): {}",
            describe_end(&gen.end),
            stderr_summary(&gen.stderr, 3).replace('\n', " / ")
        ));
    }
    if read_head(&gen.stdout, 4096).trim().is_empty() {
        return Err(anyhow::anyhow!(
            "the generator printed nothing for seed {seed} size {size}"
        ));
    }
    let input = gen.stdout.clone();
    let Some(brute) = &p.brute else {
        return interactive_case(p, s, seed, size, input, &stem);
    };
    let brute_limits = Limits::new(s.brute_time, HELPER_MEMORY);
    let brute = run_trusted(
        brute,
        &[],
        &input,
        brute_limits,
        &PathBuf::from(format!("{}.brute", stem.display())),
    )?;
    match brute.end {
        End::Code(0) => {}
        End::TimeLimit => {
            return Err(anyhow::anyhow!(
            "the brute force took more than {} s on seed {seed} size {size}: try a smaller --size",
            s.brute_time.as_secs_f64()
        ))
        }
        other => {
            return Err(anyhow::anyhow!(
                "the brute force failed on seed {seed} size {size} ({}): {}",
                describe_end(&other),
                stderr_summary(&brute.stderr, 3).replace('\n', " / ")
            ))
        }
    }
    let sol = run(
        &p.solution,
        &[],
        &input,
        s.limits,
        &PathBuf::from(format!("{}.solution", stem.display())),
    )?;
    let report = match &sol.end {
        End::Code(0) => {
            let expected = std::fs::read(&brute.stdout)
                .map_err(|e| anyhow::anyhow!("{}: {e}", brute.stdout.display()))?;
            match compare::judge(&s.rule, &input, &expected, &sol.stdout) {
                Ok(()) => return Ok(CaseResult::Agreed),
                Err(report) => report,
            }
        }
        other => {
            let why = stderr_summary(&sol.stderr, 4);
            format!(
                "the solution: {}{}",
                describe_end(other),
                if why.is_empty() {
                    String::new()
                } else {
                    format!(":\n{why}")
                }
            )
        }
    };
    Ok(CaseResult::Failed(Failure {
        seed,
        size,
        input,
        expected: brute.stdout,
        actual: sol.stdout,
        report,
    }))
}

/// One interactive case: the solution against the problem's interactor on `input`, judged
/// as the runner judges a case.
fn interactive_case(
    p: &Programs,
    s: &Settings,
    seed: u64,
    size: u64,
    input: PathBuf,
    stem: &Path,
) -> anyhow::Result<CaseResult> {
    let Rule::Interactor(interactor) = &s.rule else {
        anyhow::bail!("no brute force for a problem that is not interactive");
    };
    let solution_stem = PathBuf::from(format!("{}.solution", stem.display()));
    let i = super::interactive::interact(
        &p.solution,
        interactor,
        &input,
        None,
        s.limits,
        &solution_stem,
    )?;
    let verdict = super::interactive::verdict(&i, s.limits);
    if verdict == super::Verdict::Accepted {
        return Ok(CaseResult::Agreed);
    }
    let report = format!(
        "{}: {}",
        verdict.code(),
        super::suite::detail(&verdict, Some(&i.run), s.limits)
    );
    Ok(CaseResult::Failed(Failure {
        seed,
        size,
        input,
        expected: i.exchange,
        actual: i.run.stdout,
        report,
    }))
}

/// What the generator may take for one input, and the generator and brute force may use: our
/// own helpers are not judged, only kept from running away.
const HELPER_TIME: Duration = Duration::from_secs(10);
const HELPER_MEMORY: u64 = 4 << 30;

/// Runs the stress test; `stop` (set by Ctrl-C) ends it early.
pub fn stress(p: &Programs, s: &Settings, stop: &AtomicBool) -> anyhow::Result<Outcome> {
    std::fs::create_dir_all(&s.work_dir)
        .map_err(|e| anyhow::anyhow!("{}: {e}", s.work_dir.display()))?;
    let run = Run {
        p,
        s,
        stop,
        started: Instant::now(),
        next: AtomicU64::new(0),
        done: AtomicU64::new(0),
        agreed: AtomicU64::new(0),
        found: AtomicBool::new(false),
        failures: Mutex::new(Vec::new()),
        broken: Mutex::new(None),
    };
    let workers = crate::engine::pool::cores();
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        if s.progress {
            scope.spawn(|| run.progress(&finished));
        }
        let handles: Vec<_> = (0..workers).map(|_| scope.spawn(|| run.work())).collect();
        for h in handles {
            let _ = h.join();
        }
        finished.store(true, Ordering::SeqCst);
    });
    if s.progress {
        eprintln!();
    }
    run.outcome()
}

/// One stress run's shared state: the workers take case numbers from `next`.
struct Run<'a> {
    p: &'a Programs,
    s: &'a Settings,
    stop: &'a AtomicBool,
    started: Instant,
    next: AtomicU64,
    done: AtomicU64,
    agreed: AtomicU64,
    found: AtomicBool,
    failures: Mutex<Vec<(u64, Failure)>>,
    /// The broken setup met at the smallest case, so the report does not depend on timing.
    broken: Mutex<Option<(u64, String)>>,
}

impl Run<'_> {
    fn size_of(&self, k: u64) -> u64 {
        1 + k % self.s.max_size.max(1)
    }

    /// A line on stderr each second until `finished`: cases, rate, size.
    fn progress(&self, finished: &AtomicBool) {
        let mut last = Instant::now();
        while !finished.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(50));
            if last.elapsed() >= Duration::from_secs(1) {
                last = Instant::now();
                let n = self.done.load(Ordering::SeqCst);
                let rate = n as f64 / self.started.elapsed().as_secs_f64();
                let size = self.size_of(self.next.load(Ordering::SeqCst));
                eprint!("\rstress  {n} cases  {rate:.0}/s  size {size}   ");
            }
        }
    }

    /// One worker: cases until the count, the time box, a failure, a broken setup or
    /// Ctrl-C; a panic in the tool is a broken setup, never a missing case.
    fn work(&self) {
        let s = self.s;
        loop {
            if self.stop.load(Ordering::SeqCst)
                || self.found.load(Ordering::SeqCst)
                || self
                    .broken
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .is_some()
                || s.time.is_some_and(|t| self.started.elapsed() > t)
            {
                break;
            }
            let k = self.next.fetch_add(1, Ordering::SeqCst);
            if k >= s.cases {
                break;
            }
            let (seed, size) = (s.seed + k, self.size_of(k));
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                one_case(self.p, s, seed, size)
            }))
            .unwrap_or_else(|panic| {
                Err(anyhow::anyhow!(
                    "the tool panicked on seed {seed} size {size}: {}",
                    super::pool::panic_message(&*panic)
                ))
            });
            match result {
                Ok(CaseResult::Agreed) => {
                    self.agreed.fetch_add(1, Ordering::SeqCst);
                }
                Ok(CaseResult::Failed(f)) => {
                    self.failures
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((k, f));
                    self.found.store(true, Ordering::SeqCst);
                }
                Err(e) => {
                    let mut b = self.broken.lock().unwrap_or_else(|e| e.into_inner());
                    if b.as_ref().is_none_or(|(at, _)| k < *at) {
                        *b = Some((k, format!("{e:#}")));
                    }
                }
            }
            self.done.fetch_add(1, Ordering::SeqCst);
        }
    }

    /// How the run ended, once every worker has: a failure shrunk to its smallest input.
    fn outcome(self) -> anyhow::Result<Outcome> {
        let (p, s, stop) = (self.p, self.s, self.stop);
        if let Some((_, error)) = self.broken.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Ok(Outcome::Broken {
                agreed: self.agreed.load(Ordering::SeqCst),
                error,
            });
        }
        let cases = self.done.load(Ordering::SeqCst);
        let mut failures = self
            .failures
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        failures.sort_by_key(|(k, _)| *k);
        let failed = failures.len() as u64;
        // Ctrl-C: the run ends as interrupted, counting what ran; nothing is shrunk or saved
        // (a disagreement seen before it is named, to be found again by a run left to finish).
        if stop.load(Ordering::SeqCst) {
            if let Some((_, first)) = failures.first() {
                eprintln!(
                    "note    {failed} disagreement(s) seen before the interrupt, the first at seed {} size {}: run again without interrupting to shrink and save it",
                    first.seed, first.size
                );
            }
            return Ok(Outcome::Stopped {
                cases: cases.saturating_sub(failed),
                cut: Cut::Interrupted,
            });
        }
        let Some((_, first)) = failures.into_iter().next() else {
            return Ok(if cases >= s.cases {
                Outcome::Agreed { cases }
            } else {
                // Only a time box or Ctrl-C stops workers short of `s.cases` with no failure.
                let cut = if stop.load(Ordering::SeqCst) {
                    Cut::Interrupted
                } else {
                    Cut::TimeUp
                };
                Outcome::Stopped { cases, cut }
            });
        };
        let smallest = shrink(p, s, &first, stop)?;
        Ok(Outcome::Disagreed {
            cases,
            failed,
            first: Box::new(first),
            smallest: Box::new(smallest),
        })
    }
}

/// Seeds tried at each smaller size: enough for a generator that needs luck to show a bug.
pub const SHRINK_SEEDS: u64 = 200;

/// The smallest size that still fails, trying seeds near the failing one at each size from
/// 1 up; the failure itself when none smaller does. The seeds of one size run on every core;
/// the failure kept is the one of the smallest seed, so the result does not depend on timing
/// (no seed below it is skipped).
fn shrink(
    p: &Programs,
    s: &Settings,
    failure: &Failure,
    stop: &AtomicBool,
) -> anyhow::Result<Failure> {
    let workers = crate::engine::pool::cores();
    for size in 1..failure.size {
        let next = AtomicU64::new(failure.seed);
        let end = failure.seed + s.shrink_seeds;
        // What the smallest seed that did not agree came to (a failure, or an error running
        // it), as a sequential search would have met it first.
        let first: Mutex<Option<(u64, anyhow::Result<Failure>)>> = Mutex::new(None);
        let before_first = |seed: u64| first.lock().unwrap().as_ref().is_none_or(|f| seed < f.0);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| loop {
                    let seed = next.fetch_add(1, Ordering::SeqCst);
                    if seed >= end || stop.load(Ordering::SeqCst) || !before_first(seed) {
                        break;
                    }
                    let event = match one_case(p, s, seed, size) {
                        Ok(CaseResult::Failed(f)) => Ok(f),
                        Ok(_) => continue,
                        Err(e) => Err(e),
                    };
                    let mut first = first.lock().unwrap();
                    if first.as_ref().is_none_or(|f| seed < f.0) {
                        *first = Some((seed, event));
                    }
                });
            }
        });
        if let Some((_, event)) = first.into_inner().unwrap() {
            return event;
        }
        if stop.load(Ordering::SeqCst) {
            return Ok(failure.clone());
        }
    }
    Ok(failure.clone())
}
