"""The fonts of the workbook's charts: a CJK font first when the language in force is Chinese.

Part of the workbook's presentation; imports matplotlib when a chart is drawn. Under ``zh-Hant``
a chart is built inside :func:`chart_fonts`, whose ``font.family`` names the Traditional Chinese
fonts installed (:data:`CHART_FONTS`, Noto Sans CJK TC first), then DejaVu Sans for every other
glyph; the names are concrete families, not the ``sans-serif`` alias, so each text keeps them
when the figure is drawn later, outside the block (a notebook draws at the end of the cell). In
English nothing changes. See ``docs/architecture.md``, "Languages".
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from groundlab.core.language import get_language
from groundlab.workbook.presentation.css import CJK_FONTS

__all__ = ["CHART_FONTS", "FALLBACK", "chart_families", "chart_fonts", "keep_fonts"]

CHART_FONTS = CJK_FONTS + ("Source Han Sans TC", "Heiti TC", "Noto Sans CJK HK", "Noto Sans CJK JP", "Noto Sans CJK SC")
"""The fonts a chart may use for Chinese, in order: the pages' (``css.CJK_FONTS``), then more, since
matplotlib names a font exactly and has no fallback of its own beyond :data:`FALLBACK`."""
FALLBACK = "DejaVu Sans"
"""matplotlib's own font, for every glyph the CJK font lacks."""


def chart_families() -> list[str] | None:
    """The ``font.family`` of a chart in the language in force: ``None`` in English, else the
    installed fonts of :data:`CHART_FONTS` then :data:`FALLBACK` (only the fallback when none is
    installed: Chinese words then show as boxes, and matplotlib warns)."""
    if get_language() == "en":
        return None
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    return [name for name in CHART_FONTS if name in installed] + [FALLBACK]


@contextlib.contextmanager
def chart_fonts() -> Iterator[Any]:
    """Build a chart inside this block: in Chinese, ``font.family`` is :func:`chart_families`
    (and its tick labels keep them); in English, nothing changes. Yields the family list or ``None``."""
    families = chart_families()
    if families is None:
        yield None
        return
    import matplotlib

    with matplotlib.rc_context({"font.family": families}):
        yield families


def keep_fonts(figure: Any, families: list[str] | None) -> None:
    """Give every axes of ``figure`` tick labels in ``families`` (``None``: nothing), so ticks made
    when the figure is drawn, after :func:`chart_fonts`, keep the CJK font."""
    if families is None:
        return
    for axes in figure.get_axes():
        try:
            axes.tick_params(labelfontfamily=families)
        except (TypeError, ValueError, AttributeError):  # matplotlib < 3.8 has no labelfontfamily
            pass
