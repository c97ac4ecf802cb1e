#!/usr/bin/env python3
"""Count rustdoc function pages whose signature shows cutlet's internal forms.

Public functions must be named through the documented umbrella traits and aliases
(`L: Layout`, `L::Compose<T>`, `SizeT<L>`, ...), so no signature a user reads should
show typenum integers. Checks both crates' pages: `cutlet` re-exports the type layer
from `cutlet_core` without inlining it, so those functions are documented there. Run
after `cargo doc --no-deps -p cutlet -p cutlet-core` (or pass `--build`); prints each
offending page and exits 1 if there is any.
"""
import html
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
INTERNAL = re.compile(
    r"\b(typenum|UInt|PInt|NInt|UTerm|B0|B1|HCons|HNil|ListOf|ShapeListOf|ToSigned)\b"
)


def signature(page: str) -> str:
    m = re.search(r'<pre class="rust item-decl"><code>(.*?)</code></pre>', page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", m.group(1))) if m else ""


def main() -> int:
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if "--build" in sys.argv:
        subprocess.run(
            ["cargo", "doc", "--no-deps", "-p", "cutlet", "-p", "cutlet-core"], cwd=ROOT, check=True
        )
    pages = sorted(
        p for krate in ("cutlet", "cutlet_core") for p in (target / "doc" / krate).rglob("fn.*.html")
    )
    if not pages:
        print("no rustdoc pages: run `cargo doc --no-deps` first (or pass --build)")
        return 2
    bad = []
    for p in pages:
        sig = signature(p.read_text(encoding="utf-8"))
        hits = sorted(set(INTERNAL.findall(sig)))
        if hits:
            bad.append((p.relative_to(target / "doc"), hits))
    for p, hits in bad:
        print(f"{p}: {', '.join(hits)}")
    print(f"{len(bad)} of {len(pages)} function pages show internal types")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
