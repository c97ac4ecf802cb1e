//! `cutlet-build`: builds a kernel crate to PTX from the command line (what
//! `scripts/build-ptx.sh` runs).
//!
//! ```text
//! cutlet-build <crate-dir> [--out DIR] [--target-dir DIR] [--arch ARCH]... [--entry NAME]...
//! ```
//! writes `DIR/<arch>/<lib>.ptx` for each arch of the crate's `[package.metadata.cutlet]`
//! (default `target/ptx`), or of the `--arch`s given (the first is the one rustc compiles
//! for). `--entry` builds only the `#[kernel]` entries named (exact names, repeatable).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let (mut dir, mut out, mut target) = (None, PathBuf::from("target/ptx"), None);
    let (mut archs, mut entries) = (Vec::new(), Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = args.next().ok_or("--out needs a directory")?.into(),
            "--target-dir" => target = Some(args.next().ok_or("--target-dir needs a directory")?),
            "--arch" => archs.push(args.next().ok_or("--arch needs an arch (e.g. sm_90a)")?),
            "--entry" => entries.push(args.next().ok_or("--entry needs an entry's name")?),
            s if s.starts_with('-') => return Err(format!("unknown option `{s}`")),
            s => dir = Some(s.to_string()),
        }
    }
    let dir = dir.ok_or(
        "usage: cutlet-build <crate-dir> [--out DIR] [--target-dir DIR] [--arch ARCH]... [--entry NAME]...",
    )?;
    let mut b = cutlet_build::PtxBuilder::new(&dir);
    if let Some(t) = target {
        b = b.target_dir(t);
    }
    if !archs.is_empty() {
        b = b.archs(&archs.iter().map(String::as_str).collect::<Vec<_>>());
    }
    if !entries.is_empty() {
        b = b.entries(&entries.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let built = b.build().map_err(|e| e.to_string())?;
    for (arch, p) in &built.ptx {
        let dst = out.join(arch);
        std::fs::create_dir_all(&dst).map_err(|e| format!("{}: {e}", dst.display()))?;
        let dst = dst.join(format!("{}.ptx", built.lib));
        std::fs::copy(p, &dst).map_err(|e| format!("{} -> {}: {e}", p.display(), dst.display()))?;
        println!("cutlet-build: {}", dst.display());
    }
    Ok(())
}
