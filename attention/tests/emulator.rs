//! The Hopper attention kernel on the emulator, under the sanitizer, against the f64
//! CPU attention (`cutlet_attention::cpu`): every configuration of the registry (head dimensions 64, 128, 256; bf16
//! and f16) on ragged sequence lengths, `seqlen_q` above and below `seqlen_k`, causal
//! and not, grouped-query attention, Q, K and V with their own strides (BSHD and BHSD),
//! variable-length batches, and the log-sum-exp; three persistent CTAs walk the tiles.

use cutlet_attention::{AttentionOptions, cpu};
use cutlet_core::cuda::emu::DeviceVec;
use cutlet_core::cuda::{Float16, GmemPtr, Kernel, TmaDescriptor};
use cutlet_core::prelude::*;
use cutlet_kernels::flash_sm90::{FlashArgs, FlashConfig, flash_config, flash_sm90, qkv_box};
use cutlet_kernels::registry::{FlashParams, FlashVisitor, for_each_flash};

/// One case: `(batch, heads, kv_heads)`, `(seqlen_q, seqlen_k)`, causal, whether Q, K
/// and V are laid out `(batch, head, seqlen, d)` (BHSD) rather than BSHD, and, for
/// variable lengths, each sequence's `(seqlen_q, seqlen_k)` (packed in one batch; `bhk`'s
/// batch and `seqlens` are then unused), and a key row of K made NaN.
#[derive(Clone, Copy, Debug, Default)]
struct Case {
    bhk: (usize, usize, usize),
    seqlens: (usize, usize),
    causal: bool,
    bhsd: bool,
    varlen: Option<&'static [(usize, usize)]>,
    nan_key: Option<usize>,
}

/// `len` values in `[-2, 2)` that differ with `seed`.
fn data(len: usize, seed: u64) -> Vec<f32> {
    (0..len as u64)
        .map(|i| {
            let x = (i
                .wrapping_mul(2654435761)
                .wrapping_add(seed.wrapping_mul(40503)))
                >> 7;
            (x % 1024) as f32 / 256.0 - 2.0
        })
        .collect()
}

/// Element strides `[batch, seqlen, head]` of a `(batch, s, h, d)` tensor, BSHD or BHSD
/// in memory.
fn strides((s, h, d): (usize, usize, usize), bhsd: bool) -> [usize; 3] {
    if bhsd {
        [h * s * d, d, s * d]
    } else {
        [s * h * d, h * d, d]
    }
}

