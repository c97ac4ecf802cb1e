// The C++ twin of readme.rs: the same results with CuTe 4.2, one a line.
#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;

template <class T> void line(T const& x) { print(x); printf("\n"); }

int main() {
  TiledMMA mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{},
                                Layout<Shape<_2, _2, _1>, Stride<_1, _2, _0>>{},
                                Tile<_32, _32, _16>{});
  static half_t smem[128 * 64];
  Tensor sA = make_tensor(make_smem_ptr(smem), Layout<Shape<_128, _64>, Stride<_64, _1>>{});
  ThrMMA thr_mma = mma.get_slice(5);
  line(thr_mma.partition_A(sA).layout());
  Tensor tCrA = thr_mma.partition_fragment_A(sA);
  line(tCrA.layout());
  Tensor tCrC = partition_fragment_C(mma, Shape<_128, _128>{});
  printf("%d\n", int(sizeof(tCrC)));
  TiledCopy g2s = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{},
                                  Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{});
  line(g2s.get_slice(5).partition_D(sA).layout());
  TiledCopy s2r = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
  line(s2r.get_slice(5).partition_S(sA).layout());
  line(s2r.get_slice(5).retile_D(tCrA).layout());
  // The algebra table.
  line(coalesce(Layout<Shape<_2, Shape<_3, _1>>, Stride<_1, Stride<_2, _6>>>{}));
  line(coalesce(Layout<Shape<Shape<_1, _4>, _6>, Stride<Stride<_1, _1>, _4>>{}, Shape<_1, _1>{}));
  line(filter(Layout<Shape<_6, _2, _4>, Stride<_1, _0, _6>>{}));
  line(flatten(Layout<Shape<Shape<_2, _3>, _4>, Stride<Stride<_1, _2>, _6>>{}));
  line(composition(Layout<Shape<_4, _8>, Stride<Int<13>, _1>>{}, Layout<_8, _2>{}));
  line(composition(Layout<Shape<_12, _32>, Stride<_32, _1>>{},
                   make_tile(Layout<_3, _4>{}, Layout<_8, _2>{})));
  line(complement(Layout<Shape<_2, _2>, Stride<_1, _6>>{}));
  line(right_inverse(Layout<Shape<_4, _2>, Stride<_2, _1>>{}));
  line(logical_divide(Layout<Shape<_4, _2, _3>, Stride<_2, _1, _8>>{}, Layout<_4, _2>{}));
  line(zipped_divide(Layout<Shape<_8, _24>, Stride<_1, _8>>{}, Shape<_4, _8>{}));
  line(blocked_product(Layout<Shape<_2, _2>, Stride<_1, _2>>{}, Layout<Shape<_2, _3>, Stride<_1, _2>>{}));
  return 0;
}
