"""Worst cases for the hints: every hint entry point, and every widget or CLI path that calls one.

The contract admits answers up to 8192 UTF-16 units (strings up to 2048, at most 8 claims)
and trusted sources of any size; these inputs are the most expensive ones we could build
within that, up to 1 MB sources:

* repeated characters and short patterns (``"aaaa…"`` against ``"abab…"``), where each
  difflib alignment is cubic in the length;
* near-duplicate lines and a quote that almost matches on every line of a 1 MB source;
* 1 MB sources mixing scripts (Latin, CJK, Arabic, combining marks, emoji), full of
  invisible or look-alike characters, or of a million distinct code points, where every
  text-wide transform (NFC, case folding, look-alike skeletons...) is expensive;
* answers of 8192 units: 8 claims of long quotes, a 2048-unit quote, value, document id
  and field name, and a refused answer.

For each case and entry point it prints the seconds of one call with every cache of
``groundlab.hints`` emptied first (the first call on a source is the dearest), then the
maximum. The aim ("Hardening, round 2"): every figure under 1 s. Figures only, no
assertions (``docs/architecture.md``, "Decisions recorded so far": hint alignment is
bounded). Run from the repository root: ``.venv/bin/python benchmarks/hints_worst.py``.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MB = 1_000_000
AIM = 1.0


def mixed(size: int, variant: int) -> str:
    """``size`` code points of Latin, CJK, Arabic, combining marks, emoji, odd spaces and invisible characters."""
    rng = random.Random(variant)
    pieces = [
        "read_timeout_ms=5000 ", "Größe ", "東京都の設定 ", "مرحبا بالعالم ", "cafe\u0301 ", "😀🎉 ", "x\u200by ",
        "\u0430\u0435\u043e ", "\uff15\uff10 ", "\u00a0", "\n", "\r\n", "\ufb01le ", "TIMEOUT ",
    ]  # fmt: skip
    out, length = [], 0
    while length < size:
        piece = rng.choice(pieces)
        out.append(piece)
        length += len(piece)
    return "".join(out)[:size]


def every_code_point(size: int) -> str:
    """``size`` distinct code points from U+0020 up, skipping surrogates."""
    points = (c for c in range(0x20, 0x110000) if not 0xD800 <= c <= 0xDFFF)
    return "".join(chr(c) for _, c in zip(range(size), points))


def quote_cases() -> list[tuple[str, str, str]]:
    """``(name, quote, source)`` pairs, none of them a verbatim match."""
    source_mixed = mixed(MB, 1)
    taken = source_mixed[500_000:502_000]
    distinct = every_code_point(MB)
    return [
        ("256 x 'a' vs 'abab' (600)", "a" * 256, "ab" * 300),
        ("300 x 'a' vs 'abab' 1 MB", "a" * 300, "ab" * (MB // 2)),
        ("2048 'a' + 'b' vs 'a' 1 MB", "a" * 1000 + "b" + "a" * 1047, "a" * MB),
        ("'abc' x 682 vs 'abd' 1 MB", "abc" * 682, "abd" * (MB // 3)),
        ("'aab' x 100 vs 'ab' (600)", "aab" * 100, "ab" * 300),
        ("near-duplicate lines 1 MB", "".join(f"key_{i % 10}=value " for i in range(100)),
         "".join(f"key_{i % 10}=valve " for i in range(MB // 16))),
        ("almost on every line 1 MB", "read_timeout_ms=500X", "read_timeout_ms=5001\n" * (MB // 21)),
        ("mixed scripts 1 MB, quote absent", mixed(2048, 7), source_mixed),
        ("mixed scripts 1 MB, one change", taken[:1000] + "Z" + taken[1001:], source_mixed),
        ("mixed 1 MB, found after transforms", "\u200b" + source_mixed[500_000:500_060].upper(), source_mixed),
        ("invisible characters 1 MB", "read_timeout_ms=5000", "\u200b\u2060\u00ad" * (MB // 3)),
        ("look-alikes 1 MB", "read_timeout_ms=5000", "r\u0435\u0430d_tim\u0435\u043eut_ms=5000 " * (MB // 21)),
        ("combining marks 1 MB", "e\u0301" * 1000, "e\u0302" * (MB // 2)),
        ("emoji 1 MB", "😀" * 1024, "😁" * (MB // 2)),
        ("CR LF quote vs LF 1 MB", "a\r\n" * 680, "a\n" * (MB // 2)),
        ("a million distinct code points", distinct[500_000:500_050] + "x" + distinct[500_051:500_100], distinct),
    ]  # fmt: skip


def _answer(*claims: dict) -> str:
    return json.dumps({"claims": list(claims)}, ensure_ascii=False)


def _claim(field: str, value: str, doc: str, quote: str) -> dict:
    return {"field": field, "value": value, "doc": doc, "quote": quote}


def verdict_cases():
    """``(name, raw, request, registry)``: answers of up to 8192 units against 1 MB sources."""
    from groundlab import Registry, Request, Source

    fields = tuple(f"field_{i}" for i in range(8))
    text_mixed = mixed(MB, 2)
    long_value = "ab" * (MB // 2)
    sources = Registry([
        Source("mixed", "pay", "prod", "v2", {f: "5000" for f in fields}, text_mixed),
        Source("repeat", "pay", "prod", "v2", {"field_0": long_value}, "field_0=" + "a" * 2047 + "\n" + "ab" * (MB // 2)),
        Source("a" * 1000 + "-doc", "pay", "prod", "v2", {}, "x"),
    ])  # fmt: skip
    request = Request("pay", "prod", "v2", fields, ("mixed", "repeat", "a" * 1000 + "-doc"))
    near = [text_mixed[k * 100_000 : k * 100_000 + 880] for k in range(8)]
    near[0] = near[0][:400] + "\u200bZ" + near[0][401:]
    eight = _answer(*(_claim(f, "5000", "mixed", q) for f, q in zip(fields, near)))
    return [
        ("8 claims of 880-unit quotes", eight, request, sources),
        ("2048-unit repetitive quote", _answer(_claim("field_0", "5000", "repeat", "a" * 2047 + "b")), request, sources),
        ("2048-unit value vs 1 MB fact", _answer(_claim("field_0", "a" * 2047 + "b", "repeat", "field_0=" + "a" * 2040)),
         request, sources),
        ("2048-unit unknown document id", _answer(_claim("field_0", "5000", "a" * 1000 + "-dob" + "a" * 1044, "x")),
         request, sources),
        ("2048-unit unrequested field", _answer(_claim("field_" + "0" * 2042, "5000", "mixed", "x")), request, sources),
        ("8192-unit refused answer", '{"claims": [' + " " * 8170 + "\u201c]}", request, sources),
    ]  # fmt: skip


def empty_caches() -> None:
    """Empty every ``functools`` cache of the hint modules and of the quote rule."""
    for name, module in list(sys.modules.items()):
        if name.startswith("groundlab.hints") or name == "groundlab.grounding.rule":
            for value in list(vars(module).values()):
                if hasattr(value, "cache_clear"):
                    value.cache_clear()


def measure(call) -> float:
    """Seconds of ``call()`` with empty caches."""
    empty_caches()
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def _cli(raw: str, request, registry, folder: Path) -> None:
    from groundlab.cli import main

    files = {"registry.json": {"sources": [
        {"id": s.id, "service": s.service, "environment": s.environment, "revision": s.revision,
         "facts": dict(s.facts), "text": s.text} for s in registry
    ]}, "request.json": {"service": request.service, "environment": request.environment,
                         "revision": request.revision, "fields": list(request.fields),
                         "supplied": list(request.supplied)}}  # fmt: skip
    for name, data in files.items():
        (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (folder / "answer.txt").write_text(raw, encoding="utf-8")
    args = ["verify", "--registry", str(folder / "registry.json"), "--request", str(folder / "request.json"),
            str(folder / "answer.txt")]  # fmt: skip
    with contextlib.redirect_stdout(io.StringIO()):
        main(args)


def main() -> int:
    from groundlab import hints_for_verdict, verify_answer
    from groundlab.hints import closest_window, json_hints, quote_hints, value_hints
    from groundlab.workbook.exercises.answers import quote_answer
    from groundlab.workbook.presentation.widgets.claim_editor import ClaimEditor
    from groundlab.workbook.presentation.widgets.quote_inspector import QuoteInspector

    figures: list[tuple[str, str, float]] = []

    def report(case: str, entry: str, call) -> None:
        seconds = measure(call)
        figures.append((case, entry, seconds))
        flag = "" if seconds < AIM else "   <-- over the aim"
        print(f"  {entry:<34} {seconds:7.3f} s{flag}", flush=True)

    print("quote hints: seconds of one call, caches emptied first (aim: under 1 s)")
    for name, quote, source in quote_cases():
        print(f"{name} (quote {len(quote)}, source {len(source):,} code points)")
        report(name, "quote_hints", lambda: quote_hints(quote, source))
        report(name, "quote_hints(normalized=True)", lambda: quote_hints(quote, source, normalized=True))
        report(name, "closest_window", lambda: closest_window(quote, source))
        report(name, "value_hints (2048-unit fact)", lambda: value_hints(quote[:2048], source[:2048]))
        report(name, "view.answers.quote_answer", lambda: quote_answer(quote, source))
        report(name, "QuoteInspector(quote, source)", lambda: QuoteInspector(quote, source))

    print("\nverdict hints: answers of up to 8192 units (aim: under 1 s)")
    with tempfile.TemporaryDirectory() as folder:
        for name, raw, request, registry in verdict_cases():
            verdict = verify_answer(raw, request, registry)
            print(f"{name} ({len(raw)} code points, {verdict.status})")
            report(name, "hints_for_verdict", lambda: hints_for_verdict(verdict, request, registry, raw=raw))
            if verdict.error is not None:
                report(name, "json_hints", lambda: json_hints(verdict.error, raw))
            report(name, "ClaimEditor(raw, request, sources)", lambda: ClaimEditor(raw, request, registry))
            report(name, "groundlab verify (files, in process)", lambda: _cli(raw, request, registry, Path(folder)))

    case, entry, worst = max(figures, key=lambda f: f[2])
    over = sum(1 for f in figures if f[2] >= AIM)
    print(f"\nmax: {worst:.3f} s ({entry}, {case}); {len(figures)} figures, {over} over 1 s (aim: under 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
