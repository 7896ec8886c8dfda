"""Cost of verify_answer beside a bare json.loads of the same text (aim: within about 3x, valid and refused alike).

For every case of the study fixture (fixtures/config_contract.json, or the file given as the
first argument), with one prebuilt Registry, this times:

* ``verify_answer(raw, request, registry)`` -- parse, citation, the claim checks, the trace;
* ``json.loads(raw)`` -- the same text, the same run, interleaved with the above.

Each figure is the median, over 15 repeats, of the mean time of a batch of calls (batch sized
so that one batch takes about 2 ms); the repeats go round every case, timing json.loads and
then verify_answer, after a 0.3 s warm-up, so both see the same machine state. Printed: both medians per case in
microseconds and their ratio, then the median over all cases of each and the ratio of those
medians, split into valid answers and refused (INVALID_JSON) answers. For a text json.loads
refuses too, its time is that of raising and catching the error. Prints figures only; it
never asserts (timing lives here, not in tests).

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

from groundlab import Status, verify_answer  # noqa: E402
from groundlab import fixtures_dir, load_case_set  # noqa: E402

REPEATS = 15
TARGET_SECONDS = 0.002


def _batch_mean(fn, number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - start) / number


def _calibrate(fn) -> int:
    """Calls per batch so that one batch takes about TARGET_SECONDS."""
    number = 1
    while _batch_mean(fn, number) * number < TARGET_SECONDS and number < 1_000_000:
        number *= 2
    return number


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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
