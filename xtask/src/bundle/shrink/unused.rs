//! The imports and macros no compiler uses, out of a finished bundle's libraries.
//!
//! The pruner keeps a `use` whose names are kept anywhere, so a library's modules keep the
//! imports of the code that went (`use core::hash;` in a module whose `Hash` impls were
//! taken out): 3-5 % of a large bundle (num-bigint's factorial, 1.9 KiB of 57.9). And a
//! macro that shares its name with a kept item stays with it (petgraph's `trait_template!`
//! makes a trait and a macro of one name: 2 KiB of its Dijkstra). rustc's own
//! `unused_imports` and `unused_macros` lints, forced past the libraries' `#[allow]`s, say
//! which; for an import its machine-applicable suggestion says which text goes (a leaf of a
//! group, or the whole item with its attributes), for a macro the line its definition takes
//! in the compact layout. Only what every compiler at hand finds unused goes (this machine's
//! and the judge's own when installed: a trait import that a newer std's inherent method
//! makes unused on one is needed on the other), only in the libraries (the solution's text
//! stays verbatim), and only when the result type-checks on each of them; else the bundle
//! stays as it was.

use crate::bundle::check::oracle;
use crate::bundle::check::warned::{unused, Edit, Unused};
use crate::bundle::Bundle;
use std::path::PathBuf;

/// The compilers whose lints are asked: this machine's (`RUSTC`, else `rustc`) and the
/// judge's own rustc when its toolchain is installed.
pub fn compilers(judge: &crate::judge::Profile) -> Vec<PathBuf> {
    // Only the judge's reads the installed crates it built (`externs`).
    if let Some(externs) = crate::bundle::check::externs::active() {
        return vec![externs.rustc];
    }
    std::iter::once(PathBuf::from(crate::judge::local_rustc()))
        .chain(crate::judge::judge_rustc_path(judge))
        .collect()
}

/// `bundle` without the imports and macros in its libraries that none of `compilers` uses;
/// the bundle as it was when a compiler cannot check it or the result does not type-check.
pub fn strip_unused(bundle: Bundle, compilers: &[PathBuf]) -> Bundle {
    let Some(regions) = library_regions(&bundle) else {
        return bundle;
    };
    let Ok(scratch) = tempfile::tempdir() else {
        return bundle;
    };
    let dirs: Vec<PathBuf> = (0..compilers.len())
        .map(|k| scratch.path().join(k.to_string()))
        .collect();
    if dirs.iter().any(|d| std::fs::create_dir_all(d).is_err()) {
        return bundle;
    }
    let lint = [
        "--force-warn",
        "unused_imports",
        "--force-warn",
        "unused_macros",
    ];
    crate::bundle::phase("unused: begin");
    let found = each_compiler(compilers, &dirs, &bundle.text, &lint);
    crate::bundle::phase("unused: linted");
    let Some(found) = found else {
        return bundle;
    };
    let Some(edits) = agreed(
        found.iter().map(|d| unused(d, &bundle.text)).collect(),
        regions.first().map_or(0, |r| r.0)..regions.last().map_or(0, |r| r.1),
    ) else {
        return bundle;
    };
    if edits.is_empty() {
        return bundle;
    }
    let text = apply(&bundle.text, &edits);
    let quiet = ["-A", "warnings"];
    let checked = each_compiler(compilers, &dirs, &text, &quiet);
    crate::bundle::phase("unused: checked");
    if checked.is_none() {
        if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
            eprintln!(
                "unused: without the unused imports and macros the bundle does not compile; kept"
            );
        }
        return bundle;
    }
    let libraries = bundle
        .libraries
        .iter()
        .zip(&regions)
        .map(|(lib, &(start, end))| {
            let (gone, added) = (edits.iter())
                .filter(|e| e.start >= start && e.end <= end)
                .fold((0, 0), |(g, a), e| (g + e.end - e.start, a + e.with.len()));
            crate::bundle::Inlined {
                bytes: lib.bytes + added - gone,
                ..lib.clone()
            }
        })
        .collect();
    if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
        eprintln!(
            "unused: {} imports and macros taken out, {} bytes",
            edits.len(),
            bundle.text.len() - text.len()
        );
    }
    Bundle { text, libraries }
}

