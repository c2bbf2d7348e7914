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
//! - keys found dead by the compiler (`check::oracle`) are never kept, and neither is what
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
mod facts;
mod index;
mod kinds;
mod nodes;
mod places;
mod rules;
mod symbols;
mod tokens;
mod walk;

use crate::fast_hash::{HashMap, HashSet};
pub use apply::Kept;
use facts::{Dead, Facts};
use index::Index;
use nodes::Kind;
pub use nodes::Ruling;
use proc_macro2::TokenStream;
use std::collections::BTreeSet;
use symbols::{Sym, KINDS};
use tokens::collect_heads;
use walk::Walk;

/// Decides what to keep of `libraries` (each a whole tree) for a solution that mentions
/// `seeds`, as `ruling` says of earlier drafts.
/// `solution_globs`: the modules of the libraries the solution glob-imports a path of: their
/// traits may be in scope without their names being written.
/// `whole`: every item of the libraries is kept but those banned (a draft the pruner's
/// rules got wrong falls back to this: the crates as cargo-equip would paste them).
/// `solution_imports`: the names the solution imports from libraries (`use dep::Trait;`,
/// `use dep::Trait as _;`): a trait among them is reached by a call of one of its methods.
/// What the solution says of the libraries: the pruner's starting points.
pub struct Seeds<'a> {
    /// Every identifier the solution writes (its imports aside).
    pub tokens: &'a TokenStream,
    /// The libraries it glob-imports a path of.
    pub globs: &'a BTreeSet<String>,
    /// The names it imports from libraries by name.
    pub imports: &'a BTreeSet<String>,
    /// The library modules its `use` paths go through (`proconio::marker`).
    pub use_modules: &'a BTreeSet<String>,
    /// Each name it imports by name, with the bundle module its path starts in.
    pub imports_from: &'a BTreeSet<(String, String)>,
    /// The names it imports and writes nowhere else (`Solution::droppable`).
    pub droppable: &'a BTreeSet<String>,
    /// The bundle modules of the libraries it names at all (a path, a `use`, an `extern
    /// crate`): only their items (and what their globs open) can be what its names mean.
    pub named: &'a BTreeSet<String>,
    /// The names a bare path of it can take from a library (`Solution::bare_names`);
    /// `None`: any.
    pub bare: Option<&'a BTreeSet<String>>,
}

