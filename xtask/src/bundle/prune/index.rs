//! The index the pruner works on: every item, impl item, trait item and `use` leaf of the
//! libraries as a node with its name and the names it mentions.

use super::nodes::{addr, Kind, Node};
use super::symbols::{is_path, Interner, Sym, DOT, KINDS, MAC, QUAL, VARIANT};
use super::tokens::{self, collect_idents};
use crate::fast_hash::{HashMap, HashSet};
use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use std::rc::Rc;

/// `uses` less what names one of `params` (flags aside).
fn drop_params(uses: &mut Vec<Sym>, params: &HashSet<Sym>) {
    if !params.is_empty() {
        uses.retain(|u| !params.contains(&(u & !KINDS)));
    }
}

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
    gateways: Vec<HashMap<String, usize>>,
    /// Per library, the names of its modules: `alias::Product` names the library's item
    /// even where its module imports `std::iter::Product`.
    module_names: Vec<HashSet<Sym>>,
    /// The library being indexed, and what the last `idents` found written through a
    /// gateway (taken by the next node pushed).
    current_lib: usize,
    pending_cross: Vec<(usize, Sym)>,
    /// The `q::name` pairs the last `idents` found (taken by the next node pushed).
    pending_quals: Vec<(Sym, Sym)>,
    /// The library the `use` leaf being pushed enters, if another.
    use_cross: Option<usize>,
    /// The last segment of the path of the `use` leaf being pushed (`graph_impl` in
    /// `use crate::petgraph::graph_impl::Edges;`).
    use_qualifier: Option<Sym>,
    /// Per module path (`#3::control::group`), the renames its `use`s make of paths
    /// (`use sse2 as imp;`): the path each alias stands for, from the library's root.
    renames: HashMap<String, HashMap<String, Vec<String>>>,
    /// The `use` leaf nodes by the module they sit in and the name they bind, whose keys
    /// `follow_reexports` settles.
    leaves_at: HashMap<(String, String), usize>,
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
    markers: HashSet<String>,
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

    /// A trait: its header's names, then each member as a node of its own.
    fn trait_(&mut self, a: usize, t: &syn::ItemTrait, parent: &Scope) {
        let header = {
            let generics = &t.generics;
            let supertraits = &t.supertraits;
            let where_clause = &t.generics.where_clause;
            quote::quote!(#generics #supertraits #where_clause)
        };
        let trait_params = self.params_of(&t.generics);
        let mut uses = self.idents(&header);
        drop_params(&mut uses, &trait_params);
        let members: Vec<Sym> = t
            .items
            .iter()
            // Methods and associated consts: both are reached through a value
            // or a type (`x.len()`, `T::IS_ZERO_SIZED`) without naming the trait.
            .filter(|ti| matches!(ti, syn::TraitItem::Fn(_) | syn::TraitItem::Const(_)))
            .filter_map(trait_item_name)
            .map(|n| self.interner.sym(&n))
            .collect();
        let id = self.push(
            a,
            Kind::Trait { members },
            Some(&t.ident.to_string()),
            uses,
            parent,
        );
        for ti in &t.items {
            let required = match ti {
                syn::TraitItem::Fn(f) => f.default.is_none(),
                _ => true,
            };
            let mut uses = self.idents(ti);
            drop_params(&mut uses, &trait_params);
            if let syn::TraitItem::Fn(f) = ti {
                self.drop_own_params(&mut uses, &f.sig.generics);
            }
            let name = trait_item_name(ti);
            let inside = Scope {
                parent: Some(id),
                ..parent.clone()
            };
            let key = name
                .as_ref()
                .map(|n| format!("{}::{}::{n}", parent.path, t.ident));
            self.push_keyed(
                addr(ti),
                Kind::TraitItem { required },
                name.as_deref(),
                &mut uses,
                &inside,
                key,
            );
        }
    }

    /// The library types and traits impl `i`'s self type and trait path name, but its own
    /// parameters and the markers in the trait's arguments: a marker (`impl<..>
    /// MutationCompatible<Src, A, SV, DV, (BecauseRead, R)> for Dst`) is chosen by inference,
    /// never written by a caller, so the impl does not wait for it (it comes with the impl,
    /// which names it).
    fn header_locals(
        &mut self,
        i: &syn::ItemImpl,
        impl_params: &HashSet<Sym>,
        local_types: &HashSet<String>,
    ) -> Vec<Sym> {
        let mut all = Vec::new();
        collect_idents(i.self_ty.to_token_stream(), &mut self.interner, &mut all);
        let self_names: HashSet<Sym> = all.iter().map(|s| s & !KINDS).collect();
        if let Some((_, p, _)) = &i.trait_ {
            collect_idents(p.to_token_stream(), &mut self.interner, &mut all);
        }
        all.into_iter()
            .map(|s| s & !KINDS)
            .filter(|s| local_types.contains(self.name_of(*s)) && !impl_params.contains(s))
            .filter(|s| self_names.contains(s) || !self.markers.contains(self.name_of(*s)))
            .collect()
    }

    /// An impl: kept by the library types and traits its header names; its items one by one.
    fn impl_(
        &mut self,
        a: usize,
        i: &syn::ItemImpl,
        parent: &Scope,
        local_types: &HashSet<String>,
    ) {
        let impl_params = self.params_of(&i.generics);
        let trait_name = i
            .trait_
            .as_ref()
            .and_then(|(_, p, _)| p.segments.last())
            .map(|s| s.ident.to_string());
        let header_locals = self.header_locals(i, &impl_params, local_types);
        let foreign_trait = trait_name
            .as_ref()
            .is_some_and(|n| !local_types.contains(n));
        let header = {
            let generics = &i.generics;
            let where_clause = &i.generics.where_clause;
            let self_ty = &i.self_ty;
            let trait_path = i.trait_.as_ref().map(|(_, p, _)| p);
            quote::quote!(#generics #self_ty #trait_path #where_clause)
        };
        let mut uses = self.idents(&header);
        drop_params(&mut uses, &impl_params);
        let trait_sym = trait_name.map(|n| self.interner.sym(&n));
        // Not a type parameter of the impl's own (`impl<SS: ..> Tr for SS`): it names no item
        // (libc's `const SS` would take the blanket impl with it).
        let self_head = match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        }
        .filter(|h| {
            self.interner
                .get(h)
                .is_none_or(|h| !impl_params.contains(&h))
        });
        let id = self.push(
            a,
            Kind::Impl {
                header_locals,
                trait_name: trait_sym,
                foreign_trait,
            },
            None,
            uses,
            parent,
        );
        // An impl goes with a type of its own module found dead.
        self.nodes[id].key = self_head.as_ref().map(|h| format!("{}::{h}", parent.path));
        for ii in &i.items {
            let (name, is_fn) = match ii {
                syn::ImplItem::Fn(f) => (Some(f.sig.ident.to_string()), true),
                syn::ImplItem::Const(c) => (Some(c.ident.to_string()), false),
                syn::ImplItem::Type(t) => (Some(t.ident.to_string()), false),
                _ => (None, false),
            };
            let makes = self.made_by(ii);
            let mut uses = self.idents(ii);
            drop_params(&mut uses, &impl_params);
            if let syn::ImplItem::Fn(f) = ii {
                self.drop_own_params(&mut uses, &f.sig.generics);
            }
            let inside = Scope {
                parent: Some(id),
                ..parent.clone()
            };
            let key = match (&trait_sym, is_fn, &name, self_head.as_deref()) {
                (None, true, Some(n), Some(head)) => {
                    Some(format!("{}::<{head}>::{n}", parent.path))
                }
                _ => None,
            };
            self.push_keyed(
                addr(ii),
                Kind::ImplItem { is_fn, makes },
                name.as_deref(),
                &mut uses,
                &inside,
                key,
            );
        }
    }

    /// A `use`: one node per leaf (a glob, a name, a rename; standard-library ones apart).
    fn use_(&mut self, u: &syn::ItemUse, parent: &Scope) {
        // A private import is seen only by its module and the modules inside it.
        let private = matches!(u.vis, syn::Visibility::Inherited);
        let mut leaves = Vec::new();
        use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
        for (tree, path) in leaves {
            // `use core as std;` names the standard library by its leaf alone.
            let mut full = path.clone();
            match tree {
                syn::UseTree::Name(n) => full.push(n.ident.to_string()),
                syn::UseTree::Rename(r) => full.push(r.ident.to_string()),
                _ => {}
            }
            if is_std_path(&path)
                || (path.is_empty() && is_std_path(&full))
                || self.through_std_module(&path, parent)
            {
                self.std_leaf(tree, &path, private, parent);
                continue;
            }
            // The path's segments are qualifiers (modules, types, crates).
            let mut uses: Vec<Sym> = path
                .iter()
                .filter(|s| !matches!(s.as_str(), "crate" | "self" | "super"))
                .map(|s| self.interner.sym(s) | QUAL)
                .collect();
            match tree {
                syn::UseTree::Glob(_) => {
                    let target = path.last().map(|s| self.interner.sym(s));
                    let module = match path.split_last() {
                        // `use helper::*;`: a module beside it (edition 2018's paths), or
                        // a library (see `glob_library`).
                        Some((last, [])) if !matches!(last.as_str(), "self" | "super") => {
                            self.target_key(&["self".to_string()], last, parent)
                        }
                        Some((last, rest)) => self.target_key(rest, last, parent),
                        None => None,
                    };
                    // Also by what its path ends with: `linux::types` may name
                    // `new::linux_uapi::linux::types` through another glob.
                    let tail: Vec<&String> = path
                        .iter()
                        .skip_while(|s| matches!(s.as_str(), "crate" | "self" | "super"))
                        .collect();
                    let tail = (!tail.is_empty()).then(|| {
                        let joined: Vec<&str> = tail.iter().map(|s| s.as_str()).collect();
                        format!("::{}", joined.join("::"))
                    });
                    let kind = Kind::Glob {
                        target,
                        module,
                        tail,
                    };
                    self.push(addr(tree), kind, None, uses, parent);
                }
                syn::UseTree::Name(_) | syn::UseTree::Rename(_) => {
                    // `use a::b;`, `use a::b as c;`; `self` names the path's last module.
                    let (source, local) = match tree {
                        syn::UseTree::Rename(r) => (r.ident.to_string(), r.rename.to_string()),
                        syn::UseTree::Name(n) => (n.ident.to_string(), n.ident.to_string()),
                        _ => unreachable!("matched above"),
                    };
                    let own = |name: String| match name.as_str() {
                        "self" => path.last().cloned().unwrap_or_default(),
                        _ => name,
                    };
                    let (source, local) = (own(source), own(local));
                    let key = self.target_key(&path, &source, parent);
                    let (source, local) = (self.interner.sym(&source), self.interner.sym(&local));
                    uses.push(source);
                    let kind = Kind::UseLeaf {
                        local,
                        source,
                        private,
                        std: false,
                    };
                    self.use_cross = entered_library(&path, &self.modules)
                        .filter(|&l| l != self.current_lib)
                        .or_else(|| self.through_own_gateway(&path));
                    self.use_qualifier = path.last().map(|q| self.interner.sym(q));
                    let bound = self.name_of(local).to_string();
                    let id = self.push_keyed(addr(tree), kind, None, &mut uses, parent, key);
                    self.leaves_at.insert((parent.path.clone(), bound), id);
                }
                _ => {}
            }
        }
    }

    /// What a macro call among an impl's items defines literally.
    fn made_by(&mut self, ii: &syn::ImplItem) -> Vec<Sym> {
        let syn::ImplItem::Macro(m) = ii else {
            return Vec::new();
        };
        let mut made = Vec::new();
        defined_names(m.mac.tokens.clone(), &mut made);
        made.iter().map(|n| self.interner.sym(n)).collect()
    }

    /// The library a `use` path of the current library enters through one of its gateways
    /// at its root (`crate::num_integer::traits::checked_pow` after num-integer's
    /// `extern crate num_traits as traits;`).
    fn through_own_gateway(&self, path: &[String]) -> Option<usize> {
        let own = &self.modules[self.current_lib];
        let rest = match path {
            [c, l, rest @ ..] if c == "crate" && l == own => rest,
            _ => path,
        };
        let gateways = self.gateways.get(self.current_lib)?;
        rest.first().and_then(|g| gateways.get(g)).copied()
    }

    /// A leaf of a standard-library `use`: `pub use core::ffi::c_int;` gives the module an
    /// item to be imported by name, kept like one (and with its module); a private one stays
    /// with its module.
    /// `self` of a group binds the path's last module (`pub use self::core::fmt::{self, ..}`
    /// through serde's `mod core { pub use std::*; }`: `fmt`).
    fn std_leaf(&mut self, tree: &syn::UseTree, path: &[String], private: bool, parent: &Scope) {
        let local = match tree {
            syn::UseTree::Name(n) if !private && n.ident == "self" => path
                .last()
                .filter(|l| !matches!(l.as_str(), "std" | "core" | "alloc"))
                .cloned(),
            syn::UseTree::Name(n) if !private => Some(n.ident.to_string()),
            syn::UseTree::Rename(r) if !private => Some(r.rename.to_string()),
            _ => None,
        };
        match local.filter(|l| l != "self" && l != "_") {
            Some(local) => {
                let local = self.interner.sym(&local);
                let kind = Kind::UseLeaf {
                    local,
                    source: local,
                    private,
                    std: true,
                };
                let mut uses = vec![local];
                self.push_keyed(addr(tree), kind, None, &mut uses, parent, None);
            }
            None => {
                self.push(addr(tree), Kind::StdUse, None, Vec::new(), parent);
            }
        }
    }

    /// A `macro_rules!` definition, or an item-level macro call.
    fn macro_(&mut self, a: usize, item: &syn::Item, m: &syn::ItemMacro, parent: &Scope) {
        let uses = self.idents(item);
        match &m.ident {
            Some(name) => {
                // A macro's names resolve where it is called: no shadowing.
                let unshadowed = Scope {
                    shadow: Rc::default(),
                    ..parent.clone()
                };
                let id = self.push(
                    a,
                    Kind::MacroRules,
                    Some(&name.to_string()),
                    uses,
                    &unshadowed,
                );
                if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                    self.exported_macros.insert(id);
                }
            }
            None => {
                let macro_name = m
                    .mac
                    .path
                    .segments
                    .last()
                    .map(|s| s.ident.to_string())
                    .unwrap_or_default();
                let macro_name = self.interner.sym(&macro_name);
                let mut args = Vec::new();
                collect_idents(m.mac.tokens.clone(), &mut self.interner, &mut args);
                args.iter_mut().for_each(|s| *s &= !KINDS);
                args.retain(|s| !parent.shadow.contains(s));
                let mut made = Vec::new();
                defined_names(m.mac.tokens.clone(), &mut made);
                let makes = made.iter().map(|n| self.interner.sym(n)).collect();
                let kind = Kind::MacroCall {
                    macro_name,
                    args,
                    makes,
                };
                self.push(a, kind, None, uses, parent);
            }
        }
    }

    /// `const _: () = { unsafe impl ... };` (zerocopy's macros): its items are
    /// kept one by one, the rest of the block with any of them. Without items (a block of
    /// statements, or an expression), it goes with the library types and traits it names.
    fn const_underscore(
        &mut self,
        a: usize,
        c: &syn::ItemConst,
        parent: &Scope,
        local_types: &HashSet<String>,
    ) {
        let stmts = const_block(c).unwrap_or_default();
        let inner: Vec<&syn::Item> = stmts
            .iter()
            .filter_map(|st| match st {
                syn::Stmt::Item(i) => Some(i),
                _ => None,
            })
            .collect();
        let mut rest = self.idents(&c.ty);
        // `const _: () = assert!(size_of::<i8x16>() == 16);` (wide, one per type): a check
        // of the types it names, with them; never a root of its own.
        if const_block(c).is_none() {
            rest.extend(self.idents(&c.expr));
        }
        for st in stmts {
            if !matches!(st, syn::Stmt::Item(_)) {
                rest.extend(self.idents(st));
            }
        }
        // Without items of its own (`unsafe { impl_or_verify!(...); }`), it
        // goes with the library types and traits it names.
        let locals: Vec<Sym> = if inner.is_empty() {
            rest.iter()
                .map(|s| s & !KINDS)
                .filter(|s| local_types.contains(self.name_of(*s)))
                .collect()
        } else {
            Vec::new()
        };
        // A call of the library's own macro (zerocopy's `unsafe_impl_transmute_from_for_atomic!
        // (=> AtomicU8 [u8])`, which implements `TransmuteFrom` for std's atomics): what its
        // body names, of the library's own.
        let by_macros: Vec<Sym> = if inner.is_empty() {
            self.macro_bodies_named(&rest, parent)
                .into_iter()
                .filter(|s| local_types.contains(self.name_of(*s)))
                .collect()
        } else {
            Vec::new()
        };
        let kind = Kind::Container { locals, by_macros };
        let id = self.push(a, kind, None, rest, parent);
        let inside = Scope {
            parent: Some(id),
            ..parent.clone()
        };
        self.items(&inner, &inside, local_types);
    }

    /// The names the bodies of the library's `macro_rules!` called in `names` (`m!`) write,
    /// for those defined in the library of `scope` before this point (a macro is defined
    /// before its calls).
    fn macro_bodies_named(&self, names: &[Sym], scope: &Scope) -> Vec<Sym> {
        let lib = lib_of(scope);
        let mut out = Vec::new();
        for called in names.iter().filter(|s| *s & MAC != 0).map(|s| s & !KINDS) {
            let body = self.nodes.iter().rev().find(|n| {
                matches!(n.kind, Kind::MacroRules) && n.name == Some(called) && n.lib == lib
            });
            if let Some(body) = body {
                out.extend(body.uses.iter().map(|s| s & !KINDS));
            }
        }
        out
    }

    /// An `extern` block: each declaration is kept on its own name.
    fn extern_block(&mut self, a: usize, f: &syn::ItemForeignMod, parent: &Scope) {
        let kind = Kind::Container {
            locals: Vec::new(),
            by_macros: Vec::new(),
        };
        let id = self.push(a, kind, None, Vec::new(), parent);
        let inside = Scope {
            parent: Some(id),
            ..parent.clone()
        };
        for fi in &f.items {
            let name = match fi {
                syn::ForeignItem::Fn(x) => Some(x.sig.ident.to_string()),
                syn::ForeignItem::Static(x) => Some(x.ident.to_string()),
                syn::ForeignItem::Type(x) => Some(x.ident.to_string()),
                _ => None,
            };
            let uses = self.idents(fi);
            match name {
                Some(n) => {
                    let id = self.push(addr(fi), Kind::Named, Some(&n), uses, &inside);
                    self.nodes[id].value = !matches!(fi, syn::ForeignItem::Type(_));
                    id
                }
                None => self.push(addr(fi), Kind::Always, None, uses, &inside),
            };
        }
    }

    /// Any other item: by its name (a struct, enum or union by what its definition names).
    fn named(&mut self, a: usize, other: &syn::Item, parent: &Scope) {
        if let syn::Item::Enum(e) = other {
            let enum_sym = self.interner.sym(&e.ident.to_string());
            let variants: Vec<Sym> = e
                .variants
                .iter()
                .map(|v| self.interner.sym(&v.ident.to_string()))
                .collect();
            self.variants.entry(enum_sym).or_default().extend(variants);
        }
        if let syn::Item::Type(t) = other {
            if let syn::Type::Path(p) = &*t.ty {
                if let Some(last) = p.path.segments.last() {
                    let alias = self.interner.sym(&t.ident.to_string());
                    let target = self.interner.sym(&last.ident.to_string());
                    self.aliases.insert(alias, target);
                }
            }
        }
        let name = named_item(other);
        let mut uses = match type_body(other) {
            Some(tokens) => self.idents(&tokens),
            None => self.idents(other),
        };
        let generics = match other {
            syn::Item::Fn(f) => Some(&f.sig.generics),
            syn::Item::Struct(x) => Some(&x.generics),
            syn::Item::Enum(x) => Some(&x.generics),
            syn::Item::Union(x) => Some(&x.generics),
            syn::Item::Type(x) => Some(&x.generics),
            _ => None,
        };
        if let Some(g) = generics {
            self.drop_own_params(&mut uses, g);
        }
        match name {
            Some(n) if n != "_" => {
                let id = self.push(a, Kind::Named, Some(&n), uses, parent);
                self.nodes[id].value = matches!(
                    other,
                    syn::Item::Fn(_) | syn::Item::Const(_) | syn::Item::Static(_)
                );
            }
            _ => {
                self.push(a, Kind::Always, None, uses, parent);
            }
        }
    }

    /// The type and const parameters `generics` declares: names of the item's own, never of
    /// an item elsewhere (alga's `impl<N1, N2: SupersetOf<N1>> SubsetOf<Complex<N2>> for
    /// Complex<N1>` beside typenum's `type N1`, found dead, took the impl with it).
    fn params_of(&mut self, generics: &syn::Generics) -> HashSet<Sym> {
        generics
            .params
            .iter()
            .filter_map(|p| match p {
                syn::GenericParam::Type(t) => Some(self.interner.sym(&t.ident.to_string())),
                syn::GenericParam::Const(c) => Some(self.interner.sym(&c.ident.to_string())),
                syn::GenericParam::Lifetime(_) => None,
            })
            .collect()
    }

    /// `uses` less the parameters `generics` declares (see `params_of`).
    fn drop_own_params(&mut self, uses: &mut Vec<Sym>, generics: &syn::Generics) {
        let params = self.params_of(generics);
        drop_params(uses, &params);
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
    fn through_std_module(&self, path: &[String], scope: &Scope) -> bool {
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

/// What a struct, enum or union mentions: its attributes, generics, field types and
/// discriminants, not the names of its fields and variants (rand's `IndexVec::U32` is not
/// zerocopy's `U32`), nor what it derives: a derive is a macro, std's in a bundle (which
/// has no proc-macro), never a library's type or trait of that name (typenum's `UInt`
/// derives std's `Ord`, not typenum's trait `Ord`).
fn type_body(item: &syn::Item) -> Option<TokenStream> {
    let without_derives = |attrs: &[syn::Attribute]| -> Vec<syn::Attribute> {
        let derive = |a: &&syn::Attribute| a.path().is_ident("derive");
        attrs.iter().filter(|a| !derive(a)).cloned().collect()
    };
    let fields = |fields: &syn::Fields| -> TokenStream {
        fields
            .iter()
            .map(|f| {
                let (attrs, ty) = (&f.attrs, &f.ty);
                quote::quote!(#(#attrs)* #ty)
            })
            .collect()
    };
    Some(match item {
        syn::Item::Struct(x) => {
            let (attrs, generics, wc) = (
                without_derives(&x.attrs),
                &x.generics,
                &x.generics.where_clause,
            );
            let body = fields(&x.fields);
            quote::quote!(#(#attrs)* #generics #wc #body)
        }
        syn::Item::Union(x) => {
            let (attrs, generics, wc) = (
                without_derives(&x.attrs),
                &x.generics,
                &x.generics.where_clause,
            );
            let body = fields(&syn::Fields::Named(x.fields.clone()));
            quote::quote!(#(#attrs)* #generics #wc #body)
        }
        syn::Item::Enum(x) => {
            let (attrs, generics, wc) = (
                without_derives(&x.attrs),
                &x.generics,
                &x.generics.where_clause,
            );
            let mut body = TokenStream::new();
            for v in &x.variants {
                let attrs = &v.attrs;
                body.extend(quote::quote!(#(#attrs)*));
                body.extend(fields(&v.fields));
                if let Some((_, d)) = &v.discriminant {
                    body.extend(d.to_token_stream());
                }
            }
            quote::quote!(#(#attrs)* #generics #wc #body)
        }
        _ => return None,
    })
}

/// The statements of `const _: () = { ... };` or `= unsafe { ... };`.
/// The library a scope is in: the first segment of its path (`::3::m` is library 3's).
fn lib_of(scope: &Scope) -> usize {
    scope.path[1..]
        .split("::")
        .next()
        .and_then(|k| k.parse().ok())
        .unwrap_or(0)
}

fn const_block(c: &syn::ItemConst) -> Option<&[syn::Stmt]> {
    match &*c.expr {
        syn::Expr::Block(b) => Some(&b.block.stmts),
        syn::Expr::Unsafe(u) => Some(&u.block.stmts),
        _ => None,
    }
}

pub(super) fn trait_item_name(ti: &syn::TraitItem) -> Option<String> {
    match ti {
        syn::TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
        syn::TraitItem::Const(c) => Some(c.ident.to_string()),
        syn::TraitItem::Type(t) => Some(t.ident.to_string()),
        _ => None,
    }
}

pub(super) fn named_item(item: &syn::Item) -> Option<String> {
    // Traits, modules, macros and extern crates have nodes of their own kinds.
    match item {
        syn::Item::Trait(_)
        | syn::Item::Mod(_)
        | syn::Item::Macro(_)
        | syn::Item::ExternCrate(_) => None,
        _ => crate::bundle::item_name(item),
    }
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
fn entered_library(path: &[String], modules: &[String]) -> Option<usize> {
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

/// The names `tokens` define literally at their top level (`fn name`, `struct Name`, ...;
/// not `$name`, nor a method inside an `impl { .. }` they hold: ac-library's
/// `impl_folding! { impl .. Sum<_> for StaticModInt<M> { fn sum(_) .. } }` defines no `sum`
/// a path can name).
fn defined_names(tokens: TokenStream, out: &mut Vec<String>) {
    let mut after_keyword = false;
    // `*const T` is a pointer's type, not a constant `T` (nalgebra's `iterator!(struct
    // MatrixIter for RawStorage.ptr -> *const T, ..)` was kept for any solution's `T`).
    let mut after_star = false;
    for tree in tokens {
        match tree {
            TokenTree::Ident(i) => {
                let name = i.to_string();
                if after_keyword {
                    out.push(name.clone());
                }
                after_keyword = !after_star
                    && matches!(
                        name.as_str(),
                        "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "union"
                    );
                after_star = false;
            }
            TokenTree::Punct(p) => {
                after_keyword = false;
                after_star = p.as_char() == '*';
            }
            _ => {
                after_keyword = false;
                after_star = false;
            }
        }
    }
}

pub(super) fn is_std_path(path: &[String]) -> bool {
    let std_name = |h: &String| matches!(h.as_str(), "std" | "core" | "alloc");
    // `crate::fixedbitset::std::fmt::Write`: a library that says `use core as std;` at its
    // root names the standard library through that alias.
    path.first().is_some_and(std_name)
        || (path.len() >= 4 && path[0] == "crate" && std_name(&path[2]))
}
