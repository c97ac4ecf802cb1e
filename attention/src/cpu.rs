//! Attention on the CPU, on cutlet's tiles (`cutlet-tile`): FlashAttention's algorithm
//! for users without a GPU, and the reference the GPU kernel's tests compare with (in
//! `f64`). Blocked as the GPU kernel is: a block of 32 query rows against key blocks of
//! 32, the online softmax (running row max and sum, the partial output rescaled when
//! the max grows) and fused (the scores of a block live only in its tiles); the head
//! dimension in chunks of 64 (any head dimension up to 256). The blocks of
//! `(batch, query block, head)` run on rayon's threads.
//!
//! The semantics are [`attention`](crate::attention)'s: the operands `(batch, seqlen,
//! heads, head_dim)` with any strides, grouped-query attention, causal masking on the
//! bottom-right diagonal, a row that sees no key has O = 0 and log-sum-exp `+inf`.

use crate::{AttentionOptions, Error, Result, same};
use ct::{FlatModes, Padding, Tile};
use cutlet_core::prelude::*;
use cutlet_core::tensor::{View, ViewMut};
use cutlet_tile as ct;
use std::sync::Mutex;

/// Query rows of a block.
const BM: usize = 32;
/// Keys of a block.
const BN: usize = 32;
/// Columns of a head-dimension chunk.
const DC: usize = 64;
/// Chunks of the largest head dimension.
const CHUNKS: usize = 4;

/// Element types of the CPU attention: `f32` and `f64`, each accumulating in itself.
///
/// ```
/// fn takes<E: cutlet_attention::cpu::CpuElement>() {}
/// takes::<f32>();
/// takes::<f64>();
/// ```
pub trait CpuElement:
    ct::Float
    + ct::MmaOperand<Acc = Self>
    + ct::Cast<Self>
    + PartialOrd
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
    + sealed::Sealed
{
    /// `x`, rounded to this type.
    fn of(x: f64) -> Self;
}
impl CpuElement for f32 {
    fn of(x: f64) -> f32 {
        x as f32
    }
}
impl CpuElement for f64 {
    fn of(x: f64) -> f64 {
        x
    }
}
mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// The extents of a `(batch, seqlen, heads, head_dim)` operand, or an error naming it.
fn extents(what: &str, l: impl Layout) -> Result<[usize; 4]> {
    Ok(crate::Bshd::modes(what, l)?.0.map(|x| x.max(0) as usize))
}

