//! FlashAttention's forward pass on Hopper, from cutlet's kernels, the way
//! `flash_attn_func` is used: `attention(stream, q, k, v, o, &opts)` computes
//! `O = softmax(scale Q Kᵀ) V` per batch and head over [`DeviceTensor`]s laid out
//! `(batch, seqlen, heads, head_dim)` with any strides (BSHD and BHSD both, without a
//! copy; `head_dim` contiguous, as TMA reads it), bf16 or f16, head dimensions 64, 128
//! and 256, causal or not, `seqlen_q ≠ seqlen_k`, and grouped-query or multi-query
//! attention (K and V with `kv_heads` dividing Q's heads: query head `h` reads key-value
//! head `h / (heads / kv_heads)`). [`attention_lse`] also writes the log-sum-exp of each
//! row; [`attention_varlen`] takes packed sequences of different lengths with their
//! cumulative lengths (FA's `flash_attn_varlen_func`), and [`attention_varlen_lse`] its
//! log-sum-exp. The kernel (`cutlet_kernels::flash_sm90`) is FA3's structure: TMA loads into
//! swizzled shared memory, a producer warp and two consumer warpgroups, `wgmma` from
//! shared memory for `Q Kᵀ` and from registers for `P V`, the online softmax on the
//! accumulator fragment.
//!
//! Masking follows FlashAttention: in causal attention row `i` sees keys
//! `j <= i + seqlen_k - seqlen_q` (the bottom-right diagonal); a row that sees no key has
//! O = 0 and log-sum-exp `+inf`.
//!
//! Every bad input is an [`Error`] naming its values, before anything runs:
//!
//! ```
//! use cutlet_core::prelude::*;
//! use cutlet_attention::{problem, AttentionOptions};
//! let (b, s, h, d) = (2, 1000, 16, 128);
//! let q = layout!((b, s, h, d):({s * h * d}, {h * d}, d, 1));
//! // BHSD K and V with 4 key-value heads (grouped-query attention).
//! let kv = layout!((b, 500, 4, d):({4 * 500 * d}, d, {500 * d}, 1));
//! let p = problem(q, kv, kv, q, &AttentionOptions::default()).unwrap();
//! assert_eq!((p.args.heads, p.args.kv_heads, p.args.seqlen_k), (16, 4, 500));
//! // Head dimension 96 has no kernel.
//! let q96 = layout!((b, s, h, 96):({s * h * 96}, {h * 96}, 96, 1));
//! assert_eq!(
//!     problem(q96, q96, q96, q96, &AttentionOptions::default()).unwrap_err().to_string(),
//!     "head_dim of Q: 96 has no kernel (64, 128 or 256)"
//! );
//! ```
//!
//! ```no_run
//! use cutlet_core::prelude::*;
//! use cutlet_cuda::DeviceTensor;
//! use half::bf16;
//! let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
//! let (b, s, h, d) = (4, 4096, 16, 128);
//! let bshd = layout!((b, s, h, d):({s * h * d}, {h * d}, d, 1));
//! let q = DeviceTensor::<bf16, _>::zeros(&stream, bshd)?;
//! let k = DeviceTensor::<bf16, _>::zeros(&stream, bshd)?;
//! let v = DeviceTensor::<bf16, _>::zeros(&stream, bshd)?;
//! let mut o = DeviceTensor::<bf16, _>::zeros(&stream, bshd)?;
//! let opts = cutlet_attention::AttentionOptions { causal: true, ..Default::default() };
//! let kernel = cutlet_attention::attention(&stream, &q, &k, &v, &mut o, &opts)?;
//! println!("ran {kernel}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use cudarc::driver::{CudaContext, CudaSlice, CudaStream, DevicePtr};
use cutlet_core::cuda::{TmaBox, TmaError};
use cutlet_core::layout::Layout;
use cutlet_core::prelude::*;
use cutlet_cuda::{Function, Module, TmaDescriptors, TmaElement, check_tma_address, encode_tiled};
use cutlet_kernels::flash_sm90::{BM, FlashArgs, FlashConfig, FlashLaunch, flash_config, qkv_box};
use cutlet_kernels::registry::{FlashParams, FlashVisitor, for_each_flash};
use std::any::Any;
use std::sync::{Arc, Mutex, OnceLock};

pub use cutlet_cuda::{DeviceTensor, Error, Result};

pub mod cpu;

/// The attention kernels' PTX (a one-line comment saying why, when built without it).
const PTX_SM90A: &str = cutlet_cuda::include_ptx!("cutlet_kernels", "sm_90a");

/// Element types with an attention kernel: bf16 and f16.
///
/// ```
/// fn takes<E: cutlet_attention::AttentionElement>() {}
/// takes::<half::bf16>();
/// takes::<half::f16>();
/// ```
pub trait AttentionElement: TmaElement + Copy + 'static + sealed::Sealed {}
impl AttentionElement for half::bf16 {}
impl AttentionElement for half::f16 {}
mod sealed {
    pub trait Sealed {}
    impl Sealed for half::bf16 {}
    impl Sealed for half::f16 {}
}

/// What [`attention`] computes beyond the tensors: FA's `softmax_scale` and `causal`.
///
/// ```
/// let o = cutlet_attention::AttentionOptions::default();
/// assert_eq!((o.softmax_scale, o.causal), (None, false));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AttentionOptions {
    /// The scale of `Q Kᵀ` before the softmax (`None`: `1 / sqrt(head_dim)`).
    pub softmax_scale: Option<f32>,
    /// Each query row sees the keys up to its (bottom-right) diagonal.
    pub causal: bool,
}

/// A `(batch, seqlen, heads, head_dim)` operand read off its layout.
///
/// ```
/// use cutlet_core::prelude::*;
/// let b = cutlet_attention::Bshd::of("Q", layout!((1, 8, 2, 64):(1024, 128, 64, 1))).unwrap();
/// assert_eq!(b.strides, [1024, 128, 64]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bshd {
    /// `(batch, seqlen, heads, head_dim)`.
    pub extents: [usize; 4],
    /// Element strides of batch, seqlen and heads (`head_dim`'s is 1).
    pub strides: [usize; 3],
}

