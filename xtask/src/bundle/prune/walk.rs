//! The walk: keeps nodes whose names are mentioned until nothing new is kept, then settles
//! what goes with what was kept (modules, globs, standard-library imports).

use super::facts::{Dead, Facts};
use super::index::Index;
use super::nodes::{Kind, Mentions};
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
pub(super) enum GlobTarget {
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
pub(super) struct Bindings {
    /// The nodes that bind each name in each module: its named items and traits, and its
    /// non-std `use` leaves (by the name they bring in).
    pub(super) bound_at: HashMap<NameAt, Vec<usize>>,
    /// What each module's globs open (library, module node).
    pub(super) globs_at: HashMap<(usize, Option<usize>), Vec<GlobTarget>>,
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
    pub(super) facts: &'a Facts,
    pub(super) dead: &'a Dead,
    pub(super) mentioned: Mentions,
    /// Names of kept named items, macros and traits.
    pub(super) kept_names: HashSet<Sym>,
    pub(super) places: Places,
    /// The names kept `use` leaves bring in.
    pub(super) imported_by_use: HashSet<Sym>,
    /// The plain names kept macro calls and macro bodies hold, by library.
    pub(super) passed_to_macros: HashSet<(usize, Sym)>,
    /// `XTASK_PRUNE_DEBUG=1`: what first mentioned each name.
    pub(super) debug: Option<HashMap<Sym, usize>>,
    /// Where names are mentioned, by library: a library's own kept code (and what its globs
    /// open), and another library's paths into it (`Node::cross`). A named item is reached
    /// only by a mention its library can see: a name written in one library never keeps
    /// another library's item of that name (indexmap's own `OccupiedEntry` is not
    /// hashbrown's `map::OccupiedEntry`).
    pub(super) mentioned_in: HashSet<(usize, Sym)>,
    /// What the solution writes, and the libraries whose items it can mean: those it names
    /// and those their globs open, through globs again (`use num::*;` writes no name of
    /// libm, which num-traits depends on: a solution's `T` is not libm's private `T`).
    pub(super) seeded: HashSet<Sym>,
    pub(super) seeded_in: HashSet<usize>,
    /// Per library, the libraries its glob imports open (all, for a glob that cannot be
    /// placed): its mentions count in those too.
    pub(super) opens: Vec<Vec<usize>>,
    /// Names of kept items, by library; and the names each library defines.
    pub(super) kept_in: HashSet<(usize, Sym)>,
    /// Names of kept traits, by library (`kept_trait`: a scan of every node, asked of each
    /// container in each pass, was a tenth of rand_pcg's bundling).
    pub(super) kept_traits: HashSet<(usize, Sym)>,
    pub(super) defined_in: HashSet<(usize, Sym)>,
    /// The names each library's `use`s of library paths bring in.
    pub(super) imported_in: HashSet<(usize, Sym)>,
    /// What each module binds and opens.
    pub(super) bindings: Bindings,
    /// Names a library defines more than once (petgraph's `graph::Edges` and
    /// `graphmap::Edges`): a mention of one counts only where it can mean the item's own
    /// module's (see `seen_by_its_module`).
    pub(super) twice_in: HashSet<(usize, Sym)>,
    /// Every `q::name` kept code writes (a `use` leaf's last path segment and name too).
    pub(super) qualified: HashSet<(Sym, Sym)>,
    /// Names other libraries' paths reach, by library.
    pub(super) crossed_in: HashSet<(usize, Sym)>,
    /// Per module node, the modules whose globs open it; the libraries with a glob that
    /// cannot be placed (their names are followed as before).
    pub(super) globbed_from: HashMap<Option<usize>, Vec<Option<usize>>>,
    pub(super) loose_globs: HashSet<usize>,
    /// Per enum key, the modules whose globs import its variants (`use self::Action::*;`).
    pub(super) variant_globs: HashMap<String, Vec<Option<usize>>>,
    /// The keys of the libraries' named items and traits, and of those kept.
    pub(super) defined_keys: HashSet<String>,
    /// The keys only functions, constants and statics bear: a `use` of one (rand's `pub
    /// use crate::rngs::thread::rng;`) is needed by a value's mention, never by a
    /// qualifier's (`rng::Fill`, rand's private module `rng`).
    pub(super) value_keys: HashSet<String>,
    pub(super) kept_keys: HashSet<String>,
    /// Library traits imported under another name (`use alga::linear::Translation as
    /// AlgaTranslation;`), by that name: an impl of one is the trait's, kept like it.
    pub(super) renamed_traits: HashMap<Sym, Sym>,
    /// Off: names are followed to every item that bears them (the rules above unused).
    pub(super) scoped: bool,
    /// Names, by library, that a node kept against the compiler's findings mentions (one
    /// found dead that a rule keeps, one spared, one holding a dead name that came back):
    /// what it needs comes back too, whatever the findings say of it.
    pub(super) rescued: HashSet<(usize, Sym)>,
    /// Names a draft could not do without (`Ruling::needed`), and what a node they rescue
    /// mentions, transitively: rescued in every library (rand's `rng.next_u64()` means
    /// rand_core's member; a method's name says nothing of its library).
    pub(super) needed: HashSet<Sym>,
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
