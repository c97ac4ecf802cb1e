//! Every kernel on the CPU emulator, on sizes that stress the edges (1, primes,
//! non-multiples of every tile), against a plain CPU reference.

use cutlet_core::cuda::emu::{DeviceVec, launch};
use cutlet_core::cuda::{Dim3, GmemPtr};
use cutlet_kernels::gemm::{GemmArgs, KMajor, MnMajor};
use cutlet_kernels::{copy::*, sgemm::*, tile_copy::*, transpose::*};

fn data(len: usize, seed: u32) -> Vec<f32> {
    (0..len)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 20) as f32 / 64.0 - 32.0
        })
        .collect()
}

/// The L stride of a batch whose entries span `span` elements: a gap of `gap` after each
/// (0 for one entry, as `gemm()` passes).
fn entry_stride(span: usize, l: usize, gap: usize) -> usize {
    if l > 1 { span + gap } else { 0 }
}

/// Elements of `l` entries of `span` elements, `stride` apart.
fn batch_len(span: usize, l: usize, stride: usize) -> usize {
    (l - 1) * stride + span
}

#[test]
fn copy_matches_on_edge_sizes() {
    for n in [1, 3, 4, 5, 1023, 4096, 4099, 12289] {
        let src = DeviceVec::from_slice(&data(n, 1));
        // One guard element after the end: the kernel must not write it.
        let dst = DeviceVec::from_slice(&vec![-1.0f32; n + 1]);
        let (s, d) = (src.ptr(), dst.ptr());
        launch(Dim3::x(copy_blocks(n)), Dim3::x(COPY_THREADS), 0, || {
            copy(s, d, n)
        })
        .unwrap();
        assert_eq!(&dst.as_slice()[..n], src.as_slice(), "n = {n}");
        assert_eq!(dst.as_slice()[n], -1.0, "n = {n}: wrote past the end");
    }
}

#[test]
fn transpose_matches_on_edge_sizes() {
    for (m, n) in [
        (1, 1),
        (1, 37),
        (37, 1),
        (31, 33),
        (64, 32),
        (67, 45),
        (13, 97),
    ] {
        let a = DeviceVec::from_slice(&data(m * n, 2));
        let b = DeviceVec::from_slice(&vec![f32::NAN; m * n + 1]);
        let (pa, pb) = (a.ptr(), b.ptr());
        launch(
            transpose_grid(m, n),
            Dim3::x(TRANSPOSE_THREADS),
            TRANSPOSE_SMEM,
            || transpose(pa, pb, m, n),
        )
        .unwrap();
        let (a, b) = (a.as_slice(), b.as_slice());
        for i in 0..m {
            for j in 0..n {
                assert_eq!(b[j + i * n], a[i + j * m], "{m}x{n} at ({i},{j})");
            }
        }
        assert!(b[m * n].is_nan(), "{m}x{n}: wrote past the end");
    }
}

#[test]
fn tile_copy_touches_only_the_matrix() {
    for (m, n, ldb) in [(1, 1, 3), (63, 17, 64), (65, 16, 70), (130, 33, 131)] {
        let a = DeviceVec::from_slice(&data(m * n, 3));
        let b = DeviceVec::from_slice(&vec![f32::NAN; ldb * n + 1]);
        let (pa, pb) = (a.ptr(), b.ptr());
        launch(tile_copy_grid(m, n), Dim3::x(TILE_COPY_THREADS), 0, || {
            tile_copy(pa, pb, m, n, ldb)
        })
        .unwrap();
        let (a, b) = (a.as_slice(), b.as_slice());
        for j in 0..n {
            for i in 0..ldb {
                let v = b[i + j * ldb];
                if i < m {
                    assert_eq!(v, a[i + j * m], "({i},{j})");
                } else {
                    assert!(v.is_nan(), "{m}x{n}: wrote the padding at ({i},{j})");
                }
            }
        }
    }
}

/// `alpha A Bᵀ + beta C` in f64, A and B read at their majors (`(row, l)` at `l + row
/// ld` when K-major, `row + l ld` otherwise).
fn sgemm_ref(p: GemmArgs, kmajor: (bool, bool), a: &[f32], b: &[f32], c: &[f32]) -> Vec<f32> {
    let at = |k: bool, ld: usize, r: usize, l: usize| if k { l + r * ld } else { r + l * ld };
    let mut out = c.to_vec();
    for j in 0..p.n {
        for i in 0..p.m {
            let mut s = 0f64;
            for l in 0..p.k {
                s += a[at(kmajor.0, p.lda, i, l)] as f64 * b[at(kmajor.1, p.ldb, j, l)] as f64;
            }
            // BLAS: beta = 0 does not read C.
            let c0 = if p.beta == 0.0 {
                0.0
            } else {
                p.beta as f64 * c[i + j * p.ldc] as f64
            };
            out[i + j * p.ldc] = (p.alpha as f64 * s + c0) as f32;
        }
    }
    out
}

type SgemmKernel = fn(GemmArgs, GmemPtr<f32>, GmemPtr<f32>, GmemPtr<f32>);

/// The SIMT SGEMM at each pair of majors (A K-major, B K-major).
const SGEMMS: [(SgemmKernel, (bool, bool)); 4] = [
    (sgemm::<MnMajor, MnMajor>, (false, false)),
    (sgemm::<KMajor, KMajor>, (true, true)),
    (sgemm::<MnMajor, KMajor>, (false, true)),
    (sgemm::<KMajor, MnMajor>, (true, false)),
];