/// `O = softmax(scale Q Kᵀ) V` on the CPU over host tensors laid out
/// `(batch, seqlen, heads, head_dim)` (any strides; K and V with `kv_heads` dividing Q's
/// heads), the log-sum-exp of each row (natural log) written to `lse` where given,
/// `(batch, heads, seqlen_q)` compact. Bad input is an [`Error`] naming the values.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_attention::{cpu, AttentionOptions};
/// let (b, s, h, d) = (1, 3, 2, 4);
/// let l = layout!((b, s, h, d):({s * h * d}, {h * d}, d, 1));
/// let q: Vec<f64> = (0..b * s * h * d).map(|i| (i % 5) as f64 * 0.1).collect();
/// let mut o = vec![0.0; q.len()];
/// let mut lse = vec![0.0; b * h * s];
/// let t = make_tensor(&q[..], l);
/// cpu::attention(&t, &t, &t, &mut make_tensor(&mut o[..], l), Some(&mut lse), &AttentionOptions::default())?;
/// // Each row of O is a convex combination of V's rows.
/// assert!(o.iter().all(|&x| (0.0..=0.4).contains(&x)));
/// assert!(lse.iter().all(|x| x.is_finite()));
/// # Ok::<(), cutlet_attention::Error>(())
/// ```
pub fn attention<T: CpuElement, L: FlatModes + Send + Sync>(
    q: &Input<'_, T, impl FlatModes + Sync>,
    k: &Input<'_, T, impl FlatModes + Sync>,
    v: &Input<'_, T, impl FlatModes + Sync>,
    o: &mut Tensor<ViewMut<'_, [T]>, L>,
    lse: Option<&mut [T]>,
    opts: &AttentionOptions,
) -> Result<()> {
    let [b, sq, h, d] = extents("Q", q.layout())?;
    let [kb, sk, hk, kd] = extents("K", k.layout())?;
    same("batch of K", b, kb)?;
    same("head_dim of K", d, kd)?;
    let (ve, oe) = (extents("V", v.layout())?, extents("O", o.layout())?);
    for (i, what) in ["batch", "seqlen", "heads", "head_dim"].iter().enumerate() {
        same(
            &format!("V's extents (K's): {what}"),
            [kb, sk, hk, kd][i],
            ve[i],
        )?;
        same(&format!("{what} of O (Q's)"), [b, sq, h, d][i], oe[i])?;
    }
    if d > DC * CHUNKS {
        return Err(Error::Operand(format!(
            "head_dim of Q: {d} above the CPU attention's {}",
            DC * CHUNKS
        )));
    }
    if hk == 0 || h % hk != 0 {
        return Err(Error::Operand(format!(
            "kv heads ({hk}) must divide the query heads ({h})"
        )));
    }
    if let Some(l) = &lse {
        same(
            "log-sum-exp elements (batch x heads x seqlen_q)",
            b * h * sq,
            l.len(),
        )?;
    }
    let scale = opts
        .softmax_scale
        .map_or(1.0 / (d as f64).sqrt(), f64::from);
    if !scale.is_finite() {
        return Err(Error::Operand(format!(
            "softmax_scale {scale} is not finite"
        )));
    }
    if b * h * sq == 0 {
        return Ok(());
    }
    let p = Shape {
        seqlens: (sq, sk),
        group: h / hk,
        chunks: d.div_ceil(DC),
        scale: T::of(scale),
        causal: opts.causal,
    };
    let lse = lse.map(Mutex::new);
    let grid = ct::Grid::from((b, sq.div_ceil(BM), h));
    ct::launch_with(grid, o, shape!((1, 32, 1, 256)), |bid, out| {
        let (bi, qb, hi) = (bid.bid(0), bid.bid(1), bid.bid(2));
        let (o_tile, row_lse) = block(&p, q, k, v, (bi, qb, hi));
        out.store(o_tile);
        if let Some(l) = &lse {
            let mut l = l.lock().unwrap_or_else(|e| e.into_inner());
            let rows = (qb * BM..sq.min((qb + 1) * BM)).enumerate();
            for (r, i) in rows {
                l[(bi * h + hi) * sq + i] = row_lse[r];
            }
        }
    });
    Ok(())
}

/// What every block shares.
struct Shape<T> {
    seqlens: (usize, usize),
    /// Query heads per key-value head.
    group: usize,
    /// Head-dimension chunks.
    chunks: usize,
    scale: T,
    causal: bool,
}

/// A `(BM, DC)` tile.
type Rows<T> = Tile<T, shape_t!((32, 64))>;
/// A block's tile of O: `(1, BM, 1, 256)`.
type OutTile<T> = Tile<T, shape_t!((1, 32, 1, 256))>;
/// An operand on the host.
type Input<'a, T, L> = Tensor<View<'a, [T]>, L>;

/// Chunk `c` of the head dimension of rows block `rows` (of `n` rows) of head `head` of
/// batch `bi` of `t`, zero past its edges.
fn chunk<T: CpuElement>(
    t: &Input<'_, T, impl FlatModes>,
    (bi, rows, head, c): (usize, usize, usize, usize),
) -> Rows<T> {
    ct::load(
        t,
        (bi, rows, head, c),
        shape!((1, 32, 1, 64)),
        Padding::Zero,
    )
    .reshape(shape!((32, 64)))
}

