"""A room's first tries: each learner's scoreboard exported to a small JSON file, and a folder of
them summed up as a table and a chart.

An export holds the notebook, each exercise's id (its kind and title, the workbook's own text),
whether its first try was right, its number of tries, the minutes from the scoreboard's start
to its last check, and a nickname only if the learner gives one: no name, no answer text.
Shape (``FORMAT``, version 1)::

    {"format": "groundlab-first-tries", "version": 1, "notebook": "03", "nickname": null,
     "minutes": 6.5, "exercises": [{"id": "predict: Two claims, two documents",
     "first_try": "right", "tries": 1}, ...]}

``first_try`` is ``"right"``, ``"wrong"`` or ``null`` (not tried). :func:`aggregate_folder`
writes ``first-tries.csv``, ``first-tries.md`` and ``first-tries.png`` (pandas and matplotlib,
loaded when it runs). Standard library only at import time.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import unicodedata
from pathlib import Path
from typing import Any, Mapping

from groundlab.core.language import N_
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.staging import staged_folder

__all__ = ["FORMAT", "AIM", "ExportError", "export_record", "write_export", "read_export", "first_try_rows", "aggregate_folder"]

tr = WORKBOOK_CATALOGUE

FORMAT = "groundlab-first-tries"
"""The ``format`` member of every export."""
AIM = (50, 85)
"""The aim for core Predicts, in percent of first tries right: below 50, the exercise (or the
teaching before it) misleads; above 85, it may not need reasoning (docs/instructor.md)."""
_NICKNAME = re.compile(r"[\w .-]{1,24}")
_NOTEBOOK = re.compile(r"[0-9]{2}")
MAX_TRIES = 10_000
"""The most tries an export may give one exercise."""
MAX_MINUTES = 100_000
"""The most minutes an export may give (about ten weeks)."""
MAX_ID = 200
"""The longest exercise id an export may hold, in characters."""
_ID = re.compile(r"(predict|exercise): \S.*", re.DOTALL)
_CONTROL = ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")


def _bad_id(value: Any) -> bool:
    """Whether ``value`` is not an exercise id: text of at most :data:`MAX_ID` characters,
    ``predict: ...`` or ``exercise: ...``, without control, format or line-separator characters."""
    return not (isinstance(value, str) and len(value) <= MAX_ID and _ID.fullmatch(value)
                and not any(unicodedata.category(c) in _CONTROL for c in value))


class ExportError(ValueError):
    """A file that is not a first-tries export: ``path`` and ``reason`` say which and why."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


def export_record(exercises: list[Any], notebook: str | None, minutes: float | None, nickname: str | None = None) -> dict:
    """The export of a scoreboard's ``exercises`` (Predict and Exercise objects: ``title``,
    ``outcome``, ``tries`` or ``checks``). ``ValueError`` for a notebook that is not two digits,
    or a nickname that is not 1 to 24 letters, digits, spaces, dots or dashes."""
    if notebook is not None and not (isinstance(notebook, str) and _NOTEBOOK.fullmatch(notebook)):
        raise ValueError(f"notebook is a two-digit number such as '03', not {notebook!r}")
    if nickname is not None and not (isinstance(nickname, str) and _NICKNAME.fullmatch(nickname)):
        raise ValueError("a nickname is 1 to 24 letters, digits, spaces, dots or dashes")
    rows = []
    for exercise in exercises:
        kind = "predict" if hasattr(exercise, "tries") else "exercise"
        tries = len(exercise.tries) if kind == "predict" else int(getattr(exercise, "checks", 0))
        outcome = exercise.outcome
        rows.append({"id": f"{kind}: {exercise.title}", "first_try": None if outcome is None else ("right" if outcome.right else "wrong"), "tries": tries})
    return {
        "format": FORMAT, "version": 1, "notebook": notebook, "nickname": nickname,
        "minutes": None if minutes is None else round(float(minutes), 1), "exercises": rows,
    }


def write_export(record: Mapping[str, Any], folder: str | Path = ".") -> Path:
    """Write ``record`` to a new file ``first-tries-NN-XXXXXX.json`` in ``folder`` (a random
    suffix, so a room's files never collide) and return its path; never overwrites (the file is
    created with ``O_EXCL``)."""
    folder = Path(folder)
    data = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    for _ in range(20):
        path = folder / f"first-tries-{record.get('notebook') or 'nn'}-{secrets.token_hex(3)}.json"
        try:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except FileExistsError:
            continue
        try:
            os.write(handle, data)
        except BaseException:
            os.close(handle)
            path.unlink()
            raise
        os.close(handle)
        return path
    raise FileExistsError(f"could not find a new file name in {folder}")


