//! Builds a crate of cutlet kernels to PTX, from a build script or the command line.
//!
//! A kernel crate is an ordinary `no_std` library (the builder makes the PTX module
//! as its nvptx `cdylib`; host builds see an rlib) whose entries are `#[kernel] pub unsafe extern "ptx-kernel" fn`s; the same crate
//! runs on cutlet's CPU emulator in its host tests. Its `Cargo.toml` says what to build:
//!
//! ```toml
//! [package.metadata.cutlet]
//! archs = ["sm_80", "sm_90a"]                 # the first is what rustc compiles for
//! only = { sm_90a = "my_hopper_" }            # entries named my_hopper_* only in sm_90a (or a list)
//! max-threads = { my_hopper_ = 384 }          # .maxntid of those entries (setmaxnreg)
//! ```
//!
//! A host crate builds it in its `build.rs`:
//!
//! ```no_run
//! // The body of build.rs's `main`:
//! cutlet_build::PtxBuilder::new("kernels").emit();
//! ```
//!
//! and includes `$OUT_DIR/<lib>.<arch>.ptx` (`cutlet_cuda::include_ptx!`). The build runs
//! rustc once (type checking and optimisation do not depend on the arch) and the linker
//! stand-in (`nvptx-link.py`: llvm-link, internalize, opt, then llc once per arch)
//! writes each arch's PTX. It uses its own target directory beside the host's
//! (`target/nvptx`), so cargo's freshness checks cache it across host builds, and the
//! build script reruns only when a source of the kernel crate or of a local crate it
//! uses changes.
//!
//! The environment variable `CUTLET_PTX` chooses what happens without the toolchain:
//! `on` (the default) fails the build with a message naming the missing packages and the
//! command that installs them; `auto` warns and builds the host crate without PTX;
//! `off` never builds PTX. Without PTX the included file is a one-line PTX comment
//! saying why, which the host library reports when asked to load it.

mod manifest;
mod toolchain;

