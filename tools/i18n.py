"""Translations: gettext catalogues for the code, and Traditional Chinese twins of the notebooks.

Two kinds of catalogue, both gettext ``.po`` files read and written with Babel:

* **code catalogues** (:data:`DOMAINS`): every string the code marks with ``tr("...")`` or
  ``N_("...")`` (``groundlab.core.language``). ``extract`` updates each domain's ``.po`` from the
  source (new strings are added untranslated, strings no longer in the code are dropped, a
  changed string needs a new translation); ``compile`` writes the ``.mo`` files the library reads;
* **notebook catalogues** (``notebooks/locale/zh_Hant/<notebook>.po``): one message per cell of a
  numbered notebook's header and core sections (the whole cell's source, markdown or code), and
  the heading line of each optional section. ``extract`` updates them from the English notebooks;
  ``build`` writes the twins ``notebooks/zh-Hant/<notebook>.ipynb`` (:func:`twin`): the header
  and the core sections translated, each optional section a translated heading and a link to
  the English notebook, a first code cell that chooses the language, and the stored outputs of
  the previous twin kept wherever the cells did not change. ``python tools/notebooks.py execute``
  then refreshes their outputs.

A message with no translation (empty, or marked fuzzy) is a gap: :func:`gaps` lists them and a
test keeps the list empty. Commands: ``python tools/i18n.py extract|compile|build|gaps|all``
(``make translations`` runs extract, compile and build).

Workbook tooling, not library code: nothing in ``groundlab`` imports it. Babel (a dependency of
JupyterLab, so in both locks) is imported when these functions run.
"""

from __future__ import annotations

import argparse
import ast
import copy
import datetime
import functools
import io
import json
import math
import re
import sys
from pathlib import Path
from typing import Any, Iterable, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.notebooks import (  # noqa: E402  (the checkout's tools, run as a script)
    CORE_TAG,
    OPTIONAL_TAG,
    notebook_json,
    read_notebook,
    section_minutes,
    sections,
    tags,
    text,
)

LANGUAGE = "zh-Hant"
"""The language of the twins and of every catalogue here (BCP 47)."""
FOLDER = "zh_Hant"
"""Its gettext folder name (``groundlab.core.language.CATALOGUE_FOLDERS``)."""
KEYWORDS = {"tr": None, "N_": None}
"""The calls Babel extracts: ``tr(message)`` (a :class:`~groundlab.core.language.Catalogue`) and ``N_(message)``."""


class Domain(NamedTuple):
    """One code catalogue: its gettext ``name``, the ``sources`` it is extracted from (folders or
    files under the checkout), folders left out (``exclude``), its ``localedir``, and ``fixture_texts``:
    ``(fixture file, member)`` pairs whose string is a learner-facing text the code shows through
    the catalogue (the capstone's task)."""

    name: str
    sources: tuple[str, ...]
    exclude: tuple[str, ...]
    localedir: str
    fixture_texts: tuple[tuple[str, str], ...] = ()


DOMAINS = (
    Domain("groundlab", ("groundlab",), ("groundlab/workbook",), "groundlab/locale"),
    Domain("groundlab_workbook", ("groundlab/workbook",), ("groundlab/workbook/lessons",), "groundlab/workbook/locale"),
    Domain(
        "groundlab_lessons", ("groundlab/workbook/lessons",), (), "groundlab/workbook/locale",
        (("fixtures/capstone_library.json", "domain"), ("fixtures/capstone_library.json", "task")),
    ),
)
"""The library's catalogue, the workbook's (widgets, tables, exercises, the demo) and the lessons' (hints, cases, glossary, cheat sheet)."""

NOTEBOOKS = ROOT / "notebooks"
TWINS = NOTEBOOKS / LANGUAGE
"""Where the twins live: ``notebooks/zh-Hant``."""
NOTEBOOK_CATALOGUES = NOTEBOOKS / "locale" / FOLDER
TWIN_NUMBERS = tuple(f"{n:02d}" for n in range(13))
"""The notebooks with a twin: the workshop's core path, 00 to 12."""
LANGUAGE_TAG = "language"
"""Tag of the twin's first code cell, the one that chooses the language (the English notebook has none)."""
LANGUAGE_CELL = 'from groundlab import set_language\nset_language("zh-Hant")  # 本筆記本以繁體中文顯示：這一格顯示目前的語言'
TIMES = re.compile(r"\*\*Time needed:\*\* core path about (\d+) minutes, full path about (\d+) minutes")
"""The English header's time line."""
TWIN_TIMES = re.compile(r"\*\*所需時間：\*\* 核心路徑約 (\d+) 分鐘，完整路徑約 (\d+) 分鐘")
"""The twin header's time line (:func:`twin` writes its minutes)."""
BADGES = {"core": "核心", "optional": "選讀"}
"""A section heading's badge in a twin: ``## 核心 · …``, ``## 選讀 · …``."""
OPTIONAL_LINK = "這一節是選讀內容，目前只有英文版：請在英文筆記本 [{title}]({path}) 中閱讀「{heading}」一節。"
"""The body of an optional section in a twin (``title``: the English notebook's title, ``heading``: the section's English heading)."""


