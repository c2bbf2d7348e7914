//! What the errors of a draft without some impls ask for: the impls among a group whose
//! type and trait a message names (an unsatisfied bound, an operator with no implementation,
//! a conversion), read from rustc's text as the impls pass needs it.

use super::candidate::Candidate;
use crate::bundle::check::mono::{header_parts, normal, SEQUENCE, TUPLE};
use crate::bundle::check::oracle;
use crate::fast_hash::HashSet;

/// Whether `said` names the type `head`: as a word, a tuple type for `TUPLE`, an array or
/// a slice for `SEQUENCE`.
fn names_type(said: &Said, head: &str) -> bool {
    let text = said.text;
    if head == TUPLE {
        text.contains("`(")
    } else if head == SEQUENCE {
        text.contains("`[") || text.contains("`&[")
    } else {
        said.has_word(head)
    }
}

/// The words by which an error can ask for an operator trait without naming it.
fn operator_words(trait_name: &str) -> &'static [&'static str] {
    match trait_name {
        // "no implementation for `&BigInt << {integer}`": the operator between its operands.
        "Add" => &["`+`", "cannot add", " + "],
        "Sub" => &["`-`", "cannot subtract", " - "],
        "Mul" => &["`*`", "cannot multiply", " * "],
        "Div" => &["`/`", "cannot divide", " / "],
        "Rem" => &["`%`", "cannot calculate the remainder", "cannot mod", " % "],
        "BitAnd" => &["`&`", " & "],
        "BitOr" => &["`|`", " | "],
        "BitXor" => &["`^`", " ^ "],
        "Shl" => &["`<<`", " << "],
        "Shr" => &["`>>`", " >> "],
        "AddAssign" => &["`+=`"],
        "SubAssign" => &["`-=`"],
        "MulAssign" => &["`*=`"],
        "DivAssign" => &["`/=`"],
        "RemAssign" => &["`%=`"],
        "BitAndAssign" => &["`&=`"],
        "BitOrAssign" => &["`|=`"],
        "BitXorAssign" => &["`^=`"],
        "ShlAssign" => &["`<<=`"],
        "ShrAssign" => &["`>>=`"],
        "Neg" => &["unary operator `-`"],
        "Not" => &["unary operator `!`"],
        "PartialEq" => &["`==`", "`!=`", "can't compare"],
        "PartialOrd" => &["`<`", "`>`", "`<=`", "`>=`", "can't compare"],
        "Index" | "IndexMut" => &["cannot index"],
        // What goes through a `Deref` to its target: a method, a field, an index.
        "Deref" => &[
            "no method named",
            "no field",
            "cannot index",
            "cannot be dereferenced",
        ],
        "DerefMut" => &[
            "no method named",
            "no field",
            "cannot index",
            "cannot be dereferenced",
            "in dereference of",
        ],
        _ => &[],
    }
}

pub(super) fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let boundary = |c: Option<char>| !c.is_some_and(is_word_char);
        boundary(before) && boundary(after)
    })
}

/// An error's text with the types it quotes (between backticks) normalised (`mono::normal`):
/// read once, since every candidate of a group is held against them (typenum's thousand
/// aliased impls against each of hundreds of errors).
pub(in crate::bundle) struct Said<'a> {
    text: &'a str,
    /// The types it quotes, normalised: read when a candidate written for an alias asks.
    quoted: std::cell::OnceCell<Vec<String>>,
    /// Its words, the longest runs of characters `has_word` takes for a word's: gathered at
    /// the first word asked for (one scan, as `has_word` makes), then looked up.
    words: std::cell::OnceCell<HashSet<&'a str>>,
}

