#!/usr/bin/env bash
# Compile-time comparison: the typed sample's static oracle cases compiled as Rust
# (cutlet, type-level algebra) and as CuTe C++ (g++), on this machine, in one run.
# Both programs print every result; the outputs must be identical.
#
# CuTe's headers come from the nvidia-cutlass 4.2.0.0 wheel (and CUDA headers from
# the nvidia-cuda-* wheels), downloaded into target/ on first use; never committed.
#
# Usage: scripts/compile_time.sh [N_CASES]   (default 400)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-400}
OUT=target/compile_time
CUTE=target/cute-headers
mkdir -p "$OUT"

if [ ! -d "$CUTE/cutlass_library/source/include/cute" ]; then
  echo "fetching CuTe headers (nvidia-cutlass==4.2.0.0 and CUDA header wheels)..."
  mkdir -p "$CUTE/wheels"
  python3 -m pip download -q --no-deps -d "$CUTE/wheels" nvidia-cutlass==4.2.0.0 \
    nvidia-cuda-runtime-cu12 nvidia-cuda-nvcc-cu12 nvidia-cuda-cccl-cu12
  for w in "$CUTE"/wheels/*.whl; do python3 -m zipfile -e "$w" "$CUTE"; done
fi
INC="-I$CUTE/cutlass_library/source/include -I$CUTE/nvidia/cuda_runtime/include -I$CUTE/nvidia/cuda_cccl/include -I$CUTE/nvidia/cuda_nvcc/include"

python3 scripts/gen_typed_cases.py --static "$N" --mixed 0 --out "$OUT/typed_static_tests.rs" \
  --bin "$OUT/typed_static.rs" --cpp "$OUT/cute_static.cpp" >/dev/null

cargo build --release --lib -q
DEPS=target/release/deps
RLIB=$(ls -t target/release/libcutlet.rlib | head -1)

now() { date +%s.%N; }
time_it() { local t0; t0=$(now); "$@"; echo "$(now) - $t0" | bc; }

rust_o0=$(time_it rustc --edition 2024 -C opt-level=0 -C debuginfo=0 --crate-type bin \
  --extern cutlet="$RLIB" -L "$DEPS" "$OUT/typed_static.rs" -o "$OUT/typed_static_o0")
cpp_o0=$(time_it g++ -std=c++17 -O0 $INC "$OUT/cute_static.cpp" -o "$OUT/cute_static_o0")
rust_o2=$(time_it rustc --edition 2024 -C opt-level=2 -C debuginfo=0 --crate-type bin \
  --extern cutlet="$RLIB" -L "$DEPS" "$OUT/typed_static.rs" -o "$OUT/typed_static_o2")
cpp_o2=$(time_it g++ -std=c++17 -O2 $INC "$OUT/cute_static.cpp" -o "$OUT/cute_static_o2")

"$OUT/typed_static_o0" > "$OUT/rust.txt"
"$OUT/cute_static_o0" > "$OUT/cute.txt"
if ! cmp -s "$OUT/rust.txt" "$OUT/cute.txt"; then
  echo "outputs differ:"; diff "$OUT/rust.txt" "$OUT/cute.txt" | head; exit 1
fi

printf 'cases: %s static oracle cases, identical output from both programs\n' "$(wc -l < "$OUT/rust.txt")"
printf '%-28s %10s %10s\n' "" "-O0" "-O2"
printf '%-28s %9.1fs %9.1fs\n' "cutlet (rustc $(rustc --version | cut -d' ' -f2))" "$rust_o0" "$rust_o2"
printf '%-28s %9.1fs %9.1fs\n' "CuTe (g++ $(g++ -dumpversion))" "$cpp_o0" "$cpp_o2"
