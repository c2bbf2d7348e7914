//! The bundler: one solution file plus the library code it needs, as ONE source file.
//!
//! The solution's text is kept verbatim except for paths into inlined libraries, which gain
//! a `crate::` prefix, and its `#[cfg(test)]` items, which the judge never compiles. Each
//! library becomes a module at the end of the file:
//! - its module files are inlined (`mod x;` becomes `mod x { ... }`);
//! - with pruning (our `common`), only the top-level modules the solution reaches, followed
//!   through `crate::`, `super::` and `self::` paths, are kept;
//! - `crate::` and `$crate::` gain the library's name, `#[macro_export]` macros become
//!   `pub(crate) use` re-exports at the library's root;
//! - `#[cfg(test)]` items, items behind disabled features, doc comments, ordinary comments
//!   (but the library's license header) and inner attributes are removed.
//!
//! Everything is parsed with syn and edited at spans; nothing is matched with regexes.

mod reach;
mod render;
mod scan;

use crate::edits::Edits;
use render::{squeeze_blank_lines, Renderer};
use scan::{collect, first_segments, is_cfg_off, item_attrs, parse, range};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A library to inline.
#[derive(Clone, Debug)]
pub struct Library {
    /// The name the solution uses (`common`, `proconio`).
    pub name: String,
    /// Its `src/lib.rs`.
    pub root: PathBuf,
    /// Keep only the top-level modules the solution reaches.
    pub prune: bool,
    /// Cargo features that are on (for `#[cfg(feature = "...")]`).
    pub features: Vec<String>,
    /// A comment placed above the module (license notice).
    pub notice: String,
}

/// A crate the solution may not use, and why.
#[derive(Clone, Debug)]
pub struct Forbidden {
    pub name: String,
    pub why: String,
}

/// The bundled file and what went into it.
pub struct Bundle {
    pub text: String,
    /// `library::module` for every module inlined, in order.
    pub modules: Vec<String>,
}

/// Proc-macro attributes that cannot work without their crate.
const PROC_MACRO_ATTRIBUTES: [(&str, &str); 2] = [
    (
        "fastout",
        "print through a `std::io::BufWriter` over a locked stdout instead",
    ),
    (
        "derive_readable",
        "read the fields one by one with `input!` instead",
    ),
];

/// Bundles `main_rs` with `libraries`, refusing `forbidden` crates and proc-macro attributes.
pub fn bundle(
    main_rs: &Path,
    libraries: &[Library],
    forbidden: &[Forbidden],
) -> Result<Bundle, String> {
    let (text, ast) = parse(main_rs)?;
    let refs = collect(&ast, &[]);
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    for (name, r) in &refs.attributes {
        if let Some((_, instead)) = PROC_MACRO_ATTRIBUTES.iter().find(|(a, _)| a == name) {
            return Err(format!(
                "{}:{}: `#[{name}]` is a proc-macro attribute and the judge has no crates; {instead}",
                main_rs.display(),
                line_of(r.start)
            ));
        }
    }
    for (segments, r) in &refs.paths {
        if let Some(f) = forbidden.iter().find(|f| f.name == segments[0]) {
            return Err(format!(
                "{}:{}: `{}` cannot be submitted: {}",
                main_rs.display(),
                line_of(r.start),
                segments.join("::"),
                f.why
            ));
        }
    }
    let mut edits = Edits::default();
    // The judge never compiles tests: drop them, as in the libraries.
    for item in &ast.items {
        if is_cfg_off(item_attrs(item), &[]) {
            edits.remove(range(item));
        }
    }
    let mut used: Vec<&Library> = Vec::new();
    for lib in libraries {
        let firsts = first_segments(&refs, &lib.name);
        if !firsts.is_empty() {
            used.push(lib);
        }
        for first in firsts {
            edits.insert(first.start, "crate::");
        }
    }
    let mut out = edits.apply(&text);
    let mut modules = Vec::new();
    for lib in used {
        let keep = if lib.prune {
            reach::kept_modules(lib, &refs)?
        } else {
            BTreeSet::new()
        };
        let mut renderer = Renderer {
            lib,
            keep: &keep,
            modules: Vec::new(),
            exported: Vec::new(),
        };
        let body = renderer.render(&lib.root, &[])?;
        modules.append(&mut renderer.modules);
        let exported = renderer.exported;
        out.push_str(&format!(
            "\n{}\n#[allow(dead_code, unused_imports, unused_macros, clippy::all)]\nmod {} {{\n{}\n{}\n}}\n",
            lib.notice.lines().map(|l| format!("// {l}")).collect::<Vec<_>>().join("\n"),
            lib.name,
            squeeze_blank_lines(body.trim()),
            exported.join("\n"),
        ));
    }
    Ok(Bundle { text: out, modules })
}
