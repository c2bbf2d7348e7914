//! The readings of the libraries: as written, and a second time with impl-only macro calls
//! written out; each finished with the compiler's rounds, and the smaller bundle taken.

use super::draft::Drafter;
use super::refine::{refine, refine_from};
use crate::bundle::budget;
use crate::bundle::check::oracle;
use crate::bundle::check::said::deny_lints;
use crate::bundle::name::libraries::{reachable_modules, read_libraries};
use crate::bundle::name::solution;
use crate::bundle::read::load;
use crate::bundle::shrink::edits::take_out_dead_impls;
use crate::bundle::shrink::impls;
use crate::bundle::{phase, Bundle, Dep, Library, Options, Pruning, Scope};
use crate::error::Context;
use std::collections::BTreeMap;
use std::path::Path;

/// `bundle` but for the imports and macros no compiler uses.
pub fn pruned(
    main_rs: &Path,
    deps: &BTreeMap<String, Dep>,
    libraries: &[Library],
    options: Options,
) -> anyhow::Result<Bundle> {
    let pruning = match options.scope {
        Scope::Whole => Pruning::Names,
        _ => options.pruning,
    };
    let target = options.judge.target_cfgs;
    phase("bundle: begin");
    load::bound_parsed();
    let solution = solution::prepare(main_rs, deps, target)?;
    phase("bundle: solution read");
    let debug = std::env::var_os("XTASK_PRUNE_DEBUG").is_some();
    // Libraries large enough for the impls pass are read once more with the calls that
    // make only impls written out, each impl then a candidate of its own (num-traits'
    // `int_trait_impl!(Num for usize u8 u16 ...)` keeps every integer type's impl where the
    // program uses one); the smaller bundle is taken. Where the first draft as written is
    // that large, the second reading comes first and is the bundle when it compiles within
    // our 64 KiB target: it gave the smaller bundle of every corpus program read both ways,
    // and the reading as written costs as much again (petgraph's Dijkstra: 14 compiles; a
    // template's unused `use num::*;` 70 s for 150.7 KiB, against 15.4 KiB from the second
    // reading alone). Over that, both are read and the smaller taken: a large second
    // reading says nothing of the first (under a pruner variant tried and dropped,
    // okaponta's im-rc `HashMap` was 247.9 KiB read the second way and 206.3 the first).
    let reached = options.scope == Scope::Reached && pruning == Pruning::Compiler;
    let step = budget::step("reading the libraries");
    let (reading, mut early) =
        read_first(&solution, (main_rs, deps), libraries, &options, reached)?;
    step.end(&format!("a first draft of {}", kib(reading.first())));
    phase("bundle: first reading's first draft");
    // Libraries that make no impl by a call only the second reading writes out are read
    // the same both ways: one reading is all there is (rand_pcg's libc, proconio).
    let two_readings = reached && reading.impls_too_matters();
    // No draft is known to compile yet: no submission, so the budget holds as it does over
    // the limit (on a loaded machine the first reading of typical90 075's template took 9.6
    // s, the second reading was cut, and the first's drafts never compiled: refused at 1.7
    // MB, where a quiet run submits the second reading's within the limit).
    budget::over_the_limit(true);
    let large_at_once = two_readings
        && library_bytes(reading.first()) > SECOND_READING_FIRST
        && !budget::cut("a second reading");
    let mut again = None;
    if large_at_once {
        match second_reading_first(&solution, libraries, &options, pruning, early.take())? {
            Second::Enough(b) => {
                if debug {
                    eprintln!("bundle: {}: the second reading alone", main_rs.display());
                }
                return Ok(b);
            }
            Second::Beside(b) => again = b,
        }
    }
    if reached && again.is_none() && past_the_later_end(reading.first(), &options) {
        return Ok(reading.into_first());
    }
    let first_bytes = library_bytes(reading.first());
    let reading = match reading {
        First::Here(r) => r,
        // Read as written on the other thread, for its first draft's size: read here now.
        First::There(_) => begin_reading(&solution, libraries, &options, false)?,
    };
    let Some((best, large, compiled)) = finish_reading(reading, pruning)? else {
        unreachable!("the reading as written is always finished")
    };
    if debug && reached {
        eprintln!(
            "bundle: {}: first draft's libraries {first_bytes} bytes; over the floor: {large}",
            main_rs.display()
        );
    }
    if again.is_none()
        && !large_at_once
        && large
        && two_readings
        && !budget::cut("a second reading")
    {
        let step = budget::step("a second reading (impl-only macro calls written out)");
        let second = match early.take() {
            Some(second) => second,
            None => begin_reading(&solution, libraries, &options, true)?,
        };
        again = finish_reading(second, pruning)?.map(|(b, ..)| b);
        step.end(&again.as_ref().map_or("nothing that compiles".into(), kib));
    }
    Ok(match again {
        Some(again) => {
            show_two_readings(main_rs, &best, &again);
            of_two_readings((best, compiled), again)
        }
        None => best,
    })
}

