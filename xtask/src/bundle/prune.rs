//! Item-level pruning: keep only the library items a solution can reach.
//!
//! Reachability is by name, and conservative: every identifier the solution writes is
//! "mentioned", and an item is kept when its name is mentioned; a kept item's identifiers
//! are mentioned in turn, until nothing new is kept. Names are not resolved, so an item is
//! kept whenever anything of that name could be meant. The shapes that need more than a
//! name:
//! - a trait is kept when its name or the name of any of its items is mentioned (a method
//!   reached through a trait in scope names only the method); its methods with default
//!   bodies only when their own name is, those without always;
//! - an impl is kept when every library type and trait its header names is kept (a blanket
//!   `impl<T: Iterator> Itertools for T` needs only the trait, `impl Trait for (A, B)` only
//!   the trait); its items: all of a foreign trait's (`Iterator`), a library trait's when
//!   the trait keeps them, an inherent impl's by name;
//! - a `use` leaf is kept when the name it brings in is mentioned, and then mentions its
//!   whole path; a glob when the module or enum it opens is kept;
//! - an item-level macro call (`impl_tuple_collect!(...)`) is kept when any name in it, or
//!   any library item's name in the macro's definition, is mentioned;
//! - a module is kept when anything in it is, or its name is mentioned.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

type Sym = u32;
/// Marks a mention after a dot (`x.name()`): it can mean only a method or a field.
const DOT: Sym = 1 << 31;
/// Marks a macro call (`name!`): it can mean only a macro.
const MAC: Sym = 1 << 30;
const KINDS: Sym = DOT | MAC;

fn is_primitive(name: &str) -> bool {
    matches!(
        name,
        "u8" | "u16"
            | "u32"
            | "u64"
            | "u128"
            | "usize"
            | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "i128"
            | "isize"
            | "f32"
            | "f64"
            | "bool"
            | "char"
            | "str"
    )
}

#[derive(Default)]
struct Interner {
    map: HashMap<String, Sym>,
    names: Vec<String>,
}

impl Interner {
    fn sym(&mut self, name: &str) -> Sym {
        if let Some(&s) = self.map.get(name) {
            return s;
        }
        let s = self.names.len() as Sym;
        self.names.push(name.to_string());
        self.map.insert(name.to_string(), s);
        s
    }
    fn get(&self, name: &str) -> Option<Sym> {
        self.map.get(name).copied()
    }
}

enum Kind {
    /// fn, struct, enum, union, const, static, type alias, trait alias.
    Named,
    /// A `macro_rules!` definition.
    MacroRules,
    Mod,
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
    },
    /// A `use` of the standard library: kept wherever its module is.
    StdUse,
    Glob {
        target: Option<Sym>,
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
}

/// What survives: the addresses of kept nodes in the trees given to `reach`.
pub struct Kept {
    addresses: HashSet<usize>,
}

fn addr<T>(node: &T) -> usize {
    node as *const T as usize
}

