//! What a draft keeps of each library, and what it refuses: a library of private imports
//! alone gives the program nothing and is left out; a library the judge cannot take (a
//! native library, a build script beyond cfgs, edition 2015) is refused only when the
//! finished bundle still holds it, naming the chain from `main.rs` to it.

use crate::bundle::{name::solution, read::syntax::item_name, Bundle, Library};

/// How the solution reaches library `k` of a draft, for its refusal: `reached through
/// main.rs -> mylib::misc::both -> rayon::join -> rayon_core`, each step the first kept item
/// of another library whose code names the next one's module, from a library the solution
/// names.
pub(in crate::bundle) fn reached_through(
    kept: &[Vec<syn::Item>],
    modules: &[String],
    k: usize,
    named_by_solution: &dyn Fn(&str) -> bool,
) -> String {
    let mut steps = vec![modules[k].clone()];
    let mut seen = vec![k];
    let mut target = k;
    while !named_by_solution(&modules[target]) {
        let found = (0..kept.len()).filter(|j| !seen.contains(j)).find_map(|j| {
            // An item that uses the module before an import of it.
            [false, true].into_iter().find_map(|imports| {
                naming_item(&kept[j], &modules[target], &modules[j], imports).map(|p| (j, p))
            })
        });
        let Some((j, path)) = found else {
            break;
        };
        steps.push(path);
        seen.push(j);
        target = j;
    }
    steps.push("main.rs".into());
    steps.reverse();
    format!("reached through {}", steps.join(" -> "))
}

/// The path (`mylib::misc::both`, `rayon::iter::Foo::bar`, `rayon (use ...)`) of the first
/// item in `items` (of module `at`) whose tokens name `module`: imports only, or never.
fn naming_item(items: &[syn::Item], module: &str, at: &str, imports: bool) -> Option<String> {
    let names = |t: &dyn quote::ToTokens| {
        let mut idents = crate::fast_hash::HashSet::default();
        crate::bundle::read::syntax::idents(t.to_token_stream(), &mut idents);
        idents.contains(module)
    };
    for item in items {
        let named = match item {
            syn::Item::Mod(m) => {
                let inner = format!("{at}::{}", m.ident);
                match &m.content {
                    Some((_, c)) => naming_item(c, module, &inner, imports),
                    None => None,
                }
            }
            syn::Item::Use(u) if imports && names(u) => {
                let tree = quote::ToTokens::to_token_stream(&u.tree).to_string();
                Some(format!("{at} (use {})", tree.replace(' ', "")))
            }
            _ if imports => None,
            syn::Item::Use(_) => None,
            syn::Item::Impl(i) if names(i) => {
                let ty = quote::ToTokens::to_token_stream(&i.self_ty).to_string();
                let method = i.items.iter().find_map(|ii| match ii {
                    syn::ImplItem::Fn(f) if names(f) => Some(f.sig.ident.to_string()),
                    _ => None,
                });
                Some(match method {
                    Some(m) => format!("{at}::{}::{m}", ty.replace(' ', "")),
                    None => format!("{at}::{}", ty.replace(' ', "")),
                })
            }
            _ if names(item) => Some(match item_name(item) {
                Some(n) => format!("{at}::{n}"),
                None => at.to_string(),
            }),
            _ => None,
        };
        if named.is_some() {
            return named;
        }
    }
    None
}

/// Whether `items` hold nothing but private imports and modules that hold only those:
/// nothing a path from outside can name but the modules themselves.
pub(in crate::bundle) fn only_imports(items: &[syn::Item]) -> bool {
    items.iter().all(|item| match item {
        syn::Item::Use(u) => matches!(u.vis, syn::Visibility::Inherited),
        syn::Item::Mod(m) => m.content.as_ref().is_some_and(|(_, c)| only_imports(c)),
        _ => false,
    })
}

