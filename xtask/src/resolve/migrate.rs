//! Edition-2015 and 2018 libraries brought to the judge's edition 2021 the way
//! `cargo fix --edition` does it: the compiler's own edition-compatibility lints
//! (`rust_2018_compatibility`, then `rust_2021_compatibility`, which cover crate-relative
//! `use` paths, `::x` paths, bare trait objects, keywords that were identifiers, anonymous
//! trait parameters, `...` ranges, array `into_iter`, closure captures, prelude collisions)
//! are forced on, and their machine-applicable fixes applied with rustfix, on a copy of the
//! crate, step by step until the compiler finds nothing more; the copy must then compile as
//! edition 2021. The copy is cached per package, features, cfgs and compiler under
//! `target/xtask-cache/migrated/`, so the next run needs neither cargo nor a compile.

use crate::bundle::{Library, Origin};
use crate::error::PathContext;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The edition every library is brought to (the judge's).
const TARGET_EDITION: &str = crate::judge::EDITION;

/// A library to migrate: its index, origin, the folder of its migrated copy, and the outcome
/// cached there if any.
type Chosen = (usize, Origin, PathBuf, Option<Result<(), String>>);

/// Brings each library of `libraries` older than edition 2021 to it: `root` then points at
/// the migrated copy and `edition` says 2021. A 2015 library that cannot be migrated becomes
/// unbundleable, with the reason; a 2018 one stays as it is (most 2018 code means the same in
/// 2021) with a note. Returns notes to print.
pub fn migrate_all(
    target: &Path,
    build: &mut crate::resolve::build::LazyBuild,
    libraries: &mut [Library],
) -> anyhow::Result<Vec<String>> {
    let mut notes = Vec::new();
    if !libraries.iter().any(needs_migration) {
        return Ok(notes);
    }
    let rustc = crate::judge::local_rustc();
    let version = crate::judge::rustc_version(Path::new(&rustc))?;
    let cache = target.join("xtask-cache/migrated");
    // Each library's folder and its cached outcome, if a whole copy is there (a copy cut
    // short or edited since is made again).
    let chosen: Vec<Chosen> = libraries
        .iter()
        .enumerate()
        .filter(|(_, l)| needs_migration(l))
        .filter_map(|(k, lib)| {
            let origin = lib.origin.clone()?;
            let dir = cache.join(cache_name(lib, &origin, &version));
            let cached = fs::read_to_string(dir.join(".migrated"))
                .ok()
                .and_then(|text| checked_outcome(&dir, &text));
            Some((k, origin, dir, cached))
        })
        .collect();
    // The others migrated two at a time (each is a few compiles of one crate, one core's
    // work: the corpus's eighteen took 7.7 s one after the other), each in its own folder.
    let missing: Vec<&Chosen> = chosen.iter().filter(|c| c.3.is_none()).collect();
    let mut migrated = Vec::new();
    if !missing.is_empty() {
        let package = build.package().to_string();
        let built = build.get()?;
        migrated = crate::engine::pool::map(
            &missing,
            crate::engine::pool::cores(),
            |(k, origin, dir, _)| {
                migrate_into(&libraries[*k], origin, dir, built, &package, &rustc)
            },
        );
    }
    let mut migrated = migrated.into_iter();
    for (k, origin, dir, cached) in chosen {
        let outcome = match cached {
            Some(outcome) => outcome,
            None => match migrated
                .next()
                .expect("one migration for each missing copy")??
            {
                Ok(outcome) => outcome,
                Err(note) => {
                    notes.push(note);
                    continue;
                }
            },
        };
        let lib = &mut libraries[k];
        match outcome {
            Ok(()) => {
                let relative = lib
                    .root
                    .strip_prefix(&origin.manifest_dir)
                    .map_err(|_| anyhow::anyhow!("{}: not inside its package", lib.root.display()))?
                    .to_path_buf();
                lib.root = dir.join("pkg").join(relative);
                lib.edition = TARGET_EDITION.to_string();
                // The build script's files as migrated with the code that includes them.
                let migrated = dir.join("pkg").join(OUT_DIR_COPY);
                for (rel, text) in &mut lib.generated {
                    if let Ok(t) = fs::read_to_string(migrated.join(&*rel)) {
                        *text = t;
                    }
                }
            }
            Err(why) if lib.edition == "2015" => {
                lib.unbundleable = Some(format!(
                    "it is written in edition 2015 and could not be migrated to 2021: {why}"
                ));
            }
            Err(why) => notes.push(format!(
                "note    {} is edition {}, bundled as written: the migration to 2021 failed ({why})",
                lib.package, lib.edition
            )),
        }
    }
    Ok(notes)
}

/// Migrates `lib` into a folder of this call's own, renamed into place as `dir` with its
/// marker: the outcome, or (`Err` inside) a note when this run cannot migrate it.
fn migrate_into(
    lib: &Library,
    origin: &Origin,
    dir: &Path,
    built: &crate::resolve::build::Built,
    package: &str,
    rustc: &str,
) -> anyhow::Result<Result<Result<(), String>, String>> {
    let cache = dir.parent().expect("the cache folder");
    let done = dir.join(".migrated");
    let _ = fs::remove_file(&done);
    // The metadata's features are the whole workspace's (proconio's `derive`
    // comes from the corpus); a dependency they call for that cargo did not
    // build for this package (proconio-derive, for a problem built alone) makes
    // this run unable to migrate, but says nothing of the crate: not cached, so
    // the run that builds it (the corpus's) migrates it.
    let missing: Vec<&str> = origin
        .deps
        .iter()
        .filter(|(_, id)| !built.libraries.contains_key(id.as_str()))
        .map(|(name, _)| name.as_str())
        .collect();
    if !missing.is_empty() {
        return Ok(Err(format!(
                "note    {} is edition {}, bundled as written: {} was not built for {} (the workspace's features ask for it), so it could not be migrated in this run",
                lib.package,
                lib.edition,
                missing.join(", "),
                package
            )));
    }
    // Migrated in a folder of this call's own, then renamed into place, so two
    // runs at once (problems checked in parallel, a run's threads) never write one folder.
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    let tmp = cache.join(format!(".{name}.{}", crate::workspace::aside()));
    let _ = fs::remove_dir_all(&tmp);
    let outcome = migrate_one(lib, origin, &tmp, built, rustc).map_err(|e| format!("{e:#}"));
    let text = match &outcome {
        Ok(()) => format!("ok\n{}", content_hash(&tmp.join("pkg"))),
        Err(why) => format!("failed\n{why}"),
    };
    fs::create_dir_all(&tmp).map_err(|e| anyhow::anyhow!("{}: {e}", tmp.display()))?;
    let marker = tmp.join(".migrated");
    fs::write(&marker, text).map_err(|e| anyhow::anyhow!("{}: {e}", marker.display()))?;
    if fs::rename(&tmp, dir).is_err() {
        if done.is_file() {
            // Another run finished the same migration first.
            let _ = fs::remove_dir_all(&tmp);
        } else {
            // A folder left by a run that was cut short.
            let _ = fs::remove_dir_all(dir);
            fs::rename(&tmp, dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
        }
    }
    Ok(Ok(outcome))
}

fn needs_migration(lib: &Library) -> bool {
    lib.edition.as_str() < TARGET_EDITION && lib.origin.is_some()
}

/// The hash of a migrated copy's files, kept in its marker: by their paths inside the copy,
/// as it is written in a folder of its own and then renamed into place.
fn content_hash(pkg: &Path) -> String {
    let mut f = crate::workspace::record::Fingerprint::new("migrated copy");
    f.files(pkg);
    f.hex()
}

/// A cached migration's outcome, if its marker is readable and, for a copy, the copy's
/// files still hash to what the marker says; `None` means: migrate again.
fn checked_outcome(dir: &Path, text: &str) -> Option<Result<(), String>> {
    match text.split_once('\n') {
        Some(("failed", why)) => Some(Err(why.to_string())),
        Some(("ok", hash)) if content_hash(&dir.join("pkg")) == hash.trim() => Some(Ok(())),
        _ => None,
    }
}

/// Where in the migrated copy the build script's files are written, for the compiles and
/// the fixes to read them.
const OUT_DIR_COPY: &str = ".xtask-out-dir";

/// What the library's code reads at compile time, as cargo gives it: `OUT_DIR` (its build
/// script's files, written again into `out_dir`) and the variables the script set, a path to
/// one of those files pointing into `out_dir` (typenum 1.11's
/// `include!(env!("TYPENUM_BUILD_OP"))`).
fn build_script_env(lib: &Library, out_dir: &Path) -> anyhow::Result<Vec<(String, String)>> {
    for (rel, text) in &lib.generated {
        let path = out_dir.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).at(parent)?;
        }
        fs::write(&path, text).at(&path)?;
    }
    let mut envs = vec![("OUT_DIR".to_string(), out_dir.display().to_string())];
    for (key, value) in &lib.env {
        let file = lib
            .generated
            .iter()
            .find(|(rel, _)| value == rel || value.ends_with(&format!("/{rel}")));
        let value = match file {
            Some((rel, _)) => out_dir.join(rel).display().to_string(),
            None => value.clone(),
        };
        envs.push((key.clone(), value));
    }
    Ok(envs)
}

