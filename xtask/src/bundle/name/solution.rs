//! The solution's own file, kept verbatim but for what the single file needs: paths into
//! libraries gain `crate::`, `extern crate` lines go, `#[cfg(test)]` items go (the judge
//! never compiles them), and proconio's `#[fastout]` and `#[derive_readable]` are written out
//! as proconio writes them (memoise's and easy-ext's attributes: their own modules).

use crate::bundle::read::scan::{collect, is_cfg_off, range, Refs};
use crate::bundle::read::syntax::{idents, item_attrs};
use crate::bundle::Dep;
use crate::edits::Edits;
use proc_macro2::TokenStream;
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// The solution after its edits, and every identifier it writes (the pruner's seeds).
pub struct Solution {
    source: String,
    edits: Edits,
    /// Each `use` item (at any depth) and `extern crate` of a dependency. Those that name
    /// only modules left out of the bundle go.
    imports: Vec<Import>,
    pub seeds: TokenStream,
    /// The libraries it glob-imports a path of (`use itertools::*;`).
    pub globs: BTreeSet<String>,
    /// The names it imports from libraries by name (`use itertools::Itertools;`).
    pub imports_by_name: BTreeSet<String>,
    /// The library modules its `use` paths go through (`proconio::marker` for `use
    /// proconio::marker::*;`, `num::integer` for `use num::integer::Roots;`): each is kept,
    /// even empty, so that the import still resolves when nothing in it is used.
    pub use_modules: BTreeSet<String>,
    /// Each name it imports by name, with the bundle module of the import's path.
    pub imports_from: BTreeSet<(String, String)>,
    /// The names imported by name that the solution writes nowhere else (the bound name's
    /// only mention is its import, for every import of that name): a template's unused
    /// imports. One the pruner keeps nothing of goes with its import (`dropped`).
    pub droppable: BTreeSet<String>,
    /// The bundle modules of the dependencies it names at all (in a path, a `use`, an
    /// `extern crate`): only these, and what they depend on, can be reached.
    pub referenced: BTreeSet<String>,
    /// The names a bare path of the solution (`rng`, `Foo` of `Foo::new`) can take from a
    /// library: those its `use` items and `extern crate`s bring in by name, at any depth,
    /// as written and as renamed, and the dependencies' own names. A glob of a library's
    /// module (`globs`) is the pruner's to follow; one of std's or of the solution's own
    /// modules brings in nothing more. `None` when a glob it cannot follow may bring in
    /// any name (`use r::*;` after `use rand as r;`).
    pub bare_names: Option<BTreeSet<String>>,
}

/// The solution at `main_rs`, whose dependencies are `deps`, for a judge on `target`.
pub fn prepare(
    main_rs: &Path,
    deps: &BTreeMap<String, Dep>,
    target: crate::judge::TargetCfgs,
) -> anyhow::Result<Solution> {
    // Its `#[cfg]`s as the judge builds it: no features (a binary crate's own), no cfgs.
    let cfg = crate::bundle::read::cfg::Cfg {
        target,
        features: &[],
        cfgs: &[],
    };
    // A solution over several files (`mod helper;`, `include_str!`) is made one text first.
    let (text, ast) = crate::bundle::read::files::read_solution(main_rs, &cfg)?;
    let at = |offset: usize| {
        format!(
            "{}:{}",
            main_rs.display(),
            text[..offset].matches('\n').count() + 1
        )
    };
    let mut edits = Edits::default();
    let mut live = Vec::new();
    for item in &ast.items {
        if is_cfg_off(item_attrs(item), &cfg) {
            edits.remove(range(item));
        } else {
            live.push(item.clone());
        }
    }
    let seeds = seed_tokens(live);
    let bare_names = bare_names(&ast, deps);
    let refs = collect(&ast, &cfg);
    // proconio installed on the judge (AtCoder): its attributes stay, with their imports.
    let proconio_installed = matches!(deps.get("proconio"), Some(Dep::Installed));
    if !proconio_installed {
        derive_readable(&ast, deps, &at, &mut edits)?;
    }
    let expanded = expand_attributes(&ast, &text, deps, &at, &mut edits)?;
    let heads = Heads {
        deps,
        expanded: &expanded,
        at: &at,
    };
    let mut referenced = BTreeSet::new();
    heads.extern_crates(&ast, &mut edits, &mut referenced)?;
    let named_at = heads.rewrite_paths(&refs, &mut edits)?;
    for item in &ast.items {
        if !is_cfg_off(item_attrs(item), &cfg) && !proconio_installed {
            fastout(item, &at, &mut edits)?;
        }
        unbind_crate_self(item, deps, &mut edits);
    }
    PubUses(&mut edits).visit_file(&ast);
    let globs = refs
        .paths
        .iter()
        .filter(|(segments, _)| segments.last().is_some_and(|l| l == "*"))
        .filter_map(|(segments, _)| match deps.get(&segments[0]) {
            Some(Dep::Module(m)) => Some(m.clone()),
            _ => None,
        })
        .collect();
    let mut imports = ImportFinder {
        deps,
        source: &text,
        found: Vec::new(),
        names: BTreeSet::new(),
        modules: BTreeSet::new(),
        from: BTreeSet::new(),
    };
    imports.visit_file(&ast);
    let droppable = droppable(&ast, &imports.found);
    referenced.extend(named_beyond_unused_imports(
        &named_at,
        &imports.found,
        &droppable,
    ));
    Ok(Solution {
        edits,
        imports: imports.found,
        droppable,
        seeds,
        globs,
        imports_by_name: imports.names,
        use_modules: imports.modules,
        imports_from: imports.from,
        referenced,
        bare_names,
        source: text,
    })
}