impl Bshd {
    /// The operand `l` describes, or an error naming it: rank 4, flat modes, `head_dim`
    /// contiguous, non-negative strides that TMA can take (whole numbers of 16 bytes for
    /// 16-bit elements: multiples of 8).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_attention::Bshd;
    /// let b = Bshd::of("Q", layout!((2, 100, 8, 64):({800 * 64}, 64, {100 * 64}, 1))).unwrap();
    /// assert_eq!((b.extents, b.strides), ([2, 100, 8, 64], [51200, 64, 6400]));
    /// assert_eq!(
    ///     Bshd::of("K", layout!((2, 100, 8, 64):(1, 2, 200, 1600))).unwrap_err().to_string(),
    ///     "K: layout (_2,_100,_8,_64):(_1,_2,_200,_1600): head_dim must be contiguous (stride 1), got stride 1600"
    /// );
    /// ```
    ///
    /// A layout of another rank does not compile ("get: the mode index is past the
    /// layout's rank"):
    ///
    /// ```compile_fail,E0080
    /// use cutlet_core::prelude::*;
    /// let _ = cutlet_attention::Bshd::of("Q", layout!((2, 64):(64, 1)));
    /// ```
    pub fn of(what: &str, l: impl Layout) -> Result<Bshd> {
        let (ext, s) = Bshd::modes(what, l)?;
        Bshd::checked(what, &l, ext, s)
    }

    /// The extents and strides of `l`'s four flat modes, or an error naming it (the
    /// CPU attention's operands need no more).
    pub(crate) fn modes(what: &str, l: impl Layout) -> Result<([isize; 4], [isize; 4])> {
        if rank(l).value() != 4 || depth(l).value() > 1 {
            return Err(Error::Operand(format!(
                "{what}: layout {l}: expected (batch, seqlen, heads, head_dim), four flat modes"
            )));
        }
        let ext = [
            size(get::<0, _>(l)).value(),
            size(get::<1, _>(l)).value(),
            size(get::<2, _>(l)).value(),
            size(get::<3, _>(l)).value(),
        ];
        // The offsets of the unit coordinates: the strides (a leaf's size is its value).
        let s = [
            l.call((1isize, 0isize, 0isize, 0isize)).size().value(),
            l.call((0isize, 1isize, 0isize, 0isize)).size().value(),
            l.call((0isize, 0isize, 1isize, 0isize)).size().value(),
            l.call((0isize, 0isize, 0isize, 1isize)).size().value(),
        ];
        Ok((ext, s))
    }

    /// The packed operand of variable-length attention, `(total_rows, heads, head_dim)`,
    /// as one batch of `total_rows`, with the same checks as [`Bshd::of`].
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_attention::Bshd;
    /// let b = Bshd::of_packed("Q", layout!((1000, 8, 64):(512, 64, 1))).unwrap();
    /// assert_eq!(b.extents, [1, 1000, 8, 64]);
    /// assert_eq!(&b.strides[1..], &[512, 64]);
    /// ```
    pub fn of_packed(what: &str, l: impl Layout) -> Result<Bshd> {
        if rank(l).value() != 3 || depth(l).value() > 1 {
            return Bshd::refuse(
                what,
                &l,
                "expected (total_rows, heads, head_dim), three flat modes".into(),
            );
        }
        let ext = [
            1,
            size(get::<0, _>(l)).value(),
            size(get::<1, _>(l)).value(),
            size(get::<2, _>(l)).value(),
        ];
        let s = [
            0,
            l.call((1isize, 0isize, 0isize)).size().value(),
            l.call((0isize, 1isize, 0isize)).size().value(),
            l.call((0isize, 0isize, 1isize)).size().value(),
        ];
        // The one batch's stride, for TMA: past every element, 16-byte aligned.
        let reach = 1 + (ext[1] - 1).max(0) * s[1] + (ext[2] - 1).max(0) * s[2] + ext[3];
        Bshd::checked(
            what,
            &l,
            ext,
            [
                (reach.max(0) as usize).next_multiple_of(8) as isize,
                s[1],
                s[2],
                s[3],
            ],
        )
    }

    fn refuse(what: &str, l: &impl Layout, why: String) -> Result<Bshd> {
        Err(Error::Operand(format!("{what}: layout {l}: {why}")))
    }

    /// The operand of these extents and strides, or why the kernel cannot read it.
    fn checked(what: &str, l: &impl Layout, ext: [isize; 4], s: [isize; 4]) -> Result<Bshd> {
        if s[3] != 1 && ext[3] > 1 {
            return Bshd::refuse(
                what,
                l,
                format!(
                    "head_dim must be contiguous (stride 1), got stride {}",
                    s[3]
                ),
            );
        }
        let names = ["batch", "seqlen", "heads"];
        for i in 0..3 {
            if s[i] < 0 {
                return Bshd::refuse(
                    what,
                    l,
                    format!("the stride of {} is negative ({})", names[i], s[i]),
                );
            }
            if s[i] % 8 != 0 && ext[i] > 1 {
                return Bshd::refuse(
                    what,
                    l,
                    format!(
                        "the stride of {} ({}) is not a whole number of 16 bytes (TMA)",
                        names[i], s[i]
                    ),
                );
            }
        }
        Ok(Bshd {
            extents: ext.map(|x| x.max(0) as usize),
            strides: [s[0], s[1], s[2]].map(|x| x as usize),
        })
    }
}