fn collect_idents(tokens: TokenStream, interner: &mut Interner, out: &mut Vec<Sym>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let colons_at = |j: usize| {
        matches!(trees.get(j), Some(TokenTree::Punct(p)) if p.as_char() == ':')
            && matches!(trees.get(j + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
    };
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Ident(id) => {
                let name = id.to_string();
                // `std::iter::Zip` names the standard library's item, never a library's.
                if matches!(name.as_str(), "std" | "core" | "alloc") && colons_at(i + 1) {
                    let mut j = i + 1;
                    while colons_at(j) && matches!(trees.get(j + 2), Some(TokenTree::Ident(_))) {
                        j += 3;
                    }
                    i = j;
                    continue;
                }
                // `x.name` and `Type::name` mention a method, field or associated item,
                // never a free item; `name!` mentions a macro.
                let punct = |k: usize, c: char| matches!(trees.get(k), Some(TokenTree::Punct(p)) if p.as_char() == c);
                let after_dot = i >= 1 && punct(i - 1, '.') && !(i >= 2 && punct(i - 2, '.'));
                let after_type = i >= 3
                    && colons_at(i - 2)
                    && match &trees[i - 3] {
                        TokenTree::Ident(q) => {
                            let q = q.to_string();
                            q.starts_with(|c: char| c.is_ascii_uppercase()) || is_primitive(&q)
                        }
                        TokenTree::Punct(p) => p.as_char() == '>',
                        _ => false,
                    };
                let is_macro = punct(i + 1, '!') && !punct(i + 2, '=');
                // The name in a definition (`fn name`, `struct Name`) mentions nothing.
                let defined = i >= 1
                    && matches!(&trees[i - 1], TokenTree::Ident(k) if matches!(
                        k.to_string().as_str(),
                        "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "mod" | "union"
                    ));
                if defined {
                    i += 1;
                    continue;
                }
                let kind = if after_dot || after_type {
                    DOT
                } else if is_macro {
                    MAC
                } else {
                    0
                };
                out.push(interner.sym(&name) | kind);
            }
            TokenTree::Group(g) => collect_idents(g.stream(), interner, out),
            _ => {}
        }
        i += 1;
    }
}

/// Where an item sits: its parent node, its module path (for keys), and the names its
/// module imports from the standard library (a mention of those is not a library's item).
#[derive(Clone)]
struct Scope {
    parent: Option<usize>,
    path: String,
    shadow: Rc<HashSet<Sym>>,
}

struct Index {
    /// The bundle module of each library, by index.
    modules: Vec<String>,
    interner: Interner,
    nodes: Vec<Node>,
    by_addr: HashMap<usize, usize>,
}

