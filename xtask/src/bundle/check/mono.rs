//! What a debug build of a draft instantiates: the trait impls whose methods the program's
//! code reaches.
//!
//! rustc's dead-code lint says nothing of trait impls; its code generator does. A debug
//! build of a binary generates only what `main` reaches (every method called, through a
//! bound or a vtable, in every type it is called for), so the functions an unoptimised LLVM
//! module defines name, by their symbols (`<i64 as draft::num_integer::Integer>::gcd`), the
//! impls the program runs. The others are needed at most by the type check (a supertrait, a
//! bound, an associated type or constant), which the impls pass settles by compiling.
//!
//! The symbols are read in rustc's legacy mangling (the default of stable rustc); when no
//! symbol of the draft's own `main` is found (another mangling), nothing is known.

use crate::error::PathContext;
use std::path::Path;
use std::process::Command;

/// (type, trait) of an impl, each by its last path segment without arguments: (`BigUint`,
/// `Add`) for `<&num_bigint::BigUint as core::ops::Add<u32>>::add`.
pub type Pair = (String, String);

/// The impls a debug build defines a method of.
#[derive(Debug, Default)]
pub struct Instances {
    /// By header (`normal`), with the (type, trait) it is of.
    pub headers: crate::fast_hash::HashMap<String, Pair>,
    /// (header, method) of every method generated.
    pub methods: crate::fast_hash::HashSet<(String, String)>,
    /// (container, name) of every other function of the draft generated: a free function's
    /// module (`multiplication`, `mac3`), an inherent method's type (`BigUint`, `pow`).
    pub functions: crate::fast_hash::HashSet<Pair>,
    /// The same, with the type arguments of the container each was generated for, `normal`
    /// (`Matrix<N, U3, U3, ..>::new`: `N`, `U3`, `U3`, ...): nalgebra writes one inherent
    /// impl per shape (`impl<N> MatrixMN<N, U3, U3> { pub fn new(..) }`, 36 of them).
    pub arguments: crate::fast_hash::HashMap<Pair, crate::fast_hash::HashSet<Vec<String>>>,
}

/// `Self as Trait<args>` (or any type) with lifetimes, paths and spaces taken out, so that
/// a symbol's `&draft::big::BigUint as core::ops::arith::Add<u32>` and the source's
/// `& 'a BigUint as Add < u32 >` are both `&BigUint as Add<u32>`... without the spaces.
/// A lifetime argument goes with its comma, as a symbol leaves it out (`MatrixIndex<'a, N,
/// R, C, S>` is `MatrixIndex<N,R,C,S>`, `Chars<'a>` is `Chars`).
pub fn normal(text: &str) -> String {
    let mut out = spelled(text);
    loop {
        let next = (out.replace("<,", "<").replace(",>", ">"))
            .replace(",,", ",")
            .replace("<>", "");
        if next == out {
            return out;
        }
        out = next;
    }
}

/// `normal` but for the commas and brackets a lifetime taken out leaves.
fn spelled(text: &str) -> String {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::new();
    let mut space = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // A lifetime: `'a`, `'static`.
            '\'' => {
                while chars.peek().is_some_and(|&c| ident(c)) {
                    chars.next();
                }
            }
            // `a::b::C` is `C`: the segment before a `::` goes.
            ':' if chars.peek() == Some(&':') => {
                chars.next();
                space = false;
                while out.chars().next_back().is_some_and(ident) {
                    out.pop();
                }
            }
            c if c.is_whitespace() => space = true,
            c => {
                // A space stays only before a word that follows a word or a closed type
                // (`dyn Trait`, `&mut T`, `Foo<T> as Trait`).
                let after = out.chars().next_back();
                if space && ident(c) && after.is_some_and(|a| ident(a) || ")>]".contains(a)) {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
    }
    out
}

/// A normal header with a trait argument that is `Self` left out (`BigInt as Sub<BigInt>`
/// is `BigInt as Sub`): rustc's symbols leave out an argument equal to its default, and
/// `Rhs = Self` is the operators' default. Both sides are written so before they meet.
pub fn canon(header: &str) -> String {
    match header_parts(header) {
        Some((ty, tr, Some(args))) if args == ty => format!("{ty} as {tr}"),
        _ => header.to_string(),
    }
}

/// `Self`, `Trait` and its arguments (if written) of a normal header `Self as Trait<args>`.
pub fn header_parts(header: &str) -> Option<(&str, &str, Option<&str>)> {
    let mut depth = 0i32;
    let bytes = header.as_bytes();
    let mut split = None;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' | b')' | b']' => depth -= 1,
            b' ' if depth == 0 && header[i..].starts_with(" as ") => {
                split = Some(i);
                break;
            }
            _ => {}
        }
    }
    let split = split?;
    let (ty, tr) = (&header[..split], &header[split + 4..]);
    Some(match tr.split_once('<') {
        Some((name, args)) => (ty, name, Some(args.strip_suffix('>')?)),
        None => (ty, tr, None),
    })
}

