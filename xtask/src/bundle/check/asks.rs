//! What an error asks for, read from rustc's text: the words and types a message quotes
//! (`Said`), the impl an unsatisfied bound, an operator or a conversion asks for exactly
//! (`wanted`, `wanted_by_operand`, `converted_to`), a move a `Copy` impl would have
//! spared (`MOVED`), the member a "not found" error names on a type (`not_found_on`), the
//! names under an error's caret (`under_caret`).

use super::mono::{self, normal, SEQUENCE, TUPLE};
use super::oracle;
use crate::fast_hash::HashSet;

/// An error's text with the types it quotes (between backticks) normalised (`mono::normal`):
/// read once, since every candidate of a group is held against them (typenum's thousand
/// aliased impls against each of hundreds of errors).
pub struct Said<'a> {
    pub text: &'a str,
    /// The types it quotes, normalised: read when a candidate written for an alias asks.
    quoted: std::cell::OnceCell<Vec<String>>,
    /// Its words, the longest runs of characters `has_word` takes for a word's: gathered at
    /// the first word asked for (one scan, as `has_word` makes), then looked up.
    words: std::cell::OnceCell<HashSet<&'a str>>,
}

impl<'a> Said<'a> {
    pub fn new(text: &'a str) -> Said<'a> {
        Said {
            text,
            quoted: Default::default(),
            words: Default::default(),
        }
    }

    pub fn quoted(&self) -> &[String] {
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
    pub fn has_word(&self, word: &str) -> bool {
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

pub fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let boundary = |c: Option<char>| !c.is_some_and(is_word_char);
        boundary(before) && boundary(after)
    })
}

/// What `has_word` takes for a character inside a word.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether the type `ty` is written in `text` whole: not as part of a longer name, nor
/// as the head of another type (`UInt<UTerm,B1>` is not in `UInt<UTerm,B1>X` and
/// `X<T>` not in `X<T><..>`).
pub fn has_type(text: &str, ty: &str) -> bool {
    text.match_indices(ty).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + ty.len()..].chars().next();
        !before.is_some_and(is_word_char) && !after.is_some_and(|c| is_word_char(c) || c == '<')
    })
}

/// Whether `said` names the type `head`: as a word, a tuple type for `TUPLE`, an array or
/// a slice for `SEQUENCE`.
pub fn names_type(said: &Said, head: &str) -> bool {
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
pub fn operator_words(trait_name: &str) -> &'static [&'static str] {
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

/// The impl an error's message asks for exactly: (Self, Trait, its argument if told) of
/// an unsatisfied bound (`the trait bound `u64: Integer` is not satisfied`) or a binary
/// operator (`cannot subtract `&BigInt` from `BigInt``, `no implementation for `&BigInt <<
/// {integer}``).
pub fn wanted(message: &str) -> Option<(String, String, Option<String>)> {
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
pub fn wanted_by_operand(error: &str) -> Option<(String, Option<String>)> {
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
pub fn converted_to(error: &str) -> Option<String> {
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

/// How rustc's borrow checker says a value was moved that a `Copy` type would have copied.
pub const MOVED: [&str; 3] = [
    "cannot move out of",
    "use of moved value",
    "borrow of moved value",
];

/// std's operator traits: std's own code never applies them to a library's types (it
/// does no arithmetic on a type parameter), so their methods are the libraries' to call,
/// and one that never runs loses its body as a library trait's does (`Rem<BigInt> for
/// BigInt` forwarding to `Rem<&BigInt>`, kept for the type check of code that never runs).
pub fn is_operator(tr: &str) -> bool {
    let tables = BINARY.iter().chain(ASSIGN.iter());
    ["Neg", "Not"].contains(&tr) || tables.map(|(_, t)| *t).any(|t| t == tr)
}

/// The identifiers of an error's first snippet under its first line of carets.
pub fn under_caret(error: &str) -> Vec<String> {
    let Some((snippet, carets)) = crate::bundle::check::oracle::caret_lines(error) else {
        return Vec::new();
    };
    let marked: String = (snippet.char_indices())
        .filter(|&(j, _)| carets.as_bytes().get(j) == Some(&b'^'))
        .map(|(_, c)| c)
        .collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    (marked.split(|c: char| !word(c)))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The function and the head of the type of "no method named `x` found for struct `T<..>`"
/// and "no function or associated item named `x` found for struct `T<..>`".
pub fn not_found_on<'a>(message: &str, ticks: &[&'a str]) -> Option<(&'a str, String)> {
    let words = [
        "no method named `",
        "no function or associated item named `",
    ];
    if !words.iter().any(|w| message.contains(w)) {
        return None;
    }
    let ty = mono::normal(ticks.get(1)?);
    let ty = ty.trim_start_matches('&').trim_start_matches("mut ");
    Some((ticks.first()?, base_of(ty)))
}

/// A type's head: its name before its arguments (`Matrix<N,R>`: `Matrix`).
pub fn base_of(ty: &str) -> String {
    ty.split('<').next().unwrap_or_default().trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lookup of an error's words finds a word exactly where `has_word` scanning the
    /// text finds it: on 2,000 texts drawn (fixed seed) from words, digits, `_`, non-ASCII
    /// letters, backticks and punctuation, for every word of the vocabulary and a few
    /// strings that are not words (`UInt<B1>`, `a::b`, the empty string).
    #[test]
    fn a_words_lookup_answers_as_scanning_the_text_does() {
        let pieces = [
            "Add", "Bits", "U3", "UInt", "B1", "_x", "x_", "é", "Vec", "add", "9", " ", "`", "<",
            ">", "::", ",", "(", "&", "\n",
        ];
        let asked = [
            "Add", "Bits", "U3", "UInt", "B1", "_x", "x_", "é", "Vec", "add", "AddBits",
            "UInt<B1>", "a::b", "", "9", "é9",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut compared = 0;
        for _ in 0..2000 {
            let len = next(12);
            let text: String = (0..len).map(|_| pieces[next(pieces.len())]).collect();
            let said = Said::new(&text);
            for w in asked {
                assert_eq!(said.has_word(w), has_word(&text, w), "{w:?} in {text:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 2000 * asked.len());
    }
}