# --------------------------------------------------------------------------- code catalogues
def _files(domain: Domain) -> list[Path]:
    files = []
    for source in domain.sources:
        base = ROOT / source
        for path in sorted(base.rglob("*.py")) if base.is_dir() else [base]:
            rel = path.relative_to(ROOT).as_posix()
            if not any(rel == e or rel.startswith(e + "/") for e in domain.exclude):
                files.append(path)
    return files


def po_path(domain: Domain) -> Path:
    return ROOT / domain.localedir / FOLDER / "LC_MESSAGES" / f"{domain.name}.po"


@functools.cache
def extract_code(domain: Domain):
    """A Babel ``Catalog`` of every message ``domain``'s sources mark, with their locations (read once
    a process: the gap, .po and extraction checks share it; callers do not change it)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="groundlab", domain=domain.name)
    for path in _files(domain):
        for lineno, message, comments, context in extract_from_file("python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",)):
            if isinstance(message, tuple):
                message = message[0]
            catalog.add(message, locations=[(path.relative_to(ROOT).as_posix(), lineno)], auto_comments=comments, context=context)
    for file, member in domain.fixture_texts:
        text_ = json.loads((ROOT / file).read_text(encoding="utf-8"))[member]
        catalog.add(text_, locations=[(file, 0)], auto_comments=[f"the fixture's {member!r}"])
    return catalog


_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def _read(path: Path, domain: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    if not path.exists():
        catalog = Catalog(locale=FOLDER, domain=domain, project="groundlab")
    else:
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=FOLDER, domain=domain)
    # The .po files carry no dates (_write drops them), and Babel would fill in the time of
    # reading: a fixed date keeps the compiled .mo the same whenever it is compiled.
    catalog.creation_date = catalog.revision_date = _EPOCH
    return catalog


def _write(path: Path, catalog) -> bool:
    """Write ``catalog`` to ``path`` unless it holds the same text; whether it was written."""
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, sort_output=False, ignore_obsolete=True, include_previous=False)
    data = re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", buffer.getvalue())
    data = re.sub(rb'"PO-Revision-Date: [^"]*"\n', b"", data)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True


def _merge(template, path: Path, domain: str):
    """``path``'s catalogue updated to ``template``'s messages: translations kept for messages still
    there, new ones untranslated, gone ones dropped (Babel's fuzzy matching is off: a changed
    message is a gap until it is translated again)."""
    catalog = _read(path, domain)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.language_team = "groundlab <zh-Hant>"
    catalog.project, catalog.version = "groundlab", "0.1.0"
    return catalog


def _chosen(name: str, only: Iterable[str] | None) -> bool:
    """Whether catalogue ``name`` (a domain, or a notebook's stem) is among ``only`` (``None``: all;
    ``"notebooks"`` stands for every notebook catalogue)."""
    if only is None:
        return True
    only = set(only)
    return name in only or (name[:2].isdigit() and "notebooks" in only)


def extract(only: Iterable[str] | None = None) -> list[Path]:
    """Update every code and notebook catalogue (or those named in ``only``) from the source;
    the ``.po`` files written."""
    written = []
    for domain in DOMAINS:
        if not _chosen(domain.name, only):
            continue
        path = po_path(domain)
        if _write(path, _merge(extract_code(domain), path, domain.name)):
            written.append(path)
    for number in TWIN_NUMBERS:
        english = english_notebook(number)
        if not _chosen(english.stem, only):
            continue
        path = notebook_po(english)
        if _write(path, _merge(notebook_template(read_notebook(english), english.name), path, english.stem)):
            written.append(path)
    return written


def _mo_bytes(domain: Domain) -> bytes:
    """The ``.mo`` that ``domain``'s ``.po`` compiles to (untranslated and fuzzy messages left out)."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, _read(po_path(domain), domain.name), use_fuzzy=False)
    return buffer.getvalue()


