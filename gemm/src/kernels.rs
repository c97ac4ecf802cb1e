//! Every GEMM kernel of the registry (`cutlet_kernels::registry`) on the device, one
//! handle per configuration: [`TiledGemm`] for the per-tile kernels (SM80 tensor cores,
//! SIMT) and [`HopperGemm`] for the persistent Hopper ones (their co-resident CTAs from
//! the driver, and the tensor maps of the operands they last ran on). Each launches on
//! raw buffers after checking that they hold what the problem reaches.

use crate::KSplit;
use crate::Result;
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DeviceRepr};
use cutlet_core::cuda::{Kernel, TmaBox, TmaError};
use cutlet_core::tfloat32::tf32;
use cutlet_cuda::{
    Error, Function, Module, TmaDescriptors, TmaElement, check_tma_address, encode_tiled,
};
use cutlet_kernels::gemm::{GemmArgs, GemmConfig};
use cutlet_kernels::gemm_sm80::{Sm80Config, gemm_config};
use cutlet_kernels::gemm_sm90::{
    SCALE_BLOCK, ScaleStrides, Sm90Config, schedule_len, sm90_config, tma_boxes,
};
use cutlet_kernels::registry::{GemmVisitor, Sm90Params, TiledParams, for_each_gemm};
use cutlet_kernels::sgemm::{SimtConfig, sgemm_config};
use std::any::Any;
use std::sync::{Arc, Mutex, OnceLock};

/// A per-tile GEMM configuration on the device (SM80 tensor cores or SIMT): its entry
/// and its [`GemmConfig`].
pub struct TiledGemm<E, O> {
    f: Function<TiledParams<E, O>>,
    cfg: GemmConfig,
}

impl<E: DeviceRepr, O: DeviceRepr> TiledGemm<E, O> {
    /// The configuration.
    pub fn config(&self) -> &GemmConfig {
        &self.cfg
    }

    /// `C = alpha A Bᵀ + beta C` for `p` on buffers at this configuration's majors, after
    /// checking that each holds what `p` reaches.
    pub fn run(
        &self,
        st: &CudaStream,
        p: &GemmArgs,
        a: &CudaSlice<E>,
        b: &CudaSlice<E>,
        c: &mut CudaSlice<O>,
    ) -> Result<()> {
        check_buffers(&self.cfg, p, a.len(), b.len(), c.len())?;
        if p.l > MAX_GRID_Z {
            return Err(Error::Operand(format!(
                "{}: a batch of {} entries (a per-tile kernel's grid takes at most {MAX_GRID_Z})",
                self.cfg.name, p.l
            )));
        }
        // SAFETY: the buffers hold A (m, k) and B (n, k) at this configuration's majors
        // with lda and ldb, and C (m, n) column-major at ldc, each entry of the batch
        // `stride_l` on (`check_buffers`); the kernel predicates every access to them. C is
        // borrowed mutably, so it aliases neither.
        unsafe { self.f.launch(st, self.cfg.launch_tiles(p), (*p, a, b, c))? };
        Ok(())
    }
}

/// `tma_boxes` of a configuration: the TMA boxes of A, B and C (none for a row-major C).
type Boxes = fn(&GemmArgs) -> core::result::Result<(TmaBox, TmaBox, Option<TmaBox>), TmaError>;

/// What a configuration's tensor maps depend on: the three addresses, the problem's
/// extents, leading dimensions, batch entries and their strides, and C's major.
type MapKey = ([u64; 3], [usize; 10], bool);

/// The most blocks a grid's z extent has (CUDA's limit): the most batch entries of a
/// per-tile launch.
const MAX_GRID_Z: usize = 65535;

/// Operand sets whose maps a configuration keeps.
const MAPS_KEPT: usize = 8;

/// A split reduction's partial tiles and arrival counters ([`KSplit`]) on one stream:
/// launches on one stream run in order, so they share it; the counters start at zero
/// and every launch leaves them so.
struct Workspace {
    stream: usize,
    partials: CudaSlice<f32>,
    counters: CudaSlice<u32>,
}