/// `Solution::bare_names` of the solution `ast`.
fn bare_names(ast: &syn::File, deps: &BTreeMap<String, Dep>) -> Option<BTreeSet<String>> {
    struct Names<'a> {
        deps: &'a BTreeMap<String, Dep>,
        modules: BTreeSet<String>,
        names: BTreeSet<String>,
        /// The heads of globs that are neither a dependency's nor std's.
        glob_heads: Vec<String>,
    }
    impl Names<'_> {
        fn tree(&mut self, tree: &syn::UseTree, head: Option<&str>, last: Option<&str>) {
            match tree {
                syn::UseTree::Path(p) => {
                    let name = p.ident.to_string();
                    let head = head.unwrap_or(&name);
                    self.tree(&p.tree, Some(head), Some(&name));
                }
                syn::UseTree::Name(n) => {
                    // `use a::b::{self};` brings in `b`.
                    match (n.ident == "self", last) {
                        (true, Some(last)) => self.names.insert(last.to_string()),
                        _ => self.names.insert(n.ident.to_string()),
                    };
                }
                syn::UseTree::Rename(r) => {
                    self.names.insert(r.ident.to_string());
                    self.names.insert(r.rename.to_string());
                }
                syn::UseTree::Glob(_) => {
                    let head = head.unwrap_or("self");
                    let std = matches!(head, "std" | "core" | "alloc");
                    let own = matches!(head, "self" | "super" | "crate");
                    if !std && !own && !self.deps.contains_key(head) {
                        self.glob_heads.push(head.to_string());
                    }
                }
                syn::UseTree::Group(g) => {
                    for t in &g.items {
                        self.tree(t, head, last);
                    }
                }
            }
        }
    }
    impl<'ast> Visit<'ast> for Names<'_> {
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            self.tree(&u.tree, None, None);
        }
        fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
            self.names.insert(e.ident.to_string());
            if let Some((_, rename)) = &e.rename {
                self.names.insert(rename.to_string());
            }
        }
        fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
            self.modules.insert(m.ident.to_string());
            syn::visit::visit_item_mod(self, m);
        }
    }
    let mut names = Names {
        deps,
        modules: BTreeSet::new(),
        names: deps.keys().cloned().collect(),
        glob_heads: Vec::new(),
    };
    names.visit_file(ast);
    // A glob of one of the solution's own modules (`use my_library::*;`) brings in what
    // that module's `use` items do, already counted.
    let modules = &names.modules;
    if names.glob_heads.iter().any(|h| !modules.contains(h)) {
        return None;
    }
    Some(names.names)
}

/// One `use` item or `extern crate` of a dependency.
struct Import {
    /// Its byte range.
    range: std::ops::Range<usize>,
    /// The bundle modules it names.
    modules: BTreeSet<String>,
    /// Its named leaves (none for an `extern crate`).
    leaves: Vec<Leaf>,
}

/// A named leaf of a `use` tree (`Usize1` of `marker::{Bytes, Usize1}`).
struct Leaf {
    /// The name it imports.
    name: String,
    /// The name it binds (`HashMap` of `FxHashMap as HashMap`).
    bound: String,
    /// Its text, with the comma after it when one follows: what goes with it.
    text: std::ops::Range<usize>,
}

