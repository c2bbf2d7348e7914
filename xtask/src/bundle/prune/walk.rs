//! The walk: keeps nodes whose names are mentioned until nothing new is kept, then settles
//! what goes with what was kept (modules, globs, standard-library imports).

use super::facts::{capitalised, Dead, Facts};
use super::index::Index;
use super::nodes::{Kind, Mentions, Node};
use super::places::Places;
use super::symbols::{is_path, Sym, KINDS, MAC};
use crate::fast_hash::{HashMap, HashSet};

/// What a glob import opens.
enum Opens {
    /// A module of its library (`None`: the root).
    Module(Option<usize>),
    /// The variants of the enum of this key.
    Variants(String),
    /// Nothing this can place.
    Unknown,
}

/// What glob node `i` opens: `use super::*` and `use self::*` the module above or its own,
/// `use a::b::*` the module its key names, `use Enum::*` variants (a key among the items'
/// `item_keys`: a glob cannot open a trait).
fn glob_opens(index: &Index, i: usize, item_keys: &HashSet<String>) -> Opens {
    let Kind::Glob { target, module, .. } = &index.nodes[i].kind else {
        return Opens::Unknown;
    };
    let own = super::places::enclosing_module(&index.nodes, i);
    let target = target.map(|t| index.name_of(t));
    match (module, target) {
        (Some(key), _) => match index.module_ids.get(key) {
            Some(&m) => Opens::Module(Some(m)),
            None if !key[1..].contains("::") => Opens::Module(None),
            None if item_keys.contains(key) => Opens::Variants(key.clone()),
            None => Opens::Unknown,
        },
        (None, Some("self")) => Opens::Module(own),
        (None, Some("super")) => match own {
            Some(m) => Opens::Module(super::places::enclosing_module(&index.nodes, m)),
            None => Opens::Unknown,
        },
        _ => Opens::Unknown,
    }
}

/// The libraries in `named` and those their globs open, through globs again.
fn through_globs(named: &HashSet<usize>, opens: &[Vec<usize>]) -> HashSet<usize> {
    let mut all = named.clone();
    let mut queue: Vec<usize> = named.iter().copied().collect();
    while let Some(l) = queue.pop() {
        for &o in &opens[l] {
            if all.insert(o) {
                queue.push(o);
            }
        }
    }
    all
}

/// Library traits imported under another name, by that name (`AlgaTranslation` for
/// `use alga::linear::Translation as AlgaTranslation;`).
fn renamed_traits(index: &Index, facts: &Facts) -> HashMap<Sym, Sym> {
    index
        .nodes
        .iter()
        .filter_map(|n| match n.kind {
            Kind::UseLeaf { local, source, .. }
                if local != source && facts.trait_methods.contains_key(&source) =>
            {
                Some((local, source))
            }
            _ => None,
        })
        .collect()
}

/// A library, a module node in it, a name.
type NameAt = (usize, Option<usize>, Sym);

/// The library a module key (`#3::a::b`) is in.
fn library_of(key: &str) -> Option<usize> {
    key[1..].split("::").next()?.parse().ok()
}

/// The library glob node `i` opens: its module key's, or the library whose root its path
/// names (`use crate::num_bigint::*;` in num: a library's root has no module key), its own
/// for a path of `self`, `super` or `crate` alone; `None` when the index cannot tell.
fn glob_library(index: &Index, i: usize) -> Option<usize> {
    let Kind::Glob { module, tail, .. } = &index.nodes[i].kind else {
        return None;
    };
    let placed = module
        .as_deref()
        .filter(|k| index.module_ids.contains_key(*k));
    // A path of `self`, `super` and `crate` alone stays in its library.
    let root = || match tail.as_deref() {
        None => Some(index.nodes[i].lib),
        Some(tail) => {
            let head = tail.strip_prefix("::")?;
            index.modules.iter().position(|m| m == head)
        }
    };
    (placed.and_then(library_of))
        .or_else(root)
        .or_else(|| module.as_deref().and_then(library_of))
}

/// What a glob opens, for the names a module can see of other libraries.
#[derive(Clone, Copy)]
enum GlobTarget {
    /// A module of another library (or its root).
    Library(usize),
    /// A module of its own library: what that module sees through its globs and imports.
    Own(Option<usize>),
    /// An enum's variants (`use self::Action::*;`): no item of another library.
    Variants,
    /// A path the index cannot place.
    Unknown,
}

