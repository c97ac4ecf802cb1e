use cutlet::prelude::*;

fn main() {
    // A stride of 3 elements is not a whole number of 4-element units.
    let _l = upcast::<4, _>(layout!((8,8,3):(24,3,1)));
}
