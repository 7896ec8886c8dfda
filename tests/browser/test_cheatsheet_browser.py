"""The cheat sheet prints on one A4 sheet in Chromium, and nothing on it is cut off."""

from __future__ import annotations

import re

import pytest

from groundlab import CHECKS, CODE_MEANINGS, ERROR_CODES, Status
from groundlab.workbook import cheat_sheet_html

pytestmark = pytest.mark.browser

A4_WIDTH_PX = 794  # 210 mm at 96 px per inch


def test_the_cheat_sheet_prints_on_one_a4_page(page, screenshots, tmp_path):
    html_file = tmp_path / "cheatsheet.html"
    html_file.write_text(cheat_sheet_html(), encoding="utf-8")
    page.set_viewport_size({"width": A4_WIDTH_PX, "height": 1123})
    page.goto(html_file.as_uri())
    page.emulate_media(media="print")
    text = page.inner_text("body")
    for name in [s.value for s in Status] + list(ERROR_CODES) + list(CHECKS):
        assert name in text
    assert CODE_MEANINGS["bad_number"] in text
    width = page.evaluate("document.querySelector('.sheet').scrollWidth")
    assert width <= A4_WIDTH_PX, f"the sheet is {width} px wide, wider than A4"
    pdf = page.pdf(format="A4", print_background=True, path=str(screenshots / "cheatsheet.pdf"))
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 1, f"the cheat sheet prints on {pages} A4 pages"
