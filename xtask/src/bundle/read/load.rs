//! A library crate read into one syntax tree: every `mod x;` replaced by its file's items,
//! `#[cfg]` settled as the judge builds, and what cannot work in one file noted.

use super::cfg::Cfg;
use super::expand::{Macros, Member};
use crate::bundle::{read::syntax::item_attrs_mut, Library};
use std::fs;
use std::path::{Path, PathBuf};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;

/// A library's items with every module file inlined.
#[derive(Clone)]
pub struct Loaded {
    pub items: Vec<syn::Item>,
    /// What cannot work in a single file (`include!`, `env!`), as `file:line: reason`; an
    /// error only if the library is used at all.
    pub refusals: Vec<String>,
    /// The macros it exports, for the crates that depend on it.
    pub exported: Macros,
    /// Whether it met a call that `impls_too` writes out and the reading as written leaves;
    /// when not, its two readings are one.
    pub impls_too_matters: bool,
}

/// `lib`, with the macros its dependencies export (by module) callable as
/// `dep::name!` and through `#[macro_use] extern crate dep;` / `use dep::name;`.
/// `impls_too`: calls that make only impls are written out too (`Macros::impls_too`).
///
/// A reading is kept for the rest of the process (`READINGS`, per thread), with what it read
/// of the file system: asked again with the same inputs, while every file it read has the
/// same text and every path it probed is still what it was, it is given again without
/// reading (the corpus's programs nearly all read proconio; a bundle reads each library up
/// to twice, `impls_too` or not).
pub fn load(
    lib: &Library,
    dependency_macros: &crate::fast_hash::HashMap<String, Macros>,
    target: crate::judge::TargetCfgs,
    impls_too: bool,
) -> anyhow::Result<Loaded> {
    let Some(key) = reading_key(lib, dependency_macros, target, impls_too) else {
        return load_afresh(lib, dependency_macros, target, impls_too);
    };
    let kept = READINGS.with(|r| {
        let r = r.borrow();
        let (probes, loaded) = r.get(&key)?;
        probes.iter().all(Probe::holds).then(|| loaded.clone())
    });
    if let Some(loaded) = kept {
        return Ok(loaded);
    }
    PROBES.with(|p| *p.borrow_mut() = Some(Vec::new()));
    let result = load_afresh(lib, dependency_macros, target, impls_too);
    let probes = PROBES.with(|p| p.borrow_mut().take()).unwrap_or_default();
    let mut loaded = result?;
    // A reading that met no call `impls_too` decides is the other reading too (the key
    // holds the same dependencies' readings).
    let other = (!loaded.impls_too_matters)
        .then(|| reading_key(lib, dependency_macros, target, !impls_too))
        .flatten();
    // The reading's own mark, not its key: a dependency read again (its files changed)
    // gives its dependents another key.
    static READINGS_MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = READINGS_MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    loaded.exported.origin = Some(format!("reading {n}"));
    READINGS.with(|r| {
        let mut r = r.borrow_mut();
        let bytes = |probes: &[Probe]| probes.iter().map(Probe::bytes).sum::<usize>();
        if r.values().map(|(p, _)| bytes(p)).sum::<usize>() > PARSED_TEXT_BYTES {
            r.clear();
        }
        if let Some(other) = other {
            r.insert(other, (probes.clone(), loaded.clone()));
        }
        r.insert(key, (probes, loaded.clone()));
    });
    Ok(loaded)
}

/// What decides a reading besides the files: the library (all `Library` holds), the target,
/// `impls_too`, and for each dependency the reading its macros came from. `None` when a
/// dependency's macros came from elsewhere (then nothing is kept).
fn reading_key(
    lib: &Library,
    dependency_macros: &crate::fast_hash::HashMap<String, Macros>,
    target: crate::judge::TargetCfgs,
    impls_too: bool,
) -> Option<String> {
    let mut key = format!("{lib:?}\n{target:?}\n{impls_too}");
    for (name, dep) in &lib.deps {
        if let crate::bundle::Dep::Module(module) = dep {
            let origin = match dependency_macros.get(module) {
                Some(m) => m.origin.as_deref()?,
                None => "-",
            };
            key.push_str(&format!("\n{name} {module} {origin}"));
        }
    }
    Some(key)
}

/// One thing a reading learned from the file system.
#[derive(Clone)]
enum Probe {
    /// A file's bytes (`None`: it could not be read).
    Read(PathBuf, Option<Vec<u8>>),
    /// Whether a path is a file.
    IsFile(PathBuf, bool),
}

impl Probe {
    /// Whether the file system still answers the same.
    fn holds(&self) -> bool {
        match self {
            Probe::Read(path, bytes) => fs::read(path).ok() == *bytes,
            Probe::IsFile(path, is) => path.is_file() == *is,
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Probe::Read(_, bytes) => bytes.as_ref().map_or(0, Vec::len),
            Probe::IsFile(..) => 0,
        }
    }
}

