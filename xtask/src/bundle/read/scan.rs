//! What a source file refers to: paths (from `use` trees, syn paths and macro tokens) and
//! attributes, skipping items that are compiled out.

use super::syntax::item_attrs;
use proc_macro2::{Spacing, TokenStream, TokenTree};
use std::ops::Range;
use syn::spanned::Spanned;
use syn::visit::Visit;

pub(in crate::bundle) fn range(node: &impl Spanned) -> Range<usize> {
    node.span().byte_range()
}

/// Whether `attrs` compile the item out as the judge builds (`cfg.rs`'s evaluator, the one
/// there is): a `cfg` predicate that evaluates false (`test`, `debug_assertions`, a feature
/// not given). One it cannot read keeps the item.
pub(in crate::bundle) fn is_cfg_off(attrs: &[syn::Attribute], cfg: &super::cfg::Cfg) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .ok()
                .and_then(|meta| cfg.eval(&meta))
                == Some(false)
    })
}

/// Every path of a `use` tree, flattened (`{a, b::c}` gives two), each with the byte
/// range of its first segment.
pub(in crate::bundle) fn use_paths(
    tree: &syn::UseTree,
    prefix: &mut Vec<(String, Range<usize>)>,
    out: &mut Vec<(Vec<String>, Range<usize>)>,
) {
    let mut finish = |prefix: &[(String, Range<usize>)], last: String, r: Range<usize>| {
        let first = prefix.first().map_or(r, |(_, r)| r.clone());
        let mut segments: Vec<String> = prefix.iter().map(|(s, _)| s.clone()).collect();
        segments.push(last);
        out.push((segments, first));
    };
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push((p.ident.to_string(), range(&p.ident)));
            use_paths(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => finish(prefix, n.ident.to_string(), range(&n.ident)),
        syn::UseTree::Rename(r) => finish(prefix, r.ident.to_string(), range(&r.ident)),
        syn::UseTree::Glob(g) => finish(prefix, "*".into(), range(g)),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_paths(t, prefix, out);
            }
        }
    }
}

/// Paths as written in token streams (macro bodies and arguments): `a :: b :: c` runs,
/// with `$crate` read as `crate`. Returns (segments, byte range of the first segment).
pub(in crate::bundle) fn token_paths(
    tokens: TokenStream,
    out: &mut Vec<(Vec<String>, Range<usize>)>,
) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => {
                token_paths(g.stream(), out);
                i += 1;
            }
            TokenTree::Ident(id) => {
                let after_colons = i > 1
                    && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == ':')
                    && matches!(&trees[i - 2], TokenTree::Punct(p) if p.as_char() == ':');
                let mut segments = vec![id.to_string()];
                let first = id.span().byte_range();
                let mut j = i + 1;
                while let (
                    Some(TokenTree::Punct(a)),
                    Some(TokenTree::Punct(b)),
                    Some(TokenTree::Ident(next)),
                ) = (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                {
                    if a.as_char() != ':' || a.spacing() != Spacing::Joint || b.as_char() != ':' {
                        break;
                    }
                    segments.push(next.to_string());
                    j += 3;
                }
                if !after_colons && segments.len() > 1 {
                    out.push((segments, first));
                }
                i = j.max(i + 1);
            }
            _ => i += 1,
        }
    }
}

/// What a solution or module file refers to.
#[derive(Default)]
pub(in crate::bundle) struct Refs {
    /// Paths from `use` trees, syn paths and macro tokens (`$crate` read as `crate`), with
    /// the byte range of their first segment.
    pub(in crate::bundle) paths: Vec<(Vec<String>, Range<usize>)>,
    /// Paths written with a leading `::` (`::itertools::x`): the first segment's name and
    /// the byte range from the colons to the end of that segment.
    pub(in crate::bundle) rooted: Vec<(String, Range<usize>)>,
}

