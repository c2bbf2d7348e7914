//! Applying the pruner's verdict to a copy of the trees.

use super::nodes::addr;
use crate::fast_hash::HashSet;
use std::collections::BTreeSet;

impl Kept {
    fn has<T>(&self, node: &T) -> bool {
        self.addresses.contains(&addr(node))
    }

    /// What `prune_clone` leaves of a copy of `original`, copying only that: a draft of a
    /// large library keeps a small part of it, and a copy of it all cost as much as the
    /// walk (40 ms a draft of petgraph's Dijkstra).
    pub fn clone_kept(&self, original: &[syn::Item]) -> Vec<syn::Item> {
        let mut out = Vec::new();
        for orig in original {
            let copied = || {
                let mut one = vec![orig.clone()];
                self.prune_clone(std::slice::from_ref(orig), &mut one);
                one
            };
            match orig {
                // A module stays when it is kept, whatever is left in it.
                syn::Item::Mod(o) if self.has(orig) => out.push(syn::Item::Mod(syn::ItemMod {
                    attrs: o.attrs.clone(),
                    vis: o.vis.clone(),
                    unsafety: o.unsafety,
                    mod_token: o.mod_token,
                    ident: o.ident.clone(),
                    content: (o.content.as_ref())
                        .map(|(brace, items)| (*brace, self.clone_kept(items))),
                    semi: o.semi,
                })),
                syn::Item::Mod(_) => {}
                // A `use` keeps the leaves kept; every other item goes when it is not kept.
                syn::Item::Use(_) => out.extend(copied()),
                _ if self.has(orig) => out.extend(copied()),
                _ => {}
            }
        }
        out
    }

    /// Removes from `items`, a copy of `original` (one of the trees given to `reach`),
    /// all that is not kept in the original. Returns whether anything is left.
    pub fn prune_clone(&self, original: &[syn::Item], items: &mut Vec<syn::Item>) -> bool {
        let mut keep = Vec::with_capacity(items.len());
        for (orig, item) in original.iter().zip(items.iter_mut()) {
            let k = match (orig, item) {
                (syn::Item::Use(o), syn::Item::Use(u)) => self.prune_use_tree(&o.tree, &mut u.tree),
                (syn::Item::Mod(o), syn::Item::Mod(m)) => {
                    if let (Some((_, oc)), Some((_, c))) = (&o.content, &mut m.content) {
                        self.prune_clone(oc, c);
                    }
                    self.has(orig)
                }
                (syn::Item::Trait(o), syn::Item::Trait(t)) => {
                    retain_as(&o.items, &mut t.items, |ti| self.has(ti));
                    self.has(orig)
                }
                (syn::Item::Impl(o), syn::Item::Impl(i)) => {
                    retain_as(&o.items, &mut i.items, |ii| self.has(ii));
                    // An inherent impl left with no items does nothing, but its bounds
                    // keep traits (num-complex's `impl<T: Float> Complex<T> {}`).
                    let idle = i.trait_.is_none() && i.items.is_empty();
                    self.has(orig) && !idle
                }
                (syn::Item::Const(o), syn::Item::Const(c)) if o.ident == "_" => {
                    let blocks = match (&*o.expr, &mut *c.expr) {
                        (syn::Expr::Block(ob), syn::Expr::Block(b)) => {
                            Some((&ob.block, &mut b.block))
                        }
                        (syn::Expr::Unsafe(ob), syn::Expr::Unsafe(b)) => {
                            Some((&ob.block, &mut b.block))
                        }
                        _ => None,
                    };
                    if let Some((ob, b)) = blocks {
                        // A `use` is its leaves (zerocopy's `use crate::pointer::cast::
                        // CastExact;` for the impl beside it), as in a module.
                        let keep: Vec<bool> = (ob.stmts.iter().zip(b.stmts.iter_mut()))
                            .map(|(o, st)| match (o, st) {
                                (
                                    syn::Stmt::Item(syn::Item::Use(ou)),
                                    syn::Stmt::Item(syn::Item::Use(u)),
                                ) => self.prune_use_tree(&ou.tree, &mut u.tree),
                                (syn::Stmt::Item(i), _) => self.has(i),
                                _ => true,
                            })
                            .collect();
                        let mut keep = keep.into_iter();
                        b.stmts.retain(|_| keep.next().unwrap_or(true));
                    }
                    self.has(orig)
                }
                (syn::Item::ForeignMod(o), syn::Item::ForeignMod(f)) => {
                    retain_as(&o.items, &mut f.items, |fi| self.has(fi));
                    self.has(orig)
                }
                _ => self.has(orig),
            };
            keep.push(k);
        }
        let mut k = keep.into_iter();
        items.retain(|_| k.next().unwrap_or(true));
        !items.is_empty()
    }

