//! A Llama-style transformer block (RMS norm, grouped-query causal attention, SwiGLU
//! MLP) with random bf16 weights, run on the GPU twice from one source: with candle's
//! own matmul (cuBLAS) and attention (matmul, fused softmax, matmul, as
//! `candle-transformers`' models do without flash-attn), and with cutlet's [`matmul`]
//! and [`flash_attn`], the one-import switch. Prints, per op and for the whole block,
//! the max difference between the two and the time of each (median and min..max of
//! timed calls, each synchronized, after warm-ups).
//!
//! ```text
//! eval "$(bash scripts/cuda-toolkit.sh)"
//! CUTLET_PTX=on cargo run --release -p cutlet-candle --features cuda --example block -- \
//!     [batch seqlen dim heads kv_heads ffn]
//! ```
//!
//! Defaults: 2 x 4096 tokens of Llama-3-8B's block (dim 4096, 32 heads of 128, 8 KV
//! heads, ffn 14336). cutlet's kernels need an sm_90 GPU (H100/H200) for the Hopper
//! paths; elsewhere `matmul` runs its SM80 kernels and `flash_attn` is an error.

use candle::{D, DType, Device, Result, Tensor};
use cutlet_candle::{flash_attn, matmul};
use std::time::Instant;

/// The block's sizes.
#[derive(Clone, Copy, Debug)]
struct Config {
    batch: usize,
    seqlen: usize,
    dim: usize,
    heads: usize,
    kv_heads: usize,
    ffn: usize,
}

impl Config {
    fn head_dim(&self) -> usize {
        self.dim / self.heads
    }
}

/// The weights, stored as candle's `Linear` stores them: `(out, in)`.
struct Weights {
    norm1: Tensor,
    wqkv: Tensor,
    wo: Tensor,
    norm2: Tensor,
    w13: Tensor,
    w2: Tensor,
}

impl Weights {
    fn random(c: Config, dev: &Device) -> Result<Weights> {
        let kv = c.kv_heads * c.head_dim();
        let w = |out: usize, inp: usize| {
            (Tensor::randn(0f32, 1., (out, inp), dev)? / (inp as f64).sqrt())?.to_dtype(DType::BF16)
        };
        let ones = Tensor::ones(c.dim, DType::BF16, dev)?;
        Ok(Weights {
            norm1: ones.clone(),
            wqkv: w(c.dim + 2 * kv, c.dim)?,
            wo: w(c.dim, c.dim)?,
            norm2: ones,
            w13: w(2 * c.ffn, c.dim)?,
            w2: w(c.dim, c.ffn)?,
        })
    }
}

/// The two ops the block takes from its backend.
trait Backend {
    const NAME: &'static str;
    /// `x wᵀ` for `x (tokens, in)` and `w (out, in)`.
    fn linear(&self, x: &Tensor, w: &Tensor) -> Result<Tensor>;
    /// Causal attention of `q (b, s, heads, d)` over `k`, `v (b, s, kv_heads, d)`,
    /// `(b, s, heads, d)` out.
    fn attention(&self, q: &Tensor, k: &Tensor, v: &Tensor) -> Result<Tensor>;
}

/// candle's own: `Tensor::matmul` (cuBLAS) and attention from matmuls and
/// `candle_nn::ops::softmax_last_dim`, with the KV heads repeated to Q's.
struct Candle {
    /// `-inf` above the diagonal, `0` elsewhere: `(s, s)`.
    mask: Tensor,
}

impl Backend for Candle {
    const NAME: &'static str = "candle";

    fn linear(&self, x: &Tensor, w: &Tensor) -> Result<Tensor> {
        x.matmul(&w.t()?)
    }

    fn attention(&self, q: &Tensor, k: &Tensor, v: &Tensor) -> Result<Tensor> {
        let (b, s, h, d) = q.dims4()?;
        let rep = h / k.dim(2)?;
        let heads = |t: &Tensor| -> Result<Tensor> {
            // (b, s, kv, d) -> (b, kv * rep, s, d), each KV head repeated `rep` times.
            let (b, s, kv, d) = t.dims4()?;
            t.unsqueeze(3)?
                .broadcast_as((b, s, kv, rep, d))?
                .reshape((b, s, kv * rep, d))?
                .transpose(1, 2)?
                .contiguous()
        };
        let (q, k, v) = (q.transpose(1, 2)?.contiguous()?, heads(k)?, heads(v)?);
        let att = (q.matmul(&k.t()?)? / (d as f64).sqrt())?;
        let att = att.broadcast_add(&self.mask)?;
        let p = candle_nn::ops::softmax_last_dim(&att)?;
        p.matmul(&v)?.transpose(1, 2)?.reshape((b, s, h, d))
    }
}

