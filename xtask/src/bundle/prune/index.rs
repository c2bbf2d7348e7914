//! The index the pruner works on: every item, impl item, trait item and `use` leaf of the
//! libraries as a node with its name and the names it mentions.

use super::nodes::{addr, Kind, Node};
use super::symbols::{is_path, Interner, Sym, DOT, KINDS, VARIANT};
use super::tokens;
use crate::fast_hash::{HashMap, HashSet};
use quote::ToTokens;
use std::rc::Rc;

/// The names of the functions of impls inside a block (a function's body), at any depth.
#[derive(Default)]
struct NestedImplFns {
    depth: usize,
    names: HashSet<String>,
}

impl<'ast> syn::visit::Visit<'ast> for NestedImplFns {
    fn visit_block(&mut self, b: &'ast syn::Block) {
        self.depth += 1;
        syn::visit::visit_block(self, b);
        self.depth -= 1;
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        if self.depth > 0 {
            for ii in &i.items {
                if let syn::ImplItem::Fn(f) = ii {
                    self.names.insert(f.sig.ident.to_string());
                }
            }
        }
        syn::visit::visit_item_impl(self, i);
    }
}

/// Whether module `m` only re-exports the standard library: its items all `pub use`s of
/// std, one at least a glob (serde's `mod core { pub use std::*; }`; a module of private
/// imports left after the findings took its functions is no such module).
fn reexports_std(m: &syn::ItemMod) -> bool {
    let Some((_, inner)) = &m.content else {
        return false;
    };
    let mut glob = false;
    let all_std = inner.iter().all(|i| match i {
        syn::Item::Use(u) if !matches!(u.vis, syn::Visibility::Inherited) => {
            let mut leaves = Vec::new();
            use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
            glob |= leaves
                .iter()
                .any(|(t, _)| matches!(t, syn::UseTree::Glob(_)));
            leaves.iter().all(|(_, p)| is_std_path(p))
        }
        _ => false,
    });
    all_std && glob
}

/// Where an item sits: its parent node, its module path (for keys), and the names its
/// module imports from the standard library (a mention of those is not a library's item).
#[derive(Clone)]
pub(super) struct Scope {
    pub(super) parent: Option<usize>,
    pub(super) path: String,
    pub(super) shadow: Rc<HashSet<Sym>>,
}

#[derive(Clone)]
pub(super) struct Index {
    /// The bundle module of each library, by index.
    pub(super) modules: Vec<String>,
    pub(super) interner: Interner,
    pub(super) nodes: Vec<Node>,
    pub(super) by_addr: HashMap<usize, usize>,
    /// Module nodes by path (`#3::a::b`).
    pub(super) module_ids: HashMap<String, usize>,
    /// The variants of each enum, by name.
    pub(super) variants: HashMap<Sym, Vec<Sym>>,
    /// Module nodes marked `#[macro_use]`: their `macro_rules!` reach the parent module too.
    pub(super) macro_use_mods: HashSet<usize>,
    /// `#[macro_export]`ed `macro_rules!` nodes: callable by path from anywhere.
    pub(super) exported_macros: HashSet<usize>,
    /// Type aliases, by name: the last name of the path each stands for (`Vector` for
    /// nalgebra's `type Vector<N, D, S> = Matrix<N, D, U1, S>`: `Matrix`).
    pub(super) aliases: HashMap<Sym, Sym>,
    /// Per library: the names that lead into another library in a path (that library's
    /// module, `crate::L::...`, and what a `use` of a path into it binds, `use crate::L::m;`
    /// then `m::...`), and which library.
    pub(super) gateways: Vec<HashMap<String, usize>>,
    /// Per library, the names of its modules: `alias::Product` names the library's item
    /// even where its module imports `std::iter::Product`.
    module_names: Vec<HashSet<Sym>>,
    /// The library being indexed, and what the last `idents` found written through a
    /// gateway (taken by the next node pushed).
    pub(super) current_lib: usize,
    pending_cross: Vec<(usize, Sym)>,
    /// The `q::name` pairs the last `idents` found (taken by the next node pushed).
    pending_quals: Vec<(Sym, Sym)>,
    /// The library the `use` leaf being pushed enters, if another.
    pub(super) use_cross: Option<usize>,
    /// The last segment of the path of the `use` leaf being pushed (`graph_impl` in
    /// `use crate::petgraph::graph_impl::Edges;`).
    pub(super) use_qualifier: Option<Sym>,
    /// Per module path (`#3::control::group`), the renames its `use`s make of paths
    /// (`use sse2 as imp;`): the path each alias stands for, from the library's root.
    renames: HashMap<String, HashMap<String, Vec<String>>>,
    /// The `use` leaf nodes by the module they sit in and the name they bind, whose keys
    /// `follow_reexports` settles.
    pub(super) leaves_at: HashMap<(String, String), usize>,
    /// Modules that only re-export the standard library (serde's `mod lib { mod core {
    /// pub use std::*; } pub use self::core::fmt::{.., Write as FmtWrite}; }`): a path
    /// through one names std's items.
    pub(super) std_modules: HashSet<String>,
    /// The methods of impls written inside function bodies (serde's `seq_impl!` makes
    /// `fn deserialize` with `impl Visitor for SeqVisitor { fn visit_seq .. }` in it): the
    /// walk cannot take them out of such an impl, so a trait keeps a member of that name.
    pub(super) nested_impl_fns: HashSet<Sym>,
    /// The names the libraries define only as enums without variants, and as no other type
    /// or trait (zerocopy 0.8's `BecauseRead`): no value of one exists, so no program writes
    /// one; an impl whose trait arguments name one is chosen by inference (`header_locals`).
    pub(super) markers: HashSet<String>,
}

