//! Size: the trait impls a program compiles without, taken out of a large bundle.
//!
//! The compiler's dead-code pass says nothing of impls, so the proof is the compiler's type
//! check itself: every impl of a foreign trait (std's `Debug`, `Add`, `From`, ...) for a
//! library type, and every impl of a library's own trait but blanket ones, is taken out of
//! the draft at once; every error of the draft then names the type and the trait (or its
//! operator, or a method the impl defines; for a library's own trait, the type alone) of the
//! impls it needs, and those come back, until the draft compiles. An error that names none of them puts every
//! one back. What compiles without an impl cannot call it, with these exceptions kept out of
//! the candidates:
//! - impls whose presence changes behaviour without being called by name: `Drop`, and,
//!   unless a debug build says what runs, the traits method resolution and coercions go
//!   through implicitly (`Deref`, `DerefMut`: a step through one calls its method, which
//!   the build then generates);
//! - `unsafe` and negative impls;
//! - an impl another impl could silently replace in method resolution: one whose trait or
//!   whose methods another impl also provides for a type that names the same type (`impl
//!   Add for X` beside `impl Add for &X`: `x.add(y)` would autoref to the other).
//!
//! Only bundles whose libraries are over `FLOOR` are worked on: the pass costs a debug
//! build and a few compiles (more for a bundle over the judge's limit, refused unless it
//! gets smaller).

use super::asked::asked;
pub use super::candidate::Candidate;
use super::items::{base, each_item, Aliases};
use crate::bundle::check::asks::is_operator;
use crate::bundle::check::mono::{self, canon, header_parts};
use crate::bundle::check::oracle;
use crate::bundle::read::syntax::idents;
use crate::error::Context;
use crate::fast_hash::HashSet;

/// Traits never taken out (see the opening).
const KEPT_TRAITS: [&str; 1] = ["Drop"];

/// Traits method resolution and coercions go through implicitly: never taken out unless
/// what runs is known (see the opening).
const IMPLICIT_TRAITS: [&str; 2] = ["Deref", "DerefMut"];

/// What an impl looks like to the guard.
struct Seen {
    family: Option<String>,
    /// The type it is for by its last segment, through aliases (`Aliases::head`).
    head: Option<String>,
    /// `Self as Trait<args>`, `mono::normal`, as written (its key) and with aliases
    /// resolved: what a debug build's symbols and rustc's errors name it by.
    header: Option<String>,
    resolved: Option<String>,
    self_idents: HashSet<String>,
    /// Of an impl with no type parameters written for an alias (`impl Bits for U32`): the
    /// alias and the type it stands for in full (`UInt<UInt<..>,B0>`). rustc names that
    /// type in full, so an error asks for the impl by it, not by its head (`UInt`, which
    /// bitmaps' 1,024 `Bits` impls share).
    alias: Option<(String, String)>,
    trait_name: Option<String>,
    methods: Vec<String>,
    candidate: bool,
    /// A candidate, or one through a library type among its trait's arguments.
    by_argument: bool,
}

/// The family of `i` in the module at `path`: every impl of one trait (whatever its
/// arguments) for one type or references to it (`Add<u32> for BigUint`, `Add<&BigUint> for
/// &BigUint`, ...). A family goes or stays whole, so none of its members can stand in for
/// another (an integer literal inferred from the one impl left, a method call autoref'd to
/// the impl for `&T`).
fn family(path: &str, i: &syn::ItemImpl) -> Option<String> {
    let (_, trait_path, _) = i.trait_.as_ref()?;
    let t = trait_path.segments.last()?.ident.to_string();
    Some(format!("{path}::impl {t} for {}", base(&i.self_ty)?))
}

/// A trait impl's `Self as Trait<args>`, normalised (`mono::normal`).
fn header(i: &syn::ItemImpl) -> Option<String> {
    let (_, trait_path, _) = i.trait_.as_ref()?;
    let ty = quote::ToTokens::to_token_stream(&i.self_ty).to_string();
    let tr = quote::ToTokens::to_token_stream(trait_path).to_string();
    Some(mono::normal(&format!("{ty} as {tr}")))
}

/// The key of one impl, for `remove`: `#k::module::impl Self as Trait<args>`.
fn single(path: &str, i: &syn::ItemImpl) -> Option<String> {
    Some(format!("{path}::impl {}", header(i)?))
}

fn walk(
    items: &[syn::Item],
    path: &str,
    (local, aliases): (&HashSet<String>, &Aliases),
    out: &mut Vec<Seen>,
) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &m.content {
                    walk(
                        content,
                        &format!("{path}::{}", m.ident),
                        (local, aliases),
                        out,
                    );
                }
            }
            syn::Item::Impl(i) => {
                let mut self_idents = HashSet::default();
                idents(
                    quote::ToTokens::to_token_stream(&i.self_ty),
                    &mut self_idents,
                );
                let heads: Vec<String> = self_idents.iter().map(|n| aliases.head(n)).collect();
                self_idents.extend(heads);
                let methods = i
                    .items
                    .iter()
                    .filter_map(|ii| match ii {
                        syn::ImplItem::Fn(f) => Some(f.sig.ident.to_string()),
                        _ => None,
                    })
                    .collect();
                let trait_name = (i.trait_.as_ref())
                    .and_then(|(_, p, _)| p.segments.last())
                    .map(|s| aliases.head(&s.ident.to_string()));
                // A blanket impl (`impl<T: Num + NumAssignOps> NumAssign for T`) is for
                // every type: no error names it.
                let blanket = |b: &String| i.generics.type_params().any(|p| p.ident == b);
                // A std trait for a std type is the libraries' only through a type it
                // names (`TryFrom<BigUint> for u64`, `Div<BigUint> for u32`): a candidate
                // only when what runs is known (`by_argument`).
                let mut named = self_idents.clone();
                if let Some((_, p, _)) = &i.trait_ {
                    idents(quote::ToTokens::to_token_stream(p), &mut named);
                }
                let names_local = named.iter().any(|n| local.contains(n));
                // An `unsafe impl` with a method (smallvec's `unsafe impl<T> Array for [T;
                // N] { fn size() .. }` for 53 lengths) when what runs is known: a marker's
                // (`unsafe impl Send`) has no method to tell.
                let probed = i.items.iter().any(|ii| matches!(ii, syn::ImplItem::Fn(_)));
                let (candidate, by_argument) = match (&i.trait_, base(&i.self_ty), &trait_name) {
                    (Some((bang, _, _)), Some(b), Some(t)) => {
                        let may = bang.is_none() && !blanket(&b);
                        let kept = KEPT_TRAITS.contains(&t.as_str());
                        // What resolution goes through implicitly calls `deref`, which a
                        // debug build then generates: one that never runs is no step of
                        // any (nalgebra's 72 `Deref`s of a small matrix to `X`, `XY`, ...).
                        let implicit = IMPLICIT_TRAITS.contains(&t.as_str());
                        let safe = i.unsafety.is_none();
                        let own = local.contains(&b) || local.contains(t);
                        (
                            may && !kept && !implicit && safe && own,
                            may && !kept && (safe || probed) && (own || names_local),
                        )
                    }
                    _ => (false, false),
                };
                let written = base(&i.self_ty);
                let head = written.as_ref().map(|b| aliases.head(b));
                let resolved = header(i).map(|h| canon(&aliases.resolve(&h)));
                let concrete = i.generics.type_params().next().is_none()
                    && i.generics.const_params().next().is_none();
                let alias = match (&written, &head, &resolved) {
                    (Some(w), Some(h), Some(r)) if concrete && w != h => {
                        header_parts(r).map(|p| (w.clone(), p.0.to_string()))
                    }
                    _ => None,
                };
                out.push(Seen {
                    family: family(path, i),
                    head,
                    header: header(i),
                    resolved,
                    self_idents,
                    alias,
                    trait_name,
                    methods,
                    candidate,
                    by_argument,
                });
            }
            _ => {}
        }
    }
}

/// The impl families that may be taken out of `trees` (the libraries' items, in pruner
/// order).
///
/// `run`: the impls a debug build generates a method of (`mono`), when known. Then each
/// impl is a candidate of its own unless it runs: a selection rustc made (of an operator's
/// impl for an integer literal's type, of `Add for &T` over `Add for T`) was of an impl
/// that runs, and it stays, so taking out impls that never run leaves every selection as it
/// was. Without it, impls go by family, and a family that another impl could stand in for
/// (another trait's method of the same name for the same type) stays.
pub fn candidates(trees: &[Vec<syn::Item>], run: Option<&mono::Instances>) -> Vec<Candidate> {
    let local = crate::bundle::prune::local_types(trees);
    let aliases = Aliases::of(trees);
    let mut seen = Vec::new();
    for (k, items) in trees.iter().enumerate() {
        walk(items, &format!("#{k}"), (&local, &aliases), &mut seen);
    }
    match run {
        Some(run) => singles(&seen, run, &local),
        None => families(&seen, &local),
    }
}

