//! A pruned library printed as one module of the bundle: docs removed, `#[macro_export]`
//! macros re-exported by path, laid out by prettyplease.

use crate::bundle::{Bundle, Layout};
use syn::visit_mut::VisitMut;

/// The attribute over every library module: a dependency's warnings are not the user's.
pub const ALLOW: &str = "#[allow(warnings, clippy::all)]";

/// Prints `items` as `mod <module> { ... }`.
pub fn render(module: &str, mut items: Vec<syn::Item>, layout: Layout) -> String {
    let mut exported = Vec::new();
    export_macros(&mut items, &mut Vec::new(), &mut exported);
    for path in exported {
        items.push(syn::parse_str(&format!("pub(crate) use self::{path};")).unwrap());
    }
    let mut strip = StripDocs;
    for item in &mut items {
        strip.visit_item_mut(item);
    }
    let ident = syn::Ident::new(module, proc_macro2::Span::call_site());
    if layout == Layout::Compact {
        let mut out = format!("{ALLOW}\n");
        out.push_str(&format!("mod {module} {{\n"));
        compact_items(&items, &mut out);
        out.push_str("}\n");
        return out;
    }
    let file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![syn::parse_quote! {
            #[allow(warnings, clippy::all)]
            mod #ident {
                #(#items)*
            }
        }],
    };
    prettyplease::unparse(&file)
}

