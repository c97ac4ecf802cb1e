//! CuTe's MMA atom traits as static types: their thread-value layouts cover the atom's
//! tiles exactly once, and fragment sizes are compile-time constants.
use cutlet::atom::*;
use cutlet::prelude::*;

fn covers<L: Copy + Evaluate<(isize, isize), Output = isize>>(
    l: L,
    threads: isize,
    values: isize,
    tile: usize,
) {
    let mut seen = vec![0u32; tile];
    for t in 0..threads {
        for v in 0..values {
            seen[l.eval((t, v)) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
}

#[test]
fn sm80_16x8x16_layouts_are_bijections() {
    type Op = SM80_16x8x16_F32F16F16F32_TN;
    const T: isize = <Threads<Op> as StaticValue>::VALUE;
    const A: isize = <ValuesA<Op> as StaticValue>::VALUE;
    const B: isize = <ValuesB<Op> as StaticValue>::VALUE;
    const C: isize = <ValuesC<Op> as StaticValue>::VALUE;
    assert_eq!((T, A, B, C), (32, 8, 4, 4));
    covers(<Op as MmaTraits>::ALayout::default(), T, A, 16 * 16);
    covers(<Op as MmaTraits>::BLayout::default(), T, B, 8 * 16);
    covers(<Op as MmaTraits>::CLayout::default(), T, C, 16 * 8);
    assert_eq!(core::mem::size_of::<<Op as MmaTraits>::ALayout>(), 0);
    // thread 5 holds C elements (m, n) = (1, 2), (1, 3), (9, 2), (9, 3)
    let c = <Op as MmaTraits>::CLayout::default();
    let mn: Vec<(isize, isize)> = (0..4)
        .map(|v| {
            let i = c.eval((5isize, v));
            (i % 16, i / 16)
        })
        .collect();
    assert_eq!(mn, [(1, 2), (1, 3), (9, 2), (9, 3)]);
}

#[test]
fn sm80_16x8x8_and_fma() {
    type Op = SM80_16x8x8_F32F16F16F32_TN;
    covers(<Op as MmaTraits>::ALayout::default(), 32, 4, 16 * 8);
    covers(<Op as MmaTraits>::BLayout::default(), 32, 2, 8 * 8);
    type F = UniversalFMA<f64, f64, f64, f64>;
    assert_eq!(<Threads<F> as StaticValue>::VALUE, 1);
    assert_eq!(
        <F as MmaTraits>::CLayout::default().to_string(),
        "(_1,_1):(_0,_0)"
    );
}
