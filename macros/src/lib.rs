//! Procedural macros for cutlet: `layout!`, `shape!` and `coord!` write layouts and int
//! tuples in CuTe's notation; `layout_t!` and `shape_t!` write their types.
//!
//! Integer literals (negative ones too) are static integers; an identifier or a
//! `{expr}` block is a dynamic `isize`; `_` or `..` is CuTe's underscore (coordinates
//! only); `(a)` is a rank-1 tuple as in CuTe. Malformed input is a compile error at
//! the offending token. Use these macros through the `cutlet` crate, which re-exports
//! them.

mod kernel;

use proc_macro::TokenStream;
use proc_macro2::{Delimiter, Span, TokenStream as TS2, TokenTree};
use quote::{quote, quote_spanned};

/// A parsed CuTe-notation tree.
enum Node {
    /// A static integer literal.
    Static(i128, Span),
    /// A dynamic leaf: an identifier or a braced expression.
    Dynamic(TS2, Span),
    /// CuTe's `_`.
    Under(Span),
    /// A tuple.
    Tuple(Vec<Node>, Span),
}

impl Node {
    fn span(&self) -> Span {
        match self {
            Node::Static(_, s) | Node::Dynamic(_, s) | Node::Under(s) | Node::Tuple(_, s) => *s,
        }
    }

    /// CuTe notation of the structure, for error messages.
    fn describe(&self) -> String {
        match self {
            Node::Static(v, _) => v.to_string(),
            Node::Dynamic(t, _) => t.to_string(),
            Node::Under(_) => "_".into(),
            Node::Tuple(v, _) => {
                let parts: Vec<String> = v.iter().map(Node::describe).collect();
                format!("({})", parts.join(","))
            }
        }
    }
}

struct Error(Span, String);

impl Error {
    fn into_compile_error(self) -> TokenStream {
        let msg = self.1;
        quote_spanned!(self.0=> ::core::compile_error!(#msg)).into()
    }
}

/// The token trees of a stream, with the invisible groups `macro_rules!` wraps around
/// a single substituted token (`$n` bound to `32`) unwrapped, so `shape!(($n, 4))`
/// works inside user macros.
fn tokens(ts: TS2) -> Vec<TokenTree> {
    ts.into_iter()
        .map(|t| match t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                let mut inner: Vec<TokenTree> = g.stream().into_iter().collect();
                if inner.len() == 1 {
                    inner.pop().unwrap()
                } else {
                    TokenTree::Group(g)
                }
            }
            t => t,
        })
        .collect()
}

/// Parse one element from the front of `toks`, advancing `i`.
fn parse_node(toks: &[TokenTree], i: &mut usize, ctx: &str) -> Result<Node, Error> {
    let Some(t) = toks.get(*i) else {
        let span = toks.last().map_or_else(Span::call_site, TokenTree::span);
        return Err(Error(
            span,
            format!("{ctx}: expected an integer or a tuple"),
        ));
    };
    *i += 1;
    match t {
        TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => {
            let inner = tokens(g.stream());
            let mut elems = Vec::new();
            let mut j = 0;
            while j < inner.len() {
                elems.push(parse_node(&inner, &mut j, ctx)?);
                match inner.get(j) {
                    None => {}
                    Some(TokenTree::Punct(p)) if p.as_char() == ',' => {
                        j += 1;
                    }
                    Some(other) => {
                        return Err(Error(
                            other.span(),
                            format!("{ctx}: expected ',' or ')' here, found `{other}`"),
                        ));
                    }
                }
            }
            Ok(Node::Tuple(elems, g.span()))
        }
        TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => Ok(Node::Dynamic(
            TS2::from(TokenTree::Group(g.clone())),
            g.span(),
        )),
        TokenTree::Group(g) => Err(Error(
            g.span(),
            format!("{ctx}: use parentheses for tuples, not `{}`", g),
        )),
        TokenTree::Ident(id) if id == "_" => Ok(Node::Under(id.span())),
        TokenTree::Ident(id) => Ok(Node::Dynamic(TS2::from(t.clone()), id.span())),
        TokenTree::Literal(lit) => parse_int(&lit.to_string(), lit.span(), false, ctx),
        TokenTree::Punct(p) if p.as_char() == '-' => match toks.get(*i) {
            Some(TokenTree::Literal(lit)) => {
                *i += 1;
                parse_int(&lit.to_string(), lit.span(), true, ctx)
            }
            _ => Err(Error(
                p.span(),
                format!("{ctx}: `-` must be followed by an integer literal"),
            )),
        },
        TokenTree::Punct(p) if p.as_char() == '.' => match toks.get(*i) {
            Some(TokenTree::Punct(q)) if q.as_char() == '.' => {
                *i += 1;
                Ok(Node::Under(p.span()))
            }
            _ => Err(Error(p.span(), format!("{ctx}: unexpected `.`"))),
        },
        other => Err(Error(
            other.span(),
            format!(
                "{ctx}: expected an integer, an identifier, `{{expr}}` or a tuple, found `{other}`"
            ),
        )),
    }
}

