//! What the pruner knows before it keeps anything: the libraries' names and traits, what
//! their macros make, and what the compiler found dead in an earlier draft.

use super::index::Index;
use super::nodes::{is_noise, Kind, Node, Ruling};
use super::symbols::{Sym, KINDS, MAC};
use super::tokens::collect_idents;
use crate::fast_hash::{HashMap, HashSet};
use proc_macro2::TokenStream;
use std::collections::BTreeSet;

/// Facts about the libraries, fixed for the whole walk.
pub(super) struct Facts {
    /// Every type-like name the libraries define.
    pub(super) local_types: HashSet<Sym>,
    /// The names of library items (named items, macros, traits).
    pub(super) item_names: HashSet<Sym>,
    /// The methods and associated consts of each library trait, by trait name.
    pub(super) trait_methods: HashMap<Sym, Vec<Sym>>,
    /// The items a library trait requires, by trait name.
    pub(super) required: HashMap<Sym, HashSet<Sym>>,
    /// The library types and traits each macro's expansion hangs on (transitively through
    /// the macros it calls).
    pub(super) macro_triggers: HashMap<Sym, Vec<Sym>>,
    /// Functions that macro-made impls define (`fn is_one` in num-traits' `one_impl!`), and
    /// those of impls inside function bodies (`Index::nested_impl_fns`).
    pub(super) macro_fns: HashSet<Sym>,
    /// Names that say nothing about which item a macro call makes.
    pub(super) noise: HashSet<Sym>,
    /// The names the solution imports from libraries.
    pub(super) imported: HashSet<Sym>,
    /// The libraries the solution glob-imports a path of.
    pub(super) globbed: HashSet<usize>,
    /// The items of each container (`extern` block, `const _` block).
    pub(super) containers: HashMap<usize, Vec<usize>>,
}

impl Facts {
    pub(super) fn gather(
        index: &mut Index,
        local_types: &HashSet<String>,
        macro_bodies: &HashMap<String, TokenStream>,
        solution_globs: &BTreeSet<String>,
        solution_imports: &BTreeSet<String>,
    ) -> Facts {
        let mut item_names = HashSet::default();
        let mut trait_methods: HashMap<Sym, Vec<Sym>> = HashMap::default();
        let mut required: HashMap<Sym, HashSet<Sym>> = HashMap::default();
        let mut containers: HashMap<usize, Vec<usize>> = HashMap::default();
        for (k, node) in index.nodes.iter().enumerate() {
            if let (Some(n), Kind::Named | Kind::MacroRules | Kind::Trait { .. }) =
                (node.name, &node.kind)
            {
                item_names.insert(n);
            }
            if let (Some(n), Kind::Trait { members }) = (node.name, &node.kind) {
                trait_methods.entry(n).or_default().extend(members);
            }
            if let (Kind::TraitItem { required: true }, Some(name), Some(p)) =
                (&node.kind, node.name, node.parent)
            {
                if let Some(trait_name) = index.nodes[p].name {
                    required.entry(trait_name).or_default().insert(name);
                }
            }
            if let Some(p) = node.parent {
                if matches!(index.nodes[p].kind, Kind::Container { .. }) {
                    containers.entry(p).or_default().push(k);
                }
            }
        }
        let local_types: HashSet<Sym> = local_types.iter().map(|t| index.interner.sym(t)).collect();
        let macro_triggers = macro_triggers(index, macro_bodies, &local_types);
        let mut macro_fns = index.nested_impl_fns.clone();
        for body in macro_bodies.values() {
            fns_defined_in(body.clone(), index, &mut macro_fns);
        }
        let noise = index
            .interner
            .map
            .iter()
            .filter(|(n, _)| is_noise(n))
            .map(|(_, &s)| s)
            .collect();
        let imported = solution_imports
            .iter()
            .filter_map(|name| index.interner.get(name))
            .collect();
        let globbed = index
            .modules
            .iter()
            .enumerate()
            .filter(|(_, m)| solution_globs.contains(*m))
            .map(|(k, _)| k)
            .collect();
        Facts {
            local_types,
            item_names,
            trait_methods,
            required,
            macro_triggers,
            macro_fns,
            noise,
            imported,
            globbed,
            containers,
        }
    }
}

