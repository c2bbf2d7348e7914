//! The bundler: one solution file plus the library code it reaches, as ONE source file.
//!
//! Every library crate the solution depends on (transitively, normal dependencies only)
//! becomes `mod <lib_name>` at the end of the file, with its license notice and version. A
//! solution flows through the stages in this order, each a folder that imports only the
//! vocabulary (`vocabulary`, and the clock every stage asks, `budget`) and the stages
//! before it:
//! 1. `read`: each crate's source as syntax trees, `#[cfg]` settled as the judge builds
//!    (the features Cargo resolved; `test`, `debug_assertions` off; Linux x86_64), item-making
//!    `macro_rules!` calls expanded, proc-macro attributes written out on the solution;
//! 2. `name`: paths rewritten for life as modules of the bundle (`crate::`, `$crate::`, a
//!    dependency's paths, `extern crate`), the solution prepared (verbatim but for the edits
//!    one file needs), the libraries it reaches read dependencies first;
//! 3. `prune`: only the library items the solution can reach by name are kept;
//! 4. `emit`: the kept items printed as modules (docs and the items' lint attributes out,
//!    `#[macro_export]` macros re-exported by path), a library the judge cannot take refused;
//! 5. `check`: a draft compiled, and what rustc says of it read (dead items, a debug
//!    build's instantiations, the errors of a draft that does not compile);
//! 6. `shrink`: on the compiler's word, trait impls that never run, bodies that never run,
//!    and imports no compiler uses taken out;
//! 7. `climb`: the ladder on top, which reads, drafts, checks and refines until a step's
//!    bundle is accepted, within the budget, and keeps a verified bundle for the next submit.
//!
//! The solution's text stays verbatim but for the edits in `name::solution`. Nothing is
//! matched with regexes: everything is parsed with syn.

pub mod budget;
mod check;
mod climb;
mod emit;
mod name;
mod prune;
mod read;
mod shrink;
mod vocabulary;

pub use check::externs;
pub(crate) use climb::readings::library_source_bytes;
pub use climb::readings::LARGE_SOURCE;
pub use climb::{ladder, reuse};
pub use name::libraries::modules_reached;
pub(crate) use name::libraries::reachable_modules;
pub use read::cfg::Cfg;
pub(crate) use read::syntax::{idents, item_name};
pub(crate) use vocabulary::phase;
pub use vocabulary::{Bundle, Dep, Inlined, Layout, Library, Options, Origin, Pruning, Scope};

use climb::readings::{kib, library_bytes, over_the_limit, pruned};
use shrink::{impls, unused};
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
    emit::refuse::refuse_what_is_reached(&pruned, libraries)?;
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

#[cfg(test)]
mod tests;