/// Runs the SIMT SGEMM at majors `(ak, bk)` on `case` against [`sgemm_ref`]; C's padding
/// must keep its values.
fn sgemm_run(kernel: SgemmKernel, (ak, bk): (bool, bool), case: Case) {
    let Case {
        mnk: (m, n, k),
        pad,
        ldc_pad,
        offset,
        alpha,
        beta,
        ..
    } = case;
    // Leading dimensions: the contiguous extent plus a padding.
    let ld = |rows: usize, kmajor: bool, pad: usize| if kmajor { k } else { rows } + pad;
    let (lda, ldb, ldc) = (ld(m, ak, pad), ld(n, bk, pad + 1), m + ldc_pad);
    let len = |rows: usize, kmajor: bool, ld: usize| ld * if kmajor { rows } else { k };
    let l = case.l;
    let spans = [len(m, ak, lda), len(n, bk, ldb), ldc * n];
    let [sa, sb, sc] = spans.map(|x| entry_stride(x, l, 3));
    let p = GemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        alpha,
        beta,
        c_row_major: false,
        l,
        stride_l: [sa, sb, sc],
    };
    let (mut ha, hb, mut c0) = (
        data(batch_len(spans[0], l, sa), 4),
        data(batch_len(spans[1], l, sb), 5),
        data(batch_len(spans[2], l, sc), 6),
    );
    case.nan.plant(&mut ha, 0, &mut c0, f32::NAN, f32::NAN);
    let ((_a, pa), (_b, pb), (c, pc)) = (
        shifted(&ha, offset),
        shifted(&hb, offset),
        shifted(&c0, offset),
    );
    let cfg = sgemm_config::<cutlet_kernels::registry::simt::SgemmNt>().launch_tiles(&p);
    cutlet_core::cuda::emu::launch_config(cfg, || kernel(p, pa, pb, pc))
        .unwrap_or_else(|e| panic!("{case:?}: {e}"));
    let mut want = c0.clone();
    let entry = spans[2];
    for z in 0..l {
        let c = z * sc..z * sc + entry;
        let w = sgemm_ref(p, (ak, bk), &ha[z * sa..], &hb[z * sb..], &c0[c.clone()]);
        want[c].copy_from_slice(&w);
    }
    let what = format!("{case:?} A K-major {ak} B K-major {bk}");
    // Entries `sc` apart (one entry: its span), each `ldc` rows.
    let apart = if l > 1 { sc } else { entry };
    for (idx, (g, w)) in c.as_slice()[offset..].iter().zip(&want).enumerate() {
        let e = idx % apart;
        let (i, j) = (e % ldc, e / ldc);
        if i >= m || e >= entry {
            assert!(
                g.to_bits() == c0[idx].to_bits(),
                "{what}: wrote padding ({i},{j}): {g} for {}",
                c0[idx]
            );
        } else {
            assert!(
                (g - w).abs() <= 1e-3 * (1.0 + w.abs()) || (g.is_nan() && w.is_nan()),
                "{what} ({i},{j}): {g} vs {w}"
            );
        }
    }
}

#[test]
fn sgemm_matches_reference_on_edge_sizes_at_every_major() {
    for (kernel, majors) in SGEMMS {
        for mnk in [
            (1, 1, 1),
            (7, 3, 5),
            (128, 128, 8),
            (131, 17, 9),
            (13, 140, 23),
        ] {
            let case = Case {
                ldc_pad: 3,
                alpha: 1.5,
                beta: -0.5,
                ..Case::fixed(mnk, 1)
            };
            sgemm_run(kernel, majors, case);
        }
    }
}

/// A 16-bit input type of the tensor-core GEMM, as the checks make and widen it.
trait Input: cutlet_core::cuda::DevicePod {
    fn from_f32(x: f32) -> Self;
    fn to_f64(self) -> f64;
}
impl Input for half::bf16 {
    fn from_f32(x: f32) -> Self {
        half::bf16::from_f32(x)
    }
    fn to_f64(self) -> f64 {
        half::bf16::to_f64(self)
    }
}
impl Input for half::f16 {
    fn from_f32(x: f32) -> Self {
        half::f16::from_f32(x)
    }
    fn to_f64(self) -> f64 {
        half::f16::to_f64(self)
    }
}

/// One tensor-core GEMM configuration on the emulator against an f64 reference: A and
/// B laid out by their majors (K-major rows of `k` at `lda`, or MN-major), padded
/// leading dimensions, `alpha = 0.75`, `beta = 0.5`; C's padding rows must stay.
fn tc_case<T: Input, CT: cutlet_kernels::gemm::GemmOutput>(
    kernel: fn(cutlet_kernels::gemm::GemmArgs, GmemPtr<T>, GmemPtr<T>, GmemPtr<CT>),
    cfg: cutlet_kernels::gemm::GemmConfig,
    mnk: (usize, usize, usize),
    pad: usize,
) {
    tc_run(kernel, cfg, Case::fixed(mnk, pad));
}

/// One GEMM problem: its extents, the operands' leading-dimension padding, C's, how
/// many elements each buffer starts past a 256-byte boundary, `alpha`/`beta`, and a NaN
/// planted in an operand.
#[derive(Clone, Copy, Debug)]
struct Case {
    mnk: (usize, usize, usize),
    pad: usize,
    ldc_pad: usize,
    offset: usize,
    alpha: f32,
    beta: f32,
    nan: Nan,
    /// C row-major (the Hopper kernels only).
    c_row_major: bool,
    /// Batch entries, each operand's a span past the one before.
    l: usize,
}

/// Where a case plants NaNs: nowhere, in every element of C, or in A(0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Nan {
    None,
    C,
    A00,
}

impl Nan {
    /// Plants this case's NaNs in A (its element (0, 0) at index `a00`) and C.
    fn plant<A: Copy, O: Copy>(self, a: &mut [A], a00: usize, c: &mut [O], nan_a: A, nan_c: O) {
        match self {
            Nan::None => {}
            Nan::C => c.iter_mut().for_each(|x| *x = nan_c),
            Nan::A00 => {
                if let Some(x) = a.get_mut(a00) {
                    *x = nan_a
                }
            }
        }
    }
}

impl Case {
    /// The edge tests' problems: `alpha = 0.75`, `beta = 0.5`, C padded by one row.
    fn fixed(mnk: (usize, usize, usize), pad: usize) -> Self {
        Case {
            mnk,
            pad,
            ldc_pad: 1,
            offset: 0,
            alpha: 0.75,
            beta: 0.5,
            nan: Nan::None,
            c_row_major: false,
            l: 1,
        }
    }
}

/// A buffer holding `v` from element `offset` of a device allocation, as a kernel
/// argument (the allocation lives as long as the returned vector).
fn shifted<T: cutlet_core::cuda::DevicePod>(v: &[T], offset: usize) -> (DeviceVec<T>, GmemPtr<T>) {
    let mut d = DeviceVec::zeroed(offset + v.len());
    d.as_mut_slice()[offset..].copy_from_slice(v);
    let p = GmemPtr::from_mut_slice(&mut d.as_mut_slice()[offset..]);
    (d, p)
}

