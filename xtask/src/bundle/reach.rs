//! Which modules a library contributes: its module files, and the top-level modules the
//! solution reaches through `crate::`, `super::` and `self::` paths and exported macros.

use super::scan::{collect, is_cfg_off, parse, Collector, Refs};
use super::Library;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// The file behind `mod name;` declared in `file`.
pub(super) fn module_file(file: &Path, name: &str) -> Result<PathBuf, String> {
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let dir = if stem == "lib" || stem == "mod" || stem == "main" {
        file.parent().unwrap().to_path_buf()
    } else {
        file.parent().unwrap().join(stem)
    };
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    if flat.is_file() {
        Ok(flat)
    } else if nested.is_file() {
        Ok(nested)
    } else {
        Err(format!(
            "{}: cannot find the file of `mod {name};`",
            file.display()
        ))
    }
}

/// The top-level modules of a library that `paths` (found in the module at `at`, a path of
/// module names from the library root) refer to through `crate::`, `super::` or `self::`.
pub(super) fn reached_top_modules(
    paths: &[(Vec<String>, Range<usize>)],
    at: &[String],
    out: &mut BTreeSet<String>,
) {
    for (segments, _) in paths {
        let mut absolute: Vec<String> = at.to_vec();
        let mut rest = segments.as_slice();
        match rest.first().map(String::as_str) {
            Some("crate") => {
                absolute.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    absolute.pop();
                    rest = &rest[1..];
                }
            }
            _ => continue,
        }
        absolute.extend(rest.iter().cloned());
        if let Some(top) = absolute.first() {
            out.insert(top.clone());
        }
    }
}

/// All modules (with their files) below and including `file` at module path `at`.
pub(super) fn module_tree(
    file: &Path,
    at: Vec<String>,
    lib: &Library,
    out: &mut Vec<(Vec<String>, PathBuf)>,
) -> Result<(), String> {
    let (_, ast) = parse(file)?;
    out.push((at.clone(), file.to_path_buf()));
    for item in &ast.items {
        if let syn::Item::Mod(m) = item {
            if m.content.is_none() && !is_cfg_off(&m.attrs, &lib.features) {
                if m.attrs.iter().any(|a| a.path().is_ident("path")) {
                    return Err(format!(
                        "{}: `#[path]` on `mod {}` is not supported",
                        file.display(),
                        m.ident
                    ));
                }
                let mut child = at.clone();
                child.push(m.ident.to_string());
                module_tree(&module_file(file, &m.ident.to_string())?, child, lib, out)?;
            }
        }
    }
    Ok(())
}

/// For each `#[macro_export]` macro, the top-level module that defines it.
pub(super) fn macro_homes(
    tree: &[(Vec<String>, PathBuf)],
    lib: &Library,
) -> Result<HashMap<String, String>, String> {
    let mut homes = HashMap::new();
    for (at, file) in tree {
        let Some(top) = at.first() else { continue };
        let (_, ast) = parse(file)?;
        for name in collect(&ast, &lib.features).exported_macros {
            homes.insert(name, top.clone());
        }
    }
    Ok(homes)
}

/// The top-level modules of `lib` to keep: those the solution's paths (`main_refs`) reach,
/// then everything those modules and the library root's own items reach, until nothing new.
pub(super) fn kept_modules(lib: &Library, main_refs: &Refs) -> Result<BTreeSet<String>, String> {
    let mut keep = BTreeSet::new();
    let from_main: Vec<(Vec<String>, Range<usize>)> = main_refs
        .paths
        .iter()
        .filter(|(s, _)| s[0] == lib.name)
        .map(|(s, r)| {
            let mut rel = vec!["crate".to_string()];
            rel.extend(s[1..].iter().cloned());
            (rel, r.clone())
        })
        .collect();
    reached_top_modules(&from_main, &[], &mut keep);
    // The root's own items may refer to modules too (`pub use self::x::Y;`).
    let (_, root_ast) = parse(&lib.root)?;
    for item in root_ast
        .items
        .iter()
        .filter(|i| !matches!(i, syn::Item::Mod(_)))
    {
        let mut refs = Refs::default();
        Collector {
            refs: &mut refs,
            features: &lib.features,
        }
        .visit_item(item);
        reached_top_modules(&refs.paths, &[], &mut keep);
    }
    let mut tree = Vec::new();
    module_tree(&lib.root, Vec::new(), lib, &mut tree)?;
    let homes = macro_homes(&tree, lib)?;
    let mut done: HashSet<String> = HashSet::new();
    loop {
        // `crate::name!` for a `#[macro_export]` macro reaches the module defining it.
        let via_macros: Vec<String> = keep.iter().filter_map(|k| homes.get(k).cloned()).collect();
        keep.extend(via_macros);
        let pending: Vec<String> = keep
            .iter()
            .filter(|m| !done.contains(*m))
            .cloned()
            .collect();
        if pending.is_empty() {
            return Ok(keep);
        }
        for top in pending {
            done.insert(top.clone());
            for (at, file) in tree.iter().filter(|(at, _)| at.first() == Some(&top)) {
                let (_, ast) = parse(file)?;
                reached_top_modules(&collect(&ast, &lib.features).paths, at, &mut keep);
            }
        }
    }
}