/// `scoped`: a name is followed only to the items it can mean where it is written (its
/// library, and its module for a name the library defines twice; see `walk::Walk`); off, to
/// every item of that name, as before (the fallback when a scoped draft does not compile).
pub fn reach(
    libraries: &[&[syn::Item]],
    modules: &[String],
    seeds: &Seeds,
    ruling: &Ruling,
    whole: bool,
    scoped: bool,
) -> Kept {
    // Every type-like name the libraries define (impl headers are judged by these), and
    // their macros' bodies; then the index of their items, built once: a walk marks it, so
    // a second walk starts from a copy taken before the first.
    let mut local_types = HashSet::default();
    let mut macro_bodies: HashMap<String, TokenStream> = HashMap::default();
    let mut only_markers = HashMap::default();
    for items in libraries {
        gather_definitions(
            items,
            &mut local_types,
            &mut macro_bodies,
            &mut only_markers,
        );
    }
    let markers = (only_markers.into_iter())
        .filter_map(|(name, only)| only.then_some(name))
        .collect();
    let index = Index::build(libraries, modules, &local_types, markers);
    // Only names the solution imports and never writes again can need a second walk
    // (below): most programs have none, and their one walk takes the index itself.
    let mut written = HashSet::default();
    super::idents(seeds.tokens.clone(), &mut written);
    let may_walk_again =
        !whole && (seeds.imports_from.iter()).any(|(_, name)| !written.contains(name));
    let definitions = (&local_types, &macro_bodies);
    let pristine = may_walk_again.then(|| index.clone());
    let index = walk(
        index,
        definitions,
        modules,
        seeds,
        ruling,
        (whole, scoped),
        &[],
    );
    let imported = imported_unwritten(&index, modules, seeds, &written);
    // One it imports and never mentions again whose name nothing kept bears goes with its
    // import rather than be kept for it: a template's `pub use num_rational::Ratio;`, whose
    // struct brought its impls and with them num-bigint (maple8192's templates). Whether it
    // is a trait whose methods the solution calls needs no asking: the walk reached such a
    // trait by the method's name, so it is kept.
    let named_kept: HashSet<Sym> = index
        .nodes
        .iter()
        .filter(|n| n.kept && !matches!(n.kind, Kind::Glob { .. } | Kind::StdUse))
        .filter_map(|n| n.name)
        .map(|s| s & !KINDS)
        .collect();
    let mut dropped = BTreeSet::new();
    let imported: Vec<&str> = if whole {
        imported
    } else {
        imported
            .into_iter()
            .filter(|name| {
                let gone = seeds.droppable.contains(*name)
                    && index
                        .interner
                        .get(name)
                        .is_none_or(|s| !named_kept.contains(&(s & !KINDS)));
                if gone {
                    dropped.insert(name.to_string());
                }
                !gone
            })
            .collect()
    };
    let index = match pristine {
        Some(pristine) if !imported.is_empty() => walk(
            pristine,
            definitions,
            modules,
            seeds,
            ruling,
            (whole, scoped),
            &imported,
        ),
        _ => index,
    };
    Kept {
        addresses: index
            .by_addr
            .iter()
            .filter(|(_, &id)| index.nodes[id].kept)
            .map(|(&a, _)| a)
            .collect(),
        dropped,
    }
}

/// The names the solution imports from a library that goes into the bundle (after the
/// walk that made `index`) and never writes again (`written`): a template's unused imports.
/// Each must exist there for its `use` to resolve, used or not (`use proconio::marker::{Chars,
/// Usize1};`); from a library nothing else of is kept, the `use` goes instead. One the
/// solution writes is reached by how it writes it, so most programs need no second walk.
fn imported_unwritten<'s>(
    index: &Index,
    modules: &[String],
    seeds: &Seeds<'s>,
    written: &HashSet<String>,
) -> Vec<&'s str> {
    let live = index.live_libraries();
    seeds
        .imports_from
        .iter()
        .filter(|(m, _)| {
            modules
                .iter()
                .position(|x| x == m)
                .is_some_and(|k| live.contains(&k))
        })
        .map(|(_, name)| name.as_str())
        .filter(|name| !written.contains(*name))
        .collect()
}

/// One walk of `index` (with the `definitions` its libraries make: their type-like names
/// and macro bodies) from the solution's seeds and the names in `also`.
fn walk(
    mut index: Index,
    (local_types, macro_bodies): (&HashSet<String>, &HashMap<String, TokenStream>),
    modules: &[String],
    seeds: &Seeds,
    ruling: &Ruling,
    (whole, scoped): (bool, bool),
    also: &[&str],
) -> Index {
    let (solution_globs, solution_imports, use_modules) =
        (seeds.globs, seeds.imports, seeds.use_modules);
    let mut marked = Vec::new();
    collect_heads(seeds.tokens.clone(), &mut index.interner, &mut marked);
    // Only the names the solution imports and never writes again (a template's unused
    // imports): one it writes is reached by how it writes it (`input!` as a macro).
    let written: HashSet<Sym> = marked.iter().map(|(s, _)| s & !KINDS).collect();
    let bare = bare_syms(&mut index, modules, seeds);
    let mut seed_syms: Vec<Sym> = marked
        .into_iter()
        .filter(|&(s, head)| !head || bare.as_ref().is_none_or(|b| b.contains(&(s & !KINDS))))
        .map(|(s, _)| s)
        .collect();
    for name in also {
        let sym = index.interner.sym(name);
        if !written.contains(&sym) {
            seed_syms.push(sym);
        }
    }
    let facts = Facts::gather(
        &mut index,
        local_types,
        macro_bodies,
        solution_globs,
        solution_imports,
    );
    let dead = Dead::new(&index, ruling, &facts);
    // `m::a::b` as the index keys modules: `#<library>::a::b`.
    let use_modules: Vec<usize> = use_modules
        .iter()
        .filter_map(|path| {
            let (head, rest) = path.split_once("::")?;
            let k = modules.iter().position(|m| m == head)?;
            index.module_ids.get(&format!("#{k}::{rest}")).copied()
        })
        .collect();
    let named: HashSet<usize> = (seeds.named.iter())
        .filter_map(|m| modules.iter().position(|x| x == m))
        .collect();
    let walk = Walk::new(&index, &facts, &dead, (&seed_syms, &named), scoped);
    if whole {
        walk.run_whole(&mut index);
    } else {
        walk.run(&mut index, &use_modules);
    }
    index
}