struct Collector<'a> {
    refs: &'a mut Refs,
    cfg: &'a super::cfg::Cfg<'a>,
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !is_cfg_off(item_attrs(item), self.cfg) {
            syn::visit::visit_item(self, item);
        }
    }
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        if let (Some(colons), syn::UseTree::Path(p)) = (&u.leading_colon, &u.tree) {
            let r = range(colons).start..range(&p.ident).end;
            self.refs.rooted.push((p.ident.to_string(), r));
            return;
        }
        use_paths(&u.tree, &mut Vec::new(), &mut self.refs.paths);
    }
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if let Some(colons) = &path.leading_colon {
            let first = &path.segments[0].ident;
            let r = range(colons).start..range(first).end;
            self.refs.rooted.push((first.to_string(), r));
        } else if path.segments.len() > 1 {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.refs
                .paths
                .push((segments, range(&path.segments[0].ident)));
        }
        syn::visit::visit_path(self, path);
    }
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        token_paths(mac.tokens.clone(), &mut self.refs.paths);
        syn::visit::visit_macro(self, mac);
    }
    // An attribute's path (`#[proconio::fastout]`) is no path of the program: the
    // attributes the bundler writes out are removed whole.
    fn visit_attribute(&mut self, _attr: &'ast syn::Attribute) {}
    fn visit_visibility(&mut self, vis: &'ast syn::Visibility) {
        // `pub(crate)` stays as it is; `pub(in crate::x)` is a path like any other.
        if let syn::Visibility::Restricted(r) = vis {
            if r.in_token.is_some() {
                self.visit_path(&r.path);
            }
        }
    }
}

pub(in crate::bundle) fn collect(file: &syn::File, cfg: &super::cfg::Cfg) -> Refs {
    let mut refs = Refs::default();
    Collector {
        refs: &mut refs,
        cfg,
    }
    .visit_file(file);
    refs
}

/// Rewrites paths whose head is a dependency (`proconio::marker::Usize1`) to go through the
/// dependency's module (`crate::proconio::marker::Usize1`), for text the bundler writes.
pub(in crate::bundle) struct InBundle<'a>(
    pub &'a std::collections::BTreeMap<String, crate::bundle::Dep>,
);

impl syn::visit_mut::VisitMut for InBundle<'_> {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if let Some(crate::bundle::Dep::Module(m)) = path
            .segments
            .first()
            .and_then(|s| self.0.get(&s.ident.to_string()))
        {
            let span = path.segments[0].ident.span();
            path.segments[0].ident = syn::Ident::new(m, span);
            path.segments
                .insert(0, syn::PathSegment::from(syn::Ident::new("crate", span)));
            path.leading_colon = None;
        }
        syn::visit_mut::visit_path_mut(self, path);
    }
}

#[cfg(test)]
mod cfg_tests {
    use super::*;

    /// The solution's items are judged by the one evaluator (cfg.rs), as the judge builds:
    /// `test` and `debug_assertions` off (it passes `-O`), Linux on, features as given.
    #[test]
    fn a_solution_item_is_off_exactly_when_the_judge_would_not_compile_it() {
        let off = |attr: &str, features: &[&str]| {
            let item: syn::ItemFn = syn::parse_str(&format!("{attr} fn f() {{}}")).unwrap();
            let features: Vec<String> = features.iter().map(|s| s.to_string()).collect();
            let cfg = super::super::cfg::Cfg {
                target: crate::judge::BOJ.target_cfgs,
                features: &features,
                cfgs: &[],
            };
            is_cfg_off(&item.attrs, &cfg)
        };
        assert!(off("#[cfg(test)]", &[]));
        assert!(off("#[cfg(debug_assertions)]", &[]));
        assert!(off("#[cfg(feature = \"x\")]", &[]));
        assert!(!off("#[cfg(feature = \"x\")]", &["x"]));
        assert!(!off("#[cfg(target_os = \"linux\")]", &[]));
        assert!(off("#[cfg(windows)]", &[]));
        assert!(!off("#[cfg(not(test))]", &[]));
        assert!(!off("#[inline]", &[]));
    }
}
