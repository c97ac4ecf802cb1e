//! `flash_attn` and `flash_attn_varlen`: `candle_flash_attn`'s functions on cutlet's
//! attention.

use crate::layout::Bshd;
use crate::widen;
#[cfg(feature = "cuda")]
use candle::CudaStorage;
use candle::backend::BackendStorage;
use candle::{CpuStorage, CustomOp3, DType, Layout, Result, Shape, Tensor};
use cutlet_attention::AttentionOptions;
use cutlet_attention::cpu::CpuElement;
use cutlet_core::prelude::*;
use half::{bf16, f16};
use rayon::prelude::*;

/// `softmax(softmax_scale Q Kᵀ) V`, `candle_flash_attn::flash_attn`'s signature and
/// semantics: `q` is `(batch, seq_len_q, num_heads_q, head_size)`, `k` and `v` are
/// `(batch, seq_len_kv, num_heads_kv, head_size)` with `num_heads_kv` dividing
/// `num_heads_q` (multi-query and grouped-query attention), any strides (a BHSD tensor
/// transposed to BSHD is read in place); the result is `(batch, seq_len_q, num_heads_q,
/// head_size)` contiguous. `causal` masks each query row `i` to the keys
/// `j <= i + seq_len_kv - seq_len_q` (FlashAttention's bottom-right diagonal); a row that
/// sees no key is 0.
///
/// On the CPU it runs `cutlet_attention::cpu::attention` (FlashAttention's blocked
/// online softmax on cutlet's tiles, head sizes up to 256): f32 and f64 in themselves,
/// bf16 and f16 widened to f32 and rounded once (`candle_flash_attn` has no CPU path).
/// Bad input (ranks, extents, head sizes, heads, dtypes) is an error naming the values.
///
/// ```
/// use candle::{Device, Tensor};
/// let (b, s, h, d) = (1, 5, 2, 8);
/// let q = Tensor::arange(0f32, (b * s * h * d) as f32, &Device::Cpu)?.reshape((b, s, h, d))?;
/// let q = (q / 100.)?;
/// let o = cutlet_candle::flash_attn(&q, &q, &q, 1.0 / (d as f32).sqrt(), true)?;
/// assert_eq!(o.dims(), [b, s, h, d]);
/// // Causal: the first query row sees only the first key, so it is V's first row.
/// let first = |t: &Tensor| t.get(0)?.get(0)?.flatten_all()?.to_vec1::<f32>();
/// assert_eq!(first(&o)?, first(&q)?);
/// // GQA with 3 query heads over 2 key-value heads is an error naming both.
/// let q3 = Tensor::zeros((b, s, 3, d), candle::DType::F32, &Device::Cpu)?;
/// let e = cutlet_candle::flash_attn(&q3, &q, &q, 1.0, false).unwrap_err();
/// assert_eq!(e.to_string(), "kv heads (2) must divide the query heads (3)");
/// # Ok::<(), candle::Error>(())
/// ```
pub fn flash_attn(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    softmax_scale: f32,
    causal: bool,
) -> Result<Tensor> {
    q.apply_op3(
        k,
        v,
        FlashAttn {
            softmax_scale,
            causal,
        },
    )
}

/// Variable-length attention, `candle_flash_attn::flash_attn_varlen`'s signature and
/// semantics: `q` is `(total_q, num_heads_q, head_size)`, `k` and `v`
/// `(total_kv, num_heads_kv, head_size)`, sequence `i` the rows
/// `seqlens_q[i]..seqlens_q[i + 1]` of `q` against `seqlens_k[i]..seqlens_k[i + 1]` of
/// `k` and `v` (`seqlens_*`: u32 tensors of `batch + 1` cumulative lengths). The result
/// is `(total_q, num_heads_q, head_size)`; rows of `q` outside every sequence are 0. A
/// sequence longer than `max_seqlen_q` (`max_seqlen_k`) is an error.
///
/// ```
/// use candle::{Device, Tensor};
/// let q = (Tensor::arange(0f32, 7. * 2. * 8., &Device::Cpu)?.reshape((7, 2, 8))? / 50.)?;
/// let cu = Tensor::new(&[0u32, 3, 7], &Device::Cpu)?;
/// let o = cutlet_candle::flash_attn_varlen(&q, &q, &q, &cu, &cu, 4, 4, 0.5, false)?;
/// // Sequence 1 alone, as a batch of one, gives the same rows.
/// let s1 = q.narrow(0, 3, 4)?.unsqueeze(0)?;
/// let o1 = cutlet_candle::flash_attn(&s1, &s1, &s1, 0.5, false)?.squeeze(0)?;
/// let diff = (o.narrow(0, 3, 4)? - o1)?.abs()?.max_all()?.to_scalar::<f32>()?;
/// assert!(diff < 1e-6);
/// # Ok::<(), candle::Error>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn flash_attn_varlen(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    seqlens_q: &Tensor,
    seqlens_k: &Tensor,
    max_seqlen_q: usize,
    max_seqlen_k: usize,
    softmax_scale: f32,
    causal: bool,
) -> Result<Tensor> {
    q.apply_op3(
        k,
        v,
        FlashAttnVarLen {
            softmax_scale,
            causal,
            seqlens_q: seqlens_q.clone(),
            seqlens_k: seqlens_k.clone(),
            max_seqlen_q,
            max_seqlen_k,
        },
    )
}