/// What glob node `i` (of library `lib`) opens as a `GlobTarget`.
fn glob_target(index: &Index, i: usize, lib: usize, opens: &Opens) -> GlobTarget {
    match (glob_library(index, i), opens) {
        (Some(l), _) if l != lib => GlobTarget::Library(l),
        (_, Opens::Module(m)) => GlobTarget::Own(*m),
        (_, Opens::Variants(_)) => GlobTarget::Variants,
        _ => GlobTarget::Unknown,
    }
}

/// The keys of the libraries' named items and traits.
fn defined_keys(index: &Index) -> HashSet<String> {
    (index.nodes.iter())
        .filter(|n| matches!(n.kind, Kind::Named | Kind::Trait { .. }))
        .filter_map(|n| n.key.clone())
        .collect()
}

/// The keys only value items bear (see `Walk::value_keys`).
fn value_keys(index: &Index) -> HashSet<String> {
    let mut values = HashSet::default();
    let mut others = HashSet::default();
    for n in &index.nodes {
        let Some(key) = &n.key else { continue };
        match n.kind {
            Kind::Named if n.value => values.insert(key.clone()),
            Kind::Named | Kind::Trait { .. } | Kind::Mod | Kind::MacroRules => {
                others.insert(key.clone())
            }
            _ => false,
        };
    }
    values.retain(|k| !others.contains(k));
    values
}

/// What each module of the libraries binds and opens, for what a mention there can mean.
struct Bindings {
    /// The nodes that bind each name in each module: its named items and traits, and its
    /// non-std `use` leaves (by the name they bring in).
    bound_at: HashMap<NameAt, Vec<usize>>,
    /// What each module's globs open (library, module node).
    globs_at: HashMap<(usize, Option<usize>), Vec<GlobTarget>>,
}

impl Bindings {
    fn of(index: &Index, defined_keys: &HashSet<String>) -> Bindings {
        let mut b = Bindings {
            bound_at: HashMap::default(),
            globs_at: HashMap::default(),
        };
        for (i, n) in index.nodes.iter().enumerate() {
            let at = super::places::enclosing_module(&index.nodes, i);
            match &n.kind {
                Kind::Glob { .. } => {
                    let opened = glob_opens(index, i, defined_keys);
                    let target = glob_target(index, i, n.lib, &opened);
                    b.globs_at.entry((n.lib, at)).or_default().push(target);
                }
                Kind::Named | Kind::Trait { .. } => {
                    if let Some(name) = n.name {
                        b.bound_at.entry((n.lib, at, name)).or_default().push(i);
                    }
                }
                Kind::UseLeaf {
                    local, std: false, ..
                } => {
                    b.bound_at.entry((n.lib, at, *local)).or_default().push(i);
                }
                _ => {}
            }
        }
        b
    }
}

