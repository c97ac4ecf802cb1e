// The CuTe C++ twin of cutlet's `kernels/src/gemm_sm80.rs`, for side-by-side timing.
//
// Tensor-core GEMM in CuTe's SM80 style: `C = alpha A B^T + beta C` with A `(m, k)` and
// B `(n, k)` both K-major in f16 or bf16 (CuTe's "TN"), C `(m, n)` column-major f32,
// accumulation in f32.
//
// - CTA tile 128x128x64 by `local_tile`; 128 threads = 4 warps arranged 2x2, each warp
//   owning a 64x64 block of C as 4x8 `mma.sync` m16n8k16 atoms (a TiledMMA with atom
//   layout (2,2,1) and a 128x128x16 tile whose M and N permutations give each warp one
//   64x64 block), so a thread's accumulator fragment is `((2,2),4,8)` = 128 `float`;
// - global -> shared by `cp.async` 16-byte copies in a 3-stage pipeline, each thread
//   moving 8 rows of 8 elements (16 bytes) of the (128,64) tile (a TiledCopy of
//   `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>` with threads (16,8):(8,1) and values
//   (1,8)), zero-filled outside the matrices (predicates from the identity tensor);
// - shared memory swizzled: `tile_to_shape` of the SM80 K-major 128-byte atom
//   `Swizzle<3,3,3> o (_8,_64):(_64,_1)` to (128,64,stages), as in the Rust kernel, so
//   every `ldmatrix` phase hits eight distinct bank groups;
// - shared -> registers by `ldmatrix.x4` (`make_tiled_copy_A/B` of `SM75_U32x4_LDSM_N`
//   and `retile_D`);
// - epilogue straight from the accumulators, predicated on the identity tensor of C.
//
// Requirements of the 16-byte path: `k`, `lda` and `ldb` are multiples of 8.
//
// `main` mirrors the GEMM part of the Rust host program (`cuda-host/src/kernels.rs`): the
// same checks against a double-precision CPU reference, then the same timings (median of
// 20 timed runs after 3 warm-ups, CUDA events), printed as markdown rows.

#include <cute/tensor.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
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
/// Pipeline depth.
constexpr int GEMM_STAGES = 3;
/// Elements of one (128, 64) stage.
constexpr int GEMM_STAGE_ELEMS = 128 * 64;
/// Dynamic shared memory per block: stages of A and B tiles (= 3 * 2 * 128 * 8 * 16).
constexpr int GEMM_SMEM = GEMM_STAGES * 2 * GEMM_STAGE_ELEMS * 2;

/// The problem; element pointers are passed separately (same bytes as the Rust `repr(C)`
/// struct: six 64-bit extents, two floats).
struct GemmArgs {
  /// Rows of A and C.
  size_t m;
  /// Rows of B, columns of C.
  size_t n;
  /// The reduction extent (a multiple of 8).
  size_t k;
  /// Leading dimension of A (K-major; a multiple of 8, `>= k`).
  size_t lda;
  /// Leading dimension of B (K-major; a multiple of 8, `>= k`).
  size_t ldb;
  /// Leading dimension of C (column-major, `>= m`).
  size_t ldc;
  /// Scales `A B^T`.
  float alpha;
  /// Scales C.
  float beta;
};

/// The grid for an `m x n` product.
inline dim3 gemm_grid(size_t m, size_t n) {
  return dim3(unsigned(std::max<size_t>((m + 127) / 128, 1)),
              unsigned(std::max<size_t>((n + 127) / 128, 1)));
}