/// The impls of which a debug build of `text` (compiled in `dir`) defines a method, or why
/// that cannot be told: the build's errors (the draft does not compile), or its symbols are
/// not read.
pub fn instantiated(text: &str, dir: &Path) -> anyhow::Result<Result<Instances, String>> {
    let ir = match debug_build(text, dir)? {
        Ok(ir) => ir,
        Err(errors) => return Ok(Err(errors)),
    };
    Ok(pairs(&ir).ok_or_else(|| "the draft's symbols are not read".to_string()))
}

/// The code (LLVM IR) a debug build of `text` generates, or `None` if it does not compile.
pub fn generated_code(text: &str, dir: &Path) -> anyhow::Result<Option<String>> {
    Ok(debug_build(text, dir)?.ok())
}

/// The LLVM IR of a debug build of `text`, compiled in `dir`, or the build's errors.
fn debug_build(text: &str, dir: &Path) -> anyhow::Result<Result<String, String>> {
    let source = dir.join("mono.rs");
    std::fs::write(&source, text).at(&source)?;
    let rustc = super::externs::rustc_or(crate::judge::local_rustc().into());
    let out = Command::new(rustc)
        .current_dir(dir)
        .args(["--edition", crate::judge::EDITION, "--crate-type", "bin"])
        .args(["--crate-name", "draft", "-A", "warnings"])
        .args(super::externs::args())
        // Unoptimised and without LLVM's passes: what rustc generates, nothing inlined away;
        // with the judge's `-O` cfgs (no `debug_assertions`, no overflow checks), so that a
        // `cfg!(debug_assertions)` branch is the one the judge's build takes.
        .args([
            "-C",
            "opt-level=0",
            "-C",
            "debuginfo=0",
            "-C",
            "codegen-units=1",
        ])
        .args(["-C", "debug-assertions=off", "-C", "overflow-checks=off"])
        .args([
            "-C",
            "no-prepopulate-passes",
            "--emit=llvm-ir",
            "-o",
            "mono.ll",
        ])
        .arg("mono.rs")
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run rustc: {e}"))?;
    if !out.status.success() {
        return Ok(Err(String::from_utf8_lossy(&out.stderr).into_owned()));
    }
    let ir = dir.join("mono.ll");
    Ok(Ok(std::fs::read_to_string(&ir).at(&ir)?))
}

/// The pairs of the functions `ir` defines; `None` when the draft's `main` is not among
/// the symbols read.
fn pairs(ir: &str) -> Option<Instances> {
    let mut main = false;
    let mut out = Instances::default();
    for line in ir.lines().filter(|l| l.starts_with("define ")) {
        let Some(name) = defined_name(line).and_then(demangle) else {
            continue;
        };
        main |= name == "draft::main";
        match impl_of(&name) {
            // std's own impl (`<u32 as core::ops::Rem>::rem`, an `#[inline]` method
            // generated where it is used): no library's, which names a type of the draft.
            Some((header, ..)) if !header.contains("draft::") => {}
            Some((header, pair, method)) => {
                let header = canon(&normal(&header));
                if let Some(method) = method {
                    out.methods.insert((header.clone(), method));
                }
                if let Some(pair) = pair {
                    out.headers.insert(header, pair);
                }
            }
            // A trait impl's path not read is a method that runs unaccounted for: then
            // nothing is known.
            None if name.contains("<impl ") && name.contains(" for ") => {
                if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
                    eprintln!("mono: a trait impl's symbol not read: {name}");
                }
                return None;
            }
            None => {
                if let Some((pair, args)) = function_of(&name) {
                    out.functions.insert(pair.clone());
                    out.arguments.entry(pair).or_default().insert(args);
                }
            }
        }
    }
    main.then_some(out)
}

