// CUTLASS 4.2's own SM90 warp-specialized GEMM next to cuBLAS: a peer program for
// timing cutlet's `gemm_sm90` against the kernels CUTLASS itself builds for Hopper.
//
// The problem is the TN GEMM of the twin and of the Rust host program:
// `D = alpha A B^T + beta C` with A `(M,K)` K-major (row-major, lda = K), B `(N,K)` K-major
// (ldb = K), C and D `(M,N)` column-major f32 (ldc = M), accumulation in f32, inputs in
// `bfloat16_t` or `half_t`. In CUTLASS 3 layout tags: A RowMajor, B ColumnMajor, C/D
// ColumnMajor.
//
// The kernels are what CUTLASS's collective builders give for `arch::Sm90`,
// `OpClassTensorOp` (TMA loads, GMMA, TMA-store epilogue, persistent tile scheduler):
//
//   | variant                    | mainloop schedule                  | epilogue schedule              | tile       | cluster |
//   |----------------------------|------------------------------------|--------------------------------|------------|---------|
//   | coop 128x256x64 c1x1       | KernelTmaWarpSpecializedCooperative | TmaWarpSpecializedCooperative | 128x256x64 | 1x1x1   |
//   | coop 128x256x64 c2x1       | KernelTmaWarpSpecializedCooperative | TmaWarpSpecializedCooperative | 128x256x64 | 2x1x1   |
//   | pingpong 128x128x64 c1x1   | KernelTmaWarpSpecializedPingpong    | TmaWarpSpecialized            | 128x128x64 | 1x1x1   |
//
// (the first two for bf16 and f16, ping-pong for bf16 only), stages from
// `StageCountAutoCarveout` (shared memory left after the epilogue's), epilogue tile
// `EpilogueTileAuto`, the default fusion `LinearCombination` (alpha acc + beta C), all
// wrapped as `GemmUniversal<Shape<int,int,int,int>, ...>` in a `GemmUniversalAdapter`.
// `KernelHardwareInfo::make_kernel_hardware_info` fills in the SM count and the
// maximum of co-resident clusters, as the CUTLASS profiler does.
//
// For each size (1024^3, 2048^3, 4096^3, 8192^3, 8192x2048x4096, 3072x5120x1024) and each
// element type:
//   - A, B and C get deterministic values k/128 with k in [-128, 128) (exact in bf16 and
//     f16, so both libraries see the same numbers);
//   - cuBLAS computes the reference with alpha 0.75, beta 0.5 (`cublasGemmEx`, A as the
//     K x M column-major matrix with CUBLAS_OP_T, B as K x N column-major with
//     CUBLAS_OP_N, CUBLAS_COMPUTE_32F, f32 C);
//   - each CUTLASS variant runs once with the same alpha, beta and C, and its D must be
//     within a relative Frobenius error of 1e-3 of cuBLAS's;
//   - then timings with alpha 1, beta 0 (C is not read): 3 warm-up launches, 20 timed
//     launches each between two CUDA events, for cuBLAS and each CUTLASS variant on the
//     same buffers. A CUTLASS launch is `Gemm::run()` on parameters set up once by
//     `initialize` (kernel time only; the workspace of the default persistent scheduler
//     needs no per-launch reset).
//
// Output: the device, then one markdown row per variant, type and size:
//
//   | CUTLASS sm90 <variant> | <bf16|f16> | MxNxK | med (min..max) | cuBLAS med (min..max) | ratio |
//
// in TFLOP/s (2 M N K / time); ratio = CUTLASS median / cuBLAS median. A variant that
// fails `can_implement` or `initialize` (or launch) gets a row saying so and the run goes
// on; a failed check gets a row with its error, and the program exits with status 1.
// The per-check relative errors go to stderr. `--check-only` skips the timings.
//
// Build (needs sm_90a for the GMMA/TMA paths; see build.sh, TWIN=sm90):
//   nvcc -std=c++17 -O3 -DNDEBUG --expt-relaxed-constexpr \
//     -gencode arch=compute_90a,code=sm_90a -I<cutlass include> \
//     -o gemm_sm90_cutlass gemm_sm90_cutlass.cu -lcublas

#include <cutlass/cutlass.h>
#include <cutlass/numeric_types.h>
#include <cutlass/kernel_hardware_info.h>
#include <cutlass/gemm/dispatch_policy.hpp>
#include <cutlass/gemm/collective/collective_builder.hpp>
#include <cutlass/epilogue/collective/collective_builder.hpp>
#include <cutlass/gemm/kernel/gemm_universal.hpp>
#include <cutlass/gemm/device/gemm_universal_adapter.h>
#include <cute/tensor.hpp>