thread_local! {
    /// The readings made on this thread, by `reading_key`: what they probed, what they gave.
    static READINGS: std::cell::RefCell<crate::fast_hash::HashMap<String, (Vec<Probe>, Loaded)>> =
        Default::default();
    /// What the reading under way has probed (`None`: no reading is recording).
    static PROBES: std::cell::RefCell<Option<Vec<Probe>>> = const { std::cell::RefCell::new(None) };
    /// How many readings this thread made from the files (not kept ones).
    static READ_AFRESH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Notes the probe `make` gives for the reading under way, if one is recording (made only
/// then: a file's bytes are copied for it).
fn probed(make: impl FnOnce() -> Probe) {
    PROBES.with(|p| {
        if let Some(probes) = p.borrow_mut().as_mut() {
            probes.push(make());
        }
    });
}

/// `path` read, noted for the reading under way.
fn read_noted(path: &Path) -> std::io::Result<Vec<u8>> {
    let read = fs::read(path);
    probed(|| Probe::Read(path.to_path_buf(), read.as_ref().ok().cloned()));
    read
}

/// Whether `path` is a file, noted for the reading under way.
fn is_file_noted(path: &Path) -> bool {
    let is = path.is_file();
    probed(|| Probe::IsFile(path.to_path_buf(), is));
    is
}

/// `load`, always by reading.
fn load_afresh(
    lib: &Library,
    dependency_macros: &crate::fast_hash::HashMap<String, Macros>,
    target: crate::judge::TargetCfgs,
    impls_too: bool,
) -> anyhow::Result<Loaded> {
    READ_AFRESH.with(|n| n.set(n.get() + 1));
    let cfg = Cfg {
        target,
        features: &lib.features,
        cfgs: &lib.cfgs,
    };
    let dir = lib.root.parent().unwrap().to_path_buf();
    let mut refusals = Vec::new();
    let mut macros = Macros::default();
    macros.impls_too = impls_too;
    for (name, dep) in &lib.deps {
        if let crate::bundle::Dep::Module(module) = dep {
            if let Some(exported) = dependency_macros.get(module) {
                macros.add_dependency(name, exported);
            }
        }
    }
    let generated = with_named_paths(&lib.generated, &lib.env);
    let mut reader = Reader {
        cfg: &cfg,
        refusals: &mut refusals,
        macros: &mut macros,
        generated: &generated,
    };
    let (file, impls_too_matters) =
        super::expand::impls_too_mattered(|| reader.file(&lib.root, &dir));
    let mut items = file?.map(|f| f.items).unwrap_or_default();
    let mut env = EnvValues {
        values: build_env(lib),
        unknown: Vec::new(),
    };
    for item in &mut items {
        env.visit_item_mut(item);
    }
    for (name, key) in env.unknown {
        refusals.push(format!(
            "{}: `{name}!(\"{key}\")` reads a variable of the build's environment that neither cargo nor its build script sets, and the judge's plain rustc sets none",
            lib.package
        ));
    }
    Ok(Loaded {
        items,
        refusals,
        exported: macros.exported(),
        impls_too_matters,
    })
}

thread_local! {
    /// The files parsed on this thread, with their text: a bundle reads its libraries once
    /// as written and once with impl-only macro calls written out (`load`'s `impls_too`),
    /// and parsing is half of a reading (petgraph's dependencies: 160 of 300 ms); a copy of
    /// the tree is a fraction of that. Kept across bundles (the corpus's workers bundle a
    /// program after another, nearly all on proconio) up to `PARSED_TEXT_BYTES`. A tree's
    /// spans are this thread's (proc-macro2 keeps their source per thread), so the cache is
    /// one per thread.
    static PARSED: std::cell::RefCell<crate::fast_hash::HashMap<std::path::PathBuf, (String, syn::File)>> =
        Default::default();
}

/// The most text the cache of parsed files holds before it is emptied (libc, the largest
/// library a corpus program reaches, is about 4 MB of text).
const PARSED_TEXT_BYTES: usize = 32 << 20;

/// Empties the cache of parsed files when it holds more than `PARSED_TEXT_BYTES` of text
/// (at the start of each bundle).
pub fn bound_parsed() {
    bound_parsed_to(PARSED_TEXT_BYTES);
}

fn bound_parsed_to(limit: usize) {
    if parsed_bytes() > limit {
        PARSED.with(|p| p.borrow_mut().clear());
    }
}

/// The bytes of text the cache of parsed files holds.
fn parsed_bytes() -> usize {
    PARSED.with(|p| p.borrow().values().map(|(text, _)| text.len()).sum())
}

/// `path` parsed, from the cache when its text is the one parsed there.
fn parsed(path: &Path) -> anyhow::Result<syn::File> {
    let text = read_noted(path)
        .and_then(|b| String::from_utf8(b).map_err(std::io::Error::other))
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if let Some(file) = PARSED.with(|p| {
        p.borrow()
            .get(path)
            .filter(|(seen, _)| *seen == text)
            .map(|(_, file)| file.clone())
    }) {
        return Ok(file);
    }
    let file = syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        anyhow::anyhow!("{}:{}:{}: {e}", path.display(), at.line, at.column + 1)
    })?;
    PARSED.with(|p| {
        p.borrow_mut()
            .insert(path.to_path_buf(), (text, file.clone()))
    });
    Ok(file)
}

/// What reading a library's files needs and gathers.
struct Reader<'a> {
    cfg: &'a Cfg<'a>,
    refusals: &'a mut Vec<String>,
    macros: &'a mut Macros,
    /// The files its build script wrote to `OUT_DIR` (`Library::generated`).
    generated: &'a [(String, String)],
}