/// `#[macro_export]` makes a macro an item of the crate root; inside a module it becomes
/// `pub(crate) use name;` after the definition, plus a re-export at the library's root
/// for macros of nested modules (returned in `exported` as `a::b::name`). Modules on the
/// way are opened to the crate so that the root can name them.
fn export_macros(items: &mut Vec<syn::Item>, at: &mut Vec<String>, exported: &mut Vec<String>) {
    let mut out = Vec::with_capacity(items.len());
    for mut item in items.drain(..) {
        let mut extra = None;
        match &mut item {
            syn::Item::Macro(m) => {
                let before = m.attrs.len();
                m.attrs.retain(|a| !a.path().is_ident("macro_export"));
                if let (true, Some(name)) = (m.attrs.len() < before, &m.ident) {
                    extra = Some(syn::parse_quote!(pub(crate) use #name;));
                    if !at.is_empty() {
                        exported.push(format!("{}::{name}", at.join("::")));
                    }
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &mut m.content {
                    at.push(m.ident.to_string());
                    let before = exported.len();
                    export_macros(content, at, exported);
                    at.pop();
                    if exported.len() > before && matches!(m.vis, syn::Visibility::Inherited) {
                        m.vis = syn::parse_quote!(pub(crate));
                    }
                }
            }
            _ => {}
        }
        out.push(item);
        out.extend(extra);
    }
    *items = out;
}

/// Removes doc comments (`#[doc = ...]`, `#[doc(...)]`) wherever items, fields and variants
/// have attributes, and the lint attributes a library module no longer needs under its
/// `#[allow(warnings)]` (`lint_only`).
struct StripDocs;

/// rustc's lints that are not errors unless asked (warn or allow by default), as libraries
/// name them in `#[allow(..)]`: under the module's `#[allow(warnings)]` an attribute that
/// allows only these (or tool lints: `clippy::`, `rustdoc::`) changes nothing. A lint that is
/// an error by default (`arithmetic_overflow`, `unconditional_panic`) is not here: its
/// `#[allow]` stays.
const WARN_LINTS: &[&str] = &[
    "bare_trait_objects",
    "dead_code",
    "deprecated",
    "deprecated_in_future",
    "elided_lifetimes_in_paths",
    "ellipsis_inclusive_range_patterns",
    "explicit_outlives_requirements",
    "improper_ctypes",
    "improper_ctypes_definitions",
    "irrefutable_let_patterns",
    "missing_copy_implementations",
    "missing_debug_implementations",
    "missing_docs",
    "non_camel_case_types",
    "non_shorthand_field_patterns",
    "non_snake_case",
    "non_upper_case_globals",
    "nonstandard_style",
    "private_bounds",
    "private_in_public",
    "private_interfaces",
    "redundant_semicolons",
    "renamed_and_removed_lints",
    "rust_2018_idioms",
    "stable_features",
    "trivial_casts",
    "trivial_numeric_casts",
    "type_alias_bounds",
    "unexpected_cfgs",
    "unknown_lints",
    "unreachable_code",
    "unreachable_patterns",
    "unreachable_pub",
    "unsafe_code",
    "unsafe_op_in_unsafe_fn",
    "unstable_name_collisions",
    "unused",
    "unused_assignments",
    "unused_attributes",
    "unused_braces",
    "unused_comparisons",
    "unused_doc_comments",
    "unused_extern_crates",
    "unused_imports",
    "unused_labels",
    "unused_lifetimes",
    "unused_macro_rules",
    "unused_macros",
    "unused_must_use",
    "unused_mut",
    "unused_parens",
    "unused_qualifications",
    "unused_results",
    "unused_unsafe",
    "unused_variables",
    "while_true",
];

/// Whether `attr` only sets lint levels a library module can do without: `#[warn]`,
/// `#[deny]`, `#[forbid]` (taking one out can only take a warning or an error away), and an
/// `#[allow]` of `WARN_LINTS` and tool lints only.
fn lint_only(attr: &syn::Attribute) -> bool {
    let path = attr.path();
    if path.is_ident("warn") || path.is_ident("deny") || path.is_ident("forbid") {
        return true;
    }
    if !path.is_ident("allow") {
        return false;
    }
    let Ok(lints) = attr.parse_args_with(
        syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
    ) else {
        return false;
    };
    lints.iter().all(|lint| {
        let tool = lint.segments.len() == 2
            && ["clippy", "rustdoc"]
                .iter()
                .any(|t| lint.segments[0].ident == t);
        tool || lint
            .get_ident()
            .is_some_and(|i| WARN_LINTS.contains(&i.to_string().as_str()))
    })
}

macro_rules! strip_docs_of {
    ($($method:ident: $node:ty => $walk:path;)*) => {
        $(fn $method(&mut self, node: &mut $node) {
            node.attrs.retain(|a| !a.path().is_ident("doc") && !lint_only(a));
            $walk(self, node);
        })*
    };
}

impl VisitMut for StripDocs {
    strip_docs_of! {
        visit_item_const_mut: syn::ItemConst => syn::visit_mut::visit_item_const_mut;
        visit_item_enum_mut: syn::ItemEnum => syn::visit_mut::visit_item_enum_mut;
        visit_item_fn_mut: syn::ItemFn => syn::visit_mut::visit_item_fn_mut;
        visit_item_impl_mut: syn::ItemImpl => syn::visit_mut::visit_item_impl_mut;
        visit_item_macro_mut: syn::ItemMacro => syn::visit_mut::visit_item_macro_mut;
        visit_item_mod_mut: syn::ItemMod => syn::visit_mut::visit_item_mod_mut;
        visit_item_static_mut: syn::ItemStatic => syn::visit_mut::visit_item_static_mut;
        visit_item_struct_mut: syn::ItemStruct => syn::visit_mut::visit_item_struct_mut;
        visit_item_trait_mut: syn::ItemTrait => syn::visit_mut::visit_item_trait_mut;
        visit_item_type_mut: syn::ItemType => syn::visit_mut::visit_item_type_mut;
        visit_item_union_mut: syn::ItemUnion => syn::visit_mut::visit_item_union_mut;
        visit_item_use_mut: syn::ItemUse => syn::visit_mut::visit_item_use_mut;
        visit_impl_item_const_mut: syn::ImplItemConst => syn::visit_mut::visit_impl_item_const_mut;
        visit_impl_item_fn_mut: syn::ImplItemFn => syn::visit_mut::visit_impl_item_fn_mut;
        visit_impl_item_type_mut: syn::ImplItemType => syn::visit_mut::visit_impl_item_type_mut;
        visit_impl_item_macro_mut: syn::ImplItemMacro => syn::visit_mut::visit_impl_item_macro_mut;
        visit_trait_item_const_mut: syn::TraitItemConst => syn::visit_mut::visit_trait_item_const_mut;
        visit_trait_item_fn_mut: syn::TraitItemFn => syn::visit_mut::visit_trait_item_fn_mut;
        visit_trait_item_type_mut: syn::TraitItemType => syn::visit_mut::visit_trait_item_type_mut;
        visit_trait_item_macro_mut: syn::TraitItemMacro => syn::visit_mut::visit_trait_item_macro_mut;
        visit_field_mut: syn::Field => syn::visit_mut::visit_field_mut;
        visit_variant_mut: syn::Variant => syn::visit_mut::visit_variant_mut;
    }
}

/// One item per line; a module's items each on their own line too.
fn compact_items(items: &[syn::Item], out: &mut String) {
    for item in items {
        if let syn::Item::Mod(m) = item {
            if let Some((_, inner)) = &m.content {
                let head = syn::ItemMod {
                    content: None,
                    semi: None,
                    ..m.clone()
                };
                let mut tokens = quote::ToTokens::to_token_stream(&head);
                // `mod x` without its `;`: the braces follow.
                let trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
                let end = trees.len().saturating_sub(1);
                tokens = trees[..end].iter().cloned().collect();
                out.push_str(&compact(tokens));
                out.push_str("{\n");
                compact_items(inner, out);
                out.push_str("}\n");
                continue;
            }
        }
        out.push_str(&compact(quote::ToTokens::to_token_stream(item)));
        out.push('\n');
    }
}

/// Tokens printed with a space only where two tokens would otherwise run together.
pub fn compact(tokens: proc_macro2::TokenStream) -> String {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    #[derive(PartialEq, Clone, Copy)]
    enum Last {
        Start,
        Word,
        JointPunct,
        AlonePunct,
        Open,
        Close,
    }
    fn walk(tokens: proc_macro2::TokenStream, out: &mut String, last: &mut Last) {
        for tree in tokens {
            match tree {
                TokenTree::Ident(i) => {
                    if *last == Last::Word {
                        out.push(' ');
                    }
                    out.push_str(&i.to_string());
                    *last = Last::Word;
                }
                TokenTree::Literal(l) => {
                    if *last == Last::Word {
                        out.push(' ');
                    }
                    out.push_str(&l.to_string());
                    *last = Last::Word;
                }
                TokenTree::Punct(p) => {
                    // `self#` and `x'a` would be reserved prefixes in edition 2021.
                    let prefix = *last == Last::Word && matches!(p.as_char(), '#' | '\'');
                    if *last == Last::AlonePunct || prefix {
                        out.push(' ');
                    }
                    out.push(p.as_char());
                    *last = if p.spacing() == Spacing::Joint {
                        Last::JointPunct
                    } else {
                        Last::AlonePunct
                    };
                }
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::None => ("", ""),
                    };
                    out.push_str(open);
                    *last = Last::Open;
                    walk(g.stream(), out, last);
                    out.push_str(close);
                    *last = Last::Close;
                }
            }
        }
    }
    let mut out = String::new();
    let mut last = Last::Start;
    walk(tokens, &mut out, &mut last);
    out
}

/// What ends a bundle whose libraries use `alloc` (after the libraries' chunks: `unused`
/// reads the layout back).
pub const EXTERN_ALLOC: &str = "\nextern crate alloc;\n";

/// Where a bundle's libraries start in its text (`Drafter::draft`'s layout: the solution,
/// then the chunks, then maybe `extern crate alloc;`); `None` if the sizes do not add up.
pub fn libraries_start(bundle: &Bundle) -> Option<usize> {
    let text = &bundle.text;
    let end = text.strip_suffix(EXTERN_ALLOC).unwrap_or(text).len();
    let total: usize = bundle.libraries.iter().map(|l| l.bytes).sum();
    let at = end.checked_sub(total)?;
    text.is_char_boundary(at).then_some(at)
}

#[cfg(test)]
mod tests {
    #[test]
    fn lint_attributes_go_from_a_library_but_an_allow_of_a_lint_that_is_an_error() {
        let lib: syn::File = syn::parse_str(
            "#[allow(missing_docs)] #[inline] pub fn a() -> u8 { 1 }
             #[allow(clippy::many_single_char_names, unused_mut, dead_code)] pub fn b() {}
             #[allow(arithmetic_overflow)] pub fn c() -> u8 { 255u8 + 1 }
             #[allow(unused, unconditional_panic)] pub fn d() -> u8 { [1u8][1] }
             #[deny(missing_docs)] #[warn(unused)] pub struct E { #[allow(dead_code)] f: u8 }
             #[allow(some_future_lint)] pub fn g() {}",
        )
        .unwrap();
        let text = super::render("lib", lib.items, crate::bundle::Layout::Compact);
        let want = "#[allow(warnings, clippy::all)]
mod lib {
#[inline]pub fn a()->u8{1}
pub fn b(){}
#[allow(arithmetic_overflow)]pub fn c()->u8{255u8+1}
#[allow(unused,unconditional_panic)]pub fn d()->u8{[1u8][1]}
pub struct E{f:u8}
#[allow(some_future_lint)]pub fn g(){}
}
";
        assert_eq!(text, want);
        // What stays still compiles: the two lints that are errors stay allowed.
        let dir = tempfile::tempdir().unwrap();
        let program = format!("{want}fn main() {{ lib::b(); }}");
        assert_eq!(
            crate::bundle::check::oracle::errors(&program, dir.path()),
            Ok(())
        );
    }

    #[test]
    fn compact_layout_never_writes_a_reserved_prefix() {
        // In edition 2021 `self#...` and `x'a` lex as reserved prefixes.
        let tokens: proc_macro2::TokenStream =
            "@section self #[doc = \"x\"] fn f(self: &Self) {} fn g(x: &dyn Any + 'static) {}"
                .parse()
                .unwrap();
        let text = super::compact(tokens);
        assert!(text.contains("self #[doc"), "{text}");
        assert!(
            text.contains("+ 'static") || text.contains("+'static"),
            "{text}"
        );
        assert!(!text.contains("self#") && !text.contains("Any'"), "{text}");
    }
}
