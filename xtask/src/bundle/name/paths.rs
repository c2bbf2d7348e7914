//! Paths of a library rewritten for life as a module of the bundle: `crate::x` becomes
//! `crate::<lib>::x`, `$crate::x` becomes `$crate::<lib>::x`, and a dependency's paths
//! (`dep::x`, `::dep::x`, `use dep::...`, `extern crate dep`) point at its own module.

use crate::bundle::{Dep, Library};
use crate::fast_hash::{HashMap, HashSet};
use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::visit_mut::VisitMut;

/// Rewrites `items` (a library's whole tree) in place; returns whether it uses `alloc`.
/// `exported`: the macros each library exports, by module.
pub fn rewrite(
    items: &mut Vec<syn::Item>,
    lib: &Library,
    exported: &HashMap<String, crate::bundle::read::expand::Macros>,
) -> bool {
    local_inner_macros(items);
    macro_use_calls(items, lib, exported);
    let local_roots: HashSet<String> = items.iter().filter_map(root_name).collect();
    let mut rewriter = Rewriter {
        lib,
        local_roots,
        prelude_aliases: HashMap::default(),
        uses_alloc: false,
    };
    // `extern crate num_traits as num;` at the root puts `num` in the extern prelude: `use
    // num::Num;` in any module of the crate (alga 0.9) names num-traits.
    for item in items.iter() {
        if let syn::Item::ExternCrate(e) = item {
            if let (Some((_, alias)), Some(m)) =
                (&e.rename, rewriter.extern_module(&e.ident.to_string()))
            {
                let m = m.to_string();
                rewriter.prelude_aliases.insert(alias.to_string(), m);
            }
        }
    }
    rewriter.fix_items(items);
    for item in items.iter_mut() {
        rewriter.visit_item_mut(item);
    }
    rewriter.uses_alloc
}

/// `#[macro_export(local_inner_macros)]` (lazy_static, written for edition 2015) makes every
/// one-segment macro call in the macro's expansion mean the crate's own macro, as if written
/// `$crate::name!`. Once the macro lives in a module of the bundle, that meaning has to be
/// spelt out: such calls gain `$crate::` (rewritten to the library's module like any other
/// `$crate` path), and the attribute becomes a plain `#[macro_export]`.
fn local_inner_macros(items: &mut [syn::Item]) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &mut m.content {
                    local_inner_macros(content);
                }
            }
            syn::Item::Macro(m) => {
                let mut local = false;
                for attr in &mut m.attrs {
                    if attr.path().is_ident("macro_export")
                        && attr
                            .parse_args::<Ident>()
                            .is_ok_and(|i| i == "local_inner_macros")
                    {
                        *attr = syn::parse_quote!(#[macro_export]);
                        local = true;
                    }
                }
                if local {
                    m.mac.tokens = crate_local_transcribers(std::mem::take(&mut m.mac.tokens));
                }
            }
            _ => {}
        }
    }
}

/// `#[macro_use] extern crate dep;` at a library's root puts dep's exported macros in scope
/// in every module of the crate; once the crate is a module of the bundle, its root's glob
/// import of dep reaches only the root. So a bare call of one of them anywhere else
/// (nalgebra 0.20's `relative_eq!` in `base::properties`, from approx) is written with its
/// path, `::dep::name!` (turned into dep's module by the rewrite that follows), in the
/// library's code and in its macros' expansions; a macro the library defines itself keeps
/// its bare calls.
fn macro_use_calls(
    items: &mut [syn::Item],
    lib: &Library,
    exported: &HashMap<String, crate::bundle::read::expand::Macros>,
) {
    let mut from: HashMap<String, String> = HashMap::default();
    for item in items.iter() {
        let syn::Item::ExternCrate(e) = item else {
            continue;
        };
        if !e.attrs.iter().any(|a| a.path().is_ident("macro_use")) {
            continue;
        }
        let dep = e.ident.to_string();
        if let Some(Dep::Module(m)) = lib.deps.get(&dep) {
            for name in exported
                .get(m)
                .map(|x| x.exported_names())
                .into_iter()
                .flatten()
            {
                from.entry(name.clone()).or_insert_with(|| dep.clone());
            }
        }
    }
    if from.is_empty() {
        return;
    }
    let mut own = HashSet::default();
    macro_names(items, &mut own);
    from.retain(|name, _| !own.contains(name));
    let mut pass = MacroUseCalls { from };
    for item in items.iter_mut() {
        pass.visit_item_mut(item);
    }
}