impl Reader<'_> {
    /// Parses `path`, settles its cfgs and inlines its module files (found under `dir`);
    /// `None` when the file's own `#![cfg(...)]` leaves its module out.
    fn file(&mut self, path: &Path, dir: &Path) -> anyhow::Result<Option<FileItems>> {
        let mut file = parsed(path)?;
        if !self.cfg.settle_attrs(&mut file.attrs) {
            return Ok(None);
        }
        let mut items = file.items;
        splice_generated(&mut items, self.generated);
        let mut in_bodies = SpliceInBodies {
            generated: self.generated,
        };
        for item in &mut items {
            in_bodies.visit_item_mut(item);
        }
        settle_items(&mut items, self.cfg);
        let mut rewriter = CfgRewriter { cfg: self.cfg };
        for item in &mut items {
            rewriter.visit_item_mut(item);
        }
        let mut includes = Includes {
            here: path.parent().unwrap_or(Path::new(".")),
            generated: self.generated,
        };
        for item in &mut items {
            includes.visit_item_mut(item);
        }
        let mut finder = Unbundleable {
            file: path,
            refusals: self.refusals,
        };
        for item in &items {
            finder.visit_item(item);
        }
        self.inline_modules(&mut items, path, dir, true)?;
        let macro_use = file
            .attrs
            .iter()
            .any(|a| matches!(a.style, syn::AttrStyle::Inner(_)) && a.path().is_ident("macro_use"));
        Ok(Some(FileItems { items, macro_use }))
    }
}

/// A source file's items, and whether it says `#![macro_use]`.
struct FileItems {
    items: Vec<syn::Item>,
    macro_use: bool,
}

/// Each item-level `include!(concat!(env!("OUT_DIR"), "/f.rs"))` (serde's `private.rs`)
/// replaced by the items of the file the build script wrote, at any depth of inline
/// modules. One that names no such file, or a file that does not parse, stays (and is
/// refused).
fn splice_generated(items: &mut Vec<syn::Item>, generated: &[(String, String)]) {
    if generated.is_empty() {
        return;
    }
    let mut index = 0;
    while index < items.len() {
        match &mut items[index] {
            syn::Item::Macro(m) if m.mac.path.is_ident("include") => {
                let made =
                    generated_file(&m.mac, generated).and_then(|text| syn::parse_file(text).ok());
                if let Some(file) = made {
                    // Read from here on, as if written in place (a file may include another).
                    items.splice(index..=index, file.items);
                    continue;
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &mut m.content {
                    splice_generated(content, generated);
                }
            }
            _ => {}
        }
        index += 1;
    }
}

/// The build script's files, and each again under `$K` for a variable `K` it sets
/// (`cargo:rustc-env`) to the file's path: typenum 1.11's `include!(env!("TYPENUM_BUILD_OP"))`.
fn with_named_paths(files: &[(String, String)], env: &[(String, String)]) -> Vec<(String, String)> {
    let mut out = files.to_vec();
    for (key, value) in env {
        let value = value.replace('\\', "/");
        let named = files
            .iter()
            .find(|(rel, _)| value == *rel || value.ends_with(&format!("/{rel}")));
        if let Some((_, text)) = named {
            out.push((format!("${key}"), text.clone()));
        }
    }
    out
}

/// `splice_generated` in the modules written inside function bodies (num-bigint 0.4.3's
/// `fn get_radix_base(..) { mod gen { include! { concat!(env!("OUT_DIR"), "/radix_bases.rs") } } .. }`).
struct SpliceInBodies<'a> {
    generated: &'a [(String, String)],
}

impl VisitMut for SpliceInBodies<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        for stmt in &mut block.stmts {
            if let syn::Stmt::Item(syn::Item::Mod(m)) = stmt {
                if let Some((_, content)) = &mut m.content {
                    splice_generated(content, self.generated);
                }
            }
        }
        syn::visit_mut::visit_block_mut(self, block);
    }
}

/// The text of the build script's file a macro's argument names as
/// `concat!(env!("OUT_DIR"), "/f.rs")`, or as `env!("K")` for a variable the script set to
/// its path, if it wrote one.
fn generated_file<'g>(mac: &syn::Macro, generated: &'g [(String, String)]) -> Option<&'g str> {
    let syn::Expr::Macro(concat) = mac.parse_body::<syn::Expr>().ok()? else {
        return None;
    };
    if concat.mac.path.is_ident("env") {
        let key: syn::LitStr = concat.mac.parse_body().ok()?;
        let named = format!("${}", key.value());
        return generated
            .iter()
            .find(|(p, _)| *p == named)
            .map(|(_, text)| text.as_str());
    }
    if !concat.mac.path.is_ident("concat") {
        return None;
    }
    let parts = concat
        .mac
        .parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
        .ok()?;
    let mut parts = parts.iter();
    let syn::Expr::Macro(env) = parts.next()? else {
        return None;
    };
    let key: syn::LitStr = env.mac.parse_body().ok()?;
    if !env.mac.path.is_ident("env") || key.value() != "OUT_DIR" {
        return None;
    }
    let mut rel = String::new();
    for part in parts {
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) = part
        else {
            return None;
        };
        rel.push_str(&s.value());
    }
    let rel = rel.trim_start_matches('/');
    generated
        .iter()
        .find(|(p, _)| p == rel)
        .map(|(_, text)| text.as_str())
}