/// Which of the `hollow` libraries' modules a path names in the kept code of the others
/// or in the solution (`crate::m::...`, `m::...` from the solution).
pub(in crate::bundle) fn named_modules(
    kept: &[Vec<syn::Item>],
    hollow: &[bool],
    modules: &[String],
    solution: &solution::Solution,
) -> std::collections::BTreeSet<String> {
    let mut named: std::collections::BTreeSet<String> = modules
        .iter()
        .zip(hollow)
        .filter(|(m, &h)| h && solution.referenced.contains(*m))
        .map(|(m, _)| m.clone())
        .collect();
    let sought: Vec<&str> = (modules.iter().zip(hollow))
        .filter(|(m, &h)| h && !named.contains(*m))
        .map(|(m, _)| m.as_str())
        .collect();
    let mut among = Among::new(&sought);
    for (items, _) in kept.iter().zip(hollow).filter(|(_, &h)| !h) {
        for item in items {
            if among.all_found() {
                break;
            }
            among.item(item);
        }
    }
    for (m, found) in sought.iter().zip(&among.found) {
        if *found {
            named.insert(m.to_string());
        }
    }
    named
}

/// Words the language reserves, strict, reserved for later or contextual, and `_`: syn's
/// tree holds some as tokens (`self` of a receiver, `crate` of `pub(crate)`, `union`, `_`),
/// not identifiers, so `Among` reads the tokens of an item for them.
const KEYWORDS: [&str; 58] = [
    "_",
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "gen",
    "macro",
    "override",
    "priv",
    "try",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "union",
    "macro_rules",
    "raw",
    "safe",
    "default",
];

/// Which of `names` occur as identifiers in the items given to `item`, as their tokens read
/// them (`solution::idents`), found through syn's visitor instead of printing every item to
/// tokens (printing and hashing the kept code of cr_num's drafts was 5 % of the tool's time
/// bundling it): identifiers of the tree, and the token streams syn keeps raw (macro calls'
/// arguments, attributes' lists, verbatim items, types, expressions and patterns) read as
/// tokens. A keyword among the names falls back to each item's tokens.
struct Among<'a> {
    names: &'a [&'a str],
    found: Vec<bool>,
    by_tokens: bool,
}

impl<'a> Among<'a> {
    fn new(names: &'a [&'a str]) -> Among<'a> {
        Among {
            names,
            found: vec![false; names.len()],
            by_tokens: names.iter().any(|n| KEYWORDS.contains(n)),
        }
    }

    fn all_found(&self) -> bool {
        self.found.iter().all(|&f| f)
    }

    fn item(&mut self, item: &syn::Item) {
        if self.by_tokens {
            self.tokens(&quote::ToTokens::to_token_stream(item));
        } else {
            syn::visit::Visit::visit_item(self, item);
        }
    }

    fn ident(&mut self, i: &proc_macro2::Ident) {
        for (name, found) in self.names.iter().zip(&mut self.found) {
            if !*found && i == name {
                *found = true;
            }
        }
    }

    fn tokens(&mut self, tokens: &proc_macro2::TokenStream) {
        for tree in tokens.clone() {
            match tree {
                proc_macro2::TokenTree::Ident(i) => self.ident(&i),
                proc_macro2::TokenTree::Group(g) => self.tokens(&g.stream()),
                _ => {}
            }
        }
    }
}

/// The visitor's methods for the syntax types with a `Verbatim` variant (tokens syn did not
/// parse): those tokens are read, then the node is visited as syn visits it.
macro_rules! verbatim {
    ($($visit:ident $ty:ident),*) => {
        $(
            fn $visit(&mut self, node: &'ast syn::$ty) {
                if let syn::$ty::Verbatim(tokens) = node {
                    self.tokens(tokens);
                }
                syn::visit::$visit(self, node);
            }
        )*
    };
}

impl<'ast> syn::visit::Visit<'ast> for Among<'_> {
    fn visit_ident(&mut self, i: &'ast proc_macro2::Ident) {
        self.ident(i);
    }
    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        syn::visit::visit_macro(self, m);
        self.tokens(&m.tokens);
    }
    fn visit_meta_list(&mut self, m: &'ast syn::MetaList) {
        syn::visit::visit_meta_list(self, m);
        self.tokens(&m.tokens);
    }
    verbatim!(
        visit_item Item,
        visit_impl_item ImplItem,
        visit_trait_item TraitItem,
        visit_foreign_item ForeignItem,
        visit_expr Expr,
        visit_type Type,
        visit_pat Pat,
        visit_type_param_bound TypeParamBound
    );
}

