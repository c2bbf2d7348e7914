//! What the errors of a draft without some impls ask for: the impls among a group whose
//! type and trait a message names (an unsatisfied bound, an operator with no implementation,
//! a conversion), read from rustc's text as the impls pass needs it.

use super::candidate::Candidate;
use crate::bundle::check::asks::{
    converted_to, has_type, has_word, names_type, operator_words, wanted, wanted_by_operand, Said,
    MOVED,
};
use crate::bundle::check::mono::header_parts;
use crate::bundle::check::oracle;

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