impl<'a> Said<'a> {
    pub(in crate::bundle) fn new(text: &'a str) -> Said<'a> {
        Said {
            text,
            quoted: Default::default(),
            words: Default::default(),
        }
    }

    fn quoted(&self) -> &[String] {
        self.quoted.get_or_init(|| {
            self.text
                .split('`')
                .skip(1)
                .step_by(2)
                .map(normal)
                .collect()
        })
    }

    /// `has_word(self.text, word)`, for a word of word characters by a lookup.
    pub(super) fn has_word(&self, word: &str) -> bool {
        if word.is_empty() || !word.chars().all(is_word_char) {
            return has_word(self.text, word);
        }
        let words = self.words.get_or_init(|| {
            (self.text.split(|c: char| !is_word_char(c)))
                .filter(|w| !w.is_empty())
                .collect()
        });
        words.contains(word)
    }
}

/// What `has_word` takes for a character inside a word.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `said` names the type of `c`: by its head (`names_type`), or, for an impl
/// written for an alias (`Seen::alias`), by the alias or by the type in full among the
/// types rustc quotes (or one it shortened that has its head), the type or one inside
/// another (`UInt<UTerm,B1>` is in `UInt<UInt<UTerm,B1>,B0>`).
fn names_impl_type(said: &Said, c: &Candidate) -> bool {
    let Some((alias, full)) = &c.alias else {
        return names_type(said, &c.head);
    };
    said.has_word(alias)
        || said.quoted().iter().any(|q| {
            if q.contains("...") {
                has_word(q, &c.head)
            } else {
                has_type(q, full)
            }
        })
}

/// Whether the type `ty` is written in `text` whole: not as part of a longer name, nor
/// as the head of another type (`UInt<UTerm,B1>` is not in `UInt<UTerm,B1>X` and
/// `X<T>` not in `X<T><..>`).
fn has_type(text: &str, ty: &str) -> bool {
    text.match_indices(ty).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + ty.len()..].chars().next();
        !before.is_some_and(is_word_char) && !after.is_some_and(|c| is_word_char(c) || c == '<')
    })
}

/// Whether the error `said` asks for `c`: it names its type and its trait, an operator of
/// it, or a method it defines (or, `type_alone`, its type when the trait is the library's
/// own).
pub(super) fn asks_for(said: &Said, c: &Candidate, type_alone: bool) -> bool {
    let error = said.text;
    names_impl_type(said, c)
        && (type_alone && c.own_trait
            || said.has_word(&c.trait_name)
            || operator_words(&c.trait_name)
                .iter()
                .any(|w| error.contains(w))
            || c.methods.iter().any(|m| error.contains(&format!("`{m}`"))))
}

/// The impl an error's message asks for exactly: (Self, Trait, its argument if told) of
/// an unsatisfied bound (`the trait bound `u64: Integer` is not satisfied`) or a binary
/// operator (`cannot subtract `&BigInt` from `BigInt``, `no implementation for `&BigInt <<
/// {integer}``).
fn wanted(message: &str) -> Option<(String, String, Option<String>)> {
    let ticks: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let tr_args = |t: &str| match t.split_once('<') {
        Some((name, args)) => (normal(name), args.strip_suffix('>').map(normal)),
        None => (normal(t), None),
    };
    if message.contains("the trait bound `") {
        let (ty, t) = ticks.first()?.split_once(": ")?;
        let (tr, args) = tr_args(t);
        return Some((normal(ty), tr, args));
    }
    if let Some(rest) = message.split("no implementation for `").nth(1) {
        let expr = rest.split('`').next()?;
        for (op, tr) in BINARY {
            if let Some((a, b)) = expr.split_once(&format!(" {op} ")) {
                return Some((normal(a), tr.to_string(), Some(normal(b))));
            }
        }
        return None;
    }
    if message.contains("binary assignment operation `") {
        let tr = ASSIGN.iter().find(|(op, _)| ticks.first() == Some(op))?.1;
        return Some((normal(ticks.get(1)?), tr.to_string(), None));
    }
    // "cannot add `B` to `A`", "cannot subtract `B` from `A`", "cannot multiply `A` by
    // `B`", their "-assign" forms, "cannot calculate the remainder of `A` divided by `B`"
    // and "cannot calculate and assign the remainder of `A` divided by `B`".
    let words = [
        // Rem's "-assign" form is worded apart.
        (
            "cannot calculate and assign the remainder",
            "RemAssign",
            false,
        ),
        ("cannot add", "Add", true),
        ("cannot subtract", "Sub", true),
        ("cannot multiply", "Mul", false),
        ("cannot divide", "Div", false),
        ("cannot calculate the remainder", "Rem", false),
        ("cannot mod", "Rem", false),
    ];
    let (w, tr, rhs_first) = words.iter().find(|(w, _, _)| message.contains(w))?;
    let assign = message.contains(&format!("{w}-assign"));
    let tr = if assign {
        format!("{tr}Assign")
    } else {
        tr.to_string()
    };
    let (a, b) = (ticks.first()?, ticks.get(1)?);
    let (lhs, rhs) = if *rhs_first { (b, a) } else { (a, b) };
    Some((normal(lhs), tr, Some(normal(rhs))))
}

