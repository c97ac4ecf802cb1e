// Two bugs of kernels/tests/sanitizer.rs's broken tile kernels, in plain CUDA, so that
// NVIDIA's compute-sanitizer can be run on the same mistakes the emulator's sanitizer
// reports (README, "The emulator as a sanitizer"):
//
//   missing_barrier  128 threads copy a 64x64 bf16 tile into shared memory, then each
//                    warp ldmatrix-reads 16 rows that other warps wrote, with no
//                    __syncthreads() between (racecheck);
//   off_by_one       the epilogue's row predicate is `i <= m` on a C with ld = m, so the
//                    last column's row m is one element past the allocation (memcheck).
//
//   nvcc -O2 -lineinfo -arch=sm_90 broken_tile.cu -o broken_tile
//   compute-sanitizer --tool racecheck ./broken_tile race
//   compute-sanitizer --tool memcheck ./broken_tile oob
#include <cstdio>
#include <cstring>
#include <cuda_bf16.h>

__global__ void missing_barrier(const __nv_bfloat16* a, unsigned* out) {
    __shared__ alignas(128) __nv_bfloat16 s[64 * 64];
    int t = threadIdx.x;
    // Thread t stores elements (t + 128 i) * 8 .. + 8: rows (t + 128 i) / 8.
    for (int i = 0; i < 4; ++i) {
        int e = (t + 128 * i) * 8;
        *reinterpret_cast<uint4*>(&s[e]) = *reinterpret_cast<const uint4*>(&a[e]);
    }
    // BUG: no __syncthreads() here; warp w reads rows 16 w .. 16 w + 15, written by
    // threads of every warp.
    int lane = t % 32, warp = t / 32;
    int row = warp * 16 + lane % 16, col = (lane / 16) * 8;
    unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(&s[row * 64 + col]));
    unsigned r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(addr));
    out[t] = r0 ^ r1 ^ r2 ^ r3;
}

__global__ void off_by_one(float* c, int m, int n) {
    int i = threadIdx.x, j = blockIdx.x;
    if (i <= m && j < n) {  // BUG: i < m
        c[i + j * m] = 1.0f;
    }
}

int main(int argc, char** argv) {
    const char* what = argc > 1 ? argv[1] : "race";
    if (!strcmp(what, "race")) {
        __nv_bfloat16* a;
        unsigned* out;
        cudaMalloc(&a, 64 * 64 * sizeof(__nv_bfloat16));
        cudaMemset(a, 0, 64 * 64 * sizeof(__nv_bfloat16));
        cudaMalloc(&out, 128 * sizeof(unsigned));
        missing_barrier<<<1, 128>>>(a, out);
    } else {
        int m = 50, n = 37;
        float* c;
        cudaMalloc(&c, m * n * sizeof(float));
        off_by_one<<<n, 64>>>(c, m, n);
    }
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s: %s\n", what, cudaGetErrorString(e));
    return 0;
}
