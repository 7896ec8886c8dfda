"""Score any verifier against a labelled catalogue: agreement per kind and overall, and where it disagrees.

A *verifier* is any callable ``fn(raw, request, sources)`` returning a
:class:`~groundlab.core.contract.Status`, its name (``"ACCEPT"``) or a
:class:`~groundlab.core.contract.Verdict`, so ``score_verifier(verify_answer)`` works as it is; only
the status is compared, never a parse code. A verifier that raises anything but
``KeyboardInterrupt`` (``SystemExit`` included), or returns anything else, disagrees on that case
and the run goes on. Text taken from a verifier is made printable and clipped to 80 code points.
The default catalogue's labels follow the configuration article, "a real citation can still
support a wrong answer" (``docs/architecture.md``, "Order of checks"). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from groundlab.core.contract import Status, Verdict
from groundlab.core.text import clip
from groundlab.lab.mutations import load_mutations
from groundlab.study.cases import CaseSet

__all__ = ["Disagreement", "KindScore", "ScoreReport", "score_verifier"]

_CLIP = 80  # code points of any text taken from the verifier (a result's repr, an exception's message)


def _printable(text: str) -> str:
    """``text`` on one line: each character that is not printable becomes its ``\\x``/``\\u``/``\\U`` escape."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


@dataclass(frozen=True)
class Disagreement:
    """One case the verifier got wrong.

    ``case_id``, ``kind``, ``expected`` (the label's status name) and ``got`` (``str``: the status name
    returned, ``"raised KeyError: 'quote'"`` or ``"returned 42, not a status"``); ``raised`` (``bool``).
    """

    case_id: str
    kind: str
    expected: str
    got: str
    raised: bool = False

    def to_dict(self) -> dict:
        """JSON-ready: ``{"case", "kind", "expected", "got", "raised"}``."""
        return {"case": self.case_id, "kind": self.kind, "expected": self.expected, "got": self.got, "raised": self.raised}


@dataclass(frozen=True)
class KindScore:
    """Agreement on one kind: ``agreed`` of ``total``, ``errors`` (raised) and the first ``per_kind`` ``disagreements``."""

    kind: str
    agreed: int
    total: int
    errors: int
    disagreements: tuple[Disagreement, ...]

    @property
    def rate(self) -> float:
        """``agreed / total`` in ``[0, 1]`` (``1.0`` for an empty kind)."""
        return self.agreed / self.total if self.total else 1.0

    def to_dict(self) -> dict:
        """JSON-ready: ``{"kind", "agreed", "total", "rate", "errors", "disagreements": [...]}``."""
        return {"kind": self.kind, "agreed": self.agreed, "total": self.total, "rate": self.rate,
                "errors": self.errors, "disagreements": [d.to_dict() for d in self.disagreements]}


@dataclass(frozen=True)
class ScoreReport:
    """What :func:`score_verifier` found: ``verifier`` (its name), one :class:`KindScore` per kind, totals.

    ``kinds`` are in order of first appearance; ``agreed``, ``total`` and ``errors`` are ``int``.
    """

    verifier: str
    kinds: tuple[KindScore, ...]
    agreed: int
    total: int
    errors: int

    @property
    def rate(self) -> float:
        """Overall ``agreed / total`` in ``[0, 1]`` (``1.0`` for no cases)."""
        return self.agreed / self.total if self.total else 1.0

    @property
    def perfect(self) -> bool:
        """``True`` when the verifier agreed on every case."""
        return self.agreed == self.total

    @property
    def disagreements(self) -> tuple[Disagreement, ...]:
        """The listed disagreements of every kind, kind by kind."""
        return tuple(d for k in self.kinds for d in k.disagreements)

    def kind(self, name: str) -> KindScore:
        """The score of kind ``name``; ``KeyError`` listing the kinds when there is none."""
        for score in self.kinds:
            if score.kind == name:
                return score
        raise KeyError(f"no kind {name!r}; kinds: {', '.join(k.kind for k in self.kinds)}")

    def to_dict(self) -> dict:
        """JSON-ready: ``{"verifier", "agreed", "total", "rate", "errors", "kinds": [...]}`` (rates are floats)."""
        return {"verifier": self.verifier, "agreed": self.agreed, "total": self.total, "rate": self.rate,
                "errors": self.errors, "kinds": [k.to_dict() for k in self.kinds]}

    def rows(self) -> list[tuple[str, int, int, str]]:
        """The table: ``(kind, agreed, total, "97.5%")`` per kind, then ``("overall", ...)``."""
        return [(k.kind, k.agreed, k.total, _percent(k.agreed, k.total)) for k in self.kinds] + [
            ("overall", self.agreed, self.total, _percent(self.agreed, self.total))]

    def render(self) -> str:
        """The report as plain text for a terminal: the table, then the listed disagreements by kind."""
        rows = self.rows()
        width = max(len("kind"), *(len(r[0]) for r in rows))
        lines = [f"verifier: {self.verifier}", f"{'kind':<{width}}  agreed  total    rate"]
        lines += [f"{kind:<{width}}  {agreed:>6}  {total:>5}  {rate:>6}" for kind, agreed, total, rate in rows]
        if self.errors:
            lines.append(f"{self.errors} case(s) raised an exception; each counts as a disagreement")
        if self.disagreements:
            lines += ["", "first disagreements, by kind:"]
            lines += [f"  {d.kind}  {d.case_id}: expected {d.expected}, got {d.got}" for d in self.disagreements]
        return "\n".join(lines) + "\n"


