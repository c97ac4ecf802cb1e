#!/usr/bin/env bash
# Builds the kernels crate (kernels/) to PTX for sm_80, sm_90 and sm_90a with
# cutlet-build (one rustc build, one llc run per arch; the Hopper kernels,
# `cutlet_gemm_sm90_*`, only in sm_90a), then assembles each with ptxas and checks it
# (scripts/check-ptx.py): target/ptx/sm_XX/cutlet_kernels.ptx.
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

# The build itself is cutlet-build's (build/), the one way kernels are built here
# and in users' build scripts: one rustc build for the first arch of the crate's
# [package.metadata.cutlet], llc per arch, the Hopper entries only in sm_90a.
echo "build-ptx: sm_80, sm_90, sm_90a"
cargo run --quiet -p cutlet-build -- kernels --out target/ptx >/dev/null

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

# The example user crate's kernel (examples/user-crate/kernels) through the same path.
cargo run --quiet -p cutlet-build -- examples/user-crate/kernels --out target/ptx >/dev/null
"$ptxas" -arch=sm_80 target/ptx/sm_80/softmax_kernels.ptx -o /dev/null
echo "build-ptx: examples/user-crate: target/ptx/sm_80/softmax_kernels.ptx assembles"