fn parse_int(text: &str, span: Span, neg: bool, ctx: &str) -> Result<Node, Error> {
    // Accept plain integer literals with an optional integer suffix and underscores.
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let num_end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    let (num, suffix) = digits.split_at(num_end);
    let int_suffix = [
        "", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
    ];
    if num.is_empty() || !int_suffix.contains(&suffix) {
        return Err(Error(
            span,
            format!("{ctx}: `{text}` is not an integer literal; layouts hold integers only"),
        ));
    }
    let v: i128 = num.parse().map_err(|_| {
        Error(
            span,
            format!("{ctx}: integer literal `{text}` is too large"),
        )
    })?;
    if v > i64::MAX as i128 {
        return Err(Error(
            span,
            format!("{ctx}: integer literal `{text}` is too large"),
        ));
    }
    Ok(Node::Static(if neg { -v } else { v }, span))
}

thread_local! {
    /// The path the generated code names the crate by: `::cutlet`, or the `$crate` a
    /// wrapping `macro_rules!` passed in front of the input (`$crate; ...`), so crates that
    /// re-export these macros under another name (cutlet-core) resolve too.
    static KRATE: std::cell::RefCell<TS2> = std::cell::RefCell::new(quote!(::cutlet));
}

fn krate() -> TS2 {
    KRATE.with(|k| k.borrow().clone())
}