/// What the walk has learnt so far.
pub(super) struct Walk<'a> {
    facts: &'a Facts,
    dead: &'a Dead,
    mentioned: Mentions,
    /// Names of kept named items, macros and traits.
    kept_names: HashSet<Sym>,
    places: Places,
    /// The names kept `use` leaves bring in.
    imported_by_use: HashSet<Sym>,
    /// The plain names kept macro calls and macro bodies hold, by library.
    passed_to_macros: HashSet<(usize, Sym)>,
    /// `XTASK_PRUNE_DEBUG=1`: what first mentioned each name.
    debug: Option<HashMap<Sym, usize>>,
    /// Where names are mentioned, by library: a library's own kept code (and what its globs
    /// open), and another library's paths into it (`Node::cross`). A named item is reached
    /// only by a mention its library can see: a name written in one library never keeps
    /// another library's item of that name (indexmap's own `OccupiedEntry` is not
    /// hashbrown's `map::OccupiedEntry`).
    mentioned_in: HashSet<(usize, Sym)>,
    /// What the solution writes, and the libraries whose items it can mean: those it names
    /// and those their globs open, through globs again (`use num::*;` writes no name of
    /// libm, which num-traits depends on: a solution's `T` is not libm's private `T`).
    seeded: HashSet<Sym>,
    seeded_in: HashSet<usize>,
    /// Per library, the libraries its glob imports open (all, for a glob that cannot be
    /// placed): its mentions count in those too.
    opens: Vec<Vec<usize>>,
    /// Names of kept items, by library; and the names each library defines.
    kept_in: HashSet<(usize, Sym)>,
    /// Names of kept traits, by library (`kept_trait`: a scan of every node, asked of each
    /// container in each pass, was a tenth of rand_pcg's bundling).
    kept_traits: HashSet<(usize, Sym)>,
    defined_in: HashSet<(usize, Sym)>,
    /// The names each library's `use`s of library paths bring in.
    imported_in: HashSet<(usize, Sym)>,
    /// What each module binds and opens.
    bindings: Bindings,
    /// Names a library defines more than once (petgraph's `graph::Edges` and
    /// `graphmap::Edges`): a mention of one counts only where it can mean the item's own
    /// module's (see `seen_by_its_module`).
    twice_in: HashSet<(usize, Sym)>,
    /// Every `q::name` kept code writes (a `use` leaf's last path segment and name too).
    qualified: HashSet<(Sym, Sym)>,
    /// Names other libraries' paths reach, by library.
    crossed_in: HashSet<(usize, Sym)>,
    /// Per module node, the modules whose globs open it; the libraries with a glob that
    /// cannot be placed (their names are followed as before).
    globbed_from: HashMap<Option<usize>, Vec<Option<usize>>>,
    loose_globs: HashSet<usize>,
    /// Per enum key, the modules whose globs import its variants (`use self::Action::*;`).
    variant_globs: HashMap<String, Vec<Option<usize>>>,
    /// The keys of the libraries' named items and traits, and of those kept.
    defined_keys: HashSet<String>,
    /// The keys only functions, constants and statics bear: a `use` of one (rand's `pub
    /// use crate::rngs::thread::rng;`) is needed by a value's mention, never by a
    /// qualifier's (`rng::Fill`, rand's private module `rng`).
    value_keys: HashSet<String>,
    kept_keys: HashSet<String>,
    /// Library traits imported under another name (`use alga::linear::Translation as
    /// AlgaTranslation;`), by that name: an impl of one is the trait's, kept like it.
    renamed_traits: HashMap<Sym, Sym>,
    /// Off: names are followed to every item that bears them (the rules above unused).
    scoped: bool,
    /// Names, by library, that a node kept against the compiler's findings mentions (one
    /// found dead that a rule keeps, one spared, one holding a dead name that came back):
    /// what it needs comes back too, whatever the findings say of it.
    rescued: HashSet<(usize, Sym)>,
    /// Names a draft could not do without (`Ruling::needed`), and what a node they rescue
    /// mentions, transitively: rescued in every library (rand's `rng.next_u64()` means
    /// rand_core's member; a method's name says nothing of its library).
    needed: HashSet<Sym>,
}

