// The CuTe C++ twin of cutlet's `kernels/src/gemm_sm80.rs`, for side-by-side timing.
//
// Tensor-core GEMM in CuTe's SM80 style: `C = alpha A B^T + beta C` with A `(m, k)` and
// B `(n, k)` in f16 or bf16, each K-major or MN-major, C `(m, n)` column-major in f32 or
// the input type, accumulation in f32.
//
// A configuration is one instantiation of the kernel template `sm80_gemm` (element type,
// output type, MMA atom, majors, CTA tile, stages), named after the Rust one below
// (`gemm_tn_bf16`, ...). The kernel, step by step, as in the Rust kernel:
//
// - the CTA tile `(BM, BK)` of A, `(BN, BK)` of B and `(BM, BN)` of C by `local_tile`;
// - shared memory: `tile_to_shape` of CuTe's SM80 128-byte swizzle atom (K-major
//   `Swizzle<3,3,3> o (_8,_64):(_64,_1)`, MN-major `Swizzle<3,3,3> o (_64,_8):(_1,_64)`)
//   to `(BM, BK, STAGES)`, so `ldmatrix` is free of bank conflicts without padding;
// - global -> shared: a `TiledCopy` of `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>`
//   (threads `(16,8)`, 8 values along the contiguous mode), one predicate per 16-byte
//   vector from the identity tensor (zero fill outside), in a `STAGES`-deep `cp.async`
//   pipeline; an operand whose rows are not 16-byte vectors (odd `k`, leading dimension
//   or pointer) takes an element-by-element path through the same partition;
// - the TiledMMA: `SM80_16x8x16_F32{F16F16,BF16BF16}F32_TN`, atom layout `(2,2,1)`,
//   M and N permutations that give each warp one `(BM/2, BN/2)` block;
// - shared -> registers: `make_tiled_copy_A/B` of `SM75_U32x4_LDSM_N` (K-major) or
//   `SM75_U16x8_LDSM_T` (MN-major) and `retile_D` of the MMA's fragments;
// - `gemm(tiled_mma, tCrA(_,_,k), tCrB(_,_,k), tCrC)` per k block;
// - epilogue through shared memory: the accumulators by `partition_C` into a padded
//   f32 tile, then 16-byte vectors per thread (a TiledCopy of `uint128_t` over threads
//   `(BM/4, 512/BM)`), `alpha acc + beta C` converted once to the output type and stored
//   4 elements at a time; a tile that crosses the matrix edge (or a C that is not
//   vector-aligned) is stored element by element, predicated on the identity tensor.
//
// The configurations built here: `gemm_tn_bf16`, `gemm_tn_f16` (the timed ones),
// `gemm_nt_bf16_out_bf16`, `gemm_nn_f16_out_f16` and `gemm_tt_bf16`.
//
// `main` mirrors the GEMM part of the Rust host program (`cuda-host/src/kernels.rs`):
// checks of every configuration against a double-precision CPU reference, then timings
// (median of 20 timed runs after 3 warm-ups, CUDA events), printed as markdown rows.

#include <cute/tensor.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#define CUDA_CHECK(call)                                                               \
  do {                                                                                 \
    cudaError_t err_ = (call);                                                         \
    if (err_ != cudaSuccess) {                                                         \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,               \
                   cudaGetErrorString(err_));                                          \
      std::exit(2);                                                                    \
    }                                                                                  \
  } while (0)

/// Threads per block: four warps.
constexpr int GEMM_THREADS = 128;

/// The problem; element pointers are passed separately (same bytes as the Rust `repr(C)`
/// struct: six 64-bit extents, two floats).
struct GemmArgs {
  /// Rows of A and C.
  size_t m;
  /// Rows of B, columns of C.
  size_t n;
  /// The reduction extent.
  size_t k;
  /// Leading dimension of A (the stride of its non-contiguous mode).
  size_t lda;
  /// Leading dimension of B.
  size_t ldb;
  /// Leading dimension of C (column-major, `>= m`).
  size_t ldc;
  /// Scales `A B^T`.
  float alpha;
  /// Scales C.
  float beta;
};

/// The grid for an `m x n` product with a `bm x bn` CTA tile.
inline dim3 gemm_grid(size_t m, size_t n, size_t bm, size_t bn) {
  return dim3(unsigned(std::max<size_t>((m + bm - 1) / bm, 1)),
              unsigned(std::max<size_t>((n + bn - 1) / bn, 1)));
}