def compile_catalogues(only: Iterable[str] | None = None) -> list[Path]:
    """Write each code catalogue's ``.mo`` (or those named in ``only``) beside its ``.po``
    (:func:`_mo_bytes`), unless it holds the same bytes; the files written."""
    written = []
    for domain in DOMAINS:
        if not _chosen(domain.name, only):
            continue
        data, target = _mo_bytes(domain), po_path(domain).with_suffix(".mo")
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            written.append(target)
    return written


def mo_is_current(domain: Domain) -> bool:
    """Whether ``domain``'s committed ``.mo`` is what :func:`compile_catalogues` makes of its ``.po``."""
    target = po_path(domain).with_suffix(".mo")
    return target.exists() and target.read_bytes() == _mo_bytes(domain)


class Gap(NamedTuple):
    """A message without a translation: the catalogue's file, where the message comes from, and its start."""

    catalogue: str
    where: str
    message: str


def _gaps_of(path: Path, domain: str, template) -> list[Gap]:
    catalog = _read(path, domain)
    result = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        where = ", ".join(f"{f}:{n}" for f, n in message.locations) or "?"
        if found is None or not found.string or found.fuzzy:
            result.append(Gap(path.relative_to(ROOT).as_posix(), where, message.id[:70]))
    return result


def gaps(only: Iterable[str] | None = None) -> list[Gap]:
    """Every message of the code and of the twinned notebooks' core path (or of the catalogues
    named in ``only``) without a translation."""
    result = []
    for domain in DOMAINS:
        if _chosen(domain.name, only):
            result += _gaps_of(po_path(domain), domain.name, extract_code(domain))
    for number in TWIN_NUMBERS:
        english = english_notebook(number)
        if _chosen(english.stem, only):
            result += _gaps_of(notebook_po(english), english.stem, notebook_template(read_notebook(english), english.name))
    return result


# --------------------------------------------------------------------------- notebook twins
def english_notebook(number: str) -> Path:
    """The English notebook numbered ``number`` (``"03"``)."""
    found = sorted(NOTEBOOKS.glob(f"{number}_*.ipynb"))
    if len(found) != 1:
        raise FileNotFoundError(f"no single notebook numbered {number} in {NOTEBOOKS}")
    return found[0]


def notebook_po(english: Path) -> Path:
    """The catalogue of an English notebook: ``notebooks/locale/zh_Hant/<stem>.po``."""
    return NOTEBOOK_CATALOGUES / f"{english.stem}.po"


def twin_path(english: Path) -> Path:
    return TWINS / english.name


def heading_line(cell: Any) -> str:
    return text(cell).splitlines()[0]


def notebook_template(notebook: Any, name: str):
    """The messages of ``notebook``: each cell of its header and core sections whole, and the
    heading line of each optional section, located by cell index and id."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(project="groundlab", domain=Path(name).stem)
    for badge, indices in sections(notebook):
        for index in indices if badge == CORE_TAG else indices[:1]:
            cell = notebook["cells"][index]
            message = text(cell) if badge == CORE_TAG else heading_line(cell)
            if not message.strip():
                continue
            kind = cell["cell_type"] if badge == CORE_TAG else "optional heading"
            catalog.add(message, locations=[(name, index)], auto_comments=[f"{kind}, cell {index} (id {cell.get('id', '')})"])
    return catalog


_LINK = re.compile(r"(\]\()([^)#\s]+)(#[^)\s]*)?(\))")


def _relink(markdown: str) -> str:
    """Relative link targets that are not twins (another notebook, ``docs/``) made to point
    from ``notebooks/zh-Hant`` to where they are: one folder up."""

    def fix(match: re.Match) -> str:
        target = match[2]
        if re.match(r"[a-z]+:", target) or target.startswith("/"):
            return match[0]
        if (TWINS / target).exists() or re.fullmatch(r"(0\d|1[0-2])_[\w]+\.ipynb", target):
            return match[0]
        return f"{match[1]}../{target}{match[3] or ''}{match[4]}"

    return _LINK.sub(fix, markdown)


def _anchor(heading: str) -> str:
    """JupyterLab's anchor for a ``## `` heading: its text with spaces as hyphens."""
    return "#" + heading.lstrip("#").strip().replace(" ", "-")


