"""Shared set-up of the study and CLI tests: evidence folders, trusted files, the article-shaped fixture."""

import json
import os
from pathlib import Path

import pytest

from groundlab.core.trusted import digest
from groundlab import fixtures_dir
from groundlab.study.run import write_evidence

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def study_json():
    """The decoded ``fixtures/config_contract.json``, fresh for each test (tests edit it)."""
    return json.loads((fixtures_dir() / "config_contract.json").read_text(encoding="utf-8"))


@pytest.fixture
def article_file():
    """Six cases in the configuration article's own shape: only id, raw, request, expected."""
    return DATA / "article_cases.json"


@pytest.fixture
def evidence(tmp_path):
    """A fresh evidence folder of the frozen study."""
    out = tmp_path / "ev"
    write_evidence(out)
    return out


def _read(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def forge():
    """``forge(folder, fixture=None, results=None, **fixtures_manifest)``: write the edited
    files and record their new hashes in manifest.json, as a careful forger would."""

    def forge(folder, fixture=None, results=None, **fixtures_manifest):
        if fixture is not None:
            (folder / "fixtures.json").write_text(json.dumps(fixture), encoding="utf-8")
        if results is not None:
            (folder / "results.json").write_text(json.dumps(results), encoding="utf-8")
        manifest = _read(folder / "manifest.json")
        manifest["fixtures"].update(sha256=digest(folder / "fixtures.json"), **fixtures_manifest)
        manifest["results"]["sha256"] = digest(folder / "results.json")
        (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")

    return forge


@pytest.fixture
def read_json():
    """Decode one JSON file."""
    return _read


@pytest.fixture
def verify_files(tmp_path, study_json):
    """``verify --registry reg.json --request req.json`` for the study's sources and first request."""
    (tmp_path / "reg.json").write_text(json.dumps({"sources": study_json["sources"]}))
    (tmp_path / "req.json").write_text(json.dumps(study_json["cases"][0]["request"]))
    return ["verify", "--registry", str(tmp_path / "reg.json"), "--request", str(tmp_path / "req.json")]


@pytest.fixture
def deny(monkeypatch):
    """``deny(*paths, create_in=None)``: opening one of ``paths``, or creating a file in the
    folder ``create_in``, raises ``PermissionError`` (as for a user without the right;
    the tests run as root, where chmod stops nothing). Every other open is untouched."""
    import builtins
    import io

    real_open, real_os_open = builtins.open, os.open

    def install(*paths, create_in=None):
        denied = {os.path.abspath(p) for p in paths}
        folder = os.path.abspath(create_in) if create_in is not None else None

        def refused(path, creating):
            if isinstance(path, int):
                return False
            full = os.path.abspath(os.fspath(path))
            return full in denied or (creating and os.path.dirname(full) == folder)

        def fake_open(file, mode="r", *args, **kwargs):
            if refused(file, any(c in mode for c in "wxa+")):
                raise PermissionError(13, "Permission denied", os.fspath(file))
            return real_open(file, mode, *args, **kwargs)

        def fake_os_open(path, flags, *args, **kwargs):
            if refused(path, bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real_os_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(builtins, "open", fake_open)
        monkeypatch.setattr(io, "open", fake_open)
        monkeypatch.setattr(os, "open", fake_os_open)

    return install
