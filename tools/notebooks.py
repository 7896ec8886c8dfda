"""Workbook tooling: execute notebooks cleanly, make student copies, extract solutions.

The workbook's conventions (CONTRIBUTING.md):

* exercises and solutions are cells tagged ``exercise`` and ``solution``;
* a solution is code inside a collapsed ``<details>`` markdown block, never an
  executed cell; :func:`solution_blocks` extracts each fenced ``python`` block so a
  test can run it;
* every markdown cell holding a ``<details>`` block carries one of two tags, and the
  student copies treat each deliberately: ``solution`` (the cell is dropped) or
  ``explanation``, the reasoning behind a Predict exercise's answer (its ``<details>``
  blocks are dropped, the rest of the cell stays; a cell left blank is dropped). A
  ``<details>`` cell with neither tag makes :func:`student_copy` refuse, so no answer
  slips through untagged;
* stored notebooks are one fresh top-to-bottom run, saved without widget state
  (``metadata.widgets`` removed), so no answer hides in metadata, and with the
  stream outputs of each cell merged (as nbval compares them), so how the kernel
  happened to flush ``print`` output does not change the file.

Command line (``python tools/notebooks.py``, which ``make notebooks`` and
``make student`` run):

* ``execute NOTEBOOK...`` -- run each notebook top to bottom in a fresh kernel
  (working directory: the notebook's folder), strip widget state, save in place;
* ``plan`` -- print the run sheet of ``docs/instructor.md`` (:func:`run_sheet`); with
  ``--write docs/instructor.md``, also the room agenda, the half-day plan (:func:`room_plan`)
  and the demo script;
* ``student SRC_DIR OUT_DIR [--core]`` -- write copies without outputs, solution cells and
  explanations to ``OUT_DIR`` (refuses to write into ``SRC_DIR``); with ``--core``, also
  without the optional sections (the two-hour workshop's core path), and with ``only=`` passed
  to ``lesson_hints`` and ``lesson_exercises``, so the copy offers no optional exercise.

Sections: a markdown cell that opens with a ``## `` heading starts a section, and is tagged
``core`` or ``optional`` (its heading starts with the same badge, ``## core · ``, so a table of
contents shows it); the section
runs to the next such cell. The cells before the first section (the header) are core.

This is workbook tooling, not library code: nothing in ``groundlab`` imports it.
nbformat and nbclient are imported when these functions run.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any, NamedTuple, Sequence

__all__ = [
    "SOLUTION_TAG",
    "EXPLANATION_TAG",
    "EXERCISE_TAG",
    "CORE_TAG",
    "OPTIONAL_TAG",
    "sections",
    "section_minutes",
    "SectionTime",
    "untagged_details",
    "execute_notebook",
    "solution_blocks",
    "strip_widget_state",
    "student_copy",
    "write_student_copies",
]

SOLUTION_TAG = "solution"
"""Cell tag of a markdown cell that holds a collapsed solution."""
EXPLANATION_TAG = "explanation"
"""Cell tag of a markdown cell whose ``<details>`` block explains a Predict exercise's answer."""
EXERCISE_TAG = "exercise"
"""Cell tag of an exercise cell (a Predict widget, or a modify/make task)."""
CORE_TAG = "core"
"""Cell tag of a section heading on the workshop's core path."""
OPTIONAL_TAG = "optional"
"""Cell tag of a section heading off the core path (self-study, reference, appendix)."""

_FENCE = re.compile(r"```python\n(.*?)```", re.DOTALL)
_DETAILS = re.compile(r"<details\b.*?</details>[ \t]*\n*", re.DOTALL | re.IGNORECASE)
_DETAILS_TAG = re.compile(r"</?details\b", re.IGNORECASE)


def tags(cell: Any) -> list[str]:
    """The tags of a notebook cell (``[]`` when it has none)."""
    return list(cell.get("metadata", {}).get("tags", []))


def text(cell: Any) -> str:
    """A cell's source as one string (stored notebooks keep it as a list of lines)."""
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def untagged_details(notebook: Any) -> list[int]:
    """The index of every markdown cell that holds ``<details>`` but is tagged neither
    ``solution`` nor ``explanation``."""
    return [
        index
        for index, cell in enumerate(notebook["cells"])
        if cell["cell_type"] == "markdown"
        and _DETAILS_TAG.search(text(cell))
        and not {SOLUTION_TAG, EXPLANATION_TAG} & set(tags(cell))
    ]