#include <cublas_v2.h>
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

#define CUBLAS_CHECK(call)                                                             \
  do {                                                                                 \
    cublasStatus_t st_ = (call);                                                       \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                                \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, #call, \
                   int(st_));                                                          \
      std::exit(2);                                                                    \
    }                                                                                  \
  } while (0)

using namespace cute;

// ---------------------------------------------------------------------------------------
// The CUTLASS kernels
// ---------------------------------------------------------------------------------------

/// One CUTLASS 3 SM90 GEMM for the TN problem: element type `T` in, f32 accumulate and
/// out, the given CTA tile, cluster and mainloop/epilogue schedules.
template <class T, class Tile, class Cluster, class MainloopSchedule, class EpilogueSchedule>
struct Sm90TnGemm {
  using LayoutA = cutlass::layout::RowMajor;     // (M,K), K contiguous
  using LayoutB = cutlass::layout::ColumnMajor;  // (K,N) column-major = (N,K), K contiguous
  using LayoutC = cutlass::layout::ColumnMajor;  // (M,N), M contiguous
  // TMA wants 16-byte aligned rows: 8 halves, 4 floats.
  static constexpr int kAlignAB = 128 / cutlass::sizeof_bits<T>::value;
  static constexpr int kAlignC = 128 / cutlass::sizeof_bits<float>::value;

  using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Tile, Cluster,
      cutlass::epilogue::collective::EpilogueTileAuto,
      float, float,                     // accumulator, compute
      float, LayoutC, kAlignC,          // C
      float, LayoutC, kAlignC,          // D
      EpilogueSchedule>::CollectiveOp;

  // The mainloop gets the shared memory the epilogue leaves.
  using Stages = cutlass::gemm::collective::StageCountAutoCarveout<
      static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>;

  using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
      T, LayoutA, kAlignAB,
      T, LayoutB, kAlignAB,
      float, Tile, Cluster, Stages, MainloopSchedule>::CollectiveOp;

  using Kernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>,
                                                      CollectiveMainloop, CollectiveEpilogue>;
  using Gemm = cutlass::gemm::device::GemmUniversalAdapter<Kernel>;

  using StrideA = typename Kernel::StrideA;
  using StrideB = typename Kernel::StrideB;
  using StrideC = typename Kernel::StrideC;
  using StrideD = typename Kernel::StrideD;
  static_assert(std::is_same<StrideA, Stride<int64_t, Int<1>, int64_t>>::value, "A (M,K,L)");
  static_assert(std::is_same<StrideB, Stride<int64_t, Int<1>, int64_t>>::value, "B (N,K,L)");
  static_assert(std::is_same<StrideC, Stride<Int<1>, int64_t, int64_t>>::value, "C (M,N,L)");
  static_assert(std::is_same<StrideD, StrideC>::value, "D like C");

  /// The adapter's arguments for one problem (batch count 1, packed strides).
  static typename Gemm::Arguments arguments(int m, int n, int k, float alpha, float beta,
                                            T const* a, T const* b, float const* c, float* d,
                                            cutlass::KernelHardwareInfo const& hw) {
    int64_t const mm = m, nn = n, kk = k;
    StrideA sa = make_stride(kk, Int<1>{}, mm * kk);
    StrideB sb = make_stride(kk, Int<1>{}, nn * kk);
    StrideC sc = make_stride(Int<1>{}, mm, mm * nn);
    typename Gemm::Arguments args{cutlass::gemm::GemmUniversalMode::kGemm,
                                  {m, n, k, 1},
                                  {a, sa, b, sb},
                                  {{}, c, sc, d, sc},
                                  hw};
    args.epilogue.thread.alpha = alpha;
    args.epilogue.thread.beta = beta;
    return args;
  }
};

using Coop = cutlass::gemm::KernelTmaWarpSpecializedCooperative;
using EpiCoop = cutlass::epilogue::TmaWarpSpecializedCooperative;
using PingPong = cutlass::gemm::KernelTmaWarpSpecializedPingpong;
using EpiPingPong = cutlass::epilogue::TmaWarpSpecialized;

