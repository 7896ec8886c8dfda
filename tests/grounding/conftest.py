"""Shared set-up for the grounding tests: the example profile and job, and the job-match fixture drafts."""

import json
from pathlib import Path

import pytest
from credential_shapes import CREDENTIAL_SHAPES
from openai_stub import serve

from groundlab import Job, NoGroundedPoints, Profile

FIXTURE = Path(__file__).resolve().parent.parent.parent / "fixtures" / "job_match.json"


def _job_match_data() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def pytest_generate_tests(metafunc):
    """Parametrize ``job_match_case`` (one per draft of ``fixtures/job_match.json``) and
    ``credential_shape`` (one ``(text, credential)`` per row of ``CREDENTIAL_SHAPES``)."""
    if "job_match_case" in metafunc.fixturenames:
        drafts = _job_match_data()["drafts"]
        metafunc.parametrize("job_match_case", drafts, ids=[d["id"] for d in drafts])
    if "credential_shape" in metafunc.fixturenames:
        metafunc.parametrize(
            "credential_shape",
            [(text, secret) for _, text, secret in CREDENTIAL_SHAPES],
            ids=[name for name, _, _ in CREDENTIAL_SHAPES],
        )


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


@pytest.fixture
def server():
    """The OpenAI-compatible stub (``openai_stub``) on 127.0.0.1, stopped after the test."""
    pytest.importorskip("httpx")
    with serve() as httpd:
        yield httpd