def read_export(path: str | Path) -> dict:
    """Read and check one export; ``ExportError`` naming the file and what is wrong: JSON with
    ``NaN`` or ``Infinity``, minutes that are not a finite number from 0 to :data:`MAX_MINUTES`,
    tries that are not a whole number from 0 to :data:`MAX_TRIES`, an id that is not
    ``predict: ...`` or ``exercise: ...`` of at most :data:`MAX_ID` characters without control
    characters."""
    where = str(path)
    def refuse_constant(name: str) -> None:
        raise ValueError(f"{name} is not a JSON number")

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"), parse_constant=refuse_constant)
    except (OSError, ValueError, RecursionError) as err:
        raise ExportError(where, f"not readable JSON ({err})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise ExportError(where, f"not a {FORMAT} file, version 1")
    notebook = data.get("notebook")
    if notebook is not None and not (isinstance(notebook, str) and _NOTEBOOK.fullmatch(notebook)):
        raise ExportError(where, f"notebook is not two digits: {notebook!r}")
    minutes = data.get("minutes")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, (int, float))
                                or (isinstance(minutes, float) and not math.isfinite(minutes)) or not 0 <= minutes <= MAX_MINUTES):
        shown = "a number too large" if isinstance(minutes, int) and minutes > MAX_MINUTES else repr(minutes)
        raise ExportError(where, f"minutes is not a number of minutes from 0 to {MAX_MINUTES}: {shown}")
    rows = data.get("exercises")
    if not isinstance(rows, list):
        raise ExportError(where, "exercises is not a list")
    for index, row in enumerate(rows):
        if not (isinstance(row, dict) and row.get("first_try") in ("right", "wrong", None)
                and isinstance(row.get("tries"), int) and not isinstance(row.get("tries"), bool) and 0 <= row["tries"] <= MAX_TRIES):
            raise ExportError(where, f"exercise {index} is not {{'id': text, 'first_try': 'right'|'wrong'|null, 'tries': count from 0 to {MAX_TRIES}}}")
        if _bad_id(row.get("id")):
            raise ExportError(where, f"exercise {index}'s id is not 'predict: ...' or 'exercise: ...' in at most {MAX_ID} characters without control characters")
    return data


def first_try_rows(exports: list[dict]) -> tuple[list[dict], list[dict]]:
    """Sum ``exports`` up: ``(exercises, notebooks)``. Each exercise row: ``notebook``, ``exercise``
    (its id), ``learners`` who tried it, ``right`` first tries, ``rate`` (percent, one decimal;
    ``None`` when nobody tried), ``mean_tries``, ``aim`` (``"below"``, ``"in"``, ``"above"`` for
    Predicts, ``""`` otherwise). Each notebook row: ``notebook``, ``learners``, ``timed`` (exports
    with minutes) and ``median_minutes`` (``None`` when none is timed). Sorted by notebook, then id."""
    grouped: dict[tuple[str, str], list[dict]] = {}
    times: dict[str, list[float]] = {}
    counts: dict[str, int] = {}
    for data in exports:
        notebook = data.get("notebook") or "?"
        counts[notebook] = counts.get(notebook, 0) + 1
        if data.get("minutes") is not None:
            times.setdefault(notebook, []).append(float(data["minutes"]))
        for row in data["exercises"]:
            grouped.setdefault((notebook, row["id"]), []).append(row)
    exercises = []
    for (notebook, exercise), rows in sorted(grouped.items()):
        tried = [r for r in rows if r["first_try"] is not None]
        right = sum(r["first_try"] == "right" for r in tried)
        rate = round(100 * right / len(tried), 1) if tried else None
        aim = "" if rate is None or not exercise.startswith("predict:") else ("below" if rate < AIM[0] else "above" if rate > AIM[1] else "in")
        mean = round(sum(r["tries"] for r in tried) / len(tried), 2) if tried else None
        exercises.append({"notebook": notebook, "exercise": exercise, "learners": len(tried), "right": right, "rate": rate, "mean_tries": mean, "aim": aim})
    notebooks = []
    for notebook in sorted(counts):
        timed = sorted(times.get(notebook, []))
        middle = len(timed) // 2
        median = None if not timed else (timed[middle] if len(timed) % 2 else (timed[middle - 1] + timed[middle]) / 2)
        notebooks.append({"notebook": notebook, "learners": counts[notebook], "timed": len(timed), "median_minutes": None if median is None else round(median, 1)})
    return exercises, notebooks


_MARKDOWN = {"\\": "\\\\", "|": "\\|", "[": "\\[", "]": "\\]", "*": "\\*", "_": "\\_", "~": "\\~",
             "&": "&amp;", "<": "&lt;", ">": "&gt;", "`": "&#96;"}


def _plain(text: str) -> str:
    """``text`` with each control, format or line-separator character shown as ``U+XXXX``."""
    return "".join(f"U+{ord(c):04X}" if unicodedata.category(c) in _CONTROL else c for c in text)