def solution_blocks(notebook: Any) -> list[tuple[int, str]]:
    """Every fenced ``python`` block inside solution cells, as ``(cell index, code)``.

    ``notebook`` is an ``nbformat.NotebookNode`` (or the same dict shape).
    """
    blocks = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown" and SOLUTION_TAG in tags(cell):
            for code in _FENCE.findall("".join(cell["source"])):
                blocks.append((index, code))
    return blocks


def sections(notebook: Any) -> list[tuple[str, list[int]]]:
    """The notebook's cells grouped by section, in order: ``[(badge, [cell index, ...]), ...]``.

    ``badge`` is ``"core"`` or ``"optional"``, from the tag of the section's heading cell;
    the header (the cells before the first tagged heading) is a ``"core"`` section.
    ``ValueError`` for a heading cell tagged both or neither, naming the cell.
    """
    result: list[tuple[str, list[int]]] = [(CORE_TAG, [])]
    for index, cell in enumerate(notebook["cells"]):
        badges = {CORE_TAG, OPTIONAL_TAG} & set(tags(cell))
        heading = cell["cell_type"] == "markdown" and text(cell).startswith("## ")
        if heading and len(badges) != 1:
            raise ValueError(f"cell {index} opens a section ({text(cell).splitlines()[0]!r}): tag it core or optional")
        if badges and not heading:
            raise ValueError(f"cell {index} is tagged {sorted(badges)} but opens no section (no '## ' heading)")
        if heading:
            result.append((badges.pop(), []))
        result[-1][1].append(index)
    return [(badge, cells) for badge, cells in result if cells]


READING_WORDS_PER_MINUTE = 200
"""Reading speed behind :func:`section_minutes` (markdown words per minute)."""
READING_CHARS_PER_MINUTE = 225
"""Reading speed of Chinese text behind :func:`section_minutes` (CJK characters per minute). The
IReST reading-speed study (Trauzettel-Klosinski and Dietz, 2012) measured adults reading aloud
at 228 words a minute in English and 255 characters a minute in Chinese; 225 keeps Chinese as
far below its mean as :data:`READING_WORDS_PER_MINUTE` keeps English below its own, for
technical text read while learning."""
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff00-\uffef]+")
PREDICT_MINUTES = 1.5
"""Minutes for one Predict exercise: read the case, choose, check, read the why."""
CHECKED_MINUTES = 4.0
"""Minutes for one make or modify exercise checked by the library (a ``q.name.check(...)`` cell)."""
CODE_CELL_MINUTES = 0.25
"""Minutes to run one other code cell and read its output."""


class SectionTime(NamedTuple):
    """One section's estimate: ``badge``, ``title`` (the heading without its badge), markdown
    ``words`` (outside Chinese text), ``predicts``, ``checked`` exercises, other ``code_cells``,
    ``minutes`` (``float``) and markdown ``characters`` of Chinese (CJK ideographs)."""

    badge: str
    title: str
    words: int
    predicts: int
    checked: int
    code_cells: int
    minutes: float
    characters: int = 0


def reading_size(markdown: str) -> tuple[int, int]:
    """``(words, characters)`` of ``markdown``: its CJK ideographs, and the whitespace-separated
    words of what is left, where a run of CJK punctuation alone (，。「」) is no word."""
    characters = len(_CJK.findall(markdown))
    words = sum(1 for word in _CJK.sub(" ", markdown).split() if not _CJK_PUNCTUATION.fullmatch(word))
    return words, characters