/// For each macro, the library types and traits its expansion hangs on: only type and
/// trait names (what a macro makes hangs on them, `impl Trait for Type`; its lowercase names
/// are mostly its own parameters), with those its body writes out as definitions (petgraph's
/// trait_template makes, per trait, a macro repeating `pub trait GraphBase { ... }`), and
/// those of the crate's macros it calls (`forward_all_binop!` makes its impls through
/// `forward_ref_ref_binop!`, whose body is where `Complex` is named), transitively.
fn macro_triggers(
    index: &mut Index,
    macro_bodies: &HashMap<String, TokenStream>,
    local_types: &HashSet<Sym>,
) -> HashMap<Sym, Vec<Sym>> {
    let mut triggers_of: HashMap<Sym, Vec<Sym>> = HashMap::default();
    let macro_syms: HashSet<Sym> = macro_bodies.keys().map(|n| index.interner.sym(n)).collect();
    let mut calls: Vec<(Sym, Vec<Sym>)> = Vec::new();
    for (name, body) in macro_bodies {
        let mut all = Vec::new();
        collect_idents(body.clone(), &mut index.interner, &mut all);
        // A callee is a name called as a macro (`name!`): wide's bodies write `input` as a
        // variable, which made them inherit proconio's `input!` triggers (`StdinSource`),
        // and every one was kept wherever the solution reads its input.
        let sym = index.interner.sym(name);
        let callees = all
            .iter()
            .filter(|&&s| s & MAC != 0)
            .map(|&s| s & !KINDS)
            .filter(|s| *s != sym && macro_syms.contains(s))
            .collect();
        all.iter_mut().for_each(|s| *s &= !KINDS);
        calls.push((sym, callees));
        let mut triggers: Vec<Sym> = all
            .into_iter()
            .filter(|s| local_types.contains(s))
            .collect();
        for name in defined_type_names(body.clone()) {
            let s = index.interner.sym(&name);
            if local_types.contains(&s) && !triggers.contains(&s) {
                triggers.push(s);
            }
        }
        triggers_of.insert(sym, triggers);
    }
    loop {
        let mut grew = false;
        for (sym, callees) in &calls {
            let inherited: Vec<Sym> = callees
                .iter()
                .filter_map(|c| triggers_of.get(c))
                .flatten()
                .copied()
                .collect();
            let own = triggers_of.entry(*sym).or_default();
            for t in inherited {
                if !own.contains(&t) {
                    own.push(t);
                    grew = true;
                }
            }
        }
        if !grew {
            return triggers_of;
        }
    }
}

/// What the compiler found dead in an earlier draft, and what follows from it.
pub(super) struct Dead {
    /// Per node: never kept.
    pub(super) node: Vec<bool>,
    /// Per node: reported, but spared (a type or trait a macro definition names).
    pub(super) spared: Vec<bool>,
    /// Type and trait names whose every item is dead: whatever still names one is dead too
    /// (an `_`-prefixed function, which the lint never reports).
    pub(super) names: HashSet<Sym>,
    /// (trait, method) pairs never called: gone from the trait and its impls.
    pub(super) methods: HashSet<(Sym, Sym)>,
    /// Dead names and the types the macro calls naming them would make, transitively.
    pub(super) unavailable: HashSet<Sym>,
    /// Names a draft could not do without (`Ruling::needed`): rescued in every library.
    pub(super) needed: Vec<Sym>,
    /// Every name the findings touch: of a node found dead, dead, or unavailable. Only these
    /// spread from a needed node (a name nothing found dead needs no rescue, and a common
    /// one, `new`, spread everywhere: nalgebra's second reading kept all of its draft).
    pub(super) touched: HashSet<Sym>,
}

