"""The quote check as a detector of bad explanation points: its decision per point and its confusion matrix.

A point is *bad* when labelled ``overstated`` or ``fabricated``, *good* when ``supported`` or
``paraphrase``; the check *flags* a point by dropping it. The decision is the draft rule,
:func:`~groundlab.grounding.rule.drop_reason`, on the texts sent to the model: what
:func:`~groundlab.grounding.draft.check_draft` decides for a point within the first five of its kind.
Rule: the job-match article, "No Quote, No Claim" (``docs/architecture.md``, "Grounding").
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, NamedTuple

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.grounding.rule import MIN_QUOTE_CHARS, drop_reason
from groundlab.lab.explanations import (
    EXPLANATION_LABELS,
    ExplanationPair,
    ExplanationPoint,
    ExplanationSet,
    load_explanation_set,
)

__all__ = ["ExplanationConfusion", "PointDecision", "explanation_confusion", "point_kept"]


def _reason(pair: ExplanationPair, point: ExplanationPoint) -> str | None:
    # The draft rule's drop reason for one point about its pair (None: kept).
    return drop_reason(point.kind, point.point, point.profile_quote, point.job_quote, pair.profile_text, pair.job_text)[0]


def point_kept(pair: ExplanationPair, point: ExplanationPoint) -> bool:
    """``True`` when the draft rule (``drop_reason``) keeps ``point``, checked on its own against ``pair``'s texts."""
    return _reason(pair, point) is None


class PointDecision(NamedTuple):
    """One point and the check's decision: ``pair`` and ``point`` ids, ``label``, ``bad`` and ``kept`` (``bool``)."""

    pair: str
    point: str
    label: str
    bad: bool
    kept: bool


@dataclass(frozen=True)
class ExplanationConfusion:
    """The quote check's confusion matrix as a detector of bad points (counts are ``int``).

    ``bad_dropped`` (caught), ``bad_kept`` (missed: shown to the user), ``good_dropped`` (lost),
    ``good_kept``; ``per_label``, label -> ``(kept, dropped)`` for every label of
    :data:`~groundlab.lab.explanations.EXPLANATION_LABELS` in order; ``short_dropped``, supported
    points dropped because a quote is under ``MIN_QUOTE_CHARS`` (3) characters once normalised;
    ``decisions``, every :class:`PointDecision` in file order.
    """

    bad_dropped: int
    bad_kept: int
    good_dropped: int
    good_kept: int
    per_label: Mapping[str, tuple[int, int]]
    short_dropped: int
    decisions: tuple[PointDecision, ...]

    def _count(self, label: str) -> tuple[int, int, int]:
        kept, dropped = self.per_label.get(label, (0, 0))
        return kept, dropped, kept + dropped

    def catches(self) -> str:
        """What the check catches: fabricated quotes, with the counts."""
        _, dropped, total = self._count("fabricated")
        return tr("It catches fabricated quotes: {dropped} of {total} fabricated points were dropped.").format(
            dropped=dropped, total=total
        )

    def cannot_catch(self) -> str:
        """What the check cannot catch: real quotes under a false point, with the counts."""
        kept, _, total = self._count("overstated")
        return tr(
            "It cannot catch real quotes under a false point: {kept} of {total} overstated points "
            "were kept: their quotes are copied from the text, and the check reads the quotes, never the point."
        ).format(kept=kept, total=total)

    def wrongly_drops(self) -> str:
        """What the check wrongly drops, with the counts: honest paraphrases, and supported points it lost."""
        _, dropped, total = self._count("paraphrase")
        _, lost, supported = self._count("supported")
        text = tr(
            "It wrongly drops honest paraphrases: {dropped} of {total} paraphrased points were dropped although the point is true"
        ).format(dropped=dropped, total=total)
        if self.short_dropped:
            text += tr(
                "; it also dropped {short} of {supported} supported points because a quote is shorter than {minimum} characters"
            ).format(short=self.short_dropped, supported=supported, minimum=MIN_QUOTE_CHARS)
        other = lost - self.short_dropped
        if other:
            text += tr("; and {other} more supported points").format(other=other)
        return text + tr(".")


def explanation_confusion(explanations: ExplanationSet | None = None) -> ExplanationConfusion:
    """Decide every point of ``explanations`` (default: the frozen set) on its own, and count the confusion matrix.

    No five-point cap applies (unlike ``check_draft``). Loading the default raises as ``load_explanation_set``.
    """
    explanations = load_explanation_set() if explanations is None else explanations
    decisions = []
    per_label = {label: [0, 0] for label in EXPLANATION_LABELS}
    short = 0
    for pair, point in explanations.points():
        reason = _reason(pair, point)
        kept = reason is None
        decisions.append(PointDecision(pair.id, point.id, point.label, point.bad, kept))
        per_label[point.label][0 if kept else 1] += 1
        short += point.label == "supported" and reason == "quote_short"

    def count(bad: bool, kept: bool) -> int:
        return sum(d.bad is bad and d.kept is kept for d in decisions)

    return ExplanationConfusion(
        bad_dropped=count(True, False),
        bad_kept=count(True, True),
        good_dropped=count(False, False),
        good_kept=count(False, True),
        per_label=MappingProxyType({label: (k, d) for label, (k, d) in per_label.items()}),
        short_dropped=short,
        decisions=tuple(decisions),
    )