/// Dynamic shared memory of a configuration: the A and B stages, or the f32 C tile of
/// the epilogue (which reuses them), whichever is larger.
constexpr size_t gemm_smem(size_t bm, size_t bn, size_t bk, size_t stages) {
  return std::max(stages * (bm + bn) * bk * 2, (bm + 4) * bn * 4);
}

/// Output elements: f32, or the 16-bit input type. Four of them are one vector store.
template <class CT>
struct GemmOutput;
template <>
struct GemmOutput<float> {
  /// Four elements as one vector.
  using Vec4 = cute::uint128_t;
  /// Rounds an f32.
  CUTE_DEVICE static float from_f32(float x) { return x; }
  /// Widens to f32.
  CUTE_DEVICE static float to_f32(float x) { return x; }
  /// Four elements' bits, the first in the lowest bits.
  CUTE_DEVICE static Vec4 pack4(cute::array<float, 4> const& v) {
    auto w = [&](int i) { return uint64_t(__float_as_uint(v[i])); };
    return Vec4(w(0) | (w(1) << 32), w(2) | (w(3) << 32));
  }
  /// The inverse of `pack4`.
  CUTE_DEVICE static cute::array<float, 4> unpack4(Vec4 const& v) {
    uint64_t lo = v.hilo_.lo, hi = v.hilo_.hi;
    return {__uint_as_float(uint32_t(lo)), __uint_as_float(uint32_t(lo >> 32)),
            __uint_as_float(uint32_t(hi)), __uint_as_float(uint32_t(hi >> 32))};
  }
};
/// The 16-bit outputs (`half_t`, `bfloat16_t`).
template <class H>
struct HalfOutput {
  using Vec4 = uint64_t;
  CUTE_DEVICE static H from_f32(float x) { return H(x); }
  CUTE_DEVICE static float to_f32(H x) { return float(x); }
  CUTE_DEVICE static Vec4 pack4(cute::array<float, 4> const& v) {
    auto b = [&](int i) { return uint64_t(H(v[i]).raw()); };
    return b(0) | (b(1) << 16) | (b(2) << 32) | (b(3) << 48);
  }
  CUTE_DEVICE static cute::array<float, 4> unpack4(Vec4 v) {
    auto h = [&](int s) { return float(H::bitcast(uint16_t(v >> s))); };
    return {h(0), h(16), h(32), h(48)};
  }
};
template <>
struct GemmOutput<cute::half_t> : HalfOutput<cute::half_t> {};
template <>
struct GemmOutput<cute::bfloat16_t> : HalfOutput<cute::bfloat16_t> {};

/// Whether an operand's rows are 16-byte vectors: the contiguous extent and the leading
/// dimension are multiples of 8 elements and the pointer is 16-byte aligned.
template <class T>
CUTE_HOST_DEVICE bool vectorizable(int contiguous, int ld, T const* p) {
  return contiguous % 8 == 0 && ld % 8 == 0 && reinterpret_cast<uintptr_t>(p) % 16 == 0;
}

/// The major modes of an operand `(rows, k)`: K-major (rows of k contiguous elements,
/// CuTe's "T" for A and "N" for B as BLAS names them) or MN-major.
struct MajorK {};
struct MajorMN {};