/// An attention problem in the kernel's terms: its arguments and Q's, K's and V's
/// operands.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((2, 100, 4, 64):(25600, 256, 64, 1));
/// let p = cutlet_attention::problem(l, l, l, l, &Default::default()).unwrap();
/// assert_eq!((p.head_dim, p.q.extents, p.args.rows_q), (64, [2, 100, 4, 64], 100));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Problem {
    /// The kernel's arguments (O's strides included).
    pub args: FlashArgs,
    /// The head dimension.
    pub head_dim: usize,
    /// Q.
    pub q: Bshd,
    /// K.
    pub k: Bshd,
    /// V.
    pub v: Bshd,
}

/// The [`Problem`] of attention over these layouts, or an error naming the values that
/// disagree or that no kernel takes (see the [crate docs](crate)).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_attention::{problem, AttentionOptions};
/// let q = layout!((1, 64, 6, 64):({6 * 64 * 64}, {6 * 64}, 64, 1));
/// let kv = layout!((1, 64, 4, 64):({4 * 64 * 64}, {4 * 64}, 64, 1));
/// assert_eq!(
///     problem(q, kv, kv, q, &AttentionOptions::default()).unwrap_err().to_string(),
///     "kv heads (4) must divide the query heads (6)"
/// );
/// ```
pub fn problem(
    q: impl Layout,
    k: impl Layout,
    v: impl Layout,
    o: impl Layout,
    opts: &AttentionOptions,
) -> Result<Problem> {
    let (q, k, v, o) = (
        Bshd::of("Q", q)?,
        Bshd::of("K", k)?,
        Bshd::of("V", v)?,
        Bshd::of("O", o)?,
    );
    problem_of([q, k, v, o], opts)
}

/// The problem of these operands (Q, K, V, O).
fn problem_of([q, k, v, o]: [Bshd; 4], opts: &AttentionOptions) -> Result<Problem> {
    let [b, sq, h, d] = q.extents;
    let [_, sk, hk, _] = k.extents;
    same("batch of K", b, k.extents[0])?;
    same("head_dim of K", d, k.extents[3])?;
    same("V's extents (K's): batch", b, v.extents[0])?;
    same("V's extents (K's): seqlen", sk, v.extents[1])?;
    same("V's extents (K's): heads", hk, v.extents[2])?;
    same("head_dim of V", d, v.extents[3])?;
    for (i, what) in ["batch", "seqlen", "heads", "head_dim"].iter().enumerate() {
        same(&format!("{what} of O (Q's)"), q.extents[i], o.extents[i])?;
    }
    if ![64, 128, 256].contains(&d) {
        return Err(Error::Operand(format!(
            "head_dim of Q: {d} has no kernel (64, 128 or 256)"
        )));
    }
    if hk == 0 || h % hk != 0 {
        return Err(Error::Operand(format!(
            "kv heads ({hk}) must divide the query heads ({h})"
        )));
    }
    // The grid is (query blocks, heads, batch); TMA's coordinates are 32-bit.
    let limit = |what: &str, x: usize, max: usize| {
        if x > max {
            Err(Error::Operand(format!("{what} ({x}) above {max}")))
        } else {
            Ok(())
        }
    };
    limit("heads", h, 65535)?;
    limit("batch", b, 65535)?;
    limit("seqlen_q", sq, i32::MAX as usize)?;
    limit("seqlen_k", sk, i32::MAX as usize)?;
    let scale = opts.softmax_scale.unwrap_or(1.0 / (d as f32).sqrt());
    if !scale.is_finite() {
        return Err(Error::Operand(format!(
            "softmax_scale {scale} is not finite"
        )));
    }
    let mut args = FlashArgs::new((b, h, hk), (sq, sk), d, opts.causal);
    args.scale_log2 = scale * std::f32::consts::LOG2_E;
    args.o_stride = o.strides;
    tiles_fit(&args)?;
    Ok(Problem {
        args,
        head_dim: d,
        q,
        k,
        v,
    })
}

/// `Ok` where `got` is `expected`, else the [`Error::Extent`] naming `what`.
fn same(what: &str, expected: usize, got: usize) -> Result<()> {
    if expected == got {
        Ok(())
    } else {
        Err(Error::Extent {
            what: what.into(),
            expected,
            got,
        })
    }
}

/// The [`Problem`] of variable-length attention (FA's `varlen`): Q and O
/// `(total_q, heads, head_dim)`, K and V `(total_k, kv_heads, head_dim)`, each sequence's
/// rows from `cu_q[i]` to `cu_q[i + 1]` (and `cu_k`), or an error naming the values that
/// disagree.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_attention::{problem_varlen, AttentionOptions};
/// let q = layout!((300, 8, 64):(512, 64, 1));
/// let kv = layout!((500, 2, 64):(128, 64, 1));
/// let p = problem_varlen(q, kv, kv, q, (&[0, 100, 300], &[0, 450, 500]), &AttentionOptions::default()).unwrap();
/// assert_eq!((p.args.batch, p.args.seqlen_q, p.args.seqlen_k, p.args.rows_q), (2, 200, 450, 300));
/// let e = problem_varlen(q, kv, kv, q, (&[0, 100, 299], &[0, 450, 500]), &AttentionOptions::default());
/// assert_eq!(e.unwrap_err().to_string(), "cu_seqlens_q: ends at 299, but Q has 300 rows");
/// ```
pub fn problem_varlen(
    q: impl Layout,
    k: impl Layout,
    v: impl Layout,
    o: impl Layout,
    (cu_q, cu_k): (&[u32], &[u32]),
    opts: &AttentionOptions,
) -> Result<Problem> {
    let ops = [
        Bshd::of_packed("Q", q)?,
        Bshd::of_packed("K", k)?,
        Bshd::of_packed("V", v)?,
        Bshd::of_packed("O", o)?,
    ];
    let mut p = problem_of(ops, opts)?;
    let lengths = |what: &str, cu: &[u32], rows: usize, of: &str| -> Result<usize> {
        let bad = |why: String| Err(Error::Operand(format!("{what}: {why}")));
        if cu.len() < 2 {
            return bad(format!(
                "{} lengths, at least 2 (0 and the end of one sequence)",
                cu.len()
            ));
        }
        if cu[0] != 0 {
            return bad(format!("starts at {}, not 0", cu[0]));
        }
        if let Some(i) = (1..cu.len()).find(|&i| cu[i] < cu[i - 1]) {
            return bad(format!("decreases at {i} ({} after {})", cu[i], cu[i - 1]));
        }
        if cu[cu.len() - 1] as usize != rows {
            return bad(format!(
                "ends at {}, but {of} has {rows} rows",
                cu[cu.len() - 1]
            ));
        }
        Ok(cu
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0))
    };
    let max_q = lengths("cu_seqlens_q", cu_q, p.q.extents[1], "Q")?;
    let max_k = lengths("cu_seqlens_k", cu_k, p.k.extents[1], "K")?;
    if cu_q.len() != cu_k.len() {
        return Err(Error::Extent {
            what: "sequences of cu_seqlens_k (cu_seqlens_q's)".into(),
            expected: cu_q.len() - 1,
            got: cu_k.len() - 1,
        });
    }
    let a = &mut p.args;
    a.rows_q = p.q.extents[1];
    (a.batch, a.seqlen_q, a.seqlen_k, a.varlen) = (cu_q.len() - 1, max_q, max_k, 1);
    if a.batch > 65535 {
        return Err(Error::Operand(format!(
            "sequences ({}) above 65535",
            a.batch
        )));
    }
    tiles_fit(a)?;
    Ok(p)
}

