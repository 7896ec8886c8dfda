"""The frozen job-match fixture (``fixtures/job_match.json``): one profile, one job, model replies.

The file's members are described in ``fixtures/README.md``; the article it serves: the
job-match article, "No Quote, No Claim" (``docs/architecture.md``, "Grounding"). Standard
library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from groundlab.core.trusted import TrustedInputError, fixtures_dir, read_json_file
from groundlab.grounding.prompt import Job, Profile

__all__ = ["DraftCase", "JobMatchFixture", "load_job_match"]


@dataclass(frozen=True)
class DraftCase:
    """One model reply of the fixture: ``id`` (unique in the file), ``description``, ``reply``, ``expected``.

    ``reply`` is the text exactly as a model returned it; ``expected`` (a ``dict``) the
    hand-written outcome (``fixtures/README.md``); the others are ``str``.
    """

    id: str
    description: str
    reply: str
    expected: dict


@dataclass(frozen=True)
class JobMatchFixture:
    """The fixture loaded: one ``Profile``, one ``Job`` and the ``drafts`` (``DraftCase``) in file order.

    ``fixture[draft_id]`` returns the draft case with that id; an unknown id raises
    ``KeyError`` naming the known ids.
    """

    profile: Profile
    job: Job
    drafts: tuple[DraftCase, ...]

    def __getitem__(self, draft_id: str) -> DraftCase:
        for draft in self.drafts:
            if draft.id == draft_id:
                return draft
        known = ", ".join(d.id for d in self.drafts)
        raise KeyError(f"no draft {draft_id!r} in job_match.json; known ids: {known}")


def load_job_match(path: str | Path | None = None) -> JobMatchFixture:
    """Load the job-match fixture at ``path`` (default: the frozen ``job_match.json`` in ``fixtures_dir()``).

    ``TrustedInputError`` for a missing file, invalid JSON, a missing member, or a profile or
    job field that is not text.
    """
    source = path if path is not None else fixtures_dir() / "job_match.json"
    data = read_json_file(source)
    try:
        drafts = tuple(
            DraftCase(d["id"], d.get("description", ""), d["reply"], d["expected"])
            for d in data["drafts"]
        )
        return JobMatchFixture(Profile(**data["profile"]), Job(**data["job"]), drafts)
    except (KeyError, TypeError) as err:
        raise TrustedInputError(str(source), f"not a job-match fixture ({err})") from None
