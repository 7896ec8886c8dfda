"""Generated logs of answers in which every status occurs: :func:`sample_log`.

Lines come from the study's cases (the 22-case study and its 39 more) and the mutation
catalogue, in a fixed order, cycled: every contract status appears, as plain answers and as
chat logs (``{"messages": [...]}`` and OpenAI chat completions, in turn). Every 101st line
is a line that cannot be checked, one reason after another, and line 50 (of a log that
long) is longer than :data:`~groundlab.study.log_line.MAX_LINE_BYTES`. The tests, the
benchmarks and the workbook use it. ``docs/architecture.md``, "Checking a log".
"""

from __future__ import annotations

import functools
import json
from typing import Iterator

from groundlab.core.registry import Registry, Request
from groundlab.lab.mutations import load_mutations
from groundlab.study.cases import load_case_set
from groundlab.study.log_line import MAX_LINE_BYTES

__all__ = ["BAD_LINES", "sample_log", "sample_registry"]

BAD_EVERY = 101
"""Every this many lines, one line that cannot be checked."""

OVERSIZED_LINE = 50
"""The line number of the one line longer than the limit."""


def request_dict(request: Request) -> dict:
    """A :class:`~groundlab.core.registry.Request` as its JSON object."""
    return {
        "service": request.service, "environment": request.environment, "revision": request.revision,
        "fields": list(request.fields), "supplied": list(request.supplied),
    }


_REQUEST = {"service": "payments", "environment": "prod", "revision": "v2", "fields": ["read_timeout_ms"], "supplied": ["prod-v2"]}
BAD_LINES: tuple[tuple[str, str], ...] = (
    ("line_not_json", '{"id": "bad-json", "answer": '),
    ("line_not_object", '["an", "array"]'),
    ("no_answer", json.dumps({"id": "no-answer", "request": _REQUEST})),
    ("bad_answer", json.dumps({"id": "bad-answer", "request": _REQUEST, "answer": 42})),
    ("no_request", json.dumps({"id": "no-request", "answer": "{}"})),
    ("bad_request", json.dumps({"id": "bad-request", "request": {"service": "payments"}, "answer": "{}"})),
    ("unknown_document", json.dumps({"id": "unknown-doc", "request": {**_REQUEST, "supplied": ["prod-v9"]}, "answer": "{}"})),
    ("bad_id", json.dumps({"id": ["x"], "request": _REQUEST, "answer": "{}"})),
)
"""``(reason code, line)`` of each line that cannot be checked, in the order they are used
(a log checked without a default request; ``line_too_long`` is :data:`OVERSIZED_LINE`)."""


@functools.lru_cache(maxsize=1)
def _cases() -> tuple:
    study = load_case_set()
    more = load_case_set("config_contract_more.json")
    return (*study, *more, *load_mutations())


def sample_registry() -> Registry:
    """The registry every sample line is checked against (the study's sources, which the catalogue shares)."""
    return load_case_set().sources


def _wrap(raw: str, turn: int):
    if turn == 0:
        return raw
    if turn == 1:
        return {"messages": [{"role": "user", "content": "the claims, please"}, {"role": "assistant", "content": raw}]}
    return {"object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assistant", "content": raw}}]}


def sample_log(n: int, *, bad: bool = True) -> Iterator[str]:
    """``n`` log lines (``str``, no newline), the same on every call.

    Case lines carry ``id`` (the case id and the line number), ``request`` and ``answer``
    (the raw text, a chat log or a chat completion, in turn). With ``bad`` (the default),
    line 101, 202, ... are :data:`BAD_LINES` in turn and line 50 is oversized. Raises
    ``ValueError`` for ``n < 0``.
    """
    if n < 0:
        raise ValueError(f"n must be 0 or more, not {n}")
    cases = _cases()
    encoded = [(c.id, json.dumps(request_dict(c.request)), c.raw) for c in cases]
    k = 0
    for number in range(1, n + 1):
        if bad and number % BAD_EVERY == 0:
            yield BAD_LINES[(number // BAD_EVERY - 1) % len(BAD_LINES)][1]
            continue
        if bad and number == OVERSIZED_LINE:
            yield json.dumps({"id": "oversized", "answer": "x" * (MAX_LINE_BYTES + 1)})
            continue
        case_id, request, raw = encoded[k % len(encoded)]
        answer = json.dumps(_wrap(raw, k % 3))
        k += 1
        yield f'{{"id": {json.dumps(f"{case_id}#{number}")}, "request": {request}, "answer": {answer}}}'