/// Each library's bytes in the bundle's text, in order (`Drafter::draft`: the solution,
/// then one chunk per library, then maybe `extern crate alloc;`); `None` if the sizes do
/// not add up.
fn library_regions(bundle: &Bundle) -> Option<Vec<(usize, usize)>> {
    if bundle.libraries.is_empty() {
        return None;
    }
    let mut at = crate::bundle::emit::render::libraries_start(bundle)?;
    let mut regions = Vec::new();
    for lib in &bundle.libraries {
        regions.push((at, at + lib.bytes));
        at += lib.bytes;
    }
    Some(regions)
}

/// Type-checks `text` with each compiler at once (2 cores: the local and the judge's), each
/// in its own folder; every one's diagnostics, or `None` if any did not compile it.
fn each_compiler(
    compilers: &[PathBuf],
    dirs: &[PathBuf],
    text: &str,
    lints: &[&str],
) -> Option<Vec<Vec<serde_json::Value>>> {
    let externs = crate::bundle::check::externs::active();
    std::thread::scope(|s| {
        let runs: Vec<_> = compilers
            .iter()
            .zip(dirs)
            .map(|(rustc, dir)| {
                let externs = externs.clone();
                s.spawn(move || {
                    let _in_force = crate::bundle::check::externs::carry(externs);
                    oracle::check_with(rustc, text, dir, lints)
                })
            })
            .collect();
        runs.into_iter()
            .map(|run| match run.join() {
                Ok(Ok((true, diagnostics, _))) => Some(diagnostics),
                _ => None,
            })
            .collect()
    })
}

/// The first compiler's edits for the warnings whose every name each other compiler
/// finds unused too (their edits may differ: rustc 1.73 leaves a removed item's newline),
/// inside `within`, none overlapping another, by start; `None` when there were no
/// compilers.
fn agreed(each: Vec<Vec<Unused>>, within: std::ops::Range<usize>) -> Option<Vec<Edit>> {
    let mut each = each.into_iter();
    let first = each.next()?;
    let others: Vec<crate::fast_hash::HashSet<(usize, usize)>> = each
        .map(|w| w.into_iter().flat_map(|u| u.names).collect())
        .collect();
    let mut edits: Vec<Edit> = first
        .into_iter()
        .filter(|u| {
            let everywhere = |i: &(usize, usize)| others.iter().all(|o| o.contains(i));
            u.names.iter().all(everywhere)
        })
        .flat_map(|u| u.edits)
        .filter(|e| e.start >= within.start && e.end <= within.end)
        .collect();
    edits.sort();
    let mut out: Vec<Edit> = Vec::new();
    for e in edits {
        if out.last().is_none_or(|last| last.end <= e.start) {
            out.push(e);
        }
    }
    Some(out)
}

