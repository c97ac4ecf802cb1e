#!/usr/bin/env bash
# Builds the CuTe C++ twin of kernels/src/gemm_sm80.rs (cpp-twins/gemm_sm80_twin) and/or
# the CUTLASS 4.2 SM90 peer, CUTLASS's own warp-specialized GEMMs timed beside cuBLAS
# (cpp-twins/gemm_sm90_cutlass, from gemm_sm90_cutlass.cu).
#
# Run on a machine with nvcc (CUDA 12.x/13); the GPU host here has CUDA 13.
#
#   cpp-twins/build.sh [CUTLASS_INCLUDE]      compile; which program is $TWIN:
#       TWIN=sm80 (default)  gemm_sm80_twin     nvcc -std=c++17 -O3 -arch=sm_90 ...
#       TWIN=sm90            gemm_sm90_cutlass  nvcc -std=c++17 -O3 -DNDEBUG
#                            -gencode arch=compute_90a,code=sm_90a ... -lcublas
#                            (needs cuBLAS; about 1.5 min of one core)
#       TWIN=all             both
#   cpp-twins/build.sh --fetch-headers [DIR]  only fetch CuTe/CUTLASS 4.2's headers: download
#                                             the PyPI wheel nvidia-cutlass==4.2.0.0 and unpack
#                                             its cutlass_library/source/include into DIR
#
# The CUTLASS include folder (the one holding cute/ and cutlass/) is, in order: the
# argument, $CUTLASS_INCLUDE, $CUTLASS/include, or cutlass-include beside this script (the
# --fetch-headers default). The headers are never committed (.gitignore). nvcc is $NVCC,
# else nvcc on PATH, else /usr/local/cuda/bin/nvcc. Then run cpp-twins/gemm_sm80_twin or
# cpp-twins/gemm_sm90_cutlass (checks, then the timing rows; --check-only stops after the
# checks). Only cute/ and cutlass/ of the include folder are used (about 27 MB).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
default_inc="$here/cutlass-include"

if [[ "${1:-}" == "--fetch-headers" ]]; then
  dest="${2:-$default_inc}"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  python3 -m pip download --no-deps --dest "$tmp" nvidia-cutlass==4.2.0.0
  wheel="$(ls "$tmp"/nvidia_cutlass-4.2.0.0-*.whl)"
  # A wheel is a zip; Python's zipfile needs no unzip binary.
  python3 - "$wheel" "$tmp/x" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith("cutlass_library/source/include/")])
PY
  mkdir -p "$dest"
  cp -r "$tmp/x/cutlass_library/source/include/." "$dest/"
  test -f "$dest/cute/tensor.hpp"
  echo "CuTe/CUTLASS 4.2 headers in $dest"
  exit 0
fi

if [[ -n "${1:-}" ]]; then
  inc="$1"
elif [[ -n "${CUTLASS_INCLUDE:-}" ]]; then
  inc="$CUTLASS_INCLUDE"
elif [[ -n "${CUTLASS:-}" ]]; then
  inc="$CUTLASS/include"
else
  inc="$default_inc"
fi
if [[ ! -f "$inc/cute/tensor.hpp" ]]; then
  echo "no cute/tensor.hpp under $inc: run '$0 --fetch-headers' first, or pass the folder" >&2
  exit 1
fi

nvcc="${NVCC:-}"
if [[ -z "$nvcc" ]]; then
  if command -v nvcc >/dev/null; then nvcc=nvcc; else nvcc=/usr/local/cuda/bin/nvcc; fi
fi

twin="${TWIN:-sm80}"
case "$twin" in
  sm80|sm90|all) ;;
  *) echo "TWIN must be sm80, sm90 or all, not '$twin'" >&2; exit 1 ;;
esac

set -x
if [[ "$twin" == sm80 || "$twin" == all ]]; then
  "$nvcc" -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr -I"$inc" \
    -Xptxas -v -o "$here/gemm_sm80_twin" "$here/gemm_sm80.cu"
fi
if [[ "$twin" == sm90 || "$twin" == all ]]; then
  "$nvcc" -std=c++17 -O3 -DNDEBUG --expt-relaxed-constexpr \
    -gencode arch=compute_90a,code=sm_90a -I"$inc" \
    -o "$here/gemm_sm90_cutlass" "$here/gemm_sm90_cutlass.cu" -lcublas
fi
