"""The Traditional Chinese twins of notebooks 00-12 (``notebooks/zh-Hant``) and the catalogues.

Each twin is built from its English notebook and its catalogue (``tools/i18n.py``), so these
tests hold it to its English notebook: current with both; the same sections in the same order,
with the same badges and cell ids; the same code in every code cell but for comments and the
words a person reads (syntax trees compared with Chinese string literals blanked), so the same
exercises with the same answers; the same solutions; every core cell translated, with no gap in
any catalogue and every ``.mo`` compiled from its ``.po``; the header's minutes its own, Chinese
counted by characters. The spoiler rule of ``test_conventions`` runs on the Chinese core path:
its code cells run here, under ``set_language("zh-Hant")``, as a learner runs them.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from groundlab import set_language
from groundlab.core.language import get_language
from tools import i18n
from tools.notebooks import (
    read_notebook,
    CORE_TAG,
    EXERCISE_TAG,
    OPTIONAL_TAG,
    SOLUTION_TAG,
    section_minutes,
    sections,
    solution_blocks,
    student_copy,
    tags,
    text,
    untagged_details,
)

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = [i18n.english_notebook(number) for number in i18n.TWIN_NUMBERS]
TWINS = sorted(i18n.TWINS.glob("*.ipynb"))
SLACK = 5  # minutes a header may state above its estimate, as tests/workbook/test_instructor.py allows
HAN = re.compile(r"[\u4e00-\u9fff]")




def pairs():
    return [pytest.param(e, id=e.name) for e in ENGLISH]


def test_there_is_one_twin_per_core_notebook_and_nothing_else():
    assert [p.name for p in TWINS] == [p.name for p in ENGLISH] and len(TWINS) == 13


def test_no_catalogue_has_a_gap():
    found = i18n.gaps()
    assert found == [], "untranslated (python tools/i18n.py gaps):\n" + "\n".join(f"{g.catalogue}: {g.where}: {g.message!r}" for g in found[:40])


@pytest.mark.parametrize("domain", i18n.DOMAINS, ids=lambda d: d.name)
def test_each_mo_is_compiled_from_its_po(domain):
    assert i18n.po_path(domain).exists()
    assert i18n.mo_is_current(domain), f"run python tools/i18n.py compile ({domain.name}.mo is older than its .po)"


@pytest.mark.parametrize("domain", i18n.DOMAINS, ids=lambda d: d.name)
def test_each_catalogue_holds_exactly_the_messages_of_its_source(domain):
    """Nothing obsolete stays behind (a translation of a string the code no longer has)."""
    from babel.messages.pofile import read_po

    with i18n.po_path(domain).open("rb") as handle:
        catalog = read_po(handle)
    wanted = {m.id for m in i18n.extract_code(domain) if m.id}
    assert {m.id for m in catalog if m.id} == wanted


@pytest.mark.parametrize("english", pairs())
def test_the_twin_is_built_from_its_notebook_and_catalogue(english):
    assert i18n.twin_is_current(english), "run python tools/i18n.py build, then python tools/notebooks.py execute on the twin"


@pytest.mark.parametrize("english", pairs())
def test_the_same_sections_in_the_same_order_with_the_same_cells(english):
    ours, theirs = read_notebook(i18n.twin_path(english)), read_notebook(english)
    mine, other = sections(ours), sections(theirs)
    assert [badge for badge, _ in mine] == [badge for badge, _ in other]
    for (badge, cells), (_, english_cells) in zip(mine, other):
        ids = [ours["cells"][i]["id"] for i in cells if i18n.LANGUAGE_TAG not in tags(ours["cells"][i])]
        english_ids = [theirs["cells"][i]["id"] for i in english_cells]
        assert ids == (english_ids if badge == CORE_TAG else english_ids[:1])
        if badge != CORE_TAG:
            assert f"](../{english.name}#" in text(ours["cells"][cells[0]]), "an optional section links to the English notebook"
    for cell in ours["cells"]:
        english_cell = next((c for c in theirs["cells"] if c["id"] == cell["id"]), None)
        if english_cell is not None and OPTIONAL_TAG not in tags(cell):
            assert tags(cell) == tags(english_cell) and cell["cell_type"] == english_cell["cell_type"]
        elif english_cell is not None:
            assert tags(cell) == [OPTIONAL_TAG], "an optional section's link cell is no exercise"


@pytest.mark.parametrize("english", pairs())
def test_every_code_cell_runs_the_same_code(english):
    """The same exercises with the same answers: every call, argument and piece of data is the
    English cell's; only comments and string literals holding Chinese (titles, questions, labels) differ."""
    theirs = {c["id"]: c for c in read_notebook(english)["cells"]}
    ours = read_notebook(i18n.twin_path(english))["cells"]
    compared = 0
    for cell in ours:
        if cell["cell_type"] != "code" or i18n.LANGUAGE_TAG in tags(cell):
            continue
        assert i18n.same_code(text(theirs[cell["id"]]), text(cell)), f"cell {cell['id']}: {text(cell)[:80]!r}"
        compared += 1
    assert compared >= 3
    first = [c for c in ours if c["cell_type"] == "code"][0]
    assert tags(first) == [i18n.LANGUAGE_TAG] and 'set_language("zh-Hant")' in text(first)


