//! A parser for CuTe's print notation and `NAME(arg, ...)` expressions.
//!
//! Grammar: `expr := NAME ['<' targ {',' targ} '>'] '(' [expr {',' expr}] ')' | value`;
//! template arguments (`targ`) are kept as text, as in C++ (`get<1,0>(L)`);
//! `value := atom [':' atom]`; `atom := int | '_' | '(' [value {',' value}] ')'`;
//! `int := ['_'] ['-'] digits {'@' digits}` (a leading `_` marks a static integer).

use super::composed::{ComposedLayout, MixedBits, Offset};
use super::error::{Error, Result};
use super::int::{Basis, DInt};
use super::layout::DynLayout;
use super::swizzle::Swizzle;
use super::value::Value;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A parsed expression: a value or an operation applied to expressions.
///
/// ```
/// use cutlet_dynamic::{Expr, parse_expr};
/// assert!(matches!(parse_expr("_4:_1").unwrap(), Expr::Value(_)));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Expr {
    /// A literal value.
    Value(Value),
    /// `name<targs...>(args...)`: CuTe's compile-time arguments (empty when there are
    /// no angle brackets) and the run-time ones.
    Call {
        /// The operation's name.
        name: String,
        /// The compile-time arguments, each as written (`get<1,0>` has `["1", "0"]`).
        targs: Vec<String>,
        /// The arguments.
        args: Vec<Expr>,
    },
}

/// Recursive-descent parser over a borrowed string.
pub(crate) struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
}

/// Deeper nesting than this is refused rather than risking the stack.
const MAX_DEPTH: usize = 64;

