//! `#[ext]` (the easy-ext crate's attribute, a proc-macro crate the judge cannot have)
//! written out on the solution's own impls, as the crate documents it: `#[ext(Name)] impl<G>
//! Type where W { items }` is a trait `Name<G> where W` declaring each item (a method's
//! signature, a constant's type, an associated type) and `impl<G> Name<G> for Type where W {
//! items }`. The trait's visibility is the impl's (`#[ext] pub impl ..`), else its items'
//! (`pub fn`); without a name the trait gets one no program can write (`__ExtTrait<offset>`),
//! as the crate's own unnamed traits are only ever called through.
//!
//! The impl's own text stays as written (the bundle's path edits reach inside it); only the
//! header gains `Name<G> for` and the items lose their visibility. A `pub impl`, which syn
//! keeps as unparsed tokens, is written anew whole.

use super::scan::range;
use super::scan::InBundle;
use crate::bundle::Dep;
use crate::edits::Edits;
use quote::{quote, ToTokens};
use std::collections::BTreeMap;
use syn::visit::Visit;

/// The names the solution's manifest gives the easy-ext crate.
pub fn crate_names(deps: &BTreeMap<String, Dep>) -> Vec<String> {
    deps.iter()
        .filter(|(_, d)| matches!(d, Dep::ProcMacro(p) if p == "easy-ext"))
        .map(|(name, _)| name.clone())
        .collect()
}

/// Whether `attr` is the crate's `#[ext]` (or `#[easy_ext::ext]`).
fn is_ext(attr: &syn::Attribute, crates: &[String]) -> bool {
    let segments: Vec<String> = (attr.path().segments.iter())
        .map(|s| s.ident.to_string())
        .collect();
    match segments.as_slice() {
        [one] => one == "ext",
        [krate, one] => one == "ext" && crates.contains(krate),
        _ => false,
    }
}

/// Writes out every `#[ext]` impl of the solution (at any depth: in modules and function
/// bodies) and removes the crate's imports; an `#[ext]` on anything else is refused with
/// where it is.
pub fn expand(
    ast: &syn::File,
    crates: &[String],
    deps: &BTreeMap<String, Dep>,
    at: &dyn Fn(usize) -> String,
    edits: &mut Edits,
) -> anyhow::Result<()> {
    let mut finder = Finder {
        crates,
        found: Vec::new(),
    };
    finder.visit_file(ast);
    for found in finder.found {
        match found {
            Found::Use(r) => edits.remove(r),
            Found::Impl(i, attr) => {
                let name = trait_name(attr, range(i).start)
                    .map_err(|why| anyhow::anyhow!("{}: `#[ext]` {why}", at(range(attr).start)))?;
                write_impl(i, attr, &name, deps, edits)
                    .map_err(|why| anyhow::anyhow!("{}: `#[ext]` {why}", at(range(i).start)))?;
            }
            Found::PubImpl(item) => {
                let start = range(item).start;
                let text = write_pub_impl(item, crates, deps, start)
                    .map_err(|why| anyhow::anyhow!("{}: `#[ext]` {why}", at(start)))?;
                edits.replace(range(item), text);
            }
            Found::Elsewhere(offset) => {
                return Err(anyhow::anyhow!(
                    "{}: `#[ext]` goes on an impl block (easy-ext refuses it elsewhere too)",
                    at(offset)
                ))
            }
        }
    }
    Ok(())
}

enum Found<'ast> {
    /// A `use` of the crate: it goes.
    Use(std::ops::Range<usize>),
    /// `#[ext] impl ..`, parsed.
    Impl(&'ast syn::ItemImpl, &'ast syn::Attribute),
    /// `#[ext] pub impl ..`, which syn leaves as tokens.
    PubImpl(&'ast proc_macro2::TokenStream),
    Elsewhere(usize),
}

struct Finder<'a, 'ast> {
    crates: &'a [String],
    found: Vec<Found<'ast>>,
}