/// The names a bare path of the solution can mean in the libraries (`Seeds::bare`), and
/// with a glob of a library's module, every name that library defines and every variant
/// name: a solution's local `rng` is not rand's `fn rng` (which keeps its `ThreadRng`,
/// and with it ChaCha and zerocopy). `None`: any name.
fn bare_syms(index: &mut Index, modules: &[String], seeds: &Seeds) -> Option<HashSet<Sym>> {
    let mut out: HashSet<Sym> = (seeds.bare?.iter())
        .map(|n| index.interner.sym(n))
        .collect();
    let globbed: HashSet<usize> = (seeds.globs.iter())
        .filter_map(|m| modules.iter().position(|x| x == m))
        .collect();
    if !globbed.is_empty() {
        out.extend(
            (index.nodes.iter())
                .filter(|n| globbed.contains(&n.lib))
                .filter_map(|n| n.name),
        );
        out.extend(index.variants.values().flatten().map(|v| v & !KINDS));
    }
    Some(out)
}

/// Every type-like name the libraries define (what an impl header is judged by).
pub fn local_types(libraries: &[Vec<syn::Item>]) -> HashSet<String> {
    let mut types = HashSet::default();
    let (mut macros, mut only_markers) = (HashMap::default(), HashMap::default());
    for items in libraries {
        gather_definitions(items, &mut types, &mut macros, &mut only_markers);
    }
    types
}

/// The type-like names `items` define (`types`), their `macro_rules!` bodies by name, and for
/// each type-like name whether every definition of it so far is an enum without variants
/// (`only_markers`: `Index::markers`).
fn gather_definitions(
    items: &[syn::Item],
    types: &mut HashSet<String>,
    macros: &mut HashMap<String, TokenStream>,
    only_markers: &mut HashMap<String, bool>,
) {
    for item in items {
        if let Some((name, marker)) = type_definition(item) {
            types.insert(name.to_string());
            *only_markers.entry(name.to_string()).or_insert(marker) &= marker;
        }
        match item {
            syn::Item::Macro(m) => {
                if let Some(name) = &m.ident {
                    macros.insert(name.to_string(), m.mac.tokens.clone());
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &m.content {
                    gather_definitions(content, types, macros, only_markers);
                }
            }
            _ => {}
        }
    }
}

/// The type or trait `item` defines (a struct, enum, union, type alias or trait), and whether
/// it is an enum without variants.
fn type_definition(item: &syn::Item) -> Option<(&syn::Ident, bool)> {
    match item {
        syn::Item::Struct(s) => Some((&s.ident, false)),
        syn::Item::Enum(e) => Some((&e.ident, e.variants.is_empty())),
        syn::Item::Union(u) => Some((&u.ident, false)),
        syn::Item::Type(t) => Some((&t.ident, false)),
        syn::Item::Trait(t) => Some((&t.ident, false)),
        _ => None,
    }
}
