//! A Hopper configuration on the device: its entry, its persistent grid (co-resident
//! CTAs, from the driver) and the tensor maps of the operands it last ran on.

use crate::Result;
use cudarc::driver::CudaStream;
use cutlet_core::cuda::{TmaBox, TmaDescriptor, TmaError};
use cutlet_cuda::Module;
use cutlet_cuda::{Function, TmaDescriptors};
use cutlet_kernels::gemm_sm80::GemmArgs;
use cutlet_kernels::gemm_sm90::{self, Sm90GemmConfig};
use std::sync::{Arc, Mutex};

/// `gemm_sm90::tma_boxes` of a configuration: the TMA boxes of A, B and C.
type Boxes = fn(&GemmArgs) -> core::result::Result<(TmaBox, TmaBox, TmaBox), TmaError>;

/// A Hopper entry `(args, tensor maps, c)`, its configuration and how many of its CTAs
/// run at once (the persistent grid).
pub struct Hopper<O> {
    pub f: Function<(GemmArgs, *const TmaDescriptor, *mut O)>,
    pub cfg: Sm90GemmConfig,
    pub boxes: Boxes,
    pub ctas: usize,
    /// The tensor maps of the last operands, most recent first (CUTLASS's
    /// `GemmUniversalAdapter::initialize` once, `run` many times): encoding and uploading
    /// them per call (the boxes walk the shared-memory tiles) would cost more than a
    /// 1024³ product. `None`: TMA cannot reach these operands.
    maps: Mutex<Vec<(MapKey, Option<Arc<TmaDescriptors>>)>>,
}

/// What a configuration's tensor maps depend on: the three addresses and the problem's
/// extents and leading dimensions.
type MapKey = ([u64; 3], [usize; 6]);

/// Operand sets whose maps a configuration keeps.
const MAPS_KEPT: usize = 8;

impl<O> Hopper<O> {
    /// Configuration `C`'s entry `k` of module `m`, with its co-resident CTAs on a GPU of
    /// `sms` SMs.
    pub fn load<C: gemm_sm90::Sm90Config<Out = O>>(
        m: &Module,
        st: &CudaStream,
        sms: usize,
        k: cutlet_core::cuda::Kernel<(GemmArgs, *const TmaDescriptor, *mut O)>,
    ) -> Result<Self> {
        let (f, cfg) = (m.function(k)?, gemm_sm90::sm90_config::<C>());
        debug_assert_eq!(k.name().strip_prefix("cutlet_"), Some(cfg.name));
        // A problem with more tiles than SMs: the grid is the SMs, in whole clusters.
        let ctas = f.max_active_blocks(st, cfg.launch(1 << 16, 1 << 16, sms))?;
        Ok(Hopper {
            f,
            cfg,
            boxes: gemm_sm90::tma_boxes::<C>,
            ctas,
            maps: Mutex::new(Vec::new()),
        })
    }

    /// The tensor maps of operands at `addrs` for `p`: kept ones, or `encode`'s, uploaded
    /// (`None` where TMA cannot reach the operands).
    pub fn descriptors(
        &self,
        addrs: (u64, u64, u64),
        p: &GemmArgs,
        st: &Arc<CudaStream>,
        encode: impl FnOnce() -> Result<Option<[TmaDescriptor; 3]>>,
    ) -> Result<Option<Arc<TmaDescriptors>>> {
        let key = (
            [addrs.0, addrs.1, addrs.2],
            [p.m, p.n, p.k, p.lda, p.ldb, p.ldc],
        );
        let mut maps = self.maps.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = maps.iter().position(|(k, _)| *k == key) {
            let hit = maps.remove(i);
            maps.insert(0, hit.clone());
            return Ok(hit.1);
        }
        let d = match encode()? {
            Some(m) => Some(Arc::new(TmaDescriptors::new(st, &m)?)),
            None => None,
        };
        maps.insert(0, (key, d.clone()));
        maps.truncate(MAPS_KEPT);
        Ok(d)
    }
}
