//! The trees edited as the compiler's findings say: impls, imports and macro arms out.

use super::impls;
use crate::bundle::check::oracle;

/// Takes the impls (and stubbed bodies) `findings` name out of `trees`, and the imports
/// left with nothing to name: what a draft with those findings is drafted from.
pub fn take_out_dead_impls(trees: &mut [Vec<syn::Item>], findings: &oracle::Findings) {
    for (k, items) in trees.iter_mut().enumerate() {
        impls::remove(items, &format!("#{k}"), &findings.dead_impls);
        drop_imports(items, &findings.dead_imports);
    }
}

/// Takes the `use` leaves whose whole path is one of `paths` (a glob's: its module's) out of
/// `items` (at any depth); how many.
pub fn drop_imports(
    items: &mut Vec<syn::Item>,
    paths: &crate::fast_hash::HashSet<String>,
) -> usize {
    fn keep(
        tree: &mut syn::UseTree,
        at: &mut Vec<String>,
        paths: &crate::fast_hash::HashSet<String>,
        dropped: &mut usize,
    ) -> bool {
        let leaf = |name: &syn::Ident, at: &[String]| {
            let mut path = at.to_vec();
            path.push(name.to_string());
            path.join("::")
        };
        let gone = match tree {
            syn::UseTree::Path(p) => {
                at.push(p.ident.to_string());
                let kept = keep(&mut p.tree, at, paths, dropped);
                at.pop();
                !kept
            }
            syn::UseTree::Name(n) => paths.contains(&leaf(&n.ident, at)),
            syn::UseTree::Rename(r) => paths.contains(&leaf(&r.ident, at)),
            // rustc names a glob's module: `crate::dep` for `use crate::dep::*;`.
            syn::UseTree::Glob(_) => paths.contains(&at.join("::")),
            syn::UseTree::Group(g) => {
                let items = std::mem::take(&mut g.items);
                g.items = items
                    .into_iter()
                    .filter_map(|mut t| keep(&mut t, at, paths, dropped).then_some(t))
                    .collect();
                return !g.items.is_empty();
            }
        };
        if gone && !matches!(tree, syn::UseTree::Path(_)) {
            *dropped += 1;
        }
        !gone
    }
    let mut dropped = 0;
    items.retain_mut(|item| match item {
        syn::Item::Use(u) => keep(&mut u.tree, &mut Vec::new(), paths, &mut dropped),
        syn::Item::Mod(m) => {
            if let Some((_, content)) = &mut m.content {
                dropped += drop_imports(content, paths);
            }
            true
        }
        _ => true,
    });
    dropped
}

pub fn drop_dead_arms(
    items: &mut [syn::Item],
    path: &str,
    dead: &crate::fast_hash::HashMap<String, crate::fast_hash::HashSet<String>>,
) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                let inner = format!("{path}::{}", m.ident);
                if let Some((_, content)) = &mut m.content {
                    drop_dead_arms(content, &inner, dead);
                }
            }
            syn::Item::Macro(m) => {
                if let Some(name) = &m.ident {
                    if let Some(arms) = dead.get(&format!("{path}::{name}")) {
                        m.mac.tokens = oracle::drop_arms(&m.mac.tokens, arms);
                    }
                }
            }
            _ => {}
        }
    }
}
