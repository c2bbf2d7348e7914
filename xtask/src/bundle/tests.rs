//! Tests of the bundler on fixture libraries. Each is differential: the fixture library is
//! also built by rustc as a real crate and the solution linked against it (`--extern`), and
//! the bundle, compiled alone with plain `rustc --edition 2021`, must print the same bytes.
//! Markers in the fixtures then show what pruning kept and what it removed.

use super::{bundle, Dep, Layout, Library, Options, Pruning, Scope};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn write_tree(root: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let path = root.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// A fixture library named `fixture` under `dir`.
fn library(dir: &Path, files: &[(&str, &str)]) -> Library {
    write_tree(&dir.join("fixture/src"), files);
    Library {
        notice: "fixture".into(),
        ..Library::new(
            "fixture",
            "fixture 0.0.0",
            dir.join("fixture/src/lib.rs"),
            crate::judge::EDITION,
        )
    }
}

fn deps_on(lib: &Library) -> BTreeMap<String, Dep> {
    BTreeMap::from([(lib.module.clone(), Dep::Module(lib.module.clone()))])
}

fn run(binary: &Path, input: &[u8]) -> String {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{} failed", binary.display());
    String::from_utf8(out.stdout).unwrap()
}

/// `dir/Main.rs` built into `dir/Main` with the judge's command (judge.rs), unoptimised.
fn compile_as_the_judge(dir: &Path) {
    let args = crate::judge::BOJ.rustc_args(Path::new("Main.rs"), Path::new("Main"));
    let mut args: Vec<&str> = args.iter().map(|a| a.to_str().unwrap()).collect();
    // What -O means to the program (no debug assertions, no overflow checks: its `cfg`s and
    // its arithmetic), without the optimiser's time: these tests check the bundler's text,
    // and the judge's whole command is `submit`'s and the corpus's. The tool's tests build
    // about 170 bundles.
    let at = args
        .iter()
        .position(|a| *a == "-O")
        .expect("BOJ builds with -O");
    args.splice(
        at..=at,
        ["-C", "debug-assertions=off", "-C", "overflow-checks=off"],
    );
    rustc(dir, &args);
}

fn rustc(dir: &Path, args: &[&str]) {
    let out = Command::new(crate::judge::local_rustc())
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "rustc {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What the solution prints when built the ordinary way, against the library as a crate.
fn reference_output(dir: &Path, lib: &Library, main: &Path, input: &[u8]) -> String {
    let build = dir.join("reference");
    fs::create_dir_all(&build).unwrap();
    let lib_root = lib.root.to_str().unwrap();
    rustc(
        &build,
        &[
            "--edition",
            crate::judge::EDITION,
            "--crate-type",
            "lib",
            "--crate-name",
            "fixture",
            // As cargo builds a registry dependency: its lints are not the user's.
            "--cap-lints",
            "allow",
            lib_root,
        ],
    );
    rustc(
        &build,
        &[
            "--edition",
            crate::judge::EDITION,
            "--extern",
            "fixture=libfixture.rlib",
            "-o",
            "reference",
            main.to_str().unwrap(),
        ],
    );
    run(&build.join("reference"), input)
}

/// Compiles a bundle alone as the judge does and runs it.
fn bundle_output(dir: &Path, text: &str, input: &[u8]) -> String {
    let build = dir.join("bundled");
    fs::create_dir_all(&build).unwrap();
    fs::write(build.join("Main.rs"), text).unwrap();
    compile_as_the_judge(&build);
    run(&build.join("Main"), input)
}

/// Bundles `main` with the fixture (both prunings, and the whole library: the ladder's last
/// step) and checks each prints what the ordinary build prints; returns the
/// compiler-pruned bundle's text.
fn differential(files: &[(&str, &str)], main: &str, input: &[u8]) -> String {
    differential_both(files, main, input).1
}

/// As `differential`; returns the name-pruned bundle's text and the compiler-pruned one's.
fn differential_both(files: &[(&str, &str)], main: &str, input: &[u8]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let lib = library(dir.path(), files);
    let main_rs = dir.path().join("main.rs");
    fs::write(&main_rs, main).unwrap();
    let expected = reference_output(dir.path(), &lib, &main_rs, input);
    let mut texts = Vec::new();
    for (pruning, scope) in [
        (Pruning::Names, Scope::Whole),
        (Pruning::Names, Scope::Reached),
        (Pruning::Compiler, Scope::Reached),
    ] {
        let options = Options {
            pruning,
            layout: Layout::Compact,
            scope,
            judge: &crate::judge::BOJ,
            deadline: super::budget::Deadline::NONE,
            alongside: None,
        };
        let b = bundle(
            &main_rs,
            &deps_on(&lib),
            std::slice::from_ref(&lib),
            options,
        )
        .unwrap();
        assert_eq!(
            bundle_output(dir.path(), &b.text, input),
            expected,
            "{pruning:?} {scope:?} bundle differs:\n{}",
            b.text
        );
        if scope != Scope::Whole {
            texts.push(b.text);
        }
    }
    let compiler_pruned = texts.pop().unwrap();
    (texts.pop().unwrap(), compiler_pruned)
}

/// The library of the test below: one marker for each name a bare-name pruner confuses.
const SCOPES_LIB: &str = r#"
pub mod rngs {
    use crate::heavy::Heavy as Rng;
    pub struct Std(pub Rng);
}
pub mod heavy {
    pub struct Heavy(pub [u8; HEAVY_MARKER]);
    pub const HEAVY_MARKER: usize = 7;
}
pub trait Rng { fn roll(&self) -> u32; }
pub struct Dice;
impl Rng for Dice { fn roll(&self) -> u32 { 4 } }
pub mod getrandom { pub struct Error(pub u32); }
pub fn getrandom() -> u32 { GETRANDOM_FN_MARKER }
pub const GETRANDOM_FN_MARKER: u32 = 9;
pub fn code(e: getrandom::Error) -> u32 { e.0 }
pub enum Width { U32(u32), U64(u64) }
pub fn width(w: &Width) -> u64 { use self::Width::*; match *w { U32(x) => x as u64, U64(x) => x } }
pub struct U32(pub [u8; U32_STRUCT_MARKER]);
pub const U32_STRUCT_MARKER: usize = 3;
extern "C" {
    pub fn abs(x: i32) -> i32;
    pub fn labs_unused_marker(x: i64) -> i64;
}
pub fn absolute(x: i32) -> i32 { unsafe { abs(x) } }
pub struct Used;
pub struct Unused;
const _: () = {
    impl Used { pub fn one(&self) -> u32 { 1 } }
    impl Unused { pub fn marker(&self) -> u32 { UNUSED_BLOCK_MARKER } }
};
pub const UNUSED_BLOCK_MARKER: u32 = 5;
pub struct NeverBlockMarker;
const _: () = unsafe { let _ = NeverBlockMarker; };
pub mod prims { pub use core::ffi::c_int; }
pub use prims::*;
pub fn as_c(x: i32) -> c_int { x }
pub struct Cell(pub u8);
pub fn read(p: *const Cell) -> u8 { unsafe { (*p).0 } }
pub mod gone { pub fn g() -> u32 { GONE_MARKER } pub const GONE_MARKER: u32 = 1; }
pub mod shapes {
    pub trait Area { fn area(&self) -> u32 { AREA_TRAIT_MARKER } }
    pub const AREA_TRAIT_MARKER: u32 = 3;
    pub fn used() -> u32 { 1 }
}
pub use shapes::Area;
#[test]
fn used() {
    assert_eq!(LOOSE_TEST_MARKER, 0);
}
pub const LOOSE_TEST_MARKER: u32 = 0;
pub struct Rect(pub u32);
impl Rect { pub fn area(&self) -> u32 { self.0 } }
pub fn pick() -> u32 {
    #[cfg(feature = "nope")]
    {
        return crate::gone::g();
    }
    2
}
"#;

/// Its program.
const SCOPES_MAIN: &str = r#"use fixture::Rng;
fn main() {
    let c = fixture::Cell(8);
    println!(
        "{} {} {} {} {} {} {} {} {} {}",
        fixture::Rect(2).area(),
        fixture::shapes::used(),
        fixture::Dice.roll(),
        fixture::code(fixture::getrandom::Error(2)),
        fixture::width(&fixture::Width::U64(5)),
        fixture::absolute(-3),
        fixture::Used.one(),
        fixture::as_c(6),
        fixture::read(&c),
        fixture::pick()
    );
}
"#;

/// The name-based pruner resolves names as rustc would where a bare name is not enough: a
/// private `use ... as Rng;` serves only its own module, `getrandom::Error` never means the
/// function `getrandom`, a variant `U32` in a match is not the struct `U32`, an `extern`
/// block and a `const _` block keep only the items used, a statement compiled out by
/// `#[cfg]` names nothing, `*const Cell` names `Cell`, `pub use core::ffi::c_int;`
/// serves the crate, a trait's method name called elsewhere (`Rect::area`) keeps
/// neither the trait nor its `pub use` (a call needs the trait in scope where it is), and
/// a `#[test]` function (named like one the solution calls) is a test's only. The markers are checked in the name-pruned bundle (before the
/// compiler's dead-code pass), which must itself compile and print what cargo's build does.
#[test]
fn the_name_pruner_keeps_what_rustc_would_resolve_and_nothing_a_bare_name_only_resembles() {
    let (names, _) = differential_both(&[("lib.rs", SCOPES_LIB)], SCOPES_MAIN, b"");
    for gone in [
        "HEAVY_MARKER",
        "GETRANDOM_FN_MARKER",
        "U32_STRUCT_MARKER",
        "labs_unused_marker",
        "UNUSED_BLOCK_MARKER",
        "NeverBlockMarker",
        "GONE_MARKER",
        "AREA_TRAIT_MARKER",
        "LOOSE_TEST_MARKER",
    ] {
        assert!(!names.contains(gone), "{gone} kept:\n{names}");
    }
    for kept in ["fn abs", "c_int", "struct Cell", "fn one"] {
        assert!(names.contains(kept), "{kept} lost:\n{names}");
    }
}

#[test]
fn trait_default_methods_are_kept_only_when_called() {
    let text = differential(
        &[(
            "lib.rs",
            "pub trait Ext: Iterator + Sized {\n\
                 fn doubled_sum(self) -> i64 where Self::Item: Into<i64> { self.map(|x| x.into() * 2).sum() }\n\
                 fn marker_unused_a(self) -> usize { self.count() + MARKER_A }\n\
                 fn marker_unused_b(self) -> usize { let _ = MARKER_B; 0 }\n\
             }\n\
             impl<T: Iterator> Ext for T {}\n\
             pub const MARKER_A: usize = 1;\npub const MARKER_B: usize = 2;\n",
        )],
        "use fixture::Ext;\nfn main() { println!(\"{}\", [1i32, 2, 3].into_iter().doubled_sum()); }\n",
        b"",
    );
    assert!(text.contains("fn doubled_sum"));
    assert!(
        !text.contains("marker_unused_a") && !text.contains("MARKER_B"),
        "{text}"
    );
}

/// An impl whose trait arguments name a marker (an enum without variants, zerocopy 0.8's
/// `impl<..> MutationCompatible<Src, A, SV, DV, (BecauseRead, R)> for Dst`) is chosen by
/// inference: no caller writes the marker, so the impl is kept by its trait and its type
/// alone, and the marker with it; an impl of the same trait for a type nothing keeps still
/// goes.
#[test]
fn an_impl_chosen_by_a_marker_in_its_trait_arguments_is_kept_with_its_trait() {
    let text = differential(
        &[(
            "lib.rs",
            "pub enum ByWidening {}\n\
             pub enum ByTruncation {}\n\
             pub trait CastFrom<Src, R> { fn cast_from(src: Src) -> Self; }\n\
             impl<R> CastFrom<i32, (ByWidening, R)> for i64 { fn cast_from(src: i32) -> i64 { src as i64 } }\n\
             impl CastFrom<i64, ByTruncation> for i32 { fn cast_from(src: i64) -> i32 { src as i32 } }\n\
             pub struct Unused;\n\
             impl CastFrom<u8, ByWidening> for Unused { fn cast_from(_: u8) -> Unused { let _ = UNUSED_IMPL_MARKER; Unused } }\n\
             pub const UNUSED_IMPL_MARKER: u8 = 1;\n\
             pub fn cast<Dst: CastFrom<Src, R>, Src, R>(src: Src) -> Dst { Dst::cast_from(src) }\n",
        )],
        "use fixture::cast;\nfn main() { let a: i64 = cast::<_, _, (_, ())>(7i32); let b: i32 = cast(a * 3 + (1 << 33)); println!(\"{} {}\", a, b); }\n",
        b"",
    );
    assert!(
        text.contains("ByWidening") && text.contains("ByTruncation"),
        "{text}"
    );
    assert!(!text.contains("UNUSED_IMPL_MARKER"), "{text}");
}

#[test]
fn blanket_impls_follow_their_trait() {
    let text = differential(
        &[(
            "lib.rs",
            "use std::fmt::Display;\n\
             pub trait Shout { fn shout(&self) -> String; }\n\
             impl<T: Display> Shout for T { fn shout(&self) -> String { format!(\"{}!\", self) } }\n\
             pub trait Whisper { fn whisper(&self) -> String; }\n\
             impl<T: Display> Whisper for T { fn whisper(&self) -> String { format!(\"WHISPER_MARKER {}\", self) } }\n",
        )],
        "use fixture::Shout;\nfn main() { println!(\"{} {}\", 42.shout(), \"hi\".shout()); }\n",
        b"",
    );
    assert!(!text.contains("WHISPER_MARKER"), "{text}");
}

#[test]
fn impls_made_by_macro_rules_are_kept_with_their_trait() {
    let text = differential(
        &[(
            "lib.rs",
            "pub trait Double { fn double(self) -> Self; }\n\
             macro_rules! impl_double { ($($t:ty),*) => { $(impl Double for $t { fn double(self) -> Self { self * 2 } })* }; }\n\
             impl_double!(i32, u64);\n\
             pub trait Halve { fn halve(self) -> Self; }\n\
             macro_rules! impl_halve { ($($t:ty),*) => { $(impl Halve for $t { fn halve(self) -> Self { let _ = HALVE_MARKER; self / 2 } })* }; }\n\
             impl_halve!(i32, u64);\n\
             pub const HALVE_MARKER: i32 = 0;\n",
        )],
        "use fixture::Double;\nfn main() { println!(\"{} {}\", 21i32.double(), 5u64.double()); }\n",
        b"",
    );
    assert!(
        !text.contains("HALVE_MARKER") && !text.contains("impl_halve"),
        "{text}"
    );
}

#[test]
fn pub_use_chains_and_globs_reach_the_item_and_drop_the_rest() {
    let text = differential(
        &[
            (
                "lib.rs",
                "mod a;\nmod b;\npub use self::a::*;\npub mod prelude { pub use crate::b::Thing as Renamed; }\n",
            ),
            ("a.rs", "pub use crate::b::Thing;\npub use crate::b::Other;\n"),
            (
                "b.rs",
                "pub struct Thing(pub i32);\nimpl Thing { pub fn get(&self) -> i32 { self.0 } }\n\
                 pub struct Other;\nimpl Other { pub fn other_marker() -> i32 { OTHER_MARKER } }\n\
                 pub const OTHER_MARKER: i32 = 7;\n",
            ),
        ],
        "use fixture::prelude::Renamed;\nfn main() { println!(\"{} {}\", fixture::Thing(3).get(), Renamed(4).get()); }\n",
        b"",
    );
    assert!(!text.contains("OTHER_MARKER"), "{text}");
}

#[test]
fn traits_named_only_in_where_clauses_are_kept_with_their_impls() {
    let text = differential(
        &[(
            "lib.rs",
            "pub trait Weight { fn weight(&self) -> i64; }\n\
             impl Weight for i64 { fn weight(&self) -> i64 { *self * 10 } }\n\
             impl Weight for &str { fn weight(&self) -> i64 { self.len() as i64 } }\n\
             pub fn total<I>(items: I) -> i64 where I: IntoIterator, I::Item: Weight { items.into_iter().map(|x| x.weight()).sum() }\n\
             pub struct Unused;\nimpl Weight for Unused { fn weight(&self) -> i64 { UNUSED_MARKER } }\n\
             pub const UNUSED_MARKER: i64 = 0;\n",
        )],
        "fn main() { println!(\"{} {}\", fixture::total(vec![1i64, 2]), fixture::total([\"ab\", \"c\"])); }\n",
        b"",
    );
    assert!(!text.contains("UNUSED_MARKER"), "{text}");
}

#[test]
fn methods_reached_through_a_glob_imported_trait_are_kept() {
    differential(
        &[(
            "lib.rs",
            "pub trait Square { fn squared(self) -> Self; }\n\
             impl Square for i64 { fn squared(self) -> Self { self * self } }\n",
        )],
        "use fixture::*;\nfn main() { println!(\"{}\", 12i64.squared()); }\n",
        b"",
    );
}

#[test]
fn trait_methods_called_inside_the_library_keep_their_trait() {
    // The trait is in scope where it is defined; nobody writes its name.
    differential(
        &[(
            "lib.rs",
            "trait Internal { fn helper(&self) -> i32 { 5 } }\n\
             pub struct S;\nimpl Internal for S {}\n\
             impl S { pub fn value(&self) -> i32 { self.helper() * 2 } }\n",
        )],
        "fn main() { println!(\"{}\", fixture::S.value()); }\n",
        b"",
    );
}

#[test]
fn associated_consts_and_types_are_kept() {
    differential(
        &[(
            "lib.rs",
            "pub trait Shape { const SIDES: u32; type Unit: Default + std::fmt::Debug; fn unit() -> Self::Unit { Self::Unit::default() } }\n\
             pub struct Square;\nimpl Shape for Square { const SIDES: u32 = 4; type Unit = u8; }\n\
             pub struct Triangle;\nimpl Shape for Triangle { const SIDES: u32 = 3; type Unit = (); }\n",
        )],
        "use fixture::{Shape, Square};\nfn main() { println!(\"{} {:?}\", <Square as Shape>::SIDES, Square::unit()); }\n",
        b"",
    );
}

#[test]
fn impls_for_tuples_are_kept_with_their_trait() {
    differential(
        &[(
            "lib.rs",
            "pub trait Sum2 { fn sum2(&self) -> i64; }\n\
             impl Sum2 for (i64, i64) { fn sum2(&self) -> i64 { self.0 + self.1 } }\n\
             impl Sum2 for (i64, i64, i64) { fn sum2(&self) -> i64 { self.0 + self.1 + self.2 } }\n",
        )],
        "use fixture::Sum2;\nfn main() { println!(\"{} {}\", (1, 2).sum2(), (1, 2, 3).sum2()); }\n",
        b"",
    );
}

#[test]
fn nested_modules_paths_and_exported_macros_survive_bundling() {
    let text = differential(
        &[
            (
                "lib.rs",
                "//! The fixture.\n#![allow(clippy::all)]\npub mod a;\npub mod b;\npub mod c;\npub mod mac;\npub mod unused;\n",
            ),
            (
                "a.rs",
                "pub mod inner {\n    pub fn twice(x: i32) -> i32 { super::helper(x) * 2 + super::super::c::three() }\n}\n\
                 fn helper(x: i32) -> i32 { crate::b::plus_one(x) }\n\
                 #[cfg(test)]\nmod tests { #[test] fn t() { assert!(TEST_ONLY_MARKER); } }\n",
            ),
            (
                "b.rs",
                "// Copyright header of b.\npub fn plus_one(x: i32) -> i32 {\n    x + 1 // LINE_COMMENT_MARKER\n}\n\
                 /* BLOCK_COMMENT_MARKER */\npub fn url() -> &'static str { \"http://x/*y*/\" }\n",
            ),
            ("c/mod.rs", "mod deeper;\npub fn three() -> i32 { self::deeper::THREE }\n"),
            ("c/deeper.rs", "pub(in crate::c) const THREE: i32 = 3;\n"),
            (
                "mac.rs",
                "pub const TEN: i32 = 10;\n/// Doc of the macro.\n#[macro_export]\nmacro_rules! add_eleven { ($x:expr) => { $crate::b::plus_one($x) + $crate::mac::TEN }; }\n",
            ),
            ("unused.rs", "pub fn never() -> i32 { UNUSED_MODULE_MARKER }\npub const UNUSED_MODULE_MARKER: i32 = 0;\n"),
        ],
        "//! A solution.\nuse fixture::a::inner::twice;\n\n// The solution's own comment stays.\nfn main() {\n    println!(\"{} {} {}\", twice(2), fixture::add_eleven!(1), fixture::b::url());\n}\n\n#[cfg(test)]\nmod tests {\n    use itertools::Itertools;\n}\n",
        b"",
    );
    for gone in [
        "UNUSED_MODULE_MARKER",
        "TEST_ONLY_MARKER",
        "LINE_COMMENT_MARKER",
        "BLOCK_COMMENT_MARKER",
        "Doc of the macro",
        "#![allow(clippy::all)]",
        "use itertools",
    ] {
        assert!(!text.contains(gone), "{gone} left in:\n{text}");
    }
    assert!(text.starts_with("//! A solution.\nuse crate::fixture::a::inner::twice;"));
    assert!(text.contains("// The solution's own comment stays."));
    assert!(text.contains("http://x/*y*/"));
}

#[test]
fn macro_arms_never_matched_are_removed_by_the_compiler_pass() {
    let text = differential(
        &[(
            "lib.rs",
            "#[macro_export]\nmacro_rules! pick {\n    (one) => { 1 };\n    (two) => { ARM_TWO_MARKER };\n    (three) => { 3 };\n}\npub const ARM_TWO_MARKER: i32 = 2;\n",
        )],
        "fn main() { println!(\"{}\", fixture::pick!(one) + fixture::pick!(three)); }\n",
        b"",
    );
    assert!(!text.contains("ARM_TWO_MARKER"), "{text}");
}

#[test]
fn cfg_is_settled_with_the_resolved_features() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = library(
        dir.path(),
        &[(
            "lib.rs",
            "#[cfg(feature = \"on\")]\npub fn f() -> i32 { 1 }\n#[cfg(not(feature = \"on\"))]\npub fn f() -> i32 { 2 }\n\
             pub fn g() -> i32 { if cfg!(feature = \"on\") { 10 } else { 20 } }\n\
             pub fn h() -> i32 { #[cfg(debug_assertions)] { return 100; } #[cfg(all(unix, target_pointer_width = \"64\"))] { return 200; } #[allow(unreachable_code)] 0 }\n",
        )],
    );
    lib.features = vec!["on".into()];
    let main_rs = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "fn main() { println!(\"{} {} {}\", fixture::f(), fixture::g(), fixture::h()); }\n",
    )
    .unwrap();
    let b = bundle(&main_rs, &deps_on(&lib), &[lib], Options::default()).unwrap();
    // The judge's rustc knows no Cargo features and passes -O: the bundle must decide the
    // way Cargo's build with feature `on` and without debug assertions decides.
    assert_eq!(bundle_output(dir.path(), &b.text, b""), "1 10 200\n");
}