/// The candle op behind [`flash_attn`].
///
/// ```
/// use candle::{DType, Device, Tensor};
/// let q = Tensor::ones((2, 4, 2, 64), DType::F64, &Device::Cpu)?;
/// let op = cutlet_candle::FlashAttn { softmax_scale: 0.125, causal: false };
/// let o = q.apply_op3(&q, &q, op)?;
/// assert_eq!(o.flatten_all()?.to_vec1::<f64>()?, vec![1.0; 2 * 4 * 2 * 64]);
/// # Ok::<(), candle::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FlashAttn {
    /// The scale of `Q Kᵀ` before the softmax.
    pub softmax_scale: f32,
    /// Mask each row to the keys up to its bottom-right diagonal.
    pub causal: bool,
}

/// The candle op behind [`flash_attn_varlen`].
///
/// ```
/// use candle::{DType, Device, Tensor};
/// let q = Tensor::ones((6, 2, 64), DType::F32, &Device::Cpu)?;
/// let cu = Tensor::new(&[0u32, 2, 6], &Device::Cpu)?;
/// let op = cutlet_candle::FlashAttnVarLen {
///     softmax_scale: 0.125, causal: true,
///     seqlens_q: cu.clone(), seqlens_k: cu, max_seqlen_q: 4, max_seqlen_k: 4,
/// };
/// assert_eq!(q.apply_op3(&q, &q, op)?.dims(), [6, 2, 64]);
/// # Ok::<(), candle::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct FlashAttnVarLen {
    /// The scale of `Q Kᵀ` before the softmax.
    pub softmax_scale: f32,
    /// Mask each row to the keys up to its sequence's bottom-right diagonal.
    pub causal: bool,
    /// Cumulative query lengths, u32, `batch + 1` of them.
    pub seqlens_q: Tensor,
    /// Cumulative key-value lengths, u32, `batch + 1` of them.
    pub seqlens_k: Tensor,
    /// The longest query sequence.
    pub max_seqlen_q: usize,
    /// The longest key-value sequence.
    pub max_seqlen_k: usize,
}

/// The operands of one attention: Q, K, V and O (O compact, at offset 0 of its storage).
#[derive(Clone, Copy, Debug)]
struct Operands {
    q: Bshd,
    k: Bshd,
    v: Bshd,
    o: Bshd,
}

/// The compact `(batch, seqlen, heads, head_dim)` operand of these extents.
fn compact(extents: [usize; 4]) -> Bshd {
    let [_, s, h, d] = extents;
    Bshd {
        extents,
        strides: [s * h * d, h * d, d, 1],
        offset: 0,
    }
}

/// The options of `cutlet_attention` for a scale and a mask.
fn options(softmax_scale: f32, causal: bool) -> AttentionOptions {
    AttentionOptions {
        softmax_scale: Some(softmax_scale),
        causal,
    }
}

