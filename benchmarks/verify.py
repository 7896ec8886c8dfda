"""Cost of verify_answer and parse_claims beside a bare json.loads of the same text (aim: within about 3x, valid and refused alike).

For every case of the study fixture (fixtures/config_contract.json, or the file given as the
first argument), with one prebuilt Registry, this times:

* ``verify_answer(raw, request, registry)`` -- parse, citation, the claim checks, the trace;
* ``json.loads(raw)`` -- the same text, the same run, interleaved with the above.

Each figure is the median, over 15 repeats, of the mean time of a batch of calls (batch sized
so that one batch takes about 2 ms); the repeats go round every case, timing json.loads and
then verify_answer, after a 0.3 s warm-up, so both see the same machine state. Printed: both medians per case in
microseconds and their ratio, then the median over all cases of each and the ratio of those
medians, split into valid answers and refused (INVALID_JSON) answers. For a text json.loads
refuses too, its time is that of raising and catching the error.

Then, per refusal kind, answers that ``json.loads`` reads but the boundary refuses (each built
from the fixture's first accepted answer by one change, see :func:`refusal_kinds`: wrong
shape of several sorts, a duplicate member, an empty value, a string over the limit, and
nine claims, an escaped control character), beside the fixture's valid answers:
``json.loads``, ``parse_claims`` (raising and catching its refusal) and ``verify_answer``, each
timed right after the other in batches of about 0.5 ms, over 41 passes. Printed per answer:
the median times, and ``parse_claims / json.loads`` and ``verify_answer / json.loads``, each
the median of the ratios within a pass; then the medians over the valid answers and over the
refusal kinds, and the worst kind. Prints figures only; it never asserts (timing lives here,
not in tests).

Run: ``python benchmarks/verify.py [FIXTURE.json]`` (or ``make bench`` for every benchmark).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from groundlab import Status, parse_claims, verify_answer  # noqa: E402
from groundlab import fixtures_dir, load_case_set  # noqa: E402
from groundlab.core.claims import MAX_STRING_UNITS, ClaimsSyntaxError  # noqa: E402

REPEATS = 15
TARGET_SECONDS = 0.002
KIND_REPEATS = 41
KIND_SECONDS = 0.0005


def _batch_mean(fn, number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - start) / number


def _calibrate(fn, seconds: float = TARGET_SECONDS) -> int:
    """Calls per batch so that one batch takes about ``seconds`` (TARGET_SECONDS unless told)."""
    number = 1
    while _batch_mean(fn, number) * number < seconds and number < 1_000_000:
        number *= 2
    return number


def refusal_kinds(valid: str) -> dict[str, str]:
    """Answers ``json.loads`` reads but the boundary refuses, by kind (``code/reason``), each one
    change to ``valid`` (an accepted answer of two claims or more, written with ``indent=2``)."""
    doc = json.loads(valid)

    def changed(edit) -> str:
        copy = json.loads(valid)
        edit(copy)
        return json.dumps(copy, indent=2)

    head, doc_member, tail = json.dumps(doc, indent=2).rpartition('"doc": ')  # the last claim's doc
    repeated = head + '"doc": "prod-v1",\n      ' + doc_member + tail
    return {
        "wrong_shape/claims_not_array {}": '{"claims":{}}',
        "wrong_shape/claim_not_object [1]": '{"claims":[1]}',
        "wrong_shape/top_level": json.dumps(doc["claims"], indent=2),
        "wrong_shape/no_claims {}": "{}",
        "wrong_shape/unknown_member": changed(lambda d: d.update(note="checked twice")),
        "wrong_shape/unknown_claim_member": changed(lambda d: d["claims"][1].update(source="prod-v2")),
        "wrong_shape/missing_members": changed(lambda d: d["claims"][1].pop("quote")),
        "wrong_shape/not_string": changed(lambda d: d["claims"][0].update(value=5000)),
        "wrong_shape/empty": changed(lambda d: d["claims"][1].update(value="")),
        "duplicate_member": repeated,
        "too_long/string": changed(lambda d: d["claims"][1].update(quote="x" * (MAX_STRING_UNITS + 1))),
        "too_many_claims": changed(lambda d: d.update(claims=d["claims"] * 5)),
        "bad_text/claim_char (escaped)": changed(lambda d: d["claims"][1].update(value="false\u0007")),
    }


def _paired_medians(groups: list[list], repeats: int = KIND_REPEATS) -> list[tuple[list[float], list[float]]]:
    """For each group of functions (``json.loads`` first), the median batch mean of each and the
    median, over the passes, of each one's ratio to the first.

    Every pass times every group, its functions one right after the other, in batches of about
    :data:`KIND_SECONDS`: the functions of a group see the same machine state, so a ratio taken
    within a pass holds up when other jobs share the machine (a ratio of two medians taken far
    apart does not).
    """
    sized = [[(fn, _calibrate(fn, KIND_SECONDS)) for fn in group] for group in groups]
    deadline = time.perf_counter() + 0.3
    while time.perf_counter() < deadline:
        for group in sized:
            for fn, _ in group:
                fn()
    samples = [[[] for _ in group] for group in sized]
    for _ in range(repeats):
        for group, kept in zip(sized, samples):
            for (fn, number), times in zip(group, kept):
                times.append(_batch_mean(fn, number))
    out = []
    for kept in samples:
        medians = [statistics.median(times) for times in kept]
        ratios = [statistics.median(t / base for t, base in zip(times, kept[0])) for times in kept]
        out.append((medians, ratios))
    return out


def _refusing(parse):
    """``parse``, returning the refusal instead of raising it (timed with its raise and catch)."""

    def call(raw):
        try:
            return parse(raw)
        except ClaimsSyntaxError as err:
            return err

    return call


def per_kind(case_set) -> None:
    """The refusal kinds json.loads reads, beside the valid answers: each answer, and the medians."""
    registry = case_set.sources
    valid = [case for case in case_set if case.expected is not Status.INVALID_JSON]
    base = next(case for case in valid if case.expected is Status.ACCEPT and len(json.loads(case.raw)["claims"]) > 1)
    parse = _refusing(parse_claims)
    rows = [(f"valid: {case.id}", case.raw, case.request) for case in valid]
    rows += [(kind, raw, base.request) for kind, raw in refusal_kinds(base.raw).items()]
    groups = [
        [
            lambda raw=raw: json.loads(raw),
            lambda raw=raw: parse(raw),
            lambda raw=raw, request=request: verify_answer(raw, request, registry),
        ]
        for _, raw, request in rows
    ]
    measured = _paired_medians(groups)
    print(
        f"\nper refusal kind: answers json.loads reads, beside the {len(valid)} valid ones "
        f"(median of {KIND_REPEATS} passes; each ratio the median of the ratios within a pass)"
    )
    print(f"{'answer':36} {'refused as':34} {'loads us':>9} {'parse us':>9} {'ratio':>6} {'verify us':>10} {'ratio':>6}")

    def line(label: str, refused: str, medians, ratios) -> None:
        print(
            f"{label[:36]:36} {refused[:34]:34} {medians[0] * 1e6:9.2f} {medians[1] * 1e6:9.2f} {ratios[1]:6.2f} "
            f"{medians[2] * 1e6:10.2f} {ratios[2]:6.2f}"
        )

    valid_rows, refused_rows = [], []
    for (label, raw, _), (medians, ratios) in zip(rows, measured):
        if label.startswith("valid:"):
            valid_rows.append((medians, ratios))
            continue
        refused_rows.append((medians, ratios))
        outcome = parse(raw)
        line(label, f"{outcome.code}/{outcome.reason}" if isinstance(outcome, ClaimsSyntaxError) else "ACCEPTED (!)", medians, ratios)

    def middle(chosen) -> tuple[list[float], list[float]]:
        return (
            [statistics.median(m[i] for m, _ in chosen) for i in range(3)],
            [statistics.median(r[i] for _, r in chosen) for i in range(3)],
        )

    line(f"valid answers ({len(valid_rows)}), median", "-", *middle(valid_rows))
    line(f"refused kinds ({len(refused_rows)}), median", "-", *middle(refused_rows))
    worst = max(refused_rows, key=lambda row: row[1][1])[1]
    print(f"{'refused kinds, worst ratio':36} {'-':34} {'':9} {'':9} {worst[1]:6.2f} {'':10} {max(r[2] for _, r in refused_rows):6.2f}")


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else fixtures_dir() / "config_contract.json"
    case_set = load_case_set(path)
    registry = case_set.sources
    jobs = []
    for case in case_set:
        raw, request = case.raw, case.request

        def verify(raw=raw, request=request):
            return verify_answer(raw, request, registry)

        def loads(raw=raw):
            try:
                return json.loads(raw)
            except (ValueError, RecursionError):
                return None

        verify()  # warms the request check
        jobs.append((case, verify, _calibrate(verify), loads, _calibrate(loads)))
    # warm-up: every case, both functions, for a moment
    deadline = time.perf_counter() + 0.3
    while time.perf_counter() < deadline:
        for _, verify, _, loads, _ in jobs:
            verify()
            if loads:
                loads()
    samples: dict[str, tuple[list[float], list[float]]] = {case.id: ([], []) for case, *_ in jobs}
    for _ in range(REPEATS):  # interleaved: each repeat times every case, loads then verify
        for case, verify, n_verify, loads, n_loads in jobs:
            if loads:
                samples[case.id][1].append(_batch_mean(loads, n_loads))
            samples[case.id][0].append(_batch_mean(verify, n_verify))
    rows = []
    for case, *_ in jobs:
        verify_times, loads_times = samples[case.id]
        rows.append(
            (case.id, case.expected, statistics.median(verify_times),
             statistics.median(loads_times) if loads_times else None)
        )

    print(f"verify_answer vs json.loads, {path.name}: {len(rows)} cases, median of {REPEATS} repeats")
    print(f"{'case':32} {'status':22} {'verify us':>10} {'loads us':>10} {'ratio':>7}")
    for case_id, expected, verify, loads in rows:
        print(f"{case_id[:32]:32} {expected.value:22} {verify * 1e6:10.2f} {loads * 1e6:10.2f} {verify / loads:7.2f}")

    def summary(label: str, chosen) -> None:
        pairs = [(v, l) for _, _, v, l in chosen if l is not None]
        if not pairs:
            return
        v_med = statistics.median(v for v, _ in pairs)
        l_med = statistics.median(l for _, l in pairs)
        print(
            f"{label:40} n={len(pairs):3}  verify_answer median {v_med * 1e6:8.2f} us   "
            f"json.loads median {l_med * 1e6:8.2f} us   ratio {v_med / l_med:5.2f}"
        )

    print()
    summary("all answers", rows)
    summary("valid answers (not INVALID_JSON)", [r for r in rows if r[1] is not Status.INVALID_JSON])
    summary("refused answers (INVALID_JSON)", [r for r in rows if r[1] is Status.INVALID_JSON])
    per_kind(case_set)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