template <class T>
struct CoopC1 : Sm90TnGemm<T, Shape<_128, _256, _64>, Shape<_1, _1, _1>, Coop, EpiCoop> {
  static constexpr char const* name = "coop 128x256x64 c1x1";
};
template <class T>
struct CoopC2 : Sm90TnGemm<T, Shape<_128, _256, _64>, Shape<_2, _1, _1>, Coop, EpiCoop> {
  static constexpr char const* name = "coop 128x256x64 c2x1";
};
template <class T>
struct PingPongC1
    : Sm90TnGemm<T, Shape<_128, _128, _64>, Shape<_1, _1, _1>, PingPong, EpiPingPong> {
  static constexpr char const* name = "pingpong 128x128x64 c1x1";
};

// ---------------------------------------------------------------------------------------
// Buffers, data, timing
// ---------------------------------------------------------------------------------------

template <class T>
struct DeviceBuf {
  T* ptr = nullptr;
  size_t len = 0;
  explicit DeviceBuf(size_t n) : len(n) {
    CUDA_CHECK(cudaMalloc(&ptr, std::max<size_t>(n, 1) * sizeof(T)));
  }
  ~DeviceBuf() { cudaFree(ptr); }
  DeviceBuf(DeviceBuf const&) = delete;
  DeviceBuf& operator=(DeviceBuf const&) = delete;
  std::vector<T> to_host() const {
    std::vector<T> h(len);
    CUDA_CHECK(cudaMemcpy(h.data(), ptr, len * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
};

/// `p[i] = k/128` with `k = (hash(i, seed) >> 24) - 128`: 256 levels in [-1, 1), exact
/// in bf16, f16 and f32.
template <class T>
__global__ void fill_kernel(T* p, size_t n, uint32_t seed) {
  size_t step = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step) {
    uint32_t h = (uint32_t(i) + seed * 0x9E3779B9u) * 2654435761u;
    p[i] = T(float(int(h >> 24) - 128) * (1.0f / 128.0f));
  }
}

template <class T>
static void fill(DeviceBuf<T>& b, uint32_t seed) {
  fill_kernel<T><<<1024, 256>>>(b.ptr, b.len, seed);
  CUDA_CHECK(cudaGetLastError());
}

/// Milliseconds of `runs` launches, each between two events, after `warmup` untimed
/// ones, sorted. `f` returns false if a launch failed (then the result is empty).
template <class F>
static std::vector<double> time_ms(int warmup, int runs, F f) {
  for (int i = 0; i < warmup; ++i) {
    if (!f()) return {};
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, end;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&end));
  std::vector<double> out;
  for (int i = 0; i < runs; ++i) {
    CUDA_CHECK(cudaEventRecord(start));
    bool ok = f();
    CUDA_CHECK(cudaEventRecord(end));
    CUDA_CHECK(cudaEventSynchronize(end));
    if (!ok) {
      out.clear();
      break;
    }
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, end));
    out.push_back(ms);
  }
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(end));
  std::sort(out.begin(), out.end());
  return out;
}

static double median(std::vector<double> const& s) {
  size_t n = s.size();
  return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
}

/// TFLOP/s as "median (min..max)"; the slowest run is the minimum rate.
struct Rates {
  double med = 0, lo = 0, hi = 0;
  bool ok = false;
  std::string str() const {
    char s[64];
    std::snprintf(s, sizeof s, "%.0f (%.0f..%.0f)", med, lo, hi);
    return s;
  }
};

static Rates rates(std::vector<double> const& ms, double flop) {
  Rates r;
  if (ms.empty()) return r;
  auto tf = [&](double t) { return flop / (t * 1e-3) / 1e12; };
  r.med = tf(median(ms));
  r.lo = tf(ms.back());
  r.hi = tf(ms.front());
  r.ok = true;
  return r;
}

/// Relative Frobenius error of `got` against `want`.
static double rel_error(std::vector<float> const& got, std::vector<float> const& want) {
  double err = 0, norm = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    double d = double(got[i]) - double(want[i]);
    err += d * d;
    norm += double(want[i]) * double(want[i]);
  }
  return std::sqrt(err / std::max(norm, 1e-30));
}

// ---------------------------------------------------------------------------------------
// One problem
// ---------------------------------------------------------------------------------------

template <class T>
struct CublasType;
template <>
struct CublasType<cutlass::bfloat16_t> {
  static constexpr cudaDataType_t value = CUDA_R_16BF;
  static constexpr char const* name = "bf16";
};
template <>
struct CublasType<cutlass::half_t> {
  static constexpr cudaDataType_t value = CUDA_R_16F;
  static constexpr char const* name = "f16";
};