    /// Keeps the leaves of `tree` (a copy of `original`) kept in the original; false when
    /// none is left.
    fn prune_use_tree(&self, original: &syn::UseTree, tree: &mut syn::UseTree) -> bool {
        match (original, tree) {
            (syn::UseTree::Path(o), syn::UseTree::Path(p)) => {
                self.prune_use_tree(&o.tree, &mut p.tree)
            }
            (syn::UseTree::Group(o), syn::UseTree::Group(g)) => {
                let old = std::mem::take(&mut g.items);
                for (ot, mut t) in o.items.iter().zip(old) {
                    if self.prune_use_tree(ot, &mut t) {
                        g.items.push(t);
                    }
                }
                !g.items.is_empty()
            }
            (leaf, _) => self.has(leaf),
        }
    }
}

/// Keeps in `copy` (a clone of `original`, element for element) what `keep` says of the
/// original's elements (the kept set is of the original's addresses).
fn retain_as<T>(original: &[T], copy: &mut Vec<T>, keep: impl Fn(&T) -> bool) {
    let verdicts: Vec<bool> = original.iter().map(keep).collect();
    let mut verdicts = verdicts.into_iter();
    copy.retain(|_| verdicts.next().unwrap_or(true));
}

/// What survives: the addresses of kept nodes in the trees given to `reach`.
pub struct Kept {
    pub(super) addresses: HashSet<usize>,
    /// The solution's imported names (of `Seeds::droppable`) that nothing kept is named:
    /// their imports go from the solution's text (`Solution::text`).
    pub dropped: BTreeSet<String>,
}

#[cfg(test)]
mod tests {
    use super::super::{reach, Seeds};

    /// `clone_kept` copies only what is kept, and leaves exactly what pruning a copy of it
    /// all leaves: modules (kept or not, with kept items or none), `use` trees with some
    /// leaves kept, trait and impl members, an inherent impl left empty.
    #[test]
    fn copying_only_what_is_kept_leaves_what_pruning_a_whole_copy_leaves() {
        let lib = syn::parse_file(
            "pub mod a { pub struct Used(pub u8); pub struct Unused; pub mod deep { pub fn f() -> u8 { 1 } pub fn g() {} } }\n\
             pub mod idle { pub fn never() {} }\n\
             use a::{Used, Unused, deep::{f, g}};\n\
             pub trait T { fn m(&self) -> u8; fn n(&self) {} }\n\
             impl T for Used { fn m(&self) -> u8 { self.0 + f() } fn n(&self) {} }\n\
             impl Used { pub fn get(&self) -> u8 { self.m() } pub fn other(&self) {} }\n\
             impl Unused { pub fn gone(&self) {} }\n\
             pub fn start() -> u8 { Used(2).get() }\n",
        )
        .unwrap()
        .items;
        let tokens: proc_macro2::TokenStream = "fn main() { lib::start(); }".parse().unwrap();
        let none = std::collections::BTreeSet::new();
        let kept = reach(
            &[&lib],
            &["lib".to_string()],
            &Seeds {
                tokens: &tokens,
                globs: &none,
                imports: &none,
                use_modules: &none,
                imports_from: &Default::default(),
                droppable: &Default::default(),
                named: &std::collections::BTreeSet::from(["lib".to_string()]),
                bare: None,
            },
            &Default::default(),
            false,
            true,
        );
        let mut whole = lib.clone();
        kept.prune_clone(&lib, &mut whole);
        let only = kept.clone_kept(&lib);
        let text = |items: &[syn::Item]| quote::quote!(#(#items)*).to_string();
        assert_eq!(text(&only), text(&whole));
        // Something went and something stayed, at each depth.
        for gone in ["Unused", "never", "fn g ", "gone", "other"] {
            assert!(!text(&only).contains(gone), "{gone}: {}", text(&only));
        }
        for stays in ["Used", "fn f", "fn get", "start"] {
            assert!(text(&only).contains(stays), "{stays}: {}", text(&only));
        }
    }
}