/// The kernel numbers its tiles (`FlashTiles`) in 32 bits: `Ok` while there are fewer
/// than 2³¹.
fn tiles_fit(a: &FlashArgs) -> Result<()> {
    let tiles = a.seqlen_q.div_ceil(BM) as u128 * a.heads as u128 * a.batch as u128;
    if tiles > i32::MAX as u128 {
        return Err(Error::Operand(format!(
            "query tiles ({tiles}: {} rows of 128 x {} heads x {} sequences) above {}",
            a.seqlen_q.div_ceil(BM),
            a.heads,
            a.batch,
            i32::MAX
        )));
    }
    Ok(())
}

/// The box of one operand for configuration `C`'s kernel.
type BoxOf = fn((usize, usize, usize), [usize; 3], usize) -> core::result::Result<TmaBox, TmaError>;

/// One loaded configuration.
struct Flash<E> {
    f: Function<FlashParams<E>>,
    cfg: FlashLaunch,
    boxes: BoxOf,
    /// The tensor maps of the operands it last ran on, and whether O's is among them.
    maps: Mutex<Vec<(MapKey, Maps)>>,
}

/// The operands' addresses (Q, K, V, O) and the problem's extents and strides.
type MapKey = ([u64; 4], [usize; 8], [[usize; 3]; 4]);
/// Q's, K's and V's tensor maps, and O's where TMA can store it.
type Maps = (Arc<TmaDescriptors>, bool);
/// Tensor maps kept per configuration.
const MAPS_KEPT: usize = 8;

impl<E: AttentionElement> Flash<E> {
    /// The tensor maps of Q, K and V at these addresses for `p`, then O's where the
    /// kernel can store it by TMA: fixed lengths (a box of a packed sequence would
    /// reach the next one's rows), an address and strides in 16-byte multiples.
    fn descriptors(&self, st: &Arc<CudaStream>, p: &Problem, addrs: [u64; 4]) -> Result<Maps> {
        let a = &p.args;
        let key = (
            addrs,
            [
                a.batch,
                a.heads,
                a.kv_heads,
                a.seqlen_q,
                a.seqlen_k,
                a.varlen as usize,
                0,
                0,
            ],
            [p.q.strides, p.k.strides, p.v.strides, a.o_stride],
        );
        let mut maps = self.maps.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = maps.iter().position(|(k, _)| *k == key) {
            let hit = maps.remove(i);
            maps.insert(0, hit.clone());
            return Ok(hit.1);
        }
        let boxed = |what: &str, x: &Bshd, rows: usize, addr: u64| -> Result<_> {
            check_tma_address(what, addr)?;
            // A sequence of no rows is never read (no key block, no query block); TMA's
            // extents must be positive.
            let [b, s, h, _] = x.extents;
            let bx = (self.boxes)((b, s.max(1), h), x.strides, rows)
                .map_err(|e| Error::Operand(format!("{what}: TMA box: {e}")))?;
            encode_tiled(addr, &bx, E::DATA_TYPE)
        };
        let mut d = vec![
            boxed("Q", &p.q, BM, addrs[0])?,
            boxed("K", &p.k, self.cfg.tile.1, addrs[1])?,
            boxed("V", &p.v, self.cfg.tile.1, addrs[2])?,
        ];
        let o = Bshd {
            strides: a.o_stride,
            ..p.q
        };
        if a.varlen == 0
            && let Ok(m) = boxed("O", &o, 64, addrs[3])
        {
            d.push(m);
        }
        let maps_of = (Arc::new(TmaDescriptors::new(st, &d)?), d.len() == 4);
        maps.insert(0, (key, maps_of.clone()));
        maps.truncate(MAPS_KEPT);
        Ok(maps_of)
    }
}

/// The attention kernels loaded on one device (compute capability 9.0).
///
/// ```no_run
/// let ctx = cudarc::driver::CudaContext::new(0)?;
/// let a = cutlet_attention::Attention::new(&ctx)?;
/// println!("{:?}", a.configurations());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Attention {
    kernels: Vec<Box<dyn Any + Send + Sync>>,
    names: Vec<(&'static str, usize)>,
    /// The device's SMs: the persistent kernels' CTAs.
    sms: usize,
    /// Keeps the module loaded (the functions borrow it by handle).
    _module: Module,
}

