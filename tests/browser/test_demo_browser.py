"""The classroom demo on one projector screen (1280 x 720): Voila and JupyterLab, driven by keyboard.

Reuses the session's servers and chromium (``tests/browser/conftest.py``) and the JupyterLab
helpers of ``test_claim_editor_browser.py``. Each expected status is computed here by
``verify_answer``, never written down. Waits are generous: a change is asserted, not a speed.
Screenshots go to ``build/screenshots/`` (not committed).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_claim_editor_browser import CHANGE_TIMEOUT_MS, WIDGET_TIMEOUT_MS, _expect, open_and_run_all

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
WIDTH, HEIGHT = 1280, 720
MAX_TABS = 60  # Tab presses allowed to reach a control from the top of the page

DEMO = ".groundlab-classroom"
STATUS = ".groundlab-classroom-status"
STEP = ".groundlab-classroom-step"
PARTS = {
    "case switcher": ".groundlab-classroom-scenario",
    "answer": ".groundlab-classroom-answer",
    "documents": ".groundlab-classroom-documents",
    "verdict": STATUS,
    "deciding trace line": ".groundlab-classroom-deciding",
}


def expected_status(preset: int, step: int) -> str:
    """The status text the demo must show for ``step`` of preset ``preset``, computed now by the library."""
    from groundlab.core.contract import verify_answer
    from groundlab.study.cases import load_case_set
    from groundlab.workbook.presentation.classroom.script import classroom_presets, step_answer
    from groundlab.workbook.presentation.html import status_text

    cases = load_case_set()
    chosen = classroom_presets(cases)[preset].steps[step]
    return status_text(verify_answer(step_answer(chosen, cases), cases[chosen.case_id].request, cases.sources).status)


def library_presets():
    """The demo's presets, from the library."""
    from groundlab.workbook import classroom_presets
    from groundlab import load_case_set

    return classroom_presets(load_case_set())


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))  # the viewport only: what the projector shows


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!(document.activeElement && document.activeElement.closest(s))", selector)


def tab_to(page, selector: str) -> None:
    """Press Tab until the element matching ``selector`` has the focus (at most MAX_TABS presses)."""
    for _ in range(MAX_TABS):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    assert focused(page, selector), f"{selector} is not reachable by Tab"


def assert_on_screen(page, parts=PARTS, width=WIDTH, height=HEIGHT) -> None:
    """Each part is visible and its bounding box lies inside the ``width`` x ``height`` viewport, unscrolled."""
    assert page.evaluate("window.scrollY") == 0
    for name, selector in parts.items():
        box = page.locator(selector).first.bounding_box()
        assert box is not None, f"{name} is not rendered"
        assert box["x"] >= 0 and box["y"] >= 0, (name, box)
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, (name, box)


def test_voila_demo_fits_one_screen_and_reveals_by_keyboard(voila_server, projector):
    page, expect = projector, _expect()
    page.goto(voila_server + "/", wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT_MS)
    status = page.locator(STATUS).first
    expect(status).to_have_text("? ask the room", timeout=WIDGET_TIMEOUT_MS)
    assert page.locator(".cm-editor, .CodeMirror, .jp-InputArea-editor").count() == 0  # code cells hidden
    assert page.locator(".groundlab-classroom-deciding").count() == 0  # hidden until Reveal
    assert "VALUE_MISMATCH" not in page.locator(DEMO).first.inner_text()

    page.locator("body").click(position={"x": 1270, "y": 710})  # focus the page, not a control
    tab_to(page, ".groundlab-classroom-reveal")
    page.keyboard.press("Enter")
    expect(status).to_have_text(expected_status(0, 0), timeout=CHANGE_TIMEOUT_MS)
    expect(page.locator(".groundlab-classroom-deciding").first).to_contain_text("Deciding check: claim 0 value")
    shot(page, "classroom_voila_1280x720.png")
    assert_on_screen(page)
    for doc in page.locator(".groundlab-classroom-documents pre").all():  # every supplied text, whole
        box = doc.bounding_box()
        assert box is not None and box["y"] + box["height"] <= HEIGHT, box

    tab_to(page, ".groundlab-classroom-next")  # Next, then Reveal again, by keyboard
    page.keyboard.press("Enter")
    expect(page.locator(STEP).first).to_have_text("step 2 of 6", timeout=CHANGE_TIMEOUT_MS)
    expect(status).to_have_text("? ask the room", timeout=CHANGE_TIMEOUT_MS)
    tab_to(page, ".groundlab-classroom-reveal")
    page.keyboard.press("Enter")
    expect(status).to_have_text(expected_status(0, 1), timeout=CHANGE_TIMEOUT_MS)
    assert page.dialogs == []