/// A Hopper configuration on the device: its entry, its [`GemmConfig`], its TMA boxes,
/// how many of its CTAs run at once (the persistent grid) and the tensor maps of the
/// last operands, most recent first (CUTLASS's `GemmUniversalAdapter::initialize` once,
/// `run` many times: encoding and uploading them per call would cost more than a 1024³
/// product).
pub struct HopperGemm<E, O> {
    f: Function<Sm90Params<O>>,
    cfg: GemmConfig,
    boxes: Boxes,
    /// The device's SMs, and how many CTAs of this kernel run at once (asked of the
    /// driver once the kernel is first used: asking compiles it).
    sms: usize,
    ctas: OnceLock<usize>,
    /// `None`: TMA cannot reach these operands.
    maps: Mutex<Vec<(MapKey, Option<Arc<TmaDescriptors>>)>>,
    /// One per stream this configuration split a reduction on.
    workspaces: Mutex<Vec<Workspace>>,
    _elem: std::marker::PhantomData<fn(E)>,
}

impl<E: TmaElement, O: TmaElement> HopperGemm<E, O> {
    /// The configuration.
    pub fn config(&self) -> &GemmConfig {
        &self.cfg
    }

    /// CTAs of this kernel that run at once on the device (its persistent grid).
    pub fn ctas(&self, st: &CudaStream) -> Result<usize> {
        if let Some(&c) = self.ctas.get() {
            return Ok(c);
        }
        // A problem with more tiles than SMs: the grid is the SMs, in whole clusters.
        let c = self
            .f
            .max_active_blocks(st, self.cfg.launch(1 << 16, 1 << 16, self.sms))?;
        Ok(*self.ctas.get_or_init(|| c))
    }

    /// The tensor maps of these operands for `p`: kept ones, or newly encoded and
    /// uploaded; `None` where TMA cannot reach them (a leading dimension that is not a
    /// whole number of 16 bytes, a misaligned buffer).
    fn descriptors(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        (pa, pb, pc): (u64, u64, u64),
    ) -> Result<Option<Arc<TmaDescriptors>>> {
        let key = (
            [pa, pb, pc],
            [
                p.m,
                p.n,
                p.k,
                p.lda,
                p.ldb,
                p.ldc,
                p.l,
                p.stride_l[0],
                p.stride_l[1],
                p.stride_l[2],
            ],
            p.c_row_major,
        );
        let mut maps = self.maps.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = maps.iter().position(|(k, _)| *k == key) {
            let hit = maps.remove(i);
            maps.insert(0, hit.clone());
            return Ok(hit.1);
        }
        let aligned = [pa, pb, pc]
            .iter()
            .all(|&x| check_tma_address("operand", x).is_ok());
        let d = match (self.boxes)(p) {
            Ok((ba, bb, bc)) if aligned => {
                let ma = encode_tiled(pa, &ba, E::DATA_TYPE)?;
                // A row-major C is stored from registers: its slot holds A's map.
                let mc = match bc {
                    Some(bc) => encode_tiled(pc, &bc, O::DATA_TYPE)?,
                    None => ma,
                };
                let m = [ma, encode_tiled(pb, &bb, E::DATA_TYPE)?, mc];
                Some(Arc::new(TmaDescriptors::new(st, &m)?))
            }
            _ => None,
        };
        maps.insert(0, (key, d.clone()));
        maps.truncate(MAPS_KEPT);
        Ok(d)
    }

    /// The split of the reduction this configuration runs `p` with on the device
    /// ([`k_split`](crate::k_split) of its co-resident CTAs).
    pub fn split(&self, st: &CudaStream, p: &GemmArgs) -> Result<KSplit> {
        Ok(crate::k_split(
            &self.cfg,
            p.m,
            p.n,
            p.k,
            p.l,
            self.ctas(st)?,
        ))
    }

    /// `C = alpha A Bᵀ + beta C` for `p` on buffers at this configuration's majors, after
    /// checking that each holds what `p` reaches, the reduction split as
    /// [`split`](Self::split) says: `false` (and nothing run) where TMA cannot reach the
    /// operands.
    pub fn try_run(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        a: &CudaSlice<E>,
        b: &CudaSlice<E>,
        c: &mut CudaSlice<O>,
    ) -> Result<bool> {
        self.try_run_split(st, p, self.split(st, p)?, (a, b, c))
    }

    /// [`try_run`](Self::try_run) with the reduction split as `split` says (the
    /// benchmark's sweep of splits).
    pub fn try_run_split(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        split: KSplit,
        operands: (&CudaSlice<E>, &CudaSlice<E>, &mut CudaSlice<O>),
    ) -> Result<bool> {
        self.launch(st, p, split, operands, None)
    }

