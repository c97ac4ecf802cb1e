use cutlet::prelude::*;

fn main() {
    // Swizzle<3,4,2>: 3 bits XORed into bits only 2 below them would overlap.
    let _s = Swizzle::<3, 4, 2>::new();
}
