//! Errors of the host library: every bad input is one of these, naming its values.

use cudarc::driver::DriverError;
use std::fmt;

/// What went wrong: a driver failure, or an input the library refused before the driver
/// saw it.
///
/// ```
/// let e = cutlet_cuda::Error::Extent { what: "A's K".into(), expected: 64, got: 65 };
/// assert_eq!(e.to_string(), "A's K: expected 64, got 65");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The CUDA driver failed (or is not installed).
    Driver(String),
    /// A buffer holds fewer elements than its layout reaches (`cosize`).
    TooShort {
        /// What the buffer is.
        what: String,
        /// Its length.
        len: usize,
        /// The layout.
        layout: String,
        /// The layout's cosize.
        cosize: usize,
    },
    /// Two extents that must agree do not.
    Extent {
        /// Which extent.
        what: String,
        /// The one expected.
        expected: usize,
        /// The one given.
        got: usize,
    },
    /// An address is not aligned as its use needs.
    Misaligned {
        /// What the address is.
        what: String,
        /// The address.
        addr: u64,
        /// The alignment needed, bytes.
        align: usize,
    },
    /// PTX built for an architecture this device cannot run.
    Arch {
        /// The PTX's `.target`.
        ptx: String,
        /// The device's compute capability.
        device: (u32, u32),
    },
    /// The PTX text is not a module: what it says instead (e.g. why `cutlet-build`
    /// skipped it).
    NoPtx(String),
    /// The module has no entry of that name.
    NoKernel {
        /// The entry's name.
        name: String,
        /// The module's `.target`.
        target: String,
    },
    /// A launch the device cannot make (e.g. a cluster that does not fit).
    Launch(String),
    /// An operand no kernel takes: its layout, or majors no kernel has.
    Operand(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Driver(m) => write!(f, "CUDA driver: {m}"),
            Error::TooShort {
                what,
                len,
                layout,
                cosize,
            } => write!(
                f,
                "{what}: {len} elements, but its layout {layout} reaches {cosize} (cosize)"
            ),
            Error::Extent {
                what,
                expected,
                got,
            } => write!(f, "{what}: expected {expected}, got {got}"),
            Error::Misaligned { what, addr, align } => {
                write!(f, "{what}: address {addr:#x} is not {align}-byte aligned")
            }
            Error::Arch { ptx, device } => write!(
                f,
                "PTX built for {ptx} cannot run on this device (compute capability {}.{}); rebuild it for sm_{}{}",
                device.0, device.1, device.0, device.1
            ),
            Error::NoPtx(why) => write!(f, "no PTX to load: {why}"),
            Error::NoKernel { name, target } => {
                write!(f, "the {target} module has no kernel `{name}`")
            }
            Error::Launch(m) => write!(f, "launch: {m}"),
            Error::Operand(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

impl From<DriverError> for Error {
    fn from(e: DriverError) -> Self {
        Error::Driver(e.to_string())
    }
}

/// The library's result.
pub type Result<T> = std::result::Result<T, Error>;