    /// [`try_run`](Self::try_run) for a block-scaled configuration
    /// ([`GemmConfig::block_scaled`]), with A's and B's scales.
    pub fn try_run_block_scaled(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        operands: (&CudaSlice<E>, &CudaSlice<E>, &mut CudaSlice<O>),
        scales: Scales<'_>,
    ) -> Result<bool> {
        self.launch(st, p, self.split(st, p)?, operands, Some(scales))
    }

    /// Launches on `p` after checking the buffers (and the scales, which a block-scaled
    /// configuration needs and no other takes).
    fn launch(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        split: KSplit,
        (a, b, c): (&CudaSlice<E>, &CudaSlice<E>, &mut CudaSlice<O>),
        scales: Option<Scales<'_>>,
    ) -> Result<bool> {
        check_buffers(&self.cfg, p, a.len(), b.len(), c.len())?;
        let strides = check_scales(&self.cfg, p, scales.as_ref())?;
        if split.splits == 0 {
            return Err(Error::Operand(format!(
                "{}: a split into 0 parts",
                self.cfg.name
            )));
        }
        let ctas = self.ctas(st)?;
        let addrs = (a.device_ptr(st).0, b.device_ptr(st).0, c.device_ptr(st).0);
        let Some(descs) = self.descriptors(st, p, addrs)? else {
            return Ok(false);
        };
        // The schedule's indices, split or not, are 32-bit in the kernel.
        let len = schedule_len(&self.cfg, p.m, p.n) * p.l;
        if split.units(len) > u32::MAX as usize {
            return Ok(false);
        }
        let need = split.workspace(len, &self.cfg);
        let mut spaces = self.workspaces.lock().unwrap_or_else(|e| e.into_inner());
        let ws = workspace(&mut spaces, st, need)?;
        // SAFETY: the maps describe these buffers (the cache's key is their addresses and
        // `p`'s extents and strides), which hold what `p` reaches (`check_buffers`), and
        // `descs` is freed in stream order after the kernel; TMA clips every box to the
        // extents, and the kernel predicates its register stores of C to (m, n). C is
        // borrowed mutably, so it aliases neither A nor B. The workspace holds what
        // `split` needs, its counters zero (each launch on this stream leaves them so).
        // The scales hold what their strides reach (`check_scales`); only a block-scaled
        // kernel reads them.
        unsafe {
            self.f.launch(
                st,
                split.launch(&self.cfg, p, ctas),
                (
                    *p,
                    &*descs,
                    &mut *c,
                    split,
                    &mut ws.partials,
                    &mut ws.counters,
                    scales.map(|s| s.sfa),
                    scales.map(|s| s.sfb),
                    strides,
                ),
            )?
        };
        Ok(true)
    }

    /// As [`try_run`](Self::try_run), with operands TMA cannot reach an error naming them.
    pub fn run(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        a: &CudaSlice<E>,
        b: &CudaSlice<E>,
        c: &mut CudaSlice<O>,
    ) -> Result<()> {
        if self.try_run(st, p, a, b, c)? {
            Ok(())
        } else {
            Err(Error::Operand(format!(
                "{}: TMA cannot reach these operands ({p:?}: leading dimensions must be \
                 whole numbers of 16 bytes, buffers 16-byte aligned)",
                self.cfg.name
            )))
        }
    }
}

/// This stream's workspace from `spaces`, grown (and its counters zeroed) to hold at
/// least `(partials, counters)` elements.
fn workspace<'w>(
    spaces: &'w mut Vec<Workspace>,
    st: &Arc<CudaStream>,
    (partials, counters): (usize, usize),
) -> Result<&'w mut Workspace> {
    let key = st.cu_stream() as usize;
    let i = match spaces.iter().position(|w| w.stream == key) {
        Some(i) => i,
        None => {
            spaces.push(Workspace {
                stream: key,
                partials: st.alloc_zeros(1)?,
                counters: st.alloc_zeros(1)?,
            });
            spaces.len() - 1
        }
    };
    let w = &mut spaces[i];
    if w.partials.len() < partials {
        w.partials = st.alloc_zeros(partials)?;
    }
    if w.counters.len() < counters {
        w.counters = st.alloc_zeros(counters)?;
    }
    Ok(w)
}

