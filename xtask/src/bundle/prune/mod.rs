//! Item-level pruning: keep only the library items a solution can reach.
//!
//! Reachability is by name, and conservative: every identifier the solution writes is
//! "mentioned", and an item is kept when its name is mentioned; a kept item's identifiers
//! are mentioned in turn, until nothing new is kept. Names are not resolved, so an item is
//! kept whenever anything of that name could be meant, with three refinements:
//! - the kind of mention: `name` or `module::name` (a path) can mean any item; `x.name()`
//!   and `Type::name` only a method or an associated item; `name!` only a macro; the name
//!   in a definition (`fn name`) mentions nothing;
//! - `std::...` paths, and names a module imports from std, are not the libraries' items;
//! - keys found dead by the compiler (`oracle.rs`) are never kept, and neither is what
//!   names a type found dead (capitalised names only: lowercase ones may be locals).
//!
//! The shapes that need more than a name:
//! - a trait is kept when its name is mentioned, or when one of its methods is and the
//!   trait is in scope without being named (in its own live module, or glob-imported by the
//!   solution); its default methods only when their own name is, required ones always;
//! - an impl is kept when every library type and trait its header names is kept (a blanket
//!   `impl<T: Iterator> Itertools for T` needs only the trait, `impl Trait for (A, B)` only
//!   the trait); its items: all of a foreign trait's (`Iterator`), a library trait's when
//!   the trait keeps them, an inherent impl's by name;
//! - a `use` leaf is kept when the name it brings in is mentioned (as a macro only when a
//!   macro of that name is kept), or when it imports a trait whose method its live module
//!   calls; a glob when the module or enum it opens is kept; std imports wherever their
//!   module is;
//! - an item-level macro call (`impl_tuple_collect!(...)`) is kept when a library type it
//!   names, or one its definition names, is kept (or a capitalised name it makes is
//!   mentioned), unless a type its definition names is dead;
//! - a module is kept when anything in it is, or its name is mentioned.
//!
//! `XTASK_PRUNE_DEBUG=1` prints every kept node with what first mentioned its name.

mod apply;
mod index;
mod places;

use index::{collect_idents, is_path, Index, Interner, Scope, Sym, DOT, KINDS, MAC, QUAL, VARIANT};
use places::Places;
use proc_macro2::TokenStream;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

enum Kind {
    /// fn, struct, enum, union, const, static, type alias, trait alias.
    Named,
    /// A `macro_rules!` definition.
    MacroRules,
    Mod,
    /// `extern "C" { ... }` or `const _: () = { ... };`: kept when an item in it is, or,
    /// holding no item, when the library types and traits it names (`locals`) are.
    Container {
        locals: Vec<Sym>,
    },
    Trait {
        members: Vec<Sym>,
    },
    TraitItem {
        required: bool,
    },
    Impl {
        header_locals: Vec<Sym>,
        trait_name: Option<Sym>,
        foreign_trait: bool,
    },
    ImplItem {
        is_fn: bool,
    },
    UseLeaf {
        local: Sym,
        source: Sym,
        /// No `pub`: only its module and the modules inside it can name what it brings in.
        private: bool,
        /// Of the standard library (`pub use core::ffi::c_int;`): also kept with its module.
        std: bool,
    },
    /// A `use` of the standard library: kept wherever its module is.
    StdUse,
    Glob {
        target: Option<Sym>,
        /// The library module it opens, when its path resolves to one (`#3::a::b`).
        module: Option<String>,
        /// `::a::b` for a glob of `a::b::*` (after `crate`/`self`/`super`), to find the
        /// module when the path goes through another import.
        tail: Option<String>,
    },
    MacroCall {
        macro_name: Sym,
        args: Vec<Sym>,
    },
    Always,
}

struct Node {
    kind: Kind,
    /// `module::path::Name` (or `module::path::<Type>::method`), for the dead-code oracle.
    key: Option<String>,
    /// Which library it belongs to.
    lib: usize,
    name: Option<Sym>,
    uses: Vec<Sym>,
    parent: Option<usize>,
    kept: bool,
    /// A function, constant or static: never what a qualifier (`name::x`) means.
    value: bool,
}

/// What survives: the addresses of kept nodes in the trees given to `reach`.
pub struct Kept {
    addresses: HashSet<usize>,
}

