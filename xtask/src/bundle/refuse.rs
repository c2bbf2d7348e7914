//! What a draft keeps of each library, and what it refuses: a library of private imports
//! alone gives the program nothing and is left out; a library the judge cannot take (a
//! native library, a build script beyond cfgs, edition 2015) is refused only when the
//! finished bundle still holds it, naming the chain from `main.rs` to it.

use super::{item_name, solution, Bundle, Library};

/// How the solution reaches library `k` of a draft, for its refusal: `reached through
/// main.rs -> mylib::misc::both -> rayon::join -> rayon_core`, each step the first kept item
/// of another library whose code names the next one's module, from a library the solution
/// names.
pub(super) fn reached_through(
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
        solution::idents(t.to_token_stream(), &mut idents);
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
pub(super) fn only_imports(items: &[syn::Item]) -> bool {
    items.iter().all(|item| match item {
        syn::Item::Use(u) => matches!(u.vis, syn::Visibility::Inherited),
        syn::Item::Mod(m) => m.content.as_ref().is_some_and(|(_, c)| only_imports(c)),
        _ => false,
    })
}

/// Which of the `hollow` libraries' modules a path names in the kept code of the others
/// or in the solution (`crate::m::...`, `m::...` from the solution).
pub(super) fn named_modules(
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
    let mut idents = crate::fast_hash::HashSet::default();
    for (items, _) in kept.iter().zip(hollow).filter(|(_, &h)| !h) {
        for item in items {
            solution::idents(quote::ToTokens::to_token_stream(item), &mut idents);
        }
    }
    for (m, &h) in modules.iter().zip(hollow) {
        if h && idents.contains(m.as_str()) {
            named.insert(m.clone());
        }
    }
    named
}

/// Refuses a finished bundle that still holds a library the judge cannot take (`refusal`):
/// the error names the chain from `main.rs`.
pub(super) fn refuse_what_is_reached(b: &Bundle, libraries: &[Library]) -> anyhow::Result<()> {
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
            _ => solution::idents(quote::ToTokens::to_token_stream(&item), &mut by_solution),
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
