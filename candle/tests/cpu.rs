//! cutlet-candle's ops on CPU tensors against candle's own CPU results, on generated
//! shapes, dtypes and layouts (transposed, narrowed, broadcast, BHSD read as BSHD).

use candle::{D, DType, Device, Result, Tensor};

/// A small deterministic generator (64-bit LCG, high bits out).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// A value in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// `n` small integers in -4..=4 (exact in every dtype, their sums exact in f32).
    fn ints(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.below(9) as f64 - 4.0).collect()
    }
    /// `n` values in [-1, 1).
    fn reals(&mut self, n: usize) -> Vec<f64> {
        (0..n)
            .map(|_| (self.next() % 2_000_000) as f64 / 1e6 - 1.0)
            .collect()
    }
}

/// A tensor of `dims` holding `vals` in `dtype`, laid out by `how`: 0 contiguous, 1
/// built transposed in its last two dims, 2 narrowed out of a larger tensor.
fn operand(vals: Vec<f64>, dims: &[usize], dtype: DType, how: usize) -> Result<Tensor> {
    let r = dims.len();
    let cpu = &Device::Cpu;
    match how {
        1 => {
            let mut td = dims.to_vec();
            td.swap(r - 1, r - 2);
            Tensor::from_vec(vals, td, cpu)?
                .to_dtype(dtype)?
                .transpose(r - 1, r - 2)
        }
        2 => {
            // Rows of NaN around it in the second-to-last dim: only its own rows are read.
            let nan = |rows: usize| {
                let mut d = dims.to_vec();
                d[r - 2] = rows;
                Tensor::full(f64::NAN, d, cpu)
            };
            let t = Tensor::from_vec(vals, dims, cpu)?;
            Tensor::cat(&[nan(1)?, t, nan(2)?], r - 2)?
                .to_dtype(dtype)?
                .narrow(r - 2, 1, dims[r - 2])
        }
        _ => Tensor::from_vec(vals, dims, cpu)?.to_dtype(dtype),
    }
}

/// `x` and `y` as f64 vectors.
fn flat(x: &Tensor) -> Result<Vec<f64>> {
    x.to_dtype(DType::F64)?.flatten_all()?.to_vec1::<f64>()
}

#[test]
fn matmul_equals_candles_on_generated_layouts() -> Result<()> {
    let mut g = Gen(7);
    let dtypes = [DType::F32, DType::F64, DType::BF16, DType::F16];
    for case in 0..80 {
        let dtype = dtypes[case % 4];
        let batch: Vec<usize> = (0..case % 3).map(|_| 1 + g.below(3)).collect();
        let (m, k, n) = (1 + g.below(40), g.below(40), 1 + g.below(40));
        let dims = |r: usize, c: usize| [batch.clone(), vec![r, c]].concat();
        let count = |r: usize, c: usize| dims(r, c).iter().product::<usize>();
        let a = operand(g.ints(count(m, k)), &dims(m, k), dtype, g.below(3))?;
        // B's batch is sometimes one matrix broadcast (stride 0).
        let b = if !batch.is_empty() && g.below(2) == 0 {
            operand(g.ints(k * n), &[k, n], dtype, g.below(2))?.broadcast_as(dims(k, n))?
        } else {
            operand(g.ints(count(k, n)), &dims(k, n), dtype, g.below(3))?
        };
        let got = cutlet_candle::matmul(&a, &b)?;
        let want = a
            .to_dtype(DType::F64)?
            .contiguous()?
            .matmul(&b.to_dtype(DType::F64)?.contiguous()?)?
            .to_dtype(dtype)?;
        assert_eq!(got.dims(), want.dims());
        assert_eq!(got.dtype(), dtype);
        let what = format!(
            "case {case}: {dtype:?} a {} b {}",
            cutlet_candle::cute_layout(a.layout()),
            cutlet_candle::cute_layout(b.layout())
        );
        assert_eq!(flat(&got)?, flat(&want)?, "{what}");
    }
    Ok(())
}

#[test]
fn matmul_of_reals_agrees_with_candles_to_rounding() -> Result<()> {
    let mut g = Gen(11);
    for case in 0..20 {
        let (m, k, n) = (1 + g.below(70), 1 + g.below(300), 1 + g.below(70));
        let a = operand(g.reals(m * k), &[m, k], DType::F32, g.below(3))?;
        let b = operand(g.reals(k * n), &[k, n], DType::F32, g.below(3))?;
        let got = flat(&cutlet_candle::matmul(&a, &b)?)?;
        let want = flat(&a.contiguous()?.matmul(&b.contiguous()?)?)?;
        for (x, y) in got.iter().zip(&want) {
            assert!((x - y).abs() <= 1e-5 * k as f64, "case {case}: {x} vs {y}");
        }
    }
    Ok(())
}