/// A loaded configuration of either kind, for the kernels of one pair of element types.
pub enum KernelRef<'g, E, O> {
    /// A per-tile kernel (SM80 or SIMT).
    Tiled(&'g TiledGemm<E, O>),
    /// A Hopper kernel.
    Hopper(&'g HopperGemm<E, O>),
}

impl<E: TmaElement, O: TmaElement> KernelRef<'_, E, O> {
    /// The configuration.
    pub fn config(&self) -> &GemmConfig {
        match self {
            KernelRef::Tiled(k) => k.config(),
            KernelRef::Hopper(k) => k.config(),
        }
    }

    /// Runs the kernel on `p` (see [`TiledGemm::run`], [`HopperGemm::run`]).
    pub fn run(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        a: &CudaSlice<E>,
        b: &CudaSlice<E>,
        c: &mut CudaSlice<O>,
    ) -> Result<()> {
        match self {
            KernelRef::Tiled(k) => k.run(st, p, a, b, c),
            KernelRef::Hopper(k) => k.run(st, p, a, b, c),
        }
    }
}

/// A block-scaled FP8 product's scales ([`cutlet_kernels::gemm_sm90::BlockScales`]):
/// A's `(m, ⌈k/128⌉)` and B's `(⌈n/128⌉, ⌈k/128⌉)` at their strides.
#[derive(Clone, Copy, Debug)]
pub struct Scales<'x> {
    /// A's scales.
    pub sfa: &'x CudaSlice<f32>,
    /// B's scales.
    pub sfb: &'x CudaSlice<f32>,
    /// Their strides.
    pub strides: ScaleStrides,
}

/// The strides the launch passes: `scales`' where `cfg` is block-scaled and they hold
/// what `p` reaches; an error where the two disagree (scales for a kernel that takes
/// none, or none for one that needs them) or a buffer is short.
fn check_scales(
    cfg: &GemmConfig,
    p: &GemmArgs,
    scales: Option<&Scales<'_>>,
) -> Result<ScaleStrides> {
    if cfg.block_scaled && p.l != 1 {
        return Err(Error::Operand(format!(
            "{}: a block-scaled product is not batched ({} entries)",
            cfg.name, p.l
        )));
    }
    let s = match (cfg.block_scaled, scales) {
        (false, None) => return Ok(ScaleStrides::default()),
        (true, Some(s)) => s,
        (scaled, _) => {
            return Err(Error::Operand(format!(
                "{}: {}",
                cfg.name,
                if scaled {
                    "a block-scaled kernel needs A's and B's scales"
                } else {
                    "this kernel takes no block-wise scales"
                }
            )));
        }
    };
    let kb = p.k.div_ceil(SCALE_BLOCK);
    let scale = |what: &str, len: usize, rows: usize, [s0, s1]: [usize; 2]| {
        let need = if rows == 0 || kb == 0 {
            0
        } else {
            (rows - 1) * s0 + (kb - 1) * s1 + 1
        };
        short(what, len, format!("({rows},{kb}):({s0},{s1})"), need)
    };
    scale("scale_a", s.sfa.len(), p.m, s.strides.sfa)?;
    scale(
        "scale_b",
        s.sfb.len(),
        p.n.div_ceil(SCALE_BLOCK),
        s.strides.sfb,
    )?;
    Ok(s.strides)
}

/// Elements an operand of `rows` rows reaches at its major with leading dimension `ld`,
/// or the error naming it where `ld` is shorter than its contiguous extent.
fn reach(what: &str, rows: usize, k: usize, kmajor: bool, ld: usize) -> Result<usize> {
    let (contiguous, lines) = if kmajor { (k, rows) } else { (rows, k) };
    if ld < contiguous {
        return Err(Error::Extent {
            what: format!("leading dimension of {what} (at least its contiguous extent)"),
            expected: contiguous,
            got: ld,
        });
    }
    Ok(if rows == 0 || k == 0 {
        0
    } else {
        (lines - 1) * ld + contiguous
    })
}

/// Elements of `l` batch entries of `entry` elements each, `stride` apart.
fn entries(entry: usize, l: usize, stride: usize) -> usize {
    if entry == 0 || l == 0 {
        0
    } else {
        (l - 1) * stride + entry
    }
}

