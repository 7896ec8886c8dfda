"""The labelled quote-perturbation catalogue (``fixtures/quote_perturbations.json``), loaded strictly.

Each item is a source text, a quote, the kind of change that made the quote from a span of the
source, and a label: ``faithful`` (only the form changed) or ``unfaithful`` (the words are not
what the source says). It is the labelled set that the job-match article, "No Quote, No Claim",
lacks for measuring what strictness costs. Standard library only. The file is frozen and
hash-checked like every fixture (``docs/architecture.md``, "The study and its evidence").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from groundlab.core.trusted import TrustedInputError, fixtures_dir, read_json_file, verify_frozen

__all__ = [
    "PERTURBATIONS_FILE",
    "PERTURBATION_KINDS",
    "PERTURBATION_LABELS",
    "Perturbation",
    "PerturbationCatalogue",
    "PerturbationKind",
    "catalogue_from_dict",
    "load_perturbations",
]

PERTURBATIONS_FILE = "quote_perturbations.json"
"""The frozen catalogue, a file name inside :func:`~groundlab.core.trusted.fixtures_dir`."""

PERTURBATION_LABELS: tuple[str, ...] = ("faithful", "unfaithful")
"""The two labels: only the form changed, or the words changed."""

_MEMBERS = ("id", "domain", "kind", "label", "source", "quote", "reason")
_DOMAINS = ("configuration", "job_posting", "profile", "policy")


class PerturbationKind(NamedTuple):
    """One kind of change: its ``name`` (``str``), its ``label`` and a one-line ``description``."""

    name: str
    label: str
    description: str


PERTURBATION_KINDS: tuple[PerturbationKind, ...] = (
    PerturbationKind("exact_copy", "faithful", "the span copied character for character (the control)"),
    PerturbationKind("curly_quotes", "faithful", "curly quote marks on one side, straight ones on the other"),
    PerturbationKind("no_break_space", "faithful", "a no-break space (U+00A0 or U+202F) for a space"),
    PerturbationKind("crlf", "faithful", "CR LF against LF or a space at a line break"),
    PerturbationKind("pdf_hyphen", "faithful", "the source breaks a word across lines with a hyphen, as PDF text does"),
    PerturbationKind("case", "faithful", "capitals, lower case or title case"),
    PerturbationKind("trailing_punctuation", "faithful", "a full stop, comma, semicolon or colon added at the end"),
    PerturbationKind("nfc_nfd", "faithful", "composed (NFC) against decomposed (NFD) accents"),
    PerturbationKind("fullwidth", "faithful", "fullwidth letters and digits (U+FF01 to U+FF5E)"),
    PerturbationKind("soft_hyphen", "faithful", "a soft hyphen (U+00AD) inside a word"),
    PerturbationKind("zero_width_space", "faithful", "a zero-width space (U+200B) in or beside a word"),
    PerturbationKind("double_space", "faithful", "two or three spaces or a tab for one space"),
    PerturbationKind("different_dash", "faithful", "another dash or hyphen character for the hyphen-minus"),
    PerturbationKind("ligature", "faithful", "a ligature character (U+FB00 to U+FB04) for ff, fi, fl"),
    PerturbationKind("apostrophe_inside", "faithful", "a curly apostrophe or single quote mark inside the quote, straight on the other side"),
    PerturbationKind("minus_sign", "faithful", "a minus sign (U+2212) or en dash for the hyphen-minus in a number or range"),
    PerturbationKind("soft_hyphen_line_end", "faithful", "a soft hyphen and a line break inside a word on one side, the whole word on the other"),
    PerturbationKind("long_ligature", "faithful", "a ligature character (U+FB03 to U+FB06) for ffi, ffl, st"),
    PerturbationKind("pdf_hyphen_spaced", "faithful", "the quote keeps a line-end hyphen, with a space or the line break after it"),
    PerturbationKind("paraphrase", "unfaithful", "the same idea in other words"),
    PerturbationKind("dropped_not", "unfaithful", "a 'not' (or n't) left out"),
    PerturbationKind("changed_number", "unfaithful", "a number changed"),
    PerturbationKind("inserted_adjective", "unfaithful", "an adjective added"),
    PerturbationKind("merged_sentences", "unfaithful", "the start of one sentence joined to the end of another"),
    PerturbationKind("ellipsis_skip", "unfaithful", "an ellipsis that skips words that matter"),
    PerturbationKind("word_order_swap", "unfaithful", "two words or phrases swapped"),
    PerturbationKind("other_document", "unfaithful", "an exact span of another document"),
    PerturbationKind("apostrophe_moved", "unfaithful", "an apostrophe added, dropped or moved (student's, students', its, it's)"),
    PerturbationKind("quote_marks_moved", "unfaithful", "quote marks put around another word"),
    PerturbationKind("feet_for_inches", "unfaithful", "a single mark or prime for a double one (feet for inches), or the reverse"),
    PerturbationKind("sign_dropped", "unfaithful", "the minus sign of a number left out"),
    PerturbationKind("range_cut", "unfaithful", "a range cut at its dash, so one end (or a negative number) reads as the whole"),
    PerturbationKind("compound_joined", "unfaithful", "a hyphenated word broken at its hyphen at a line end, joined into another word"),
)
"""Every kind, faithful kinds first, in the order tables and charts show them."""

_KIND_LABEL = {kind.name: kind.label for kind in PERTURBATION_KINDS}


@dataclass(frozen=True)
class Perturbation:
    """One labelled item of the catalogue; every attribute is a ``str``.

    ``id`` (unique), ``domain`` (``configuration``, ``job_posting``, ``profile`` or ``policy``),
    ``kind`` (a :data:`PERTURBATION_KINDS` name), ``label`` (fixed by the kind), ``source`` (the
    text the model was shown), ``quote`` (what it cited) and ``reason`` (one line).
    """

    id: str
    domain: str
    kind: str
    label: str
    source: str
    quote: str
    reason: str

    @property
    def faithful(self) -> bool:
        """``True`` when only the form changed (label ``faithful``)."""
        return self.label == "faithful"


@dataclass(frozen=True)
class PerturbationCatalogue:
    """The loaded catalogue: ``items`` in file order and the ``path`` it came from.

    Iterating yields the items; ``catalogue["case-01"]`` returns one item (``KeyError`` naming the
    file when there is none).
    """

    path: Path
    items: tuple[Perturbation, ...]

    def __iter__(self) -> Iterator[Perturbation]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, item_id: str) -> Perturbation:
        for item in self.items:
            if item.id == item_id:
                return item
        raise KeyError(f"no item {item_id!r} in {self.path.name}")

    def of_kind(self, kind: str) -> tuple[Perturbation, ...]:
        """The items of ``kind``, in file order (``()`` for a kind with no items)."""
        return tuple(item for item in self.items if item.kind == kind)


def _item(obj: Any, where: str) -> Perturbation:
    if not isinstance(obj, dict):
        raise TrustedInputError(where, "an item must be a JSON object")
    missing = [m for m in _MEMBERS if m not in obj]
    if missing:
        raise TrustedInputError(where, f"missing {', '.join(missing)}")
    unknown = sorted(set(obj) - set(_MEMBERS))
    if unknown:
        raise TrustedInputError(where, f"unknown member {', '.join(unknown)}")
    for member in _MEMBERS:
        if not isinstance(obj[member], str) or not obj[member]:
            raise TrustedInputError(where, f"{member} must be a non-empty string")
    if obj["kind"] not in _KIND_LABEL:
        raise TrustedInputError(where, f"unknown kind {obj['kind']!r}; use one of {', '.join(_KIND_LABEL)}")
    if obj["label"] not in PERTURBATION_LABELS:
        raise TrustedInputError(where, f"unknown label {obj['label']!r}; use faithful or unfaithful")
    if obj["label"] != _KIND_LABEL[obj["kind"]]:
        raise TrustedInputError(where, f"kind {obj['kind']} is {_KIND_LABEL[obj['kind']]}, not {obj['label']}")
    if obj["domain"] not in _DOMAINS:
        raise TrustedInputError(where, f"unknown domain {obj['domain']!r}; use one of {', '.join(_DOMAINS)}")
    return Perturbation(*(obj[m] for m in _MEMBERS))


def catalogue_from_dict(obj: Any, path: Path) -> PerturbationCatalogue:
    """Build a :class:`PerturbationCatalogue` from the decoded JSON of the file at ``path``.

    Shape: ``{"items": [{"id", "domain", "kind", "label", "source", "quote", "reason"}, ...]}``,
    every member a non-empty string, no other member. ``TrustedInputError`` for another shape, a
    missing or unknown member, an unknown kind, label or domain, a label that is not its kind's,
    or a repeated id.
    """
    where = str(path)
    if not isinstance(obj, dict) or set(obj) != {"items"} or not isinstance(obj["items"], list):
        raise TrustedInputError(where, 'a catalogue is exactly {"items": [...]}')
    items = tuple(_item(item, f"{where}: items[{i}]") for i, item in enumerate(obj["items"]))
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise TrustedInputError(where, f"two items share the id {item.id!r}")
        seen.add(item.id)
    return PerturbationCatalogue(path=path, items=items)


def load_perturbations(path: str | Path | None = None) -> PerturbationCatalogue:
    """Load the catalogue (default: the frozen :data:`PERTURBATIONS_FILE`) in :func:`catalogue_from_dict`'s shape.

    A file in :func:`~groundlab.core.trusted.fixtures_dir` is hash-checked first; a copy elsewhere is
    read as it is. ``FrozenFixtureError`` when the frozen file was edited or is not listed in
    ``SHA256SUMS``; ``TrustedInputError`` for a missing file, invalid JSON or a malformed item.
    """
    path = Path(path) if path is not None else fixtures_dir() / PERTURBATIONS_FILE
    if path.resolve().parent == fixtures_dir().resolve():
        verify_frozen(fixtures_dir(), [path.name])
    return catalogue_from_dict(read_json_file(path), path)
