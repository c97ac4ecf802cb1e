//! The `--rounds N` argument of the interleaved examples (`gemm_interleaved`,
//! `tile_interleaved`).

/// `--rounds N` among `args` (default 5, at least 1). A missing or malformed count is an
/// `error:` line and exit status 2.
pub fn rounds(args: &[String]) -> usize {
    let Some(i) = args.iter().position(|a| a == "--rounds") else {
        return 5;
    };
    match args.get(i + 1).map(|r| r.parse::<usize>()) {
        Some(Ok(r)) => r.max(1),
        _ => {
            eprintln!("error: --rounds takes a count, e.g. --rounds 5");
            std::process::exit(2)
        }
    }
}