/// Runs an SM80 configuration on `case` and checks it against an f64 reference.
fn tc_run<T: Input, CT: cutlet_kernels::gemm::GemmOutput>(
    kernel: fn(cutlet_kernels::gemm::GemmArgs, GmemPtr<T>, GmemPtr<T>, GmemPtr<CT>),
    cfg: cutlet_kernels::gemm::GemmConfig,
    case: Case,
) {
    let Case {
        mnk: (m, n, k),
        pad,
        ldc_pad,
        offset,
        alpha,
        beta,
        ..
    } = case;
    let (to, back) = (T::from_f32, T::to_f64);
    use cutlet_kernels::gemm::GemmArgs;
    let (a_kmajor, b_kmajor) = (cfg.a_kmajor, cfg.b_kmajor);
    let ld = |rows: usize, kmajor: bool| if kmajor { k + pad } else { rows + pad };
    let (lda, ldb, ldc) = (ld(m, a_kmajor), ld(n, b_kmajor), m + ldc_pad);
    let at = |rows: usize, kmajor: bool, ld: usize, i: usize, l: usize| {
        let _ = rows;
        if kmajor { l + i * ld } else { i + l * ld }
    };
    let q = |len: usize, seed: u32| {
        data(len, seed)
            .into_iter()
            .map(|x| to(x / 8.0))
            .collect::<Vec<T>>()
    };
    let l = case.l;
    let spans = [
        lda * if a_kmajor { m } else { k },
        ldb * if b_kmajor { n } else { k },
        ldc * n,
    ];
    // Odd gaps: each entry at its own alignment (the 16-byte path per entry).
    let [sa, sb, sc] = spans.map(|x| entry_stride(x, l, 5));
    let mut ha = q(batch_len(spans[0], l, sa), 11);
    let hb = q(batch_len(spans[1], l, sb), 12);
    let mut hc: Vec<CT> = data(batch_len(spans[2], l, sc), 13)
        .into_iter()
        .map(CT::from_f32)
        .collect();
    case.nan
        .plant(&mut ha, 0, &mut hc, to(f32::NAN), CT::from_f32(f32::NAN));
    let ((_a, pa), (_b, pb), (c, pc)) = (
        shifted(&ha, offset),
        shifted(&hb, offset),
        shifted(&hc, offset),
    );
    let p = GemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        alpha,
        beta,
        c_row_major: false,
        l,
        stride_l: [sa, sb, sc],
    };
    cutlet_core::cuda::emu::launch_config(cfg.launch_tiles(&p), || kernel(p, pa, pb, pc))
        .unwrap_or_else(|e| panic!("{case:?}: {e}"));
    let tol = if core::mem::size_of::<CT>() == 2 {
        1e-2
    } else {
        1e-4
    };
    for z in 0..l {
        let (ha, hb) = (&ha[z * sa..], &hb[z * sb..]);
        assert_gemm(
            &c.as_slice()[offset + z * sc..],
            &hc[z * sc..],
            (m, n, k, ldc),
            (alpha, beta, tol),
            |i, l| back(ha[at(m, a_kmajor, lda, i, l)]),
            |j, l| back(hb[at(n, b_kmajor, ldb, j, l)]),
            &format!("{case:?} entry {z}"),
        );
    }
}

/// Asserts that `got` (C, `ldc` rows) is `alpha A Bᵀ + beta c0` for the `m x n x k`
/// product of `a(i, l)` and `b(j, l)`, each element within `tol` relative (plus `tol`
/// absolute), and that C's padding rows kept `c0`'s values.
fn assert_gemm<O: cutlet_kernels::gemm::GemmOutput>(
    got: &[O],
    c0: &[O],
    (m, n, k, ldc): (usize, usize, usize, usize),
    (alpha, beta, tol): (f32, f32, f64),
    a: impl Fn(usize, usize) -> f64,
    b: impl Fn(usize, usize) -> f64,
    what: &str,
) {
    for j in 0..n {
        for i in 0..ldc {
            let idx = i + j * ldc;
            let g = got[idx].to_f32() as f64;
            if i >= m {
                let kept = c0[idx].to_f32() as f64;
                assert!(
                    g == kept || (g.is_nan() && kept.is_nan()),
                    "{m}x{n}x{k}: wrote padding ({i},{j}): {g} for {kept}"
                );
                continue;
            }
            let s: f64 = (0..k).map(|l| a(i, l) * b(j, l)).sum();
            // BLAS: beta = 0 does not read C.
            let c = if beta == 0.0 {
                0.0
            } else {
                beta as f64 * c0[idx].to_f32() as f64
            };
            let want = alpha as f64 * s + c;
            assert!(
                (g - want).abs() <= tol * (1.0 + want.abs()) || (g.is_nan() && want.is_nan()),
                "{m}x{n}x{k} {what} ({i},{j}): {g} vs {want}"
            );
        }
    }
}

/// Runs `case(mnk, pad)` on the tensor-core GEMM's edge sizes: padding 8 keeps the
/// 16-byte path where the contiguous extent is a multiple of 8 (for MN-major operands:
/// the last size), an odd padding forces the element path.
fn on_tc_edge_sizes(mut case: impl FnMut((usize, usize, usize), usize)) {
    let sizes = [
        (1, 1, 1),
        (17, 9, 24),
        (130, 70, 40),
        (131, 129, 136),
        (128, 128, 64),
        (97, 263, 13),
        (136, 72, 40),
    ];
    for (i, &mnk) in sizes.iter().enumerate() {
        case(mnk, if i % 2 == 0 { 8 } else { 3 });
    }
}

// Two tests, so that the test harness's threads share the work.
#[test]
fn tensor_core_gemm_matches_reference_on_edge_sizes() {
    use cutlet_kernels::gemm_sm80::*;
    use cutlet_kernels::registry::sm80::*;
    on_tc_edge_sizes(|mnk, pad| {
        tc_case(gemm_sm80::<TnBf16>, gemm_config::<TnBf16>(), mnk, pad);
        tc_case(gemm_sm80::<TnF16>, gemm_config::<TnF16>(), mnk, 8 - pad % 8);
        tc_case(
            gemm_sm80::<TnBf16W2x4>,
            gemm_config::<TnBf16W2x4>(),
            mnk,
            pad,
        );
    });
}

#[test]
fn tensor_core_gemm_with_mn_major_operands_matches_reference_on_edge_sizes() {
    use cutlet_kernels::gemm_sm80::*;
    use cutlet_kernels::registry::sm80::*;
    on_tc_edge_sizes(|mnk, pad| {
        tc_case(
            gemm_sm80::<NtBf16OutBf16>,
            gemm_config::<NtBf16OutBf16>(),
            mnk,
            pad,
        );
        tc_case(
            gemm_sm80::<NnF16OutF16>,
            gemm_config::<NnF16OutF16>(),
            mnk,
            pad,
        );
        tc_case(gemm_sm80::<TtBf16>, gemm_config::<TtBf16>(), mnk, pad);
    });
}

