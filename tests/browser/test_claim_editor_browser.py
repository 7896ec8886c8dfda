"""The claim editor in a real browser: JupyterLab (run all, edit a quote, hostile text)
and the Voila classroom demo (code hidden, edits re-check).

Waits are generous (a change, not a speed, is asserted); the time from the edit to
the new status is recorded in ``benchmarks/out/browser_latency.txt``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
DEMO_NAME = "demo_claim_editor.ipynb"
LATENCY_FILE = ROOT / "benchmarks" / "out" / "browser_latency.txt"
WIDGET_TIMEOUT_MS = 180_000  # kernel start + import + first render, on two shared cores
CHANGE_TIMEOUT_MS = 60_000  # one edit to one status change: generous, not a speed assertion

IMG = "<img src=x onerror=alert(1)>"
STATUS = ".groundlab-contract-status"
QUOTE_INPUT = ".groundlab-quote-input input"


def _expect():
    from playwright.sync_api import expect

    return expect


def _dismiss_kernel_dialog(page, seconds: float = 10) -> None:
    """Accept JupyterLab's kernel selection dialog if it shows up (it keeps python3)."""
    deadline = time.monotonic() + seconds
    dialog = page.locator(".jp-Dialog")
    while time.monotonic() < deadline:
        if dialog.count() and dialog.first.is_visible():
            page.locator(".jp-Dialog .jp-mod-accept").first.click()
            return
        page.wait_for_timeout(250)


def _run_all_cells(page) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator('.lm-Menu-itemLabel:text-is("Run All Cells")').first.click()


def open_notebook(page, base: str, token: str, where: str = f"tree/{DEMO_NAME}?") -> None:
    """Open a notebook in the JupyterLab at ``base``: the demo notebook, or ``where`` (the part of
    the address after ``/lab/``, up to the token's ``?`` or ``&``)."""
    page.goto(f"{base}/lab/{where}token={token}", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook", timeout=WIDGET_TIMEOUT_MS)
    _dismiss_kernel_dialog(page)


def open_and_run_all(page, base: str, token: str, where: str = f"tree/{DEMO_NAME}?") -> None:
    """:func:`open_notebook`, then run all its cells."""
    open_notebook(page, base, token, where)
    page.locator(".jp-Notebook .jp-Cell").first.click()
    _run_all_cells(page)
    _dismiss_kernel_dialog(page, seconds=3)


def _record_latency(where: str, seconds: float) -> str:
    LATENCY_FILE.parent.mkdir(parents=True, exist_ok=True)
    line = f"{where}: edit quote -> status QUOTE_NOT_SUPPORTING in {seconds * 1000:.0f} ms"
    with open(LATENCY_FILE, "a", encoding="utf-8") as handle:
        handle.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {line}\n")
    print(line)
    return line


def _edit_quote_and_wait(page, text: str, expected: str) -> float:
    expect = _expect()
    quote = page.locator(QUOTE_INPUT).first
    start = time.perf_counter()
    quote.fill(text)
    expect(page.locator(STATUS).first).to_contain_text(expected, timeout=CHANGE_TIMEOUT_MS)
    return time.perf_counter() - start


def check_quote_edits(page, screenshots) -> None:
    """On a JupyterLab page where the demo notebook has run (``open_and_run_all``): the claim
    editor rechecks each edit of a quote, and hostile text typed as a quote stays text. Called by
    the demo's JupyterLab test, so the notebook is opened and run once for both."""
    expect = _expect()
    status = page.locator(STATUS).first
    expect(status).to_have_text("✓ ACCEPT", timeout=WIDGET_TIMEOUT_MS)
    page.screenshot(path=str(screenshots / "jupyterlab_before_edit.png"), full_page=True)

    seconds = _edit_quote_and_wait(page, "retry_enabled=false", "QUOTE_NOT_SUPPORTING")
    expect(status).to_have_text("✗ QUOTE_NOT_SUPPORTING")
    failed = page.locator('.groundlab-trace tr.groundlab-failed[data-claim="0"][data-check="supports"]')
    expect(failed).to_contain_text("✗ FAILED")
    _record_latency("jupyterlab", seconds)
    page.screenshot(path=str(screenshots / "jupyterlab_after_edit.png"), full_page=True)

    # hostile text typed as a quote is shown as text, never run as markup
    page.locator(QUOTE_INPUT).first.fill(IMG)
    expect(status).to_have_text("✗ NO_CITATION", timeout=CHANGE_TIMEOUT_MS)
    expect(page.locator(".groundlab-hints").first).to_contain_text("onerror=alert(1)>", timeout=CHANGE_TIMEOUT_MS)
    page.wait_for_timeout(1000)  # give a payload, had it been markup, time to fire
    assert page.dialogs == []
    assert page.locator('.jp-OutputArea img[src="x"]').count() == 0
    assert page.locator('img[src="x"]').count() == 0
    page.screenshot(path=str(screenshots / "jupyterlab_hostile_quote.png"), full_page=True)


def check_voila_hides_code_and_rechecks_edits(page, screenshots) -> None:
    """On a freshly loaded Voila page of the demo: no code is shown, and the claim editor rechecks
    each edit of a quote, hostile text staying text. Called by the demo's first Voila test, on its
    one page (one kernel start for every Voila test)."""
    expect = _expect()
    status = page.locator(STATUS).first
    expect(status).to_have_text("✓ ACCEPT", timeout=WIDGET_TIMEOUT_MS)
    assert page.locator(".cm-editor, .CodeMirror, .jp-InputArea-editor").count() == 0  # code cells hidden
    assert "ClaimEditor.from_case" not in page.content()
    page.screenshot(path=str(screenshots / "voila_before_edit.png"), full_page=True)

    seconds = _edit_quote_and_wait(page, "retry_enabled=false", "QUOTE_NOT_SUPPORTING")
    expect(status).to_have_text("✗ QUOTE_NOT_SUPPORTING")
    _record_latency("voila", seconds)
    page.screenshot(path=str(screenshots / "voila_after_edit.png"), full_page=True)

    page.locator(QUOTE_INPUT).first.fill(IMG)
    expect(status).to_have_text("✗ NO_CITATION", timeout=CHANGE_TIMEOUT_MS)
    page.wait_for_timeout(1000)
    assert page.dialogs == []
    assert page.locator('img[src="x"]').count() == 0
