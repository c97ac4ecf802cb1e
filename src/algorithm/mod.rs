//! CuTe's tensor algorithms: `copy`, `copy_if`, `gemm`, `axpby`, `fill` and `clear`,
//! each choosing its implementation from the tensor types.

mod copy;
mod elementwise;
mod fill;
mod gemm;
mod shapes;
mod walk;
#[doc(hidden)]
pub use walk::{
    AllUnit, LeafValues, MarkSlots, MergeInto, MergeStep, MergeTriples, Nest, NoRefine, PlanFor,
    PrependTriple, Refine, RefineStep, Refined, Runtime, Slot, Split, StaticPlan, StrideOf,
    Triples, Walk, Walk2, WalkPlan,
};

pub use copy::*;
#[doc(hidden)]
pub use elementwise::{ApplyMut, ElemOf, Elementwise, ElementwiseMut, Runs2, ZipApply};
pub use fill::{axpby, clear, fill};
pub use gemm::{
    GemmK, GemmM, GemmN, GemmV, Mat, MatMut, MmaKernel, RegisterBlocked, ScalarFma, gemm,
    gemm_using,
};
#[doc(hidden)]
pub use gemm::{
    GemmOperands, GemmPattern, MatView, MatViewMut, ModePattern, PatBatchedMatrix, PatBatchedOuter,
    PatMatrix, PatOuter, PatV,
};
pub use shapes::SameShape;
#[doc(hidden)]
pub use shapes::{AgreeByRank, ModesAgree, ShapesAgree, SizeAgree};