#[test]
fn a_solution_without_libraries_is_left_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let lib = library(dir.path(), &[("lib.rs", "pub fn unused() {}\n")]);
    let main_rs = dir.path().join("main.rs");
    let main = "// plain\nfn main() {\n    println!(\"{}\", 6 * 7);\n}\n";
    fs::write(&main_rs, main).unwrap();
    let b = bundle(&main_rs, &deps_on(&lib), &[lib], Options::default()).unwrap();
    assert_eq!(b.text, main);
    assert!(b.libraries.is_empty());
}

#[test]
fn fastout_prints_what_println_prints_and_flushes_on_every_return_path() {
    let dir = tempfile::tempdir().unwrap();
    let main_rs = dir.path().join("main.rs");
    let body = "fn main() -> Result<(), std::num::ParseIntError> {\n    let mut line = String::new();\n    std::io::stdin().read_line(&mut line).unwrap();\n    for w in line.split_whitespace() {\n        let v: i32 = w.parse()?;\n        print!(\"{v} \");\n        if v == 0 {\n            println!(\"zero\");\n            return Ok(());\n        }\n    }\n    println!();\n    println!(\"{}\", \"end\");\n    Ok(())\n}\n";
    // The reference: the same function without the attribute, prints unbuffered.
    fs::write(&main_rs, body).unwrap();
    let plain = bundle(&main_rs, &BTreeMap::new(), &[], Options::default()).unwrap();
    fs::write(
        &main_rs,
        format!("use proconio::fastout;\n\n#[fastout]\n{body}"),
    )
    .unwrap();
    let deps = BTreeMap::from([("proconio".to_string(), Dep::Module("proconio".into()))]);
    let fast = bundle(&main_rs, &deps, &[], Options::default()).unwrap();
    assert!(!fast.text.contains("fastout;") && fast.text.contains("BufWriter"));
    for input in [&b"1 2 3\n"[..], b"4 0 5\n", b"6 x 7\n"] {
        let want = build_and_capture(&dir.path().join("plain"), &plain.text, input);
        let got = build_and_capture(&dir.path().join("fast"), &fast.text, input);
        assert_eq!(got, want, "input {:?}", String::from_utf8_lossy(input));
    }
}

/// `#[fastout]` on a method (`impl Solver { #[fastout] fn solve(&mut self) }`, as a real
/// template has it) is written out like one on a free function.
#[test]
fn fastout_on_a_method_is_written_out_too() {
    let dir = tempfile::tempdir().unwrap();
    let main_rs = dir.path().join("main.rs");
    let body = "struct Solver;\nimpl Solver {\n    #[fastout]\n    fn solve(&mut self) {\n        for i in 0..3 {\n            println!(\"{i}\");\n        }\n        print!(\"end\");\n    }\n}\nfn main() {\n    Solver.solve();\n}\n";
    fs::write(&main_rs, format!("use proconio::fastout;\n{body}")).unwrap();
    let deps = BTreeMap::from([("proconio".to_string(), Dep::Module("proconio".into()))]);
    let fast = bundle(&main_rs, &deps, &[], Options::default()).unwrap();
    assert!(
        !fast.text.contains("#[fastout]") && fast.text.contains("BufWriter"),
        "{}",
        fast.text
    );
    let got = build_and_capture(&dir.path().join("fast"), &fast.text, b"");
    assert_eq!(got, ("0\n1\n2\nend".to_string(), true));
}

/// A template imports items by name that this program never uses
/// (`use proconio::marker::{Chars, Usize1};`): they go with their leaves of the import
/// (which still resolves, `marker::{}`), and nothing of their module is kept for them. (They
/// were kept before, and what they reached with them.)
#[test]
fn items_imported_by_name_and_never_used_go_with_their_leaves_of_the_import() {
    let text = differential(
        &[(
            "lib.rs",
            "pub mod marker { pub struct Chars; pub struct Usize1; pub struct UNUSED_MARKER; }\npub fn add(a: i32, b: i32) -> i32 { a + b }\n",
        )],
        "#[allow(unused_imports)]\nuse fixture::{add, marker::{Chars, Usize1}};\nfn main() { println!(\"{}\", add(2, 3)); }\n",
        b"",
    );
    assert!(
        text.contains("use crate::fixture::{add, marker::{}};")
            && !text.contains("Chars")
            && !text.contains("Usize1")
            && !text.contains("UNUSED_MARKER"),
        "{text}"
    );
}

/// Compiles `text` in `dir` as the judge does; what it prints on `input` and whether it
/// exited 0.
fn build_and_capture(dir: &Path, text: &str, input: &[u8]) -> (String, bool) {
    fs::create_dir_all(dir).unwrap();
    fs::write(dir.join("Main.rs"), text).unwrap();
    compile_as_the_judge(dir);
    output_even_on_failure(&dir.join("Main"), input)
}

fn output_even_on_failure(binary: &Path, input: &[u8]) -> (String, bool) {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

#[test]
fn fastout_refuses_print_inside_a_closure_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let main_rs = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "use proconio::fastout;\n\n#[fastout]\nfn main() {\n    let f = |x: i32| {\n        println!(\"{x}\");\n    };\n    f(1);\n}\n",
    )
    .unwrap();
    let deps = BTreeMap::from([("proconio".to_string(), Dep::Module("proconio".into()))]);
    let err = bundle(&main_rs, &deps, &[], Options::default())
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("main.rs:6:") && err.contains("closure"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

/// Bundling `main` against a library that cannot be inlined fails with one line naming
/// the place and the reason.
fn refusal(files: &[(&str, &str)], main: &str, tweak: impl FnOnce(&mut Library)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = library(dir.path(), files);
    tweak(&mut lib);
    let main_rs = dir.path().join("main.rs");
    fs::write(&main_rs, main).unwrap();
    let err = bundle(&main_rs, &deps_on(&lib), &[lib], Options::default())
        .err()
        .expect("bundling must fail")
        .to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn refuses_include_of_code_in_a_used_library_naming_file_and_line() {
    let err = refusal(
        &[
            (
                "lib.rs",
                "pub fn f() -> &'static str {\n    include!(\"gen.rs\")\n}\n",
            ),
            ("gen.rs", "\"generated\"\n"),
        ],
        "fn main() { println!(\"{}\", fixture::f()); }\n",
        |_| {},
    );
    assert!(
        err.contains("lib.rs:2") && err.contains("include!") && err.contains("one file"),
        "{err}"
    );
}

/// A library's `include_str!`/`include_bytes!` of a file it ships become literals of the
/// file's bytes (a module file's relative to that file), and its README included as crate
/// docs goes with the docs, in a `macro_rules!` body too (bitvec's `fmt!`): nothing in the
/// bundle needs a file beside it.
#[test]
fn a_librarys_included_files_become_literals_and_its_included_docs_go() {
    let text = differential(
        &[
            (
                "lib.rs",
                "#![doc = include_str!(\"../README.md\")]\npub mod table;\n",
            ),
            (
                "table.rs",
                "#![doc = include_str!(\"../README.md\")]\n#[doc = include_str!(\"../README.md\")]\npub const WORDS: &str = include_str!(\"data/words.txt\");\npub fn bytes() -> &'static [u8; 3] { include_bytes!(\"data/b.bin\") }\nmacro_rules! consts { ($($n:ident = $v:expr;)+) => { $( #[doc = include_str!(\"../README.md\")] pub const $n: u8 = $v; )+ }; }\npub fn two() -> u8 { consts! { ONE = 1; TWO = 2; } TWO }\n",
            ),
            ("data/words.txt", "alpha \"beta\"\\ gamma\n"),
            ("data/b.bin", "\u{1}\u{2}\n"),
            ("../README.md", "README_MARKER: the crate's docs\n"),
        ],
        "fn main() { print!(\"{}{:?}{}\", fixture::table::WORDS, fixture::table::bytes(), fixture::table::two()); }\n",
        b"",
    );
    assert!(
        !text.contains("include_") && !text.contains("README_MARKER"),
        "{text}"
    );
}

/// `env!` in a library reads what cargo or its build script sets (`cargo:rustc-env`): the
/// value is written into the file; `option_env!` of a variable nobody sets is `None`; an
/// `env!` of one nobody sets is refused in one line naming the crate and the variable.
#[test]
fn a_librarys_env_reads_are_written_out_and_an_unknown_one_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = library(
        dir.path(),
        &[(
            "lib.rs",
            "pub fn hash() -> &'static str { env!(\"GIT_HASH\") }\npub fn user() -> Option<&'static str> { option_env!(\"NOBODY_SETS_THIS\") }\n",
        )],
    );
    lib.env = vec![("GIT_HASH".into(), "abc\"1".into())];
    let main_rs = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "fn main() { println!(\"{} {:?}\", fixture::hash(), fixture::user()); }\n",
    )
    .unwrap();
    let b = bundle(
        &main_rs,
        &deps_on(&lib),
        std::slice::from_ref(&lib),
        Options::default(),
    )
    .unwrap();
    assert!(!b.text.contains("env!"), "{}", b.text);
    assert_eq!(bundle_output(dir.path(), &b.text, b""), "abc\"1 None\n");
    let err = refusal(
        &[(
            "lib.rs",
            "pub fn f() -> &'static str { env!(\"GIT_HASH\") }\n",
        )],
        "fn main() { println!(\"{}\", fixture::f()); }\n",
        |_| {},
    );
    assert!(err.contains("fixture") && err.contains("GIT_HASH"), "{err}");
}

/// A library's `pub(crate)` macro (`pub(crate) use name;` after a `macro_rules!`) and its
/// `pub(crate)` re-exports keep meaning the library's own once the crate is a module.
#[test]
fn a_librarys_crate_visible_macros_and_reexports_keep_their_meaning() {
    differential(
        &[(
            "lib.rs",
            "mod util {\n    macro_rules! double { ($e:expr) => { $e * 2 }; }\n    pub(crate) use double;\n    pub(crate) fn inc(x: i32) -> i32 { x + 1 }\n}\npub(crate) use util::inc as bump;\npub fn f(x: i32) -> i32 { util::double!(x) + crate::util::double!(1) + bump(0) }\n",
        )],
        "fn main() { println!(\"{}\", fixture::f(20)); }\n",
        b"",
    );
}

/// A lowercase type made by an item-level macro call and re-exported by name
/// (amplify_num's `mod smallint; pub use smallint::u24;` with `construct_smallint!(u24 ..)`)
/// is kept with its call and module when the solution uses it through a glob re-export.
#[test]
fn a_macro_made_lowercase_type_imported_by_a_kept_use_is_kept() {
    differential(
        &[
            (
                "lib.rs",
                "mod small;\npub use small::{u3, u24};\npub mod num { pub use crate::*; }\n",
            ),
            (
                "small.rs",
                "macro_rules! construct { ($name:ident, $bits:expr) => {\n    #[allow(non_camel_case_types)]\n    #[derive(Clone, Copy, Debug)]\n    pub struct $name(u32);\n    impl $name { pub fn new(v: u32) -> Self { $name(v & ((1 << $bits) - 1)) } pub fn get(self) -> u32 { self.0 } }\n}; }\nconstruct!(u3, 3);\nconstruct!(u24, 24);\n",
            ),
        ],
        "use fixture::num::u24;\nfn main() { println!(\"{}\", u24::new(0x1ffffff).get()); }\n",
        b"",
    );
}

/// `use dep::{self, Ext};` at the solution's root (seen in a holdout repository) would bind
/// the crate's module a second time at the bundle's root (E0255).
#[test]
fn a_root_import_of_a_crate_itself_does_not_rebind_its_module() {
    differential(
        &[(
            "lib.rs",
            "pub trait Ext { fn twice(&self) -> i32; }\nimpl Ext for i32 { fn twice(&self) -> i32 { self * 2 } }\n",
        )],
        "use fixture::{self, Ext};\nfn main() { println!(\"{}\", 21.twice()); }\n",
        b"",
    );
}

/// `#[macro_export(local_inner_macros)]` (lazy_static's): a one-segment macro call in the
/// expansion means the crate's own macro, though the solution imported only the outer one.
#[test]
fn local_inner_macros_calls_mean_the_crates_own_macros_once_it_is_a_module() {
    differential(
        &[(
            "lib.rs",
            "#[macro_export(local_inner_macros)]\nmacro_rules! outer { ($e:expr) => { helper!($e) + helper!(1) }; }\n#[macro_export]\n#[doc(hidden)]\nmacro_rules! helper { ($e:expr) => { $e * 2 }; }\n",
        )],
        "use fixture::outer;\nfn main() { println!(\"{}\", outer!(20)); }\n",
        b"",
    );
}

/// A template's glob imports of modules nothing is used from (`use proconio::marker::*;`)
/// and a path through a facade module (`num::integer::Roots`, a `pub use` glob of another
/// module) still resolve: the modules the solution's `use` lines go through are kept.
#[test]
fn modules_the_solutions_imports_go_through_are_kept_even_when_nothing_in_them_is_used() {
    let text = differential(
        &[(
            "lib.rs",
            "pub mod marker { pub struct Usize1; pub struct MARKER_UNUSED; }\npub mod integer { pub use crate::inner::*; }\nmod inner {\n    pub trait Roots { fn isqrt(&self) -> u64; }\n    impl Roots for u64 { fn isqrt(&self) -> u64 { (*self as f64).sqrt() as u64 } }\n}\npub fn f() -> u8 { 7 }\n",
        )],
        "#[allow(unused_imports)]\nuse fixture::marker::*;\n#[allow(unused_imports)]\nuse fixture::{marker::*, *};\nuse fixture::integer::Roots;\nfn main() { println!(\"{} {}\", f(), 17u64.isqrt()); }\n",
        b"",
    );
    assert!(
        text.contains("mod marker") && !text.contains("MARKER_UNUSED"),
        "{text}"
    );
}

#[test]
fn refuses_a_library_with_a_build_script() {
    let err = refusal(
        &[("lib.rs", "pub fn f() -> i32 { 1 }\n")],
        "fn main() { println!(\"{}\", fixture::f()); }\n",
        |lib| lib.unbundleable = Some("it has a build script (build.rs)".into()),
    );
    assert!(
        err.contains("fixture 0.0.0") && err.contains("build script"),
        "{err}"
    );
}

#[test]
fn refuses_a_proc_macro_crate_the_solution_uses() {
    let dir = tempfile::tempdir().unwrap();
    let main_rs = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "use memo::memoise;\n\n#[memoise]\nfn f(n: u64) -> u64 { n }\nfn main() { println!(\"{}\", f(3)); }\n",
    )
    .unwrap();
    let deps = BTreeMap::from([("memo".to_string(), Dep::ProcMacro("memo-macros".into()))]);
    let err = bundle(&main_rs, &deps, &[], Options::default())
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("main.rs:1:") && err.contains("proc-macro") && err.contains("memo-macros"),
        "{err}"
    );
}

/// easy-ext's `#[ext]` is written out on impls (the corpus program `cr_easy_ext` checks the
/// expansion against the crate's own); anywhere else it is refused in one line, as the
/// crate refuses it, and an unused import of the crate goes like any other.
#[test]
fn easy_ext_is_written_out_on_impls_and_refused_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let main_rs = dir.path().join("main.rs");
    let deps = BTreeMap::from([("easy_ext".to_string(), Dep::ProcMacro("easy-ext".into()))]);
    let bundled = |text: &str| {
        fs::write(&main_rs, text).unwrap();
        bundle(&main_rs, &deps, &[], Options::default()).map(|b| b.text)
    };
    let text = bundled(
        "use easy_ext::ext;\n#[allow(dead_code)]\n#[ext(Twice)]\nimpl<T: Copy> Vec<T> {\n    pub fn twice(&self, (a, b): (usize, usize)) -> Vec<T> { let mut v = self.clone(); v.extend_from_slice(&self[a..b]); v }\n}\nfn main() { println!(\"{:?}\", vec![1, 2, 3].twice((0, 2))); }\n",
    )
    .unwrap();
    assert!(!text.contains("easy_ext"), "{text}");
    assert!(
        text.contains("pub trait Twice < T : Copy >")
            && text.contains("impl<T: Copy> Twice<T> for Vec<T>"),
        "{text}"
    );
    let out = bundle_output(dir.path(), &text, b"");
    assert_eq!(out, "[1, 2, 3, 1, 2]\n");
    let err = bundled("use easy_ext::ext;\n#[ext]\nfn f() {}\nfn main() { f(); }\n")
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("main.rs:2:") && err.contains("goes on an impl block"),
        "{err}"
    );
    let err = bundled("use easy_ext::ext;\nstruct S;\n#[ext]\nimpl Clone for S { fn clone(&self) -> S { S } }\nfn main() {}\n")
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("not of a trait"), "{err}");
}

#[test]
fn refuses_an_edition_2015_library() {
    let err = refusal(
        &[("lib.rs", "pub fn f() -> i32 { 1 }\n")],
        "fn main() { println!(\"{}\", fixture::f()); }\n",
        |lib| lib.edition = "2015".into(),
    );
    assert!(err.contains("edition 2015"), "{err}");
}

#[test]
fn an_unused_library_is_never_refused() {
    // include! in a library the solution does not reach costs nothing.
    let dir = tempfile::tempdir().unwrap();
    let lib = library(
        dir.path(),
        &[(
            "lib.rs",
            "pub fn f() -> &'static str { include_str!(\"x\") }\n",
        )],
    );
    let main_rs: PathBuf = dir.path().join("main.rs");
    fs::write(&main_rs, "fn main() { println!(\"1\"); }\n").unwrap();
    let b = bundle(&main_rs, &deps_on(&lib), &[lib], Options::default()).unwrap();
    assert!(b.libraries.is_empty());
}

/// Two libraries under `dir`: `dep` (its `lib.rs` is `dep_lib`) and `user` depending on it
/// (`user_lib`), and a program printing `user::start()`. Returns them, the program and its
/// dependencies.
fn user_over_dep(
    dir: &Path,
    dep_lib: &str,
    user_lib: &str,
) -> (Vec<Library>, PathBuf, BTreeMap<String, Dep>) {
    let base = library(dir, &[("lib.rs", "")]);
    write_tree(&dir.join("dep/src"), &[("lib.rs", dep_lib)]);
    write_tree(&dir.join("user/src"), &[("lib.rs", user_lib)]);
    let dep = Library {
        module: "dep".into(),
        package: "dep 0.0.0".into(),
        root: dir.join("dep/src/lib.rs"),
        ..base.clone()
    };
    let user = Library {
        module: "user".into(),
        package: "user 0.0.0".into(),
        root: dir.join("user/src/lib.rs"),
        deps: BTreeMap::from([("dep".to_string(), Dep::Module("dep".into()))]),
        ..base
    };
    let main_rs: PathBuf = dir.join("main.rs");
    fs::write(&main_rs, "fn main() { println!(\"{}\", user::start()); }\n").unwrap();
    let deps = BTreeMap::from([("user".to_string(), Dep::Module("user".into()))]);
    (vec![dep, user], main_rs, deps)
}

/// The program bundled at steps 1 and 3 (what the solution reaches, the whole crates)
/// prints `expected` at each.
fn prints_at_each_scope(
    dir: &Path,
    main_rs: &Path,
    deps: &BTreeMap<String, Dep>,
    libraries: &[Library],
    expected: &str,
) {
    for scope in [Scope::Reached, Scope::Whole] {
        let options = Options {
            scope,
            ..Options::default()
        };
        let b = bundle(main_rs, deps, libraries, options).unwrap();
        assert_eq!(bundle_output(dir, &b.text, b""), expected, "{scope:?}");
    }
}

/// `user_over_dep`'s program bundled by the walk alone (`Pruning::Names`: the compiler's
/// findings would hide what it keeps), and what the bundle prints.
fn bundled_by_names(dir: &Path, dep_lib: &str, user_lib: &str) -> (String, String) {
    bundled_with(dir, dep_lib, user_lib, Pruning::Names)
}

/// `user_over_dep`'s program bundled as `submit` bundles it (the oracle's rounds included),
/// and what the bundle prints.
fn bundled_with_the_compiler(dir: &Path, dep_lib: &str, user_lib: &str) -> (String, String) {
    bundled_with(dir, dep_lib, user_lib, Pruning::Compiler)
}

