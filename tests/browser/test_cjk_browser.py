"""Chinese text is drawn with a CJK font, never as tofu: a Traditional Chinese notebook twin opened
in JupyterLab (here) and the classroom demo in Chinese (``test_demo_language_browser.py``, which
uses :func:`assert_cjk_rendered`).

The font check asks Chromium itself, through the DevTools protocol (``CSS.getPlatformFontsForNode``),
which platform fonts drew the text of an element and how many glyphs each drew. A character no font
has is drawn as a missing glyph of the element's first font, so it counts against that (non-CJK)
font: every CJK character must be counted under a font whose family names CJK (Debian's
``fonts-noto-cjk``: "Noto Sans CJK TC", "Noto Sans Mono CJK JP", ...), and the other fonts may draw
no more glyphs than the element has other characters.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from test_claim_editor_browser import WIDGET_TIMEOUT_MS, _expect, open_notebook

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TWIN = ROOT / "notebooks" / "zh-Hant" / "00_start_here.ipynb"
"""The twin whose first code cell's comment is :data:`TWIN_COMMENT` (``python tools/i18n.py build``)."""
TWIN_COMMENT = "本筆記本以繁體中文顯示"
PROBE = "data-groundlab-font-probe"
CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")

MARK_JS = """([mark, wanted, limit]) => {
  // the elements on screen with their own (direct) text holding `wanted`, or any Han character when it is
  // null, each marked with `mark`=index (at most `limit`)
  const han = /[\\u3400-\\u4dbf\\u4e00-\\u9fff]/;
  document.querySelectorAll(`[${mark}]`).forEach(e => e.removeAttribute(mark));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node && found.length < limit; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || found.includes(element) || ['SCRIPT', 'STYLE', 'TITLE', 'OPTION'].includes(element.tagName)) continue;
    if (wanted === null ? !han.test(node.data) : !node.data.includes(wanted)) continue;
    const box = element.getBoundingClientRect();
    if (!element.getClientRects().length || box.width === 0 || getComputedStyle(element).visibility !== 'visible') continue;
    if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) continue;  // drawn: on screen
    element.setAttribute(mark, String(found.length));
    found.push(element);
  }
  // all the text laid out inside each, as CSS.getPlatformFontsForNode counts it (a heading's hidden ¶ anchor too)
  return found.map(e => e.textContent);
}"""


def platform_fonts(page, selector: str) -> list[dict]:
    """``CSS.getPlatformFontsForNode`` of the first element matching ``selector``: each platform font
    that drew its own text, as ``{"familyName", "postScriptName", "glyphCount", ...}``."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        assert node, f"no element matches {selector}"
        return cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        cdp.detach()


def assert_cjk_rendered(page, wanted: str | None = None, *, family: str = "CJK", at_least: int = 1, limit: int = 6) -> list[str]:
    """The visible elements whose own text holds ``wanted`` (``None``: any Han character; at least
    ``at_least`` of them, at most ``limit`` checked) draw each CJK character with a font whose family
    name holds ``family``, and no character as a missing glyph. Returns the texts checked."""
    texts = page.evaluate(MARK_JS, [PROBE, wanted, limit])
    assert len(texts) >= at_least, f"{len(texts)} elements show {wanted or 'Chinese text'}"
    for index, text in enumerate(texts):
        fonts = platform_fonts(page, f'[{PROBE}="{index}"]')
        cjk_chars = len(CJK.findall(text))
        other_chars = len(text) - cjk_chars
        cjk_glyphs = sum(f["glyphCount"] for f in fonts if family in f["familyName"])
        other_glyphs = sum(f["glyphCount"] for f in fonts if family not in f["familyName"])
        assert cjk_chars and cjk_glyphs >= cjk_chars, (text, fonts)  # every CJK character from a CJK font
        assert other_glyphs <= other_chars, (text, fonts)  # no CJK character drawn as another font's missing glyph
    return texts


@pytest.fixture(scope="module")
def twin_served(notebook_folder) -> str:
    """The Chinese twin of notebook 00, copied into the servers' folder: its address after ``/lab/tree/``."""
    if not TWIN.exists():
        pytest.skip(f"{TWIN.relative_to(ROOT)} is missing: python tools/i18n.py build writes it")
    folder = notebook_folder / "zh-Hant"
    folder.mkdir(exist_ok=True)
    shutil.copy(TWIN, folder / TWIN.name)
    return f"zh-Hant/{TWIN.name}"


def test_a_chinese_notebook_in_jupyterlab_draws_its_chinese_with_a_cjk_font(jupyter_lab, twin_served, projector, screenshots):
    """The twin opened in JupyterLab (not run: its words are in its cells): the comment of its first
    code cell, and the first few other Chinese texts on screen, are drawn by a CJK font, no tofu."""
    page, expect = projector, _expect()
    base, token = jupyter_lab
    open_notebook(page, base, token, f"workspaces/cjk/tree/{twin_served}?reset&")  # a workspace of its own
    expect(page.locator(".jp-Notebook .cm-content", has_text=TWIN_COMMENT).first).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_timeout(500)  # fonts load after the text is laid out (no assertion on time)
    page.screenshot(path=str(screenshots / "jupyterlab_zh_hant_notebook.png"))
    assert_cjk_rendered(page, TWIN_COMMENT)  # the first cell's comment, found and drawn in a CJK font
    texts = assert_cjk_rendered(page)  # every other Chinese text in sight, markdown included
    print("checked:", texts)
    assert page.dialogs == []


def test_the_probe_sees_tofu(browser_ready, projector):
    """The check itself: CJK text passes; a character no installed font has is counted as a missing
    glyph of the first font, so one in a CJK block (U+FFE7, unassigned) fails the check, and so does a
    family that did not draw the text."""
    page = projector
    page.set_content('<p id="zh">？問問全班 abc</p><p id="none">\u0378\u0379 x</p><p>問\uffe7</p>')
    assert assert_cjk_rendered(page, "問問") == ["？問問全班 abc"]
    fonts = platform_fonts(page, "#none")
    assert fonts and all("CJK" not in f["familyName"] for f in fonts)
    assert sum(f["glyphCount"] for f in fonts) == 4  # two missing glyphs, counted under the first font
    with pytest.raises(AssertionError):
        assert_cjk_rendered(page, "問\uffe7")  # a CJK-block character drawn as tofu
    with pytest.raises(AssertionError):
        assert_cjk_rendered(page, "問問", family="No Such Font")
