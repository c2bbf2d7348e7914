//! The bundler: one solution file plus the library code it needs, as ONE source file.
//!
//! The solution's text is kept verbatim except for paths into inlined libraries, which gain
//! a `crate::` prefix, and its `#[cfg(test)]` items, which the judge never compiles. Each library becomes a module at the end of the file:
//! - its module files are inlined (`mod x;` becomes `mod x { ... }`);
//! - with pruning (our `common`), only the top-level modules the solution reaches, followed
//!   through `crate::`, `super::` and `self::` paths, are kept;
//! - `crate::` and `$crate::` gain the library's name, `#[macro_export]` macros become
//!   `pub(crate) use` re-exports at the library's root;
//! - `#[cfg(test)]` items, items behind disabled features, doc comments and inner attributes
//!   are removed.
//!
//! Everything is parsed with syn and edited at spans; nothing is matched with regexes.

use crate::edits::Edits;
use proc_macro2::{Spacing, TokenStream, TokenTree};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::Visit;

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

fn range(node: &impl Spanned) -> Range<usize> {
    node.span().byte_range()
}

fn is_cfg_off(attrs: &[syn::Attribute], features: &[String]) -> bool {
    attrs.iter().any(|a| {
        if !a.path().is_ident("cfg") {
            return false;
        }
        let Ok(meta) = a.parse_args::<syn::Meta>() else {
            return false;
        };
        match &meta {
            syn::Meta::Path(p) => p.is_ident("test"),
            syn::Meta::NameValue(nv) if nv.path.is_ident("feature") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => !features.contains(&s.value()),
                _ => false,
            },
            _ => false,
        }
    })
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item::*;
    match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        ExternCrate(i) => &i.attrs,
        Fn(i) => &i.attrs,
        ForeignMod(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        TraitAlias(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => &[],
    }
}

/// Every path of a `use` tree, flattened (`{a, b::c}` gives two), each with the byte
/// range of its first segment.
fn use_paths(
    tree: &syn::UseTree,
    prefix: &mut Vec<(String, Range<usize>)>,
    out: &mut Vec<(Vec<String>, Range<usize>)>,
) {
    let mut finish = |prefix: &[(String, Range<usize>)], last: String, r: Range<usize>| {
        let first = prefix.first().map_or(r, |(_, r)| r.clone());
        let mut segments: Vec<String> = prefix.iter().map(|(s, _)| s.clone()).collect();
        segments.push(last);
        out.push((segments, first));
    };
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push((p.ident.to_string(), range(&p.ident)));
            use_paths(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => finish(prefix, n.ident.to_string(), range(&n.ident)),
        syn::UseTree::Rename(r) => finish(prefix, r.ident.to_string(), range(&r.ident)),
        syn::UseTree::Glob(g) => finish(prefix, "*".into(), range(g)),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_paths(t, prefix, out);
            }
        }
    }
}

/// Paths as written in token streams (macro bodies and arguments): `a :: b :: c` runs,
/// with `$crate` read as `crate`. Returns (segments, byte range of the first segment).
fn token_paths(tokens: TokenStream, out: &mut Vec<(Vec<String>, Range<usize>)>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => {
                token_paths(g.stream(), out);
                i += 1;
            }
            TokenTree::Ident(id) => {
                let after_colons = i > 1
                    && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == ':')
                    && matches!(&trees[i - 2], TokenTree::Punct(p) if p.as_char() == ':');
                let mut segments = vec![id.to_string()];
                let first = id.span().byte_range();
                let mut j = i + 1;
                while let (
                    Some(TokenTree::Punct(a)),
                    Some(TokenTree::Punct(b)),
                    Some(TokenTree::Ident(next)),
                ) = (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                {
                    if a.as_char() != ':' || a.spacing() != Spacing::Joint || b.as_char() != ':' {
                        break;
                    }
                    segments.push(next.to_string());
                    j += 3;
                }
                if !after_colons && segments.len() > 1 {
                    out.push((segments, first));
                }
                i = j.max(i + 1);
            }
            _ => i += 1,
        }
    }
}

/// What a solution or module file refers to.
#[derive(Default)]
struct Refs {
    /// Paths from `use` trees, syn paths and macro tokens (`$crate` read as `crate`), with
    /// the byte range of their first segment.
    paths: Vec<(Vec<String>, Range<usize>)>,
    /// Attribute paths (last segment) outside removed items.
    attributes: Vec<(String, Range<usize>)>,
    /// Names of `#[macro_export]` macros defined here.
    exported_macros: Vec<String>,
}