fn bundled_with(dir: &Path, dep_lib: &str, user_lib: &str, pruning: Pruning) -> (String, String) {
    bundled_for(dir, (dep_lib, user_lib), None, pruning)
}

/// As `bundled_with`, with `main` (when given) as the solution instead of `user::start()`'s.
fn bundled_for(
    dir: &Path,
    (dep_lib, user_lib): (&str, &str),
    main: Option<&str>,
    pruning: Pruning,
) -> (String, String) {
    let (libraries, main_rs, deps) = user_over_dep(dir, dep_lib, user_lib);
    if let Some(main) = main {
        fs::write(&main_rs, main).unwrap();
    }
    let options = Options {
        pruning,
        ..Options::default()
    };
    let b = bundle(&main_rs, &deps, &libraries, options).unwrap();
    let printed = bundle_output(dir, &b.text, b"");
    (b.text, printed)
}

/// A name one library writes keeps only what its own paths can mean: `user`'s own `Entry`
/// and its path into `dep` (`use dep::table::Table;`) do not keep `dep`'s `map::Entry` nor
/// the `HashMap` it holds (indexmap's own `OccupiedEntry` kept hashbrown's whole `map`
/// module, 19 KiB of the indexmap corpus program). An impl for the standard library's type
/// of a name another library also defines (`impl Visit for HashSet<u32>` after
/// `use std::collections::HashSet;`, while `dep` has a `HashSet`) stays.
#[test]
fn a_name_written_in_one_library_keeps_no_other_librarys_item_of_that_name() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "pub mod map {\n    pub struct HashMap(pub u8);\n    pub struct Entry(pub HashMap);\n}\npub mod table {\n    pub struct Table(pub u32);\n}\npub struct HashSet;\n",
        "use dep::table::Table;\nuse std::collections::HashSet;\npub trait Visit { fn visit(&self) -> u32; }\nimpl Visit for HashSet<u32> { fn visit(&self) -> u32 { self.len() as u32 } }\npub struct Entry(pub Table);\npub fn start() -> u32 {\n    let e = Entry(Table(2));\n    let mut s = HashSet::new();\n    s.insert(1u32);\n    e.0 .0 + s.visit()\n}\n",
    );
    assert!(!text.contains("HashMap"), "{text}");
    assert!(text.contains("struct Table"), "{text}");
    assert_eq!(printed, "3\n");
}

/// Within one library, a name it defines twice is followed to the item its module can
/// mean: `graph::Edges` keeps `graph`'s `Edges`, not `graphmap`'s (nor the `Heavy` that one
/// holds, nor its impls): petgraph's `graph::Edges` kept `GraphMap`, indexmap and hashbrown
/// (233 KiB; 77 since).
#[test]
fn a_name_a_library_defines_twice_is_followed_to_its_own_modules_item() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "",
        "pub mod graph {\n    pub struct Edges(pub u32);\n    impl Clone for Edges { fn clone(&self) -> Self { Edges(self.0) } }\n}\npub mod graphmap {\n    pub struct Heavy;\n    pub struct Edges(pub Heavy);\n    impl Clone for Edges { fn clone(&self) -> Self { Edges(Heavy) } }\n}\npub fn start() -> u32 {\n    graph::Edges(3).clone().0\n}\n",
    );
    assert!(!text.contains("Heavy"), "{text}");
    assert_eq!(printed, "3\n");
}

/// `extern crate dep as alias;` in a library (num-integer 0.1's `extern crate num_traits as
/// traits;`) and `#[macro_use] extern crate dep;` name the dependency's module of the
/// bundle, not a path inside the library; at the root, the alias names it in every module
/// (alga 0.9's `extern crate num_traits as num;` then `use num::Num;` in its modules).
#[test]
fn a_librarys_renamed_extern_crate_names_the_dependencys_module_in_every_module() {
    let dir = tempfile::tempdir().unwrap();
    let (libraries, main_rs, deps) = user_over_dep(
        dir.path(),
        "pub trait Zero { fn zero() -> Self; }\nimpl Zero for u32 { fn zero() -> Self { 0 } }\n#[macro_export]\nmacro_rules! one { () => { 1 }; }\n",
        "extern crate dep as traits;\n#[macro_use]\nextern crate dep;\nuse traits::Zero;\nmod inner { use traits::Zero; pub fn two() -> u32 { u32::zero() + 2 } }\npub fn start() -> u32 { u32::zero() + one!() + inner::two() }\n",
    );
    for scope in [Scope::Reached, Scope::Whole] {
        let options = Options {
            scope,
            ..Options::default()
        };
        let b = bundle(&main_rs, &deps, &libraries, options).unwrap();
        // Not a path inside the library (`crate::user::traits`).
        assert!(!b.text.contains("user::traits"), "{}", b.text);
        assert_eq!(bundle_output(dir.path(), &b.text, b""), "3\n", "{scope:?}");
    }
}

/// An `extern crate dep;` inside a module of the library's own that bears the dependency's
/// name (multimap 0.10's `mod serde { extern crate serde; use self::serde::Serialize; }`)
/// names the dependency, not that module: the bundle compiled without it until this test.
#[test]
fn an_extern_crate_in_a_module_named_like_the_dependency_names_the_dependency() {
    let dir = tempfile::tempdir().unwrap();
    let (libraries, main_rs, deps) = user_over_dep(
        dir.path(),
        "pub trait Show { fn show(&self) -> u32; }\n",
        "pub struct Map(pub u32);\npub mod dep {\n    extern crate dep;\n    use self::dep::Show;\n    impl Show for super::Map { fn show(&self) -> u32 { self.0 + 1 } }\n}\npub fn start() -> u32 { use ::dep::Show; Map(6).show() }\n",
    );
    for scope in [Scope::Reached, Scope::Whole] {
        let options = Options {
            scope,
            ..Options::default()
        };
        let b = bundle(&main_rs, &deps, &libraries, options).unwrap();
        assert_eq!(
            bundle_output(dir.path(), &b.text, b""),
            "7\n",
            "{scope:?}\n{}",
            b.text
        );
    }
}

/// What a library's build script writes to `OUT_DIR` and its code includes (serde 1.0.229's
/// `include!(concat!(env!("OUT_DIR"), "/private.rs"));`, a table read with `include_str!`,
/// typenum 1.11's `include!(env!("TYPENUM_BUILD_OP"))` of a path the script set, num-bigint
/// 0.4.3's `include!` in a module inside a function) is written into the bundle: no file
/// beside it, no `OUT_DIR` at the judge.
#[test]
fn a_build_scripts_out_dir_files_the_code_includes_are_written_into_the_bundle() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = library(
        dir.path(),
        &[(
            "lib.rs",
            "include!(concat!(env!(\"OUT_DIR\"), \"/private.rs\"));\ninclude!(env!(\"FIXTURE_BUILD_OP\"));\npub fn name() -> &'static str { include_str!(concat!(env!(\"OUT_DIR\"), \"/data/name.txt\")) }\npub fn both() -> u32 { private::five() + include!(concat!(env!(\"OUT_DIR\"), \"/two.rs\")) }\npub fn radix() -> u32 {\n    mod gen {\n        include! { concat!(env!(\"OUT_DIR\"), \"/bases.rs\") }\n    }\n    gen::BASE + op()\n}\n",
        )],
    );
    lib.generated = vec![
        ("data/name.txt".into(), "gen".into()),
        (
            "private.rs".into(),
            "mod private { pub fn five() -> u32 { 5 } }\n".into(),
        ),
        ("two.rs".into(), "1 + 1".into()),
        ("op.rs".into(), "pub fn op() -> u32 { 3 }\n".into()),
        ("bases.rs".into(), "pub const BASE: u32 = 10;\n".into()),
    ];
    // typenum 1.11's build script names its file by a variable: `include!(env!("K"))`.
    lib.env = vec![(
        "FIXTURE_BUILD_OP".into(),
        "/home/u/target/release/build/fixture-1/out/op.rs".into(),
    )];
    let main_rs: PathBuf = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "fn main() { println!(\"{} {} {}\", fixture::name(), fixture::both(), fixture::radix()); }\n",
    )
    .unwrap();
    for scope in [Scope::Reached, Scope::Whole] {
        let options = Options {
            scope,
            ..Options::default()
        };
        let b = bundle(&main_rs, &deps_on(&lib), &[lib.clone()], options).unwrap();
        assert!(!b.text.contains("OUT_DIR"), "{}", b.text);
        assert!(!b.text.contains("FIXTURE_BUILD_OP"), "{}", b.text);
        assert_eq!(
            bundle_output(dir.path(), &b.text, b""),
            "gen 7 13\n",
            "{scope:?}"
        );
    }
}

/// A build script's file `include!`d by the library's own macro (serde 1.0.229's
/// `crate_root!()` expands to its `include!(concat!(env!("OUT_DIR"), "/private.rs"))`): the
/// expansion's include is written in too, and the bundle runs alone.
#[test]
fn a_generated_file_included_by_a_macros_expansion_is_written_into_the_bundle() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = library(
        dir.path(),
        &[(
            "lib.rs",
            "macro_rules! root { () => { pub const ROOT: u32 = 1; include!(concat!(env!(\"OUT_DIR\"), \"/root.rs\")); }; }\nroot!();\n",
        )],
    );
    lib.generated = vec![("root.rs".into(), "pub fn ten() -> u32 { 10 }\n".into())];
    let main_rs: PathBuf = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "fn main() { println!(\"{}\", fixture::ten() + fixture::ROOT); }\n",
    )
    .unwrap();
    for scope in [Scope::Reached, Scope::Whole] {
        let options = Options {
            scope,
            ..Options::default()
        };
        let b = bundle(&main_rs, &deps_on(&lib), &[lib.clone()], options).unwrap();
        assert!(b.text.contains("fn ten()"), "{}", b.text);
        assert_eq!(bundle_output(dir.path(), &b.text, b""), "11\n", "{scope:?}");
    }
}

#[test]
fn imports_of_a_crate_the_program_never_uses_go_with_it_even_one_that_would_be_refused() {
    // Templates start with `use dep::*;` whether or not the solution needs it: the crate is
    // neither inlined nor refused (it has an include!), and its imports go, so the bundle
    // compiles alone; `fixture` itself is used and keeps its import.
    let dir = tempfile::tempdir().unwrap();
    let used = library(
        dir.path(),
        &[("lib.rs", "pub trait Twice { fn twice(self) -> Self; }\nimpl Twice for i32 { fn twice(self) -> Self { self * 2 } }\n")],
    );
    write_tree(
        &dir.path().join("unused/src"),
        &[(
            "lib.rs",
            "pub trait Ext { fn ext(&self) -> usize; }\npub fn f() -> &'static str { include_str!(\"x\") }\n",
        )],
    );
    let unused = Library {
        module: "unused".into(),
        package: "unused 0.0.0".into(),
        root: dir.path().join("unused/src/lib.rs"),
        notice: "unused".into(),
        unbundleable: Some("it has a build script (build.rs)".into()),
        ..used.clone()
    };
    let main_rs: PathBuf = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "use unused::*;\nuse unused::Ext;\nuse fixture::Twice;\n#[macro_use]\nextern crate unused;\n\nfn main() {\n    use unused::{f, Ext as _};\n    println!(\"{}\", 21.twice());\n}\n",
    )
    .unwrap();
    let mut deps = deps_on(&used);
    deps.insert("unused".into(), Dep::Module("unused".into()));
    let b = bundle(&main_rs, &deps, &[used, unused], Options::default()).unwrap();
    assert_eq!(b.libraries.len(), 1, "{:?}", b.libraries);
    assert!(
        !b.text.contains("unused::")
            && !b.text.contains("mod unused")
            && !b.text.contains("extern crate"),
        "{}",
        b.text
    );
    assert!(b.text.contains("use crate::fixture::Twice;"), "{}", b.text);
    assert_eq!(bundle_output(dir.path(), &b.text, b""), "42\n");
}

#[test]
fn raw_module_names_and_path_attributes_inside_inline_modules_find_their_files() {
    // zerocopy's `mod r#ref;` lives in `ref.rs`; `#[path]` inside an inline module is
    // relative to the folder the inline module's name makes (`outer/`).
    let text = differential(
        &[
            (
                "lib.rs",
                "mod r#ref;\npub use self::r#ref::get;\nmod outer {\n    #[path = \"deep/x.rs\"]\n    pub mod x;\n}\npub use outer::x::val;\n",
            ),
            ("ref.rs", "pub fn get() -> i32 { 7 }\n"),
            ("outer/deep/x.rs", "pub fn val() -> i32 { 5 }\n"),
        ],
        "fn main() { println!(\"{} {}\", fixture::get(), fixture::val()); }\n",
        b"",
    );
    assert!(text.contains("fn get") && text.contains("fn val"), "{text}");
}

/// Variants a module imports by a glob of its own private enum (`use self::InsertAction::*;`
/// in im-rc 14's B-tree, then `None => InsertAt`) keep that enum: the pruned im-rc drafts
/// did not compile ("cannot find value `InsertAt`").
#[test]
fn variants_imported_by_a_glob_of_a_private_enum_keep_the_enum() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "",
        "pub mod nodes {\n    pub mod btree {\n        use self::Insert::*;\n        use self::Action::*;\n        pub enum Insert { Added, Split(u32) }\n        enum Action { Added2, InsertAt, InsertSplit(u32) }\n        pub fn run(x: u32) -> u32 {\n            let a = if x > 5 { InsertAt } else if x > 2 { InsertSplit(x) } else { Added2 };\n            let i = match a { InsertAt => Added, InsertSplit(v) => Split(v), Added2 => Added };\n            match i { Added => 1, Split(v) => v }\n        }\n    }\n}\npub fn start() -> u32 { nodes::btree::run(3) }\n",
    );
    assert!(text.contains("enum Action"), "{text}");
    assert_eq!(printed, "3\n");
}

/// An impl of the standard library's `Sum` keeps its `sum` while a library defines a type
/// of that name (typenum's `type Sum<A, B>` under im-rc 14, whose `impl Sum for OrdMap` lost
/// its `sum`: E0046), in the same library or another.
#[test]
fn an_impl_of_a_std_trait_keeps_its_methods_when_a_library_type_shares_the_traits_name() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "pub type Sum<A> = A;\npub fn id(x: Sum<u32>) -> u32 { x }\n",
        "use std::iter::{Product, Sum};\npub mod alias { pub type Product<A> = A; }\npub struct M(pub u32);\nimpl Sum for M {\n    fn sum<I: Iterator<Item = M>>(it: I) -> M { M(it.map(|m| m.0).count() as u32) }\n}\nimpl Product for M {\n    fn product<I: Iterator<Item = M>>(it: I) -> M { M(it.map(|m| m.0).count() as u32) }\n}\npub fn start() -> u32 {\n    M(3).0 + dep::id(0) + alias_len()\n}\nfn alias_len() -> alias::Product<u32> { 0 }\n",
    );
    assert!(text.contains("fn sum"), "{text}");
    assert_eq!(printed, "3\n");
}

/// An enum with a variant of its own name (`enum Size { Size(usize), Table(..) }` in im-rc
/// 14's RRB tree) is kept by a type that holds it: the name is the enum there, not only the
/// variant ("cannot find type `Size`" in the pruned im-rc drafts).
#[test]
fn an_enum_with_a_variant_of_its_own_name_is_kept_by_a_type_that_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "",
        "enum Size { Size(u32), Table(Vec<u32>) }\nimpl Size {\n    fn get(&self) -> u32 { match self { Size::Size(s) => *s, Size::Table(t) => t.iter().sum() } }\n}\npub struct Entry(Size);\npub fn start() -> u32 { Entry(Size::Table(vec![1, 2])).0.get() }\n",
    );
    assert!(text.contains("enum Size"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A function a macro call makes, named only through `super::` in another macro call's
/// body (libc 0.2.68: `const_fn! { {const} fn CMSG_ALIGN .. }` and `f! { pub fn
/// CMSG_NXTHDR(..) { .. super::CMSG_ALIGN(..) .. } }` in the module inside), is kept.
#[test]
fn a_function_a_macro_call_makes_is_kept_when_another_macro_calls_body_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "",
        "macro_rules! const_fn {\n    ($($({$c:ident})* fn $i:ident($($a:ident: $t:ty),*) -> $r:ty { $($b:stmt);* })*) => ($(#[inline] fn $i($($a: $t),*) -> $r { $($b);* })*);\n}\nmacro_rules! f {\n    ($(pub fn $i:ident($($a:ident: $t:ty),*) -> $r:ty { $($b:stmt);* })*) => ($(#[inline] pub fn $i($($a: $t),*) -> $r { $($b);* })*);\n}\nconst_fn! { {const} fn CMSG_ALIGN(len: u32) -> u32 { len + 2 } }\npub mod linux {\n    f! { pub fn CMSG_NXTHDR(x: u32) -> u32 { super::CMSG_ALIGN(x) } }\n}\npub fn start() -> u32 { linux::CMSG_NXTHDR(1) }\n",
    );
    assert!(text.contains("CMSG_ALIGN"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A library's `use` of a path through its renamed extern crate (num-integer 0.1's `extern
/// crate num_traits as traits;` then `use traits::checked_pow;`) reaches the dependency's
/// re-export of that name: the scoped num-integer drafts lost `num_traits`'s `pub use
/// pow::checked_pow` ("unresolved import").
#[test]
fn a_use_through_a_renamed_extern_crate_keeps_the_dependencys_reexport() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "pub mod pow {\n    pub fn checked_pow(x: u32, e: u32) -> Option<u32> { x.checked_pow(e) }\n}\npub use pow::checked_pow;\n",
        "extern crate dep as traits;\nmod power {\n    use crate::traits::checked_pow;\n    pub fn cube(x: u32) -> u32 { checked_pow(x, 3).unwrap_or(0) }\n}\npub fn start() -> u32 { power::cube(2) - 5 }\n",
    );
    assert!(text.contains("fn checked_pow"), "{text}");
    assert_eq!(printed, "3\n");
}

/// `#[macro_use] extern crate dep;` puts dep's macros in scope in every module of the
/// library, and in what the library's own macros expand to there (nalgebra 0.20 calls
/// approx's `relative_eq!` in `base::properties`: "cannot find macro `relative_eq`").
#[test]
fn a_macro_use_dependencys_macro_is_found_in_every_module_of_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let (libraries, main_rs, deps) = user_over_dep(
        dir.path(),
        "#[macro_export]\nmacro_rules! near { ($a:expr, $b:expr) => { ($a as i64 - $b as i64).abs() <= 1 }; }\n",
        "#[macro_use]\nextern crate dep;\nmacro_rules! self_near { ($a:expr) => { near!($a, $a) }; }\nmod inner {\n    pub fn close(a: u32, b: u32) -> bool { near!(a, b) }\n    pub fn same(a: u32) -> bool { self_near!(a) }\n}\npub fn start() -> u32 { if inner::close(3, 4) && inner::same(2) { 3 } else { 0 } }\n",
    );
    prints_at_each_scope(dir.path(), &main_rs, &deps, &libraries, "3\n");
}

/// A module file that says `#![macro_use]` (nalgebra 0.20's `geometry/op_macros.rs`) lends
/// its macros to the modules after it, as `#[macro_use] mod ops;` would: the attribute is
/// kept when the file is written into its module ("cannot find macro `md_assign_impl_all`").
#[test]
fn a_module_files_inner_macro_use_reaches_the_modules_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let (libraries, main_rs, deps) = user_over_dep(
        dir.path(),
        "",
        "mod ops;\nmod later {\n    pub fn six() -> u32 { twice!(3) }\n}\npub fn start() -> u32 { later::six() - 3 }\n",
    );
    write_tree(
        &dir.path().join("user/src"),
        &[(
            "ops.rs",
            "#![macro_use]\nmacro_rules! twice { ($e:expr) => { $e * 2 }; }\n",
        )],
    );
    prints_at_each_scope(dir.path(), &main_rs, &deps, &libraries, "3\n");
}