/// The names the leaves of `imports` import whose every leaf binds a name the file mentions
/// only there.
fn droppable(ast: &syn::File, imports: &[Import]) -> BTreeSet<String> {
    let mut mentions = crate::fast_hash::HashMap::<String, usize>::default();
    count_idents(ast.to_token_stream(), &mut mentions);
    let once = |b: &String| b != "_" && mentions.get(b).copied() == Some(1);
    let leaves = || imports.iter().flat_map(|i| &i.leaves);
    let mut out: BTreeSet<String> = leaves()
        .filter(|l| once(&l.bound))
        .map(|l| l.name.clone())
        .collect();
    for l in leaves() {
        if !once(&l.bound) {
            out.remove(&l.name);
        }
    }
    out
}

/// The modules of `named_at` (each module and where a path names it) named somewhere other
/// than an unused import of lowercase names: an import whose every leaf is `droppable`
/// and lowercase (a template's `use nalgebra::min;`, `use libm::log2;`) is of functions,
/// macros or modules the solution never uses, never of a type or trait (whose methods a
/// solution calls without writing its name), so a library only such imports name is not
/// read, readied nor bundled, and the import goes with it (it names only modules left out).
/// An import that names such a library beside another kept one keeps both: it stays.
fn named_beyond_unused_imports(
    named_at: &[(String, usize)],
    imports: &[Import],
    droppable: &BTreeSet<String>,
) -> BTreeSet<String> {
    let unused = |i: &&Import| {
        !i.leaves.is_empty()
            && i.leaves.iter().all(|l| {
                droppable.contains(&l.name) && l.bound.starts_with(|c: char| c.is_ascii_lowercase())
            })
    };
    let unused: Vec<&Import> = imports.iter().filter(unused).collect();
    let mut named: BTreeSet<String> = (named_at.iter())
        .filter(|(_, at)| !unused.iter().any(|i| i.range.contains(at)))
        .map(|(m, _)| m.clone())
        .collect();
    loop {
        let before = named.len();
        for i in &unused {
            if i.modules.iter().any(|m| named.contains(m)) {
                named.extend(i.modules.iter().cloned());
            }
        }
        if named.len() == before {
            return named;
        }
    }
}

fn count_idents(tokens: TokenStream, out: &mut crate::fast_hash::HashMap<String, usize>) {
    for t in tokens {
        match t {
            proc_macro2::TokenTree::Ident(i) => *out.entry(i.to_string()).or_default() += 1,
            proc_macro2::TokenTree::Group(g) => count_idents(g.stream(), out),
            _ => {}
        }
    }
}

/// The memoise crate's attributes and easy-ext's `#[ext]` impls written out; the names of
/// those crates, whose paths then name nothing.
fn expand_attributes(
    ast: &syn::File,
    text: &str,
    deps: &BTreeMap<String, Dep>,
    at: &dyn Fn(usize) -> String,
    edits: &mut Edits,
) -> anyhow::Result<Vec<String>> {
    let memoise = crate::bundle::read::memoise::crate_names(deps);
    if !memoise.is_empty() {
        crate::bundle::read::memoise::expand(ast, text, &memoise, at, edits)?;
    }
    let easy_ext = crate::bundle::read::easy_ext::crate_names(deps);
    if !easy_ext.is_empty() {
        crate::bundle::read::easy_ext::expand(ast, &easy_ext, deps, at, edits)?;
    }
    Ok(memoise.into_iter().chain(easy_ext).collect())
}