impl Index {
    fn idents(&mut self, node: &impl ToTokens) -> Vec<Sym> {
        let mut out = Vec::new();
        collect_idents(node.to_token_stream(), &mut self.interner, &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    fn push(
        &mut self,
        address: usize,
        kind: Kind,
        name: Option<&str>,
        mut uses: Vec<Sym>,
        scope: &Scope,
    ) -> usize {
        let key = match (&kind, name) {
            (Kind::Named | Kind::MacroRules | Kind::Trait { .. }, Some(n)) => {
                Some(format!("{}::{n}", scope.path))
            }
            _ => None,
        };
        self.push_keyed(address, kind, name, &mut uses, scope, key)
    }

    fn push_keyed(
        &mut self,
        address: usize,
        kind: Kind,
        name: Option<&str>,
        uses: &mut Vec<Sym>,
        scope: &Scope,
        key: Option<String>,
    ) -> usize {
        let name = name.map(|n| self.interner.sym(n));
        uses.retain(|u| !scope.shadow.contains(&(u & !KINDS)));
        let lib = scope.path[1..]
            .split("::")
            .next()
            .and_then(|k| k.parse().ok())
            .unwrap_or(0);
        self.nodes.push(Node {
            kind,
            key,
            lib,
            name,
            uses: std::mem::take(uses),
            parent: scope.parent,
            kept: false,
        });
        let id = self.nodes.len() - 1;
        self.by_addr.insert(address, id);
        id
    }

    fn items(&mut self, items: &[syn::Item], outer: &Scope, local_types: &HashSet<String>) {
        // The names this module imports from the standard library.
        let mut shadow = HashSet::new();
        for item in items {
            if let syn::Item::Use(u) = item {
                let mut leaves = Vec::new();
                use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                for (tree, path) in leaves {
                    if is_std_path(&path) {
                        match tree {
                            syn::UseTree::Name(n) => {
                                shadow.insert(self.interner.sym(&n.ident.to_string()))
                            }
                            syn::UseTree::Rename(r) => {
                                shadow.insert(self.interner.sym(&r.rename.to_string()))
                            }
                            _ => false,
                        };
                    }
                }
            }
        }
        let scope = Scope {
            parent: outer.parent,
            path: outer.path.clone(),
            shadow: Rc::new(shadow),
        };
        let parent = &scope;
        for item in items {
            let a = addr(item);
            match item {
                syn::Item::Mod(m) => {
                    let id =
                        self.push(a, Kind::Mod, Some(&m.ident.to_string()), Vec::new(), parent);
                    if let Some((_, content)) = &m.content {
                        let inner = Scope {
                            parent: Some(id),
                            path: format!("{}::{}", parent.path, m.ident),
                            shadow: Rc::default(),
                        };
                        self.items(content, &inner, local_types);
                    }
                }
                syn::Item::Trait(t) => {
                    let header = {
                        let generics = &t.generics;
                        let supertraits = &t.supertraits;
                        let where_clause = &t.generics.where_clause;
                        quote::quote!(#generics #supertraits #where_clause)
                    };
                    let uses = self.idents(&header);
                    let members: Vec<Sym> = t
                        .items
                        .iter()
                        .filter(|ti| matches!(ti, syn::TraitItem::Fn(_)))
                        .filter_map(trait_item_name)
                        .map(|n| self.interner.sym(&n))
                        .collect();
                    let id = self.push(
                        a,
                        Kind::Trait { members },
                        Some(&t.ident.to_string()),
                        uses,
                        parent,
                    );
                    for ti in &t.items {
                        let required = match ti {
                            syn::TraitItem::Fn(f) => f.default.is_none(),
                            _ => true,
                        };
                        let mut uses = self.idents(ti);
                        let name = trait_item_name(ti);
                        let inside = Scope {
                            parent: Some(id),
                            ..parent.clone()
                        };
                        let key = name
                            .as_ref()
                            .map(|n| format!("{}::{}::{n}", parent.path, t.ident));
                        self.push_keyed(
                            addr(ti),
                            Kind::TraitItem { required },
                            name.as_deref(),
                            &mut uses,
                            &inside,
                            key,
                        );
                    }
                }
                syn::Item::Impl(i) => {
                    let params: HashSet<String> = i
                        .generics
                        .params
                        .iter()
                        .filter_map(|p| match p {
                            syn::GenericParam::Type(t) => Some(t.ident.to_string()),
                            syn::GenericParam::Const(c) => Some(c.ident.to_string()),
                            _ => None,
                        })
                        .collect();
                    let mut header_tokens = i.self_ty.to_token_stream();
                    let trait_name = i
                        .trait_
                        .as_ref()
                        .and_then(|(_, p, _)| p.segments.last())
                        .map(|s| s.ident.to_string());
                    if let Some((_, p, _)) = &i.trait_ {
                        header_tokens.extend(p.to_token_stream());
                    }
                    let mut all = Vec::new();
                    collect_idents(header_tokens, &mut self.interner, &mut all);
                    let header_locals: Vec<Sym> = all
                        .into_iter()
                        .map(|s| s & !KINDS)
                        .filter(|s| {
                            let name = self.name_of(*s);
                            local_types.contains(name) && !params.contains(name)
                        })
                        .collect();
                    let foreign_trait = trait_name
                        .as_ref()
                        .is_some_and(|n| !local_types.contains(n));
                    let header = {
                        let generics = &i.generics;
                        let where_clause = &i.generics.where_clause;
                        let self_ty = &i.self_ty;
                        let trait_path = i.trait_.as_ref().map(|(_, p, _)| p);
                        quote::quote!(#generics #self_ty #trait_path #where_clause)
                    };
                    let uses = self.idents(&header);
                    let trait_sym = trait_name.map(|n| self.interner.sym(&n));
                    let self_head = match &*i.self_ty {
                        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                        _ => None,
                    };
                    let id = self.push(
                        a,
                        Kind::Impl {
                            header_locals,
                            trait_name: trait_sym,
                            foreign_trait,
                        },
                        None,
                        uses,
                        parent,
                    );
                    // An impl goes with a type of its own module found dead.
                    self.nodes[id].key =
                        self_head.as_ref().map(|h| format!("{}::{h}", parent.path));
                    for ii in &i.items {
                        let (name, is_fn) = match ii {
                            syn::ImplItem::Fn(f) => (Some(f.sig.ident.to_string()), true),
                            syn::ImplItem::Const(c) => (Some(c.ident.to_string()), false),
                            syn::ImplItem::Type(t) => (Some(t.ident.to_string()), false),
                            _ => (None, false),
                        };
                        let mut uses = self.idents(ii);
                        let inside = Scope {
                            parent: Some(id),
                            ..parent.clone()
                        };
                        let key = match (&trait_sym, is_fn, &name, self_head.as_deref()) {
                            (None, true, Some(n), Some(head)) => {
                                Some(format!("{}::<{head}>::{n}", parent.path))
                            }
                            _ => None,
                        };
                        self.push_keyed(
                            addr(ii),
                            Kind::ImplItem { is_fn },
                            name.as_deref(),
                            &mut uses,
                            &inside,
                            key,
                        );
                    }
                }
                syn::Item::Use(u) => {
                    let mut leaves = Vec::new();
                    use_leaves(&u.tree, &mut Vec::new(), &mut leaves);
                    for (tree, path) in leaves {
                        if is_std_path(&path) {
                            self.push(addr(tree), Kind::StdUse, None, Vec::new(), parent);
                            continue;
                        }
                        let mut uses: Vec<Sym> = path
                            .iter()
                            .filter(|s| !matches!(s.as_str(), "crate" | "self" | "super"))
                            .map(|s| self.interner.sym(s))
                            .collect();
                        match tree {
                            syn::UseTree::Glob(_) => {
                                let target = path.last().map(|s| self.interner.sym(s));
                                self.push(addr(tree), Kind::Glob { target }, None, uses, parent);
                            }
                            syn::UseTree::Name(n) => {
                                let mut name = n.ident.to_string();
                                if name == "self" {
                                    name = path.last().cloned().unwrap_or_default();
                                }
                                let sym = self.interner.sym(&name);
                                uses.push(sym);
                                let key = self.target_key(&path, &name, parent);
                                self.push_keyed(
                                    addr(tree),
                                    Kind::UseLeaf {
                                        local: sym,
                                        source: sym,
                                    },
                                    None,
                                    &mut uses,
                                    parent,
                                    key,
                                );
                            }
                            syn::UseTree::Rename(r) => {
                                let mut source = r.ident.to_string();
                                if source == "self" {
                                    source = path.last().cloned().unwrap_or_default();
                                }
                                let source = self.interner.sym(&source);
                                uses.push(source);
                                let local = self.interner.sym(&r.rename.to_string());
                                let key = self.target_key(
                                    &path,
                                    &self.interner.names[source as usize].clone(),
                                    parent,
                                );
                                self.push(
                                    addr(tree),
                                    Kind::UseLeaf { local, source },
                                    None,
                                    uses,
                                    parent,
                                );
                                self.nodes.last_mut().unwrap().key = key;
                            }
                            _ => {}
                        }
                    }
                }
                syn::Item::Macro(m) => {
                    let uses = self.idents(item);
                    match &m.ident {
                        Some(name) => {
                            // A macro's names resolve where it is called: no shadowing.
                            let unshadowed = Scope {
                                shadow: Rc::default(),
                                ..parent.clone()
                            };
                            self.push(
                                a,
                                Kind::MacroRules,
                                Some(&name.to_string()),
                                uses,
                                &unshadowed,
                            );
                        }
                        None => {
                            let macro_name = m
                                .mac
                                .path
                                .segments
                                .last()
                                .map(|s| s.ident.to_string())
                                .unwrap_or_default();
                            let macro_name = self.interner.sym(&macro_name);
                            let mut args = Vec::new();
                            collect_idents(m.mac.tokens.clone(), &mut self.interner, &mut args);
                            args.iter_mut().for_each(|s| *s &= !KINDS);
                            args.retain(|s| !parent.shadow.contains(s));
                            self.push(a, Kind::MacroCall { macro_name, args }, None, uses, parent);
                        }
                    }
                }
                other => {
                    let name = named_item(other);
                    let uses = self.idents(other);
                    match name {
                        Some(n) if n != "_" => {
                            self.push(a, Kind::Named, Some(&n), uses, parent);
                        }
                        _ => {
                            self.push(a, Kind::Always, None, uses, parent);
                        }
                    }
                }
            }
        }
    }

    /// The key of the item a `use` path names, when the path stays inside the libraries
    /// (`crate::lib::a::Name`, `self::a::Name`, `super::Name`).
    fn target_key(&self, path: &[String], name: &str, scope: &Scope) -> Option<String> {
        let mut at: Vec<String> = scope.path.split("::").map(str::to_string).collect();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                let k = self.modules.iter().position(|m| rest.get(1) == Some(m))?;
                at = vec![format!("#{k}")];
                rest = &rest[2..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    at.pop();
                    rest = &rest[1..];
                }
            }
            // Edition 2018 "uniform" paths: relative to the current module.
            Some(_) => {}
            None => return None,
        }
        at.extend(rest.iter().cloned());
        at.push(name.to_string());
        Some(at.join("::"))
    }

    fn name_of(&self, sym: Sym) -> &str {
        &self.interner.names[(sym & !KINDS) as usize]
    }
}

fn trait_item_name(ti: &syn::TraitItem) -> Option<String> {
    match ti {
        syn::TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
        syn::TraitItem::Const(c) => Some(c.ident.to_string()),
        syn::TraitItem::Type(t) => Some(t.ident.to_string()),
        _ => None,
    }
}

fn named_item(item: &syn::Item) -> Option<String> {
    use syn::Item::*;
    Some(match item {
        Const(i) => i.ident.to_string(),
        Enum(i) => i.ident.to_string(),
        Fn(i) => i.sig.ident.to_string(),
        Static(i) => i.ident.to_string(),
        Struct(i) => i.ident.to_string(),
        TraitAlias(i) => i.ident.to_string(),
        Type(i) => i.ident.to_string(),
        Union(i) => i.ident.to_string(),
        _ => return None,
    })
}

/// The leaves of a `use` tree with the path leading to each.
fn use_leaves<'a>(
    tree: &'a syn::UseTree,
    path: &mut Vec<String>,
    out: &mut Vec<(&'a syn::UseTree, Vec<String>)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            path.push(p.ident.to_string());
            use_leaves(&p.tree, path, out);
            path.pop();
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_leaves(t, path, out);
            }
        }
        leaf => out.push((leaf, path.clone())),
    }
}

