#!/usr/bin/env python3
"""Generate tests/data/gmma_desc_cases.txt: CuTe 4.2 `make_gmma_desc` answers.

Runs on the host with g++ (no CUDA compiler needed). CuTe's host fallback of
`cast_smem_ptr_to_uint` prints an error and returns 0, so the template defines
CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED and a host `__cvta_generic_to_shared`
that returns the pointer value itself: the smem pointer's integer value is
taken as the shared-window address (exactly what the device intrinsic yields
for a shared variable at that offset).

Usage: python3 tests/data/gen_gmma_desc_cases.py [--headers DIR] [--out FILE]
Each (atom, order, tile shape) group is compiled as one program; if a group
fails to compile or to run, each of its cases is compiled alone, and a case
that still fails is recorded as "rejected: <reason>".
"""
import argparse, glob, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
BASE = 0x0  # shared address of the smem tensor's first element

PRELUDE = r'''
#include <cstddef>
#include <cstdint>
#include <cstdio>
// Host stand-in for the device intrinsic: generic pointer value == shared address.
#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1
static inline size_t __cvta_generic_to_shared(const void* p) { return (size_t)(uintptr_t)p; }
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
using namespace cute::SM90;
'''

CASE = r'''
{
  using Atom = GMMA::%(atom)s<half_t>;
  auto sL = tile_to_shape(Atom{}, make_shape(Int<%(M)d>{}, Int<%(K)d>{})%(step)s);
  auto t  = make_tensor(make_smem_ptr(reinterpret_cast<half_t*>(uintptr_t(%(base)d))), sL);
  auto s  = local_tile(t, Shape<Int<%(tm)d>,Int<%(tk)d>>{}, make_coord(%(mb)d, %(kb)d));
  cute::GmmaDescriptor d = GMMA::make_gmma_desc<GMMA::Major::%(major)s>(s);
  printf("%(prefix)s\t%%u\t%%u\t%%u\t%%u\t%%u\t0x%%016llx\n",
         (unsigned)d.bitfield.start_address_, (unsigned)d.bitfield.leading_byte_offset_,
         (unsigned)d.bitfield.stride_byte_offset_, (unsigned)d.bitfield.base_offset_,
         (unsigned)d.bitfield.layout_type_, (unsigned long long)d.desc_);
}
'''

ATOMS = ['K_INTER', 'K_SW32', 'K_SW64', 'K_SW128', 'MN_INTER', 'MN_SW32', 'MN_SW64', 'MN_SW128']
A_SLICES = [(64, 16, 0, 0), (64, 16, 1, 0), (64, 16, 0, 1), (64, 16, 1, 3)]
B_SLICES = [(256, 16, 0, 1)]


def groups():
    for a in ATOMS:
        major = 'K' if a.startswith('K_') else 'MN'
        orders = ['default'] if major == 'K' else ['k_first', 'default']
        for order in orders:
            for (M, K), slices in (((128, 64), A_SLICES), ((256, 64), B_SLICES)):
                cases = []
                for (tm, tk, mb, kb) in slices:
                    atom = 'Layout_%s_Atom' % a
                    prefix = '%s\t%s\t%dx%d\t%dx%d@%d,%d' % (atom, order, M, K, tm, tk, mb, kb)
                    cases.append(dict(atom=atom, M=M, K=K, tm=tm, tk=tk, mb=mb, kb=kb, major=major,
                                      step=', Step<_2,_1>{}' if order == 'k_first' else '',
                                      base=BASE, prefix=prefix))
                yield cases


def compile_and_run(cases, headers, workdir, name):
    src = PRELUDE + 'int main() {\n' + ''.join(CASE % c for c in cases) + '  return 0;\n}\n'
    cpp = os.path.join(workdir, name + '.cpp')
    exe = os.path.join(workdir, name)
    with open(cpp, 'w') as f:
        f.write(src)
    inc = ['-I', os.path.join(headers, 'cutlass_library/source/include'),
           '-I', os.path.join(headers, 'nvidia/cuda_runtime/include')]
    for d in sorted(glob.glob(os.path.join(headers, 'nvidia/*/include'))):
        inc += ['-I', d]
    r = subprocess.run(['g++', '-std=c++17', '-w'] + inc + [cpp, '-o', exe],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, 'compile: ' + reason(r.stderr)
    r = subprocess.run([exe], capture_output=True, text=True)
    if r.returncode != 0:
        return None, 'runtime (rc=%d): %s' % (r.returncode, (r.stderr or r.stdout).strip().splitlines()[-1:] or '')
    if 'ERROR' in r.stdout:
        return None, 'runtime: ' + r.stdout.strip()
    return r.stdout.splitlines(), None


def reason(stderr):
    m = re.search(r'static assertion failed(?: due to requirement [^:\n]*)?: ?(.*)', stderr)
    if m:
        return 'static_assert: ' + m.group(1).strip()
    m = re.search(r'static assertion failed', stderr)
    if m:
        return 'static_assert (no message)'
    m = re.search(r'error: (.*)', stderr)
    return (m.group(1).strip() if m else stderr.strip().splitlines()[-1])[:300]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--headers', default=os.path.join(ROOT, 'target/cute-headers'))
    ap.add_argument('--out', default=os.path.join(HERE, 'gmma_desc_cases.txt'))
    args = ap.parse_args()
    lines = []
    with tempfile.TemporaryDirectory() as wd:
        for gi, cases in enumerate(groups()):
            out, err = compile_and_run(cases, args.headers, wd, 'g%d' % gi)
            if out is not None and len(out) == len(cases):
                lines += out
                continue
            for ci, c in enumerate(cases):
                out, err = compile_and_run([c], args.headers, wd, 'g%d_c%d' % (gi, ci))
                lines.append(out[0] if out else c['prefix'] + '\trejected: ' + err)
            print('group %d fell back to per-case' % gi, file=sys.stderr)
    hdr = [
        '# CuTe (CUTLASS 4.2.0, include/cute/atom/mma_traits_sm90_gmma.hpp) make_gmma_desc answers; generated by gen_gmma_desc_cases.py with g++ on the host.',
        '# element = cute::half_t; smem base address = 0x%x (shared address of element 0); host cast_smem_ptr_to_uint = pointer value (start_address_ = (addr >> 4) & 0x3FFF).' % BASE,
        '# sL = tile_to_shape(GMMA::<atom><half_t>{}, make_shape(Int<M>{}, Int<K>{}))  [order=default]   or   tile_to_shape(GMMA::<atom><half_t>{}, make_shape(Int<M>{}, Int<K>{}), Step<_2,_1>{})  [order=k_first]',
        '# t = make_tensor(make_smem_ptr(reinterpret_cast<half_t*>(uintptr_t(0x%x))), sL);  s = local_tile(t, Shape<Int<tm>,Int<tk>>{}, make_coord(mb, kb));  d = GMMA::make_gmma_desc<GMMA::Major::K or MN>(s)  (K for Layout_K_*, MN for Layout_MN_*)' % BASE,
        '# fields are the raw bitfield values (start/lbo/sbo in 16-byte units; layout_type: 0=INTERLEAVE 1=B128 2=B64 3=B32); desc_hex = d.desc_',
        '# columns: atom\torder\ttile_shape(MxK)\tslice(tmxtk@mb,kb)\tstart\tlbo\tsbo\tbase_offset\tlayout_type\tdesc_hex   (or ...\\trejected: reason)',
    ]
    with open(args.out, 'w') as f:
        f.write('\n'.join(hdr + lines) + '\n')
    print('wrote %d cases to %s' % (len(lines), args.out), file=sys.stderr)


if __name__ == '__main__':
    main()
