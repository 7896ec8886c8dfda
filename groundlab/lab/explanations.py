"""The labelled explanation set (``fixtures/explanation_set.json``): profile–job pairs and judged points.

Each pair is one ``Profile`` and one ``Job``; each point is what a model might write about them,
with its quotes and a label: ``supported`` (real quotes, and the point follows), ``overstated``
(real quotes, the point claims more), ``fabricated`` (a quote is not in the text the model was
shown) or ``paraphrase`` (a true point, a reworded quote): the labelled set of explanations that
the job-match article, "No Quote, No Claim", lacks. Standard library only; frozen and
hash-checked (``docs/architecture.md``, "The study and its evidence").
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Iterator

from groundlab.core.trusted import TrustedInputError, fixtures_dir, read_json_file, verify_frozen
from groundlab.grounding.prompt import Job, Profile, job_text, profile_text

__all__ = [
    "BAD_LABELS",
    "EXPLANATIONS_FILE",
    "EXPLANATION_LABELS",
    "ExplanationPair",
    "ExplanationPoint",
    "ExplanationSet",
    "explanation_set_from_dict",
    "load_explanation_set",
]

EXPLANATIONS_FILE = "explanation_set.json"
"""The frozen set, a file name inside :func:`~groundlab.core.trusted.fixtures_dir`."""

EXPLANATION_LABELS: tuple[str, ...] = ("supported", "paraphrase", "overstated", "fabricated")
"""Every label: the two good ones first, then the two bad ones."""

BAD_LABELS: tuple[str, ...] = ("overstated", "fabricated")
"""The labels of a point that should not be shown to the user."""

_POINT_MEMBERS = ("id", "kind", "point", "profile_quote", "job_quote", "label", "reason")
_PAIR_MEMBERS = ("id", "profile", "job", "points")


@dataclass(frozen=True)
class ExplanationPoint:
    """One judged point; every attribute is a ``str``.

    ``id`` (unique in the file), ``kind`` (``match`` or ``gap``), ``point`` (the sentence for the
    user), ``profile_quote`` and ``job_quote`` (as the model wrote them; ``""`` for a gap's profile
    quote), ``label`` (one of :data:`EXPLANATION_LABELS`) and ``reason`` (one line).
    """

    id: str
    kind: str
    point: str
    profile_quote: str
    job_quote: str
    label: str
    reason: str

    @property
    def bad(self) -> bool:
        """``True`` for a point that should not be shown (:data:`BAD_LABELS`)."""
        return self.label in BAD_LABELS


@dataclass(frozen=True)
class ExplanationPair:
    """One profile and one job with the judged points about them.

    ``id`` (``str``), ``profile`` (:class:`~groundlab.grounding.prompt.Profile`), ``job``
    (:class:`~groundlab.grounding.prompt.Job`), ``points`` (:class:`ExplanationPoint` s in file order).
    """

    id: str
    profile: Profile
    job: Job
    points: tuple[ExplanationPoint, ...]

    @property
    def profile_text(self) -> str:
        """The profile exactly as it is sent to the model (:func:`~groundlab.grounding.prompt.profile_text`)."""
        return profile_text(self.profile)

    @property
    def job_text(self) -> str:
        """The job exactly as it is sent to the model (:func:`~groundlab.grounding.prompt.job_text`)."""
        return job_text(self.job)


@dataclass(frozen=True)
class ExplanationSet:
    """The loaded set: ``pairs`` in file order and the ``path`` it came from.

    Iterating yields the pairs; ``explanation_set["ux-designer"]`` returns one (``KeyError`` when none).
    """

    path: Path
    pairs: tuple[ExplanationPair, ...]

    def __iter__(self) -> Iterator[ExplanationPair]:
        return iter(self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def __getitem__(self, pair_id: str) -> ExplanationPair:
        for pair in self.pairs:
            if pair.id == pair_id:
                return pair
        raise KeyError(f"no pair {pair_id!r} in {self.path.name}")

    def points(self) -> Iterator[tuple[ExplanationPair, ExplanationPoint]]:
        """Every ``(pair, point)``, pairs and points in file order."""
        for pair in self.pairs:
            for point in pair.points:
                yield pair, point


def _exact_members(obj: Any, members: tuple[str, ...], where: str, what: str) -> None:
    if not isinstance(obj, dict):
        raise TrustedInputError(where, f"{what} must be a JSON object")
    missing = [m for m in members if m not in obj]
    if missing:
        raise TrustedInputError(where, f"missing {', '.join(missing)}")
    unknown = sorted(set(obj) - set(members))
    if unknown:
        raise TrustedInputError(where, f"unknown member {', '.join(unknown)}")


def _point(obj: Any, where: str) -> ExplanationPoint:
    _exact_members(obj, _POINT_MEMBERS, where, "a point")
    for member in _POINT_MEMBERS:
        if not isinstance(obj[member], str):
            raise TrustedInputError(where, f"{member} must be a string")
    for member in ("id", "point", "job_quote", "reason"):
        if not obj[member]:
            raise TrustedInputError(where, f"{member} must not be empty")
    if obj["kind"] not in ("match", "gap"):
        raise TrustedInputError(where, f"unknown kind {obj['kind']!r}; use match or gap")
    if obj["label"] not in EXPLANATION_LABELS:
        raise TrustedInputError(where, f"unknown label {obj['label']!r}; use one of {', '.join(EXPLANATION_LABELS)}")
    return ExplanationPoint(*(obj[m] for m in _POINT_MEMBERS))


def _record(cls: type, obj: Any, where: str) -> Any:
    known = {f.name for f in fields(cls)}
    if not isinstance(obj, dict):
        raise TrustedInputError(where, "must be a JSON object")
    unknown = sorted(set(obj) - known)
    if unknown:
        raise TrustedInputError(where, f"unknown member {', '.join(unknown)}")
    try:
        return cls(**obj)
    except TypeError as err:
        raise TrustedInputError(where, str(err)) from None


def _pair(obj: Any, where: str) -> ExplanationPair:
    _exact_members(obj, _PAIR_MEMBERS, where, "a pair")
    if not isinstance(obj["id"], str) or not obj["id"]:
        raise TrustedInputError(where, "id must be a non-empty string")
    if not isinstance(obj["points"], list) or not obj["points"]:
        raise TrustedInputError(where, "points must be a non-empty JSON array")
    profile = _record(Profile, obj["profile"], f"{where}.profile")
    job = _record(Job, obj["job"], f"{where}.job")
    points = tuple(_point(p, f"{where}.points[{i}]") for i, p in enumerate(obj["points"]))
    return ExplanationPair(obj["id"], profile, job, points)


def explanation_set_from_dict(obj: Any, path: Path) -> ExplanationSet:
    """Build an :class:`ExplanationSet` from the decoded JSON of the file at ``path``.

    Shape: ``{"pairs": [{"id", "profile": {Profile fields}, "job": {"title", "description"},
    "points": [{"id", "kind", "point", "profile_quote", "job_quote", "label", "reason"}]}]}``, all
    strings. ``TrustedInputError`` for another shape, a missing or unknown member, a field that is
    not text, an unknown kind or label, an empty id, point, job quote or reason, or a repeated id.
    """
    where = str(path)
    if not isinstance(obj, dict) or set(obj) != {"pairs"} or not isinstance(obj["pairs"], list):
        raise TrustedInputError(where, 'an explanation set is exactly {"pairs": [...]}')
    pairs = tuple(_pair(p, f"{where}: pairs[{i}]") for i, p in enumerate(obj["pairs"]))
    seen: set[str] = set()
    for name in [p.id for p in pairs] + [q.id for p in pairs for q in p.points]:
        if name in seen:
            raise TrustedInputError(where, f"the id {name!r} is used twice")
        seen.add(name)
    return ExplanationSet(path=path, pairs=pairs)


def load_explanation_set(path: str | Path | None = None) -> ExplanationSet:
    """Load the set (default: the frozen :data:`EXPLANATIONS_FILE`) in :func:`explanation_set_from_dict`'s shape.

    A file in :func:`~groundlab.core.trusted.fixtures_dir` is hash-checked first; a copy elsewhere is
    read as it is. ``FrozenFixtureError`` when the frozen file was edited or is not listed in
    ``SHA256SUMS``; ``TrustedInputError`` for a missing file, invalid JSON or a malformed pair or point.
    """
    path = Path(path) if path is not None else fixtures_dir() / EXPLANATIONS_FILE
    if path.resolve().parent == fixtures_dir().resolve():
        verify_frozen(fixtures_dir(), [path.name])
    return explanation_set_from_dict(read_json_file(path), path)
