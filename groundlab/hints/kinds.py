"""What a hint is: its kinds, in the order hints are listed, and the frozen :class:`Hint`.

A hint explains a failed check beside the verdict and never changes it
(``docs/architecture.md``, "Hints").
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HINT_KINDS", "Hint"]

HINT_KINDS = (
    "invisible",
    "confusable",
    "digits",
    "normalization",
    "case",
    "whitespace",
    "line_endings",
    "unit",
    "closest",
    "syntax",
    "length",
)
"""Every value :attr:`Hint.kind` can take, in the order hints are listed.

* ``invisible`` -- a format or control character that renders as nothing;
* ``confusable`` -- a character that looks like another (Cyrillic ``а`` for ``a``);
* ``digits`` -- a non-ASCII digit;
* ``normalization`` -- the texts match after NFC or NFKC (UAX #15);
* ``case`` -- they match after case folding;
* ``whitespace`` -- they differ in whitespace only, or the answer has a
  non-ASCII space the evidence lacks;
* ``line_endings`` -- they match after reading CR LF and CR as LF;
* ``unit`` -- a quantity or boolean written differently (``5s`` for ``5000``);
* ``closest`` -- what the evidence has nearest to what the answer wrote;
* ``syntax`` -- a recognisable JSON mistake;
* ``length`` -- a normalised quote shorter than
  :data:`groundlab.grounding.rule.MIN_QUOTE_CHARS` ("No Quote, No Claim").
"""


@dataclass(frozen=True)
class Hint:
    """One near-miss explanation shown beside a verdict.

    * ``kind`` -- one of :data:`HINT_KINDS`; ``message`` -- one plain sentence;
    * ``claim`` -- 0-based index of the claim it is about, or ``None``;
    * ``check`` -- the trace check it explains (:data:`groundlab.core.checks.CHECKS`), or ``None``;
    * ``codepoints`` -- the characters involved as ``"U+200B ZERO WIDTH SPACE"``,
      in order of first appearance, no repeats;
    * ``detail`` -- for a quote's ``closest`` hint the alignment of
      :attr:`groundlab.hints.window.Window.alignment`, else ``""``.
    """

    kind: str
    message: str
    claim: int | None = None
    check: str | None = None
    codepoints: tuple[str, ...] = ()
    detail: str = ""
