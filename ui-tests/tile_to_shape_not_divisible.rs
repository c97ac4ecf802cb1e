use cutlet::prelude::*;

fn main() {
    // An 8x64 block cannot tile a 100x64 target.
    let _t = tile_to_shape(layout!((8,64):(64,1)), shape!((100, 64)));
}