/// Whether the first reading's `first` draft, over the judge's limit with nothing known to
/// compile, is past the budget's later end: its rounds (a compile of a 1.5 MB draft takes 8
/// to 15 s, the budget cannot interrupt one) are left out, and the draft is refused for its
/// size with what more time would have tried (a nalgebra template: refused after 89 s, most
/// of it the first reading's rounds after the second reading had used the later end).
fn past_the_later_end(first: &Bundle, options: &Options) -> bool {
    first.text.len() as u64 > options.judge.source_limit
        && budget::cut("the first reading's rounds")
}

/// What a second reading that comes first gave.
enum Second {
    /// The bundle: small enough, or within the judge's limit with the budget spent.
    Enough(Bundle),
    /// A bundle to weigh against the first reading's, if it compiled.
    Beside(Option<Bundle>),
}

/// The second reading (impl-only macro calls written out), read before the first is
/// finished because the first draft as written is large (see `pruned`).
fn second_reading_first(
    solution: &solution::Solution,
    libraries: &[Library],
    options: &Options,
    pruning: Pruning,
    begun: Option<Reading>,
) -> anyhow::Result<Second> {
    let step = budget::step("a second reading (impl-only macro calls written out)");
    let second = match begun {
        Some(second) => second,
        None => begin_reading(solution, libraries, options, true)?,
    };
    phase("bundle: second reading's first draft");
    let finished = finish_reading(second, pruning)?;
    step.end(
        &finished
            .as_ref()
            .map_or("nothing that compiles".into(), |(b, ..)| kib(b)),
    );
    let Some((b, ..)) = finished else {
        return Ok(Second::Beside(None));
    };
    if b.text.len() <= SECOND_READING_ENOUGH {
        return Ok(Second::Enough(b));
    }
    // A submission exists: the first reading no longer refines for three budgets because
    // its drafts are over the limit, and is not finished at all once the budget is spent
    // (its rounds would give the smaller bundle only with time).
    if b.text.len() as u64 <= options.judge.source_limit {
        budget::a_fit_is_known();
        if budget::cut("the first reading's rounds") {
            return Ok(Second::Enough(b));
        }
    }
    Ok(Second::Beside(Some(b)))
}

/// With `XTASK_PRUNE_DEBUG`, the sizes of the two readings' bundles, and both kept in the
/// temporary folder for a look at what one keeps that the other does not.
fn show_two_readings(main_rs: &Path, first: &Bundle, second: &Bundle) {
    if std::env::var_os("XTASK_PRUNE_DEBUG").is_none() {
        return;
    }
    eprintln!(
        "bundle: {}: {} bytes; with impl-only macro calls written out, {} bytes",
        main_rs.display(),
        first.text.len(),
        second.text.len()
    );
    let tmp = std::env::temp_dir();
    let _ = std::fs::write(tmp.join("xtask-reading1.rs"), &first.text);
    let _ = std::fs::write(tmp.join("xtask-reading2.rs"), &second.text);
}

/// The bundle of the two readings to take: the smaller, unless the first's (`first`, and
/// whether it is known to compile) is not known to compile; the second's always is (bitvec's
/// `fmt!` impls are written out only by the second, and a first reading whose rounds the
/// budget cut short does not compile).
pub fn of_two_readings((first, compiled): (Bundle, bool), second: Bundle) -> Bundle {
    if !compiled || second.text.len() < first.text.len() {
        second
    } else {
        first
    }
}

/// The library bytes of the first draft as written over which the second reading comes
/// first (see `pruned`): each of the 9 corpus programs over it was over the floor after the
/// oracle; of the 28 from 16 to 45 KiB, 16 were not (itertools' `tuple_windows` among them,
/// whose second reading does not compile).
const SECOND_READING_FIRST: usize = 64 * 1024;

/// A second reading's bundle at most this large is taken without the first reading (see
/// `pruned`): our own target for every bundle.
const SECOND_READING_ENOUGH: usize = 64 * 1024;

pub fn kib(b: &Bundle) -> String {
    format!("{:.1} KiB", b.text.len() as f64 / 1024.0)
}