/// An impl of a library trait imported under another name (nalgebra's `use
/// alga::linear::Translation as AlgaTranslation;`) is pruned as the trait is: an override of
/// a provided method the trait lost was E0407 "not a member of trait `AlgaTranslation`".
#[test]
fn an_impl_of_a_renamed_library_trait_is_pruned_with_the_trait() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "pub mod linear {\n    pub trait Translation {\n        fn to_v(&self) -> u32;\n        fn between(a: u32, b: u32) -> u32 { b - a }\n    }\n}\n",
        "use dep::linear::Translation as AlgaTranslation;\npub struct T(pub u32);\nimpl AlgaTranslation for T {\n    fn to_v(&self) -> u32 { self.0 }\n    fn between(a: u32, b: u32) -> u32 { b - a + 1 }\n}\npub fn start() -> u32 { T(3).to_v() }\n",
    );
    assert!(!text.contains("between"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A dependency's path written with a leading `::` in a macro call's tokens (generic-array
/// 0.13's `impl_from! { 1 => ::typenum::U1, .. }`) names the dependency's module ("cannot
/// find `typenum` in the crate root").
#[test]
fn a_leading_colon_dependency_path_in_macro_tokens_names_its_module() {
    let dir = tempfile::tempdir().unwrap();
    let (_, printed) = bundled_by_names(
        dir.path(),
        "pub struct U1;\n",
        "pub extern crate dep;\npub trait Get { fn get() -> u32; }\nmacro_rules! from {\n    ($($n:expr => $t:ty),*) => { $(impl Get for $t { fn get() -> u32 { $n } })* };\n}\nfrom! { 3 => ::dep::U1 }\npub fn start() -> u32 { <dep::U1 as Get>::get() }\n",
    );
    assert_eq!(printed, "3\n");
}

/// A macro call among an inherent impl's items (num-rational 0.2's `impl<T> Ratio<T> {
/// maybe_const! { pub fn denom(&self) -> &T { .. } } }`) stays when a function it defines is
/// called ("no method named `denom`"), and goes when none is.
#[test]
fn a_macro_among_an_impls_items_stays_when_a_function_it_defines_is_called() {
    let dir = tempfile::tempdir().unwrap();
    let user = |call: &str| {
        format!("macro_rules! plain {{ ($($i:item)*) => {{ $($i)* }}; }}\npub struct R(u32, u32);\nimpl R {{\n    plain! {{\n        pub fn denom(&self) -> u32 {{ self.1 }}\n        pub fn numer(&self) -> u32 {{ self.0 }}\n    }}\n}}\npub fn start() -> u32 {{ {call} }}\n")
    };
    let (text, printed) = bundled_by_names(dir.path(), "", &user("R(1, 3).denom()"));
    assert!(text.contains("fn denom"), "{text}");
    assert_eq!(printed, "3\n");
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(dir.path(), "", &user("let _ = R(1, 3); 3"));
    assert!(!text.contains("fn denom"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A trait in scope through a glob of its module (generic-array 0.13's `use sequence::*;`
/// in `impls`, then `Self::generate(..)` of `GenericSequence`) is kept for that call, with
/// its impl ("no function or associated item named `generate`").
#[test]
fn a_trait_a_glob_brings_into_scope_is_kept_for_a_call_of_its_method_there() {
    let dir = tempfile::tempdir().unwrap();
    let (_, printed) = bundled_by_names(
        dir.path(),
        "",
        "pub struct Arr(pub u32);\npub mod sequence {\n    pub trait Seq { fn generate(f: fn() -> u32) -> Self; }\n    impl Seq for super::Arr { fn generate(f: fn() -> u32) -> Self { super::Arr(f()) } }\n}\nmod impls {\n    use crate::sequence::*;\n    impl Default for super::Arr { fn default() -> Self { Self::generate(|| 3) } }\n}\npub fn start() -> u32 { Arr::default().0 }\n",
    );
    assert_eq!(printed, "3\n");
}

/// rustc's unresolved-import errors name the leaves the oracle's mend takes out: the named
/// leaves go from groups and lone `use`s at any depth, the rest stays.
#[test]
fn the_oracles_mend_drops_exactly_the_imports_rustc_found_unresolved() {
    let errors = "error[E0432]: unresolved imports `crate::m::storage::Cs`, `crate::m::storage::CsMut`\n   --> draft.rs:571:38\nerror[E0432]: unresolved import `self::cbrt::cbrt`\nerror[E0425]: cannot find value `x` in this scope\n";
    let paths = super::check::said::unresolved_imports(errors);
    assert_eq!(paths.len(), 3, "{paths:?}");
    let mut items = syn::parse_file(
        "mod a { use crate::m::storage::{Cs, CsMut, Other}; use self::cbrt::cbrt; use self::cbrt::keep; mod b { use crate::m::storage::Cs; } }",
    )
    .unwrap()
    .items;
    assert_eq!(super::shrink::edits::drop_imports(&mut items, &paths), 4);
    let text = quote::quote!(#(#items)*).to_string().replace(' ', "");
    assert_eq!(
        text,
        "moda{usecrate::m::storage::{Other};useself::cbrt::keep;modb{}}"
    );
    // rustc names a glob's module (`crate::dep` for `use crate::dep::*;`, the module gone
    // with all its items): the glob goes, a glob of another module stays.
    let paths =
        super::check::said::unresolved_imports("error[E0432]: unresolved import `crate::dep`\n");
    let mut items = syn::parse_file("use crate::dep::*; use crate::dep2::*;")
        .unwrap()
        .items;
    assert_eq!(super::shrink::edits::drop_imports(&mut items, &paths), 1);
    let text = quote::quote!(#(#items)*).to_string().replace(' ', "");
    assert_eq!(text, "usecrate::dep2::*;");
}

/// The mend takes out an unresolved import only when no item of its name is left under the
/// module its path names: alga's dead `linear::SquareMatrix` beside nalgebra's live `type
/// SquareMatrix` (an import of the first, the second elsewhere) is taken out; an import
/// whose item is there under that module (unresolved for another cause: a re-export
/// missing) is not.
#[test]
fn the_mend_judges_an_unresolved_import_by_the_module_its_path_names() {
    let items = syn::parse_file(
        "mod alga { pub mod general { pub struct Other; } } mod nalgebra { pub mod base { pub type SquareMatrix = u8; } } mod typenum { pub mod int { pub struct PInt; } }",
    )
    .unwrap()
    .items;
    let mut defined = Vec::new();
    super::check::said::item_places(&items, "crate", &mut defined);
    let judged = |path: &str| super::check::said::defined_nowhere_under(path, &defined);
    assert!(judged("crate::alga::linear::SquareMatrix"));
    assert!(!judged("crate::nalgebra::SquareMatrix"));
    assert!(!judged("crate::typenum::PInt"));
    assert!(judged("crate::typenum::Z0"));
    // Not a `crate` path: anywhere in the draft, unless rustc's note names its module.
    assert!(!judged("self::cbrt::PInt"));
    assert!(judged("self::cbrt::cbrt"));
    let errors = "error[E0432]: unresolved import `self::int::PInt`\n580 | pub(crate)use self::int::PInt;\n    |               ^^^^^^^^^^^^^^^^ no `PInt` in `alga::int`\n";
    let rooted = super::check::said::rooted("self::int::PInt", errors);
    assert_eq!(rooted, ["crate::alga::int::PInt"]);
    assert!(rooted.iter().all(|p| judged(p)));
    assert_eq!(
        super::check::said::rooted("crate::typenum::PInt", errors),
        ["crate::typenum::PInt"]
    );
}

/// A type the compiler finds dead in one library does not ban its name from another that
/// makes a type of that name by a macro call the walk cannot see into (nalgebra 0.20's
/// `U3` beside typenum's dead `type U3`: banning the name took out `type Matrix3 =
/// MatrixN<U3>` and every draft after the first failed). The pruner alone, given the
/// compiler's finding: `Matrix3` stays, `dep`'s `U3` goes.
#[test]
fn a_dead_type_does_not_take_out_a_type_of_its_name_a_macro_call_makes() {
    let parse = |text: &str| syn::parse_file(text).unwrap().items;
    let dep = parse("pub type U3 = u8;\n");
    let user = parse("use crate::dep::*;\nmaker!(U3);\npub struct Mat<D>(pub u32, pub core::marker::PhantomData<D>);\npub type Matrix3 = Mat<U3>;\npub fn start() -> u32 {\n    let m: Matrix3 = Mat(3, core::marker::PhantomData);\n    m.0\n}\n");
    let tokens: proc_macro2::TokenStream = "fn main() { user::start(); }".parse().unwrap();
    let none = std::collections::BTreeSet::new();
    let kept = super::prune::reach(
        &[&dep, &user],
        &["dep".to_string(), "user".to_string()],
        &super::prune::Seeds {
            tokens: &tokens,
            globs: &none,
            imports: &none,
            use_modules: &none,
            imports_from: &Default::default(),
            droppable: &Default::default(),
            named: &std::collections::BTreeSet::from(["user".to_string()]),
            bare: None,
        },
        &super::prune::Ruling {
            banned: ["#0::U3".to_string()].into_iter().collect(),
            ..Default::default()
        },
        false,
        true,
    );
    let names = |tree: &Vec<syn::Item>| {
        let mut items = tree.clone();
        kept.prune_clone(tree, &mut items);
        quote::quote!(#(#items)*).to_string()
    };
    assert!(!names(&dep).contains("U3"), "{}", names(&dep));
    assert!(names(&user).contains("type Matrix3"), "{}", names(&user));
}

/// What `reach` keeps of each of `libraries` (bundle module, items) for a solution of
/// `main` naming the library `named`, given the keys `banned` and the names `needed`: each
/// library's kept items as text.
fn kept_under_ruling(
    libraries: &[(&str, &Vec<syn::Item>)],
    main: &str,
    named: &str,
    (banned, needed): (&[&str], &[&str]),
) -> Vec<String> {
    let tokens: proc_macro2::TokenStream = main.parse().unwrap();
    let none = std::collections::BTreeSet::new();
    let ruling = super::prune::Ruling {
        banned: banned.iter().map(|k| k.to_string()).collect(),
        needed: needed.iter().map(|n| n.to_string()).collect(),
    };
    let trees: Vec<&[syn::Item]> = libraries.iter().map(|(_, t)| t.as_slice()).collect();
    let modules: Vec<String> = libraries.iter().map(|(m, _)| m.to_string()).collect();
    let kept = super::prune::reach(
        &trees,
        &modules,
        &super::prune::Seeds {
            tokens: &tokens,
            globs: &none,
            imports: &none,
            use_modules: &none,
            imports_from: &Default::default(),
            droppable: &Default::default(),
            named: &std::collections::BTreeSet::from([named.to_string()]),
            bare: None,
        },
        &ruling,
        false,
        true,
    );
    (libraries.iter())
        .map(|(_, tree)| {
            let items = kept.clone_kept(tree);
            quote::quote!(#(#items)*).to_string()
        })
        .collect()
}

/// A name a smaller draft could not do without comes back with the dead names its item
/// holds: alga's trait `FiniteDimVectorSpace`, found dead and put back when rustc could not
/// find it, still went for naming its supertrait `VectorSpace`, also found dead, so every
/// smaller draft of nalgebra 0.20 failed and its bundle stayed the first draft's (320 KiB).
/// The pruner alone, given the findings: without the name needed both traits go (what the
/// mending met); needed, both stay, and a dead trait nothing needs still goes.
#[test]
fn a_needed_name_comes_back_with_the_dead_names_its_item_holds() {
    let lib = syn::parse_file(
        "pub trait Base { fn zero() -> Self; }\n\
         pub trait Vector: Base { fn dim(&self) -> usize; }\n\
         pub trait Spare: Base {}\n\
         pub trait Matrix { type Row: Vector; }\n\
         pub struct M;\n\
         pub fn first<X: Matrix>(_: &X) -> u8 { 3 }\n",
    )
    .unwrap()
    .items;
    let banned = ["#0::Base", "#0::Vector", "#0::Spare"];
    let kept_with = |needed: &[&str]| {
        kept_under_ruling(
            &[("lib", &lib)],
            "fn main() { lib::first(&lib::M); }",
            "lib",
            (&banned, needed),
        )[0]
        .clone()
    };
    let before = kept_with(&[]);
    assert!(before.contains("trait Matrix"), "{before}");
    assert!(!before.contains("trait Vector"), "{before}");
    let after = kept_with(&["Vector"]);
    for stays in ["trait Matrix", "trait Vector", "trait Base", "fn first"] {
        assert!(after.contains(stays), "{stays}: {after}");
    }
    assert!(!after.contains("trait Spare"), "{after}");
}

/// An impl of a needed trait for a needed type stays, whatever dead names its methods
/// hold: rand's `impl UniformSampler for UniformInt<i8>` (its `new<B1: SampleBorrow<..>>`),
/// all found dead in a draft that had no use for `Uniform`; once the mending needed
/// `Uniform`, its trait and type came back but the impl stayed out for naming the dead
/// `SampleBorrow`, and the draft failed with "`UniformInt<i8>: UniformSampler` is not
/// satisfied"; then its body's `x.wmul(y)`, of the dead `WideningMultiply`, found no method,
/// nor a needed function's `rng.next_u32()`, a member found never called; getrandom's
/// `unsafe impl Sync for Mutex` went with its dead type. Without the names needed all goes
/// (what the compiler found); needed, the impl stays and so does what it names, a trait
/// whose method it calls, that trait's impls, the member, and a std trait's impl for a
/// type it names.
#[test]
fn an_impl_of_a_needed_trait_for_a_needed_type_stays_with_what_it_names() {
    let lib = syn::parse_file(
        "pub trait Borrow2<T> { fn get(&self) -> &T; }\n\
         pub trait Sampler: Sized { type X; fn new<B: Borrow2<Self::X>>(b: B) -> Self; }\n\
         pub trait SampleUniform: Sized { type S: Sampler<X = Self>; }\n\
         pub struct UniformInt<X>(pub X);\n\
         impl SampleUniform for u8 { type S = UniformInt<u8>; }\n\
         use crate::utils::Wide;\n\
         impl Sampler for UniformInt<u8> { type X = u8; fn new<B: Borrow2<u8>>(b: B) -> Self { UniformInt((*b.get()).wmul() as u8) } }\n\
         pub mod utils {\n\
         pub trait Wide { fn wmul(self) -> u16; }\n\
         impl Wide for u8 { fn wmul(self) -> u16 { self as u16 * 2 } }\n\
         }\n\
         pub struct Uniform<X: SampleUniform>(pub X::S, pub Mutex);\n\
         pub struct Mutex(pub core::cell::UnsafeCell<u8>);\n\
         unsafe impl Sync for Mutex {}\n\
         pub trait Core { fn next_u32(&mut self) -> u32; }\n\
         pub fn sample<R: Core>(r: &mut R) -> u32 { r.next_u32() }\n",
    )
    .unwrap()
    .items;
    let banned = [
        "#0::Borrow2",
        "#0::Sampler",
        "#0::SampleUniform",
        "#0::UniformInt",
        "#0::Uniform",
        "#0::utils::Wide",
        "#0::utils::Wide::wmul",
        "#0::Core::next_u32",
        "#0::Mutex",
    ];
    let kept_with = |needed: &[&str]| {
        kept_under_ruling(
            &[("lib", &lib)],
            "fn main() { let _u: Option<lib::Uniform<u8>> = None; let _ = lib::sample::<Gen>; }",
            "lib",
            (&banned, needed),
        )[0]
        .clone()
    };
    let before = kept_with(&[]);
    assert!(!before.contains("impl Sampler"), "{before}");
    assert!(!before.contains("fn next_u32"), "{before}");
    let after = kept_with(&["Uniform", "sample"]);
    let stays = [
        "struct Uniform <",
        "struct UniformInt",
        "impl SampleUniform for u8",
        "impl Sampler for UniformInt",
        "trait Borrow2",
        "fn wmul (self) -> u16 ;",
        "impl Wide for u8 { fn wmul",
        "use crate :: utils :: Wide ;",
        "fn next_u32 (& mut self) -> u32 ;",
        "unsafe impl Sync for Mutex",
    ];
    for stays in stays {
        assert!(after.contains(stays), "{stays}: {after}");
    }
}

/// A macro call naming a type found dead stays once that type is needed (rand's
/// `scalar_float_impl!(f32, u32)`-like calls, whose impls a needed `f32::cast_from_int`
/// call asks for): without the name needed the call goes with its dead type; needed, both
/// stay.
#[test]
fn a_macro_call_naming_a_needed_dead_type_stays() {
    let lib = syn::parse_file(
        "pub struct Float32;\n\
         pub trait Cast { fn cast() -> Self; }\n\
         macro_rules! cast_impl { ($t:ident) => { impl Cast for $t { fn cast() -> Self { $t } } }; }\n\
         cast_impl!(Float32);\n\
         pub fn sample() -> Float32 { Float32::cast() }\n",
    )
    .unwrap()
    .items;
    let banned = ["#0::Float32"];
    let kept_with = |needed: &[&str]| {
        let main = "fn main() { let _ = lib::sample; }";
        kept_under_ruling(&[("lib", &lib)], main, "lib", (&banned, needed))[0].clone()
    };
    let before = kept_with(&[]);
    assert!(!before.contains("cast_impl ! (Float32)"), "{before}");
    let after = kept_with(&["sample"]);
    for stays in ["struct Float32", "cast_impl ! (Float32)", "fn sample"] {
        assert!(after.contains(stays), "{stays}: {after}");
    }
}

/// What a needed name reaches is needed in every library: rand's needed sampling calls
/// `rng.next_u64()`, a member of rand_core's `RngCore` found never called while nothing
/// needed it; a method's name says nothing of its library, so rescued in rand alone, the
/// member stayed out ("`next_u64` is not a member of trait `RngCore`", the impls kept it).
/// Without the name needed the member goes; needed, it stays in the other library (and
/// the trait's other members with it: a trait needed keeps them all, as its impls do).
#[test]
fn what_a_needed_name_reaches_is_needed_in_every_library() {
    let parse = |text: &str| syn::parse_file(text).unwrap().items;
    let core = parse(
        "pub trait RngCore { fn next_u64(&mut self) -> u64; fn next_u32(&mut self) -> u32; }\n",
    );
    let user =
        parse("pub fn sample<R: crate::rand_core::RngCore>(r: &mut R) -> u64 { r.next_u64() }\n");
    let banned = ["#0::RngCore::next_u64", "#0::RngCore::next_u32"];
    let kept_with = |needed: &[&str]| {
        kept_under_ruling(
            &[("rand_core", &core), ("user", &user)],
            "fn main() { let _ = user::sample::<G>; }",
            "user",
            (&banned, needed),
        )[0]
        .clone()
    };
    let before = kept_with(&[]);
    assert!(before.contains("trait RngCore"), "{before}");
    assert!(!before.contains("next_u64"), "{before}");
    let after = kept_with(&["sample"]);
    assert!(after.contains("fn next_u64"), "{after}");
}

/// A `use` that re-exports an item the compiler found dead but the pruner keeps (a type a
/// macro definition names: typenum's `PInt`, never constructed, named in `impl_pow_i!`'s
/// body) stays with it: typenum's root `pub use int::{NInt, PInt};` went while the struct
/// stayed, so `use crate::{.., PInt, ..};` in its other modules was unresolved and every
/// smaller draft of nalgebra 0.20 failed. Fails before: the dead `spare` stays (the first
/// draft is all the oracle could give).
#[test]
fn a_reexport_of_a_dead_item_the_pruner_keeps_stays_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "pub mod int {\n    pub struct PInt<U>(pub U);\n}\npub use int::PInt;\npub trait Value { fn value() -> u32; }\npub mod ops {\n    use crate::PInt;\n    macro_rules! value_of { ($t:ty) => { impl crate::Value for $t { fn value() -> u32 { 3 } } impl crate::Value for PInt<$t> { fn value() -> u32 { 4 } } }; }\n    value_of!(u32);\n}\npub fn spare() -> u32 { 7 }\n",
        "use dep::*;\npub fn start() -> u32 {\n    let spare = <u32 as Value>::value();\n    spare\n}\n",
    );
    assert!(!text.contains("fn spare"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A trait method the compiler found never called stays in its trait when a kept macro
/// implements it (num-rational 0.2's `checked_arith_impl!(impl CheckedAdd, checked_add);`:
/// taking `checked_add` out of `CheckedAdd` left the impl the call makes with a method that
/// is "not a member of trait", E0407, and every smaller draft of nalgebra 0.20 failed).
/// The member is an argument of the call (`$m`), named in the macro's body (`fn count_ones`
/// in num-traits' `prim_int_impl!`), or the call is among an impl's items (ppv-lite86's
/// `fwd_unop_x2!(rotate_each_word_right7);`). Fails before: the dead `unused_member` of another trait
/// stays (the oracle's drafts without dead members are all it could give).
#[test]
fn a_dead_trait_method_a_kept_macro_implements_stays_in_the_trait() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "pub trait CheckedAdd { fn checked_add(&self) -> u32; fn other(&self) -> u32; }\nmacro_rules! imp { (impl $t:ident, $m:ident) => { impl $t for u32 { fn $m(&self) -> u32 { *self + 1 } fn other(&self) -> u32 { *self } } }; }\nimp!(impl CheckedAdd, checked_add);\npub trait Prim { fn count_ones(&self) -> u32; }\nmacro_rules! prim { ($t:ty) => { impl Prim for $t { fn count_ones(&self) -> u32 { <$t>::count_ones(*self) } } }; }\nprim!(u32);\npub trait Rot { fn rot7(self) -> Self; }\nmacro_rules! fwd { (Self::$f:ident) => { fn $f(self) -> Self { self.rotate_right(7) } }; }\nimpl Rot for u64 { fwd!(Self::rot7); }\npub fn takes<T: Prim>(_: T) {}\npub fn takes_rot<T: Rot>(_: T) {}\npub trait Plain { fn used(&self) -> u32; fn unused_member(&self) -> u32; }\nimpl Plain for u32 { fn used(&self) -> u32 { 0 } fn unused_member(&self) -> u32 { 5 } }\n",
        "use dep::*;\npub fn start() -> u32 {\n    takes(3u32);\n    takes_rot(3u64);\n    CheckedAdd::other(&3u32) + Plain::used(&3u32)\n}\n",
    );
    assert!(!text.contains("unused_member"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A constant the compiler found dead does not ban its name from type parameters: libc's
/// register `const SS` took out alga's `impl<SS: SubsetOf<SP>, SP> SupersetOf<SS> for SP`
/// (every smaller draft of nalgebra 0.20 failed: "`f32: SupersetOf<f64>` is not
/// satisfied"). Fails before: the dead `const SS` stays (the first draft is all the oracle
/// could give).
#[test]
fn a_dead_constant_does_not_take_out_an_impl_whose_type_parameter_bears_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "",
        "pub const SS: u32 = 18;\npub trait Named { fn name(&self) -> u32; }\nimpl<SS: Copy + Into<u32>> Named for SS { fn name(&self) -> u32 { (*self).into() } }\npub fn start() -> u32 {\n    3u8.name()\n}\n",
    );
    assert!(!text.contains("const SS"), "{text}");
    assert_eq!(printed, "3\n");
}

/// An item's own type parameters name nothing else: alga's `impl<N1, N2: SupersetOf<N1>>
/// SubsetOf<Complex<N2>> for Complex<N1>` kept typenum's `type N1`, which the compiler then
/// found dead, and banning the name took the impl with it ("`Complex<N>: SubsetOf<..>` is
/// not satisfied" in every smaller draft of nalgebra 0.20). Fails before: `type N1` stays.
#[test]
fn an_items_own_type_parameters_keep_no_item_of_their_name() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "",
        "pub type N1 = i64;\npub trait Up<T> { fn up(&self) -> T; }\nimpl<N1: Copy + Into<u32>> Up<u32> for N1 { fn up(&self) -> u32 { let x: N1 = *self; x.into() } }\npub fn start() -> u32 {\n    Up::<u32>::up(&3u8)\n}\n",
    );
    assert!(!text.contains("type N1"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A function the compiler found dead stays when a kept macro of its library calls it: the
/// impl the macro makes cannot lose the method that calls it (rand 0.7's
/// `impl_weight_for_float!` calls `pairwise_sum` in `Weight::sum`, which nobody calls;
/// taking the function out broke every smaller draft of nalgebra 0.20). Fails before: the
/// dead `unused_member` stays (the oracle's drafts without dead items are all it could give).
#[test]
fn a_dead_function_a_kept_macro_calls_stays() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "",
        "fn pairwise_sum(v: &[u32]) -> u32 { v.iter().sum() }\npub trait Weight { fn sum(v: &[Self]) -> Self where Self: Sized; fn one() -> Self; }\nmacro_rules! weight { ($t:ident) => { impl Weight for $t { fn sum(v: &[Self]) -> Self { pairwise_sum(v) } fn one() -> Self { 3 } } }; }\nweight!(u32);\npub trait Plain { fn used(&self) -> u32; fn unused_member(&self) -> u32; }\nimpl Plain for u32 { fn used(&self) -> u32 { 0 } fn unused_member(&self) -> u32 { 5 } }\npub fn start() -> u32 {\n    <u32 as Weight>::one() + Plain::used(&3u32)\n}\n",
    );
    assert!(!text.contains("unused_member"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A smaller draft that "cannot find" an item the compiler's findings took out gets it back
/// and is drafted again: the item is called by what the pruner had to keep (a trait member
/// a macro implements stays, and with it the member's body in an impl written by hand:
/// `fn log_gamma(self) -> Self { log_gamma(self.into()) }`, whose free `log_gamma` the
/// compiler found dead). Fails before: the dead `unused_member` stays (the oracle's drafts
/// without dead members are all it could give).
#[test]
fn an_item_a_smaller_draft_cannot_find_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "",
        "fn log_gamma(x: f64) -> f64 { x }\npub trait Float { fn log_gamma(self) -> Self; fn one() -> Self; }\nimpl Float for f32 { fn log_gamma(self) -> Self { log_gamma(self as f64) as f32 } fn one() -> Self { 3.0 } }\nmacro_rules! float { ($t:ident) => { impl Float for $t { fn log_gamma(self) -> Self { self } fn one() -> Self { 3.0 } } }; }\nfloat!(f64);\npub trait Plain { fn used(&self) -> u32; fn unused_member(&self) -> u32; }\nimpl Plain for u32 { fn used(&self) -> u32 { 0 } fn unused_member(&self) -> u32 { 5 } }\npub fn start() -> u32 {\n    <f32 as Float>::one() as u32 + Plain::used(&3u32)\n}\n",
    );
    assert!(!text.contains("unused_member"), "{text}");
    assert_eq!(printed, "3\n");
    let errors = "error[E0425]: cannot find function `log_gamma` in this scope\nerror[E0425]: cannot find value `SNUM` in this scope\nerror[E0412]: cannot find type `speed_t` in module `crate::libc`\nerror[E0599]: no method named `x` found\nerror[E0531]: cannot find unit struct, unit variant or constant `EAGAIN` in module `crate::libc`\nerror[E0576]: cannot find method or associated constant `powf` in trait `Float`\nerror[E0433]: cannot find `rand_pcg` in `crate`\n    --> draft.rs:3404:17\n     |\n3404 | type Rng=crate::rand_pcg::Pcg64Mcg;\n     |                 ^^^^^^^^ could not find `rand_pcg` in the crate root\n\nerror[E0425]: cannot find value `x` in this scope\n3 | let y = rand_pcg::Lcg;\n";
    let mut names: Vec<String> = super::check::said::missing_names(errors)
        .into_iter()
        .collect();
    names.sort();
    let expected = [
        "EAGAIN",
        "Pcg64Mcg",
        "SNUM",
        "log_gamma",
        "powf",
        "rand_pcg",
        "speed_t",
        "x",
    ];
    assert_eq!(names, expected);
}

/// A trait member a smaller draft cannot find comes back as an item does: num-traits'
/// `impl Pow<f32> for f32` calls `<f32 as Float>::powf`, which the compiler had found
/// never called (before the mending put `pow` back), and rustc's E0576 ("cannot find
/// method or associated constant `powf` in trait `Float`") named no item, so every smaller
/// draft of nalgebra 0.20 failed. A stand-in for the pruner drafts the trait without the
/// members found dead: mended, the draft compiles and only the member it needed is back.
/// Fails before: the mending gives up on the first error.
#[test]
fn a_trait_member_a_smaller_draft_cannot_find_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let draft = |_: &[Vec<syn::Item>], f: &super::check::oracle::Findings| {
        let member = |name: &str, body: &str| {
            let key = format!("#0::Float::{name}");
            (!f.dead_members.contains(&key))
                .then(|| format!("fn {name}(self) -> Self {{ {body} }}"))
        };
        let members: Vec<String> = [member("powf", "self * 2.0"), member("sqrt", "self")]
            .into_iter()
            .flatten()
            .collect();
        let text = format!(
            "trait Float: Sized {{ {} }}\nimpl Float for f32 {{ {} }}\n\
             trait Pow {{ fn pow(self) -> Self; }}\n\
             impl Pow for f32 {{ fn pow(self) -> Self {{ <f32 as Float>::powf(self) }} }}\n\
             fn main() {{ println!(\"{{}}\", 1.5f32.pow()); }}\n",
            members
                .iter()
                .map(|m| m.split('{').next().unwrap().to_string() + ";")
                .collect::<String>(),
            members.concat(),
        );
        Ok(super::Bundle {
            text,
            libraries: Vec::new(),
        })
    };
    let mut findings = super::check::oracle::Findings {
        dead_members: ["#0::Float::powf", "#0::Float::sqrt"]
            .map(String::from)
            .into_iter()
            .collect(),
        ..Default::default()
    };
    let mut trees = vec![Vec::new()];
    let mended = super::climb::refine::consult_mending(
        &mut trees,
        &mut findings,
        &draft,
        &[],
        (dir.path(), false),
    );
    let (bundle, _) = mended
        .map_err(|(e, text)| format!("{e:#}\n{text}"))
        .unwrap();
    assert!(bundle.text.contains("fn powf"), "{}", bundle.text);
    assert!(!bundle.text.contains("fn sqrt"), "{}", bundle.text);
    assert_eq!(
        findings.dead_members,
        ["#0::Float::sqrt".to_string()].into_iter().collect()
    );
}

/// An import of an item the findings took out is mended by bringing the item back, not by
/// dropping the import: typenum's `use crate::{Min, Minimum}` was dropped as naming
/// nothing, then the items came back as needed with no `use` left to name them by, and the
/// smaller draft failed. A stand-in for the pruner drafts the trees less the items found
/// dead. Fails before: the draft after the first mending cannot find `Min`.
#[test]
fn an_import_of_an_item_found_dead_brings_the_item_back() {
    let dir = tempfile::tempdir().unwrap();
    let draft = |trees: &[Vec<syn::Item>], f: &super::check::oracle::Findings| {
        let mut items = trees[0].clone();
        for item in &mut items {
            if let syn::Item::Mod(m) = item {
                let module = m.ident.to_string();
                if let Some((_, inner)) = &mut m.content {
                    inner.retain(|i| {
                        let name = super::read::syntax::item_name(i).unwrap_or_default();
                        !f.dead.contains(&format!("#0::{module}::{name}"))
                    });
                }
            }
        }
        Ok(super::Bundle {
            text: quote::quote!(#(#items)*).to_string(),
            libraries: Vec::new(),
        })
    };
    let tree = syn::parse_file(
        "mod m { pub struct Min; pub struct Spare; }\n\
         use m::Min;\n\
         fn main() { let _m = Min; println!(\"3\"); }\n",
    )
    .unwrap()
    .items;
    let mut findings = super::check::oracle::Findings {
        dead: ["#0::m::Min", "#0::m::Spare"]
            .map(String::from)
            .into_iter()
            .collect(),
        ..Default::default()
    };
    let mut trees = vec![tree];
    let mended = super::climb::refine::consult_mending(
        &mut trees,
        &mut findings,
        &draft,
        &[],
        (dir.path(), false),
    );
    let (bundle, _) = mended
        .map_err(|(e, text)| format!("{e:#}\n{text}"))
        .unwrap();
    assert!(bundle.text.contains("use m :: Min"), "{}", bundle.text);
    assert!(!bundle.text.contains("Spare"), "{}", bundle.text);
    assert_eq!(
        findings.dead,
        ["#0::m::Spare".to_string()].into_iter().collect()
    );
}

/// A name a smaller draft cannot find, whose item the findings did not take out (held out
/// by a dead name it holds), is needed only where the caller lets the mending need names
/// (the last oracle rounds): a stand-in for the pruner drafts the item only when its name
/// is needed. Without leave the mending gives up; with it, the draft compiles.
#[test]
fn a_mending_needs_names_only_when_let() {
    let dir = tempfile::tempdir().unwrap();
    let draft = |_: &[Vec<syn::Item>], f: &super::check::oracle::Findings| {
        let item = if f.needed.contains("Vector") {
            "trait Vector { fn dim(&self) -> u8 { 3 } }\nimpl Vector for u8 {}\n"
        } else {
            ""
        };
        Ok(super::Bundle {
            text: format!("{item}fn main() {{ println!(\"{{}}\", <u8 as Vector>::dim(&1)); }}\n"),
            libraries: Vec::new(),
        })
    };
    let mended = |need_names: bool| {
        let mut findings = super::check::oracle::Findings::default();
        let mut trees = vec![Vec::new()];
        let at = (dir.path(), need_names);
        let result =
            super::climb::refine::consult_mending(&mut trees, &mut findings, &draft, &[], at);
        (result.is_ok(), findings.needed)
    };
    assert_eq!(mended(false), (false, Default::default()));
    assert_eq!(
        mended(true),
        (true, ["Vector".to_string()].into_iter().collect())
    );
    let errors = "error[E0599]: no function or associated item named `cast_from_int` found for type `f32` in the current scope\nerror[E0599]: no method named `wmul` found for type `u32` in the current scope\nerror[E0599]: the method `x` exists but its trait bounds were not satisfied\n";
    let mut names: Vec<String> = super::check::said::unfound_members(errors)
        .into_iter()
        .collect();
    names.sort();
    assert_eq!(names, ["cast_from_int", "wmul"]);
}

/// petgraph's `trait_template!` makes a trait and a macro of one name, and the library calls
/// that macro to implement the trait for references (`IntoEdgesDirected!{delegate_impl []}`).
/// The trait found dead takes its namesake macro out too, and the call left behind "cannot
/// find macro": the macro comes back as a missing name does, so the smaller draft still
/// compiles. Fails before: that draft and the next step's fail, and the dead member goes
/// only with them (`unused_member` stays; petgraph's Dijkstra paid four failing compiles
/// per reading).
#[test]
fn a_macro_a_smaller_draft_cannot_find_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "",
        "macro_rules! delegate { ([] pub trait $name:ident { $($body:tt)* }) => { impl<'a, G: $name> $name for &'a G { fn walk(&self) -> u32 { (**self).walk() } } }; }\nmacro_rules! Walk { ($m:ident $extra:tt) => { $m!{ $extra pub trait Walk { fn walk(&self) -> u32; } } }; }\npub trait Walk { fn walk(&self) -> u32; }\nWalk!{delegate []}\npub trait Plain { fn used(&self) -> u32; fn unused_member(&self) -> u32; }\nimpl Plain for u32 { fn used(&self) -> u32 { 3 } fn unused_member(&self) -> u32 { 5 } }\npub fn start() -> u32 {\n    Plain::used(&3u32)\n}\n",
    );
    assert!(!text.contains("unused_member"), "{text}");
    assert_eq!(printed, "3\n");
    let errors = "error: cannot find macro `IntoEdgesDirected` in this scope\nerror: cannot find attribute `x` in this scope\n";
    let names: Vec<String> = super::check::said::missing_names(errors)
        .into_iter()
        .collect();
    assert_eq!(names, ["IntoEdgesDirected"]);
}

/// A trait member the compiler found never called stays when a macro implements it, and so
/// does its method in a hand-written impl, whose body may call by path a type's own method
/// the compiler found unused too: petgraph's `impl IntoNeighbors for &Graph { fn
/// neighbors(self, ..) { Graph::neighbors(self, ..) } }`. Without the inherent method the
/// path means the trait's, and the draft "does not satisfy" a bound: what such a method
/// mentions is kept. Fails before: the draft without dead members fails, and
/// `unused_member` stays with it (petgraph's Dijkstra paid two failing steps a reading).
#[test]
fn a_method_a_smaller_draft_calls_by_path_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "",
        "pub struct G(pub u32);\nimpl G { pub fn n(&self) -> u32 { self.0 } pub fn new() -> G { G(3) } }\npub trait IntoN { fn n(self) -> u32; }\nmacro_rules! imp { ($t:ident, $m:ident) => { impl $t for u8 { fn $m(self) -> u32 { 7 } } }; }\nimp!(IntoN, n);\npub trait IntoE: IntoN { fn e(self) -> u32; }\nimpl<'a> IntoN for &'a G { fn n(self) -> u32 { G::n(self) } }\nimpl<'a> IntoE for &'a G { fn e(self) -> u32 { 1 } }\npub fn walk<X: IntoE>(x: X) -> u32 { x.e() }\npub trait Plain { fn used(&self) -> u32; fn unused_member(&self) -> u32; }\nimpl Plain for u32 { fn used(&self) -> u32 { 3 } fn unused_member(&self) -> u32 { 5 } }\npub fn start() -> u32 {\n    walk(&G::new()) + Plain::used(&2u32)\n}\n",
    );
    assert!(!text.contains("unused_member"), "{text}");
    assert_eq!(printed, "4\n");
}

/// A template imports a library's exported macro by name and the solution never calls it
/// (`use proconio::{input, marker::Chars};` above a `read_line` of its own): the macro stays,
/// for the `use` to resolve. Fails before: `unresolved import crate::fixture::m` at every
/// pruned step (a held-out solution of yiolino's fell to the whole crates, which failed too).
#[test]
fn a_macro_the_solution_imports_and_never_calls_stays_for_its_use() {
    let text = differential(
        &[(
            "lib.rs",
            "#[macro_export]\nmacro_rules! m { ($x:expr) => { $x + 1 }; }\npub struct Plain;\npub fn start() -> u32 { 3 }\n",
        )],
        "#[allow(unused_imports)]\nuse fixture::{m, Plain};\nfn main() {\n    println!(\"{}\", fixture::start());\n}\n",
        b"",
    );
    assert!(text.contains("macro_rules!m"), "{text}");
}

/// A `macro_rules!` that is not exported is called only where it is in scope: its module,
/// the modules inside it, and the module around while its own is `#[macro_use]`. nalgebra
/// 0.20 defines a local `impl_multiplicative_structures!` in each of several geometry
/// modules: a call in one kept every other's, and every type their bodies name (200 KiB).
/// Fails before: `b`'s macro and `Heavy` stay.
#[test]
fn a_local_macro_is_kept_only_for_a_call_in_its_scope() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names(
        dir.path(),
        "",
        "mod a {\n    pub struct Light(pub u32);\n    macro_rules! ms { ($t:ident) => { impl $t { pub fn get(&self) -> u32 { self.0 } } }; }\n    ms!(Light);\n}\nmod b {\n    pub struct Heavy(pub u64);\n    pub struct Thing(pub u32);\n    macro_rules! ms { ($t:ident) => { impl $t { pub fn get(&self) -> u64 { Heavy(self.0 as u64).0 } } }; }\n    ms!(Thing);\n}\n#[macro_use]\nmod shared {\n    macro_rules! three { () => { 3 }; }\n}\nmod c {\n    pub fn three() -> u32 { three!() }\n}\npub fn start() -> u32 { a::Light(c::three()).get() }\n",
    );
    assert!(!text.contains("Heavy"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A name a module imports from std is std's where it is written as a path, but a method
/// where it is written after a dot: im-rc 15's `vector` module has `use std::mem::{replace,
/// swap};` and calls `focus.swap(i - del, i)` on its own `FocusMut` (the method was left
/// out and the pruned draft did not compile). Fails before.
#[test]
fn a_method_named_like_a_std_import_of_its_module_is_kept_for_a_call_after_a_dot() {
    let dir = tempfile::tempdir().unwrap();
    let (_, printed) = bundled_by_names(
        dir.path(),
        "",
        "use std::mem::swap;\npub struct Focus(pub Vec<u32>);\nimpl Focus { pub fn swap(&mut self, a: usize, b: usize) { self.0.swap(a, b) } }\npub fn start() -> u32 {\n    let (mut x, mut y) = (1, 3);\n    swap(&mut x, &mut y);\n    let mut f = Focus(vec![x, y]);\n    f.swap(0, 1);\n    f.0[1]\n}\n",
    );
    assert_eq!(printed, "3\n");
}

/// What the compiler found dead stays while something kept despite the findings needs it:
/// a trait spared because a macro definition names it keeps the associated type its own
/// header names, and that type's bound (alga's `Matrix: Mul<<Self as Matrix>::Row>` with
/// `type Row: FiniteDimVectorSpace`: the trait found dead took the member out and left the
/// header naming it, in every smaller draft of nalgebra 0.20), and the re-export it is
/// named through (`pub use self::vector::FiniteDimVectorSpace;`). Fails before: the dead
/// `unused_member` stays (the drafts without dead items do not compile).
#[test]
fn a_dead_trait_a_kept_item_needs_stays_with_what_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "pub mod linear {\n    pub mod vector {\n        pub trait Space { fn dim(&self) -> u32 { 0 } }\n    }\n    pub use self::vector::Space;\n    pub mod matrix {\n        use crate::linear::Space;\n        pub trait Matrix: Sized + core::ops::Mul<<Self as Matrix>::Row> { type Row: Space; }\n    }\n}\npub use linear::matrix::Matrix;\npub struct D;\npub struct R;\nimpl linear::Space for R {}\nimpl core::ops::Mul<R> for D { type Output = D; fn mul(self, _: R) -> D { D } }\nimpl Matrix for D { type Row = R; }\n",
        "#[allow(unused_imports)]\nuse dep::*;\npub struct Matrix(pub u32);\nmacro_rules! matrix { ($x:expr) => { Matrix($x) }; }\npub trait Plain { fn used(&self) -> u32; fn unused_member(&self) -> u32; }\nimpl Plain for u32 { fn used(&self) -> u32 { 0 } fn unused_member(&self) -> u32 { 5 } }\npub fn start() -> u32 {\n    matrix!(3).0 + Plain::used(&3u32)\n}\n",
    );
    assert!(!text.contains("unused_member"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A trait member kept although the compiler found it never called (a macro implements
/// it) keeps the members its default body calls: num-traits' `FloatCore::epsilon` is
/// `Self::from(f32::EPSILON).expect(..)`, and `NumCast::from`, found never called, went
/// from the trait and its impls (every smaller draft of nalgebra 0.20: "no method named
/// `expect` found for type parameter `Self`"). Fails before: `unused_member` stays.
#[test]
fn a_member_kept_against_the_findings_keeps_the_members_its_body_calls() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "",
        "pub trait Cast: Sized { fn from(n: u32) -> Option<Self>; }\nimpl Cast for u64 { fn from(n: u32) -> Option<Self> { Some(n as u64) } }\npub trait Float: Cast { fn eps() -> Self { Self::from(1).expect(\"cast\") } fn val(&self) -> u32; }\nmacro_rules! float { ($t:ident) => { impl Float for $t { fn eps() -> Self { 1 } fn val(&self) -> u32 { *self as u32 } } }; }\nfloat!(u64);\npub trait Plain { fn used(&self) -> u32; fn unused_member(&self) -> u32; }\nimpl Plain for u32 { fn used(&self) -> u32 { 0 } fn unused_member(&self) -> u32 { 5 } }\npub fn start() -> u32 {\n    Float::val(&3u64) + Plain::used(&3u32)\n}\n",
    );
    assert!(!text.contains("unused_member"), "{text}");
    assert_eq!(printed, "3\n");
}

/// A library over the impls pass's floor: a trait implemented for every integer type (by
/// hand and by a macro, as num-traits does), each impl long enough to count.
fn many_impls_library() -> String {
    let mut lib = String::from(
        "pub trait Measure { fn measure(&self) -> u64; fn label(&self) -> u64 { 0 } fn spare(&self) -> u64; }\n\
         pub fn total<M: Measure>(xs: &[M]) -> u64 { xs.iter().map(|x| x.measure()).sum() }\n\
         pub const LABEL_MARKER: u64 = 17;\npub const SPARE_MARKER: u64 = 19;\n",
    );
    // A long body, the same for each type: what keeps the library over the floor.
    let body: String = (0..60)
        .map(|k| format!("s = s.wrapping_mul(31).wrapping_add({k}); "))
        .collect();
    for t in [
        "u8", "u16", "u32", "i8", "i16", "i32", "i64", "usize", "isize", "u128", "i128",
    ] {
        lib.push_str(&format!(
            "impl Measure for {t} {{ fn measure(&self) -> u64 {{ let mut s = *self as u64; {body} s }} \
             fn label(&self) -> u64 {{ LABEL_MARKER }} fn spare(&self) -> u64 {{ SPARE_MARKER }} }}\n"
        ));
    }
    lib.push_str(
        "macro_rules! wide { ($($t:ty)*) => { $(impl Measure for $t { fn measure(&self) -> u64 { *self as u64 + 1 } fn spare(&self) -> u64 { SPARE_MARKER } })* } }\n\
         wide!(u64 f32 f64);\n",
    );
    lib
}

#[test]
fn impls_that_never_run_go_and_methods_that_never_run_lose_their_bodies() {
    let lib = many_impls_library();
    let main =
        "fn main() { println!(\"{} {}\", fixture::total(&[3u32, 4]), fixture::total(&[5u64])); }\n";
    let text = differential(&[("lib.rs", &lib)], main, b"");
    // The program runs `measure` for u32 and u64 only (a debug build generates nothing
    // else): every other type's impl goes, though the pruner by names keeps them all.
    let impls: Vec<&str> = [
        "u8", "u16", "u32", "i8", "i64", "usize", "u128", "u64", "f32", "f64",
    ]
    .into_iter()
    .filter(|t| {
        text.contains(&format!("Measure for {t}{{"))
            || text.contains(&format!("Measure for {t} {{"))
    })
    .collect();
    assert_eq!(impls, ["u32", "u64"], "{text}");
    // `label` overrides a default and never runs, `spare` is required and never runs: what
    // their bodies name goes (the pruner by names keeps both markers).
    assert!(
        !text.contains("LABEL_MARKER") && !text.contains("SPARE_MARKER"),
        "{text}"
    );
    // The impl the macro made for u64 is written out, without the macro and its calls.
    assert!(!text.contains("wide!"), "{text}");
}

/// A derive is a macro (std's, in a bundle): `#[derive(Ord)]` does not mention the
/// library's own trait `Ord`, which stays out. Fails before: the derive's names were the
/// struct's mentions, so the trait (and what its default method names) was kept; and,
/// found dead by the compiler, its name then ruled out every struct deriving `Ord`
/// (typenum's `UInt`, which every draft after failed without).
#[test]
fn a_derive_keeps_no_library_item_of_the_derived_traits_name() {
    let (names, compiler) = differential_both(
        &[(
            "lib.rs",
            "pub trait Ord { fn level(&self) -> u8 { ORD_TRAIT_MARKER } }\n\
             pub const ORD_TRAIT_MARKER: u8 = 7;\n\
             #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]\n\
             pub struct Key(pub u32);\n",
        )],
        "fn main() { let mut v = vec![fixture::Key(3), fixture::Key(1)]; v.sort(); println!(\"{:?}\", v); }\n",
        b"",
    );
    for text in [names, compiler] {
        assert!(text.contains("struct Key"), "{text}");
        assert!(!text.contains("trait Ord"), "{text}");
    }
}

/// A name found dead in one library rules out only what can mean that library's item: a
/// bound `T: Ord` in a module of `user` that neither imports nor globs `dep` is std's
/// `Ord`, though `user` opens `dep` by a glob elsewhere and `dep`'s trait `Ord` is dead.
/// Fails before: the dead name ruled out `largest`, each smaller draft failed, and `dep`'s
/// `Ord` stayed (im-rc's `A: Ord` against typenum's dead `Ord`: 220 KiB kept).
#[test]
fn a_dead_name_of_one_library_rules_out_no_mention_that_means_std() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_with_the_compiler(
        dir.path(),
        "pub trait Ord { fn rank(&self) -> u8 { 1 } }\npub fn two() -> u32 { 2 }\n",
        "mod glob {\n    use dep::*;\n    pub fn two_of_dep() -> u32 { two() }\n}\n\
         pub fn largest<T: Ord + Copy>(v: &[T]) -> T { *v.iter().max().unwrap() }\n\
         pub fn start() -> u32 { largest(&[1u32, 5, 3]) + glob::two_of_dep() }\n",
    );
    assert_eq!(printed, "7\n");
    assert!(text.contains("fn largest"), "{text}");
    assert!(!text.contains("trait Ord"), "{text}");
}

/// A mention means what its module binds by that name: `Ranged` in `b`, imported there
/// as `use crate::a::Inner as Ranged;`, is `a::Inner`, however dead `c`'s own struct
/// `Ranged` is. Fails before: every item named `Ranged` being dead, `b::Wrap` was ruled
/// out for naming it, each smaller draft failed, and `c::Ranged` stayed (im-rc's
/// `ord::map`, which imports `btree::Iter as RangedIter`, against `ord::set`'s dead
/// `RangedIter`: every oracle step failed).
#[test]
fn a_name_a_module_binds_by_a_use_means_that_binding_not_a_dead_item_of_the_name() {
    let text = differential(
        &[(
            "lib.rs",
            "pub mod a { pub struct Inner(pub u32); }\n\
             pub mod b {\n    use crate::a::Inner as Ranged;\n    pub struct Wrap(pub Ranged);\n    pub fn make() -> Wrap { Wrap(Ranged(3)) }\n}\n\
             pub mod c { pub struct Ranged(pub u8); pub fn other() -> Ranged { Ranged(1) } }\n",
        )],
        "fn main() { println!(\"{}\", fixture::b::make().0 .0); }\n",
        b"",
    );
    assert!(text.contains("struct Wrap"), "{text}");
    assert!(!text.contains("struct Ranged"), "{text}");
}

/// `bundled_with` by names alone, with `main` as the solution (`user` is the library it
/// names, `dep` one only `user` names).
fn bundled_by_names_for(dir: &Path, dep_lib: &str, user_lib: &str, main: &str) -> (String, String) {
    bundled_for(dir, (dep_lib, user_lib), Some(main), Pruning::Names)
}

/// A name the solution writes can mean only an item of a library it names (or one their
/// globs open): its local `T` keeps none of `dep`'s private `T`s, `dep` being reached only
/// through `user`. Fails before: every library's item of a name the solution writes was
/// kept (a template's `N`, `T` kept libm's private tables under `use num::*;`).
#[test]
fn a_name_the_solution_writes_keeps_nothing_of_a_library_it_does_not_name() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names_for(
        dir.path(),
        "pub fn go() -> u32 { 1 }\nmod k { pub static T: [u32; 2] = [7, 8]; }\nmod k2 { pub const T: u32 = 9; }\n",
        "pub fn start() -> u32 { dep::go() }\n",
        "#[allow(non_snake_case)]\nfn main() { let T = 2; println!(\"{}\", user::start() + T); }\n",
    );
    assert_eq!(printed, "3\n");
    assert!(text.contains("fn go"), "{text}");
    assert!(
        !text.contains("static T") && !text.contains("const T"),
        "{text}"
    );
}

/// A trait another library's `pub use` brings into the solution's glob is in scope for the
/// solution's calls: `use user::*;` then `x.power(2)` keeps `user`'s `pub use dep::Power;`.
/// Fails before: the import went, the bundle did not compile (emanon001's `use num::*;`
/// then `3.pow(n)` through num's `pub use num_traits::PrimInt`; the fallback kept 330 KiB).
#[test]
fn a_trait_the_solutions_glob_brings_in_stays_for_its_method_calls() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names_for(
        dir.path(),
        "pub trait Power { fn power(self, e: u32) -> Self; }\nimpl Power for u64 { fn power(self, e: u32) -> u64 { self.pow(e) } }\n",
        "pub use dep::Power;\npub fn start() -> u32 { 1 }\n",
        "use user::*;\nfn main() { let x: u64 = 3; println!(\"{}\", x.power(2)); }\n",
    );
    assert_eq!(printed, "9\n");
    assert!(text.contains("trait Power"), "{text}");
}

/// A glob of another library's root (`pub use dep::*;` in a module the solution's `use`
/// goes through) stays only when something of that library does: `dep` has nothing the
/// program needs, so it is not in the bundle, and neither is the glob. Fails before: the
/// glob stayed (`unresolved import crate::dep`; num's `pub mod iter { pub use
/// num_iter::*; }` made every scoped draft of a `use num::*;` template fail).
#[test]
fn a_glob_of_a_library_left_out_goes_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names_for(
        dir.path(),
        "pub fn range() -> u32 { 1 }\n",
        "pub mod iter { pub use dep::*; }\npub fn start() -> u32 { 4 }\n",
        "#[allow(unused_imports)]\nuse user::iter::*;\nfn main() { println!(\"{}\", user::start()); }\n",
    );
    assert_eq!(printed, "4\n");
    assert!(!text.contains("fn range"), "{text}");
}

/// A deadline already passed leaves the oracle's rounds out, not correctness: the bundle
/// is the first draft, prints what the ordinary build prints, and is no smaller than the
/// one made without a deadline; the refinement left out is named.
#[test]
fn a_spent_budget_gives_the_first_draft_that_prints_the_same_and_names_what_it_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let files = [(
        "lib.rs",
        "pub fn used() -> u32 { helper() + 1 }\n\
         fn helper() -> u32 { 41 }\n\
         pub struct S; impl S { pub fn new() -> S { S } pub fn len(&self) -> u32 { DEAD_METHOD_MARKER } }\n\
         const DEAD_METHOD_MARKER: u32 = 7;\n",
    )];
    let lib = library(dir.path(), &files);
    let main_rs = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "fn main() { let _s = fixture::S::new(); println!(\"{} {}\", fixture::used(), vec![1].len()); }\n",
    )
    .unwrap();
    let expected = reference_output(dir.path(), &lib, &main_rs, b"");
    let libraries = [lib.clone()];
    let _ = super::budget::take_cuts();
    let unbounded = bundle(&main_rs, &deps_on(&lib), &libraries, Options::default()).unwrap();
    assert!(super::budget::take_cuts().is_empty());
    let spent = Options {
        deadline: super::budget::Deadline::after(std::time::Duration::ZERO),
        ..Options::default()
    };
    let first = bundle(&main_rs, &deps_on(&lib), &libraries, spent).unwrap();
    assert_eq!(
        super::budget::take_cuts(),
        ["more rounds of the oracle"],
        "the cut is named"
    );
    assert_eq!(bundle_output(dir.path(), &first.text, b""), expected);
    assert_eq!(bundle_output(dir.path(), &unbounded.text, b""), expected);
    // `S::len`, which no one calls, is reached by name (`Vec::len`): the oracle takes it
    // out, the first draft keeps it.
    assert!(
        !unbounded.text.contains("DEAD_METHOD_MARKER"),
        "{}",
        unbounded.text
    );
    assert!(first.text.contains("DEAD_METHOD_MARKER"), "{}", first.text);
}

/// A library the judge cannot take (`unbundleable`: a native library) that another library
/// declares is left out when no code of the finished bundle reaches it: here the walk by
/// names keeps a method that calls it (`Seg::len`, named like the `Vec::len` the program
/// calls) and the compiler's rounds find that method dead, and then the function it calls,
/// leaving a module of imports alone (which gives the program nothing). Once the program calls a
/// function that uses it, the refusal names the chain from `main.rs`.
#[test]
fn an_unreached_library_the_judge_cannot_take_is_left_out_and_a_reached_one_refused_with_its_chain()
{
    let dir = tempfile::tempdir().unwrap();
    let dep_lib = "pub mod iter { use std::collections::LinkedList; mod len { use super::*; } pub fn count() -> u32 { 7 } }\npub mod array { use crate::iter::*; }\npub fn spawn() -> u32 { 7 }\n";
    let user_lib = "pub mod seg { pub struct Seg(pub u32); impl Seg { pub fn get(&self) -> u32 { self.0 } pub fn len(&self) -> u32 { dep::iter::count() } } }\npub mod misc { pub fn parallel() -> u32 { dep::spawn() } }\npub fn start() -> u32 { seg::Seg(3).get() }\n";
    let (mut libraries, main_rs, deps) = user_over_dep(dir.path(), dep_lib, user_lib);
    fs::write(
        &main_rs,
        "fn main() { let v = vec![1u32]; println!(\"{} {}\", user::start(), v.len()); }\n",
    )
    .unwrap();
    // As the judge could take it: by names, `dep` is in the bundle.
    let options = Options {
        pruning: Pruning::Names,
        ..Options::default()
    };
    let b = bundle(&main_rs, &deps, &libraries, options).unwrap();
    assert!(b.libraries.iter().any(|l| l.module == "dep"), "{}", b.text);
    libraries[0].unbundleable = Some("it links the native library `dep`".into());
    let b = bundle(&main_rs, &deps, &libraries, Options::default()).unwrap();
    let modules: Vec<&str> = b.libraries.iter().map(|l| l.module.as_str()).collect();
    assert_eq!(modules, ["user"]);
    assert_eq!(bundle_output(dir.path(), &b.text, b""), "3 1\n");
    fs::write(
        &main_rs,
        "fn main() { println!(\"{}\", user::misc::parallel()); }\n",
    )
    .unwrap();
    let err = bundle(&main_rs, &deps, &libraries, Options::default())
        .err()
        .expect("a reached native library is refused")
        .to_string();
    assert!(
        err.starts_with("dep 0.0.0 cannot be inlined: it links the native library `dep`")
            && err.ends_with("reached through main.rs -> user::misc::parallel -> dep"),
        "{err}"
    );
}

/// What is left of a library after the compiler's rounds may be imports alone (rayon's
/// `mod iter { use ...; mod len { use super::*; } }` under a library that declares it, seen
/// on a scratch workspace): such a library gives the program nothing. A public import, an
/// item or a module declared by file (not read) is something.
#[test]
fn a_library_of_private_imports_and_modules_of_them_only_gives_nothing() {
    let items = |text: &str| syn::parse_file(text).unwrap().items;
    assert!(super::emit::refuse::only_imports(&items(
        "use std::fmt; mod iter { use super::*; mod len { use std::cmp::Ordering; } }"
    )));
    assert!(super::emit::refuse::only_imports(&items("")));
    for something in [
        "pub use std::fmt;",
        "mod iter { use super::*; pub fn f() {} }",
        "mod on_file;",
        "mod a { pub(crate) use std::fmt; }",
    ] {
        assert!(
            !super::emit::refuse::only_imports(&items(something)),
            "{something}"
        );
    }
}

/// A library module that needs a newer Rust than the judge's (a trait method returning
/// `impl Trait`: Rust 1.75) is no harm while no solution reaches it: it is not in the bundle,
/// which the judge's rustc 1.73 builds and runs when installed (and which then refuses the
/// library as a whole, so the fixture does need the newer Rust).
#[test]
fn an_unreached_module_that_needs_a_newer_rust_stays_out_and_the_judges_rustc_builds_the_rest() {
    let newer = "pub trait Numbers { fn numbers(&self) -> impl Iterator<Item = u32>; }\npub struct Upto(pub u32);\nimpl Numbers for Upto { fn numbers(&self) -> impl Iterator<Item = u32> { 0..self.0 } }\n";
    let files = [
        ("lib.rs", "pub mod seg;\npub mod newer;\n"),
        (
            "seg.rs",
            "pub fn total(v: &[u32]) -> u32 { v.iter().sum() }\n",
        ),
        ("newer.rs", newer),
    ];
    let text = differential(
        &files,
        "fn main() { println!(\"{}\", fixture::seg::total(&[4, 5])); }\n",
        b"",
    );
    assert!(
        !text.contains("Numbers") && !text.contains("Upto"),
        "{text}"
    );
    let Some(judge_rustc) = crate::judge::judge_rustc_path(&crate::judge::BOJ) else {
        eprintln!(
            "note: rustc {} not installed; built with this machine's rustc only",
            crate::judge::JUDGE_TOOLCHAIN
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let judge_build = |source: &Path, out: &Path, crate_type: &str| {
        Command::new(&judge_rustc)
            .args(["--edition", "2021", "--crate-type", crate_type, "-o"])
            .arg(out)
            .arg(source)
            .output()
            .unwrap()
    };
    fs::write(dir.path().join("Main.rs"), &text).unwrap();
    let built = judge_build(&dir.path().join("Main.rs"), &dir.path().join("Main"), "bin");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    assert_eq!(run(&dir.path().join("Main"), b""), "9\n");
    write_tree(&dir.path().join("whole"), &files);
    let whole = judge_build(
        &dir.path().join("whole/lib.rs"),
        &dir.path().join("libwhole.rlib"),
        "lib",
    );
    assert!(
        !whole.status.success(),
        "the fixture builds on the judge's Rust"
    );
}

/// `#[derive_readable]` on anything but a struct is refused in one line naming the place,
/// as proconio refuses it; on a struct of a crate without proconio, likewise.
#[test]
fn derive_readable_off_a_struct_or_without_proconio_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let main_rs = dir.path().join("main.rs");
    let proconio = BTreeMap::from([("proconio".to_string(), Dep::Module("proconio".into()))]);
    for (text, deps, says) in [
        (
            "use proconio::derive_readable;\n\n#[derive_readable]\nenum E { A }\nfn main() {}\n",
            proconio.clone(),
            "main.rs:3:",
        ),
        (
            "#[derive_readable]\nstruct P(u32);\nfn main() {}\n",
            BTreeMap::new(),
            "proconio is not a dependency",
        ),
    ] {
        fs::write(&main_rs, text).unwrap();
        let err = bundle(&main_rs, &deps, &[], Options::default())
            .err()
            .expect("refused")
            .to_string();
        assert!(
            err.contains(says) && err.contains("derive_readable"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// A library's `debug_assert!` (and `_eq`, `_ne`) stays as written: never run under the
/// judge's `-O`, but type-checked, and here it is all that fixes a local's type (as petgraph
/// 0.8's `Graph::remove_node` fixes one of `NodeIndex<_>`): taken out, the bundle would not
/// build (E0282). The differential check builds and runs it against rustc's own build.
#[test]
fn a_debug_assert_that_alone_fixes_a_type_stays_and_the_bundle_builds() {
    let text = differential(
        &[(
            "lib.rs",
            "pub struct Index<T>(pub Option<T>);\npub fn none<T>() -> Index<T> { Index(None) }\npub fn last(v: &[u32]) -> u32 {\n    let end = none();\n    debug_assert_eq!(end.0, None::<u16>);\n    debug_assert!(v.len() < 1 << 20, \"{} values\", v.len());\n    debug_assert_ne!(v.len(), usize::MAX);\n    v.last().copied().unwrap_or(0)\n}\n",
        )],
        "fn main() { println!(\"{}\", fixture::last(&[3, 9])); }\n",
        b"",
    );
    assert!(
        text.contains("debug_assert_eq!")
            && text.contains("debug_assert!")
            && text.contains("debug_assert_ne!"),
        "{text}"
    );
}

/// A deny-by-default lint in a library's code, which cargo allows in a dependency
/// (`--cap-lints allow`), is allowed in the bundle's library module: ascii 1.1's `AsciiChar`
/// has a variant `a`, and its `fn from(a: AsciiChar)` is `bindings_with_variant_name`.
#[test]
fn a_deny_by_default_lint_in_a_library_is_allowed_as_cargo_allows_it() {
    let text = differential(
        &[(
            "lib.rs",
            "#[allow(non_camel_case_types)]\n#[derive(Clone, Copy)]\npub enum Letter { a, B }\npub fn code(a: Letter) -> u8 { match a { Letter::a => 1, Letter::B => 2 } }\n",
        )],
        "fn main() { println!(\"{}\", fixture::code(fixture::Letter::a)); }\n",
        b"",
    );
    assert!(text.contains("bindings_with_variant_name"), "{text}");
}

/// A deny-by-default lint the bundler cannot see coming (`overflowing_literals`: a literal
/// out of its type's range, which cargo lets a dependency have) is read off the compiler's
/// message on the first draft and allowed in the library modules of every draft after: the
/// bundle builds and prints what the crate build prints.
#[test]
fn a_deny_lint_the_compiler_raises_in_a_library_is_allowed_in_the_drafts_after() {
    let dir = tempfile::tempdir().unwrap();
    let lib = library(
        dir.path(),
        &[(
            "lib.rs",
            "#[allow(unused)]\npub fn wrapped() -> i8 { 200 }\npub fn unused() -> u8 { 1 }\n",
        )],
    );
    let main_rs = dir.path().join("main.rs");
    fs::write(
        &main_rs,
        "fn main() { println!(\"{}\", fixture::wrapped()); }\n",
    )
    .unwrap();
    let expected = reference_output(dir.path(), &lib, &main_rs, b"");
    assert_eq!(expected, "-56\n");
    let b = bundle(&main_rs, &deps_on(&lib), &[lib], Options::default()).unwrap();
    assert!(b.text.contains("overflowing_literals"), "{}", b.text);
    assert!(
        !b.text.contains("fn unused"),
        "the oracle's rounds ran: {}",
        b.text
    );
    assert_eq!(bundle_output(dir.path(), &b.text, b""), expected);
}

/// A trait another library imports by name through its crate's root, where it is only a
/// glob of a prelude module that globs the trait's module (tap's `pub use prelude::*;` with
/// `pub mod prelude { pub use crate::{pipe::*}; }`, as bitvec's `use tap::Pipe;` reaches
/// it): the chain of globs is kept and the bundle builds.
#[test]
fn a_trait_imported_through_a_chain_of_prelude_globs_keeps_the_chain() {
    let dir = tempfile::tempdir().unwrap();
    let dep_lib = "pub mod pipe { pub trait Pipe { fn pipe<R>(self, f: impl FnOnce(Self) -> R) -> R where Self: Sized { f(self) } }\nimpl<T> Pipe for T {} }\npub mod conv { pub trait Conv { fn conv(&self) -> u8 { 1 } } }\npub mod prelude { pub use crate::{conv::*, pipe::*}; }\npub use prelude::*;\n";
    let user_lib = "use dep::Pipe;\npub fn start() -> u32 { 5u32.pipe(|x| x + 1) }\n";
    for pruning in [Pruning::Names, Pruning::Compiler] {
        let (text, printed) = bundled_for(dir.path(), (dep_lib, user_lib), None, pruning);
        assert_eq!(printed, "6\n", "{pruning:?}: {text}");
    }
}

/// An impl inside an anonymous const's block (`const _: () = { use crate::cast::Exact;
/// unsafe impl Exact<..> for Wrap {} };`, as zerocopy 0.8 writes them) keeps the import
/// its block makes and the trait that import names: the bundle builds.
#[test]
fn an_impl_in_an_anonymous_const_keeps_the_import_of_its_block() {
    differential(
        &[(
            "lib.rs",
            "pub mod cast { pub unsafe trait Exact<A: ?Sized> { fn id(&self) -> u8 { 7 } } }\npub struct Wrap;\nconst _: () = {\n    use crate::cast::Exact;\n    unsafe impl Exact<u8> for Wrap {}\n};\npub fn f() -> u8 { use crate::cast::Exact as _; Wrap.id() }\n",
        )],
        "fn main() { println!(\"{}\", fixture::f()); }\n",
        b"",
    );
}

/// Of the two readings, the smaller bundle is taken, unless the first reading's is not known
/// to compile: then the second's (which is), whatever its size.
#[test]
fn of_two_readings_a_first_not_known_to_compile_is_never_taken() {
    let b = |n: usize| super::Bundle {
        text: "x".repeat(n),
        libraries: Vec::new(),
    };
    assert_eq!(
        super::climb::readings::of_two_readings((b(10), true), b(20))
            .text
            .len(),
        10
    );
    assert_eq!(
        super::climb::readings::of_two_readings((b(30), true), b(20))
            .text
            .len(),
        20
    );
    assert_eq!(
        super::climb::readings::of_two_readings((b(10), false), b(20))
            .text
            .len(),
        20
    );
}

/// The personal library of the test below, under `dir`: `fixture` (120 module files, a
/// prelude, an absent test module, a newer-Rust module, a call into `native`), `native`
/// (the judge cannot take it) and `second`; the libraries and a solution's dependencies.
fn personal_library(dir: &Path) -> (Vec<Library>, BTreeMap<String, Dep>) {
    let mut files: Vec<(String, String)> = Vec::new();
    let mut lib_rs = String::from(
        "pub mod newer;\npub mod parallel;\npub mod prelude { pub use crate::algo::*; pub use crate::ds::*; }\n#[cfg(test)]\nmod tests;\n",
    );
    for group in ["algo", "ds"] {
        lib_rs.push_str(&format!("pub mod {group};\n"));
        let mut group_rs = String::new();
        for k in 0..60 {
            group_rs.push_str(&format!("pub mod m{k};\npub use m{k}::*;\n"));
            files.push((
                format!("{group}/m{k}.rs"),
                format!(
                    "pub struct {g}{k}(pub u64);\nimpl {g}{k} {{ pub fn value(&self) -> u64 {{ self.0 * {k} + 1 }} }}\npub fn {group}_{k}(x: u64) -> u64 {{ {g}{k}(x).value() ^ {k} }}\n",
                    g = group.to_uppercase()
                ),
            ));
        }
        files.push((format!("{group}/mod.rs"), group_rs));
    }
    files.push(("lib.rs".into(), lib_rs));
    files.push((
        "newer.rs".into(),
        "pub trait Numbers { fn numbers(&self) -> impl Iterator<Item = u32>; }\npub struct Upto(pub u32);\nimpl Numbers for Upto { fn numbers(&self) -> impl Iterator<Item = u32> { 0..self.0 } }\n".into(),
    ));
    files.push((
        "parallel.rs".into(),
        "pub fn run_all(v: &[u64]) -> u64 { native::spawn_all(v) }\n".into(),
    ));
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let mut mylib = library(dir, &borrowed);
    mylib.module = "fixture".into();
    // `native`: declared, the judge cannot take it; `second`: another library.
    write_tree(
        &dir.join("native/src"),
        &[(
            "lib.rs",
            "pub fn spawn_all(v: &[u64]) -> u64 { v.len() as u64 }\n",
        )],
    );
    write_tree(
        &dir.join("second/src"),
        &[(
            "lib.rs",
            "pub fn twice(x: u64) -> u64 { 2 * x }\npub fn unused() {}\n",
        )],
    );
    let native = Library {
        unbundleable: Some("it links the native library `native`".into()),
        ..Library::new(
            "native",
            "native 0.0.0",
            dir.join("native/src/lib.rs"),
            crate::judge::EDITION,
        )
    };
    let second = Library::new(
        "second",
        "second 0.0.0",
        dir.join("second/src/lib.rs"),
        crate::judge::EDITION,
    );
    mylib.deps = BTreeMap::from([("native".to_string(), Dep::Module("native".into()))]);
    let libraries = vec![mylib, native, second];
    let deps = BTreeMap::from([
        ("fixture".to_string(), Dep::Module("fixture".into())),
        ("second".to_string(), Dep::Module("second".into())),
    ]);
    (libraries, deps)
}

/// A personal library shaped like the real ones: 120 module files in nested `pub mod`
/// trees, a `prelude` of globs, a `#[cfg(test)] mod tests;` whose file is absent, a module
/// that needs a newer Rust than the judge's, a module calling a declared dependency the judge
/// cannot take (`native`, a native library), and a second library beside it. A solution that
/// reaches a little (one function) and one that reaches a lot (a function of every tenth
/// module and the second library) are each bundled, compiled by this machine's rustc and, when
/// installed, by the judge's rustc 1.73, and print what the crate build prints; neither bundle
/// holds `native` or the newer module.
#[test]
fn a_hundred_file_personal_library_bundles_what_a_solution_reaches_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let (libraries, deps) = personal_library(dir.path());
    let a_lot: String = (0..60)
        .step_by(10)
        .map(|k| format!("algo_{k}(x) + ds_{k}(x) + "))
        .collect();
    let judge = crate::judge::judge_rustc_path(&crate::judge::BOJ);
    for (name, main, expected) in [
        ("little", "use fixture::prelude::*;\nfn main() { println!(\"{}\", algo_7(5)); }\n".to_string(), format!("{}\n", (5 * 7 + 1) ^ 7)),
        (
            "lot",
            format!("use fixture::prelude::*;\nfn main() {{ let x = 3u64; println!(\"{{}}\", {a_lot}second::twice(x)); }}\n"),
            format!(
                "{}\n",
                (0..60u64).step_by(10).map(|k| 2 * ((3 * k + 1) ^ k)).sum::<u64>() + 6
            ),
        ),
    ] {
        let main_rs = dir.path().join(format!("{name}.rs"));
        fs::write(&main_rs, main).unwrap();
        let b = bundle(&main_rs, &deps, &libraries, Options::default()).unwrap();
        let modules: Vec<&str> = b.libraries.iter().map(|l| l.module.as_str()).collect();
        assert!(!modules.contains(&"native"), "{name}: {modules:?}");
        assert!(!b.text.contains("Numbers") && !b.text.contains("run_all"), "{name}");
        let build = dir.path().join(format!("build-{name}"));
        assert_eq!(bundle_output(&build, &b.text, b""), expected, "{name}");
        if let Some(rustc) = &judge {
            // `bundle_output` wrote `Main.rs` into `bundled/`.
            let build = build.join("bundled");
            let out = Command::new(rustc)
                .current_dir(&build)
                .args(["--edition", "2021", "-O", "-o", "Main173", "Main.rs"])
                .output()
                .unwrap();
            assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(run(&build.join("Main173"), b""), expected, "{name} by rustc 1.73");
        }
    }
}

/// A solution that re-exports a library's macro and trait from a module of its own (`mod
/// my_library { pub use proconio::input; pub use bstr::ByteSlice; } use my_library::*;`,
/// maple8192's template): the bundle makes a library's macros and re-exports crate-wide
/// (`pub(crate) use`), which `pub use` cannot re-export (E0364, E0365). The solution's `pub
/// use` becomes `pub(crate) use`, the same in a binary crate. Fails before: no step
/// compiled, and the whole crates, 1.9 MB, were refused over the source limit.
#[test]
fn a_solution_that_pub_uses_a_library_macro_and_re_exported_trait_bundles() {
    let text = differential(
        &[
            (
                "lib.rs",
                "#[macro_export]\nmacro_rules! twice { ($x:expr) => { $x * 2 } }\n\
                 mod ext { pub trait Inc { fn inc(&self) -> u32; } impl Inc for u32 { fn inc(&self) -> u32 { self + 1 } } }\n\
                 pub use ext::Inc;\n",
            ),
        ],
        "mod my_library {\n    pub use fixture::{twice, Inc};\n}\nuse my_library::*;\nfn main() { println!(\"{}\", twice!(3u32.inc())); }\n",
        b"",
    );
    assert!(
        text.contains("pub(crate) use crate::fixture::{twice, Inc};"),
        "{text}"
    );
}

/// A name the solution imports and writes nowhere else, whose item nothing else reaches
/// (maple8192's template: `pub use num_rational::Ratio;` in every solution, whose impls
/// brought num-bigint: 595 KiB of first draft), goes with its import instead of being kept
/// for it; a leaf of a group goes alone (`marker::{Bytes, Usize1}`), an emptied group stays
/// `{}`, and a trait imported for a method the solution calls stays. Fails before: the
/// struct and what its impls reach were kept.
#[test]
fn an_import_of_a_name_written_nowhere_else_goes_and_takes_nothing_with_it() {
    let (by_names, text) = differential_both(
        &[(
            "lib.rs",
            "pub struct Ratio(pub Heavy);\n\
             pub struct Heavy([u8; HEAVY_MARKER]);\n\
             pub const HEAVY_MARKER: usize = 3;\n\
             impl std::ops::Add for Ratio { type Output = Ratio; fn add(self, o: Ratio) -> Ratio { let _ = o; self } }\n\
             pub mod marker { pub struct Bytes; pub struct Usize1; pub struct Chars; }\n\
             pub mod ext { pub trait Inc { fn inc(&self) -> u32; } impl Inc for u32 { fn inc(&self) -> u32 { self + 1 } } }\n\
             pub fn one() -> u32 { 1 }\n",
        )],
        "mod my_library {\n    pub use fixture::Ratio;\n    pub use fixture::{one, marker::{Bytes, Usize1}, marker::{Chars}};\n    pub use fixture::ext::Inc;\n}\nuse my_library::*;\nfn main() { let _b = Bytes; println!(\"{}\", one().inc()); }\n",
        b"",
    );
    for t in [&by_names, &text] {
        assert!(!t.contains("HEAVY_MARKER"), "{t}");
        assert!(!t.contains("Ratio"), "{t}");
        assert!(!t.contains("Usize1"), "{t}");
        assert!(t.contains("marker::{Bytes, }"), "{t}");
        assert!(t.contains("marker::{}"), "{t}");
        assert!(
            t.contains("pub(crate) use crate::fixture::ext::Inc;"),
            "{t}"
        );
    }
}

/// Before any draft is known to compile there is no submission, so a spent budget cuts
/// nothing until its later end, as over the source limit: the second reading of a first
/// draft over 64 KiB still comes (on a loaded machine it was cut, and typical90 075's
/// template, whose first reading never compiles, was refused at 1.7 MB). Fails before: "a
/// second reading" was among the cuts.
#[test]
fn a_spent_budget_cuts_nothing_before_a_draft_is_known_to_compile() {
    let dir = tempfile::tempdir().unwrap();
    let (lib, main_rs) = helpers_library(dir.path(), 700);
    let expected = reference_output(dir.path(), &lib, &main_rs, b"");
    let now = std::time::Instant::now();
    let spent = Options {
        deadline: super::budget::Deadline(Some((now, now + std::time::Duration::from_secs(3600)))),
        ..Options::default()
    };
    let _ = super::budget::take_cuts();
    let b = bundle(&main_rs, &deps_on(&lib), std::slice::from_ref(&lib), spent).unwrap();
    let cuts = super::budget::take_cuts();
    assert!(
        b.text.len() > 64 * 1024,
        "the fixture's first draft is large"
    );
    assert!(!cuts.contains(&"a second reading"), "{cuts:?}");
    assert_eq!(bundle_output(dir.path(), &b.text, b""), expected);
}

/// A first draft over the judge's limit with nothing known to compile and the budget's later
/// end passed is refused for its size without the first reading's rounds (each a compile of
/// the whole draft, minutes on a 1.5 MB nalgebra template); with time, the same draft's rounds
/// run. Fails before: the rounds ran whatever the budget said.
#[test]
fn a_first_draft_over_the_limit_past_the_budgets_later_end_skips_its_rounds() {
    static SMALL: crate::judge::Profile = crate::judge::Profile {
        source_limit: 20_000,
        ..crate::judge::BOJ
    };
    let dir = tempfile::tempdir().unwrap();
    let (lib, main_rs) = helpers_library(dir.path(), 300);
    let at = |secs: u64| {
        let now = std::time::Instant::now();
        let later = now + std::time::Duration::from_secs(secs);
        Options {
            judge: &SMALL,
            deadline: super::budget::Deadline(Some((later, later))),
            ..Options::default()
        }
    };
    let _ = super::budget::take_cuts();
    let spent = bundle(&main_rs, &deps_on(&lib), std::slice::from_ref(&lib), at(0)).unwrap();
    let cuts = super::budget::take_cuts();
    assert!(cuts.contains(&"the first reading's rounds"), "{cuts:?}");
    assert!(spent.text.len() as u64 > SMALL.source_limit);
    let timely = bundle(
        &main_rs,
        &deps_on(&lib),
        std::slice::from_ref(&lib),
        at(3600),
    )
    .unwrap();
    assert!(super::budget::take_cuts().is_empty());
    assert!(
        timely.text.len() as u64 > SMALL.source_limit,
        "every helper runs"
    );
}

/// A fixture library of `n` small functions, each run by its `used()` (a first draft of
/// about 100 bytes a function, every one needed), and a `main.rs` that prints `used()`.
fn helpers_library(dir: &Path, n: usize) -> (Library, std::path::PathBuf) {
    let mut lib = format!("pub fn used() -> u64 {{ let all: [fn(u64) -> u64; {n}] = [");
    for k in 0..n {
        lib.push_str(&format!("helper_{k}, "));
    }
    lib.push_str("]; all.iter().map(|f| f(1)).fold(0, u64::wrapping_add) }\n");
    for k in 0..n {
        lib.push_str(&format!(
            "fn helper_{k}(x: u64) -> u64 {{ let y = x.wrapping_mul({k}).wrapping_add(7); if y % 3 == 0 {{ y / 3 }} else {{ y ^ {k} }} }}\n"
        ));
    }
    let lib = library(dir, &[("lib.rs", &lib)]);
    let main_rs = dir.join("main.rs");
    fs::write(
        &main_rs,
        "fn main() { println!(\"{}\", fixture::used()); }\n",
    )
    .unwrap();
    (lib, main_rs)
}

/// A macro call the expander leaves as a call (a name it is passed is spelt like a local of
/// its body: hygiene) defines what follows `struct`, `fn`, `const` in its tokens, but not the
/// `T` of a pointer type `*const T`: nalgebra's `iterator!(struct MatrixIter for
/// RawStorage.ptr -> *const T, ..)` was kept wherever a solution wrote a generic `T`, and
/// with it the whole of nalgebra (a template's unused `use nalgebra::min;`: 1.5 MB, refused).
/// Fails before: the struct and what it names were kept.
#[test]
fn a_macro_call_writing_a_pointer_type_does_not_define_that_types_name() {
    let (by_names, text) = differential_both(
        &[(
            "lib.rs",
            "pub struct Storage(pub [u8; STORAGE_MARKER]);\n\
             pub const STORAGE_MARKER: usize = 3;\n\
             macro_rules! iterator {\n\
                 (struct $name:ident for $s:ident.$f:ident -> *const $t:ident) => {\n\
                     pub struct $name { pub $f: *const u8, pub s: Option<$s> }\n\
                     impl $name { pub fn new() -> $name { let ptr = std::ptr::null(); $name { $f: ptr, s: None } } }\n\
                 };\n\
             }\n\
             iterator!(struct PtrIter for Storage.ptr -> *const T);\n\
             pub fn one() -> u32 { 1 }\n",
        )],
        "fn same<T: Copy>(x: T) -> T { x }\nfn main() { println!(\"{}\", same(fixture::one())); }\n",
        b"",
    );
    for t in [&by_names, &text] {
        assert!(!t.contains("PtrIter"), "{t}");
        assert!(!t.contains("STORAGE_MARKER"), "{t}");
    }
}

/// A macro's triggers (the library types its expansion hangs on) are inherited from the
/// macros it calls (`name!`), not from any name spelt like one: wide's bodies write `input`
/// as a variable and inherited proconio's `input!` (its `StdinSource`), so every impl-only
/// call of wide's was kept wherever a solution read its input. Fails before: the impl-only
/// call and the type its body names were kept.
#[test]
fn a_macro_body_that_names_a_variable_like_another_macro_inherits_nothing_from_it() {
    let files = [(
        "lib.rs",
        "pub struct Source(pub u32);\n\
         #[macro_export]\n\
         macro_rules! read { ($e:expr) => { $crate::Source($e).0 }; }\n\
         pub struct Heavy(pub [u8; HEAVY_MARKER]);\n\
         pub const HEAVY_MARKER: usize = 3;\n\
         pub struct Wide;\n\
         macro_rules! lanes { ($($t:ident)*) => { $(impl $t { pub fn take(read: u32) -> u32 { let _ = Heavy([0; HEAVY_MARKER]); read } })* }; }\n\
         lanes!(Wide);\n",
    )];
    let (by_names, _) = differential_both(
        &files,
        "use fixture::read;\nfn main() { println!(\"{}\", read!(3)); }\n",
        b"",
    );
    assert!(by_names.contains("Source"), "{by_names}");
    assert!(!by_names.contains("HEAVY_MARKER"), "{by_names}");
}

/// `const _: () = assert!(size_of::<T>() == 16);` (wide, one per SIMD type) checks the types
/// it names and goes with them: before, it was a root of its own (kept whatever the solution
/// used), and it kept each type and their impls. Fails before: the unused type was kept.
#[test]
fn a_const_assertion_goes_with_the_types_it_names() {
    let lib = [(
        "lib.rs",
        "pub struct Lane(pub [u8; LANE_MARKER]);\n\
         pub const LANE_MARKER: usize = 16;\n\
         const _: () = assert!(std::mem::size_of::<Lane>() == 16);\n\
         pub fn one() -> u32 { 1 }\n",
    )];
    let (unused, _) = differential_both(
        &lib,
        "fn main() { println!(\"{}\", fixture::one()); }\n",
        b"",
    );
    assert!(!unused.contains("LANE_MARKER"), "{unused}");
    let (used, _) = differential_both(
        &lib,
        "fn main() { println!(\"{}\", fixture::Lane([1; 16]).0[3]); }\n",
        b"",
    );
    assert!(used.contains("assert!"), "{used}");
}

/// A `use` leaf goes with the item it imports when the compiler finds that item dead,
/// through a module rename (`use sse2 as imp; pub use self::imp::Group;`) and a re-export
/// of a re-export (`pub use self::group::Group;`): hashbrown 0.16.1 beside 0.15.5 under
/// petgraph 0.8, where the leaves stayed naming nothing, and the mending put the dead items
/// back (71,588 bytes, over 64 KiB; 65,353 after). The pruner alone, given the finding on a
/// name the solution writes (so the walk reaches both leaves). Fails before: the leaves
/// stayed, and the draft's imports named nothing.
#[test]
fn an_import_through_a_module_rename_or_a_re_export_goes_with_its_dead_item() {
    let parse = |text: &str| syn::parse_file(text).unwrap().items;
    // The older version: a `Group` that is used (the name is not dead everywhere).
    let old = parse("pub struct Group(pub u8);\npub fn live() -> u8 { Group(2).0 }\n");
    let new = parse(
        "pub mod control {\n\
             pub mod group {\n\
                 mod sse2 { pub struct Group(pub u8); pub fn width() -> u8 { 16 } }\n\
                 use sse2 as imp;\n\
                 pub use self::imp::{Group, width};\n\
             }\n\
             pub use self::group::Group;\n\
         }\n\
         pub fn start() -> u8 { control::group::width() + crate::old::live() }\n",
    );
    let main = "fn main() { let _ = new::control::Group(1); new::start(); }";
    let libraries = [("old", &old), ("new", &new)];
    let rule = |banned: &[&str]| kept_under_ruling(&libraries, main, "new", (banned, &[]));
    let as_written = rule(&[]);
    assert_eq!(
        as_written[1].matches("Group").count(),
        3,
        "{}",
        as_written[1]
    );
    let kept = rule(&["#1::control::group::sse2::Group"]);
    assert!(kept[0].contains("Group"), "{}", kept[0]);
    assert!(!kept[1].contains("Group"), "{}", kept[1]);
    assert!(kept[1].contains("width"), "{}", kept[1]);
}

/// A library that only unused imports of lowercase names name (a template's `use
/// nalgebra::min;`, `use libm::log2;`) is not reached: it is not readied, read nor bundled
/// (nalgebra's template read 20 libraries for 6 s, 9 after), and the import goes. One a
/// name is written again of, or a capitalised one (a trait called by its methods), or an
/// import beside a used name, reaches it. Fails before: every named library was reached.
#[test]
fn a_library_only_unused_lowercase_imports_name_is_not_reached() {
    let dir = tempfile::tempdir().unwrap();
    let lib = library(
        dir.path(),
        &[(
            "lib.rs",
            "pub fn min(a: u32, b: u32) -> u32 { a.min(b) }\npub fn max(a: u32, b: u32) -> u32 { a.max(b) }\npub trait Ext { fn twice(&self) -> u32; }\nimpl Ext for u32 { fn twice(&self) -> u32 { self * 2 } }\n",
        )],
    );
    let reached = |main: &str| {
        let main_rs = dir.path().join("main.rs");
        fs::write(&main_rs, main).unwrap();
        let libraries = std::slice::from_ref(&lib);
        super::name::libraries::modules_reached(
            &main_rs,
            &deps_on(&lib),
            libraries,
            &crate::judge::BOJ,
        )
        .unwrap()
        .contains("fixture")
    };
    assert!(!reached(
        "use fixture::min;\nfn main() { println!(\"1\"); }\n"
    ));
    assert!(!reached(
        "use fixture::{min, max};\nfn main() { println!(\"1\"); }\n"
    ));
    assert!(reached(
        "use fixture::min;\nfn main() { println!(\"{}\", min(1, 2)); }\n"
    ));
    assert!(reached(
        "use fixture::Ext;\nfn main() { println!(\"{}\", 3u32.twice()); }\n"
    ));
    assert!(reached(
        "use fixture::{min, max};\nfn main() { println!(\"{}\", max(1, 2)); }\n"
    ));
    assert!(reached(
        "use fixture::min;\nfn main() { println!(\"{}\", fixture::max(1, 2)); }\n"
    ));
    // Bundled, the unused import goes and the program is the same.
    let text = differential(
        &[("lib.rs", "pub fn min(a: u32, b: u32) -> u32 { a.min(b) }\n")],
        "#![allow(unused_imports)]\nuse fixture::min;\nfn main() { println!(\"1\"); }\n",
        b"",
    );
    assert!(!text.contains("fixture"), "{text}");
}

/// A path through a module that only re-exports the standard library is std's: serde 1.0.203
/// keeps `mod lib { mod core { pub use std::*; } pub use self::core::fmt::{self, Write as
/// FmtWrite}; }` and its modules `use lib::*;`, and `write!` into a `fmt::Write` needs the
/// renamed trait in scope though no one writes `FmtWrite`. Fails before: the leaf went with
/// the unwritten name, and `write!` found no `write_fmt` (no draft compiled; a template with
/// bstr was refused at 1.7 MB).
#[test]
fn an_import_through_a_module_that_re_exports_std_stays_as_a_std_import() {
    differential(
        &[(
            "lib.rs",
            "mod lib {\n    mod core { pub use std::*; }\n    pub use self::core::fmt::{self, Write as FmtWrite};\n}\n\
             use lib::*;\n\
             pub struct Look { pub n: usize }\n\
             impl fmt::Write for Look { fn write_str(&mut self, s: &str) -> fmt::Result { self.n += s.len(); Ok(()) } }\n\
             pub fn width(x: f64) -> usize { let mut l = Look { n: 0 }; let _ = write!(l, \"{}\", x); l.n }\n",
        )],
        "fn main() { println!(\"{}\", fixture::width(1.25)); }\n",
        b"",
    );
}

/// An impl written inside a function's body (serde's `seq_impl!` makes `fn deserialize`
/// holding `impl Visitor for SeqVisitor { fn visit_seq .. }`) cannot lose a method, so its
/// trait keeps a member of that name though no one calls it. Fails before: `visit_seq` went
/// from the trait (E0407 in every draft).
#[test]
fn a_trait_keeps_the_members_an_impl_inside_a_function_body_defines() {
    differential(
        &[(
            "lib.rs",
            "pub trait Visitor { fn visit_str(&self) -> u32 { 1 } fn visit_seq(&self) -> u32 { 2 } }\n\
             pub trait Deserialize { fn deserialize() -> u32; }\n\
             impl Deserialize for u8 { fn deserialize() -> u32 { struct V; impl Visitor for V { fn visit_seq(&self) -> u32 { 3 } } V.visit_str() } }\n",
        )],
        "use fixture::Deserialize;\nfn main() { println!(\"{}\", u8::deserialize()); }\n",
        b"",
    );
}

/// A spent budget stops the mending of a smaller draft between its compiles (each a compile
/// of the whole draft: a 600 KB num template's round of 36 compiles ran 117 s past a 30 s
/// budget). The same draft with time is mended (the item the findings took out is asked
/// back and the draft made again). Fails before: the mending went on whatever the budget.
#[test]
fn a_spent_budget_stops_the_mending_between_compiles() {
    let text = "mod lib { pub fn used() {} }\nuse crate::lib::gone;\nfn main() { lib::used(); }\n";
    let dir = tempfile::tempdir().unwrap();
    let mends = |deadline: super::budget::Deadline| {
        let _in = super::budget::enter(deadline);
        let calls = std::cell::Cell::new(0);
        let draft = |_: &[Vec<syn::Item>], _: &super::check::oracle::Findings| {
            calls.set(calls.get() + 1);
            Ok(super::Bundle {
                text: text.to_string(),
                libraries: Vec::new(),
            })
        };
        let mut findings = super::check::oracle::Findings::default();
        findings.dead.insert("#0::gone".to_string());
        let outcome = super::climb::refine::consult_mending(
            &mut [Vec::new()],
            &mut findings,
            &draft,
            &["lib".to_string()],
            (dir.path(), true),
        );
        assert!(outcome.is_err(), "the draft never compiles");
        calls.get()
    };
    assert!(mends(super::budget::Deadline::NONE) > 1);
    assert_eq!(
        mends(super::budget::Deadline::after(std::time::Duration::ZERO)),
        1
    );
}

/// An inherent impl of a kept type for one type argument only (glidesort's `impl<'l, 'r, T>
/// BranchlessMergeState<'l, 'r, 'r, T, GapLeft> { fn new_gap_left .. }`) is kept when one of
/// its functions is called, though no caller writes the marker (the type is inferred), and
/// the marker comes with it; one whose functions nobody calls still goes. Fails before: the
/// impl went with its unwritten marker (E0599 in every draft).
#[test]
fn an_inherent_impl_for_a_marker_argument_is_kept_when_its_function_is_called() {
    let text = differential(
        &[(
            "lib.rs",
            "pub struct GapLeft;\npub struct GapRight([u8; GAP_RIGHT_MARKER]);\npub const GAP_RIGHT_MARKER: usize = 2;\n\
             pub struct State<G>(pub u32, pub core::marker::PhantomData<G>);\n\
             impl State<GapLeft> { pub fn new_gap_left(x: u32) -> Self { State(x, core::marker::PhantomData) } }\n\
             impl State<GapRight> { pub fn new_gap_right(x: u32) -> Self { State(x + 1, core::marker::PhantomData) } }\n\
             impl<G> State<G> { pub fn value(&self) -> u32 { self.0 } }\n\
             pub fn run(x: u32) -> u32 { let s = State::new_gap_left(x); s.value() }\n",
        )],
        "fn main() { println!(\"{}\", fixture::run(7)); }\n",
        b"",
    );
    assert!(text.contains("new_gap_left"), "{text}");
    assert!(!text.contains("GAP_RIGHT_MARKER"), "{text}");
}

/// A `const _: () = unsafe { m!(AtomicU8 [u8]); };` whose macro writes impls of the
/// library's trait for std types (zerocopy 0.8's `unsafe_impl_transmute_from_for_atomic!`,
/// under the cfgs rustc 1.89 gives it): the const names no library type itself, yet its
/// expansion implements a trait the program needs. It goes with the items its macro's body
/// names. Fails before: the pruned draft lost the impls (E0277), and Codeforces' bundle of
/// a rand_pcg program climbed to the whole crates, 187,552 bytes.
#[test]
fn a_const_whose_macro_implements_a_library_trait_for_std_types_goes_with_that_trait() {
    let lib = [(
        "lib.rs",
        "pub trait Transmute<T> { fn size() -> usize { std::mem::size_of::<T>() } }\n\
         macro_rules! impl_for_atomic {\n\
             ($($atomic:ty [$prim:ty]),*) => {{ $( impl Transmute<$prim> for $atomic {} )* }};\n\
         }\n\
         const _: () = unsafe { impl_for_atomic!(std::sync::atomic::AtomicU8 [u8], std::sync::atomic::AtomicU16 [u16]) };\n\
         pub fn width<A: Transmute<P>, P>() -> usize { A::size() }\n",
    )];
    let (used, _) = differential_both(
        &lib,
        "fn main() { println!(\"{}\", fixture::width::<std::sync::atomic::AtomicU16, u16>()); }\n",
        b"",
    );
    assert!(used.contains("impl_for_atomic!"), "{used}");
}

/// A trait method the compiler calls unused that a kept impl names by path (num-traits'
/// `Float::powf`, called as `<f32 as Float>::powf` in `Pow` impls nobody calls, which the
/// pruner kept) is put back by the mend once and not asked for again: ordered-float's
/// bundle had 16 of its 23 compiles on that one method, each of eight rounds mending the
/// draft back to the one before. A stand-in drafter keeps the impl whatever the findings.
#[test]
fn a_method_put_back_by_a_mend_is_not_asked_for_again_each_round() {
    let drafts = std::cell::Cell::new(0);
    let draft = |_: &[Vec<syn::Item>], f: &super::check::oracle::Findings| {
        drafts.set(drafts.get() + 1);
        let powf = if f.dead_members.contains("#0::Float::powf") {
            ""
        } else {
            " fn powf(self, n: Self) -> Self;"
        };
        let powf_impl = if powf.is_empty() {
            ""
        } else {
            " fn powf(self, n: Self) -> Self { f64::powf(self, n) }"
        };
        let text = format!(
            "use fixture::Float;\nfn main() {{ println!(\"{{}}\", Float::powi(3.0f64, 2)); }}\nmod fixture {{\npub trait Float: Copy {{ fn powi(self, n: i32) -> Self;{powf} }}\nimpl Float for f64 {{ fn powi(self, n: i32) -> Self {{ f64::powi(self, n) }}{powf_impl} }}\npub trait Pow {{ fn pow(self) -> f64; }}\nimpl Pow for f64 {{ fn pow(self) -> f64 {{ <f64 as Float>::powf(self, 0.5) }} }}\n}}\n"
        );
        Ok(super::Bundle {
            text,
            libraries: Vec::new(),
        })
    };
    let first = draft(&[], &Default::default()).unwrap();
    let modules = ["fixture".to_string()];
    let (best, _, findings, compiled) = super::climb::refine::refine(
        first,
        vec![Vec::new()],
        None,
        &modules,
        &Default::default(),
        &draft,
    )
    .unwrap();
    assert!(compiled && best.text.contains("fn powf"), "{}", best.text);
    assert!(!findings.dead_members.contains("#0::Float::powf"));
    // The first draft, the one without `powf` and its mend, then one for each of the two
    // later steps that take `Pow` (found dead; the stand-in keeps it): 17 when `powf` was
    // asked for in each of the eight rounds.
    assert_eq!(drafts.get(), 5);
}

/// The reading as written, read on another thread for its first draft alone while this one
/// begins the second reading (`Options::alongside`), decides as the two readings one after
/// the other do: the same bundle, byte for byte, for a library with an impl-only macro call
/// whose first draft is under `SECOND_READING_FIRST` (its second reading, begun early, is
/// the one finished after the first's rounds) and over it (the second reading comes first),
/// and for one without such a call (its two readings are one); each time the first reading
/// was read alongside (counted).
#[test]
fn a_first_reading_read_alongside_gives_the_bundle_of_the_readings_one_after_the_other() {
    let impl_only = "pub trait Twice { fn twice(&self) -> Self; }\n\
                     macro_rules! twice { ($($t:ty)*) => { $(impl Twice for $t { fn twice(&self) -> Self { self.wrapping_mul(2) } })* }; }\n\
                     twice!(u8 u16 u32 u64);\n";
    for (n, with_call) in [(250, true), (700, true), (250, false)] {
        let dir = tempfile::tempdir().unwrap();
        let (lib, main_rs) = helpers_library(dir.path(), n);
        if with_call {
            let mut f = fs::OpenOptions::new().append(true).open(&lib.root).unwrap();
            f.write_all(impl_only.as_bytes()).unwrap();
            fs::write(
                &main_rs,
                "use fixture::Twice;\nfn main() { let u = fixture::used(); println!(\"{} {} {} {}\", (u as u8).twice(), (u as u16).twice(), (u as u32).twice(), u.twice()); }\n",
            )
            .unwrap();
        }
        let make = |alongside: Option<u64>| {
            let options = Options {
                alongside,
                ..Options::default()
            };
            bundle(
                &main_rs,
                &deps_on(&lib),
                std::slice::from_ref(&lib),
                options,
            )
            .unwrap()
            .text
        };
        let read_alongside = || super::climb::readings::READ_ALONGSIDE.with(|n| n.get());
        let before = read_alongside();
        let one_after_the_other = make(None);
        assert_eq!(read_alongside(), before);
        let alongside = make(Some(0));
        assert_eq!(read_alongside(), before + 1, "{n} helpers: read alongside");
        assert_eq!(
            alongside, one_after_the_other,
            "{n} helpers, impl-only call: {with_call}"
        );
        assert!(
            one_after_the_other.contains("fn helper_1(")
                && (!with_call || one_after_the_other.contains("Twice")),
            "{one_after_the_other}"
        );
    }
}

/// An inherent impl for a type argument is kept for a called function only when its own
/// type is kept where the impl is, not when a type of the same name elsewhere is: `a::Config`
/// is kept, `b::Config` is never used, and `b`'s impl for `Config<Heavy>` has a `len` the
/// program calls (on a `Vec`). The names-only draft (`differential_both`'s first, made as a
/// reading's first draft is) keeps nothing of `b`. Fails before: `b`'s impl came with `a`'s
/// name and a `len`, and with it the `Heavy` its header names (a template reaching bstr kept
/// regex-automata that way: a first draft of 1,847.6 KiB instead of 594.8).
#[test]
fn an_inherent_impl_is_not_kept_for_a_type_of_the_same_name_in_another_module() {
    let (names, _) = differential_both(
        &[(
            "lib.rs",
            "pub mod a {\n\
                 pub struct Config(pub u32);\n\
                 pub fn make(x: u32) -> Config { Config(x) }\n\
             }\n\
             pub mod b {\n\
                 pub struct Config<G>(pub u64, pub core::marker::PhantomData<G>);\n\
                 pub struct Heavy(pub [u64; HEAVY_WORDS]);\n\
                 pub const HEAVY_WORDS: usize = 3;\n\
                 impl Config<Heavy> { pub fn len(&self) -> u64 { self.0 * 2 } }\n\
             }\n",
        )],
        "fn main() { let c = fixture::a::make(7); let v = vec![c.0]; println!(\"{} {}\", c.0, v.len()); }\n",
        b"",
    );
    assert!(names.contains("fn make"), "{names}");
    assert!(!names.contains("HEAVY_WORDS"), "{names}");
}

/// Whether a bundle kept `RNG_LIB`'s `fn rng` and the type it makes.
fn keeps_rng(text: &str) -> bool {
    text.contains("fn rng") && text.contains("struct Heavy")
}

/// A library function `rng` and the heavy type it makes, as rand 0.9's `fn rng() ->
/// ThreadRng` (whose thread-local holds ChaCha, OsRng, getrandom and zerocopy).
const RNG_LIB: &str = "pub struct Heavy(pub [u8; 40]);\nimpl Heavy { pub fn first(&self) -> u8 { self.0[0] } }\npub fn rng() -> Heavy { Heavy([7; 40]) }\npub fn roll(x: &mut u32) -> u32 { *x * 2 }\n";

/// A bare name the solution writes means what its scope binds: its own `let mut rng` is not
/// the library's `fn rng`, which it neither imports nor reaches by a glob, so neither that
/// function nor the type it makes is kept (rand 0.9 with `let mut rng =
/// Pcg64Mcg::seed_from_u64(..)`: a first draft of 302.6 KiB, 66.4 KiB after). Imported by
/// name, under another name, or through a glob of the library, `rng()` keeps both. Fails
/// before: every bare name of the solution kept every library item of that name.
#[test]
fn a_solutions_own_binding_keeps_no_library_function_of_its_name_it_does_not_import() {
    let dir = tempfile::tempdir().unwrap();
    let (text, printed) = bundled_by_names_for(
        dir.path(),
        "",
        &format!("{RNG_LIB}pub fn start() -> u32 {{ 1 }}\n"),
        "fn main() { let mut rng = 3u32; println!(\"{}\", user::roll(&mut rng)); }\n",
    );
    assert_eq!(printed, "6\n");
    assert!(text.contains("fn roll"), "{text}");
    assert!(!keeps_rng(&text), "{text}");
    for main in [
        "use user::rng;\nfn main() { let h = rng(); println!(\"{}\", h.first()); }\n",
        "use user::rng as make;\nfn main() { let h = make(); println!(\"{}\", h.first()); }\n",
        "use user::*;\nfn main() { let h = rng(); println!(\"{}\", h.first()); }\n",
        "fn main() { use user::rng; println!(\"{}\", rng().first()); }\n",
    ] {
        let (text, printed) = bundled_by_names_for(
            dir.path(),
            "",
            &format!("{RNG_LIB}pub fn start() -> u32 {{ 1 }}\n"),
            main,
        );
        assert_eq!(printed, "7\n", "{main}: {text}");
        assert!(keeps_rng(&text), "{main}");
    }
}

/// A library's bare name means what its scope binds too: a parameter `rng` (of a function,
/// of a method, or of a method a macro's body writes) and a `let rng` are bindings, and
/// `rng.wrapping_add(1)` uses the binding, not the library's `fn rng` (rand 0.9's `Fill`
/// and `impl_fill!`). `user::rng()` written as a path still keeps it. Fails before: each
/// kept `fn rng` and `struct Heavy`.
#[test]
fn a_librarys_parameters_and_lets_keep_no_function_of_their_name() {
    let dir = tempfile::tempdir().unwrap();
    let user = format!(
        "{RNG_LIB}pub trait Fill {{ fn fill(&mut self, rng: &mut u32); }}\nimpl Fill for u32 {{ fn fill(&mut self, rng: &mut u32) {{ *self = rng.wrapping_add(1); }} }}\nmacro_rules! fill_more {{ ($t:ty) => {{ impl Fill for $t {{ fn fill(&mut self, rng: &mut u32) {{ let n = rng.wrapping_add(2); *self = n as $t; }} }} }} }}\nfill_more!(u64);\npub fn twice(mut rng: u32) -> u32 {{ let rng2 = rng; rng += rng2; rng }}\npub fn start() -> u32 {{ let rng = 5; let mut a = 0u32; a.fill(&mut 1); let mut b = 0u64; b.fill(&mut 1); a + b as u32 + twice(rng) }}\n"
    );
    let (text, printed) = bundled_by_names(dir.path(), "", &user);
    assert_eq!(printed, "15\n", "{text}");
    assert!(!keeps_rng(&text), "{text}");
    let user = user.replace(
        "pub fn start() -> u32 {",
        "pub fn start() -> u32 { let _h = crate::rng();",
    );
    let (text, printed) = bundled_by_names(dir.path(), "", &user);
    assert_eq!(printed, "15\n", "{text}");
    assert!(keeps_rng(&text), "{text}");
}

/// A qualifier means a module, a type or a trait, never a function: `rng::{Fill}` (rand
/// 0.9's root, whose private module `rng` holds `Fill`), as a `use` item or as a `use` in a
/// function's body, keeps neither the function `rng` nor its re-export `pub use
/// thread::rng;`, which only a value's mention needs. Fails before: the re-export was kept
/// for any mention of `rng` as a path, and a qualifier before a brace group in a body read
/// as a bare name kept the function too.
#[test]
fn a_qualifier_of_a_use_group_keeps_no_function_of_its_name_nor_its_reexport() {
    let dir = tempfile::tempdir().unwrap();
    let lib = "mod rng { pub trait Fill { fn fill(&mut self) -> u32 { 4 } } impl Fill for u32 {} }\nmod thread { pub struct Heavy(pub [u8; 40]); pub fn rng() -> Heavy { Heavy([7; 40]) } }\npub use thread::rng;\n";
    for start in [
        "pub use rng::{Fill};\npub fn start() -> u32 { 0u32.fill() }\n",
        "pub fn start() -> u32 { use self::rng::{Fill}; 0u32.fill() }\n",
    ] {
        let (text, printed) = bundled_by_names(dir.path(), "", &format!("{lib}{start}"));
        assert_eq!(printed, "4\n", "{text}");
        assert!(
            !text.contains("fn rng")
                && !text.contains("struct Heavy")
                && !text.contains("use thread"),
            "{start}: {text}"
        );
    }
}
