"""Notebook 12's capstone: the frozen fixture, the designer's labels, the study helpers and the goals (exact feedback)."""

from __future__ import annotations

import json
import shutil

import pytest

from groundlab.workbook import Exercise, lesson_exercises
from groundlab import (
    FrozenFixtureError, Request, Status, TrustedInputError, fixtures_dir, load_case_set, verify_answer,
    verify_frozen,
)
from groundlab.workbook.lessons import capstone, l12
from groundlab.workbook.lessons.capstone import CAPSTONE_FILE, load_capstone

# The designer's labels, written from the contract's rules before the fixture was ever run, and
# kept here, apart from the answers, where the learner does not see them.
DESIGNED = {
    "a01": "ACCEPT",                 # both claims canonical, in reverse order
    "a02": "VALUE_MISMATCH",         # last year's Saturday value under this year's genuine line
    "a03": "STALE_REVISION",         # both claims from the 2024 timetable, self-consistent
    "a04": "SCOPE_MISMATCH",         # the right weekday value, from the central branch
    "a05": "QUOTE_NOT_SUPPORTING",   # right value, quoted from the prose sentence
    "a06": "INCOMPLETE",             # the Saturday claim is missing
    "a07": "UNREQUESTED_FIELD",      # a complete answer plus a Sunday claim
    "a08": "DUPLICATE_CLAIM",        # weekdays again, from 2024: duplicate comes before revision
    "a09": "INVALID_JSON",           # an extra "confidence" member in each claim (wrong_shape)
    "a10": "NO_CITATION",            # an en dash in value and quote: the quote is not in the document
    "a11": "STALE_REVISION",         # this year's value, cited to 2024: revision comes before value
    "a12": "SCOPE_MISMATCH",         # the term timetable's Saturday, and weekdays missing: scope before coverage
}
WARM_UPS = {"w1": "NO_CITATION", "w2": "VALUE_MISMATCH"}
RIGHT_REQUEST = Request(service="riverside", environment="summer", revision="2025", fields=("saturday", "weekdays"),
                        supplied=("cen-summer-2025", "riv-summer-2025", "riv-term-2025", "riv-summer-2024"))


@pytest.fixture
def cap():
    return load_capstone()


@pytest.fixture
def q(cap):
    return l12.exercises(cap)