#[test]
fn matmul_errors_name_the_values() -> Result<()> {
    let cpu = &Device::Cpu;
    let a = Tensor::zeros((2, 3, 4), DType::F32, cpu)?;
    let b = Tensor::zeros((3, 4, 5), DType::F32, cpu)?;
    let e = cutlet_candle::matmul(&a, &b).unwrap_err().to_string();
    assert_eq!(
        e,
        "matmul: batch dims of a [2] and b [3] differ (a (2,3,4):(12,4,1), b (3,4,5):(20,5,1))"
    );
    let u = Tensor::zeros((3, 4), DType::U32, cpu)?;
    let e = cutlet_candle::matmul(&u, &u.t()?).unwrap_err().to_string();
    assert_eq!(
        e,
        "matmul: cutlet's CPU GEMM takes f32, f64, bf16 and f16, got U32"
    );
    let v = Tensor::zeros(4, DType::F32, cpu)?;
    let e = cutlet_candle::matmul(&v, &v).unwrap_err().to_string();
    assert_eq!(
        e,
        "a: a matrix needs rank 2 or more, got layout (4):(1) (rank 1)"
    );
    Ok(())
}

/// Attention from candle's ops in f64: Q `(b, sq, h, d)`, K and V `(b, sk, hk, d)`,
/// the bottom-right causal mask, rows that see no key 0.
fn reference(q: &Tensor, k: &Tensor, v: &Tensor, scale: f64, causal: bool) -> Result<Tensor> {
    let f = |t: &Tensor| t.to_dtype(DType::F64)?.transpose(1, 2)?.contiguous();
    let (q, k, v) = (f(q)?, f(k)?, f(v)?);
    let (b, h, sq, d) = q.dims4()?;
    let (_, hk, sk, _) = k.dims4()?;
    // Grouped-query attention: query head i reads key-value head i / (h / hk).
    let rep = |t: &Tensor| {
        t.unsqueeze(2)?
            .broadcast_as((b, hk, h / hk, sk, d))?
            .reshape((b, h, sk, d))
    };
    let (k, v) = (rep(&k)?, rep(&v)?);
    let mut s = (q.matmul(&k.t()?)? * scale)?;
    let mut seen = vec![1f64; sq];
    if causal {
        let cpu = &Device::Cpu;
        let sees = |i: usize, j: usize| j as i64 <= i as i64 + sk as i64 - sq as i64;
        // A large finite penalty keeps fully masked rows free of NaN; they are zeroed below.
        let mask: Vec<f64> = (0..sq * sk)
            .map(|x| if sees(x / sk, x % sk) { 0.0 } else { -1e300 })
            .collect();
        s = s.broadcast_add(&Tensor::from_vec(mask, (sq, sk), cpu)?)?;
        seen = (0..sq).map(|i| f64::from(sees(i, 0) as u8)).collect();
    }
    let p = s.broadcast_sub(&s.max_keepdim(D::Minus1)?)?.exp()?;
    let p = p.broadcast_div(&p.sum_keepdim(D::Minus1)?)?;
    let seen = Tensor::from_vec(seen, (sq, 1), &Device::Cpu)?;
    p.matmul(&v)?.broadcast_mul(&seen)?.transpose(1, 2)
}

#[test]
fn flash_attn_equals_candles_attention_on_generated_problems() -> Result<()> {
    let mut g = Gen(3);
    let dtypes = [DType::F32, DType::F64, DType::BF16, DType::F16];
    for case in 0..40 {
        let dtype = dtypes[case % 4];
        let b = 1 + g.below(2);
        let (sq, sk) = (1 + g.below(45), 1 + g.below(45));
        let hk = 1 + g.below(2);
        let h = hk * (1 + g.below(3));
        let d = [8, 16, 64, 72, 128, 256][g.below(6)];
        let causal = g.below(2) == 0;
        // BSHD, or BHSD storage read through its BSHD transpose.
        let mk = |g: &mut Gen, s: usize, heads: usize| -> Result<Tensor> {
            let vals = g.reals(b * s * heads * d);
            if g.below(2) == 0 {
                Tensor::from_vec(vals, (b, s, heads, d), &Device::Cpu)?.to_dtype(dtype)
            } else {
                Tensor::from_vec(vals, (b, heads, s, d), &Device::Cpu)?
                    .to_dtype(dtype)?
                    .transpose(1, 2)
            }
        };
        let (q, k, v) = (mk(&mut g, sq, h)?, mk(&mut g, sk, hk)?, mk(&mut g, sk, hk)?);
        let scale = 1.0 / (d as f64).sqrt();
        let got = cutlet_candle::flash_attn(&q, &k, &v, scale as f32, causal)?;
        assert_eq!(got.dims(), [b, sq, h, d]);
        assert_eq!(got.dtype(), dtype);
        let want = reference(&q, &k, &v, f64::from(scale as f32), causal)?;
        let tol = match dtype {
            DType::F64 => 1e-12,
            DType::F32 => 1e-5,
            DType::F16 => 2e-3,
            _ => 1e-2,
        };
        let (got, want) = (flat(&got)?, flat(&want)?);
        let worst = got
            .iter()
            .zip(&want)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max);
        assert!(
            worst <= tol,
            "case {case}: {dtype:?} b {b} sq {sq} sk {sk} h {h} hk {hk} d {d} causal {causal}: {worst}"
        );
    }
    Ok(())
}