def test_the_shape_rule_catches_changed_code_and_data():
    english = 'Predict.case(cases, "no-claims", f"Which status {n}?", board=board)  # pick one'
    assert i18n.same_code(english, 'Predict.case(cases, "no-claims", f"哪一個狀態 {n}？", board=board)  # 選一個')
    assert i18n.same_code(english, english.replace("# pick one", ""))
    assert not i18n.same_code(english, 'Predict.case(cases, "invented-document", f"哪一個狀態 {n}？", board=board)')
    assert not i18n.same_code(english, 'Predict.case(cases, "no-claims", f"Which status {n}?", board=None)')
    assert not i18n.same_code(english, 'Predict.case(cases, "no-claims", f"Which one {n}?", board=board)')
    assert not i18n.same_code(english, 'Predict.case(cases, "no-claims", f"哪一個狀態 {m}？", board=board)')
    assert i18n.same_code('print("registry", "agree;")', 'print("註冊表", "個一致")')
    for data in ("5000", "value-with-unit", "read_timeout_ms", "prod-v2", "ACCEPT", "field=value", '{"claims": []}'):
        assert not i18n.same_code(f"print({data!r})", 'print("五千")'), f"{data} is data: it never becomes Chinese"


@pytest.mark.parametrize("english", pairs())
def test_the_same_exercises_and_solutions(english):
    ours, theirs = read_notebook(i18n.twin_path(english)), read_notebook(english)
    core = {theirs["cells"][i]["id"] for badge, cells in sections(theirs) if badge == CORE_TAG for i in cells}
    wanted = [c["id"] for c in theirs["cells"] if EXERCISE_TAG in tags(c) and c["id"] in core]
    assert [c["id"] for c in ours["cells"] if EXERCISE_TAG in tags(c)] == wanted
    english_blocks = [code for index, code in solution_blocks(theirs) if theirs["cells"][index]["id"] in core]
    blocks = [code for _, code in solution_blocks(ours)]
    assert len(blocks) == len(english_blocks) and all(i18n.same_code(e, o) for e, o in zip(english_blocks, blocks))
    assert untagged_details(ours) == []
    assert [c["id"] for c in ours["cells"] if SOLUTION_TAG in tags(c)] == [c["id"] for c in theirs["cells"] if SOLUTION_TAG in tags(c) and c["id"] in core]


@pytest.mark.parametrize("english", pairs())
def test_every_core_markdown_cell_is_chinese_with_its_badge(english):
    ours = read_notebook(i18n.twin_path(english))
    for badge, cells in sections(ours):
        for index in cells:
            cell = ours["cells"][index]
            if cell["cell_type"] != "markdown":
                continue
            assert HAN.search(text(cell)), f"cell {index} holds no Chinese: {text(cell)[:70]!r}"
            if text(cell).startswith("## "):
                assert text(cell).startswith(f"## {i18n.BADGES[badge]} · "), f"cell {index}: {text(cell).splitlines()[0]!r}"


