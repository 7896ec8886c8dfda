"""The classroom demo in Traditional Chinese on Voila: the same fit as the English demo on every
projector, a language switch that keeps the case, the screen, the text size and the verdict's
hidden or revealed state (and survives a reload), and Chinese drawn with a CJK font, no tofu.

Reuses the session's Voila server and chromium (``conftest.py``) and the English demo's helpers
(``test_demo_browser.py``), with the words they wait for taken from the workbook's catalogue in the
language shown. The Chinese page is one page of its own address (``?room=zh-Hant``: its own saved
state), switched to Chinese by its language switch, as a presenter would.
"""

from __future__ import annotations

import os
import re
import signal

import pytest

from conftest import recording_page
from test_claim_editor_browser import CHANGE_TIMEOUT_MS, WIDGET_TIMEOUT_MS, _expect
from test_cjk_browser import assert_cjk_rendered
from test_demo_browser import (
    DEMO,
    HEIGHT,
    STATUS,
    STEP,
    TEXT_SIZE,
    WIDTH,
    check_every_screen_fits,
    chosen_preset,
    expected_status,
    kernel_process,
    library_presets,
    shot,
    show,
    words,
)

pytestmark = pytest.mark.browser

ZH = "zh-Hant"
SWITCH = ".groundlab-classroom-language"
REVEAL = ".groundlab-classroom-reveal"


def choose_language(page, language: str) -> None:
    """Press the language switch's button of ``language`` (it reads the language's own name)."""
    from groundlab.core.language import language_name

    page.locator(f"{SWITCH} button", has_text=language_name(language)).first.click()


def said(language: str, message: str) -> str:
    """``message`` of the workbook's catalogue in ``language``."""
    from groundlab.workbook.catalogues import WORKBOOK_CATALOGUE

    return WORKBOOK_CATALOGUE.in_language(message, language)


@pytest.fixture(scope="module")
def zh_page(voila_server, browser):
    """One Voila page of the demo at its own address, switched to Chinese (one kernel start)."""
    expect = _expect()
    with recording_page(browser, WIDTH, HEIGHT) as page:
        page.goto(voila_server + f"/?room={ZH}", wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT_MS)
        expect(page.locator(STATUS).first).to_have_text(words()["hidden"], timeout=WIDGET_TIMEOUT_MS)
        choose_language(page, ZH)
        expect(page.locator(STATUS).first).to_have_text(words(ZH)["hidden"], timeout=CHANGE_TIMEOUT_MS)
        yield page
        page.goto("about:blank")  # leave the page: its unload beacon frees its kernel


def test_the_chinese_demo_is_in_chinese(zh_page):
    page, expect = zh_page, _expect()
    show(page, 0, 0, language=ZH)
    expect(page.locator(REVEAL).first).to_have_text(said(ZH, "Reveal verdict"))
    assert said(ZH, "Reveal verdict") != "Reveal verdict"  # the catalogue is compiled
    expect(page.locator(STEP).first).to_have_text(words(ZH)["screen"](1, 6))
    expect(page.locator(".groundlab-classroom-prompt").first).to_contain_text(said(ZH, "Start · the answer as the model wrote it"))
    expect(page.locator(f"{SWITCH} button.mod-active").first).to_have_text("繁體中文")
    shot(page, "classroom_voila_zh_hant_1280x720.png")
    page.locator(REVEAL).first.click()
    expect(page.locator(STATUS).first).to_have_text(expected_status(0, 0), timeout=CHANGE_TIMEOUT_MS)
    expect(page.locator(".groundlab-classroom-deciding").first).to_contain_text(
        said(ZH, "Deciding check: {where} {check}: {sentence} → {status}").split("{")[0] + said(ZH, "claim {number}").format(number=0))
    shot(page, "classroom_voila_zh_hant_revealed_1280x720.png")
    assert page.dialogs == []


def test_the_chinese_demo_fits_every_projector(zh_page):
    """The English demo's fit test (``check_every_screen_fits``) on the Chinese demo: every screen,
    hidden and revealed, at 1280 x 720 and 1024 x 768, at 100% and 125% zoom."""
    check_every_screen_fits(zh_page, ZH)