fn addr<T>(node: &T) -> usize {
    node as *const T as usize
}

#[derive(Default)]
struct Mentions {
    /// As a path (`name`, `module::name`): any item.
    path: HashSet<Sym>,
    /// As a path or after a dot or a type (`x.name`, `T::name`): methods, associated items.
    any: HashSet<Sym>,
    /// As a macro call (`name!`).
    macros: HashSet<Sym>,
    /// As a path that is not a qualifier: what can mean a function, constant or static.
    value: HashSet<Sym>,
    /// As a variant of an enum the item names: only a `use` of that name is reached.
    variants: HashSet<Sym>,
}

impl Mentions {
    fn extend(&mut self, syms: &[Sym]) {
        for &s in syms {
            let plain = s & !KINDS;
            if s & MAC != 0 {
                self.macros.insert(plain);
                continue;
            }
            if s & VARIANT != 0 {
                self.variants.insert(plain);
                continue;
            }
            self.any.insert(plain);
            if s & DOT == 0 {
                self.path.insert(plain);
                if s & QUAL == 0 {
                    self.value.insert(plain);
                }
            }
        }
    }
}

/// Names that say nothing about which item a macro call makes.
fn is_noise(name: &str) -> bool {
    name.len() < 2
        || matches!(
            name,
            "fn" | "impl"
                | "for"
                | "where"
                | "pub"
                | "self"
                | "Self"
                | "mut"
                | "ref"
                | "let"
                | "const"
                | "struct"
                | "enum"
                | "type"
                | "crate"
                | "super"
                | "usize"
                | "isize"
                | "u8"
                | "u16"
                | "u32"
                | "u64"
                | "u128"
                | "i8"
                | "i16"
                | "i32"
                | "i64"
                | "i128"
                | "f32"
                | "f64"
                | "bool"
                | "char"
                | "str"
                | "String"
                | "Option"
                | "Some"
                | "None"
                | "Result"
                | "Ok"
                | "Err"
                | "Vec"
                | "Box"
                | "Clone"
                | "Copy"
                | "Default"
                | "Iterator"
                | "IntoIterator"
                | "Debug"
                | "PartialEq"
                | "Eq"
                | "PartialOrd"
                | "Ord"
                | "Hash"
                | "Send"
                | "Sync"
                | "Sized"
                | "Drop"
                | "Fn"
                | "FnMut"
                | "FnOnce"
                | "From"
                | "Into"
                | "ToString"
                | "ToOwned"
                | "AsRef"
                | "AsMut"
                | "Extend"
                | "DoubleEndedIterator"
                | "ExactSizeIterator"
                | "Display"
                | "Write"
                | "Read"
                | "Add"
                | "Sub"
                | "Mul"
                | "Div"
                | "Rem"
                | "Neg"
                | "Not"
                | "BitAnd"
                | "BitOr"
                | "BitXor"
                | "Shl"
                | "Shr"
                | "AddAssign"
                | "SubAssign"
                | "MulAssign"
                | "DivAssign"
                | "RemAssign"
                | "Index"
                | "IndexMut"
                | "Deref"
                | "DerefMut"
                | "FromStr"
                | "FromIterator"
                | "Sum"
                | "Product"
                | "Borrow"
                | "Ordering"
                | "Formatter"
                | "Hasher"
                | "Error"
                | "Range"
                | "UpperExp"
                | "LowerExp"
                | "UpperHex"
                | "LowerHex"
                | "Octal"
                | "Binary"
                | "Pointer"
        )
}