@pytest.mark.parametrize("percent, width, height", [(125, 1600, 900), (150, 1920, 1080)])
def test_voila_larger_text_fits_a_larger_screen(voila_server, screen, percent, width, height):
    """The text-size control: the same screen, its fonts scaled, on the screen size it is meant for."""
    expect = _expect()
    with screen(width, height) as page:
        page.goto(voila_server + "/", wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT_MS)
        status = page.locator(STATUS).first
        expect(status).to_have_text("? ask the room", timeout=WIDGET_TIMEOUT_MS)
        small = page.locator(".groundlab-classroom-prompt p").first.evaluate("e => getComputedStyle(e).fontSize")
        page.locator(".groundlab-classroom-text-size select").first.select_option(label=f"Text {percent}%")
        expect(page.locator(DEMO).first).to_have_class(re.compile(rf"\bgroundlab-classroom-text-{percent}\b"),
                                                       timeout=CHANGE_TIMEOUT_MS)
        large = page.locator(".groundlab-classroom-prompt p").first.evaluate("e => getComputedStyle(e).fontSize")
        assert (small, large) == ("18px", f"{18 * percent / 100:g}px")
        page.locator(".groundlab-classroom-reveal").first.click()
        expect(status).to_have_text(expected_status(0, 0), timeout=CHANGE_TIMEOUT_MS)
        shot(page, f"classroom_voila_text_{percent}_{width}x{height}.png")
        for label in page.locator(f"{DEMO} .widget-label").all():  # no label clips its text (an underscore)
            assert label.evaluate("e => e.scrollHeight <= e.clientHeight"), label.inner_text()
        assert_on_screen(page, width=width, height=height)
        assert page.dialogs == []


def test_voila_every_study_case_fits_one_screen(voila_server, projector):
    """Ask the room off, then every case of the all-cases preset: each one fits, verdict and all."""
    page, expect = projector, _expect()
    page.goto(voila_server + "/", wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT_MS)
    status = page.locator(STATUS).first
    expect(status).to_have_text("? ask the room", timeout=WIDGET_TIMEOUT_MS)
    every, preset = next((i, p) for i, p in enumerate(library_presets()) if p.title.startswith("Study cases · all"))
    page.locator(".groundlab-classroom-scenario select").first.select_option(label=preset.title)
    page.locator(".groundlab-classroom-ask").first.click()
    total = len(preset.steps)
    for step in range(total):
        expect(page.locator(STEP).first).to_have_text(f"step {step + 1} of {total}", timeout=CHANGE_TIMEOUT_MS)
        expect(status).to_have_text(expected_status(every, step), timeout=CHANGE_TIMEOUT_MS)
        assert_on_screen(page)
        if step == 7:  # billing-equal-values: four supplied documents, the tallest right column
            shot(page, "classroom_voila_four_documents.png")
        if step + 1 < total:
            page.locator(".groundlab-classroom-next").first.click()


def test_jupyterlab_renders_the_demo_without_errors(jupyter_lab, projector):
    page, expect = projector, _expect()
    open_and_run_all(page, *jupyter_lab)
    status = page.locator(STATUS).first
    expect(status).to_have_text("? ask the room", timeout=WIDGET_TIMEOUT_MS)
    page.locator(".groundlab-classroom-reveal").first.click()
    expect(status).to_have_text(expected_status(0, 0), timeout=CHANGE_TIMEOUT_MS)
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count():  # close the file browser, as a presenter would: the notebook gets the width
        current.first.click()
        expect(page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")).to_have_count(0)
    page.locator(DEMO).first.scroll_into_view_if_needed()
    page.wait_for_timeout(500)  # let the notebook lay out at its new width (no assertion on time)
    shot(page, "classroom_jupyterlab_1280x720.png")
    assert page.locator(".jp-OutputArea-output.jp-RenderedText[data-mime-type*='error']").count() == 0
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    demo = page.locator(DEMO).first.bounding_box()
    assert demo is not None and demo["height"] <= HEIGHT, demo  # one screen tall, once scrolled to it
    page.locator(DEMO).first.evaluate("e => e.scrollIntoView({block: 'start'})")  # the demo's top at the panel's top
    page.wait_for_timeout(500)
    shot(page, "classroom_jupyterlab_scrolled_1280x720.png")
    assert_on_screen(page)  # JupyterLab scrolls its notebook panel, never the window
    assert page.dialogs == []
