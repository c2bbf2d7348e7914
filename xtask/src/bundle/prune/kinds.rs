//! Each kind of item as the index takes it: a trait with its items, an impl with its
//! header's names, a `use` tree leaf by leaf, a macro definition or call, a foreign block,
//! any other named item; with the generics a node's mentions leave out.

use super::index::{entered_library, is_std_path, lib_of, use_leaves, Index, Scope};
use super::nodes::{addr, Kind};
use super::symbols::{Sym, KINDS, MAC, QUAL};
use super::tokens::collect_idents;
use crate::fast_hash::HashSet;
use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use std::rc::Rc;

impl Index {
    /// A trait: its header's names, then each member as a node of its own.
    pub(super) fn trait_(&mut self, a: usize, t: &syn::ItemTrait, parent: &Scope) {
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
    pub(super) fn impl_(
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
    pub(super) fn use_(&mut self, u: &syn::ItemUse, parent: &Scope) {
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
    pub(super) fn macro_(
        &mut self,
        a: usize,
        item: &syn::Item,
        m: &syn::ItemMacro,
        parent: &Scope,
    ) {
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
    pub(super) fn const_underscore(
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
    pub(super) fn extern_block(&mut self, a: usize, f: &syn::ItemForeignMod, parent: &Scope) {
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
    pub(super) fn named(&mut self, a: usize, other: &syn::Item, parent: &Scope) {
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
}

/// `uses` less what names one of `params` (flags aside).
fn drop_params(uses: &mut Vec<Sym>, params: &HashSet<Sym>) {
    if !params.is_empty() {
        uses.retain(|u| !params.contains(&(u & !KINDS)));
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