impl Index {
    /// Every item of `libraries` as a node (library `k`'s keys start `#k`).
    pub(super) fn build(
        libraries: &[&[syn::Item]],
        modules: &[String],
        local_types: &HashSet<String>,
        markers: HashSet<String>,
    ) -> Index {
        let mut index = Index {
            modules: modules.to_vec(),
            interner: Interner::default(),
            nodes: Vec::new(),
            by_addr: HashMap::default(),
            module_ids: HashMap::default(),
            variants: HashMap::default(),
            macro_use_mods: HashSet::default(),
            exported_macros: HashSet::default(),
            aliases: HashMap::default(),
            gateways: libraries
                .iter()
                .enumerate()
                .map(|(k, items)| gateways(k, items, modules))
                .collect(),
            module_names: Vec::new(),
            current_lib: 0,
            pending_cross: Vec::new(),
            pending_quals: Vec::new(),
            use_cross: None,
            use_qualifier: None,
            renames: HashMap::default(),
            leaves_at: HashMap::default(),
            std_modules: HashSet::default(),
            nested_impl_fns: HashSet::default(),
            markers,
        };
        index.module_names = libraries
            .iter()
            .map(|items| {
                let mut names = Vec::new();
                module_names(items, &mut names);
                names.iter().map(|n| index.interner.sym(n)).collect()
            })
            .collect();
        for (k, items) in libraries.iter().enumerate() {
            index.current_lib = k;
            let root = Scope {
                parent: None,
                path: format!("#{k}"),
                shadow: Rc::default(),
            };
            let mut nested = NestedImplFns::default();
            for item in items.iter() {
                syn::visit::Visit::visit_item(&mut nested, item);
            }
            for name in nested.names {
                let sym = index.interner.sym(&name);
                index.nested_impl_fns.insert(sym);
            }
            let items: Vec<&syn::Item> = items.iter().collect();
            index.items(&items, &root, local_types);
        }
        index.settle_variants();
        index.follow_reexports();
        index
    }

    /// The libraries something is kept of, globs and std imports aside (those stay with
    /// any module they sit in): the libraries that go into the bundle.
    pub(super) fn live_libraries(&self) -> HashSet<usize> {
        (self.nodes.iter())
            .filter(|n| n.kept && !matches!(n.kind, Kind::Glob { .. } | Kind::StdUse))
            .map(|n| n.lib)
            .collect()
    }

    /// A `use` leaf's key is the item it imports: where its path names a re-export (`use
    /// self::group::Group;` of hashbrown's `group`, which has `use self::imp::Group;`), the
    /// key of what that re-export imports, and so on, so a leaf goes with the item the
    /// compiler found dead rather than being left naming nothing.
    fn follow_reexports(&mut self) {
        let items: HashSet<String> = (self.nodes.iter())
            .filter(|n| !matches!(n.kind, Kind::UseLeaf { .. }))
            .filter_map(|n| n.key.clone())
            .collect();
        for i in 0..self.nodes.len() {
            if !matches!(self.nodes[i].kind, Kind::UseLeaf { .. }) {
                continue;
            }
            let mut hops = 0;
            while let Some(key) = self.nodes[i].key.clone() {
                if items.contains(&key) || hops == 16 {
                    break;
                }
                let Some((module, name)) = key.rsplit_once("::") else {
                    break;
                };
                let at = (module.to_string(), name.to_string());
                match self.leaves_at.get(&at) {
                    Some(&j) if j != i && self.nodes[j].key.as_ref() != Some(&key) => {
                        self.nodes[i].key = self.nodes[j].key.clone();
                    }
                    _ => break,
                }
                hops += 1;
            }
        }
    }

