#!/usr/bin/env bash
# Puts a CUDA 13.0 toolkit for building candle's CUDA backend (`cutlet-candle`'s `cuda`
# feature: candle-kernels compiles its kernels with nvcc, cudarc links the CUDA
# libraries) under target/cuda-13.0, from NVIDIA's PyPI wheels, and prints the
# environment to build with:
#
#     eval "$(bash scripts/cuda-toolkit.sh)"
#     cargo build --release -p cutlet-candle --features cuda --example block
#
# nvcc, its front end (crt, nvvm), the runtime's headers and libcudart, and CCCL's
# headers are the real wheels. The libraries cudarc links (libcuda, libcublas,
# libcublasLt, libcurand, libnvrtc) are only linked against here, so each is a stub of
# the right soname that defines the functions cudarc's bindings declare: the binary
# loads the GPU machine's own at run time. No GPU is needed to build.
set -euo pipefail
cd "$(dirname "$0")/.."

root=$PWD/target/cuda-13.0
if [ ! -x "$root/bin/nvcc" ]; then
    echo "cuda-toolkit: installing nvcc 13.0 (PyPI wheels) under target/cuda-13.0" >&2
    wheels=$root.wheels
    rm -rf "$wheels"
    python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$wheels" \
        nvidia-cuda-nvcc==13.0.88 nvidia-cuda-crt==13.0.88 nvidia-nvvm==13.0.88 \
        nvidia-cuda-runtime==13.0.96 nvidia-cuda-cccl==13.0.85 >&2
    rm -rf "$root"
    mv "$wheels/nvidia/cu13" "$root"
    rm -rf "$wheels"
    ln -sf libcudart.so.13 "$root/lib/libcudart.so"
fi

# The link stubs: every `pub unsafe fn` of cudarc's bindings for that library.
cudarc=$(cargo metadata --format-version 1 --locked 2>/dev/null | python3 -c '
import json, sys, os
pkgs = json.load(sys.stdin)["packages"]
print(os.path.dirname(next(p["manifest_path"] for p in pkgs if p["name"] == "cudarc")))')
stubs=$root/stubs
mkdir -p "$stubs"
for spec in driver:libcuda.so.1 cublas:libcublas.so.13 cublaslt:libcublasLt.so.13 \
    curand:libcurand.so.10 nvrtc:libnvrtc.so.13; do
    module=${spec%%:*}
    soname=${spec#*:}
    lib=$root/lib/${soname%.so.*}.so
    [ -e "$lib" ] && continue
    sed -n 's/^pub unsafe fn \([A-Za-z0-9_]*\)(.*/void \1(void) {}/p' \
        "$cudarc/src/$module/sys/mod.rs" | sort -u >"$stubs/$module.c"
    gcc -shared -fPIC -Wl,-soname,"$soname" -o "$stubs/$soname" "$stubs/$module.c"
    ln -sf "../stubs/$soname" "$lib"
done

echo "export CUDA_HOME=$root"
echo "export PATH=$root/bin:\$PATH"
echo "export CUDA_COMPUTE_CAP=\${CUDA_COMPUTE_CAP:-90}"
