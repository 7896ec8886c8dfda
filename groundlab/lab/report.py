"""The lab at a glance: the ladder over the perturbation catalogue and the built-in verifiers' scores.

What ``groundlab lab`` prints. Standard library only: the fuzzy rungs load
rapidfuzz when the ladder runs, and without it (the extra ``groundlab[fuzzy]``)
the report leaves them out and says which extra adds them; the other rungs and
the scores are the same either way. See ``docs/architecture.md``, "The checker lab".
"""

from __future__ import annotations

from typing import NamedTuple

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.lab import fuzzy
from groundlab.lab.ladder import LadderResult, run_ladder
from groundlab.lab.mutations import load_mutations
from groundlab.lab.score import ScoreReport, score_verifier
from groundlab.lab.verifiers import VERIFIERS

__all__ = ["LabReport", "lab_report"]


class LabReport(NamedTuple):
    """The ladder over the perturbation catalogue and one score per built-in verifier."""

    ladder: LadderResult
    scores: tuple[ScoreReport, ...]

    def to_dict(self) -> dict:
        """``{"ladder": [{rung, rescued, faithful, let_through, unfaithful}, ...],
        "skipped": {"rungs": [...], "why": str} or None, "verifiers": [ScoreReport.to_dict(), ...]}``;
        ``skipped`` names the rungs left out and why (``None`` when the whole ladder ran)."""
        return {
            "ladder": [count._asdict() for count in self.ladder.overall],
            "skipped": {"rungs": list(self.ladder.skipped), "why": fuzzy.missing_hint()} if self.ladder.skipped else None,
            "verifiers": [score.to_dict() for score in self.scores],
        }

    def skipped_note(self) -> str | None:
        """One line on the rungs the ladder left out and the extra that adds them; ``None`` when none was."""
        if not self.ladder.skipped:
            return None
        return tr("the fuzzy rungs ({rungs}) are left out: they need rapidfuzz (pip install 'groundlab[{extra}]')").format(
            rungs=", ".join(self.ladder.skipped), extra=fuzzy.EXTRA
        )

    def render(self) -> str:
        """Plain text: the ladder table, then each verifier's table and first disagreements."""
        rows = self.ladder.overall
        width = max(len("rung"), *(len(r.rung) for r in rows))
        lines = [
            tr("the normalisation ladder (a lens: the strict check's verdicts do not change)"),
            f"{'rung':<{width}}  rescued (faithful)  let through (unfaithful)",
        ]
        lines += [f"{r.rung:<{width}}  {r.rescued:>7} of {r.faithful:<7}  {r.let_through:>7} of {r.unfaithful}" for r in rows]
        lines += [note] if (note := self.skipped_note()) else []
        return "\n".join(lines) + "\n" + "".join("\n" + score.render() for score in self.scores)


def lab_report(per_kind: int = 3, *, fuzzy_rungs: bool | None = None) -> LabReport:
    """Run the ladder and score every verifier of :data:`~groundlab.lab.verifiers.VERIFIERS`
    over the mutation catalogue, listing at most ``per_kind`` disagreements per kind.

    ``fuzzy_rungs``: whether the ladder runs its rapidfuzz rungs; ``None`` (the default) runs
    them when rapidfuzz is installed and otherwise leaves them out (the report says so and
    names the extra ``groundlab[fuzzy]``); ``True`` without rapidfuzz is an ``ImportError``.

    Raises :class:`~groundlab.core.trusted.FrozenFixtureError` when a catalogue was edited.
    """
    if fuzzy_rungs is None:
        fuzzy_rungs = fuzzy.available()
    cases = load_mutations()
    scores = tuple(score_verifier(fn, cases, per_kind=per_kind, name=name) for name, fn in VERIFIERS.items())
    return LabReport(run_ladder(fuzzy_rungs=fuzzy_rungs), scores)
