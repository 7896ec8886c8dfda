"""The live tests need a running OpenAI-compatible server: ``tools/live_test.py`` starts LiteLLM's
proxy and sets ``GROUNDLAB_LIVE_BASE_URL`` and ``GROUNDLAB_LIVE_API_KEY``. Without them the run
stops at once with a usage error (never a silent skip)."""

import os

import pytest


def pytest_configure(config):
    missing = [name for name in ("GROUNDLAB_LIVE_BASE_URL", "GROUNDLAB_LIVE_API_KEY") if not os.environ.get(name)]
    if missing:
        raise pytest.UsageError(
            f"{', '.join(missing)} not set: run the live tests with `make live-test` "
            "(python tools/workshop.py live-test), which starts the server"
        )
