//! What cargo's local copy of the registry index says of a crate's versions: enough to name
//! the newest version the judge's compiler accepts, offline.
//!
//! Cargo keeps one cache file per crate under `$CARGO_HOME/registry/index/<registry>/.cache/`,
//! at the index's path for the name (`ru/st/rustc-hash`, `3/a/abc`, `2/ab`, `1/a`). The file is
//! a header (a format byte, a 4-byte index version, a NUL-ended revision) and then, per version,
//! the version text and its index line (JSON), each ended by NUL.

use std::path::{Path, PathBuf};

/// One published version, as the index line gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Release {
    pub version: String,
    pub rust_version: Option<String>,
    pub yanked: bool,
}

/// `1.73` / `1.73.0` / `2.1.3` as numbers; a pre-release (`1.0.0-beta`) is `None`.
///
/// Trailing zeros are dropped, so that versions compare as numbers do: `1.73.0` is `1.73`
/// (compared as lists, `[1, 73, 0] > [1, 73]` made every crate declaring `1.73.0` look newer
/// than the judge's 1.73).
pub fn numbers(version: &str) -> Option<Vec<u64>> {
    let mut parts: Vec<u64> = version
        .split('.')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    while parts.len() > 1 && parts.last() == Some(&0) {
        parts.pop();
    }
    Some(parts)
}

/// The index's path for a crate name.
fn index_path(name: &str) -> PathBuf {
    let name = name.to_lowercase();
    match name.len() {
        1 => Path::new("1").join(&name),
        2 => Path::new("2").join(&name),
        3 => Path::new("3").join(&name[..1]).join(&name),
        _ => Path::new(&name[..2]).join(&name[2..4]).join(&name),
    }
}

/// The cache files for `name` in every registry cargo has cached.
fn cache_files(name: &str) -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(home) = home else {
        return Vec::new();
    };
    let Ok(registries) = std::fs::read_dir(home.join("registry").join("index")) else {
        return Vec::new();
    };
    registries
        .flatten()
        .map(|r| r.path().join(".cache").join(index_path(name)))
        .filter(|p| p.is_file())
        .collect()
}

/// The releases a cache file lists; `None` when it is not in the format above.
pub fn parse_cache(bytes: &[u8]) -> Option<Vec<Release>> {
    let body = bytes.get(5..)?;
    let mut fields = body.split(|&b| b == 0);
    fields.next()?; // the index revision
    let mut releases = Vec::new();
    while let Some(version) = fields.next() {
        if version.is_empty() {
            break;
        }
        let line: serde_json::Value = serde_json::from_slice(fields.next()?).ok()?;
        releases.push(Release {
            version: line.get("vers")?.as_str()?.to_string(),
            rust_version: line
                .get("rust_version")
                .and_then(|v| v.as_str())
                .map(str::to_string),
            yanked: line.get("yanked").and_then(|v| v.as_bool()) == Some(true),
        });
    }
    Some(releases)
}

/// The releases of `name` cargo has seen, or `None` when no cache holds it.
pub fn releases(name: &str) -> Option<Vec<Release>> {
    let mut all = Vec::new();
    let mut found = false;
    for file in cache_files(name) {
        if let Some(rs) = std::fs::read(&file).ok().and_then(|b| parse_cache(&b)) {
            found = true;
            all.extend(rs);
        }
    }
    found.then_some(all)
}

/// Whether `a` and `b` are semver-compatible (cargo's rule: the same leftmost non-zero part),
/// so `cargo update --precise` can move from one to the other without a manifest edit.
fn compatible(a: &[u64], b: &[u64]) -> bool {
    let class = |v: &[u64]| -> Vec<u64> {
        let first = v.iter().position(|&p| p != 0).unwrap_or(v.len() - 1);
        v[..=first].to_vec()
    };
    class(a) == class(b)
}

