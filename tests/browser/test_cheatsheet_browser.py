"""The cheat sheet prints on one A4 sheet in Chromium, in each language, and nothing on it is cut off;
the Traditional Chinese sheet's Han characters are set in a CJK font (fonts-noto-cjk)."""

from __future__ import annotations

import re

import pytest

from groundlab import CHECKS, CODE_MEANINGS, ERROR_CODES, Status
from groundlab.core.language import LIBRARY_CATALOGUE
from groundlab.workbook import cheat_sheet_html

pytestmark = pytest.mark.browser

A4_WIDTH_PX = 794  # 210 mm at 96 px per inch
CJK_FONT = re.compile(rb"/(?:BaseFont|FontName)\s*/(?:[A-Z]{6}\+)?(NotoSansCJKtc|NotoSansTC)[\w-]*")


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_the_cheat_sheet_prints_on_one_a4_page(page, screenshots, tmp_path, language):
    html_file = tmp_path / "cheatsheet.html"
    html_file.write_text(cheat_sheet_html(language), encoding="utf-8")
    page.set_viewport_size({"width": A4_WIDTH_PX, "height": 1123})
    page.goto(html_file.as_uri())
    page.emulate_media(media="print")
    text = page.inner_text("body")
    for name in [s.value for s in Status] + list(ERROR_CODES) + list(CHECKS):
        assert name in text
    assert LIBRARY_CATALOGUE.in_language(CODE_MEANINGS["bad_number"], language) in text
    if language == "zh-Hant":
        assert "檢查順序" in text and "引文規則" in text
    width = page.evaluate("document.querySelector('.sheet').scrollWidth")
    assert width <= A4_WIDTH_PX, f"the sheet is {width} px wide, wider than A4"
    suffix = "" if language == "en" else f".{language}"
    pdf = page.pdf(format="A4", print_background=True, path=str(screenshots / f"cheatsheet{suffix}.pdf"))
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 1, f"the {language} cheat sheet prints on {pages} A4 pages"
    if language == "zh-Hant":
        fonts = {m.group(1) for m in CJK_FONT.finditer(pdf)}
        assert fonts, "the Han characters are not set in a CJK font (is fonts-noto-cjk installed?)"
