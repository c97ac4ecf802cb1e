//! The tensors a kernel made, as the sanitizer knows them: each shared-memory carve-out
//! ([`SmemBuffer`](crate::cuda::SmemBuffer)) and each global tensor
//! ([`make_gmem_tensor`](crate::cuda::make_gmem_tensor)), with its layout, the call that
//! made it, and (for global tensors) the allocation behind it. An address maps back to
//! the tensor and, through the layout, to the coordinate that names it.

use core::panic::Location;
use std::boxed::Box;
use std::string::String;
use std::vec::Vec;

/// A tensor the kernel made.
pub(crate) struct Region {
    /// The address of offset 0 (shared memory: the offset in the block's buffer).
    pub base: usize,
    /// Bytes the layout reaches from `base`: its cosize in elements.
    pub span: usize,
    /// Bytes the region owns (a carve-out's span rounded to 128; `span` otherwise).
    pub owned: usize,
    pub elem: usize,
    /// The allocation (global memory): start and length in bytes.
    pub alloc: Option<(usize, usize)>,
    /// The layout in CuTe's notation, printed when a report needs it.
    pub layout: Box<dyn Fn() -> String>,
    /// Which offsets are elements (global memory, where a padded leading dimension
    /// leaves bytes of the allocation that belong to no coordinate).
    pub image: Option<Image>,
    pub site: &'static Location<'static>,
    /// What identifies a global tensor across the threads' repeated calls.
    pub key: (core::any::TypeId, usize),
}

impl Region {
    /// `off` (bytes from `base`) as "coordinate (…) of tensor L made at F:L"; an
    /// offset no coordinate of the shape maps to is named by the coordinate the strides
    /// would give it (a padding row `(53,4)` of a `(50,37):(1,56)` tensor).
    pub(crate) fn describe(&self, off: isize, what: &str) -> String {
        let layout = (self.layout)();
        let e = self.elem as isize;
        let coord = if off >= 0 && off % e == 0 {
            Image::parse(&layout).map(|i| i.coordinate(off / e))
        } else {
            None
        };
        let at = match coord {
            Some((c, true)) => std::format!("coordinate {c} (element offset {})", off / e),
            Some((c, false)) => std::format!(
                "coordinate {c}, outside the shape (element offset {})",
                off / e
            ),
            None if off < 0 => std::format!("byte {off}, {} bytes before the first element", -off),
            None => std::format!("byte {off}, between elements"),
        };
        let past = match usize::try_from(off) {
            Ok(o) if o >= self.span => std::format!(", past the {} bytes it spans,", self.span),
            _ => String::new(),
        };
        std::format!("{at}{past} of {what} {layout} made at {}", self.site)
    }
}

/// A layout's leaves, read back from its printed form, to invert offsets.
pub(crate) struct Image {
    /// The shape as printed, each integer standing for a coordinate.
    shape: String,
    /// (extent, stride, leaf index) of the modes that move, largest stride first.
    modes: Vec<(usize, usize, usize)>,
    leaves: usize,
}

impl Image {
    /// The image of a printed layout `shape:stride` whose strides are non-negative
    /// integers and whose modes nest (each stride past everything the smaller ones
    /// reach, as a compact or padded layout's do): there each offset has one coordinate,
    /// found by dividing by the strides from the largest down. `None` otherwise.
    pub(crate) fn parse(layout: &str) -> Option<Image> {
        let colon = top_level_colon(layout)?;
        let (shape, stride) = (&layout[..colon], &layout[colon + 1..]);
        let extents = integers(shape)?;
        let strides = integers(stride)?;
        if extents.len() != strides.len() || extents.iter().any(|&e| e < 0) {
            return None;
        }
        let mut modes: Vec<(usize, usize, usize)> = extents
            .iter()
            .zip(&strides)
            .enumerate()
            .filter(|(_, (e, s))| **e > 1 && **s != 0)
            .map(|(i, (&e, &s))| {
                if s < 0 {
                    None
                } else {
                    Some((e as usize, s as usize, i))
                }
            })
            .collect::<Option<_>>()?;
        modes.sort_by_key(|&(_, s, _)| s);
        let mut reach = 0usize;
        for &(e, s, _) in &modes {
            if s <= reach {
                return None;
            }
            reach += s * (e - 1);
        }
        modes.reverse();
        Some(Image {
            shape: shape.into(),
            modes,
            leaves: extents.len(),
        })
    }

    /// The coordinate of element offset `off`, printed in the shape's nesting, and
    /// whether it is inside the shape: outside it, the quotient by each stride from the
    /// largest down, unclamped (so a padding row reads as a row past the extent).
    pub(crate) fn coordinate(&self, off: isize) -> (String, bool) {
        let (c, inside) = match self.decode(off) {
            Some(c) => (c, true),
            None => (self.decode_unclamped(off), false),
        };
        let mut out = String::new();
        let mut it = c.iter();
        let mut in_number = false;
        for ch in self.shape.chars() {
            if ch.is_ascii_digit() || ch == '_' {
                if !in_number {
                    out += &std::format!("{}", it.next().copied().unwrap_or(0));
                    in_number = true;
                }
            } else {
                in_number = false;
                out.push(ch);
            }
        }
        (out, inside)
    }

    /// Whether element offset `off` is the image of a coordinate.
    pub(crate) fn contains(&self, off: isize) -> bool {
        self.decode(off).is_some()
    }

    fn decode_unclamped(&self, off: isize) -> Vec<usize> {
        let mut rem = off.max(0) as usize;
        let mut c = std::vec![0; self.leaves];
        for &(_, s, i) in &self.modes {
            c[i] = rem / s;
            rem %= s;
        }
        c
    }

    fn decode(&self, off: isize) -> Option<Vec<usize>> {
        let mut rem = usize::try_from(off).ok()?;
        let mut c = std::vec![0; self.leaves];
        for &(e, s, i) in &self.modes {
            let k = (rem / s).min(e - 1);
            c[i] = k;
            rem -= k * s;
        }
        (rem == 0).then_some(c)
    }
}

/// The index of the `:` between a printed layout's shape and stride.
fn top_level_colon(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, ch) in s.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ':' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The integers of a printed int-tuple (`_8` static, `8` dynamic), in order; `None` if
/// it holds anything else (a basis stride `_1@0`, a swizzle).
fn integers(s: &str) -> Option<Vec<isize>> {
    let mut out = Vec::new();
    for tok in s.split(['(', ')', ',']) {
        let t = tok.trim();
        if t.is_empty() {
            continue;
        }
        out.push(t.trim_start_matches('_').parse().ok()?);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::Image;

    #[test]
    fn offsets_invert_through_nested_layouts() {
        let i = Image::parse("(5,3):(_1,8)").unwrap();
        assert_eq!(i.coordinate(17), ("(1,2)".into(), true));
        assert_eq!(i.coordinate(14), ("(6,1)".into(), false));
        // Rows 5..8 are the padding of the leading dimension.
        assert!(!i.contains(6) && i.contains(8) && !i.contains(21));
        let h = Image::parse("((_2,_4),_3):((_1,_12),_2)").unwrap();
        assert_eq!(h.coordinate(12 + 2 + 1), ("((1,1),1)".into(), true));
        assert!(Image::parse("(4,4):(_1,_2)").is_none(), "overlapping modes");
        assert!(
            Image::parse("(4,_2):(_1@0,_1@1)").is_none(),
            "basis strides"
        );
        assert!(Image::parse("(4,_2):(-1,4)").is_none(), "negative strides");
    }
}