/// The pieces of one operand's path that depend on its major mode (CuTe's per-layout
/// choices in the SM80 collective).
template <class Major>
struct Sm80Operand;
template <>
struct Sm80Operand<MajorK> {
  // (rows, k) in global memory.
  template <class T>
  CUTE_HOST_DEVICE static auto gmem(T const* p, int rows, int k, int ld) {
    using namespace cute;
    return make_tensor(make_gmem_ptr(p), make_shape(rows, k), make_stride(ld, Int<1>{}));
  }
  // The extent along which rows are contiguous.
  CUTE_HOST_DEVICE static int contiguous(int, int k) { return k; }
  // CuTe's SM80 swizzle atom for 16-bit elements.
  using SmemAtom = decltype(cute::composition(
      cute::Swizzle<3, 3, 3>{},
      cute::Layout<cute::Shape<cute::_8, cute::_64>, cute::Stride<cute::_64, cute::_1>>{}));
  // 128 threads, 8 elements (16 bytes) each along the contiguous mode.
  template <class T>
  CUTE_HOST_DEVICE static auto g2s() {
    using namespace cute;
    return make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>, T>{},
                           Layout<Shape<_16, _8>, Stride<_8, _1>>{},  // threads
                           Layout<Shape<_1, _8>>{});                  // values
  }
  // ldmatrix: plain for K-major tiles.
  using S2R = cute::SM75_U32x4_LDSM_N;
};
template <>
struct Sm80Operand<MajorMN> {
  // (rows, k) in global memory.
  template <class T>
  CUTE_HOST_DEVICE static auto gmem(T const* p, int rows, int k, int ld) {
    using namespace cute;
    return make_tensor(make_gmem_ptr(p), make_shape(rows, k), make_stride(Int<1>{}, ld));
  }
  // The extent along which rows are contiguous.
  CUTE_HOST_DEVICE static int contiguous(int rows, int) { return rows; }
  // CuTe's SM80 swizzle atom for 16-bit elements.
  using SmemAtom = decltype(cute::composition(
      cute::Swizzle<3, 3, 3>{},
      cute::Layout<cute::Shape<cute::_64, cute::_8>, cute::Stride<cute::_1, cute::_64>>{}));
  // 128 threads, 8 elements (16 bytes) each along the contiguous mode.
  template <class T>
  CUTE_HOST_DEVICE static auto g2s() {
    using namespace cute;
    return make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>, T>{},
                           Layout<Shape<_16, _8>, Stride<_1, _16>>{},  // threads
                           Layout<Shape<_8, _1>>{});                   // values
  }
  // ldmatrix: transposing for MN-major tiles.
  using S2R = cute::SM75_U16x8_LDSM_T;
};

/// Loads k tile `kt` of one operand into pipeline stage `stage`: 16-byte `cp.async`
/// copies predicated per vector (zero fill outside), or element by element when the
/// operand is not vectorizable.
template <class G2S, class GTensor, class ITensor, class STensor, class TileShape>
CUTE_DEVICE void sm80_load_tile(G2S const& g2s, GTensor const& g, ITensor const& id,
                                STensor& s, TileShape tile, int blk, int kt, int stage,
                                int rows, int k, bool vec) {
  using namespace cute;
  using T = typename GTensor::value_type;
  ThrCopy thr = g2s.get_slice(int(threadIdx.x));
  Tensor tg = thr.partition_S(local_tile(g, tile, make_coord(blk, kt)));   // (CPY,CPY_R,CPY_K)
  Tensor tc = thr.partition_S(local_tile(id, tile, make_coord(blk, kt)));  // (CPY,CPY_R,CPY_K)
  Tensor ts = thr.partition_D(s);                                          // (CPY,CPY_R,CPY_K,PIPE)
  if (vec) {
    CUTE_UNROLL
    for (int i = 0; i < size<1>(tg); ++i) {
      CUTE_UNROLL
      for (int j = 0; j < size<2>(tg); ++j) {
        auto rc = tc(0, i, j);
        // The ZFILL atom's src-size 0 reads nothing outside the operand.
        copy(g2s.with(get<0>(rc) < rows && get<1>(rc) < k), tg(_, i, j), ts(_, i, j, stage));
      }
    }
  } else {
    Tensor tss = ts(_, _, _, stage);
    CUTE_UNROLL
    for (int v = 0; v < size(tg); ++v) {
      auto rc = tc(v);
      tss(v) = get<0>(rc) < rows && get<1>(rc) < k ? T(tg(v)) : T(0);
    }
  }
}

/// One configuration of the tensor-core GEMM as a kernel:
/// `sm80_gemm<ELEMENT, OUTPUT, MMA_ATOM, MajorK|MajorMN (A), MajorK|MajorMN (B), BM, BN,
/// BK, STAGES>`.
///
/// `BM` and `BN` are multiples of 128, `BK` of 64, `STAGES >= 2`. Launch
/// `gemm_grid(m, n, BM, BN)` blocks of `GEMM_THREADS` threads with
/// `gemm_smem(BM, BN, BK, STAGES)` bytes of dynamic shared memory.
///
/// No `__launch_bounds__`, like the Rust entry (whose PTX has no `.maxntid`): given a
/// clang-built PTX of the earlier kernel with `.maxntid 128`, ptxas 12.9 capped it at 32
/// registers and spilled 5.5 KB; without, 255 registers.
template <class T, class CT, class MmaOp, class MajorA, class MajorB, int BM, int BN, int BK,
          int STAGES>
