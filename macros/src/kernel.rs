//! `#[kernel]`: one declaration of a PTX entry point for both builds. For
//! `nvptx64` the function is exported as written (`no_mangle`); for the host it becomes
//! a `Kernel<(parameter types)>` constant of the same name, so host code launches it
//! with arguments checked against this very signature. An nvptx build with the cfg
//! `cutlet_entries` keeps only the entries named by `cutlet_entry = "NAME"` cfgs.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream as TS2, TokenTree};
use quote::{quote, quote_spanned};

/// The crate path from `crate = path` (default `::cutlet`).
fn crate_path(args: TS2) -> Result<TS2, (Span, String)> {
    let toks: Vec<TokenTree> = args.into_iter().collect();
    match toks.as_slice() {
        [] => Ok(quote!(::cutlet)),
        [TokenTree::Ident(k), TokenTree::Punct(eq), path @ ..]
            if *k == "crate" && eq.as_char() == '=' && !path.is_empty() =>
        {
            Ok(path.iter().cloned().collect())
        }
        [t, ..] => Err((
            t.span(),
            "#[kernel] takes no arguments or `crate = path` (the crate that re-exports \
             `cuda::Kernel`, e.g. `cutlet_core`)"
                .into(),
        )),
    }
}

/// The types of a parameter list `a: T, b: U, ...` (ident patterns).
fn param_types(params: TS2) -> Result<Vec<TS2>, (Span, String)> {
    let mut out = Vec::new();
    let mut cur: Vec<TokenTree> = Vec::new();
    let mut depth = 0i32;
    let mut flush = |cur: &mut Vec<TokenTree>| -> Result<(), (Span, String)> {
        if cur.is_empty() {
            return Ok(());
        }
        let colon = cur
            .iter()
            .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ':'))
            .filter(|&i| i > 0 && i + 1 < cur.len())
            .ok_or_else(|| {
                (
                    cur[0].span(),
                    "#[kernel]: expected a parameter `name: Type`".to_string(),
                )
            })?;
        out.push(cur.drain(..).skip(colon + 1).collect());
        Ok(())
    };
    for t in params {
        match &t {
            TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
            // `->` inside a type (a fn pointer) is not a closing bracket.
            TokenTree::Punct(p)
                if p.as_char() == '>'
                    && !matches!(cur.last(), Some(TokenTree::Punct(q)) if q.as_char() == '-' && q.spacing() == Spacing::Joint) =>
            {
                depth -= 1
            }
            TokenTree::Punct(p) if p.as_char() == ',' && depth == 0 => {
                flush(&mut cur)?;
                continue;
            }
            _ => {}
        }
        cur.push(t);
    }
    flush(&mut cur)?;
    Ok(out)
}

pub fn expand(args: TS2, item: TS2) -> TS2 {
    match try_expand(args, item) {
        Ok(t) => t,
        Err((span, msg)) => quote_spanned!(span=> compile_error!(#msg);),
    }
}

fn try_expand(args: TS2, item: TS2) -> Result<TS2, (Span, String)> {
    let krate = crate_path(args)?;
    let toks: Vec<TokenTree> = item.clone().into_iter().collect();
    let shape_err = |span: Span| {
        (
            span,
            "#[kernel] goes on `pub unsafe extern \"ptx-kernel\" fn name(params) { .. }`"
                .to_string(),
        )
    };
    let fn_at = toks
        .iter()
        .position(|t| matches!(t, TokenTree::Ident(i) if *i == "fn"))
        .ok_or_else(|| shape_err(Span::call_site()))?;
    let head = &toks[..fn_at];
    let is_ptx = head
        .iter()
        .any(|t| matches!(t, TokenTree::Literal(l) if l.to_string() == "\"ptx-kernel\""));
    let (Some(TokenTree::Ident(name)), Some(TokenTree::Group(params))) =
        (toks.get(fn_at + 1), toks.get(fn_at + 2))
    else {
        return Err(shape_err(toks[fn_at].span()));
    };
    if !is_ptx || params.delimiter() != Delimiter::Parenthesis {
        return Err(shape_err(name.span()));
    }
    let tys = param_types(params.stream())?;
    // The outer attributes (`#[..]`, doc comments included) and the visibility.
    let (mut docs, mut has_no_mangle, mut vis) = (Vec::new(), false, TS2::new());
    let mut i = 0;
    while i < head.len() {
        match (&head[i], head.get(i + 1)) {
            (TokenTree::Punct(p), Some(TokenTree::Group(g))) if p.as_char() == '#' => {
                let text = g.to_string();
                if matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(d)) if d == "doc")
                {
                    docs.push(quote!(#p #g));
                }
                has_no_mangle |= text.contains("no_mangle");
                i += 2;
            }
            (TokenTree::Ident(v), next) if *v == "pub" => {
                vis = match next {
                    Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                        i += 1;
                        quote!(#v #g)
                    }
                    _ => quote!(#v),
                };
                i += 1;
            }
            _ => i += 1,
        }
    }
    let no_mangle = (!has_no_mangle).then(|| quote!(#[unsafe(no_mangle)]));
    let name_str = name.to_string();
    // `cutlet-build --entry NAME` (or `PtxBuilder::entries`) builds the entries it names
    // only: it passes `--cfg cutlet_entries --cfg cutlet_entry="NAME"` to the kernel
    // crate's nvptx build, and every other entry is left out before anything is
    // type-checked or instantiated for it.
    Ok(quote! {
        #[cfg(target_arch = "nvptx64")]
        #[cfg(any(not(cutlet_entries), cutlet_entry = #name_str))]
        #no_mangle
        #item

        #[cfg(not(target_arch = "nvptx64"))]
        #(#docs)*
        #[allow(non_upper_case_globals)]
        #vis const #name: #krate::cuda::Kernel<(#(#tys,)*)> = #krate::cuda::Kernel::new(#name_str);
    })
}