/// The newest release a compiler of version `judge` accepts: not yanked, not a pre-release,
/// and declaring a rust-version no newer than the judge's (or none, as cargo's resolver
/// treats it). Among those semver-compatible with `current` when there are any (`true`:
/// `cargo update --precise` reaches it), else among all (`false`: the manifest's requirement
/// must change).
pub fn newest_for<'a>(
    releases: &'a [Release],
    current: &str,
    judge: &str,
) -> Option<(&'a Release, bool)> {
    let judge = numbers(judge)?;
    let current = numbers(current)?;
    let accepted: Vec<(&Release, Vec<u64>)> = releases
        .iter()
        .filter(|r| !r.yanked)
        .filter(|r| {
            r.rust_version
                .as_deref()
                .is_none_or(|rv| numbers(rv).is_some_and(|rv| rv <= judge))
        })
        .filter_map(|r| Some((r, numbers(&r.version)?)))
        .collect();
    let newest = |same: bool| {
        accepted
            .iter()
            .filter(|(_, v)| !same || compatible(v, &current))
            .max_by(|a, b| a.1.cmp(&b.1))
            .map(|(r, _)| (*r, same))
    };
    newest(true).or_else(|| newest(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_as_numbers_whatever_their_trailing_zeros() {
        let n = |v| numbers(v).unwrap();
        assert_eq!(n("1.73.0"), n("1.73"));
        assert!(n("1.73.0") <= n("1.73") && n("1.73") <= n("1.73.0"));
        assert!(n("1.74") > n("1.73.0"));
        assert!(n("1.73.1") > n("1.73"));
        assert!(n("1.9") < n("1.73"));
        assert!(n("2.0.0") < n("2.1"));
        assert_eq!(n("0.0"), vec![0]);
        assert_eq!(numbers("1.0.0-beta"), None);
    }

    fn cache(entries: &[(&str, Option<&str>, bool)]) -> Vec<u8> {
        let mut bytes = vec![3, 2, 0, 0, 0];
        bytes.extend_from_slice(b"Unknown\0");
        for (v, rv, yanked) in entries {
            let rv = rv.map_or(String::new(), |rv| format!(", \"rust_version\": \"{rv}\""));
            bytes.extend_from_slice(v.as_bytes());
            bytes.push(0);
            bytes.extend_from_slice(
                format!("{{\"name\": \"x\", \"vers\": \"{v}\", \"yanked\": {yanked}{rv}}}")
                    .as_bytes(),
            );
            bytes.push(0);
        }
        bytes
    }

    #[test]
    fn the_cache_format_reads_back_every_version_with_its_rust_version_and_yank() {
        let bytes = cache(&[
            ("1.0.0", None, false),
            ("1.2.0", None, true),
            ("2.1.3", Some("1.77"), false),
        ]);
        let rs = parse_cache(&bytes).unwrap();
        assert_eq!(rs.len(), 3);
        assert!(rs[1].yanked);
        assert_eq!(rs[2].rust_version.as_deref(), Some("1.77"));
        assert_eq!(parse_cache(b"\x03"), None);
    }

    /// rustc-hash's real history (the index as of 2026): 2.1.2 and 2.1.3 declare 1.77,
    /// 1.2.0 is yanked. Checked against a plain scan: of all versions that pass the three
    /// filters, the largest in the same major, else the largest.
    #[test]
    fn the_newest_version_for_the_judge_skips_yanked_newer_and_prerelease_ones() {
        let rs = parse_cache(&cache(&[
            ("1.0.0", None, false),
            ("1.1.0", None, false),
            ("1.2.0", None, true),
            ("2.0.0", None, false),
            ("2.1.0", None, false),
            ("2.1.1", None, false),
            ("2.1.2", Some("1.77"), false),
            ("2.1.3", Some("1.77"), false),
            ("3.0.0-alpha", None, false),
            ("3.0.0", Some("1.80"), false),
        ]))
        .unwrap();
        let (r, same) = newest_for(&rs, "2.1.3", "1.73").unwrap();
        assert_eq!((r.version.as_str(), same), ("2.1.1", true));
        let (r, same) = newest_for(&rs, "3.0.0", "1.73").unwrap();
        assert_eq!((r.version.as_str(), same), ("2.1.1", false));
        let (r, _) = newest_for(&rs, "3.0.0", "1.80").unwrap();
        assert_eq!(r.version, "3.0.0");
        // 0.x: only the same minor is compatible.
        let rs = parse_cache(&cache(&[
            ("0.3.9", None, false),
            ("0.4.1", Some("1.70"), false),
            ("0.4.2", Some("1.75"), false),
        ]))
        .unwrap();
        assert_eq!(newest_for(&rs, "0.4.2", "1.73").unwrap().0.version, "0.4.1");
        assert!(newest_for(&rs[2..], "0.4.2", "1.73").is_none());
    }

    #[test]
    fn index_paths_follow_cargos_layout() {
        assert_eq!(index_path("a"), Path::new("1/a"));
        assert_eq!(index_path("ab"), Path::new("2/ab"));
        assert_eq!(index_path("abc"), Path::new("3/a/abc"));
        assert_eq!(index_path("Rustc-Hash"), Path::new("ru/st/rustc-hash"));
    }
}
