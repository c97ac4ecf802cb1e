//! No swizzle or composed layout the CLI evaluator accepts makes an operation panic:
//! every operation of `OPERATIONS` on swizzles, composed layouts (integer, extreme,
//! smem-flag and MixedBits offsets, nested chains) and the new compile-time arguments
//! (`upcast<N>`, `recast_layout<Old,New>`) answers `Ok` or `Err`. Fixed-seed inputs.

use cutlet::dynamic::{OPERATIONS, eval};
use std::panic::{AssertUnwindSafe, catch_unwind};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

const LAYOUTS: &[&str] = &[
    "(_8,_64):(_64,_1)",
    "((_8,_8),(_16,_4)):((_16,_128),(_1,_1024))",
    "_1:_0",
    "(_0,_4):(_1,_0)",
    "(4,_8):(_1,4)",
    "(_-2,_3):(_-1,_2)",
    "_9223372036854775807:_1",
    "(_2,_2):(_-9223372036854775808,_1)",
    "(_4,_2):(_1@0,_1@1)",
    "():()",
];
const SWIZZLES: &[&str] = &[
    "Sw<3,4,3>",
    "Sw<0,4,3>",
    "Sw<2,1,-5>",
    "Sw<1,0,1>",
    "Sw<9,9,9>",
    "Sw<3,28,3>",
];
const OFFSETS: &[&str] = &[
    "_0",
    "0",
    "_-32",
    "16",
    "_9223372036854775807",
    "_-9223372036854775808",
    "smem_ptr[16b](unset)",
    "smem_ptr[1b](unset)",
    "smem_ptr[9223372036854775807b](unset)",
    "M_0|(64&68)=64",
    "M_1|(2147483648&2147483648)=2147483649",
];
const TARGS: &[&str] = &[
    "0",
    "1",
    "2",
    "8",
    "3",
    "-1",
    "4294967296",
    "9223372036854775807",
    "uint8_t",
    "uint128_t",
    "half_t",
];

fn func(r: &mut Rng, depth: usize) -> String {
    match r.next() % 4 {
        0 => r.pick(SWIZZLES).to_string(),
        1 if depth > 0 => format!(
            "{} o {} o {}",
            r.pick(SWIZZLES),
            r.pick(OFFSETS),
            func(r, depth - 1)
        ),
        2 => format!(
            "{} o {} o {}",
            r.pick(LAYOUTS),
            r.pick(OFFSETS),
            r.pick(SWIZZLES)
        ),
        _ => format!(
            "{} o {} o {}",
            r.pick(SWIZZLES),
            r.pick(OFFSETS),
            r.pick(LAYOUTS)
        ),
    }
}

#[test]
fn cli_evaluator_never_panics_on_composed_layouts() {
    let mut r = Rng(0x5EED_5A11);
    let mut fails = Vec::new();
    for _ in 0..6000 {
        let op = r.pick(OPERATIONS);
        let name = op.split('<').next().unwrap();
        let targs = if op.contains('<') {
            let n = 1 + (r.next() % 2) as usize;
            let v: Vec<&str> = (0..n).map(|_| r.pick(TARGS)).collect();
            format!("<{}>", v.join(","))
        } else {
            String::new()
        };
        let args: Vec<String> = (0..1 + r.next() % 3)
            .map(|_| match r.next() % 4 {
                0 => r.pick(LAYOUTS).to_string(),
                1 => r
                    .pick(&["_64", "(_3,_1)", "(_128,_64)", "7", "(_1,_0)"])
                    .to_string(),
                _ => func(&mut r, 2),
            })
            .collect();
        let expr = format!("{name}{targs}({})", args.join(", "));
        if catch_unwind(AssertUnwindSafe(|| {
            let _ = eval(&expr);
        }))
        .is_err()
        {
            fails.push(expr);
        }
    }
    assert!(
        fails.is_empty(),
        "{} panics:\n{}",
        fails.len(),
        fails.join("\n")
    );
}