/// Block `(bi, qb, hi)`: query rows `qb * BM ..` of head `hi` of batch `bi` against
/// every key they see; O's tile (all 256 columns: the store clips it to `head_dim`)
/// and each row's log-sum-exp.
fn block<T: CpuElement>(
    p: &Shape<T>,
    q: &Input<'_, T, impl FlatModes>,
    k: &Input<'_, T, impl FlatModes>,
    v: &Input<'_, T, impl FlatModes>,
    (bi, qb, hi): (usize, usize, usize),
) -> (OutTile<T>, [T; BM]) {
    let (sq, sk) = p.seqlens;
    let kv = hi / p.group;
    let (zero, neg_inf) = (T::of(0.0), T::of(f64::NEG_INFINITY));
    let qs: [Rows<T>; CHUNKS] = core::array::from_fn(|c| {
        if c < p.chunks {
            chunk(q, (bi, qb, hi, c))
        } else {
            Rows::full(zero)
        }
    });
    let mut acc: [Rows<T>; CHUNKS] = [Rows::full(zero); CHUNKS];
    // The running max of each row's scores and the sum of their exponentials.
    let (mut m, mut l) = ([neg_inf; BM], [zero; BM]);
    // Causal: the block's last row sees keys up to `last + sk - sq`.
    let last = ((qb + 1) * BM) as isize - 1 + sk as isize - sq as isize;
    let seen = if p.causal {
        (last + 1).clamp(0, sk as isize) as usize
    } else {
        sk
    };
    for kb in 0..seen.div_ceil(BN) {
        let mut s = ct::full(shape!((32, 32)), zero);
        for (c, qc) in qs.iter().enumerate().take(p.chunks) {
            s = ct::mma(*qc, chunk(k, (bi, kb, kv, c)).transpose(), s);
        }
        // S scaled, with the keys a row does not see at -inf.
        let s = Tile::<T, shape_t!((32, 32))>::from_fn(|i| {
            let (row, col) = ((qb * BM + i / BN) as isize, kb * BN + i % BN);
            let diagonal = row + sk as isize - sq as isize;
            if col < sk && (!p.causal || col as isize <= diagonal) {
                s.as_slice()[i] * p.scale
            } else {
                neg_inf
            }
        });
        let s = s.as_slice();
        // The new max (NaN where a score is), and the shift of the exponentials: 0 for
        // a row that has seen no key yet (its scores are all -inf, their exponentials 0).
        let mut shift = [zero; BM];
        let mut rescale = [zero; BM];
        for r in 0..BM {
            let row = &s[r * BN..(r + 1) * BN];
            let mx = row.iter().fold(
                m[r],
                |a, &x| if x > a || ct::Num::is_nan(x) { x } else { a },
            );
            shift[r] = if mx == neg_inf { zero } else { mx };
            rescale[r] = ct::Float::exp(m[r] - shift[r]);
            m[r] = mx;
        }
        let e = Tile::<T, shape_t!((32, 32))>::from_fn(|i| ct::Float::exp(s[i] - shift[i / BN]));
        for (r, lr) in l.iter_mut().enumerate() {
            let sum = e.as_slice()[r * BN..(r + 1) * BN]
                .iter()
                .fold(zero, |a, &x| a + x);
            *lr = *lr * rescale[r] + sum;
        }
        for (c, a) in acc.iter_mut().enumerate().take(p.chunks) {
            let scaled = Rows::from_fn(|i| a.as_slice()[i] * rescale[i / DC]);
            *a = ct::mma(e, chunk(v, (bi, kb, kv, c)), scaled);
        }
    }
    let out = Tile::from_fn(|i| {
        let (r, col) = (i / 256, i % 256);
        let c = col / DC;
        if c < p.chunks && l[r] != zero {
            acc[c].as_slice()[r * DC + col % DC] / l[r]
        } else {
            zero
        }
    });
    let lse = core::array::from_fn(|r| {
        if l[r] == zero || ct::Num::is_nan(l[r]) {
            T::of(f64::INFINITY)
        } else {
            m[r] + ct::Float::log(l[r])
        }
    });
    (out, lse)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `len` values in `[-2, 2)` that differ with `seed`.
    fn data(len: usize, seed: u64) -> Vec<f64> {
        (0..len as u64)
            .map(|i| {
                let x = i.wrapping_mul(2654435761).wrapping_add(seed * 40503) >> 7;
                (x % 1024) as f64 / 256.0 - 2.0
            })
            .collect()
    }

    /// The textbook formula, row by row: `(O, lse)` at BSHD-compact positions.
    fn naive(
        (q, k, v): (&[f64], &[f64], &[f64]),
        (b, sq, sk, h, hk, d): (usize, usize, usize, usize, usize, usize),
        causal: bool,
    ) -> (Vec<f64>, Vec<f64>) {
        let (mut o, mut lse) = (vec![0.0; b * sq * h * d], vec![0.0; b * h * sq]);
        let scale = 1.0 / (d as f64).sqrt();
        for bi in 0..b {
            for hi in 0..h {
                let kv = hi / (h / hk);
                for i in 0..sq {
                    let keys: Vec<usize> = (0..sk)
                        .filter(|&j| {
                            !causal || j as isize <= i as isize + sk as isize - sq as isize
                        })
                        .collect();
                    let qr = &q[((bi * sq + i) * h + hi) * d..][..d];
                    let row =
                        |t: &[f64], j: usize| t[((bi * sk + j) * hk + kv) * d..][..d].to_vec();
                    let s: Vec<f64> = keys
                        .iter()
                        .map(|&j| qr.iter().zip(row(k, j)).map(|(a, b)| a * b).sum::<f64>() * scale)
                        .collect();
                    let mx = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                    let p: Vec<f64> = s.iter().map(|x| (x - mx).exp()).collect();
                    let sum: f64 = p.iter().sum();
                    lse[(bi * h + hi) * sq + i] = if keys.is_empty() {
                        f64::INFINITY
                    } else {
                        mx + sum.ln()
                    };
                    for c in 0..d {
                        let x: f64 = keys.iter().zip(&p).map(|(&j, pj)| pj * row(v, j)[c]).sum();
                        o[((bi * sq + i) * h + hi) * d + c] =
                            if keys.is_empty() { 0.0 } else { x / sum };
                    }
                }
            }
        }
        (o, lse)
    }

    /// Generated shapes (ragged sequence lengths, `seqlen_q` above and below `seqlen_k`,
    /// none at all, grouped-query heads, head dimensions from 1 to 256, causal and not),
    /// O laid out BHSD while Q, K and V are BSHD: the tile attention equals the formula.
    #[test]
    fn matches_the_formula_on_generated_shapes() {
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for case in 0..24 {
            let (b, hk) = (1 + next(2), 1 + next(2));
            let h = hk * (1 + next(3));
            let (sq, sk) = (next(90), next(90));
            let d = [1, 7, 64, 65, 128, 200, 256][case % 7];
            let causal = next(2) == 1;
            let (q, k, v) = (
                data(b * sq * h * d, 1),
                data(b * sk * hk * d, 2),
                data(b * sk * hk * d, 3),
            );
            let (want_o, want_l) = naive((&q, &k, &v), (b, sq, sk, h, hk, d), causal);
            let lq = layout!((b, sq, h, d):({sq * h * d}, {h * d}, d, 1));
            let lk = layout!((b, sk, hk, d):({sk * hk * d}, {hk * d}, d, 1));
            // O BHSD.
            let lo = layout!((b, sq, h, d):({h * sq * d}, d, {sq * d}, 1));
            let mut o = vec![f64::NAN; b * sq * h * d];
            let mut lse = vec![0.0; b * h * sq];
            let opts = AttentionOptions {
                causal,
                ..Default::default()
            };
            attention(
                &make_tensor(&q[..], lq),
                &make_tensor(&k[..], lk),
                &make_tensor(&v[..], lk),
                &mut make_tensor(&mut o[..], lo),
                Some(&mut lse),
                &opts,
            )
            .unwrap();
            let shape = (b, sq, sk, h, hk, d, causal);
            for (i, (g, w)) in lse.iter().zip(&want_l).enumerate() {
                assert!(
                    g == w || (g - w).abs() <= 1e-12 * (1.0 + w.abs()),
                    "{shape:?}: lse {i}: {g} vs {w}"
                );
            }
            for bi in 0..b {
                for i in 0..sq {
                    for hi in 0..h {
                        for c in 0..d {
                            let g = o[((bi * h + hi) * sq + i) * d + c];
                            let w = want_o[((bi * sq + i) * h + hi) * d + c];
                            assert!(
                                (g - w).abs() <= 1e-12 * (1.0 + w.abs()),
                                "{shape:?}: O({bi},{i},{hi},{c}) {g} vs {w}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Bad input is an error naming the values.
    #[test]
    fn bad_input_is_named() {
        let x = vec![0f32; 2 * 10 * 4 * 300];
        let l = layout!((2, 10, 4, 300):(12000, 1200, 300, 1));
        let t = make_tensor(&x[..], l);
        let mut y = vec![0f32; x.len()];
        let e = attention(
            &t,
            &t,
            &t,
            &mut make_tensor(&mut y[..], l),
            None,
            &AttentionOptions::default(),
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "head_dim of Q: 300 above the CPU attention's 256"
        );
        let l3 = layout!((2, 10, 3, 64):(1920, 192, 64, 1));
        let q = make_tensor(&x[..], layout!((2, 10, 4, 64):(2560, 256, 64, 1)));
        let k = make_tensor(&x[..], l3);
        let mut o = make_tensor(&mut y[..], layout!((2, 10, 4, 64):(2560, 256, 64, 1)));
        let e = attention(&q, &k, &k, &mut o, None, &AttentionOptions::default());
        assert_eq!(
            e.unwrap_err().to_string(),
            "kv heads (3) must divide the query heads (4)"
        );
        let mut lse = vec![0f32; 5];
        let e = attention(
            &q,
            &q,
            &q,
            &mut o,
            Some(&mut lse),
            &AttentionOptions::default(),
        );
        assert!(e.unwrap_err().to_string().contains("log-sum-exp elements"));
    }
}
