// A coordinate with the wrong rank for the layout's shape, through every API that
// takes one: evaluation, indexing, slicing and local_tile.
use cutlet::prelude::*;

fn main() {
    let l = layout!((4, 8):(8, 1));
    let _ = l.call((1isize, 2isize, 3isize));
    let data = [0f32; 32];
    let t = make_tensor(&data[..], l);
    let _ = t[(1isize, (2isize, 3isize))];
    let _ = t.slice(coord!((1, _, 2)));
    let _ = local_tile(t, shape!((2, 4)), (1usize, 1usize, 1usize));
}
