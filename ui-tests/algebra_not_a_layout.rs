// coalesce of something that is neither a layout nor a tensor.
use cutlet::prelude::*;

fn main() {
    let v = vec![1.0f32; 8];
    let _c = coalesce(v);
}
