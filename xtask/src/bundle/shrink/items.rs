//! The libraries' items as the size passes read them: every item with its module path,
//! the type an impl is for, and the aliases a symbol or an error sees through.

use crate::bundle::check::mono::{self, normal};
use crate::fast_hash::HashSet;

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
        syn::Type::Array(_) | syn::Type::Slice(_) => Some(mono::SEQUENCE.to_string()),
        _ => None,
    }
}

/// The libraries' type aliases: those without parameters (num-bigint's `type BigDigit =
/// u64;`) by name, as a symbol names the type an alias stands for; and every alias's head,
/// the type it stands for by its last segment (nalgebra's `MatrixMN<N, R, C>` is a
/// `Matrix<N, R, C, Owned<N, R, C>>`), as a symbol and an error name the type of an impl
/// written for the alias. A name a `use` renames (`use alga::linear::Translation as
/// AlgaTranslation;`, nalgebra's impls of alga's traits for its own `Translation`) is one
/// more alias, of a trait as of a type.
pub struct Aliases {
    plain: crate::fast_hash::HashMap<String, String>,
    heads: crate::fast_hash::HashMap<String, String>,
    /// Each alias with type parameters: its parameters and the type it stands for.
    generic: crate::fast_hash::HashMap<String, (Vec<String>, syn::Type)>,
}

impl Aliases {
    pub fn of(trees: &[Vec<syn::Item>]) -> Aliases {
        let mut all: crate::fast_hash::HashMap<String, Vec<String>> = Default::default();
        let mut heads: crate::fast_hash::HashMap<String, Vec<String>> = Default::default();
        let mut types = HashSet::default();
        let mut generic: crate::fast_hash::HashMap<String, Vec<_>> = Default::default();
        each_item(trees, &mut |_, item| match item {
            syn::Item::Type(t) => {
                let name = t.ident.to_string();
                let params = t.generics.type_params().map(|p| p.ident.to_string());
                (generic.entry(name.clone()).or_default())
                    .push((params.collect(), (*t.ty).clone()));
                let head = base(&t.ty).unwrap_or_default();
                heads.entry(name.clone()).or_default().push(head);
                if t.generics.params.is_empty() {
                    let ty = quote::ToTokens::to_token_stream(&t.ty).to_string();
                    all.entry(name).or_default().push(normal(&ty));
                }
            }
            syn::Item::Struct(syn::ItemStruct { ident, .. })
            | syn::Item::Enum(syn::ItemEnum { ident, .. })
            | syn::Item::Union(syn::ItemUnion { ident, .. })
            | syn::Item::Trait(syn::ItemTrait { ident, .. }) => {
                types.insert(ident.to_string());
            }
            syn::Item::Use(u) => renames(&u.tree, &mut |from, to| {
                heads.entry(to.clone()).or_default().push(from.clone());
                all.entry(to).or_default().push(from);
            }),
            _ => {}
        });
        // A name two aliases stand for different types under (or a type of its own bears)
        // is left as written.
        let one = |(name, mut targets): (String, Vec<String>)| {
            let same = !targets.is_empty() && targets.iter().all(|t| t == &targets[0]);
            same.then(|| (name, targets.swap_remove(0)))
        };
        let plain = (all.into_iter())
            .filter(|(name, _)| !types.contains(name))
            .filter_map(one)
            .collect();
        let heads = (heads.into_iter())
            .filter(|(name, _)| !types.contains(name))
            .filter_map(one)
            .filter(|(name, head)| !head.is_empty() && name != head)
            .collect();
        let generic = (generic.into_iter())
            .filter(|(_, defs)| defs.len() == 1)
            .map(|(name, mut defs)| (name, defs.swap_remove(0)))
            .collect();
        Aliases {
            plain,
            heads,
            generic,
        }
    }