def twin(english_path: Path) -> dict:
    """The twin of the English notebook at ``english_path`` (a notebook dict without outputs).

    Cells keep their ids and tags. Header and core cells are their catalogue translation (an
    untranslated cell stays English); each optional section is its heading cell, translated,
    with :data:`OPTIONAL_LINK` under it; after the header's first cell comes the code cell
    tagged :data:`LANGUAGE_TAG`. An optional section's cell keeps one tag, ``optional``. Links to
    notebooks without a twin and to ``docs/`` point one folder up."""
    notebook = read_notebook(english_path)
    catalog = _read(notebook_po(english_path), english_path.stem)

    def translated(source: str) -> str:
        found = catalog.get(source)
        return found.string if found is not None and found.string and not found.fuzzy else source

    title = heading_line(notebook["cells"][0]).lstrip("# ").strip()
    cells = []
    for badge, indices in sections(notebook):
        for position, index in enumerate(indices):
            cell = copy.deepcopy(notebook["cells"][index])
            cell.pop("outputs", None)
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
            if badge == OPTIONAL_TAG:
                if position:
                    continue
                heading = heading_line(cell)
                body = OPTIONAL_LINK.format(title=title, path=f"../{english_path.name}{_anchor(heading)}", heading=heading[3:].split(" · ", 1)[-1])
                cell["source"] = f"{translated(heading)}\n\n{body}"
                cell["metadata"]["tags"] = [OPTIONAL_TAG]  # a link, not the exercise the English heading may open
            elif text(cell).strip():
                cell["source"] = translated(text(cell))
            if cell["cell_type"] == "markdown":
                cell["source"] = _relink(text(cell))
            cells.append(cell)
            if index == 0:
                cells.append(
                    {
                        "cell_type": "code", "execution_count": None, "id": "language0zh",
                        "metadata": {"tags": [LANGUAGE_TAG]}, "outputs": [], "source": LANGUAGE_CELL,
                    }
                )
    result = copy.deepcopy(notebook)
    result["cells"] = cells
    result.setdefault("metadata", {})["language"] = LANGUAGE
    _state_times(result, notebook)
    return result


def twin_minutes(twin_notebook: Any, english: Any) -> tuple[float, float]:
    """``(core, full)`` minutes of a twin: its own core sections (Chinese read by characters,
    ``tools.notebooks.section_minutes``), and those plus the English notebook's optional sections,
    which the full path reads in English."""
    # Each section's minutes have one decimal; the sums are rounded to one too, so the float
    # summation (compensated from Python 3.12 on) gives the same minutes on every Python.
    core = round(sum(t.minutes for t in section_minutes(twin_notebook) if t.badge == CORE_TAG), 1)
    optional = round(sum(t.minutes for t in section_minutes(english) if t.badge == OPTIONAL_TAG), 1)
    return core, round(core + optional, 1)


def _state_times(result: Any, english: Any) -> None:
    """Write the twin header's minutes from :func:`twin_minutes`, with the English header's own
    margin over its estimate (a discussion, a question to the room; at most 5 minutes)."""
    header = text(result["cells"][0])
    found = TWIN_TIMES.search(header)
    stated = TIMES.search(text(english["cells"][0]))
    if not found or not stated:
        return
    times = section_minutes(english)
    english_core = round(sum(t.minutes for t in times if t.badge == CORE_TAG), 1)
    english_full = round(sum(t.minutes for t in times), 1)
    margin = min(5, max(0, int(stated[1]) - math.floor(english_core + 0.5)))
    full_margin = max(0, int(stated[2]) - math.floor(english_full))
    core, full = twin_minutes(result, english)
    stated_core = math.floor(core + 0.5) + margin
    stated_full = max(math.floor(full) + full_margin, stated_core + 1)
    line = f"**所需時間：** 核心路徑約 {stated_core} 分鐘，完整路徑約 {stated_full} 分鐘"
    result["cells"][0]["source"] = header[: found.start()] + line + header[found.end():]


def _shape(cell: Any) -> tuple:
    return (cell["cell_type"], cell.get("id"), text(cell), tuple(tags(cell)))


def build(only: Iterable[str] | None = None) -> list[Path]:
    """Write every twin (:func:`twin`; or those whose notebook is named in ``only``); a cell whose
    source, tags and id did not change keeps the previous twin's outputs. The files written (a
    twin already current is left alone)."""
    written = []
    TWINS.mkdir(parents=True, exist_ok=True)
    for number in TWIN_NUMBERS:
        english = english_notebook(number)
        if not _chosen(english.stem, only):
            continue
        new = twin(english)
        target = twin_path(english)
        if target.exists():
            old = read_notebook(target)
            if [_shape(c) for c in old["cells"]] == [_shape(c) for c in new["cells"]] and old.get("metadata", {}).get("language") == LANGUAGE:
                continue  # current: its cells and stored outputs stay as they are, in the form they were saved
            previous = {_shape(c): c for c in old["cells"]}
            for cell in new["cells"]:
                kept = previous.get(_shape(cell))
                if kept is not None and cell["cell_type"] == "code":
                    cell["outputs"], cell["execution_count"] = kept.get("outputs", []), kept.get("execution_count")
            new["metadata"] = {**old.get("metadata", {}), **{k: v for k, v in new["metadata"].items() if k != "widgets"}}
        data = notebook_json(new)
        if not target.exists() or target.read_text(encoding="utf-8") != data:
            target.write_text(data, encoding="utf-8", newline="\n")
            written.append(target)
    return written