/// Checks that A, B and C's buffers hold what problem `p` reaches at `cfg`'s majors (each
/// of its `l` entries), and that the kernel takes C's major.
fn check_buffers(cfg: &GemmConfig, p: &GemmArgs, a: usize, b: usize, c: usize) -> Result<()> {
    if p.c_row_major && !cfg.stores_rows() {
        return Err(Error::Operand(format!(
            "{}: C must be column-major (this kernel stores no other)",
            cfg.name
        )));
    }
    // A batch's layout: the entry's modes, and `,l:stride` after them.
    let batch = |modes: String, strides: String, s: usize| {
        if p.l == 1 {
            format!("({modes}):({strides})")
        } else {
            format!("({modes},{}):({strides},{s})", p.l)
        }
    };
    let [la, lb, lc] = p.stride_l;
    let operand = |what: &str, len: usize, rows: usize, kmajor: bool, ld: usize, s: usize| {
        let need = entries(reach(what, rows, p.k, kmajor, ld)?, p.l, s);
        let strides = if kmajor {
            format!("{ld},_1")
        } else {
            format!("_1,{ld}")
        };
        short(
            what,
            len,
            batch(format!("{rows},{}", p.k), strides, s),
            need,
        )
    };
    operand("A", a, p.m, cfg.a_kmajor, p.lda, la)?;
    operand("B", b, p.n, cfg.b_kmajor, p.ldb, lb)?;
    // C is `(m, n)` column-major: n columns of m elements, `ldc` apart (row-major: m
    // rows of n).
    let entry = reach("C", p.m, p.n, p.c_row_major, p.ldc)?;
    // C's entries must not share elements: each is written by its own tiles.
    if p.l > 1 && entry > 0 && lc < entry {
        return Err(Error::Operand(format!(
            "C: batch entries {lc} elements apart overlap (each spans {entry}: the L stride \
             must be at least that)"
        )));
    }
    let need = entries(entry, p.l, lc);
    let strides = if p.c_row_major {
        format!("{},_1", p.ldc)
    } else {
        format!("_1,{}", p.ldc)
    };
    short("C", c, batch(format!("{},{}", p.m, p.n), strides, lc), need)
}

fn short(what: &str, len: usize, layout: String, cosize: usize) -> Result<()> {
    if len < cosize {
        return Err(Error::TooShort {
            what: what.into(),
            len,
            layout,
            cosize,
        });
    }
    Ok(())
}

/// One loaded configuration, its handle behind `Any` (each has its own element types).
pub(crate) enum Loaded {
    Tiled(Box<dyn Any + Send + Sync>),
    Hopper(Box<dyn Any + Send + Sync>),
}

impl Loaded {
    /// The handle, if its element types are `E` and `O`.
    pub(crate) fn get<E: 'static, O: 'static>(&self) -> Option<KernelRef<'_, E, O>> {
        match self {
            Loaded::Tiled(k) => k.downcast_ref().map(KernelRef::Tiled),
            Loaded::Hopper(k) => k.downcast_ref().map(KernelRef::Hopper),
        }
    }
}