@pytest.mark.parametrize("english", pairs())
def test_the_header_states_the_twins_own_minutes(english):
    ours = read_notebook(i18n.twin_path(english))
    stated = i18n.TWIN_TIMES.search(text(ours["cells"][0]))
    assert stated, "the header states both times: '**所需時間：** 核心路徑約 N 分鐘，完整路徑約 M 分鐘'"
    core, full = i18n.twin_minutes(ours, read_notebook(english))
    nearest = math.floor(core + 0.5)
    assert nearest <= int(stated[1]) <= nearest + SLACK, (core, stated[0])
    assert int(stated[2]) >= math.floor(full) and int(stated[2]) > int(stated[1])
    assert sum(t.characters for t in section_minutes(ours)) > 200, "Chinese is counted by characters"
    assert "**先備知識：**" in text(ours["cells"][0])


@pytest.mark.parametrize("english", pairs())
def test_the_core_copy_of_a_twin_has_no_optional_section(english):
    copy = student_copy(read_notebook(i18n.twin_path(english)), core_only=True)
    assert not any(OPTIONAL_TAG in tags(c) for c in copy["cells"])
    assert all(not c.get("outputs") for c in copy["cells"] if c["cell_type"] == "code")


# --------------------------------------------------------------------- the spoiler rule, in Chinese
def _conventions():
    from tests.workbook import test_conventions as conventions

    return conventions


@pytest.fixture(scope="module", params=[pytest.param(e, id=e.name, marks=pytest.mark.xdist_group("twin-" + e.name)) for e in ENGLISH])
def chinese_core(request):
    """The twin's core path run in this process (its first cell chooses Chinese), English again after."""
    conventions = _conventions()
    path = i18n.twin_path(request.param)
    cells = read_notebook(path)["cells"]
    core = {i for badge, indices in sections({"cells": cells}) if badge == CORE_TAG for i in indices}
    try:
        values = conventions.run_cells(path, core)
        assert get_language() == "zh-Hant"
    finally:
        set_language(None)
    return path, cells, core, values


def test_no_chinese_core_predict_answer_is_named_before_it(chinese_core):
    conventions = _conventions()
    path, cells, core, values = chinese_core
    marks = [i for i in conventions.exercise_cells(cells) if i in core]
    found = [(i, p) for i, p in conventions.predicts(cells, values) if i in core]
    if path.name in conventions.NO_CORE_PREDICT:
        assert found == []
        return
    assert found, f"{path.name}'s Chinese core path holds no Predict"
    set_language("zh-Hant")  # hints and labels are read in the language the learner sees
    for index, predict in found:
        answer, why = predict._answer()
        start = max([m for m in marks if m < index], default=-1)
        prose = "\n".join(text(cells[i]) for i in core if start < i < index and cells[i]["cell_type"] == "markdown")
        assert not conventions.named(answer, prose), f"cell {index}: the Chinese prose before it names {answer!r}"
        assert not conventions.named(answer, conventions.stored_text(cells[index])), f"cell {index}: its stored output names {answer!r}"
        assert not conventions.named(answer, predict.question + predict.title)
        assert HAN.search(predict.question + predict.title), f"cell {index}: the question and title are Chinese"
        assert not any(conventions.named(answer, hint) for hint in predict.hints), f"cell {index}: a hint names {answer!r}"


def test_the_chinese_core_path_keeps_the_english_answers(chinese_core):
    """Each Predict of the Chinese core path has the same answer as its English twin's."""
    conventions = _conventions()
    path, cells, core, values = chinese_core
    english = i18n.english_notebook(path.name[:2])
    english_cells = read_notebook(english)["cells"]
    ids = {c["id"]: i for i, c in enumerate(english_cells)}
    english_core = {i for badge, indices in sections({"cells": english_cells}) if badge == CORE_TAG for i in indices}
    try:
        english_values = conventions.run_cells(english, english_core)
    finally:
        set_language(None)
    theirs = {english_cells[i]["id"]: p._answer()[0] for i, p in conventions.predicts(english_cells, english_values)}
    ours = {cells[i]["id"]: p._answer()[0] for i, p in conventions.predicts(cells, values)}
    assert ours == theirs and set(ours) <= set(ids)  # the same core Predicts, with the same answers