    pub(super) fn idents(&mut self, node: &impl ToTokens) -> Vec<Sym> {
        let mut out = Vec::new();
        let flat = tokens::flatten(node.to_token_stream());
        let whole = (0, flat.len());
        let mut cross = Vec::new();
        if let Some(gateways) = self.gateways.get(self.current_lib) {
            tokens::through_gateways(&flat, whole, gateways, &mut cross);
        }
        for (lib, name) in cross {
            let sym = self.interner.sym(&name);
            self.pending_cross.push((lib, sym));
        }
        let mut quals = Vec::new();
        tokens::qualified_pairs(&flat, whole, &mut quals);
        for (q, name) in quals {
            let pair = (self.interner.sym(&q), self.interner.sym(&name));
            self.pending_quals.push(pair);
        }
        tokens::mentions_in(&flat, &mut self.interner, &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    pub(super) fn push(
        &mut self,
        address: usize,
        kind: Kind,
        name: Option<&str>,
        mut uses: Vec<Sym>,
        scope: &Scope,
    ) -> usize {
        let key = match (&kind, name) {
            (Kind::Named | Kind::MacroRules | Kind::Trait { .. }, Some(n)) => {
                Some(format!("{}::{n}", scope.path))
            }
            _ => None,
        };
        self.push_keyed(address, kind, name, &mut uses, scope, key)
    }

    pub(super) fn push_keyed(
        &mut self,
        address: usize,
        kind: Kind,
        name: Option<&str>,
        uses: &mut Vec<Sym>,
        scope: &Scope,
        key: Option<String>,
    ) -> usize {
        let name = name.map(|n| self.interner.sym(n));
        let lib = lib_of(scope);
        // A name the module imports from std is std's, unless written after one of the
        // library's modules (`alias::Product`), or after a dot: a method (im-rc 15's
        // `focus.swap(i - del, i)` beside `use std::mem::{replace, swap};`).
        let modules = self.module_names.get(lib);
        let quals = &self.pending_quals;
        uses.retain(|u| {
            let plain = u & !KINDS;
            u & DOT != 0
                || !scope.shadow.contains(&plain)
                || quals
                    .iter()
                    .any(|&(q, n)| n == plain && modules.is_some_and(|m| m.contains(&q)))
        });
        let mut cross = std::mem::take(&mut self.pending_cross);
        if let Kind::UseLeaf { source, .. } = &kind {
            // A `use` of a path into another library brings that library's item in.
            cross.extend(self.use_cross.take().map(|lib| (lib, *source)));
        }
        cross.sort_unstable();
        cross.dedup();
        let mut quals = std::mem::take(&mut self.pending_quals);
        if let Kind::UseLeaf { source, .. } = &kind {
            quals.extend(self.use_qualifier.take().map(|q| (q, *source)));
        }
        quals.sort_unstable();
        quals.dedup();
        self.nodes.push(Node {
            kind,
            key,
            lib,
            name,
            uses: std::mem::take(uses),
            cross,
            quals,
            parent: scope.parent,
            kept: false,
            value: false,
        });
        let id = self.nodes.len() - 1;
        self.by_addr.insert(address, id);
        id
    }

    pub(super) fn items(
        &mut self,
        items: &[&syn::Item],
        outer: &Scope,
        local_types: &HashSet<String>,
    ) {
        let shadow = self.std_names(items);
        let scope = Scope {
            parent: outer.parent,
            path: outer.path.clone(),
            shadow: Rc::new(shadow),
        };
        let parent = &scope;
        self.record_renames(items, parent);
        for &item in items {
            let a = addr(item);
            match item {
                syn::Item::Mod(m) => self.module(a, m, parent, local_types),
                syn::Item::Trait(t) => self.trait_(a, t, parent),
                syn::Item::Impl(i) => self.impl_(a, i, parent, local_types),
                syn::Item::Use(u) => self.use_(u, parent),
                syn::Item::Macro(m) => self.macro_(a, item, m, parent),
                syn::Item::Const(c) if c.ident == "_" => {
                    self.const_underscore(a, c, parent, local_types)
                }
                syn::Item::ForeignMod(f) => self.extern_block(a, f, parent),
                other => self.named(a, other, parent),
            }
        }
    }

    /// The names a module's items import from the standard library (a mention of those is
    /// not a library's item).
    fn std_names(&mut self, items: &[&syn::Item]) -> HashSet<Sym> {
        let mut shadow = HashSet::default();
        for item in items {
            if let syn::Item::Use(u) = item {
                let mut leaves = Vec::new();
                use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                for (tree, path) in leaves {
                    if is_std_path(&path) {
                        match tree {
                            syn::UseTree::Name(n) => {
                                shadow.insert(self.interner.sym(&n.ident.to_string()))
                            }
                            syn::UseTree::Rename(r) => {
                                shadow.insert(self.interner.sym(&r.rename.to_string()))
                            }
                            _ => false,
                        };
                    }
                }
            }
        }
        shadow
    }

    /// A module: its node, then its items inside it.
    fn module(
        &mut self,
        a: usize,
        m: &syn::ItemMod,
        parent: &Scope,
        local_types: &HashSet<String>,
    ) {
        let id = self.push(a, Kind::Mod, Some(&m.ident.to_string()), Vec::new(), parent);
        if m.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
            self.macro_use_mods.insert(id);
        }
        if let Some((_, content)) = &m.content {
            let inner = Scope {
                parent: Some(id),
                path: format!("{}::{}", parent.path, m.ident),
                shadow: Rc::default(),
            };
            self.module_ids.insert(inner.path.clone(), id);
            let content: Vec<&syn::Item> = content.iter().collect();
            self.items(&content, &inner, local_types);
        }
    }

    /// The key of the item a `use` path names, when the path stays inside the libraries
    /// (`crate::lib::a::Name`, `self::a::Name`, `super::Name`).
    pub(super) fn target_key(&self, path: &[String], name: &str, scope: &Scope) -> Option<String> {
        let mut at = self.target_module(path, scope)?;
        at.push(name.to_string());
        Some(at.join("::"))
    }

    /// The module (`#k::a::b`, as segments) a `use` path's qualifiers lead to from `scope`,
    /// through the renames its modules make (`use sse2 as imp; use self::imp::Group;` in
    /// hashbrown: `Group` of `sse2`, whose key the compiler's findings name). `None` for an
    /// empty path.
    fn target_module(&self, path: &[String], scope: &Scope) -> Option<Vec<String>> {
        let mut at: Vec<String> = scope.path.split("::").map(str::to_string).collect();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                let k = self.modules.iter().position(|m| rest.get(1) == Some(m))?;
                at = vec![format!("#{k}")];
                rest = &rest[2..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    at.pop();
                    rest = &rest[1..];
                }
            }
            // Edition 2018 "uniform" paths: relative to the current module.
            Some(_) => {}
            None => return None,
        }
        for segment in rest {
            let alias = (self.renames.get(&at.join("::"))).and_then(|m| m.get(segment));
            match alias {
                Some(target) => at = target.clone(),
                None => at.push(segment.clone()),
            }
        }
        Some(at)
    }

    /// Whether `path` (a `use` leaf's qualifiers) goes through a module that only
    /// re-exports the standard library (`std_modules`).
    pub(super) fn through_std_module(&self, path: &[String], scope: &Scope) -> bool {
        if self.std_modules.is_empty() || path.is_empty() {
            return false;
        }
        let Some(at) = self.target_module(path, scope) else {
            return false;
        };
        (1..=at.len()).any(|k| self.std_modules.contains(&at[..k].join("::")))
    }

    /// Records what the items of a module say of the paths through it before any of them
    /// is indexed (a `use` of an alias may come first): the renames its `use`s make
    /// (`use sse2 as imp;`, `use self::a::b as c;`), for `target_module`, and its modules
    /// that only re-export std (`std_modules`).
    fn record_renames(&mut self, items: &[&syn::Item], scope: &Scope) {
        for item in items {
            if let syn::Item::Mod(m) = item {
                if reexports_std(m) {
                    self.std_modules
                        .insert(format!("{}::{}", scope.path, m.ident));
                }
            }
            let syn::Item::Use(u) = item else { continue };
            let mut leaves = Vec::new();
            use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
            for (tree, path) in leaves {
                let syn::UseTree::Rename(r) = tree else {
                    continue;
                };
                let mut full = path.clone();
                full.push(r.ident.to_string());
                if is_std_path(&path) || (path.is_empty() && is_std_path(&full)) {
                    continue;
                }
                // `use sse2 as imp;` is a module beside it: a path relative to this one.
                if let Some(target) = self.target_module(&full, scope) {
                    (self.renames.entry(scope.path.clone()).or_default())
                        .insert(r.rename.to_string(), target);
                }
            }
        }
    }

    /// In an item that names an enum, a bare name of one of its variants is that variant
    /// (`use self::IndexVecIntoIter::*; match *self { U32(..) => .. }`), not an item of that
    /// name elsewhere (zerocopy's `U32`): such mentions become member mentions.
    pub(super) fn settle_variants(&mut self) {
        if self.variants.is_empty() {
            return;
        }
        for node in &mut self.nodes {
            let named_enums: Vec<Sym> = node
                .uses
                .iter()
                .map(|u| u & !KINDS)
                .filter(|u| self.variants.contains_key(u))
                .collect();
            for &e in &named_enums {
                let vs = &self.variants[&e];
                for u in node.uses.iter_mut() {
                    // im-rc's `enum Size { Size(usize), .. }`: the enum's own name, written
                    // as a type, is the enum.
                    let plain = *u & !KINDS;
                    if is_path(*u) && vs.contains(&plain) && !named_enums.contains(&plain) {
                        *u = (*u & !KINDS) | VARIANT;
                    }
                }
            }
        }
    }

    pub(super) fn name_of(&self, sym: Sym) -> &str {
        &self.interner.names[(sym & !KINDS) as usize]
    }
}