/// Drops items whose `cfg` fails and settles the attributes of the rest, recursively
/// through inline modules, impls, traits and foreign blocks.
pub fn settle_items(items: &mut Vec<syn::Item>, cfg: &Cfg) {
    items.retain_mut(|item| {
        let Some(attrs) = item_attrs_mut(item) else {
            return true;
        };
        // `#[test]` compiles an item only for the crate's tests, as `#[cfg(test)]` does
        // (petgraph has `#[test] fn dfs()` beside its code).
        if !cfg.settle_attrs(attrs) || attrs.iter().any(|a| a.path().is_ident("test")) {
            return false;
        }
        match item {
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &mut m.content {
                    settle_items(content, cfg);
                }
            }
            syn::Item::Impl(i) => i.items.retain_mut(|it| match it {
                syn::ImplItem::Const(c) => cfg.settle_attrs(&mut c.attrs),
                syn::ImplItem::Fn(f) => cfg.settle_attrs(&mut f.attrs),
                syn::ImplItem::Type(t) => cfg.settle_attrs(&mut t.attrs),
                syn::ImplItem::Macro(m) => cfg.settle_attrs(&mut m.attrs),
                _ => true,
            }),
            syn::Item::Trait(t) => t.items.retain_mut(|it| match it {
                syn::TraitItem::Const(c) => cfg.settle_attrs(&mut c.attrs),
                syn::TraitItem::Fn(f) => cfg.settle_attrs(&mut f.attrs),
                syn::TraitItem::Type(t) => cfg.settle_attrs(&mut t.attrs),
                syn::TraitItem::Macro(m) => cfg.settle_attrs(&mut m.attrs),
                _ => true,
            }),
            _ => {}
        }
        true
    });
}

/// Writes every remaining cfg predicate (on fields, variants, statements, expressions, and
/// inside macro tokens) as `all()` or `any()`.
struct CfgRewriter<'a> {
    cfg: &'a Cfg<'a>,
}

impl VisitMut for CfgRewriter<'_> {
    // Statements, arms and fields the judge's build compiles out go before their names
    // are read: rand_core's `#[cfg(not(feature = "std"))] { getrandom::Error::from(..) }`
    // would otherwise keep all of getrandom.
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain_mut(|stmt| {
            let attrs = match stmt {
                syn::Stmt::Local(l) => Some(&mut l.attrs),
                syn::Stmt::Item(i) => item_attrs_mut(i),
                syn::Stmt::Expr(e, _) => expr_attrs_mut(e),
                syn::Stmt::Macro(m) => Some(&mut m.attrs),
            };
            attrs.is_none_or(|a| self.cfg.settle_attrs(a))
        });
        syn::visit_mut::visit_block_mut(self, block);
    }
    fn visit_expr_match_mut(&mut self, m: &mut syn::ExprMatch) {
        m.arms
            .retain_mut(|arm| self.cfg.settle_attrs(&mut arm.attrs));
        syn::visit_mut::visit_expr_match_mut(self, m);
    }
    fn visit_expr_struct_mut(&mut self, e: &mut syn::ExprStruct) {
        retain_compiled(&mut e.fields, self.cfg, |f| &mut f.attrs);
        syn::visit_mut::visit_expr_struct_mut(self, e);
    }
    fn visit_fields_named_mut(&mut self, f: &mut syn::FieldsNamed) {
        retain_compiled(&mut f.named, self.cfg, |f| &mut f.attrs);
        syn::visit_mut::visit_fields_named_mut(self, f);
    }
    fn visit_attribute_mut(&mut self, attr: &mut syn::Attribute) {
        if let syn::Meta::List(list) = &mut attr.meta {
            let name = list.path.get_ident().map(|i| i.to_string());
            if let Some(name @ ("cfg" | "cfg_attr")) = name.as_deref() {
                if let Some(tokens) = self.cfg.settle_group(name, list.tokens.clone()) {
                    list.tokens = tokens;
                }
            }
        }
    }
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        if mac.path.is_ident("cfg") {
            // `cfg!(predicate)`: the whole argument is the predicate.
            if let Some(tokens) = self.cfg.settle_group("cfg", mac.tokens.clone()) {
                mac.tokens = tokens;
                return;
            }
        }
        mac.tokens = self.cfg.rewrite_tokens(std::mem::take(&mut mac.tokens));
    }
}

/// Keeps the elements of a comma-separated list (fields) that the judge's build compiles.
fn retain_compiled<T, P>(
    list: &mut syn::punctuated::Punctuated<T, P>,
    cfg: &Cfg,
    attrs: impl Fn(&mut T) -> &mut Vec<syn::Attribute>,
) {
    let old = std::mem::take(list);
    for mut pair in old.into_pairs() {
        if cfg.settle_attrs(attrs(pair.value_mut())) {
            let (value, punct) = pair.into_tuple();
            list.push_value(value);
            if let Some(punct) = punct {
                list.push_punct(punct);
            }
        }
    }
}

/// The attributes of the expressions that carry `#[cfg]` as statements.
fn expr_attrs_mut(e: &mut syn::Expr) -> Option<&mut Vec<syn::Attribute>> {
    use syn::Expr::*;
    Some(match e {
        Assign(x) => &mut x.attrs,
        Block(x) => &mut x.attrs,
        Call(x) => &mut x.attrs,
        ForLoop(x) => &mut x.attrs,
        If(x) => &mut x.attrs,
        Let(x) => &mut x.attrs,
        Loop(x) => &mut x.attrs,
        Macro(x) => &mut x.attrs,
        Match(x) => &mut x.attrs,
        MethodCall(x) => &mut x.attrs,
        Path(x) => &mut x.attrs,
        Return(x) => &mut x.attrs,
        Struct(x) => &mut x.attrs,
        Unsafe(x) => &mut x.attrs,
        While(x) => &mut x.attrs,
        _ => return None,
    })
}

