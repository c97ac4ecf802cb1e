#!/usr/bin/env bash
# Builds the kernels crate (kernels/) to PTX for sm_80, sm_90 and sm_90a (one rustc
# build, one llc run per arch; the Hopper kernels, `cutlet_gemm_sm90_*`, only in sm_90a),
# then assembles each with ptxas and checks it (scripts/check-ptx.py):
# target/ptx/sm_XX/cutlet_kernels.ptx.
#
# Needs Debian's rustc (1.96, bookworm-security) with its std sources and the llvm-N
# tools of the same LLVM major; installs them when missing (as root). ptxas comes from
# the nvidia-cuda-nvcc-cu12 wheel (PyPI), installed under target/ptxas. Set
# SKIP_PTXAS=1 to build the PTX only.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(rustc-web cargo-web rust-web-src llvm-22)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "build-ptx: installing ${missing[*]} (Debian bookworm-security)"
    if [ "$(id -u)" -ne 0 ]; then
        echo "build-ptx: error: run as root or install: apt-get install ${missing[*]}" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

RUSTC=/usr/bin/rustc
llvm_major=$("$RUSTC" -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
LLVM_BIN=/usr/lib/llvm-${llvm_major}/bin
if [ ! -x "$LLVM_BIN/llvm-link" ]; then
    echo "build-ptx: error: Debian's rustc now uses LLVM ${llvm_major}, but $LLVM_BIN/llvm-link is missing." >&2
    echo "build-ptx: install llvm-${llvm_major} (and update 'packages' in this script); older llvm-link cannot read LLVM ${llvm_major} bitcode." >&2
    exit 1
fi

# -Zinline-mir=no: rustc's MIR inliner works on each generic kernel's polymorphic body
# and does not finish normalising its projections there (docs/compile-time.md); LLVM
# inlines what it needs anyway.
# One rustc build (type checking and optimisation do not depend on the arch); the
# linker runs llc once per arch on the same optimised module (scripts/nvptx-link.py).
echo "build-ptx: sm_80, sm_90, sm_90a"
out=target/nvptx/nvptx64-nvidia-cuda/release
RUSTC_BOOTSTRAP=1 RUSTC="$RUSTC" LLVM_BIN="$LLVM_BIN" NVPTX_EXTRA_CPUS="sm_90 sm_90a" \
NVPTX_ARCH_EXPORTS="sm_90a=cutlet_gemm_sm90_" NVPTX_MAXNTID="cutlet_gemm_sm90_=384" \
CARGO_TARGET_NVPTX64_NVIDIA_CUDA_LINKER="$PWD/scripts/nvptx-link.py" \
RUSTFLAGS="-C target-cpu=sm_80 -Zinline-mir=no" \
    /usr/bin/cargo build --release --quiet -p cutlet-kernels --no-default-features \
    --config 'profile.release.package.cutlet-kernels.opt-level=3' \
    --target nvptx64-nvidia-cuda -Zbuild-std=core --target-dir target/nvptx
mkdir -p target/ptx/sm_80 target/ptx/sm_90 target/ptx/sm_90a
cp "$out/cutlet_kernels.ptx" target/ptx/sm_80/
cp "$out/deps/cutlet_kernels.sm_90.ptx" target/ptx/sm_90/cutlet_kernels.ptx
cp "$out/deps/cutlet_kernels.sm_90a.ptx" target/ptx/sm_90a/cutlet_kernels.ptx

if [ "${SKIP_PTXAS:-0}" = 1 ]; then
    exit 0
fi
ptxas=target/ptxas/nvidia/cuda_nvcc/bin/ptxas
if [ ! -x "$ptxas" ]; then
    echo "build-ptx: installing ptxas (nvidia-cuda-nvcc-cu12==12.9.86) under target/ptxas"
    python3 -m pip install --quiet --disable-pip-version-check --no-deps \
        --target target/ptxas nvidia-cuda-nvcc-cu12==12.9.86
fi
python3 scripts/check-ptx.py "$ptxas" target/ptx
