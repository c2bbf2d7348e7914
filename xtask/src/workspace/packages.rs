//! The workspace's package graph as `cargo metadata` gives it: every package a member
//! reaches, for the records that hash what a check depends on, and the resolved graph the
//! library resolution (`resolve::crates`) walks.

use cargo_metadata::{Metadata, Package, PackageId};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

/// Reads the whole workspace's resolution once.
pub fn metadata() -> anyhow::Result<Metadata> {
    crate::workspace::cargo::metadata_command()
        .exec()
        .map_err(|e| anyhow::anyhow!("cargo metadata failed: {e}"))
}

/// Cargo's resolution, looked up by package id, and workspace member `package`.
pub struct Resolved<'a> {
    pub packages: HashMap<&'a PackageId, &'a Package>,
    pub nodes: HashMap<&'a PackageId, &'a cargo_metadata::Node>,
    pub root: &'a Package,
}

pub fn resolved<'a>(meta: &'a Metadata, package: &str) -> anyhow::Result<Resolved<'a>> {
    let resolve = meta
        .resolve
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("cargo metadata gave no dependency resolution"))?;
    let root = meta
        .packages
        .iter()
        .find(|p| meta.workspace_members.contains(&p.id) && p.name.as_str() == package)
        .ok_or_else(|| anyhow::anyhow!("`{package}` is not a package of this workspace"))?;
    Ok(Resolved {
        packages: meta.packages.iter().map(|p| (&p.id, p)).collect(),
        nodes: resolve.nodes.iter().map(|n| (&n.id, n)).collect(),
        root,
    })
}

/// A package a workspace member reaches, for hashing what its checks depend on.
pub struct Reached {
    /// Cargo's package id: name, exact version and source.
    pub id: String,
    pub features: Vec<String>,
    /// Where its manifest is; a package inside the workspace folder is hashed by its files.
    pub manifest_dir: PathBuf,
}

/// Every package `package` reaches through dependencies of any kind (normal, build, dev;
/// proc-macros too), transitively, itself excluded, in id order.
pub fn reached(meta: &Metadata, package: &str) -> anyhow::Result<Vec<Reached>> {
    let Resolved {
        packages,
        nodes,
        root,
    } = resolved(meta, package)?;
    let mut seen: HashSet<&PackageId> = HashSet::from([&root.id]);
    let mut queue = vec![&root.id];
    let mut out = Vec::new();
    while let Some(id) = queue.pop() {
        for dep in nodes.get(id).map_or(&[][..], |n| &n.deps[..]) {
            if seen.insert(&dep.pkg) {
                queue.push(&dep.pkg);
                let p = packages.get(&dep.pkg);
                out.push(Reached {
                    id: dep.pkg.repr.clone(),
                    features: nodes
                        .get(&dep.pkg)
                        .map(|n| n.features.iter().map(|f| f.to_string()).collect())
                        .unwrap_or_default(),
                    manifest_dir: p
                        .and_then(|p| p.manifest_path.parent())
                        .map(|d| d.as_std_path().to_path_buf())
                        .unwrap_or_default(),
                });
            }
        }
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(out)
}