pub use manifest::{Manifest, local_crates, manifest};

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The linker stand-in cargo calls for the nvptx target (rustup's
/// `llvm-bitcode-linker` is not available with Debian's rustc).
const LINKER: &str = include_str!("nvptx-link.py");

/// Why a PTX build failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The nvptx toolchain is missing: what, the packages and the install command.
    Toolchain(String),
    /// The kernel crate is unreadable or did not compile (rustc's errors went to stderr).
    Build(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Toolchain(m) | Error::Build(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

/// `CUTLET_PTX`: whether a build script builds PTX, and what a missing toolchain is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Build; a missing toolchain fails the build (the default).
    On,
    /// Build when the toolchain is there, else warn and go on without PTX.
    Auto,
    /// Never build PTX.
    Off,
}

impl Mode {
    /// The mode a value of `CUTLET_PTX` asks for (`None`: unset); anything else is an
    /// error naming it.
    ///
    /// ```
    /// use cutlet_build::Mode;
    /// assert_eq!(Mode::parse(None), Ok(Mode::On));
    /// assert_eq!(Mode::parse(Some("auto")), Ok(Mode::Auto));
    /// assert_eq!(Mode::parse(Some("0")), Ok(Mode::Off));
    /// assert_eq!(
    ///     Mode::parse(Some("maybe")).unwrap_err(),
    ///     "cutlet-build: CUTLET_PTX=`maybe`: expected on, auto or off"
    /// );
    /// ```
    pub fn parse(v: Option<&str>) -> Result<Mode, String> {
        match v.map(str::trim) {
            None | Some("" | "on" | "1") => Ok(Mode::On),
            Some("auto") => Ok(Mode::Auto),
            Some("off" | "0") => Ok(Mode::Off),
            Some(other) => Err(format!(
                "cutlet-build: CUTLET_PTX=`{other}`: expected on, auto or off"
            )),
        }
    }
}

/// The PTX files of one build.
#[derive(Debug, Clone)]
pub struct Built {
    /// The kernel crate's library name.
    pub lib: String,
    /// `(arch, path)` for each arch built.
    pub ptx: Vec<(String, PathBuf)>,
}

/// A PTX build of one kernel crate.
#[derive(Debug, Clone)]
pub struct PtxBuilder {
    dir: PathBuf,
    archs: Option<Vec<String>>,
    entries: Option<Vec<String>>,
    target_dir: Option<PathBuf>,
}

impl PtxBuilder {
    /// The kernel crate at `dir` (relative to the build script's crate, or to the
    /// current directory outside a build script).
    ///
    /// ```
    /// let b = cutlet_build::PtxBuilder::new("no/such/crate");
    /// assert!(b.build().unwrap_err().to_string().contains("no/such/crate/Cargo.toml"));
    /// ```
    pub fn new(dir: impl AsRef<Path>) -> Self {
        let base = std::env::var_os("CARGO_MANIFEST_DIR")
            .filter(|_| std::env::var_os("OUT_DIR").is_some())
            .map(PathBuf::from)
            .unwrap_or_default();
        PtxBuilder {
            dir: base.join(dir),
            archs: None,
            entries: None,
            target_dir: None,
        }
    }

    /// Builds these archs instead of the manifest's `archs` (the first is the one
    /// rustc compiles for; `only` entries go to their arch alone).
    ///
    /// ```
    /// let b = cutlet_build::PtxBuilder::new("kernels").archs(&["sm_80", "sm_90"]);
    /// assert!(format!("{b:?}").contains("sm_90"));
    /// ```
    pub fn archs(mut self, archs: &[&str]) -> Self {
        self.archs = Some(archs.iter().map(|s| s.to_string()).collect());
        self
    }

    /// Builds only the entries named here (each `#[kernel]` fn by its name); the others
    /// are left out of the nvptx build before they are type-checked or instantiated, so
    /// iterating on one kernel of a crate of many rebuilds that one. `emit` also reads
    /// the names from `CUTLET_ENTRIES` (separated by commas or spaces). The PTX then has
    /// only these entries: a host that loads another one gets the loader's error. A
    /// crate leaves out a whole family with `#[cfg(any(not(cutlet_entries),
    /// cutlet_entry_prefix = "family"))]` on its module (each `_`-prefix of a kept name
    /// is such a cfg), and declares the three cfgs for its host builds in
    /// `[lints.rust] unexpected_cfgs` (as `kernels/Cargo.toml` does).
    ///
    /// ```
    /// let b = cutlet_build::PtxBuilder::new("kernels").entries(&["cutlet_gemm_tn_bf16"]);
    /// assert!(format!("{b:?}").contains("cutlet_gemm_tn_bf16"));
    /// ```
    pub fn entries(mut self, names: &[&str]) -> Self {
        self.entries = Some(names.iter().map(|s| s.to_string()).collect());
        self
    }

    /// The target directory of the nvptx build (default: `nvptx` beside the host's
    /// profile directories, or `target/nvptx` outside a build script; an entry filter's
    /// build uses `nvptx-` and a hash of its names instead).
    ///
    /// ```
    /// let b = cutlet_build::PtxBuilder::new("kernels").target_dir("/tmp/ptx-target");
    /// assert!(format!("{b:?}").contains("/tmp/ptx-target"));
    /// ```
    pub fn target_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.target_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// A filtered build has a directory of its own: its cfgs differ from the whole
    /// crate's but its artifact's name does not, so in one directory each build would
    /// evict the other's and the next whole build (another host crate's build script,
    /// `scripts/build-ptx.sh`) would compile the kernel crate again.
    fn nvptx_target_dir(&self) -> PathBuf {
        if let Some(t) = &self.target_dir {
            return t.clone();
        }
        let name = match &self.entries {
            None => "nvptx".to_string(),
            Some(names) => format!("nvptx-{:016x}", fnv1a(&names.join(","))),
        };
        // OUT_DIR is <target>/<profile>/build/<pkg>-<hash>/out.
        std::env::var_os("OUT_DIR")
            .map(PathBuf::from)
            .and_then(|o| {
                let build = o
                    .ancestors()
                    .find(|a| a.file_name() == Some("build".as_ref()))?;
                Some(build.parent()?.parent()?.join(&name))
            })
            .unwrap_or_else(|| PathBuf::from("target").join(&name))
    }

    /// Builds the PTX: one rustc build for the first arch, one llc run per arch. A
    /// missing toolchain is [`Error::Toolchain`]; rustc's errors go to stderr.
    ///
    /// ```
    /// let e = cutlet_build::PtxBuilder::new("missing-kernels").build().unwrap_err();
    /// assert!(matches!(e, cutlet_build::Error::Build(_)), "{e}");
    /// ```
    pub fn build(&self) -> Result<Built, Error> {
        self.build_with(manifest(&self.dir).map_err(Error::Build)?)
    }

    /// [`build`](Self::build) with the kernel crate's manifest already read.
    fn build_with(&self, m: Manifest) -> Result<Built, Error> {
        let archs = self.archs.clone().unwrap_or_else(|| m.archs.clone());
        let Some((base, extra)) = archs.split_first() else {
            return Err(Error::Build(format!(
                "cutlet-build: {}: no archs (set [package.metadata.cutlet] archs = [\"sm_80\"])",
                self.dir.join("Cargo.toml").display()
            )));
        };
        let tc = toolchain::find().map_err(Error::Toolchain)?;
        let target = self.nvptx_target_dir();
        std::fs::create_dir_all(&target)
            .map_err(|e| Error::Build(format!("cutlet-build: {}: {e}", target.display())))?;
        let linker = write_linker(&target).map_err(Error::Build)?;
        let join = |v: Vec<String>| v.join(" ");
        let mut cmd = Command::new(toolchain::CARGO);
        clean_env(&mut cmd);
        cmd.env("RUSTC_BOOTSTRAP", "1")
            .env("RUSTC", toolchain::RUSTC)
            .env("LLVM_BIN", &tc.llvm_bin)
            .env("NVPTX_EXTRA_CPUS", extra.join(" "))
            .env(
                "NVPTX_ARCH_EXPORTS",
                join(
                    m.only
                        .iter()
                        .map(|(a, p)| format!("{a}={}", p.join(",")))
                        .collect(),
                ),
            )
            .env(
                "NVPTX_MAXNTID",
                join(
                    m.max_threads
                        .iter()
                        .map(|(p, n)| format!("{p}={n}"))
                        .collect(),
                ),
            )
            .env("CARGO_TARGET_NVPTX64_NVIDIA_CUDA_LINKER", &linker)
            // -Zinline-mir=no: rustc's MIR inliner does not finish normalising a generic
            // kernel's polymorphic body (results/compile-time-log.md); LLVM inlines anyway.
            .env("RUSTFLAGS", format!("-C target-cpu={base} -Zinline-mir=no"))
            // `cargo rustc --crate-type cdylib`: the PTX module is the nvptx target's
            // cdylib; the crate itself stays a plain rlib for its host users (a cdylib
            // crate type in Cargo.toml would give host builds an unhashed rlib that
            // rustdoc confuses across feature sets).
            .args(["rustc", "--lib", "--crate-type", "cdylib"])
            .args(["--release", "--quiet", "--no-default-features"])
            .arg("--manifest-path")
            .arg(self.dir.join("Cargo.toml"))
            .arg("--config")
            .arg(format!("profile.release.package.{}.opt-level=3", m.package))
            .args(["--target", "nvptx64-nvidia-cuda", "-Zbuild-std=core"])
            .arg("--target-dir")
            .arg(&target)
            // The entry filter's cfgs reach the kernel crate only (core stays cached).
            .arg("--")
            .args(entry_cfgs(self.entries.as_deref()))
            // Extra flags for the kernel crate's rustc, e.g. `-Ztime-passes` to see where
            // a kernel's build goes.
            .args(
                std::env::var("CUTLET_KERNEL_RUSTC_FLAGS")
                    .unwrap_or_default()
                    .split_whitespace(),
            )
            .stdout(Stdio::null());
        let status = cmd.status().map_err(|e| {
            Error::Build(format!("cutlet-build: running {}: {e}", toolchain::CARGO))
        })?;
        if !status.success() {
            return Err(Error::Build(format!(
                "cutlet-build: building {} for nvptx failed ({status}); rustc's messages are above",
                m.package
            )));
        }
        let out = target.join("nvptx64-nvidia-cuda/release");
        let mut ptx = vec![(base.clone(), out.join(format!("{}.ptx", m.lib)))];
        for a in extra {
            ptx.push((a.clone(), out.join(format!("deps/{}.{a}.ptx", m.lib))));
        }
        if let Some(names) = &self.entries {
            missing_entries(&m.package, names, &ptx)?;
        }
        Ok(Built { lib: m.lib, ptx })
    }

    /// What a build script calls: reruns on changes to the kernel crate's local
    /// sources or `CUTLET_PTX`, builds as [`Mode`] says, and writes
    /// `$OUT_DIR/<lib>.<arch>.ptx` for each arch. A failure prints its message and exits
    /// the build script with status 1.
    ///
    /// ```no_run
    /// // The body of build.rs's `main`:
    /// cutlet_build::PtxBuilder::new("kernels").archs(&["sm_80"]).emit();
    /// ```
    pub fn emit(&self) {
        if let Err(e) = self.try_emit() {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }

    fn try_emit(&self) -> Result<(), Error> {
        let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| {
            Error::Build("cutlet-build: emit() runs in a build script (no OUT_DIR)".into())
        })?);
        println!("cargo::rerun-if-env-changed=CUTLET_PTX");
        for d in local_crates(&self.dir) {
            for f in ["Cargo.toml", "src", "build.rs"] {
                if d.join(f).exists() {
                    println!("cargo::rerun-if-changed={}", d.join(f).display());
                }
            }
        }
        println!("cargo::rerun-if-env-changed=CUTLET_ENTRIES");
        let m = manifest(&self.dir).map_err(Error::Build)?;
        let (archs, lib) = (
            self.archs.clone().unwrap_or_else(|| m.archs.clone()),
            m.lib.clone(),
        );
        let skip = |why: &str| -> Result<(), Error> {
            for a in &archs {
                write(
                    &out.join(format!("{lib}.{a}.ptx")),
                    &format!("// cutlet-build: no PTX: {why}\n"),
                )?;
            }
            Ok(())
        };
        let mode =
            Mode::parse(std::env::var("CUTLET_PTX").ok().as_deref()).map_err(Error::Build)?;
        if mode == Mode::Off {
            return skip("built with CUTLET_PTX=off");
        }
        let from_env;
        let this = match std::env::var("CUTLET_ENTRIES") {
            Ok(v) if !v.trim().is_empty() => {
                let names: Vec<&str> = v.split([',', ' ']).filter(|s| !s.is_empty()).collect();
                from_env = self.clone().entries(&names);
                &from_env
            }
            _ => self,
        };
        match this.build_with(m) {
            Ok(b) => {
                for (a, p) in &b.ptx {
                    let text = std::fs::read_to_string(p)
                        .map_err(|e| Error::Build(format!("cutlet-build: {}: {e}", p.display())))?;
                    write(&out.join(format!("{}.{a}.ptx", b.lib)), &text)?;
                }
                Ok(())
            }
            Err(Error::Toolchain(msg)) if mode == Mode::Auto => {
                for line in msg.lines() {
                    println!("cargo::warning={line}");
                }
                skip(&msg.replace('\n', " "))
            }
            Err(e) => Err(e),
        }
    }
}

/// The kernel crate's `rustc` flags for an entry filter: the cfgs `#[kernel]` reads
/// (`cutlet_entries`, one `cutlet_entry = "NAME"` a kept entry) and, for each kept
/// entry, one `cutlet_entry_prefix = "P"` per prefix of its name that ends before an
/// `_` (and the whole name), so that a crate can leave out a whole family of kernels,
/// bodies and all, with one cfg: `cfg(any(not(cutlet_entries), cutlet_entry_prefix =
/// "cutlet_sgemm"))`. All are declared to rustc's cfg checker.
fn entry_cfgs(entries: Option<&[String]>) -> Vec<String> {
    let mut a: Vec<String> = [
        "--check-cfg",
        "cfg(cutlet_entries)",
        "--check-cfg",
        "cfg(cutlet_entry, values(any()))",
        "--check-cfg",
        "cfg(cutlet_entry_prefix, values(any()))",
    ]
    .map(String::from)
    .into();
    if let Some(names) = entries {
        a.extend(["--cfg".into(), "cutlet_entries".into()]);
        let mut prefixes = std::collections::BTreeSet::new();
        for n in names {
            a.extend(["--cfg".into(), format!("cutlet_entry=\"{n}\"")]);
            prefixes.extend(n.match_indices('_').map(|(i, _)| &n[..i]));
            prefixes.insert(n.as_str());
        }
        for p in prefixes {
            a.extend(["--cfg".into(), format!("cutlet_entry_prefix=\"{p}\"")]);
        }
    }
    a
}

/// An entry filter that names an entry the crate does not have is an error naming it
/// (a typo would otherwise build an empty module).
fn missing_entries(
    package: &str,
    names: &[String],
    ptx: &[(String, PathBuf)],
) -> Result<(), Error> {
    let mut all = String::new();
    for (_, p) in ptx {
        all += &std::fs::read_to_string(p)
            .map_err(|e| Error::Build(format!("cutlet-build: {}: {e}", p.display())))?;
    }
    let missing: Vec<&str> = names
        .iter()
        .filter(|n| !all.contains(&format!(".entry {n}(")))
        .map(String::as_str)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(Error::Build(format!(
        "cutlet-build: {package} has no #[kernel] entry named {} (the entry filter takes exact names)",
        missing.join(", ")
    )))
}

/// Writes `text` to `path` unless it already holds it (an unchanged file keeps its
/// time, so what depends on it stays fresh).
fn write(path: &Path, text: &str) -> Result<(), Error> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    std::fs::write(path, text)
        .map_err(|e| Error::Build(format!("cutlet-build: writing {}: {e}", path.display())))
}