/// The kernel; `MmaOp` is the MMA atom (`SM80_16x8x16_F32F16F16F32_TN` or its bf16 twin),
/// A and B hold 16-bit elements `T`. Launch `gemm_grid` blocks of `GEMM_THREADS` with
/// `GEMM_SMEM` bytes.
///
/// No `__launch_bounds__`, like the Rust entry (whose PTX has no `.maxntid`): given a
/// clang-built PTX of this kernel with `.maxntid 128`, ptxas 12.9 capped it at 32
/// registers and spilled 5.5 KB; without, 255 registers.
template <class T, class MmaOp>
__global__ void gemm(GemmArgs p, T const* a, T const* b, float* c) {
  using namespace cute;
  int const m = int(p.m), n = int(p.n), k = int(p.k);
  int const lda = int(p.lda), ldb = int(p.ldb), ldc = int(p.ldc);
  float const alpha = p.alpha, beta = p.beta;
  // Every global access below is predicated on its identity coordinate lying inside
  // (m, k), (n, k) or (m, n), and C's elements each belong to one thread.
  Tensor ga = make_tensor(make_gmem_ptr(a), make_shape(m, k), make_stride(lda, Int<1>{}));
  Tensor gb = make_tensor(make_gmem_ptr(b), make_shape(n, k), make_stride(ldb, Int<1>{}));
  Tensor gc = make_tensor(make_gmem_ptr(c), make_shape(m, n), make_stride(Int<1>{}, ldc));
  Tensor ia = make_identity_tensor(shape(ga));
  Tensor ib = make_identity_tensor(shape(gb));
  int const bm = int(blockIdx.x), bn = int(blockIdx.y);
  int const tid = int(threadIdx.x);

  // Shared memory: GEMM_STAGES swizzled (128, 64) tiles of elements for A and B.
  // Written only through cp.async and read (ldmatrix) after the wait and the barrier that
  // cover the stage; a stage is refilled only after the barrier that ends its last read.
  using SmemLayout = decltype(tile_to_shape(
      composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}),
      Shape<_128, _64, Int<GEMM_STAGES>>{}));
  extern __shared__ __align__(16) unsigned char smem[];
  T* smem_a = reinterpret_cast<T*>(smem);
  T* smem_b = smem_a + GEMM_STAGES * GEMM_STAGE_ELEMS;
  Tensor sa = make_tensor(make_smem_ptr(smem_a), SmemLayout{});  // (128,64,3)
  Tensor sb = make_tensor(make_smem_ptr(smem_b), SmemLayout{});  // (128,64,3)

  // Copy partition: threads (16, 8) over the (128, 64) tile, 8 rows of 16 bytes each.
  auto tcopy = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>, T>{},
                               Layout<Shape<_16, _8>, Stride<_8, _1>>{},  // threads
                               Layout<Shape<_1, _8>>{});                  // values
  auto tile = Shape<_128, _64>{};
  ThrCopy thr_copy = tcopy.get_slice(tid);
  Tensor tag = thr_copy.partition_S(local_tile(ga, tile, make_coord(bm, _)));  // (CPY,8,1,kt)
  Tensor tbg = thr_copy.partition_S(local_tile(gb, tile, make_coord(bn, _)));  // (CPY,8,1,kt)
  Tensor tai = thr_copy.partition_S(local_tile(ia, tile, make_coord(bm, _)));  // (CPY,8,1,kt)
  Tensor tbi = thr_copy.partition_S(local_tile(ib, tile, make_coord(bn, _)));  // (CPY,8,1,kt)
  Tensor tas = thr_copy.partition_D(sa);                                       // (CPY,8,1,3)
  Tensor tbs = thr_copy.partition_D(sb);                                       // (CPY,8,1,3)

  // Warps 2x2 over the 128x128 tile; each holds 4x8 m16n8 accumulators. The permutations
  // send warp (wm, wn)'s atom (i, j) to rows wm*64 + 16 i and columns wn*64 + 8 j, as in
  // the Rust kernel.
  TiledMMA mma = make_tiled_mma(MmaOp{}, Layout<Shape<_2, _2, _1>>{},
                                Tile<Layout<Shape<_16, _2, _4>, Stride<_1, _64, _16>>,
                                     Layout<Shape<_8, _2, _8>, Stride<_1, _64, _8>>,
                                     _16>{});
  ThrMMA thr_mma = mma.get_slice(tid);
  Tensor gct = local_tile(gc, Shape<_128, _128>{}, make_coord(bm, bn));  // (128,128)
  Tensor acc = thr_mma.partition_fragment_C(gct);                        // ((2,2),4,8)
  clear(acc);

  // Registers for one k-step of 16 and the ldmatrix copies that fill them.
  Tensor af = thr_mma.partition_fragment_A(sa(_, _, 0));  // (MMA,4,4)
  Tensor bf = thr_mma.partition_fragment_B(sb(_, _, 0));  // (MMA,8,4)
  auto ldsm_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, T>{}, mma);
  auto ldsm_b = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, T>{}, mma);
  ThrCopy thr_ldsm_a = ldsm_a.get_slice(tid);
  ThrCopy thr_ldsm_b = ldsm_b.get_slice(tid);
  // CuTe folds a warp's 4 ldmatrix.x4 per k-step into the copy mode: ((8,4),1,4[,3]).
  Tensor tsa = thr_ldsm_a.partition_S(sa);   // ((8,4),1,4,3)
  Tensor tra = thr_ldsm_a.retile_D(af);      // ((8,4),1,4)
  Tensor tsb = thr_ldsm_b.partition_S(sb);   // ((8,4),1,4,3)
  Tensor trb = thr_ldsm_b.retile_D(bf);      // (((4,2),4),1,4)

  int const k_tiles = int(size<3>(tag));
  // Iteration `it` loads k tile `it` and computes k tile `it - 2`: GEMM_STAGES - 1 = 2
  // tiles stay in flight. (One loop, one load site, as in the Rust kernel.)
  for (int it = 0; it < k_tiles + 2; ++it) {
    if (it >= 2) {
      // Tile it - 2 has landed (at most the newest group is pending), and every warp
      // is done with the stage the load below refills (read at iteration it - 1).
      cp_async_wait<1>();
      __syncthreads();
    }
    if (it < k_tiles) {
      // Load k tile `it` into stage it % GEMM_STAGES (one load site, written inline).
      int const kt = it, stage = it % GEMM_STAGES;
      CUTE_UNROLL
      for (int i = 0; i < size<1>(tas); ++i) {
        // The source is read only when inside A (zero fill otherwise: the ZFILL atom's
        // src-size 0 reads nothing, where the Rust kernel passes a null source); the
        // destination is this thread's chunk of the stage, untouched until the wait for
        // this group.
        auto ca = tai(0, i, 0, kt);
        bool ok = get<0>(ca) < m && get<1>(ca) < k;
        copy(tcopy.with(ok), tag(_, i, _, kt), tas(_, i, _, stage));
        // As above, for B.
        auto cb = tbi(0, i, 0, kt);
        ok = get<0>(cb) < n && get<1>(cb) < k;
        copy(tcopy.with(ok), tbg(_, i, _, kt), tbs(_, i, _, stage));
      }
    }
    cp_async_fence();
    if (it < 2) {
      continue;
    }
    int const stage = (it - 2) % GEMM_STAGES;
    CUTE_UNROLL
    for (int ks = 0; ks < size<2>(af); ++ks) {
      // A: 4 blocks of 16x16 per warp, one ldmatrix.x4 each; lane supplies row
      // wm*64 + 16 i + lane % 16, column 16 ks + 8 (lane / 16).
      copy(ldsm_a, tsa(_, _, ks, stage), tra(_, _, ks));
      // B: 4 pairs of 8x16 blocks per warp, one ldmatrix.x4 each; lane supplies row
      // wn*64 + 16 j + lane % 8 + 8 (lane / 16), column 16 ks + 8 ((lane / 8) % 2).
      copy(ldsm_b, tsb(_, _, ks, stage), trb(_, _, ks));
      // The warp's 4x8 mma.sync atoms.
      cute::gemm(mma, af(_, _, ks), bf(_, _, ks), acc);
    }
  }
  cp_async_wait<0>();

  // Epilogue: accumulator value (v, i, j) is C element (16 i + g + 8 (v / 2),
  // 8 j + 2 t + v % 2) of the warp's block (CuTe's CLayout through the TiledMMA; tcc holds
  // the coordinates), written if inside C.
  Tensor cc = local_tile(make_identity_tensor(shape(gc)), Shape<_128, _128>{},
                         make_coord(bm, bn));
  Tensor tcc = thr_mma.partition_C(cc);   // ((2,2),4,8) coordinates
  Tensor tcg = thr_mma.partition_C(gct);  // ((2,2),4,8) elements of C
  CUTE_UNROLL
  for (int v = 0; v < size(acc); ++v) {
    auto xy = tcc(v);
    if (get<0>(xy) < m && get<1>(xy) < n) {
      float old = beta == 0.0f ? 0.0f : float(tcg(v));
      tcg(v) = alpha * acc(v) + beta * old;
    }
  }
}