/// What a `mismatched types` error asks for when its span is an operator's right operand
/// (`*self -= u` with `u: u32` where only `SubAssign<&BigInt>` is left: "expected `&BigInt`,
/// found `u32`"): that operator's impl for the type found, of any `Self`.
fn wanted_by_operand(error: &str) -> Option<(String, Option<String>)> {
    let found = error.split("found `").nth(1)?.split('`').next()?;
    let (previous, caret_line) = oracle::caret_lines(error)?;
    let col = caret_line.find('^')?;
    let before = previous.get(..col)?.trim_end();
    let ops = ASSIGN.iter().chain(BINARY.iter());
    let (_, tr) = ops
        .filter(|(op, _)| before.ends_with(op))
        .max_by_key(|(op, _)| op.len())?;
    Some((tr.to_string(), Some(normal(found))))
}

/// The type a `mismatched types` error at a `from(..)` call expected, by its last segment:
/// with its `From` impl gone, `Self::from(self.coords.clone())` in nalgebra's `impl Clone
/// for Quaternion<N>` is std's `From<T> for T` ("expected `Quaternion<N>`, found
/// `Matrix<N, U4, U1, ...>`").
fn converted_to(error: &str) -> Option<String> {
    if !error.contains("from(") {
        return None;
    }
    let expected = error.split("expected `").nth(1)?.split('`').next()?;
    let ty = normal(expected);
    let ty = ty.trim_start_matches('&');
    Some(ty.split('<').next()?.to_string())
}

/// Binary operators as rustc writes them between operands, and their traits.
const BINARY: [(&str, &str); 10] = [
    ("<<", "Shl"),
    (">>", "Shr"),
    ("+", "Add"),
    ("-", "Sub"),
    ("*", "Mul"),
    ("/", "Div"),
    ("%", "Rem"),
    ("&", "BitAnd"),
    ("|", "BitOr"),
    ("^", "BitXor"),
];

/// Compound assignments and their traits.
const ASSIGN: [(&str, &str); 10] = [
    ("+=", "AddAssign"),
    ("-=", "SubAssign"),
    ("*=", "MulAssign"),
    ("/=", "DivAssign"),
    ("%=", "RemAssign"),
    ("<<=", "ShlAssign"),
    (">>=", "ShrAssign"),
    ("&=", "BitAndAssign"),
    ("|=", "BitOrAssign"),
    ("^=", "BitXorAssign"),
];

/// Whether the one impl `c` is what `want` (`wanted`) asks for.
fn is_wanted(c: &Candidate, (ty, tr, rhs): &(String, String, Option<String>)) -> bool {
    let Some((c_ty, c_tr, c_args)) = c.header.as_deref().and_then(header_parts) else {
        return false;
    };
    // A type rustc shortened (`UInt<UInt<..., ...>, ...>`) when its full name was not
    // written out: every impl it may be comes back.
    let same_type = c_ty == ty || ty.contains("...") && oracle::fills(ty, c_ty);
    if !same_type || c_tr != tr {
        return false;
    }
    let Some(rhs) = rhs else {
        return true;
    };
    // A trait written without arguments has `Self` for them (`Add for BigUint`).
    let c_rhs = c_args.unwrap_or(c_ty);
    let ints = [
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
    ];
    match rhs.as_str() {
        "{integer}" => ints.contains(&c_rhs),
        "{float}" => ["f32", "f64"].contains(&c_rhs),
        rhs => c_rhs == rhs,
    }
}

