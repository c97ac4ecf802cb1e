//! No atom expression the CLI evaluator accepts makes it panic: the oracle's atom,
//! tiled and partition expressions with their integers replaced at random (zero,
//! negative, huge, dynamic, odd sizes), atom names swapped, and arguments dropped or
//! nested wrongly, answer `Ok` or `Err`; so do pictures of the tiled atoms. Fixed seed.

use cutlet::dynamic::picture::{print_latex, print_svg};
use cutlet::dynamic::{eval, eval_expr, parse_expr};
use std::panic::{AssertUnwindSafe, catch_unwind};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const INTS: &[&str] = &[
    "_0",
    "0",
    "_1",
    "_3",
    "_-4",
    "_7",
    "12",
    "_1024",
    "_65536",
    "9223372036854775807",
    "_9223372036854775807",
    "_-9223372036854775808",
    "_1@1",
];

const NAMES: &[(&str, &str)] = &[
    (
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM90_64x256x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    ),
    (
        "SM80_16x8x8_F32F16F16F32_TN",
        "UniversalFMA<double,double,double,double>",
    ),
    ("half_t", "double"),
    ("float", "uint8_t"),
    ("UniversalCopy<uint128_t>", "SM75_U16x2_LDSM_T"),
    ("SM75_U32x4_LDSM_N", "SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>"),
    ("get_slice", "make_tiled_copy_C"),
    ("partition_A", "partition_S"),
    ("retile_D", "partition_fragment_B"),
    ("tile_size<1>", "tile_size<9>"),
];

/// Replace the `k`-th integer literal of `e` with `with`.
fn replace_int(e: &str, k: usize, with: &str) -> String {
    let b = e.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        let start_ok = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let is_int = b[i].is_ascii_digit()
            || (b[i] == b'_' && b.get(i + 1).is_some_and(|c| c.is_ascii_digit()));
        if start_ok && is_int {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if n == k {
                return format!("{}{}{}", &e[..i], with, &e[j..]);
            }
            n += 1;
            i = j;
        } else {
            i += 1;
        }
    }
    e.to_string()
}

fn atom_exprs() -> Vec<String> {
    include_str!("data/cute_kernel_cases.jsonl")
        .lines()
        .filter(|l| l.contains("_Atom<"))
        .map(|l| {
            let s = l.find("\"expr\": \"").unwrap() + 9;
            l[s..s + l[s..].find('"').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn perturbed_atom_expressions_do_not_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let exprs = atom_exprs();
    assert!(exprs.len() > 700);
    let mut n = 0;
    for round in 0..4 {
        for e in &exprs {
            let mut e = e.clone();
            for _ in 0..=round % 3 {
                match rng.below(4) {
                    0 | 1 => {
                        let k = rng.below(12);
                        e = replace_int(&e, k, INTS[rng.below(INTS.len())]);
                    }
                    2 => {
                        let (a, b) = NAMES[rng.below(NAMES.len())];
                        e = if rng.below(2) == 0 {
                            e.replacen(a, b, 1)
                        } else {
                            e.replacen(b, a, 1)
                        };
                    }
                    _ => {
                        let cut = rng.below(e.len());
                        if let Some(p) = e[..cut].rfind(", ") {
                            let q = e[p + 2..].find([',', ')']).map_or(e.len(), |q| p + 2 + q);
                            e = format!("{}{}", &e[..p], &e[q..]);
                        }
                    }
                }
            }
            let r = catch_unwind(AssertUnwindSafe(|| eval(&e)));
            assert!(r.is_ok(), "panic evaluating {e}");
            n += 1;
        }
    }
    assert!(n > 2800);
}

#[test]
fn pictures_of_odd_atoms_do_not_panic() {
    for e in [
        "make_tiled_mma(UniversalFMA<float,float,float,float>, (_1024,_1024,_1))",
        "make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (_1,_1,_4))",
        "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (_2,_2,_1), (_64,(_4,_4):(_4,_1),_16))",
        "make_tiled_copy(Copy_Atom<DefaultCopy,float>, (_4,_1):(_1,_0), (_1,_4):(_0,_1))",
        "make_tiled_copy_C(Copy_Atom<DefaultCopy,float>, make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (_1,_1,_2)))",
        "Copy_Atom<DefaultCopy,float>",
        "(_3,_5,_2):(_1,_3,_15)",
        "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        "Sw<1,1,1>",
        "(_2000000,_2000000):(_1,_2000000)",
    ] {
        let v = match parse_expr(e).and_then(|x| eval_expr(&x)) {
            Ok(v) => v,
            Err(_) => continue,
        };
        let r = catch_unwind(AssertUnwindSafe(|| {
            (print_latex(&v).is_ok(), print_svg(&v).is_ok())
        }));
        assert!(r.is_ok(), "panic drawing {e}");
    }
}