struct Collector<'a> {
    refs: &'a mut Refs,
    features: &'a [String],
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !is_cfg_off(item_attrs(item), self.features) {
            syn::visit::visit_item(self, item);
        }
    }
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        use_paths(&u.tree, &mut Vec::new(), &mut self.refs.paths);
    }
    fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
        if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
            self.refs
                .exported_macros
                .extend(m.ident.as_ref().map(|i| i.to_string()));
        }
        syn::visit::visit_item_macro(self, m);
    }
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.refs
                .paths
                .push((segments, range(&path.segments[0].ident)));
        }
        syn::visit::visit_path(self, path);
    }
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        token_paths(mac.tokens.clone(), &mut self.refs.paths);
        syn::visit::visit_macro(self, mac);
    }
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if let Some(last) = attr.path().segments.last() {
            self.refs
                .attributes
                .push((last.ident.to_string(), range(attr)));
        }
    }
    fn visit_visibility(&mut self, vis: &'ast syn::Visibility) {
        // `pub(crate)` stays as it is; `pub(in crate::x)` is a path like any other.
        if let syn::Visibility::Restricted(r) = vis {
            if r.in_token.is_some() {
                self.visit_path(&r.path);
            }
        }
    }
}

/// The distinct byte ranges of path heads named `head` (a `use` group repeats its head for
/// each leaf).
fn first_segments(refs: &Refs, head: &str) -> Vec<Range<usize>> {
    let starts: BTreeSet<(usize, usize)> = refs
        .paths
        .iter()
        .filter(|(segments, _)| segments[0] == head)
        .map(|(_, r)| (r.start, r.end))
        .collect();
    starts.into_iter().map(|(start, end)| start..end).collect()
}

fn parse(path: &Path) -> Result<(String, syn::File), String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        format!("{}:{}:{}: {e}", path.display(), at.line, at.column + 1)
    })?;
    Ok((text, file))
}

fn collect(file: &syn::File, features: &[String]) -> Refs {
    let mut refs = Refs::default();
    Collector {
        refs: &mut refs,
        features,
    }
    .visit_file(file);
    refs
}