/// `#[derive_readable]` (proconio's `derive` feature) written out in place, as proconio's
/// own expansion does it: each field's type becomes `<T as Readable>::Output`, and an impl
/// of `proconio::source::Readable` right after the struct reads the fields in order. Its
/// generic names (`__R`, `__S`, `__source`) cannot meet a field's type or name, where
/// proconio's `R`, `S` and `source` can (such a program does not build with proconio).
fn derive_readable(
    ast: &syn::File,
    deps: &BTreeMap<String, Dep>,
    at: &dyn Fn(usize) -> String,
    edits: &mut Edits,
) -> anyhow::Result<()> {
    #[derive(Default)]
    struct Finder<'ast> {
        structs: Vec<(&'ast syn::ItemStruct, &'ast syn::Attribute)>,
        misplaced: Option<usize>,
    }
    impl<'ast> Visit<'ast> for Finder<'ast> {
        fn visit_item(&mut self, item: &'ast syn::Item) {
            let attr = item_attrs(item).iter().find(|a| is_derive_readable(a));
            match (item, attr) {
                (syn::Item::Struct(s), Some(attr)) => self.structs.push((s, attr)),
                (_, Some(attr)) => {
                    self.misplaced.get_or_insert(range(attr).start);
                }
                _ => {}
            }
            syn::visit::visit_item(self, item);
        }
    }
    let mut finder = Finder::default();
    finder.visit_file(ast);
    if let Some(offset) = finder.misplaced {
        return Err(anyhow::anyhow!(
            "{}: `#[derive_readable]` goes on a struct (proconio refuses it elsewhere too)",
            at(offset)
        ));
    }
    let Some((first, _)) = finder.structs.first() else {
        return Ok(());
    };
    let Some(Dep::Module(proconio)) = deps.get("proconio") else {
        return Err(anyhow::anyhow!(
            "{}: `#[derive_readable]` implements proconio's `Readable`, but proconio is not a dependency of this crate",
            at(range(*first).start)
        ));
    };
    let readable = format!("crate::{proconio}::source::Readable");
    for (s, attr) in finder.structs {
        edits.remove(range(attr));
        let name = &s.ident;
        let mut reads = String::new();
        let mut fields = Vec::new();
        for (k, field) in s.fields.iter().enumerate() {
            let ty = in_bundle(&field.ty, deps);
            edits.replace(range(&field.ty), format!("<{ty} as {readable}>::Output"));
            let local = match &field.ident {
                Some(ident) => ident.to_string(),
                None => format!("field{k}"),
            };
            reads.push_str(&format!(
                "let {local} = <{ty} as {readable}>::read(__source); "
            ));
            fields.push(local);
        }
        let made = match &s.fields {
            syn::Fields::Named(_) => format!("{name} {{ {} }}", fields.join(", ")),
            syn::Fields::Unnamed(_) => format!("{name}({})", fields.join(", ")),
            syn::Fields::Unit => name.to_string(),
        };
        edits.insert(
            range(s).end,
            format!(
                "\nimpl {readable} for {name} {{ type Output = {name}; fn read<__R: ::std::io::BufRead, __S: crate::{proconio}::source::Source<__R>>(__source: &mut __S) -> {name} {{ {reads}{made} }} }}"
            ),
        );
    }
    Ok(())
}

fn is_derive_readable(attr: &syn::Attribute) -> bool {
    attr.path()
        .segments
        .last()
        .is_some_and(|s| s.ident == "derive_readable")
}

/// A type of the solution as the bundle writes it: a path whose head is a dependency
/// (`proconio::marker::Usize1`) goes through the dependency's module.
fn in_bundle(ty: &syn::Type, deps: &BTreeMap<String, Dep>) -> String {
    let mut ty = ty.clone();
    syn::visit_mut::VisitMut::visit_type_mut(
        &mut crate::bundle::read::scan::InBundle(deps),
        &mut ty,
    );
    ty.to_token_stream().to_string()
}

/// What the head of a path in the solution names: a dependency's bundle module, nothing
/// to rewrite, or a refusal (a proc-macro crate other than memoise and easy-ext).
struct Heads<'a> {
    deps: &'a BTreeMap<String, Dep>,
    /// The names of the proc-macro crates whose attributes are written out (memoise,
    /// easy-ext).
    expanded: &'a [String],
    /// `file:line` of a byte offset, for messages.
    at: &'a dyn Fn(usize) -> String,
}