fn run<C: FlashConfig>(case: Case) {
    let cfg = flash_config::<C>();
    let d = cfg.head_dim;
    let Case {
        bhk: (b, h, hk),
        seqlens: (sq, sk),
        causal,
        bhsd,
        varlen,
        nan_key,
    } = case;
    // The sequences: (batch coordinate, first Q row, seqlen_q, first K row, seqlen_k),
    // and the tensors' batches and rows per batch.
    let (seqs, tb, rq, rk): (Vec<_>, usize, usize, usize) = match varlen {
        None => ((0..b).map(|bi| (bi, 0, sq, 0, sk)).collect(), b, sq, sk),
        Some(lens) => {
            let (mut q0, mut k0, mut v) = (0, 0, Vec::new());
            for &(lq, lk) in lens {
                v.push((0, q0, lq, k0, lk));
                (q0, k0) = (q0 + lq, k0 + lk);
            }
            (v, 1, q0, k0)
        }
    };
    let (qs, ks) = (strides((rq, h, d), bhsd), strides((rk, hk, d), bhsd));
    let at = |s: [usize; 3], (bi, i, hi, c): (usize, usize, usize, usize)| {
        bi * s[0] + i * s[1] + hi * s[2] + c
    };
    let e = |len: usize, seed: u64| -> Vec<C::Elem> {
        data(len, seed)
            .into_iter()
            .map(C::Elem::from_f32_rn)
            .collect()
    };
    let (q, mut k, v) = (
        e(tb * rq * h * d, 1),
        e(tb * rk * hk * d, 2),
        e(tb * rk * hk * d, 3),
    );
    // A NaN key: every row that sees it has O NaN and log-sum-exp +inf (FA's
    // convention for a sum that is not a number), the others are untouched.
    if let Some(j) = nan_key {
        for (bi, kh, c) in
            (0..tb).flat_map(|bi| (0..hk).flat_map(move |kh| (0..d).map(move |c| (bi, kh, c))))
        {
            k[at(ks, (bi, j, kh, c))] = C::Elem::from_f32_rn(f32::NAN);
        }
    }
    let longest = |f: fn(&(usize, usize, usize, usize, usize)) -> usize| {
        seqs.iter().map(f).max().unwrap_or(0)
    };
    let mut a = FlashArgs::new(
        (seqs.len(), h, hk),
        (longest(|s| s.2), longest(|s| s.4)),
        d,
        causal,
    );
    a.o_stride = strides((rq, h, d), !bhsd);
    a.rows_q = rq;
    a.varlen = u32::from(varlen.is_some());
    let o = DeviceVec::<C::Elem>::zeroed(tb * rq * h * d);
    let lse = DeviceVec::<f32>::zeroed(tb * h * rq);
    // Q's cumulative lengths, then K's.
    let mut cu: Vec<u32> = seqs.iter().map(|s| s.1 as u32).collect();
    cu.push(rq as u32);
    cu.extend(seqs.iter().map(|s| s.3 as u32));
    cu.push(rk as u32);
    let mut dcu = DeviceVec::<u32>::zeroed(cu.len());
    dcu.as_mut_slice().copy_from_slice(&cu);
    // Device buffers (aligned, as TMA needs).
    let dev = |x: &[C::Elem]| {
        let mut d = DeviceVec::<C::Elem>::zeroed(x.len());
        d.as_mut_slice().copy_from_slice(x);
        d
    };
    let (dq, dk, dv) = (dev(&q), dev(&k), dev(&v));
    let map = |x: &DeviceVec<C::Elem>, dims, s, rows| {
        TmaDescriptor::emulated(x.as_slice().as_ptr(), &qkv_box::<C>(dims, s, rows).unwrap())
            .unwrap()
    };
    let mut descs = vec![
        map(&dq, (tb, rq.max(1), h), qs, 128),
        map(&dk, (tb, rk.max(1), hk), ks, cfg.tile.1),
        map(&dv, (tb, rk.max(1), hk), ks, cfg.tile.1),
    ];
    // O by TMA stores, but with variable lengths (from registers).
    if varlen.is_none() {
        descs.push(map(&o, (tb, rq.max(1), h), a.o_stride, 64));
        a.o_tma = 1;
    }
    let (tma, po, pl) = (GmemPtr::from_slice(&descs), o.ptr(), lse.ptr());
    let pc = dcu.ptr();
    // Three persistent CTAs: most walk several tiles (the Q barriers' phases, the
    // pipelines across tiles), some skip a short sequence's empty ones.
    cutlet_core::cuda::emu::launch_config(cfg.launch(&a, 3), || {
        flash_sm90::<C>(a, tma, (po, pl), pc)
    })
    .unwrap_or_else(|err| panic!("{} {case:?}: {err}", C::NAME));
    // The f64 reference (the CPU attention), sequence by sequence.
    let w = |x: &C::Elem| f64::from(x.to_f32_widened());
    let (q, k, v): (Vec<f64>, Vec<f64>, Vec<f64>) = (
        q.iter().map(w).collect(),
        k.iter().map(w).collect(),
        v.iter().map(w).collect(),
    );
    let (got_o, got_l) = (o.as_slice(), lse.as_slice());
    for &(bi, q0, sq, k0, sk) in &seqs {
        let view = |s: [usize; 3], rows: usize, heads: usize| layout!((1, rows, heads, d):({s[0]}, {s[1]}, {s[2]}, 1));
        let (qv, kv) = (
            &q[at(qs, (bi, q0, 0, 0))..],
            (&k[at(ks, (bi, k0, 0, 0))..], &v[at(ks, (bi, k0, 0, 0))..]),
        );
        let mut want_o = vec![0.0; sq * h * d];
        let mut want_l = vec![0.0; h * sq];
        let opts = AttentionOptions {
            causal,
            ..Default::default()
        };
        cpu::attention(
            &make_tensor(qv, view(qs, sq, h)),
            &make_tensor(kv.0, view(ks, sk, hk)),
            &make_tensor(kv.1, view(ks, sk, hk)),
            &mut make_tensor(&mut want_o[..], layout!((1, sq, h, d):(0, {h * d}, d, 1))),
            Some(&mut want_l),
            &opts,
        )
        .unwrap();
        for hi in 0..h {
            for i in 0..sq {
                let (gl, wl) = (
                    f64::from(got_l[(bi * h + hi) * rq + q0 + i]),
                    want_l[hi * sq + i],
                );
                assert!(
                    (gl - wl).abs() <= 1e-3 * (1.0 + wl.abs())
                        || gl == wl
                        || gl.is_nan() && wl.is_nan(),
                    "{} {case:?}: lse of row {i} head {hi} sequence at {q0}: {gl} vs {wl}",
                    C::NAME
                );
                for c in 0..d {
                    let want = want_o[(i * h + hi) * d + c];
                    let g = w(&got_o[at(a.o_stride, (bi, q0 + i, hi, c))]);
                    // P and O are rounded to 16 bits.
                    assert!(
                        (g - want).abs() <= 2e-2 * (1.0 + want.abs())
                            || g.is_nan() && want.is_nan(),
                        "{} {case:?}: O({bi},{},{hi},{c}) {g} vs {want}",
                        C::NAME,
                        q0 + i
                    );
                }
            }
        }
    }
}