def section_minutes(notebook: Any) -> list[SectionTime]:
    """Estimate each section's minutes (:func:`sections`): markdown words at
    :data:`READING_WORDS_PER_MINUTE` and Chinese characters at :data:`READING_CHARS_PER_MINUTE`
    (:func:`reading_size`), plus :data:`PREDICT_MINUTES` per Predict,
    :data:`CHECKED_MINUTES` per library check (a cell that is only ``q.name.check(answer)``;
    its workspace cell is part of it) and :data:`CODE_CELL_MINUTES` per other code cell
    (a Predict is an ``exercise``-tagged code cell that makes a ``Predict``).
    The header (cell 0 and what follows it before the first section) is titled ``"(header)"``."""
    result = []
    for badge, indices in sections(notebook):
        cells = [notebook["cells"][i] for i in indices]
        first = text(cells[0])
        title = first.splitlines()[0][3:].split(" · ", 1)[-1] if first.startswith("## ") else "(header)"
        sizes = [reading_size(text(c)) for c in cells if c["cell_type"] == "markdown"]
        words, characters = sum(w for w, _ in sizes), sum(c for _, c in sizes)
        code = [c for c in cells if c["cell_type"] == "code" and text(c).strip()]
        predicts = sum(EXERCISE_TAG in tags(c) and "Predict" in text(c) for c in code)
        checked = sum(bool(re.fullmatch(r"[\w.]+\.check\(\w+\)\s*", text(c))) for c in code)
        others = len(code) - predicts - checked
        minutes = words / READING_WORDS_PER_MINUTE + characters / READING_CHARS_PER_MINUTE + PREDICT_MINUTES * predicts + CHECKED_MINUTES * checked + CODE_CELL_MINUTES * others
        result.append(SectionTime(badge, title, words, predicts, checked, others, round(minutes, 1), characters))
    return result


def strip_widget_state(notebook: Any) -> Any:
    """Remove saved widget state (``metadata.widgets``) in place; return the notebook."""
    notebook.get("metadata", {}).pop("widgets", None)
    return notebook


def execute_notebook(path: str | Path, timeout: int = 600) -> None:
    """Run ``path`` top to bottom in a fresh ``python3`` kernel and save it in place,
    without widget state and with each cell's stream outputs merged. Raises ``nbclient.exceptions.CellExecutionError`` when a
    cell not tagged ``raises-exception`` fails (the file is then left unchanged)."""
    import nbformat
    from nbclient import NotebookClient

    path = Path(path)
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        coalesce_streams=True,
    )
    client.execute()
    strip_widget_state(notebook)
    nbformat.write(notebook, path)


