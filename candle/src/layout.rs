//! candle's `Layout` (dims, element strides, start offset) in cutlet's terms: a flat
//! layout of dynamic extents and strides in CuTe's notation, and the two views the ops
//! read operands through, a batch of matrices and a `(batch, seqlen, heads, head_dim)`
//! operand.

use candle::{Layout, Result};
use cutlet_dynamic::{DInt, DynLayout, IntTuple};

/// The cutlet (CuTe) layout of a candle layout: its dims as the shape and its strides as
/// the stride, every leaf dynamic, in elements from the layout's start offset (which
/// CuTe keeps in the tensor's pointer, not in its layout).
///
/// ```
/// use candle::{DType, Device, Tensor};
/// let t = Tensor::zeros((2, 3, 4), DType::F32, &Device::Cpu)?;
/// let l = cutlet_candle::cute_layout(t.transpose(1, 2)?.layout());
/// assert_eq!(l.to_string(), "(2,4,3):(12,1,4)");
/// // A broadcast dimension is a stride of 0.
/// let b = t.narrow(1, 1, 2)?.unsqueeze(0)?.broadcast_as((5, 2, 2, 4))?;
/// assert_eq!(cutlet_candle::cute_layout(b.layout()).to_string(), "(5,2,2,4):(0,12,4,1)");
/// assert_eq!(b.layout().start_offset(), 4);
/// # Ok::<(), candle::Error>(())
/// ```
pub fn cute_layout(l: &Layout) -> DynLayout {
    let tuple = |xs: &[usize]| {
        IntTuple::Tuple(
            xs.iter()
                .map(|&x| IntTuple::Int(DInt::dynamic(x as i64)))
                .collect(),
        )
    };
    DynLayout::new(tuple(l.dims()), tuple(l.stride()))
        .expect("a candle layout has as many strides as dims")
}

/// A rank-`r >= 2` operand as a batch of matrices: the leading `r - 2` dims are the
/// batch, the last two the rows and columns of each matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Matrices {
    /// The batch dims.
    pub batch: Vec<usize>,
    /// Each batch entry's offset from the storage's start, in the batch's row-major order
    /// (the layout's start offset included).
    pub offsets: Vec<usize>,
    /// Rows and columns of each matrix.
    pub rows: usize,
    pub cols: usize,
    /// Element strides of a row step and a column step.
    pub rs: usize,
    pub cs: usize,
}

impl Matrices {
    /// The matrices of `l`, or an error naming the operand `what` and its layout when its
    /// rank is below 2.
    pub fn of(what: &str, l: &Layout) -> Result<Matrices> {
        let (dims, stride) = (l.dims(), l.stride());
        let r = dims.len();
        if r < 2 {
            fail!(
                "{what}: a matrix needs rank 2 or more, got layout {} (rank {r})",
                cute_layout(l)
            );
        }
        Ok(Matrices {
            batch: dims[..r - 2].to_vec(),
            offsets: offsets(&dims[..r - 2], &stride[..r - 2], l.start_offset()),
            rows: dims[r - 2],
            cols: dims[r - 1],
            rs: stride[r - 2],
            cs: stride[r - 1],
        })
    }

    /// The storage elements one matrix reaches past its offset (its cosize).
    pub fn span(&self) -> usize {
        if self.rows == 0 || self.cols == 0 {
            0
        } else {
            (self.rows - 1) * self.rs + (self.cols - 1) * self.cs + 1
        }
    }

    /// The storage range the matrices reach, or an error naming the operand `what`
    /// when it does not fit a storage of `len` elements.
    pub fn window(&self, what: &str, len: usize) -> Result<std::ops::Range<usize>> {
        let span = self.span();
        if span == 0 {
            return Ok(0..0);
        }
        let lo = self.offsets.iter().copied().min().unwrap_or(0);
        let hi = self.offsets.iter().map(|o| o + span).max().unwrap_or(0);
        if hi > len {
            fail!("{what}: its matrices reach element {hi} of a storage of {len}");
        }
        Ok(lo..hi)
    }