fn macro_names(items: &[syn::Item], out: &mut HashSet<String>) {
    for item in items {
        match item {
            syn::Item::Macro(m) => {
                if let Some(name) = &m.ident {
                    out.insert(name.to_string());
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    macro_names(inner, out);
                }
            }
            _ => {}
        }
    }
}

/// See `macro_use_calls`: each macro name, with the dependency (as the library names it)
/// that exports it.
struct MacroUseCalls {
    from: HashMap<String, String>,
}

impl MacroUseCalls {
    /// `name!` (not `path::name!`, `$name!` nor `x.name`) written `dep::name!`.
    fn tokens(&self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let punct = |i: usize, c: char| matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let mut out = Vec::with_capacity(trees.len());
        for (i, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Group(g) => {
                    let mut group = proc_macro2::Group::new(g.delimiter(), self.tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                TokenTree::Ident(id) => {
                    let bang = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!' && p.spacing() == Spacing::Alone);
                    let qualified = i > 0 && (punct(i - 1, ':') || punct(i - 1, '$'));
                    match self.from.get(&id.to_string()) {
                        Some(dep) if bang && !qualified => {
                            out.push(TokenTree::Ident(ident(dep)));
                            out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
                            out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
                        }
                        _ => {}
                    }
                    out.push(tree.clone());
                }
                other => out.push(other.clone()),
            }
        }
        out.into_iter().collect()
    }
}

impl VisitMut for MacroUseCalls {
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        if let Some(dep) = mac
            .path
            .get_ident()
            .and_then(|name| self.from.get(&name.to_string()))
        {
            let (dep, name) = (ident(dep), mac.path.segments[0].ident.clone());
            mac.path = syn::parse_quote!(::#dep::#name);
        }
        mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
    }
}

/// The arms of a `macro_rules!` body with every one-segment macro call of their expansions
/// (`name!`, not `path::name!` nor `$var!`) written `$crate::name!`; matchers untouched.
fn crate_local_transcribers(body: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    for (i, tree) in trees.iter().enumerate() {
        let after_arrow = i >= 2
            && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '>')
            && matches!(&trees[i - 2], TokenTree::Punct(p) if p.as_char() == '=');
        match tree {
            TokenTree::Group(g) if after_arrow => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), crate_local_calls(g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other.clone()),
        }
    }
    out.into_iter().collect()
}

fn crate_local_calls(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let punct =
        |i: usize, c: char| matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
    let mut out = Vec::with_capacity(trees.len());
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), crate_local_calls(g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            TokenTree::Ident(id) => {
                let bang = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!' && p.spacing() == Spacing::Alone);
                let qualified = i > 0 && (punct(i - 1, ':') || punct(i - 1, '$'));
                if bang && !qualified && id != "macro_rules" {
                    out.push(TokenTree::Punct(Punct::new('$', Spacing::Alone)));
                    out.push(TokenTree::Ident(ident("crate")));
                    out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
                    out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
                }
                out.push(tree.clone());
            }
            other => out.push(other.clone()),
        }
    }
    out.into_iter().collect()
}

fn root_name(item: &syn::Item) -> Option<String> {
    // An `extern crate` is the dependency itself, not a local name that shadows it.
    match item {
        syn::Item::ExternCrate(_) | syn::Item::Macro(_) => None,
        _ => crate::bundle::read::syntax::item_name(item),
    }
}

struct Rewriter<'a> {
    lib: &'a Library,
    /// Names defined at the library's root: a path starting with one is not a dependency's.
    local_roots: HashSet<String>,
    /// Names a root `extern crate dep as name;` gives a dependency, with its module.
    prelude_aliases: HashMap<String, String>,
    uses_alloc: bool,
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

