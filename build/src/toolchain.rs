//! The nvptx toolchain cutlet's kernels build with (DESIGN.md's GPU facts): Debian's
//! rustc 1.96 with its std sources (the rustup toolchains have no nvptx `core`) and the
//! `llvm-N` tools of rustc's LLVM major, which the linker stand-in runs.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's rustc and cargo (rustup's shims come first on `PATH`).
pub const RUSTC: &str = "/usr/bin/rustc";
/// Debian's cargo.
pub const CARGO: &str = "/usr/bin/cargo";
/// Where `rust-web-src` puts the std sources `-Zbuild-std=core` compiles.
const RUST_SRC: &str = "/usr/lib/rustlib/src/rust";
/// The LLVM major of Debian's rustc 1.96 (bookworm-security), for the message when
/// rustc itself is missing.
const LLVM_MAJOR: u32 = 22;

/// A usable toolchain: rustc and the llvm bin directory of its LLVM major.
pub struct Toolchain {
    pub llvm_bin: PathBuf,
}

/// Finds the toolchain, or says what is missing, which packages provide it and the one
/// command that installs them.
pub fn find() -> Result<Toolchain, String> {
    let mut missing = Vec::new();
    let major = Command::new(RUSTC).arg("-vV").output().ok().and_then(|o| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find_map(|l| l.strip_prefix("LLVM version: "))
            .and_then(|v| v.split('.').next()?.parse::<u32>().ok())
    });
    if major.is_none() {
        missing.push((RUSTC.to_string(), "rustc-web"));
    }
    if !Path::new(CARGO).is_file() {
        missing.push((CARGO.to_string(), "cargo-web"));
    }
    if !Path::new(RUST_SRC).is_dir() {
        missing.push((RUST_SRC.to_string(), "rust-web-src"));
    }
    let major = major.unwrap_or(LLVM_MAJOR);
    let llvm_bin = PathBuf::from(format!("/usr/lib/llvm-{major}/bin"));
    let llvm_pkg = format!("llvm-{major}");
    for tool in ["llvm-link", "opt", "llc"] {
        if !llvm_bin.join(tool).is_file() {
            missing.push((llvm_bin.join(tool).display().to_string(), &llvm_pkg));
        }
    }
    if missing.is_empty() {
        return Ok(Toolchain { llvm_bin });
    }
    let mut pkgs: Vec<&str> = missing.iter().map(|(_, p)| *p).collect();
    pkgs.dedup();
    let files: Vec<&str> = missing.iter().map(|(f, _)| f.as_str()).collect();
    Err(format!(
        "cutlet-build: the nvptx toolchain is missing ({}).\n\
         cutlet-build: install it (Debian bookworm-security) with: apt-get install {}\n\
         cutlet-build: or set CUTLET_PTX=off to build the host crate without PTX.",
        files.join(", "),
        pkgs.join(" "),
    ))
}