    /// The one stride between consecutive batch entries, where their offsets run at one
    /// (CuTe's L mode; 0 for a batch of one), else `None`: what the GPU matmul launches
    /// a batch by.
    #[cfg(any(feature = "cuda", test))]
    pub fn batch_stride(&self) -> Option<usize> {
        let (o0, o1) = match self.offsets.as_slice() {
            [_, o1, ..] => (self.offsets[0], *o1),
            _ => return Some(0),
        };
        let s = o1.checked_sub(o0)?;
        let even = self
            .offsets
            .iter()
            .enumerate()
            .all(|(i, &o)| o == o0 + i * s);
        even.then_some(s)
    }

    /// The same matrices in a storage that starts `by` elements later.
    pub fn shifted(&self, by: usize) -> Matrices {
        Matrices {
            offsets: self.offsets.iter().map(|o| o - by).collect(),
            ..self.clone()
        }
    }
}

/// The offsets of every index of `dims` under `stride`, from `start`, in row-major order.
fn offsets(dims: &[usize], stride: &[usize], start: usize) -> Vec<usize> {
    dims.iter().zip(stride).fold(vec![start], |acc, (&d, &s)| {
        acc.iter()
            .flat_map(|&o| (0..d).map(move |i| o + i * s))
            .collect()
    })
}

/// A `(batch, seqlen, heads, head_dim)` operand: extents and element strides, from the
/// layout's start offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bshd {
    pub extents: [usize; 4],
    pub strides: [usize; 4],
    pub offset: usize,
}

impl Bshd {
    /// The operand of a rank-4 layout, or an error naming `what` and its layout.
    pub fn of(what: &str, l: &Layout) -> Result<Bshd> {
        Ok(Bshd {
            extents: rank::<4>(what, "(batch, seqlen, heads, head_dim)", l, l.dims())?,
            strides: rank::<4>(what, "(batch, seqlen, heads, head_dim)", l, l.stride())?,
            offset: l.start_offset(),
        })
    }

    /// A packed varlen operand `(total, heads, head_dim)` as one batch of `total` rows.
    pub fn of_packed(what: &str, l: &Layout) -> Result<Bshd> {
        let [t, h, d] = rank::<3>(what, "(total, heads, head_dim)", l, l.dims())?;
        let [st, sh, sd] = rank::<3>(what, "(total, heads, head_dim)", l, l.stride())?;
        Ok(Bshd {
            extents: [1, t, h, d],
            strides: [t * st, st, sh, sd],
            offset: l.start_offset(),
        })
    }

    /// Rows `rows` of the sequence mode, as an operand of their own.
    pub fn rows(self, rows: std::ops::Range<usize>) -> Bshd {
        let mut b = self;
        b.extents[1] = rows.len();
        b.offset += rows.start * self.strides[1];
        b
    }

    /// The storage elements the operand reaches past its offset (its cosize).
    pub fn span(&self) -> usize {
        if self.extents.contains(&0) {
            return 0;
        }
        1 + (0..4)
            .map(|i| (self.extents[i] - 1) * self.strides[i])
            .sum::<usize>()
    }
}