def student_copy(notebook: Any, core_only: bool = False) -> Any:
    """A copy of ``notebook`` without outputs, execution counts, widget state,
    solution cells or the ``<details>`` blocks of explanation cells; with ``core_only``,
    also without the cells of its optional sections (:func:`sections`). Exercise cells
    stay, and so do their hints and checks (solutions stay reachable through ``q.solution()``).

    ``ValueError`` if a markdown cell holds ``<details>`` without either tag, or (with
    ``core_only``) if a section heading is untagged."""
    import copy

    untagged = untagged_details(notebook)
    if untagged:
        raise ValueError(
            f"cells {untagged} hold <details> but are tagged neither {SOLUTION_TAG!r} nor "
            f"{EXPLANATION_TAG!r}: tag each so the student copy knows what to remove"
        )
    result = copy.deepcopy(notebook)
    if core_only:
        wanted = {i for badge, cells in sections(notebook) if badge == CORE_TAG for i in cells}
        result["cells"] = [c for i, c in enumerate(result["cells"]) if i in wanted]
    kept = []
    for cell in result["cells"]:
        if SOLUTION_TAG in tags(cell):
            continue
        if EXPLANATION_TAG in tags(cell):
            remaining = _DETAILS.sub("", text(cell)).strip()
            if _DETAILS_TAG.search(remaining):  # nested, unclosed or stray: refuse rather than leak
                raise ValueError(f"an explanation cell holds a <details> block that cannot be removed whole: {text(cell)[:60]!r}")
            if not remaining:
                continue
            cell["source"] = remaining
        kept.append(cell)
    result["cells"] = kept
    if core_only:
        _offer_only_what_is_used(result["cells"])
    for cell in result["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    strip_widget_state(result)
    return result


_LESSON_CALL = {
    "h": re.compile(r'lesson_hints\("(\d\d)"\)'),
    "q": re.compile(r'lesson_exercises\("(\d\d)"'),
}
_USES = {"h": re.compile(r"\bh\.(\w+)"), "q": re.compile(r"\bq\.(\w+)\.")}


def _names(names: tuple[str, ...]) -> str:
    """``names`` as a tuple literal in double quotes: ``("a", "b")``, ``("a",)``, ``()``."""
    return "(" + ", ".join(f'"{n}"' for n in names) + ("," if len(names) == 1 else "") + ")"


def _offer_only_what_is_used(cells: list) -> None:
    """In a core copy's code cells, pass ``only=`` to ``lesson_hints("NN")`` and
    ``lesson_exercises("NN", ...)``: the Predict keys (``h.key``) and exercise names
    (``q.name.``) the kept cells use, so the copy offers no optional exercise's hints."""
    code = "\n".join(text(c) for c in cells if c["cell_type"] == "code")
    used = {name: tuple(sorted(set(pattern.findall(code)))) for name, pattern in _USES.items()}
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = text(cell)
        source = _LESSON_CALL["h"].sub(lambda m: f'lesson_hints("{m[1]}", only={_names(used["h"])})', source)
        source = _LESSON_CALL["q"].sub(lambda m: f'lesson_exercises("{m[1]}", only={_names(used["q"])}', source)
        cell["source"] = source


LESSON_GLOB = "[0-9][0-9]_*.ipynb"
"""The numbered lessons: the notebooks learners get (the demo notebook is the instructor's)."""


def has_core_path(notebook: Any) -> bool:
    """Whether ``notebook`` has a core section besides its header (an optional-only notebook has none)."""
    return any(badge == CORE_TAG for badge, _ in sections(notebook)[1:])


def read_notebook(path: str | Path) -> dict:
    """A notebook file as the dict of its JSON (nbformat 4), without nbformat (the wheel's build hook reads them so)."""
    import json

    return json.loads(Path(path).read_text(encoding="utf-8"))


def notebook_json(notebook: Any) -> str:
    """``notebook`` as nbformat writes it: one-space indent, sorted keys, a final newline."""
    import json

    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write_student_copies(src: str | Path, out: str | Path, core_only: bool = False) -> list[Path]:
    """Write :func:`student_copy` of every numbered lesson ``src/NN_*.ipynb`` to ``out`` (created if
    needed); return the paths written. The demo notebook is the instructor's and is not copied.
    With ``core_only``, each lesson keeps its core sections only, and a lesson without a core
    section (an optional notebook) is left out. ``ValueError`` if ``out`` is ``src``."""
    src, out = Path(src), Path(out)
    if out.resolve() == src.resolve():
        raise ValueError("the student copies must go to another folder than the notebooks")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(src.glob(LESSON_GLOB)):
        notebook = read_notebook(path)
        if core_only and not has_core_path(notebook):
            continue
        target = out / path.name
        target.write_text(notebook_json(student_copy(notebook, core_only)), encoding="utf-8", newline="\n")
        written.append(target)
    return written


PLAN_START = "<!-- run sheet: generated by `python tools/notebooks.py plan`; do not edit by hand -->"
PLAN_END = "<!-- end of the run sheet -->"
ZH_PLAN_START = "<!-- zh-Hant run sheet: generated by `python tools/notebooks.py plan`; do not edit by hand -->"
ZH_PLAN_END = "<!-- end of the zh-Hant run sheet -->"


def run_sheet(folder: str | Path, breaks: int = 2, break_minutes: int = 10, markers: tuple[str, str] = (PLAN_START, PLAN_END)) -> str:
    """The workshop's run sheet as a Markdown table: every core section of the numbered
    notebooks in ``folder`` with its estimated minutes (:func:`section_minutes`) and the
    clock, and ``breaks`` breaks of ``break_minutes`` placed where the core path is split
    most evenly (after a whole notebook). Between the two ``markers`` (:data:`PLAN_START` and
    :data:`PLAN_END`; the Chinese core path's, ``notebooks/zh-Hant``, between :data:`ZH_PLAN_START`
    and :data:`ZH_PLAN_END`)."""
    import nbformat

    lessons = []
    for path in sorted(Path(folder).glob("[0-9][0-9]_*.ipynb")):
        times = section_minutes(nbformat.read(path, as_version=4))
        lessons.append((path.name, [t for t in times if t.badge == CORE_TAG]))
    totals = [sum(t.minutes for t in core) for _, core in lessons]
    whole = sum(totals)
    after, running = set(), 0.0
    for index, minutes in enumerate(totals[:-1]):
        running += minutes
        if len(after) < breaks and running >= whole * (len(after) + 1) / (breaks + 1):
            after.add(index)
    lines = [markers[0], "", "| clock | notebook | core section | minutes |", "|---|---|---|---|"]
    clock = 0.0
    for index, (name, core) in enumerate(lessons):
        for t in core:
            lines.append(f"| {int(clock) // 60}:{int(clock) % 60:02d} | {name[:2]} | {t.title} | {t.minutes:g} |")
            clock += t.minutes
        if index in after:
            lines.append(f"| {int(clock) // 60}:{int(clock) % 60:02d} | | **break** | {break_minutes} |")
            clock += break_minutes
    lines += [f"| {int(clock) // 60}:{int(clock) % 60:02d} | | **end** | |", "", markers[1]]
    return "\n".join(lines)


ROOM_PACE = 1.2
"""A room works at the pace of its slower learners: each section's learner minutes times this."""
ROOM_VOTE_MINUTES = 1.5
"""Minutes a room adds to each core Predict: the vote and a short discussion (3 minutes a
Predict in all, as the instructor rehearsal measured)."""
ROOM_QUESTION_MINUTES = 2.0
"""Minutes for the guide's question to the room, one per notebook."""
DEMO_SCREEN_MINUTES = 2.0
"""Minutes per screen of the classroom demo's script (read the question, vote, reveal)."""
ROOM_BLOCKS = {
    "introductions": ("Introductions; the feedback form's *before* column", 8),
    "set-up": ("Set-up check: `groundlab-workbook check`, `groundlab-workbook start`, run 00's first cell", 7),
    "wrap-up": ("Wrap-up: key points, questions, the feedback form's *after* column, scoreboard exports", 10),
    "recap": ("Recap of the first session; set-up check", 8),
}
"""The fixed blocks of a room plan: key -> (what happens, minutes)."""
MIN_SLACK = 10
"""Minutes a room plan leaves free (a late start, set-up trouble, a long discussion), at least."""
AGENDA_START = "<!-- room agenda: generated by `python tools/notebooks.py plan`; do not edit by hand -->"
AGENDA_END = "<!-- end of the room agenda -->"
HALF_DAY_START = "<!-- half-day plan: generated by `python tools/notebooks.py plan`; do not edit by hand -->"
HALF_DAY_END = "<!-- end of the half-day plan -->"


class Lesson(NamedTuple):
    """One numbered notebook in a room plan: ``number`` (``"03"``), ``title`` (its header's),
    ``learner`` (core minutes alone, :func:`section_minutes`), ``predicts`` on the core path,
    ``room`` (minutes in a room), ``prerequisites`` (the numbers its header asks for)."""

    number: str
    title: str
    learner: float
    predicts: int
    room: float
    prerequisites: frozenset


def prerequisites(notebook: Any, number: str) -> frozenset:
    """The notebooks (two-digit numbers) that ``notebook``'s header asks for on its
    ``**Prerequisites:**`` line: each linked notebook, every one between two links joined by
    "to", and every earlier one for "the notebooks before it"."""
    header = text(notebook["cells"][0])
    line = next((l for l in header.splitlines() if "**Prerequisites:**" in l), "")
    line = line.split("**Prerequisites:**", 1)[1]
    found = set(re.findall(r"\]\(([0-9]{2})_[^)]*\.ipynb\)", line))
    for low, high in re.findall(r"\]\(([0-9]{2})_[^)]*\)\s+to\s+\[[^\]]*\]\(([0-9]{2})_", line):
        found |= {f"{n:02d}" for n in range(int(low), int(high) + 1)}
    if "the notebooks before it" in line:
        found |= {f"{n:02d}" for n in range(int(number))}
    return frozenset(found)


def room_lessons(folder: str | Path) -> list[Lesson]:
    """Every numbered notebook of ``folder`` with a core path, as :class:`Lesson` s in order. Room
    minutes: :data:`ROOM_PACE` times the learner's core minutes, plus :data:`ROOM_VOTE_MINUTES`
    per core Predict and :data:`ROOM_QUESTION_MINUTES`, rounded up to a whole minute."""
    import math

    lessons = []
    for path in sorted(Path(folder).glob(LESSON_GLOB)):
        notebook = read_notebook(path)
        if not has_core_path(notebook):
            continue
        core = [t for t in section_minutes(notebook) if t.badge == CORE_TAG]
        learner = sum(t.minutes for t in core)
        predicts = sum(t.predicts for t in core)
        room = math.ceil(ROOM_PACE * learner + ROOM_VOTE_MINUTES * predicts + ROOM_QUESTION_MINUTES)
        title = text(notebook["cells"][0]).splitlines()[0].lstrip("# ").strip()
        lessons.append(Lesson(path.name[:2], title, round(learner, 1), predicts, room, prerequisites(notebook, path.name[:2])))
    return lessons


def demo_screens() -> int:
    """The number of screens of the classroom demo's script."""
    from groundlab.workbook import CLASSROOM_SCRIPT

    return len(CLASSROOM_SCRIPT.steps)


def demo_minutes() -> int:
    """The classroom demo's minutes: :data:`DEMO_SCREEN_MINUTES` per screen of its script."""
    import math

    return math.ceil(DEMO_SCREEN_MINUTES * demo_screens())


def room_plan(folder: str | Path, minutes: int = 120, breaks: int = 2, whole: bool = False, break_minutes: int = 10) -> tuple[list[tuple[str, int]], list[Lesson]]:
    """A room's clock-time plan of ``minutes``: introductions, the set-up check, the notebooks, the
    classroom demo (after 02, whose cases it uses), ``breaks`` breaks, the wrap-up and feedback,
    and at least :data:`MIN_SLACK` minutes of slack. ``whole``: every notebook with a core path
    (``ValueError`` when they do not fit); otherwise the longest run of notebooks from 00 that
    fits. Returns ``(rows, lessons)``: rows are ``(what, minutes)`` in order, the last the slack."""
    lessons = room_lessons(folder)
    fixed = sum(ROOM_BLOCKS[k][1] for k in ("introductions", "set-up", "wrap-up")) + demo_minutes() + breaks * break_minutes
    budget = minutes - fixed - MIN_SLACK
    chosen, used = [], 0
    for lesson in lessons:
        if used + lesson.room > budget:
            if whole:
                raise ValueError(f"the core path needs {used + sum(l.room for l in lessons[len(chosen):])} room minutes; {budget} fit in {minutes}")
            break
        chosen.append(lesson)
        used += lesson.room
    items = [(f"{l.number} · {l.title.split(' · ', 1)[-1]} (core path; alone about {l.learner:g} min, {l.predicts} Predict{'s' * (l.predicts != 1)})", l.room) for l in chosen]
    demo_at = next((i + 1 for i, l in enumerate(chosen) if l.number == "02"), len(chosen))
    items.insert(demo_at, (f"Classroom demo: the claim editor, {demo_screens()} screens (`make demo`)", demo_minutes()))
    head = [ROOM_BLOCKS["introductions"], ROOM_BLOCKS["set-up"]]
    body_minutes = sum(m for _, m in head) + sum(m for _, m in items)
    rows, clock, placed = list(head), sum(m for _, m in head), 0
    for what, length in items:
        rows.append((what, length))
        clock += length
        if placed < breaks and clock >= (body_minutes + breaks * break_minutes) * (placed + 1) / (breaks + 1) and (what, length) != items[-1]:
            rows.append(("**break**", break_minutes))
            clock += break_minutes
            placed += 1
    while placed < breaks:  # too few items to split: the rest go before the wrap-up
        rows.append(("**break**", break_minutes))
        placed += 1
    rows.append(ROOM_BLOCKS["wrap-up"])
    rows.append(("slack: a late start, set-up trouble, a long discussion", minutes - sum(m for _, m in rows)))
    return rows, chosen


def _clock(minutes: float) -> str:
    return f"{int(minutes) // 60}:{int(minutes) % 60:02d}"


def plan_table(rows: list[tuple[str, int]], start: str, end: str) -> str:
    """``rows`` (:func:`room_plan`) as a Markdown table with the clock, between ``start`` and ``end``."""
    lines = [start, "", "| clock | what | minutes |", "|---|---|---|"]
    clock = 0
    for what, length in rows:
        lines.append(f"| {_clock(clock)} | {what.replace('|', chr(92) + '|')} | {length} |")
        clock += length
    return "\n".join(lines + [f"| {_clock(clock)} | **end** | |", "", end])


def room_agenda(folder: str | Path) -> str:
    """The two-hour room agenda of ``docs/instructor.md`` (:func:`room_plan`), between the markers."""
    return plan_table(room_plan(folder)[0], AGENDA_START, AGENDA_END)


HALF_DAY = {"minutes": 240, "breaks": 3, "whole": True}
"""The half-day plan: the whole core path in four hours with three breaks."""


def half_day_plan(folder: str | Path) -> str:
    """The half-day plan of ``docs/instructor.md``: every core path, :data:`HALF_DAY`, between the markers."""
    return plan_table(room_plan(folder, **HALF_DAY)[0], HALF_DAY_START, HALF_DAY_END)


def room_claim(folder: str | Path) -> str:
    """The README's sentence on what a two-hour room does, from :func:`room_plan`."""
    _, chosen = room_plan(folder)
    return f"a two-hour room session does the core sections of notebooks {chosen[0].number} to {chosen[-1].number} and the classroom demo"


SCRIPT_START = "<!-- demo script: generated by `python tools/notebooks.py plan`; do not edit by hand -->"
SCRIPT_END = "<!-- end of the demo script -->"


def demo_script() -> str:
    """The classroom demo's four-step script as a Markdown table: each step's title, the
    question for the room, and the status and deciding check that groundlab computes for
    it now (``verify_answer``, ``decided_row``). Between :data:`SCRIPT_START` and :data:`SCRIPT_END`."""
    from groundlab.workbook import CLASSROOM_SCRIPT
    from groundlab import decided_row, load_case_set, verify_answer
    from groundlab.workbook.presentation.classroom.script import step_answer

    cases = load_case_set()
    lines = [SCRIPT_START, "", "| step | ask the room | the library says | deciding check |", "|---|---|---|---|"]
    for step in CLASSROOM_SCRIPT.steps:
        request = cases[step.case_id].request
        verdict = verify_answer(step_answer(step, cases), request, cases.sources)
        row = decided_row(verdict, request, cases.sources)
        decided = "every check passed" if row is None else row.line
        cells = [step.title, step.prompt, f"`{verdict.status}`", decided]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines + ["", SCRIPT_END])


