"""Shared pytest set-up: the hypothesis profile, no display for matplotlib, tools/ importable, the study fixtures,
and the guard against tests that check nothing.

A test that can never fail is worse than none: it reads as a guarantee. Two rules keep them out.
A parametrised test whose case list is empty fails at collection (``empty_parameter_set_mark =
"fail_at_collect"`` in pyproject.toml; ``pytest_configure`` below refuses a run without it).
And a test that loops over what it discovers (notebooks, cells, modules, exercises, files)
first asserts that it found some, so an emptied folder or a renamed tag fails instead of passing.
"""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The deep properties (tests/core/test_fuzz.py) take their example count from the profile:
# CI=true selects "ci", 10,000 examples each; a local run selects "dev", which still runs
# every property. Tests that set max_examples themselves are not affected.
settings.register_profile(
    "ci",
    max_examples=10_000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
settings.register_profile("dev", parent=settings.get_profile("ci"), max_examples=300)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")

os.environ["MPLBACKEND"] = "Agg"
# Every test starts in English: a developer's GROUNDLAB_LANG never reaches the tests that expect
# English (a test that needs the variable sets it), and a test that chooses a language gives it
# back (the autouse fixture below).
os.environ.pop("GROUNDLAB_LANG", None)
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """After each test, the language is English again (``set_language(None)``, no variable set)."""
    yield
    from groundlab.core.language import set_language

    set_language(None)


def pytest_configure(config):
    """Refuse a run in which an empty parametrisation would be skipped instead of failing."""
    if config.getini("empty_parameter_set_mark") != "fail_at_collect":
        raise pytest.UsageError('set empty_parameter_set_mark = "fail_at_collect" (pyproject.toml): an empty case list must fail')

from groundlab import load_case_set  # noqa: E402


@pytest.fixture(scope="session")
def study():
    """The frozen 22-case study (``fixtures/config_contract.json``)."""
    return load_case_set()


@pytest.fixture(scope="session")
def more_cases():
    """The 39 further configuration-contract cases (``fixtures/config_contract_more.json``)."""
    return load_case_set("config_contract_more.json")