    /// The type arguments of `ty` once its aliases are written out, each the one type
    /// it names where it is a plain name of no parameter of `params` (`U3`, `f64`), else
    /// `None` (any): `MatrixMN<N, U3, U1>`, nalgebra's `Matrix<N, R, C, Owned<N, R, C>>`,
    /// is `[None, U3, U1, None]`. `None` where the alias cannot be written out.
    pub fn arguments(
        &self,
        ty: &syn::Type,
        params: &HashSet<String>,
    ) -> Option<Vec<Option<String>>> {
        let mut ty = ty.clone();
        for _ in 0..8 {
            let syn::Type::Path(p) = &ty else { return None };
            let last = p.path.segments.last()?;
            let args: Vec<syn::Type> = match &last.arguments {
                syn::PathArguments::None => Vec::new(),
                syn::PathArguments::AngleBracketed(a) => (a.args.iter())
                    .filter_map(|g| match g {
                        syn::GenericArgument::Type(t) => Some(t.clone()),
                        _ => None,
                    })
                    .collect(),
                syn::PathArguments::Parenthesized(_) => return None,
            };
            let name = last.ident.to_string();
            let Some((names, target)) = self
                .generic
                .get(&name)
                .filter(|_| self.heads.contains_key(&name))
            else {
                let plain = |t: &syn::Type| match t {
                    syn::Type::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
                        let seg = &p.path.segments[0];
                        let id = seg.ident.to_string();
                        (seg.arguments.is_none() && !params.contains(&id)).then_some(id)
                    }
                    _ => None,
                };
                return Some(args.iter().map(plain).collect());
            };
            if names.len() != args.len() {
                return None;
            }
            let tokens = quote::ToTokens::to_token_stream(target);
            ty = syn::parse2(substitute(tokens, names, &args)).ok()?;
        }
        None
    }

    /// The type `name` stands for by its last segment, through aliases of aliases
    /// (`Vector3` is a `VectorN`, a `MatrixMN`, a `Matrix`); `name` itself when no alias.
    pub fn head(&self, name: &str) -> String {
        let mut out = name;
        for _ in 0..8 {
            match self.heads.get(out) {
                Some(next) => out = next,
                None => break,
            }
        }
        out.to_string()
    }

    /// `header` with each alias it names replaced by what it stands for (a few levels deep);
    /// a renamed item by its own name.
    pub fn resolve(&self, header: &str) -> String {
        let mut out = header.to_string();
        for _ in 0..3 {
            let mut next = String::new();
            let mut word = String::new();
            for c in out.chars().chain(std::iter::once('\0')) {
                if c.is_alphanumeric() || c == '_' {
                    word.push(c);
                    continue;
                }
                next.push_str(self.plain.get(&word).unwrap_or(&word));
                word.clear();
                if c != '\0' {
                    next.push(c);
                }
            }
            if next == out {
                break;
            }
            out = next;
        }
        out
    }
}

/// `tokens` with each identifier of `names` replaced by the type of `args` at its place.
fn substitute(
    tokens: proc_macro2::TokenStream,
    names: &[String],
    args: &[syn::Type],
) -> proc_macro2::TokenStream {
    use proc_macro2::TokenTree;
    let mut out = proc_macro2::TokenStream::new();
    for tt in tokens {
        match tt {
            TokenTree::Ident(id) => match names.iter().position(|n| id == n) {
                Some(k) => out.extend(quote::ToTokens::to_token_stream(&args[k])),
                None => out.extend([TokenTree::Ident(id)]),
            },
            TokenTree::Group(g) => {
                let inner = substitute(g.stream(), names, args);
                let mut group = proc_macro2::Group::new(g.delimiter(), inner);
                group.set_span(g.span());
                out.extend([TokenTree::Group(group)]);
            }
            other => out.extend([other]),
        }
    }
    out
}

/// Each `(name, rename)` of a `use` tree (`use a::{B as C, d::*}`: (`B`, `C`)).
fn renames(tree: &syn::UseTree, f: &mut impl FnMut(String, String)) {
    match tree {
        syn::UseTree::Path(p) => renames(&p.tree, f),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| renames(t, f)),
        syn::UseTree::Rename(r) if r.rename != "_" => f(r.ident.to_string(), r.rename.to_string()),
        _ => {}
    }
}