__global__ void sm80_gemm(GemmArgs p, T const* a, T const* b, CT* c) {
  using namespace cute;
  using OpA = Sm80Operand<MajorA>;
  using OpB = Sm80Operand<MajorB>;
  int const m = int(p.m), n = int(p.n), k = int(p.k);
  int const lda = int(p.lda), ldb = int(p.ldb), ldc = int(p.ldc);
  float const alpha = p.alpha, beta = p.beta;
  // A holds its (m, k) elements at the strides the major mode gives with `lda`, B its
  // (n, k) with `ldb`, C (m, n) column-major with `ldc` (the caller's contract); every
  // global access below is predicated on its identity coordinate lying inside (m, k),
  // (n, k) or (m, n), and C's elements each belong to one thread.
  Tensor ga = OpA::gmem(a, m, k, lda);
  Tensor gb = OpB::gmem(b, n, k, ldb);
  Tensor ia = make_identity_tensor(make_shape(m, k));
  Tensor ib = make_identity_tensor(make_shape(n, k));
  bool const vec_a = vectorizable(OpA::contiguous(m, k), lda, a);
  bool const vec_b = vectorizable(OpB::contiguous(n, k), ldb, b);
  int const bm = int(blockIdx.x), bn = int(blockIdx.y);
  int const tid = int(threadIdx.x);

  // Shared memory: `STAGES` swizzled (BM, BK) tiles of A and (BN, BK) of B.
  // Written only through cp.async (or, element by element, by the thread that owns the
  // element) and read (ldmatrix) after the wait and the barrier that cover the stage; a
  // stage is refilled only after the barrier that ends its last read.
  extern __shared__ __align__(16) unsigned char smem[];
  using SmemLayoutA =
      decltype(tile_to_shape(typename OpA::SmemAtom{}, Shape<Int<BM>, Int<BK>, Int<STAGES>>{}));
  using SmemLayoutB =
      decltype(tile_to_shape(typename OpB::SmemAtom{}, Shape<Int<BN>, Int<BK>, Int<STAGES>>{}));
  T* smem_a = reinterpret_cast<T*>(smem);
  T* smem_b = smem_a + cosize(SmemLayoutA{});
  Tensor sa = make_tensor(make_smem_ptr(smem_a), SmemLayoutA{});  // (BM,BK,STAGES)
  Tensor sb = make_tensor(make_smem_ptr(smem_b), SmemLayoutB{});  // (BN,BK,STAGES)
  auto g2s_a = OpA::template g2s<T>();
  auto g2s_b = OpB::template g2s<T>();
  // The Rust kernel's `load(kt, stage)` closure is written out at its one call site
  // below (clang does not inline a lambda this large).

  // The TiledMMA: 2x2 warps, the permutations give warp (wm, wn) the block of rows
  // wm BM/2 .. and columns wn BN/2 ...
  TiledMMA mma = make_tiled_mma(MmaOp{}, Layout<Shape<_2, _2, _1>>{},
                                Tile<Layout<Shape<_16, _2, Int<BM / 32>>, Stride<_1, Int<BM / 2>, _16>>,
                                     Layout<Shape<_8, _2, Int<BN / 16>>, Stride<_1, Int<BN / 2>, _8>>,
                                     _16>{});
  ThrMMA thr_mma = mma.get_slice(tid);
  Tensor acc = partition_fragment_C(mma, Shape<Int<BM>, Int<BN>>{});  // (MMA,MMA_M,MMA_N)
  clear(acc);
  // Registers for one k tile, filled by ldmatrix through the MMA's copies.
  Tensor af = thr_mma.partition_fragment_A(sa(_, _, 0));  // (MMA,MMA_M,MMA_K) of (BM,BK)
  Tensor bf = thr_mma.partition_fragment_B(sb(_, _, 0));  // (MMA,MMA_N,MMA_K) of (BN,BK)
  auto s2r_a = make_tiled_copy_A(Copy_Atom<typename OpA::S2R, T>{}, mma);
  auto s2r_b = make_tiled_copy_B(Copy_Atom<typename OpB::S2R, T>{}, mma);
  ThrCopy thr_s2r_a = s2r_a.get_slice(tid);
  ThrCopy thr_s2r_b = s2r_b.get_slice(tid);
  Tensor tsa = thr_s2r_a.partition_S(sa);  // (CPY,CPY_M,CPY_K,PIPE)
  Tensor tsb = thr_s2r_b.partition_S(sb);  // (CPY,CPY_N,CPY_K,PIPE)
  Tensor tra = thr_s2r_a.retile_D(af);     // (CPY,CPY_M,CPY_K)
  Tensor trb = thr_s2r_b.retile_D(bf);     // (CPY,CPY_N,CPY_K)

  int const k_tiles = (k + BK - 1) / BK;
  // Iteration `it` loads k tile `it` and computes k tile `it - (STAGES - 1)`:
  // STAGES - 1 tiles stay in flight. (One loop, one load site, as in the Rust kernel.)
  for (int it = 0; it < k_tiles + STAGES - 1; ++it) {
    if (it >= STAGES - 1) {
      // The tile computed below has landed (at most the newest STAGES - 2 groups are
      // pending), and every warp is done with the stage the load below refills (read at
      // the previous iteration).
      cp_async_wait<STAGES - 2>();
      __syncthreads();
    }
    if (it < k_tiles) {
      // load(it, it % STAGES)
      sm80_load_tile(g2s_a, ga, ia, sa, Shape<Int<BM>, Int<BK>>{}, bm, it, it % STAGES, m, k, vec_a);
      sm80_load_tile(g2s_b, gb, ib, sb, Shape<Int<BN>, Int<BK>>{}, bn, it, it % STAGES, n, k, vec_b);
    }
    cp_async_fence();
    if (it < STAGES - 1) {
      continue;
    }
    int const stage = (it - (STAGES - 1)) % STAGES;
    CUTE_UNROLL
    for (int kb = 0; kb < size<2>(af); ++kb) {
      copy(s2r_a, tsa(_, _, kb, stage), tra(_, _, kb));
      copy(s2r_b, tsb(_, _, kb, stage), trb(_, _, kb));
      cute::gemm(mma, af(_, _, kb), bf(_, _, kb), acc);
    }
  }
  cp_async_wait<0>();
  __syncthreads();

  // Epilogue, through shared memory (the A and B stages are free now): the accumulators
  // into an f32 (BM, BN) tile padded by one vector per column.
  // Every thread has passed the barrier after its last read of the stages; each element
  // of the tile is written by one thread, and read (by any thread) only after the barrier
  // below.
  Tensor sc = make_tensor(make_smem_ptr(reinterpret_cast<float*>(smem)),
                          Layout<Shape<Int<BM>, Int<BN>>, Stride<_1, Int<BM + 4>>>{});
  Tensor tcsc = thr_mma.partition_C(sc);
  CUTE_UNROLL
  for (int v = 0; v < size(acc); ++v) {
    tcsc(v) = alpha * acc(v);
  }
  __syncthreads();

  // Vectors of 4: threads (BM/4, 512/BM) over the tile, one uint128_t of f32 each from
  // shared memory, one Vec4 of the output type to global memory.
  // The same bytes as `sc`, read only after the barrier above.
  Tensor sc4 = make_tensor(make_smem_ptr(reinterpret_cast<uint128_t*>(smem)),
                           Layout<Shape<Int<BM / 4>, Int<BN>>, Stride<_1, Int<(BM + 4) / 4>>>{});
  auto r2g = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, uint128_t>{},
                             Layout<Shape<Int<BM / 4>, Int<512 / BM>>, Stride<_1, Int<BM / 4>>>{},
                             Layout<Shape<_1, _1>>{});
  ThrCopy thr_r2g = r2g.get_slice(tid);
  Tensor tsc = thr_r2g.partition_S(sc4);  // (CPY,CPY_M,CPY_N) of 4-vectors
  Tensor cc = local_tile(make_identity_tensor(make_shape(m, n)), Shape<Int<BM>, Int<BN>>{},
                         make_coord(bm, bn));
  bool const full = (bm + 1) * BM <= m && (bn + 1) * BN <= n;
  using Vec4 = typename GemmOutput<CT>::Vec4;
  if (full && ldc % 4 == 0 && reinterpret_cast<uintptr_t>(c) % sizeof(Vec4) == 0) {
    // As for C above: this block's tile lies inside C, ldc and the pointer are multiples
    // of the vector, each vector belongs to one thread.
    Tensor gc4 = make_tensor(make_gmem_ptr(reinterpret_cast<Vec4*>(c)),
                             make_layout(make_shape(m / 4, n), make_stride(Int<1>{}, ldc / 4)));
    Tensor tgc = thr_r2g.partition_D(local_tile(gc4, Shape<Int<BM / 4>, Int<BN>>{},
                                                make_coord(bm, bn)));
    CUTE_UNROLL
    for (int v = 0; v < size(tsc); ++v) {
      cute::array<float, 4> x = GemmOutput<float>::unpack4(tsc(v));
      if (beta != 0.0f) {
        cute::array<float, 4> old = GemmOutput<CT>::unpack4(tgc(v));
        CUTE_UNROLL
        for (int e = 0; e < 4; ++e) {
          x[e] += beta * old[e];
        }
      }
      tgc(v) = GemmOutput<CT>::pack4(x);
    }
  } else {
    // As for C above.
    Tensor gc = make_tensor(make_gmem_ptr(c), make_layout(make_shape(m, n), make_stride(Int<1>{}, ldc)));
    Tensor gct = local_tile(gc, Shape<Int<BM>, Int<BN>>{}, make_coord(bm, bn));
    auto thr_c = make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{},
                                 Layout<Shape<Int<BM / 4>, Int<512 / BM>>, Stride<_4, Int<BM>>>{},
                                 Layout<Shape<_4, _1>>{})
                     .get_slice(tid);
    Tensor tsc = thr_c.partition_S(sc);
    Tensor tcc = thr_c.partition_S(cc);
    Tensor tgc = thr_c.partition_D(gct);
    CUTE_UNROLL
    for (int v = 0; v < size(tsc); ++v) {
      auto ij = tcc(v);
      if (get<0>(ij) < m && get<1>(ij) < n) {
        float old = beta == 0.0f ? 0.0f : GemmOutput<CT>::to_f32(tgc(v));
        tgc(v) = GemmOutput<CT>::from_f32(tsc(v) + beta * old);
      }
    }
  }
}

