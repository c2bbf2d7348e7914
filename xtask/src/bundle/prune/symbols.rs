//! The names the index holds: each interned once as a `Sym`, with the kind of mention
//! (after a dot, as a macro, as a qualifier, as a variant) in its high bits.

use crate::fast_hash::HashMap;

pub(super) type Sym = u32;

/// Marks a mention after a dot (`x.name()`): it can mean only a method or a field.
pub(super) const DOT: Sym = 1 << 31;

/// Marks a macro call (`name!`): it can mean only a macro.
pub(super) const MAC: Sym = 1 << 30;

/// Marks a qualifier (`name::x`): it can mean a module, type or trait, never a function,
/// constant or static (fn `getrandom` is not what `getrandom::Error` names).
pub(super) const QUAL: Sym = 1 << 29;

/// Marks a bare variant name in an item that names its enum (`U32(..)` after
/// `use self::IndexVecIntoIter::*;`): it can mean the variant, or what a `use` brings in
/// under that name, not another item of that name.
pub(super) const VARIANT: Sym = 1 << 28;

pub(super) const KINDS: Sym = DOT | MAC | QUAL | VARIANT;

/// Whether a mention can mean a free item (not only a method, a macro or a variant).
pub(super) fn is_path(s: Sym) -> bool {
    s & (DOT | MAC | VARIANT) == 0
}

pub(super) fn is_primitive(name: &str) -> bool {
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

#[derive(Clone, Default)]
pub(super) struct Interner {
    pub(super) map: HashMap<String, Sym>,
    pub(super) names: Vec<String>,
}

impl Interner {
    pub(super) fn sym(&mut self, name: &str) -> Sym {
        if let Some(&s) = self.map.get(name) {
            return s;
        }
        let s = self.names.len() as Sym;
        self.names.push(name.to_string());
        self.map.insert(name.to_string(), s);
        s
    }
    pub(super) fn get(&self, name: &str) -> Option<Sym> {
        self.map.get(name).copied()
    }
}