impl Heads<'_> {
    fn module_of(&self, head: &str, start: usize) -> anyhow::Result<Option<String>> {
        match self.deps.get(head) {
            Some(Dep::Module(m)) => Ok(Some(m.clone())),
            Some(Dep::ProcMacro(_)) if self.expanded.iter().any(|m| m == head) => Ok(None),
            Some(Dep::Installed) => Ok(None),
            Some(Dep::ProcMacro(package)) => Err(anyhow::anyhow!(
                "{}: `{head}` is a proc-macro crate ({package}), which cannot be inlined: the judge compiles one file with no crates",
                (self.at)(start)
            )),
            None => Ok(None),
        }
    }

    /// Each path of `refs` that starts at a dependency rewritten to start at its bundle
    /// module (`crate::m`); each module named, with the byte offset of the path's head.
    fn rewrite_paths(
        &self,
        refs: &Refs,
        edits: &mut Edits,
    ) -> anyhow::Result<Vec<(String, usize)>> {
        let mut named_at = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for (segments, r) in &refs.paths {
            if !seen.insert((r.start, r.end)) {
                continue; // a `use` group repeats its head for each leaf
            }
            if let Some(m) = self.module_of(&segments[0], r.start)? {
                edits.replace(r.clone(), format!("crate::{m}"));
                named_at.push((m, r.start));
            }
        }
        for (head, r) in &refs.rooted {
            if let Some(m) = self.module_of(head, r.start)? {
                edits.replace(r.clone(), format!("crate::{m}"));
                named_at.push((m, r.start));
            }
        }
        Ok(named_at)
    }

    /// `extern crate dep;` is implied by the module; `#[macro_use]` becomes a glob import,
    /// `as alias` a `use` of the module.
    fn extern_crates(
        &self,
        ast: &syn::File,
        edits: &mut Edits,
        referenced: &mut BTreeSet<String>,
    ) -> anyhow::Result<()> {
        for item in &ast.items {
            let syn::Item::ExternCrate(e) = item else {
                continue;
            };
            let Some(m) = self.module_of(&e.ident.to_string(), range(item).start)? else {
                continue;
            };
            referenced.insert(m.clone());
            let macro_use = e.attrs.iter().any(|a| a.path().is_ident("macro_use"));
            let alias = e.rename.as_ref().map(|(_, r)| r.to_string());
            let mut replacement = String::new();
            if let Some(alias) = alias {
                replacement.push_str(&format!("use crate::{m} as {alias};"));
            }
            if macro_use {
                replacement.push_str(&format!("use crate::{m}::*;"));
            }
            edits.replace(range(item), replacement);
        }
        Ok(())
    }
}

/// Every `pub use` of the solution made `pub(crate) use`: the same in a binary crate, and
/// what can re-export a library's macro or re-export, which the bundle makes crate-wide
/// (`pub(crate) use`; `pub use` of it: E0364, E0365). maple8192's template keeps its imports in
/// `mod my_library { pub use proconio::input; pub use bstr::ByteSlice; .. }`.
struct PubUses<'a>(&'a mut Edits);

impl<'ast> Visit<'ast> for PubUses<'_> {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        if let syn::Visibility::Public(p) = &u.vis {
            self.0.replace(range(p), "pub(crate)");
        }
    }
}

/// `use dep::{self, Ext};` at the root names the crate's module, which the bundle already
/// has at its root under that name (E0255): the `self` binds nothing there.
fn unbind_crate_self(item: &syn::Item, deps: &BTreeMap<String, Dep>, edits: &mut Edits) {
    let syn::Item::Use(u) = item else {
        return;
    };
    let syn::UseTree::Path(p) = &u.tree else {
        return;
    };
    if let (Some(Dep::Module(_)), syn::UseTree::Group(g)) =
        (deps.get(&p.ident.to_string()), &*p.tree)
    {
        for t in &g.items {
            if let syn::UseTree::Name(n) = t {
                if n.ident == "self" {
                    edits.replace(range(&n.ident), "self as _".to_string());
                }
            }
        }
    }
}

impl Solution {
    /// The solution's text once `inlined` modules are known: an import (`use dep::*;`,
    /// `use dep::Trait;`, `extern crate dep;`) of a dependency the program never uses goes
    /// with the dependency, as templates import crates whether or not a solution needs them.
    ///
    /// An import leaf of a name in `dropped` (of `droppable`: the pruner kept nothing of
    /// it) goes too, and the whole `use` when each of its leaves goes.
    pub fn text(&self, inlined: &BTreeSet<String>, dropped: &BTreeSet<String>) -> String {
        // The removals first: they win over the rewrite of the same import.
        let mut edits = Edits::default();
        for import in &self.imports {
            let gone = |l: &&Leaf| dropped.contains(&l.name) && self.droppable.contains(&l.name);
            let leaves = &import.leaves;
            if import.modules.iter().all(|m| !inlined.contains(m))
                || (!leaves.is_empty() && leaves.iter().all(|l| gone(&l)))
            {
                edits.remove(import.range.clone());
            } else {
                for leaf in leaves.iter().filter(gone) {
                    edits.remove(leaf.text.clone());
                }
            }
        }
        edits.extend(self.edits.clone());
        edits.apply(&self.source)
    }
}

