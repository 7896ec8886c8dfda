"""Value hints: why a claimed value or identifier is not the document's string, units and booleans included.

Values compare as exact strings (the configuration contract, "a real citation can
still support a wrong answer"): ``5s`` is not ``5000``. Offsets count code points.
Duration units: SI prefixes, ``m`` read as minutes as in Go durations. See
``docs/architecture.md``, "Order of checks".
"""

from __future__ import annotations

import difflib
import math
import re

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.hints.bounded import bounded_matcher
from groundlab.hints.differences import difference_hints
from groundlab.hints.folding import equivalence
from groundlab.hints.kinds import Hint
from groundlab.hints.render import Side, show

__all__ = ["identifier_hints", "value_hints"]

_NUMBER = re.compile(r"\s*([+-]?(?:[0-9][0-9,_ ]*[0-9]|[0-9])(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)\s*([^\W\d_]*\.?)\s*\Z")
_UNIT_MS = {
    "ns": 1e-6, "nanosecond": 1e-6, "nanoseconds": 1e-6,
    "us": 1e-3, "µs": 1e-3, "μs": 1e-3, "microsecond": 1e-3, "microseconds": 1e-3,
    "ms": 1.0, "msec": 1.0, "msecs": 1.0, "millisecond": 1.0, "milliseconds": 1.0,
    "s": 1000.0, "sec": 1000.0, "secs": 1000.0, "second": 1000.0, "seconds": 1000.0,
    "m": 60000.0, "min": 60000.0, "mins": 60000.0, "minute": 60000.0, "minutes": 60000.0,
    "h": 3600000.0, "hr": 3600000.0, "hrs": 3600000.0, "hour": 3600000.0, "hours": 3600000.0,
}  # fmt: skip
"""Duration units -> milliseconds (SI prefixes; ``m`` read as minutes, as in Go durations)."""
_FIELD_UNITS = (("_ms", "ms"), ("_millis", "ms"), ("_seconds", "s"), ("_secs", "s"), ("_sec", "s"), ("_s", "s"),
                ("_minutes", "min"), ("_min", "min"), ("_hours", "h"), ("_h", "h"))  # fmt: skip
_TRUE = frozenset(["true", "yes", "y", "on", "1", "enabled", "enable", "t"])
_FALSE = frozenset(["false", "no", "n", "off", "0", "disabled", "disable", "f"])


def _as_number(text: str) -> float | None:
    try:
        return float(text.replace(",", "").replace("_", "").replace(" ", ""))
    except ValueError:
        return None


def _format_number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def _unit_message(value: str, fact: str, field: str | None) -> str | None:
    """The ``unit`` hint's message when ``value`` is a quantity or boolean spelled unlike ``fact``, else ``None``."""
    folded = value.strip().casefold()
    if fact in ("true", "false") and (folded in _TRUE or folded in _FALSE):
        meaning = "true" if folded in _TRUE else "false"
        if meaning != fact:
            return None
        return tr(
            "The value '{value}' means the boolean {meaning}, like the document's fact, but the contract "
            "compares exact strings and the fact is written '{fact}'."
        ).format(value=value, meaning=meaning, fact=fact)
    match = _NUMBER.match(value)
    if not re.fullmatch(r"[+-]?\d+(?:\.\d+)?", fact) or not match:
        return None
    number, unit = _as_number(match.group(1)), match.group(2).rstrip(".")
    fact_number = float(fact)
    if number is None:
        return None
    finite = math.isfinite(number) and math.isfinite(fact_number)  # 400 digits read as a float are inf
    field_unit = next((u for suffix, u in _FIELD_UNITS if field and field.endswith(suffix)), None)
    unit_key = unit if unit in _UNIT_MS else unit.lower()
    if unit and unit_key in _UNIT_MS:
        if field_unit is None:
            return tr(
                "The value '{value}' carries the unit '{unit}', but the document's fact is the bare number "
                "'{fact}'; the contract compares exact strings, not quantities."
            ).format(value=value, unit=unit, fact=fact)
        converted = number * _UNIT_MS[unit_key] / _UNIT_MS[field_unit]
        if not (finite and math.isfinite(converted)):
            return None
        shown = _format_number(round(converted, 9))
        if abs(converted - fact_number) < 1e-9 * max(1.0, abs(fact_number)):
            return tr(
                "'{value}' is {shown} {unit}, the same quantity as the document's '{fact}', but the "
                "contract compares exact strings, so the value must be written '{fact}'."
            ).format(value=value, shown=shown, unit=field_unit, fact=fact)
        return tr(
            "'{value}' is {shown} {unit}, while the document says '{fact}' {unit}; and even an "
            "equal quantity would have to be written exactly '{fact}'."
        ).format(value=value, shown=shown, unit=field_unit, fact=fact)
    if not unit and finite and number == fact_number and match.group(1) != fact:
        return tr(
            "'{value}' is the same number as the document's '{fact}' written differently; the contract "
            "compares exact strings, so it must be written '{fact}'."
        ).format(value=value, fact=fact)
    return None