/// Attentions on the CPU: each `(Q, K, V, O)` of `runs` in `T`, O written in `o`.
fn attend<T: CpuElement + Send + Sync>(
    (q, k, v): (&[T], &[T], &[T]),
    o: &mut [T],
    runs: &[Operands],
    opts: &AttentionOptions,
) -> Result<()> {
    let view = |xs: &[T], b: Bshd, what: &str| -> Result<()> {
        if b.offset + b.span() > xs.len() {
            fail!(
                "{what}: extents {:?} and strides {:?} from offset {} reach past its storage of {}",
                b.extents,
                b.strides,
                b.offset,
                xs.len()
            );
        }
        Ok(())
    };
    for r in runs {
        view(q, r.q, "q")?;
        view(k, r.k, "k")?;
        view(v, r.v, "v")?;
        view(o, r.o, "o")?;
    }
    for r in runs {
        let l = |b: Bshd| {
            let ([e0, e1, e2, e3], [s0, s1, s2, s3]) = (b.extents, b.strides);
            layout!((e0, e1, e2, e3):(s0, s1, s2, s3))
        };
        let (tq, tk, tv) = (
            make_tensor(&q[r.q.offset..], l(r.q)),
            make_tensor(&k[r.k.offset..], l(r.k)),
            make_tensor(&v[r.v.offset..], l(r.v)),
        );
        let mut to = make_tensor(&mut o[r.o.offset..], l(r.o));
        cutlet_attention::cpu::attention(&tq, &tk, &tv, &mut to, None, opts)
            .map_err(|e| candle::Error::Msg(e.to_string()))?;
    }
    Ok(())
}

/// Runs `runs` over the operands' storage into a fresh O of `o_len` elements, 16-bit
/// types widened to f32 (each operand's reach in its storage) and rounded once.
fn attend_storage(
    (sq, sk, sv): (&CpuStorage, &CpuStorage, &CpuStorage),
    o_len: usize,
    runs: &[Operands],
    opts: &AttentionOptions,
) -> Result<CpuStorage> {
    let (dq, dk, dv) = (sq.dtype(), sk.dtype(), sv.dtype());
    if dq != dk || dq != dv {
        fail!("flash_attn: q is {dq:?}, k {dk:?} and v {dv:?}: they must agree");
    }
    Ok(match (sq, sk, sv) {
        (CpuStorage::F32(q), CpuStorage::F32(k), CpuStorage::F32(v)) => {
            let mut o = vec![0f32; o_len];
            attend((q, k, v), &mut o, runs, opts)?;
            CpuStorage::F32(o)
        }
        (CpuStorage::F64(q), CpuStorage::F64(k), CpuStorage::F64(v)) => {
            let mut o = vec![0f64; o_len];
            attend((q, k, v), &mut o, runs, opts)?;
            CpuStorage::F64(o)
        }
        (CpuStorage::BF16(q), CpuStorage::BF16(k), CpuStorage::BF16(v)) => {
            let mut o = vec![0f32; o_len];
            attend((&widen(q), &widen(k), &widen(v)), &mut o, runs, opts)?;
            CpuStorage::BF16(o.into_par_iter().map(bf16::from_f32).collect())
        }
        (CpuStorage::F16(q), CpuStorage::F16(k), CpuStorage::F16(v)) => {
            let mut o = vec![0f32; o_len];
            attend((&widen(q), &widen(k), &widen(v)), &mut o, runs, opts)?;
            CpuStorage::F16(o.into_par_iter().map(f16::from_f32).collect())
        }
        _ => fail!("flash_attn: takes f32, f64, bf16 and f16, got {dq:?}"),
    })
}

impl CustomOp3 for FlashAttn {
    fn name(&self) -> &'static str {
        "cutlet-flash-attn"
    }

    fn cpu_fwd(
        &self,
        sq: &CpuStorage,
        lq: &Layout,
        sk: &CpuStorage,
        lk: &Layout,
        sv: &CpuStorage,
        lv: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let q = Bshd::of("q", lq)?;
        let o = compact(q.extents);
        let run = Operands {
            q,
            k: Bshd::of("k", lk)?,
            v: Bshd::of("v", lv)?,
            o,
        };
        let opts = options(self.softmax_scale, self.causal);
        let out = attend_storage((sq, sk, sv), o.span(), &[run], &opts)?;
        Ok((out, Shape::from(q.extents.to_vec())))
    }

    #[cfg(feature = "cuda")]
    fn cuda_fwd(
        &self,
        sq: &CudaStorage,
        lq: &Layout,
        sk: &CudaStorage,
        lk: &Layout,
        sv: &CudaStorage,
        lv: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        let q = Bshd::of("q", lq)?;
        let (k, v) = (Bshd::of("k", lk)?, Bshd::of("v", lv)?);
        let opts = options(self.softmax_scale, self.causal);
        let out = attend_cuda((sq, sk, sv), (q, k, v), None, &opts)?;
        Ok((out, Shape::from(q.extents.to_vec())))
    }
}