fn cache_name(lib: &Library, origin: &Origin, version: &str) -> String {
    let mut h = DefaultHasher::new();
    // 3: only the edition lints' fixes, overlapping ones on later passes; 5: empty cfgs
    // dropped, the build script's variables and files given to the compiles and migrated;
    // 6: `dyn` written where 2021's E0782 says (bare trait objects in macro bodies).
    6u8.hash(&mut h);
    // The dependencies it is compiled against (a Windows judge's rand names no `libc`;
    // its migration here needs it).
    (
        &origin.package_id,
        &lib.features,
        &lib.cfgs,
        version,
        TARGET_EDITION,
        &origin.deps,
    )
        .hash(&mut h);
    format!("{}-{}-{:016x}", origin.name, origin.version, h.finish())
}

/// Copies the package into `dir/pkg` and migrates it there, edition by edition.
fn migrate_one(
    lib: &Library,
    origin: &Origin,
    dir: &Path,
    built: &crate::resolve::build::Built,
    rustc: &str,
) -> anyhow::Result<()> {
    let pkg = dir.join("pkg");
    let _ = fs::remove_dir_all(&pkg);
    copy_sources(&origin.manifest_dir, &pkg)?;
    let relative = lib
        .root
        .strip_prefix(&origin.manifest_dir)
        .map_err(|_| anyhow::anyhow!("{}: not inside its package", lib.root.display()))?;
    let root = pkg.join(relative);
    let mut args: Vec<String> = vec![
        "--crate-type".into(),
        "lib".into(),
        "--crate-name".into(),
        origin.lib_name.clone(),
        "--emit=metadata".into(),
        "--cap-lints".into(),
        "warn".into(),
        "--error-format=json".into(),
        "-L".into(),
        format!("dependency={}", built.deps_dir.display()),
    ];
    for f in &lib.features {
        args.push("--cfg".into());
        args.push(format!("feature={f:?}"));
    }
    // An empty cfg (a script's bare `cargo:rustc-cfg=`) is no cfg; rustc refuses `--cfg ""`.
    for c in lib.cfgs.iter().filter(|c| !c.trim().is_empty()) {
        args.push("--cfg".into());
        args.push(c.clone());
    }
    for (name, id) in &origin.deps {
        if let Some(file) = built.libraries.get(id) {
            args.push("--extern".into());
            args.push(format!("{name}={}", file.display()));
        }
    }
    let out = dir.join("out");
    fs::create_dir_all(&out).at(&out)?;
    // Inside the copy: the edition fixes reach the build script's files too (typenum 1.11's
    // generated `use uint::...` is a 2015 path).
    let envs = build_script_env(lib, &pkg.join(OUT_DIR_COPY))?;
    let steps: &[(&str, &str)] = match lib.edition.as_str() {
        "2015" => &[
            ("2015", "rust_2018_compatibility"),
            ("2018", "rust_2021_compatibility"),
        ],
        _ => &[("2018", "rust_2021_compatibility")],
    };
    let compile = |edition: &str, lint: Option<&str>| -> anyhow::Result<(bool, String)> {
        let mut c = Command::new(rustc);
        c.envs(envs.iter().map(|(k, v)| (k, v)))
            .args(&args)
            .args(["--edition", edition, "--out-dir"])
            .arg(&out)
            .arg(&root);
        if let Some(lint) = lint {
            // Only the edition's own lints: a default lint's machine-applicable fix can reach
            // for a std API newer than the judge's (1.95's `unnecessary_transmutes` turns
            // ordered-float 1.0's `transmute::<i16, u16>` into `i16::cast_unsigned`, 1.87).
            c.args(["-A", "warnings", "--force-warn", lint]);
        }
        let o = c
            .output()
            .map_err(|e| anyhow::anyhow!("cannot run {rustc}: {e}"))?;
        Ok((
            o.status.success(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        ))
    };
    for (edition, lint) in steps {
        for _pass in 0..6 {
            let (_, diagnostics) = compile(edition, Some(lint))?;
            if apply_fixes(&diagnostics, &pkg)? == 0 {
                break;
            }
        }
    }
    let (mut ok, mut diagnostics) = compile(TARGET_EDITION, None)?;
    // A bare trait object inside a `macro_rules!` body gets no fix from the edition lint
    // (serde 1.0.203's `declare_error_trait!` writes `exp: &Expected`): 2021's E0782 names
    // its place, and `dyn ` goes there.
    for _pass in 0..6 {
        if ok || add_dyn(&diagnostics, &pkg)? == 0 {
            break;
        }
        (ok, diagnostics) = compile(TARGET_EDITION, None)?;
    }
    if ok {
        return Ok(());
    }
    Err(anyhow::anyhow!("{}", first_error(&diagnostics)))
}

/// The first three lines of the first error among rustc's JSON `diagnostics`.
fn first_error(diagnostics: &str) -> String {
    diagnostics
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["level"] == "error")
        .and_then(|v| {
            v["rendered"]
                .as_str()
                .map(|r| r.lines().take(3).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "it does not compile as edition 2021".into())
}

/// Writes `dyn ` where each of rustc's E0782 errors in `diagnostics` ("expected a type,
/// found a trait": a bare trait object, an error from edition 2021) puts its primary span in
/// a file under `pkg`, inside a macro's body too; returns how many places changed.
fn add_dyn(diagnostics: &str, pkg: &Path) -> anyhow::Result<usize> {
    let mut places: HashMap<PathBuf, Vec<usize>> = HashMap::new();
    for v in diagnostics
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["level"] == "error" && v["code"]["code"] == "E0782")
    {
        for span in v["spans"].as_array().into_iter().flatten() {
            let file = PathBuf::from(span["file_name"].as_str().unwrap_or_default());
            if span["is_primary"] != true || !file.starts_with(pkg) {
                continue;
            }
            if let Some(at) = span["byte_start"].as_u64() {
                places.entry(file).or_default().push(at as usize);
            }
        }
    }
    let mut changed = 0;
    for (file, mut at) in places {
        let mut code =
            fs::read_to_string(&file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        at.sort_unstable();
        at.dedup();
        for &a in at.iter().rev() {
            if code.is_char_boundary(a) && !code[a..].starts_with("dyn ") {
                code.insert_str(a, "dyn ");
                changed += 1;
            }
        }
        fs::write(&file, code).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    }
    Ok(changed)
}

/// Applies the machine-applicable fixes in `diagnostics` to the files under `pkg`; returns
/// how many files changed.
fn apply_fixes(diagnostics: &str, pkg: &Path) -> anyhow::Result<usize> {
    let suggestions = rustfix::get_suggestions_from_json(
        diagnostics,
        &HashSet::<String>::new(),
        rustfix::Filter::MachineApplicableOnly,
    )
    .map_err(|e| anyhow::anyhow!("cannot read rustc's suggestions: {e}"))?;
    let mut by_file: HashMap<PathBuf, Vec<rustfix::Suggestion>> = HashMap::new();
    for s in suggestions {
        let Some(file) = s
            .solutions
            .first()
            .and_then(|sol| sol.replacements.first())
            .map(|r| PathBuf::from(&r.snippet.file_name))
        else {
            continue;
        };
        // Only the copy is edited: a span in another crate's file is not ours to fix.
        if file.starts_with(pkg) {
            by_file.entry(file).or_default().push(s);
        }
    }
    let mut changed = 0;
    for (file, suggestions) in by_file {
        let code =
            fs::read_to_string(&file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        // One at a time: a fix that overlaps one already applied (approx 0.3.2's ulps_eq.rs
        // gets two on one span) waits for the next pass, which compiles again and asks anew.
        let mut fix = rustfix::CodeFix::new(&code);
        for suggestion in &suggestions {
            let _ = fix.apply(suggestion);
        }
        let fixed = fix.finish().map_err(|e| {
            anyhow::anyhow!("{}: cannot apply the compiler's fixes: {e}", file.display())
        })?;
        if fixed != code {
            fs::write(&file, fixed).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// Copies the package's files (not `target/` or `.git`) from `from` to `to`.
fn copy_sources(from: &Path, to: &Path) -> anyhow::Result<()> {
    fs::create_dir_all(to).map_err(|e| anyhow::anyhow!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| anyhow::anyhow!("{}: {e}", from.display()))? {
        let entry = entry.at(from)?;
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        let path = entry.path();
        let dest = to.join(&name);
        let kind = entry.file_type().at(&entry.path())?;
        if kind.is_dir() {
            copy_sources(&path, &dest)?;
        } else if kind.is_file() {
            fs::copy(&path, &dest).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy cut short (a truncated file) or edited since it was written is made again;
    /// an intact one and a recorded failure are used as they are, also once renamed from
    /// the folder it was written in into place (as every copy is: the copy was made again
    /// on every run until this test).
    #[test]
    fn a_migrated_copy_is_used_only_while_its_files_are_what_was_written() {
        let root = tempfile::tempdir().unwrap();
        let written = root.path().join(".copy.123");
        let pkg = written.join("pkg/src");
        fs::create_dir_all(&pkg).unwrap();
        fs::write(pkg.join("lib.rs"), "pub fn f() -> u32 { 42 }\n").unwrap();
        let marker = format!("ok\n{}", content_hash(&written.join("pkg")));
        let dir = root.path().join("copy");
        fs::rename(&written, &dir).unwrap();
        let pkg = dir.join("pkg/src");
        let dir = &dir;
        assert_eq!(checked_outcome(dir, &marker), Some(Ok(())));
        fs::write(pkg.join("lib.rs"), "pub fn f() -> u32 {").unwrap();
        assert_eq!(checked_outcome(dir, &marker), None);
        assert_eq!(checked_outcome(dir, "ok"), None, "a marker without a hash");
        assert_eq!(
            checked_outcome(dir, "failed\nE0425"),
            Some(Err("E0425".to_string()))
        );
        assert_eq!(checked_outcome(dir, "garbage"), None);
    }

    /// A 2015 crate whose build script names a file it wrote (`cargo:rustc-env=K=<path>`,
    /// read as `include!(env!("K"))`: typenum 1.11) migrates: the compiles get the script's
    /// variables and files, an empty cfg is no `--cfg`, and the file's 2015 paths are fixed
    /// with the code (the bundle splices the migrated file).
    #[test]
    fn a_build_scripts_file_named_by_a_variable_is_given_to_the_migration_and_migrated() {
        let dir = tempfile::tempdir().unwrap();
        let (mut lib, origin, built) = edition_2015_crate(
            dir.path(),
            "pub mod inner { pub struct X; }\ninclude!(env!(\"FIX_OP\"));\npub fn f() -> inner::X { make() }\n",
        );
        lib.generated = vec![(
            "op.rs".into(),
            "use inner::X;\npub fn make() -> X { X }\n".into(),
        )];
        lib.env = vec![("FIX_OP".into(), "/elsewhere/build/old-1/out/op.rs".into())];
        lib.cfgs = vec![String::new()];
        let work = dir.path().join("work");
        let rustc = crate::judge::local_rustc();
        migrate_one(&lib, &origin, &work, &built, &rustc).unwrap();
        let op = fs::read_to_string(work.join("pkg").join(OUT_DIR_COPY).join("op.rs")).unwrap();
        assert!(op.contains("crate::inner::X"), "{op}");
    }

    /// A 2015 crate `old` whose `lib.rs` is `lib_rs`, under `dir`: its library, its origin and
    /// an empty build (it has no dependencies).
    fn edition_2015_crate(
        dir: &Path,
        lib_rs: &str,
    ) -> (Library, Origin, crate::resolve::build::Built) {
        let src = dir.join("crate/src");
        fs::create_dir_all(&src).unwrap();
        fs::write(src.join("lib.rs"), lib_rs).unwrap();
        fs::write(dir.join("crate/Cargo.toml"), "[package]\nname = \"old\"\n").unwrap();
        let origin = Origin {
            package_id: "old 0.1.0".into(),
            name: "old".into(),
            version: "0.1.0".into(),
            lib_name: "old".into(),
            rust_version: None,
            manifest_dir: dir.join("crate"),
            deps: Vec::new(),
        };
        let lib = Library {
            origin: Some(origin.clone()),
            ..Library::new("old", "old 0.1.0", src.join("lib.rs"), "2015")
        };
        let built = crate::resolve::build::Built {
            libraries: HashMap::new(),
            build_scripts: HashMap::new(),
            deps_dir: dir.to_path_buf(),
        };
        (lib, origin, built)
    }

    /// The migration applies the edition's own fixes and no other: this machine's rustc
    /// would turn a `transmute::<i16, u16>` into `i16::cast_unsigned` (a std API of Rust
    /// 1.87, which the judge's 1.73 lacks), as it did to ordered-float 1.0.2.
    #[test]
    fn only_the_editions_own_fixes_are_applied() {
        let dir = tempfile::tempdir().unwrap();
        let (lib, origin, built) = edition_2015_crate(
            dir.path(),
            "pub fn bits(x: i16) -> u16 { unsafe { ::std::mem::transmute::<i16, u16>(x) } }\npub fn id(async: u8) -> u8 { async }\n",
        );
        let work = dir.path().join("work");
        let rustc = crate::judge::local_rustc();
        migrate_one(&lib, &origin, &work, &built, &rustc).unwrap();
        let migrated = fs::read_to_string(work.join("pkg/src/lib.rs")).unwrap();
        assert!(migrated.contains("r#async"), "{migrated}");
        assert!(
            migrated.contains("transmute") && !migrated.contains("cast_unsigned"),
            "{migrated}"
        );
    }

    /// A bare trait object in a `macro_rules!` body (serde 1.0.203's `declare_error_trait!`:
    /// `fn invalid_type(unexp: Unexpected, exp: &Expected)`) gets no fix from the edition's
    /// lint; the migration writes `dyn` where 2021's E0782 says, and the crate migrates
    /// (before, serde was bundled as 2018 code, no draft compiled, and a template with
    /// bstr was refused at 1.7 MB). Outside a macro the lint's own fix does it. Fails
    /// before: the migration failed with E0782.
    #[test]
    fn a_bare_trait_object_in_a_macro_body_gets_its_dyn() {
        let dir = tempfile::tempdir().unwrap();
        let (mut lib, origin, built) = edition_2015_crate(
            dir.path(),
            "pub trait Expected { fn f(&self) -> u8; }\n\
             macro_rules! declare { () => { pub trait Error { fn invalid(exp: &Expected) -> u8 { exp.f() } } }; }\n\
             declare!();\n\
             pub fn g(e: &Expected) -> u8 { e.f() }\n\
             pub fn h(e: Box<Expected + Send>) -> u8 { e.f() }\n",
        );
        lib.edition = "2018".into();
        let work = dir.path().join("work");
        let rustc = crate::judge::local_rustc();
        migrate_one(&lib, &origin, &work, &built, &rustc).unwrap();
        let migrated = fs::read_to_string(work.join("pkg/src/lib.rs")).unwrap();
        assert!(migrated.contains("exp: &dyn Expected"), "{migrated}");
        assert!(migrated.contains("e: &dyn Expected"), "{migrated}");
        assert!(migrated.contains("Box<dyn Expected + Send>"), "{migrated}");
    }
}