/// The (type, trait) pairs with a method generated for a header no impl of `headers` is
/// written as (a type alias: `Add<BigDigit>` is `Add<u64>` to the symbol): all of their
/// impls are taken to run.
fn unexplained(headers: &HashSet<String>, run: &mono::Instances) -> HashSet<mono::Pair> {
    (run.headers.iter())
        .filter(|(h, _)| !headers.contains(*h))
        .map(|(_, p)| p.clone())
        .collect()
}

/// Each impl that never runs, on its own (see `candidates`).
fn singles(seen: &[Seen], run: &mono::Instances, local: &HashSet<String>) -> Vec<Candidate> {
    let headers: HashSet<String> = seen.iter().filter_map(|s| s.resolved.clone()).collect();
    let unexplained = unexplained(&headers, run);
    if let Some(part) = std::env::var_os("XTASK_IMPLS_WHY") {
        let part = part.to_string_lossy();
        for s in seen
            .iter()
            .filter(|s| s.resolved.as_ref().is_some_and(|r| r.contains(&*part)))
        {
            let r = s.resolved.clone().unwrap_or_default();
            eprintln!(
                "impls why {r}: candidate {}, runs {}",
                s.candidate,
                run.headers.contains_key(&r)
            );
        }
        for (h, p) in run.headers.iter().filter(|(h, _)| h.contains(&*part)) {
            eprintln!(
                "impls why run {h} {p:?} unexplained {}",
                unexplained.contains(p)
            );
        }
    }
    let mut out: Vec<Candidate> = Vec::new();
    for s in seen.iter().filter(|s| s.by_argument) {
        let (Some(family), Some(head), Some(header), Some(resolved), Some(t)) =
            (&s.family, &s.head, &s.header, &s.resolved, &s.trait_name)
        else {
            continue;
        };
        let head = head.clone();
        let pair = (head.clone(), t.clone());
        if run.headers.contains_key(resolved) || unexplained.contains(&pair) {
            continue;
        }
        let path = family.rsplit_once("::impl ").map_or("", |(p, _)| p);
        let key = format!("{path}::impl {header}");
        if out.iter().any(|c| c.key == key) {
            continue;
        }
        out.push(Candidate {
            key,
            trait_name: t.clone(),
            own_trait: local.contains(t),
            head,
            methods: s.methods.clone(),
            header: Some(resolved.clone()),
            alias: s.alias.clone(),
        });
    }
    out
}

/// The families of impls that may go when nothing is known of what runs (see `candidates`).
fn families(seen: &[Seen], local: &HashSet<String>) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    for s in seen {
        let (Some(key), Some(head), Some(t)) = (&s.family, &s.head, &s.trait_name) else {
            continue;
        };
        let head = head.clone();
        match out.iter_mut().find(|c| &c.key == key) {
            Some(c) => c.methods.extend(s.methods.iter().cloned()),
            None => out.push(Candidate {
                key: key.clone(),
                trait_name: t.clone(),
                own_trait: local.contains(t),
                head,
                methods: s.methods.clone(),
                header: None,
                alias: None,
            }),
        }
    }
    // A family goes only when every member may, and no impl outside it could stand in for
    // it in method resolution (another trait's method of the same name for the same type).
    out.retain(|c| {
        let members_ok = seen
            .iter()
            .filter(|s| s.family.as_ref() == Some(&c.key))
            .all(|s| s.candidate);
        let replaceable = seen.iter().any(|o| {
            o.family.as_ref() != Some(&c.key)
                && o.self_idents.contains(&c.head)
                && o.methods.iter().any(|m| c.methods.contains(m))
        });
        members_ok && !replaceable
    });
    out
}

/// std's traits with supertraits an impl of a library's may need (`impl Error for
/// ErrorCode` needs its `Display` and `Debug`).
const STD_SUPERTRAITS: [(&str, &[&str]); 10] = [
    ("Error", &["Debug", "Display"]),
    ("Ord", &["Eq", "PartialOrd"]),
    ("Eq", &["PartialEq"]),
    ("PartialOrd", &["PartialEq"]),
    ("Copy", &["Clone"]),
    ("DoubleEndedIterator", &["Iterator"]),
    ("ExactSizeIterator", &["Iterator"]),
    ("FusedIterator", &["Iterator"]),
    ("DerefMut", &["Deref"]),
    ("IndexMut", &["Index"]),
];

/// Each trait's supertraits by name (`Num`: `Zero`, `One`, `NumOps`, `PartialEq`), as the
/// libraries define them.
fn supertraits(trees: &[Vec<syn::Item>], out: &mut crate::fast_hash::HashMap<String, Vec<String>>) {
    each_item(trees, &mut |_, item| {
        if let syn::Item::Trait(t) = item {
            let names = t.supertraits.iter().filter_map(|b| match b {
                syn::TypeParamBound::Trait(tb) => {
                    tb.path.segments.last().map(|s| s.ident.to_string())
                }
                _ => None,
            });
            out.entry(t.ident.to_string()).or_default().extend(names);
        }
    });
}

/// The pairs `seeds` need through supertraits, at any depth, seeds included (`i64:
/// Integer` needs `i64: Num`, which needs `i64: Zero`): known without a compile.
fn with_supertraits(
    supers: &crate::fast_hash::HashMap<String, Vec<String>>,
    seeds: impl IntoIterator<Item = mono::Pair>,
) -> HashSet<mono::Pair> {
    let mut needed: HashSet<mono::Pair> = HashSet::default();
    let mut todo: Vec<mono::Pair> = seeds.into_iter().collect();
    while let Some(pair) = todo.pop() {
        if !needed.insert(pair.clone()) {
            continue;
        }
        for s in supers.get(&pair.1).into_iter().flatten() {
            todo.push((pair.0.clone(), s.clone()));
        }
    }
    needed
}

/// std traits of one required method that std's own code calls only where the program
/// asks for it, the same way in every std (`str::parse` calls `FromStr::from_str`, a format
/// string `Display::fmt`, `?` and `into` `From::from`, `Iterator::sum` `Sum::sum`): a method
/// of theirs that never runs loses its body as an operator's does (`FromStr for BigInt`,
/// kept for a bound, no longer keeps the parser).
const ONE_CALL_STD_TRAITS: [&str; 12] = [
    "FromStr", "Display", "Debug", "From", "TryFrom", "Sum", "Product", "LowerHex", "UpperHex",
    "Octal", "Binary", "LowerExp",
];

/// The methods each library trait has a default for (by trait name; of two traits of one
/// name, those both have).
fn provided(trees: &[Vec<syn::Item>]) -> crate::fast_hash::HashMap<String, HashSet<String>> {
    let mut out: crate::fast_hash::HashMap<String, HashSet<String>> = Default::default();
    each_item(trees, &mut |_, item| {
        let syn::Item::Trait(t) = item else { return };
        let with_default: HashSet<String> = (t.items.iter())
            .filter_map(|ti| match ti {
                syn::TraitItem::Fn(f) if f.default.is_some() => Some(f.sig.ident.to_string()),
                _ => None,
            })
            .collect();
        match out.entry(t.ident.to_string()) {
            std::collections::hash_map::Entry::Occupied(mut o) => {
                o.get_mut().retain(|m| with_default.contains(m));
            }
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(with_default);
            }
        }
    });
    out
}

/// Keys of the methods of impls that run which never run themselves, of the libraries' own
/// traits and std's operators (std's code, which differs between the judge's compiler and
/// this one, never calls those): `impl key::method` for an override of a default, which goes (the default is
/// there, never called either), `impl key::method!` for a required one, whose body becomes
/// `unreachable!()`. What only they called is then dead to the oracle.
fn overrides(trees: &[Vec<syn::Item>], run: &mono::Instances) -> HashSet<String> {
    let defaults = provided(trees);
    let mut out = HashSet::default();
    let aliases = Aliases::of(trees);
    let mut headers = HashSet::default();
    each_item(trees, &mut |_, item| {
        if let syn::Item::Impl(i) = item {
            headers.extend(header(i).map(|h| canon(&aliases.resolve(&h))));
        }
    });
    let unexplained = unexplained(&headers, run);
    each_item(trees, &mut |path, item| {
        let syn::Item::Impl(i) = item else { return };
        let (Some(h), Some(key)) = (header(i), single(path, i)) else {
            return;
        };
        let h = canon(&aliases.resolve(&h));
        // Of an impl kept without running too (a supertrait's, `Num for f64` under
        // `FloatCore for f64`), unless the pair has symbols no impl is written as.
        let Some(tr) = (i.trait_.as_ref()).and_then(|(_, p, _)| p.segments.last()) else {
            return;
        };
        let tr = tr.ident.to_string();
        let Some(b) = base(&i.self_ty) else { return };
        if unexplained.contains(&(b, tr.clone())) {
            return;
        }
        let operator =
            (is_operator(&tr) || ONE_CALL_STD_TRAITS.contains(&tr.as_str())).then(HashSet::default);
        let Some(with_default) = defaults.get(&tr).or(operator.as_ref()) else {
            return;
        };
        for ii in &i.items {
            let syn::ImplItem::Fn(f) = ii else { continue };
            let m = f.sig.ident.to_string();
            if run.methods.contains(&(h.clone(), m.clone())) {
                continue;
            }
            // A required one stays, its body `unreachable!()`.
            let stub = if with_default.contains(&m) { "" } else { "!" };
            out.insert(format!("{key}::{m}{stub}"));
        }
    });
    out
}