/// The statements of `const _: () = { ... };` or `= unsafe { ... };`.
/// The library a scope is in: the first segment of its path (`::3::m` is library 3's).
pub(super) fn lib_of(scope: &Scope) -> usize {
    scope.path[1..]
        .split("::")
        .next()
        .and_then(|k| k.parse().ok())
        .unwrap_or(0)
}

/// The leaves of a `use` tree with the path leading to each.
pub(super) fn use_leaves<'a>(
    tree: &'a syn::UseTree,
    path: &mut Vec<String>,
    out: &mut Vec<(&'a syn::UseTree, Vec<String>)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            path.push(p.ident.to_string());
            use_leaves(&p.tree, path, out);
            path.pop();
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_leaves(t, path, out);
            }
        }
        leaf => out.push((leaf, path.clone())),
    }
}

/// The library a path enters (`crate::L::...`, or `L::...`), by its bundle module.
pub(super) fn entered_library(path: &[String], modules: &[String]) -> Option<usize> {
    let head = match path {
        [c, l, ..] if c == "crate" => l,
        [l, ..] => l,
        [] => return None,
    };
    modules.iter().position(|m| m == head)
}

/// The names of the modules among `items`, at any depth.
fn module_names(items: &[syn::Item], out: &mut Vec<String>) {
    for item in items {
        if let syn::Item::Mod(m) = item {
            out.push(m.ident.to_string());
            if let Some((_, inner)) = &m.content {
                module_names(inner, out);
            }
        }
    }
}