/// The configurations that complete every (types, majors) pair for `cutlet_gemm::gemm`:
/// each on a ragged size with an odd padding (element path) and one with padding 8
/// (16-byte path where the contiguous extent allows).
#[test]
fn every_types_and_majors_configuration_matches_reference() {
    use cutlet_kernels::gemm_sm80::*;
    use cutlet_kernels::registry::sm80::*;
    for (mnk, pad) in [((17, 9, 24), 3), ((136, 72, 40), 8)] {
        tc_case(gemm_sm80::<NtBf16>, gemm_config::<NtBf16>(), mnk, pad);
        tc_case(gemm_sm80::<NnBf16>, gemm_config::<NnBf16>(), mnk, pad);
        tc_case(gemm_sm80::<TtF16>, gemm_config::<TtF16>(), mnk, pad);
        tc_case(gemm_sm80::<NtF16>, gemm_config::<NtF16>(), mnk, pad);
        tc_case(gemm_sm80::<NnF16>, gemm_config::<NnF16>(), mnk, pad);
        tc_case(
            gemm_sm80::<TnBf16OutBf16>,
            gemm_config::<TnBf16OutBf16>(),
            mnk,
            pad,
        );
        tc_case(
            gemm_sm80::<TtBf16OutBf16>,
            gemm_config::<TtBf16OutBf16>(),
            mnk,
            pad,
        );
        tc_case(
            gemm_sm80::<NnBf16OutBf16>,
            gemm_config::<NnBf16OutBf16>(),
            mnk,
            pad,
        );
        tc_case(
            gemm_sm80::<TnF16OutF16>,
            gemm_config::<TnF16OutF16>(),
            mnk,
            pad,
        );
        tc_case(
            gemm_sm80::<TtF16OutF16>,
            gemm_config::<TtF16OutF16>(),
            mnk,
            pad,
        );
        tc_case(
            gemm_sm80::<NtF16OutF16>,
            gemm_config::<NtF16OutF16>(),
            mnk,
            pad,
        );
    }
}

/// The Hopper GEMM on the emulator against an f64 reference, as [`tc_case`]: TMA
/// descriptors from `tma_boxes`, operands at the configuration's majors (leading
/// dimension the contiguous extent plus `pad`, rounded up to 8 elements; `ldc` too), `alpha = 0.75`, `beta = 0.5`, C's padding
/// rows must stay (compared in C's type);
/// `sms` CTAs walk the tiles (1: one CTA takes every tile, wrapping the pipeline).
fn sm90_case<C: cutlet_kernels::gemm_sm90::Sm90Config>(
    mnk: (usize, usize, usize),
    pad: usize,
    sms: usize,
) {
    sm90_run::<C>(
        Case::fixed(mnk, pad),
        sms,
        cutlet_kernels::gemm_sm90::KSplit::NONE,
    );
}

/// [`sm90_case`] on any [`Case`] (the offset rounded to 8 elements: TMA reads 16-byte
/// aligned tensors).
fn sm90_run<C: cutlet_kernels::gemm_sm90::Sm90Config>(
    case: Case,
    sms: usize,
    split: cutlet_kernels::gemm_sm90::KSplit,
) {
    let Case {
        mnk: (m, n, k),
        pad,
        ldc_pad,
        alpha,
        beta,
        c_row_major,
        ..
    } = case;
    use cutlet_kernels::gemm_sm90::sm90_config;
    // A row-major C where the kernel takes one.
    let c_row_major = c_row_major && sm90_config::<C>().stores_rows();
    // 16 bytes of the narrowest element (FP8 operands: 16 elements).
    let unit = 16 / core::mem::size_of::<C::Elem>().min(core::mem::size_of::<C::Out>());
    let offset = case.offset / unit * unit;
    use cutlet_kernels::gemm_sm90::Sm90Element;
    let (to, back) = (C::Elem::from_f32, |x: C::Elem| f64::from(x.to_f32()));
    use cutlet_core::cuda::TmaDescriptor;
    use cutlet_kernels::gemm::{GemmArgs, GemmOutput};
    use cutlet_kernels::gemm_sm90::*;
    let cfg = sm90_config::<C>();
    // (row, l) of an operand with `rows` rows: its index at the major.
    let at = |kmajor: bool, ld: usize| {
        move |r: usize, l: usize| if kmajor { l + r * ld } else { r + l * ld }
    };
    // TMA reads leading dimensions that are whole 16-byte units.
    let ld =
        |kmajor: bool, rows: usize| (if kmajor { k } else { rows } + pad).next_multiple_of(unit);
    let (lda, ldb, ldc) = (
        ld(cfg.a_kmajor, m),
        ld(cfg.b_kmajor, n),
        (if c_row_major { n } else { m } + ldc_pad).next_multiple_of(unit),
    );
    // C's columns (rows where it is row-major): `ldc` apart.
    let lines = if c_row_major { m } else { n };
    let (ia, ib) = (at(cfg.a_kmajor, lda), at(cfg.b_kmajor, ldb));
    let q = |len: usize, seed: u32| {
        data(len, seed)
            .into_iter()
            .map(|x| to(x / 8.0))
            .collect::<Vec<C::Elem>>()
    };
    let span = |kmajor: bool, ld: usize, rows: usize| if kmajor { ld * rows } else { ld * k };
    // Block-scaled products are not batched.
    let l = if block_scaled::<C>() { 1 } else { case.l };
    let spans = [
        span(cfg.a_kmajor, lda, m),
        span(cfg.b_kmajor, ldb, n),
        ldc * lines,
    ];
    // TMA's strides are whole 16 bytes.
    let [sa, sb, sc] = spans.map(|x| entry_stride(x, l, unit));
    let (mut ha, hb) = (
        q(batch_len(spans[0], l, sa), 21),
        q(batch_len(spans[1], l, sb), 22),
    );
    let mut hc: Vec<C::Out> = data(batch_len(spans[2], l, sc), 23)
        .into_iter()
        .map(C::Out::from_f32)
        .collect();
    case.nan.plant(
        &mut ha,
        0,
        &mut hc,
        to(f32::NAN),
        C::Out::from_f32(f32::NAN),
    );
    let ((_a, pa), (_b, pb), (c, pc)) = (
        shifted(&ha, offset),
        shifted(&hb, offset),
        shifted(&hc, offset),
    );
    let p = GemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        alpha,
        beta,
        c_row_major,
        l,
        stride_l: [sa, sb, sc],
    };
    let (box_a, box_b, box_c) = tma_boxes::<C>(&p).unwrap();
    let descs = [
        TmaDescriptor::emulated(pa.as_ptr(), &box_a).unwrap(),
        TmaDescriptor::emulated(pb.as_ptr(), &box_b).unwrap(),
        match box_c {
            Some(bc) => TmaDescriptor::emulated(pc.as_ptr(), &bc).unwrap(),
            None => TmaDescriptor::emulated(pa.as_ptr(), &box_a).unwrap(),
        },
    ];
    let tma = GmemPtr::from_slice(&descs);
    let (np, nc) = split.workspace(schedule_len(&cfg, m, n) * l, &cfg);
    let (mut partials, mut counters) = (DeviceVec::<f32>::zeroed(np), DeviceVec::<u32>::zeroed(nc));
    let ws = (
        split,
        GmemPtr::from_mut_slice(partials.as_mut_slice()),
        GmemPtr::from_mut_slice(counters.as_mut_slice()),
    );
    // Block-scaled: powers of two (exact products), A's scales M-major and B's K-major
    // as DeepGEMM stores them, each past a padded leading dimension.
    let kb = k.div_ceil(SCALE_BLOCK);
    let pow2 = |i: usize, seed: usize| 2f32.powi(((i * 7 + seed) % 5) as i32 - 2);
    let (lsa, lsb) = (m + 3, kb + 1);
    let (sfa, sfb): (Vec<f32>, Vec<f32>) = if block_scaled::<C>() {
        (
            (0..lsa * kb).map(|i| pow2(i, 1)).collect(),
            (0..n.div_ceil(SCALE_BLOCK) * lsb)
                .map(|i| pow2(i, 3))
                .collect(),
        )
    } else {
        (vec![1.0], vec![1.0])
    };
    let scales = BlockScales {
        sfa: GmemPtr::from_slice(&sfa),
        sfb: GmemPtr::from_slice(&sfb),
        strides: ScaleStrides {
            sfa: [1, lsa],
            sfb: [lsb, 1],
        },
    };
    let (fa, fb) = (
        |i: usize, l: usize| f64::from(sfa[i + l / SCALE_BLOCK * lsa]),
        |j: usize, l: usize| f64::from(sfb[j / SCALE_BLOCK * lsb + l / SCALE_BLOCK]),
    );
    let scaled = block_scaled::<C>();
    cutlet_core::cuda::emu::launch_config(split.launch(&cfg, &p, sms), || {
        gemm_sm90::<C>(p, tma, pc, ws, scales)
    })
    .unwrap_or_else(|e| panic!("{case:?} on {sms} SMs, {split:?}: {e}"));
    // Every fix-up leaves its counter at zero for the next launch.
    assert!(
        counters.as_slice().iter().all(|&c| c == 0),
        "{split:?}: counters left set"
    );
    // f32 out: accumulation order; 16-bit out: one rounding (2^-8 relative for bf16);
    // FP8 in: the tensor cores' 13 fraction bits a k step (2^-13 of the partial sums).
    let tol = if core::mem::size_of::<C::Out>() == 2 || core::mem::size_of::<C::Elem>() == 1 {
        8e-3
    } else {
        1e-4
    };
    for z in 0..l {
        let what = format!("{case:?} on {sms} SMs, entry {z}");
        let (ea, eb) = (&ha[z * sa..], &hb[z * sb..]);
        let (a, b) = (
            |i, l| back(ea[ia(i, l)]) * if scaled { fa(i, l) } else { 1.0 },
            |j, l| back(eb[ib(j, l)]) * if scaled { fb(j, l) } else { 1.0 },
        );
        let (got, c0) = (&c.as_slice()[offset + z * sc..], &hc[z * sc..]);
        if c_row_major {
            // A row-major C is Cᵀ = B Aᵀ column-major.
            assert_gemm(got, c0, (n, m, k, ldc), (alpha, beta, tol), b, a, &what);
        } else {
            assert_gemm(got, c0, (m, n, k, ldc), (alpha, beta, tol), a, b, &what);
        }
    }
}

