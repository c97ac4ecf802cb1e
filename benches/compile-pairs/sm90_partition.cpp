// The C++ twin of sm90_partition.rs: the Hopper GEMM's TMA and GMMA partitioning with
// CuTe 4.2. Built with -DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL and the stand-in for
// the driver's cuTensorMapEncodeTiled below, which prints what CuTe asks of it (no GPU),
// and with __CUDACC_VER_MAJOR__=12 so that CuTe encodes the descriptor as under nvcc.
// g++ flags: -DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL -D__CUDACC_VER_MAJOR__=12
#include <cstdio>
#include <vector>
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
using namespace cute;

template <class T> void line(T const& x) { print(x); printf("\n"); }

static const char* which = "";
static const char* swizzle_name(CUtensorMapSwizzle s) {
  switch (s) {
    case CU_TENSOR_MAP_SWIZZLE_NONE: return "None";
    case CU_TENSOR_MAP_SWIZZLE_32B: return "B32";
    case CU_TENSOR_MAP_SWIZZLE_64B: return "B64";
    default: return "B128";
  }
}
template <class T> static void list(T const* v, unsigned n) {
  printf("[");
  for (unsigned i = 0; i < n; ++i) printf(i ? ", %llu" : "%llu", (unsigned long long)v[i]);
  printf("]");
}
extern "C" CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType, cuuint32_t rank, void*,
                                           const cuuint64_t* dim, const cuuint64_t* stride,
                                           const cuuint32_t* box, const cuuint32_t*,
                                           CUtensorMapInterleave, CUtensorMapSwizzle sw,
                                           CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  printf("tma %s: dims ", which);
  list(dim, rank);
  printf(" strides ");
  list(stride, rank - 1);
  printf(" box ");
  list(box, rank);
  printf(" swizzle %s\n", swizzle_name(sw));
  return CUDA_SUCCESS;
}

int main() {
  int m = 1000, n = 777, k = 4096;
  auto sA_layout = tile_to_shape(GMMA::Layout_K_SW128_Atom<bfloat16_t>{}, Shape<_128, _64, _4>{});
  auto sB_layout = tile_to_shape(GMMA::Layout_K_SW128_Atom<bfloat16_t>{}, Shape<_256, _64, _4>{});
  std::vector<bfloat16_t> a(m * k), b(n * k);
  static bfloat16_t smem_a[128 * 64 * 4], smem_b[256 * 64 * 4];
  Tensor sA = make_tensor(make_smem_ptr(smem_a), sA_layout);
  Tensor sB = make_tensor(make_smem_ptr(smem_b), sB_layout);
  line(sA.layout());
  line(sB.layout());
  Tensor gA = make_tensor(a.data(), make_layout(make_shape(m, k), make_stride(k, Int<1>{})));
  Tensor gB = make_tensor(b.data(), make_layout(make_shape(n, k), make_stride(k, Int<1>{})));
  which = "A";
  auto tma_a = make_tma_copy(SM90_TMA_LOAD{}, gA, sA_layout(_, _, 0));
  which = "B";
  auto tma_b = make_tma_copy(SM90_TMA_LOAD{}, gB, sB_layout(_, _, 0));
  TiledMMA mma = make_tiled_mma(SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>{},
                                Layout<Shape<_2, _1, _1>>{});
  line(tile_shape(mma));
  ThrMMA thr = mma.get_slice(130);
  line(thr.partition_A(sA).layout());
  line(thr.partition_B(sB).layout());
  line(thr.partition_fragment_C(make_tensor(a.data(), Shape<_128, _256>{})).layout());
  Tensor id = make_identity_tensor(make_shape(m, n));
  line(thr.partition_C(local_tile(id, Shape<_128, _256>{}, make_coord(2, 1))).layout());
  (void)tma_a; (void)tma_b;
  return 0;
}