/// cutlet's: [`matmul`] and [`flash_attn`], reading candle's strided views in place.
struct Cutlet;

impl Backend for Cutlet {
    const NAME: &'static str = "cutlet";

    fn linear(&self, x: &Tensor, w: &Tensor) -> Result<Tensor> {
        matmul(x, &w.t()?)
    }

    fn attention(&self, q: &Tensor, k: &Tensor, v: &Tensor) -> Result<Tensor> {
        let d = q.dim(3)?;
        flash_attn(q, k, v, 1. / (d as f32).sqrt(), true)
    }
}

/// The block's input to attention: Q, K and V as strided views of one projection
/// `(b, s, heads + 2 kv_heads, d)`.
fn qkv(c: Config, proj: &Tensor) -> Result<(Tensor, Tensor, Tensor)> {
    let p = proj.reshape((c.batch, c.seqlen, c.heads + 2 * c.kv_heads, c.head_dim()))?;
    Ok((
        p.narrow(2, 0, c.heads)?,
        p.narrow(2, c.heads, c.kv_heads)?,
        p.narrow(2, c.heads + c.kv_heads, c.kv_heads)?,
    ))
}

/// `x + attention(norm(x))`, then `+ mlp(norm(·))`, on `x (b * s, dim)`.
fn block<B: Backend>(be: &B, c: Config, w: &Weights, x: &Tensor) -> Result<Tensor> {
    let h = candle_nn::ops::rms_norm(x, &w.norm1, 1e-5)?;
    let (q, k, v) = qkv(c, &be.linear(&h, &w.wqkv)?)?;
    let o = be
        .attention(&q, &k, &v)?
        .reshape((c.batch * c.seqlen, c.dim))?;
    let x = (x + be.linear(&o, &w.wo)?)?;
    let h = candle_nn::ops::rms_norm(&x, &w.norm2, 1e-5)?;
    let gu = be.linear(&h, &w.w13)?;
    let (g, u) = (gu.narrow(1, 0, c.ffn)?, gu.narrow(1, c.ffn, c.ffn)?);
    x + be.linear(&(g.silu()? * u)?, &w.w2)?
}

/// Median, min and max of `runs` synchronized calls of `f` after 3 warm-ups, in ms.
fn time(
    dev: &Device,
    runs: usize,
    mut f: impl FnMut() -> Result<Tensor>,
) -> Result<(f64, f64, f64)> {
    for _ in 0..3 {
        f()?;
    }
    let mut ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        dev.synchronize()?;
        let t = Instant::now();
        let y = f()?;
        dev.synchronize()?;
        ms.push(t.elapsed().as_secs_f64() * 1e3);
        drop(y);
    }
    ms.sort_by(f64::total_cmp);
    Ok((ms[ms.len() / 2], ms[0], ms[ms.len() - 1]))
}

/// The max of `|a - b|` and of `|a|`, in f32.
fn diff(a: &Tensor, b: &Tensor) -> Result<(f32, f32)> {
    let (a, b) = (a.to_dtype(DType::F32)?, b.to_dtype(DType::F32)?);
    let d = (&a - &b)?
        .abs()?
        .flatten_all()?
        .max(D::Minus1)?
        .to_scalar::<f32>()?;
    let m = a.abs()?.flatten_all()?.max(D::Minus1)?.to_scalar::<f32>()?;
    Ok((d, m))
}