#[test]
fn hopper_gemm_matches_reference_on_edge_sizes() {
    use cutlet_kernels::registry::sm90::{
        NtBf16OutBf16, TnBf16, TnBf16Cluster2, TnBf16N192Cluster2, TnBf16Pingpong,
        TnBf16PingpongM64N64, TnE4m3FastAccumPingpong, TnE4m3OutBf16Cluster2, TnF16, TnTf32,
        TtBf16N192Cluster2,
    };
    let sizes = [
        ((1, 1, 1), 7, 4),
        ((17, 9, 24), 8, 4),
        ((130, 70, 200), 0, 4),
        ((131, 257, 72), 8, 4),
        ((300, 300, 64), 0, 1),
    ];
    for &(mnk, pad, sms) in &sizes {
        sm90_case::<TnBf16>(mnk, pad, sms);
        sm90_case::<TnBf16Cluster2>(mnk, pad, sms);
        sm90_case::<TnBf16Pingpong>(mnk, pad, sms);
        sm90_case::<TnBf16PingpongM64N64>(mnk, pad, sms);
        sm90_case::<TnBf16N192Cluster2>(mnk, pad, sms);
        sm90_case::<TtBf16N192Cluster2>(mnk, pad, sms);
        sm90_case::<TnF16>(mnk, pad, sms);
        sm90_case::<NtBf16OutBf16>(mnk, pad, sms);
        sm90_case::<TnE4m3OutBf16Cluster2>(mnk, pad, sms);
        sm90_case::<TnE4m3FastAccumPingpong>(mnk, pad, sms);
        sm90_case::<TnTf32>(mnk, pad, sms);
    }
}

/// `C = A Bᵀ` of configuration `C` (both operands K-major, f32 out) on the emulator for
/// `m x n x k` operands of leading dimension `ld`, `C` column-major with `ldc`.
fn tn_product<C: cutlet_kernels::gemm_sm90::Sm90Config<Out = f32>>(
    (ha, hb): (&[C::Elem], &[C::Elem]),
    (m, n, k, ld, ldc): (usize, usize, usize, usize, usize),
    scales: cutlet_kernels::gemm_sm90::BlockScales,
) -> Vec<f32> {
    use cutlet_core::cuda::TmaDescriptor;
    use cutlet_kernels::gemm_sm90::*;
    let cfg = sm90_config::<C>();
    let c = DeviceVec::<f32>::zeroed(ldc * n);
    let p = GemmArgs {
        lda: ld,
        ldb: ld,
        ldc,
        ..GemmArgs::new(m, n, k)
    };
    let (box_a, box_b, box_c) = tma_boxes::<C>(&p).unwrap();
    let descs = [
        TmaDescriptor::emulated(ha.as_ptr(), &box_a).unwrap(),
        TmaDescriptor::emulated(hb.as_ptr(), &box_b).unwrap(),
        TmaDescriptor::emulated(c.ptr().as_ptr(), &box_c.unwrap()).unwrap(),
    ];
    let none = (
        KSplit::NONE,
        GmemPtr::from_slice(&[0f32; 0]),
        GmemPtr::from_slice(&[0u32; 0]),
    );
    let (tma, pc) = (GmemPtr::from_slice(&descs), c.ptr());
    cutlet_core::cuda::emu::launch_config(KSplit::NONE.launch(&cfg, &p, 2), || {
        gemm_sm90::<C>(p, tma, pc, none, scales)
    })
    .unwrap();
    c.as_slice().to_vec()
}

