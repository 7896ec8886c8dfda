"""The ``groundlab`` command line: ``run``, ``audit`` and ``verify``.

Exit codes (also in ``groundlab --help``):

* ``0`` -- success: the run agreed with every label, the audit found nothing, the
  verified answer was accepted;
* ``1`` -- a finding: some case disagreed with its label, the audit found a
  mismatch or tampering, the verified answer was rejected;
* ``2`` -- the command could not run: bad arguments, a missing or malformed
  trusted file, an unknown case id, an evidence folder that already exists, a
  frozen fixture that was edited.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence

from groundlab.core.claims import format_path
from groundlab.core.contract import Verdict, verify_answer
from groundlab.view.trace import trace_rows
from groundlab.core.claims import MAX_INPUT_UNITS
from groundlab.core.registry import load_registry, load_request
from groundlab.core.trusted import FrozenFixtureError, TrustedInputError, fixtures_dir, verify_frozen
from groundlab.study.cases import load_case_set

EXIT_OK, EXIT_FINDING, EXIT_ERROR = 0, 1, 2

_EPILOG = """exit codes:
  0  success (run agreed with every label / audit clean / answer accepted)
  1  a finding (a case disagreed / audit found a mismatch / answer rejected)
  2  could not run (bad arguments, missing or malformed file, unknown case,
     existing evidence folder, edited frozen fixture)