impl Attention {
    /// Loads the kernels built into this crate on `ctx`'s device: errors name what is
    /// missing (PTX built without the toolchain, a device that is not compute
    /// capability 9.0).
    ///
    /// ```no_run
    /// match cutlet_attention::Attention::new(&cudarc::driver::CudaContext::new(0)?) {
    ///     Ok(_) => println!("ready"),
    ///     Err(e) => println!("error: {e}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(ctx: &Arc<CudaContext>) -> Result<Attention> {
        Attention::from_ptx(ctx, PTX_SM90A)
    }

    /// Loads the kernels from sm_90a PTX text.
    ///
    /// ```no_run
    /// let ctx = cudarc::driver::CudaContext::new(0)?;
    /// let ptx = std::fs::read_to_string("target/ptx/sm_90a/cutlet_kernels.ptx")?;
    /// let a = cutlet_attention::Attention::from_ptx(&ctx, &ptx)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_ptx(ctx: &Arc<CudaContext>, ptx: &str) -> Result<Attention> {
        // `Module::load` refuses PTX the device cannot run (sm_90a off compute
        // capability 9.0), naming both.
        let module = Module::load(ctx, ptx)?;
        let sms = ctx.attribute(
            cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
        )? as usize;
        struct Loader<'m> {
            module: &'m Module,
            kernels: Vec<Box<dyn Any + Send + Sync>>,
            names: Vec<(&'static str, usize)>,
            err: Option<Error>,
        }
        impl FlashVisitor for Loader<'_> {
            fn flash<C: FlashConfig>(
                &mut self,
                entry: cutlet_core::cuda::Kernel<FlashParams<C::Elem>>,
            ) {
                if self.err.is_some() {
                    return;
                }
                match self.module.function(entry) {
                    Ok(f) => {
                        let cfg = flash_config::<C>();
                        self.names.push((cfg.name, cfg.head_dim));
                        self.kernels.push(Box::new(Flash::<C::Elem> {
                            f,
                            cfg,
                            boxes: qkv_box::<C>,
                            maps: Mutex::new(Vec::new()),
                        }));
                    }
                    Err(e) => self.err = Some(e),
                }
            }
        }
        let mut l = Loader {
            module: &module,
            kernels: Vec::new(),
            names: Vec::new(),
            err: None,
        };
        for_each_flash(&mut l);
        if let Some(e) = l.err {
            return Err(e);
        }
        let (kernels, names) = (l.kernels, l.names);
        Ok(Attention {
            kernels,
            names,
            sms,
            _module: module,
        })
    }

    /// The loaded configurations: `(name, head_dim)`.
    ///
    /// ```no_run
    /// let a = cutlet_attention::Attention::new(&cudarc::driver::CudaContext::new(0)?)?;
    /// assert_eq!(a.configurations().len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn configurations(&self) -> &[(&'static str, usize)] {
        &self.names
    }

    /// [`attention_lse`] on these kernels, the log-sum-exp written where `lse` is given.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// use half::f16;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let a = cutlet_attention::Attention::new(stream.context())?;
    /// let l = layout!((1, 256, 2, 64):({256 * 128}, 128, 64, 1));
    /// let q = cutlet_cuda::DeviceTensor::<f16, _>::zeros(&stream, l)?;
    /// let mut o = cutlet_cuda::DeviceTensor::<f16, _>::zeros(&stream, l)?;
    /// let mut lse = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((1, 2, 256):(512, 256, 1)))?;
    /// a.run(&stream, &q, &q, &q, &mut o, Some(&mut lse), &Default::default())?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn run<E: AttentionElement, L: Layout>(
        &self,
        stream: &Arc<CudaStream>,
        q: &DeviceTensor<E, impl Layout>,
        k: &DeviceTensor<E, impl Layout>,
        v: &DeviceTensor<E, impl Layout>,
        o: &mut DeviceTensor<E, impl Layout>,
        lse: Option<&mut DeviceTensor<f32, L>>,
        opts: &AttentionOptions,
    ) -> Result<&'static str> {
        let p = problem(q.layout(), k.layout(), v.layout(), o.layout(), opts)?;
        let a = p.args;
        if let Some(l) = &lse {
            check_lse(l.layout(), &a)?;
        }
        self.launch(
            stream,
            &p,
            (q.buf(), k.buf(), v.buf()),
            o.buf_mut(),
            lse.map(|l| l.buf_mut()),
            None,
        )
    }

    /// [`attention_varlen_lse`] on these kernels, the log-sum-exp written where `lse`
    /// is given.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let a = cutlet_attention::Attention::new(stream.context())?;
    /// let l = layout!((300, 4, 128):(512, 128, 1));
    /// let q = cutlet_cuda::DeviceTensor::<half::bf16, _>::zeros(&stream, l)?;
    /// let mut o = cutlet_cuda::DeviceTensor::<half::bf16, _>::zeros(&stream, l)?;
    /// let mut lse = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((4, 300):(300, 1)))?;
    /// let cu = [0, 100, 300];
    /// a.run_varlen(&stream, &q, &q, &q, &mut o, Some(&mut lse), (&cu, &cu), &Default::default())?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn run_varlen<E: AttentionElement, L: Layout>(
        &self,
        stream: &Arc<CudaStream>,
        q: &DeviceTensor<E, impl Layout>,
        k: &DeviceTensor<E, impl Layout>,
        v: &DeviceTensor<E, impl Layout>,
        o: &mut DeviceTensor<E, impl Layout>,
        lse: Option<&mut DeviceTensor<f32, L>>,
        (cu_q, cu_k): (&[u32], &[u32]),
        opts: &AttentionOptions,
    ) -> Result<&'static str> {
        let p = problem_varlen(
            q.layout(),
            k.layout(),
            v.layout(),
            o.layout(),
            (cu_q, cu_k),
            opts,
        )?;
        if let Some(l) = &lse {
            check_lse_packed(l.layout(), &p.args)?;
        }
        let cu: Vec<u32> = cu_q.iter().chain(cu_k).copied().collect();
        self.launch(
            stream,
            &p,
            (q.buf(), k.buf(), v.buf()),
            o.buf_mut(),
            lse.map(|l| l.buf_mut()),
            Some(&cu),
        )
    }

    /// Launches problem `p` on buffers that hold what its layouts reach.
    fn launch<E: AttentionElement>(
        &self,
        stream: &Arc<CudaStream>,
        p: &Problem,
        (q, k, v): (&CudaSlice<E>, &CudaSlice<E>, &CudaSlice<E>),
        o: &mut CudaSlice<E>,
        lse: Option<&mut CudaSlice<f32>>,
        cu_seqlens: Option<&[u32]>,
    ) -> Result<&'static str> {
        let a = p.args;
        let flash = self
            .kernels
            .iter()
            .filter_map(|k| k.downcast_ref::<Flash<E>>())
            .find(|f| f.cfg.head_dim == p.head_dim)
            .ok_or_else(|| {
                Error::Operand(format!("no attention kernel of head_dim {}", p.head_dim))
            })?;
        if a.batch == 0 || a.heads == 0 || a.seqlen_q == 0 {
            return Ok(flash.cfg.name);
        }
        let addrs = [
            q.device_ptr(stream).0,
            k.device_ptr(stream).0,
            v.device_ptr(stream).0,
            o.device_ptr(stream).0,
        ];
        let (descs, o_tma) = flash.descriptors(stream, p, addrs)?;
        let a = FlashArgs {
            o_tma: u32::from(o_tma),
            ..a
        };
        let cu = cu_seqlens.map(|c| stream.clone_htod(c)).transpose()?;
        let cfg = flash.cfg.launch(&a, self.sms);
        // SAFETY: the maps describe Q's, K's, V's and (with `o_tma`) O's buffers (the
        // cache's key is their addresses, extents and strides), which hold what their
        // layouts reach (`DeviceTensor` checks the cosize), and `descs` is freed in
        // stream order after the kernel; TMA clips every box to the extents. The kernel
        // stores O's rows below each sequence's `seqlen_q` at `args.o_stride`, O's
        // layout, whose cosize its buffer holds, and the log-sum-exp at
        // `(batch, heads, rows_q)` compact (one batch with variable lengths), `lse`'s
        // layout (`check_lse`, `check_lse_packed`); `lse` and `cu` are device buffers
        // freed in stream order after the kernel (cudarc frees on the stream), `cu`
        // holds the `2 (batch + 1)` lengths `problem_varlen` checked. O is borrowed
        // mutably, so it aliases neither Q, K nor V.
        unsafe {
            flash
                .f
                .launch(stream, cfg, (a, &*descs, o, lse, cu.as_ref()))?
        };
        Ok(flash.cfg.name)
    }
}