/// What the solution writes, for the pruner: its items without their `use` lines, plus the
/// imported names it then mentions (`Thing` of `use dep::Thing;` when `Thing` is written
/// again; `Thing` of `use dep::Thing as T;` when `T` is). An import alone reaches nothing,
/// so `use dep::*;` or `use dep::Trait;` of a crate the program never calls leaves it out;
/// a trait imported for its methods is reached by the method names.
fn seed_tokens(mut items: Vec<syn::Item>) -> TokenStream {
    let mut strip = StripUses::default();
    for item in &mut items {
        syn::visit_mut::VisitMut::visit_item_mut(&mut strip, item);
    }
    items.retain(|item| !strip.take(item));
    let mut seeds = TokenStream::new();
    for item in &items {
        item.to_tokens(&mut seeds);
    }
    let mut mentioned = crate::fast_hash::HashSet::default();
    idents(seeds.clone(), &mut mentioned);
    let mut extra = Vec::new();
    for tree in &strip.uses {
        imported_names(tree, &mut |original, local| {
            if mentioned.contains(local) {
                extra.push(original.clone());
            }
        });
    }
    seeds.extend(extra.into_iter().map(proc_macro2::TokenTree::Ident));
    seeds
}

/// Calls `f(original, local name)` for each named leaf of a `use` tree.
fn imported_names(tree: &syn::UseTree, f: &mut dyn FnMut(&proc_macro2::Ident, &str)) {
    match tree {
        syn::UseTree::Path(p) => imported_names(&p.tree, f),
        syn::UseTree::Name(n) => f(&n.ident, &n.ident.to_string()),
        syn::UseTree::Rename(r) => f(&r.ident, &r.rename.to_string()),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| imported_names(t, f)),
        syn::UseTree::Glob(_) => {}
    }
}

/// Each named leaf of a `use` tree, its text with the comma after it when one follows
/// (`Usize1` of `{Bytes, Usize1}`, `Bytes, ` of `{Bytes, Usize1}`).
fn leaves(tree: &syn::UseTree, source: &str, out: &mut Vec<Leaf>) {
    let mut push =
        |ident: &proc_macro2::Ident, bound: &proc_macro2::Ident, r: std::ops::Range<usize>| {
            let rest = &source[r.end.min(source.len())..];
            let end = match rest.trim_start().strip_prefix(',') {
                Some(after) => source.len() - after.trim_start().len(),
                None => r.end,
            };
            out.push(Leaf {
                name: ident.to_string(),
                bound: bound.to_string(),
                text: r.start..end,
            });
        };
    match tree {
        syn::UseTree::Path(p) => leaves(&p.tree, source, out),
        syn::UseTree::Name(n) => push(&n.ident, &n.ident, range(n)),
        syn::UseTree::Rename(r) => push(&r.ident, &r.rename, range(r)),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| leaves(t, source, out)),
        syn::UseTree::Glob(_) => {}
    }
}

/// Takes the `use` items out of blocks and inline modules, keeping their trees.
#[derive(Default)]
struct StripUses {
    uses: Vec<syn::UseTree>,
}

impl StripUses {
    /// Whether `item` is a `use` (its tree kept), that is, whether it goes.
    fn take(&mut self, item: &syn::Item) -> bool {
        match item {
            syn::Item::Use(u) => {
                self.uses.push(u.tree.clone());
                true
            }
            _ => false,
        }
    }
}

impl syn::visit_mut::VisitMut for StripUses {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block
            .stmts
            .retain(|stmt| !matches!(stmt, syn::Stmt::Item(item) if self.take(item)));
        syn::visit_mut::visit_block_mut(self, block);
    }
    fn visit_item_mod_mut(&mut self, m: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut m.content {
            items.retain(|item| !self.take(item));
        }
        syn::visit_mut::visit_item_mod_mut(self, m);
    }
}

/// Finds the imports of dependencies, at any depth (a `use` inside `main` too).
struct ImportFinder<'a> {
    deps: &'a BTreeMap<String, Dep>,
    source: &'a str,
    found: Vec<Import>,
    names: BTreeSet<String>,
    modules: BTreeSet<String>,
    from: BTreeSet<(String, String)>,
}