def _replace_block(text: str, start: str, end: str, block: str) -> str:
    if start not in text or end not in text.split(start, 1)[1]:
        raise ValueError(f"the markers {start!r} and {end!r} are missing or out of order")
    head, rest = text.split(start, 1)
    return head + block + rest.split(end, 1)[1]


def main(argv: Sequence[str] | None = None) -> int:
    """``python tools/notebooks.py execute|student ...``; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python tools/notebooks.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("execute", help="run notebooks top to bottom and save them without widget state")
    run.add_argument("paths", nargs="+")
    student = sub.add_parser("student", help="write student copies without outputs, solutions and explanations")
    student.add_argument("src")
    student.add_argument("out")
    student.add_argument("--core", action="store_true", help="also drop the optional sections: the core path only")
    plan = sub.add_parser("plan", help="print the workshop's run sheet (core sections, minutes, breaks) as Markdown")
    plan.add_argument("--write", metavar="FILE", help="replace the run sheet in FILE (docs/instructor.md) instead")
    args = parser.parse_args(argv)
    if args.command == "plan":
        folder = Path(__file__).resolve().parent.parent / "notebooks"
        sheet = run_sheet(folder)
        if not args.write:
            print(sheet)
            return 0
        target = Path(args.write)
        try:
            if not target.is_file():
                raise ValueError("not a regular file")
            text = _replace_block(target.read_text(encoding="utf-8"), PLAN_START, PLAN_END, sheet)
            text = _replace_block(text, SCRIPT_START, SCRIPT_END, demo_script())
            text = _replace_block(text, AGENDA_START, AGENDA_END, room_agenda(folder))
            text = _replace_block(text, HALF_DAY_START, HALF_DAY_END, half_day_plan(folder))
            text = _replace_block(text, ZH_PLAN_START, ZH_PLAN_END, run_sheet(folder / "zh-Hant", markers=(ZH_PLAN_START, ZH_PLAN_END)))
            partial = target.with_name(f".{target.name}.partial")
            partial.write_text(text, encoding="utf-8", newline="\n")
            os.replace(partial, target)  # whole or not at all
        except (OSError, ValueError) as err:
            print(f"{target}: {getattr(err, 'strerror', None) or err}", file=sys.stderr)
            return 2
        print(f"wrote the run sheet and the demo script into {target}")
        return 0
    if args.command == "execute":
        for path in args.paths:
            print(f"executing {path}", flush=True)
            execute_notebook(path)
        return 0
    for path in write_student_copies(args.src, args.out, args.core):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
