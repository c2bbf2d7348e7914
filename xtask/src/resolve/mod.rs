//! The libraries a problem uses, as cargo resolves and builds them, readied for the judge:
//! - `crates`: the crate graph of one workspace member (features as cargo builds it alone),
//!   as the bundler's `Library` list;
//! - `build`: the member's release build, made once when a step needs it;
//! - `build_scripts`: each library's build script run for the judge's compiler and target;
//! - `migrate`: libraries of older editions brought to 2021;
//! - `registry`: the newest version of a crate that the judge's compiler builds.
//!
//! Everything here may run cargo or rustc; `bundle` never does.

pub mod build;
pub mod build_scripts;
pub mod crates;
pub mod installed;
pub mod migrate;
pub mod registry;

use build::{LazyBuild, Member};

/// Readies `member`'s libraries for `judge`: build scripts run for its compiler
/// (`build_scripts`), libraries of older editions migrated to 2021 (`migrate`). Returns the
/// notes to print.
/// Only the libraries of `modules` (those the solutions at hand can reach; all when `None`)
/// are readied: a contest template's `Cargo.toml` lists thirty crates, a solution uses two.
pub fn ready_for_judge(
    target: &std::path::Path,
    member: Member,
    libraries: &mut [crate::bundle::Library],
    modules: Option<&std::collections::BTreeSet<String>>,
    judge: &crate::judge::Profile,
) -> anyhow::Result<Vec<String>> {
    let wanted = |l: &crate::bundle::Library| modules.is_none_or(|m| m.contains(&l.module));
    let mut chosen: Vec<crate::bundle::Library> =
        libraries.iter().filter(|l| wanted(l)).cloned().collect();
    let mut build = LazyBuild::new(member);
    let mut notes = build_scripts::settle(target, &mut build, &mut chosen, judge)?;
    notes.extend(migrate::migrate_all(target, &mut build, &mut chosen)?);
    let mut readied = chosen.into_iter();
    for lib in libraries.iter_mut().filter(|l| wanted(l)) {
        *lib = readied.next().expect("one readied library for each chosen");
    }
    Ok(notes)
}