impl ImportFinder<'_> {
    /// Every path prefix of `tree`'s leaves that may be a module (`m::a`, `m::a::b` for
    /// `use dep::a::b::{C, *}`), the dependency's name replaced by its bundle module.
    fn module_paths(&mut self, tree: &syn::UseTree, at: &mut Vec<String>) {
        match tree {
            syn::UseTree::Path(p) => {
                let segment = if at.is_empty() {
                    match self.module(&p.ident.to_string()) {
                        Some(m) => m,
                        None => return,
                    }
                } else {
                    p.ident.to_string()
                };
                at.push(segment);
                if at.len() > 1 {
                    self.modules.insert(at.join("::"));
                }
                self.module_paths(&p.tree, at);
                at.pop();
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.module_paths(t, at);
                }
            }
            syn::UseTree::Name(_) | syn::UseTree::Rename(_) | syn::UseTree::Glob(_) => {}
        }
    }

    fn module(&self, head: &str) -> Option<String> {
        match self.deps.get(head) {
            Some(Dep::Module(m)) => Some(m.clone()),
            _ => None,
        }
    }

    /// The modules the leaves of `tree` start in; `None` when a leaf is not a dependency's
    /// (a local module, std), so that the import is kept whatever is inlined.
    fn heads(&self, tree: &syn::UseTree, out: &mut BTreeSet<String>) -> Option<()> {
        match tree {
            syn::UseTree::Path(p) => out.insert(self.module(&p.ident.to_string())?),
            syn::UseTree::Name(n) => out.insert(self.module(&n.ident.to_string())?),
            syn::UseTree::Rename(r) => out.insert(self.module(&r.ident.to_string())?),
            syn::UseTree::Glob(_) => return None,
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.heads(t, out)?;
                }
                true
            }
        };
        Some(())
    }
}

impl<'ast> Visit<'ast> for ImportFinder<'_> {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut modules = BTreeSet::new();
        if self.heads(&u.tree, &mut modules).is_some() && !modules.is_empty() {
            self.module_paths(&u.tree, &mut Vec::new());
            // A `use` whose leaves start in several crates is taken to import from each.
            let mut named = Vec::new();
            leaves(&u.tree, self.source, &mut named);
            for leaf in &named {
                self.names.insert(leaf.name.clone());
                for m in &modules {
                    self.from.insert((m.clone(), leaf.name.clone()));
                }
            }
            self.found.push(Import {
                range: range(u),
                modules,
                leaves: named,
            });
        }
    }
    fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
        if let Some(m) = self.module(&e.ident.to_string()) {
            self.found.push(Import {
                range: range(e),
                modules: BTreeSet::from([m]),
                leaves: Vec::new(),
            });
        }
    }
}