/// Refuses a finished bundle that still holds a library the judge cannot take (`refusal`):
/// the error names the chain from `main.rs`.
pub(in crate::bundle) fn refuse_what_is_reached(
    b: &Bundle,
    libraries: &[Library],
) -> anyhow::Result<()> {
    let inlined = |m: &str| b.libraries.iter().any(|l| l.module == m);
    let refused: Vec<usize> = (0..libraries.len())
        .filter(|&k| inlined(&libraries[k].module) && refusal(&libraries[k]).is_err())
        .collect();
    if refused.is_empty() {
        return Ok(());
    }
    let Ok(file) = syn::parse_file(&b.text) else {
        return Ok(());
    };
    let modules: Vec<String> = libraries.iter().map(|l| l.module.clone()).collect();
    let mut kept = vec![Vec::new(); libraries.len()];
    let mut by_solution = crate::fast_hash::HashSet::default();
    for item in file.items {
        match &item {
            syn::Item::Mod(m) if inlined(&m.ident.to_string()) => {
                let k = modules.iter().position(|x| m.ident == x).expect("inlined");
                kept[k] = m.content.clone().map(|(_, c)| c).unwrap_or_default();
            }
            _ => crate::bundle::read::syntax::idents(
                quote::ToTokens::to_token_stream(&item),
                &mut by_solution,
            ),
        }
    }
    let k = refused[0];
    let named = |m: &str| by_solution.contains(m);
    let chain = reached_through(&kept, &modules, k, &named);
    let why = refusal(&libraries[k]).expect_err("refused");
    Err(anyhow::anyhow!("{why}; {chain}"))
}

/// Why a library cannot be inlined at all, if it cannot: what cargo's graph says
/// (`unbundleable`: a native library, a build script that needs more than cfgs), or
/// edition 2015.
fn refusal(lib: &Library) -> anyhow::Result<()> {
    if let Some(why) = &lib.unbundleable {
        return Err(anyhow::anyhow!("{} cannot be inlined: {why}", lib.package));
    }
    if lib.edition == "2015" {
        return Err(anyhow::anyhow!(
            "{} cannot be inlined: it is written in edition 2015, whose paths mean other things in the judge's edition 2021",
            lib.package
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Files of syn trees of every kind: the tool's own sources, and items syn keeps raw.
    const SOURCES: [&str; 6] = [
        include_str!("refuse.rs"),
        include_str!("../shrink/impls.rs"),
        include_str!("../read/load.rs"),
        include_str!("../climb/refine.rs"),
        include_str!("../../engine/mod.rs"),
        r#"
#![allow(dead_code)]
pub macro verbatim_item($x:ident) { $x + hidden_in_a_verbatim }
#[cfg_attr(feature = "f", derive(OnlyInAttribute))]
pub struct S<'life> { r: &'life u8, t: crate::m::Deep }
impl<'life> S<'life> { pub(crate) fn me(&self) -> u8 { in_a_call!(self.r, tok_arg) } }
fn g() -> impl Fn() + 'static { || () }
extern "C" { static EXTERNAL: u8; }
union U { a: u8 }
"#,
    ];

    /// `Among` finds a name exactly where the items' tokens read plainly (`solution::idents`
    /// of each item's tokens) hold it: for every identifier of six sources and names that
    /// occur nowhere, asked five at a time (keywords apart, which go by tokens), the last
    /// source with an item syn keeps verbatim (`macro`), a derive, a lifetime and a union.
    #[test]
    fn among_finds_a_name_exactly_where_the_items_tokens_hold_it() {
        let mut compared = 0;
        for source in SOURCES {
            let file = syn::parse_file(source).unwrap();
            let mut plain = crate::fast_hash::HashSet::default();
            for item in &file.items {
                crate::bundle::read::syntax::idents(
                    quote::ToTokens::to_token_stream(item),
                    &mut plain,
                );
            }
            let mut names: Vec<&str> = plain.iter().map(String::as_str).collect();
            names.sort_unstable();
            names.extend(["nowhere_at_all", "Deeper", "hidden_in", "r"]);
            // Keywords apart: a chunk holding one is read by tokens, not by the visitor.
            let (keywords, others): (Vec<&str>, Vec<&str>) =
                names.iter().partition(|n| KEYWORDS.contains(n));
            for chunk in others.chunks(5).chain(keywords.chunks(5)) {
                let mut among = Among::new(chunk);
                for item in &file.items {
                    among.item(item);
                }
                for (name, found) in chunk.iter().zip(&among.found) {
                    assert_eq!(*found, plain.contains(*name), "{name}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 1_500, "{compared} names compared");
    }
}