/// The symbol a `define` line of LLVM IR names: `@name(` or `@"name"(`.
fn defined_name(line: &str) -> Option<&str> {
    let at = &line[line.find('@')? + 1..];
    match at.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next(),
        None => at.split('(').next(),
    }
}

/// A legacy-mangled symbol (`_ZN` length-prefixed parts `E`) as a path, without its hash.
fn demangle(symbol: &str) -> Option<String> {
    let mut rest = symbol.strip_prefix("_ZN")?;
    let mut parts = Vec::new();
    while !rest.starts_with('E') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let len: usize = rest[..digits].parse().ok()?;
        let part = rest.get(digits..digits + len)?;
        rest = &rest[digits + len..];
        parts.push(part);
    }
    let hash = |p: &&str| p.len() == 17 && p.starts_with('h');
    if parts.last().is_some_and(hash) {
        parts.pop();
    }
    let parts: Vec<String> = parts.iter().map(|p| unescape(p)).collect();
    Some(parts.join("::"))
}

/// One part of a legacy symbol: `$LT$` is `<`, `$u20$` a space, `..` is `::`, ....
fn unescape(part: &str) -> String {
    let part = part
        .strip_prefix("_$")
        .map_or(part.to_string(), |p| format!("${p}"));
    let mut out = String::new();
    let mut rest = part.as_str();
    while let Some(c) = rest.chars().next() {
        if c == '$' {
            if let Some(end) = rest[1..].find('$') {
                let code = &rest[1..=end];
                let decoded = match code {
                    "LT" => Some('<'),
                    "GT" => Some('>'),
                    "RF" => Some('&'),
                    "BP" => Some('*'),
                    "C" => Some(','),
                    "SP" => Some('@'),
                    "LP" => Some('('),
                    "RP" => Some(')'),
                    _ => code
                        .strip_prefix('u')
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .and_then(char::from_u32),
                };
                if let Some(d) = decoded {
                    out.push(d);
                    rest = &rest[end + 2..];
                    continue;
                }
            }
        }
        if let Some(after) = rest.strip_prefix("..") {
            out.push_str("::");
            rest = after;
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The (container, name) of a function of the draft by its path: `draft::a::helper` is
/// (`a`, `helper`), `draft::a::S<T>::get` (an inherent method) is (`S`, `get`), and so is
/// `draft::m::<impl draft::a::S<T>>::get` (an inherent impl written in another module). A
/// closure's path is its function's. With it, the container's type arguments
/// (`arguments_of`).
fn function_of(path: &str) -> Option<(Pair, Vec<String>)> {
    let rest = path.strip_prefix("draft::")?;
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = rest.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' => depth -= 1,
            b':' if depth == 0 && rest[i..].starts_with("::") => {
                parts.push(&rest[start..i]);
                start = i + 2;
            }
            _ => {}
        }
    }
    parts.push(&rest[start..]);
    while parts.last().is_some_and(|p| p.starts_with("{{")) {
        parts.pop();
    }
    let name = parts.pop()?;
    let container = parts.last()?;
    let container = container
        .strip_prefix("<impl ")
        .and_then(|c| c.strip_suffix('>'))
        .unwrap_or(container);
    let pair = (last_segment(container)?, name.to_string());
    Some((pair, arguments_of(container)))
}

/// The type arguments of a type's last segment, each `normal`: `a::M<N, b::U3, <X as
/// Y<N>>::Buffer>` has `N`, `U3` and `<X as Y<N>>Buffer`; none without arguments.
pub fn arguments_of(ty: &str) -> Vec<String> {
    let ty = ty.trim();
    let Some(inner) = ty.strip_suffix('>') else {
        return Vec::new();
    };
    let bytes = inner.as_bytes();
    let mut depth = 0usize;
    let mut open = None;
    for (i, &b) in bytes.iter().enumerate().rev() {
        match b {
            b'>' if i == 0 || bytes[i - 1] != b'-' => depth += 1,
            b'<' if depth == 0 => {
                open = Some(i);
                break;
            }
            b'<' => depth -= 1,
            _ => {}
        }
    }
    let Some(open) = open else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, open + 1);
    for (i, &b) in bytes.iter().enumerate().skip(open + 1) {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                out.push(normal(&inner[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(normal(&inner[start..]));
    out
}

/// A trait method's path, read: its impl's header (`Self as Trait`), (type, trait), and the
/// method (`None` for the impl's drop glue and the like).
type Read = (String, Option<Pair>, Option<String>);

/// The impl a trait method's path names, in either of rustc's legacy forms:
/// `<Self as Trait>::method...`, or `module::<impl Trait for Self>::method...` (an impl
/// written in another module than its type and trait: rand's `Distribution<u32> for
/// Standard` in `distributions::integer`).
fn impl_of(path: &str) -> Option<Read> {
    let (inner, sep, sep_len, swap) = match path.find("::<impl ") {
        Some(at) => (&path[at + 8..], " for ", 5, true),
        None => (path.strip_prefix('<')?, " as ", 4, false),
    };
    let mut depth = 0usize;
    let mut split = None;
    let bytes = inner.as_bytes();
    let mut close = None;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' => depth += 1,
            // `->` of a function pointer type closes nothing.
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' if depth == 0 => {
                close = Some(i);
                break;
            }
            b'>' => depth -= 1,
            b' ' if depth == 0 && split.is_none() && inner[i..].starts_with(sep) => split = Some(i),
            _ => {}
        }
    }
    let (split, close) = (split?, close?);
    let (mut ty, mut tr) = (&inner[..split], &inner[split + sep_len..close]);
    if swap {
        (ty, tr) = (tr, ty);
    }
    let method = (inner[close + 1..].strip_prefix("::"))
        .and_then(|r| r.split("::").next())
        .map(str::to_string);
    let header = format!("{ty} as {tr}");
    // A pointer's impl has no pair (no candidate is one).
    let pair = last_segment(ty).zip(last_segment(tr));
    Some((header, pair, method))
}

/// The type every tuple is to a (type, trait) pair: num-traits' `Bounded` for tuples of 1
/// to 20 elements is one family, and so is nalgebra's `MatrixIndex for (usize, usize)`.
pub const TUPLE: &str = "(..)";

/// The type every array and slice is to a (type, trait) pair: smallvec's `Array for [T;
/// N]` for 53 lengths is one family.
pub const SEQUENCE: &str = "[..]";

/// `Vec` of `&mut alloc::vec::Vec<T>`; `TUPLE` for a tuple, `SEQUENCE` for an array or a
/// slice; `None` for a pointer type.
fn last_segment(ty: &str) -> Option<String> {
    let mut ty = ty.trim();
    for prefix in ["&mut ", "&", "dyn "] {
        ty = ty.strip_prefix(prefix).unwrap_or(ty);
    }
    if ty.starts_with('(') {
        return Some(TUPLE.to_string());
    }
    if ty.starts_with('[') {
        return Some(SEQUENCE.to_string());
    }
    // The arguments written last: `Guard<T>` of `<IntoIter<T> as Drop>::drop::Guard<T>`.
    let mut head = ty;
    if ty.ends_with('>') {
        let mut depth = 0usize;
        for (i, b) in ty.bytes().enumerate().rev() {
            match b {
                b'>' if i == 0 || ty.as_bytes()[i - 1] != b'-' => depth += 1,
                b'<' if depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        head = &ty[..i];
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    let last = head.rsplit("::").next()?;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    (!last.is_empty() && last.chars().all(ident)).then(|| last.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_hash::HashSet;

    #[test]
    fn a_legacy_symbol_reads_as_its_path_and_names_its_impl() {
        // As rustc 1.73 and 1.95 write it for `impl Add<u32> for &BigUint`'s `add`: the
        // layout is rustc's (length-prefixed parts, `$..$` escapes, a hash part last).
        let sym = "_ZN76_$LT$$RF$draft..big..BigUint$u20$as$u20$core..ops..arith..Add$LT$u32$GT$$GT$3add17h0123456789abcdefE";
        let path = demangle(sym).unwrap();
        assert_eq!(
            path,
            "<&draft::big::BigUint as core::ops::arith::Add<u32>>::add"
        );
        let (header, pair, method) = impl_of(&path).unwrap();
        assert_eq!(method.as_deref(), Some("add"));
        assert_eq!(pair, Some(("BigUint".into(), "Add".into())));
        // The source's header of that impl reads the same once normalised.
        assert_eq!(normal(&header), "&BigUint as Add<u32>");
        // An argument that is `Self` is left out, as rustc's symbols leave out a default.
        assert_eq!(canon("BigInt as Sub<BigInt>"), "BigInt as Sub");
        assert_eq!(canon("&BigInt as Sub<BigInt>"), "&BigInt as Sub<BigInt>");
        assert_eq!(
            normal("& 'a BigUint as ops :: Add < u32 >"),
            "&BigUint as Add<u32>"
        );
        assert_eq!(
            normal("(A , B) as T < & 'a mut dyn fmt :: Debug , [u8 ; 3] >"),
            "(A,B) as T<&mut dyn Debug,[u8;3]>"
        );
        // A lifetime argument is left out of a symbol, with its comma (rustc 1.95's
        // `<(usize, usize) as m::Idx<N>>::get` for `impl<'a, N: 'a> Idx<'a, N> for (usize,
        // usize)`, `<w::W as w::T1>::f` for `impl<'a> T1 for W<'a>`). Fails before: every
        // tuple's `MatrixIndex` impl of nalgebra stayed, the one that runs unexplained.
        let sym = "_ZN57_$LT$$LP$usize$C$usize$RP$$u20$as$u20$m..Idx$LT$N$GT$$GT$3get17hca0b54334c6d93e5E";
        let (header, ..) = impl_of(&demangle(sym).unwrap()).unwrap();
        assert_eq!(normal(&header), "(usize,usize) as Idx<N>");
        assert_eq!(
            normal("(usize, usize) as Idx<'a, N>"),
            "(usize,usize) as Idx<N>"
        );
        assert_eq!(normal("W<'a> as T1"), "W as T1");
        assert_eq!(normal("P<'a, 'b, T> as Q<'b>"), "P<T> as Q");
        assert_eq!(
            header_parts("Foo<T> as Add<&Foo<T>>"),
            Some(("Foo<T>", "Add", Some("&Foo<T>")))
        );
        assert_eq!(
            header_parts("(A,B) as Bounded"),
            Some(("(A,B)", "Bounded", None))
        );
        // An array's impl is of `SEQUENCE`, as a tuple's is of `TUPLE`.
        let (header, pair, _) = impl_of("<[T; 4] as draft::a::Array>::size").unwrap();
        assert_eq!(normal(&header), "[T;4] as Array");
        assert_eq!(pair, Some((SEQUENCE.into(), "Array".into())));
        // Other functions, by (container, name), as rustc 1.95 writes them.
        let read = |sym: &str| function_of(&demangle(sym).unwrap()).map(|(pair, _)| pair);
        let f = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            read("_ZN5draft1a6helper17h4f1e5476abe7bbf0E"),
            f("a", "helper")
        );
        let closure = "_ZN5draft1a6helper28_$u7b$$u7b$closure$u7d$$u7d$17h6d12b0be4a7ef79fE";
        assert_eq!(read(closure), f("a", "helper"));
        let inherent = "_ZN5draft1a10S$LT$T$GT$3get17h48ebb6ae38527c0eE";
        assert_eq!(read(inherent), f("S", "get"));
        let moved = "_ZN5draft1a32_$LT$impl$u20$draft..a..b..U$GT$3run17hd3f2c5306acc8fa1E";
        assert_eq!(read(moved), f("U", "run"));
        assert_eq!(function_of("std::rt::lang_start"), None);
        // With the container's type arguments: one inherent impl per shape.
        let shaped = "draft::m::<impl draft::a::M<N,draft::d::U3,<draft::a::X as draft::a::Y<N>>::Buffer>>::new";
        let (pair, args) = function_of(shaped).unwrap();
        assert_eq!(pair, ("M".to_string(), "new".to_string()));
        assert_eq!(args, ["N", "U3", "<X as Y<N>>Buffer"]);
        assert!(function_of("draft::a::helper").unwrap().1.is_empty());
        let pair_of = |p: &str| impl_of(p).and_then(|x| x.1);
        // The other form: an impl in another module than its type and trait.
        let moved = "draft::rand::integer::<impl draft::rand::Distribution<u32> for draft::rand::Standard>::sample";
        let (header, pair, method) = impl_of(moved).unwrap();
        assert_eq!(normal(&header), "Standard as Distribution<u32>");
        assert_eq!(pair, Some(("Standard".into(), "Distribution".into())));
        assert_eq!(method.as_deref(), Some("sample"));
        // A type nested in another impl's method, and a function pointer's `->`.
        let nested = "<<alloc::vec::IntoIter<T> as core::ops::Drop>::drop::Guard<T> as core::ops::Drop>::drop";
        assert_eq!(pair_of(nested), Some(("Guard".into(), "Drop".into())));
        let fnptr = "<draft::F<fn() -> u8> as draft::T>::m";
        assert_eq!(pair_of(fnptr), Some(("F".into(), "T".into())));
        assert_eq!(pair_of("draft::main"), None);
        assert_eq!(
            pair_of("<(A, B) as draft::T>::m"),
            Some(("(..)".into(), "T".into()))
        );
        assert_eq!(
            pair_of("<[u8] as draft::T>::m"),
            Some(("[..]".into(), "T".into()))
        );
        assert_eq!(pair_of("<*const u8 as draft::T>::m"), None);
    }

    #[test]
    fn a_debug_build_instantiates_exactly_the_impls_main_reaches() {
        // Three impls of one trait and one of an operator; `main` calls one method through
        // a generic function and one operator: the other impls are never generated.
        let program = r#"
pub trait Shape { fn area(&self) -> u64; fn name(&self) -> &'static str { "shape" } }
pub struct Square(u64); pub struct Disc(u64); pub struct Line;
impl Shape for Square { fn area(&self) -> u64 { self.0 * self.0 } }
impl Shape for Disc { fn area(&self) -> u64 { 3 * self.0 * self.0 } }
impl Shape for Line { fn area(&self) -> u64 { 0 } }
impl std::ops::Add for Square { type Output = Square; fn add(self, o: Square) -> Square { Square(self.0 + o.0) } }
impl std::ops::Sub for Square { type Output = Square; fn sub(self, o: Square) -> Square { Square(self.0 - o.0) } }
pub struct Tri(u64);
mod far { impl super::Shape for super::Tri { fn area(&self) -> u64 { self.0 / 2 } } }
fn total<S: Shape>(s: &[S]) -> u64 { s.iter().map(|x| x.area()).sum() }
fn rem<T: std::ops::Rem<Output = T>>(a: T, b: T) -> T { a % b }
fn main() { let s = Square(2) + Square(3); println!("{}", total(&[s]) + total(&[Tri(4)]) + rem(7, 4)); }
"#;
        let dir = tempfile::tempdir().unwrap();
        let found = instantiated(program, dir.path()).unwrap().unwrap();
        // Of `Shape for Square`, `area` runs; `name` is the trait's default, never called.
        assert!(found
            .methods
            .contains(&("Square as Shape".into(), "area".into())));
        assert!(!found.methods.iter().any(|(h, _)| h.starts_with("Disc ")));
        // std's own `Rem for u64`, generated here through `rem`, is no library's impl.
        assert!(!found.headers.keys().any(|h| h.starts_with("u64 ")));
        let ours: HashSet<Pair> = (found.headers.into_values())
            .filter(|(ty, _)| ["Square", "Disc", "Line", "Tri"].contains(&ty.as_str()))
            .collect();
        // `Shape for Tri`, written in another module, is named `far::<impl Shape for Tri>`.
        let want: HashSet<Pair> = [("Square", "Shape"), ("Square", "Add"), ("Tri", "Shape")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(ours, want);
        // A draft that does not compile tells nothing.
        let errors = instantiated("fn main() { x }", dir.path())
            .unwrap()
            .unwrap_err();
        assert!(errors.contains("cannot find value `x`"), "{errors}");
    }
}
