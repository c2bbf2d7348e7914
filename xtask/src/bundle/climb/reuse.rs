//! The libraries of the last verified bundle, kept for the next `submit` of the same
//! problem: after an edit that names no library item the solution did not name before (and
//! still names every one it did), the same library text serves the edited solution, and
//! the pruning's many compiles are not paid again.
//!
//! What a pruned bundle keeps of its libraries depends on the solution only through what it
//! names: its imports and the identifiers it writes that the libraries define. The
//! `Signature` is that, read against the kept text. A kept text is only a first candidate:
//! `verify` compiles it with every compiler and runs every case, as any draft, and
//! `stub_reached` says whether the edited solution now runs a function whose body the last
//! pruning replaced by a stub (`unrun`): such a candidate is refused, and bundling starts
//! anew.

use crate::bundle::emit::render::libraries_start;
use crate::bundle::{Bundle, Dep, Inlined};
use crate::fast_hash::HashSet;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The library part of a verified bundle, and what the solution it was made for named.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Kept {
    /// Everything after the solution's text: one chunk per library, maybe `extern crate
    /// alloc;`.
    pub library_text: String,
    /// Each library's module, package and bytes, in order.
    pub libraries: Vec<(String, String, usize)>,
    pub signature: Vec<String>,
    /// The solution's imports that went with nothing kept of them (`prune::Kept::dropped`).
    #[serde(default)]
    pub dropped: BTreeSet<String>,
}

/// What of the solution the pruned libraries depend on: the modules and names it imports,
/// and each identifier it writes that `library_text` holds.
fn signature(
    solution: &crate::bundle::name::solution::Solution,
    library_text: &str,
) -> Option<Vec<String>> {
    let tokens: proc_macro2::TokenStream = library_text.parse().ok()?;
    let mut defined = HashSet::default();
    crate::bundle::read::syntax::idents(tokens, &mut defined);
    let mut written = HashSet::default();
    crate::bundle::read::syntax::idents(solution.seeds.clone(), &mut written);
    let mut out = BTreeSet::new();
    for (kind, names) in [
        ("glob", &solution.globs),
        ("import", &solution.imports_by_name),
        ("module", &solution.use_modules),
        ("referenced", &solution.referenced),
    ] {
        out.extend(names.iter().map(|n| format!("{kind} {n}")));
    }
    out.extend(
        solution
            .imports_from
            .iter()
            .map(|(n, m)| format!("from {m} {n}")),
    );
    out.extend(
        written
            .into_iter()
            .filter(|w| defined.contains(w))
            .map(|w| format!("ident {w}")),
    );
    Some(out.into_iter().collect())
}

/// The library part of `bundle`, verified for the solution at `main_rs`, to keep; `None`
/// when it has no libraries or its layout is not the drafter's.
pub fn keep(
    bundle: &Bundle,
    main_rs: &Path,
    deps: &BTreeMap<String, Dep>,
    target: crate::judge::TargetCfgs,
) -> Option<Kept> {
    if bundle.libraries.is_empty() {
        return None;
    }
    let start = libraries_start(bundle)?;
    let solution = crate::bundle::name::solution::prepare(main_rs, deps, target).ok()?;
    let library_text = bundle.text[start..].to_string();
    let modules: BTreeSet<String> = bundle.libraries.iter().map(|l| l.module.clone()).collect();
    // The layout read back must be the drafter's: the solution's text, then the libraries.
    // The imports that went are those of its droppable names its text no longer writes.
    let mut written = HashSet::default();
    let solution_text: proc_macro2::TokenStream = bundle.text[..start].parse().ok()?;
    crate::bundle::read::syntax::idents(solution_text, &mut written);
    let dropped: BTreeSet<String> = (solution.droppable.iter())
        .filter(|n| !written.contains(*n))
        .cloned()
        .collect();
    if solution.text(&modules, &dropped) != bundle.text[..start] {
        return None;
    }
    Some(Kept {
        dropped,
        signature: signature(&solution, &library_text)?,
        libraries: bundle
            .libraries
            .iter()
            .map(|l| (l.module.clone(), l.package.clone(), l.bytes))
            .collect(),
        library_text,
    })
}

/// The solution at `main_rs` with the `kept` libraries, when it names what the one they
/// were verified for named; `None` otherwise.
pub fn rebundle(
    kept: &Kept,
    main_rs: &Path,
    deps: &BTreeMap<String, Dep>,
    target: crate::judge::TargetCfgs,
) -> anyhow::Result<Option<Bundle>> {
    let solution = crate::bundle::name::solution::prepare(main_rs, deps, target)?;
    if signature(&solution, &kept.library_text).as_ref() != Some(&kept.signature)
        || !kept.dropped.is_subset(&solution.droppable)
    {
        return Ok(None);
    }
    let modules: BTreeSet<String> = kept.libraries.iter().map(|l| l.0.clone()).collect();
    let mut text = solution.text(&modules, &kept.dropped);
    text.push_str(&kept.library_text);
    Ok(Some(Bundle {
        text,
        libraries: kept
            .libraries
            .iter()
            .map(|(module, package, bytes)| Inlined {
                module: module.clone(),
                package: package.clone(),
                bytes: *bytes,
            })
            .collect(),
    }))
}