// ---------------------------------------------------------------------------------------
// Host: the GEMM part of cuda-host/src/kernels.rs.

/// The MMA atom for an input type.
template <class T>
struct MmaFor;
template <>
struct MmaFor<cute::bfloat16_t> {
  using type = cute::SM80_16x8x16_F32BF16BF16F32_TN;
  static constexpr char const* name = "bf16";
};
template <>
struct MmaFor<cute::half_t> {
  using type = cute::SM80_16x8x16_F32F16F16F32_TN;
  static constexpr char const* name = "f16";
};

/// The same inputs as the Rust host's `data()`.
static std::vector<float> data(size_t len, uint32_t seed) {
  std::vector<float> v(len);
  for (size_t i = 0; i < len; ++i) {
    uint32_t x = uint32_t(i) * 2654435761u + seed;
    v[i] = float(x >> 20) / 64.0f - 32.0f;
  }
  return v;
}

/// `v / div`, rounded to the 16-bit type (round to nearest even, as `half`'s `from_f32`).
template <class T>
static std::vector<T> quantize(std::vector<float> const& v, float div) {
  std::vector<T> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    out[i] = T(v[i] / div);
  }
  return out;
}

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

/// Allows the (over 48 KiB) dynamic shared memory.
template <class T>
static void allow_smem() {
  CUDA_CHECK(cudaFuncSetAttribute(gemm<T, typename MmaFor<T>::type>,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize, GEMM_SMEM));
}

