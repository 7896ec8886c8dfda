"""Shared set-up for the grounding tests: the example profile and job, and the job-match fixture drafts."""

import json
from pathlib import Path

import pytest

from groundlab import Job, NoGroundedPoints, Profile

FIXTURE = Path(__file__).resolve().parent.parent.parent / "fixtures" / "job_match.json"


def _job_match_data() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def pytest_generate_tests(metafunc):
    """A test that takes ``job_match_case`` runs once per draft of ``fixtures/job_match.json``."""
    if "job_match_case" in metafunc.fixturenames:
        drafts = _job_match_data()["drafts"]
        metafunc.parametrize("job_match_case", drafts, ids=[d["id"] for d in drafts])


@pytest.fixture(scope="session")
def job_match_data():
    """``fixtures/job_match.json`` as plain JSON (``profile``, ``job``, ``drafts``)."""
    return _job_match_data()


@pytest.fixture(scope="session")
def example_profile():
    """The example profile: a headline and one skill."""
    return Profile(headline="Backend developer", skills="Java (Intermediate, 3 years)")


@pytest.fixture(scope="session")
def example_job():
    """The example job posting."""
    return Job(title="Java Engineer", description="Build secure Java APIs and deploy services on AWS.")


@pytest.fixture(scope="session")
def private_profile():
    """A profile with every field set, private ones included."""
    return Profile(
        headline="Backend developer",
        desired_role="Senior Java engineer",
        skills="Java (Intermediate, 3 years)",
        experience="Three years of REST services in Java",
        work_preferences="Remote",
        name="Dana Example",
        email="dana.example@example.invalid",
        phone="+49 30 5550 1234",
        salary="EUR 72,000 per year",
        resume_text="Led a Kubernetes migration at Acme Freight GmbH.",
    )


@pytest.fixture(scope="session")
def outcome():
    """``outcome(run)``: call ``run()``, give the result in the shape of a fixture draft's ``expected``."""

    def run_and_describe(run):
        try:
            explanation = run()
        except NoGroundedPoints as error:
            return {"error": "NoGroundedPoints", "dropped": error.dropped}
        return {
            "matches": [[p.point, p.profile_quote, p.job_quote] for p in explanation.matches],
            "gaps": [[p.point, p.profile_quote, p.job_quote] for p in explanation.gaps],
            "dropped": explanation.dropped,
            "notice": explanation.notice,
        }

    return run_and_describe
