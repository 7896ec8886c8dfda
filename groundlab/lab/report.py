"""The lab at a glance: the ladder over the perturbation catalogue and the built-in verifiers' scores.

What ``groundlab lab`` prints. Standard library only (the fuzzy rungs load
rapidfuzz when the ladder runs). See ``docs/architecture.md``, "The checker lab".
"""

from __future__ import annotations

from typing import NamedTuple

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
        "verifiers": [ScoreReport.to_dict(), ...]}``."""
        return {
            "ladder": [count._asdict() for count in self.ladder.overall],
            "verifiers": [score.to_dict() for score in self.scores],
        }

    def render(self) -> str:
        """Plain text: the ladder table, then each verifier's table and first disagreements."""
        rows = self.ladder.overall
        width = max(len("rung"), *(len(r.rung) for r in rows))
        lines = [
            "the normalisation ladder (a lens: the strict check's verdicts do not change)",
            f"{'rung':<{width}}  rescued (faithful)  let through (unfaithful)",
        ]
        lines += [f"{r.rung:<{width}}  {r.rescued:>7} of {r.faithful:<7}  {r.let_through:>7} of {r.unfaithful}" for r in rows]
        return "\n".join(lines) + "\n" + "".join("\n" + score.render() for score in self.scores)


def lab_report(per_kind: int = 3) -> LabReport:
    """Run the ladder and score every verifier of :data:`~groundlab.lab.verifiers.VERIFIERS`
    over the mutation catalogue, listing at most ``per_kind`` disagreements per kind.

    Raises :class:`~groundlab.core.trusted.FrozenFixtureError` when a catalogue was edited.
    """
    cases = load_mutations()
    scores = tuple(score_verifier(fn, cases, per_kind=per_kind, name=name) for name, fn in VERIFIERS.items())
    return LabReport(run_ladder(), scores)