/// Strips a leading `$crate;` (and records it as the crate path), else uses `::cutlet`.
fn take_krate(input: TokenStream) -> TokenStream {
    let toks: Vec<proc_macro2::TokenTree> = TS2::from(input).into_iter().collect();
    let (k, rest) = match toks.as_slice() {
        [
            proc_macro2::TokenTree::Ident(id),
            proc_macro2::TokenTree::Punct(p),
            rest @ ..,
        ] if *id == "$crate" && p.as_char() == ';' => (quote!(#id), rest.to_vec()),
        _ => (quote!(::cutlet), toks),
    };
    KRATE.with(|c| *c.borrow_mut() = k);
    rest.into_iter().collect::<TS2>().into()
}

/// The typenum type of a signed integer.
fn typenum_ty(v: i128) -> TS2 {
    let k = krate();
    if v == 0 {
        return quote!(#k::__typenum::Z0);
    }
    let mut u = quote!(#k::__typenum::UTerm);
    let mag = v.unsigned_abs();
    let bits = 128 - mag.leading_zeros();
    for b in (0..bits).rev() {
        let bit = if (mag >> b) & 1 == 1 {
            quote!(#k::__typenum::B1)
        } else {
            quote!(#k::__typenum::B0)
        };
        u = quote!(#k::__typenum::UInt<#u, #bit>);
    }
    if v > 0 {
        quote!(#k::__typenum::PInt<#u>)
    } else {
        quote!(#k::__typenum::NInt<#u>)
    }
}

/// The value expression of a node.
fn expr(n: &Node) -> TS2 {
    let k = krate();
    match n {
        Node::Static(v, s) => {
            let ty = typenum_ty(*v);
            quote_spanned!(*s=> #k::int::C::<#ty>::new())
        }
        Node::Dynamic(t, s) => quote_spanned!(*s=> { let v = #t; #k::int::dynamic(v) }),
        Node::Under(s) => quote_spanned!(*s=> #k::tuple::Underscore),
        Node::Tuple(v, _) => {
            let parts: Vec<TS2> = v.iter().map(expr).collect();
            quote!((#(#parts,)*))
        }
    }
}

/// The type of a node (dynamic leaves are `isize`).
fn ty(n: &Node) -> Result<TS2, Error> {
    let k = krate();
    Ok(match n {
        Node::Static(v, _) => {
            let t = typenum_ty(*v);
            quote!(#k::int::C<#t>)
        }
        Node::Dynamic(..) => quote!(isize),
        Node::Under(s) => quote_spanned!(*s=> #k::tuple::Underscore),
        Node::Tuple(v, _) => {
            let parts = v.iter().map(ty).collect::<Result<Vec<_>, _>>()?;
            quote!((#(#parts,)*))
        }
    })
}

/// Check a shape: positive static extents, no underscore.
fn check_shape(n: &Node) -> Result<(), Error> {
    match n {
        Node::Static(v, s) if *v <= 0 => Err(Error(
            *s,
            format!("shape extent {v}: every extent of a shape must be a positive integer"),
        )),
        Node::Under(s) => Err(Error(
            *s,
            "`_` is only valid in a coordinate, not in a shape or stride".into(),
        )),
        Node::Tuple(v, _) => v.iter().try_for_each(check_shape),
        _ => Ok(()),
    }
}

fn check_no_under(n: &Node) -> Result<(), Error> {
    match n {
        Node::Under(s) => Err(Error(
            *s,
            "`_` is only valid in a coordinate, not in a shape or stride".into(),
        )),
        Node::Tuple(v, _) => v.iter().try_for_each(check_no_under),
        _ => Ok(()),
    }
}

/// The first place where `a` and `b` differ in profile.
fn congruence_error(a: &Node, b: &Node) -> Option<Span> {
    match (a, b) {
        (Node::Tuple(x, _), Node::Tuple(y, s)) => {
            if x.len() != y.len() {
                return Some(*s);
            }
            x.iter().zip(y).find_map(|(p, q)| congruence_error(p, q))
        }
        (Node::Tuple(..), other) | (_, other @ Node::Tuple(..)) => Some(other.span()),
        _ => None,
    }
}

/// Parse `SHAPE [: STRIDE]`.
fn parse_layout(input: TokenStream, ctx: &str) -> Result<(Node, Option<Node>), Error> {
    let toks = tokens(TS2::from(input));
    if toks.is_empty() {
        return Err(Error(
            Span::call_site(),
            format!("{ctx}: expected a layout like (2,(2,2)):(4,(2,1)) or a shape like (4,8)"),
        ));
    }
    let mut i = 0;
    let shape = parse_node(&toks, &mut i, ctx)?;
    check_shape(&shape)?;
    let stride = match toks.get(i) {
        None => None,
        Some(TokenTree::Punct(p)) if p.as_char() == ':' => {
            i += 1;
            let d = parse_node(&toks, &mut i, ctx)?;
            check_no_under(&d)?;
            if let Some(span) = congruence_error(&shape, &d) {
                return Err(Error(
                    span,
                    format!(
                        "shape {} and stride {} are not congruent: they must have the same \
                         nesting profile",
                        shape.describe(),
                        d.describe()
                    ),
                ));
            }
            Some(d)
        }
        Some(t) => {
            return Err(Error(
                t.span(),
                format!("{ctx}: expected `:` between shape and stride, found `{t}`"),
            ));
        }
    };
    if let Some(t) = toks.get(i) {
        return Err(Error(
            t.span(),
            format!("{ctx}: unexpected `{t}` after the layout"),
        ));
    }
    Ok((shape, stride))
}

/// Parse exactly one int tuple.
fn parse_tuple(input: TokenStream, ctx: &str) -> Result<Node, Error> {
    let toks = tokens(TS2::from(input));
    let mut i = 0;
    let n = parse_node(&toks, &mut i, ctx)?;
    if let Some(t) = toks.get(i) {
        return Err(Error(
            t.span(),
            format!("{ctx}: unexpected `{t}` after the tuple"),
        ));
    }
    Ok(n)
}

/// A layout in CuTe notation: `layout!((2,(2,2)):(4,(2,1)))`, or a compact
/// column-major layout from a shape: `layout!((4,8))`.
///
/// Integer literals are static; identifiers and `{expr}` are dynamic.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    let input = take_krate(input);
    let k = krate();
    match parse_layout(input, "layout!") {
        Ok((shape, Some(stride))) => {
            let s = expr(&shape);
            let d = expr(&stride);
            quote!(#k::layout::StridedLayout::__new_congruent(#s, #d)).into()
        }
        Ok((shape, None)) => {
            let s = expr(&shape);
            quote!(#k::layout::make_layout(#s)).into()
        }
        Err(e) => e.into_compile_error(),
    }
}

/// The type of a layout written in CuTe notation: `layout_t!((2,4):(4,1))`. A
/// dynamic leaf (any identifier) is `isize`. The stride is required.
#[proc_macro]
pub fn layout_t(input: TokenStream) -> TokenStream {
    let input = take_krate(input);
    let k = krate();
    let r = parse_layout(input, "layout_t!").and_then(|(shape, stride)| {
        let stride = stride.ok_or_else(|| {
            Error(
                shape.span(),
                "layout_t!: write the stride too, e.g. layout_t!((4,8):(1,4))".into(),
            )
        })?;
        let (s, d) = (ty(&shape)?, ty(&stride)?);
        Ok(quote!(#k::layout::StridedLayout<#s, #d>))
    });
    match r {
        Ok(t) => t.into(),
        Err(e) => e.into_compile_error(),
    }
}

/// An int tuple (a shape, stride, coordinate, profile or cotarget) in CuTe notation:
/// `shape!((2,(3,n)))`. In coordinates `_` or `..` is CuTe's underscore.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    let input = take_krate(input);
    match parse_tuple(input, "shape!") {
        Ok(n) => expr(&n).into(),
        Err(e) => e.into_compile_error(),
    }
}

/// The type of an int tuple in CuTe notation: `shape_t!((2,4))`.
#[proc_macro]
pub fn shape_t(input: TokenStream) -> TokenStream {
    let input = take_krate(input);
    match parse_tuple(input, "shape_t!").and_then(|n| ty(&n)) {
        Ok(t) => t.into(),
        Err(e) => e.into_compile_error(),
    }
}

/// Internal: the `DimName` table of `cutlet::tile` (`Dim<N>` names for the extents
/// `1..=N`, used only in error messages).
#[doc(hidden)]
#[proc_macro]
pub fn __dim_names(input: TokenStream) -> TokenStream {
    let n: usize = input.to_string().trim().parse().unwrap_or(0);
    let impls = (1..=n).map(|i| {
        let u = quote::format_ident!("U{}", i);
        let lit = proc_macro2::Literal::usize_unsuffixed(i);
        quote! {
            impl DimName for ::typenum::consts::#u {
                type Name = Dim<#lit>;
            }
        }
    });
    quote! { #(#impls)* }.into()
}

/// A `for` loop over a literal range, unrolled at compile time (CuTe's `CUTE_UNROLL`):
/// `unroll!(for i in 0..8 { body })` is eight copies of `body`, each with `i` bound to a
/// constant `usize`. Kernels index register fragments with constants this way, so the
/// fragments stay in registers.
#[proc_macro]
pub fn unroll(input: TokenStream) -> TokenStream {
    match parse_unroll(input) {
        Ok(ts) => ts.into(),
        Err(e) => e.into_compile_error(),
    }
}

fn parse_unroll(input: TokenStream) -> Result<TS2, Error> {
    let toks = tokens(TS2::from(input));
    let shape_err = |span: Span| {
        Error(
            span,
            "unroll!: expected `for NAME in START..END { ... }` with integer literals".into(),
        )
    };
    let lit = |t: Option<&TokenTree>| -> Result<usize, Error> {
        match t {
            Some(TokenTree::Literal(l)) => l
                .to_string()
                .trim_end_matches("usize")
                .replace('_', "")
                .parse::<usize>()
                .map_err(|_| shape_err(l.span())),
            Some(t) => Err(shape_err(t.span())),
            None => Err(shape_err(Span::call_site())),
        }
    };
    let is_ident =
        |t: Option<&TokenTree>, s: &str| matches!(t, Some(TokenTree::Ident(i)) if i == s);
    let is_punct =
        |t: Option<&TokenTree>, c: char| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c);
    if !is_ident(toks.first(), "for") {
        return Err(shape_err(
            toks.first().map_or(Span::call_site(), |t| t.span()),
        ));
    }
    let name = match toks.get(1) {
        Some(t @ TokenTree::Ident(_)) => t.clone(),
        t => return Err(shape_err(t.map_or(Span::call_site(), |t| t.span()))),
    };
    if !is_ident(toks.get(2), "in") {
        return Err(shape_err(
            toks.get(2).map_or(Span::call_site(), |t| t.span()),
        ));
    }
    let start = lit(toks.get(3))?;
    if !(is_punct(toks.get(4), '.') && is_punct(toks.get(5), '.')) {
        return Err(shape_err(
            toks.get(4).map_or(Span::call_site(), |t| t.span()),
        ));
    }
    let end = lit(toks.get(6))?;
    let body = match toks.get(7) {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace && toks.len() == 8 => {
            g.clone()
        }
        t => return Err(shape_err(t.map_or(Span::call_site(), |t| t.span()))),
    };
    if end < start || end - start > 4096 {
        return Err(Error(
            toks[6].span(),
            format!("unroll!: {start}..{end} is not a range of at most 4096 iterations"),
        ));
    }
    let copies =
        (start..end).map(|i| quote!({ #[allow(unused_variables)] let #name: usize = #i; #body }));
    Ok(quote!({ #(#copies)* }))
}

/// Declares a PTX entry point once for both builds: `#[kernel] pub unsafe extern
/// "ptx-kernel" fn name(a: *const f32, n: usize) { .. }` is exported as `name` in the
/// nvptx build, and on the host is a constant `name: cutlet::cuda::Kernel<(*const f32,
/// usize)>` that the host library launches with type-checked arguments.
/// `#[kernel(crate = cutlet_core)]` names the crate that re-exports `cuda::Kernel`
/// (default `::cutlet`).
#[proc_macro_attribute]
pub fn kernel(args: TokenStream, item: TokenStream) -> TokenStream {
    kernel::expand(args.into(), item.into()).into()
}