/// Takes the impl families keyed in `dead` out of `items` (a library's pruned items, module
/// path `path`), through its inline modules.
pub fn remove(items: &mut Vec<syn::Item>, path: &str, dead: &HashSet<String>) {
    items.retain_mut(|item| match item {
        syn::Item::Impl(i) if i.trait_.is_none() => super::unrun::stub(item, path, dead),
        syn::Item::Mod(m) => {
            if let Some((_, content)) = &mut m.content {
                remove(content, &format!("{path}::{}", m.ident), dead);
            }
            true
        }
        syn::Item::Impl(i) => {
            let single = single(path, i);
            if let Some(key) = &single {
                // Methods that never run and override a default (`overrides`).
                i.items.retain(|ii| match ii {
                    syn::ImplItem::Fn(f) => !dead.contains(&format!("{key}::{}", f.sig.ident)),
                    _ => true,
                });
                for ii in &mut i.items {
                    if let syn::ImplItem::Fn(f) = ii {
                        // A debug build of the same program generated no code for it, so
                        // no input reaches it: what a build generates does not depend on
                        // the input.
                        if dead.contains(&format!("{key}::{}!", f.sig.ident)) {
                            f.block = super::unrun::stub_block();
                            super::unrun::without_hints(&mut f.attrs);
                        }
                    }
                }
            }
            !(family(path, i).is_some_and(|f| dead.contains(&f))
                || single.is_some_and(|f| dead.contains(&f)))
        }
        _ => super::unrun::stub(item, path, dead),
    });
}

/// Every trait's supertraits by name: std's that matter (`STD_SUPERTRAITS`) and the
/// libraries'.
fn supertraits_of(trees: &[Vec<syn::Item>]) -> crate::fast_hash::HashMap<String, Vec<String>> {
    let mut supers = crate::fast_hash::HashMap::default();
    for (t, s) in STD_SUPERTRAITS {
        supers.insert(t.to_string(), s.iter().map(|s| s.to_string()).collect());
    }
    supertraits(trees, &mut supers);
    supers
}

/// The candidates to take out first: those of `trees`, less (when what runs is known) the
/// impls the ones that run need as supertraits' impls for `Self`.
fn first_group(
    trees: &[Vec<syn::Item>],
    run: Option<&mono::Instances>,
    supers: &crate::fast_hash::HashMap<String, Vec<String>>,
) -> Vec<Candidate> {
    let all = candidates(trees, run);
    let Some(run) = run else {
        return all;
    };
    let seeds = run.headers.values().flat_map(|(ty, tr)| {
        let supers = supers.get(tr).into_iter().flatten();
        supers.map(|s| (ty.clone(), s.clone()))
    });
    let needed = with_supertraits(supers, seeds.collect::<Vec<_>>());
    let types = self_types(run.headers.keys().map(String::as_str));
    let before = all.len();
    let group: Vec<Candidate> = (all.into_iter())
        .filter(|c| {
            let pair = (c.head.clone(), c.trait_name.clone());
            !(needed.contains(&pair) && for_self(c, &types))
        })
        .collect();
    if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
        eprintln!(
            "impls: {before} candidates, {} once supertraits are kept",
            group.len()
        );
    }
    group
}

/// Whether `c` is what a supertrait bound asks for: one with arguments is needed for
/// `Self` (`NumOps<Rhs = Self>: Add<Rhs>` needs `BigUint: Add<BigUint>`, not its 40 other
/// `Add` impls); the others are asked back by the compile if need be.
fn self_like(c: &Candidate) -> bool {
    match c.header.as_deref().and_then(header_parts) {
        Some((ty, _, args)) => args.is_none_or(|a| a == ty),
        None => true,
    }
}

/// Whether `c` may be what a supertrait bound on its type asks for: `self_like`, or of a
/// library's own trait, whose arguments a bound may pass on from its own (alga's
/// `AbstractRing<A, M>: AbstractGroupAbelian<A> + AbstractMonoid<M>`: `f64: AbstractRing`
/// needs `f64: AbstractMonoid<Multiplicative>`, and so down eight levels, a compile each
/// when they came back one level at a time), for one of `types` exactly (the `Self` of
/// the impls whose supertraits are asked for: `(usize, usize)`'s `MatrixIndexMut` needs
/// its `MatrixIndex`, not the 31 other tuples').
fn for_self(c: &Candidate, types: &HashSet<&str>) -> bool {
    let exact = || {
        let ty = c.header.as_deref().and_then(header_parts).map(|p| p.0);
        ty.is_some_and(|ty| types.contains(ty))
    };
    self_like(c) || c.own_trait && exact()
}

/// The `Self` types of `headers` (`Self as Trait<args>`).
fn self_types<'a>(headers: impl Iterator<Item = &'a str>) -> HashSet<&'a str> {
    headers
        .filter_map(|h| header_parts(h).map(|p| p.0))
        .collect()
}

/// How the errors of a compile went: none named nothing of the group, a few did (fewer
/// than one in ten), or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unnamed {
    None,
    Few,
    Many,
}

/// Which of `group` the `errors` ask for, and how many ask for none of them.
fn asked_by_all(errors: &[String], group: &[Candidate], debug: bool) -> (Vec<bool>, Unnamed) {
    let mut needed = vec![false; group.len()];
    let mut unnamed = 0;
    for e in errors {
        let named = asked(e, group);
        if named.is_empty() && unnamed == 0 && debug {
            let e: String = e.lines().take(6).collect::<Vec<_>>().join("\n");
            eprintln!("impls: this error names none of them:\n{e}");
        }
        unnamed += usize::from(named.is_empty());
        for i in named {
            needed[i] = true;
        }
    }
    if debug && unnamed > 0 {
        eprintln!(
            "impls: {unnamed} of {} errors name none of them",
            errors.len()
        );
    }
    let unnamed = match unnamed {
        0 => Unnamed::None,
        n if n * 10 < errors.len() => Unnamed::Few,
        _ => Unnamed::Many,
    };
    (needed, unnamed)
}

/// The groups to try next after `group` failed, first first, each with whether its line
/// has had the doubt below (`doubted`: `group`'s). Halves when an error named nothing of it
/// (a change of inference, `mismatched types`, names no trait); else the group less what
/// was asked back, and the impls of their supertraits. A few errors that name nothing
/// among many that do may follow from what those ask for (im-rc's "`K` may not live long
/// enough" in an iterator over a chunk whose length's impls went, 1 of 588 errors): once in
/// a line, what was asked comes back and the rest is tried whole before halving (where
/// more name nothing, nalgebra's `mismatched types`, they stay, and halving at once is
/// what fits its budget).
fn regroup(
    mut group: Vec<Candidate>,
    needed: &[bool],
    unnamed: Unnamed,
    supers: &crate::fast_hash::HashMap<String, Vec<String>>,
    doubted: bool,
) -> Vec<(Vec<Candidate>, bool)> {
    let pair = |c: &Candidate| (c.head.clone(), c.trait_name.clone());
    let doubt = unnamed == Unnamed::Few && !doubted && needed.contains(&true);
    if unnamed != Unnamed::None && !doubt {
        if group.len() < 2 {
            return Vec::new();
        }
        let second = group.split_off(group.len() / 2);
        return vec![(group, true), (second, true)];
    }
    // What comes back exactly, and for `Self` the impls of its supertraits.
    let seeds: Vec<mono::Pair> = (0..group.len())
        .filter(|&i| needed[i])
        .flat_map(|i| {
            let (ty, tr) = pair(&group[i]);
            let supers = supers.get(&tr).into_iter().flatten();
            supers.map(move |s| (ty.clone(), s.clone()))
        })
        .collect();
    let under = with_supertraits(supers, seeds);
    let asked_headers: Vec<String> = (0..group.len())
        .filter(|&i| needed[i])
        .filter_map(|i| group[i].header.clone())
        .collect();
    let types = self_types(asked_headers.iter().map(String::as_str));
    let mut k = 0;
    group.retain(|c| {
        k += 1;
        let asked = needed[k - 1];
        let a_supertraits = under.contains(&pair(c)) && for_self(c, &types);
        !(asked || a_supertraits)
    });
    if group.is_empty() {
        Vec::new()
    } else {
        vec![(group, doubted || doubt)]
    }
}

/// How a draft without some impls went.
enum Tried {
    Compiles,
    /// Items the findings had taken out came back (`missing_names`): the same again.
    Again,
    Errors(Vec<String>),
}

