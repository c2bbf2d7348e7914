//! Where names are mentioned, for the imports only their own module can see.
//!
//! A private `use` (`use rand_chacha::ChaCha12Rng as Rng;` in rand's `rngs::std`) brings a
//! name into its module and the modules inside it, nowhere else: a mention of `Rng` in
//! another module means another item. A `macro_rules!` body is read where the macro is
//! called, so what it names counts at each of its call sites (through the macros calling it).

use super::nodes::{Kind, Node};
use super::symbols::{is_path, Sym, KINDS, MAC, VARIANT};
use crate::fast_hash::{HashMap, HashSet};

/// A library and a module node in it (`None`: the library's root).
pub(super) type Place = (usize, Option<usize>);

#[derive(Default)]
pub(super) struct Places {
    /// The module each node sits in.
    module_of: Vec<Option<usize>>,
    /// Where kept items (not macros) write each name as a path.
    direct: HashMap<Sym, HashSet<Place>>,
    /// The kept macros whose bodies write each name as a path.
    in_macros: HashMap<Sym, Vec<Sym>>,
    /// Where kept items call each macro.
    calls: HashMap<Sym, HashSet<Place>>,
    /// The kept macros whose bodies call each macro.
    callers: HashMap<Sym, Vec<Sym>>,
    /// Where kept items may call each method (`x.name()`, `T::name`, `name`).
    methods: HashMap<Sym, HashSet<Place>>,
    /// The kept macros whose bodies call each method.
    methods_in_macros: HashMap<Sym, Vec<Sym>>,
}

impl Places {
    pub(super) fn new(nodes: &[Node]) -> Places {
        Places {
            module_of: (0..nodes.len())
                .map(|i| enclosing_module(nodes, i))
                .collect(),
            ..Places::default()
        }
    }

    pub(super) fn module_of(&self, i: usize) -> Option<usize> {
        self.module_of[i]
    }

    /// Notes what kept node `i` mentions.
    pub(super) fn record(&mut self, nodes: &[Node], i: usize) {
        let node = &nodes[i];
        let place = (node.lib, self.module_of[i]);
        let own = node.name;
        for &u in &node.uses {
            let plain = u & !KINDS;
            // A variant's name may be what a private `use` brings in.
            let path = is_path(u) || u & VARIANT != 0;
            // A method is called as `x.name()` or `T::name()`, and a macro writes
            // `$ty::name(..)`: any mention but a macro's can be a call.
            if u & MAC == 0 {
                if matches!(node.kind, Kind::MacroRules) {
                    push_new(&mut self.methods_in_macros, plain, own);
                } else {
                    self.methods.entry(plain).or_default().insert(place);
                }
            }
            match (&node.kind, path, u & MAC != 0) {
                (Kind::MacroRules, true, _) => push_new(&mut self.in_macros, plain, own),
                (Kind::MacroRules, _, true) if Some(plain) != own => {
                    push_new(&mut self.callers, plain, own)
                }
                (_, true, _) => {
                    self.direct.entry(plain).or_default().insert(place);
                }
                (_, _, true) => {
                    self.calls.entry(plain).or_default().insert(place);
                }
                _ => {}
            }
        }
    }

    /// Whether method `name` is called in module `module` of library `lib` or in a module
    /// inside it (a kept macro's body counting where the macro is called).
    pub(super) fn called_within(
        &self,
        nodes: &[Node],
        name: Sym,
        lib: usize,
        module: Option<usize>,
    ) -> bool {
        self.within(
            nodes,
            &self.methods,
            &self.methods_in_macros,
            name,
            (lib, module),
        )
    }

    /// Whether `name` is mentioned, as a path, in module `module` of library `lib` or in a
    /// module inside it (a kept macro's body counting where the macro is called).
    pub(super) fn seen_within(
        &self,
        nodes: &[Node],
        name: Sym,
        lib: usize,
        module: Option<usize>,
    ) -> bool {
        self.within(nodes, &self.direct, &self.in_macros, name, (lib, module))
    }

    /// Whether macro `name` is called in module `module` of library `lib` or in a module
    /// inside it (by a kept macro's body counting where that macro is called).
    pub(super) fn macro_called_within(
        &self,
        nodes: &[Node],
        name: Sym,
        lib: usize,
        module: Option<usize>,
    ) -> bool {
        self.within(nodes, &self.calls, &self.callers, name, (lib, module))
    }

    /// Whether `name` is in `direct` at a place inside `at`, or in the body of a macro of
    /// `in_macros` called at such a place (through the macros calling it).
    fn within(
        &self,
        nodes: &[Node],
        direct: &HashMap<Sym, HashSet<Place>>,
        in_macros: &HashMap<Sym, Vec<Sym>>,
        name: Sym,
        (lib, module): Place,
    ) -> bool {
        let inside = |&(l, m): &Place| l == lib && within(nodes, m, module);
        if direct.get(&name).is_some_and(|p| p.iter().any(inside)) {
            return true;
        }
        let mut stack: Vec<Sym> = in_macros.get(&name).cloned().unwrap_or_default();
        let mut seen: HashSet<Sym> = stack.iter().copied().collect();
        while let Some(m) = stack.pop() {
            if self.calls.get(&m).is_some_and(|p| p.iter().any(inside)) {
                return true;
            }
            for &caller in self.callers.get(&m).into_iter().flatten() {
                if seen.insert(caller) {
                    stack.push(caller);
                }
            }
        }
        false
    }
}

fn push_new(map: &mut HashMap<Sym, Vec<Sym>>, key: Sym, value: Option<Sym>) {
    if let Some(v) = value {
        let list = map.entry(key).or_default();
        if !list.contains(&v) {
            list.push(v);
        }
    }
}

/// The module node a node sits in (`None`: its library's root).
pub(super) fn enclosing_module(nodes: &[Node], i: usize) -> Option<usize> {
    let mut p = nodes[i].parent;
    while let Some(j) = p {
        if matches!(nodes[j].kind, Kind::Mod) {
            return Some(j);
        }
        p = nodes[j].parent;
    }
    None
}

/// Whether module `inner` is `outer` or sits inside it (`None`: a library's root).
fn within(nodes: &[Node], inner: Option<usize>, outer: Option<usize>) -> bool {
    let mut at = inner;
    loop {
        if at == outer {
            return true;
        }
        match at {
            Some(m) => at = enclosing_module(nodes, m),
            None => return false,
        }
    }
}