def twin_is_current(english: Path) -> bool:
    """Whether the committed twin has exactly :func:`twin`'s cells (sources, tags, ids, in order)."""
    target = twin_path(english)
    if not target.exists():
        return False
    return [_shape(c) for c in read_notebook(target)["cells"]] == [_shape(c) for c in twin(english)["cells"]]


# --------------------------------------------------------------------------- parity
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")


def has_han(value: str) -> bool:
    """Whether ``value`` holds a CJK character or CJK punctuation (so it was translated)."""
    return bool(_HAN.search(value))


def _tree(source: str) -> tuple[ast.AST, list[str]]:
    """``source`` parsed, with IPython's ``%`` and ``!`` lines kept aside (as written) and
    replaced by ``pass``."""
    lines, magics = [], []
    for line in source.splitlines():
        if line.lstrip().startswith(("%", "!")):
            magics.append(line.strip())
            lines.append("pass")
        else:
            lines.append(line)
    return ast.parse("\n".join(lines)), magics


def _strings(tree: ast.AST) -> list[str]:
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def code_shape(source: str) -> str:
    """``source``'s syntax tree with every string constant blanked, and its IPython ``%``/``!``
    lines: two cells with the same shape make the same calls with the same names and numbers,
    and differ at most in their string literals and comments (the tree has no comments)."""

    class Blank(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.AST:
            if isinstance(node.value, str):
                return ast.copy_location(ast.Constant("<string>"), node)
            return node

    tree, magics = _tree(source)
    return ast.dump(Blank().visit(tree)) + "\n" + "\n".join(magics)


def same_code(english: str, translated: str) -> bool:
    """Whether a twin's code cell runs the English cell's code: the same :func:`code_shape`, and
    every string literal the same but those the twin holds in Chinese (:func:`has_han`), which
    and were English prose (:func:`is_prose`): the words a person reads (a title, a question, a
    label), or punctuation between an f-string's fields. Data (an answer, a case id, a field, a
    number) can never change."""
    if code_shape(english) != code_shape(translated):
        return False
    theirs, ours = _strings(_tree(english)[0]), _strings(_tree(translated)[0])
    return all(a == b or (has_han(b) and (is_prose(a) or not re.search(r"[A-Za-z0-9]", a))) for a, b in zip(theirs, ours))


def is_prose(value: str) -> bool:
    """Whether an English string literal reads as words (so a twin may translate it): it holds a
    word of two letters or more, is not JSON, and has a space or closing punctuation or is one
    plain word (letters only, not all capitals: ``"registry"``, ``"agree;"``). An id
    (``value-with-unit``, ``prod-v2``), a field (``read_timeout_ms``), a status (``ACCEPT``), a
    number or an answer's JSON is not prose."""
    stripped = value.strip()
    if not re.search(r"[A-Za-z]{2,}", value) or stripped.startswith(("{", "[")) or has_han(value):
        return False
    if " " in stripped or stripped.endswith((":", "?", ".", "!")):
        return True
    return bool(re.fullmatch(r"[A-Za-z]+[,;]?", stripped)) and not stripped.rstrip(",;").isupper()


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/i18n.py", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("extract", "compile", "build", "gaps", "all"))
    parser.add_argument(
        "--only", nargs="+", default=None, metavar="NAME",
        help="catalogues to work on: domains (groundlab, groundlab_workbook, groundlab_lessons), notebook stems, or 'notebooks'",
    )
    args = parser.parse_args(None if argv is None else list(argv))
    if args.command in ("extract", "all"):
        for path in extract(args.only):
            print(f"updated {path.relative_to(ROOT)}")
    if args.command in ("compile", "all"):
        for path in compile_catalogues(args.only):
            print(f"compiled {path.relative_to(ROOT)}")
    if args.command in ("build", "all"):
        for path in build(args.only):
            print(f"wrote {path.relative_to(ROOT)}")
    if args.command == "gaps":
        found = gaps(args.only)
        for gap in found:
            print(f"{gap.catalogue}: {gap.where}: {gap.message!r}")
        print(f"{len(found)} message(s) without a translation")
        return 1 if found else 0
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