/// The dtypes of Q, K and V agree and are one of `cutlet_attention`'s (bf16, f16).
#[cfg(feature = "cuda")]
fn attend_cuda(
    (sq, sk, sv): (&CudaStorage, &CudaStorage, &CudaStorage),
    qkv: (Bshd, Bshd, Bshd),
    cu_seqlens: Option<(&[u32], &[u32])>,
    opts: &AttentionOptions,
) -> Result<CudaStorage> {
    use candle::cuda_backend::CudaStorageSlice as S;
    let dev = sq.device.clone();
    Ok(match (&sq.slice, &sk.slice, &sv.slice) {
        (S::BF16(q), S::BF16(k), S::BF16(v)) => {
            CudaStorage::wrap_cuda_slice(attend_gpu(&dev, (q, k, v), qkv, cu_seqlens, opts)?, dev)
        }
        (S::F16(q), S::F16(k), S::F16(v)) => {
            CudaStorage::wrap_cuda_slice(attend_gpu(&dev, (q, k, v), qkv, cu_seqlens, opts)?, dev)
        }
        _ => {
            let (dq, dk, dv) = (sq.dtype(), sk.dtype(), sv.dtype());
            if dq != dk || dq != dv {
                fail!("flash_attn: q is {dq:?}, k {dk:?} and v {dv:?}: they must agree");
            }
            fail!("flash_attn: cutlet's GPU attention takes bf16 and f16, got {dq:?}")
        }
    })
}

/// O, compact `(batch, seqlen_q, heads, head_dim)` (or `(total_q, heads, head_dim)`
/// where `cu_seqlens` is given), by `cutlet_attention` on the device's stream over
/// candle's buffers in place.
#[cfg(feature = "cuda")]
fn attend_gpu<T: cutlet_attention::AttentionElement + cudarc::driver::ValidAsZeroBits>(
    dev: &candle::CudaDevice,
    (sq, sk, sv): (
        &cudarc::driver::CudaSlice<T>,
        &cudarc::driver::CudaSlice<T>,
        &cudarc::driver::CudaSlice<T>,
    ),
    (q, k, v): (Bshd, Bshd, Bshd),
    cu_seqlens: Option<(&[u32], &[u32])>,
    opts: &AttentionOptions,
) -> Result<cudarc::driver::CudaSlice<T>> {
    use crate::gpu;
    let stream = dev.cuda_stream();
    let o = compact(q.extents);
    // Zero-filled, as O's rows that no kernel writes (a varlen batch's past its last
    // sequence) read as zeros.
    let mut out = stream.alloc_zeros::<T>(o.span()).map_err(gpu)?;
    let fail = |e: cutlet_attention::Error| candle::Error::Msg(format!("flash_attn: {e}"));
    let operands = (q, k, v, o);
    match cu_seqlens {
        None => {
            let ([tq, tk, tv], mut to) = views((sq, sk, sv), &mut out, operands, |b| {
                let ([e0, e1, e2, e3], [s0, s1, s2, s3]) = (b.extents, b.strides);
                layout!((e0, e1, e2, e3):(s0, s1, s2, s3))
            })?;
            cutlet_attention::attention(&stream, &*tq, &*tk, &*tv, &mut *to, opts).map_err(fail)?;
        }
        Some(cu) => {
            // A packed operand's `(total, heads, head_dim)` modes.
            let ([tq, tk, tv], mut to) = views((sq, sk, sv), &mut out, operands, |b| {
                let ([_, e1, e2, e3], [_, s1, s2, s3]) = (b.extents, b.strides);
                layout!((e1, e2, e3):(s1, s2, s3))
            })?;
            cutlet_attention::attention_varlen(&stream, &*tq, &*tk, &*tv, &mut *to, cu, opts)
                .map_err(fail)?;
        }
    }
    Ok(out)
}