/// Drafts `base` without the impls (and methods) keyed `keys` and type-checks it. A
/// function only a removed impl kept against the findings (a default method of a kept
/// trait calls it: num-traits' `clamp`) comes back into `base`, and an import left with
/// nothing to resolve to goes from it.
fn try_without(
    base: &mut oracle::Findings,
    keys: impl Iterator<Item = String>,
    draft: &impl Fn(&oracle::Findings) -> anyhow::Result<crate::bundle::Bundle>,
    scratch: &std::path::Path,
) -> anyhow::Result<Tried> {
    let mut f = base.clone();
    f.dead_impls = keys.collect();
    let next = draft(&f)?;
    let Err(errors) = oracle::errors(&next.text, scratch) else {
        return Ok(Tried::Compiles);
    };
    if std::env::var_os("XTASK_IMPLS_WHY").is_some() {
        // Each draft that failed, for a look.
        let name = format!("xtask-impls-try-{}.rs", next.text.len());
        let _ = std::fs::write(std::env::temp_dir().join(name), &next.text);
    }
    let joined = errors.join("\n");
    let missing = crate::bundle::check::said::missing_names(&joined);
    let restored = base.put_back(&missing, false);
    // A glob of a module that went whole with the impls (num's `pub use num_iter::*`).
    let imports_before = base.dead_imports.len();
    (base.dead_imports).extend(crate::bundle::check::said::dangling_imports(
        &next.text, &joined,
    ));
    Ok(
        if restored > 0 || base.dead_imports.len() > imports_before {
            Tried::Again
        } else {
            Tried::Errors(errors)
        },
    )
}

/// What a debug build of `best` generates (`mono`), with `best` and `findings` as they
/// are then: a draft whose build fails only on imports left with nothing to resolve to (a
/// glob of a module the oracle took whole) is drafted again without them first.
fn probe(
    best: crate::bundle::Bundle,
    findings: &oracle::Findings,
    draft: &impl Fn(&oracle::Findings) -> anyhow::Result<crate::bundle::Bundle>,
    scratch: &std::path::Path,
) -> anyhow::Result<(
    crate::bundle::Bundle,
    oracle::Findings,
    Option<mono::Instances>,
)> {
    if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
        eprintln!("impls: a debug build of {} bytes", best.text.len());
    }
    let errors = match mono::instantiated(&best.text, scratch)? {
        Ok(run) => return Ok((best, findings.clone(), Some(run))),
        Err(errors) => errors,
    };
    let dangling = crate::bundle::check::said::dangling_imports(&best.text, &errors);
    if dangling.is_empty() {
        return Ok((best, findings.clone(), None));
    }
    let mut mended = findings.clone();
    mended.dead_imports.extend(dangling);
    let next = draft(&mended)?;
    Ok(match mono::instantiated(&next.text, scratch)? {
        Ok(run) => (next, mended, Some(run)),
        Err(_) => (best, findings.clone(), None),
    })
}

/// `next` (drafted from `f`) with the stubbed functions of `unrun` out whole where it
/// compiles without them: those its errors name come back, twice at most.
fn without_stubs(
    next: crate::bundle::Bundle,
    f: oracle::Findings,
    (unrun, aliases): (&HashSet<String>, &Aliases),
    draft: &impl Fn(&oracle::Findings) -> anyhow::Result<crate::bundle::Bundle>,
    scratch: &std::path::Path,
) -> anyhow::Result<(crate::bundle::Bundle, oracle::Findings)> {
    let mut out = super::unrun::removals(unrun);
    for _ in 0..3 {
        if out.is_empty() {
            break;
        }
        let mut g = f.clone();
        g.dead_impls.extend(out.iter().cloned());
        let smaller = draft(&g)?;
        let errors = match oracle::errors(&smaller.text, scratch) {
            Ok(()) => return Ok((smaller, g)),
            Err(errors) => errors,
        };
        let back = super::unrun::asked_back(&out, &errors, aliases);
        if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
            let (n, e, b) = (out.len(), errors.len(), back.len());
            eprintln!("unrun: {n} stubs out whole, {e} errors, {b} asked back");
            for e in errors.iter().filter_map(|e| e.lines().next()).take(5) {
                eprintln!("unrun: error {e}");
            }
        }
        if back.is_empty() {
            break;
        }
        out.retain(|k| !back.contains(k));
    }
    Ok((next, f))
}

/// `XTASK_PRUNE_DEBUG`'s line on a compile that failed; with `XTASK_IMPLS_WHY` set, what
/// came back and the errors' first lines.
fn report(compiles: usize, group: &[Candidate], needed: &[bool], errors: &[String]) {
    let back = needed.iter().filter(|&&n| n).count();
    let (out, n) = (group.len(), errors.len());
    eprintln!("impls: compile {compiles}: {out} out, {n} errors, {back} asked back");
    if std::env::var_os("XTASK_IMPLS_WHY").is_some() {
        for (c, _) in group.iter().zip(needed).filter(|(_, &n)| n) {
            eprintln!("impls: asked back {}", c.key);
        }
        for e in errors {
            eprintln!("impls: error {}", e.lines().next().unwrap_or(""));
        }
    }
}

/// Takes out of `best` the impls the program compiles without. `draft` builds a bundle from
/// findings; the result is `best` (and `findings`) when nothing could go, else the smaller
/// bundle and the findings that make it.
pub fn drop_unused(
    best: crate::bundle::Bundle,
    trees: &[Vec<syn::Item>],
    findings: &oracle::Findings,
    draft: impl Fn(&oracle::Findings) -> anyhow::Result<crate::bundle::Bundle>,
    budget: usize,
) -> anyhow::Result<(crate::bundle::Bundle, oracle::Findings)> {
    let scratch = tempfile::tempdir().context("a scratch folder for the impls' drafts")?;
    let debug = std::env::var_os("XTASK_PRUNE_DEBUG").is_some();
    let (best, start, run) = probe(best, findings, &draft, scratch.path())?;
    let findings = &start;
    let supers = supertraits_of(trees);
    let all = first_group(trees, run.as_ref(), &supers);
    // Methods of the impls that run that never run themselves go (or lose their body) in
    // every draft, as do the bodies of functions that never run (`unrun`): what those
    // bodies need of other impls is then not asked for.
    let unrun = run.as_ref().map_or_else(HashSet::default, |r| {
        let mut keys = overrides(trees, r);
        keys.extend(super::unrun::keys(trees, r));
        keys
    });
    if all.is_empty() && unrun.is_empty() {
        return Ok((best, findings.clone()));
    }
    // Groups to try, each on top of those accepted: an error that names impls of the group
    // puts them back and the rest is tried again; one that names none splits the group in
    // two (a change of inference, `mismatched types`, names no trait).
    let mut accepted: Vec<Candidate> = Vec::new();
    let mut base = findings.clone();
    // Whether a draft compiled: the accepted groups (and `unrun`) are then proven.
    let mut compiled = false;
    let mut queue: std::collections::VecDeque<(Vec<Candidate>, bool)> = [(all, false)].into();
    let mut compiles = 0;
    while let Some((group, doubted)) = queue.pop_front() {
        if compiles == budget || crate::bundle::budget::cut("more of the impls pass") {
            break;
        }
        compiles += 1;
        let keys = accepted.iter().chain(&group).map(|c| c.key.clone());
        let errors = match try_without(
            &mut base,
            keys.chain(unrun.iter().cloned()),
            &draft,
            scratch.path(),
        )? {
            Tried::Compiles => {
                if debug {
                    eprintln!("impls: compile {compiles}: {} out, compiles", group.len());
                }
                accepted.extend(group);
                compiled = true;
                continue;
            }
            Tried::Again => {
                queue.push_front((group, doubted));
                continue;
            }
            Tried::Errors(errors) => errors,
        };
        let (needed, unnamed) = asked_by_all(&errors, &group, debug);
        if debug {
            report(compiles, &group, &needed, &errors);
        }
        for g in regroup(group, &needed, unnamed, &supers, doubted)
            .into_iter()
            .rev()
        {
            queue.push_front(g);
        }
    }
    if !compiled {
        return Ok((best, findings.clone()));
    }
    let mut f = base;
    f.dead_impls = accepted.iter().map(|c| c.key.clone()).collect();
    f.dead_impls.extend(unrun.iter().cloned());
    let mut next = draft(&f)?;
    if compiles < budget && !crate::bundle::budget::cut("the stubs taken out whole") {
        let aliases = Aliases::of(trees);
        (next, f) = without_stubs(next, f, (&unrun, &aliases), &draft, scratch.path())?;
    }
    if debug {
        // Kept for a look.
        let kept = std::env::temp_dir().join("xtask-impls.rs");
        let _ = std::fs::write(&kept, &next.text);
        let (n, from, to) = (accepted.len(), best.text.len(), next.text.len());
        eprintln!("impls: {n} taken out in {compiles} compiles: {from} -> {to} bytes");
    }
    Ok(if next.text.len() < best.text.len() {
        (next, f)
    } else {
        (best, findings.clone())
    })
}

/// The library bytes over which a bundle gets the impls pass (and a second reading with
/// impl-only macro calls written out): the showcase's proconio and `common`, 8 KiB, are
/// under it, so their `submit` costs no more compiles.
pub const FLOOR: usize = 16 * 1024;

/// Compiles the impl pass may spend on one bundle; on one over the judge's limit, which
/// is refused unless it gets smaller.
pub const COMPILES: usize = 6;
pub const COMPILES_OVER_THE_LIMIT: usize = 24;

#[cfg(test)]
mod tests {
    use super::super::asked::*;
    use super::*;
    use crate::bundle::check::asks::*;
    use crate::bundle::check::mono::{normal, TUPLE};

    fn parse(source: &str) -> Vec<Vec<syn::Item>> {
        vec![syn::parse_file(source).unwrap().items]
    }

