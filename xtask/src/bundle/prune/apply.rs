//! Applying the pruner's verdict to a copy of the trees.

use super::{addr, Kept};

impl Kept {
    fn has<T>(&self, node: &T) -> bool {
        self.addresses.contains(&addr(node))
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
                        retain_as(&ob.stmts, &mut b.stmts, |st| match st {
                            syn::Stmt::Item(i) => self.has(i),
                            _ => true,
                        });
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
