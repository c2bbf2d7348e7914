//! A bundle verified the way the judge will build it: bundled, compiled alone with every
//! compiler the judge profile lists, checked for std APIs newer than the judge's Rust, run on
//! every case, sized against the limit. Used by `submit` and by `cases`; it is no command.

use crate::bundle;
use crate::bundle::ladder::End;
use crate::engine::suite::Tally;
use crate::error::PathContext;
use crate::resolve::crates;
use crate::resolve::registry;
use crate::workspace::problems::{Problem, Workspace};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::judge;

thread_local! {
    /// What `say!` printed on this thread since the last `take_transcript`: the report a
    /// remembered bundle prints again (`submit`'s memo).
    static TRANSCRIPT: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `println!`, and the line kept in this thread's transcript.
macro_rules! say {
    ($($t:tt)*) => {{
        let line = format!($($t)*);
        println!("{line}");
        TRANSCRIPT.with(|t| t.borrow_mut().push(line));
    }};
}

/// The lines `bundle_and_verify` printed on this thread since the last call (the cases'
/// own lines aside).
pub fn take_transcript() -> Vec<String> {
    TRANSCRIPT.with(|t| std::mem::take(&mut *t.borrow_mut()))
}

/// The workspace's dependency resolution, read once for every problem bundled.
pub struct Inputs {
    pub meta: cargo_metadata::Metadata,
    /// The compilers, when the caller has asked them already (`submit`, for its memo's keys):
    /// not asked again.
    pub compilers: Option<judge::Compilers>,
}

pub fn inputs(_ws: &Workspace) -> anyhow::Result<Inputs> {
    Ok(Inputs {
        meta: crate::workspace::packages::metadata()?,
        compilers: None,
    })
}

/// What a verified (or failed) bundle came to.
pub struct Outcome {
    pub path: PathBuf,
    pub ok: bool,
    pub tally: Tally,
    /// The verified bundle's libraries, to reuse for the next edit (`bundle::reuse`).
    pub kept: Option<bundle::reuse::Kept>,
}

/// Where a problem's verified bundle goes, and where a failed one is left for inspection.
fn outputs(ws: &Workspace, problem: &Problem) -> (PathBuf, PathBuf) {
    let dir = ws.target.join("submit");
    (
        dir.join(format!("{}.rs", problem.name)),
        dir.join(format!("{}.FAILED.rs", problem.name)),
    )
}

/// Bundles `problem`, compiles it alone with the judge's command (with this machine's rustc
/// and with the judge's own rustc 1.73 when installed), checks std APIs against the judge's
/// Rust, runs every case and checks the size. Only a bundle that passes everything is
/// written as `target/submit/<crate>.rs`; any other is `<crate>.FAILED.rs`.
///
/// Correct first, then small: a draft that a compiler rejects is not the end. The steps of
/// `bundle::Scope::LADDER` are climbed (pruned, then the whole crates less what rustc finds
/// dead, then the whole crates) until one compiles; a draft that compiles but fails a case
/// is tried once more as the whole crates, which tells a pruning mistake from a wrong
/// solution. Refusals (a proc-macro crate, a build script that needs more than cfgs) end
/// the climb: no step can change them.
pub fn bundle_and_verify(
    ws: &Workspace,
    problem: &Problem,
    inputs: &Inputs,
    options: bundle::Options,
) -> anyhow::Result<Outcome> {
    bundle_and_verify_reusing(ws, problem, inputs, options, None)
}

/// `bundle_and_verify`, trying first the libraries `reuse` of the last bundle verified for
/// this problem (`bundle::reuse`) with the solution as it is now: taken when the solution
/// names what it named then, it compiles, runs no stub, and passes every case.
pub fn bundle_and_verify_reusing(
    ws: &Workspace,
    problem: &Problem,
    inputs: &Inputs,
    options: bundle::Options,
    reuse: Option<&bundle::reuse::Kept>,
) -> anyhow::Result<Outcome> {
    let (path, failed_path) = outputs(ws, problem);
    // Whatever happens next, no stale file may look submittable.
    let _ = fs::remove_file(&path);
    let _ = fs::remove_file(&failed_path);
    let dir = path.parent().expect("target/submit/<crate>.rs");
    fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    // The problem's judge, chosen by the caller (`Problem::profile`): every step below reads
    // its facts from it.
    let judge = options.judge;
    bundle::phase("verify: begin");
    // Asking the two compilers their versions takes a fifth of a second (rustup's proxy):
    // done beside the bundler, which needs them only once a draft is final.
    let compilers = match inputs.compilers.clone() {
        Some(known) => Background::start(move || Ok(known)),
        None => Background::start(move || judge::Compilers::find_for(judge)),
    };
    let readying = std::time::Instant::now();
    let (graph, reached, _installed) = readied(ws, problem, inputs, judge)?;
    let options = bundle::Options {
        deadline: options.deadline.later_by(readying.elapsed()),
        ..options
    };
    bundle::phase("verify: libraries ready");
    if let Some(kept) = reuse {
        if let Some(done) = reused(problem, &graph, &compilers, options, kept, ws)? {
            fs::write(&path, &done.text).at(&path)?;
            return Ok(Outcome {
                path,
                ok: true,
                tally: done.tally,
                kept: Some(kept.clone()),
            });
        }
    }
    let mut first_step = true;
    let climb = bundle::ladder::climb(options.scope, |scope| {
        let options = bundle::Options { scope, ..options };
        let attempt = attempt(ws, problem, &graph, &compilers, options, first_step)?;
        first_step = false;
        let end = match (&attempt.ok, &attempt.failure) {
            (true, _) => End::Passed,
            (false, Failure::Compile(why)) => {
                say!("step    {}: {why}", scope.label());
                End::Rejected
            }
            (false, Failure::Cases) => End::Differs,
            (false, Failure::Size) => End::Final,
        };
        Ok((end, attempt))
    })?;
    if let Some(story) = bundle::ladder::story(&climb) {
        say!("steps   {story}");
    }
    if let Some((scope, attempt)) = climb.passed {
        for line in left_out(&graph.libraries, reached.as_ref(), &attempt.libraries) {
            say!("{line}");
        }
        if scope != bundle::Scope::Reached {
            say!(
                "step    {} ({:.1} KiB)",
                scope.label(),
                attempt.text.len() as f64 / 1024.0
            );
        }
        fs::write(&path, &attempt.text).at(&path)?;
        let made = bundle::Bundle {
            text: attempt.text,
            libraries: attempt.libraries,
        };
        return Ok(Outcome {
            path,
            ok: true,
            tally: attempt.tally,
            kept: bundle::reuse::keep(&made, &problem.main_rs, &graph.deps, judge.target_cfgs),
        });
    }
    let (_, attempt) = climb
        .first_failure
        .expect("a climb that did not pass failed somewhere");
    failed(attempt, failed_path)
}

/// A crate graph readied for the judge, the modules the solution can reach, and the judge's
/// installed crates in force for drafts while it lives (AtCoder's).
type Readied = (
    crates::Graph,
    Option<std::collections::BTreeSet<String>>,
    Option<bundle::externs::Entered>,
);

/// The problem's crate graph with the libraries the solution can reach readied for the
/// judge (`resolve::ready_for_judge`, its notes said), and those libraries' modules (`None`
/// when reading the solution failed: then everything is readied, and the bundler reports
/// the failure).
fn readied(
    ws: &Workspace,
    problem: &Problem,
    inputs: &Inputs,
    judge: &'static judge::Profile,
) -> anyhow::Result<Readied> {
    let mut graph = crates::graph(&inputs.meta, &problem.name, judge)?;
    let installed = installed_crates(ws, &mut graph, judge)?;
    // Only what the solution can reach is readied (a refusal in reading it is reported by
    // the bundler: then everything is).
    let reached =
        bundle::modules_reached(&problem.main_rs, &graph.deps, &graph.libraries, judge).ok();
    let step = bundle::budget::step("readying the libraries for the judge");
    let notes = crate::resolve::ready_for_judge(
        &ws.target,
        crate::resolve::build::Member::whole(&problem.name),
        &mut graph.libraries,
        reached.as_ref(),
        judge,
    )?;
    step.end(&format!(
        "{} libraries reached",
        reached.as_ref().map_or(graph.libraries.len(), |r| r.len())
    ));
    for note in notes {
        say!("{note}");
    }
    Ok((graph, reached, installed))
}

/// The crates of `graph` the judge has installed, left out and built at the judge's
/// versions for every compile of a draft (`bundle::externs`); `None` when the judge has
/// none, the program uses none, or its compiler is missing (then they are inlined, and a
/// note says why).
fn installed_crates(
    ws: &Workspace,
    graph: &mut crates::Graph,
    judge: &'static judge::Profile,
) -> anyhow::Result<Option<bundle::externs::Entered>> {
    if judge.installed.is_empty() {
        return Ok(None);
    }
    if judge::judge_rustc_path(judge).is_none() {
        say!(
            "note    {}'s compiler (rustc {}) is not installed, so its installed crates are inlined: `{}` adds it",
            judge.display,
            judge.rust,
            judge.toolchain_install()
        );
        return Ok(None);
    }
    let mut left = graph.clone();
    let used = crate::resolve::installed::leave_installed(&mut left, judge);
    if used.is_empty() {
        return Ok(None);
    }
    let step = bundle::budget::step(&format!("readying {}'s installed crates", judge.display));
    let externs = crate::resolve::installed::environment(&ws.target, judge, &used)?;
    let names: Vec<String> = used
        .iter()
        .map(|u| format!("{} {}", u.package, u.theirs))
        .collect();
    step.end(&format!("{} named, not inlined", names.join(", ")));
    for line in crate::resolve::installed::version_warnings(&used, judge) {
        say!("{line}");
    }
    *graph = left;
    Ok(Some(bundle::externs::enter(externs)))
}

/// One line for each library the judge could not take (a native library, a build script
/// that needs more than cfgs) that a library of the bundle declares but no code of the
/// bundle reaches: it is left out, and the user sees why that is fine.
fn left_out(
    libraries: &[bundle::Library],
    reached: Option<&std::collections::BTreeSet<String>>,
    inlined: &[bundle::Inlined],
) -> Vec<String> {
    let mut lines = Vec::new();
    for lib in libraries {
        let Some(why) = &lib.unbundleable else {
            continue;
        };
        if inlined.iter().any(|i| i.module == lib.module)
            || reached.is_some_and(|r| !r.contains(&lib.module))
        {
            continue;
        }
        // Who declares it, who declares that, up to a library the solution names.
        let declarer = |module: &str| {
            libraries.iter().find(|l| {
                l.deps
                    .values()
                    .any(|d| matches!(d, bundle::Dep::Module(m) if m == module))
            })
        };
        let mut chain: Vec<&str> = Vec::new();
        let mut at = lib;
        while let Some(by) = declarer(&at.module) {
            if chain.contains(&by.package.as_str()) || chain.len() == 8 {
                break;
            }
            chain.push(&by.package);
            at = by;
        }
        let by = match chain.is_empty() {
            true => String::new(),
            false => format!(" declared by {},", chain.join(" <- ")),
        };
        lines.push(format!(
            "left    {}:{by} not reached, left out ({why})",
            lib.package
        ));
    }
    lines
}

/// The outcome of a climb that did not pass: its first failure reported, its draft kept
/// under the name no one submits.
fn failed(attempt: Attempt, failed_path: PathBuf) -> anyhow::Result<Outcome> {
    for line in &attempt.report {
        say!("{line}");
    }
    fs::write(&failed_path, &attempt.text).at(&failed_path)?;
    say!(
        "FAILED  {} (kept for inspection; do not submit it)",
        failed_path.display()
    );
    Ok(Outcome {
        path: failed_path,
        ok: false,
        tally: attempt.tally,
        kept: None,
    })
}

/// Why a step's draft failed.
enum Failure {
    Size,
    /// The first lines of the compiler's error.
    Compile(String),
    Cases,
}

/// A value computed on another thread from the moment it is started; `get` waits for it.
struct Background<T> {
    running: std::cell::Cell<Option<std::thread::JoinHandle<T>>>,
    value: std::cell::OnceCell<T>,
}

impl<T: Send + 'static> Background<T> {
    fn start(f: impl FnOnce() -> T + Send + 'static) -> Self {
        Background {
            running: std::cell::Cell::new(Some(std::thread::spawn(f))),
            value: std::cell::OnceCell::new(),
        }
    }

    fn get(&self) -> &T {
        self.value.get_or_init(|| {
            let handle = self.running.take().expect("started once, joined once");
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }
}

impl<T: Send + 'static> Background<anyhow::Result<T>> {
    /// The value, or its error (the error again each time it is asked).
    fn ready(&self) -> anyhow::Result<&T> {
        self.get().as_ref().map_err(|e| anyhow::anyhow!("{e:#}"))
    }
}

/// One step of the ladder: its draft and what became of it.
struct Attempt {
    text: String,
    libraries: Vec<bundle::Inlined>,
    ok: bool,
    failure: Failure,
    tally: Tally,
    /// What to print when this is the failure reported (the compiler's whole message).
    report: Vec<String>,
}

/// Drafts `problem` at `options.scope` and checks it as the judge would. Prints as it
/// goes; a compiler's full error is kept in the attempt's report rather than printed,
/// since a later step may compile. `notes`: print the one-off warnings (first step only).
fn attempt(
    ws: &Workspace,
    problem: &Problem,
    graph: &crates::Graph,
    compilers: &Background<anyhow::Result<judge::Compilers>>,
    options: bundle::Options,
    notes: bool,
) -> anyhow::Result<Attempt> {
    let bundle = bundle::bundle(&problem.main_rs, &graph.deps, &graph.libraries, options)?;
    check(ws, problem, graph, compilers, options, bundle, notes)
}

/// The library text of the last verified bundle with the solution as it is now, checked as
/// any draft: `None` (after a line saying why) when it is not taken.
fn reused(
    problem: &Problem,
    graph: &crates::Graph,
    compilers: &Background<anyhow::Result<judge::Compilers>>,
    options: bundle::Options,
    kept: &bundle::reuse::Kept,
    ws: &Workspace,
) -> anyhow::Result<Option<Attempt>> {
    let target = options.judge.target_cfgs;
    let Some(candidate) = bundle::reuse::rebundle(kept, &problem.main_rs, &graph.deps, target)?
    else {
        return Ok(None);
    };
    say!("reuse   the libraries of the last verified bundle: the solution names the same library items (`--fresh` prunes anew)");
    let scratch = tempfile::tempdir().map_err(|e| anyhow::anyhow!("a temporary folder: {e}"))?;
    if bundle::reuse::stub_reached(&candidate, scratch.path())? {
        say!(
            "reuse   not taken: the solution now runs code the last bundle left out; bundling anew"
        );
        return Ok(None);
    }
    let attempt = check(ws, problem, graph, compilers, options, candidate, true)?;
    if attempt.ok {
        return Ok(Some(attempt));
    }
    say!("reuse   not taken: it did not pass as the solution is now; bundling anew");
    Ok(None)
}

/// Checks `bundle` as the judge would: size, every compiler, std APIs, every case.
fn check(
    ws: &Workspace,
    problem: &Problem,
    graph: &crates::Graph,
    compilers: &Background<anyhow::Result<judge::Compilers>>,
    options: bundle::Options,
    bundle: bundle::Bundle,
    notes: bool,
) -> anyhow::Result<Attempt> {
    let compilers = compilers.ready()?;
    if notes {
        say_library_notes(graph, &bundle, options.judge);
    }
    let profile = options.judge;
    let size = bundle.text.len() as u64;
    say!("{}", size_line(problem, &bundle, profile));
    let mut done = Attempt {
        text: bundle.text.clone(),
        libraries: bundle.libraries.clone(),
        ok: false,
        failure: Failure::Size,
        tally: Tally::default(),
        report: Vec::new(),
    };
    if size > problem.source_limit {
        done.report
            .push(over_the_limit_line(size, problem.source_limit, &bundle));
        return Ok(done);
    } else if size > profile.size_note {
        say!(
            "note    {size} bytes is over our {} byte target (judges that keep a 64 KiB limit would refuse it)",
            profile.size_note
        );
    }
    let build = tempfile::tempdir().map_err(|e| anyhow::anyhow!("a temporary folder: {e}"))?;
    let source = build.path().join("Main.rs");
    fs::write(&source, &bundle.text).map_err(|e| anyhow::anyhow!("{}: {e}", source.display()))?;
    bundle::phase("verify: bundle written");
    let (binary, failed_labels) = compile_all(compilers, profile, build.path(), &source);
    bundle::phase("verify: compiled by the judge's compilers");
    if !failed_labels.is_empty() {
        let first_error = first_error(&failed_labels);
        let labels: Vec<&str> = failed_labels.iter().map(|(l, _)| l.as_str()).collect();
        done.failure = Failure::Compile(format!(
            "{} rejects it ({first_error})",
            labels.join(" and ")
        ));
        for (label, message) in &failed_labels {
            done.report.push(format!(
                "FAIL    {label}: `{}` on the bundle alone:\n{message}",
                profile.command()
            ));
        }
        let judge_only = compilers
            .judge
            .as_ref()
            .is_some_and(|j| labels == [j.label.as_str()]);
        if judge_only {
            done.report.extend(undeclared_rust_versions(
                &graph.libraries,
                &bundle,
                profile.rust,
            ));
        }
        return Ok(done);
    }
    let labels: Vec<&str> = compiling(compilers)
        .iter()
        .map(|c| c.label.as_str())
        .collect();
    say!(
        "compile `{}` by {} (the judge's is Rust {}; the cases run on the last one's build)",
        profile.command(),
        labels.join(" and "),
        profile.rust
    );
    if let Err((failure, report)) = on_the_judges_target(compilers, profile, &source) {
        (done.failure, done.report) = (failure, vec![report]);
        return Ok(done);
    }
    if compilers.judge.is_none() {
        if let Some(note) = compilers.missing_note() {
            say!("{note}");
        }
        if let Err(message) = check_std_apis(build.path(), profile.rust) {
            let rust = profile.rust;
            done.failure = Failure::Compile(format!("std APIs newer than Rust {rust}"));
            done.report.push(format!(
                "FAIL    std APIs newer than Rust {rust}:\n{message}"
            ));
            return Ok(done);
        }
    }
    done.tally = ws.run_cases(problem, &binary, "bundled")?;
    done.failure = Failure::Cases;
    done.ok = done.tally.failed == 0;
    Ok(done)
}

/// A judge on another platform (Codeforces' Windows): the bundle type- and borrow-checked
/// by the judge's compiler for that target with the judge's own command, every `#[cfg]` as
/// there. Says so, or says how to add the target when its std is missing; the failure and
/// its report when the check fails.
fn on_the_judges_target(
    compilers: &judge::Compilers,
    profile: &judge::Profile,
    source: &Path,
) -> Result<(), (Failure, String)> {
    let dir = source.parent().unwrap_or(Path::new("."));
    if !profile.foreign_target() {
        return Ok(());
    }
    let Some(compiler) = &compilers.judge else {
        return Ok(());
    };
    if let Err(e) = compiler.check_on_target(profile, source, dir) {
        let message = format!("{e:#}");
        // The target's std not installed (E0463 on `std`): not checked, and said so.
        if message.contains("E0463") && message.contains("`std`") {
            say!(
                "note    not checked for {} ({}'s platform): `{}` adds its std",
                profile.target_triple,
                profile.display,
                profile.target_install()
            );
            return Ok(());
        }
        let failure = Failure::Compile(format!(
            "it does not build for {} ({})",
            profile.target_triple,
            first_error(&[(String::new(), message.clone())])
        ));
        let report = format!(
            "FAIL    `{} --target {}` on the bundle alone:\n{message}",
            profile.command(),
            profile.target_triple
        );
        return Err((failure, report));
    }
    say!(
        "check   {} builds it for {} ({}'s platform; type and borrow checks, not linked here)",
        compiler.label,
        profile.target_triple,
        profile.display
    );
    Ok(())
}

/// The lines about the inlined libraries against the judge: a `rust-version` newer than
/// its Rust, crates it has installed.
fn say_library_notes(graph: &crates::Graph, made: &bundle::Bundle, judge: &judge::Profile) {
    let newer = newer_than_judge(&graph.libraries, made, judge.rust, registry::releases);
    for line in newer.into_iter().chain(installed_there(made, judge)) {
        say!("{line}");
    }
}

/// One line when the bundle inlines crates the judge has installed (AtCoder): which, and
/// where the version here is not the judge's, both versions.
fn installed_there(made: &bundle::Bundle, judge: &judge::Profile) -> Option<String> {
    let mut same = Vec::new();
    let mut other = Vec::new();
    for lib in &made.libraries {
        let mut words = lib.package.split(' ');
        let (name, version) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        match judge.installed.iter().find(|(n, _, _)| *n == name) {
            Some((_, theirs, _)) if *theirs == version => same.push(lib.package.clone()),
            Some((_, theirs, _)) => {
                other.push(format!("{} ({} has {theirs})", lib.package, judge.display))
            }
            None => {}
        }
    }
    if same.is_empty() && other.is_empty() {
        return None;
    }
    let listed: Vec<String> = same.into_iter().chain(other).collect();
    Some(format!(
        "note    {} has {} installed; the bundle inlines them all the same, so it needs none of them",
        judge.display,
        listed.join(", ")
    ))
}

/// The first `error` line of the compilers' messages.
fn first_error(failed: &[(String, String)]) -> String {
    failed
        .iter()
        .flat_map(|(_, m)| m.lines())
        .find(|l| l.starts_with("error"))
        .unwrap_or("error")
        .to_string()
}

/// `bundle  boj-18139: 26842 bytes (26.2 KiB; limit 512000 bytes, BOJ's); inlined: ...`.
fn size_line(problem: &Problem, bundle: &bundle::Bundle, profile: &judge::Profile) -> String {
    let size = bundle.text.len() as u64;
    format!(
        "bundle  {}: {} bytes ({:.1} KiB; limit {} bytes{}); inlined: {}",
        problem.name,
        size,
        size as f64 / 1024.0,
        problem.source_limit,
        if profile.source_limit == problem.source_limit && profile.is_judge() {
            format!(", {}'s", profile.display)
        } else {
            ", our own".to_string()
        },
        if bundle.libraries.is_empty() {
            "nothing".to_string()
        } else {
            bundle
                .libraries
                .iter()
                .map(|lib| format!("{} {:.1} KiB", lib.label(), lib.bytes as f64 / 1024.0))
                .collect::<Vec<_>>()
                .join(", ")
        }
    )
}

/// The compilers a bundle is built with: all of them, but only the judge's while its
/// installed crates are in force (only it reads the crates it built).
fn compiling(compilers: &judge::Compilers) -> Vec<&judge::Compiler> {
    match bundle::externs::active() {
        Some(_) => compilers.judge.iter().collect(),
        None => compilers.all(),
    }
}

/// Compiles `source` with every compiler at once (the machine has two cores and -O
/// dominates). Returns the last one's binary (the judge's own when installed) and the
/// compilers that failed, with their messages.
fn compile_all(
    compilers: &judge::Compilers,
    profile: &judge::Profile,
    dir: &Path,
    source: &Path,
) -> (PathBuf, Vec<(String, String)>) {
    let externs = bundle::externs::args();
    let results: Vec<(String, PathBuf, anyhow::Result<()>)> = std::thread::scope(|scope| {
        let jobs: Vec<_> = compiling(compilers)
            .into_iter()
            .map(|c| {
                let bin = dir.join(format!("Main-{}", c.label.replace(' ', "-")));
                let externs = &externs;
                scope.spawn(move || {
                    let built = c.compile_with(profile, source, &bin, externs);
                    (c.label.clone(), bin.clone(), built)
                })
            })
            .collect();
        jobs.into_iter()
            .map(|j| j.join().expect("compiler thread"))
            .collect()
    });
    let mut built = PathBuf::new();
    let mut failed = Vec::new();
    for (label, bin, result) in results {
        match result {
            Ok(()) => built = bin,
            Err(message) => failed.push((label, format!("{message:#}"))),
        }
    }
    (built, failed)
}

/// One line for each inlined library that declares a `rust-version` newer than the judge's:
/// pinned by hand past what the resolver would pick, it is the likely cause of a failure on
/// the judge's compiler.
fn newer_than_judge(
    libraries: &[bundle::Library],
    bundle: &bundle::Bundle,
    rust: &str,
    releases: impl Fn(&str) -> Option<Vec<registry::Release>>,
) -> Vec<String> {
    let judge = registry::numbers(rust);
    inlined(libraries, bundle)
        .filter_map(|l| {
            let o = l.origin.as_ref()?;
            let declared = o.rust_version.as_deref()?;
            (registry::numbers(declared) > judge).then(|| {
                let (name, version) = (&o.name, &o.version);
                let fix = match releases(name) {
                    None => format!(
                        "cargo's copy of the registry index has no entry for {name}, so the newest version for {rust} is unknown: pin an older one"
                    ),
                    Some(rs) => match registry::newest_for(&rs, version, rust) {
                        None => format!("no published version of {name} declares {rust} or older"),
                        Some((r, same)) => {
                            let declares = match &r.rust_version {
                                Some(rv) => format!("declares {rv}"),
                                None => "declares no rust-version".to_string(),
                            };
                            if same {
                                format!(
                                    "the newest for it is {} ({declares}): `cargo update -p {name}@{version} --precise {}` (where Cargo.toml pins `={version}`, change that to `={}` instead)",
                                    r.version, r.version, r.version
                                )
                            } else {
                                format!(
                                    "the newest for it is {} ({declares}): require `{name} = \"={}\"` in Cargo.toml",
                                    r.version, r.version
                                )
                            }
                        }
                    },
                };
                format!(
                    "warn    {name} {version} declares rust-version {declared}, newer than the judge's {rust}; {fix}"
                )
            })
        })
        .collect()
}

/// When only the judge's compiler fails: the inlined registry crates that declare no
/// `rust-version`, which cargo's resolver cannot hold back for the judge.
fn undeclared_rust_versions(
    libraries: &[bundle::Library],
    bundle: &bundle::Bundle,
    rust: &str,
) -> Option<String> {
    let names: Vec<String> = inlined(libraries, bundle)
        .filter_map(|l| l.origin.as_ref())
        .filter(|o| {
            o.rust_version.is_none()
                && !o
                    .manifest_dir
                    .starts_with(crate::workspace::cargo::project_root())
        })
        .map(|o| format!("{} {}", o.name, o.version))
        .collect();
    (!names.is_empty()).then(|| {
        format!(
            "note    only the judge's rustc {rust} failed; {} declare no rust-version, so cargo could not choose a version for {rust}: if the error is in one of them, pin an older version (`cargo update -p <crate> --precise <version>`)",
            names.join(", ")
        )
    })
}

/// The libraries the bundle inlined.
fn inlined<'a>(
    libraries: &'a [bundle::Library],
    bundle: &'a bundle::Bundle,
) -> impl Iterator<Item = &'a bundle::Library> {
    libraries
        .iter()
        .filter(|l| bundle.libraries.iter().any(|i| i.module == l.module))
}