/// Library `k`'s gateways: every other library's module name, and the names its `use`s of
/// paths into another library bind (`use crate::hashbrown::hash_table;`,
/// `use crate::num_traits as traits;`).
fn gateways(k: usize, items: &[syn::Item], modules: &[String]) -> HashMap<String, usize> {
    let mut out: HashMap<String, usize> = modules
        .iter()
        .enumerate()
        .filter(|(l, _)| *l != k)
        .map(|(l, m)| (m.clone(), l))
        .collect();
    fn walk(items: &[syn::Item], k: usize, modules: &[String], out: &mut HashMap<String, usize>) {
        for item in items {
            match item {
                syn::Item::Use(u) => {
                    let mut leaves = Vec::new();
                    use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                    for (tree, mut path) in leaves {
                        let local = match tree {
                            syn::UseTree::Name(n) => {
                                path.push(n.ident.to_string());
                                n.ident.to_string()
                            }
                            syn::UseTree::Rename(r) => {
                                path.push(r.ident.to_string());
                                r.rename.to_string()
                            }
                            _ => continue,
                        };
                        if let Some(l) = entered_library(&path, modules).filter(|&l| l != k) {
                            out.insert(local, l);
                        }
                    }
                }
                syn::Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        walk(inner, k, modules, out);
                    }
                }
                _ => {}
            }
        }
    }
    walk(items, k, modules, &mut out);
    out
}

pub(super) fn is_std_path(path: &[String]) -> bool {
    let std_name = |h: &String| matches!(h.as_str(), "std" | "core" | "alloc");
    // `crate::fixedbitset::std::fmt::Write`: a library that says `use core as std;` at its
    // root names the standard library through that alias.
    path.first().is_some_and(std_name)
        || (path.len() >= 4 && path[0] == "crate" && std_name(&path[2]))
}