template <class T>
static void run_gemm(GemmArgs p, T const* a, T const* b, float* c) {
  gemm<T, typename MmaFor<T>::type>
      <<<gemm_grid(p.m, p.n), GEMM_THREADS, GEMM_SMEM>>>(p, a, b, c);
  CUDA_CHECK(cudaGetLastError());
}

/// Edge sizes against the CPU; prints one line.
template <class T>
static bool check() {
  size_t const sizes[][3] = {{1, 1, 8}, {17, 9, 24}, {131, 129, 136}, {1000, 999, 72}, {257, 384, 1032}};
  std::vector<std::string> bad;
  for (auto const& s : sizes) {
    size_t m = s[0], n = s[1], k = s[2];
    size_t lda = k + 8, ldb = k, ldc = m + 1;
    GemmArgs p{m, n, k, lda, ldb, ldc, 0.75f, 0.5f};
    std::vector<T> ha = quantize<T>(data(m * lda, 11), 8.0f);
    std::vector<T> hb = quantize<T>(data(n * ldb, 12), 8.0f);
    std::vector<float> hc = data(ldc * n, 13);
    DeviceBuf<T> a(ha), b(hb);
    DeviceBuf<float> c(hc);
    run_gemm<T>(p, a.ptr, b.ptr, c.ptr);
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<float> g = c.to_host(ldc * n);
    double err = 0, norm = 0;
    bool pad_ok = true;
    for (size_t j = 0; j < n; ++j) {
      for (size_t i = 0; i < ldc; ++i) {
        size_t idx = i + j * ldc;
        if (i >= m) {
          pad_ok &= g[idx] == hc[idx];
          continue;
        }
        double s = 0;
        for (size_t l = 0; l < k; ++l) {
          s += double(float(ha[l + i * lda])) * double(float(hb[l + j * ldb]));
        }
        double want = 0.75 * s + 0.5 * double(hc[idx]);
        err += (double(g[idx]) - want) * (double(g[idx]) - want);
        norm += want * want;
      }
    }
    double rel = std::sqrt(err / std::max(norm, 1e-30));
    if (!pad_ok || !(rel < 1e-5)) {
      char line[160];
      std::snprintf(line, sizeof line, "%zux%zux%zu: relative error %.2e, padding kept %s",
                    m, n, k, rel, pad_ok ? "true" : "false");
      bad.push_back(line);
    }
  }
  std::printf("check CuTe C++ twin gemm %s: ", MmaFor<T>::name);
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

/// The timing rows for one input type.
template <class T>
static void measure() {
  int const warm = 3, runs = 20;
  size_t const sizes[][3] = {{1024, 1024, 1024}, {2048, 2048, 2048}, {4096, 4096, 4096},
                             {8192, 8192, 8192}, {8192, 2048, 4096}, {3072, 5120, 1024}};
  for (auto const& s : sizes) {
    size_t m = s[0], n = s[1], k = s[2];
    double flop = 2.0 * double(m) * double(n) * double(k);
    GemmArgs p{m, n, k, k, k, m, 1.0f, 0.0f};
    DeviceBuf<T> a(quantize<T>(data(m * k, 14), 32.0f));
    DeviceBuf<T> b(quantize<T>(data(n * k, 15), 32.0f));
    DeviceBuf<float> c(m * n);
    CUDA_CHECK(cudaMemset(c.ptr, 0, m * n * sizeof(float)));
    std::vector<double> ms = time_ms(warm, runs, [&] { run_gemm<T>(p, a.ptr, b.ptr, c.ptr); });
    auto rate = [&](double t) { return flop / (t * 1e-3) / 1e12; };
    std::printf("| CuTe C++ twin gemm %s (TFLOP/s) | %zux%zux%zu | %.0f (%.0f..%.0f) |\n",
                MmaFor<T>::name, m, n, k, rate(median(ms)), rate(ms.back()), rate(ms.front()));
    std::fflush(stdout);
  }
}

int main(int argc, char** argv) {
  bool check_only = argc > 1 && std::strcmp(argv[1], "--check-only") == 0;
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount);
  allow_smem<cute::bfloat16_t>();
  allow_smem<cute::half_t>();

  bool ok = check<cute::bfloat16_t>();
  ok &= check<cute::half_t>();
  if (!ok || check_only) {
    return ok ? 0 : 1;
  }

  std::printf("\n| kernel | size | CuTe C++ twin |\n|---|---|---|\n");
  measure<cute::bfloat16_t>();
  measure<cute::half_t>();
  return 0;
}
