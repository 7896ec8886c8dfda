"""groundlab: check whether an LLM's cited evidence really supports its answer.

The core is standard-library only and importing this package loads nothing else
(no pandas, matplotlib, ipywidgets or pydantic). The parts:

* :mod:`groundlab.claims` -- strict parsing of an answer into claims;
* :mod:`groundlab.registry` -- trusted sources and requests;
* :mod:`groundlab.contract` -- the closed configuration contract (seeds 000/001);
* :mod:`groundlab.baselines` -- the weaker checks it is compared with;
* :mod:`groundlab.quotes` -- "no quote, no claim" (seed 002; imported on use);
* :mod:`groundlab.hints` -- near-miss explanations beside a verdict;
* :mod:`groundlab.study` -- the frozen 22-case study, evidence folders and audit;
* :mod:`groundlab.tables`, :mod:`groundlab.charts`, :mod:`groundlab.widgets` --
  the workbook's presentation layer (imported on use).
"""

from .claims import Claim, ClaimsSyntaxError, loads_strict, parse_claims
from .contract import Status, TraceStep, Verdict, verify_answer
from .registry import Registry, Request, Source

__all__ = [
    "Claim",
    "ClaimsSyntaxError",
    "Registry",
    "Request",
    "Source",
    "Status",
    "TraceStep",
    "Verdict",
    "__version__",
    "loads_strict",
    "parse_claims",
    "verify_answer",
]

__version__ = "0.1.0"