/// Q, K and V read in place and O written in place, each through `layout` of its
/// operand, from its offset in its buffer.
#[cfg(feature = "cuda")]
#[allow(clippy::type_complexity)]
fn views<'a, T: cudarc::driver::DeviceRepr, L: cutlet_core::layout::Layout>(
    (sq, sk, sv): (
        &'a cudarc::driver::CudaSlice<T>,
        &'a cudarc::driver::CudaSlice<T>,
        &'a cudarc::driver::CudaSlice<T>,
    ),
    out: &'a mut cudarc::driver::CudaSlice<T>,
    (q, k, v, o): (Bshd, Bshd, Bshd, Bshd),
    layout: impl Fn(Bshd) -> L,
) -> Result<(
    [cutlet_cuda::TensorView<'a, T, L>; 3],
    cutlet_cuda::TensorViewMut<'a, T, L>,
)> {
    use crate::gpu;
    use cutlet_cuda::DeviceTensor;
    let view = |s, b: Bshd| DeviceTensor::view(s, b.offset, layout(b)).map_err(gpu);
    Ok((
        [view(sq, q)?, view(sk, k)?, view(sv, v)?],
        DeviceTensor::view_mut(out, o.offset, layout(o)).map_err(gpu)?,
    ))
}

/// The cumulative lengths of `what`, checked: u32, rank 1, non-decreasing, each
/// sequence at most `max` rows, the last within `total`.
fn seqlens(what: &str, t: &Tensor, max: usize, total: usize) -> Result<Vec<usize>> {
    if t.dtype() != DType::U32 || t.rank() != 1 {
        fail!(
            "{what}: expected a u32 tensor of rank 1, got {:?} of dims {:?}",
            t.dtype(),
            t.dims()
        );
    }
    let cu: Vec<usize> = t
        .to_vec1::<u32>()?
        .into_iter()
        .map(|x| x as usize)
        .collect();
    for (i, w) in cu.windows(2).enumerate() {
        if w[1] < w[0] || w[1] - w[0] > max {
            fail!(
                "{what}: sequence {i} spans {}..{}, not a length in 0..={max}",
                w[0],
                w[1]
            );
        }
    }
    if let Some(&last) = cu.last()
        && last > total
    {
        fail!("{what}: the sequences end at row {last}, past the {total} rows");
    }
    Ok(cu)
}

impl FlashAttnVarLen {
    /// The cumulative sequence lengths of Q and K, checked against the packed operands.
    fn cu_seqlens(&self, q: Bshd, k: Bshd) -> Result<(Vec<usize>, Vec<usize>)> {
        let cu_q = seqlens(
            "seqlens_q",
            &self.seqlens_q,
            self.max_seqlen_q,
            q.extents[1],
        )?;
        let cu_k = seqlens(
            "seqlens_k",
            &self.seqlens_k,
            self.max_seqlen_k,
            k.extents[1],
        )?;
        if cu_q.len() != cu_k.len() {
            fail!(
                "seqlens_q has {} entries but seqlens_k {}: one more than the batch each",
                cu_q.len(),
                cu_k.len()
            );
        }
        Ok((cu_q, cu_k))
    }
}

impl CustomOp3 for FlashAttnVarLen {
    fn name(&self) -> &'static str {
        "cutlet-flash-attn-varlen"
    }

    fn cpu_fwd(
        &self,
        sq: &CpuStorage,
        lq: &Layout,
        sk: &CpuStorage,
        lk: &Layout,
        sv: &CpuStorage,
        lv: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let (q, k, v) = (
            Bshd::of_packed("q", lq)?,
            Bshd::of_packed("k", lk)?,
            Bshd::of_packed("v", lv)?,
        );
        let o = compact(q.extents);
        let (cu_q, cu_k) = self.cu_seqlens(q, k)?;
        let runs: Vec<Operands> = cu_q
            .windows(2)
            .zip(cu_k.windows(2))
            .map(|(rq, rk)| Operands {
                q: q.rows(rq[0]..rq[1]),
                k: k.rows(rk[0]..rk[1]),
                v: v.rows(rk[0]..rk[1]),
                o: o.rows(rq[0]..rq[1]),
            })
            .collect();
        let opts = options(self.softmax_scale, self.causal);
        let out = attend_storage((sq, sk, sv), o.span(), &runs, &opts)?;
        let [_, total, h, d] = q.extents;
        Ok((out, Shape::from((total, h, d))))
    }

    #[cfg(feature = "cuda")]
    fn cuda_fwd(
        &self,
        sq: &CudaStorage,
        lq: &Layout,
        sk: &CudaStorage,
        lk: &Layout,
        sv: &CudaStorage,
        lv: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        let (q, k, v) = (
            Bshd::of_packed("q", lq)?,
            Bshd::of_packed("k", lk)?,
            Bshd::of_packed("v", lv)?,
        );
        let (cu_q, cu_k) = self.cu_seqlens(q, k)?;
        let (cu_q, cu_k): (Vec<u32>, Vec<u32>) = (
            cu_q.iter().map(|&x| x as u32).collect(),
            cu_k.iter().map(|&x| x as u32).collect(),
        );
        let opts = options(self.softmax_scale, self.causal);
        let out = attend_cuda((sq, sk, sv), (q, k, v), Some((&cu_q, &cu_k)), &opts)?;
        let [_, total, h, d] = q.extents;
        Ok((out, Shape::from((total, h, d))))
    }
}
