"""Styled tables: a table name is validated (it becomes an HTML id); cells, headers and captions are escaped."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

pytest.importorskip("pandas")

from groundlab.core.contract import verify_answer  # noqa: E402
from groundlab.core.registry import Registry, Source  # noqa: E402
from groundlab.workbook.presentation import tables  # noqa: E402
from groundlab.workbook.presentation.styler import TABLE_NAME, TableNameError, check_table_name  # noqa: E402

PANDAS_ESCAPED = {  # pandas escapes cells and headers with markupsafe: &#34; for a double quote
    "<script>x</script>": "&lt;script&gt;x&lt;/script&gt;",
    '" onmouseover="x': "&#34; onmouseover=&#34;x",
    "&amp;": "&amp;amp;",
    "\u202e": "\u202e",
}


def named_tables(study):
    """Every table that takes a ``name``: ``build(name) -> StableStyler``."""
    case = study["quote-other-field"]
    verdict = verify_answer(case.raw, case.request, study.sources)
    explanation = SimpleNamespace(matches=(), gaps=(), dropped=0, notice="n")
    return {
        "trace": lambda name: tables.trace_table(verdict, case.request, study.sources, name=name),
        "hints": lambda name: tables.hints_table((), name=name),
        "registry": lambda name: tables.registry_table(study.sources, name=name),
        "parse": lambda name: tables.parse_table([("a", "{}")], name=name),
        "explanation": lambda name: tables.explanation_table(explanation, name=name),
    }


@pytest.mark.parametrize(
    "name",
    ["<script>x</script>", '" onmouseover="x', "&amp;", "\u202e", "", "trace 5s", "trace.5s", "é", "x\n", "x}", 5, None],
)
def test_a_bad_table_name_is_refused_naming_it_and_the_rule(study, name):
    for kind, build in named_tables(study).items():
        with pytest.raises(TableNameError) as caught:
            build(name)
        assert (caught.value.name, caught.value.rule) == (name, "[A-Za-z0-9_-]+"), kind
        assert str(caught.value) == (
            f"table name {name!r} is not allowed: it becomes an HTML id, so it must match "
            "[A-Za-z0-9_-]+ (ASCII letters, digits, '_' and '-', at least one)"
        )
        assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("name", ["trace-5s", "prose-member-trace", "A_b-9", "-", "_"])
def test_a_good_table_name_is_the_uuid(study, name):
    assert check_table_name(name) == name
    assert TABLE_NAME.fullmatch(name)
    for build in named_tables(study).values():
        styler = build(name)
        assert styler.uuid == f"groundlab-{name}"
        assert f'<table id="T_groundlab-{name}" class="groundlab-table">' in styler.to_html()


def test_cells_headers_and_captions_are_escaped(hostile_strings, elements):
    for text, escaped in hostile_strings:
        cell = PANDAS_ESCAPED[text]
        parsed = tables.parse_table([(text, "{}")], name="parse").to_html()
        assert f'<td id="T_groundlab-parse_row0_col0" class="data row0 col0" >{cell}</td>' in parsed
        plain = tables.parse_table([("plain", "{}")], name="parse").to_html()
        assert elements(parsed) == elements(plain)

        source = Source(id=text, service=text, environment=text, revision=text, facts={text: text}, text="t")
        registry = tables.registry_table(Registry([source]), name="registry").to_html()
        assert f'<th id="T_groundlab-registry_level0_col4" class="col_heading level0 col4" >{cell}</th>' in registry
        assert f'<td id="T_groundlab-registry_row0_col4" class="data row0 col4" >{cell}</td>' in registry
        plain_source = Source(id="i", service="s", environment="e", revision="r", facts={"f": "v"}, text="t")
        assert elements(registry) == elements(tables.registry_table(Registry([plain_source])).to_html())

        hint = SimpleNamespace(kind=text, claim=None, check=text, message=text, codepoints=(text,))
        hints = tables.hints_table([hint], name="hints").to_html()
        assert f'<td id="T_groundlab-hints_row0_col3" class="data row0 col3" >{cell}</td>' in hints
        plain_hint = SimpleNamespace(kind="k", claim=None, check="c", message="m", codepoints=("p",))
        assert elements(hints) == elements(tables.hints_table([plain_hint]).to_html())

        point = SimpleNamespace(point=text, profile_quote=text, job_quote=text)
        explanation = SimpleNamespace(matches=(point,), gaps=(), dropped=0, notice=text)
        shown = tables.explanation_table(explanation, name="explanation").to_html()
        assert f"<caption>{escaped} (dropped: 0)</caption>" in shown  # the caption: html.escape
        assert f'<td id="T_groundlab-explanation_row0_col1" class="data row0 col1" >{cell}</td>' in shown
        plain_point = SimpleNamespace(point="p", profile_quote="q", job_quote="j")
        plain = SimpleNamespace(matches=(plain_point,), gaps=(), dropped=0, notice="n")
        assert elements(shown) == elements(tables.explanation_table(plain).to_html())
