//! Tests of the bundler on a fixture library: every bundle is compiled alone with plain
//! `rustc --edition 2021` and run, so the tests check the artifact, not its text alone.

use crate::bundle::{bundle, Forbidden, Library};
use std::fs;
use std::path::Path;
use std::process::Command;

/// A library exercising what bundling must handle.
const FIXTURE: &[(&str, &str)] = &[
    (
        "lib.rs",
        "//! The fixture library.\n#![allow(clippy::all)]\npub mod a;\npub mod b;\npub mod c;\npub mod d;\npub mod e;\npub mod mac;\npub mod unused;\n\
         pub use self::d::D_VALUE;\n",
    ),
    (
        "a.rs",
        "//! Module a.\n\
         /// Nested inline module using `super::` twice.\n\
         pub mod inner {\n    pub fn twice(x: i32) -> i32 {\n        super::helper(x) * 2 + super::super::c::three()\n    }\n}\n\
         /// Reaches b only through `crate::`.\n\
         fn helper(x: i32) -> i32 {\n    crate::b::plus_one(x)\n}\n\
         pub fn uses_self() -> i32 {\n    self::inner::twice(1) + crate::b::from_secret()\n}\n\
         pub(crate) fn secret() -> i32 {\n    100\n}\n\
         #[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {\n        assert!(TEST_ONLY_MARKER);\n    }\n}\n",
    ),
    (
        "b.rs",
        "// Copyright header of b.\n\
         pub fn plus_one(x: i32) -> i32 {\n    x + 1 // LINE_COMMENT_MARKER\n}\n\
         /* BLOCK_COMMENT_MARKER */\n\
         pub(crate) fn from_secret() -> i32 {\n    crate::a::secret()\n}\n\
         pub fn url() -> &'static str {\n    \"http://x/*y*/\"\n}\n",
    ),
    ("c/mod.rs", "mod deeper;\npub fn three() -> i32 {\n    self::deeper::THREE\n}\n"),
    ("c/deeper.rs", "pub(in crate::c) const THREE: i32 = 3;\n"),
    (
        "mac.rs",
        "pub const TEN: i32 = 10;\n\
         /// Adds one and ten through `$crate` paths.\n\
         #[macro_export]\nmacro_rules! add_eleven {\n    ($x:expr) => {\n        $crate::b::plus_one($x) + $crate::mac::TEN\n    };\n}\n",
    ),
    ("d.rs", "pub const D_VALUE: i32 = crate::e::E + 1;\n"),
    ("e.rs", "pub const E: i32 = 4;\n"),
    ("unused.rs", "pub fn never() -> i32 {\n    UNUSED_MODULE_MARKER\n}\n"),
];

const MAIN: &str = "//! A solution.\n\
    use common::a::{inner::twice, uses_self};\n\n\
    // The solution's own comment stays.\n\
    fn main() {\n    println!(\"{} {} {}\", uses_self(), twice(2), common::add_eleven!(1));\n}\n\n\
    #[cfg(test)]\nmod tests {\n    use itertools::Itertools;\n}\n";

