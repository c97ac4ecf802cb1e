// Host-only check (no GPU, no nvcc) that the twin's CuTe layouts are the Rust kernel's:
// the accumulator coordinates, the cp.async partition and each lane's ldmatrix address
// against the formulas in kernels/src/gemm_sm80.rs. Build and run:
//   g++ -std=c++17 -I<cutlass-include> -I<cuda-include> cuda-twin/layout_check.cpp -o /tmp/lc && /tmp/lc
// (<cuda-include>: a CUDA toolkit's include folder, for CCCL's cuda/std headers.)
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
int main() {
  // The TiledMMA of gemm_sm80.cu.
  TiledMMA mma = make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{}, Layout<Shape<_2, _2, _1>>{},
                                Tile<Layout<Shape<_16, _2, _4>, Stride<_1, _64, _16>>,
                                     Layout<Shape<_8, _2, _8>, Stride<_1, _64, _8>>, _16>{});
  int bad = 0, fails = 0;
  for (int tid = 0; tid < 128; ++tid) {
    auto thr = mma.get_slice(tid);
    Tensor cc = make_identity_tensor(make_shape(Int<128>{}, Int<128>{}));
    Tensor t = thr.partition_C(cc);
    if (tid == 0) { print(t.layout()); printf("\n"); }
    int w = tid / 32, lane = tid % 32, wm = w % 2, wn = w / 2, g = lane / 4, tt = lane % 4;
    // Rust: acc (v,i,j): row wm*64+16i+g+8(v/2), col wn*64+8j+2t+v%2
    for (int j = 0; j < 8; ++j) for (int i = 0; i < 4; ++i) for (int v = 0; v < 4; ++v) {
      auto xy = t(make_coord(make_coord(v % 2, v / 2), i, j));
      int r = wm * 64 + 16 * i + g + 8 * (v / 2), c = wn * 64 + 8 * j + 2 * tt + v % 2;
      if (get<0>(xy) != r || get<1>(xy) != c) ++bad;
    }
  }
  printf("C mismatches vs Rust: %d\n", bad);
  fails += bad;
  auto tcopy = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>, bfloat16_t>{},
                               Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{});
  bad = 0;
  for (int tid = 0; tid < 128; ++tid) {
    Tensor ia = make_identity_tensor(make_shape(300, 200));
    Tensor tai = tcopy.get_slice(tid).partition_S(local_tile(ia, Shape<_128,_64>{}, make_coord(1, _)));
    if (tid == 1) { print(tai.layout()); printf("\n"); }
    for (int kt = 0; kt < size<3>(tai); ++kt)
    for (int i = 0; i < 8; ++i) {
      auto c = tai(0, i, 0, kt);
      int r = 128 + tid / 8 + 16 * i, col = kt * 64 + 8 * (tid % 8);
      if (get<0>(c) != r || get<1>(c) != col) ++bad;
      for (int e = 0; e < 8; ++e) { auto ce = tai(e, i, 0, kt); if (get<1>(ce) != col + e || get<0>(ce) != r) ++bad; }
    }
  }
  printf("copy mismatches vs Rust: %d\n", bad);
  fails += bad;
  using SmemLayout = Layout<Shape<_128, _64, Int<3>>, Stride<_72, _1, Int<128*72>>>;
  auto ldsm_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>{}, mma);
  auto ldsm_b = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, bfloat16_t>{}, mma);
  Tensor sa = make_tensor(make_smem_ptr((bfloat16_t*)nullptr), SmemLayout{});
  auto tsa = ldsm_a.get_slice(0).partition_S(sa);
  auto tsb = ldsm_b.get_slice(0).partition_S(sa);
  auto af = mma.get_slice(0).partition_fragment_A(sa(_,_,0));
  auto bf = mma.get_slice(0).partition_fragment_B(sa(_,_,0));
  auto acc = mma.get_slice(0).partition_fragment_C(make_identity_tensor(make_shape(Int<128>{}, Int<128>{})));
  printf("tsa "); print(tsa.layout()); printf("\ntra "); print(ldsm_a.get_slice(0).retile_D(af).layout());
  printf("\ntsb "); print(tsb.layout()); printf("\ntrb "); print(ldsm_b.get_slice(0).retile_D(bf).layout());
  printf("\nacc "); print(acc.layout()); printf("\n");
  // Rust A ldmatrix address for lane: row wm*64+16i+lane%16, chunk 2ks+lane/16 -> element col 16ks+8(lane/16)
  bad = 0;
  for (int tid = 0; tid < 128; ++tid) {
    auto t = ldsm_a.get_slice(tid).partition_S(sa);
    int w = tid / 32, lane = tid % 32, wm = w % 2, wn = w / 2;
    for (int ks = 0; ks < 4; ++ks) for (int i = 0; i < 4; ++i) {
      int off = &t(make_coord(0, i), 0, ks, 0) - (bfloat16_t*)nullptr;
      int r = wm * 64 + 16 * i + lane % 16, col = 16 * ks + 8 * (lane / 16);
      if (off != r * 72 + col) ++bad;
    }
    auto tb = ldsm_b.get_slice(tid).partition_S(sa);
    for (int ks = 0; ks < 4; ++ks) for (int j = 0; j < 4; ++j) {
      int off = &tb(make_coord(0, j), 0, ks, 0) - (bfloat16_t*)nullptr;
      int r = wn * 64 + 16 * j + lane % 8 + 8 * (lane / 16), col = 16 * ks + 8 * ((lane / 8) % 2);
      if (off != r * 72 + col) ++bad;
    }
  }
  printf("ldsm address mismatches vs Rust: %d\n", bad);
  fails += bad;
  return fails == 0 ? 0 : 1;
}
