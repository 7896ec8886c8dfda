"""The Predict widget in JupyterLab on a 1280 x 720 screen: it fits under the fold before and
after a try (it was 883 px tall), and the workbook's settings keep the news prompt away.

One small notebook, written into the served folder, runs on the session's JupyterLab server.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.test_claim_editor_browser import WIDGET_TIMEOUT_MS, _expect, open_and_run_all

pytestmark = pytest.mark.browser

NAME = "predict_fit.ipynb"
FIT_PX = 600  # JupyterLab's notebook area at 1280 x 720 is about 600 px tall
CODE = """from groundlab import load_case_set
from groundlab.workbook import Predict, lesson_cases, lesson_hints
cases = load_case_set()
c, h = lesson_cases("03", cases), lesson_hints("03")
Predict.status("One more supplied document", "Which status will the contract give this answer?",
               c.another_service_supplied.raw, c.another_service_supplied.request, cases.sources,
               hints=h.another_service_supplied)"""


def _notebook() -> str:
    cell = {"cell_type": "code", "execution_count": None, "id": "fit", "metadata": {}, "outputs": [], "source": CODE}
    return json.dumps({"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


def test_the_predict_widget_fits_a_1280_by_720_screen_before_and_after_a_try(jupyter_lab, notebook_folder, projector, screenshots):
    expect = _expect()
    base, token = jupyter_lab
    with urllib.request.urlopen(f"{base}/lab/api/settings/@jupyterlab/apputils-extension:notification?token={token}", timeout=30) as got:
        setting = json.loads(got.read())
    defaults = {key: value.get("default") for key, value in setting["schema"]["properties"].items()}
    assert (defaults["fetchNews"], defaults["checkForUpdates"]) == ("false", False), "the workbook's overrides.json is read"
    (notebook_folder / NAME).write_text(_notebook(), encoding="utf-8")
    page = projector
    # a workspace of its own, reset: the session's earlier tests left the demo open in the default one
    open_and_run_all(page, base, token, f"workspaces/predict-fit/tree/{NAME}?reset&")
    widget = page.locator(".groundlab-predict").first
    expect(widget).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    area = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel .jp-Notebook").first.bounding_box()
    before = widget.bounding_box()["height"]
    assert page.locator(".groundlab-predict details:not([open])").count() == 1, "the documents start folded"
    choices = page.locator(".groundlab-predict-choices .widget-radio-box label")
    assert choices.count() == 10
    tops = {round(choices.nth(i).bounding_box()["y"]) for i in range(choices.count())}
    assert len(tops) <= 3, f"the ten choices wrap over {len(tops)} rows, not one per line"
    choices.nth(0).click()  # INVALID_JSON: wrong, so the result shows a hint
    page.locator(".groundlab-predict-check").first.click()
    expect(page.locator(".groundlab-predict-again").first).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    after = widget.bounding_box()["height"]
    page.screenshot(path=str(screenshots / "jupyterlab_predict_1280x720.png"))
    print(f"Predict widget at 1280x720: {before:.0f} px before a try, {after:.0f} px after; notebook area {area['height']:.0f} px")
    assert before <= FIT_PX and after <= FIT_PX, f"the widget is {before:.0f} px, then {after:.0f} px tall"
    assert page.locator(".jp-toast-container .Toastify__toast").count() == 0, "no news prompt covers the cells"
