"""Assertions for a project's own test suite: :func:`assert_grounded`.

Plain ``assert``-style helpers that raise ``AssertionError`` (pytest shows the message; no
pytest import is needed) with what a reader needs to fix the answer: the status, the
deciding check and its reason, the trace (:func:`groundlab.core.trace.trace_rows`) and the
near-miss hints (:func:`groundlab.hints.hints_for_verdict`). Standard library only.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from groundlab.core.contract import Verdict, verify_answer
from groundlab.core.registry import Registry, Request, Source, registry_from_dict, request_from_dict
from groundlab.core.trace import trace_rows

__all__ = ["assert_grounded", "grounding_failure"]


def _inputs(request: Any, sources: Any) -> tuple[Request, Registry]:
    if isinstance(request, Mapping):
        request = request_from_dict(request)
    if isinstance(sources, Mapping):
        sources = registry_from_dict(sources)
    return request, Registry.of(sources)


def grounding_failure(verdict: Verdict, request: Request, sources: Registry | Iterable[Source], raw: str | bytes | None = None) -> str:
    """The message :func:`assert_grounded` raises for a refused ``verdict`` (``""`` for an ``ACCEPT``).

    Lines: ``answer not grounded: <STATUS>``; ``deciding check: <check> (<reason>)``;
    ``trace:`` and one ``  [ok  ]``/``  [FAIL]`` row per step; ``hints:`` and one ``  - ``
    line per near-miss hint, or ``hints: none``.
    """
    from groundlab.hints import hints_for_verdict

    step = verdict.failed_step()
    if step is None:
        return ""
    lines = [f"answer not grounded: {verdict.status}", f"deciding check: {step.check} ({step.reason})", "trace:"]
    lines += [f"  [{'ok  ' if row.passed else 'FAIL'}] {row.line}" for row in trace_rows(verdict, request, sources)]
    hints = hints_for_verdict(verdict, request, sources, raw=raw)
    lines += ["hints:", *(f"  - {hint.message}" for hint in hints)] if hints else ["hints: none"]
    return "\n".join(lines)


def assert_grounded(
    raw: str | bytes,
    request: Request | Mapping[str, Any],
    sources: Registry | Iterable[Source] | Mapping[str, Any],
) -> Mapping[str, str]:
    """Assert that the contract accepts ``raw``; return the accepted ``field -> value`` map.

    Args:
        raw: the model's answer (``str`` or UTF-8 ``bytes``).
        request: a :class:`~groundlab.core.registry.Request` or its JSON object.
        sources: a :class:`~groundlab.core.registry.Registry`, an iterable of
            :class:`~groundlab.core.registry.Source`, or a registry's JSON object ``{"sources": [...]}``.

    Raises:
        AssertionError: the answer is refused; the message is :func:`grounding_failure`'s.
        TrustedInputError: ``request`` or ``sources`` is a malformed JSON object.
        ValueError, TypeError: as :func:`~groundlab.core.contract.verify_answer` raises them.
    """
    request, registry = _inputs(request, sources)
    verdict = verify_answer(raw, request, registry)
    if not verdict.ok:
        raise AssertionError(grounding_failure(verdict, request, registry, raw))
    return verdict.accepted
