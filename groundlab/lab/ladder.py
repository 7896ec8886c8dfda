"""The normalisation ladder: quote checkers from strict to lenient, run over the labelled catalogue.

Each rung is a checker ``(quote, source) -> bool``. From the top: the exact
substring test; the rule of "No Quote, No Claim" as the article states it
(:func:`~groundlab.grounding.rule.article_is_quoted`); groundlab's default, that rule after the
typography fold and with whole numbers (:func:`~groundlab.grounding.rule.is_quoted`);
that plus NFKC; plus dropping invisible characters; plus joining line-wrap hyphens
(:mod:`groundlab.lab.folds`); rapidfuzz's partial ratio at 95, 90 and 80; and its
token-set ratio at 90 (:mod:`groundlab.lab.fuzzy`, on the fully folded forms).
:func:`run_ladder` counts, for every rung, the faithful items it accepts
(*rescued*) and the unfaithful ones it accepts (*let through*), overall and per
kind. Every rung keeps the rule's floor (:func:`~groundlab.grounding.rule.meets_quote_floor`:
3 code points, visible content). The ladder is a lens: ``is_quoted`` stays the rule
(``docs/architecture.md``, "Grounding"); the job-match article itself admits that strictness has
a cost.
Standard library only, apart from the fuzzy rungs, which load rapidfuzz on first use
(the extra ``groundlab[fuzzy]``; ``run_ladder(fuzzy_rungs=False)`` leaves them out).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.grounding.rule import article_is_quoted, is_quoted, meets_quote_floor
from groundlab.lab import fuzzy
from groundlab.lab.catalogue import PERTURBATION_KINDS, load_perturbations
from groundlab.lab.folds import lens_form, lens_forms, lens_match

__all__ = ["FUZZY_RUNGS", "LADDER", "KindCount", "KindFirst", "LadderResult", "Rung", "RungCount", "run_ladder"]


class Rung(NamedTuple):
    """One checker of the ladder: ``name`` (``str``), a one-line ``description`` (English, the
    catalogue's message: :meth:`shown_description` in the language in force) and
    ``check(quote, source) -> bool``."""

    name: str
    description: str
    check: Callable[[Any, Any], bool]

    def shown_description(self) -> str:
        """:attr:`description` in the language in force."""
        return tr(self.description)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _exact(quote: Any, source: Any) -> bool:
    quote, source = _text(quote), _text(source)
    return meets_quote_floor(quote) and quote in source


def _folded(steps: int) -> Callable[[Any, Any], bool]:
    def check(quote: Any, source: Any) -> bool:
        return lens_match(lens_form(_text(quote), steps), lens_form(_text(source), steps))

    return check


def _scored(score: Callable[[str, str], float], threshold: float) -> Callable[[Any, Any], bool]:
    def check(quote: Any, source: Any) -> bool:
        quote_form, source_form = lens_form(_text(quote), 3), lens_form(_text(source), 3)
        return meets_quote_floor(quote_form) and bool(source_form) and score(quote_form, source_form) >= threshold

    return check


# (name, description, check, how run_ladder computes it from the precomputed forms)
_RUNGS = (
    ("exact", N_("the quote is a substring of the source, character for character"), _exact, "exact"),
    ("article", N_("the article's rule: lower case, whitespace runs to one space, ends trimmed"), article_is_quoted, "article"),
    ("is_quoted", N_("the default: the article's rule after the typography fold (quote marks, dashes, "
     "soft hyphens, ligatures), no number cut"), is_quoted, "strict"),
    ("+nfkc", N_("is_quoted after NFKC: accents composed, fullwidth letters folded"), _folded(1), 1),
    ("+invisible", N_("and format characters (soft hyphen, zero-width space) dropped"), _folded(2), 2),
    ("+hyphen", N_("and line-wrap hyphens joined"), _folded(3), 3),
    ("partial_95", N_("rapidfuzz partial_ratio >= 95 on the +hyphen forms"), _scored(fuzzy.partial_score, 95), ("partial", 95)),
    ("partial_90", N_("rapidfuzz partial_ratio >= 90 on the +hyphen forms"), _scored(fuzzy.partial_score, 90), ("partial", 90)),
    ("partial_80", N_("rapidfuzz partial_ratio >= 80 on the +hyphen forms"), _scored(fuzzy.partial_score, 80), ("partial", 80)),
    ("token_set_90", N_("rapidfuzz token_set_ratio >= 90: the quote's words, in any order"), _scored(fuzzy.token_set_score, 90), ("token_set", 90)),
)

LADDER: tuple[Rung, ...] = tuple(Rung(name, description, check) for name, description, check, _ in _RUNGS)
"""The rungs in order, strictest first; ``LADDER[1].check`` is the article's rule, ``LADDER[2].check`` ``groundlab.is_quoted`` itself."""

FUZZY_RUNGS: tuple[str, ...] = tuple(name for name, *_, how in _RUNGS if isinstance(how, tuple))
"""The rapidfuzz rungs (``partial_95`` .. ``token_set_90``): the ones the extra ``groundlab[fuzzy]`` adds."""


class RungCount(NamedTuple):
    """One rung over the whole catalogue (all ``int`` but ``rung``).

    ``rescued`` faithful items accepted of ``faithful``; ``let_through`` unfaithful
    items accepted of ``unfaithful``.
    """

    rung: str
    rescued: int
    faithful: int
    let_through: int
    unfaithful: int


class KindCount(NamedTuple):
    """One rung over one kind: ``accepted`` of ``total`` items of ``kind`` (label ``label``)."""

    rung: str
    kind: str
    label: str
    accepted: int
    total: int


class KindFirst(NamedTuple):
    """The first rung, in ladder order, that accepts ``some`` item of ``kind``, and that accepts ``every`` one.

    Either is ``None`` when no rung does. For a faithful kind it is the rung that
    first rescues it; for an unfaithful kind, the rung that first lets it through.
    """

    kind: str
    label: str
    some: str | None
    every: str | None


@dataclass(frozen=True)
class LadderResult:
    """What :func:`run_ladder` found; plain data.

    Attributes:
        rungs: ``tuple[str, ...]``, the rung names in ladder order.
        overall: ``tuple[RungCount, ...]``, one per rung.
        per_kind: ``tuple[KindCount, ...]``, rung by rung, kinds in catalogue order.
        firsts: ``tuple[KindFirst, ...]``, one per kind.
        verdicts: ``Mapping[str, tuple[bool, ...]]``, item id -> one verdict per rung.
        skipped: ``tuple[str, ...]``, the rungs left out (:data:`FUZZY_RUNGS` when
            ``run_ladder`` ran without them), in ladder order; ``()`` for the whole ladder.
    """

    rungs: tuple[str, ...]
    overall: tuple[RungCount, ...]
    per_kind: tuple[KindCount, ...]
    firsts: tuple[KindFirst, ...]
    verdicts: Mapping[str, tuple[bool, ...]]
    skipped: tuple[str, ...] = ()

    def accepted(self) -> dict[str, dict[str, int]]:
        """``{kind: {rung: accepted}}`` for every kind and rung, in order."""
        table: dict[str, dict[str, int]] = {}
        for count in self.per_kind:
            table.setdefault(count.kind, {})[count.rung] = count.accepted
        return table

    def first_accepting(self, item_id: str) -> str | None:
        """The first rung that accepts item ``item_id``, or ``None``; ``KeyError`` for an unknown id."""
        return next((r for r, ok in zip(self.rungs, self.verdicts[item_id]) if ok), None)


def _item_verdicts(quote: str, source: str, forms: Callable[[str], tuple[str, ...]], rungs: tuple) -> tuple[bool, ...]:
    qf, sf = forms(quote), forms(source)
    long_enough = meets_quote_floor(qf[3]) and bool(sf[3])
    scored = {how[0] for *_, how in rungs if isinstance(how, tuple)}
    scores = {
        "partial": fuzzy.partial_score(qf[3], sf[3]) if long_enough and "partial" in scored else 0.0,
        "token_set": fuzzy.token_set_score(qf[3], sf[3]) if long_enough and "token_set" in scored else 0.0,
    }
    out = []
    for *_, how in rungs:
        if how == "exact":
            out.append(_exact(quote, source))
        elif how == "article":
            out.append(article_is_quoted(quote, source))
        elif how == "strict":
            out.append(is_quoted(quote, source))
        elif isinstance(how, int):
            out.append(lens_match(qf[how], sf[how]))
        else:
            out.append(long_enough and scores[how[0]] >= how[1])
    return tuple(out)


def _kind_order(items: list[Any]) -> list[tuple[str, str]]:
    present = {item.kind: item.label for item in items}
    known = [(k.name, present[k.name]) for k in PERTURBATION_KINDS if k.name in present]
    seen = {name for name, _ in known}
    extra = [(item.kind, item.label) for item in items if item.kind not in seen and not seen.add(item.kind)]
    return known + extra


def run_ladder(items: Iterable[Any] | None = None, *, fuzzy_rungs: bool = True) -> LadderResult:
    """Run every rung of :data:`LADDER` over ``items`` (default: the frozen catalogue).

    Args:
        items: objects with ``id``, ``kind``, ``label`` (``"faithful"`` or
            ``"unfaithful"``), ``quote`` and ``source``, e.g. a
            :class:`~groundlab.lab.catalogue.PerturbationCatalogue`; ``None`` loads
            (and hash-checks) ``fixtures/quote_perturbations.json``.
        fuzzy_rungs: ``False`` leaves out the rapidfuzz rungs (:data:`FUZZY_RUNGS`),
            so the ladder runs without the extra ``groundlab[fuzzy]``; the result
            then lists them in ``skipped``. The other rungs' verdicts are the same
            either way.

    Returns:
        A :class:`LadderResult`. Each distinct text is folded once; the verdicts
        equal each rung's own ``check`` (a test compares them item by item). The
        whole catalogue takes well under a second (``benchmarks/ladder.py``).

    Raises:
        ImportError: rapidfuzz is missing and ``fuzzy_rungs`` is true; the message
            names ``pip install 'groundlab[fuzzy]'``.
        FrozenFixtureError, TrustedInputError: as ``load_perturbations``.
    """
    chosen = tuple(r for r in _RUNGS if fuzzy_rungs or r[0] not in FUZZY_RUNGS)
    items = list(load_perturbations() if items is None else items)
    cache: dict[str, tuple[str, ...]] = {}

    def forms(text: str) -> tuple[str, ...]:
        found = cache.get(text)
        if found is None:
            found = cache[text] = lens_forms(text)
        return found

    verdicts = {item.id: _item_verdicts(item.quote, item.source, forms, chosen) for item in items}
    rungs = tuple(name for name, *_ in chosen)
    kinds = _kind_order(items)
    overall, per_kind = [], []
    for r, rung in enumerate(rungs):
        tally = {"faithful": [0, 0], "unfaithful": [0, 0]}
        by_kind = {kind: [0, 0] for kind, _ in kinds}
        for item in items:
            ok = verdicts[item.id][r]
            tally.setdefault(item.label, [0, 0])
            tally[item.label][0] += ok
            tally[item.label][1] += 1
            by_kind[item.kind][0] += ok
            by_kind[item.kind][1] += 1
        overall.append(RungCount(rung, *tally["faithful"], *tally["unfaithful"]))
        per_kind.extend(KindCount(rung, kind, label, *by_kind[kind]) for kind, label in kinds)
    firsts = []
    for kind, label in kinds:
        counts = [c for c in per_kind if c.kind == kind]
        some = next((c.rung for c in counts if c.accepted), None)
        every = next((c.rung for c in counts if c.accepted == c.total), None)
        firsts.append(KindFirst(kind, label, some, every))
    skipped = tuple(name for name, *_ in _RUNGS if name not in rungs)
    return LadderResult(rungs, tuple(overall), tuple(per_kind), tuple(firsts), MappingProxyType(verdicts), skipped)