/// The lines `#[fastout]` puts around a function body: print!/println! write to one locked
/// `BufWriter` over stdout, flushed when the body returns (by `return`, `?` or its end).
const FASTOUT_OPEN: &str = "
    let __fastout_stdout = ::std::io::stdout();
    let mut __fastout_out = ::std::io::BufWriter::new(__fastout_stdout.lock());
    #[allow(unused_macros)]
    macro_rules! print {
        ($($t:tt)*) => {
            <::std::io::BufWriter<::std::io::StdoutLock> as ::std::io::Write>::write_fmt(&mut __fastout_out, format_args!($($t)*)).unwrap()
        };
    }
    #[allow(unused_macros)]
    macro_rules! println {
        () => {
            print!(\"\\n\")
        };
        ($($t:tt)*) => {
            <::std::io::BufWriter<::std::io::StdoutLock> as ::std::io::Write>::write_fmt(&mut __fastout_out, format_args!(\"{}\\n\", format_args!($($t)*))).unwrap()
        };
    }
    #[allow(clippy::redundant_closure_call)]
    let __fastout_result = (|| {";
const FASTOUT_CLOSE: &str = "
    })();
    <::std::io::BufWriter<::std::io::StdoutLock> as ::std::io::Write>::flush(&mut __fastout_out).unwrap();
    __fastout_result
";

/// Expands `#[fastout]` on `item` (or on functions nested in it) in place, and removes the
/// `use proconio::fastout;` import; refuses what proconio refuses.
fn fastout(
    item: &syn::Item,
    at: &dyn Fn(usize) -> String,
    edits: &mut Edits,
) -> anyhow::Result<()> {
    match item {
        syn::Item::Fn(f) => fastout_fn(&f.attrs, &f.sig, &f.block, at, edits)?,
        // On a method too (`impl Solver { #[fastout] fn solve(&mut self) { ... } }`), as
        // proconio allows.
        syn::Item::Impl(i) => {
            for member in &i.items {
                if let syn::ImplItem::Fn(f) = member {
                    fastout_fn(&f.attrs, &f.sig, &f.block, at, edits)?;
                }
            }
        }
        syn::Item::Use(u) => {
            remove_import(u, "fastout", edits);
            remove_import(u, "derive_readable", edits);
        }
        syn::Item::Mod(m) => {
            for inner in m.content.iter().flat_map(|(_, items)| items) {
                fastout(inner, at, edits)?;
            }
        }
        other => {
            for attr in item_attrs(other) {
                if is_fastout(attr) {
                    return Err(anyhow::anyhow!(
                        "{}: `#[fastout]` goes on a function",
                        at(range(attr).start)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A function's (or method's) `#[fastout]`, written out: print!/println! through one locked
/// buffer, flushed on every return path.
fn fastout_fn(
    attrs: &[syn::Attribute],
    sig: &syn::Signature,
    block: &syn::Block,
    at: &dyn Fn(usize) -> String,
    edits: &mut Edits,
) -> anyhow::Result<()> {
    let Some(attr) = attrs.iter().find(|a| is_fastout(a)) else {
        return Ok(());
    };
    if sig.asyncness.is_some() {
        return Err(anyhow::anyhow!(
            "{}: `#[fastout]` on an async function is not supported",
            at(range(attr).start)
        ));
    }
    let mut finder = PrintInside::default();
    finder.visit_block(block);
    if let Some((offset, what)) = finder.found {
        return Err(anyhow::anyhow!(
            "{}: `#[fastout]` cannot expand print!/println! inside {what} (proconio refuses this too): the output order would change; print outside it",
            at(offset)
        ));
    }
    edits.remove(range(attr));
    let block = range(block);
    edits.insert(block.start + 1, FASTOUT_OPEN);
    edits.insert(block.end - 1, FASTOUT_CLOSE);
    Ok(())
}

fn is_fastout(attr: &syn::Attribute) -> bool {
    attr.path()
        .segments
        .last()
        .is_some_and(|s| s.ident == "fastout")
}

/// Finds print!/println! inside closures and nested functions of a `#[fastout]` body.
#[derive(Default)]
struct PrintInside {
    depth: usize,
    what: &'static str,
    found: Option<(usize, &'static str)>,
}

impl<'ast> Visit<'ast> for PrintInside {
    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        self.depth += 1;
        let outer = std::mem::replace(&mut self.what, "a closure");
        syn::visit::visit_expr_closure(self, c);
        self.what = outer;
        self.depth -= 1;
    }
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.depth += 1;
        let outer = std::mem::replace(&mut self.what, "a nested function");
        syn::visit::visit_item_fn(self, f);
        self.what = outer;
        self.depth -= 1;
    }
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let is_print = mac
            .path
            .get_ident()
            .is_some_and(|i| i == "print" || i == "println");
        if is_print && self.depth > 0 && self.found.is_none() {
            self.found = Some((mac.span().byte_range().start, self.what));
        }
        // Closures inside macro arguments (`vec![...]`) are tokens: look at them as
        // expressions where they parse as such.
        if let Ok(args) = mac.parse_body_with(
            syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
        ) {
            for e in &args {
                self.visit_expr(e);
            }
        }
    }
}

/// `use proconio::fastout;` or the `fastout` leaf of a group (`name`: `fastout`,
/// `derive_readable`): the attribute is expanded, so the import has nothing to bring in.
fn remove_import(u: &syn::ItemUse, name: &str, edits: &mut Edits) {
    fn walk(tree: &syn::UseTree, whole: std::ops::Range<usize>, name: &str, edits: &mut Edits) {
        match tree {
            syn::UseTree::Path(p) => walk(&p.tree, whole, name, edits),
            syn::UseTree::Name(n) if n.ident == name => edits.remove(whole),
            syn::UseTree::Group(g) => {
                let pairs: Vec<_> = g.items.pairs().collect();
                for (k, pair) in pairs.iter().enumerate() {
                    let value = pair.value();
                    match value {
                        syn::UseTree::Name(n) if n.ident == name => {
                            let mut r = range(*value);
                            if let Some(comma) = pair.punct() {
                                r.end = range(*comma).end;
                            } else if k > 0 {
                                if let Some(comma) = pairs[k - 1].punct() {
                                    r.start = range(*comma).start;
                                }
                            }
                            edits.remove(r);
                        }
                        other => walk(other, range(*other), name, edits),
                    }
                }
            }
            _ => {}
        }
    }
    walk(&u.tree, range(u), name, edits);
}