def _percent(agreed: int, total: int) -> str:
    return f"{100 * agreed / total:.1f}%" if total else "-"


def _describe(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not stop the run either
        text = f"a {type(value).__name__}"
    return clip(_printable(text), _CLIP)


def _outcome(fn: Callable, case, sources) -> tuple[str, bool, bool]:
    """``(what the verifier said, agreed, raised)`` for one case."""
    try:
        result = fn(case.raw, case.request, sources)
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # noqa: BLE001 -- any failure of the verifier is data, even sys.exit()
        try:
            message = str(err)
        except Exception:
            message = "(its message cannot be shown)"
        got = f"raised {clip(_printable(type(err).__name__), _CLIP)}"
        got += f": {clip(_printable(message), _CLIP)}" if message else ""
        return got, False, True
    status = result.status if isinstance(result, Verdict) else result
    try:
        status = Status(status) if isinstance(status, str) else None
    except Exception:  # ValueError for an unknown string; anything a hostile str subclass raises
        status = None
    if status is None:
        return f"returned {_describe(result)}, not a status", False, False
    return status.value, status is case.expected, False


def score_verifier(fn: Callable, cases: CaseSet | None = None, *, per_kind: int = 3, name: str | None = None) -> ScoreReport:
    """Run ``fn(raw, request, sources)`` over every case of ``cases`` and score its agreement.

    ``cases``: a :class:`~groundlab.study.cases.CaseSet` (default: :func:`~groundlab.lab.mutations.load_mutations`),
    its registry passed as ``sources``, a case's kind its ``family``. ``per_kind`` (``>= 0``) bounds the
    disagreements listed per kind; ``name`` defaults to ``fn.__qualname__``. Never raises for what
    ``fn`` does; ``ValueError`` for a negative ``per_kind``; the default catalogue's loading errors propagate.
    """
    if per_kind < 0:
        raise ValueError(f"per_kind must be >= 0, not {per_kind}")
    if cases is None:
        cases = load_mutations()
    counts: dict[str, list] = {}  # kind -> [agreed, total, errors, disagreements]
    for case in cases:
        kind = case.family or "-"
        entry = counts.setdefault(kind, [0, 0, 0, []])
        got, agreed, raised = _outcome(fn, case, cases.sources)
        entry[0] += agreed
        entry[1] += 1
        entry[2] += raised
        if not agreed and len(entry[3]) < per_kind:
            entry[3].append(Disagreement(case.id, kind, case.expected.value, got, raised))
    kinds = tuple(KindScore(kind, a, t, e, tuple(d)) for kind, (a, t, e, d) in counts.items())
    label = name or getattr(fn, "__qualname__", None) or type(fn).__name__
    return ScoreReport(clip(_printable(str(label)), _CLIP), kinds, sum(k.agreed for k in kinds),
                       sum(k.total for k in kinds), sum(k.errors for k in kinds))