/// Decides what to keep of `libraries` (each a whole tree) for a solution that mentions
/// `seeds`.
/// `banned` holds keys of items found dead by the compiler in an earlier draft: they are
/// never kept.
/// `solution_globs`: the modules of the libraries the solution glob-imports a path of: their
/// traits may be in scope without their names being written.
/// `solution_imports`: the names the solution imports from libraries (`use dep::Trait;`,
/// `use dep::Trait as _;`): a trait among them is reached by a call of one of its methods.
pub fn reach(
    libraries: &[&[syn::Item]],
    modules: &[String],
    seeds: &TokenStream,
    solution_globs: &std::collections::BTreeSet<String>,
    solution_imports: &std::collections::BTreeSet<String>,
    banned: &HashSet<String>,
) -> Kept {
    // Every type-like name the libraries define: impl headers are judged by these.
    let mut local_types = HashSet::new();
    let mut macro_bodies: HashMap<String, TokenStream> = HashMap::new();
    for items in libraries {
        gather_definitions(items, &mut local_types, &mut macro_bodies);
    }
    let mut index = Index {
        modules: modules.to_vec(),
        interner: Interner::default(),
        nodes: Vec::new(),
        by_addr: HashMap::new(),
        module_ids: HashMap::new(),
        variants: HashMap::new(),
    };
    for (k, items) in libraries.iter().enumerate() {
        let root = Scope {
            parent: None,
            path: format!("#{}", k),
            shadow: Rc::default(),
        };
        let items: Vec<&syn::Item> = items.iter().collect();
        index.items(&items, &root, &local_types);
    }
    index.settle_variants();
    // Names mentioned as paths (`name`, `a::name`), and as anything (also `x.name()`).
    let mut mentioned = Mentions::default();
    let mut seed_syms = Vec::new();
    collect_idents(seeds.clone(), &mut index.interner, &mut seed_syms);
    mentioned.extend(&seed_syms);

    // Library item names, and what a local macro's definition mentions of them.
    let mut item_names: HashSet<Sym> = HashSet::new();
    // The methods of each library trait (by trait name), for traits reached by a method.
    let mut trait_methods: HashMap<Sym, Vec<Sym>> = HashMap::new();
    for node in &index.nodes {
        if let (Some(n), Kind::Named | Kind::MacroRules | Kind::Trait { .. }) =
            (node.name, &node.kind)
        {
            item_names.insert(n);
        }
        if let (Some(n), Kind::Trait { members }) = (node.name, &node.kind) {
            trait_methods.entry(n).or_default().extend(members);
        }
    }
    let local_type_syms: HashSet<Sym> = local_types.iter().map(|t| index.interner.sym(t)).collect();
    let mut macro_triggers: HashMap<Sym, Vec<Sym>> = HashMap::new();
    let macro_syms: HashSet<Sym> = macro_bodies.keys().map(|n| index.interner.sym(n)).collect();
    // The crate's macros each macro calls: `forward_all_binop!` makes its impls through
    // `forward_ref_ref_binop!`, whose body is where `Complex` is named.
    let mut calls: Vec<(Sym, Vec<Sym>)> = Vec::new();
    for (name, body) in &macro_bodies {
        let mut all = Vec::new();
        collect_idents(body.clone(), &mut index.interner, &mut all);
        all.iter_mut().for_each(|s| *s &= !KINDS);
        let sym = index.interner.sym(name);
        calls.push((
            sym,
            all.iter()
                .copied()
                .filter(|s| *s != sym && macro_syms.contains(s))
                .collect(),
        ));
        // Only type and trait names: what a macro makes hangs on them (`impl Trait for
        // Type`); its lowercase names are mostly its own parameters. A type or trait the
        // body itself writes out (petgraph's trait_template makes, per trait, a macro that
        // repeats `pub trait GraphBase { ... }` to derive delegating impls) counts too.
        let mut triggers: Vec<Sym> = all
            .into_iter()
            .filter(|s| local_type_syms.contains(s))
            .collect();
        for name in defined_type_names(body.clone()) {
            let s = index.interner.sym(&name);
            if local_type_syms.contains(&s) && !triggers.contains(&s) {
                triggers.push(s);
            }
        }
        macro_triggers.insert(sym, triggers);
    }
    // A macro is triggered by what the macros it calls are triggered by, transitively.
    loop {
        let mut grew = false;
        for (sym, callees) in &calls {
            let inherited: Vec<Sym> = callees
                .iter()
                .filter_map(|c| macro_triggers.get(c))
                .flatten()
                .copied()
                .collect();
            let own = macro_triggers.entry(*sym).or_default();
            for t in inherited {
                if !own.contains(&t) {
                    own.push(t);
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    // Types a macro definition names are never taken out: a call makes several items at
    // once, some of which may be needed while the compiler found one of those types dead.
    let protected: HashSet<Sym> = macro_triggers.values().flatten().copied().collect();
    let is_banned: Vec<bool> = index
        .nodes
        .iter()
        .map(|n| {
            n.key.as_ref().is_some_and(|k| banned.contains(k))
                && !(matches!(n.kind, Kind::Named | Kind::Trait { .. })
                    && n.name.is_some_and(|s| protected.contains(&s)))
        })
        .collect();
    let noise: HashSet<Sym> = index
        .interner
        .map
        .iter()
        .filter(|(n, _)| is_noise(n))
        .map(|(_, &s)| s)
        .collect();
    // Methods a library trait requires, by trait name.
    let mut required: HashMap<Sym, HashSet<Sym>> = HashMap::new();
    for node in &index.nodes {
        if let (Kind::TraitItem { required: true }, Some(name), Some(p)) =
            (&node.kind, node.name, node.parent)
        {
            if let Some(trait_name) = index.nodes[p].name {
                required.entry(trait_name).or_default().insert(name);
            }
        }
    }
    // Names whose every item the compiler found dead: whatever still names one of them
    // (an `_`-prefixed function, which the lint never reports) is dead as well.
    let mut by_name: HashMap<Sym, bool> = HashMap::new();
    for (i, node) in index.nodes.iter().enumerate() {
        if let (Some(n), Kind::Named | Kind::MacroRules | Kind::Trait { .. }) =
            (node.name, &node.kind)
        {
            *by_name.entry(n).or_insert(true) &= is_banned[i];
        }
    }
    // Only type and trait names: a lowercase name may as well be a local variable's.
    let banned_names: HashSet<Sym> = by_name
        .into_iter()
        .filter(|&(n, all)| {
            all && index
                .name_of(n)
                .starts_with(|c: char| c.is_ascii_uppercase())
        })
        .map(|(n, _)| n)
        .collect();
    // Trait methods the compiler found never called: gone from the trait and its impls.
    let banned_methods: HashSet<(Sym, Sym)> = index
        .nodes
        .iter()
        .enumerate()
        .filter(|(i, n)| is_banned[*i] && matches!(n.kind, Kind::TraitItem { .. }))
        .filter_map(|(_, n)| Some((index.nodes[n.parent?].name?, n.name?)))
        .collect();
    // A macro call that names a dead type is dead, and so are the types it would make
    // (the names it holds that no item defines), transitively.
    let mut unavailable = banned_names.clone();
    loop {
        let mut grew = false;
        for node in &index.nodes {
            if let Kind::MacroCall { args, .. } = &node.kind {
                if args.iter().any(|a| unavailable.contains(a)) {
                    for &a in args {
                        let made = !local_type_syms.contains(&a)
                            && !item_names.contains(&a)
                            && index
                                .name_of(a)
                                .starts_with(|c: char| c.is_ascii_uppercase());
                        if made && unavailable.insert(a) {
                            grew = true;
                        }
                    }
                }
            }
        }
        if !grew {
            break;
        }
    }
    // Functions that macro-made impls define (`fn is_one` in num-traits' `one_impl!`): a
    // trait's default method of such a name stays, or those impls would define a method
    // the trait no longer has.
    let mut macro_fns: HashSet<Sym> = HashSet::new();
    for body in macro_bodies.values() {
        fns_defined_in(body.clone(), &mut index.interner, &mut macro_fns);
    }
    let imported: HashSet<Sym> = solution_imports
        .iter()
        .filter_map(|name| index.interner.get(name))
        .collect();
    let globbed: HashSet<usize> = modules
        .iter()
        .enumerate()
        .filter(|(_, m)| solution_globs.contains(*m))
        .map(|(k, _)| k)
        .collect();
    let mut kept_names: HashSet<Sym> = HashSet::new();
    // Modules (by node; `None` for a library root... of any library) holding a kept item.
    let mut live: HashSet<(usize, Option<usize>)> = HashSet::new();
    let mut places = Places::new(&index.nodes);
    // The items of each container.
    let mut containers: HashMap<usize, Vec<usize>> = HashMap::new();
    for (k, node) in index.nodes.iter().enumerate() {
        if let Some(p) = node.parent {
            if matches!(index.nodes[p].kind, Kind::Container { .. }) {
                containers.entry(p).or_default().push(k);
            }
        }
    }
    // The names kept `use` leaves bring in.
    let mut imported_by_use: HashSet<Sym> = HashSet::new();
    // The plain names kept macro calls and macro bodies hold, by library.
    let mut passed_to_macros: HashSet<(usize, Sym)> = HashSet::new();
    let debug = std::env::var_os("XTASK_PRUNE_DEBUG").is_some();
    let mut introduced: HashMap<Sym, usize> = HashMap::new();
    loop {
        let mut changed = false;
        // By index: a node is read beside its parent and changed in place.
        #[allow(clippy::needless_range_loop)]
        for i in 0..index.nodes.len() {
            if index.nodes[i].kept
                || is_banned[i]
                || (!matches!(
                    index.nodes[i].kind,
                    Kind::MacroRules | Kind::MacroCall { .. }
                ) && index.nodes[i]
                    .uses
                    .iter()
                    .any(|u| is_path(*u) && banned_names.contains(&(u & !KINDS))))
                || matches!(&index.nodes[i].kind, Kind::MacroCall { args, .. } if args.iter().any(|a| unavailable.contains(a)))
            {
                continue;
            }
            let node = &index.nodes[i];
            let parent_kept = node.parent.is_none_or(|p| index.nodes[p].kept);
            let named = |n: Option<Sym>| n.is_some_and(|n| mentioned.path.contains(&n));
            let method = |n: Option<Sym>| n.is_some_and(|n| mentioned.any.contains(&n));
            let reached_by_method = |t: Sym| {
                trait_methods
                    .get(&t)
                    .is_some_and(|ms| ms.iter().any(|m| mentioned.any.contains(m)))
            };
            let keep = match &node.kind {
                Kind::Named if node.value => {
                    node.name.is_some_and(|n| mentioned.value.contains(&n))
                }
                Kind::Named => named(node.name),
                // A macro is called by `name!`; a kept `use` of it also needs it, and so
                // does a macro call of its library that passes its name on
                // (petgraph's `GraphBase!{delegate_impl []}`).
                Kind::MacroRules => node.name.is_some_and(|n| {
                    mentioned.macros.contains(&n)
                        || imported_by_use.contains(&n)
                        || passed_to_macros.contains(&(node.lib, n))
                }),
                Kind::Mod | Kind::Glob { .. } | Kind::StdUse => false,
                Kind::Container { locals } => {
                    containers
                        .get(&i)
                        .is_some_and(|c| c.iter().any(|&k| index.nodes[k].kept))
                        || (!locals.is_empty() && locals.iter().all(|s| kept_names.contains(s)))
                }
                // A trait is in scope where it is defined: a call of one of its methods
                // there needs it even when no one writes its name.
                Kind::Trait { .. } => {
                    named(node.name)
                        || ((globbed.contains(&node.lib)
                            || node.name.is_some_and(|n| imported.contains(&n))
                            || live.contains(&(node.lib, node.parent)))
                            && node.name.is_some_and(reached_by_method))
                }
                Kind::TraitItem { required } => {
                    parent_kept
                        && (*required
                            || method(node.name)
                            || node.name.is_some_and(|n| macro_fns.contains(&n)))
                }
                Kind::Impl { header_locals, .. } => {
                    header_locals.iter().all(|s| kept_names.contains(s))
                }
                Kind::ImplItem { is_fn } => {
                    parent_kept && {
                        let Kind::Impl {
                            trait_name,
                            foreign_trait,
                            ..
                        } = &index.nodes[node.parent.unwrap()].kind
                        else {
                            unreachable!("impl items sit in impls")
                        };
                        match trait_name {
                            None => method(node.name),
                            Some(_) if *foreign_trait => true,
                            Some(t)
                                if node.name.is_some_and(|n| banned_methods.contains(&(*t, n))) =>
                            {
                                false
                            }
                            Some(t) => {
                                !is_fn
                                    || method(node.name)
                                    || node.name.is_some_and(|n| {
                                        required.get(t).is_some_and(|r| r.contains(&n))
                                    })
                            }
                        }
                    }
                }
                Kind::UseLeaf {
                    local,
                    source,
                    private,
                    ..
                } => {
                    let underscore = index.interner.get("_") == Some(*local);
                    let name = if underscore { *source } else { *local };
                    let seen = if *private {
                        places.seen_within(&index.nodes, name, node.lib, places.module_of(i))
                    } else {
                        mentioned.path.contains(&name) || mentioned.variants.contains(&name)
                    };
                    // A trait imported for its methods is needed once its module is live
                    // and one of its methods is called.
                    seen || (mentioned.macros.contains(&name) && kept_names.contains(source))
                        || (live.contains(&(node.lib, node.parent)) && reached_by_method(*source))
                }
                Kind::MacroCall { macro_name, args } => {
                    // A library type named in the call, or a name the call makes (defined
                    // nowhere else), or a library item its definition names...
                    let triggered = args.iter().any(|s| {
                        *s != *macro_name
                            && !noise.contains(s)
                            && if local_type_syms.contains(s) {
                                kept_names.contains(s)
                            } else if item_names.contains(s) {
                                false
                            } else {
                                mentioned.path.contains(s)
                                    && index
                                        .name_of(*s)
                                        .starts_with(|c: char| c.is_ascii_uppercase())
                            }
                    }) || macro_triggers
                        .get(macro_name)
                        .is_some_and(|t| t.iter().any(|s| kept_names.contains(s)));
                    // ...unless a type its definition names is dead: what it makes would
                    // name it too (the arms never used are gone by then).
                    let dead = macro_triggers
                        .get(macro_name)
                        .is_some_and(|t| t.iter().any(|s| unavailable.contains(s)));
                    triggered && !dead
                }
                Kind::Always => true,
            };
            if keep {
                index.nodes[i].kept = true;
                places.record(&index.nodes, i);
                let node = &index.nodes[i];
                if debug {
                    if let Kind::MacroCall { macro_name, args } = &node.kind {
                        let hits: Vec<&str> = args
                            .iter()
                            .filter(|s| kept_names.contains(s) || mentioned.path.contains(s))
                            .map(|s| index.interner.names[*s as usize].as_str())
                            .collect();
                        let trig: Vec<&str> = macro_triggers
                            .get(macro_name)
                            .into_iter()
                            .flatten()
                            .filter(|s| kept_names.contains(s))
                            .map(|s| index.interner.names[*s as usize].as_str())
                            .collect();
                        eprintln!("   macro call: args {hits:?} definition {trig:?}");
                    }
                    let uses: Vec<&str> = node
                        .uses
                        .iter()
                        .take(80)
                        .map(|u| index.interner.names[(u & !KINDS) as usize].as_str())
                        .collect();
                    eprintln!("kept {i} {:?} {uses:?}", node.key);
                }
                if debug {
                    for &u in &node.uses {
                        if is_path(u) && !mentioned.path.contains(&(u & !KINDS)) {
                            introduced.entry(u & !KINDS).or_insert(i);
                        }
                    }
                    if let Some(n) = node.name {
                        eprintln!(
                            "   name {} first path-mentioned by {:?}",
                            index.interner.names[n as usize],
                            introduced.get(&n)
                        );
                    }
                }
                if matches!(node.kind, Kind::MacroCall { .. } | Kind::MacroRules) {
                    for &u in &node.uses {
                        if is_path(u) {
                            passed_to_macros.insert((node.lib, u & !KINDS));
                        }
                    }
                }
                if let Kind::UseLeaf { local, source, .. } = node.kind {
                    imported_by_use.insert(source);
                    // Imported only as a macro: its source is wanted only as a macro.
                    let as_macro =
                        !mentioned.path.contains(&local) && mentioned.macros.contains(&local);
                    for &u in &node.uses {
                        mentioned.extend(&[if as_macro && u == source { u | MAC } else { u }]);
                    }
                } else {
                    mentioned.extend(&node.uses);
                }
                if let Some(n) = node.name {
                    if matches!(
                        node.kind,
                        Kind::Named | Kind::MacroRules | Kind::Trait { .. }
                    ) {
                        kept_names.insert(n);
                        mentioned.extend(&[n]);
                    }
                }
                if !matches!(
                    node.kind,
                    Kind::UseLeaf { .. } | Kind::TraitItem { .. } | Kind::ImplItem { .. }
                ) {
                    live.insert((node.lib, node.parent));
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Modules: kept when named or holding anything kept.
    for i in 0..index.nodes.len() {
        if matches!(index.nodes[i].kind, Kind::Mod)
            && index.nodes[i]
                .name
                .is_some_and(|n| mentioned.path.contains(&n))
        {
            index.nodes[i].kept = true;
        }
    }
    for i in 0..index.nodes.len() {
        if index.nodes[i].kept && !matches!(index.nodes[i].kind, Kind::Glob { .. } | Kind::StdUse) {
            let mut p = index.nodes[i].parent;
            while let Some(j) = p {
                index.nodes[j].kept = true;
                p = index.nodes[j].parent;
            }
        }
    }
    // Globs: kept unless they open a library module, enum or trait that is gone.
    let kept_names: HashSet<Sym> = index
        .nodes
        .iter()
        .filter(|n| n.kept)
        .filter_map(|n| n.name)
        .collect();
    let defined: HashSet<Sym> = index
        .nodes
        .iter()
        .filter(|n| {
            matches!(
                n.kind,
                Kind::Mod | Kind::Named | Kind::MacroRules | Kind::Trait { .. }
            )
        })
        .filter_map(|n| n.name)
        .collect();
    // A library's root imports stay only if anything else of it does.
    let live_libraries: HashSet<usize> = index
        .nodes
        .iter()
        .filter(|n| n.kept && !matches!(n.kind, Kind::Glob { .. } | Kind::StdUse))
        .map(|n| n.lib)
        .collect();
    for i in 0..index.nodes.len() {
        let std_import = matches!(
            index.nodes[i].kind,
            Kind::StdUse | Kind::UseLeaf { std: true, .. }
        );
        if std_import {
            index.nodes[i].kept |= match index.nodes[i].parent {
                Some(p) => index.nodes[p].kept,
                None => live_libraries.contains(&index.nodes[i].lib),
            };
        }
    }
    for i in 0..index.nodes.len() {
        if let Kind::Glob {
            target,
            module,
            tail,
        } = &index.nodes[i].kind
        {
            let lib = format!("#{}::", index.nodes[i].lib);
            let exact = module.as_ref().and_then(|m| index.module_ids.get(m));
            let by_tail: Vec<usize> = match (exact, tail) {
                (None, Some(tail)) => index
                    .module_ids
                    .iter()
                    .filter(|(p, _)| p.starts_with(&lib) && p.ends_with(tail.as_str()))
                    .map(|(_, &m)| m)
                    .collect(),
                _ => Vec::new(),
            };
            index.nodes[i].kept = match (exact, target) {
                (Some(&m), _) => index.nodes[m].kept,
                _ if !by_tail.is_empty() => by_tail.iter().any(|&m| index.nodes[m].kept),
                (None, Some(t)) => !defined.contains(t) || kept_names.contains(t),
                (None, None) => true,
            };
        }
    }
    Kept {
        addresses: index
            .by_addr
            .iter()
            .filter(|(_, &id)| index.nodes[id].kept)
            .map(|(&a, _)| a)
            .collect(),
    }
}

/// The names after `fn` in a macro body, at any depth.
fn fns_defined_in(tokens: TokenStream, interner: &mut Interner, out: &mut HashSet<Sym>) {
    let mut after_fn = false;
    for tree in tokens {
        match tree {
            proc_macro2::TokenTree::Ident(i) => {
                let name = i.to_string();
                if after_fn {
                    out.insert(interner.sym(&name));
                }
                after_fn = name == "fn";
            }
            proc_macro2::TokenTree::Group(g) => {
                fns_defined_in(g.stream(), interner, out);
                after_fn = false;
            }
            _ => after_fn = false,
        }
    }
}

/// Every type-like name the libraries define (what an impl header is judged by).
pub fn local_types(libraries: &[Vec<syn::Item>]) -> HashSet<String> {
    let mut types = HashSet::new();
    let mut macros = HashMap::new();
    for items in libraries {
        gather_definitions(items, &mut types, &mut macros);
    }
    types
}

fn gather_definitions(
    items: &[syn::Item],
    types: &mut HashSet<String>,
    macros: &mut HashMap<String, TokenStream>,
) {
    for item in items {
        match item {
            syn::Item::Struct(s) => {
                types.insert(s.ident.to_string());
            }
            syn::Item::Enum(e) => {
                types.insert(e.ident.to_string());
            }
            syn::Item::Union(u) => {
                types.insert(u.ident.to_string());
            }
            syn::Item::Type(t) => {
                types.insert(t.ident.to_string());
            }
            syn::Item::Trait(t) => {
                types.insert(t.ident.to_string());
            }
            syn::Item::Macro(m) => {
                if let Some(name) = &m.ident {
                    macros.insert(name.to_string(), m.mac.tokens.clone());
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &m.content {
                    gather_definitions(content, types, macros);
                }
            }
            _ => {}
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
