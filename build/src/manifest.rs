//! What the builder reads from a kernel crate's `Cargo.toml`: the library name (the PTX
//! file's name), its `[package.metadata.cutlet]` build settings and the local crates it
//! depends on (whose sources decide when a build script reruns).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A kernel crate's manifest, as far as the PTX build needs it.
#[derive(Debug, Default)]
pub struct Manifest {
    /// The package name (`-p`).
    pub package: String,
    /// The library's name: the PTX is `<lib>.ptx`.
    pub lib: String,
    /// `archs = ["sm_80", "sm_90a"]`: the first is the one rustc compiles for.
    pub archs: Vec<String>,
    /// `only = { sm_90a = "prefix_" }` or `{ sm_90a = ["a_", "b_"] }`: entries named with
    /// one of the prefixes only in that arch.
    pub only: BTreeMap<String, Vec<String>>,
    /// `max-threads = { prefix_ = 384 }`: `.maxntid` of entries named `prefix_*`.
    pub max_threads: BTreeMap<String, u32>,
}

fn read(path: &Path) -> Result<toml::Table, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cutlet-build: reading {}: {e}", path.display()))?;
    text.parse::<toml::Table>()
        .map_err(|e| format!("cutlet-build: {}: {e}", path.display()))
}

fn strings(v: Option<&toml::Value>) -> Vec<String> {
    v.and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Reads `<dir>/Cargo.toml`.
pub fn manifest(dir: &Path) -> Result<Manifest, String> {
    let path = dir.join("Cargo.toml");
    let t = read(&path)?;
    let pkg = t.get("package").and_then(|p| p.as_table());
    let package = pkg
        .and_then(|p| p.get("name"))
        .and_then(|n| n.as_str())
        .ok_or_else(|| format!("cutlet-build: {} has no package name", path.display()))?
        .to_string();
    let lib = t
        .get("lib")
        .and_then(|l| l.get("name"))
        .and_then(|n| n.as_str())
        .map(String::from)
        .unwrap_or_else(|| package.replace('-', "_"));
    let meta = pkg
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("cutlet"))
        .and_then(|c| c.as_table());
    let table = |key: &str| meta.and_then(|m| m.get(key)).and_then(|v| v.as_table());
    let only = table("only")
        .map(|o| {
            o.iter()
                .map(|(k, v)| {
                    let prefixes = match v.as_str() {
                        Some(p) => vec![p.to_string()],
                        None => strings(Some(v)),
                    };
                    (k.clone(), prefixes)
                })
                .collect()
        })
        .unwrap_or_default();
    let max_threads = table("max-threads")
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| Some((k.clone(), u32::try_from(v.as_integer()?).ok()?)))
                .collect()
        })
        .unwrap_or_default();
    Ok(Manifest {
        package,
        lib,
        archs: strings(meta.and_then(|m| m.get("archs"))),
        only,
        max_threads,
    })
}

/// The directories of the crate at `dir` and of every crate it reaches through `path`
/// dependencies (normal ones; a kernel build does not use dev-dependencies).
pub fn local_crates(dir: &Path) -> Vec<PathBuf> {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let d = d.canonicalize().unwrap_or(d);
        if seen.contains(&d) {
            continue;
        }
        if let Ok(t) = read(&d.join("Cargo.toml"))
            && let Some(deps) = t.get("dependencies").and_then(|x| x.as_table())
        {
            for v in deps.values() {
                if let Some(p) = v.get("path").and_then(|p| p.as_str()) {
                    todo.push(d.join(p));
                }
            }
        }
        seen.push(d);
    }
    seen
}
