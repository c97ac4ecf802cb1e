//! Identity tensors are exact past the edge of a partial tile (CuTe's counting
//! iterator over scaled-basis strides), and predicated copies built on them never
//! touch an element outside the tensor.

use cutlet::prelude::*;
use proptest::prelude::*;

#[test]
fn local_tile_past_the_edge_matches_cute() {
    // CuTe 4.2: `local_tile(make_identity_tensor(make_shape(1000, 777)),
    // Shape<_32,_32>{}, make_coord(31, 0))(8)` is `(1000,0)`.
    let (m, n) = (1000, 777);
    let id = make_identity_tensor(shape!((m, n)));
    let tile = local_tile(id, shape!((32, 32)), (31isize, 0isize));
    assert_eq!(tile.layout().to_string(), "(_32,_32):(_1@0,_1@1)");
    assert_eq!(tile.get(8isize), (1000, 0));
}