/// Asserts that `got` (`m x n`, column-major with `ldc`) equals `want(i, j)` bit for bit.
fn assert_bits(
    got: &[f32],
    (m, n, ldc): (usize, usize, usize),
    want: impl Fn(usize, usize) -> f32,
    what: &str,
) {
    for i in 0..m {
        for j in 0..n {
            let (g, w) = (got[i + j * ldc], want(i, j));
            assert_eq!(g.to_bits(), w.to_bits(), "{what} ({i},{j}): {g} vs {w}");
        }
    }
}

/// The FP8 kernels' f32 results equal, bit for bit, the host model of the FP8 tensor
/// cores (`fp8_dot`, `fp8_dot_block_scaled`), fast-accumulating, promoted and
/// block-scaled (scales of every mantissa, rows and 128-column blocks apart), at k tails
/// that end inside a k step, a k tile, and past several.
#[test]
fn fp8_hopper_gemm_rounds_as_the_tensor_cores() {
    use cutlet_kernels::gemm_sm90::Sm90Config;
    use cutlet_kernels::registry::sm90::{TnE4m3BlockScaled, TnE4m3FastAccum, TnE4m3PingpongN64};
    fn check<C: Sm90Config<Elem = cutlet_core::float8::e4m3, Out = f32>>() {
        use cutlet_core::float8::e4m3;
        use cutlet_kernels::gemm_sm90::*;
        for (m, n, k) in [
            (64usize, 48usize, 40usize),
            (70, 130, 128),
            (130, 20, 520),
            (64, 200, 256),
        ] {
            let (ld, ldc) = (k.next_multiple_of(16), m.next_multiple_of(4));
            // Values of many magnitudes, so that the cuts show.
            let q = |len: usize, seed: u32| -> Vec<e4m3> {
                data(len, seed)
                    .into_iter()
                    .enumerate()
                    .map(|(i, x)| e4m3::from_f32_sat(x * (1 << (i % 9)) as f32))
                    .collect()
            };
            let (ha, hb) = (q(ld * m, 31), q(ld * n, 32));
            // A's scales K-major here (strides [kb, 1]), B's M-major ([1, nb]).
            let (kb, nb) = (k.div_ceil(SCALE_BLOCK), n.div_ceil(SCALE_BLOCK));
            let (sfa, sfb) = (data(m * kb, 33), data(nb * kb, 34));
            let scales = if block_scaled::<C>() {
                BlockScales {
                    sfa: GmemPtr::from_slice(&sfa),
                    sfb: GmemPtr::from_slice(&sfb),
                    strides: ScaleStrides {
                        sfa: [kb, 1],
                        sfb: [1, nb],
                    },
                }
            } else {
                BlockScales::NONE
            };
            let got = tn_product::<C>((&ha, &hb), (m, n, k, ld, ldc), scales);
            let (fa, fb): (Vec<f32>, Vec<f32>) = (
                ha.iter().map(|x| x.to_f32()).collect(),
                hb.iter().map(|x| x.to_f32()).collect(),
            );
            let want = |i: usize, j: usize| {
                let (a, b) = (&fa[i * ld..i * ld + k], &fb[j * ld..j * ld + k]);
                if block_scaled::<C>() {
                    let s = |t: usize| sfa[i * kb + t] * sfb[j / SCALE_BLOCK + t * nb];
                    fp8_dot_block_scaled(a, b, s)
                } else {
                    fp8_dot(a, b, promotes::<C>())
                }
            };
            assert_bits(&got, (m, n, ldc), want, &format!("{} {m}x{n}x{k}", C::NAME));
        }
    }
    check::<TnE4m3PingpongN64>();
    check::<TnE4m3FastAccum>();
    check::<TnE4m3BlockScaled>();
}

/// The TF32 kernels read an f32's upper 19 bits and sum each 8-element k step once:
/// on f32 operands with every mantissa bit used, their results equal `tf32_dot` bit for
/// bit (and differ from the f32 product), at k tails inside a k step, a k tile and past
/// several.
#[test]
fn tf32_hopper_gemm_reads_the_upper_19_bits() {
    use cutlet_core::tfloat32::tf32;
    use cutlet_kernels::gemm_sm90::{BlockScales, Sm90Config, tf32_dot};
    use cutlet_kernels::registry::sm90::{TnTf32, TnTf32PingpongN64};
    fn check<C: Sm90Config<Elem = tf32, Out = f32>>() {
        for (m, n, k) in [(64usize, 48usize, 13usize), (70, 130, 40), (130, 20, 264)] {
            let (ld, ldc) = (k.next_multiple_of(4), m.next_multiple_of(4));
            // f32 values with low mantissa bits set: what a TF32 read cuts.
            let q = |len: usize, seed: u32| -> Vec<f32> {
                data(len, seed)
                    .into_iter()
                    .map(|x| x * (1.0 + 3e-5))
                    .collect()
            };
            let (fa, fb) = (q(ld * m, 41), q(ld * n, 42));
            let (ha, hb): (Vec<tf32>, Vec<tf32>) = (
                fa.iter().map(|x| tf32::from_bits(x.to_bits())).collect(),
                fb.iter().map(|x| tf32::from_bits(x.to_bits())).collect(),
            );
            let got = tn_product::<C>((&ha, &hb), (m, n, k, ld, ldc), BlockScales::NONE);
            let want =
                |i: usize, j: usize| tf32_dot(&fa[i * ld..i * ld + k], &fb[j * ld..j * ld + k]);
            assert_bits(&got, (m, n, ldc), want, &format!("{} {m}x{n}x{k}", C::NAME));
            let f32_dot: f32 = (0..k).map(|l| fa[l] * fb[l]).sum();
            assert_ne!(got[0], f32_dot, "{}: the low bits were read", C::NAME);
        }
    }
    check::<TnTf32PingpongN64>();
    check::<TnTf32>();
}

#[test]
fn hopper_gemm_rejects_what_tma_cannot_read() {
    use cutlet_kernels::gemm::GemmArgs;
    use cutlet_kernels::gemm_sm90::tma_boxes;
    use cutlet_kernels::registry::sm90::TnBf16;
    let p = GemmArgs {
        ldb: 32,
        ..GemmArgs::new(64, 64, 30)
    };
    let e = tma_boxes::<TnBf16>(&p).unwrap_err().to_string();
    assert!(e.contains("multiple of 16") && e.contains("60"), "{e}");
    // C's TMA store: 66 f32 columns are 264 bytes.
    let c = GemmArgs {
        lda: 32,
        ldc: 66,
        ..p
    };
    let e = tma_boxes::<TnBf16>(&c).unwrap_err().to_string();
    assert!(e.contains("multiple of 16") && e.contains("264"), "{e}");
}

