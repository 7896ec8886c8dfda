"""score_verifier, round 3: a time bound per call, copies for each call, hostile results and huge
messages never stop or slow it, and a process mode that survives os._exit and a stuck call."""

import os
import sys
import threading
import time

import pytest

import groundlab.lab.score as score
from groundlab import Status, Verdict, contract_verifier, load_case_set, score_verifier, verify_answer
from groundlab.study.cases import CaseSet


@pytest.fixture(scope="module")
def three():
    """Three cases of the study: small, so every mode's test stays cheap."""
    study = load_case_set()
    return CaseSet(study.path, study.sources, study.cases[:3])


def test_a_stuck_verifier_times_out_and_the_run_goes_on(three):
    release = threading.Event()
    calls = []

    def stuck_on_the_first(raw, request, sources):
        calls.append(raw)
        if len(calls) == 1:
            release.wait()  # blocks until the test ends
        return contract_verifier(raw, request, sources)

    try:
        report = score_verifier(stuck_on_the_first, three, timeout=0.2)
    finally:
        release.set()
    assert (report.agreed, report.total, report.errors) == (2, 3, 0)
    assert [(d.case_id, d.got, d.raised) for d in report.disagreements] == [
        (three.cases[0].id, "timed out after 0.2 s", False)]


def test_after_three_timeouts_the_verifier_is_not_called_again(three):
    study = load_case_set()
    release, calls = threading.Event(), []

    def always_stuck(raw, request, sources):
        calls.append(raw)
        release.wait()

    try:
        report = score_verifier(always_stuck, CaseSet(study.path, study.sources, study.cases[:5]), timeout=0.05, per_kind=5)
    finally:
        release.set()
    assert len(calls) == score.MAX_TIMEOUTS == 3
    assert [d.got for d in report.disagreements][-2:] == ["not run: 3 earlier calls timed out"] * 2
    assert report.agreed == 0


def test_exception_messages_are_read_only_as_far_as_they_are_shown(three, monkeypatch):
    seen = []
    printable = score._printable
    monkeypatch.setattr(score, "_printable", lambda text: seen.append(len(text)) or printable(text))

    def huge(raw, request, sources):
        raise ValueError("x" * 4_000_000)

    report = score_verifier(huge, three)
    assert max(seen) <= 81
    assert report.disagreements[0].got == "raised ValueError: " + "x" * 79 + "…"


def test_a_huge_result_is_cut_before_its_repr_is_made(three, monkeypatch):
    seen = []
    shown = score._shown
    monkeypatch.setattr(score, "_shown", lambda text: seen.append(len(text)) or shown(text))
    report = score_verifier(lambda raw, request, sources: ["x" * 4_000_000] * 3, three)
    assert max(seen) < 1000  # the repr made was of the cut value, not of 12 MB
    got = report.disagreements[0].got
    assert got.startswith("returned ['xxxxxxxxxx") and got.endswith("…, not a status")
    assert len(got) == len("returned ") + 80 + len(", not a status")


class _RaisingClass:
    @property
    def __class__(self):
        raise RuntimeError("no class")


class _BadStatus(Verdict):
    @property
    def status(self):
        raise RuntimeError("no status")


class _NamelessMeta(type):
    @property
    def __name__(cls):
        raise RuntimeError("no name")


class _Nameless(Exception, metaclass=_NamelessMeta):
    pass


def _bad_verdict(raw, request, sources):
    return _BadStatus(*verify_answer(raw, request, sources))


@pytest.mark.parametrize(
    "verifier, got",
    [
        (lambda raw, request, sources: _RaisingClass(), "returned "),
        (_bad_verdict, "returned "),
        (lambda raw, request, sources: (_ for _ in ()).throw(_Nameless("boom")), "raised an exception: boom"),
    ],
    ids=["raising-class", "raising-status", "raising-name"],
)
def test_hostile_results_never_make_score_verifier_raise(three, verifier, got):
    report = score_verifier(verifier, three, isolation="none")
    assert (report.agreed, report.total) == (0, 3)
    assert all(d.got.startswith(got) for d in report.disagreements), report.disagreements


@pytest.mark.parametrize("isolation", ["thread", "none"])
def test_a_verifier_works_on_copies_and_cannot_corrupt_the_case_set(three, isolation):
    before = (dict(three.sources.by_id), [c.request for c in three.cases])
    seen = []

    def vandal(raw, request, sources):
        seen.append(len(sources.by_id))
        result = contract_verifier(raw, request, sources)
        sources.by_id = {}
        object.__setattr__(request, "fields", ("nothing",))
        object.__setattr__(sources.sources[0], "text", "overwritten")
        return result

    report = score_verifier(vandal, three, isolation=isolation)
    assert report.perfect
    assert seen == [len(before[0])] * 3  # each call saw an intact registry
    assert dict(three.sources.by_id) == before[0] and [c.request for c in three.cases] == before[1]
    assert "overwritten" not in {s.text for s in three.sources}


def test_the_process_mode_survives_os_exit_and_a_stuck_call(three):
    parent = os.getpid()

    def hostile(raw, request, sources):
        assert os.getpid() != parent  # called in a child
        if raw == three.cases[0].raw:
            os._exit(3)
        if raw == three.cases[1].raw:
            threading.Event().wait()  # stuck: the child is killed
        sources.by_id = {}
        return contract_verifier(raw, request, three.sources)

    report = score_verifier(hostile, three, isolation="process", timeout=1)
    assert [(d.case_id, d.got) for d in report.disagreements] == [
        (three.cases[0].id, "ended its process (exit code 3)"),
        (three.cases[1].id, "timed out after 1 s"),
    ]
    assert (report.agreed, report.errors) == (1, 1)
    assert len(three.sources.by_id) > 0


def test_the_process_mode_leaves_no_process_the_verifier_forked(three, tmp_path):
    """A verifier that forks a sleeper once per call: the sleepers end with the run (the child
    leads its own process group, killed whole); before, each outlived the caller."""
    pids = tmp_path / "pids"

    def forking(raw, request, sources):
        pid = os.fork()
        if pid == 0:  # the grandchild: sleep, as a forgotten worker would
            time.sleep(60)
            os._exit(0)
        with open(pids, "a", encoding="utf-8") as handle:
            handle.write(f"{pid}\n")
        return contract_verifier(raw, request, sources)

    report = score_verifier(forking, three, isolation="process", timeout=5)
    assert report.agreed == len(three.cases) == 3
    started = [int(line) for line in pids.read_text(encoding="utf-8").split()]
    assert len(started) == 3
    deadline = time.monotonic() + 10
    while (alive := [pid for pid in started if _alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive == []


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie, killed and not yet reaped, is not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_bad_options_are_refused(three):
    with pytest.raises(ValueError, match="isolation must be one of thread, process, none, not 'fiber'"):
        score_verifier(contract_verifier, three, isolation="fiber")
    with pytest.raises(ValueError, match="timeout must be a positive number of seconds or None, not 0"):
        score_verifier(contract_verifier, three, timeout=0)
    assert score_verifier(contract_verifier, three, timeout=None).perfect
    assert Status.ACCEPT  # the names the docstring uses


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the address-space cap is Linux's RLIMIT_AS")
def test_the_process_mode_caps_the_childs_memory(three):
    one = CaseSet(three.path, three.sources, three.cases[:1])

    def hog(raw, request, sources):
        return bytes(512 << 20)  # 512 MiB: over the cap, refused at once

    report = score_verifier(hog, one, isolation="process", memory=64 << 20)
    assert [(d.got, d.raised) for d in report.disagreements] == [("raised MemoryError", True)]
