// CuTe's gemm(A, B, C) on (M,K) x (N,K) => (M,N) with static K extents 3 and 5.
use cutlet::prelude::*;

fn main() {
    let a = make_owned_tensor::<f32>(layout!((4,3)));
    let b = make_owned_tensor::<f32>(layout!((2,5)));
    let mut c = make_owned_tensor::<f32>(layout!((4,2)));
    gemm(&a, &b, &mut c);
}