/// SplitMix64: the fuzz tests' generator. The seeds are fixed, so every run draws the
/// same cases, and a failure names its [`Case`]; a case that ever fails is kept as a
/// fixed regression case beside the edge sizes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
    /// A random problem: extents up to two tiles, leading dimensions padded by 0..16
    /// (odd ones force the element path), buffers starting 0, 1, 4 or 8 elements past
    /// an aligned address, and assorted `alpha`/`beta`.
    fn case(&mut self) -> Case {
        Case {
            mnk: (
                1 + self.below(160),
                1 + self.below(160),
                1 + self.below(140),
            ),
            pad: self.pick(&[0, 1, 3, 8, 16]),
            ldc_pad: self.below(9),
            offset: self.pick(&[0, 0, 1, 4, 8]),
            alpha: self.pick(&[1.0, 0.75, -2.0, 0.0]),
            beta: self.pick(&[0.0, 0.5, 1.0, -1.0]),
            nan: Nan::None,
            c_row_major: self.below(4) == 0,
            l: self.pick(&[1, 1, 1, 1, 2]),
        }
    }
}

/// Every SM80 configuration on random problems under the sanitizer.
#[test]
fn fuzz_every_sm80_configuration_under_the_sanitizer() {
    use cutlet_kernels::gemm_sm80::*;
    use cutlet_kernels::registry::sm80::*;
    type Run = Box<dyn Fn(Case)>;
    let configs: [Run; 17] = [
        Box::new(|c| tc_run(gemm_sm80::<TnBf16>, gemm_config::<TnBf16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<TnF16>, gemm_config::<TnF16>(), c)),
        Box::new(|c| {
            tc_run(
                gemm_sm80::<NtBf16OutBf16>,
                gemm_config::<NtBf16OutBf16>(),
                c,
            )
        }),
        Box::new(|c| tc_run(gemm_sm80::<NnF16OutF16>, gemm_config::<NnF16OutF16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<TtBf16>, gemm_config::<TtBf16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<TnBf16W2x4>, gemm_config::<TnBf16W2x4>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<NtBf16>, gemm_config::<NtBf16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<NnBf16>, gemm_config::<NnBf16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<TtF16>, gemm_config::<TtF16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<NtF16>, gemm_config::<NtF16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<NnF16>, gemm_config::<NnF16>(), c)),
        Box::new(|c| {
            tc_run(
                gemm_sm80::<TnBf16OutBf16>,
                gemm_config::<TnBf16OutBf16>(),
                c,
            )
        }),
        Box::new(|c| {
            tc_run(
                gemm_sm80::<TtBf16OutBf16>,
                gemm_config::<TtBf16OutBf16>(),
                c,
            )
        }),
        Box::new(|c| {
            tc_run(
                gemm_sm80::<NnBf16OutBf16>,
                gemm_config::<NnBf16OutBf16>(),
                c,
            )
        }),
        Box::new(|c| tc_run(gemm_sm80::<TnF16OutF16>, gemm_config::<TnF16OutF16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<TtF16OutF16>, gemm_config::<TtF16OutF16>(), c)),
        Box::new(|c| tc_run(gemm_sm80::<NtF16OutF16>, gemm_config::<NtF16OutF16>(), c)),
    ];
    let mut rng = Rng(80);
    for run in &configs {
        for _ in 0..2 {
            run(rng.case());
        }
    }
}

/// The SIMT SGEMM at every pair of majors on random problems under the sanitizer.
#[test]
fn fuzz_sgemm_under_the_sanitizer() {
    let mut rng = Rng(32);
    for (kernel, majors) in SGEMMS {
        for _ in 0..3 {
            sgemm_run(kernel, majors, rng.case());
        }
    }
}

/// BLAS's rules on NaN and empty reductions, in every kernel family: `beta = 0` does not
/// read C (a NaN there does not survive), a NaN in A(0, 0) makes exactly row 0 of C NaN
/// (and nothing else), and `k = 0` gives `beta C` (the SM80 and SIMT kernels; TMA takes
/// no empty tensor, so the Hopper kernels never see one: `gemm()` runs `k = 0`, and
/// `alpha = 0`, on the others).
#[test]
fn blas_semantics_in_every_family() {
    use cutlet_kernels::gemm_sm80::*;
    use cutlet_kernels::registry::{sm80, sm90};
    let cases = [
        (Nan::C, (70, 40, 24), 0.0),
        (Nan::A00, (70, 40, 24), 0.5),
        (Nan::A00, (131, 257, 72), 1.0),
        (Nan::None, (70, 40, 0), 0.5),
        (Nan::C, (70, 40, 0), 0.0),
    ];
    for (nan, mnk, beta) in cases {
        let case = Case {
            nan,
            beta,
            ..Case::fixed(mnk, 8)
        };
        tc_run(
            gemm_sm80::<sm80::TnBf16>,
            gemm_config::<sm80::TnBf16>(),
            case,
        );
        tc_run(
            gemm_sm80::<sm80::NtF16OutF16>,
            gemm_config::<sm80::NtF16OutF16>(),
            case,
        );
        sgemm_run(sgemm::<MnMajor, MnMajor>, (false, false), case);
        if mnk.2 > 0 {
            sm90_run::<sm90::TnBf16>(case, 4, cutlet_kernels::gemm_sm90::KSplit::NONE);
            sm90_run::<sm90::NtBf16OutBf16Pingpong>(
                case,
                1,
                cutlet_kernels::gemm_sm90::KSplit::NONE,
            );
            let split = cutlet_kernels::gemm_sm90::KSplit {
                splits: 2,
                whole: 0,
            };
            sm90_run::<sm90::NnF16>(case, 4, split);
        }
    }
}

/// Batches (CuTe's L mode, each operand's entries a stride apart) in every family: the
/// per-tile kernels over `blockIdx.z`, the Hopper ones as one schedule (whole and
/// split, in clusters, and the 128 x 32 tiles storing a row-major C from registers).
#[test]
fn batches_match_reference_in_every_family() {
    use cutlet_kernels::gemm_sm80::*;
    use cutlet_kernels::gemm_sm90::KSplit;
    use cutlet_kernels::registry::{sm80, sm90};
    let case = |mnk, c_row_major| Case {
        l: 3,
        c_row_major,
        ..Case::fixed(mnk, 8)
    };
    let split = KSplit {
        splits: 2,
        whole: 1,
    };
    let col = case((70, 40, 72), false);
    tc_run(
        gemm_sm80::<sm80::TnBf16>,
        gemm_config::<sm80::TnBf16>(),
        col,
    );
    sgemm_run(sgemm::<KMajor, MnMajor>, (true, false), col);
    sm90_run::<sm90::TnBf16>(col, 4, KSplit::NONE);
    sm90_run::<sm90::TnBf16Cluster2>(col, 2, KSplit::NONE);
    let rows = case((131, 20, 136), true);
    tc_run(
        gemm_sm80::<sm80::NtF16OutF16>,
        gemm_config::<sm80::NtF16OutF16>(),
        rows,
    );
    sm90_run::<sm90::NtBf16OutBf16Pingpong>(rows, 1, split);
    sm90_run::<sm90::TnBf16N32>(rows, 4, split);
}