/// The log-sum-exp's layout must be `(batch, heads, seqlen_q)` compact, row-major.
fn check_lse(l: impl Layout, a: &FlashArgs) -> Result<()> {
    let ok = rank(l).value() == 3 && depth(l).value() <= 1 && {
        let ext = [
            size(get::<0, _>(l)).value(),
            size(get::<1, _>(l)).value(),
            size(get::<2, _>(l)).value(),
        ];
        // The offsets of the unit coordinates: the strides (a leaf's size is its value).
        let s = [
            l.call((1isize, 0isize, 0isize)).size().value(),
            l.call((0isize, 1isize, 0isize)).size().value(),
            l.call((0isize, 0isize, 1isize)).size().value(),
        ];
        row_major(&ext, &s, &[a.batch, a.heads, a.seqlen_q])
    };
    lse_or(
        ok,
        l,
        "(batch, heads, seqlen_q)",
        &[a.batch, a.heads, a.seqlen_q],
    )
}

/// Variable-length attention's log-sum-exp must be `(heads, total_q)` compact,
/// row-major (FA's `softmax_lse` of `flash_attn_varlen_func`).
fn check_lse_packed(l: impl Layout, a: &FlashArgs) -> Result<()> {
    let ok = rank(l).value() == 2 && depth(l).value() <= 1 && {
        let ext = [size(get::<0, _>(l)).value(), size(get::<1, _>(l)).value()];
        let s = [
            l.call((1isize, 0isize)).size().value(),
            l.call((0isize, 1isize)).size().value(),
        ];
        row_major(&ext, &s, &[a.heads, a.rows_q])
    };
    lse_or(ok, l, "(heads, total_q)", &[a.heads, a.rows_q])
}

/// Whether extents `ext` and strides `s` are `want` compact and row-major (a mode of
/// one element may have any stride).
fn row_major(ext: &[isize], s: &[isize], want: &[usize]) -> bool {
    let mut stride = 1;
    let mut ok = ext.len() == want.len();
    for i in (0..want.len()).rev() {
        ok &= ext[i] as usize == want[i] && (want[i] <= 1 || s[i] as usize == stride);
        stride *= want[i];
    }
    ok
}

/// `Ok` where `ok`, else the error naming layout `l` and the one expected.
fn lse_or(ok: bool, l: impl Layout, modes: &str, want: &[usize]) -> Result<()> {
    if ok {
        return Ok(());
    }
    let strides: Vec<String> = (0..want.len())
        .map(|i| want[i + 1..].iter().product::<usize>().to_string())
        .collect();
    let ext: Vec<String> = want.iter().map(|x| x.to_string()).collect();
    Err(Error::Operand(format!(
        "log-sum-exp: layout {l}, expected {modes} compact, ({}):({})",
        ext.join(","),
        strides.join(",")
    )))
}

/// The [`Attention`] of `stream`'s context, loaded on first use and kept.
fn loaded(stream: &Arc<CudaStream>) -> Result<Arc<Attention>> {
    /// The kernels loaded per context (keyed by its handle).
    type Loaded = Mutex<Vec<(usize, Arc<Attention>)>>;
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    let ctx = stream.context();
    let key = ctx.cu_ctx() as usize;
    let mut loaded = LOADED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some((_, a)) = loaded.iter().find(|(k, _)| *k == key) {
        return Ok(a.clone());
    }
    let a = Arc::new(Attention::new(ctx)?);
    loaded.push((key, a.clone()));
    Ok(a)
}