/// FNV-1a (64 bits): a name for an entry filter's target directory that is the same in
/// every build (std's hashers promise no stability).
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The linker stand-in, written into the target directory as an executable.
fn write_linker(target: &Path) -> Result<PathBuf, String> {
    let path = target.join("nvptx-link.py");
    write(&path, LINKER).map_err(|e| e.to_string())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| format!("cutlet-build: {}: {e}", path.display()))?;
    }
    Ok(path)
}

/// The nested cargo must not see the variables the outer cargo sets for a build script
/// (or clippy's and rustup's wrappers): it is a separate build with Debian's toolchain.
fn clean_env(cmd: &mut Command) {
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy();
        let keep = [
            "CARGO_HOME",
            "CARGO_NET_",
            "CARGO_HTTP_",
            "CARGO_REGISTRIES_",
            "CARGO_REGISTRY_",
        ]
        .iter()
        .any(|p| k.starts_with(p));
        let drop = [
            "CARGO",
            "RUSTC",
            "RUSTFLAGS",
            "RUSTDOC",
            "RUSTUP_TOOLCHAIN",
            "CLIPPY",
            "__CARGO",
            "DEP_",
        ]
        .iter()
        .any(|p| k.starts_with(p))
            || [
                "OUT_DIR",
                "TARGET",
                "HOST",
                "PROFILE",
                "OPT_LEVEL",
                "DEBUG",
                "NUM_JOBS",
                "MAKEFLAGS",
                "MFLAGS",
            ]
            .contains(&k.as_ref());
        if drop && !keep {
            cmd.env_remove(k.as_ref());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::entry_cfgs;

    /// The cfgs a filter passes: every entry by name, every `_`-prefix of each once.
    #[test]
    fn entry_filter_cfgs() {
        assert_eq!(entry_cfgs(None).len(), 6, "only the check-cfg declarations");
        let names = [
            "cutlet_gemm_tn_bf16".to_string(),
            "cutlet_gemm_nt".to_string(),
        ];
        let cfgs = entry_cfgs(Some(&names));
        let values = |key: &str| -> Vec<String> {
            cfgs.iter()
                .filter_map(|c| c.strip_prefix(&format!("{key}=\"")))
                .map(|v| v.trim_end_matches('"').to_string())
                .collect()
        };
        assert!(cfgs.contains(&"cutlet_entries".to_string()));
        assert_eq!(values("cutlet_entry"), names);
        assert_eq!(
            values("cutlet_entry_prefix"),
            [
                "cutlet",
                "cutlet_gemm",
                "cutlet_gemm_nt",
                "cutlet_gemm_tn",
                "cutlet_gemm_tn_bf16"
            ]
        );
    }
}
