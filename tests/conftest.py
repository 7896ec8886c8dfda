"""Shared pytest set-up: matplotlib never needs a display, and the workbook tooling in tools/ is importable."""

import os
import sys
from pathlib import Path

os.environ["MPLBACKEND"] = "Agg"
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from groundlab import load_case_set  # noqa: E402


@pytest.fixture(scope="session")
def study():
    """The frozen 22-case study (``fixtures/config_contract.json``)."""
    return load_case_set()


@pytest.fixture(scope="session")
def more_cases():
    """The 39 further configuration-contract cases (``fixtures/config_contract_more.json``)."""
    return load_case_set("config_contract_more.json")