/// `text` with `edits` (by start, none overlapping) made.
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        out.push_str(&text[at..e.start]);
        out.push_str(&e.with);
        at = e.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bundle of the solution `main` and one library module `lib` as `Drafter::draft`
    /// lays them out.
    fn bundle_of(main: &str, lib: &str) -> Bundle {
        let chunk = format!("\n// lib 1.0\n{lib}");
        Bundle {
            text: format!("{main}{chunk}"),
            libraries: vec![crate::bundle::Inlined {
                module: "lib".into(),
                package: "lib 1.0".into(),
                bytes: chunk.len(),
            }],
        }
    }

    fn local() -> Vec<PathBuf> {
        compilers(&crate::judge::BOJ)[..1].to_vec()
    }

    #[test]
    fn imports_and_macros_no_code_uses_go_from_the_libraries_and_the_solutions_stay() {
        let main = "use std::fmt::Write as _;\nmacro_rules! mine { () => {} }\nuse lib::double;\nfn main() { println!(\"{}\", double(lib::two!())); }\n";
        let lib = "#[allow(unused_imports, dead_code, unused_macros)]\nmod lib {\nuse std::collections::HashMap;\nuse std::ops::{Add, Mul, Sub};\n#[allow(unused_imports)]use std::fmt;\nmacro_rules!Tr{($t:ty)=>{impl Tr for $t{}}}\npub trait Tr{}\nmacro_rules!two{()=>{2}}\npub(crate) use two;\npub fn double<T: Add<Output = T> + Copy>(x: T) -> T { x + x }\n}\n";
        let b = strip_unused(bundle_of(main, lib), &local());
        // `Tr`'s macro goes, its trait of the same name stays (the dead-code oracle's
        // business); `two!`, called through its `use`, stays; so do the solution's own unused
        // import and macro.
        let want = "#[allow(unused_imports, dead_code, unused_macros)]\nmod lib {\nuse std::ops::Add;\npub trait Tr{}\nmacro_rules!two{()=>{2}}\npub(crate) use two;\npub fn double<T: Add<Output = T> + Copy>(x: T) -> T { x + x }\n}\n";
        assert_eq!(b.text, format!("{main}\n// lib 1.0\n{want}"));
        assert_eq!(b.libraries[0].bytes, "\n// lib 1.0\n".len() + want.len());
    }

    #[test]
    fn an_import_unused_only_because_a_newer_std_shadows_its_trait_stays() {
        // rustc 1.84 gave `u64` an inherent `isqrt`, which wins over the trait's: a newer
        // compiler finds the trait's import unused, the judge's rustc 1.73 calls through it
        // (and the program prints another number on each). rustc suggests no edit for it, and
        // the judge's compiler, when installed, does not find it unused: it stays either way.
        let lib = "#[allow(unused_imports, dead_code)]\nmod lib {\npub mod roots { pub trait Isqrt { fn isqrt(self) -> Self; } impl Isqrt for u64 { fn isqrt(self) -> u64 { (self as f64).sqrt() as u64 } } }\npub mod use_it {\nuse super::roots::Isqrt;\npub fn root(x: u64) -> u64 { x.isqrt() }\n}\n}\n";
        let main = "fn main() { println!(\"{}\", lib::use_it::root(49)); }\n";
        let bundle = bundle_of(main, lib);
        let all = compilers(&crate::judge::BOJ);
        let lint = [
            "--force-warn",
            "unused_imports",
            "--force-warn",
            "unused_macros",
        ];
        let dir = tempfile::tempdir().unwrap();
        let (ok, found, _) = oracle::check_with(&all[0], &bundle.text, dir.path(), &lint).unwrap();
        assert!(ok);
        let warned = |d: &serde_json::Value| d["code"]["code"].as_str() == Some("unused_imports");
        assert_eq!(
            found.iter().filter(|d| warned(d)).count(),
            1,
            "this machine's rustc (1.84 or newer) finds the import unused"
        );
        assert_eq!(strip_unused(bundle_of(main, lib), &all).text, bundle.text);
        if let Some(judge) = all.get(1) {
            let (ok, found, _) =
                oracle::check_with(judge, &bundle.text, dir.path(), &lint).unwrap();
            assert!(
                ok && !found.iter().any(warned),
                "rustc 1.73 uses the import"
            );
        }
    }

    #[test]
    fn edits_agreed_are_the_first_compilers_for_names_every_compiler_finds_unused() {
        let e = |start, end| Edit {
            start,
            end,
            with: String::new(),
        };
        let u = |names: Vec<(usize, usize)>, edits| Unused { names, edits };
        let each = vec![
            vec![
                u(vec![(0, 5)], vec![e(0, 6)]),
                u(vec![(10, 12), (14, 16)], vec![e(10, 17)]),
                u(vec![(30, 35)], vec![e(30, 36)]),
                u(vec![(50, 55)], vec![e(50, 56)]),
            ],
            // Another compiler: its edits differ (no newline), one import of the group is
            // used, the last is not found at all.
            vec![
                u(vec![(30, 35)], vec![e(30, 35)]),
                u(vec![(0, 5)], vec![e(0, 5)]),
                u(vec![(10, 12)], vec![e(10, 13)]),
            ],
        ];
        assert_eq!(agreed(each.clone(), 0..100), Some(vec![e(0, 6), e(30, 36)]));
        assert_eq!(
            agreed(each, 3..100),
            Some(vec![e(30, 36)]),
            "only inside the libraries"
        );
        assert_eq!(agreed(Vec::new(), 0..1), None);
        assert_eq!(apply("0123456789", &[e(1, 3), e(5, 6)]), "0346789");
    }
}