/// One configuration: the kernel instantiation, its launch and its shared memory.
template <class T_, class CT_, class MmaOp, class MajorA_, class MajorB_, int BM, int BN, int BK,
          int STAGES>
struct Sm80Gemm {
  using T = T_;
  using CT = CT_;
  using MajorA = MajorA_;
  using MajorB = MajorB_;
  static constexpr size_t smem = gemm_smem(BM, BN, BK, STAGES);
  /// Allows the (over 48 KiB) dynamic shared memory.
  static void allow_smem() {
    CUDA_CHECK(cudaFuncSetAttribute(sm80_gemm<T, CT, MmaOp, MajorA, MajorB, BM, BN, BK, STAGES>,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  }
  static void run(GemmArgs p, T const* a, T const* b, CT* c) {
    sm80_gemm<T, CT, MmaOp, MajorA, MajorB, BM, BN, BK, STAGES>
        <<<gemm_grid(p.m, p.n, BM, BN), GEMM_THREADS, smem>>>(p, a, b, c);
    CUDA_CHECK(cudaGetLastError());
  }
};

/// TN (A and B K-major) bf16 -> f32 C, 128x128x64, 3 stages: the timed configuration.
struct gemm_tn_bf16 : Sm80Gemm<cute::bfloat16_t, float, cute::SM80_16x8x16_F32BF16BF16F32_TN,
                               MajorK, MajorK, 128, 128, 64, 3> {
  static constexpr char const* name = "gemm_tn_bf16";
};
/// TN f16 -> f32 C, 128x128x64, 3 stages.
struct gemm_tn_f16 : Sm80Gemm<cute::half_t, float, cute::SM80_16x8x16_F32F16F16F32_TN, MajorK,
                              MajorK, 128, 128, 64, 3> {
  static constexpr char const* name = "gemm_tn_f16";
};
/// NT (A M-major, B N-major) bf16 -> bf16 C, 128x128x64, 3 stages.
struct gemm_nt_bf16_out_bf16
    : Sm80Gemm<cute::bfloat16_t, cute::bfloat16_t, cute::SM80_16x8x16_F32BF16BF16F32_TN, MajorMN,
               MajorMN, 128, 128, 64, 3> {
  static constexpr char const* name = "gemm_nt_bf16_out_bf16";
};
/// NN (A M-major, B K-major) f16 -> f16 C, 128x128x64, 4 stages.
struct gemm_nn_f16_out_f16 : Sm80Gemm<cute::half_t, cute::half_t, cute::SM80_16x8x16_F32F16F16F32_TN,
                                      MajorMN, MajorK, 128, 128, 64, 4> {
  static constexpr char const* name = "gemm_nn_f16_out_f16";
};
/// TT (A K-major, B N-major) bf16 -> f32 C, 128x128x64, 2 stages.
struct gemm_tt_bf16 : Sm80Gemm<cute::bfloat16_t, float, cute::SM80_16x8x16_F32BF16BF16F32_TN,
                               MajorK, MajorMN, 128, 128, 64, 2> {
  static constexpr char const* name = "gemm_tt_bf16";
};

// ---------------------------------------------------------------------------------------
// Host: the GEMM part of cuda-host/src/kernels.rs.

/// The same inputs as the Rust host's `data()`.
static std::vector<float> data(size_t len, uint32_t seed) {
  std::vector<float> v(len);
  for (size_t i = 0; i < len; ++i) {
    uint32_t x = uint32_t(i) * 2654435761u + seed;
    v[i] = float(x >> 20) / 64.0f - 32.0f;
  }
  return v;
}

/// `v / div`, rounded to the element type (round to nearest even, as `half`'s
/// `from_f32`; the identity for float).
template <class T>
static std::vector<T> quantize(std::vector<float> const& v, float div) {
  std::vector<T> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    out[i] = T(v[i] / div);
  }
  return out;
}

/// Host view of an operand `(rows, k)` with leading dimension `ld`.
template <class Major>
struct HostOperand;
template <>
struct HostOperand<MajorK> {
  static size_t contiguous(size_t, size_t k) { return k; }
  static size_t len(size_t rows, size_t, size_t ld) { return rows * ld; }
  static size_t index(size_t r, size_t l, size_t ld) { return l + r * ld; }
};
template <>
struct HostOperand<MajorMN> {
  static size_t contiguous(size_t rows, size_t) { return rows; }
  static size_t len(size_t, size_t k, size_t ld) { return ld * k; }
  static size_t index(size_t r, size_t l, size_t ld) { return r + l * ld; }
};

template <class T>
struct DeviceBuf {
  T* ptr = nullptr;
  explicit DeviceBuf(size_t len) { CUDA_CHECK(cudaMalloc(&ptr, std::max<size_t>(len, 1) * sizeof(T))); }
  DeviceBuf(std::vector<T> const& h) : DeviceBuf(h.size()) {
    CUDA_CHECK(cudaMemcpy(ptr, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  ~DeviceBuf() { cudaFree(ptr); }
  DeviceBuf(DeviceBuf const&) = delete;
  DeviceBuf& operator=(DeviceBuf const&) = delete;
  std::vector<T> to_host(size_t len) const {
    std::vector<T> h(len);
    CUDA_CHECK(cudaMemcpy(h.data(), ptr, len * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
};

/// Edge sizes against the CPU; prints one line. `lda`/`ldb` are the contiguous extent
/// plus 8 or (odd sizes, the element-by-element path) 3.
template <class G>
static bool check() {
  using T = typename G::T;
  using CT = typename G::CT;
  using HA = HostOperand<typename G::MajorA>;
  using HB = HostOperand<typename G::MajorB>;
  size_t const sizes[][3] = {{1, 1, 1},       {17, 9, 24},      {131, 129, 136},
                             {1000, 999, 72}, {257, 384, 1032}, {97, 263, 13},
                             {136, 264, 200}};
  double const tol = std::is_same<CT, float>::value ? 1e-5 : 1e-2;
  std::vector<std::string> bad;
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
    size_t m = sizes[si][0], n = sizes[si][1], k = sizes[si][2];
    size_t pad = si % 2 == 0 ? 8 : 3;
    size_t lda = HA::contiguous(m, k) + pad, ldb = HB::contiguous(n, k) + pad, ldc = m + 1;
    GemmArgs p{m, n, k, lda, ldb, ldc, 0.75f, 0.5f};
    std::vector<T> ha = quantize<T>(data(HA::len(m, k, lda), 11), 8.0f);
    std::vector<T> hb = quantize<T>(data(HB::len(n, k, ldb), 12), 8.0f);
    std::vector<CT> hc = quantize<CT>(data(ldc * n, 13), 1.0f);
    DeviceBuf<T> a(ha), b(hb);
    DeviceBuf<CT> c(hc);
    G::run(p, a.ptr, b.ptr, c.ptr);
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<CT> g = c.to_host(ldc * n);
    double err = 0, norm = 0;
    bool pad_ok = true;
    for (size_t j = 0; j < n; ++j) {
      for (size_t i = 0; i < ldc; ++i) {
        size_t idx = i + j * ldc;
        if (i >= m) {
          pad_ok &= float(g[idx]) == float(hc[idx]);
          continue;
        }
        double s = 0;
        for (size_t l = 0; l < k; ++l) {
          s += double(float(ha[HA::index(i, l, lda)])) * double(float(hb[HB::index(j, l, ldb)]));
        }
        double want = 0.75 * s + 0.5 * double(float(hc[idx]));
        double got = double(float(g[idx]));
        err += (got - want) * (got - want);
        norm += want * want;
      }
    }
    double rel = std::sqrt(err / std::max(norm, 1e-30));
    if (!pad_ok || !(rel < tol)) {
      char line[160];
      std::snprintf(line, sizeof line, "%zux%zux%zu: relative error %.2e, padding kept %s",
                    m, n, k, rel, pad_ok ? "true" : "false");
      bad.push_back(line);
    }
  }
  std::printf("check CuTe C++ twin %s: ", G::name);
  if (bad.empty()) {
    std::printf("ok\n");
  } else {
    std::printf("FAILED:");
    for (size_t i = 0; i < bad.size(); ++i) {
      std::printf("%s %s", i ? ";" : "", bad[i].c_str());
    }
    std::printf("\n");
  }
  return bad.empty();
}

/// Milliseconds of `runs` timed calls after `warmup` untimed ones, sorted.
template <class F>
static std::vector<double> time_ms(int warmup, int runs, F f) {
  for (int i = 0; i < warmup; ++i) {
    f();
  }
  cudaEvent_t start, end;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&end));
  std::vector<double> out;
  for (int i = 0; i < runs; ++i) {
    CUDA_CHECK(cudaEventRecord(start));
    f();
    CUDA_CHECK(cudaEventRecord(end));
    CUDA_CHECK(cudaEventSynchronize(end));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, end));
    out.push_back(ms);
  }
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(end));
  std::sort(out.begin(), out.end());
  return out;
}

/// Median of sorted samples.
static double median(std::vector<double> const& s) {
  size_t n = s.size();
  return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
}

/// One timing row: `m x n x k` with unpadded operands, alpha 1, beta 0.
template <class G>
static void measure(size_t m, size_t n, size_t k) {
  using T = typename G::T;
  using CT = typename G::CT;
  using HA = HostOperand<typename G::MajorA>;
  using HB = HostOperand<typename G::MajorB>;
  int const warm = 3, runs = 20;
  double flop = 2.0 * double(m) * double(n) * double(k);
  GemmArgs p{m, n, k, HA::contiguous(m, k), HB::contiguous(n, k), m, 1.0f, 0.0f};
  DeviceBuf<T> a(quantize<T>(data(m * k, 14), 32.0f));
  DeviceBuf<T> b(quantize<T>(data(n * k, 15), 32.0f));
  DeviceBuf<CT> c(m * n);
  CUDA_CHECK(cudaMemset(c.ptr, 0, m * n * sizeof(CT)));
  std::vector<double> ms = time_ms(warm, runs, [&] { G::run(p, a.ptr, b.ptr, c.ptr); });
  auto rate = [&](double t) { return flop / (t * 1e-3) / 1e12; };
  std::printf("| CuTe C++ twin %s (TFLOP/s) | %zux%zux%zu | %.0f (%.0f..%.0f) |\n", G::name, m,
              n, k, rate(median(ms)), rate(ms.back()), rate(ms.front()));
  std::fflush(stdout);
}

int main(int argc, char** argv) {
  bool check_only = argc > 1 && std::strcmp(argv[1], "--check-only") == 0;
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount);
  gemm_tn_bf16::allow_smem();
  gemm_tn_f16::allow_smem();
  gemm_nt_bf16_out_bf16::allow_smem();
  gemm_nn_f16_out_f16::allow_smem();
  gemm_tt_bf16::allow_smem();

  bool ok = check<gemm_tn_bf16>();
  ok &= check<gemm_tn_f16>();
  ok &= check<gemm_nt_bf16_out_bf16>();
  ok &= check<gemm_nn_f16_out_f16>();
  ok &= check<gemm_tt_bf16>();
  if (!ok || check_only) {
    return ok ? 0 : 1;
  }

  std::printf("\n| kernel | size | CuTe C++ twin |\n|---|---|---|\n");
  size_t const sizes[][3] = {{1024, 1024, 1024}, {2048, 2048, 2048}, {4096, 4096, 4096},
                             {8192, 8192, 8192}, {8192, 2048, 4096}, {3072, 5120, 1024}};
  for (auto const& s : sizes) {
    measure<gemm_tn_bf16>(s[0], s[1], s[2]);
  }
  for (auto const& s : sizes) {
    measure<gemm_tn_f16>(s[0], s[1], s[2]);
  }
  measure<gemm_nt_bf16_out_bf16>(4096, 4096, 4096);
  measure<gemm_nn_f16_out_f16>(4096, 4096, 4096);
  measure<gemm_tt_bf16>(4096, 4096, 4096);
  return 0;
}