def _cell(text: str) -> str:
    """``text`` as one Markdown table cell: control characters shown (:func:`_plain`), Markdown's
    table, link, emphasis and code marks backslash-escaped, ``&``, ``<``, ``>`` and backticks as
    HTML entities, so no text of an export becomes a row, a heading, a link or HTML."""
    return "".join(_MARKDOWN.get(c, c) for c in _plain(text))


_AIM_WORDS = {"below": N_("below"), "in": N_("in"), "above": N_("above")}
"""The ``aim`` column's words (the CSV keeps them English; the Markdown shows them translated)."""


def _markdown(exercises: list[dict], notebooks: list[dict]) -> str:
    def cell(value: Any) -> str:
        return "" if value is None else _cell(str(value))

    def aim(value: str) -> str:
        return tr(_AIM_WORDS[value]) if value in _AIM_WORDS else value

    lines = [tr("# First tries ({low} to {high}% right is the aim for core Predicts)").format(low=AIM[0], high=AIM[1]), "",
             tr("| notebook | exercise | learners | first try right | rate % | mean tries | aim |"), "|---|---|---|---|---|---|---|"]
    lines += [f"| {cell(r['notebook'])} | {cell(r['exercise'])} | {r['learners']} | {r['right']} | {cell(r['rate'])} | {cell(r['mean_tries'])} | {aim(r['aim'])} |" for r in exercises]
    lines += ["", tr("| notebook | exports | timed | median minutes |"), "|---|---|---|---|"]
    lines += [f"| {n['notebook']} | {n['learners']} | {n['timed']} | {cell(n['median_minutes'])} |" for n in notebooks]
    return "\n".join(lines) + "\n"


def aggregate_folder(folder: str | Path, out: str | Path) -> tuple[list[Path], str]:
    """Read every ``*.json`` export in ``folder`` (:func:`read_export`) and write, into the new
    folder ``out``, ``first-tries.csv`` (the exercise rows), ``first-tries.md`` (both tables) and
    ``first-tries.png`` (first-try rate per exercise with the aim's band; median minutes per
    notebook). Returns the paths written and the Markdown. ``FileNotFoundError`` for a folder
    without exports, ``FileExistsError`` for an ``out`` that exists and is not empty,
    ``ExportError`` naming the first file that is not an export (nothing is written then),
    ``OSError`` when ``out`` cannot be written. The files go to a staging folder beside ``out``
    first and are renamed into place, so an error leaves neither a half-written nor a staging folder."""
    from groundlab._extras import require

    pd = require("pandas", "workbook")
    Figure = require("matplotlib.figure", "workbook").Figure  # no pyplot: no backend, no open figure

    folder, out = Path(folder), Path(out)
    paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not paths:
        raise FileNotFoundError(tr("no *.json exports in {folder}").format(folder=folder))
    exports = [read_export(p) for p in paths]
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise FileExistsError(tr("{folder} exists and is not empty: choose a new folder with --out").format(folder=out))
    exercises, notebooks = first_try_rows(exports)
    table = _markdown(exercises, notebooks)
    names = ["first-tries.csv", "first-tries.md", "first-tries.png"]
    with staged_folder(out) as staging:
        pd.DataFrame(exercises).to_csv(staging / names[0], index=False)
        (staging / names[1]).write_text(table, encoding="utf-8", newline="\n")
        from groundlab.workbook.presentation.fonts import chart_fonts

        with chart_fonts():  # a CJK font for Chinese labels; saved inside the block
            _chart(Figure, exercises, notebooks).savefig(staging / names[2], dpi=100)
    return [out / name for name in names], table


def _chart(Figure: Any, exercises: list[dict], notebooks: list[dict]) -> Any:
    """The figure of :func:`aggregate_folder`; labels are drawn as plain text (no mathtext)."""
    rated = [r for r in exercises if r["rate"] is not None]
    timed = [n for n in notebooks if n["median_minutes"] is not None]
    figure = Figure(figsize=(11, max(3, 0.35 * len(rated) + 1.5)))
    left, right = figure.subplots(1, 2, gridspec_kw={"width_ratios": [3, 1]})
    labels = [_plain(f"{r['notebook']} {r['exercise']}")[:60] for r in rated]
    left.barh(range(len(rated)), [r["rate"] for r in rated], color="#3b6ea5")
    left.axvspan(*AIM, color="#2e7d32", alpha=0.12, label=tr("aim for core Predicts ({low}-{high}%)").format(low=AIM[0], high=AIM[1]))
    left.set_yticks(range(len(rated)), labels, fontsize=8, parse_math=False)
    left.invert_yaxis()
    left.set_xlim(0, 100)
    left.set_xlabel(tr("first tries right (%)"))
    left.legend(loc="lower right", fontsize=8)
    right.bar([n["notebook"] for n in timed], [n["median_minutes"] for n in timed], color="#8a6d3b")
    right.set_xlabel(tr("notebook"))
    right.set_ylabel(tr("median minutes"))
    figure.tight_layout()
    return figure