#[derive(Default)]
struct Mentions {
    /// As a path (`name`, `module::name`): any item.
    path: HashSet<Sym>,
    /// As a path or after a dot or a type (`x.name`, `T::name`): methods, associated items.
    any: HashSet<Sym>,
    /// As a macro call (`name!`).
    macros: HashSet<Sym>,
}

impl Mentions {
    fn extend(&mut self, syms: &[Sym]) {
        for &s in syms {
            let plain = s & !KINDS;
            if s & MAC != 0 {
                self.macros.insert(plain);
                continue;
            }
            self.any.insert(plain);
            if s & DOT == 0 {
                self.path.insert(plain);
            }
        }
    }
}

fn is_std_path(path: &[String]) -> bool {
    path.first()
        .is_some_and(|h| matches!(h.as_str(), "std" | "core" | "alloc"))
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
/// `solution_globs`: the solution glob-imports a library path, so a trait may be in scope
/// without its name being written.
pub fn reach(
    libraries: &[&[syn::Item]],
    modules: &[String],
    seeds: &TokenStream,
    solution_globs: bool,
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
    };
    for (k, items) in libraries.iter().enumerate() {
        let root = Scope {
            parent: None,
            path: format!("#{}", k),
            shadow: Rc::default(),
        };
        index.items(items, &root, &local_types);
    }
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
    for (name, body) in &macro_bodies {
        let mut all = Vec::new();
        collect_idents(body.clone(), &mut index.interner, &mut all);
        all.iter_mut().for_each(|s| *s &= !KINDS);
        let sym = index.interner.sym(name);
        // Only type and trait names: what a macro makes hangs on them (`impl Trait for
        // Type`); its lowercase names are mostly its own parameters.
        macro_triggers.insert(
            sym,
            all.into_iter()
                .filter(|s| local_type_syms.contains(s))
                .collect(),
        );
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
    let mut kept_names: HashSet<Sym> = HashSet::new();
    // Modules (by node; `None` for a library root... of any library) holding a kept item.
    let mut live: HashSet<(usize, Option<usize>)> = HashSet::new();
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
                    .any(|u| u & KINDS == 0 && banned_names.contains(u)))
                || matches!(&index.nodes[i].kind, Kind::MacroCall { args, .. } if args.iter().any(|a| unavailable.contains(a)))
            {
                continue;
            }
            let node = &index.nodes[i];
            let parent_kept = node.parent.map_or(true, |p| index.nodes[p].kept);
            let named = |n: Option<Sym>| n.is_some_and(|n| mentioned.path.contains(&n));
            let method = |n: Option<Sym>| n.is_some_and(|n| mentioned.any.contains(&n));
            let reached_by_method = |t: Sym| {
                trait_methods
                    .get(&t)
                    .is_some_and(|ms| ms.iter().any(|m| mentioned.any.contains(m)))
            };
            let keep = match &node.kind {
                Kind::Named => named(node.name),
                Kind::MacroRules => {
                    named(node.name) || node.name.is_some_and(|n| mentioned.macros.contains(&n))
                }
                Kind::Mod | Kind::Glob { .. } | Kind::StdUse => false,
                // A trait is in scope where it is defined: a call of one of its methods
                // there needs it even when no one writes its name.
                Kind::Trait { .. } => {
                    named(node.name)
                        || ((solution_globs || live.contains(&(node.lib, node.parent)))
                            && node.name.is_some_and(reached_by_method))
                }
                Kind::TraitItem { required } => parent_kept && (*required || method(node.name)),
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
                Kind::UseLeaf { local, source } => {
                    let underscore = index.interner.get("_") == Some(*local);
                    let name = if underscore { *source } else { *local };
                    // A trait imported for its methods is needed once its module is live
                    // and one of its methods is called.
                    mentioned.path.contains(&name)
                        || (mentioned.macros.contains(&name) && kept_names.contains(source))
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
                let node = &mut index.nodes[i];
                node.kept = true;
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
                        .take(8)
                        .map(|u| index.interner.names[(u & !KINDS) as usize].as_str())
                        .collect();
                    eprintln!("kept {i} {:?} {uses:?}", node.key);
                }
                if debug {
                    for &u in &node.uses {
                        if u & KINDS == 0 && !mentioned.path.contains(&u) {
                            introduced.entry(u).or_insert(i);
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
                if let Kind::UseLeaf { local, source } = node.kind {
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
        if matches!(index.nodes[i].kind, Kind::StdUse) {
            index.nodes[i].kept = match index.nodes[i].parent {
                Some(p) => index.nodes[p].kept,
                None => live_libraries.contains(&index.nodes[i].lib),
            };
        }
    }
    for node in index.nodes.iter_mut() {
        if let Kind::Glob { target } = &node.kind {
            node.kept = match target {
                Some(t) => !defined.contains(t) || kept_names.contains(t),
                None => true,
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
                    let k: Vec<bool> = o.items.iter().map(|ti| self.has(ti)).collect();
                    let mut k = k.into_iter();
                    t.items.retain(|_| k.next().unwrap());
                    self.has(orig)
                }
                (syn::Item::Impl(o), syn::Item::Impl(i)) => {
                    let k: Vec<bool> = o.items.iter().map(|ii| self.has(ii)).collect();
                    let mut k = k.into_iter();
                    i.items.retain(|_| k.next().unwrap());
                    self.has(orig)
                }
                _ => self.has(orig),
            };
            keep.push(k);
        }
        let mut k = keep.into_iter();
        items.retain(|_| k.next().unwrap());
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