/// One row of the table: the op, its size in TFLOP, candle's and cutlet's time, the
/// differences.
fn row(
    dev: &Device,
    name: &str,
    flop: f64,
    mut candle: impl FnMut() -> Result<Tensor>,
    mut cutlet: impl FnMut() -> Result<Tensor>,
) -> Result<()> {
    let (d, m) = diff(&candle()?, &cutlet()?)?;
    let runs = 10;
    let (ca, ca_lo, ca_hi) = time(dev, runs, &mut candle)?;
    let (cu, cu_lo, cu_hi) = time(dev, runs, &mut cutlet)?;
    // TFLOP over milliseconds.
    let tf = |ms: f64| flop / ms * 1e3;
    println!(
        "| {name} | {ca:.3} ({ca_lo:.3}..{ca_hi:.3}) | {:.0} | {cu:.3} ({cu_lo:.3}..{cu_hi:.3}) | {:.0} | {:.2} | {d:.3e} (max {m:.3e}) |",
        tf(ca),
        tf(cu),
        ca / cu,
    );
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// A message error, without the backtrace `candle::bail!` captures.
fn usage(msg: String) -> candle::Error {
    candle::Error::Msg(msg)
}

fn run() -> Result<()> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().map_err(|e| usage(format!("argument {a:?}: {e}"))))
        .collect::<Result<_>>()?;
    let [batch, seqlen, dim, heads, kv_heads, ffn] = match args[..] {
        [] => [2, 4096, 4096, 32, 8, 14336],
        [a, b, c, d, e, f] => [a, b, c, d, e, f],
        _ => {
            return Err(usage(
                "give six sizes (batch seqlen dim heads kv_heads ffn) or none".into(),
            ));
        }
    };
    let c = Config {
        batch,
        seqlen,
        dim,
        heads,
        kv_heads,
        ffn,
    };
    if heads == 0 || kv_heads == 0 || dim % heads != 0 || heads % kv_heads != 0 {
        return Err(usage(format!(
            "heads {heads} must divide dim {dim}, and kv_heads {kv_heads} must divide heads"
        )));
    }
    let dev = Device::new_cuda(0)?;
    let w = Weights::random(c, &dev)?;
    let t = batch * seqlen;
    let x = Tensor::randn(0f32, 1., (t, dim), &dev)?.to_dtype(DType::BF16)?;
    let mask: Vec<f32> = (0..seqlen * seqlen)
        .map(|i| {
            if i % seqlen > i / seqlen {
                f32::NEG_INFINITY
            } else {
                0.
            }
        })
        .collect();
    let cand = Candle {
        mask: Tensor::from_vec(mask, (seqlen, seqlen), &dev)?.to_dtype(DType::BF16)?,
    };
    println!("{c:?}, bf16");

    let h = candle_nn::ops::rms_norm(&x, &w.norm1, 1e-5)?;
    let (q, k, v) = qkv(c, &Cutlet.linear(&h, &w.wqkv)?)?;
    let o = Cutlet.attention(&q, &k, &v)?.reshape((t, dim))?;
    let gu = Cutlet.linear(&h, &w.w13)?;
    let a = (gu.narrow(1, 0, ffn)?.silu()? * gu.narrow(1, ffn, ffn)?)?;

    println!(
        "| op | {} ms | TFLOP/s | {} ms | TFLOP/s | {0} / {1} time | max abs diff |",
        Candle::NAME,
        Cutlet::NAME
    );
    println!("|---|---|---|---|---|---|---|");
    // Causal attention: half of the 4 b h s² d of its two products.
    let att = 2. * (batch * heads * seqlen * seqlen * c.head_dim()) as f64 * 1e-12;
    row(
        &dev,
        "attention (causal)",
        att,
        || cand.attention(&q, &k, &v),
        || Cutlet.attention(&q, &k, &v),
    )?;
    let mut total = att;
    for (name, x, weight) in [
        ("qkv projection", &h, &w.wqkv),
        ("o projection", &o, &w.wo),
        ("gate/up projection", &h, &w.w13),
        ("down projection", &a, &w.w2),
    ] {
        let flop = 2. * (t * weight.dim(0)? * weight.dim(1)?) as f64 * 1e-12;
        total += flop;
        row(
            &dev,
            name,
            flop,
            || cand.linear(x, weight),
            || Cutlet.linear(x, weight),
        )?;
    }
    row(
        &dev,
        "whole block",
        total,
        || block(&cand, c, &w, &x),
        || block(&Cutlet, c, &w, &x),
    )?;
    Ok(())
}