#[test]
fn flash_attn_varlen_is_each_sequence_alone() -> Result<()> {
    let mut g = Gen(5);
    let cpu = &Device::Cpu;
    for case in 0..12 {
        let (h, hk, d) = (4, [1, 2, 4][case % 3], 64);
        let lens: Vec<(usize, usize)> = (0..1 + g.below(4))
            .map(|_| (g.below(20), g.below(20)))
            .collect();
        let cu = |f: fn(&(usize, usize)) -> usize| {
            lens.iter()
                .scan(0u32, |acc, l| {
                    *acc += f(l) as u32;
                    Some(*acc)
                })
                .collect::<Vec<u32>>()
        };
        let (cq, ck) = (
            [vec![0], cu(|l| l.0)].concat(),
            [vec![0], cu(|l| l.1)].concat(),
        );
        let (tq, tk) = (*cq.last().unwrap() as usize, *ck.last().unwrap() as usize);
        let q = Tensor::from_vec(g.reals(tq * h * d), (tq, h, d), cpu)?.to_dtype(DType::F32)?;
        let k = Tensor::from_vec(g.reals(tk * hk * d), (tk, hk, d), cpu)?.to_dtype(DType::F32)?;
        let v = Tensor::from_vec(g.reals(tk * hk * d), (tk, hk, d), cpu)?.to_dtype(DType::F32)?;
        let causal = case % 2 == 0;
        let (mq, mk) = (
            lens.iter().map(|l| l.0).max().unwrap(),
            lens.iter().map(|l| l.1).max().unwrap(),
        );
        let o = cutlet_candle::flash_attn_varlen(
            &q,
            &k,
            &v,
            &Tensor::new(cq.as_slice(), cpu)?,
            &Tensor::new(ck.as_slice(), cpu)?,
            mq,
            mk,
            0.125,
            causal,
        )?;
        assert_eq!(o.dims(), [tq, h, d]);
        for (i, &(lq, lk)) in lens.iter().enumerate() {
            if lq == 0 {
                continue;
            }
            let got = o.narrow(0, cq[i] as usize, lq)?;
            let want = if lk == 0 {
                // No key at all: every row is 0.
                got.zeros_like()?
            } else {
                let seq =
                    |t: &Tensor, at: u32, len: usize| t.narrow(0, at as usize, len)?.unsqueeze(0);
                reference(
                    &seq(&q, cq[i], lq)?,
                    &seq(&k, ck[i], lk)?,
                    &seq(&v, ck[i], lk)?,
                    0.125,
                    causal,
                )?
                .squeeze(0)?
            };
            let worst = flat(&got)?
                .iter()
                .zip(flat(&want)?)
                .map(|(x, y)| (x - y).abs())
                .fold(0.0, f64::max);
            assert!(
                worst <= 1e-5,
                "case {case} sequence {i} ({lq} x {lk}): {worst}"
            );
        }
    }
    Ok(())
}

#[test]
fn flash_attn_errors_name_the_values() -> Result<()> {
    let cpu = &Device::Cpu;
    let q = Tensor::zeros((1, 4, 2, 300), DType::F32, cpu)?;
    let e = cutlet_candle::flash_attn(&q, &q, &q, 1.0, false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "head_dim of Q: 300 above the CPU attention's 256"
    );
    let q = Tensor::zeros((1, 4, 2, 64), DType::F32, cpu)?;
    let k = Tensor::zeros((1, 4, 2, 32), DType::F32, cpu)?;
    let e = cutlet_candle::flash_attn(&q, &k, &k, 1.0, false).unwrap_err();
    assert_eq!(e.to_string(), "head_dim of K: expected 64, got 32");
    let e = cutlet_candle::flash_attn(&q, &q.to_dtype(DType::F64)?, &q, 1.0, false);
    assert_eq!(
        e.unwrap_err().to_string(),
        "flash_attn: q is F32, k F64 and v F32: they must agree"
    );
    let e = cutlet_candle::flash_attn(&q.squeeze(0)?, &q, &q, 1.0, false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "q: expected rank 4 (batch, seqlen, heads, head_dim), got layout (4,2,64):(128,64,1) (rank 3)"
    );
    let p = Tensor::zeros((6, 2, 64), DType::F32, cpu)?;
    let varlen = |cu: &[u32], max: usize| {
        let cu = Tensor::new(cu, cpu)?;
        cutlet_candle::flash_attn_varlen(&p, &p, &p, &cu, &cu, max, max, 1.0, false)
    };
    assert_eq!(
        varlen(&[0, 4, 2], 6).unwrap_err().to_string(),
        "seqlens_q: sequence 1 spans 4..2, not a length in 0..=6"
    );
    assert_eq!(
        varlen(&[0, 4, 6], 3).unwrap_err().to_string(),
        "seqlens_q: sequence 0 spans 0..4, not a length in 0..=3"
    );
    assert_eq!(
        varlen(&[0, 4, 7], 4).unwrap_err().to_string(),
        "seqlens_q: the sequences end at row 7, past the 6 rows"
    );
    Ok(())
}