/// Split tiles of few rows (small M: most of each partial tile is past C's edge), the
/// 16-bit kernels of 128 and 64 rows and the TF32 kernel, in 2 and 3 parts.
#[test]
fn split_tiles_of_few_rows_match_reference() {
    use cutlet_kernels::gemm_sm90::KSplit;
    use cutlet_kernels::registry::sm90::{TnBf16PingpongM64N64, TnBf16PingpongN64, TnTf32};
    for m in [1, 16, 17, 40, 70] {
        for splits in [2, 3] {
            let case = Case::fixed((m, 72, 200), 8);
            let split = KSplit { splits, whole: 0 };
            sm90_run::<TnBf16PingpongN64>(case, 4, split);
            sm90_run::<TnBf16PingpongM64N64>(case, 4, split);
            sm90_run::<TnTf32>(case, 2, split);
        }
    }
}

/// The 128 x 32 tiles on products of few columns, as `gemm()` runs a product of few rows
/// transposed: C row-major (stored from registers) and column-major, whole and split.
#[test]
fn few_columns_match_reference() {
    use cutlet_kernels::gemm_sm90::KSplit;
    use cutlet_kernels::registry::sm90::{NnF16OutF16N32, TnBf16N32};
    for (mnk, c_row_major, splits) in [
        ((200, 16, 136), true, 1),
        ((130, 17, 72), true, 2),
        ((70, 32, 200), false, 3),
        ((257, 40, 64), true, 1),
    ] {
        let case = Case {
            c_row_major,
            ..Case::fixed(mnk, 8)
        };
        let split = KSplit { splits, whole: 0 };
        sm90_run::<TnBf16N32>(case, 4, split);
        sm90_run::<NnF16OutF16N32>(case, 2, split);
    }
}

/// Every Hopper configuration of the registry whose index in it has parity `parity`, on
/// a random problem under the sanitizer, on one CTA (the pipeline wraps) or four, whole
/// or with its reduction split (all tiles, or those after the first). The two parities
/// are two tests, so the harness runs them on two cores.
fn fuzz_hopper_configurations(parity: usize) {
    use cutlet_core::cuda::Kernel;
    use cutlet_kernels::gemm_sm90::{KSplit, Sm90Config};
    use cutlet_kernels::registry::{GemmVisitor, Sm90Params, TiledParams, for_each_gemm};
    struct Fuzz {
        rng: Rng,
        parity: usize,
        seen: usize,
        split: usize,
    }
    impl GemmVisitor for Fuzz {
        fn sm80<C: cutlet_kernels::gemm_sm80::Sm80Config>(
            &mut self,
            _: Kernel<TiledParams<C::Elem, C::Out>>,
        ) {
        }
        fn sm90<C: Sm90Config>(&mut self, _: Kernel<Sm90Params<C::Out>>) {
            let index = self.seen;
            self.seen += 1;
            if index % 2 != self.parity {
                return;
            }
            let sms = self.rng.pick(&[1, 4]);
            let split = if self.rng.below(2) == 0 {
                KSplit::NONE
            } else {
                self.split += 1;
                KSplit {
                    splits: self.rng.pick(&[2, 3]),
                    whole: self.rng.pick(&[0, 1]),
                }
            };
            sm90_run::<C>(self.rng.case(), sms, split);
        }
        fn simt<C: cutlet_kernels::sgemm::SimtConfig>(&mut self, _: Kernel<TiledParams<f32, f32>>) {
        }
    }
    let mut fuzz = Fuzz {
        rng: Rng(90 + parity as u64),
        parity,
        seen: 0,
        split: 0,
    };
    for_each_gemm(&mut fuzz);
    assert!(fuzz.seen >= 10, "{} Hopper configurations", fuzz.seen);
    assert!(fuzz.split >= 2, "{} split runs", fuzz.split);
}

#[test]
fn fuzz_even_hopper_configurations_under_the_sanitizer() {
    fuzz_hopper_configurations(0);
}

#[test]
fn fuzz_odd_hopper_configurations_under_the_sanitizer() {
    fuzz_hopper_configurations(1);
}

/// The copy, transpose and tile-copy kernels on random extents and misaligned buffers
/// under the sanitizer.
#[test]
fn fuzz_copies_under_the_sanitizer() {
    let mut rng = Rng(7);
    for _ in 0..4 {
        // The copy moves 16-byte vectors: its buffers are 16-byte aligned.
        let (n, off) = (1 + rng.below(5000), rng.pick(&[0, 4, 8]));
        let src = data(n, 1);
        let ((_s, s), (d, pd)) = (shifted(&src, off), shifted(&vec![0.0f32; n], off));
        launch(Dim3::x(copy_blocks(n)), Dim3::x(COPY_THREADS), 0, || {
            copy(s, pd, n)
        })
        .unwrap_or_else(|e| panic!("copy of {n} at +{off}: {e}"));
        assert_eq!(&d.as_slice()[off..], &src[..], "copy of {n} at +{off}");

        let (m, n, off) = (1 + rng.below(140), 1 + rng.below(140), rng.pick(&[0, 1, 4]));
        let a = data(m * n, 2);
        let ((_a, pa), (b, pb)) = (shifted(&a, off), shifted(&vec![0.0f32; m * n], off));
        launch(
            transpose_grid(m, n),
            Dim3::x(TRANSPOSE_THREADS),
            TRANSPOSE_SMEM,
            || transpose(pa, pb, m, n),
        )
        .unwrap_or_else(|e| panic!("transpose {m}x{n} at +{off}: {e}"));
        let b = &b.as_slice()[off..];
        for i in 0..m {
            for j in 0..n {
                assert_eq!(b[j + i * n], a[i + j * m], "transpose {m}x{n} at ({i},{j})");
            }
        }

        let ldb = m + rng.below(9);
        let ((_a, pa), (b, pb)) = (shifted(&a, off), shifted(&vec![f32::NAN; ldb * n], off));
        launch(tile_copy_grid(m, n), Dim3::x(TILE_COPY_THREADS), 0, || {
            tile_copy(pa, pb, m, n, ldb)
        })
        .unwrap_or_else(|e| panic!("tile_copy {m}x{n} ldb {ldb} at +{off}: {e}"));
        let b = &b.as_slice()[off..];
        for j in 0..n {
            for i in 0..ldb {
                let v = b[i + j * ldb];
                assert!(
                    if i < m { v == a[i + j * m] } else { v.is_nan() },
                    "tile_copy {m}x{n} ldb {ldb} ({i},{j})"
                );
            }
        }
    }
}