examples:
  groundlab run --out evidence/first
  groundlab audit evidence/first
  groundlab verify --case wrong-value-real-quote
  groundlab verify --registry reg.json --request req.json answer.json --json
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse exits 2 too; keep its message, add a hint
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message}\nTry '{self.prog} --help'.\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``groundlab`` command."""
    parser = _Parser(
        prog="groundlab",
        description="Check whether an LLM's cited evidence supports its answer.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    run = sub.add_parser(
        "run",
        help="run labelled cases and write a new evidence folder",
        description="Run every case of a fixture file through strict JSON, quote-exists and the "
        "full contract; write results.json and manifest.json into a NEW folder.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("--fixtures", metavar="PATH", help="fixture file (default: the frozen 22-case study)")
    run.add_argument("--out", metavar="DIR", required=True, help="evidence folder to create; must not exist")

    audit = sub.add_parser(
        "audit",
        help="independently re-check an evidence folder",
        description="Re-check labels, the citation baseline, counts and every hash of an evidence "
        "folder, without using the contract's code; write audit.json beside it.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    audit.add_argument("dir", metavar="DIR", help="an evidence folder written by 'groundlab run'")

    verify = sub.add_parser(
        "verify",
        help="verify one answer and show the verdict with its trace",
        description="Verify one answer: a fixture case (--case), or an answer file against a "
        "registry file and a request file. Prints the status, the trace, the accepted map and "
        "near-miss hints.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verify.add_argument("--fixtures", metavar="PATH", help="fixture file for --case (default: the study)")
    verify.add_argument("--case", metavar="ID", help="id of a fixture case")
    verify.add_argument("--registry", metavar="FILE", help='registry file {"sources": [...]}')
    verify.add_argument("--request", metavar="FILE", help="request file (one request object)")
    verify.add_argument("answer", nargs="?", metavar="ANSWER_FILE", help="answer text file, or - for stdin")
    verify.add_argument("--json", action="store_true", help="print the verdict as JSON")
    return parser


_UNSAFE = {i: f"\\x{i:02x}" for i in [*range(0x20), *range(0x7F, 0xA0)] if chr(i) not in "\n\t"}


def _safe(text: str) -> str:
    """``text`` with control characters (an answer's ESC, BEL, NUL...) shown as ``\\xNN``,
    so nothing read from an answer or a file can drive the terminal."""
    return text.translate(_UNSAFE)


_closed = False


def _say(text: str = "") -> None:
    """Print one line; once the reader has closed the pipe, print nothing more (the
    command still finishes and returns its own exit code)."""
    global _closed
    if _closed:
        return
    try:
        print(_safe(text), flush=True)
    except BrokenPipeError:
        _closed = True
        try:  # so Python's exit-time flush of stdout stays quiet
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (AttributeError, OSError, ValueError):
            pass


def _fail(text: str) -> int:
    print(f"groundlab: {_safe(text)}", file=sys.stderr)
    return EXIT_ERROR


def _cmd_run(args) -> int:
    from groundlab.study.run import EvidenceExistsError, write_evidence

    try:
        result = write_evidence(args.out, args.fixtures)
    except (EvidenceExistsError, TrustedInputError, FrozenFixtureError) as err:
        return _fail(str(err))
    except OSError as err:  # the folder cannot be made: a file in the way, no permission...
        return _fail(f"cannot create the evidence folder {args.out}: {err.strerror or err}")
    c = result.counts
    _say(f"evidence written to {args.out}")
    _say(f"submitted       {c['submitted']}")
    _say(f"strict JSON     {c['strict_json']} / {c['submitted']}")
    _say(f"quote exists    {c['quote_exists']} / {c['submitted']}")
    _say(f"full contract   {c['full_contract']} / {c['submitted']}")
    _say(f"citation-only false accepts: {c['citation_false_accepts']}")
    for row in result.rows:
        if not row.agrees:
            _say(f"DISAGREES {row.id}: expected {row.expected}, got {row.actual}")
    _say(f"labels agreed: {c['submitted'] - c['disagreements']} / {c['submitted']}")
    return EXIT_OK if result.ok else EXIT_FINDING


def _cmd_audit(args) -> int:
    from groundlab.study.audit import write_audit

    try:
        report, path = write_audit(args.dir)
    except FileNotFoundError as err:
        return _fail(str(err))
    c = report.counts
    if c:
        _say(f"submitted       {c['submitted']}")
        _say(f"strict JSON     {c['strict_json']} / {c['submitted']}")
        _say(f"quote exists    {c['quote_exists']} / {c['submitted']}")
        _say(f"full contract   {c['full_contract']} / {c['submitted']}")
        _say(f"citation-only false accepts: {c['citation_false_accepts']}")
    if report.frozen:
        _say(f"fixtures: the frozen {report.frozen} (SHA256SUMS)")
    else:
        _say("fixtures: NOT a frozen fixture file (a copy or an edited file): these counts are not the study's")
    for problem in report.problems:
        _say(f"PROBLEM {problem}")
    _say(f"audit {'passed' if report.ok else 'FAILED'}: {report.checked} checks, "
         f"{len(report.problems)} problem(s); report in {path}")
    return EXIT_OK if report.ok else EXIT_FINDING


def _verdict_json(verdict: Verdict, hints) -> dict:
    error = verdict.error
    return {
        "status": str(verdict.status),
        "citation_ok": verdict.citation_ok,
        "accepted": dict(verdict.accepted),
        "error": None
        if error is None
        else {"code": error.code, "message": error.message, "path": list(error.path),
              "line": error.line, "column": error.column},
        "trace": [{"claim": s[0], "check": s[1], "passed": s[2], "reason": s[3]} for s in verdict.trace],
        "hints": [{"kind": h.kind, "message": h.message, "claim": h.claim, "check": h.check} for h in hints],
    }


def _hints(verdict, request, sources):
    try:
        from groundlab.hints import hints_for_verdict
    except ImportError:  # pragma: no cover - hints ship with the package
        return ()
    return hints_for_verdict(verdict, request, sources)


# parse_claims refuses more than 3 bytes per allowed UTF-16 unit without decoding,
# so reading one byte more than that is enough to decide, whatever the input's size.
_ANSWER_READ_LIMIT = 3 * MAX_INPUT_UNITS + 1


def _read_answer(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read(_ANSWER_READ_LIMIT)
    try:
        with open(name, "rb") as handle:
            return handle.read(_ANSWER_READ_LIMIT)
    except FileNotFoundError:
        raise TrustedInputError(name, "no such file") from None
    except IsADirectoryError:
        raise TrustedInputError(name, "is a directory, not a file") from None
    except OSError as err:
        raise TrustedInputError(name, f"cannot be read ({err.strerror or err})") from None


def _cmd_verify(args, parser) -> int:
    by_case = args.case is not None
    by_files = args.registry is not None or args.request is not None or args.answer is not None
    if by_case == by_files:
        return _fail("verify needs either --case ID, or --registry FILE --request FILE ANSWER_FILE")
    try:
        if by_case:
            case_set = load_case_set(args.fixtures)
            if case_set.path.resolve().parent == fixtures_dir().resolve():
                verify_frozen(fixtures_dir(), [case_set.path.name])  # an edited label fails loudly
            case = case_set[args.case]
            raw, request, sources = case.raw, case.request, case_set.sources
        else:
            if not (args.registry and args.request and args.answer):
                return _fail("verify with files needs all of --registry FILE, --request FILE and ANSWER_FILE")
            sources = load_registry(args.registry)
            request = load_request(args.request)
            try:
                sources.check_request(request)
            except ValueError as err:
                raise TrustedInputError(args.request, str(err)) from None
            raw = _read_answer(args.answer)
    except (TrustedInputError, FrozenFixtureError) as err:
        return _fail(str(err))
    except KeyError as err:
        return _fail(err.args[0])
    verdict = verify_answer(raw, request, sources)
    hints = _hints(verdict, request, sources)
    if args.json:
        _say(json.dumps(_verdict_json(verdict, hints), indent=2, ensure_ascii=False))
    else:
        _say(f"status: {verdict.status}")
        _say(f"citation-only baseline: {'accepts' if verdict.citation_ok else 'rejects'}")
        if verdict.error is not None:
            e = verdict.error
            place = f" at line {e.line}, column {e.column}" if e.line is not None else ""
            path = f" ({format_path(e.path)})" if e.path else ""
            _say(f"parse error {e.code}{place}{path}: {e.message}")
        _say("trace:")
        for row in trace_rows(verdict, request, sources):
            _say(f"  [{'ok  ' if row.passed else 'FAIL'}] {row.line}")
        if verdict.accepted:
            _say("accepted:")
            for key, value in verdict.accepted.items():
                _say(f"  {key} = {value}")
        else:
            _say("accepted: (nothing: a rejected answer returns no fields)")
        for hint in hints:
            _say(f"hint: {hint.message}")
    return EXIT_OK if verdict.ok else EXIT_FINDING


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``groundlab`` console script; returns the exit code.

    Output that the terminal's encoding cannot show is written with backslash
    escapes; a closed pipe (``groundlab verify ... | head``) ends quietly.
    """
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "run":
        return _cmd_run(args)
    if args.command == "audit":
        return _cmd_audit(args)
    return _cmd_verify(args, parser)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
