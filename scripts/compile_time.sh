#!/usr/bin/env bash
# Compile-time figures of the type layer, on this machine, in one run, each next to its
# C++ counterpart where one exists (results/compile-time-log.md explains them):
#
#   1. typed algebra: N static oracle cases as one program, cutlet-core (rustc) and CuTe
#      (g++), at -O0 and -O2; both programs print every result and must agree;
#   2. the typed oracle test (core/tests/typed_oracle.rs, every case of the oracle):
#      its test build after an edit to it;
#   3. the kernels to PTX: cutlet-kernels rebuilt (cutlet-core cached) for sm_80 and
#      sm_90 (one rustc build, one llc per arch), and the CuTe C++ twin of the GEMM
#      (cpp-twins/gemm_sm80.cu) compiled by nvcc for the same two archs;
#   4. a one-line kernel edit: the emulator tests' rebuild (debug, incremental) after
#      one changed line in the GEMM's main loop (kernels/src/gemm_sm80.rs); the PTX
#      build is not incremental, so its figure is 3;
#   5. one entry rebuilt for one arch after an edit (`cutlet-build --entry`);
#   6. typical user programs against CuTe C++ (scripts/compile_pairs.py);
#   7. with --full: `cargo test --workspace` (the README's command) on a fresh clone.
#
# CuTe's headers come from the nvidia-cutlass 4.2.0.0 wheel, nvcc (CUDA 13) from the
# nvidia-cuda-nvcc, -nvvm, -crt, -runtime and -cccl wheels, all downloaded into target/
# on first use and never committed. The PTX build needs what scripts/build-ptx.sh
# installs.
#
# Usage: scripts/compile_time.sh [--full] [N_CASES]   (default 400)
set -euo pipefail
cd "$(dirname "$0")/.."
FULL=0
if [ "${1:-}" = --full ]; then FULL=1; shift; fi
N=${1:-400}
OUT=target/compile_time
CUTE=target/cute-headers
NVCC_DIR=target/nvcc
mkdir -p "$OUT"

now() { date +%s.%N; }
# Runs a command quietly and prints its wall time in seconds.
time_it() {
  local t0
  t0=$(now)
  "$@" >"$OUT/last.log" 2>&1 || { cat "$OUT/last.log" >&2; exit 1; }
  echo "$(now) - $t0" | bc
}
row() { printf '%-52s %8.1fs   %s\n' "$1" "$2" "$3"; }

