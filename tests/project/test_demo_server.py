"""``make demo``'s Voila settings (tools/voila/voila.py): the route passes them, and they are the
ones that free a closed page's kernel. The browser tests run the same settings end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import workshop

ROOT = Path(__file__).resolve().parents[2]


def test_make_demo_starts_voila_with_the_demo_settings(monkeypatch):
    calls = []
    monkeypatch.setattr(workshop, "run", lambda command, **_: calls.append([str(part) for part in command]) or 0)
    assert workshop.demo(Path("python")) == 0
    assert calls[-1] == [
        "python", "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1",
        f"--Voila.config_file_paths={ROOT / 'tools' / 'voila'}", "notebooks/demo_claim_editor.ipynb",
    ]
    assert (workshop.VOILA_CONFIG / "voila.py").is_file()


def test_the_settings_set_the_xsrf_cookie_and_cull_kernels_left_without_a_page():
    loader = pytest.importorskip("traitlets.config.loader")
    config = loader.PyFileConfigLoader("voila.py", path=str(ROOT / "tools" / "voila")).load_config()
    kernels = config.MappingKernelManager
    assert (kernels.cull_idle_timeout, kernels.cull_interval, kernels.cull_connected) == (120, 30, False)

    class Handler:  # tornado sets the _xsrf cookie when a handler first reads xsrf_token
        reads = 0

        @property
        def xsrf_token(self):
            Handler.reads += 1
            return b"token"

    hook = config.VoilaConfiguration.prelaunch_hook
    assert hook(Handler(), notebook={"cells": []}, cwd="notebooks") is None  # the notebook is left as it is
    assert Handler.reads == 1
