//! The bundler: one solution file plus the library code it reaches, as ONE source file.
//!
//! Every library crate the solution depends on (transitively, normal dependencies only)
//! becomes `mod <lib_name>` at the end of the file, with its license notice and version:
//! - `load`: its module files inlined into one tree, `#[cfg]` settled as the judge builds
//!   (the features Cargo resolved; `test`, `debug_assertions` off; Linux x86_64); a
//!   `debug_assert!` stays as written: never run under `-O`, still type-checked (a local's
//!   type may be fixed by it alone: petgraph 0.8's `Graph::remove_node`);
//! - `paths`: `crate::`, `$crate::`, a dependency's paths and `extern crate` rewritten to
//!   the bundle's modules;
//! - `prune`: only the items the solution reaches are kept (see there for the rules); the
//!   compiler then says what is dead (`oracle`), and, for large libraries, which trait impls
//!   never run (`mono`, a debug build's symbols; `impls` takes them out), and which
//!   functions never run (`unrun` stubs their bodies, or takes them out);
//! - `render`: docs and the items' lint attributes removed (the module allows warnings),
//!   `#[macro_export]` macros re-exported by path, printed;
//! - `refuse`: a library of private imports alone left out; one the judge cannot take
//!   refused only when the finished bundle holds it, with the chain from `main.rs`;
//! - `unused`: in a finished bundle over the impls pass's floor, the imports and macros no
//!   compiler at hand uses taken out of the libraries (rustc's `unused_imports`,
//!   `unused_macros`).
//!
//! The solution's text stays verbatim but for the edits in `solution`. Nothing is matched
//! with regexes: everything is parsed with syn.

use crate::error::Context;
pub mod budget;
mod said;
mod vocabulary;
use said::{dangling_imports, deny_lints, item_places, missing_names, unfound_members};
pub(crate) use vocabulary::phase;
pub use vocabulary::{Bundle, Dep, Inlined, Layout, Library, Options, Origin, Pruning, Scope};
mod cfg;
mod easy_ext;
pub mod externs;
pub use cfg::Cfg;
pub(crate) use solution::idents;
pub(crate) mod expand;
mod files;
mod impls;
mod items;
pub mod ladder;
mod load;
mod memoise;
mod mono;
mod oracle;
mod paths;
mod prune;
mod refuse;
mod render;
pub mod reuse;
mod scan;
mod solution;
mod unrun;
mod unused;

use crate::fast_hash::HashMap;
use std::collections::BTreeMap;
use std::path::Path;

/// Bundles `main_rs`, whose dependencies are `deps`, with the `libraries` it may reach.
pub fn bundle(
    main_rs: &Path,
    deps: &BTreeMap<String, Dep>,
    libraries: &[Library],
    options: Options,
) -> anyhow::Result<Bundle> {
    let _deadline = budget::enter(options.deadline);
    let pruned = pruned(main_rs, deps, libraries, options)?;
    refuse::refuse_what_is_reached(&pruned, libraries)?;
    // The imports and macros left in the libraries that no code uses, the compilers' own
    // last word: two more type checks, worth them over the impls pass's floor (a third of a
    // second, for 261 bytes of the showcase's 8 KiB of proconio and `common`).
    let whole = options.scope == Scope::Whole || options.pruning == Pruning::Names;
    over_the_limit(&pruned, &options);
    if whole || library_bytes(&pruned) <= impls::FLOOR || budget::cut("the unused imports") {
        return Ok(pruned);
    }
    let step = budget::step("the unused imports");
    let stripped = unused::strip_unused(pruned, &unused::compilers(options.judge));
    step.end(&kib(&stripped));
    phase("bundle: unused imports and macros out");
    Ok(stripped)
}