/// The file behind `mod name;` declared in `file`.
fn module_file(file: &Path, name: &str) -> Result<PathBuf, String> {
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
fn reached_top_modules(
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
fn module_tree(
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
fn macro_homes(
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

/// Renders `file` (module path `at` inside `lib`) with the bundling edits, inlining its
/// module files; `keep` says which top-level modules survive pruning.
fn render(
    file: &Path,
    at: &[String],
    lib: &Library,
    keep: &BTreeSet<String>,
    modules: &mut Vec<String>,
    exported: &mut Vec<String>,
) -> Result<String, String> {
    let (text, ast) = parse(file)?;
    let mut edits = Edits::default();
    for attr in &ast.attrs {
        edits.remove(range(attr)); // inner attributes and `//!` docs
    }
    render_items(
        &ast.items, file, at, lib, keep, modules, exported, &mut edits,
    )?;
    strip_comments(&text, at.is_empty(), &mut edits)?;
    // Paths into the library's root gain its name.
    let refs = collect(&ast, &lib.features);
    for first in first_segments(&refs, "crate") {
        edits.insert(first.end, format!("::{}", lib.name));
    }
    for (name, r) in &refs.attributes {
        if name == "doc" {
            edits.remove(r.clone());
        }
    }
    Ok(edits.apply(&text))
}

#[allow(clippy::too_many_arguments)]
fn render_items(
    items: &[syn::Item],
    file: &Path,
    at: &[String],
    lib: &Library,
    keep: &BTreeSet<String>,
    modules: &mut Vec<String>,
    exported: &mut Vec<String>,
    edits: &mut Edits,
) -> Result<(), String> {
    for item in items {
        let r = range(item);
        if is_cfg_off(item_attrs(item), &lib.features) {
            edits.remove(r);
            continue;
        }
        match item {
            syn::Item::Mod(m) => {
                let mut child = at.to_vec();
                child.push(m.ident.to_string());
                if at.is_empty() && lib.prune && !keep.contains(&m.ident.to_string()) {
                    edits.remove(r);
                    continue;
                }
                match &m.content {
                    None => {
                        modules.push(format!("{}::{}", lib.name, child.join("::")));
                        let inner = render(
                            &module_file(file, &m.ident.to_string())?,
                            &child,
                            lib,
                            keep,
                            modules,
                            exported,
                        )?;
                        let semi = range(&m.semi);
                        edits.replace(semi, format!(" {{\n{}\n}}", inner.trim_end()));
                    }
                    Some((_, content)) => {
                        render_items(content, file, &child, lib, keep, modules, exported, edits)?;
                    }
                }
            }
            syn::Item::Macro(m) => {
                if let Some(export) = m.attrs.iter().find(|a| a.path().is_ident("macro_export")) {
                    edits.remove(range(export));
                    if let Some(name) = &m.ident {
                        edits.insert(r.end, format!("\npub(crate) use {name};"));
                        if !at.is_empty() {
                            exported
                                .push(format!("pub(crate) use self::{}::{name};", at.join("::")));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

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
        let mut keep = BTreeSet::new();
        if lib.prune {
            let from_main: Vec<(Vec<String>, Range<usize>)> = refs
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
            // Follow references module by module until nothing new is reached.
            let mut tree = Vec::new();
            module_tree(&lib.root, Vec::new(), lib, &mut tree)?;
            let homes = macro_homes(&tree, lib)?;
            let mut done: HashSet<String> = HashSet::new();
            loop {
                // `crate::name!` for a `#[macro_export]` macro reaches the module defining it.
                let via_macros: Vec<String> =
                    keep.iter().filter_map(|k| homes.get(k).cloned()).collect();
                keep.extend(via_macros);
                let pending: Vec<String> = keep
                    .iter()
                    .filter(|m| !done.contains(*m))
                    .cloned()
                    .collect();
                if pending.is_empty() {
                    break;
                }
                for top in pending {
                    done.insert(top.clone());
                    for (at, file) in tree.iter().filter(|(at, _)| at.first() == Some(&top)) {
                        let (_, ast) = parse(file)?;
                        reached_top_modules(&collect(&ast, &lib.features).paths, at, &mut keep);
                    }
                }
            }
            // The root's own items may refer to modules too (`pub use self::x::Y;`).
            let (_, root_ast) = parse(&lib.root)?;
            let root_refs: Vec<_> = root_ast
                .items
                .iter()
                .filter(|i| !matches!(i, syn::Item::Mod(_)))
                .flat_map(|i| {
                    let mut r = Refs::default();
                    Collector {
                        refs: &mut r,
                        features: &lib.features,
                    }
                    .visit_item(i);
                    r.paths
                })
                .collect();
            reached_top_modules(&root_refs, &[], &mut keep);
        }
        let mut exported = Vec::new();
        let body = render(&lib.root, &[], lib, &keep, &mut modules, &mut exported)?;
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

/// Removes ordinary comments (`//`, `/* */`) from inlined code: the text between tokens that
/// is not white space. The token spans come from the Rust lexer, so comment markers inside
/// string literals are never touched. With `keep_header`, comments before the first token
/// (a license header) stay.
fn strip_comments(text: &str, keep_header: bool, edits: &mut Edits) -> Result<(), String> {
    fn spans(tokens: TokenStream, out: &mut Vec<Range<usize>>) {
        for tree in tokens {
            match tree {
                TokenTree::Group(g) => {
                    out.push(g.span_open().byte_range());
                    spans(g.stream(), out);
                    out.push(g.span_close().byte_range());
                }
                other => out.push(other.span().byte_range()),
            }
        }
    }
    let tokens: TokenStream = text.parse().map_err(|e| format!("lexing failed: {e:?}"))?;
    let mut ranges = Vec::new();
    spans(tokens, &mut ranges);
    ranges.sort_by_key(|r| r.start);
    let mut gap_start = match (keep_header, ranges.first()) {
        (true, Some(first)) => first.end,
        _ => 0,
    };
    let skip = usize::from(keep_header);
    for r in ranges
        .iter()
        .skip(skip)
        .map(|r| r.start..r.end)
        .chain(std::iter::once(text.len()..text.len()))
    {
        if r.start > gap_start {
            remove_comments_in_gap(text, gap_start..r.start, edits);
        }
        gap_start = gap_start.max(r.end);
    }
    Ok(())
}

/// Removes the comments in `gap`, text that holds only white space and comments, leaving
/// the line breaks.
fn remove_comments_in_gap(text: &str, gap: Range<usize>, edits: &mut Edits) {
    let bytes = text.as_bytes();
    let mut i = gap.start;
    while i + 1 < gap.end {
        if bytes[i] == b'/' && bytes[i + 1] == b'/' {
            let end = text[i..gap.end].find('\n').map_or(gap.end, |k| i + k);
            edits.remove(i..end);
            i = end;
        } else if bytes[i] == b'/' && bytes[i + 1] == b'*' {
            let end = text[i + 2..gap.end]
                .find("*/")
                .map_or(gap.end, |k| i + 2 + k + 2);
            edits.remove(i..end);
            i = end;
        } else {
            i += 1;
        }
    }
}

/// Collapses runs of blank lines left behind by removed items to one.
fn squeeze_blank_lines(text: &str) -> String {
    let mut out = String::new();
    let mut blank = false;
    for line in text.lines() {
        let is_blank = line.trim().is_empty();
        if !(is_blank && blank) {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        blank = is_blank;
    }
    out
}