impl<'ast> Visit<'ast> for Finder<'_, 'ast> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        match item {
            syn::Item::Use(u) if use_of(&u.tree, self.crates) => {
                self.found.push(Found::Use(range(item)));
                return;
            }
            syn::Item::Impl(i) => {
                if let Some(attr) = i.attrs.iter().find(|a| is_ext(a, self.crates)) {
                    self.found.push(Found::Impl(i, attr));
                }
            }
            syn::Item::Verbatim(tokens) if pub_impl(tokens, self.crates).is_some() => {
                self.found.push(Found::PubImpl(tokens));
                return;
            }
            _ => {
                let attrs = super::syntax::item_attrs(item);
                if let Some(a) = attrs.iter().find(|a| is_ext(a, self.crates)) {
                    self.found.push(Found::Elsewhere(range(a).start));
                }
            }
        }
        syn::visit::visit_item(self, item);
    }
}

/// Whether a `use` tree names only the crate (`use easy_ext::ext;`).
fn use_of(tree: &syn::UseTree, crates: &[String]) -> bool {
    match tree {
        syn::UseTree::Path(p) => crates.contains(&p.ident.to_string()),
        syn::UseTree::Group(g) => !g.items.is_empty() && g.items.iter().all(|t| use_of(t, crates)),
        _ => false,
    }
}

/// `#[ext] pub impl ..` read from its tokens: the attribute, the visibility, and the impl
/// without them (`None` when the tokens are anything else).
fn pub_impl(
    tokens: &proc_macro2::TokenStream,
    crates: &[String],
) -> Option<(syn::Attribute, syn::Visibility, syn::ItemImpl)> {
    let parser = |input: syn::parse::ParseStream| {
        let attrs = input.call(syn::Attribute::parse_outer)?;
        let vis: syn::Visibility = input.parse()?;
        let mut item: syn::ItemImpl = input.parse()?;
        item.attrs = attrs;
        Ok((vis, item))
    };
    let (vis, mut item) = syn::parse::Parser::parse2(parser, tokens.clone()).ok()?;
    let at = item.attrs.iter().position(|a| is_ext(a, crates))?;
    let attr = item.attrs.remove(at);
    Some((attr, vis, item))
}

/// The trait's name: `#[ext(Name)]`'s, else one of the crate's unnamed kind.
fn trait_name(attr: &syn::Attribute, offset: usize) -> Result<String, String> {
    match &attr.meta {
        syn::Meta::Path(_) => Ok(format!("__ExtTrait{offset}")),
        syn::Meta::List(l) => {
            let ident: syn::Ident = syn::parse2(l.tokens.clone())
                .map_err(|_| "takes a trait name and nothing else here".to_string())?;
            Ok(ident.to_string())
        }
        syn::Meta::NameValue(_) => Err("takes a trait name in parentheses".into()),
    }
}