fn write_tree(root: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let path = root.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

fn fixture(dir: &Path, main: &str) -> (std::path::PathBuf, Library) {
    write_tree(&dir.join("common/src"), FIXTURE);
    write_tree(&dir.join("sol/src"), &[("main.rs", main)]);
    let lib = Library {
        name: "common".into(),
        root: dir.join("common/src/lib.rs"),
        prune: true,
        features: Vec::new(),
        notice: "fixture".into(),
    };
    (dir.join("sol/src/main.rs"), lib)
}

fn itertools_forbidden() -> Vec<Forbidden> {
    vec![Forbidden {
        name: "itertools".into(),
        why: "too large to inline".into(),
    }]
}

/// Compiles `text` alone as the judge does and returns what the program prints.
fn compile_and_run(dir: &Path, text: &str) -> String {
    compile_and_run_with_input(dir, text, b"")
}

/// As `compile_and_run`, feeding `input` to the program's stdin.
fn compile_and_run_with_input(dir: &Path, text: &str, input: &[u8]) -> String {
    use std::io::Write;
    let build = dir.join("build");
    fs::create_dir_all(&build).unwrap();
    fs::write(build.join("Main.rs"), text).unwrap();
    let out = Command::new("rustc")
        .current_dir(&build)
        .args(["--edition", "2021", "-O", "-o", "Main", "Main.rs"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "bundle does not compile:\n{}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut child = Command::new(build.join("Main"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn bundle_of_nested_modules_and_macro_compiles_alone_and_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (main, lib) = fixture(dir.path(), MAIN);
    let b = bundle(&main, &[lib], &itertools_forbidden()).unwrap();
    // uses_self = twice(1) + 100 = (2*2 + 3) + 100; twice(2) = 3*2 + 3; add_eleven!(1) = 12.
    assert_eq!(compile_and_run(dir.path(), &b.text), "107 9 12\n");
}

#[test]
fn keeps_exactly_the_modules_reached_transitively() {
    let dir = tempfile::tempdir().unwrap();
    let (main, lib) = fixture(dir.path(), MAIN);
    let b = bundle(&main, &[lib], &itertools_forbidden()).unwrap();
    // a is used directly; b only through a; c only through `super::super::` in a; mac only
    // through its exported macro; c::deeper only as c's child; d through the root's
    // `pub use`, and e only through d. unused is left out.
    assert_eq!(
        b.modules,
        [
            "common::a",
            "common::b",
            "common::c",
            "common::c::deeper",
            "common::d",
            "common::e",
            "common::mac"
        ]
    );
    assert!(!b.text.contains("UNUSED_MODULE_MARKER"));
}

#[test]
fn removes_tests_docs_and_inner_attributes_but_keeps_the_solutions_comments() {
    let dir = tempfile::tempdir().unwrap();
    let (main, lib) = fixture(dir.path(), MAIN);
    let b = bundle(&main, &[lib], &itertools_forbidden()).unwrap();
    assert!(!b.text.contains("TEST_ONLY_MARKER"));
    assert!(
        !b.text.contains("use itertools"),
        "the solution's test module is dropped too"
    );
    assert!(!b.text.contains("Nested inline module") && !b.text.contains("Module a."));
    assert!(!b.text.contains("#![allow(clippy::all)]"));
    assert!(b
        .text
        .starts_with("//! A solution.\nuse crate::common::a::{inner::twice, uses_self};"));
    assert!(b.text.contains("// The solution's own comment stays."));
    assert!(b.text.contains("crate::common::add_eleven!(1)"));
}

#[test]
fn strips_library_comments_but_not_comment_markers_inside_strings() {
    let dir = tempfile::tempdir().unwrap();
    let main = "fn main() {\n    println!(\"{}\", common::b::url());\n}\n";
    let (main, lib) = fixture(dir.path(), main);
    let b = bundle(&main, &[lib], &[]).unwrap();
    assert!(!b.text.contains("LINE_COMMENT_MARKER") && !b.text.contains("BLOCK_COMMENT_MARKER"));
    assert!(
        !b.text.contains("Copyright header of b."),
        "only the library root keeps its header"
    );
    assert_eq!(compile_and_run(dir.path(), &b.text), "http://x/*y*/\n");
}

#[test]
fn refuses_crates_the_judge_lacks_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let main = "use itertools::Itertools;\nfn main() {\n    println!(\"{}\", [1].iter().join(\",\"));\n}\n";
    let (main, lib) = fixture(dir.path(), main);
    let err = bundle(&main, &[lib], &itertools_forbidden()).err().unwrap();
    assert!(
        err.contains("main.rs:1:") && err.contains("too large to inline"),
        "{err}"
    );
}

#[test]
fn refuses_proc_macro_attributes_with_what_to_do_instead() {
    let dir = tempfile::tempdir().unwrap();
    let main = "use proconio::fastout;\n\n#[fastout]\nfn main() {\n    println!(\"1\");\n}\n";
    let (main, lib) = fixture(dir.path(), main);
    let err = bundle(&main, &[lib], &[]).err().unwrap();
    assert!(
        err.contains("main.rs:3:") && err.contains("`#[fastout]`") && err.contains("BufWriter"),
        "{err}"
    );
}

#[test]
fn a_solution_without_libraries_is_left_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let main = "// plain\nfn main() {\n    println!(\"{}\", 6 * 7);\n}\n";
    let (main, lib) = fixture(dir.path(), main);
    let b = bundle(&main, &[lib], &[]).unwrap();
    assert_eq!(b.text, fs::read_to_string(&main).unwrap());
    assert_eq!(compile_and_run(dir.path(), &b.text), "42\n");
}

#[test]
fn bundles_the_resolved_proconio_for_plain_stdin_input_with_markers() {
    // The real proconio of this workspace, as `make submit` inlines it.
    let ws = crate::problems::Workspace::load().unwrap();
    let inputs = crate::submit::inputs(&ws).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let main = dir.path().join("main.rs");
    fs::write(
        &main,
        "use proconio::input;\nuse proconio::marker::{Chars, Usize1};\n\n\
         fn main() {\n    input! {\n        n: usize,\n        s: Chars,\n        k: Usize1,\n        v: [i64; n],\n    }\n    \
         println!(\"{} {} {}\", s.len(), k, v.iter().sum::<i64>());\n}\n",
    )
    .unwrap();
    let b = bundle(&main, &inputs.libraries, &inputs.forbidden).unwrap();
    assert!(b.modules.contains(&"proconio::marker".to_string()));
    assert!(
        !b.modules.iter().any(|m| m.starts_with("common")),
        "common is not used"
    );
    let printed = compile_and_run_with_input(dir.path(), &b.text, b"3 abcd 5\n1 2 3\n");
    assert_eq!(printed, "4 4 6\n");
}
