//! The pruner's vocabulary: a node of the index and its kind, the names a kept node
//! mentions, and the findings' ruling on what may not be kept.

use super::symbols::{Sym, DOT, KINDS, MAC, QUAL, VARIANT};
use crate::fast_hash::HashSet;

#[derive(Clone)]
pub(super) enum Kind {
    /// fn, struct, enum, union, const, static, type alias, trait alias.
    Named,
    /// A `macro_rules!` definition.
    MacroRules,
    Mod,
    /// `extern "C" { ... }` or `const _: () = { ... };`: kept when an item in it is, or,
    /// holding no item, when the library types and traits it names (`locals`) are, or when
    /// a trait the bodies of the library macros it calls name (`by_macros`) is kept.
    Container {
        locals: Vec<Sym>,
        by_macros: Vec<Sym>,
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
        /// A macro call among the items (num-rational 0.2's `maybe_const! { pub fn
        /// denom(..) .. }`): the names it defines literally.
        makes: Vec<Sym>,
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
        /// What its arguments define literally (`fn CMSG_ALIGN` in libc's `const_fn! {..}`,
        /// a macro the bundler does not expand): a mention of one keeps the call.
        makes: Vec<Sym>,
    },
    Always,
}

#[derive(Clone)]
pub(super) struct Node {
    pub(super) kind: Kind,
    /// `module::path::Name` (or `module::path::<Type>::method`), for the dead-code oracle.
    pub(super) key: Option<String>,
    /// Which library it belongs to.
    pub(super) lib: usize,
    pub(super) name: Option<Sym>,
    pub(super) uses: Vec<Sym>,
    /// What it writes through a path into another library (`crate::L::m::X`, `m::X` after
    /// `use crate::L::m;`, a `use` of such a path): that library's names, by library.
    pub(super) cross: Vec<(usize, Sym)>,
    /// The `q::name` pairs it writes (and a `use` leaf's last path segment with its name).
    pub(super) quals: Vec<(Sym, Sym)>,
    pub(super) parent: Option<usize>,
    pub(super) kept: bool,
    /// A function, constant or static: never what a qualifier (`name::x`) means.
    pub(super) value: bool,
}

pub(super) fn addr<T>(node: &T) -> usize {
    node as *const T as usize
}

#[derive(Default)]
pub(super) struct Mentions {
    /// As a path (`name`, `module::name`): any item.
    pub(super) path: HashSet<Sym>,
    /// As a path or after a dot or a type (`x.name`, `T::name`): methods, associated items.
    pub(super) any: HashSet<Sym>,
    /// As a macro call (`name!`).
    pub(super) macros: HashSet<Sym>,
    /// As a path that is not a qualifier: what can mean a function, constant or static.
    pub(super) value: HashSet<Sym>,
    /// As a variant of an enum the item names: only a `use` of that name is reached.
    pub(super) variants: HashSet<Sym>,
}

impl Mentions {
    pub(super) fn extend(&mut self, syms: &[Sym]) {
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

/// Keywords, primitive types and the standard library's common names: they say nothing
/// about which item a macro call makes.
pub(super) const NOISE: &[&str] = &[
    "fn",
    "impl",
    "for",
    "where",
    "pub",
    "self",
    "Self",
    "mut",
    "ref",
    "let",
    "const",
    "struct",
    "enum",
    "type",
    "crate",
    "super",
    "usize",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "f32",
    "f64",
    "bool",
    "char",
    "str",
    "String",
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "Vec",
    "Box",
    "Clone",
    "Copy",
    "Default",
    "Iterator",
    "IntoIterator",
    "Debug",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Send",
    "Sync",
    "Sized",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "From",
    "Into",
    "ToString",
    "ToOwned",
    "AsRef",
    "AsMut",
    "Extend",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Display",
    "Write",
    "Read",
    "Add",
    "Sub",
    "Mul",
    "Div",
    "Rem",
    "Neg",
    "Not",
    "BitAnd",
    "BitOr",
    "BitXor",
    "Shl",
    "Shr",
    "AddAssign",
    "SubAssign",
    "MulAssign",
    "DivAssign",
    "RemAssign",
    "Index",
    "IndexMut",
    "Deref",
    "DerefMut",
    "FromStr",
    "FromIterator",
    "Sum",
    "Product",
    "Borrow",
    "Ordering",
    "Formatter",
    "Hasher",
    "Error",
    "Range",
    "UpperExp",
    "LowerExp",
    "UpperHex",
    "LowerHex",
    "Octal",
    "Binary",
    "Pointer",
];

/// Names that say nothing about which item a macro call makes.
pub(super) fn is_noise(name: &str) -> bool {
    static SET: std::sync::OnceLock<HashSet<&'static str>> = std::sync::OnceLock::new();
    name.len() < 2
        || SET
            .get_or_init(|| NOISE.iter().copied().collect())
            .contains(name)
}

/// What earlier drafts told of the libraries: the keys of items the compiler found dead
/// (never kept), and the names a draft could not do without once their items went (rustc's
/// "cannot find" after the findings took them out): an item of such a name is kept where
/// reached, and what it names with it, whatever the findings say of them (alga's trait
/// `FiniteDimVectorSpace`, put back, still went for the dead supertrait `VectorSpace` it
/// names, and every smaller draft of nalgebra 0.20 failed).
#[derive(Default)]
pub struct Ruling {
    pub banned: HashSet<String>,
    pub needed: HashSet<String>,
}