impl Dead {
    /// `ruling.banned`: the keys the compiler reported. Types a macro definition names are
    /// never taken out: a call makes several items at once, some of which may be needed
    /// while the compiler found one of those types dead.
    pub(super) fn new(index: &Index, ruling: &Ruling, facts: &Facts) -> Dead {
        let banned = &ruling.banned;
        // Only macros something still calls: one whose calls were all written out (impl-only
        // calls, for the impls pass) makes nothing more.
        let called: HashSet<Sym> = (index.nodes.iter())
            .flat_map(|n| n.uses.iter())
            .filter(|&&s| s & MAC != 0)
            .map(|&s| s & !KINDS)
            .collect();
        let protected: HashSet<Sym> = (facts.macro_triggers.iter())
            .filter(|(m, _)| called.contains(m))
            .flat_map(|(_, t)| t.iter().copied())
            .collect();
        let spared = |n: &Node| {
            matches!(n.kind, Kind::Named | Kind::Trait { .. })
                && n.name.is_some_and(|s| protected.contains(&s))
        };
        // A `use` leaf bears the key of the item it imports: it goes with that item, and
        // stays when the item is spared (typenum's root `pub use int::{NInt, PInt};`, which
        // its other modules import `PInt` through).
        let spared_keys: HashSet<&String> = index
            .nodes
            .iter()
            .filter(|n| spared(n))
            .filter_map(|n| n.key.as_ref())
            .collect();
        let reported = |n: &Node| n.key.as_ref().is_some_and(|k| banned.contains(k));
        let spared_nodes: Vec<bool> = index
            .nodes
            .iter()
            .map(|n| reported(n) && spared(n))
            .collect();
        let node: Vec<bool> = index
            .nodes
            .iter()
            .map(|n| {
                reported(n)
                    && !spared(n)
                    && !(matches!(n.kind, Kind::UseLeaf { .. })
                        && n.key.as_ref().is_some_and(|k| spared_keys.contains(k)))
            })
            .collect();
        let names = all_dead_names(index, &node);
        let methods = index
            .nodes
            .iter()
            .enumerate()
            .filter(|(i, n)| node[*i] && matches!(n.kind, Kind::TraitItem { .. }))
            .filter_map(|(_, n)| Some((index.nodes[n.parent?].name?, n.name?)))
            .collect();
        // A macro call that names a dead type is dead, and so are the types it would make
        // (the names it holds that no item defines).
        let mut unavailable = names.clone();
        loop {
            let mut grew = false;
            for n in &index.nodes {
                let Kind::MacroCall { args, .. } = &n.kind else {
                    continue;
                };
                if !args.iter().any(|a| unavailable.contains(a)) {
                    continue;
                }
                for &a in args {
                    let made = !facts.local_types.contains(&a)
                        && !facts.item_names.contains(&a)
                        && capitalised(index, a);
                    if made && unavailable.insert(a) {
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
        let needed = (ruling.needed.iter())
            .filter_map(|n| index.interner.get(n))
            .collect();
        let touched = touched(index, &node, &unavailable);
        Dead {
            node,
            spared: spared_nodes,
            names,
            methods,
            unavailable,
            needed,
            touched,
        }
    }
}

/// The names the findings touch (`Dead::touched`): of each node found dead (`node`), a
/// dead trait's members too (rand's `v.wmul(range)` of the dead `WideningMultiply`), and
/// the `unavailable` ones.
fn touched(index: &Index, node: &[bool], unavailable: &HashSet<Sym>) -> HashSet<Sym> {
    let mut names: HashSet<Sym> = unavailable.clone();
    for (n, _) in index.nodes.iter().zip(node).filter(|(_, &dead)| dead) {
        if let Kind::Trait { members } = &n.kind {
            names.extend(members);
        }
        names.extend(n.name);
    }
    names
}

/// Type, trait and macro names whose every item is dead (`node`): whatever names one is
/// dead too.
fn all_dead_names(index: &Index, node: &[bool]) -> HashSet<Sym> {
    let mut all_dead: HashMap<Sym, bool> = HashMap::default();
    // Types, traits and macros: a constant's name can be a type parameter's (libc's
    // register `const SS`, alga's `impl<SS: SubsetOf<SP>, SP> SupersetOf<SS> for SP`).
    for (i, n) in index.nodes.iter().enumerate() {
        if let (Some(name), Kind::Named | Kind::MacroRules | Kind::Trait { .. }) = (n.name, &n.kind)
        {
            if !n.value {
                *all_dead.entry(name).or_insert(true) &= node[i];
            }
        }
    }
    // Only type and trait names: a lowercase name may as well be a local variable's. Not
    // a name a macro call holds that its library defines no item of: the call may make
    // an item of that name the walk does not see (a `U3` made by a macro beside another
    // library's dead `type U3`: banning the name took out `type Matrix3 = Mat<U3>`). One
    // it defines is judged by its items (typenum's dead `NInt`, which its impl macro
    // calls name, goes with them).
    let defined: HashSet<(usize, Sym)> = index
        .nodes
        .iter()
        .filter(|n| matches!(n.kind, Kind::Named | Kind::Trait { .. }))
        .filter_map(|n| Some((n.lib, n.name?)))
        .collect();
    let in_calls: HashSet<Sym> = index
        .nodes
        .iter()
        .filter_map(|n| match &n.kind {
            Kind::MacroCall { args, .. } => Some(args.iter().map(move |&a| (n.lib, a))),
            _ => None,
        })
        .flatten()
        .filter(|made| !defined.contains(made))
        .map(|(_, a)| a)
        .collect();
    all_dead
        .into_iter()
        .filter(|&(n, all)| all && capitalised(index, n) && !in_calls.contains(&n))
        .map(|(n, _)| n)
        .collect()
}

pub(super) fn capitalised(index: &Index, s: Sym) -> bool {
    index
        .name_of(s)
        .starts_with(|c: char| c.is_ascii_uppercase())
}

/// The names after `fn` in a macro body, at any depth.
fn fns_defined_in(tokens: TokenStream, index: &mut Index, out: &mut HashSet<Sym>) {
    let mut after_fn = false;
    for tree in tokens {
        match tree {
            proc_macro2::TokenTree::Ident(i) => {
                let name = i.to_string();
                if after_fn {
                    out.insert(index.interner.sym(&name));
                }
                after_fn = name == "fn";
            }
            proc_macro2::TokenTree::Group(g) => {
                fns_defined_in(g.stream(), index, out);
                after_fn = false;
            }
            _ => after_fn = false,
        }
    }
}

/// The names a token stream defines as types or traits (`trait Name`, `struct Name`, ...),
/// written literally (not `$name`).
fn defined_type_names(tokens: TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    let trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    for (i, t) in trees.iter().enumerate() {
        match t {
            proc_macro2::TokenTree::Ident(k)
                if matches!(
                    k.to_string().as_str(),
                    "trait" | "struct" | "enum" | "union" | "type"
                ) =>
            {
                if let Some(proc_macro2::TokenTree::Ident(name)) = trees.get(i + 1) {
                    let after_dollar = i >= 1
                        && matches!(&trees[i - 1], proc_macro2::TokenTree::Punct(p) if p.as_char() == '$');
                    if !after_dollar {
                        out.push(name.to_string());
                    }
                }
            }
            proc_macro2::TokenTree::Group(g) => out.extend(defined_type_names(g.stream())),
            _ => {}
        }
    }
    out
}
