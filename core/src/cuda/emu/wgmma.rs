//! Emulated warpgroup MMA (`wgmma.mma_async`): each thread computes its own accumulator
//! values when it issues the instruction (reading shared memory through the GMMA
//! descriptors, as the tensor cores do), but the values reach its registers only after
//! a `wgmma.wait_group` that covers their commit group and the `warpgroup_fence_operand`
//! after it. Until then the registers hold NaN, so a kernel that reads accumulators
//! too early computes garbage here as on the GPU, visibly. A batch issued without a
//! `wgmma.fence` before it, or a thread that exits with batches never waited on, fails
//! the launch.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::string::String;
use std::vec::Vec;

/// One issued MMA: the accumulator registers it writes and the values they will hold.
struct Pending {
    acc: usize,
    values: Vec<f32>,
}

#[derive(Default)]
struct State {
    /// Issued since the last commit.
    open: Vec<Pending>,
    /// Committed groups, oldest first.
    committed: VecDeque<Vec<Pending>>,
    /// Completed by a wait, not yet moved into the registers.
    landed: Vec<Pending>,
    /// A `wgmma.fence` since the last commit.
    fenced: bool,
}

std::thread_local! {
    static WG: RefCell<State> = RefCell::new(State::default());
}

/// `wgmma.fence`.
pub(crate) fn fence() {
    WG.with(|w| w.borrow_mut().fenced = true);
}

/// Moves landed values for `acc` into it.
fn land(s: &mut State, acc: &mut [f32]) {
    let key = acc.as_ptr() as usize;
    if let Some(i) = s.landed.iter().rposition(|p| p.acc == key) {
        let p = s.landed.remove(i);
        acc.copy_from_slice(&p.values);
        s.landed.retain(|p| p.acc != key);
    }
}

/// Issues one MMA into `acc`: `compute` gets the accumulator values the instruction
/// reads (the latest issued ones for these registers, or the registers themselves)
/// and returns the result.
#[track_caller]
pub(crate) fn mma(acc: &mut [f32], compute: impl FnOnce(&[f32]) -> Vec<f32>) {
    WG.with(|w| {
        let mut s = w.borrow_mut();
        if !s.fenced {
            drop(s);
            panic!(
                "wgmma.mma_async at {} without a wgmma.fence (warpgroup_arrive) before its batch: the accumulators may not be ready",
                core::panic::Location::caller()
            );
        }
        land(&mut s, acc);
        let key = acc.as_ptr() as usize;
        let newest = s
            .open
            .iter()
            .rev()
            .chain(s.committed.iter().rev().flat_map(|g| g.iter().rev()))
            .find(|p| p.acc == key)
            .map(|p| p.values.clone());
        let values = compute(newest.as_deref().unwrap_or(acc));
        acc.fill(f32::NAN);
        s.open.push(Pending { acc: key, values });
    });
}

/// `wgmma.commit_group`.
pub(crate) fn commit() {
    WG.with(|w| {
        let mut s = w.borrow_mut();
        let g = core::mem::take(&mut s.open);
        s.committed.push_back(g);
        s.fenced = false;
    });
}

/// `wgmma.wait_group n`.
pub(crate) fn wait(n: usize) {
    WG.with(|w| {
        let mut s = w.borrow_mut();
        while s.committed.len() > n {
            let g = s.committed.pop_front().unwrap_or_default();
            s.landed.extend(g);
        }
    });
}

/// `warpgroup_fence_operand(acc)`: completed values for `acc` reach it.
pub(crate) fn fence_operand(acc: &mut [f32]) {
    WG.with(|w| land(&mut w.borrow_mut(), acc));
}

/// Forgets this thread's state at kernel exit; a message if MMAs were never waited on.
pub(crate) fn clear() -> Option<String> {
    WG.with(|w| {
        let s = core::mem::take(&mut *w.borrow_mut());
        let pending = s.open.len() + s.committed.iter().map(Vec::len).sum::<usize>();
        (pending > 0).then(|| {
            std::format!(
                "the thread exited with {pending} wgmma.mma_async never covered by a wgmma.wait_group (their accumulators are lost)"
            )
        })
    })
}