impl<'a> Walk<'a> {
    pub(super) fn new(
        index: &Index,
        facts: &'a Facts,
        dead: &'a Dead,
        (seeds, named): (&[Sym], &HashSet<usize>),
        scoped: bool,
    ) -> Walk<'a> {
        let mut mentioned = Mentions::default();
        mentioned.extend(seeds);
        let libraries = index.modules.len();
        let mut opens: Vec<Vec<usize>> = vec![Vec::new(); libraries];
        let mut defined_in = HashSet::default();
        let mut imported_in = HashSet::default();
        let mut twice_in = HashSet::default();
        let mut globbed_from: HashMap<Option<usize>, Vec<Option<usize>>> = HashMap::default();
        let defined_keys = defined_keys(index);
        let mut loose_globs = HashSet::default();
        let mut variant_globs: HashMap<String, Vec<Option<usize>>> = HashMap::default();
        for (i, n) in index.nodes.iter().enumerate() {
            match &n.kind {
                Kind::Glob { .. } => {
                    match glob_library(index, i) {
                        Some(l) => opens[n.lib].push(l),
                        None => opens[n.lib].extend(0..libraries),
                    }
                    match glob_opens(index, i, &defined_keys) {
                        Opens::Module(m) => globbed_from
                            .entry(m)
                            .or_default()
                            .push(super::places::enclosing_module(&index.nodes, i)),
                        Opens::Variants(key) => variant_globs
                            .entry(key)
                            .or_default()
                            .push(super::places::enclosing_module(&index.nodes, i)),
                        Opens::Unknown => {
                            loose_globs.insert(n.lib);
                        }
                    }
                }
                Kind::Named | Kind::Trait { .. } => {
                    if let Some(name) = n.name {
                        if !defined_in.insert((n.lib, name)) {
                            twice_in.insert((n.lib, name));
                        }
                    }
                }
                Kind::MacroRules => {
                    if let Some(name) = n.name {
                        defined_in.insert((n.lib, name));
                    }
                }
                Kind::UseLeaf {
                    local, std: false, ..
                } => {
                    imported_in.insert((n.lib, *local));
                }
                _ => {}
            }
        }
        for o in &mut opens {
            o.sort_unstable();
            o.dedup();
        }
        let renamed_traits = renamed_traits(index, facts);
        Walk {
            facts,
            dead,
            mentioned,
            kept_names: HashSet::default(),
            places: Places::new(&index.nodes),
            imported_by_use: HashSet::default(),
            passed_to_macros: HashSet::default(),
            debug: std::env::var_os("XTASK_PRUNE_DEBUG").map(|_| HashMap::default()),
            mentioned_in: HashSet::default(),
            seeded: seeds.iter().map(|s| s & !KINDS).collect(),
            seeded_in: through_globs(named, &opens),
            opens,
            kept_in: HashSet::default(),
            kept_traits: HashSet::default(),
            defined_in,
            imported_in,
            bindings: Bindings::of(index, &defined_keys),
            twice_in,
            qualified: HashSet::default(),
            crossed_in: HashSet::default(),
            globbed_from,
            loose_globs,
            variant_globs,
            defined_keys,
            value_keys: value_keys(index),
            kept_keys: HashSet::default(),
            renamed_traits,
            scoped,
            rescued: HashSet::default(),
            needed: dead.needed.iter().copied().collect(),
        }
    }

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

    /// Keeps nodes until nothing new is kept, then settles modules, globs and imports.
    /// `shells`: modules the solution's imports go through, kept even when empty.
    pub(super) fn run(mut self, index: &mut Index, shells: &[usize]) {
        loop {
            let mut changed = false;
            for i in 0..index.nodes.len() {
                // Both are questions without side effects: the rules first, since they keep
                // few of the nodes not kept yet, and the findings are the dearer question
                // (im-rc's drafts: 4.3 of the walk's 8.0 s were `ruled_out`, asked first).
                if !index.nodes[i].kept && self.keeps(index, i) && !self.ruled_out(index, i) {
                    self.keep(index, i);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if let Ok(part) = std::env::var("XTASK_PRUNE_WHY") {
            self.explain(index, &part);
        }
        for &m in shells {
            if !self.dead.node[m] {
                index.nodes[m].kept = true;
            }
        }
        settle(index, &self.mentioned);
    }

    /// Keeps every node that is not ruled out (the whole libraries, less what the compiler
    /// found dead in an earlier draft), then settles as `run` does.
    pub(super) fn run_whole(self, index: &mut Index) {
        for i in 0..index.nodes.len() {
            index.nodes[i].kept = !self.ruled_out(index, i);
        }
        settle(index, &self.mentioned);
    }

    /// `XTASK_PRUNE_WHY=<part of a key>`: for each node whose key holds it, whether it was
    /// kept, found dead itself, which dead names it holds, and whether the rules keep it.
    fn explain(&self, index: &Index, part: &str) {
        for (i, n) in index.nodes.iter().enumerate() {
            if !n.key.as_ref().is_some_and(|k| k.contains(part)) {
                continue;
            }
            let dead_names: Vec<&str> = (self.dead_names_held(index, i))
                .map(|s| index.name_of(s))
                .collect();
            eprintln!(
                "why {i} {:?}: kept {}, found dead {}, dead names {dead_names:?}, rules keep {}",
                n.key,
                n.kept,
                self.dead.node[i],
                self.keeps(index, i)
            );
        }
    }

    /// Dead in an earlier draft, or naming what is.
    fn ruled_out(&self, index: &Index, i: usize) -> bool {
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
    fn needed_node(&self, index: &Index, i: usize) -> bool {
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
    fn dead_names_held<'n>(&'n self, index: &'n Index, i: usize) -> impl Iterator<Item = Sym> + 'n {
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
    fn against_the_findings(&self, index: &Index, i: usize) -> bool {
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
    fn keeps(&self, index: &Index, i: usize) -> bool {
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

    /// Keeps node `i` and takes in what it mentions.
    fn keep(&mut self, index: &mut Index, i: usize) {
        // What a needed node reaches is needed as much as it is (a needed function's
        // `rng.next_u32()`, of a member found never called when nothing needed it).
        let node = &index.nodes[i];
        let names = node.uses.iter().map(|u| u & !KINDS);
        if self.needed_node(index, i) {
            // Its own name too: the impls of a trait needed for its method.
            let touched = &self.dead.touched;
            self.needed
                .extend(names.chain(node.name).filter(|n| touched.contains(n)));
        } else if self.against_the_findings(index, i) {
            self.rescued.extend(names.map(|n| (node.lib, n)));
        }
        index.nodes[i].kept = true;
        self.places.record(&index.nodes, i);
        let node = &index.nodes[i];
        if let (Kind::Trait { .. }, Some(n)) = (&node.kind, node.name) {
            self.kept_traits.insert((node.lib, n));
        }
        if self.debug.is_some() {
            self.trace(index, i);
        }
        // A macro among an impl's items (rand_core/ppv-lite86's `fwd_unop_x2!(rotate_..)`):
        // what it holds is passed to a macro, and the impl's trait is implemented by one.
        let impl_macro = matches!(node.kind, Kind::ImplItem { .. }) && node.name.is_none();
        if matches!(node.kind, Kind::MacroCall { .. } | Kind::MacroRules) || impl_macro {
            // Not a definition's own name (`macro_rules! ms`): that passes nothing on.
            for &u in &node.uses {
                let own = matches!(node.kind, Kind::MacroRules) && Some(u & !KINDS) == node.name;
                // Among an impl's items, `Self::is_nan(self)` names a member it implements.
                if (is_path(u) || impl_macro) && !own {
                    self.passed_to_macros.insert((node.lib, u & !KINDS));
                }
            }
        }
        if let (true, Some(p)) = (impl_macro, node.parent) {
            if let Kind::Impl {
                trait_name: Some(t),
                ..
            } = index.nodes[p].kind
            {
                self.passed_to_macros.insert((node.lib, t));
            }
        }
        for &u in node.uses.iter().filter(|u| is_path(**u)) {
            let plain = u & !KINDS;
            self.mentioned_in.insert((node.lib, plain));
            for &l in &self.opens[node.lib] {
                self.mentioned_in.insert((l, plain));
            }
        }
        self.mentioned_in.extend(node.cross.iter().copied());
        self.crossed_in.extend(node.cross.iter().copied());
        self.qualified.extend(node.quals.iter().copied());
        if let Kind::UseLeaf { local, source, .. } = node.kind {
            self.imported_by_use.insert(source);
            // Imported only as a macro: its source is wanted only as a macro.
            let as_macro =
                !self.mentioned.path.contains(&local) && self.mentioned.macros.contains(&local);
            for &u in &node.uses {
                self.mentioned
                    .extend(&[if as_macro && u == source { u | MAC } else { u }]);
            }
        } else {
            self.mentioned.extend(&node.uses);
        }
        if let (Some(n), Kind::Named | Kind::MacroRules | Kind::Trait { .. }) =
            (node.name, &node.kind)
        {
            self.kept_names.insert(n);
            self.kept_in.insert((node.lib, n));
            if let (Some(key), Kind::Named | Kind::Trait { .. }) = (&node.key, &node.kind) {
                self.kept_keys.insert(key.clone());
            }
            self.mentioned_in.insert((node.lib, n));
            self.mentioned.extend(&[n]);
        }
    }

    /// `XTASK_PRUNE_DEBUG=1`: each kept node, what it mentions and what first mentioned it.
    fn trace(&mut self, index: &Index, i: usize) {
        let node = &index.nodes[i];
        let name = |s: Sym| index.interner.names[(s & !KINDS) as usize].as_str();
        if let Kind::MacroCall {
            macro_name, args, ..
        } = &node.kind
        {
            let hits: Vec<&str> = args
                .iter()
                .filter(|s| self.kept_names.contains(s) || self.mentioned.path.contains(s))
                .map(|&s| name(s))
                .collect();
            let trig: Vec<&str> = self
                .facts
                .macro_triggers
                .get(macro_name)
                .into_iter()
                .flatten()
                .filter(|s| self.kept_names.contains(s))
                .map(|&s| name(s))
                .collect();
            eprintln!("   macro call: args {hits:?} definition {trig:?}");
        }
        let uses: Vec<&str> = node.uses.iter().map(|&u| name(u)).collect();
        eprintln!("kept {i} {:?} {uses:?}", node.key);
        let introduced = self.debug.as_mut().expect("tracing");
        for &u in &node.uses {
            if is_path(u) && !self.mentioned.path.contains(&(u & !KINDS)) {
                introduced.entry(u & !KINDS).or_insert(i);
            }
        }
        if let Some(n) = node.name {
            eprintln!(
                "   name {} first path-mentioned by {:?}",
                name(n),
                introduced.get(&n)
            );
        }
    }
}

/// After the walk: modules named or holding anything kept, with every parent of a kept
/// node; standard-library imports with their module (a library's root ones when anything of
/// it is kept); globs unless they open a library module, enum or trait that is gone.
fn settle(index: &mut Index, mentioned: &Mentions) {
    for node in index.nodes.iter_mut() {
        if matches!(node.kind, Kind::Mod) && node.name.is_some_and(|n| mentioned.path.contains(&n))
        {
            node.kept = true;
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
    let live_libraries = index.live_libraries();
    // A module that only re-exports the standard library stays with its parent, as a std
    // import does: paths through it are std's (`self::core::fmt::Write` in serde's `lib`).
    for path in &index.std_modules {
        if let Some(&m) = index.module_ids.get(path) {
            let with_parent = match index.nodes[m].parent {
                Some(p) => index.nodes[p].kept,
                None => live_libraries.contains(&index.nodes[m].lib),
            };
            index.nodes[m].kept |= with_parent;
        }
    }
    for i in 0..index.nodes.len() {
        let node = &index.nodes[i];
        if matches!(node.kind, Kind::StdUse | Kind::UseLeaf { std: true, .. }) {
            let with_module = match node.parent {
                Some(p) => index.nodes[p].kept,
                None => live_libraries.contains(&node.lib),
            };
            index.nodes[i].kept |= with_module;
        }
    }
    for i in 0..index.nodes.len() {
        let Kind::Glob {
            target,
            module,
            tail,
        } = &index.nodes[i].kind
        else {
            continue;
        };
        let lib = format!("#{}::", index.nodes[i].lib);
        let exact = module.as_ref().and_then(|m| index.module_ids.get(m));
        // `linux::types::*` may open `new::linux_uapi::linux::types` through another glob.
        let by_tail: Vec<usize> = match (exact, tail) {
            (None, Some(tail)) => index
                .module_ids
                .iter()
                .filter(|(p, _)| p.starts_with(&lib) && p.ends_with(tail.as_str()))
                .map(|(_, &m)| m)
                .collect(),
            _ => Vec::new(),
        };
        // Another library's root (`use crate::num_iter::*;` in num): with that library.
        let other = glob_library(index, i).filter(|&l| l != index.nodes[i].lib);
        index.nodes[i].kept = match (exact, target) {
            (Some(&m), _) => index.nodes[m].kept,
            _ if other.is_some() => other.is_some_and(|l| live_libraries.contains(&l)),
            _ if !by_tail.is_empty() => by_tail.iter().any(|&m| index.nodes[m].kept),
            (None, Some(t)) => !defined.contains(t) || kept_names.contains(t),
            (None, None) => true,
        };
    }
    keep_glob_chains(index);
}

/// A module that holds only a kept glob (tap's `pub mod prelude { pub use crate::{conv::*,
/// pipe::*}; }`) and that another glob opens (its root's `pub use prelude::*;`) is how a
/// path through the root reaches what the inner glob opens (bitvec's `use tap::Pipe;`):
/// kept, with its parents and the globs that open it, until nothing changes.
fn keep_glob_chains(index: &mut Index) {
    // Each glob with the module node it opens exactly.
    let globs: Vec<(usize, usize)> = (0..index.nodes.len())
        .filter_map(|i| match &index.nodes[i].kind {
            Kind::Glob {
                module: Some(key), ..
            } => index.module_ids.get(key).map(|&m| (i, m)),
            _ => None,
        })
        .collect();
    loop {
        let mut changed = false;
        for &(g, opened) in &globs {
            if index.nodes[g].kept {
                continue;
            }
            // Kept with the module it opens (which may have been kept by the step below).
            if index.nodes[opened].kept {
                index.nodes[g].kept = true;
                changed = true;
            }
        }
        // A module not kept whose kept glob is opened by another glob: kept, with its
        // parents.
        for &(g, _) in &globs {
            let Some(holder) = index.nodes[g].parent else {
                continue;
            };
            if !index.nodes[g].kept || index.nodes[holder].kept {
                continue;
            }
            if globs.iter().any(|&(_, opened)| opened == holder) {
                let mut p = Some(holder);
                while let Some(j) = p {
                    if index.nodes[j].kept {
                        break;
                    }
                    index.nodes[j].kept = true;
                    p = index.nodes[j].parent;
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}
