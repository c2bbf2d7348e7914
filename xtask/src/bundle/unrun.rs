//! Functions that never run, their bodies taken out.
//!
//! A debug build of a draft generates every function `main` reaches (`mono`), whatever the
//! input: a library's free function, inherent method or trait default method it does not
//! generate is called by no code that runs, only by code that never runs or by none. Its
//! body becomes `unreachable!()`, its signature stays for the type check of its callers,
//! and what only its body named is then dead to the pruner's walk: num-bigint's division
//! and parsing behind a factorial that multiplies and prints, hashbrown's resizing paths
//! an insertion-ordered count never takes.
//!
//! Left as written: `const fn`s (the compiler may run them while it builds, which a build's
//! symbols do not show), `async` and `extern` functions, functions returning `impl Trait`
//! (a body of `!` gives the opaque type nothing to be), exported symbols, and bodies no
//! longer than the stub.

use super::mono;
use std::collections::HashSet;

/// Calls `f` on every item of the libraries' `trees` with its module path (`#k::module`),
/// through inline modules: the one walk the size passes share.
pub fn each_item(trees: &[Vec<syn::Item>], f: &mut impl FnMut(&str, &syn::Item)) {
    fn go(items: &[syn::Item], path: &str, f: &mut impl FnMut(&str, &syn::Item)) {
        for item in items {
            if let syn::Item::Mod(m) = item {
                if let Some((_, content)) = &m.content {
                    go(content, &format!("{path}::{}", m.ident), f);
                }
            }
            f(path, item);
        }
    }
    for (k, items) in trees.iter().enumerate() {
        go(items, &format!("#{k}"), f);
    }
}

/// The type an impl is for, references peeled: `&'a BigUint` is `BigUint`.
pub fn base(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Reference(r) => base(&r.elem),
        syn::Type::Paren(p) => base(&p.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        syn::Type::Tuple(_) => Some(mono::TUPLE.to_string()),
        _ => None,
    }
}

/// The stub a body that never runs becomes.
fn stub_block() -> syn::Block {
    syn::parse_quote!({ unreachable!() })
}

/// Whether the body of a function so declared may become the stub (see the opening).
fn stubbable(sig: &syn::Signature, attrs: &[syn::Attribute], body: &syn::Block) -> bool {
    let tokens = |t: &dyn quote::ToTokens| t.to_token_stream().to_string();
    let returns_impl = match &sig.output {
        syn::ReturnType::Default => false,
        syn::ReturnType::Type(_, t) => tokens(t).split_whitespace().any(|w| w == "impl"),
    };
    let exported = ["no_mangle", "export_name", "test"];
    sig.constness.is_none()
        && sig.asyncness.is_none()
        && sig.abi.is_none()
        && !returns_impl
        && !attrs
            .iter()
            .any(|a| exported.iter().any(|n| a.path().is_ident(n)))
        && tokens(body).len() > tokens(&stub_block()).len()
}

/// Keys of the libraries' functions a debug build did not generate (`run`), for `stub`:
/// `#k::module::fn name!`, `#k::module::impl Type::name!` (an inherent method),
/// `#k::module::trait Trait::name!` (a default method).
pub fn keys(trees: &[Vec<syn::Item>], run: &mono::Instances) -> HashSet<String> {
    // (trait, method) of the trait methods generated, for the defaults.
    let trait_methods: HashSet<(&str, &str)> = (run.methods.iter())
        .filter_map(|(h, m)| Some((mono::header_parts(h)?.1, m.as_str())))
        .collect();
    let names: HashSet<&str> = run.functions.iter().map(|(_, n)| n.as_str()).collect();
    let ran = |container: &str, name: &str| {
        run.functions
            .contains(&(container.to_string(), name.to_string()))
    };
    // A symbol names the type an alias stands for: an inherent impl on an alias is left.
    let mut aliases = HashSet::new();
    each_item(trees, &mut |_, item| {
        if let syn::Item::Type(t) = item {
            aliases.insert(t.ident.to_string());
        }
    });
    let mut out = HashSet::new();
    each_item(trees, &mut |path, item| match item {
        syn::Item::Fn(f) => {
            let name = f.sig.ident.to_string();
            let module = path.rsplit("::").next().unwrap_or(path);
            // A library's root module is named otherwise in the draft: any container.
            let generated = if module.starts_with('#') {
                names.contains(name.as_str())
            } else {
                ran(module, &name)
            };
            if !generated && stubbable(&f.sig, &f.attrs, &f.block) {
                out.insert(format!("{path}::fn {name}!"));
            }
        }
        syn::Item::Impl(i) if i.trait_.is_none() => {
            let Some(ty) = base(&i.self_ty).filter(|t| !aliases.contains(t)) else {
                return;
            };
            for ii in &i.items {
                let syn::ImplItem::Fn(f) = ii else { continue };
                let name = f.sig.ident.to_string();
                if !ran(&ty, &name) && stubbable(&f.sig, &f.attrs, &f.block) {
                    out.insert(format!("{path}::impl {ty}::{name}!"));
                }
            }
        }
        syn::Item::Trait(t) => {
            let tr = t.ident.to_string();
            for ti in &t.items {
                let syn::TraitItem::Fn(f) = ti else { continue };
                let Some(body) = &f.default else { continue };
                let name = f.sig.ident.to_string();
                // A default's symbol is the trait's path (`draft::a::Tr::name`), an
                // override's the impl's (`<X as Tr>::name`).
                let generated =
                    ran(&tr, &name) || trait_methods.contains(&(tr.as_str(), name.as_str()));
                if !generated && stubbable(&f.sig, &f.attrs, body) {
                    out.insert(format!("{path}::trait {tr}::{name}!"));
                }
            }
        }
        _ => {}
    });
    out
}

/// Gives the functions of `item` (in the module at `path`) keyed in `dead` the stub body.
pub fn stub(item: &mut syn::Item, path: &str, dead: &HashSet<String>) {
    let is_dead = |key: String| dead.contains(&key);
    match item {
        syn::Item::Fn(f) => {
            if is_dead(format!("{path}::fn {}!", f.sig.ident)) {
                *f.block = stub_block();
            }
        }
        syn::Item::Impl(i) if i.trait_.is_none() => {
            let Some(ty) = base(&i.self_ty) else { return };
            for ii in &mut i.items {
                if let syn::ImplItem::Fn(f) = ii {
                    if is_dead(format!("{path}::impl {ty}::{}!", f.sig.ident)) {
                        f.block = stub_block();
                    }
                }
            }
        }
        syn::Item::Trait(t) => {
            let tr = t.ident.to_string();
            for ti in &mut t.items {
                if let syn::TraitItem::Fn(f) = ti {
                    if is_dead(format!("{path}::trait {tr}::{}!", f.sig.ident)) {
                        f.default = Some(stub_block());
                    }
                }
            }
        }
        _ => {}
    }
}