/// `O = softmax(scale Q Kᵀ) V` on `stream` (see the crate docs); returns the name of
/// the kernel that ran.
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// use half::bf16;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let l = layout!((2, 300, 8, 64):({300 * 8 * 64}, {8 * 64}, 64, 1));
/// let q = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, l)?;
/// let mut o = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, l)?;
/// cutlet_attention::attention(&stream, &q, &q, &q, &mut o, &Default::default())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn attention<E: AttentionElement>(
    stream: &Arc<CudaStream>,
    q: &DeviceTensor<E, impl Layout>,
    k: &DeviceTensor<E, impl Layout>,
    v: &DeviceTensor<E, impl Layout>,
    o: &mut DeviceTensor<E, impl Layout>,
    opts: &AttentionOptions,
) -> Result<&'static str> {
    loaded(stream)?.run(
        stream,
        q,
        k,
        v,
        o,
        None::<&mut DeviceTensor<f32, NoLse>>,
        opts,
    )
}

/// The layout type of an absent log-sum-exp.
type NoLse = cutlet_core::layout::StridedLayout<(isize, isize, isize), (isize, isize, isize)>;

/// Variable-length attention (FA's `flash_attn_varlen_func`) on `stream`: Q and O
/// `(total_q, heads, head_dim)`, K and V `(total_k, kv_heads, head_dim)`, any strides with
/// `head_dim` contiguous, sequence `i` the rows `cu_seqlens_q[i]..cu_seqlens_q[i + 1]` of
/// Q (and of O) against `cu_seqlens_k[i]..cu_seqlens_k[i + 1]` of K and V; an empty
/// sequence is allowed. Returns the kernel's name.
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let l = layout!((1000, 8, 128):(1024, 128, 1));
/// let q = cutlet_cuda::DeviceTensor::<half::bf16, _>::zeros(&stream, l)?;
/// let mut o = cutlet_cuda::DeviceTensor::<half::bf16, _>::zeros(&stream, l)?;
/// let cu = [0, 10, 700, 700, 1000];
/// cutlet_attention::attention_varlen(&stream, &q, &q, &q, &mut o, (&cu, &cu), &Default::default())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn attention_varlen<E: AttentionElement>(
    stream: &Arc<CudaStream>,
    q: &DeviceTensor<E, impl Layout>,
    k: &DeviceTensor<E, impl Layout>,
    v: &DeviceTensor<E, impl Layout>,
    o: &mut DeviceTensor<E, impl Layout>,
    cu_seqlens: (&[u32], &[u32]),
    opts: &AttentionOptions,
) -> Result<&'static str> {
    loaded(stream)?.run_varlen(
        stream,
        q,
        k,
        v,
        o,
        None::<&mut DeviceTensor<f32, NoPackedLse>>,
        cu_seqlens,
        opts,
    )
}

/// The layout type of an absent packed log-sum-exp.
type NoPackedLse = cutlet_core::layout::StridedLayout<(isize, isize), (isize, isize)>;

/// [`attention_varlen`] that also writes the log-sum-exp of each row (as
/// [`attention_lse`]) to `lse`, laid out `(heads, total_q)` compact (FA's
/// `softmax_lse` of the varlen API): row `r` of Q is column `r`.
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let l = layout!((1000, 8, 128):(1024, 128, 1));
/// let q = cutlet_cuda::DeviceTensor::<half::bf16, _>::zeros(&stream, l)?;
/// let mut o = cutlet_cuda::DeviceTensor::<half::bf16, _>::zeros(&stream, l)?;
/// let mut lse = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((8, 1000):(1000, 1)))?;
/// let cu = [0, 10, 700, 700, 1000];
/// cutlet_attention::attention_varlen_lse(&stream, &q, &q, &q, &mut o, &mut lse, (&cu, &cu), &Default::default())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn attention_varlen_lse<E: AttentionElement>(
    stream: &Arc<CudaStream>,
    q: &DeviceTensor<E, impl Layout>,
    k: &DeviceTensor<E, impl Layout>,
    v: &DeviceTensor<E, impl Layout>,
    o: &mut DeviceTensor<E, impl Layout>,
    lse: &mut DeviceTensor<f32, impl Layout>,
    cu_seqlens: (&[u32], &[u32]),
    opts: &AttentionOptions,
) -> Result<&'static str> {
    loaded(stream)?.run_varlen(stream, q, k, v, o, Some(lse), cu_seqlens, opts)
}