impl<'a> Parser<'a> {
    pub(crate) fn new(s: &'a str) -> Self {
        Parser {
            s: s.as_bytes(),
            pos: 0,
            depth: 0,
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }

    fn err<T>(&self, what: &str) -> Result<T> {
        let found = match self.s.get(self.pos) {
            Some(&c) => alloc::format!("'{}'", c as char),
            None => String::from("end of input"),
        };
        Err(Error::parse(alloc::format!(
            "{what} at column {}, found {found}",
            self.pos + 1
        )))
    }

    fn expect(&mut self, c: u8) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(&alloc::format!("expected '{}'", c as char))
        }
    }

    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.peek().is_some() {
            return self.err("unexpected trailing input");
        }
        Ok(())
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("nesting too deep");
        }
        Ok(())
    }

    fn digits(&mut self) -> Result<u64> {
        let start = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if start == self.pos {
            return self.err("expected digits");
        }
        let txt = core::str::from_utf8(&self.s[start..self.pos]).unwrap();
        txt.parse::<u64>()
            .map_err(|_| Error::parse(alloc::format!("integer {txt} is too large")))
    }

    fn int(&mut self) -> Result<Value> {
        let is_static = if self.s[self.pos] == b'_' {
            self.pos += 1;
            let next = self.s.get(self.pos).copied();
            if !matches!(next, Some(b'0'..=b'9' | b'-')) {
                return Ok(Value::Under);
            }
            true
        } else {
            false
        };
        let neg = self.s.get(self.pos) == Some(&b'-');
        if neg {
            self.pos += 1;
        }
        let mag = self.digits()?;
        // Through i128 so that i64::MIN, which Display prints, reads back.
        let signed = if neg { -(mag as i128) } else { mag as i128 };
        let value = i64::try_from(signed)
            .map_err(|_| Error::parse(alloc::format!("integer {signed} is out of range")))?;
        let mut path = Vec::new();
        while self.s.get(self.pos) == Some(&b'@') {
            self.pos += 1;
            path.push(self.digits()? as usize);
        }
        let mut d = DInt::new(value, is_static);
        if !path.is_empty() {
            // Printed innermost first; stored outermost first.
            path.reverse();
            d.basis = Basis::from_path(&path)?;
        }
        Ok(Value::Int(d))
    }

    fn atom(&mut self) -> Result<Value> {
        match self.peek() {
            Some(b'(') => {
                self.enter()?;
                self.pos += 1;
                let mut elems = Vec::new();
                if self.peek() != Some(b')') {
                    loop {
                        elems.push(self.value()?);
                        if self.peek() == Some(b',') {
                            self.pos += 1;
                        } else {
                            break;
                        }
                    }
                }
                self.expect(b')')?;
                self.depth -= 1;
                Ok(Value::Tuple(elems))
            }
            Some(b'_' | b'-' | b'0'..=b'9') => self.int(),
            _ => self.err("expected an integer, '(' or a swizzle Sw<B,M,S>"),
        }
    }

    /// `func [' o ' offset ' o ' value]`: a value, or a composed layout `A o O o B`
    /// (right-nested, as CuTe prints longer chains).
    pub(crate) fn value(&mut self) -> Result<Value> {
        let start = self.pos;
        let a = self.func()?;
        if !self.composition_sign() {
            return Ok(a);
        }
        let Some(fa) = a.as_layout_fn() else {
            return Err(Error::parse(alloc::format!(
                "the left side of 'o' at column {} must be a layout or a swizzle",
                start + 1
            )));
        };
        let offset = self.offset()?;
        if !self.composition_sign() {
            return self.err("expected ' o ' after the offset of a composed layout");
        }
        let b_start = self.pos;
        self.enter()?;
        let b = self.value()?;
        self.depth -= 1;
        let Some(fb) = b.as_layout_fn() else {
            return Err(Error::parse(alloc::format!(
                "the right side of 'o' at column {} must be a layout, a swizzle or a \
                 composed layout",
                b_start + 1
            )));
        };
        Ok(Value::Composed(ComposedLayout::new(fa, offset, fb)))
    }

    /// Consumes ` o ` (the letter standing alone) if it comes next.
    fn composition_sign(&mut self) -> bool {
        if self.peek() != Some(b'o') {
            return false;
        }
        match self.s.get(self.pos + 1) {
            Some(c) if c.is_ascii_alphanumeric() || *c == b'_' => false,
            _ => {
                self.pos += 1;
                true
            }
        }
    }

    /// `Sw<B,M,S>`.
    fn swizzle(&mut self) -> Result<Swizzle> {
        self.pos += 2;
        let args = self.targs()?;
        let nums: Vec<i32> = args
            .iter()
            .map(|a| a.parse::<i32>())
            .collect::<core::result::Result<_, _>>()
            .map_err(|_| Error::parse(alloc::format!("Sw<{}> needs integers", args.join(","))))?;
        let [b, m, s] = nums[..] else {
            return self.err("Sw<B,M,S> takes three integers");
        };
        Swizzle::new(b, m, s)
    }

    /// An offset: an integer, `smem_ptr[Nb](unset)` or `M_S|(D&F)=V`.
    fn offset(&mut self) -> Result<Offset> {
        self.skip_ws();
        let rest = &self.s[self.pos..];
        if rest.starts_with(b"smem_ptr[") {
            self.pos += 9;
            let bits = self.digits()?;
            for &c in b"b](unset)" {
                if self.s.get(self.pos) != Some(&c) {
                    return self.err("expected smem_ptr[Nb](unset)");
                }
                self.pos += 1;
            }
            let bits = i64::try_from(bits)
                .map_err(|_| Error::parse(alloc::format!("smem_ptr[{bits}b] is too wide")))?;
            return Ok(Offset::SmemPtr(bits));
        }
        if rest.starts_with(b"M_") {
            self.pos += 2;
            let num = |p: &mut Self, after: &[u8]| -> Result<u32> {
                let v = p.digits()?;
                for &c in after {
                    if p.s.get(p.pos) != Some(&c) {
                        return p.err("expected M_S|(D&F)=V");
                    }
                    p.pos += 1;
                }
                u32::try_from(v).map_err(|_| Error::parse("MixedBits are 32-bit"))
            };
            let st = num(self, b"|(")?;
            let dy = num(self, b"&")?;
            let fl = num(self, b")=")?;
            let v = num(self, b"")?;
            let m = MixedBits::new(st, dy, fl).map_err(|e| Error::parse(e.to_string()))?;
            if m.value() != v {
                return Err(Error::parse(alloc::format!(
                    "MixedBits {m} does not have the value {v}"
                )));
            }
            return Ok(Offset::Mixed(m));
        }
        match self.atom()? {
            Value::Int(d) if !d.is_basis() => Ok(Offset::Int(d)),
            v => Err(Error::parse(alloc::format!(
                "a composed layout's offset must be an integer, got {v}"
            ))),
        }
    }

    /// `Sw<B,M,S> | atom [':' atom]`.
    fn func(&mut self) -> Result<Value> {
        let start = self.pos;
        if self.peek() == Some(b'S') && self.s.get(self.pos + 1) == Some(&b'w') {
            return Ok(Value::Swizzle(self.swizzle()?));
        }
        let a = self.atom()?;
        if self.peek() != Some(b':') {
            return Ok(a);
        }
        self.pos += 1;
        let b = self.atom()?;
        let (Some(shape), Some(stride)) = (a.as_int_tuple(), b.as_int_tuple()) else {
            return Err(Error::parse(alloc::format!(
                "a layout at column {} needs int tuples on both sides of ':'",
                start + 1
            )));
        };
        Ok(Value::Layout(DynLayout::new(shape, stride)?))
    }

    fn ident(&mut self) -> Option<String> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || self.s[self.pos] == b'_')
        {
            self.pos += 1;
        }
        // An identifier starts with a letter (`_4` is a static integer).
        if self.pos > start && self.s[start].is_ascii_alphabetic() {
            Some(String::from_utf8_lossy(&self.s[start..self.pos]).into_owned())
        } else {
            self.pos = start;
            None
        }
    }

    /// `'<' targ {',' targ} '>'`: compile-time arguments as text; nested angle brackets
    /// (`UniversalCopy<uint32_t>`) stay inside their argument.
    fn targs(&mut self) -> Result<Vec<String>> {
        if self.peek() != Some(b'<') {
            return Ok(Vec::new());
        }
        self.pos += 1;
        let mut out = Vec::new();
        let mut depth = 0usize;
        let mut start = self.pos;
        loop {
            let Some(&c) = self.s.get(self.pos) else {
                return self.err("expected '>'");
            };
            match c {
                b'<' => depth += 1,
                b'>' if depth > 0 => depth -= 1,
                b',' | b'>' if depth == 0 => {
                    let arg = core::str::from_utf8(&self.s[start..self.pos])
                        .map_err(|_| Error::parse("template argument is not UTF-8"))?
                        .trim();
                    if arg.is_empty() && !(c == b'>' && out.is_empty()) {
                        return self.err("expected a template argument");
                    }
                    if !arg.is_empty() {
                        out.push(String::from(arg));
                    }
                    self.pos += 1;
                    if c == b'>' {
                        return Ok(out);
                    }
                    start = self.pos;
                    continue;
                }
                b'(' | b')' => return self.err("expected '>'"),
                _ => {}
            }
            self.pos += 1;
        }
    }

    /// `NAME ['<' targs '>'] '(' args ')' | value`.
    pub(crate) fn expr(&mut self) -> Result<Expr> {
        let start = self.pos;
        let Some(name) = self.ident() else {
            return Ok(Expr::Value(self.value()?));
        };
        if name == "Sw" {
            // A swizzle literal, not a call.
            self.pos = start;
            return Ok(Expr::Value(self.value()?));
        }
        self.enter()?;
        let targs = self.targs()?;
        if self.peek() != Some(b'(') {
            // A C++ type name used as a value: `MMA_Atom<OP>`, `Copy_Atom<OP,T>`, or an
            // MMA operation's bare name.
            self.depth -= 1;
            return Ok(Expr::Call {
                name,
                targs,
                args: Vec::new(),
            });
        }
        self.expect(b'(')?;
        let mut args = Vec::new();
        if self.peek() != Some(b')') {
            loop {
                args.push(self.expr()?);
                if self.peek() == Some(b',') {
                    self.pos += 1;
                } else {
                    break;
                }
            }
        }
        self.expect(b')')?;
        self.depth -= 1;
        Ok(Expr::Call { name, targs, args })
    }
}

/// Parse one expression, e.g. `composition((_4,_8):(_8,_1), _8:_2)`.
///
/// ```
/// use cutlet_dynamic::{parse_expr, Expr};
/// let e = parse_expr("size((_2,_3):(_1,_2))").unwrap();
/// assert!(matches!(e, Expr::Call { ref name, ref args, .. } if name == "size" && args.len() == 1));
/// let g = parse_expr("get<1,0>((_2,(_3,_4)):(_1,(_2,_6)))").unwrap();
/// assert!(matches!(g, Expr::Call { ref targs, .. } if targs == &["1", "0"]));
/// assert!(parse_expr("size((_2,_3):(_1,_2)").is_err());
/// ```
pub fn parse_expr(s: &str) -> Result<Expr> {
    let mut p = Parser::new(s);
    let e = p.expr()?;
    p.finish()?;
    Ok(e)
}