/// A library's `include_str!("f")` / `include_bytes!("f")` of a file it ships, replaced by
/// the literal of the file's bytes (read relative to the including file, as rustc does); a
/// doc attribute made of one (`#![doc = include_str!("../README.md")]`) goes, as all docs
/// go. What cannot be read this way is left for `Unbundleable` to refuse.
struct Includes<'a> {
    here: &'a Path,
    /// What the build script wrote to `OUT_DIR`: `include_str!(concat!(env!("OUT_DIR"),
    /// "/f"))` is read from there.
    generated: &'a [(String, String)],
}

impl Includes<'_> {
    fn literal(&self, mac: &syn::Macro) -> Option<syn::Lit> {
        let name = mac.path.segments.last()?.ident.to_string();
        if !matches!(name.as_str(), "include_str" | "include_bytes") {
            return None;
        }
        let bytes = match mac.parse_body::<syn::LitStr>() {
            Ok(file) => read_noted(&self.here.join(file.value())).ok()?,
            Err(_) => generated_file(mac, self.generated)?.as_bytes().to_vec(),
        };
        let span = proc_macro2::Span::call_site();
        Some(if name == "include_str" {
            syn::Lit::Str(syn::LitStr::new(&String::from_utf8(bytes).ok()?, span))
        } else {
            syn::Lit::ByteStr(syn::LitByteStr::new(&bytes, span))
        })
    }
}