constexpr float kCheckAlpha = 0.75f, kCheckBeta = 0.5f;
constexpr double kTolerance = 1e-3;
constexpr int kWarmup = 3, kRuns = 20;

/// Buffers and the cuBLAS reference of one (type, size).
template <class T>
struct Problem {
  int m, n, k;
  DeviceBuf<T> a, b;
  DeviceBuf<float> c, d, ref;
  std::vector<float> want;  // cuBLAS's D for the check's alpha and beta
  cublasHandle_t handle;

  Problem(cublasHandle_t h, int m_, int n_, int k_)
      : m(m_), n(n_), k(k_), a(size_t(m_) * k_), b(size_t(n_) * k_), c(size_t(m_) * n_),
        d(size_t(m_) * n_), ref(size_t(m_) * n_), handle(h) {
    fill(a, 1);
    fill(b, 2);
    fill(c, 3);
    CUDA_CHECK(cudaMemcpy(ref.ptr, c.ptr, c.len * sizeof(float), cudaMemcpyDeviceToDevice));
    CUBLAS_CHECK(cublas(kCheckAlpha, kCheckBeta));
    CUDA_CHECK(cudaDeviceSynchronize());
    want = ref.to_host();
  }

  /// `ref = alpha A B^T + beta ref`: A is cuBLAS's K x M column-major matrix (op T), B
  /// its K x N column-major one (op N).
  cublasStatus_t cublas(float alpha, float beta) {
    cudaDataType_t t = CublasType<T>::value;
    return cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &alpha, a.ptr, t, k, b.ptr,
                        t, k, &beta, ref.ptr, CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
                        CUBLAS_GEMM_DEFAULT);
  }

  double flop() const { return 2.0 * double(m) * double(n) * double(k); }
};

/// A CUTLASS variant's outcome on one problem: an error text (empty if it ran), the
/// check's error and the timing.
struct VariantResult {
  std::string name;
  std::string failure;  // can_implement / initialize / launch failure
  double rel = 0;
  bool checked = false;
  Rates rate;
};

template <class Cfg, class T>
static VariantResult run_variant(Problem<T>& p, bool check_only) {
  using Gemm = typename Cfg::Gemm;
  VariantResult r;
  r.name = Cfg::name;
  cutlass::KernelHardwareInfo hw =
      cutlass::KernelHardwareInfo::make_kernel_hardware_info<typename Cfg::Kernel>(0);
  // A failed occupancy query only leaves max_active_clusters at 0; clear its error.
  (void)cudaGetLastError();

  auto args = Cfg::arguments(p.m, p.n, p.k, kCheckAlpha, kCheckBeta, p.a.ptr, p.b.ptr,
                             p.c.ptr, p.d.ptr, hw);
  Gemm gemm;
  cutlass::Status st = gemm.can_implement(args);
  if (st != cutlass::Status::kSuccess) {
    r.failure = std::string("can_implement failed: ") + cutlass::cutlassGetStatusString(st);
    return r;
  }
  DeviceBuf<uint8_t> workspace(Gemm::get_workspace_size(args));
  st = gemm.initialize(args, workspace.ptr);
  if (st != cutlass::Status::kSuccess) {
    r.failure = std::string("initialize failed: ") + cutlass::cutlassGetStatusString(st);
    return r;
  }
  CUDA_CHECK(cudaMemset(p.d.ptr, 0, p.d.len * sizeof(float)));
  st = gemm.run();
  cudaError_t ce = cudaDeviceSynchronize();
  cudaError_t le = cudaGetLastError();  // a refused launch leaves its error here
  if (st != cutlass::Status::kSuccess || ce != cudaSuccess) {
    r.failure = std::string("run failed: ") + cutlass::cutlassGetStatusString(st) + ", " +
                cudaGetErrorString(ce != cudaSuccess ? ce : le);
    if (ce != cudaSuccess) {
      // A fault poisons the context: report and stop here.
      std::fprintf(stderr, "%s: %s\n", Cfg::name, r.failure.c_str());
      std::exit(2);
    }
    return r;
  }
  r.rel = rel_error(p.d.to_host(), p.want);
  r.checked = true;
  std::fprintf(stderr, "check CUTLASS sm90 %s %s %dx%dx%d: relative error %.2e %s\n",
               Cfg::name, CublasType<T>::name, p.m, p.n, p.k, r.rel,
               r.rel < kTolerance ? "ok" : "FAILED");
  if (!(r.rel < kTolerance) || check_only) {
    return r;
  }

  // Timing: alpha 1, beta 0, parameters set up once.
  args = Cfg::arguments(p.m, p.n, p.k, 1.0f, 0.0f, p.a.ptr, p.b.ptr, p.c.ptr, p.d.ptr, hw);
  st = gemm.initialize(args, workspace.ptr);
  if (st != cutlass::Status::kSuccess) {
    r.failure = std::string("initialize failed: ") + cutlass::cutlassGetStatusString(st);
    return r;
  }
  std::vector<double> ms =
      time_ms(kWarmup, kRuns, [&] { return gemm.run() == cutlass::Status::kSuccess; });
  (void)cudaGetLastError();
  if (ms.empty()) {
    r.failure = "run failed while timing";
    return r;
  }
  r.rate = rates(ms, p.flop());
  return r;
}