/// The stub of a body that never ran (`unrun::stub_block`) as the compact layout writes it.
const STUB: &str = "{unreachable!()}";
/// The same stub, marked so that its message shows in the code generated for it.
const MARKED: &str = "{unreachable!(\"xtask: a stub reached\")}";

/// Whether the program `bundle` is generates the body of one of its libraries' stubs: a
/// debug build's code (no inlining, only what `main` reaches, as `mono` reads it) holds the
/// marked message exactly when a stubbed function is generated. Also `true` when that
/// cannot be told (the build fails).
pub fn stub_reached(bundle: &Bundle, dir: &Path) -> anyhow::Result<bool> {
    let Some(start) = libraries_start(bundle) else {
        return Ok(true);
    };
    let (solution, libraries) = bundle.text.split_at(start);
    if !libraries.contains(STUB) {
        return Ok(false);
    }
    let marked = format!("{solution}{}", libraries.replace(STUB, MARKED));
    match crate::bundle::check::mono::generated_code(&marked, dir)? {
        Some(ir) => Ok(ir.contains("xtask: a stub reached")),
        None => Ok(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::{bundle, Library, Options};

    /// A library of two functions and a solution using `f` at `dir`; returns the library,
    /// the solution's path and its dependencies.
    fn fixture(
        dir: &Path,
        main: &str,
    ) -> (Vec<Library>, std::path::PathBuf, BTreeMap<String, Dep>) {
        let src = dir.join("lib/src");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::write(
            src.join("lib.rs"),
            "pub fn f(x: u32) -> u32 { x + 1 }\npub fn g(x: u32) -> u32 { x * 1000 }\npub fn h() -> u32 { 7 }\n",
        )
        .unwrap();
        let lib = Library::new(
            "lib",
            "lib 0.1.0",
            src.join("lib.rs"),
            crate::judge::EDITION,
        );
        let main_rs = dir.join("main.rs");
        std::fs::write(&main_rs, main).unwrap();
        let deps = BTreeMap::from([("lib".to_string(), Dep::Module("lib".to_string()))]);
        (vec![lib], main_rs, deps)
    }

    fn target() -> crate::judge::TargetCfgs {
        crate::judge::BOJ.target_cfgs
    }

    #[test]
    fn an_edit_naming_the_same_library_items_gets_the_kept_libraries_and_one_naming_another_does_not(
    ) {
        let dir = tempfile::tempdir().unwrap();
        let (libs, main_rs, deps) =
            fixture(dir.path(), "fn main() { println!(\"{}\", lib::f(1)); }\n");
        let first = bundle(&main_rs, &deps, &libs, Options::default()).unwrap();
        assert!(!first.text.contains("x * 1000"), "g pruned: {}", first.text);
        let kept = keep(&first, &main_rs, &deps, target()).expect("a layout the drafter's");
        // Same names, another number and a new local: the kept libraries serve.
        std::fs::write(
            &main_rs,
            "fn main() { let y = 41; println!(\"{}\", lib::f(y)); }\n",
        )
        .unwrap();
        let again = rebundle(&kept, &main_rs, &deps, target()).unwrap().unwrap();
        assert!(
            again.text.starts_with("fn main() { let y = 41;"),
            "{}",
            again.text
        );
        assert!(again.text.ends_with(&kept.library_text));
        // A library function not named before: pruned anew.
        std::fs::write(&main_rs, "fn main() { println!(\"{}\", lib::g(1)); }\n").unwrap();
        assert!(rebundle(&kept, &main_rs, &deps, target())
            .unwrap()
            .is_none());
        // One no longer named: pruned anew too (the kept text would be larger than needed).
        std::fs::write(
            &main_rs,
            "fn main() { println!(\"1\"); let lib = 2; let _ = lib; }\n",
        )
        .unwrap();
        assert!(rebundle(&kept, &main_rs, &deps, target())
            .unwrap()
            .is_none());
    }

    /// A bundle of `solution` followed by one library chunk `chunk` of module `m`.
    fn two_part(solution: &str, chunk: &str) -> Bundle {
        Bundle {
            text: format!("{solution}{chunk}"),
            libraries: vec![Inlined {
                module: "m".into(),
                package: "m 0.1.0".into(),
                bytes: chunk.len(),
            }],
        }
    }

    #[test]
    fn a_stub_is_reached_exactly_when_the_program_generates_its_function() {
        let dir = tempfile::tempdir().unwrap();
        let chunk = "\nmod m{pub fn f()->u32{unreachable!()}pub fn g()->u32{2}}\n";
        // Named but never called: not generated.
        let named = two_part(
            "fn main() { let _ = m::f; println!(\"{}\", m::g()); }\n",
            chunk,
        );
        assert!(!stub_reached(&named, dir.path()).unwrap());
        let called = two_part(
            "fn main() { if std::env::args().count() > 9 { println!(\"{}\", m::f()); } }\n",
            chunk,
        );
        assert!(stub_reached(&called, dir.path()).unwrap());
        // A draft that does not compile cannot be told safe.
        let broken = two_part("fn main() { m::nothing(); }\n", chunk);
        assert!(stub_reached(&broken, dir.path()).unwrap());
        // The solution's own `unreachable!()` is no stub.
        let own = two_part(
            "fn main() { if std::env::args().count() > 9 {unreachable!()} println!(\"{}\", m::g()); }\n",
            chunk,
        );
        assert!(!stub_reached(&own, dir.path()).unwrap());
    }
}