/// `bundle` but for the imports and macros no compiler uses.
fn pruned(
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
fn of_two_readings((first, compiled): (Bundle, bool), second: Bundle) -> Bundle {
    if !compiled || second.text.len() < first.text.len() {
        second
    } else {
        first
    }
}

/// The library bytes of the first draft as written over which the second reading comes
/// first (see `bundle`): each of the 9 corpus programs over it was over the floor after the
/// oracle; of the 28 from 16 to 45 KiB, 16 were not (itertools' `tuple_windows` among them,
/// whose second reading does not compile).
const SECOND_READING_FIRST: usize = 64 * 1024;

/// A second reading's bundle at most this large is taken without the first reading (see
/// `bundle`): our own target for every bundle.
const SECOND_READING_ENOUGH: usize = 64 * 1024;

/// Whether an enum among `items` (modules entered) has a variant whose name starts with a
/// lowercase letter.
fn has_lowercase_variant(items: &[syn::Item]) -> bool {
    items.iter().any(|item| match item {
        syn::Item::Enum(e) => e.variants.iter().any(|v| {
            v.ident
                .to_string()
                .trim_start_matches("r#")
                .starts_with(|c: char| c.is_lowercase())
        }),
        syn::Item::Mod(m) => m
            .content
            .as_ref()
            .is_some_and(|(_, c)| has_lowercase_variant(c)),
        _ => false,
    })
}

fn kib(b: &Bundle) -> String {
    format!("{:.1} KiB", b.text.len() as f64 / 1024.0)
}

/// Tells the budget whether draft `b` is over the judge's source limit (nothing is cut for
/// time while it is).
fn over_the_limit(b: &Bundle, options: &Options) {
    budget::over_the_limit(b.text.len() as u64 > options.judge.source_limit);
}

/// The bytes of a bundle that are its libraries'.
fn library_bytes(b: &Bundle) -> usize {
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
    READ_ALONGSIDE.with(|n| n.set(n.get() + 1));
    let target = options.judge.target_cfgs;
    let (second, other) = std::thread::scope(|scope| {
        let other = scope.spawn(|| -> anyhow::Result<Bundle> {
            let solution = solution::prepare(main_rs, deps, target)?;
            Ok(begin_reading(&solution, libraries, options, false)?.first)
        });
        let second = begin_reading(solution, libraries, options, true);
        (second, other.join())
    });
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

thread_local! {
    /// How many bundles on this thread had their first reading read alongside (tests).
    static READ_ALONGSIDE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
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

/// Takes the impls (and stubbed bodies) `findings` name out of `trees`, and the imports
/// left with nothing to name: what a draft with those findings is drafted from.
fn take_out_dead_impls(trees: &mut [Vec<syn::Item>], findings: &oracle::Findings) {
    for (k, items) in trees.iter_mut().enumerate() {
        impls::remove(items, &format!("#{k}"), &findings.dead_impls);
        drop_imports(items, &findings.dead_imports);
    }
}

/// The libraries read and their paths rewritten, one entry per library (empty for those
/// the solution cannot reach).
struct Read {
    trees: Vec<Vec<syn::Item>>,
    uses_alloc: Vec<bool>,
    refusals: Vec<Vec<String>>,
    /// Whether a library met a call `impls_too` decides: when none did, the two readings
    /// are one.
    impls_too_matters: bool,
}

/// Reads the `reachable` libraries, dependencies first, so each is read knowing the macros
/// its dependencies export; rewrites their paths for life as modules of the bundle.
fn read_libraries(
    libraries: &[Library],
    reachable: &std::collections::BTreeSet<String>,
    target: crate::judge::TargetCfgs,
    impls_too: bool,
) -> anyhow::Result<Read> {
    let mut loaded: Vec<Option<load::Loaded>> = libraries.iter().map(|_| None).collect();
    let mut exported: HashMap<String, expand::Macros> = HashMap::default();
    for k in dependencies_first(libraries) {
        let lib = &libraries[k];
        if !reachable.contains(&lib.module) {
            continue; // neither the solution nor a library it reaches names this crate
        }
        let l = load::load(lib, &exported, target, impls_too)?;
        exported.insert(lib.module.clone(), l.exported.clone());
        loaded[k] = Some(l);
    }
    let mut read = Read {
        trees: Vec::new(),
        uses_alloc: Vec::new(),
        refusals: Vec::new(),
        impls_too_matters: loaded.iter().flatten().any(|l| l.impls_too_matters),
    };
    for (lib, l) in libraries.iter().zip(loaded) {
        let Some(l) = l else {
            read.trees.push(Vec::new());
            read.uses_alloc.push(false);
            read.refusals.push(Vec::new());
            continue;
        };
        let mut items = l.items;
        read.uses_alloc
            .push(paths::rewrite(&mut items, lib, &exported));
        read.trees.push(items);
        read.refusals.push(l.refusals);
    }
    Ok(read)
}

/// What every draft of one bundle is made from.
struct Drafter<'a> {
    libraries: &'a [Library],
    modules: Vec<String>,
    solution: &'a solution::Solution,
    /// The whole crates (less what is ruled out), not what the solution reaches.
    whole: bool,
    /// Names followed only where they can mean an item (`prune::reach`); turned off when a
    /// first draft so pruned does not compile.
    scoped: std::cell::Cell<bool>,
    layout: Layout,
    uses_alloc: Vec<bool>,
    refusals: Vec<Vec<String>>,
    /// Deny-by-default lints the compiler raised in a library's code (`bindings_with_variant_name`
    /// in ascii 1.1, whose `AsciiChar` has a variant `a`): allowed in every library module
    /// of the drafts after, as cargo's `--cap-lints allow` allows them in a dependency.
    lints: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

impl Drafter<'_> {
    /// What `kept` keeps of each library's tree, less the libraries that give the program
    /// nothing; an error when a library whose code asks what the judge's build cannot give
    /// is kept.
    fn kept_items(
        &self,
        trees: &[Vec<syn::Item>],
        kept: &prune::Kept,
    ) -> anyhow::Result<Vec<Vec<syn::Item>>> {
        let solution = self.solution;
        // A library of which nothing but private imports and modules holding only those is
        // kept (modules reached by a name that is also a method's, `iter`, `str`) gives the
        // program nothing: it is left out, and with it any refusal it would bring (a
        // library's declared `rayon` that no code reaches), unless a path in another
        // library's kept code or the solution names its module.
        let mut kept_items: Vec<Vec<syn::Item>> =
            trees.iter().map(|t| kept.clone_kept(t)).collect();
        let hollow: Vec<bool> = kept_items
            .iter()
            .map(|items| refuse::only_imports(items))
            .collect();
        if hollow.iter().any(|&h| h) {
            let named = refuse::named_modules(&kept_items, &hollow, &self.modules, solution);
            for (k, items) in kept_items.iter_mut().enumerate() {
                if hollow[k] && !named.contains(&self.modules[k]) {
                    items.clear();
                }
            }
        }
        for (k, lib) in self.libraries.iter().enumerate() {
            if kept_items[k].is_empty() {
                continue;
            }
            // What its code asks of the build is refused where the walk keeps it.
            if let Some(first) = self.refusals[k].first() {
                let named = |m: &str| solution.referenced.contains(m);
                let chain = refuse::reached_through(&kept_items, &self.modules, k, &named);
                return Err(anyhow::anyhow!(
                    "{} cannot be inlined: {first}; {chain}",
                    lib.package
                ));
            }
            // A library the judge cannot take at all stays in the drafts, which compile
            // with it: where the walk kept it only by a name, the compiler's rounds take it
            // out; where code needs it, the finished bundle still holds it, and `bundle`
            // refuses it then (`refuse_what_is_reached`).
        }
        Ok(kept_items)
    }

    /// One draft: the libraries' `trees` pruned to what the solution reaches (less what
    /// `findings` rule out), each refused or rendered, after the solution's text.
    fn draft(
        &self,
        trees: &[Vec<syn::Item>],
        findings: &oracle::Findings,
    ) -> anyhow::Result<Bundle> {
        let solution = self.solution;
        // Impls taken out go before the walk: what only they mention is not reached.
        let filtered: Vec<Vec<syn::Item>>;
        let trees = if findings.dead_impls.is_empty() && findings.dead_imports.is_empty() {
            trees
        } else {
            let mut copy = trees.to_vec();
            take_out_dead_impls(&mut copy, findings);
            filtered = copy;
            &filtered
        };
        let kept = {
            let views: Vec<&[syn::Item]> = trees.iter().map(|t| t.as_slice()).collect();
            prune::reach(
                &views,
                &self.modules,
                &prune::Seeds {
                    tokens: &solution.seeds,
                    globs: &solution.globs,
                    imports: &solution.imports_by_name,
                    use_modules: &solution.use_modules,
                    imports_from: &solution.imports_from,
                    droppable: &solution.droppable,
                    named: &solution.referenced,
                    bare: solution.bare_names.as_ref(),
                },
                &findings.ruling(),
                self.whole,
                self.scoped.get(),
            )
        };
        let mut chunks = String::new();
        let mut inlined = Vec::new();
        let mut inlined_modules = std::collections::BTreeSet::new();
        let mut needs_alloc = false;
        let mut kept_items = self.kept_items(trees, &kept)?;
        for (k, lib) in self.libraries.iter().enumerate() {
            let items = std::mem::take(&mut kept_items[k]);
            if items.is_empty() {
                continue;
            }
            needs_alloc |= self.uses_alloc[k];
            // A variant named like a binding (`a`) makes every binding of that name and
            // type an error: allowed wherever the library has such a variant.
            let mut lints = self.lints.borrow().clone();
            if has_lowercase_variant(&items) {
                lints.insert("bindings_with_variant_name".into());
            }
            let mut body = render::render(&lib.module, items, self.layout);
            if !lints.is_empty() {
                let names: Vec<&str> = lints.iter().map(String::as_str).collect();
                body = body.replacen(
                    render::ALLOW,
                    &format!("#[allow(warnings, clippy::all, {})]", names.join(", ")),
                    1,
                );
            }
            let notice: String = lib.notice.lines().map(|l| format!("// {l}\n")).collect();
            let chunk = format!("\n{notice}{body}");
            inlined.push(Inlined {
                module: lib.module.clone(),
                package: lib.package.clone(),
                bytes: chunk.len(),
            });
            inlined_modules.insert(lib.module.clone());
            chunks.push_str(&chunk);
        }
        let mut text = solution.text(&inlined_modules, &kept.dropped);
        text.push_str(&chunks);
        if needs_alloc {
            text.push_str(EXTERN_ALLOC);
        }
        Ok(Bundle {
            text,
            libraries: inlined,
        })
    }
}

/// What ends a bundle whose libraries use `alloc` (after the libraries' chunks: `unused`
/// reads the layout back).
const EXTERN_ALLOC: &str = "\nextern crate alloc;\n";

/// The bundle modules `main_rs` can reach: the crates it names and what they depend on,
/// transitively. Only these are read, migrated or have their build scripts run.
pub fn modules_reached(
    main_rs: &Path,
    deps: &BTreeMap<String, Dep>,
    libraries: &[Library],
    judge: &'static crate::judge::Profile,
) -> anyhow::Result<std::collections::BTreeSet<String>> {
    let solution = solution::prepare(main_rs, deps, judge.target_cfgs)?;
    Ok(reachable_modules(&solution.referenced, libraries))
}

/// The libraries' indices, each after the libraries it depends on (a cycle, which cargo
/// forbids, would be broken anywhere).
fn dependencies_first(libraries: &[Library]) -> Vec<usize> {
    fn visit(k: usize, libraries: &[Library], seen: &mut Vec<bool>, out: &mut Vec<usize>) {
        if seen[k] {
            return;
        }
        seen[k] = true;
        for dep in libraries[k].deps.values() {
            if let Dep::Module(m) = dep {
                if let Some(d) = libraries.iter().position(|l| &l.module == m) {
                    visit(d, libraries, seen, out);
                }
            }
        }
        out.push(k);
    }
    let mut seen = vec![false; libraries.len()];
    let mut out = Vec::new();
    for k in 0..libraries.len() {
        visit(k, libraries, &mut seen, &mut out);
    }
    out
}

/// The modules the solution names, and those their libraries depend on, transitively.
pub(crate) fn reachable_modules(
    named: &std::collections::BTreeSet<String>,
    libraries: &[Library],
) -> std::collections::BTreeSet<String> {
    let mut reachable = named.clone();
    let mut queue: Vec<String> = named.iter().cloned().collect();
    while let Some(m) = queue.pop() {
        let Some(lib) = libraries.iter().find(|l| l.module == m) else {
            continue;
        };
        for dep in lib.deps.values() {
            if let Dep::Module(d) = dep {
                if reachable.insert(d.clone()) {
                    queue.push(d.clone());
                }
            }
        }
    }
    reachable
}

/// rustc as an oracle on `best` (drafted from `trees` by `draft`), round after round, until
/// it finds nothing more unused or no smaller draft compiles. Each round tries steps from
/// the boldest to the safest: everything found; without methods (a method the compiler calls
/// unused may still be implemented by macro-made impls); without items whose name is
/// defined twice (the pruner cannot tell which one a mention means); macro arms only. A step
/// that broke a draft is not tried again.
/// `first`: what the compiler found in `best`, when it was already asked.
fn refine(
    best: Bundle,
    trees: Vec<Vec<syn::Item>>,
    first: Option<oracle::Findings>,
    modules: &[String],
    protected: &std::collections::BTreeSet<String>,
    draft: &impl Fn(&[Vec<syn::Item>], &oracle::Findings) -> anyhow::Result<Bundle>,
) -> anyhow::Result<(Bundle, Vec<Vec<syn::Item>>, oracle::Findings, bool)> {
    let accepted = (oracle::Findings::default(), first, false);
    refine_from(best, trees, accepted, modules, protected, draft)
}

/// `refine`, from findings already accepted (`best` drafted with them), what the compiler
/// found in `best` when it was already asked, and whether a smaller draft's mending may
/// need names (`consult_mending`). Also whether the bundle returned is known to compile
/// (not when `best` itself does not: it is returned as it is).
fn refine_from(
    mut best: Bundle,
    mut trees: Vec<Vec<syn::Item>>,
    (mut findings, first, need_names): (oracle::Findings, Option<oracle::Findings>, bool),
    modules: &[String],
    protected: &std::collections::BTreeSet<String>,
    draft: &impl Fn(&[Vec<syn::Item>], &oracle::Findings) -> anyhow::Result<Bundle>,
) -> anyhow::Result<(Bundle, Vec<Vec<syn::Item>>, oracle::Findings, bool)> {
    let unprotected = |found: &mut oracle::Findings| {
        found
            .dead
            .retain(|k| !protected.contains(oracle::key_name(k)));
    };
    let scratch = tempfile::tempdir().context("a scratch folder for the oracle's drafts")?;
    let debug = std::env::var_os("XTASK_PRUNE_DEBUG").is_some();
    let name_counts = name_counts(&trees);
    // A draft that does not compile is left for verification to report.
    let read = match first {
        Some(found) => Ok(found),
        None => oracle::consult(&best.text, modules, scratch.path()),
    };
    let mut found = match read {
        Ok(found) => found,
        Err(e) => {
            if debug {
                eprintln!("oracle: the first draft does not compile:\n{e}");
            }
            return Ok((best, trees, findings, false));
        }
    };
    unprotected(&mut found);
    let mut needed = Needed::default();
    let mut broken = [false; 4];
    for _round in 0..8 {
        if budget::cut("more rounds of the oracle") {
            break;
        }
        let mut accepted = None;
        for (step, step_broken) in broken.iter_mut().enumerate() {
            // Each step is up to `MENDS + 1` compiles of the draft (a 600 KB num template:
            // one round ran 117 s past a 30 s budget): the budget is asked before each.
            if *step_broken || budget::cut("more rounds of the oracle") {
                continue;
            }
            let candidate = findings.with(&step_findings(&found, step, &name_counts), true);
            if candidate.size() == findings.size() {
                continue;
            }
            // Arms the compiler saw unused go from the trees themselves, so that what they
            // alone mention no longer keeps anything.
            let mut candidate_trees = trees.clone();
            for (k, items) in candidate_trees.iter_mut().enumerate() {
                drop_dead_arms(items, &format!("#{k}"), &candidate.dead_arms);
            }
            // The check that the smaller draft compiles is also the next round's reading.
            let mut candidate = candidate;
            let asked = (candidate.dead.clone(), candidate.dead_members.clone());
            match consult_mending(
                &mut candidate_trees,
                &mut candidate,
                draft,
                modules,
                (scratch.path(), need_names),
            ) {
                Ok((next, mut next_found)) => {
                    needed.learn(&asked, &candidate);
                    unprotected(&mut next_found);
                    needed.spare(&mut next_found);
                    if next.text == best.text {
                        // Mended back to the draft it started from: this step finds
                        // nothing more.
                        *step_broken = true;
                        continue;
                    }
                    accepted = Some((candidate, candidate_trees, next, next_found));
                    break;
                }
                Err((e, text)) => {
                    *step_broken = true;
                    if debug {
                        show_broken_draft(step, &text, &e);
                    }
                }
            }
        }
        let Some((f, t, b, next_found)) = accepted else {
            break;
        };

        (findings, trees, best, found) = (f, t, b, next_found);
    }
    Ok((best, trees, findings, true))
}

/// Keys a smaller draft could not do without (`consult_mending` put them back): never
/// asked for again. Methods too: a member put back (`Float::powf`, which num-traits' `Pow`
/// impls call by path) was asked for again each round, its draft failing and mended to the
/// one before (ordered-float: 16 of 23 compiles, 7 s).
#[derive(Default)]
struct Needed {
    items: Keys,
    members: Keys,
}

/// Keys of library items (`#k::module::Name`), as the oracle's findings hold them.
type Keys = crate::fast_hash::HashSet<String>;

impl Needed {
    /// What was `asked` of a draft (items, members) and is not in the findings it was
    /// `mended` to.
    fn learn(&mut self, asked: &(Keys, Keys), mended: &oracle::Findings) {
        (self.items).extend(asked.0.difference(&mended.dead).cloned());
        (self.members).extend(asked.1.difference(&mended.dead_members).cloned());
    }

    /// `found` without what is needed.
    fn spare(&self, found: &mut oracle::Findings) {
        found.dead.retain(|k| !self.items.contains(k));
        found.dead_members.retain(|k| !self.members.contains(k));
    }
}

/// `XTASK_PRUNE_DEBUG`: a smaller draft that does not compile, kept for a look (the draft
/// the error's lines are in).
fn show_broken_draft(step: usize, text: &str, e: &anyhow::Error) {
    let kept = std::env::temp_dir().join(format!("xtask-draft-step{step}-{}.rs", text.len()));
    let _ = std::fs::write(&kept, text);
    eprintln!(
        "oracle: the smaller draft ({}) does not compile:\n{e}",
        kept.display()
    );
}

/// How many items of each name the libraries define (`step_findings`' step 2).
fn name_counts(trees: &[Vec<syn::Item>]) -> HashMap<String, usize> {
    let mut places = Vec::new();
    for items in trees {
        item_places(items, "crate", &mut places);
    }
    let mut counts: HashMap<String, usize> = HashMap::default();
    for (_, name) in places {
        *counts.entry(name).or_default() += 1;
    }
    counts
}

/// The attributes of an item of any kind that has them.
pub fn item_attrs_mut(item: &mut syn::Item) -> Option<&mut Vec<syn::Attribute>> {
    use syn::Item::*;
    Some(match item {
        Const(i) => &mut i.attrs,
        Enum(i) => &mut i.attrs,
        ExternCrate(i) => &mut i.attrs,
        Fn(i) => &mut i.attrs,
        ForeignMod(i) => &mut i.attrs,
        Impl(i) => &mut i.attrs,
        Macro(i) => &mut i.attrs,
        Mod(i) => &mut i.attrs,
        Static(i) => &mut i.attrs,
        Struct(i) => &mut i.attrs,
        Trait(i) => &mut i.attrs,
        TraitAlias(i) => &mut i.attrs,
        Type(i) => &mut i.attrs,
        Union(i) => &mut i.attrs,
        Use(i) => &mut i.attrs,
        _ => return None,
    })
}

/// The name an item defines (a `macro_rules!` its macro's; `use`, `impl`, macro calls and
/// foreign blocks none): the one function that names items, for every pass that asks.
pub(crate) fn item_name(item: &syn::Item) -> Option<String> {
    use syn::Item::*;
    Some(match item {
        Const(i) => i.ident.to_string(),
        Enum(i) => i.ident.to_string(),
        ExternCrate(i) => i.rename.as_ref().map_or(&i.ident, |(_, r)| r).to_string(),
        Fn(i) => i.sig.ident.to_string(),
        Macro(i) => i.ident.as_ref()?.to_string(),
        Mod(i) => i.ident.to_string(),
        Static(i) => i.ident.to_string(),
        Struct(i) => i.ident.to_string(),
        Trait(i) => i.ident.to_string(),
        TraitAlias(i) => i.ident.to_string(),
        Type(i) => i.ident.to_string(),
        Union(i) => i.ident.to_string(),
        _ => return None,
    })
}

/// What step `step` of a round takes of the compiler's `found`: everything; no members;
/// only items whose names the libraries define once (`name_counts`); only macro arms.
fn step_findings(
    found: &oracle::Findings,
    step: usize,
    name_counts: &HashMap<String, usize>,
) -> oracle::Findings {
    let mut more = found.clone();
    if step >= 1 {
        more.dead_members.clear();
    }
    if step >= 2 {
        more.dead
            .retain(|k| name_counts.get(oracle::key_name(k)).copied().unwrap_or(0) <= 1);
    }
    if step >= 3 {
        more.dead.clear();
    }
    more
}

/// How many times a smaller draft is mended at most: each brings back what the last one's
/// errors named, and what comes back may name more (a trait's member, then its import).
const MENDS: usize = 8;

/// Drafts `trees` with `findings` and asks the compiler what is dead. An import left
/// unresolved of a name the draft defines nowhere (its item taken out, the `use` of it
/// stayed: nalgebra's `use ..::storage::{ContiguousStorage, ContiguousStorageMut};`) names
/// nothing in any namespace, so it is dropped from the trees; an item of a name the draft
/// "cannot find" that the findings took out comes back (a function only an impl method
/// nobody calls calls, where the impl cannot lose the method: `log_gamma` in `impl Float
/// for f32`), a trait's member too; with `need_names`, such a name is also needed
/// (`prune::Ruling::needed`: kept with what it reaches, whatever the findings say); and
/// the draft is made again, a few times at most. Else the error, with the draft's text.
fn consult_mending(
    trees: &mut [Vec<syn::Item>],
    findings: &mut oracle::Findings,
    draft: &impl Fn(&[Vec<syn::Item>], &oracle::Findings) -> anyhow::Result<Bundle>,
    modules: &[String],
    (dir, need_names): (&Path, bool),
) -> Result<(Bundle, oracle::Findings), (anyhow::Error, String)> {
    let mut mends = 0;
    loop {
        let next = draft(trees, findings).map_err(|e| (e, String::new()))?;
        let e = match oracle::consult(&next.text, modules, dir) {
            Ok(found) => return Ok((next, found)),
            Err(e) => e,
        };
        if mends >= MENDS || budget::cut("more rounds of the oracle") {
            return Err((e, next.text));
        }
        let errors = format!("{e:#}");
        // An import of an item the findings took out is mended by the item, not by going
        // (typenum's `use crate::{Min, Minimum}`: dropped, then the items needed, and no
        // `use` left to name them by).
        let found_dead: crate::fast_hash::HashSet<&str> = (findings.dead.iter())
            .chain(&findings.dead_members)
            .map(|k| oracle::key_name(k))
            .collect();
        let (back, unresolved): (crate::fast_hash::HashSet<String>, _) =
            (dangling_imports(&next.text, &errors).into_iter())
                .partition(|p| found_dead.contains(oracle::key_name(p)));
        let dropped: usize = trees
            .iter_mut()
            .map(|items| drop_imports(items, &unresolved))
            .sum();
        let mut missing = missing_names(&errors);
        missing.extend(back.iter().map(|p| oracle::key_name(p).to_string()));
        if need_names {
            missing.extend(unfound_members(&errors));
        }
        // A trait's member too: `<f32 as Float>::powf` in num-traits' `Pow` impls, where
        // `Float::powf` was found never called.
        let restored = findings.put_back(&missing, true);
        // Put back or not, an item of a missing name may still be held out by the dead
        // names it holds (a supertrait): needed, it is kept with them, and what it reaches.
        let needed = if need_names {
            (missing.iter())
                .filter(|n| findings.needed.insert(n.to_string()))
                .count()
        } else {
            0
        };
        if dropped + restored + needed == 0 {
            return Err((e, next.text));
        }
        if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
            if std::env::var_os("XTASK_MEND_ERRORS").is_some() {
                eprintln!("{errors}");
            }
            eprintln!(
                "oracle: mended {dropped} imports {unresolved:?}, {restored} items back, {needed} names needed {missing:?}"
            );
        }
        mends += 1;
    }
}

/// Takes the `use` leaves whose whole path is one of `paths` (a glob's: its module's) out of
/// `items` (at any depth); how many.
fn drop_imports(items: &mut Vec<syn::Item>, paths: &crate::fast_hash::HashSet<String>) -> usize {
    fn keep(
        tree: &mut syn::UseTree,
        at: &mut Vec<String>,
        paths: &crate::fast_hash::HashSet<String>,
        dropped: &mut usize,
    ) -> bool {
        let leaf = |name: &syn::Ident, at: &[String]| {
            let mut path = at.to_vec();
            path.push(name.to_string());
            path.join("::")
        };
        let gone = match tree {
            syn::UseTree::Path(p) => {
                at.push(p.ident.to_string());
                let kept = keep(&mut p.tree, at, paths, dropped);
                at.pop();
                !kept
            }
            syn::UseTree::Name(n) => paths.contains(&leaf(&n.ident, at)),
            syn::UseTree::Rename(r) => paths.contains(&leaf(&r.ident, at)),
            // rustc names a glob's module: `crate::dep` for `use crate::dep::*;`.
            syn::UseTree::Glob(_) => paths.contains(&at.join("::")),
            syn::UseTree::Group(g) => {
                let items = std::mem::take(&mut g.items);
                g.items = items
                    .into_iter()
                    .filter_map(|mut t| keep(&mut t, at, paths, dropped).then_some(t))
                    .collect();
                return !g.items.is_empty();
            }
        };
        if gone && !matches!(tree, syn::UseTree::Path(_)) {
            *dropped += 1;
        }
        !gone
    }
    let mut dropped = 0;
    items.retain_mut(|item| match item {
        syn::Item::Use(u) => keep(&mut u.tree, &mut Vec::new(), paths, &mut dropped),
        syn::Item::Mod(m) => {
            if let Some((_, content)) = &mut m.content {
                dropped += drop_imports(content, paths);
            }
            true
        }
        _ => true,
    });
    dropped
}

fn drop_dead_arms(
    items: &mut [syn::Item],
    path: &str,
    dead: &crate::fast_hash::HashMap<String, crate::fast_hash::HashSet<String>>,
) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                let inner = format!("{path}::{}", m.ident);
                if let Some((_, content)) = &mut m.content {
                    drop_dead_arms(content, &inner, dead);
                }
            }
            syn::Item::Macro(m) => {
                if let Some(name) = &m.ident {
                    if let Some(arms) = dead.get(&format!("{path}::{name}")) {
                        m.mac.tokens = oracle::drop_arms(&m.mac.tokens, arms);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