def test_the_fixture_is_frozen_and_listed_once():
    listed = (fixtures_dir() / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    assert [line.split()[1] for line in listed].count(CAPSTONE_FILE) == 1
    assert CAPSTONE_FILE in verify_frozen(names=[CAPSTONE_FILE])
    data = json.loads((fixtures_dir() / CAPSTONE_FILE).read_text(encoding="utf-8"))
    assert (fixtures_dir() / CAPSTONE_FILE).read_text(encoding="utf-8").isascii()
    assert all(set(a) == {"id", "raw"} for a in data["answers"]), "the answers carry no labels"


def test_the_contract_agrees_with_every_designed_label(cap):
    assert list(cap.answers) == list(DESIGNED)
    for answer_id, raw in cap.answers.items():
        assert verify_answer(raw, cap.request, cap.sources).status == DESIGNED[answer_id], answer_id
    for answer_id, raw in cap.examples.items():
        assert verify_answer(raw, cap.request, cap.sources).status == WARM_UPS[answer_id], answer_id
    assert len(set(DESIGNED.values())) == len(Status) >= 7


def test_load_capstone_refuses_an_edited_frozen_file_and_a_malformed_copy(tmp_path, monkeypatch):
    folder = tmp_path / "fixtures"
    shutil.copytree(fixtures_dir(), folder)
    path = folder / CAPSTONE_FILE
    path.write_text(path.read_text(encoding="utf-8").replace('"a01"', '"a00"', 1), encoding="utf-8")
    monkeypatch.setattr(capstone, "fixtures_dir", lambda: folder)
    with pytest.raises(FrozenFixtureError, match="capstone_library.json: content differs"):
        load_capstone()
    with pytest.raises(FrozenFixtureError):  # the frozen file is checked however it is named
        load_capstone(path)
    moved = tmp_path / "my_copy.json"
    moved.write_bytes(path.read_bytes())
    assert load_capstone(moved).answers.keys() >= {"a00", "a12"}  # a copy elsewhere is not frozen
    data = json.loads(path.read_text(encoding="utf-8"))
    for broken, message in [
        ({k: v for k, v in data.items() if k != "task"}, "missing task"),
        ({**data, "answers": {"a01": "{}"}}, "must be a JSON array"),
        ({**data, "answers": [{"id": "a01", "raw": "{}", "expected": "ACCEPT"}]}, "exactly a non-empty string id"),
        ({**data, "answers": [{"id": "a01", "raw": "{}"}] * 2}, "two answers share the id 'a01'"),
        ({**data, "request": {**data["request"], "supplied": ["nowhere"]}}, "the request supplies 'nowhere'"),
    ]:
        copy = tmp_path / "broken.json"
        copy.write_text(json.dumps(broken), encoding="utf-8")
        with pytest.raises(TrustedInputError, match=message):
            load_capstone(copy)


def test_lesson_exercises_gives_the_four_exercises():
    found = lesson_exercises("12")
    assert list(vars(found)) == ["request", "labels", "explain", "thirteenth"]
    assert all(isinstance(q, Exercise) and 1 <= len(q.hints) <= 2 for q in vars(found).values())


def test_the_request_goal(q):
    goal = q["request"].goal
    assert goal("riverside") == (False, "the answer should be a Request (from groundlab, or dataclasses.replace of one), not str")
    assert goal(Request(service="riverside", environment="summer", revision="2025", fields=("weekdays",),
                        supplied=("riv-summer-2026",))) == (
        False, "the registry refuses this request: the request supplies 'riv-summer-2026', which no source in the registry has "
               "(known ids: cen-summer-2025, har-summer-2025, riv-summer-2024, riv-summer-2025, riv-term-2025).")
    starter = Request(service="?", environment="?", revision="?", fields=("?",), supplied=("riv-summer-2025",))
    assert goal(starter) == (False, (
        "service '?' is not the one the task asks for (the registry's: central, harbour, riverside); "
        "environment '?' is not the one the task asks for (the registry's: summer, term); "
        "revision '?' is not the one the task asks for (the registry's: 2024, 2025); "
        "the task does not ask for the field(s) ?; the task asks for 2 fields, and your request has 0 of them; "
        "the model was given 4 documents, and your request supplies 1 of them."))
    greedy = Request(service="riverside", environment="summer", revision="2025", fields=("weekdays", "saturday", "sunday"),
                     supplied=("riv-summer-2025", "riv-summer-2024", "riv-term-2025", "cen-summer-2025", "har-summer-2025"))
    assert goal(greedy) == (False, "the task does not ask for the field(s) sunday; the model was not given har-summer-2025.")
    assert goal(RIGHT_REQUEST) == (True, (
        "riverside / summer / 2025, fields saturday, weekdays, with the 4 documents the model was given "
        "(the order does not matter to the contract)."))


def test_the_labels_goal_checks_form_then_counts_agreement_never_naming_which(q):
    goal = q["labels"].goal
    assert goal(["ACCEPT"]) == (False, "the labels should be a dict of answer id -> status name, not list")
    assert goal(dict.fromkeys(DESIGNED)) == (
        False, "12 answer(s) still have no status: a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12.")
    odd = {**dict.fromkeys(DESIGNED, "ACCEPT"), "a13": "ACCEPT", "a02": "VALUE_MISSMATCH", "a03": 7}
    del odd["a12"]
    assert goal(odd) == (False, (
        "not an answer: 'a13'; no label for a12; not a status name (a02: 'VALUE_MISSMATCH', a03: 7); the statuses: "
        "INVALID_JSON, NO_CITATION, DUPLICATE_CLAIM, UNREQUESTED_FIELD, SCOPE_MISMATCH, STALE_REVISION, VALUE_MISMATCH, "
        "QUOTE_NOT_SUPPORTING, INCOMPLETE, ACCEPT."))
    wrong_but_valid = dict.fromkeys(DESIGNED, "ACCEPT")  # spelt right, not a prediction: not right
    assert goal(wrong_but_valid) == (False, (
        "all 12 answers labelled, with 1 different statuses; 1 of 12 agree with the contract, and at least 7 should. "
        "Walk each answer through the check order again (q.labels.hint()); the study will show which ones differ."))
    assert l12.LABELS_TO_AGREE == 7
    six_wrong = {**DESIGNED, **dict.fromkeys(["a01", "a02", "a03", "a04", "a05", "a06", "a07"], "INCOMPLETE")}  # a06 stays right
    assert goal(six_wrong).right is False
    seven = {**six_wrong, "a01": "ACCEPT"}
    assert goal(seven) == (True, "all 12 answers labelled, with 7 different statuses; 7 of 12 agree with the contract. "
                                 "Which ones do not is for the study to show.")
    assert goal({k: Status(v) for k, v in DESIGNED.items()}).right


def test_the_labels_solution_is_computed_by_the_library(q):
    namespace: dict = {}
    exec(q["labels"].solution(), namespace)
    assert namespace["my_labels"] == DESIGNED and q["labels"].solution_shown


def test_new_study_writes_a_case_file_that_groundlab_run_reads(cap, tmp_path):
    labels = {**dict.fromkeys(DESIGNED), "a01": "ACCEPT", "a02": "ACCEPT", "a03": "STALE_REVISON"}
    study = cap.new_study(tmp_path, RIGHT_REQUEST, labels)
    assert study.folder == tmp_path / "study-1" and study.written == ("a01", "a02")
    assert study.left_out == tuple(i for i in DESIGNED if i not in ("a01", "a02")) and not study.request_differs
    assert str(study).splitlines() == [
        "2 of 12 answers written to my_labels.json with your labels",
        "plus p01: the warm-up answer w2 with a colleague's label (the study checks it too)",
        "left out until they have a status: a03, a04, a05, a06, a07, a08, a09, a10, a11, a12",
    ]
    cases = load_case_set(study.case_file)
    assert cases.ids == ("a01", "a02", "p01") and [c.expected for c in cases] == [Status.ACCEPT, Status.ACCEPT, Status.QUOTE_NOT_SUPPORTING]
    assert cases["p01"].raw == cap.examples["w2"]
    assert cases["a02"].raw == cap.answers["a02"] and cases["a02"].request == RIGHT_REQUEST
    assert [s.id for s in cases.sources] == [s.id for s in cap.sources]
    assert cap.last_study == (RIGHT_REQUEST, {"a01": Status.ACCEPT, "a02": Status.ACCEPT, "p01": Status.QUOTE_NOT_SUPPORTING})
    other = Request(service="central", environment="summer", revision="2025", fields=("weekdays",), supplied=("cen-summer-2025",))
    again = cap.new_study(tmp_path, other, DESIGNED)
    assert again.folder.name == "study-2" and again.request_differs
    assert str(again).splitlines()[-1] == "your request is not yet the one the task describes (q.request.check says what differs)"


def test_new_study_refuses_wrong_input(cap, tmp_path):
    with pytest.raises(ValueError, match="no answer 'a13'"):
        cap.new_study(tmp_path, RIGHT_REQUEST, {"a13": "ACCEPT"})
    with pytest.raises(ValueError, match="a study is never written inside"):
        cap.new_study(fixtures_dir(), RIGHT_REQUEST, DESIGNED)
    with pytest.raises(TypeError):
        cap.new_study(tmp_path, "riverside", DESIGNED)
    with pytest.raises(TypeError):
        cap.new_study(tmp_path, RIGHT_REQUEST, ["ACCEPT"])
    assert cap.last_study is None and not list(tmp_path.iterdir())


def test_the_command_line_runs_in_the_study_folder_without_paths_or_volatile_counts(cap, tmp_path):
    labels = {**DESIGNED, "a04": "ACCEPT", "a10": "VALUE_MISMATCH"}
    study = cap.new_study(tmp_path, RIGHT_REQUEST, labels)
    run = study.command("run", "--fixtures", "my_labels.json", "--out", "evidence")
    assert run.code == 1 and run.lines == (
        "evidence written to evidence",
        "submitted       13",
        "strict JSON     12 / 13",
        "citation-only   11 / 13",
        "full contract   1 / 13",
        "citation-only false accepts: 9",
        "DISAGREES a04: expected ACCEPT, got SCOPE_MISMATCH",
        "DISAGREES a10: expected VALUE_MISMATCH, got NO_CITATION",
        "DISAGREES p01: expected QUOTE_NOT_SUPPORTING, got VALUE_MISMATCH",
        "labels agreed: 10 / 13",
    )
    assert str(run).splitlines()[0] == "$ groundlab run --fixtures my_labels.json --out evidence"
    assert str(run).splitlines()[-1] == "exit code 1"
    audit = study.command("audit", "evidence")
    assert audit.code == 1
    assert audit.lines[-1] == "audit FAILED: 4 problem(s); report in evidence/audit.json"
    assert "PROBLEM case 'a10': outcome is 'NO_CITATION' in results.json, expected 'VALUE_MISMATCH'" in audit.lines
    again = study.command("run", "--fixtures", "my_labels.json", "--out", "evidence")
    assert again.code == 2 and again.lines == (
        "groundlab: evidence already exists; evidence folders are never overwritten. Choose a new --out folder.",)
    assert not any(str(tmp_path) in line for line in run.lines + audit.lines + again.lines)


def test_the_explain_goal(cap, q, tmp_path):
    goal = q["explain"].goal
    assert goal({}) == (False, "run your labels as a study first (the cell with cap.new_study).")
    cap.new_study(tmp_path, RIGHT_REQUEST, dict.fromkeys(DESIGNED))
    assert goal({"a01": "?"}) == (False, (
        "your study ran 0 of 12 answers and the planted p01, with 1 disagreement(s); "
        "a01: your label and the library agree there (or it was not in your study): nothing to explain; "
        "no explanation yet for p01."))
    assert goal({}).right is False, "the planted label always leaves work: {} is never the whole exercise"
    assert goal({"p01": "claim 1 value"}) == (False, (
        "your study ran 0 of 12 answers and the planted p01, with 1 disagreement(s); "
        "p01: value decided it, but for claim 0, not claim 1; read its trace."))
    for spelling in ("value", "claim 0 value", "claim 0 value: FAILED: claimed '09:00-18:00'", " claim 0 value "):
        assert goal({"p01": spelling}) == (True, (
            "your study ran 0 of 12 answers and the planted p01, with 1 disagreement(s), each explained: p01 at claim 0 value.")), spelling
    cap.new_study(tmp_path, RIGHT_REQUEST, {**DESIGNED, "a01": "INCOMPLETE", "a08": "STALE_REVISION", "a10": "VALUE_MISMATCH"})
    assert goal(["a08"]) == (False, "the explanations should be a dict of answer id -> check name, not list")
    assert goal({"a08": "revision", "a10": "values", "a02": "value", "a99": "scope"}) == (False, (
        "your study ran 12 of 12 answers and the planted p01, with 4 disagreement(s); "
        "a08: 'revision' is not the check that decided it; read its trace; "
        "a10: 'values' is not a check; the checks: parse, citation, duplicate, requested, scope, revision, value, supports, coverage; "
        "a02: your label and the library agree there (or it was not in your study): nothing to explain; "
        "'a99' is not an answer; no explanation yet for a01, p01."))
    assert goal({"a01": None, "a08": "duplicate", "a10": "claim 0 citation", "p01": "value"}) == (True, (
        "your study ran 12 of 12 answers and the planted p01, with 4 disagreement(s), each explained: "
        "a01 at no check (accepted), a08 at claim 2 duplicate, a10 at claim 0 citation, p01 at claim 0 value."))
    assert goal({"a01": "none", "a08": "duplicate", "a10": "citation", "p01": "value"}).right


def test_the_explain_solution_meets_the_goal_for_any_labels(cap, q, tmp_path):
    for labels in (DESIGNED, dict.fromkeys(DESIGNED, "ACCEPT"), dict.fromkeys(DESIGNED, "INVALID_JSON")):
        namespace = {"study": cap.new_study(tmp_path, RIGHT_REQUEST, labels)}
        exec(q["explain"].solution(), namespace)
        assert q["explain"].goal(namespace["my_reasons"]).right
    assert len(namespace["my_reasons"]) == 12, "eleven of the dozen, and the planted label"


def test_the_planted_label_is_wrong_and_its_answer_is_a_warm_up(cap):
    case, example, label = capstone.PLANTED
    assert cap.raw(case) == cap.examples[example]
    status = verify_answer(cap.examples[example], cap.request, cap.sources).status
    assert label in capstone.STATUS_NAMES and status.value != label == "QUOTE_NOT_SUPPORTING"
    assert case not in cap.answers and case not in cap.examples


def test_the_thirteenth_answer_goal(cap, q):
    goal = q["thirteenth"].goal
    good = cap.answers["a01"]
    assert goal(good) == (False, "the contract should say QUOTE_NOT_SUPPORTING, but it says ACCEPT (every check passed).")
    assert goal(cap.answers["a05"]) == (
        False, "it should fail at claim 1's supports, but it fails at claim 0's supports.")
    namespace: dict = {}
    exec(q["thirteenth"].solution(), namespace)
    assert goal(namespace["my_answer"]) == (
        True, "the contract says QUOTE_NOT_SUPPORTING (claim 1 supports: FAILED: quote 'Saturdays until 13:00.' is not saturday=10:00-13:00).")


def test_the_request_solution_meets_its_goal(q):
    namespace: dict = {}
    exec(q["request"].solution(), namespace)
    assert q["request"].goal(namespace["my_request"]).right


def test_a_study_that_cannot_be_written_leaves_nothing_and_says_why(tmp_path):
    from dataclasses import replace as _replace

    from groundlab.workbook import load_capstone

    cap = load_capstone()
    some = {next(iter(cap.answers)): "ACCEPT"}
    with pytest.raises(ValueError, match="cannot be written as UTF-8"):
        cap.new_study(tmp_path, _replace(cap.request, fields=cap.request.fields + ("\ud800x",)), some)
    assert list(tmp_path.iterdir()) == [], "no folder, no half-written file"
    afile = tmp_path / "a-file"
    afile.write_text("x")
    with pytest.raises(ValueError, match="cannot write a study in"):
        cap.new_study(afile, cap.request, some)
    with pytest.raises(ValueError, match="cannot write a study in"):
        cap.new_study(tmp_path / "missing", cap.request, some)


def test_the_frozen_file_is_hash_checked_however_it_is_named(tmp_path, monkeypatch):
    import groundlab.workbook.lessons.capstone as l12  # the capstone's data: load_capstone and its fixture
    from groundlab import FrozenFixtureError

    copy = tmp_path / "fixtures"
    copy.mkdir()
    for name in ("SHA256SUMS", l12.CAPSTONE_FILE):
        (copy / name).write_bytes((l12.fixtures_dir() / name).read_bytes())
    (copy / l12.CAPSTONE_FILE).write_bytes((copy / l12.CAPSTONE_FILE).read_bytes().replace(b"}", b" }", 1))
    monkeypatch.setattr(l12, "fixtures_dir", lambda: copy)
    with pytest.raises(FrozenFixtureError):
        l12.load_capstone(copy / l12.CAPSTONE_FILE)
    with pytest.raises(FrozenFixtureError):
        l12.load_capstone()


def test_the_explain_goal_reads_the_trace_as_the_chinese_trace_spells_it(cap, q, tmp_path):
    """A learner on the Chinese path copies the place as its trace shows it (聲明 0, 回答); the
    English spelling is still read, and a wrong claim is still wrong."""
    from groundlab import set_language

    goal = q["explain"].goal
    cap.new_study(tmp_path, RIGHT_REQUEST, dict.fromkeys(DESIGNED))
    set_language("zh-Hant")
    for spelling in ("value", "聲明 0 value", "claim 0 value", "聲明 0 value：失敗：聲明的值是 '09:00-18:00'"):
        assert goal({"p01": spelling}).right, spelling
    wrong = goal({"p01": "聲明 1 value"})
    assert not wrong.right and "聲明 0" in wrong.message and "聲明 1" in wrong.message
