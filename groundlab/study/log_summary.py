"""The summary of a checked log: :class:`LogSummary`, counts that merge in any order.

Counts per status, the citation-only check's accepts against the contract's (the false
accepts the configuration article counts: answers the citation-only check lets through and
the contract refuses), deciding checks, per-field states from ``verify_fields`` and the
reasons of the lines that could not be checked. Two summaries of two parts of a log merge
into the summary of the whole, whatever the order (the CLI's worker processes and the Dask
recipe rely on it). ``docs/architecture.md``, "Checking a log". Standard library only.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.checks import CHECKS, Status
from groundlab.core.fields import FieldState
from groundlab.study.log_line import LINE_ERROR, LINE_ERROR_CODES, LogResult

__all__ = ["LogSummary"]

STATUSES: tuple[str, ...] = (*(s.value for s in Status), LINE_ERROR)
"""Every status a result can have, in the order a summary lists them."""

MAX_FIELDS = 1000
"""Distinct field names a summary counts states for; further names are counted under ``"(other fields)"``."""

MAX_LISTED = 20
"""Line errors a summary keeps the line numbers of (the first ones in the log)."""

MAX_NAME_CHARS = 200
"""Characters of a field name a summary keeps: a longer name is cut to its first 200 followed by
``"..."`` (names that share those 200 are counted together), so the summary's memory stays flat
whatever the requests hold. Field names are the only text from a log a summary keeps."""

_OTHER = "(other fields)"


def _cut(name: str) -> str:
    return name if len(name) <= MAX_NAME_CHARS else name[:MAX_NAME_CHARS] + "..."


class LogSummary:
    """What a checked log holds, as counts.

    * ``lines`` -- results counted (every non-blank line); ``blank`` -- blank lines skipped;
    * ``statuses`` -- ``Counter`` status -> lines (:class:`~groundlab.core.checks.Status`
      values and ``"LINE_ERROR"``);
    * ``citation_only_accepts`` / ``contract_accepts`` -- lines the citation-only check / the
      full contract accepted; ``false_accepts`` -- lines the citation-only check accepted and
      the contract refused;
    * ``checks`` -- ``Counter`` deciding check -> refused lines;
    * ``fields`` -- ``dict`` field -> ``Counter`` :class:`~groundlab.core.fields.FieldState`
      value -> lines (at most :data:`MAX_FIELDS` names, each cut to :data:`MAX_NAME_CHARS`);
    * ``line_errors`` -- ``Counter`` reason code -> lines; ``first_errors`` -- ``[(line,
      code), ...]``, the :data:`MAX_LISTED` lowest line numbers, in line order.
    """

    def __init__(self) -> None:
        self.lines = 0
        self.blank = 0
        self.statuses: Counter = Counter()
        self.citation_only_accepts = 0
        self.contract_accepts = 0
        self.false_accepts = 0
        self.checks: Counter = Counter()
        self.fields: dict[str, Counter] = {}
        self.line_errors: Counter = Counter()
        self.first_errors: list[tuple[int, str]] = []

    @classmethod
    def of(cls, results: Iterable[LogResult]) -> "LogSummary":
        """The summary of ``results`` (any iterable of :class:`LogResult`)."""
        summary = cls()
        for result in results:
            summary.add(result)
        return summary

    def add(self, result: LogResult) -> "LogSummary":
        """Count one result; returns ``self``."""
        self.lines += 1
        status = result.status
        self.statuses[status] += 1
        accepted = status == "ACCEPT"
        if result.citation_only_ok:
            self.citation_only_accepts += 1
            if not accepted:
                self.false_accepts += 1
        if accepted:
            self.contract_accepts += 1
        if result.check is not None:
            self.checks[result.check] += 1
        if status == LINE_ERROR:
            code = result.error["code"]
            self.line_errors[code] += 1
            errors = self.first_errors
            if len(errors) < MAX_LISTED or result.line < errors[-1][0]:
                errors.append((result.line, code))
                errors.sort()
                del errors[MAX_LISTED:]
        fields = self.fields
        for name, state in result.fields:
            name = _cut(name)
            counter = fields.get(name)
            if counter is None:
                if len(fields) >= MAX_FIELDS:
                    name = _OTHER
                counter = fields.setdefault(name, Counter())
            counter[state] += 1
        return self

    def merge(self, other: "LogSummary") -> "LogSummary":
        """Add ``other``'s counts to this summary; returns ``self``. The order of merges never matters."""
        self.lines += other.lines
        self.blank += other.blank
        self.statuses.update(other.statuses)
        self.citation_only_accepts += other.citation_only_accepts
        self.contract_accepts += other.contract_accepts
        self.false_accepts += other.false_accepts
        self.checks.update(other.checks)
        for name, counter in other.fields.items():
            name = _cut(name)
            if name not in self.fields and len(self.fields) >= MAX_FIELDS:
                name = _OTHER
            self.fields.setdefault(name, Counter()).update(counter)
        self.line_errors.update(other.line_errors)
        self.first_errors = sorted(self.first_errors + other.first_errors)[:MAX_LISTED]
        return self

    def __add__(self, other: "LogSummary") -> "LogSummary":
        return LogSummary().merge(self).merge(other)

    @property
    def ok(self) -> bool:
        """``True`` when every line was checked and accepted (the CLI's exit code 0)."""
        return self.contract_accepts == self.lines

    def top_checks(self, n: int = 3) -> list[tuple[str, int]]:
        """The ``n`` checks that decided most refusals, as ``[(check, lines), ...]``: most
        first, ties in the order the checks run."""
        ordered = sorted(self.checks.items(), key=lambda item: (-item[1], CHECKS.index(item[0])))
        return ordered[:n]

    def to_dict(self) -> dict:
        """JSON-ready data: ``lines``, ``blank``, ``statuses`` (every status, in check order, 0s
        included), ``citation_only_accepts``, ``contract_accepts``, ``false_accepts``, ``checks``
        (check order, only those that decided), ``top_checks``, ``fields`` (field -> state ->
        lines, fields sorted, states in :class:`FieldState` order), ``line_errors`` (code order)
        and ``first_errors`` (``[{"line", "code"}]``)."""
        states = [s.value for s in FieldState]
        return {
            "lines": self.lines,
            "blank": self.blank,
            "statuses": {status: self.statuses.get(status, 0) for status in STATUSES},
            "citation_only_accepts": self.citation_only_accepts,
            "contract_accepts": self.contract_accepts,
            "false_accepts": self.false_accepts,
            "checks": {check: self.checks[check] for check in CHECKS if self.checks.get(check)},
            "top_checks": [list(pair) for pair in self.top_checks()],
            "fields": {
                name: {state: counter[state] for state in states if counter.get(state)}
                for name, counter in sorted(self.fields.items())
            },
            "line_errors": {code: self.line_errors[code] for code in LINE_ERROR_CODES if self.line_errors.get(code)},
            "first_errors": [{"line": line, "code": code} for line, code in self.first_errors],
        }

    def render(self) -> str:
        """The summary as plain text lines (what ``groundlab check-log`` prints on stderr), ending in a newline."""
        data = self.to_dict()
        out = [tr("lines checked   {count}").format(count=self.lines) + (
            tr(" ({count} blank skipped)").format(count=self.blank) if self.blank else ""
        )]
        for status, count in data["statuses"].items():
            if count:
                out.append(f"  {status:<22}{count}")
        out.append(tr("citation-only accepts {cited}, contract accepts {accepted}: {false} false accept(s)").format(
            cited=self.citation_only_accepts, accepted=self.contract_accepts, false=self.false_accepts
        ))
        if self.checks:
            out.append(tr("deciding checks: {counts}").format(
                counts=", ".join(f"{check} {count}" for check, count in self.top_checks(len(CHECKS)))
            ))
        for name, counter in data["fields"].items():
            out.append(tr("field {name}: {counts}").format(
                name=name, counts=", ".join(f"{state} {count}" for state, count in counter.items())
            ))
        for line, code in self.first_errors:
            out.append(tr("line {line}: LINE_ERROR {code}").format(line=line, code=code))
        if len(self.first_errors) < sum(self.line_errors.values()):
            out.append(tr("... {count} more line error(s)").format(count=sum(self.line_errors.values()) - len(self.first_errors)))
        return "\n".join(out) + "\n"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LogSummary) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"LogSummary(lines={self.lines}, accepts={self.contract_accepts}, false_accepts={self.false_accepts})"