    /// The candidates' keys, sorted.
    /// The one error rustc gives for `draft`.
    fn the_error(draft: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        let mut errors = oracle::errors(draft, dir.path()).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        errors.remove(0)
    }

    fn keys(found: Vec<Candidate>) -> Vec<String> {
        let mut keys: Vec<String> = found.into_iter().map(|c| c.key).collect();
        keys.sort();
        keys
    }

    #[test]
    fn candidates_are_trait_impls_of_library_types_or_traits_minus_blanket_and_unsafe_to_remove() {
        let trees = parse(
            r#"
pub struct A; pub struct B; pub trait Local { fn f(&self); }
impl std::fmt::Debug for A { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }
impl Local for A { fn f(&self) {} }
impl Drop for A { fn drop(&mut self) {} }
unsafe impl Send for B {}
impl core::ops::Add for B { type Output = B; fn add(self, _: B) -> B { B } }
impl<'a> core::ops::Add for &'a B { type Output = B; fn add(self, _: &B) -> B { B } }
impl Clone for B { fn clone(&self) -> B { B } }
impl From<u32> for B { fn from(_: u32) -> B { B } }
impl From<u64> for B { fn from(_: u64) -> B { B } }
pub trait Any { fn any(&self); }
impl<T: Clone> Any for T { fn any(&self) {} }
impl Local for u32 { fn f(&self) {} }
"#,
        );
        let keys = keys(candidates(&trees, None));
        // Families: Debug for A; Add for B (its impl for &B too); Clone for B; From for B
        // (both); the library's own trait for its type and for std's. Not: Drop, unsafe
        // Send, the blanket `Any for T` (no error names a type parameter).
        assert_eq!(
            keys,
            [
                "#0::impl Add for B",
                "#0::impl Clone for B",
                "#0::impl Debug for A",
                "#0::impl From for B",
                "#0::impl Local for A",
                "#0::impl Local for u32",
            ]
        );
        // Taking the Add family out takes both of its impls, and only them.
        let mut items = trees[0].clone();
        let dead: HashSet<String> = ["#0::impl Add for B".to_string()].into_iter().collect();
        remove(&mut items, "#0", &dead);
        assert_eq!(items.len(), trees[0].len() - 2);
    }

    #[test]
    fn a_std_trait_for_a_std_type_is_a_candidate_through_a_library_type_only_when_runs_are_known() {
        let trees = parse(
            r#"
pub struct Big(u64);
impl core::convert::TryFrom<Big> for u64 { type Error = (); fn try_from(b: Big) -> Result<u64, ()> { Ok(b.0) } }
impl core::ops::Div<Big> for u32 { type Output = Big; fn div(self, b: Big) -> Big { Big(self as u64 / b.0) } }
impl core::ops::Div<u8> for u32 { type Output = u32; fn div(self, b: u8) -> u32 { self } }
"#,
        );
        // Without a debug build, impls go by family, and `Div for u32` is std's too.
        assert!(candidates(&trees, None).is_empty());
        // With one that ran `u32 / Big`: the `TryFrom` impl never ran and may go.
        let mut run = mono::Instances::default();
        let h = "u32 as Div<Big>";
        run.headers.insert(h.into(), ("u32".into(), "Div".into()));
        run.methods.insert((h.into(), "div".into()));
        assert_eq!(
            keys(candidates(&trees, Some(&run))),
            ["#0::impl u64 as TryFrom<Big>"]
        );
    }

    /// A step of method resolution or a coercion through `Deref` calls `deref`, which a
    /// debug build then generates: with what runs known, a `Deref` impl whose method never
    /// ran is a candidate (nalgebra's 36 `Deref`s and 36 `DerefMut`s of small matrices to
    /// `X`, `XY`, `XYZ`, ..., 41 KB of okaponta's abc189 e); without, none is. `Drop`
    /// never is (dropping calls it unseen by name). Fails before: they were never
    /// candidates.
    #[test]
    fn a_deref_impl_is_a_candidate_only_when_its_method_is_known_never_to_run() {
        let trees = parse(
            r#"
pub struct A(pub X); pub struct B(pub X); pub struct X(pub u8);
impl std::ops::Deref for A { type Target = X; fn deref(&self) -> &X { &self.0 } }
impl std::ops::Deref for B { type Target = X; fn deref(&self) -> &X { &self.0 } }
impl std::ops::DerefMut for B { fn deref_mut(&mut self) -> &mut X { &mut self.0 } }
impl Drop for X { fn drop(&mut self) {} }
"#,
        );
        assert!(candidates(&trees, None).is_empty());
        let mut run = mono::Instances::default();
        let h = "A as Deref";
        run.headers.insert(h.into(), ("A".into(), "Deref".into()));
        run.methods.insert((h.into(), "deref".into()));
        assert_eq!(
            keys(candidates(&trees, Some(&run))),
            ["#0::impl B as Deref", "#0::impl B as DerefMut"]
        );
    }

    /// smallvec's `impl_array!` written out is an `unsafe impl<T> Array for [T; N]` per
    /// length, 53 of them, of which the program uses one: with what runs known, each
    /// array's impl with a method is a candidate, unless its method ran or a symbol of an
    /// array's impl of the trait is written as no impl is (`[T; 64]` for the source's
    /// `[T; 0x40]`: then all stay). A marker's `unsafe impl` (no method to tell) never is.
    /// Fails before: an array's impl has no pair and an unsafe impl is never a candidate,
    /// so the 52 stayed (smallvec's bundle 17.7 -> 21.3 KiB on the second reading).
    #[test]
    fn an_unsafe_impl_for_an_array_is_a_candidate_when_its_method_tells_whether_it_runs() {
        let trees = parse(
            r#"
pub unsafe trait Array { type Item; fn size() -> usize; }
unsafe impl<T> Array for [T; 4] { type Item = T; fn size() -> usize { 4 } }
unsafe impl<T> Array for [T; 8] { type Item = T; fn size() -> usize { 8 } }
unsafe impl<T> Array for [T; 0x40] { type Item = T; fn size() -> usize { 64 } }
pub struct Marker;
unsafe impl Send for Marker {}
"#,
        );
        assert!(candidates(&trees, None).is_empty());
        let ran = |h: &str| {
            let mut run = mono::Instances::default();
            run.headers
                .insert(h.into(), (mono::SEQUENCE.into(), "Array".into()));
            run.methods.insert((h.into(), "size".into()));
            run
        };
        assert_eq!(
            keys(candidates(&trees, Some(&ran("[T;4] as Array")))),
            ["#0::impl [T;0x40] as Array", "#0::impl [T;8] as Array"]
        );
        // The symbol's `[T; 64]` is no impl as written: every array's impl of it stays.
        assert!(candidates(&trees, Some(&ran("[T;64] as Array"))).is_empty());
    }

    #[test]
    fn an_error_asks_for_the_impls_it_names_by_trait_operator_or_method() {
        let c = |t: &str, h: &str, m: &[&str]| Candidate {
            key: String::new(),
            trait_name: t.into(),
            head: h.into(),
            methods: m.iter().map(|s| s.to_string()).collect(),
            own_trait: false,
            header: None,
            alias: None,
        };
        let debug = c("Debug", "BigUint", &["fmt"]);
        let add = c("Add", "BigUint", &["add"]);
        let e1 = "error[E0277]: `BigUint` doesn't implement `Debug`";
        let e2 = "error[E0369]: cannot add `BigUint` to `BigUint`";
        let e3 = "error[E0599]: no method named `add` found for struct `BigUint`";
        let e6 = "error[E0369]: no implementation for `&BigUint + {integer}`";
        assert!(asks_for(&Said::new(e6), &add, false) && !asks_for(&Said::new(e6), &debug, false));
        let e4 = "error[E0277]: `BigUintX` doesn't implement `Debug`";
        assert!(asks_for(&Said::new(e1), &debug, false) && !asks_for(&Said::new(e1), &add, false));
        assert!(asks_for(&Said::new(e2), &add, false) && !asks_for(&Said::new(e2), &debug, false));
        assert!(asks_for(&Said::new(e3), &add, false));
        assert!(
            !asks_for(&Said::new(e4), &debug, false),
            "a longer name is another type"
        );
        // A library's own trait: the type alone (its associated type asked for by a macro).
        let readable = Candidate {
            own_trait: true,
            ..c("Readable", "Usize1", &["read"])
        };
        let e5 = "error[E0277]: the type `[(i64, i64)]` cannot be indexed by `Usize1`";
        assert!(
            asks_for(&Said::new(e5), &readable, true) && !asks_for(&Said::new(e5), &debug, true)
        );
        assert!(!asks_for(&Said::new(e5), &readable, false));
    }