/// Tells the budget whether draft `b` is over the judge's source limit (nothing is cut for
/// time while it is).
pub fn over_the_limit(b: &Bundle, options: &Options) {
    budget::over_the_limit(b.text.len() as u64 > options.judge.source_limit);
}

/// The bytes of a bundle that are its libraries'.
pub fn library_bytes(b: &Bundle) -> usize {
    b.libraries.iter().map(|l| l.bytes).sum()
}

/// The reading as written: read on this thread, or on another for its first draft alone
/// (only where its libraries met a call `impls_too` decides: see `read_first`).
enum First<'a> {
    Here(Reading<'a>),
    There(Bundle),
}

impl First<'_> {
    /// Its first draft, by names alone.
    fn first(&self) -> &Bundle {
        match self {
            First::Here(reading) => &reading.first,
            First::There(first) => first,
        }
    }

    fn into_first(self) -> Bundle {
        match self {
            First::Here(reading) => reading.first,
            First::There(first) => first,
        }
    }

    /// See `Read::impls_too_matters`.
    fn impls_too_matters(&self) -> bool {
        match self {
            First::Here(reading) => reading.impls_too_matters,
            First::There(_) => true,
        }
    }
}

/// The libraries read as written (the first reading), and the second reading too when it
/// was begun alongside. Where `options.alongside` allows and the libraries the solution
/// reaches are large (`LARGE_SOURCE`), the first reading is read on another thread for its
/// first draft alone (the bundler's threads keep their syntax trees to themselves) while
/// this one begins the second reading: where the first draft is over
/// `SECOND_READING_FIRST`, the second reading comes first and is often enough, and the
/// reading as written had been this thread's time spent for nothing (2.0 of `cr_num`'s 10
/// s budget on a slow hour). What is decided is the same as reading one after the other.
fn read_first<'a>(
    solution: &'a solution::Solution,
    (main_rs, deps): (&Path, &BTreeMap<String, Dep>),
    libraries: &'a [Library],
    options: &'a Options,
    reached: bool,
) -> anyhow::Result<(First<'a>, Option<Reading<'a>>)> {
    let alongside = reached
        && options.alongside.is_some_and(|over| {
            source_bytes(
                &reachable_modules(&solution.referenced, libraries),
                libraries,
            ) > over
        });
    if !alongside {
        let reading = begin_reading(solution, libraries, options, false)?;
        return Ok((First::Here(reading), None));
    }
    let target = options.judge.target_cfgs;
    let spawned = std::thread::scope(|scope| {
        let other = reading_thread(scope, || -> anyhow::Result<Bundle> {
            let solution = solution::prepare(main_rs, deps, target)?;
            Ok(begin_reading(&solution, libraries, options, false)?.first)
        });
        let other = other.ok()?;
        let second = begin_reading(solution, libraries, options, true);
        Some((second, other.join()))
    });
    let Some((second, other)) = spawned else {
        // No thread to read on: one after the other, as without `alongside`.
        let reading = begin_reading(solution, libraries, options, false)?;
        return Ok((First::Here(reading), None));
    };
    READ_ALONGSIDE.with(|n| n.set(n.get() + 1));
    let first = match other {
        Ok(first) => first?,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    let Ok(mut second) = second else {
        // One after the other, the second reading's error comes only where it is read
        // (`second_reading_first` reads it again then): read as written here.
        let reading = begin_reading(solution, libraries, options, false)?;
        return Ok((First::Here(reading), None));
    };
    if !second.impls_too_matters {
        // The two readings are one (see `Read::impls_too_matters`): this one is the first.
        second.impls_too = false;
        return Ok((First::Here(second), None));
    }
    Ok((First::There(first), Some(second)))
}

/// The stack of the thread that reads the first reading alongside. A library is read by
/// recursion (syn's parser and visitors, the macro expander), whose frames are large in the
/// tool's unoptimised build, as `cargo xtask` runs it: im-rc 15's first reading overflowed
/// the 2 MiB a spawned thread gets by default, and `make submit` aborted, where the main
/// thread's 8 MiB (the usual `ulimit -s`) sufficed. Only what is used is committed.
const READING_STACK: usize = 64 << 20;

/// Spawns `read` on a thread of `scope` with `READING_STACK`.
fn reading_thread<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    read: impl FnOnce() -> T + Send + 'scope,
) -> std::io::Result<std::thread::ScopedJoinHandle<'scope, T>> {
    (std::thread::Builder::new().stack_size(READING_STACK)).spawn_scoped(scope, read)
}

