"""Shared set-up of the view tests: hostile text in a registry, and what a widget tree shows."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from groundlab.core.registry import Registry, Request, Source

IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture(scope="session")
def hostile():
    """Markup as answer, source and request text: ``img``, ``script``, a ``request`` and a
    ``registry`` (source ``evil-v2``), and ``answer(value, quote, doc="evil-v2")`` -> raw JSON."""
    source = Source(
        id="evil-v2",
        service=SCRIPT,
        environment="prod",
        revision="v2",
        facts={"read_timeout_ms": IMG},
        text=f"read_timeout_ms={IMG}\n{SCRIPT}\n",
    )
    request = Request(
        service=SCRIPT, environment="prod", revision="v2", fields=("read_timeout_ms",), supplied=("evil-v2",)
    )

    def answer(value: str, quote: str, doc: str = "evil-v2") -> str:
        claim = {"field": "read_timeout_ms", "value": value, "doc": doc, "quote": quote}
        return json.dumps({"claims": [claim]})

    return SimpleNamespace(img=IMG, script=SCRIPT, request=request, registry=Registry([source]), answer=answer)


@pytest.fixture(scope="session")
def all_widgets():
    """``all_widgets(root)``: ``root`` and every widget below it, depth first."""

    def walk(root):
        yield root
        for child in getattr(root, "children", ()):
            yield from walk(child)

    return walk


@pytest.fixture(scope="session")
def html_shown(all_widgets):
    """``html_shown(root)``: every ``HTML`` widget value below ``root`` (what a browser renders as markup)."""
    widgets = pytest.importorskip("ipywidgets")

    def shown(root) -> str:
        return "\n".join(w.value for w in all_widgets(root) if isinstance(w, widgets.HTML))

    return shown


@pytest.fixture(scope="session")
def assert_no_raw_markup():
    """``assert_no_raw_markup(text)``: no ``<img`` or ``<script`` tag survives in ``text``."""

    def check(text: str) -> None:
        lowered = text.lower()
        assert "<img" not in lowered
        assert "<script" not in lowered

    return check


@pytest.fixture(scope="session")
def result(study):
    """:func:`groundlab.study.run.run_cases` over the frozen study (22 rows)."""
    from groundlab.study.run import run_cases

    return run_cases(study)


HOSTILE_STRINGS = ("<script>x</script>", '" onmouseover="x', "&amp;", "\u202e")


@pytest.fixture(scope="session")
def hostile_strings():
    """``(text, html.escape(text, quote=True))`` for markup, an attribute break-out, an
    entity and a bidi override (U+202E RIGHT-TO-LEFT OVERRIDE)."""
    expected = ("&lt;script&gt;x&lt;/script&gt;", "&quot; onmouseover=&quot;x", "&amp;amp;", "\u202e")
    return tuple(zip(HOSTILE_STRINGS, expected))


@pytest.fixture(scope="session")
def elements():
    """``elements(markup)``: every start tag of ``markup`` as ``(tag, attribute names)``, in
    order, as :class:`html.parser.HTMLParser` reads it (what a browser would build)."""
    from html.parser import HTMLParser

    class Collect(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.found: list[tuple[str, tuple[str, ...]]] = []

        def handle_starttag(self, tag, attrs):
            self.found.append((tag, tuple(name for name, _ in attrs)))

    def parse(markup: str) -> list[tuple[str, tuple[str, ...]]]:
        collect = Collect()
        collect.feed(markup)
        collect.close()
        assert not any(tag == "script" or any(a.startswith("on") for a in attrs) for tag, attrs in collect.found)
        return collect.found

    return parse