    #[test]
    fn a_method_that_never_runs_goes_when_its_trait_has_a_default_else_loses_its_body() {
        let trees = parse(
            r#"
pub trait M { fn m(&self) -> u8; fn d(&self) -> u8 { 0 } fn r(&self) -> u8; }
pub struct A;
impl M for A { fn m(&self) -> u8 { 1 } fn d(&self) -> u8 { 2 } fn r(&self) -> u8 { 3 } }
impl Clone for A { fn clone(&self) -> A { A } fn clone_from(&mut self, _: &A) {} }
"#,
        );
        // What a debug build says runs: `m` of `A as M`, `clone` of `A as Clone`.
        let mut run = mono::Instances::default();
        for (h, p, m) in [("A as M", "M", "m"), ("A as Clone", "Clone", "clone")] {
            run.headers.insert(h.into(), ("A".into(), p.into()));
            run.methods.insert((h.into(), m.into()));
        }
        let keys = overrides(&trees, &run);
        // `d` goes (M has a default), `r` is stubbed (required); std's `Clone` is left as
        // written (std's code, which differs between compilers, calls its methods).
        let mut sorted: Vec<&String> = keys.iter().collect();
        sorted.sort();
        assert_eq!(sorted, ["#0::impl A as M::d", "#0::impl A as M::r!"]);
        let mut items = trees[0].clone();
        remove(&mut items, "#0", &keys);
        let text = quote::ToTokens::to_token_stream(&items[2]).to_string();
        assert_eq!(
            text,
            "impl M for A { fn m (& self) -> u8 { 1 } fn r (& self) -> u8 { unreachable ! () } }"
        );
    }

    /// typenum's numbers are types nested one level per bit (`U1000` is ten `UInt`s
    /// deep), which rustc shortens in a message (`UInt<UInt<..., ...>, ...>: Bits`) and
    /// writes out in full, its paths qualified (`uint::UInt<uint::UTerm, bit::B1>`), to a
    /// file (one for every error naming the type): each error is read with the full name,
    /// and asks for the one impl of that number. Fails before: the shortened type matched
    /// no header and the error named none of the candidates, so the impls pass split its
    /// group in halves (im-rc's 1,024 `impl Bits for U<n>` all stayed: 62 KiB).
    #[test]
    fn a_bound_on_a_type_rustc_shortens_asks_for_the_impl_of_its_full_type() {
        fn number(n: u32) -> String {
            let bits = format!("{n:b}");
            bits.chars()
                .fold("UTerm".to_string(), |t, b| format!("UInt<{t}, B{b}>"))
        }
        let source = format!(
            "pub mod uint {{ pub struct UInt<U, B>(pub std::marker::PhantomData<(U, B)>); pub struct UTerm; }}\n\
             pub mod bit {{ pub struct B0; pub struct B1; }}\n\
             use uint::{{UInt, UTerm}}; use bit::{{B0, B1}};\n\
             pub type U999 = {};\npub type U1000 = {};\npub type U1001 = {};\n\
             pub trait Bits {{ type Store; }}\n\
             fn need<T: Bits>() {{}}\nfn main() {{ need::<U1000>(); need::<U1000>(); }}\n",
            number(999),
            number(1000),
            number(1001)
        );
        let dir = tempfile::tempdir().unwrap();
        let errors = oracle::errors(&source, dir.path()).unwrap_err();
        // Two errors, whose notes name one file.
        assert_eq!(errors.len(), 2, "{errors:?}");
        let aliases = Aliases::of(&parse(&source));
        let group: Vec<Candidate> = [999, 1000, 1001]
            .iter()
            .map(|n| Candidate {
                key: format!("U{n}"),
                trait_name: "Bits".into(),
                head: format!("U{n}"),
                methods: Vec::new(),
                own_trait: true,
                header: Some(canon(&aliases.resolve(&format!("U{n} as Bits")))),
                alias: None,
            })
            .collect();
        for e in &errors {
            assert_eq!(asked(e, &group), [1], "{e}");
            // As rustc writes a bound, the names unqualified.
            let bound = format!("`{}: Bits`", number(1000));
            assert!(e.lines().next().unwrap().contains(&bound), "{e}");
        }
        // The file rustc wrote the names to is gone with the reading.
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert!(
            left.iter()
                .all(|e| !e.file_name().to_string_lossy().contains("long-type")),
            "{left:?}"
        );
        // Where rustc wrote no file, a shortened type asks for every impl it may be (of
        // these, only 1000 ends in a 0 bit).
        let short =
            "error[E0277]: the trait bound `UInt<UInt<..., ...>, B0>: Bits` is not satisfied";
        assert_eq!(asked(short, &group), [1]);
        assert!(!oracle::fills("UInt<...,B0>", &normal(&number(999))));
    }

    /// A compile whose errors ask for some of the group and a few name none of it: what
    /// was asked comes back and the rest is tried again whole (the unnamed errors may follow
    /// from the others), once in a line of groups; halves when nothing was asked, many
    /// errors named nothing, or the line had its doubt. Fails before: the group was halved
    /// at once, and the six compiles of im-rc's pass went to halving 1,831 impls.
    #[test]
    fn errors_naming_none_halve_the_group_unless_few_and_the_line_had_no_doubt() {
        let c = |k: &str| Candidate {
            key: k.into(),
            trait_name: "Bits".into(),
            head: k.into(),
            methods: Vec::new(),
            own_trait: true,
            header: None,
            alias: None,
        };
        let group = vec![c("U1"), c("U2"), c("U3"), c("U4")];
        let supers = Default::default();
        // The regrouped keys, and whether each group's line has had its doubt.
        let regrouped = |asked: &[bool], unnamed: Unnamed, spent: bool| {
            let groups = regroup(group.clone(), asked, unnamed, &supers, spent);
            let keys = |g: Vec<Candidate>| g.into_iter().map(|c| c.key).collect::<Vec<_>>();
            groups
                .into_iter()
                .map(|(g, d)| (keys(g), d))
                .collect::<Vec<_>>()
        };
        let strings = |k: &[&str]| k.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let asked_one = [false, true, false, false];
        let halves = [
            (strings(&["U1", "U2"]), true),
            (strings(&["U3", "U4"]), true),
        ];
        // The doubt, once: what was asked comes back, the rest whole, the doubt spent.
        assert_eq!(
            regrouped(&asked_one, Unnamed::Few, false),
            [(strings(&["U1", "U3", "U4"]), true)]
        );
        // Spent: halves.
        assert_eq!(regrouped(&asked_one, Unnamed::Few, true), halves);
        // Nothing asked: halves.
        assert_eq!(regrouped(&[false; 4], Unnamed::Few, false), halves);
        // Many name nothing: halves.
        assert_eq!(regrouped(&asked_one, Unnamed::Many, false), halves);
        // Every error named something: what was asked comes back, no doubt spent.
        assert_eq!(
            regrouped(&asked_one, Unnamed::None, false),
            [(strings(&["U1", "U3", "U4"]), false)]
        );
    }

    /// nalgebra writes its impls for aliases (`impl NormedSpace for MatrixMN<N, R, C>`, a
    /// `Matrix<N, R, C, Owned<N, R, C>>`), and rustc names the type the alias stands for,
    /// in a symbol and in an error. Fails before: the candidate's type was `MatrixMN`, so
    /// the impl was a candidate though a debug build ran it, and the error its going made
    /// ("`Matrix<..>: NormedSpace` is not satisfied") named none of the group, which then
    /// split in halves (nalgebra's pass spent 10 of its 24 compiles so).
    #[test]
    fn an_impl_written_for_an_alias_is_of_the_type_the_alias_stands_for() {
        let source = r#"
pub struct Matrix<T, S>(pub T, pub S);
pub type MatrixMN<T> = Matrix<T, Vec<T>>;
pub type Vector3<T> = MatrixMN<T>;
pub trait Normed { fn norm(&self) -> u8; }
impl<T> Normed for Vector3<T> { fn norm(&self) -> u8 { 1 } }
fn need<T: Normed>(_: T) {}
fn main() { need(Matrix(1u8, vec![1u8])); }
"#;
        let trees = parse(source);
        let aliases = Aliases::of(&trees);
        assert_eq!(aliases.head("MatrixMN"), "Matrix");
        assert_eq!(aliases.head("Vector3"), "Matrix");
        // A name a type bears too stays as written.
        let other = "pub mod other { pub struct Vector3; }";
        assert_eq!(
            Aliases::of(&parse(&format!("{source}{other}"))).head("Vector3"),
            "Vector3"
        );
        // What a debug build says ran: the alias's impl, by the type it stands for.
        let mut run = mono::Instances::default();
        let h = "Matrix<T,Vec<T>> as Normed";
        run.headers
            .insert(h.into(), ("Matrix".into(), "Normed".into()));
        run.methods.insert((h.into(), "norm".into()));
        let c = candidates(&trees, Some(&run));
        assert!(c.is_empty(), "{c:?}");
        // Where it never ran, it is a candidate, and the error its going makes asks for it.
        let group = candidates(&trees, Some(&mono::Instances::default()));
        assert_eq!(keys(group.clone()), ["#0::impl Vector3<T> as Normed"]);
        let draft = source.replace(
            "impl<T> Normed for Vector3<T> { fn norm(&self) -> u8 { 1 } }",
            "",
        );
        let error = the_error(&draft);
        assert!(error.contains("`Matrix<u8, Vec<u8>>: Normed`"), "{error}");
        assert_eq!(asked(&error, &group), [0]);
    }