thread_local! {
    /// How many bundles on this thread had their first reading read alongside (tests).
    pub static READ_ALONGSIDE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The source bytes of the `reachable` libraries (`library_source_bytes`).
fn source_bytes(reachable: &std::collections::BTreeSet<String>, libraries: &[Library]) -> u64 {
    (libraries.iter())
        .filter(|l| reachable.contains(&l.module))
        .map(library_source_bytes)
        .sum()
}

/// The bytes of the `.rs` files under a library's folder (its root's).
pub(crate) fn library_source_bytes(lib: &Library) -> u64 {
    lib.root.parent().map_or(0, rust_bytes)
}

/// The bytes of the `.rs` files under `dir`.
fn rust_bytes(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    (entries.flatten())
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => rust_bytes(&e.path()),
            _ if e.path().extension().is_some_and(|x| x == "rs") => {
                e.metadata().map_or(0, |m| m.len())
            }
            _ => 0,
        })
        .sum()
}

/// The source bytes of the reached libraries over which `submit` has the first reading
/// read on another thread (`read_first`). Of the 71 corpus programs, the 9 whose first draft is over
/// `SECOND_READING_FIRST` reach 0.35 to 6.4 MB of source (the num family, indexmap, petgraph,
/// rand_pcg; 7 of them over 600 KB); of the other 62, all but three reach at most 0.6 MB
/// (itertools' 567 KB the largest), and those three (a template's unused imports, multimap)
/// lose one early second reading.
pub const LARGE_SOURCE: u64 = 600 * 1024;

/// The libraries read for a bundle (`impls_too`: see `load::load`) and their first draft,
/// by names alone.
struct Reading<'a> {
    drafter: Drafter<'a>,
    trees: Vec<Vec<syn::Item>>,
    first: Bundle,
    impls_too: bool,
    /// See `Read::impls_too_matters`.
    impls_too_matters: bool,
    options: &'a Options,
}

/// Reads the libraries the solution reaches and drafts them by names alone.
fn begin_reading<'a>(
    solution: &'a solution::Solution,
    libraries: &'a [Library],
    options: &'a Options,
    impls_too: bool,
) -> anyhow::Result<Reading<'a>> {
    let target = options.judge.target_cfgs;
    let reachable = reachable_modules(&solution.referenced, libraries);
    let read = read_libraries(libraries, &reachable, target, impls_too)?;
    let drafter = Drafter {
        libraries,
        modules: libraries.iter().map(|l| l.module.clone()).collect(),
        solution,
        whole: options.scope != Scope::Reached,
        scoped: std::cell::Cell::new(true),
        layout: options.layout,
        uses_alloc: read.uses_alloc,
        refusals: read.refusals,
        lints: Default::default(),
    };
    phase("bundle: libraries read");
    let first = drafter.draft(&read.trees, &oracle::Findings::default())?;
    Ok(Reading {
        drafter,
        trees: read.trees,
        first,
        impls_too,
        impls_too_matters: read.impls_too_matters,
        options,
    })
}

/// A reading's bundle, pruned and refined with the compiler's help, whether its libraries
/// were large enough for the impls pass, and whether it is known to compile (by names
/// alone: taken as so). `None` for the second reading (impl-only macro calls written out)
/// when its bundle is not known to compile: it adds nothing sure.
fn finish_reading(
    reading: Reading,
    pruning: Pruning,
) -> anyhow::Result<Option<(Bundle, bool, bool)>> {
    let Reading {
        drafter,
        trees,
        first: best,
        impls_too,
        options,
        ..
    } = reading;
    let solution = drafter.solution;
    let modules = &drafter.modules;
    let draft =
        |trees: &[Vec<syn::Item>], findings: &oracle::Findings| drafter.draft(trees, findings);
    if pruning == Pruning::Names || best.libraries.is_empty() {
        return Ok(Some((best, false, true)));
    }
    // What the solution imports by name must exist for its `use` to resolve, used or not
    // (`use proconio::marker::{Chars, Usize1};` in a template): never taken out as dead.
    let protected = &solution.imports_by_name;
    let scratch = tempfile::tempdir().context("a scratch folder for the oracle's drafts")?;
    // A first draft whose names were followed by scope that does not compile is drafted
    // again with names followed everywhere, as before scopes were read (never larger than
    // that, whatever the scoping rules miss).
    let mut consulted = oracle::consult(&best.text, modules, scratch.path());
    let mut best = best;
    // A deny-by-default lint in a library's code (which cargo allows in a dependency):
    // allowed in the library modules, and the draft consulted again.
    while let Err(e) = &consulted {
        let raised = deny_lints(&e.to_string());
        let mut lints = drafter.lints.borrow_mut();
        let before = lints.len();
        lints.extend(raised);
        if lints.len() == before {
            break;
        }
        drop(lints);
        best = draft(&trees, &oracle::Findings::default())?;
        consulted = oracle::consult(&best.text, modules, scratch.path());
    }
    let (best, first) = match consulted {
        Ok(found) => (best, Some(found)),
        Err(e) => {
            if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
                eprintln!("oracle: the scoped first draft does not compile:\n{e}");
            }
            drafter.scoped.set(false);
            (draft(&trees, &oracle::Findings::default())?, None)
        }
    };
    phase("bundle: first draft consulted");
    let (best, large, compiled) =
        refine_and_drop_impls((best, trees, first), (modules, protected), &draft, options)?;
    // The second reading is an extra: one whose bundle does not compile adds nothing (a
    // first draft that did not may be mended by the impls pass: a glob left with nothing
    // to import; itertools' written-out calls are not).
    if impls_too && !compiled {
        return Ok(None);
    }
    Ok(Some((best, large, compiled)))
}