if [ ! -d "$CUTE/cutlass_library/source/include/cute" ]; then
  echo "fetching CuTe headers (nvidia-cutlass==4.2.0.0 and CUDA header wheels)..."
  mkdir -p "$CUTE/wheels"
  python3 -m pip download -q --no-deps -d "$CUTE/wheels" nvidia-cutlass==4.2.0.0 \
    nvidia-cuda-runtime-cu12 nvidia-cuda-nvcc-cu12 nvidia-cuda-cccl-cu12
  for w in "$CUTE"/wheels/*.whl; do python3 -m zipfile -e "$w" "$CUTE"; done
fi
CUTE_INC="$CUTE/cutlass_library/source/include"
INC="-I$CUTE_INC -I$CUTE/nvidia/cuda_runtime/include -I$CUTE/nvidia/cuda_cccl/include -I$CUTE/nvidia/cuda_nvcc/include"

if [ ! -x "$NVCC_DIR/nvidia/cu13/bin/nvcc" ]; then
  echo "fetching nvcc (CUDA 13.0 wheels)..."
  mkdir -p "$NVCC_DIR/wheels"
  python3 -m pip download -q --no-deps -d "$NVCC_DIR/wheels" nvidia-cuda-nvcc==13.0.88 \
    nvidia-nvvm==13.0.88 nvidia-cuda-crt==13.0.88 nvidia-cuda-runtime==13.0.96 \
    nvidia-cuda-cccl==13.0.85
  for w in "$NVCC_DIR"/wheels/*.whl; do python3 -m zipfile -e "$w" "$NVCC_DIR"; done
  chmod +x "$NVCC_DIR"/nvidia/cu13/bin/* "$NVCC_DIR"/nvidia/cu13/nvvm/bin/*
fi
NVCC="$NVCC_DIR/nvidia/cu13/bin/nvcc"

echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
printf '%-52s %9s   %s\n' "" "time" "counterpart / target"

# 1. The typed algebra, static cases, against g++.
python3 scripts/gen_typed_cases.py --static "$N" --mixed 0 \
  --bin "$OUT/core_static.rs" --cpp "$OUT/cute_static.cpp" >/dev/null
cargo build --release -q -p cutlet-core
RLIB=target/release/libcutlet_core.rlib
for opt in 0 2; do
  rust=$(time_it rustc --edition 2024 -C opt-level=$opt -C debuginfo=0 --crate-type bin \
    --extern cutlet_core="$RLIB" -L target/release/deps "$OUT/core_static.rs" -o "$OUT/core_static_o$opt")
  # shellcheck disable=SC2086
  cpp=$(time_it g++ -std=c++17 -O$opt $INC "$OUT/cute_static.cpp" -o "$OUT/cute_static_o$opt")
  "$OUT/core_static_o$opt" >"$OUT/rust.txt"
  "$OUT/cute_static_o$opt" >"$OUT/cute.txt"
  if ! cmp -s "$OUT/rust.txt" "$OUT/cute.txt"; then
    echo "outputs differ:"; diff "$OUT/rust.txt" "$OUT/cute.txt" | head; exit 1
  fi
  row "$(wc -l <"$OUT/rust.txt") static cases, cutlet-core, -O$opt" "$rust" \
    "$(printf 'CuTe, g++ %s -O%s: %.1fs (identical output)' "$(g++ -dumpversion)" "$opt" "$cpp")"
done

# 2. The typed oracle test, every case: built from scratch (its incremental cache
# removed), cutlet-core cached.
cargo test -q -p cutlet-core --test typed_oracle --no-run 2>/dev/null
rm -rf target/debug/incremental/typed_oracle-*
touch core/tests/typed_oracle.rs
t=$(time_it cargo test -q -p cutlet-core --test typed_oracle --no-run)
row "typed oracle test build ($(grep -cE '^    (chk|ill|panics)_' core/tests/typed_oracle.rs) cases)" "$t" "all of the oracle"

# 3. The kernels to PTX, against nvcc on the twin (a first build caches core and std).
SKIP_PTXAS=1 bash scripts/build-ptx.sh >/dev/null
touch kernels/src/lib.rs
t=$(time_it env SKIP_PTXAS=1 bash scripts/build-ptx.sh)
row "kernels to PTX, sm_80 + sm_90 (core cached)" "$t" "target: <= 30 s per arch"
# shellcheck disable=SC2086
cpp=$(time_it "$NVCC" -c -std=c++17 -O3 --expt-relaxed-constexpr \
  -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
  -I"$CUTE_INC" cpp-twins/gemm_sm80.cu -o "$OUT/gemm_sm80_twin.o")
row "CuTe twin, nvcc $("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'), sm_80 + sm_90" "$cpp" "(C++ counterpart of the line above)"

# 4. A one-line kernel edit, emulator build.
cargo test -q -p cutlet-kernels --no-run 2>/dev/null
cp kernels/src/gemm_sm80.rs "$OUT/gemm_sm80.rs.orig"
trap 'cp "$OUT/gemm_sm80.rs.orig" kernels/src/gemm_sm80.rs' EXIT
sed -i 's/let k_tiles = k.div_ceil(val::<C::Bk>());/let k_tiles = (k + 0).div_ceil(val::<C::Bk>());/' \
  kernels/src/gemm_sm80.rs
grep -q 'let k_tiles = (k + 0)' kernels/src/gemm_sm80.rs || { echo "the edit did not apply" >&2; exit 1; }
t=$(time_it cargo test -q -p cutlet-kernels --no-run)
cp "$OUT/gemm_sm80.rs.orig" kernels/src/gemm_sm80.rs
row "one-line kernel edit, emulator tests rebuilt" "$t" "target: <= 10 s"

# 5. One kernel rebuilt for one arch after an edit: the entry filter (cutlet-build
# --entry), the kernel crate's other entries and families left out.
cargo build -q -p cutlet-build
for one in "sm_90a cutlet_gemm_sm90_tn_bf16" "sm_80 cutlet_gemm_tn_bf16" "sm_80 cutlet_sgemm_nt"; do
  read -r arch entry <<<"$one"
  ./target/debug/cutlet-build kernels --out "$OUT/ptx-one" --arch "$arch" --entry "$entry" >/dev/null 2>&1
  touch kernels/src/gemm_sm80.rs
  t=$(time_it ./target/debug/cutlet-build kernels --out "$OUT/ptx-one" --arch "$arch" --entry "$entry")
  row "one entry after an edit: $entry, $arch" "$t" "target: <= 15 s"
done

# 6. Typical user programs, cutlet against CuTe C++ (benches/compile-pairs/). The
# per-operation sweep is scripts/compile_sweep.py (its table: results/compile-sweep.md).
python3 scripts/compile_pairs.py --cute "$CUTE"

# 7. The README's test command on a fresh clone.
if [ "$FULL" = 1 ]; then
  rm -rf "$OUT/clone"
  git clone -q . "$OUT/clone"
  t=$(time_it bash -c "cd $OUT/clone && CARGO_TARGET_DIR=target cargo test --workspace")
  row "cargo test --workspace, fresh clone" "$t" "target: CI <= 15 min"
fi