/// The trait an impl declares: `vis trait Name<G> where W { declarations }`, its paths into
/// libraries as the bundle writes them.
fn declaration(
    i: &syn::ItemImpl,
    vis: &syn::Visibility,
    name: &str,
    deps: &BTreeMap<String, Dep>,
) -> Result<String, String> {
    if i.trait_.is_some() {
        return Err("goes on an impl of a type, not of a trait".into());
    }
    let mut items = Vec::new();
    for item in &i.items {
        items.push(match item {
            syn::ImplItem::Fn(f) => {
                let mut sig = f.sig.clone();
                if sig.constness.is_some() {
                    return Err(format!(
                        "cannot declare the const fn `{}` in a trait",
                        sig.ident
                    ));
                }
                for input in sig.inputs.iter_mut() {
                    match input {
                        // A declaration has no patterns: `mut self`, `(a, b): (u8, u8)` go.
                        syn::FnArg::Receiver(r) => r.mutability = None,
                        syn::FnArg::Typed(t) => *t.pat = syn::parse_quote!(_),
                    }
                }
                let attrs = cfgs(&f.attrs);
                quote!(#(#attrs)* #sig;)
            }
            syn::ImplItem::Const(c) => {
                let (attrs, ident, ty) = (cfgs(&c.attrs), &c.ident, &c.ty);
                quote!(#(#attrs)* const #ident: #ty;)
            }
            syn::ImplItem::Type(t) => {
                let (attrs, ident) = (cfgs(&t.attrs), &t.ident);
                quote!(#(#attrs)* type #ident;)
            }
            _ => return Err("holds an item a trait cannot declare".into()),
        });
    }
    let generics = &i.generics;
    let where_clause = &generics.where_clause;
    let ident = syn::Ident::new(name, proc_macro2::Span::call_site());
    let mut decl: syn::ItemTrait = syn::parse2(quote! {
        #[allow(non_camel_case_types)]
        #vis trait #ident #generics #where_clause { #(#items)* }
    })
    .map_err(|e| format!("cannot be declared as a trait: {e}"))?;
    syn::visit_mut::VisitMut::visit_item_trait_mut(&mut InBundle(deps), &mut decl);
    Ok(decl.to_token_stream().to_string())
}

/// An item's `#[cfg]`s, which its declaration keeps (an item left out leaves no
/// declaration without an implementation).
fn cfgs(attrs: &[syn::Attribute]) -> Vec<&syn::Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("cfg")).collect()
}

/// The visibility the trait takes: the impl's, else its first item's that has one.
fn items_visibility(i: &syn::ItemImpl) -> syn::Visibility {
    (i.items.iter())
        .find_map(|item| match item {
            syn::ImplItem::Fn(f) if !matches!(f.vis, syn::Visibility::Inherited) => {
                Some(f.vis.clone())
            }
            syn::ImplItem::Const(c) if !matches!(c.vis, syn::Visibility::Inherited) => {
                Some(c.vis.clone())
            }
            _ => None,
        })
        .unwrap_or(syn::Visibility::Inherited)
}

/// The trait's arguments, the impl's parameters by name: `<'a, T, N>`.
fn arguments(generics: &syn::Generics) -> String {
    let names: Vec<String> = (generics.params.iter())
        .map(|p| match p {
            syn::GenericParam::Lifetime(l) => l.lifetime.to_string(),
            syn::GenericParam::Type(t) => t.ident.to_string(),
            syn::GenericParam::Const(c) => c.ident.to_string(),
        })
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!("<{}>", names.join(", "))
    }
}

/// `#[ext] impl ..` written out by edits to its own text.
fn write_impl(
    i: &syn::ItemImpl,
    attr: &syn::Attribute,
    name: &str,
    deps: &BTreeMap<String, Dep>,
    edits: &mut Edits,
) -> Result<(), String> {
    let declaration = declaration(i, &items_visibility(i), name, deps)?;
    let (item_at, attr_at) = (range(i), range(attr));
    if item_at.start == attr_at.start {
        edits.replace(attr_at, format!("{declaration}\n"));
    } else {
        edits.insert(item_at.start, format!("{declaration}\n"));
        edits.remove(attr_at);
    }
    // `impl<G>` becomes `impl<G> Name<G> for`.
    let after = match &i.generics.gt_token {
        Some(gt) => range(gt).end,
        None => range(&i.impl_token).end,
    };
    edits.insert(after, format!(" {name}{} for", arguments(&i.generics)));
    for item in &i.items {
        let vis = match item {
            syn::ImplItem::Fn(f) => &f.vis,
            syn::ImplItem::Const(c) => &c.vis,
            _ => continue,
        };
        if !matches!(vis, syn::Visibility::Inherited) {
            edits.remove(range(vis));
        }
    }
    Ok(())
}

/// `#[ext] pub impl ..` written anew: the trait, then the impl, both as tokens.
fn write_pub_impl(
    tokens: &proc_macro2::TokenStream,
    crates: &[String],
    deps: &BTreeMap<String, Dep>,
    offset: usize,
) -> Result<String, String> {
    let (attr, vis, mut i) = pub_impl(tokens, crates).ok_or("cannot be read")?;
    let name = trait_name(&attr, offset)?;
    let declaration = declaration(&i, &vis, &name, deps)?;
    let path: syn::Path = syn::parse_str(&format!("{name}{}", arguments(&i.generics)))
        .map_err(|e| format!("cannot name its trait: {e}"))?;
    i.trait_ = Some((None, path, Default::default()));
    for item in i.items.iter_mut() {
        match item {
            syn::ImplItem::Fn(f) => f.vis = syn::Visibility::Inherited,
            syn::ImplItem::Const(c) => c.vis = syn::Visibility::Inherited,
            _ => {}
        }
    }
    syn::visit_mut::VisitMut::visit_item_impl_mut(&mut InBundle(deps), &mut i);
    Ok(format!("{declaration}\n{}", i.to_token_stream()))
}