    /// A `Deref` that never ran for the samples is a candidate, and code compiled for
    /// other types goes through it (sized-chunks' `Chunk` derefs to a slice: `chunk.iter()`,
    /// `chunk[i]`, `chunk.iter_mut()`): an error that a method, a field or an index is not
    /// found, or a mutable borrow through a `Deref` alone, asks for the impls of the type it
    /// names. Fails before: the errors named none of the group, which split in halves
    /// (okaponta's abc204 c, im-rc: three of its six compiles).
    #[test]
    fn a_method_not_found_through_a_deref_asks_back_that_types_deref() {
        let source = r#"
pub struct Chunk(pub [u8; 4]);
impl std::ops::Deref for Chunk { type Target = [u8]; fn deref(&self) -> &[u8] { &self.0 } }
impl std::ops::DerefMut for Chunk { fn deref_mut(&mut self) -> &mut [u8] { &mut self.0 } }
pub struct Other(pub [u8; 4]);
impl std::ops::Deref for Other { type Target = [u8]; fn deref(&self) -> &[u8] { &self.0 } }
pub fn sum(c: &Chunk) -> u8 { c.iter().sum::<u8>() + c[0] }
pub fn bump(c: &mut Chunk) { for x in c.iter_mut() { *x += 1; } }
fn main() {}
"#;
        let group = candidates(&parse(source), Some(&mono::Instances::default()));
        assert_eq!(
            keys(group.clone()),
            [
                "#0::impl Chunk as Deref",
                "#0::impl Chunk as DerefMut",
                "#0::impl Other as Deref"
            ]
        );
        let dir = tempfile::tempdir().unwrap();
        let without = |line: &str| {
            let draft = source.replace(line, "");
            let errors = oracle::errors(&draft, dir.path()).unwrap_err();
            let mut back: Vec<usize> = errors.iter().flat_map(|e| asked(e, &group)).collect();
            back.sort();
            back.dedup();
            (errors.len(), back)
        };
        // Without both: `iter`, `[0]` and `iter_mut` not found; both come back, not `Other`'s.
        let both = "impl std::ops::Deref for Chunk { type Target = [u8]; fn deref(&self) -> &[u8] { &self.0 } }\nimpl std::ops::DerefMut for Chunk { fn deref_mut(&mut self) -> &mut [u8] { &mut self.0 } }";
        assert!(source.contains(both));
        let (n, back) = without(both);
        assert!(n >= 2, "{n}");
        assert_eq!(back, [0, 1]);
        // Without `DerefMut` alone: a mutable borrow through the `Deref`, which asks for it.
        let deref_mut = "impl std::ops::DerefMut for Chunk { fn deref_mut(&mut self) -> &mut [u8] { &mut self.0 } }";
        let (n, back) = without(deref_mut);
        assert_eq!(n, 1);
        assert_eq!(back, [1]);
    }

    /// bitmaps implements `Bits` for typenum's `U1` to `U1024`, aliases of one type
    /// (`UInt<UInt<UTerm, B1>, B0>`): an error naming one of them in full asks for that
    /// impl, not those of the types inside it, nor all 1,024 by their head. Fails
    /// before: every impl was asked back (okaponta's im-rc three, 46.7-50.7 -> 231-236 KiB).
    #[test]
    fn an_error_naming_an_aliased_type_in_full_asks_for_its_impl_not_every_one_of_its_head() {
        let source = r#"
pub struct UTerm; pub struct B0; pub struct B1; pub struct UInt<U, B>(pub U, pub B);
pub type U1 = UInt<UTerm, B1>;
pub type U2 = UInt<UInt<UTerm, B1>, B0>;
pub type U3 = UInt<UInt<UTerm, B1>, B1>;
pub trait Bits { fn n() -> usize; }
impl Bits for U1 { fn n() -> usize { 1 } }
impl Bits for U2 { fn n() -> usize { 2 } }
impl Bits for U3 { fn n() -> usize { 3 } }
pub trait Wide { fn wide() -> usize; }
impl<T: Bits> Wide for T { fn wide() -> usize { T::n() } }
fn need<T: Wide>() -> usize { T::wide() }
fn main() { println!("{}", need::<U2>()); }
"#;
        let trees = parse(source);
        let group = candidates(&trees, Some(&mono::Instances::default()));
        assert_eq!(
            keys(group.clone()),
            [
                "#0::impl U1 as Bits",
                "#0::impl U2 as Bits",
                "#0::impl U3 as Bits"
            ]
        );
        let mut draft = source.to_string();
        for n in 1..=3 {
            let line = format!("impl Bits for U{n} {{ fn n() -> usize {{ {n} }} }}\n");
            draft = draft.replace(&line, "");
        }
        let error = the_error(&draft);
        // rustc asks for the blanket impl's bound, and names `U2` in full.
        assert!(error.contains("UInt<UInt<UTerm, B1>, B0>"), "{error}");
        // `U2`; not `U1`, whose type is inside it, nor `U3`.
        assert_eq!(asked(&error, &group), [1], "{}", error);
        // A shortened type asks for each impl of its head; the alias, by its name.
        let mut one = group[2].clone();
        one.trait_name = "Bits".into();
        assert!(asks_for(
            &Said::new("`UInt<UInt<..., ...>, B1>: Bits`"),
            &one,
            false
        ));
        assert!(asks_for(&Said::new("impl Bits for U3"), &one, false));
        assert!(!asks_for(
            &Said::new("`UInt<UInt<UTerm, B1>, B0>: Bits`"),
            &one,
            false
        ));
        assert!(!asks_for(
            &Said::new("`UInt<UInt<UInt<UTerm, B1>, B1>X, B0>: Bits`"),
            &one,
            false
        ));
    }

    /// nalgebra implements alga's traits under the names it imports them by (`use
    /// alga::linear::Translation as AlgaTranslation;` then `impl AlgaTranslation<Point<N,
    /// D>> for Translation<N, D>`), and rustc names the trait by its own name, qualified
    /// where a type bears it too. Fails before: the error named none of the group, which
    /// split in halves (nalgebra's abc197 d_ex, its first reading: four of six compiles).
    #[test]
    fn an_impl_of_a_trait_imported_under_another_name_is_of_the_trait_by_its_own() {
        let source = r#"
pub mod linear { pub trait Translation<P> { fn moved(&self, p: P) -> P; } }
pub struct Point(pub u8);
pub struct Translation(pub u8);
use linear::Translation as AlgaTranslation;
impl AlgaTranslation<Point> for Translation { fn moved(&self, p: Point) -> Point { Point(p.0 + self.0) } }
impl std::fmt::Debug for Translation { fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }
fn need<T: linear::Translation<Point>>(_: T) {}
fn main() { need(Translation(1)); }
"#;
        let group = candidates(&parse(source), Some(&mono::Instances::default()));
        let trait_impl = "#0::impl Translation as AlgaTranslation<Point>";
        assert!(keys(group.clone()).contains(&trait_impl.to_string()));
        let start = source.find("impl AlgaTranslation").unwrap();
        let end = start + source[start..].find('\n').unwrap();
        let draft = format!("{}{}", &source[..start], &source[end..]);
        let error = the_error(&draft);
        assert!(error.contains("linear::Translation<Point>"), "{error}");
        let back: Vec<&str> = (asked(&error, &group).into_iter())
            .map(|i| group[i].key.as_str())
            .collect();
        assert_eq!(back, [trait_impl]);
    }

    /// A `Copy` impl taken out makes a move where a copy was ("cannot move out of index of
    /// `Vec<Matrix<..>>`"): the `Copy` impls of the types the error names are asked back,
    /// and when none of those is left out, every `Copy` impl of the group, since the type
    /// whose impl went may be inside the one named (nalgebra's `Matrix` is `Copy` when its
    /// `ArrayStorage` is, and that when its `GenericArray` is). Fails before: the error
    /// named none of the group, which split in halves (okaponta's abc189 e, five times in
    /// its 24 compiles); then, every `Copy` impl came back at once (im-rc's `Bitmap` move
    /// brought back typenum's 158).
    #[test]
    fn a_value_moved_where_it_was_copied_asks_back_the_copy_impls_it_names_then_every_one() {
        let source = r#"
pub struct Inner<T>(pub [T; 2]);
impl<T: Clone> Clone for Inner<T> { fn clone(&self) -> Inner<T> { Inner(self.0.clone()) } }
impl<T> std::fmt::Debug for Inner<T> { fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }
pub struct Store<T>(pub Inner<T>);
impl<T: Clone> Clone for Store<T> { fn clone(&self) -> Store<T> { Store(self.0.clone()) } }
impl<T: Clone> Copy for Store<T> where Inner<T>: Copy {}
pub struct Matrix<S>(pub S);
impl<S: Clone> Clone for Matrix<S> { fn clone(&self) -> Matrix<S> { Matrix(self.0.clone()) } }
impl<S: Copy> Copy for Matrix<S> {}
fn one() -> Matrix<Store<i32>> { Matrix(Store(Inner([1, 2]))) }
fn main() { let v = vec![one()]; let m = v[0]; let _ = m.0; }
"#;
        let other = "pub struct Other;\nimpl Clone for Other { fn clone(&self) -> Other { Other } }\nimpl Copy for Other {}";
        let trees = parse(&format!(
            "{source}\nimpl<T: Copy> Copy for Inner<T> {{}}\n{other}"
        ));
        let group = candidates(&trees, Some(&mono::Instances::default()));
        let copy = |k: &str| k.ends_with("as Copy");
        assert_eq!(keys(group.clone()).iter().filter(|k| copy(k)).count(), 4);
        // The draft without `Inner`'s `Copy`: the error names `Matrix` and `Store` only.
        let error = the_error(source);
        assert!(error.contains("cannot move out of"), "{error}");
        assert!(!error.contains("Inner"), "{error}");
        let back = |group: &[Candidate]| -> Vec<String> {
            let mut keys: Vec<String> = (asked(&error, group).into_iter())
                .map(|i| group[i].key.clone())
                .collect();
            keys.sort();
            keys
        };
        assert_eq!(
            back(&group),
            ["#0::impl Matrix<S> as Copy", "#0::impl Store<T> as Copy"]
        );
        // Those back, the error stays, and names none left out: every `Copy` impl.
        let back_first = ["#0::impl Matrix", "#0::impl Store"];
        let rest: Vec<Candidate> = (group.iter())
            .filter(|c| !back_first.iter().any(|k| c.key.starts_with(k)))
            .cloned()
            .collect();
        assert_eq!(
            back(&rest),
            ["#0::impl Inner<T> as Copy", "#0::impl Other as Copy"]
        );
    }