/// The candidates of `group` that `error` asks for: the impl its message asks for exactly,
/// if one of the group is; else those its message (the first line) names, else those its whole text names (a note, a span's source), else the library's own
/// traits' impls for a type it names (an associated type asked for through a macro: "cannot
/// be indexed by `Usize1`"). `u64: Integer` asks for that impl, not every impl for `u64`.
pub(super) fn asked(error: &str, group: &[Candidate]) -> Vec<usize> {
    let message = error.lines().next().unwrap_or_default();
    if message.contains("mismatched types") {
        if let Some((tr, rhs)) = wanted_by_operand(error) {
            let exact: Vec<usize> = (0..group.len())
                .filter(|&i| {
                    let ty = group[i].header.as_deref().and_then(header_parts);
                    ty.is_some_and(|(ty, ..)| {
                        is_wanted(&group[i], &(ty.to_string(), tr.clone(), rhs.clone()))
                    })
                })
                .collect();
            if !exact.is_empty() {
                return exact;
            }
        }
        if let Some(head) = converted_to(error) {
            let from: Vec<usize> = (0..group.len())
                .filter(|&i| group[i].trait_name == "From" && group[i].head == head)
                .collect();
            if !from.is_empty() {
                return from;
            }
        }
    }
    if let Some(want) = wanted(message) {
        // A literal's type is what rustc falls back to when several impls could take it
        // (`i32`, `f64`): with all of them there, that was the one selected.
        let fallback = match want.2.as_deref() {
            Some("{integer}") => Some("i32"),
            Some("{float}") => Some("f64"),
            _ => None,
        };
        let fallback = fallback.map(|t| (want.0.clone(), want.1.clone(), Some(t.to_string())));
        for want in fallback.iter().chain([&want]) {
            let exact: Vec<usize> = (0..group.len())
                .filter(|&i| is_wanted(&group[i], want))
                .collect();
            if !exact.is_empty() {
                return exact;
            }
        }
    }
    // A value moved where it was copied before (`let v = mat[a] * &pv;`, "cannot move out
    // of index of `Vec<Matrix<..>>`"): a `Copy` impl went, of the type or of one inside it
    // (nalgebra's `Matrix` is `Copy` when its `ArrayStorage` is, which is when its
    // `GenericArray` is), which the message need not name. They are one line each.
    // Those of a type the error names come back first (im-rc's "cannot move out of
    // `self.map`", a `Bitmap<Size>`, would have brought back typenum's 158 others).
    let whole = Said::new(error);
    if MOVED.iter().any(|w| message.contains(w)) {
        let copies: Vec<usize> = (0..group.len())
            .filter(|&i| group[i].trait_name == "Copy")
            .collect();
        let named: Vec<usize> = (copies.iter().copied())
            .filter(|&i| names_impl_type(&whole, &group[i]))
            .collect();
        if !named.is_empty() {
            return outermost(named, group);
        }
        if !copies.is_empty() {
            return copies;
        }
    }
    let first_line = Said::new(message);
    for (said, type_alone) in [(&first_line, false), (&whole, false), (&whole, true)] {
        let named: Vec<usize> = (0..group.len())
            .filter(|&i| asks_for(said, &group[i], type_alone))
            .collect();
        if !named.is_empty() {
            return outermost(named, group);
        }
    }
    Vec::new()
}

/// `named` but for an impl written for an alias whose type is inside the type of another
/// of the same trait that is named too: `UInt<UInt<UTerm,B1>,B0>` (`U2`) is named with
/// the `UInt<UTerm,B1>` (`U1`) inside it, whose impl it does not need.
fn outermost(named: Vec<usize>, group: &[Candidate]) -> Vec<usize> {
    let full = |i: usize| group[i].alias.as_ref().map(|a| a.1.as_str());
    let inside = |i: usize, j: usize| {
        let (Some(a), Some(b)) = (full(i), full(j)) else {
            return false;
        };
        a != b && group[i].trait_name == group[j].trait_name && has_type(b, a)
    };
    (named.iter().copied())
        .filter(|&i| !named.iter().any(|&j| inside(i, j)))
        .collect()
}

/// How rustc's borrow checker says a value was moved that a `Copy` type would have copied.
const MOVED: [&str; 3] = [
    "cannot move out of",
    "use of moved value",
    "borrow of moved value",
];

/// std's operator traits: std's own code never applies them to a library's types (it
/// does no arithmetic on a type parameter), so their methods are the libraries' to call,
/// and one that never runs loses its body as a library trait's does (`Rem<BigInt> for
/// BigInt` forwarding to `Rem<&BigInt>`, kept for the type check of code that never runs).
pub(super) fn is_operator(tr: &str) -> bool {
    let tables = BINARY.iter().chain(ASSIGN.iter());
    ["Neg", "Not"].contains(&tr) || tables.map(|(_, t)| *t).any(|t| t == tr)
}