def _fields(text: str) -> list[str]:
    """The replacement fields of a ``str.format`` template, as written (``{doc}``, ``{language!r}``)."""
    import string

    return sorted(f"{name}!{conversion}:{spec}" for _, name, spec, conversion in string.Formatter().parse(text) if name is not None)


@pytest.mark.parametrize("domain", i18n.DOMAINS, ids=lambda d: d.name)
def test_every_translation_keeps_its_placeholders(domain):
    """A translation that drops, renames or adds a ``{field}`` would raise ``KeyError`` (or show
    the wrong value) when shown: each keeps exactly its English message's fields."""
    from babel.messages.pofile import read_po

    with i18n.po_path(domain).open("rb") as handle:
        catalog = read_po(handle)
    checked = 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        try:
            wanted = _fields(message.id)
        except ValueError:  # not a template (a literal brace in prose): then the translation is none either
            continue
        assert _fields(message.string) == wanted, f"{message.id!r} -> {message.string!r}"
        checked += 1
    assert checked > 100


def test_the_placeholder_rule_catches_a_dropped_field():
    assert _fields("{doc} is revision {revision}") == _fields("{doc} 是修訂 {revision}")
    assert _fields("{doc} is revision {revision}") != _fields("{doc} 是修訂 {version}")
    assert _fields("no language {language!r}") != _fields("沒有 {language} 這種語言")


_FACTS = re.compile(r"\d+(?:\.\d+)?%?|[✓✗]|\b[A-Za-z_]+\b")


def facts(cell) -> set[str]:
    """What a code cell's stored text output states, whatever the language it is written in: the
    numbers, booleans, ✓ and ✗ marks and groundlab codes (statuses, parse codes, field states) in it, as a set
    (a table may wrap, and so repeat its index, at another width in another language)."""
    from groundlab import ERROR_CODES, FieldState, Status

    codes = {s.value for s in Status} | {s.value for s in FieldState} | set(ERROR_CODES)
    parts = []
    for output in cell.get("outputs", []):
        parts.append("".join(output.get("text", "")))
        parts.append("".join(output.get("data", {}).get("text/plain", "")))
    found = _FACTS.findall("\n".join(parts))
    return {f for f in found if f[0].isdigit() or f in ("True", "False", "✓", "✗") or f in codes}


@pytest.mark.parametrize("english", pairs())
def test_every_code_cell_states_the_same_facts_as_its_english_cell(english):
    """The code parity rule lets a twin translate the words a person reads; this one checks what the
    cells then print: the same numbers, booleans and codes as the English cell's stored output, so a
    translated string that was data after all (a name looked up, a case id) cannot change a result unseen."""
    theirs = {c["id"]: c for c in read_notebook(english)["cells"]}
    compared = 0
    for cell in read_notebook(i18n.twin_path(english))["cells"]:
        if cell["cell_type"] != "code" or i18n.LANGUAGE_TAG in tags(cell) or not cell.get("outputs"):
            continue
        if text(cell).strip() == "board":  # the scoreboard counts the notebook's exercises: the twin has the core ones
            continue
        assert facts(cell) == facts(theirs[cell["id"]]), f"cell {cell['id']}: {text(cell)[:70]!r}"
        compared += 1
    assert compared >= 2


def test_the_guide_holds_the_chinese_core_paths_current_run_sheet():
    from tools.notebooks import ZH_PLAN_END, ZH_PLAN_START, run_sheet

    guide = (ROOT / "docs" / "instructor.md").read_text(encoding="utf-8")
    sheet = run_sheet(i18n.TWINS, markers=(ZH_PLAN_START, ZH_PLAN_END))
    assert sheet in guide, "run python tools/notebooks.py plan --write docs/instructor.md"
    assert sheet.count("| 12 |") >= 5 and "**break**" in sheet