/// The rows of one element type at one size; false if a check failed.
template <class T, class... Cfgs>
static bool run_size(cublasHandle_t handle, int m, int n, int k, bool check_only) {
  Problem<T> p(handle, m, n, k);
  Rates blas;
  if (!check_only) {
    std::vector<double> ms = time_ms(kWarmup, kRuns, [&] {
      return p.cublas(1.0f, 0.0f) == CUBLAS_STATUS_SUCCESS;
    });
    (void)cudaGetLastError();
    blas = rates(ms, p.flop());
  }
  std::vector<VariantResult> results{run_variant<Cfgs>(p, check_only)...};
  bool ok = true;
  for (auto const& r : results) {
    char size[48];
    std::snprintf(size, sizeof size, "%dx%dx%d", m, n, k);
    std::string cutlass_col, ratio = "-";
    if (!r.failure.empty()) {
      cutlass_col = r.failure;
    } else if (!(r.rel < kTolerance)) {
      char s[64];
      std::snprintf(s, sizeof s, "CHECK FAILED (relative error %.2e)", r.rel);
      cutlass_col = s;
      ok = false;
    } else if (check_only) {
      char s[64];
      std::snprintf(s, sizeof s, "check ok (relative error %.2e)", r.rel);
      cutlass_col = s;
    } else {
      cutlass_col = r.rate.str();
      if (blas.ok) {
        char s[32];
        std::snprintf(s, sizeof s, "%.2f", r.rate.med / blas.med);
        ratio = s;
      }
    }
    std::string blas_col = check_only ? "-" : (blas.ok ? blas.str() : "cuBLAS failed");
    std::printf("| CUTLASS sm90 %s | %s | %s | %s | %s | %s |\n", r.name.c_str(),
                CublasType<T>::name, size, cutlass_col.c_str(), blas_col.c_str(),
                ratio.c_str());
    std::fflush(stdout);
  }
  return ok;
}

int main(int argc, char** argv) {
  bool check_only = argc > 1 && std::strcmp(argv[1], "--check-only") == 0;
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount);
  if (prop.major != 9 || prop.minor != 0) {
    std::fprintf(stderr, "this program's kernels are built for sm_90a only\n");
    return 2;
  }
  std::fflush(stdout);

  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));

  std::printf("\n| kernel | type | size | CUTLASS TFLOP/s | cuBLAS TFLOP/s | ratio |\n"
              "|---|---|---|---|---|---|\n");
  int const sizes[][3] = {{1024, 1024, 1024}, {2048, 2048, 2048}, {4096, 4096, 4096},
                          {8192, 8192, 8192}, {8192, 2048, 4096}, {3072, 5120, 1024}};
  using bf16 = cutlass::bfloat16_t;
  using f16 = cutlass::half_t;
  bool ok = true;
  for (auto const& s : sizes) {
    ok &= run_size<bf16, CoopC1<bf16>, CoopC2<bf16>, PingPongC1<bf16>>(handle, s[0], s[1],
                                                                        s[2], check_only);
  }
  for (auto const& s : sizes) {
    ok &= run_size<f16, CoopC1<f16>, CoopC2<f16>>(handle, s[0], s[1], s[2], check_only);
  }
  CUBLAS_CHECK(cublasDestroy(handle));
  std::printf("\nchecks: %s\n", ok ? "all ok" : "FAILED");
  return ok ? 0 : 1;
}