/// `finish_reading` from the first draft and what the compiler found in it: the oracle's
/// rounds, then in large libraries the impls pass and one more round of the oracle; the
/// bundle, whether it was large, and whether it is known to compile.
fn refine_and_drop_impls(
    (best, trees, first): (Bundle, Vec<Vec<syn::Item>>, Option<oracle::Findings>),
    (modules, protected): (&[String], &std::collections::BTreeSet<String>),
    draft: &impl Fn(&[Vec<syn::Item>], &oracle::Findings) -> anyhow::Result<Bundle>,
    options: &Options,
) -> anyhow::Result<(Bundle, bool, bool)> {
    let step = budget::step("the compiler's rounds");
    over_the_limit(&best, options);
    let (best, trees, findings, compiled) = refine(best, trees, first, modules, protected, draft)?;
    step.end(&kib(&best));
    phase("bundle: oracle rounds");
    over_the_limit(&best, options);
    // Trait impls that never run: worth a few compiles only in large libraries.
    if library_bytes(&best) <= impls::FLOOR || budget::cut("the impls pass") {
        return Ok((best, false, compiled));
    }
    let step = budget::step("the impls pass");
    let before = best.text.len();
    let budget = if before as u64 > options.judge.source_limit {
        impls::COMPILES_OVER_THE_LIMIT
    } else {
        impls::COMPILES
    };
    let (best, findings) =
        impls::drop_unused(best, &trees, &findings, |f| draft(&trees, f), budget)?;
    phase("bundle: impls pass");
    if best.text.len() == before {
        step.end("nothing out");
        return Ok((best, true, compiled));
    }
    // The impls taken out (and imports left with nothing to name) go from the trees once,
    // not from a copy of them in each draft: the drafts are the same.
    let mut trees = trees;
    take_out_dead_impls(&mut trees, &findings);
    let findings = oracle::Findings {
        dead_impls: Default::default(),
        dead_imports: Default::default(),
        ..findings
    };
    // What only the impls taken out used is now dead: one more pass of the oracle. Here a
    // smaller draft's mending may also need names (`prune::Ruling::needed`): the rounds
    // before the impls pass do not, since a draft so mended may hold code whose impls the
    // pass cannot tell apart (nalgebra 0.20's second reading: every compile of its impls
    // pass failed on rand's `f32::cast_from_int`, and it stayed at 807,829 bytes, not
    // 327,874).
    let (best, _, _, compiled) = refine_from(
        best,
        trees,
        (findings, None, true),
        modules,
        protected,
        draft,
    )?;
    phase("bundle: last oracle rounds");
    step.end(&kib(&best));
    Ok((best, true, compiled))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thread that reads alongside has the stack a deep reading needs: a recursion of
    /// 16 MiB of frames (1,024 of 16 KiB), eight times a spawned thread's default and twice
    /// the usual main thread's, runs on it to the end.
    #[test]
    fn the_reading_thread_has_the_stack_a_deep_recursion_needs() {
        fn deep(n: usize) -> u64 {
            let frame = std::hint::black_box([n as u8; 16 * 1024]);
            let below = if n == 0 { 0 } else { deep(n - 1) };
            below + u64::from(frame[n % frame.len()])
        }
        let sum = std::thread::scope(|scope| {
            let handle = reading_thread(scope, || deep(1024)).unwrap();
            handle.join().unwrap()
        });
        let want: u64 = (0..=1024usize).map(|n| u64::from(n as u8)).sum();
        assert_eq!(sum, want);
    }
}