/// `xs` as an array of `R` values, or an error naming the operand's layout and the modes
/// it should have.
fn rank<const R: usize>(what: &str, modes: &str, l: &Layout, xs: &[usize]) -> Result<[usize; R]> {
    match xs.try_into() {
        Ok(a) => Ok(a),
        Err(_) => fail!(
            "{what}: expected rank {R} {modes}, got layout {} (rank {})",
            cute_layout(l),
            l.dims().len()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle::{DType, Device, Tensor};

    fn t(dims: &[usize]) -> Tensor {
        Tensor::zeros(dims, DType::F32, &Device::Cpu).unwrap()
    }

    #[test]
    fn matrices_of_transposed_narrowed_and_broadcast_operands() {
        // (2, 3, 4) contiguous, its matrices' last two modes transposed.
        let x = t(&[2, 3, 4]).transpose(1, 2).unwrap();
        let m = Matrices::of("A", x.layout()).unwrap();
        assert_eq!(
            (
                m.batch.clone(),
                m.offsets.clone(),
                m.rows,
                m.cols,
                m.rs,
                m.cs
            ),
            (vec![2], vec![0, 12], 4, 3, 1, 4)
        );
        assert_eq!(m.span(), 12);
        // A narrowed view starts past the storage's start; a broadcast batch repeats it.
        let y = t(&[6, 5])
            .narrow(0, 2, 3)
            .unwrap()
            .broadcast_as((2, 3, 3, 5))
            .unwrap();
        let m = Matrices::of("B", y.layout()).unwrap();
        assert_eq!(m.offsets, vec![10; 6]);
        assert_eq!((m.rows, m.cols, m.rs, m.cs), (3, 5, 5, 1));
        let e = Matrices::of("A", t(&[7]).layout()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "A: a matrix needs rank 2 or more, got layout (7):(1) (rank 1)"
        );
    }

    /// A batch runs at one stride where its offsets do: a contiguous batch, a
    /// broadcast one (0), a batch of one; a batch over two dims of unlike strides, not.
    #[test]
    fn batch_strides_of_generated_batches() {
        for case in 0..60usize {
            let (d0, d1) = (1 + case % 3, 1 + case / 3 % 4);
            let (s1, s0) = (case % 5 * 8, (case % 5 * 8) * d1 + case % 7);
            let m = Matrices {
                batch: vec![d0, d1],
                offsets: offsets(&[d0, d1], &[s0, s1], case),
                rows: 2,
                cols: 2,
                rs: 2,
                cs: 1,
            };
            // Row-major batch order: one stride where the outer one is `d1` inner ones.
            let one = d0 * d1 == 1 || d0 == 1 || d1 == 1 || s0 == s1 * d1;
            let want = if d0 * d1 == 1 {
                Some(0)
            } else if d1 == 1 {
                Some(s0)
            } else {
                Some(s1)
            };
            assert_eq!(m.batch_stride(), if one { want } else { None }, "{m:?}");
        }
    }

    #[test]
    fn offsets_enumerate_every_batch_index_in_row_major_order() {
        // Generated dims and strides: each offset is the inner product of its index.
        for case in 0..50usize {
            let r = case % 4;
            let dims: Vec<usize> = (0..r).map(|i| 1 + (case * 7 + i * 3) % 4).collect();
            let stride: Vec<usize> = (0..r).map(|i| (case * 5 + i * 11) % 17).collect();
            let got = offsets(&dims, &stride, case);
            assert_eq!(got.len(), dims.iter().product::<usize>());
            for (n, &o) in got.iter().enumerate() {
                let (mut rest, mut want) = (n, case);
                for i in (0..r).rev() {
                    want += (rest % dims[i]) * stride[i];
                    rest /= dims[i];
                }
                assert_eq!(o, want, "dims {dims:?} stride {stride:?} index {n}");
            }
        }
    }

    #[test]
    fn bshd_of_bhsd_and_packed_operands() {
        // BHSD storage seen as BSHD: the transposed view candle's models build.
        let x = t(&[2, 8, 100, 64]).transpose(1, 2).unwrap();
        let b = Bshd::of("Q", x.layout()).unwrap();
        assert_eq!(b.extents, [2, 100, 8, 64]);
        assert_eq!(b.strides, [51200, 64, 6400, 1]);
        assert_eq!(b.span(), 2 * 8 * 100 * 64);
        let p = Bshd::of_packed("K", t(&[30, 4, 64]).layout()).unwrap();
        assert_eq!((p.extents, p.strides), ([1, 30, 4, 64], [7680, 256, 64, 1]));
        let r = p.rows(10..25);
        assert_eq!((r.extents, r.offset), ([1, 15, 4, 64], 2560));
        assert_eq!(
            Bshd::of("V", t(&[3, 4, 5]).layout())
                .unwrap_err()
                .to_string(),
            "V: expected rank 4 (batch, seqlen, heads, head_dim), got layout (3,4,5):(20,5,1) (rank 3)"
        );
    }
}