    /// With its `From` impl gone, `Self::from(x)` in a library's own code is std's `From<T>
    /// for T`, and the error says only "mismatched types": expected the type converted to,
    /// found the type converted from (nalgebra's `impl Clone for Quaternion<N>`). Its
    /// `From` impls are asked back. Fails before: the error named none of the group, which
    /// split in halves (nalgebra's abc197 d_ex, six of its 24 compiles).
    #[test]
    fn a_mismatch_at_a_from_call_asks_for_the_from_impls_of_the_type_expected() {
        let source = r#"
pub struct Vector(pub [u8; 4]);
impl Clone for Vector { fn clone(&self) -> Vector { Vector(self.0) } }
impl From<u8> for Vector { fn from(b: u8) -> Vector { Vector([b; 4]) } }
pub struct Quaternion { pub coords: Vector }
impl From<Vector> for Quaternion { fn from(coords: Vector) -> Quaternion { Quaternion { coords } } }
impl std::fmt::Debug for Quaternion { fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }
impl Clone for Quaternion { fn clone(&self) -> Self { Self::from(self.coords.clone()) } }
fn main() { let q = Quaternion { coords: Vector::from(1) }; let _ = q.clone(); }
"#;
        let group = candidates(&parse(source), Some(&mono::Instances::default()));
        let from = "#0::impl Quaternion as From<Vector>";
        assert!(keys(group.clone()).contains(&from.to_string()));
        let draft = source.replace("impl From<Vector> for Quaternion", "impl Quaternion");
        let draft = draft.replace("fn from(coords", "fn gone(coords");
        let error = the_error(&draft);
        assert!(
            error.starts_with("error[E0308]: mismatched types"),
            "{error}"
        );
        let back: Vec<&str> = (asked(&error, &group).into_iter())
            .map(|i| group[i].key.as_str())
            .collect();
        assert_eq!(back, [from]);
    }

    /// A library's own trait with arguments passes them on to its supertraits (alga's
    /// `AbstractRing<A, M>: AbstractGroupAbelian<A> + AbstractMonoid<M>`): an impl of it
    /// asked back brings every impl of its supertraits for the type, whatever their
    /// arguments; std's operator traits only the one for `Self` (`NumOps: Add<Self>`, not
    /// `BigUint`'s forty other `Add` impls). Fails before: `f64: AbstractRing` brought back
    /// no `AbstractMonoid<Multiplicative>`, and alga's eight levels took a compile each.
    #[test]
    fn an_own_trait_asked_back_brings_its_supertraits_impls_whatever_their_arguments() {
        let c = |ty: &str, tr: &str, args: Option<&str>, own: bool| {
            let header = match args {
                Some(a) => format!("{ty} as {tr}<{a}>"),
                None => format!("{ty} as {tr}"),
            };
            Candidate {
                key: header.clone(),
                trait_name: tr.into(),
                // A tuple's impl is of `TUPLE`, as a debug build's symbols tell.
                head: if ty.starts_with('(') {
                    TUPLE.into()
                } else {
                    ty.into()
                },
                methods: Vec::new(),
                own_trait: own,
                header: Some(header),
                alias: None,
            }
        };
        let group = vec![
            c("f64", "Ring", None, true),
            c("f64", "Monoid", Some("Multiplicative"), true),
            c("f64", "Monoid", Some("Additive"), true),
            c("f32", "Monoid", Some("Additive"), true),
            c("f64", "Add", Some("u32"), false),
            c("f64", "Add", None, false),
        ];
        let supers: crate::fast_hash::HashMap<String, Vec<String>> = [(
            "Ring".to_string(),
            vec!["Monoid".to_string(), "Add".to_string()],
        )]
        .into_iter()
        .collect();
        let asked = [true, false, false, false, false, false];
        let groups = regroup(group, &asked, Unnamed::None, &supers, false);
        let left: Vec<String> = groups
            .into_iter()
            .flat_map(|(g, _)| g)
            .map(|c| c.key)
            .collect();
        assert_eq!(left, ["f32 as Monoid<Additive>", "f64 as Add<u32>"]);
        // For that `Self` only: every tuple is one type by its head (`(..)`), and
        // `(usize, usize)`'s `IndexMut<N>` needs its own `Index<N>` (nalgebra's 32 tuples'
        // `MatrixIndex` all stayed for one).
        let group = vec![
            c("(usize,usize)", "IndexMut", Some("N"), true),
            c("(usize,usize)", "Index", Some("N"), true),
            c("(usize,Range<usize>)", "Index", Some("N"), true),
        ];
        let supers = [("IndexMut".to_string(), vec!["Index".to_string()])]
            .into_iter()
            .collect();
        let groups = regroup(group, &[true, false, false], Unnamed::None, &supers, false);
        let left: Vec<String> = groups
            .into_iter()
            .flat_map(|(g, _)| g)
            .map(|c| c.key)
            .collect();
        assert_eq!(left, ["(usize,Range<usize>) as Index<N>"]);
    }

    #[test]
    fn an_error_asks_for_the_one_impl_its_message_spells_out() {
        let c = |h: &str| Candidate {
            key: h.into(),
            trait_name: String::new(),
            head: String::new(),
            methods: Vec::new(),
            own_trait: false,
            header: Some(h.into()),
            alias: None,
        };
        let group = [
            c("BigInt as Sub<BigInt>"),
            c("&BigInt as Sub<BigInt>"),
            c("BigInt as Sub<u8>"),
            c("BigInt as Sub<i32>"),
            c("BigInt as SubAssign<u8>"),
            c("&BigInt as Shl<i32>"),
            c("&BigInt as Shl<BigInt>"),
            c("u64 as Integer"),
            c("BigUint as AddAssign<u32>"),
            c("BigUint as AddAssign"),
            c("u32 as RemAssign<&BigUint>"),
            c("u32 as RemAssign<BigUint>"),
            c("BigUint as RemAssign<u32>"),
        ];
        let asked_keys = |e: &str| -> Vec<&str> {
            asked(e, &group)
                .into_iter()
                .map(|i| group[i].key.as_str())
                .collect()
        };
        assert_eq!(
            asked_keys("error[E0369]: cannot subtract `BigInt` from `&BigInt`"),
            ["&BigInt as Sub<BigInt>"]
        );
        assert_eq!(
            asked_keys("error[E0369]: no implementation for `&BigInt << {integer}`"),
            ["&BigInt as Shl<i32>"]
        );
        // Of several impls a literal could take, the one rustc falls back to (i32).
        assert_eq!(
            asked_keys("error[E0369]: cannot subtract `{integer}` from `BigInt`"),
            ["BigInt as Sub<i32>"]
        );
        assert_eq!(
            asked_keys("error[E0277]: the trait bound `u64: Integer` is not satisfied"),
            ["u64 as Integer"]
        );
        assert_eq!(
            asked_keys("error[E0277]: cannot add-assign `BigUint` to `BigUint`"),
            ["BigUint as AddAssign"]
        );
        // Rem's assign form is worded apart from the others'.
        assert_eq!(
            asked_keys("error[E0277]: cannot calculate and assign the remainder of `u32` divided by `&BigUint`"),
            ["u32 as RemAssign<&BigUint>"]
        );
        // The right operand's type where only another impl of the operator is left.
        let mismatched = "error[E0308]: mismatched types\n   --> draft.rs:169:146\n    |\n169 | ...{Negative(u)=> *self-=u,}}}\n    |                          ^ expected `BigInt`, found `u8`\n";
        assert_eq!(asked_keys(mismatched), ["BigInt as SubAssign<u8>"]);
        assert_eq!(
            asked_keys("error[E0368]: binary assignment operation `+=` cannot be applied to type `BigUint`"),
            ["BigUint as AddAssign<u32>", "BigUint as AddAssign"]
        );
    }
}
