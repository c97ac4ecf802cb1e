//! The memory-access analysis of [`cutlet_core::analysis`] on run-time layouts: what a
//! thread-value layout's shared-memory and global accesses cost (bank conflicts,
//! wavefronts, sectors, coalescing), the engine of `cutlet eval "bank_conflicts(X, bits)"`
//! and `cutlet show --banks`.

use super::composed::LayoutFn;
use super::error::{Error, Result};
use super::int::DInt;
use super::int_tuple::IntTuple;
use super::value::Value;
use cutlet_core::analysis::{self as hw, GlobalCost, SmemCost};

/// A thread-value layout (a layout or composed layout, mode 0 the threads) with its
/// threads and values per thread.
struct Tv {
    f: LayoutFn,
    threads: usize,
    values: usize,
}

impl Tv {
    fn of(v: &Value, what: &str) -> Result<Tv> {
        let f = match v {
            Value::Layout(l) => LayoutFn::Layout(l.clone()),
            Value::Composed(c) => LayoutFn::Composed(alloc::boxed::Box::new(c.clone())),
            v => {
                return Err(Error::ill(alloc::format!(
                    "{what} needs a thread-value layout or composed layout, got {v}"
                )));
            }
        };
        let d = f.domain()?;
        let total = usize::try_from(d.size()?.value).unwrap_or(0);
        let t0 = if d.rank() > 1 {
            d.mode(0)?.size()?.value
        } else {
            d.size()?.value
        };
        let threads = usize::try_from(t0).unwrap_or(0).max(1).min(total.max(1));
        Ok(Tv {
            values: total / threads,
            f,
            threads,
        })
    }

    /// The offsets `(t, v) -> X(t + threads * v)`, all evaluated first so that an
    /// ill-formed one is an error rather than a guess.
    fn offsets(&self) -> Result<alloc::vec::Vec<i64>> {
        (0..self.threads * self.values)
            .map(|i| {
                let o = self.f.eval(&IntTuple::Int(DInt::dynamic(i as i64)))?;
                Ok(o.int("an offset of the thread-value layout")?.value)
            })
            .collect()
    }

    fn smem(&self, elem_bits: u32, access_bits: u32) -> Result<SmemCost> {
        let o = self.offsets()?;
        let at = |t: usize, v: usize| Some(o[t + self.threads * v]);
        hw::smem_cost_of(self.threads, self.values, &at, elem_bits, access_bits)
            .map_err(|e| self.error(e))
    }

    fn global(&self, elem_bits: u32, access_bits: u32) -> Result<GlobalCost> {
        let o = self.offsets()?;
        let at = |t: usize, v: usize| Some(o[t + self.threads * v]);
        hw::global_cost_of(self.threads, self.values, &at, elem_bits, access_bits)
            .map_err(|e| self.error(e))
    }

    /// Warp 0's lanes' byte addresses for each of a thread's accesses (elements and
    /// accesses `bits` wide).
    fn warp0(&self, bits: u32) -> Result<alloc::vec::Vec<[Option<u64>; 32]>> {
        // Checks the width and the values as the costs do.
        self.smem(bits, bits)?;
        let o = self.offsets()?;
        let bytes = u64::from(bits / 8);
        Ok((0..self.values)
            .map(|v| {
                core::array::from_fn(|lane| {
                    (lane < self.threads)
                        .then(|| (o[lane + self.threads * v] as u64).wrapping_mul(bytes))
                })
            })
            .collect())
    }

    fn error(&self, e: hw::AccessError) -> Error {
        Error::ill(alloc::format!("{}: {e}", self.f))
    }
}

fn bits_arg(v: &Value, what: &str) -> Result<u32> {
    v.as_int_tuple()
        .and_then(|t| t.as_int())
        .and_then(|d| u32::try_from(d.value).ok())
        .ok_or_else(|| Error::ill(alloc::format!("{what} needs a width in bits, got {v}")))
}

/// The shared-memory cost of thread-value layout `tv` over `elem_bits`-wide elements,
/// `access_bits` an access ([`cutlet_core::analysis::smem_cost`] on the run-time tree).
///
/// ```
/// use cutlet_dynamic::{Value, analysis::smem_cost};
/// let tv: Value = "(_32,_32):(_32,_1)".parse().unwrap();
/// assert_eq!(smem_cost(&tv, 32, 32).unwrap().ways, 32);
/// let sw: Value = "Sw<3,3,3> o _0 o ((_8,_8),_8):((_64,_8),_1)".parse().unwrap();
/// assert_eq!(smem_cost(&sw, 16, 128).unwrap().ways, 1);
/// ```
pub fn smem_cost(tv: &Value, elem_bits: u32, access_bits: u32) -> Result<SmemCost> {
    Tv::of(tv, "smem_cost")?.smem(elem_bits, access_bits)
}

/// The global-memory cost of thread-value layout `tv`, as [`smem_cost`].
///
/// ```
/// use cutlet_dynamic::{Value, analysis::global_cost};
/// let g = global_cost(&"(_32,_4):(_4,_1)".parse().unwrap(), 32, 32).unwrap();
/// assert_eq!((g.sectors, g.efficiency(), g.widest_bits), (64, 25, 128));
/// ```
pub fn global_cost(tv: &Value, elem_bits: u32, access_bits: u32) -> Result<GlobalCost> {
    Tv::of(tv, "global_cost")?.global(elem_bits, access_bits)
}

/// Warp 0's lanes' byte addresses for each access of thread-value layout `tv`, each
/// element and access `bits` wide (what `cutlet show --banks` draws).
///
/// ```
/// use cutlet_dynamic::analysis::warp0_addresses;
/// let a = warp0_addresses(&"(_32,_2):(_2,_1)".parse().unwrap(), 32).unwrap();
/// assert_eq!((a.len(), a[1][3]), (2, Some(28)));
/// ```
pub fn warp0_addresses(tv: &Value, bits: u32) -> Result<alloc::vec::Vec<[Option<u64>; 32]>> {
    Tv::of(tv, "show --banks")?.warp0(bits)
}

/// The `eval` operations of this module: `bank_conflicts(X, bits)` (the worst n-way
/// conflict of every access, each value index one access of `bits` bits by the threads
/// of mode 0) and `sectors(X, bits)` (32-byte sectors per warp request, all requests).
pub(crate) fn apply_analysis(name: &str, vals: &[Value]) -> Option<Result<Value>> {
    if !matches!(name, "bank_conflicts" | "sectors") {
        return None;
    }
    Some((|| {
        let [x, bits] = vals else {
            return Err(Error::ill(alloc::format!(
                "{name} takes two arguments, a thread-value layout and a width in bits, got {}",
                vals.len()
            )));
        };
        let bits = bits_arg(bits, name)?;
        let t = Tv::of(x, name)?;
        Ok(Value::Int(DInt::dynamic(if name == "bank_conflicts" {
            i64::from(t.smem(bits, bits)?.ways)
        } else {
            t.global(bits, bits)?.sectors as i64
        })))
    })())
}
