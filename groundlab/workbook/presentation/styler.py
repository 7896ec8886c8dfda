"""The styled form of the workbook's tables: fixed ids, a stable repr, everything escaped.

Part of the workbook's presentation; imports pandas. A table's ``name`` becomes its HTML ids and
CSS selectors, where escaping is not enough, so it is validated (:data:`TABLE_NAME`) rather than
escaped. See ``docs/architecture.md``, "Layers".
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from groundlab._extras import require

require("pandas", "workbook")  # a missing package names the extra that adds it

import pandas as pd
from pandas.io.formats.style import Styler

from groundlab.core.language import DEFAULT_LANGUAGE, get_language
from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE
from groundlab.workbook.presentation import html as _html

__all__ = ["TABLE_NAME", "StableStyler", "TableNameError", "check_table_name", "relabel", "styled"]

tr = WORKBOOK_CATALOGUE


class StableStyler(Styler):
    """A pandas ``Styler`` whose ``repr`` is ``<groundlab table groundlab-study: 22 rows × 8 columns>``, never an address."""

    def __repr__(self) -> str:
        rows, cols = self.data.shape
        return tr("<groundlab table {uuid}: {rows} rows × {columns} columns>").format(uuid=self.uuid, rows=rows, columns=cols)


TABLE_NAME = re.compile(r"[A-Za-z0-9_-]+")
"""What a table ``name`` must match in full: ASCII letters, digits, ``_`` and ``-`` (e.g. ``"trace-5s"``)."""


class TableNameError(ValueError):
    """A ``ValueError`` for a table ``name`` (the value given, any type) that ``rule``, :data:`TABLE_NAME`'s pattern, does not match."""

    def __init__(self, name: Any) -> None:
        self.name = name
        self.rule = TABLE_NAME.pattern
        super().__init__(
            f"table name {name!r} is not allowed: it becomes an HTML id, so it must match "
            f"{self.rule} (ASCII letters, digits, '_' and '-', at least one)"
        )


def check_table_name(name: Any) -> str:
    """``name`` itself when it is a ``str`` matching :data:`TABLE_NAME` in full; else :class:`TableNameError`."""
    if not isinstance(name, str) or TABLE_NAME.fullmatch(name) is None:
        raise TableNameError(name)
    return name


def relabel(
    frame: pd.DataFrame,
    headers: Mapping[str, str],
    cells: Mapping[str, Callable[[Any], Any] | Mapping[Any, Any]] | None = None,
) -> pd.DataFrame:
    """``frame`` as a table shows it in the language in force: in English ``frame`` itself; else a
    copy whose columns are renamed by ``headers`` (English name -> shown name; a column not named
    there, a code or a field name, keeps its name) and whose ``cells`` columns (by English name)
    have each value passed through a function or looked up in a mapping (a value not found stays).
    A ``*_frame`` stays English: code reads its columns; only its table is translated."""
    if get_language() == DEFAULT_LANGUAGE:
        return frame
    frame = frame.copy()
    for column, words in (cells or {}).items():
        if column in frame.columns:
            frame[column] = [words(v) if callable(words) else words.get(v, v) for v in frame[column]]
    return frame.rename(columns=dict(headers))


def _bold_failures(value: Any) -> str:
    text = str(value)
    if text.startswith(_html.CROSS):
        return f"font-weight: bold; color: {_html.FAIL_COLOUR};"
    return ""


def styled(frame: pd.DataFrame, name: str, caption: str | None = None) -> StableStyler:
    """``frame`` as a :class:`StableStyler` with the fixed uuid ``groundlab-<name>``; :class:`TableNameError` for a bad ``name``.

    The index is hidden, cells, headers and ``caption`` (plain text) are escaped, and cells starting
    with ``✗`` are bold.
    """
    uuid = f"groundlab-{check_table_name(name)}"
    styler = StableStyler(frame, uuid=uuid, cell_ids=True)
    styler.set_uuid(uuid)
    styler.hide(axis="index")
    styler.format(escape="html", na_rep="")
    styler.format_index(escape="html", axis=1)
    styler.set_table_attributes('class="groundlab-table"')
    styler.set_table_styles(
        [
            {"selector": "th", "props": "text-align: left; padding: 2px 8px;"},
            {"selector": "td", "props": "text-align: left; padding: 2px 8px;"},
        ]
    )
    mapper = getattr(styler, "map", None) or styler.applymap  # pandas < 2.1 has only applymap
    mapper(_bold_failures)
    if caption:
        styler.set_caption(_html.esc(caption))
    return styler