def value_hints(
    value: str,
    fact: str,
    *,
    field: str | None = None,
    doc: str | None = None,
    claim: int | None = None,
    check: str | None = None,
) -> tuple[Hint, ...]:
    """Why a claimed ``value`` is not the document's ``fact`` (both ``str``): a tuple of hints, ``()`` when equal.

    ``field`` (``read_timeout_ms``) lets a ``unit`` hint convert a duration into the field's
    unit (``_ms``, ``_s``, ``_min``, ``_h``...); ``doc`` names the document; ``claim`` and
    ``check`` are copied into every hint. Returns the difference hints, then ``unit`` (``5s``
    is 5000 ms, ``yes`` means ``true``, ``5,000`` is ``5000``), which replaces a ``case``
    hint. Never raises for ``str`` input.
    """
    if value == fact:
        return ()
    if doc:
        other = tr("{doc}'s fact {fact}").format(doc=doc, fact=show(fact))
    else:
        other = tr("the document's fact {fact}").format(fact=show(fact))
    side = Side(tr("The value {value}").format(value=show(value)), other, tr("the value"), tr("the fact"))
    hints = difference_hints(value, fact, fact, contains=False, side=side, claim=claim, check=check)
    unit = _unit_message(value, fact, field)
    if unit is not None:
        hints = [h for h in hints if h.kind != "case"] + [Hint("unit", unit, claim, check)]
    return tuple(hints)


_IDENTIFIER_WORDS = {
    "document id": (N_("The document id {name}"), N_("the document id")),
    "field name": (N_("The field name {name}"), N_("the field name")),
}
"""``what`` -> how a hint names the identifier, first and at a second mention (translated when shown)."""


def identifier_hints(
    name: str, candidates: tuple[str, ...], what: str, claim: int | None, check: str | None
) -> tuple[list[Hint], str | None]:
    """Difference hints of ``name`` against the candidate it is most like, and that candidate (``None``: none close).

    ``what`` names the kind of identifier in messages (``"document id"``). The
    first candidate some transform makes equal wins, else the closest by
    :func:`_close_match` (``difflib.get_close_matches``, cutoff 0.6, bounded).
    """
    best = None
    for candidate in candidates:
        if equivalence(name, candidate, False) is not None:
            best = candidate
            break
    if best is None:
        best = _close_match(name, candidates)
    if best is None:
        return [], None
    subject, short = _IDENTIFIER_WORDS.get(what, (f"The {what} {{name}}", f"the {what}"))
    side = Side(tr(subject).format(name=show(name)), f"'{best}'", tr(short))
    return difference_hints(name, best, best, contains=False, side=side, claim=claim, check=check), best


def _close_match(name: str, candidates: tuple[str, ...], cutoff: float = 0.6) -> str | None:
    """``difflib.get_close_matches(name, candidates, n=1, cutoff=cutoff)``'s answer, or ``None``.

    The same rule (the candidate with the highest ``ratio`` of at least
    ``cutoff``, ties to the greatest string; ``autojunk`` on), but each ratio is
    aligned within the work bound of :mod:`groundlab.hints.bounded`, and a
    candidate too costly to align is not chosen.
    """
    best: tuple[float, str] | None = None
    for candidate in candidates:
        quick = difflib.SequenceMatcher(None, candidate, name)
        if quick.real_quick_ratio() < cutoff or quick.quick_ratio() < cutoff:
            continue
        matcher = bounded_matcher(candidate, name, autojunk=True)
        if matcher is not None and matcher.ratio() >= cutoff and (best is None or (matcher.ratio(), candidate) > best):
            best = (matcher.ratio(), candidate)
    return None if best is None else best[1]