/// Loads every configuration of the registry: the per-tile ones from `tiled`, the
/// Hopper ones from `hopper` (with the SM count their grids need) if given.
pub(crate) fn load_all(tiled: &Module, hopper: Option<(&Module, usize)>) -> Result<Vec<Loaded>> {
    struct Loader<'m> {
        tiled: &'m Module,
        hopper: Option<(&'m Module, usize)>,
        out: Result<Vec<Loaded>>,
    }
    impl Loader<'_> {
        fn push(&mut self, k: impl FnOnce(&Self) -> Result<Option<Loaded>>) {
            if self.out.is_ok() {
                match k(self) {
                    Ok(Some(l)) => self.out.as_mut().unwrap().push(l),
                    Ok(None) => {}
                    Err(e) => self.out = Err(e),
                }
            }
        }
        fn tiled<E: 'static, O: 'static>(
            &mut self,
            entry: Kernel<TiledParams<E, O>>,
            cfg: GemmConfig,
        ) {
            self.push(|l| {
                debug_assert_eq!(entry.name().strip_prefix("cutlet_"), Some(cfg.name));
                let f = l.tiled.function(entry)?;
                Ok(Some(Loaded::Tiled(Box::new(TiledGemm { f, cfg }))))
            });
        }
    }
    impl GemmVisitor for Loader<'_> {
        fn sm80<C: Sm80Config>(&mut self, entry: Kernel<TiledParams<C::Elem, C::Out>>) {
            self.tiled(entry, gemm_config::<C>());
        }
        fn sm90<C: Sm90Config>(&mut self, entry: Kernel<Sm90Params<C::Out>>) {
            self.push(|l| {
                let Some((m, sms)) = l.hopper else {
                    return Ok(None);
                };
                let (f, cfg) = (m.function(entry)?, sm90_config::<C>());
                Ok(Some(Loaded::Hopper(Box::new(HopperGemm::<
                    C::Elem,
                    C::Out,
                > {
                    f,
                    cfg,
                    boxes: tma_boxes::<C>,
                    sms,
                    ctas: OnceLock::new(),
                    maps: Mutex::new(Vec::new()),
                    workspaces: Mutex::new(Vec::new()),
                    _elem: std::marker::PhantomData,
                }))))
            });
        }
        fn simt<C: SimtConfig>(&mut self, entry: Kernel<TiledParams<f32, f32>>) {
            self.tiled(entry, sgemm_config::<C>());
            // tf32 operands the TF32 tensor cores cannot take (MN-major, or off Hopper)
            // run the exact-FP32 kernel on their storage: a `tf32` is an `f32`'s bits.
            let tf32 = Kernel::<TiledParams<tf32, f32>>::new(entry.name());
            self.tiled(tf32, sgemm_config::<C>());
        }
    }
    let mut l = Loader {
        tiled,
        hopper,
        out: Ok(Vec::new()),
    };
    for_each_gemm(&mut l);
    l.out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On generated problems at every pair of majors, batched or not: buffers of exactly
    /// what the operands reach pass, one element fewer in any of them is an error naming
    /// it, and C's entries closer than one entry's span are an error.
    #[test]
    fn buffers_that_hold_what_the_problem_reaches_pass() {
        let mut seed = 3u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for _ in 0..500 {
            let (m, n, k) = (1 + next(300), 1 + next(300), 1 + next(300));
            let (ak, bk) = (next(2) == 1, next(2) == 1);
            let mut pad = |x: usize| x + next(3) * 8;
            let (lda, ldb, ldc) = (
                pad(if ak { k } else { m }),
                pad(if bk { k } else { n }),
                pad(m),
            );
            let mut p = GemmArgs {
                lda,
                ldb,
                ldc,
                ..GemmArgs::new(m, n, k)
            };
            let mut cfg =
                cutlet_kernels::gemm_sm80::gemm_config::<cutlet_kernels::registry::sm80::TnBf16>();
            cfg.a_kmajor = ak;
            cfg.b_kmajor = bk;
            let a = if ak {
                (m - 1) * lda + k
            } else {
                (k - 1) * lda + m
            };
            let b = if bk {
                (n - 1) * ldb + k
            } else {
                (k - 1) * ldb + n
            };
            let c = (n - 1) * ldc + m;
            // A batch: each entry a span and a gap past the one before (A and B may share
            // theirs, stride 0).
            p.l = 1 + next(3);
            let (share_a, share_b) = (next(4) == 0, next(4) == 0);
            let mut stride = |span: usize, shared: bool| match (p.l, shared) {
                (1, _) => 0,
                (_, true) => 0,
                _ => span + next(5),
            };
            p.stride_l = [stride(a, share_a), stride(b, share_b), stride(c, false)];
            let batch = |span: usize, s: usize| (p.l - 1) * s + span;
            let (a, b, c) = (
                batch(a, p.stride_l[0]),
                batch(b, p.stride_l[1]),
                batch(c, p.stride_l[2]),
            );
            assert!(check_buffers(&cfg, &p, a, b, c).is_ok(), "{p:?} {ak} {bk}");
            if p.l > 1 {
                let close = GemmArgs {
                    stride_l: [p.stride_l[0], p.stride_l[1], (n - 1) * ldc + m - 1],
                    ..p
                };
                let e = check_buffers(&cfg, &close, a, b, c).unwrap_err();
                assert!(e.to_string().contains("overlap"), "{e}");
            }
            for (what, (la, lb, lc)) in [
                ("A", (a - 1, b, c)),
                ("B", (a, b - 1, c)),
                ("C", (a, b, c - 1)),
            ] {
                let e = check_buffers(&cfg, &p, la, lb, lc).unwrap_err();
                assert!(
                    matches!(&e, Error::TooShort { what: w, .. } if w == what),
                    "{e}"
                );
            }
        }
    }
}
