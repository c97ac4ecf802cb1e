// The C++ twin of sm80_mainloop.rs: the SM80 GEMM's partitioning with CuTe 4.2.
#include <cstdio>
#include <vector>
#include <cute/tensor.hpp>
using namespace cute;

template <class T> void line(T const& x) { print(x); printf("\n"); }

int main() {
  int m = 1000, n = 777, k = 4096;
  int bm = 1, bn = 2, tid = 5;
  std::vector<bfloat16_t> a(m * k), b(n * k), smem(128 * 64 * 3);
  std::vector<float> c(m * n);
  Tensor gA = make_tensor(a.data(), make_layout(make_shape(m, k), make_stride(k, Int<1>{})));
  Tensor gB = make_tensor(b.data(), make_layout(make_shape(n, k), make_stride(k, Int<1>{})));
  Tensor gC = make_tensor(c.data(), make_layout(make_shape(m, n)));
  Tensor ctaA = local_tile(gA, Shape<_128, _64>{}, make_coord(bm, _));
  Tensor ctaB = local_tile(gB, Shape<_128, _64>{}, make_coord(bn, _));
  Tensor ctaC = local_tile(gC, Shape<_128, _128>{}, make_coord(bm, bn));
  Tensor sA = make_tensor(smem.data(), tile_to_shape(Layout<Shape<_8, _64>, Stride<_64, _1>>{},
                                                     Shape<_128, _64, _3>{}));
  line(sA.layout());
  TiledCopy g2s = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>, bfloat16_t>{},
                                  Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{});
  ThrCopy thr_g2s = g2s.get_slice(tid);
  line(thr_g2s.partition_S(ctaA).layout());
  line(thr_g2s.partition_D(sA).layout());
  Tensor id = make_identity_tensor(make_shape(m, k));
  line(thr_g2s.partition_S(local_tile(id, Shape<_128, _64>{}, make_coord(bm, _))).layout());
  TiledMMA mma = make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{},
                                Layout<Shape<_2, _2, _1>, Stride<_1, _2, _0>>{},
                                Tile<Layout<Shape<_16, _2, _4>, Stride<_1, _64, _16>>,
                                     Layout<Shape<_8, _2, _8>, Stride<_1, _64, _8>>, _16>{});
  line(tile_shape(mma));
  ThrMMA thr_mma = mma.get_slice(tid);
  Tensor tCrA = thr_mma.partition_fragment_A(sA(_, _, 0));
  Tensor tCrB = thr_mma.partition_fragment_B(ctaB(_, _, 0));
  Tensor acc = thr_mma.partition_fragment_C(ctaC);
  line(tCrA.layout());
  line(tCrB.layout());
  line(acc.layout());
  TiledCopy s2r_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>{}, mma);
  TiledCopy s2r_b = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>{}, mma);
  line(s2r_a.get_slice(tid).partition_S(sA).layout());
  line(s2r_a.get_slice(tid).retile_D(tCrA).layout());
  line(s2r_b.get_slice(tid).retile_D(tCrB).layout());
  line(thr_mma.partition_C(ctaC).layout());
  return 0;
}