/// [`attention`] that also writes the log-sum-exp of each row (natural log, of the
/// scaled scores; `+inf` for a row that sees no key) to `lse`, laid out
/// `(batch, heads, seqlen_q)` compact.
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// use half::bf16;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let (b, s, h) = (2, 300, 8);
/// let l = layout!((b, s, h, 64):({s * h * 64}, {h * 64}, 64, 1));
/// let q = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, l)?;
/// let mut o = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, l)?;
/// let mut lse = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((b, h, s):({h * s}, s, 1)))?;
/// cutlet_attention::attention_lse(&stream, &q, &q, &q, &mut o, &mut lse, &Default::default())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn attention_lse<E: AttentionElement>(
    stream: &Arc<CudaStream>,
    q: &DeviceTensor<E, impl Layout>,
    k: &DeviceTensor<E, impl Layout>,
    v: &DeviceTensor<E, impl Layout>,
    o: &mut DeviceTensor<E, impl Layout>,
    lse: &mut DeviceTensor<f32, impl Layout>,
    opts: &AttentionOptions,
) -> Result<&'static str> {
    loaded(stream)?.run(stream, q, k, v, o, Some(lse), opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    include!("entries.rs");

    /// The build script's entries are the registry's attention configurations.
    #[test]
    fn the_built_entries_are_the_registrys() {
        struct Names(Vec<String>);
        impl FlashVisitor for Names {
            fn flash<C: FlashConfig>(
                &mut self,
                e: cutlet_core::cuda::Kernel<FlashParams<C::Elem>>,
            ) {
                self.0.push(e.name().to_string());
            }
        }
        let mut n = Names(Vec::new());
        for_each_flash(&mut n);
        assert_eq!(n.0, ENTRIES);
    }

    /// `problem` on generated shapes: BSHD and BHSD operands of every head dimension and
    /// kv-head divisor give the kernel's arguments; a changed extent is an error naming it.
    #[test]
    fn problems_read_off_generated_layouts() {
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for _ in 0..200 {
            let (b, sq, sk) = (1 + next(4), 1 + next(3000), 1 + next(3000));
            let hk = 1 + next(4);
            let h = hk * (1 + next(4));
            let d = [64, 128, 256][next(3)];
            let (bq, bk) = (next(2) == 1, next(2) == 1);
            let st = |s: usize, h: usize, bhsd: bool| {
                if bhsd {
                    [h * s * d, d, s * d]
                } else {
                    [s * h * d, h * d, d]
                }
            };
            let (qs, ks) = (st(sq, h, bq), st(sk, hk, bk));
            let q = layout!((b, sq, h, d):({qs[0]}, {qs[1]}, {qs[2]}, 1));
            let k = layout!((b, sk, hk, d):({ks[0]}, {ks[1]}, {ks[2]}, 1));
            let causal = next(2) == 1;
            let opts = AttentionOptions {
                causal,
                softmax_scale: None,
            };
            let p = problem(q, k, k, q, &opts).unwrap();
            assert_eq!(
                (
                    p.args.batch,
                    p.args.heads,
                    p.args.kv_heads,
                    p.args.seqlen_q,
                    p.args.seqlen_k
                ),
                (b, h, hk, sq, sk)
            );
            assert_eq!((p.head_dim, p.args.o_stride, p.k.strides), (d, qs, ks));
            assert_eq!(p.args.causal, u32::from(causal));
            let want = (1.0 / (d as f32).sqrt()) * std::f32::consts::LOG2_E;
            assert!((p.args.scale_log2 - want).abs() < 1e-6);
            // V one key longer than K.
            let v = layout!((b, {sk + 1}, hk, d):({ks[0]}, {ks[1]}, {ks[2]}, 1));
            assert_eq!(
                problem(q, k, v, q, &opts).unwrap_err(),
                Error::Extent {
                    what: "V's extents (K's): seqlen".into(),
                    expected: sk,
                    got: sk + 1
                }
            );
            // O with another batch.
            let o = layout!(({b + 1}, sq, h, d):({qs[0]}, {qs[1]}, {qs[2]}, 1));
            assert_eq!(
                problem(q, k, k, o, &opts).unwrap_err(),
                Error::Extent {
                    what: "batch of O (Q's)".into(),
                    expected: b,
                    got: b + 1
                }
            );
        }
    }

    /// Layouts the kernel cannot read are errors naming them.
    #[test]
    fn unreadable_layouts_are_named() {
        let e = |l| Bshd::of("Q", l).unwrap_err().to_string();
        assert_eq!(
            e(layout!(({2}, {10}, {4}, {64}):({2560}, {260}, {65}, 1))),
            "Q: layout (2,10,4,64):(2560,260,65,_1): the stride of seqlen (260) is not a whole number of 16 bytes (TMA)"
        );
        let lse = layout!((2, 4, 10):(40, 10, 1));
        let a = FlashArgs::new((2, 4, 4), (10, 10), 64, false);
        assert!(check_lse(lse, &a).is_ok());
        assert_eq!(
            check_lse(layout!((2, 4, 10):(1, 2, 8)), &a)
                .unwrap_err()
                .to_string(),
            "log-sum-exp: layout (_2,_4,_10):(_1,_2,_8), expected (batch, heads, seqlen_q) compact, (2,4,10):(40,10,1)"
        );
        let q = layout!((300, 4, 64):(256, 64, 1));
        let cu = [0, 100, 300];
        let v = problem_varlen(q, q, q, q, (&cu, &cu), &AttentionOptions::default())
            .unwrap()
            .args;
        assert!(check_lse_packed(layout!((4, 300):(300, 1)), &v).is_ok());
        assert!(check_lse_packed(layout!(({4}, {300}):({300}, 1)), &v).is_ok());
        assert_eq!(
            check_lse_packed(layout!((4, 300):(1, 4)), &v)
                .unwrap_err()
                .to_string(),
            "log-sum-exp: layout (_4,_300):(_1,_4), expected (heads, total_q) compact, (4,300):(300,1)"
        );
        assert_eq!(
            check_lse_packed(layout!((4, 200):(200, 1)), &v)
                .unwrap_err()
                .to_string(),
            "log-sum-exp: layout (_4,_200):(_200,_1), expected (heads, total_q) compact, (4,300):(300,1)"
        );
    }

    /// More tiles than the kernel's 32-bit tile indices reach is an error naming them.
    #[test]
    fn too_many_tiles_are_named() {
        let (b, s, h) = (4096isize, 1isize << 20, 1024isize);
        let l = layout!(({b}, {s}, {h}, 64):({s * h * 64}, {h * 64}, 64, 1));
        assert_eq!(
            problem(l, l, l, l, &AttentionOptions::default())
                .unwrap_err()
                .to_string(),
            "query tiles (34359738368: 8192 rows of 128 x 1024 heads x 4096 sequences) above 2147483647"
        );
        let l = layout!((16, {s}, {h}, 64):({s * h * 64}, {h * 64}, 64, 1));
        assert!(problem(l, l, l, l, &AttentionOptions::default()).is_ok());
    }
}
