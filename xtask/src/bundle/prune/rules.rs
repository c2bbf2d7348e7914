//! The walk's rules: whether a node is kept, given what is mentioned and kept so far (a
//! name that can mean it, in a scope that sees it; an impl whose header is kept; a `use` leaf
//! whose name is wanted), and what rules a node out (the compiler's findings).

use super::facts::capitalised;
use super::index::Index;
use super::nodes::{Kind, Node};
use super::symbols::{is_path, Sym, KINDS};
use super::walk::{GlobTarget, Walk};
use crate::fast_hash::HashSet;

impl Walk<'_> {
    /// For a name its library defines more than once, whether a mention can mean node
    /// `i`'s: written in its module or a module inside it, or as `module::name`, or where a
    /// glob opens its module, or by the solution or another library.
    fn seen_by_its_module(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        let (lib, Some(name)) = (node.lib, node.name) else {
            return true;
        };
        !self.scoped
            || !self.twice_in.contains(&(lib, name))
            || self.visible_in_module(index, i, name)
    }

    /// Whether a mention of `name` can mean what node `i`'s module holds by that name (an
    /// item, or what a `pub use` there brings in): written in that module or one inside it,
    /// as `module::name`, where a glob opens the module, or by the solution or another
    /// library.
    fn visible_in_module(&self, index: &Index, i: usize, name: Sym) -> bool {
        let lib = index.nodes[i].lib;
        if self.loose_globs.contains(&lib) {
            return true;
        }
        if self.seeded(lib, name) || self.crossed_in.contains(&(lib, name)) {
            return true;
        }
        let module = self.places.module_of(i);
        if self.places.seen_within(&index.nodes, name, lib, module) {
            return true;
        }
        let module_name = match module {
            Some(m) => index.nodes[m].name,
            None => index.interner.get(&index.modules[lib]),
        };
        if module_name.is_some_and(|q| self.qualified.contains(&(q, name))) {
            return true;
        }
        self.globbed_from.get(&module).is_some_and(|from| {
            from.iter()
                .any(|&p| self.places.seen_within(&index.nodes, name, lib, p))
        })
    }

    /// Whether enum node `i` has a variant written bare where a glob imports its variants
    /// (`use self::InsertAction::*;` then `None => InsertAt` in im-rc 14's B-tree): the
    /// enum's name is written nowhere else.
    fn variant_seen_through_glob(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        let (Some(key), Some(name)) = (&node.key, node.name) else {
            return false;
        };
        let (Some(globs), Some(variants)) =
            (self.variant_globs.get(key), index.variants.get(&name))
        else {
            return false;
        };
        globs.iter().any(|&m| {
            variants
                .iter()
                .any(|&v| self.places.seen_within(&index.nodes, v, node.lib, m))
        })
    }

    /// Whether node `i`'s name is mentioned where its library can be what the mention
    /// means (see `mentioned_in`).
    /// A container (`const _`, `extern`) is kept when an item in it is, when every library
    /// type and trait it names is, or when a trait the macros it calls name is.
    fn container_kept(&self, index: &Index, i: usize, locals: &[Sym], by_macros: &[Sym]) -> bool {
        self.facts
            .containers
            .get(&i)
            .is_some_and(|c| c.iter().any(|&k| index.nodes[k].kept))
            || (!locals.is_empty() && locals.iter().all(|s| self.kept_names.contains(s)))
            || by_macros
                .iter()
                .any(|&s| self.kept_trait(index.nodes[i].lib, s))
    }

    /// Whether a trait of library `lib` named `name` is kept.
    fn kept_trait(&self, lib: usize, name: Sym) -> bool {
        self.kept_traits.contains(&(lib, name))
    }

    fn seen_by_its_library(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        !self.scoped
            || node.name.is_some_and(|n| {
                self.seeded(node.lib, n) || self.mentioned_in.contains(&(node.lib, n))
            })
    }

    /// Impl node `i`: when every library type and trait its header names is kept, or
    /// (inherent) when `inherent_impl_called`.
    fn impl_kept(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        let Kind::Impl {
            header_locals,
            trait_name,
            ..
        } = &node.kind
        else {
            return false;
        };
        self.header_kept(index, node, header_locals)
            || (trait_name.is_none() && self.inherent_impl_called(index, i))
    }

    /// An inherent impl of a kept type for some of its type arguments only (glidesort's
    /// `impl<'l, 'r, T> BranchlessMergeState<'l, 'r, 'r, T, GapLeft> { fn new_gap_left .. }`,
    /// whose marker `GapLeft` no caller writes: the type is inferred) when one of its
    /// functions is called: what its header names comes with it.
    ///
    /// The type itself must be kept where the impl is (`header_kept`'s rule for its name
    /// alone), not only a type of that name anywhere: by name alone, a template reaching
    /// bstr kept regex-automata's inherent impls of every type named like a kept one with a
    /// `new` or `len`, and its first draft was 1,847.6 KiB instead of 594.8.
    fn inherent_impl_called(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        let head = (node.key.as_deref())
            .and_then(|k| k.rsplit("::").next())
            .and_then(|h| index.interner.get(h));
        let Kind::Impl { header_locals, .. } = &node.kind else {
            return false;
        };
        let Some(head) = head.filter(|h| header_locals.contains(h)) else {
            return false;
        };
        if !self.header_kept(index, node, &[head]) {
            return false;
        }
        (index.nodes[i + 1..].iter())
            .take_while(|n| n.parent == Some(i))
            .any(|n| matches!(n.kind, Kind::ImplItem { is_fn: true, .. }) && self.method(n.name))
    }

    /// Whether an impl of library `lib` has all the library types its header names kept:
    /// its own library's when it defines one of that name; another library's (any of that
    /// name) when it imports one; else the name is the standard library's
    /// (`impl VisitMap<N> for HashSet<N>` after `use crate::fast_hash::HashSet;`, while
    /// hashbrown defines a `HashSet` too).
    /// A name written through a path into another library (`crate::indexmap::IndexMap`) is
    /// that library's.
    fn header_kept(&self, index: &Index, node: &Node, header_locals: &[Sym]) -> bool {
        // An impl for an alias is an impl for the type it stands for (nalgebra's `impl ..
        // Vector<N, D, S> { fn gemv .. }` is for `Matrix`, which `gemm` calls it on).
        let for_kept_alias = |s: &Sym| {
            index
                .aliases
                .get(s)
                .is_some_and(|t| self.kept_names.contains(t))
        };
        if !self.scoped {
            return header_locals
                .iter()
                .all(|s| self.kept_names.contains(s) || for_kept_alias(s));
        }
        let lib = node.lib;
        // The impl's module (its key is `module::SelfType`): a name that module defines is
        // that item, whatever else of that name the library has.
        let module = node
            .key
            .as_deref()
            .and_then(|k| k.rsplit_once("::"))
            .map(|m| m.0);
        header_locals.iter().all(|&s| {
            if for_kept_alias(&s) {
                return true;
            }
            let own_key = module.map(|m| format!("{m}::{}", index.name_of(s)));
            if let Some(key) = own_key.filter(|k| self.defined_keys.contains(k)) {
                return self.kept_keys.contains(&key);
            }
            let through = node.cross.iter().find(|(_, c)| *c == s);
            if let Some(&(other, _)) = through {
                self.kept_in.contains(&(other, s))
            } else if self.defined_in.contains(&(lib, s)) {
                self.kept_in.contains(&(lib, s))
            } else if self.imported_in.contains(&(lib, s)) {
                self.kept_names.contains(&s)
            } else {
                true
            }
        })
    }

    /// Dead in an earlier draft, or naming what is.
    pub(super) fn ruled_out(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        if self.rescued_node(index, i) {
            return false;
        }
        if self.dead.node[i] {
            return !(self.member_a_macro_implements(index, i)
                || self.value_a_macro_names(index, i));
        }
        match &node.kind {
            Kind::MacroCall { args, .. } => args.iter().any(|&a| self.unavailable(a)),
            Kind::MacroRules => false,
            _ => self
                .dead_names_held(index, i)
                .any(|n| !self.is_rescued(node.lib, Some(n))),
        }
    }

    /// Whether node `i` is rescued whatever the findings say of it: by its own name (a `use`
    /// leaf by the name it brings in: alga's `pub use self::vector::FiniteDimVectorSpace;`
    /// in `linear`, the path others import it by), or as needed (`needed_node`).
    fn rescued_node(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        let name = match node.kind {
            Kind::UseLeaf { local, .. } => Some(local),
            _ => node.name,
        };
        self.is_rescued(node.lib, name) || self.needed_node(index, i)
    }

    /// Whether node `i` is needed (`needed`): by its name; a `use` of a trait also by a
    /// method of it (rand's `use ..::utils::WideningMultiply;` for `v.wmul(range)`), and
    /// the trait itself; a trait's member by its trait; an impl when its trait or a type it
    /// is for is needed (getrandom's `unsafe impl Sync for Mutex`) and no type its header
    /// names is dead unless needed, and the impl's items with it (rand's `impl
    /// UniformSampler for UniformInt<i8>`, whose `new<B1: SampleBorrow<..>>` names a dead
    /// trait: with `Uniform` needed, the impl is too).
    pub(super) fn needed_node(&self, index: &Index, i: usize) -> bool {
        if self.needed.is_empty() {
            return false;
        }
        let needed = |n: &Sym| self.needed.contains(n);
        let node = &index.nodes[i];
        match &node.kind {
            Kind::UseLeaf { local, source, .. } => {
                needed(local)
                    || (self.facts.trait_methods.get(source))
                        .is_some_and(|ms| ms.iter().any(needed))
            }
            Kind::TraitItem { .. } => {
                node.name.is_some_and(|n| needed(&n))
                    || (node.parent)
                        .and_then(|p| index.nodes[p].name)
                        .is_some_and(|n| needed(&n))
            }
            Kind::Impl {
                header_locals,
                trait_name,
                ..
            } => {
                let by = trait_name.is_some_and(|t| needed(&t)) || header_locals.iter().any(needed);
                by && (header_locals.iter()).all(|h| needed(h) || !self.dead.names.contains(h))
            }
            Kind::ImplItem { .. } => node.parent.is_some_and(|p| {
                self.needed_node(index, p)
                    || matches!(index.nodes[p].kind, Kind::Impl { trait_name: Some(t), .. }
                        if needed(&t))
            }),
            Kind::Trait { members } => {
                node.name.is_some_and(|n| needed(&n)) || members.iter().any(needed)
            }
            _ => node.name.is_some_and(|n| needed(&n)),
        }
    }

    /// Whether `name` is dead, or made by a macro call naming a dead one, and not needed
    /// (a call naming a needed type stays, and so do the impls it writes).
    fn unavailable(&self, name: Sym) -> bool {
        self.dead.unavailable.contains(&name) && !self.needed.contains(&name)
    }

    fn is_rescued(&self, lib: usize, name: Option<Sym>) -> bool {
        name.is_some_and(|n| self.needed.contains(&n) || self.rescued.contains(&(lib, n)))
    }

    /// The dead names node `i` holds as paths where they can mean a library's item.
    pub(super) fn dead_names_held<'n>(
        &'n self,
        index: &'n Index,
        i: usize,
    ) -> impl Iterator<Item = Sym> + 'n {
        index.nodes[i]
            .uses
            .iter()
            .filter(|u| is_path(**u))
            .map(|u| u & !KINDS)
            .filter(move |&n| self.dead.names.contains(&n) && self.can_mean_an_item(index, i, n))
    }

    /// Whether node `i`'s mention of dead `name` can mean a dead library item of that
    /// name. Where its module binds the name (an item, a `use`), a mention (but a `use`'s)
    /// means that binding, dead or not (im-rc's `ord::map` imports `Iter as RangedIter`
    /// while `ord::set`'s own `RangedIter` is dead). Else: its library defines an item of
    /// the name, it writes the name through a path into another library, or its module
    /// imports the name or opens by a glob (or through its own modules' globs) a library
    /// that defines one. Else it is std's: im-rc's `#[derive(Ord)]` and `A: Ord` are not
    /// typenum's trait `Ord`, dead when no type-level comparison is made.
    fn can_mean_an_item(&self, index: &Index, i: usize, name: Sym) -> bool {
        let node = &index.nodes[i];
        let lib = node.lib;
        let module = self.places.module_of(i);
        // A `use` names its source where the path leads, not a binding of its own module;
        // the name a rename binds (`as RangedIter`) is no mention at all.
        if let Kind::UseLeaf { local, source, .. } = node.kind {
            if name == local && local != source {
                return false;
            }
        } else if let Some(bound) = self.bindings.bound_at.get(&(lib, module, name)) {
            return bound.iter().any(|&j| self.dead.node[j]);
        }
        if self.defined_in.contains(&(lib, name)) || node.cross.iter().any(|&(_, c)| c == name) {
            return true;
        }
        let mut stack = vec![module];
        let mut seen = HashSet::default();
        while let Some(m) = stack.pop() {
            if !seen.insert(m) {
                continue;
            }
            // A module opened through its own library's globs: an item of the name there is
            // its library's (answered above), so a binding is an import.
            if self.bindings.bound_at.contains_key(&(lib, m, name)) {
                return true;
            }
            for target in self.bindings.globs_at.get(&(lib, m)).into_iter().flatten() {
                match *target {
                    GlobTarget::Library(l) if self.defined_in.contains(&(l, name)) => return true,
                    GlobTarget::Library(_) | GlobTarget::Variants => {}
                    GlobTarget::Own(m) => stack.push(m),
                    GlobTarget::Unknown => return true,
                }
            }
        }
        false
    }

    /// Whether node `i`, being kept, is kept against the compiler's findings: found dead
    /// (a rule keeps it), spared, or holding a dead name. What it mentions is rescued.
    pub(super) fn against_the_findings(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        self.dead.node[i]
            || self.dead.spared[i]
            || self.implements_a_dead_member(index, node)
            || (!matches!(node.kind, Kind::MacroCall { .. } | Kind::MacroRules)
                && self.dead_names_held(index, i).next().is_some())
    }

    /// Whether `node` is an impl's method of a trait member found never called: kept, it
    /// is kept with the member a rule keeps, and what its body calls is needed however
    /// unused the compiler found it (petgraph's `impl IntoNeighbors for &Graph { fn
    /// neighbors(self, ..) { Graph::neighbors(self, ..) } }`, whose inherent `neighbors`
    /// was reported too; without it the path meant the trait's method, and the draft
    /// failed).
    fn implements_a_dead_member(&self, index: &Index, node: &Node) -> bool {
        let (Kind::ImplItem { is_fn: true, .. }, Some(p), Some(name)) =
            (&node.kind, node.parent, node.name)
        else {
            return false;
        };
        match index.nodes[p].kind {
            Kind::Impl {
                trait_name: Some(t),
                ..
            } => self.dead.methods.contains(&(t, name)),
            _ => false,
        }
    }

    /// Trait member `i`, found never called, when a kept macro implements it: the trait
    /// and the member are both names that macro's call or definition holds (num-rational's
    /// `checked_arith_impl!(impl CheckedAdd, checked_add);`, num-traits' `prim_int_impl!`
    /// writing `impl PrimInt for $T { fn count_ones .. }`), or the macro is among the items
    /// of an impl of the trait. The impls it makes cannot lose the member, so the trait
    /// keeps it.
    fn member_a_macro_implements(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        let trait_name = node.parent.and_then(|p| index.nodes[p].name);
        match (&node.kind, trait_name, node.name) {
            (Kind::TraitItem { .. }, Some(t), Some(n)) => self.held_by_macros(t, n),
            _ => false,
        }
    }

    /// Whether `macro_rules!` node `i` (named `n`) is called where it can be: an exported
    /// one anywhere; another in its module and the modules inside it, and in the module
    /// around while the module it is in is `#[macro_use]` (nalgebra defines a local
    /// `impl_multiplicative_structures!` in each of several modules: a call in one kept
    /// every other's, and all the geometry types their bodies name, 200 KiB).
    fn called_in_scope(&self, index: &Index, i: usize, n: Sym) -> bool {
        // One a `use` re-exports (`pub(crate) use double;`) is called by path from anywhere.
        let lib = index.nodes[i].lib;
        if !self.scoped
            || index.exported_macros.contains(&i)
            || self.imported_in.contains(&(lib, n))
        {
            return self.mentioned.macros.contains(&n);
        }
        let mut scope = self.places.module_of(i);
        while let Some(m) = scope.filter(|m| index.macro_use_mods.contains(m)) {
            scope = super::places::enclosing_module(&index.nodes, m);
        }
        self.places.macro_called_within(&index.nodes, n, lib, scope)
    }

    /// Function, constant or static `i`, found dead, when a kept macro of its library names
    /// it: what the macro makes calls it (rand 0.7's `impl_weight_for_float!` writes
    /// `pairwise_sum(values)` in an impl's method nobody calls; the compiler reports the
    /// function dead, but the impl a macro makes cannot lose the method). The macro's arms
    /// that never matched are gone by then: what is left is expanded.
    fn value_a_macro_names(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        node.value
            && node
                .name
                .is_some_and(|n| self.passed_to_macros.contains(&(node.lib, n)))
    }

    /// Whether one library's kept macro calls and definitions hold trait `t` and its member
    /// `m`, or define a function of `m`'s name (`fn count_ones` in a macro body).
    fn held_by_macros(&self, t: Sym, m: Sym) -> bool {
        let defined = self.facts.macro_fns.contains(&m);
        (0..self.opens.len()).any(|l| {
            self.passed_to_macros.contains(&(l, t))
                && (defined || self.passed_to_macros.contains(&(l, m)))
        })
    }

    /// Whether the solution writes `name` where it can mean library `lib`'s item of it.
    fn seeded(&self, lib: usize, name: Sym) -> bool {
        self.seeded_in.contains(&lib) && self.seeded.contains(&name)
    }

    fn named(&self, n: Option<Sym>) -> bool {
        n.is_some_and(|n| self.mentioned.path.contains(&n))
    }

    fn method(&self, n: Option<Sym>) -> bool {
        n.is_some_and(|n| self.mentioned.any.contains(&n))
    }

    /// Whether one of trait `t`'s methods is called.
    fn reached_by_method(&self, t: Sym) -> bool {
        self.facts
            .trait_methods
            .get(&t)
            .is_some_and(|ms| ms.iter().any(|m| self.mentioned.any.contains(m)))
    }

    /// Whether one of trait `t`'s methods is called in the module of node `i` or in a
    /// module inside it: where a `use` of the trait there, or its definition there, puts it
    /// in scope (a call elsewhere needs the trait in scope there, by a name of its own).
    fn called_near(&self, index: &Index, i: usize, t: Sym) -> bool {
        let (lib, module) = (index.nodes[i].lib, self.places.module_of(i));
        self.facts.trait_methods.get(&t).is_some_and(|ms| {
            ms.iter()
                .any(|&m| self.places.called_within(&index.nodes, m, lib, module))
        })
    }

    /// Whether one of trait `t`'s methods is called in a module whose glob import opens
    /// the module of node `i` (the trait's definition), or inside one: generic-array 0.13's
    /// `use sequence::*;` in `impls` puts `GenericSequence` in scope for `Self::generate`.
    fn called_through_glob(&self, index: &Index, i: usize, t: Sym) -> bool {
        let lib = index.nodes[i].lib;
        let Some(from) = self.globbed_from.get(&self.places.module_of(i)) else {
            return false;
        };
        self.facts.trait_methods.get(&t).is_some_and(|ms| {
            from.iter().any(|&p| {
                ms.iter()
                    .any(|&m| self.places.called_within(&index.nodes, m, lib, p))
            })
        })
    }

    /// Whether node `i` is needed by what is kept so far.
    pub(super) fn keeps(&self, index: &Index, i: usize) -> bool {
        let node = &index.nodes[i];
        let parent_kept = node.parent.is_none_or(|p| index.nodes[p].kept);
        match &node.kind {
            Kind::Named if node.value => {
                node.name.is_some_and(|n| self.mentioned.value.contains(&n))
                    && self.seen_by_its_library(index, i)
                    && self.seen_by_its_module(index, i)
            }
            Kind::Named => {
                (self.named(node.name)
                    && self.seen_by_its_library(index, i)
                    && self.seen_by_its_module(index, i))
                    || self.variant_seen_through_glob(index, i)
            }
            // A macro is called by `name!`; a kept `use` of it also needs it, and so does a
            // macro call of its library that passes its name on (petgraph's
            // `GraphBase!{delegate_impl []}`).
            // An exported macro the solution imports by name stays, called or not: its
            // `use` must resolve (a template's `use proconio::input;` above a `read_line`).
            Kind::MacroRules => node.name.is_some_and(|n| {
                self.called_in_scope(index, i, n)
                    || self.imported_by_use.contains(&n)
                    || self.passed_to_macros.contains(&(node.lib, n))
                    || (self.facts.imported.contains(&n) && index.exported_macros.contains(&i))
            }),
            Kind::Mod | Kind::Glob { .. } | Kind::StdUse => false,
            Kind::Container { locals, by_macros } => {
                self.container_kept(index, i, locals, by_macros)
            }
            // A trait is in scope where it is defined: a call of one of its methods there
            // needs it even when no one writes its name; so does the solution's, when it
            // imports the trait by name or by a glob.
            Kind::Trait { .. } => {
                (self.named(node.name)
                    && self.seen_by_its_library(index, i)
                    && self.seen_by_its_module(index, i))
                    || ((self.facts.globbed.contains(&node.lib)
                        || node.name.is_some_and(|n| self.facts.imported.contains(&n)))
                        && node.name.is_some_and(|t| self.reached_by_method(t)))
                    || node.name.is_some_and(|t| {
                        self.called_near(index, i, t) || self.called_through_glob(index, i, t)
                    })
            }
            Kind::TraitItem { required } => {
                parent_kept
                    && (*required
                        || self.method(node.name)
                        || node.name.is_some_and(|n| self.facts.macro_fns.contains(&n)))
            }
            Kind::Impl { .. } => self.impl_kept(index, i),
            // A macro among an impl's items: with a trait's impl, or when what it defines
            // cannot be told; in an inherent impl, when one of its functions is called.
            Kind::ImplItem { makes, .. } if node.name.is_none() => {
                let inherent = node.parent.is_some_and(|p| {
                    matches!(
                        index.nodes[p].kind,
                        Kind::Impl {
                            trait_name: None,
                            ..
                        }
                    )
                });
                parent_kept
                    && (!inherent
                        || makes.is_empty()
                        || makes.iter().any(|&m| self.method(Some(m))))
            }
            Kind::ImplItem { is_fn, .. } => {
                parent_kept && self.keeps_impl_item(index, node, *is_fn)
            }
            Kind::UseLeaf {
                local,
                source,
                private,
                ..
            } => self.keeps_use_leaf(index, i, *local, *source, *private),
            Kind::MacroCall {
                macro_name,
                args,
                makes,
            } => {
                self.keeps_macro_call(index, *macro_name, args)
                    || makes.iter().any(|&n| {
                        self.mentioned.path.contains(&n)
                            && (!self.scoped
                                || self.seeded(node.lib, n)
                                || self.mentioned_in.contains(&(node.lib, n)))
                    })
            }
            Kind::Always => true,
        }
    }

    /// An inherent impl's item by its name; all of a foreign trait's; a library trait's
    /// when the trait keeps it.
    fn keeps_impl_item(&self, index: &Index, node: &Node, is_fn: bool) -> bool {
        let Kind::Impl {
            trait_name,
            foreign_trait,
            ..
        } = &index.nodes[node.parent.expect("impl items sit in impls")].kind
        else {
            unreachable!("impl items sit in impls")
        };
        let (trait_name, foreign_trait) = match trait_name.and_then(|t| self.renamed_traits.get(&t))
        {
            Some(source) => (&Some(*source), &false),
            None => (trait_name, foreign_trait),
        };
        // A method the library trait of that name does not have: the impl is of another
        // trait of that name (std's `Sum` while typenum has a `type Sum`), kept whole.
        let not_a_member = |t: &Sym| {
            node.name.is_some_and(|n| {
                !self
                    .facts
                    .trait_methods
                    .get(t)
                    .is_some_and(|ms| ms.contains(&n))
            })
        };
        match trait_name {
            None => self.method(node.name),
            Some(_) if *foreign_trait => true,
            Some(t) if not_a_member(t) => true,
            Some(t)
                if node.name.is_some_and(|n| {
                    self.dead.methods.contains(&(*t, n))
                        && !self.held_by_macros(*t, n)
                        && !self.is_rescued(node.lib, Some(n))
                        && !self.needed.contains(t)
                }) =>
            {
                false
            }
            Some(t) => {
                !is_fn
                    || self.method(node.name)
                    || node
                        .name
                        .is_some_and(|n| self.facts.required.get(t).is_some_and(|r| r.contains(&n)))
            }
        }
    }

    /// A `use` leaf when the name it brings in is mentioned where it can be seen, as a
    /// macro of a kept macro, or when it imports a trait whose method its module calls.
    fn keeps_use_leaf(
        &self,
        index: &Index,
        i: usize,
        local: Sym,
        source: Sym,
        private: bool,
    ) -> bool {
        let node = &index.nodes[i];
        let underscore = index.interner.get("_") == Some(local);
        let name = if underscore { source } else { local };
        let seen = if private {
            self.places
                .seen_within(&index.nodes, name, node.lib, self.places.module_of(i))
        } else {
            let of_a_value = self.scoped
                && node
                    .key
                    .as_ref()
                    .is_some_and(|k| self.value_keys.contains(k));
            let mentioned = if of_a_value {
                &self.mentioned.value
            } else {
                &self.mentioned.path
            };
            (mentioned.contains(&name) || self.mentioned.variants.contains(&name))
                && (!self.scoped || self.visible_in_module(index, i, name))
        };
        // What the solution's glob brings in of a library puts a trait in scope for its
        // calls: `use num::*;` then `3.pow(n)` through num's `pub use num_traits::PrimInt`.
        let through_glob =
            !private && self.facts.globbed.contains(&node.lib) && self.reached_by_method(source);
        seen || (self.mentioned.macros.contains(&name) && self.kept_names.contains(&source))
            || self.called_near(index, i, source)
            || through_glob
    }

    /// An item-level macro call when a library type named in it, a name it makes (defined
    /// nowhere else), or a library item its definition names is kept, unless a type its
    /// definition names is dead: what it makes would name it too (the arms never used are
    /// gone by then).
    fn keeps_macro_call(&self, index: &Index, macro_name: Sym, args: &[Sym]) -> bool {
        let facts = self.facts;
        let triggered = args.iter().any(|s| {
            *s != macro_name
                && !facts.noise.contains(s)
                && if facts.local_types.contains(s) {
                    self.kept_names.contains(s)
                } else if facts.item_names.contains(s) {
                    false
                } else {
                    // A name a kept `use` imports is an item somebody needs, whatever its
                    // case: amplify_num's `pub use smallint::u24;` of a type that
                    // `construct_smallint!(u24 ...)` makes.
                    (self.mentioned.path.contains(s) && capitalised(index, *s))
                        || self.imported_by_use.contains(s)
                }
        }) || facts
            .macro_triggers
            .get(&macro_name)
            .is_some_and(|t| t.iter().any(|s| self.kept_names.contains(s)));
        let dead = facts
            .macro_triggers
            .get(&macro_name)
            .is_some_and(|t| t.iter().any(|&s| self.unavailable(s)));
        triggered && !dead
    }
}