def test_the_chinese_demo_draws_chinese_with_a_traditional_chinese_cjk_font(zh_page):
    """The demo asks for the Taiwan forms of Noto Sans CJK (``CJK TC``): the hidden label, the
    prompt, the controls and, revealed, the trace, every Han character from that font, no tofu."""
    page, expect = zh_page, _expect()
    show(page, 0, 0, language=ZH)
    assert assert_cjk_rendered(page, words(ZH)["hidden"], family="CJK TC", at_least=3)  # the three decision labels
    texts = assert_cjk_rendered(page, None, family="CJK TC", at_least=5)  # the toolbar's words, the prompt
    page.locator(REVEAL).first.click()
    expect(page.locator(STATUS).first).to_have_text(expected_status(0, 0), timeout=CHANGE_TIMEOUT_MS)
    deciding = said(ZH, "Deciding check: {where} {check}: {sentence} → {status}").split("{")[0]
    assert assert_cjk_rendered(page, deciding, family="CJK TC")
    print("checked:", texts)


def test_the_switch_keeps_the_case_the_screen_the_text_size_and_the_verdict(zh_page):
    page, expect = zh_page, _expect()
    preset, total = 2, len(library_presets()[2].steps)
    show(page, preset, 1, reveal=True, language=ZH)
    page.locator(TEXT_SIZE).first.select_option(index=1)  # 125%
    text_125 = re.compile(r"\bgroundlab-classroom-text-125\b")
    expect(page.locator(DEMO).first).to_have_class(text_125, timeout=CHANGE_TIMEOUT_MS)
    try:
        choose_language(page, "en")
        expect(page.locator(STEP).first).to_have_text(words()["screen"](2, total), timeout=CHANGE_TIMEOUT_MS)
        assert chosen_preset(page) == preset
        expect(page.locator(STATUS).first).to_have_text(expected_status(preset, 1))  # still revealed
        expect(page.locator(REVEAL).first).to_have_text("Hide verdict")
        expect(page.locator(DEMO).first).to_have_class(text_125)
        assert page.locator(TEXT_SIZE).first.evaluate("e => e.options[e.selectedIndex].text").replace("\xa0", " ") == "Text 125%"

        page.locator(REVEAL).first.click()  # hidden, then back to Chinese: still hidden
        expect(page.locator(STATUS).first).to_have_text(words()["hidden"], timeout=CHANGE_TIMEOUT_MS)
        choose_language(page, ZH)
        expect(page.locator(STEP).first).to_have_text(words(ZH)["screen"](2, total), timeout=CHANGE_TIMEOUT_MS)
        assert chosen_preset(page) == preset
        expect(page.locator(STATUS).first).to_have_text(words(ZH)["hidden"])
        expect(page.locator(DEMO).first).to_have_class(text_125)

        page.reload(wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT_MS)  # the language is kept with the screen
        expect(page.locator(STEP).first).to_have_text(words(ZH)["screen"](2, total), timeout=WIDGET_TIMEOUT_MS)
        assert chosen_preset(page) == preset
        expect(page.locator(REVEAL).first).to_have_text(said(ZH, "Reveal verdict"))
        expect(page.locator(DEMO).first).to_have_class(text_125)
    finally:
        page.locator(TEXT_SIZE).first.select_option(index=0)
    show(page, 0, 0, language=ZH)
    assert page.dialogs == []


def test_a_stopped_chinese_demo_says_in_chinese_to_reload(zh_page):
    """Last: it kills the page's kernel. The notice that replaces the demo is in Chinese and names the
    one action (F5), drawn in a CJK font."""
    from groundlab.workbook.presentation.classroom.page import STOPPED

    page, expect = zh_page, _expect()
    notice = said(ZH, STOPPED)
    assert notice != STOPPED and "F5" in notice
    kernel_id = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    os.kill(kernel_process(kernel_id), signal.SIGKILL)
    demo = page.locator(DEMO).first
    expect(demo).to_have_class(re.compile(r"\bjupyter-widgets-disconnected\b"), timeout=CHANGE_TIMEOUT_MS)
    assert demo.evaluate("e => getComputedStyle(e, '::before').content") == f'"{notice}"'
    assert page.locator(f"{DEMO} button:visible, {DEMO} select:visible").count() == 0
    shot(page, "classroom_voila_zh_hant_stopped.png")
