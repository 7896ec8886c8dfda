"""Answers to build in the hints tests (plain functions, usable in ``parametrize`` lists)."""

import json


def claim(field="read_timeout_ms", value="5000", doc="prod-v2", quote=None):
    """One claim as a dict; the quote defaults to the canonical ``field=value`` line."""
    return {"field": field, "value": value, "doc": doc, "quote": quote if quote is not None else f"{field}={value}"}


def answer(*claims):
    """The JSON text of an answer holding ``claims``."""
    return json.dumps({"claims": list(claims)}, ensure_ascii=False)


def kinds(hints):
    """The kinds of ``hints``, in order."""
    return tuple(h.kind for h in hints)


RETRY = claim("retry_enabled", "false")
GOOD = answer(claim(), RETRY)
"""The study's accepted answer."""

PROFILE = "Skills: Java (Intermediate, 3 years)\nExperience: Three years building REST services"
"""A job-match profile text, for the normalised quote check of "No Quote, No Claim"."""
