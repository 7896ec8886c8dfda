"""Cost of the normalisation ladder over the whole quote-perturbation catalogue.

Prints, in one fresh interpreter:

* loading the catalogue (``load_perturbations``: the SHA-256 check of the frozen file,
  then the strict JSON read and the typed items);
* the first ``run_ladder`` over it, which also imports rapidfuzz;
* the median of further runs (each folds every distinct text again: nothing is kept
  between runs), and the time per item and rung;
* for comparison, each rung's own ``check`` called item by item, as a notebook cell
  asking one rung at a time would.

Figures only, no assertions; the aim, the whole catalogue live in under a second, keeps
the ladder a cell a learner can re-run ("No Quote, No Claim"; ``docs/architecture.md``,
"Grounding"). Run: ``python benchmarks/ladder.py`` (or ``make bench``).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RUNS = 15


def main() -> int:
    from groundlab.lab.catalogue import load_perturbations
    from groundlab.lab.ladder import LADDER, run_ladder

    start = time.perf_counter()
    catalogue = load_perturbations()
    load_s = time.perf_counter() - start

    start = time.perf_counter()
    run_ladder(catalogue)
    first_s = time.perf_counter() - start

    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        result = run_ladder(catalogue)
        times.append(time.perf_counter() - start)
    median_s = statistics.median(times)

    start = time.perf_counter()
    for rung in LADDER:
        for item in catalogue:
            rung.check(item.quote, item.source)
    checks_s = time.perf_counter() - start

    cells = len(catalogue) * len(LADDER)
    rows = [
        ("load_perturbations (hash check, strict read)", load_s, ""),
        ("first run_ladder (imports rapidfuzz)", first_s, "   (aim: < 1000 ms)"),
        (f"run_ladder, median of {RUNS}", median_s, f"   ({median_s / cells * 1e6:.1f} us per verdict)"),
        ("every rung's own check, item by item", checks_s, ""),
        ("load + first run", load_s + first_s, ""),
    ]
    print(f"the ladder: {len(LADDER)} rungs over {len(catalogue)} catalogue items ({cells} verdicts)")
    for label, seconds, note in rows:
        print(f"  {label + ':':<48}{seconds * 1e3:8.1f} ms{note}")
    rescued = ", ".join(f"{c.rung} {c.rescued}/{c.let_through}" for c in result.overall)
    print(f"  rescued/let through per rung: {rescued}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