impl Rewriter<'_> {
    /// The bundle module of dependency `name` as this library writes it.
    fn dep_module(&self, name: &str) -> Option<&str> {
        if self.local_roots.contains(name) {
            return None;
        }
        self.extern_module(name)
    }

    /// The bundle module of dependency `name` where nothing local can shadow it: after a
    /// leading `::`, and in `extern crate name;` (multimap's `mod serde { extern crate
    /// serde; }` names the crate though the library's root has a module `serde`).
    fn extern_module(&self, name: &str) -> Option<&str> {
        match self.lib.deps.get(name) {
            Some(Dep::Module(m)) => Some(m),
            Some(_) => None,
            None => self.prelude_aliases.get(name).map(String::as_str),
        }
    }

    /// `dep_module`, or `extern_module` for a path written with a leading `::`.
    fn dep_module_at(&self, name: &str, absolute: bool) -> Option<&str> {
        if absolute {
            self.extern_module(name)
        } else {
            self.dep_module(name)
        }
    }

    fn is_proc_macro(&self, name: &str) -> bool {
        matches!(self.lib.deps.get(name), Some(Dep::ProcMacro(_)))
    }

    /// `extern crate` items and re-exports of proc-macro crates, in every module.
    fn fix_items(&mut self, items: &mut Vec<syn::Item>) {
        let mut out = Vec::with_capacity(items.len());
        for mut item in items.drain(..) {
            match &mut item {
                syn::Item::ExternCrate(e) => {
                    let name = e.ident.to_string();
                    let macro_use = e.attrs.iter().any(|a| a.path().is_ident("macro_use"));
                    let vis = &e.vis;
                    let target = match name.as_str() {
                        "alloc" => {
                            self.uses_alloc = true;
                            Some(quote::quote!(::alloc))
                        }
                        "std" | "core" => {
                            let n = ident(&name);
                            Some(quote::quote!(::#n))
                        }
                        // Written `::dep`, the dependency's own name where nothing local
                        // shadows it: the pass over every item that follows turns it into
                        // the dependency's module (written as `crate::dep` here, that pass
                        // would read it as a path of this library's own: `extern crate
                        // num_traits as traits;` of num-integer became `use
                        // crate::num_integer::num_traits as traits;`).
                        _ => self.extern_module(&name).map(|_| {
                            let n = ident(&name);
                            quote::quote!(::#n)
                        }),
                    };
                    if let (Some(target), Some((_, rename))) = (&target, &e.rename) {
                        out.push(syn::parse_quote!(#vis use #target as #rename;));
                    } else if let (Some(target), false) =
                        (&target, matches!(name.as_str(), "std" | "core" | "alloc"))
                    {
                        // The crate's name in this module, as the `extern crate` made it
                        // (multimap's `mod serde { extern crate serde; use self::serde::de; }`).
                        let n = ident(&name);
                        out.push(
                            syn::parse_quote!(#[allow(unused_imports)] #vis use #target as #n;),
                        );
                    } else if matches!(name.as_str(), "std" | "core" | "alloc") {
                        // 2015 code names them through a module (`extern crate std;` then
                        // `use self::std::cell::Cell;`): keep the name there. Private: the
                        // bundle's own `extern crate alloc;` cannot be re-exported (E0365),
                        // and the library's modules see a private name of its root anyway.
                        if let Some(target) = &target {
                            let n = ident(&name);
                            out.push(
                                syn::parse_quote!(#[allow(unused_imports)] use #target as #n;),
                            );
                        }
                    }
                    if let (Some(target), true) = (&target, macro_use) {
                        out.push(syn::parse_quote!(#[allow(unused_imports)] use #target::*;));
                    }
                    continue;
                }
                syn::Item::Use(u) => {
                    let first = match &u.tree {
                        syn::UseTree::Path(p) => Some(p.ident.to_string()),
                        syn::UseTree::Name(n) => Some(n.ident.to_string()),
                        syn::UseTree::Rename(r) => Some(r.ident.to_string()),
                        _ => None,
                    };
                    if first.is_some_and(|f| self.is_proc_macro(&f)) {
                        continue; // its macros are expanded by the bundler or refused
                    }
                }
                syn::Item::Mod(m) => {
                    if let Some((_, content)) = &mut m.content {
                        self.fix_items(content);
                    }
                }
                _ => {}
            }
            out.push(item);
        }
        *items = out;
    }

    /// The head of a `use` tree.
    fn fix_use_tree(&mut self, tree: &mut syn::UseTree, leading_colon: bool) {
        let lib_module = ident(&self.lib.module);
        match tree {
            syn::UseTree::Path(p) => {
                let head = p.ident.to_string();
                if head == "alloc" {
                    self.uses_alloc = true;
                }
                if head == "crate" && !leading_colon {
                    let rest = std::mem::replace(&mut *p.tree, syn::parse_quote!(x));
                    *p.tree = syn::UseTree::Path(syn::UsePath {
                        ident: lib_module,
                        colon2_token: Default::default(),
                        tree: Box::new(rest),
                    });
                } else if let Some(m) = self.dep_module_at(&head, leading_colon).map(ident) {
                    p.ident = ident("crate");
                    let rest = std::mem::replace(&mut *p.tree, syn::parse_quote!(x));
                    *p.tree = syn::UseTree::Path(syn::UsePath {
                        ident: m,
                        colon2_token: Default::default(),
                        tree: Box::new(rest),
                    });
                }
            }
            syn::UseTree::Name(n) => {
                let head = n.ident.to_string();
                if let Some(m) = self.dep_module_at(&head, leading_colon).map(ident) {
                    let original = n.ident.clone();
                    *tree = syn::parse_quote!(crate::#m as #original);
                }
            }
            syn::UseTree::Rename(r) => {
                if let Some(m) = self
                    .dep_module_at(&r.ident.to_string(), leading_colon)
                    .map(ident)
                {
                    let rename = r.rename.clone();
                    *tree = syn::parse_quote!(crate::#m as #rename);
                }
            }
            syn::UseTree::Group(g) => {
                for t in g.items.iter_mut() {
                    self.fix_use_tree(t, leading_colon);
                }
            }
            syn::UseTree::Glob(_) => {}
        }
    }

    /// Paths inside macro tokens: `$crate ::`, `crate ::`, `dep ::`.
    fn fix_tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let is_colons = |i: usize| {
            matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
                && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
        };
        let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
        let colons = || {
            [
                TokenTree::Punct(Punct::new(':', Spacing::Joint)),
                TokenTree::Punct(Punct::new(':', Spacing::Alone)),
            ]
        };
        for (i, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Group(g) => {
                    let mut group =
                        proc_macro2::Group::new(g.delimiter(), self.fix_tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                TokenTree::Ident(id) if is_colons(i + 1) => {
                    let name = id.to_string();
                    let after_dollar =
                        i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
                    let after_colons = i >= 2 && is_colons(i - 2);
                    if name == "alloc" && !after_colons {
                        self.uses_alloc = true;
                    }
                    // `::dep ::` (generic-array 0.13's `impl_from!{1 => ::typenum::U1, ..}`):
                    // the leading `::` starts the path, as after `=>`, `,`, `<` or `as`.
                    let leading = after_colons
                        && match i.checked_sub(3).map(|k| &trees[k]) {
                            None => true,
                            Some(TokenTree::Ident(k)) => matches!(
                                k.to_string().as_str(),
                                "as" | "for"
                                    | "impl"
                                    | "dyn"
                                    | "where"
                                    | "in"
                                    | "mut"
                                    | "const"
                                    | "pub"
                                    | "let"
                                    | "return"
                                    | "use"
                                    | "type"
                            ),
                            // `=>` and `->`, not the `>` closing generics.
                            Some(TokenTree::Punct(p)) => {
                                p.as_char() != '>'
                                    || i >= 4
                                        && matches!(&trees[i - 4], TokenTree::Punct(q) if matches!(q.as_char(), '=' | '-') && q.spacing() == Spacing::Joint)
                            }
                            Some(_) => false,
                        };
                    if let (true, Some(m)) = (leading, self.extern_module(&name)) {
                        let m = ident(m);
                        out.truncate(out.len() - 2);
                        out.push(TokenTree::Ident(ident("crate")));
                        out.extend(colons());
                        out.push(TokenTree::Ident(m));
                        continue;
                    }
                    // `$crate ::` and `crate ::` alike gain the library's module.
                    if name == "crate" {
                        out.push(tree.clone());
                        out.extend(colons());
                        out.push(TokenTree::Ident(ident(&self.lib.module)));
                    } else if let (false, false, Some(m)) =
                        (after_colons, after_dollar, self.dep_module(&name))
                    {
                        out.push(TokenTree::Ident(ident("crate")));
                        out.extend(colons());
                        out.push(TokenTree::Ident(ident(m)));
                    } else {
                        out.push(tree.clone());
                    }
                }
                other => out.push(other.clone()),
            }
        }
        out.into_iter().collect()
    }
}

impl VisitMut for Rewriter<'_> {
    // A library's `pub(crate)` means its own crate, which is now one module of the bundle:
    // `pub(in crate::lib)` says exactly that. (Left as `pub(crate)`, an item of it that
    // names a type private to the library's root is "more public" than that type: E0446 on
    // rustc 1.73, a warning from 1.74.)
    fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
        if let syn::Visibility::Restricted(r) = vis {
            if r.in_token.is_none() && r.path.is_ident("crate") {
                let lib = ident(&self.lib.module);
                *vis = syn::parse_quote!(pub(in crate::#lib));
                return;
            }
        }
        syn::visit_mut::visit_visibility_mut(self, vis);
    }

    // `<T as crate::Trait>::f`: the segments inserted before the trait move its position.
    fn visit_expr_path_mut(&mut self, e: &mut syn::ExprPath) {
        for attr in &mut e.attrs {
            self.visit_attribute_mut(attr);
        }
        qualified(self, &mut e.qself, &mut e.path);
    }
    fn visit_type_path_mut(&mut self, t: &mut syn::TypePath) {
        qualified(self, &mut t.qself, &mut t.path);
    }
    fn visit_item_use_mut(&mut self, u: &mut syn::ItemUse) {
        self.visit_visibility_mut(&mut u.vis);
        // The bundle is one crate and a library one private module of its root: `pub`
        // reaches no one that `pub(crate)` does not, and `pub` cannot re-export what the
        // bundle makes crate-wide: a whole dependency (`pub use rand_core;`, now a private
        // module of the root: E0365) or a dependency's `#[macro_export]` macro (serde's
        // `pub use serde_core::forward_to_deserialize_any;`, now `pub(crate) use`: E0364).
        if matches!(u.vis, syn::Visibility::Public(_)) {
            u.vis = syn::parse_quote!(pub(crate));
        }
        let absolute = u.leading_colon.is_some();
        if absolute {
            // `use ::dep::x` is `use dep::x` in edition 2018 and later.
            let head = match &u.tree {
                syn::UseTree::Path(p) => Some(p.ident.to_string()),
                syn::UseTree::Name(n) => Some(n.ident.to_string()),
                syn::UseTree::Rename(r) => Some(r.ident.to_string()),
                _ => None,
            };
            if head.is_some_and(|h| self.extern_module(&h).is_some()) {
                u.leading_colon = None;
            }
        }
        self.fix_use_tree(&mut u.tree, absolute);
    }

    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.segments.len() > 1 {
            let head = path.segments[0].ident.to_string();
            if head == "alloc" {
                self.uses_alloc = true;
            }
            if head == "crate" && path.leading_colon.is_none() {
                path.segments
                    .insert(1, syn::PathSegment::from(ident(&self.lib.module)));
            } else if let Some(m) = self
                .dep_module_at(&head, path.leading_colon.is_some())
                .map(ident)
            {
                path.leading_colon = None;
                path.segments[0] = syn::PathSegment::from(m);
                path.segments
                    .insert(0, syn::PathSegment::from(ident("crate")));
            }
        }
        syn::visit_mut::visit_path_mut(self, path);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        self.visit_path_mut(&mut mac.path);
        mac.tokens = self.fix_tokens(std::mem::take(&mut mac.tokens));
    }
}

/// Rewrites a path that may be qualified (`<T as Trait>::x`), keeping `qself.position` on
/// the trait's last segment when segments are inserted in front of it.
fn qualified(r: &mut Rewriter, qself: &mut Option<syn::QSelf>, path: &mut syn::Path) {
    if let Some(q) = qself {
        r.visit_type_mut(&mut q.ty);
    }
    let before = path.segments.len();
    r.visit_path_mut(path);
    if let Some(q) = qself {
        if q.position > 0 {
            q.position += path.segments.len() - before;
        }
    }
}
