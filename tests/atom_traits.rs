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

/// CuTe's `get_layoutC_TV` of tiled MMAs (CuTe's printed answers).
#[test]
fn tiled_mma_layout_c_tv() {
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    assert_eq!(
        m.get_layout_c_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
    );
    let m = make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN, layout!((1,1,2):(0,0,1)));
    assert_eq!(
        m.get_layout_c_tv().to_string(),
        "((_4,_8,_2),((_2,_2),(_1,_1))):((_32,_1,_0),((_16,_8),(_0,_0)))"
    );
    let f = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        layout!((16,16,1):(1,16,0)),
    );
    assert_eq!(
        f.get_layout_c_tv().to_string(),
        "(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))"
    );
    // the C tile of 2x2 SM80 atoms (32x16) is covered once by 128 threads x 4 values
    let c =
        make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0))).get_layout_c_tv();
    assert_eq!(core::mem::size_of_val(&c), 0);
    let mut seen = vec![0; 32 * 16];
    for t in 0..128isize {
        for v in 0..4isize {
            seen[c.call((t, v)) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1));
}

/// CuTe's `get_layoutA_TV` of tiled MMAs (CuTe's printed answers).
#[test]
fn tiled_mma_layout_a_tv() {
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    assert_eq!(
        m.get_layout_a_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))"
    );
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1,1,1):(0,0,0)));
    assert_eq!(
        m.get_layout_a_tv().to_string(),
        "((_4,_8),((_2,_2,_2),(_1,_1))):((_32,_1),((_16,_8,_128),(_0,_0)))"
    );
}

/// CuTe's `get_layoutB_TV` of tiled MMAs (CuTe's printed answers).
#[test]
fn tiled_mma_layout_b_tv() {
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    assert_eq!(
        m.get_layout_b_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))"
    );
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,1,1):(1,0,0)));
    assert_eq!(
        m.get_layout_b_tv().to_string(),
        "((_4,_8,_2),((_2,_2),(_1,_1))):((_16,_1,_0),((_8,_64),(_0,_0)))"
    );
}

/// CuTe's `partition_fragment_C` layouts (CuTe's printed answers): compile-time sized
/// accumulator fragments.
#[test]
fn partition_fragment_c() {
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    let f = m.partition_fragment_c(tile_to_shape(
        composition(Sw::<3, 2, 3>::new(), layout!((8,32):(32,1))),
        shape!((32, 32)),
    ));
    assert_eq!(f.layout().to_string(), "((_2,_2),_1,_2):((_1,_2),_0,_4)");
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,1,1):(1,0,0)));
    let f = m.partition_fragment_c(tile_to_shape(
        composition(Sw::<3, 2, 3>::new(), layout!((32,8):(1,32))),
        shape!((64, 16)),
    ));
    assert_eq!(f.layout().to_string(), "((_2,_2),_2,_2):((_1,_2),_4,_8)");
    const N: usize = core::mem::size_of::<
        FragmentCT<
            TiledMma<SM80_16x8x16_F32F16F16F32_TN, layout_t!((2,2,1):(1,2,0))>,
            shape_t!((128, 128)),
        >,
    >();
    assert_eq!(N, 128 * 128 / 128 * 4); // 128 f32 per thread for a 128x128 tile over 128 threads
    let fma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        layout!((16,16,1):(1,16,0)),
    );
    assert_eq!(
        fma.partition_fragment_c(shape!((128, 128)))
            .layout()
            .to_string(),
        "(_1,_8,_8):(_0,_1,_8)"
    );
    assert_eq!(
        fma.partition_fragment_c(layout!((32,32):(32,1)))
            .layout()
            .to_string(),
        "(_1,_2,_2):(_0,_1,_2)" // make_fragment_C: compact, whatever the C layout
    );
    let s = 32;
    let fma8 = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        layout!((16,8,1):(1,16,0)),
    );
    assert_eq!(
        fma8.partition_fragment_c(layout!((16,32):(1,s)))
            .layout()
            .to_string(),
        "(_1,_1,_4):(_0,_0,_1)"
    );
}

/// CuTe's `partition_C` of thread slices (CuTe's printed layouts), and the values seen.
#[test]
fn thr_mma_partition_c() {
    let data: Vec<f32> = (0..64 * 64).map(|x| x as f32).collect();
    let m = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    let c = m
        .get_slice(111)
        .partition_c(make_tensor(&data[..], layout!((64,64):(1,64))));
    assert_eq!(
        c.layout().to_string(),
        "((_2,_2),_2,_4):((_64,_8),_32,_1024)"
    );
    let m1 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1,1,1):(0,0,0)));
    let c1 = m1
        .get_slice(13)
        .partition_c(make_tensor(&data[..], layout!((32,8):(8,1))));
    assert_eq!(
        c1.layout().to_string(),
        "((_2,_2),_2,_1):((_1,_64),_128,_0)"
    );
    // thread 13 of one atom holds C rows 3 and 11, columns 2 and 3 (row-major 32x8 data)
    assert_eq!(
        c1.get(((0isize, 0isize), 0isize, 0isize)),
        (3 * 8 + 2) as f32
    );
    assert_eq!(
        c1.get(((1isize, 1isize), 0isize, 0isize)),
        (11 * 8 + 3) as f32
    );
    // every element of a 64x64 tile belongs to exactly one of the 128 threads
    let mut seen = vec![0u8; 64 * 64];
    for t in 0..128isize {
        let p = m
            .get_slice(t)
            .partition_c(make_tensor(&data[..], layout!((64,64):(1,64))));
        for i in 0..size(p.layout()).value() {
            seen[p.get(i) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1));
}
