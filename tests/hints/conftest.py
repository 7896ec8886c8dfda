"""Shared set-up of the hints tests: the study's sources and request, and verdicts with their hints."""

import pytest

from groundlab import hints_for_verdict, verify_answer


@pytest.fixture(scope="session")
def sources(study):
    """The study's registry (``prod-v2``, ``prod-v1``, ``dev-v2``, ``billing-v2``)."""
    return study.sources


@pytest.fixture(scope="session")
def request_complete(study):
    """The request of the study's ``complete`` case: payments / prod / v2, two fields."""
    return study["complete"].request


@pytest.fixture(scope="session")
def prod_v2(sources):
    """The text of document ``prod-v2``."""
    return sources["prod-v2"].text


@pytest.fixture(scope="session")
def hints_of(sources, request_complete):
    """``hints_of(raw, request=None, with_raw=True)``: the verdict of ``raw`` and its hints."""

    def verdict_and_hints(raw, request=None, with_raw=True):
        request = request or request_complete
        verdict = verify_answer(raw, request, sources)
        return verdict, hints_for_verdict(verdict, request, sources, raw=raw if with_raw else None)

    return verdict_and_hints
