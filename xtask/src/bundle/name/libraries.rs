//! The libraries a solution reaches, read dependencies first and named for the bundle.

use super::{paths, solution};
use crate::bundle::read::{expand, load};
use crate::bundle::{Dep, Library};
use crate::fast_hash::HashMap;
use std::collections::BTreeMap;
use std::path::Path;

/// The libraries read and their paths rewritten, one entry per library (empty for those
/// the solution cannot reach).
pub struct Read {
    pub trees: Vec<Vec<syn::Item>>,
    pub uses_alloc: Vec<bool>,
    pub refusals: Vec<Vec<String>>,
    /// Whether a library met a call `impls_too` decides: when none did, the two readings
    /// are one.
    pub impls_too_matters: bool,
}

/// Reads the `reachable` libraries, dependencies first, so each is read knowing the macros
/// its dependencies export; rewrites their paths for life as modules of the bundle.
pub fn read_libraries(
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