impl VisitMut for Includes<'_> {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
        attrs.retain(|a| {
            !(a.path().is_ident("doc")
                && matches!(&a.meta, syn::Meta::NameValue(nv) if matches!(nv.value, syn::Expr::Macro(_))))
        });
        for a in attrs {
            self.visit_attribute_mut(a);
        }
    }

    // In a macro's tokens (a `macro_rules!` body, bitvec's `fmt!`), a doc attribute made of
    // an include (`#[doc = include_str!("../../doc/slice/format.md")]`) goes too.
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = without_doc_includes(std::mem::take(&mut mac.tokens));
        syn::visit_mut::visit_macro_mut(self, mac);
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Macro(m) = e {
            if let Some(lit) = self.literal(&m.mac) {
                *e = syn::Expr::Lit(syn::ExprLit {
                    attrs: std::mem::take(&mut m.attrs),
                    lit,
                });
                return;
            }
            // `include!` of a generated file in an expression: the expression it holds.
            if m.mac.path.is_ident("include") {
                let made = generated_file(&m.mac, self.generated)
                    .and_then(|text| syn::parse_str::<syn::Expr>(text).ok());
                if let Some(made) = made {
                    *e = syn::parse_quote!((#made));
                    syn::visit_mut::visit_expr_mut(self, e);
                    return;
                }
            }
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

/// What cargo gives a library's code through `env!`: its package's `CARGO_PKG_*` and
/// `CARGO_CRATE_NAME`, and what its build script sets (`cargo:rustc-env`).
fn build_env(lib: &Library) -> Vec<(String, String)> {
    let mut env = lib.env.clone();
    if let Some(o) = &lib.origin {
        let (core, pre) = o.version.split_once('-').unwrap_or((&o.version, ""));
        let mut parts = core.split('.').map(str::to_string);
        let mut add = |k: &str, v: String| env.push((k.to_string(), v));
        add("CARGO_PKG_NAME", o.name.clone());
        add("CARGO_PKG_VERSION", o.version.clone());
        add("CARGO_PKG_VERSION_MAJOR", parts.next().unwrap_or_default());
        add("CARGO_PKG_VERSION_MINOR", parts.next().unwrap_or_default());
        add("CARGO_PKG_VERSION_PATCH", parts.next().unwrap_or_default());
        add("CARGO_PKG_VERSION_PRE", pre.to_string());
        add("CARGO_CRATE_NAME", o.lib_name.clone());
        add(
            "CARGO_PKG_RUST_VERSION",
            o.rust_version.clone().unwrap_or_default(),
        );
    }
    env
}

/// `env!("K")` and `option_env!("K")` written out as literals of the values cargo would
/// give (`build_env`); an `option_env!` of any other variable is `None`, as in a build with
/// a clean environment; an `env!` of any other is noted for refusal.
struct EnvValues {
    values: Vec<(String, String)>,
    unknown: Vec<(String, String)>,
}

impl VisitMut for EnvValues {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Macro(m) = e {
            let name = m.mac.path.segments.last().map(|s| s.ident.to_string());
            if let Some(name @ ("env" | "option_env")) = name.as_deref() {
                if let Ok(key) = m.mac.parse_body::<syn::LitStr>() {
                    let value = self.values.iter().find(|(k, _)| *k == key.value());
                    let lit = value.map(|(_, v)| syn::LitStr::new(v, key.span()));
                    *e = match (name, lit) {
                        ("env", Some(lit)) => syn::parse_quote!(#lit),
                        ("env", None) => {
                            self.unknown.push((name.to_string(), key.value()));
                            return;
                        }
                        (_, Some(lit)) => syn::parse_quote!(::core::option::Option::Some(#lit)),
                        (_, None) => {
                            syn::parse_quote!(::core::option::Option::<&'static str>::None)
                        }
                    };
                    return;
                }
            }
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

/// `tokens` without the doc attributes (`#[doc = ...]`, `#![doc = ...]`) whose value calls
/// a macro (an include), groups entered.
fn without_doc_includes(tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    use proc_macro2::TokenTree;
    let is_doc_include = |g: &proc_macro2::Group| {
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        g.delimiter() == proc_macro2::Delimiter::Bracket
            && matches!(inner.first(), Some(TokenTree::Ident(i)) if i == "doc")
            && matches!(inner.get(1), Some(TokenTree::Punct(p)) if p.as_char() == '=')
            && inner
                .iter()
                .any(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == '!'))
    };
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    let mut k = 0;
    while k < tokens.len() {
        if matches!(&tokens[k], TokenTree::Punct(p) if p.as_char() == '#') {
            let bang = matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
            let at = k + 1 + usize::from(bang);
            if let Some(TokenTree::Group(g)) = tokens.get(at) {
                if is_doc_include(g) {
                    k = at + 1;
                    continue;
                }
            }
        }
        out.push(match &tokens[k] {
            TokenTree::Group(g) => {
                let mut inner =
                    proc_macro2::Group::new(g.delimiter(), without_doc_includes(g.stream()));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        k += 1;
    }
    out.into_iter().collect()
}

/// Notes the macros that read the build environment, which a single file cannot carry.
struct Unbundleable<'a> {
    file: &'a Path,
    refusals: &'a mut Vec<String>,
}

impl<'ast> Visit<'ast> for Unbundleable<'_> {
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let why = match name.as_str() {
            "include" | "include_str" | "include_bytes" => {
                "reads another file at compile time, and the judge compiles one file"
            }
            _ => return,
        };
        let line = syn::spanned::Spanned::span(mac).start().line;
        self.refusals
            .push(format!("{}:{line}: `{name}!` {why}", self.file.display()));
    }
}

impl Reader<'_> {
    /// Replaces each `mod x;` (not compiled out) with the items of its file, and each call
    /// of the crate's own macros that defines items with those items (see `expand`), in the
    /// order the compiler reads them, so a module a macro call declares is inlined like any
    /// other. `dir` is where the current module's child files live; `top` is false inside
    /// inline modules, where `#[path]` is relative to `dir`.
    fn inline_modules(
        &mut self,
        items: &mut Vec<syn::Item>,
        file: &Path,
        dir: &Path,
        top: bool,
    ) -> anyhow::Result<()> {
        // Modules whose file says `#![cfg(...)]` false, removed after the walk.
        let mut left_out = Vec::new();
        let mut index = 0;
        while index < items.len() {
            self.import_macros(&items[index]);
            match &mut items[index] {
                syn::Item::Macro(m) => {
                    self.macros.learn(m);
                    if let Some(mut made) = self.macros.expand_call(m) {
                        // An expansion may hold an `include!` of a generated file (serde's
                        // `crate_root!()`): spliced as `file` does for written ones.
                        splice_generated(&mut made, self.generated);
                        settle_items(&mut made, self.cfg);
                        let mut rewriter = CfgRewriter { cfg: self.cfg };
                        for item in &mut made {
                            rewriter.visit_item_mut(item);
                        }
                        // The items made are read from here on, as if written in place.
                        items.splice(index..=index, made);
                        continue;
                    }
                }
                syn::Item::Trait(t) => self.expand_trait(t),
                syn::Item::Impl(i) => self.expand_impl(i),
                syn::Item::Mod(m) => {
                    let kept = self.module(m, file, dir, top)?;
                    left_out.extend((!kept).then_some(index));
                }
                _ => {}
            }
            index += 1;
        }
        for index in left_out.into_iter().rev() {
            items.remove(index);
        }
        Ok(())
    }

    /// A dependency's macros brought in by name (`#[macro_use] extern crate dep;`,
    /// `use dep::name;`).
    fn import_macros(&mut self, item: &syn::Item) {
        match item {
            syn::Item::ExternCrate(e) if e.attrs.iter().any(|a| a.path().is_ident("macro_use")) => {
                self.macros.import(&e.ident.to_string(), None);
            }
            syn::Item::Use(u) => {
                if let syn::UseTree::Path(p) = &u.tree {
                    if let syn::UseTree::Name(n) = &*p.tree {
                        self.macros
                            .import(&p.ident.to_string(), Some(&n.ident.to_string()));
                    }
                }
            }
            _ => {}
        }
    }

    /// A trait whose body calls the crate's macros, with the items they make settled.
    fn expand_trait(&mut self, t: &mut syn::ItemTrait) {
        if self.macros.expand_trait_body(t) == 0 {
            return;
        }
        let mut rewriter = CfgRewriter { cfg: self.cfg };
        rewriter.visit_item_trait_mut(t);
        self.settle_members(&mut t.items);
    }

    /// An impl whose body calls the crate's macros, with the items they make settled (on
    /// the reading with impl-only calls written out: `Macros::expand_impl_body`).
    fn expand_impl(&mut self, i: &mut syn::ItemImpl) {
        if self.macros.expand_impl_body(i) == 0 {
            return;
        }
        let mut rewriter = CfgRewriter { cfg: self.cfg };
        rewriter.visit_item_impl_mut(i);
        self.settle_members(&mut i.items);
    }

    /// Members written out by a macro, each kept or left out by its `#[cfg]`s.
    fn settle_members<T: Member>(&self, items: &mut Vec<T>) {
        let cfg = self.cfg;
        items.retain_mut(|m| m.attrs_mut().is_none_or(|a| cfg.settle_attrs(a)));
    }

    /// Module `m`, its contents read (an inline module's children, or its file's items);
    /// false when its file's own `#![cfg(...)]` leaves it out.
    fn module(
        &mut self,
        m: &mut syn::ItemMod,
        file: &Path,
        dir: &Path,
        top: bool,
    ) -> anyhow::Result<bool> {
        // `mod r#ref;` lives in `ref.rs`.
        let name = syn::ext::IdentExt::unraw(&m.ident).to_string();
        let path_value = match m.attrs.iter().position(|a| a.path().is_ident("path")) {
            Some(k) => {
                let value = path_value(file, m, k)?;
                m.attrs.remove(k);
                Some(value)
            }
            None => None,
        };
        if let Some((_, content)) = &mut m.content {
            // `#[path]` on an inline module names the folder of its children.
            let inner = dir.join(path_value.as_deref().unwrap_or(&name));
            self.inline_modules(content, file, &inner, false)?;
            return Ok(true);
        }
        let child = match &path_value {
            // In a file's own items, relative to that file's folder; inside inline
            // modules, to the folder their names make (the Reference's rule for `#[path]`).
            Some(relative) if top => file.parent().unwrap().join(relative),
            Some(relative) => dir.join(relative),
            None => module_file(file, dir, &name, m)?,
        };
        let child_dir = if child.file_name().is_some_and(|n| n == "mod.rs") {
            child.parent().unwrap().to_path_buf()
        } else {
            child.with_extension("")
        };
        Ok(match self.file(&child, &child_dir)? {
            Some(content) => {
                // The file's own `#![macro_use]` (nalgebra 0.20's `geometry/op_macros.rs`)
                // is the module's `#[macro_use]`: its macros reach the modules after it.
                if content.macro_use && !m.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
                    m.attrs.push(syn::parse_quote!(#[macro_use]));
                }
                let content = content.items;
                m.content = Some((syn::token::Brace::default(), content));
                m.semi = None;
                true
            }
            None => false,
        })
    }
}

/// The file of `mod name;` written in `file`: `dir/name.rs` or `dir/name/mod.rs`.
fn module_file(file: &Path, dir: &Path, name: &str, m: &syn::ItemMod) -> anyhow::Result<PathBuf> {
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    if is_file_noted(&flat) {
        Ok(flat)
    } else if is_file_noted(&nested) {
        Ok(nested)
    } else {
        Err(anyhow::anyhow!(
            "{}:{}: cannot find the file of `mod {name};` ({} or {})",
            file.display(),
            syn::spanned::Spanned::span(&m.ident).start().line,
            flat.display(),
            nested.display()
        ))
    }
}

/// The string of the `#[path = "..."]` attribute at `k`.
fn path_value(file: &Path, m: &syn::ItemMod, k: usize) -> anyhow::Result<String> {
    if let syn::Meta::NameValue(nv) = &m.attrs[k].meta {
        if let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) = &nv.value
        {
            return Ok(s.value());
        }
    }
    Err(anyhow::anyhow!(
        "{}:{}: `#[path]` on `mod {}` is not a string",
        file.display(),
        syn::spanned::Spanned::span(&m.ident).start().line,
        m.ident
    ))
}

#[cfg(test)]
mod tests {
    use super::{bound_parsed_to, load, parsed, parsed_bytes, READ_AFRESH};
    use crate::bundle::{Dep, Library};

    /// A library of `lib.rs` and a module file, read twice: the second reading is the kept
    /// one while nothing changed; a changed module file, a module file moved from `m.rs` to
    /// `m/mod.rs`, a changed feature and a dependency whose macros changed are each read
    /// again, and give what a reading from the files gives (compared with a reading on a
    /// fresh thread, which keeps nothing); `impls_too`, which changes nothing in this
    /// library, is the same reading.
    #[test]
    fn a_kept_reading_is_given_again_only_while_its_files_and_inputs_are_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("lib/src");
        std::fs::create_dir_all(&src).unwrap();
        let dep_src = dir.path().join("dep/src");
        std::fs::create_dir_all(&dep_src).unwrap();
        std::fs::write(src.join("lib.rs"), "pub mod m;\ndep::seven!();\n").unwrap();
        std::fs::write(src.join("m.rs"), "pub fn first() {}\n").unwrap();
        std::fs::write(
            dep_src.join("lib.rs"),
            "#[macro_export]\nmacro_rules! seven { () => { pub fn seven() -> u32 { 7 } } }\n",
        )
        .unwrap();
        let dep = Library::new("dep", "dep 1.0.0", dep_src.join("lib.rs"), "2021");
        let mut lib = Library::new("lib", "lib 1.0.0", src.join("lib.rs"), "2021");
        lib.deps.insert("dep".into(), Dep::Module("dep".into()));
        let target = crate::judge::BOJ.target_cfgs;
        // The library read after its dependency, as `read_libraries` does: its text, and
        // how many readings came from the files.
        let read = |lib: &Library, dep: &Library, impls_too: bool| {
            let mut exported = crate::fast_hash::HashMap::default();
            let d = load(dep, &exported, target, impls_too).unwrap();
            exported.insert("dep".to_string(), d.exported);
            let before = READ_AFRESH.with(|n| n.get());
            let items = load(lib, &exported, target, impls_too).unwrap().items;
            let text = quote::quote!(#(#items)*).to_string();
            (text, READ_AFRESH.with(|n| n.get()) - before)
        };
        let fresh = |lib: &Library, dep: &Library, impls_too: bool| {
            let (lib, dep) = (lib.clone(), dep.clone());
            std::thread::spawn(move || read(&lib, &dep, impls_too).0)
                .join()
                .unwrap()
        };
        let (first, n) = read(&lib, &dep, false);
        assert_eq!(n, 1);
        assert!(first.contains("first") && first.contains('7'), "{first}");
        assert_eq!(read(&lib, &dep, false), (first.clone(), 0), "kept");
        std::fs::write(src.join("m.rs"), "pub fn second() {}\n").unwrap();
        let (changed, n) = read(&lib, &dep, false);
        assert_eq!((n, changed.clone()), (1, fresh(&lib, &dep, false)));
        assert!(changed.contains("second"), "{changed}");
        std::fs::create_dir(src.join("m")).unwrap();
        std::fs::rename(src.join("m.rs"), src.join("m/mod.rs")).unwrap();
        std::fs::write(src.join("m/mod.rs"), "pub fn third() {}\n").unwrap();
        let (moved, n) = read(&lib, &dep, false);
        assert_eq!((n, moved.clone()), (1, fresh(&lib, &dep, false)));
        assert!(moved.contains("third"), "{moved}");
        // No call here makes impls alone: the reading with `impls_too` is this one.
        assert_eq!(
            read(&lib, &dep, true),
            (fresh(&lib, &dep, true), 0),
            "impls_too reads nothing new here"
        );
        lib.features.push("extra".into());
        assert_eq!(read(&lib, &dep, false).1, 1, "a feature is another reading");
        std::fs::write(
            dep_src.join("lib.rs"),
            "#[macro_export]\nmacro_rules! seven { () => { pub fn seven() -> u32 { 8 } } }\n",
        )
        .unwrap();
        let (eight, n) = read(&lib, &dep, false);
        assert_eq!((n, eight.clone()), (1, fresh(&lib, &dep, false)));
        assert!(eight.contains('8') && !eight.contains('7'), "{eight}");
    }

    /// The cache of parsed files answers from the text it parsed, not from the path: a file
    /// rewritten between two readings is read again, and an unchanged one gives the same
    /// tree.
    #[test]
    fn a_file_rewritten_between_two_readings_is_parsed_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lib.rs");
        let names = |f: &syn::File| quote::quote!(#f).to_string();
        bound_parsed_to(0);
        std::fs::write(&path, "pub fn first() {}").unwrap();
        let once = parsed(&path).unwrap();
        assert_eq!(names(&parsed(&path).unwrap()), names(&once));
        std::fs::write(&path, "pub fn second() {}").unwrap();
        let again = parsed(&path).unwrap();
        assert!(names(&again).contains("second"), "{}", names(&again));
        assert!(!names(&again).contains("first"));
        std::fs::write(&path, "pub fn broken( {").unwrap();
        let error = parsed(&path).map(drop).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!("{}:1:", path.display())),
            "{error}"
        );
    }

    /// The cache is kept across bundles up to its bound, and emptied past it.
    #[test]
    fn the_cache_of_parsed_files_is_emptied_past_its_bound_and_kept_below_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lib.rs");
        let text = "pub fn kept() {}";
        std::fs::write(&path, text).unwrap();
        bound_parsed_to(0);
        assert_eq!(parsed_bytes(), 0);
        parsed(&path).unwrap();
        assert_eq!(parsed_bytes(), text.len());
        bound_parsed_to(text.len());
        assert_eq!(parsed_bytes(), text.len());
        bound_parsed_to(text.len() - 1);
        assert_eq!(parsed_bytes(), 0);
    }

    /// `impls_too` is a reading of its own exactly where it writes out something the reading
    /// as written leaves: a call making impls alone, or a call among an impl's members. Each
    /// library is read as written, then with `impls_too` on the same thread, and the second
    /// compared with a reading with `impls_too` on a fresh thread (which keeps nothing).
    #[test]
    fn impls_too_reads_again_exactly_where_a_call_makes_impls_alone_or_an_impls_members() {
        let rules = "macro_rules! imp { ($t:ty) => { impl Tr for $t {} }; }\n\
                     macro_rules! fns { () => { fn made(&self) {} }; }\n\
                     macro_rules! item { () => { pub fn item() {} }; }\n\
                     pub trait Tr {}\npub struct S;\n";
        let cases = [
            (
                "named items only",
                "item!();\nimpl S { fn own(&self) {} }\n",
                false,
            ),
            ("a call making impls alone", "imp!(u8);\n", true),
            (
                "a call among an impl's members",
                "impl S { fns!(); }\n",
                true,
            ),
            (
                "a call it cannot expand in an impl",
                "impl S { unknown!(); }\n",
                false,
            ),
        ];
        for (what, body, again) in cases {
            let dir = tempfile::tempdir().unwrap();
            let src = dir.path().join("src");
            std::fs::create_dir_all(&src).unwrap();
            std::fs::write(src.join("lib.rs"), format!("{rules}{body}")).unwrap();
            let lib = Library::new("lib", "lib 1.0.0", src.join("lib.rs"), "2021");
            let target = crate::judge::BOJ.target_cfgs;
            let read = |lib: &Library, impls_too: bool| {
                let none = crate::fast_hash::HashMap::default();
                let before = READ_AFRESH.with(|n| n.get());
                let items = load(lib, &none, target, impls_too).unwrap().items;
                let text = quote::quote!(#(#items)*).to_string();
                (text, READ_AFRESH.with(|n| n.get()) - before)
            };
            let (written, n) = read(&lib, false);
            assert_eq!(n, 1, "{what}");
            let (with_impls, n) = read(&lib, true);
            let fresh = {
                let lib = lib.clone();
                std::thread::spawn(move || read(&lib, true).0)
                    .join()
                    .unwrap()
            };
            assert_eq!(with_impls, fresh, "{what}");
            assert_eq!(n, usize::from(again), "{what}: read again");
            assert_eq!(
                with_impls != written,
                again,
                "{what}: {written}\n{with_impls}"
            );
        }
    }
}
