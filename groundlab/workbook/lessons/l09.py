"""Notebook 09's modify exercise: edit the trusted registry until the contract accepts a wrong value.

The contract never asks whether the registry it is given is right. Standard library only. See
``docs/architecture.md``, "The closed configuration contract" and "Exercise answers".
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from groundlab.core.contract import Status, verify_answer
from groundlab.core.registry import Registry, Request, Source
from groundlab.workbook.exercises.exercise import Exercise, Feedback
from groundlab.workbook.lessons.text import N_, tr
from groundlab.core.trace import decided_row

__all__ = ["exercises", "flipped_answer", "registry_goal"]

CASE = "complete"
"""The study case whose answer is flipped: its two claims, both from ``prod-v2``."""

DOCUMENT = "prod-v2"
"""The one document the learner may change."""

_SOLUTION = """prod = study.sources["prod-v2"]
edited = replace(prod, facts={**prod.facts, "retry_enabled": "true"},
                 text=prod.text.replace("retry_enabled=false", "retry_enabled=true"))
my_registry = Registry([edited if s.id == "prod-v2" else s for s in study.sources])"""


def flipped_answer(raw: str, field: str, old: str, new: str) -> str:
    """``raw`` (JSON with a ``claims`` list) re-serialised with ``json.dumps``, ``field``'s claims of value ``old`` saying ``new``.

    The value changes, and ``field=old`` becomes ``field=new`` in the quote. ``ValueError`` when no such claim exists.
    """
    answer = json.loads(raw)
    changed = 0
    for claim in answer["claims"]:
        if claim.get("field") == field and claim.get("value") == old:
            claim["value"], claim["quote"] = new, claim["quote"].replace(f"{field}={old}", f"{field}={new}")
            changed += 1
    if not changed:
        raise ValueError(f"no claim of {field!r} says {old!r}")
    return json.dumps(answer)


def _state(source: Source) -> tuple:
    return (source.service, source.environment, source.revision, dict(source.facts), source.text)


def registry_goal(
    raw: str, request: Request, original: Registry | Iterable[Source], *, document: str = DOCUMENT
) -> Callable[[Any], Feedback]:
    """A goal on a registry (or iterable of ``Source``): only ``document`` differs from ``original``, and the contract accepts ``raw``.

    The feedback names the first thing still wrong, ending with the contract's status and deciding
    row. ``ValueError`` for wrong trusted input or a ``document`` the registry lacks.
    """
    before = Registry.of(original)
    before.check_request(request)
    if document not in before:
        raise ValueError(f"the registry has no document {document!r}")

    def goal(registry: Any) -> Feedback:
        try:
            after = Registry.of(registry)
        except (TypeError, ValueError) as err:
            return Feedback(False, tr("the answer should be a Registry of Source objects ({error}).").format(error=err))
        missing = [s.id for s in before if s.id not in after]
        added = [s.id for s in after if s.id not in before]
        if missing or added:
            parts = ([tr("missing {documents}").format(documents=tr(", ").join(missing))] if missing else []) + (
                [tr("added {documents}").format(documents=tr(", ").join(added))] if added else []
            )
            return Feedback(False, tr("keep the same documents as the study's registry ({changes}).").format(changes=tr("; ").join(parts)))
        changed = [s.id for s in before if s.id != document and _state(s) != _state(after[s.id])]
        if changed:
            return Feedback(False, tr("change {document} only: keep {others} as it is.").format(document=document, others=tr(", ").join(changed)))
        verdict = verify_answer(raw, request, after)
        row = decided_row(verdict, request, after)
        if verdict.status is not Status.ACCEPT:
            why = tr("every check passed") if row is None else row.line
            return Feedback(False, tr("the contract should say ACCEPT, but it says {status} ({why}).").format(status=verdict.status, why=why))
        accepted = ", ".join(f"{k}={v}" for k, v in verdict.accepted.items())
        return Feedback(True, tr("the contract says ACCEPT and accepts {accepted}.").format(accepted=accepted))

    return goal


def exercises(*, study: Any, **_context: Any) -> dict[str, Exercise]:
    """Notebook 09's exercises: ``{"accept_true": Exercise}``, a registry (only ``prod-v2`` edited) that accepts a wrong value.

    The answer is ``study``'s case ``complete`` with ``retry_enabled`` flipped to ``"true"``. The
    solution uses the notebook's ``study``, ``replace`` and ``Registry``. ``KeyError`` without the case.
    """
    case = study[CASE]
    raw = flipped_answer(case.raw, "retry_enabled", "false", "true")
    return {
        "accept_true": Exercise(
            N_("A registry that accepts a wrong value"),
            N_(
                "Edit {document} in a copy of the study's registry (my_registry) so that the contract accepts the "
                "{case} answer with retry_enabled true in its value and its quote: {answer}"
            ).fill(document=DOCUMENT, case=CASE, answer=raw),
            registry_goal(raw, case.request, study.sources),
            [
                N_(
                    "The citation check looks for the quote in the document's text; the value check compares the "
                    "value with the document's facts."
                ),
                N_("Change the retry_enabled line of prod-v2's text as well as its fact: replace(prod, facts=..., text=...)."),
            ],
            _SOLUTION,
        )
    }