/// clippy's `incompatible_msrv` lint on the bundle with `msrv = 1.73`: this machine's rustc
/// is newer than the judge's, so a std API stabilised after 1.73 would compile here and
/// fail there. Skipped, with a note, where clippy-driver is not installed.
fn check_std_apis(dir: &Path, rust: &str) -> anyhow::Result<()> {
    let config = dir.join("clippy.toml");
    fs::write(&config, format!("msrv = \"{rust}\"\n")).at(&config)?;
    let output = Command::new("clippy-driver")
        .current_dir(dir)
        .env("CLIPPY_CONF_DIR", dir)
        .args([
            "--edition",
            judge::EDITION,
            "--emit=metadata",
            "-o",
            "msrv-check",
            "Main.rs",
        ])
        .args(["-A", "warnings", "-D", "clippy::incompatible_msrv"])
        .output();
    match output {
        Err(_) => {
            say!("note    clippy-driver not found: std APIs not checked against Rust {rust}");
            Ok(())
        }
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(anyhow::anyhow!(
            "{}",
            String::from_utf8_lossy(&out.stderr).into_owned()
        )),
    }
}

/// The refusal of a bundle of `size` bytes over the judge's `limit`, with what the budget
/// cut (this thread's cuts so far) and how to give it more time.
fn over_the_limit_line(size: u64, limit: u64, made: &bundle::Bundle) -> String {
    let cuts = bundle::budget::cuts();
    let mut largest: Vec<&bundle::Inlined> = made.libraries.iter().collect();
    largest.sort_by_key(|lib| std::cmp::Reverse(lib.bytes));
    let solution = made.text.len()
        - made
            .libraries
            .iter()
            .map(|lib| lib.bytes)
            .sum::<usize>()
            .min(made.text.len());
    let pieces: Vec<String> = largest
        .iter()
        .take(3)
        .map(|lib| format!("{} {:.1} KiB", lib.label(), lib.bytes as f64 / 1024.0))
        .chain([format!("the solution {:.1} KiB", solution as f64 / 1024.0)])
        .collect();
    let largest = format!(" (largest: {})", pieces.join(", "));
    let more = if cuts.is_empty() {
        String::new()
    } else {
        format!(
            "; refining stopped at {}x the budget, before {} (`--budget <s>` gives it more time)",
            bundle::budget::OVER_THE_LIMIT_BUDGETS,
            cuts.join(", ")
        )
    };
    format!("FAIL    size {size} bytes exceeds the judge's limit of {limit} bytes{largest}{more}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::JUDGE_RUST;

    /// boj-17825 (proconio and `common`) bundled for `profile` from `graph`, its libraries
    /// readied for that judge first.
    fn showcase_bundle(
        target: &Path,
        graph: &mut crates::Graph,
        profile: &'static judge::Profile,
    ) -> bundle::Bundle {
        let member = crate::resolve::build::Member::whole("boj-17825");
        crate::resolve::ready_for_judge(target, member, &mut graph.libraries, None, profile)
            .unwrap();
        let main_rs = crate::workspace::cargo::project_root().join("boj-17825/src/main.rs");
        let options = bundle::Options::for_judge(profile);
        bundle::bundle(&main_rs, &graph.deps, &graph.libraries, options).unwrap()
    }

    /// Another judge is one more `Profile`: here one with other flags (debug assertions on,
    /// opt-level 1), other limits and another source limit. A real bundle (boj-17825, with
    /// `common` and proconio inlined) is built by its command and passes a sample; a program
    /// whose output depends on the flags shows they are the profile's, not BOJ's. (A judge on
    /// edition 2018 would need more: the bundler writes 2021 code, e.g. disjoint closure
    /// captures and the 2021 prelude's `TryFrom`; `EDITION` is where it would start.)
    #[test]
    fn a_made_up_judge_profile_builds_a_bundle_with_its_own_command() {
        static STRICT: judge::Profile = judge::Profile {
            name: "STRICT",
            flags: &["-C", "opt-level=1", "-C", "debug-assertions=on"],
            host_flags: &["-C", "opt-level=1", "-C", "debug-assertions=on"],
            source_limit: 100_000,
            size_note: 50_000,
            time_limit_ms: 1000,
            memory_limit_mb: 128,
            ..judge::BOJ
        };
        assert_eq!(
            STRICT.command(),
            "rustc --edition 2021 -C opt-level=1 -C debug-assertions=on -o Main Main.rs"
        );
        assert_eq!(
            judge::BOJ.command(),
            "rustc --edition 2021 -O -o Main Main.rs"
        );
        let dir = tempfile::tempdir().unwrap();
        let compiler = judge::Compilers::find().unwrap().local;
        // The flags are the profile's: an overflow panics only with debug assertions.
        let overflow = dir.path().join("overflow.rs");
        std::fs::write(
            &overflow,
            "fn main() { let x: u8 = std::hint::black_box(255); println!(\"{}\", x + 1); }",
        )
        .unwrap();
        for (profile, panics) in [(&judge::BOJ, false), (&STRICT, true)] {
            let bin = dir.path().join(format!("overflow-{}", profile.name));
            compiler.compile_as(profile, &overflow, &bin).unwrap();
            let out = std::process::Command::new(&bin).output().unwrap();
            assert_eq!(!out.status.success(), panics, "{}", profile.name);
        }
        // A real bundle under the made-up profile.
        let meta = crate::workspace::packages::metadata().unwrap();
        let mut graph = crate::resolve::crates::graph(&meta, "boj-17825", &STRICT).unwrap();
        let root = crate::workspace::cargo::project_root();
        let target = std::path::PathBuf::from(meta.target_directory.as_std_path());
        let b = showcase_bundle(&target, &mut graph, &STRICT);
        assert!((b.text.len() as u64) < STRICT.source_limit);
        let source = dir.path().join("Main.rs");
        std::fs::write(&source, &b.text).unwrap();
        let bin = dir.path().join("Main");
        compiler.compile_as(&STRICT, &source, &bin).unwrap();
        let cases = root.join("testcases/boj-17825");
        let input = std::fs::File::open(cases.join("sample-1.in")).unwrap();
        let out = std::process::Command::new(&bin)
            .stdin(input)
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            std::fs::read_to_string(cases.join("sample-1.out"))
                .unwrap()
                .trim_end()
        );
    }

    /// Each judge's profile on a real showcase problem (boj-17825: proconio and `common`):
    /// bundled for the judge within its source limit, built by the judge's command with
    /// every compiler here (its own, rustc 1.89, when installed), checked for Codeforces'
    /// Windows target when that std is installed, and answering the sample as the
    /// testcase says. Counts what it compiled with, so a missing compiler is seen.
    #[test]
    fn each_judges_profile_bundles_a_showcase_problem_its_compilers_build_and_answer() {
        let meta = crate::workspace::packages::metadata().unwrap();
        let root = crate::workspace::cargo::project_root();
        let target = std::path::PathBuf::from(meta.target_directory.as_std_path());
        let cases = root.join("testcases/boj-17825");
        let expected = std::fs::read_to_string(cases.join("sample-1.out")).unwrap();
        let mut built = Vec::new();
        for profile in [&judge::CODEFORCES, &judge::ATCODER] {
            let mut graph = crate::resolve::crates::graph(&meta, "boj-17825", profile).unwrap();
            let b = showcase_bundle(&target, &mut graph, profile);
            assert!(
                (b.text.len() as u64) <= profile.source_limit,
                "{}",
                profile.name
            );
            let dir = tempfile::tempdir().unwrap();
            let source = dir.path().join("Main.rs");
            std::fs::write(&source, &b.text).unwrap();
            let compilers = judge::Compilers::find_for(profile).unwrap();
            if let Some(own) = &compilers.judge {
                if profile.foreign_target() && own.has_target(profile) {
                    own.check_on_target(profile, &source, dir.path()).unwrap();
                    built.push(format!("{} for {}", own.label, profile.target_triple));
                }
            }
            for compiler in compilers.all() {
                let bin = dir.path().join("Main");
                compiler.compile_as(profile, &source, &bin).unwrap();
                let input = std::fs::File::open(cases.join("sample-1.in")).unwrap();
                let out = std::process::Command::new(&bin)
                    .stdin(input)
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{} {}", profile.name, compiler.label);
                let got = String::from_utf8_lossy(&out.stdout);
                assert_eq!(got.trim_end(), expected.trim_end(), "{}", profile.name);
                built.push(format!("{} as {}", compiler.label, profile.name));
            }
        }
        // This machine's rustc for both judges at least; the judges' own where installed.
        eprintln!("built and ran: {}", built.join(", "));
        assert!(built.len() >= 2, "{built:?}");
    }

    /// AtCoder has proconio installed: a bundle of boj-17825 (proconio and `common`) for it
    /// leaves `use proconio::...` as written and inlines `common` alone, and the judge's
    /// rustc 1.89 builds it against proconio 0.5.0 as cargo built it at AtCoder's version,
    /// edition 2024, `--cfg atcoder`, answering the sample. Needs rustc 1.89 (CI installs
    /// it; elsewhere the test says it did not run).
    #[test]
    fn an_atcoder_bundle_names_its_installed_crates_and_builds_against_atcoders_versions() {
        let profile = &judge::ATCODER;
        if judge::judge_rustc_path(profile).is_none() {
            assert!(std::env::var_os("CI").is_none(), "CI installs rustc 1.89");
            eprintln!("not run: `{}` adds rustc 1.89", profile.toolchain_install());
            return;
        }
        let meta = crate::workspace::packages::metadata().unwrap();
        let root = crate::workspace::cargo::project_root();
        let target = std::path::PathBuf::from(meta.target_directory.as_std_path());
        let mut graph = crate::resolve::crates::graph(&meta, "boj-17825", profile).unwrap();
        let used = crate::resolve::installed::leave_installed(&mut graph, profile);
        let names: Vec<&str> = used.iter().map(|u| u.package.as_str()).collect();
        assert!(names.contains(&"proconio"), "{names:?}");
        assert!(graph.libraries.iter().all(|l| l.module != "proconio"));
        assert!(graph.libraries.iter().any(|l| l.module == "common"));
        let externs = crate::resolve::installed::environment(&target, profile, &used).unwrap();
        let _in_force = bundle::externs::enter(externs);
        let b = showcase_bundle(&target, &mut graph, profile);
        assert!(
            b.text.contains("\nuse proconio::input;"),
            "{}",
            &b.text[..400]
        );
        assert!(!b.text.contains("mod proconio"));
        assert_eq!(
            b.libraries
                .iter()
                .map(|l| l.module.as_str())
                .collect::<Vec<_>>(),
            ["common"]
        );
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("Main.rs");
        std::fs::write(&source, &b.text).unwrap();
        let own = judge::Compilers::find_for(profile).unwrap().judge.unwrap();
        let bin = dir.path().join("Main");
        own.compile_with(profile, &source, &bin, &bundle::externs::args())
            .unwrap();
        let cases = root.join("testcases/boj-17825");
        let input = std::fs::File::open(cases.join("sample-1.in")).unwrap();
        let out = std::process::Command::new(&bin)
            .stdin(input)
            .output()
            .unwrap();
        let expected = std::fs::read_to_string(cases.join("sample-1.out")).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            expected.trim_end()
        );
        // Without the installed crates in force, the same file does not build: they are
        // what it builds against.
        drop(_in_force);
        assert!(bundle::externs::args().is_empty());
        assert!(own.compile_as(profile, &source, &bin).is_err());
    }

    /// A judge compiler without the target's std (here rustc 1.73, to which no Windows std
    /// is added) makes the check a note saying how to add it, never a failure.
    #[test]
    fn a_missing_target_std_is_a_note_with_its_install_command_not_a_failure() {
        static NO_STD: judge::Profile = judge::Profile {
            toolchain: judge::JUDGE_TOOLCHAIN,
            ..judge::CODEFORCES
        };
        let compilers = judge::Compilers::find_for(&NO_STD).unwrap();
        let Some(own) = &compilers.judge else {
            eprintln!("not run: rustc {} is not installed", judge::JUDGE_TOOLCHAIN);
            return;
        };
        if own.has_target(&NO_STD) {
            eprintln!(
                "not run: rustc {} has the Windows std",
                judge::JUDGE_TOOLCHAIN
            );
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("Main.rs");
        std::fs::write(&source, "fn main() {}\n").unwrap();
        let _ = take_transcript();
        assert!(on_the_judges_target(&compilers, &NO_STD, &source).is_ok());
        let said = take_transcript().join("\n");
        assert!(
            said.contains("not checked for x86_64-pc-windows-msvc"),
            "{said}"
        );
        assert!(said.contains(&NO_STD.target_install()), "{said}");
    }

    /// The target check sees the judge's platform: a program that cannot build on Windows
    /// builds here and fails the check, with the judge's error.
    #[test]
    fn a_program_that_breaks_only_on_windows_fails_the_codeforces_target_check() {
        let profile = &judge::CODEFORCES;
        let compilers = judge::Compilers::find_for(profile).unwrap();
        let Some(own) = compilers.judge.as_ref().filter(|c| c.has_target(profile)) else {
            eprintln!(
                "not checked: `{}` and `{}` add it",
                profile.toolchain_install(),
                profile.target_install()
            );
            return;
        };
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("Main.rs");
        std::fs::write(
            &source,
            "#[cfg(windows)]\ncompile_error!(\"not on Windows\");\n#[cfg(ONLINE_JUDGE)]\nfn main() {}\n",
        )
        .unwrap();
        own.compile_as(profile, &source, &dir.path().join("Main"))
            .unwrap();
        let err = own
            .check_on_target(profile, &source, dir.path())
            .unwrap_err();
        assert!(format!("{err:#}").contains("not on Windows"), "{err:#}");
    }

    #[test]
    fn a_failed_bundle_leaves_no_file_under_the_submittable_name() {
        let dir = tempfile::tempdir().unwrap();
        let ws = Workspace {
            root: dir.path().to_path_buf(),
            target: dir.path().join("target"),
            problems: Vec::new(),
            invalid: Vec::new(),
        };
        let problem = Problem {
            name: "not-a-package".into(),
            title: String::new(),
            url: String::new(),
            time_limit_ms: 1000,
            memory_limit_mb: 256,
            rule: crate::engine::compare::Rule::Lines,
            judge: "BOJ".into(),
            source_limit: judge::BOJ_SOURCE_LIMIT,
            dir: dir.path().to_path_buf(),
            main_rs: dir.path().join("main.rs"),
            examples: Vec::new(),
        };
        let (path, failed) = outputs(&ws, &problem);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "// a stale bundle from an earlier run").unwrap();
        let inputs = inputs(&ws).unwrap();
        let err = bundle_and_verify(&ws, &problem, &inputs, Default::default())
            .err()
            .expect("an unknown package cannot be bundled")
            .to_string();
        assert!(err.contains("not-a-package"), "{err}");
        assert!(!path.exists() && !failed.exists());
    }

    #[test]
    fn an_inlined_library_newer_than_the_judge_gets_one_line_naming_both_versions_and_the_fix() {
        let lib = |module: &str, rust: Option<&str>| bundle::Library {
            origin: Some(bundle::Origin {
                package_id: String::new(),
                name: module.replace('_', "-"),
                version: "2.1.3".into(),
                lib_name: module.into(),
                rust_version: rust.map(str::to_string),
                manifest_dir: PathBuf::new(),
                deps: Vec::new(),
            }),
            ..bundle::Library::new(
                module,
                &format!("{module} 2.1.3"),
                PathBuf::new(),
                judge::EDITION,
            )
        };
        let libraries = [
            lib("rustc_hash", Some("1.77")),
            lib("older", Some("1.60")),
            lib("undeclared", None),
            lib("not_inlined", Some("1.80")),
        ];
        let b = bundle::Bundle {
            text: String::new(),
            libraries: ["rustc_hash", "older", "undeclared"]
                .iter()
                .map(|m| bundle::Inlined {
                    module: m.to_string(),
                    package: format!("{m} 2.1.3"),
                    bytes: 1,
                })
                .collect(),
        };
        let release = |v: &str, rv: Option<&str>| registry::Release {
            version: v.into(),
            rust_version: rv.map(str::to_string),
            yanked: false,
        };
        let history = || {
            Some(vec![
                release("1.1.0", None),
                release("2.1.1", None),
                release("2.1.3", Some("1.77")),
            ])
        };
        let lines = newer_than_judge(&libraries, &b, JUDGE_RUST, |_| history());
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].contains("rustc-hash 2.1.3")
                && lines[0].contains("1.77")
                && lines[0].contains(JUDGE_RUST)
                && lines[0].contains("--precise 2.1.1")
                && lines[0].contains("declares no rust-version"),
            "{}",
            lines[0]
        );
        // Offline with no cached index entry, the line says the newest is unknown.
        let lines = newer_than_judge(&libraries, &b, JUDGE_RUST, |_| None);
        assert!(lines[0].contains("unknown"), "{}", lines[0]);
        // Where only the judge's compiler fails, the crates that declare nothing are named.
        let note = undeclared_rust_versions(&libraries, &b, JUDGE_RUST).unwrap();
        assert!(
            note.contains("undeclared 2.1.3")
                && !note.contains("older 2.1.3")
                && !note.contains("not-inlined"),
            "{note}"
        );
    }

    /// A template's unused `use proconio::{derive_readable, input};` (the leaf) and
    /// `use proconio::derive_readable;` go with the attribute they would import: the bundle, with
    /// the workspace's real proconio, compiles and reads as cargo's build does.
    #[test]
    fn an_unused_derive_readable_import_goes_and_the_bundle_builds() {
        let dir = tempfile::tempdir().unwrap();
        let meta = crate::workspace::packages::metadata().unwrap();
        let graph = crate::resolve::crates::graph(&meta, "corpus", &crate::judge::BOJ).unwrap();
        let main_rs = dir.path().join("main.rs");
        for imports in [
            "use proconio::{derive_readable, input};\n",
            "use proconio::derive_readable;\nuse proconio::input;\n",
        ] {
            std::fs::write(
                &main_rs,
                format!(
                    "{imports}fn main() {{ input! {{ n: u32 }} println!(\"{{}}\", n * 2); }}\n"
                ),
            )
            .unwrap();
            let b = bundle::bundle(
                &main_rs,
                &graph.deps,
                &graph.libraries,
                bundle::Options::for_judge(&judge::BOJ),
            )
            .unwrap();
            assert!(!b.text.contains("derive_readable"), "{}", b.text);
            let binary = crate::testing::build_rust(dir.path(), "Main", &b.text);
            let mut child = std::process::Command::new(&binary)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"21\n").unwrap();
            let out = child.wait_with_output().unwrap();
            assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
        }
    }
}