/// Every attention configuration of the registry on `case`. Each case is a test of its
/// own, so the test harness runs them on every core.
fn every_configuration(case: Case) {
    struct Each(Case, usize);
    impl FlashVisitor for Each {
        fn flash<C: FlashConfig>(&mut self, _: Kernel<FlashParams<C::Elem>>) {
            run::<C>(self.0);
            self.1 += 1;
        }
    }
    let mut each = Each(case, 0);
    for_each_flash(&mut each);
    assert_eq!(each.1, 6);
}

#[test]
fn every_configuration_on_more_queries_than_keys() {
    every_configuration(Case {
        bhk: (1, 2, 1),
        seqlens: (130, 70),
        ..Case::default()
    });
}

#[test]
fn every_configuration_causal_bhsd_on_more_keys_than_queries() {
    every_configuration(Case {
        bhk: (2, 2, 2),
        seqlens: (70, 200),
        causal: true,
        bhsd: true,
        ..Case::default()
    });
}

#[test]
fn every_configuration_causal_on_more_queries_than_keys() {
    every_configuration(Case {
        bhk: (1, 1, 1),
        seqlens: (200, 100),
        causal: true,
        ..Case::default()
    });
}

/// Variable lengths (FA's varlen): an empty query sequence, one of a single row, keys
/// shorter and longer than the queries, none at all.
#[test]
fn every_configuration_on_variable_lengths() {
    every_configuration(Case {
        bhk: (0, 2, 1),
        causal: true,
        varlen: Some(&[(70, 130), (0, 20), (150, 40), (1, 1), (5, 0)]),
        ..Case::default()
    });
}

/// A NaN in K: causal rows from 100 on see it.
#[test]
fn every_configuration_with_a_nan_key() {
    every_configuration(Case {
        bhk: (1, 2, 1),
        seqlens: (150, 150),
        causal: true,
        nan_key: Some(100),
        ..Case::default()
    });
}
