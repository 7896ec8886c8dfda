"""The ``groundlab`` command line: ``run``, ``audit``, ``verify``, ``lab`` and ``check-log``.

Exit codes (also in ``groundlab --help``):

* ``0`` -- success: the run agreed with every label, the audit found nothing, the
  verified answer was accepted;
* ``1`` -- a finding: some case disagreed with its label, the audit found a
  mismatch or tampering, the verified answer was rejected;
* ``2`` -- the command could not run: bad arguments, a missing, malformed,
  oversized or non-regular trusted file, an unknown case id, an evidence folder
  that already exists or would be inside the fixtures or the package, a frozen
  fixture that was edited, a folder that is not evidence, an audit report that
  cannot be saved;
* ``128 + N`` -- ``run`` or ``audit`` was stopped by signal ``N`` (SIGINT, SIGTERM,
  SIGHUP); it never leaves a partial evidence folder or report (stderr says whether
  one was written).

``run --help`` and ``verify --help`` show a minimal registry, request, answer and
fixture file (:data:`EXAMPLES`).

Output never carries an answer's control characters (:func:`_safe`). The CLI is the
top layer and may import every other (``docs/architecture.md``); it stays standard
library only and imports the run, the audit and the hints only for the command that uses them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from typing import Mapping, Sequence

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.claims import MAX_INPUT_UNITS, format_path
from groundlab.core.contract import verify_answer
from groundlab.core.registry import load_registry, load_request
from groundlab.core.trusted import FrozenFixtureError, TrustedInputError, read_trusted_bytes
from groundlab.study.cases import frozen_digests, load_case_set
from groundlab.core.trace import trace_rows

EXIT_OK, EXIT_FINDING, EXIT_ERROR = 0, 1, 2

_EPILOG = """exit codes:
  0  success (run agreed with every label / audit clean / answer accepted)
  1  a finding (a case disagreed / audit found a mismatch / answer rejected)
  2  could not run (bad arguments, missing, malformed, oversized or non-regular
     file, unknown case, existing evidence folder or one inside the fixtures or
     the package, edited frozen fixture, not an evidence folder, audit report
     that cannot be saved)
  128+N  run or audit stopped by signal N (SIGINT 130, SIGTERM 143, SIGHUP 129);
     it never leaves a partial evidence folder or report

examples:
  groundlab run --out evidence/first
  groundlab audit evidence/first
  groundlab verify --case wrong-value-real-quote
  groundlab verify --registry reg.json --request req.json answer.json --json
"""


_SOURCE = {
    "id": "prod-v2", "service": "payments", "environment": "prod", "revision": "v2",
    "facts": {"read_timeout_ms": "5000"}, "text": "read_timeout_ms=5000",
}
_REQUEST = {"service": "payments", "environment": "prod", "revision": "v2", "fields": ["read_timeout_ms"], "supplied": ["prod-v2"]}
_ANSWER = {"claims": [{"field": "read_timeout_ms", "value": "5000", "doc": "prod-v2", "quote": "read_timeout_ms=5000"}]}
EXAMPLES = {
    "registry file": {"sources": [_SOURCE]},
    "request file": _REQUEST,
    "answer file": _ANSWER,
    "fixture file": {
        "sources": [_SOURCE],
        "cases": [{"id": "complete", "raw": json.dumps(_ANSWER), "request": _REQUEST, "expected": "ACCEPT"}],
    },
}
"""The minimal files ``run --help`` and ``verify --help`` show: each kind -> its decoded JSON."""


_CHECK_LOG_DESCRIPTION = """\
Check every answer of a log against one registry: the full contract, the citation-only
check and the per-field contract. Prints one JSON result line per input line, in input
order, the same for any --jobs; the summary goes to stderr (and the --report page).

log line format (one JSON object a line; blank lines are skipped, but counted):
  {"id"?: str, "request"?: {request object}, "answer": "<the model's raw text>"}
  "answer" may also be a chat log, {"messages": [..., {"role": "assistant", "content": "..."}]},
  or an OpenAI chat completion, {"choices": [{"message": {"role": "assistant", "content": "..."}}]}:
  the assistant message's content is the answer. A line without "request" uses --request.

result line format:
  {"line": n, "id"?: ..., "status": "ACCEPT" | a refusal status | "LINE_ERROR",
   "check": the deciding check or null, "citation_only_ok": bool, "accepted": {field: value},
   "error"?: {"code": ..., "message": ...} for a LINE_ERROR, {"code": parse code} for INVALID_JSON}
  A line that cannot be checked (not JSON, not an object, no answer, no request, a request
  that supplies a document the registry lacks, longer than the limit...) is a LINE_ERROR
  result with a reason code; the run goes on.

--out and --report never overwrite a file: each is written as a hidden .groundlab-out-*
sibling and renamed into place when complete; Ctrl-C or SIGTERM leaves none of it."""

_CHECK_LOG_EPILOG = (
    "example (log.jsonl holds one line; the registry and request files are below):\n"
    f"  {json.dumps({'id': 'a1', 'answer': json.dumps(_ANSWER)})}\n"
    "  groundlab check-log log.jsonl --registry reg.json --request req.json --out results.jsonl\n"
    "  results.jsonl then holds:\n"
    '  {"line": 1, "id": "a1", "status": "ACCEPT", "check": null, "citation_only_ok": true, '
    '"accepted": {"read_timeout_ms": "5000"}}\n\n'
    "exit codes of check-log: 0 every line checked and accepted; 1 a line was refused or could\n"
    "not be checked (LINE_ERROR); 2 could not run (also: a log with no line to check, empty or\n"
    "only blank lines; then nothing is written); 128+N stopped by signal N.\n\n"
)


def _formats(*kinds: str) -> str:
    lines = ["file formats (minimal examples, one JSON text per file):"]
    for kind in kinds:
        lines += [f"  {kind}:", f"    {json.dumps(EXAMPLES[kind])}"]
    return "\n".join(lines) + "\n\n"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse exits 2 too; keep its message, add a hint
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message}\nTry '{self.prog} --help'.\n")


def _count(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 0 or more")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``groundlab`` command; each sub-command sets ``handler``."""
    common = {"epilog": _EPILOG, "formatter_class": argparse.RawDescriptionHelpFormatter}
    parser = _Parser(prog="groundlab", description="Check whether an LLM's cited evidence supports its answer.", **common)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    run = sub.add_parser(
        "run",
        help="run labelled cases and write a new evidence folder",
        description="Run every case of a fixture file through strict JSON, the citation-only check and the\n"
        "full contract; write results.json and manifest.json into a NEW folder.\n\n"
        "The folder appears complete or not at all: it is written as a hidden\n"
        ".groundlab-run-* sibling and renamed into place when complete. A sibling\n"
        "left by a killed run (SIGKILL) is not evidence: run ignores it, audit\n"
        "refuses it; delete it.",
        epilog=_formats("fixture file", "registry file", "request file") + _EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("--fixtures", metavar="PATH", help="fixture file (default: the frozen 22-case study)")
    run.add_argument("--out", metavar="DIR", required=True, help="evidence folder to create; must not exist")
    run.set_defaults(handler=_cmd_run)

    audit = sub.add_parser(
        "audit",
        help="independently re-check an evidence folder",
        description="Re-check labels, the citation-only check, counts and every hash of an evidence "
        "folder, without using the contract's code; write audit.json beside it.",
        **common,
    )
    audit.add_argument("dir", metavar="DIR", help="an evidence folder written by 'groundlab run'")
    audit.set_defaults(handler=_cmd_audit)

    verify = sub.add_parser(
        "verify",
        help="verify one answer and show the verdict with its trace",
        description="Verify one answer: a fixture case (--case), or an answer file against a "
        "registry file and a request file. Prints the status, the trace, the accepted map and "
        "near-miss hints.",
        epilog=_formats("registry file", "request file", "answer file") + _EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verify.add_argument("--fixtures", metavar="PATH", help="fixture file for --case (default: the study)")
    verify.add_argument("--case", metavar="ID", help="id of a fixture case")
    verify.add_argument("--registry", metavar="FILE", help='registry file {"sources": [...]}')
    verify.add_argument("--request", metavar="FILE", help="request file (one request object)")
    verify.add_argument("answer", nargs="?", metavar="ANSWER_FILE", help="answer text file, or - for stdin")
    verify.add_argument("--json", action="store_true", help="print the verdict as JSON")
    verify.set_defaults(handler=_cmd_verify)

    lab = sub.add_parser(
        "lab",
        help="measure the checkers: the normalisation ladder and the built-in verifiers' scores",
        description="Print what each rung of the normalisation ladder rescues and lets through over the "
        "quote-perturbation catalogue, and how the built-in verifiers score on the mutation catalogue. "
        "Without rapidfuzz (pip install 'groundlab[fuzzy]') the fuzzy rungs are left out, and the output says so.",
        **common,
    )
    lab.add_argument("--per-kind", type=_count, default=3, metavar="N", help="disagreements listed per kind (default 3)")
    lab.add_argument("--json", action="store_true", help="print the ladder and the scores as JSON")
    lab.set_defaults(handler=_cmd_lab)

    log = sub.add_parser(
        "check-log",
        help="check a log of real answers (JSONL), one result line per input line",
        description=_CHECK_LOG_DESCRIPTION,
        epilog=_CHECK_LOG_EPILOG + _formats("registry file", "request file") + _EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    log.add_argument("log", metavar="LOG.jsonl", help="the log, one JSON object a line, or - for stdin")
    log.add_argument("--registry", metavar="FILE", required=True, help='registry file {"sources": [...]}')
    log.add_argument("--request", metavar="FILE", help="default request file, for lines without \"request\"")
    log.add_argument("--out", metavar="RESULTS.jsonl", help="write the result lines here (a new file) instead of stdout")
    log.add_argument("--report", metavar="REPORT.html", help="write a self-contained HTML report (a new file)")
    log.add_argument("--jobs", type=_count, default=1, metavar="N", help="worker processes (default 1; 0: one per core; at most 4 per core and one per 256-line chunk)")
    log.add_argument("--quiet", action="store_true", help="no progress bar and no summary on stderr")
    log.set_defaults(handler=_cmd_check_log)
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


def _say_counts(counts: Mapping[str, int]) -> None:
    """The layer funnel that ``run`` and ``audit`` both print."""
    total = counts["submitted"]
    _say(tr("submitted       {total}").format(total=total))
    _say(tr("strict JSON     {count} / {total}").format(count=counts["strict_json"], total=total))
    _say(tr("citation-only   {count} / {total}").format(count=counts["citation_only"], total=total))
    _say(tr("full contract   {count} / {total}").format(count=counts["full_contract"], total=total))
    _say(tr("citation-only false accepts: {count}").format(count=counts["citation_false_accepts"]))


def _cmd_run(args: argparse.Namespace) -> int:
    import signal

    from groundlab.study.run import EvidenceExistsError, EvidenceLocationError, RunInterrupted, write_evidence

    try:
        result = write_evidence(args.out, args.fixtures)
    except (EvidenceExistsError, EvidenceLocationError, TrustedInputError, FrozenFixtureError) as err:
        return _fail(str(err))
    except OSError as err:  # the folder cannot be made: a file in the way, no permission...
        where = f" ({err.filename})" if err.filename and str(err.filename) != str(args.out) else ""
        return _fail(f"cannot create the evidence folder {args.out}: {err.strerror or err}{where}")
    except (RunInterrupted, KeyboardInterrupt) as err:
        signum = getattr(err, "signum", signal.SIGINT)
        left = "the folder is complete" if os.path.isdir(args.out) else "no evidence folder was written"
        _fail(f"interrupted by {signal.Signals(signum).name}; {left}")
        return 128 + signum
    counts = result.counts
    _say(tr("evidence written to {folder}").format(folder=args.out))
    _say_counts(counts)
    for row in result.rows:
        if not row.agrees:
            _say(tr("DISAGREES {id}: expected {expected}, got {actual}").format(id=row.id, expected=row.expected, actual=row.actual))
    _say(tr("labels agreed: {agreed} / {total}").format(agreed=counts["submitted"] - counts["disagreements"], total=counts["submitted"]))
    return EXIT_OK if result.ok else EXIT_FINDING


def _cmd_audit(args: argparse.Namespace) -> int:
    import signal

    from groundlab.study.audit import NotEvidenceError, audit_evidence
    from groundlab.study.reports import AUDIT_SUMMARIES, save_report
    from groundlab.study.signals import RunInterrupted

    try:
        report = audit_evidence(args.dir)
    except NotEvidenceError as err:
        return _fail(str(err))
    if report.counts:
        _say_counts(report.counts)
    if report.frozen:
        _say(tr("fixtures: the frozen {name} (SHA256SUMS)").format(name=report.frozen))
    else:
        _say(tr("fixtures: NOT a frozen fixture file (a copy or an edited file): these counts are not the study's"))
    for problem in report.problems:
        _say(tr("PROBLEM {problem}").format(problem=problem))
    summary = tr(AUDIT_SUMMARIES[report.ok]).format(checks=report.checked, problems=len(report.problems))
    try:
        path = save_report(report, args.dir)
    except (RunInterrupted, KeyboardInterrupt) as err:
        signum = getattr(err, "signum", signal.SIGINT)
        _say(tr("{summary}; the report was not saved").format(summary=summary))
        _fail(f"interrupted by {signal.Signals(signum).name}; the report was not saved")
        return 128 + signum
    except OSError as err:
        _say(tr("{summary}; the report was not saved").format(summary=summary))
        return _fail(f"cannot save the audit report in {args.dir}: {err.strerror or type(err).__name__}")
    _say(tr("{summary}; report in {path}").format(summary=summary, path=path))
    return EXIT_OK if report.ok else EXIT_FINDING


# parse_claims refuses more than 3 bytes per allowed UTF-16 unit without decoding,
# so reading one byte more than that is enough to decide, whatever the input's size.
_ANSWER_READ_LIMIT = 3 * MAX_INPUT_UNITS + 1


def _read_answer(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read(_ANSWER_READ_LIMIT)
    try:  # a regular file only, read without blocking: a FIFO or a device is refused
        return read_trusted_bytes(name, limit=_ANSWER_READ_LIMIT - 1)
    except TrustedInputError as err:
        if err.code != "too_large":
            raise
    with open(name, "rb") as handle:  # a regular file over the limit: enough to refuse it as too_long
        return handle.read(_ANSWER_READ_LIMIT)


def _verify_inputs(args: argparse.Namespace):
    """``(raw, request, sources)`` from ``--case`` or from the three files.

    Raises ``TrustedInputError``, ``FrozenFixtureError`` (an edited frozen fixture)
    or ``KeyError`` (an unknown case id).
    """
    if args.case is not None:
        case_set = load_case_set(args.fixtures)
        frozen_digests(case_set)  # an edited label fails loudly
        case = case_set[args.case]
        return case.raw, case.request, case_set.sources
    sources = load_registry(args.registry)
    request = load_request(args.request)
    try:
        sources.check_request(request)
    except ValueError as err:
        raise TrustedInputError(args.request, str(err)) from None
    return _read_answer(args.answer), request, sources


def _say_verdict(verdict, request, sources, hints) -> None:
    _say(tr("status: {status}").format(status=verdict.status))
    _say(tr("citation-only check: accepts") if verdict.citation_only_ok else tr("citation-only check: rejects"))
    if verdict.error is not None:
        e = verdict.error
        place = tr(" at line {line}, column {column}").format(line=e.line, column=e.column) if e.line is not None else ""
        path = f" ({format_path(e.path)})" if e.path else ""
        _say(tr("parse error {code}{place}{path}: {message}").format(code=e.code, place=place, path=path, message=e.message))
    _say(tr("trace:"))
    for row in trace_rows(verdict, request, sources):
        _say(f"  [{'ok  ' if row.passed else 'FAIL'}] {row.line}")
    if verdict.accepted:
        _say(tr("accepted:"))
        for key, value in verdict.accepted.items():
            _say(f"  {key} = {value}")
    else:
        _say(tr("accepted: (nothing: a rejected answer returns no fields)"))
    for hint in hints:
        _say(tr("hint: {message}").format(message=hint.message))


def _cmd_verify(args: argparse.Namespace) -> int:
    from groundlab.hints import hints_for_verdict

    by_case = args.case is not None
    by_files = args.registry is not None or args.request is not None or args.answer is not None
    if by_case == by_files:
        return _fail("verify needs either --case ID, or --registry FILE --request FILE ANSWER_FILE")
    if by_files and not (args.registry and args.request and args.answer):
        return _fail("verify with files needs all of --registry FILE, --request FILE and ANSWER_FILE")
    try:
        raw, request, sources = _verify_inputs(args)
    except (TrustedInputError, FrozenFixtureError) as err:
        return _fail(str(err))
    except KeyError as err:
        return _fail(err.args[0])
    verdict = verify_answer(raw, request, sources)
    hints = hints_for_verdict(verdict, request, sources)
    if args.json:
        data = verdict.to_dict()
        data["hints"] = [{"kind": h.kind, "message": h.message, "claim": h.claim, "check": h.check} for h in hints]
        _say(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        _say_verdict(verdict, request, sources, hints)
    return EXIT_OK if verdict.ok else EXIT_FINDING


def _open_log(name: str):
    """``(binary stream, size in bytes or None)`` of the log; raises ``OSError``."""
    if name == "-":
        stream = sys.stdin.buffer
    else:
        stream = open(name, "rb")  # noqa: SIM115 -- closed by the caller
    try:
        info = os.fstat(stream.fileno())
        import stat

        size = info.st_size if stat.S_ISREG(info.st_mode) else None
    except (OSError, ValueError, AttributeError):
        size = None
    return stream, size


class _NoLine(Exception):
    """The log has no line to check: check-log could not run."""


def _cmd_check_log(args: argparse.Namespace) -> int:
    import signal

    from groundlab.study.atomic import create_file
    from groundlab.study.log_jobs import check_chunks
    from groundlab.study.log_line import LineChecker
    from groundlab.study.log_reader import read_lines
    from groundlab.study.log_report import report_html
    from groundlab.study.log_summary import LogSummary
    from groundlab.study.progress import progress_bar
    from groundlab.study.signals import RunInterrupted

    for option, path in (("--out", args.out), ("--report", args.report)):
        if path is not None and os.path.lexists(path):
            return _fail(f"{option} {path} already exists; check-log never overwrites a file")
    if args.out is not None and args.report is not None and os.path.abspath(args.out) == os.path.abspath(args.report):
        return _fail("--out and --report name the same file")
    try:
        registry = load_registry(args.registry)
        request = None if args.request is None else load_request(args.request)
        checker = LineChecker(registry, request)
    except TrustedInputError as err:
        return _fail(str(err))
    except ValueError as err:  # the default request supplies an id the registry lacks
        return _fail(f"{args.request}: {err}")
    try:
        stream, size = _open_log(args.log)
    except OSError as err:
        return _fail(f"cannot read the log {args.log}: {err.strerror or err}")
    jobs = args.jobs or os.cpu_count() or 1
    summary = LogSummary()
    read = [0]

    def counted():
        for number, line in read_lines(stream):
            read[0] += len(line) + 1
            yield number, line

    def check(write) -> None:
        bar, first = None, True
        try:
            for text, part, _ in check_chunks(counted(), checker, jobs):
                if first:  # after the worker processes have started: no fork while the bar's thread runs
                    bar, first = progress_bar(size, sys.stderr, enabled=not args.quiet), False
                write(text)
                summary.merge(part)
                if bar is not None:
                    bar.update(summary.lines + summary.blank, read[0])
        finally:
            if bar is not None:
                bar.close()

    made: list = []  # the report, once written: removed if --out then cannot be made

    def finish() -> None:
        """After the last line: no line is could-not-run; the report is written before --out is
        renamed into place, so a crash never leaves --out complete and the report missing."""
        if summary.lines == 0:
            raise _NoLine
        if args.report is not None:
            page = report_html(summary).encode("utf-8", "backslashreplace")
            create_file(args.report, lambda handle: handle.write(page))
            made.append(args.report)

    def fill(handle) -> None:
        check(lambda text: handle.write(text.encode("ascii")))
        finish()

    try:
        try:
            if args.out is None:
                from groundlab.study.signals import SignalGuard

                with SignalGuard():
                    check(_write_stdout)
                finish()
            else:
                create_file(args.out, fill)
        except BaseException:
            for path in made:
                with contextlib.suppress(OSError):
                    os.unlink(path)
            raise
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
    except _NoLine:
        return _fail(f"the log {args.log} has no line to check (it is empty or blank); nothing was written")
    except (RunInterrupted, KeyboardInterrupt) as err:
        signum = getattr(err, "signum", signal.SIGINT)
        done = [p for p in (args.out, args.report) if p is not None and os.path.exists(p)]
        left = f"complete: {', '.join(done)}" if done else "no output file was written"
        _fail(f"interrupted by {signal.Signals(signum).name} after {summary.lines} line(s); {left}")
        return 128 + signum
    except FileExistsError as err:
        return _fail(f"{err.filename} appeared while check-log ran; nothing was replaced")
    except OSError as err:
        if isinstance(err, BrokenPipeError):
            raise
        return _fail(f"cannot write the output ({err.strerror or err})")
    except Exception as err:  # a fault of ours: "could not run" (2), never "an answer was rejected" (1)
        detail = " ".join(str(err).split())[:300]
        return _fail(f"could not run: {type(err).__name__}: {detail}; no output file was written")
    if not args.quiet:
        sys.stderr.write(_safe(summary.render()))
    return EXIT_OK if summary.ok else EXIT_FINDING


def _write_stdout(text: str) -> None:
    """Write result lines to stdout; once the reader has closed the pipe, write nothing more."""
    global _closed
    if _closed or not text:
        return
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _closed = True
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (AttributeError, OSError, ValueError):
            pass


def _cmd_lab(args: argparse.Namespace) -> int:
    from groundlab.lab.report import lab_report

    try:
        report = lab_report(per_kind=args.per_kind)
    except (TrustedInputError, FrozenFixtureError) as err:
        return _fail(str(err))
    _say(json.dumps(report.to_dict(), indent=2, ensure_ascii=False) if args.json else report.render().rstrip("\n"))
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``groundlab`` console script; returns the exit code (0, 1 or 2).

    Output that the terminal's encoding cannot show is written with backslash
    escapes; a closed pipe (``groundlab verify ... | head``) ends quietly.
    """
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except BrokenPipeError:
        raise
    except ImportError as err:  # an optional package that is installed but broken: nothing could run
        sys.stderr.write(_safe(f"groundlab: cannot run: {type(err).__name__}: {err}") + "\n")
        return EXIT_ERROR
    except OSError as err:  # the output cannot be written (a full disk, a closed terminal)
        sys.stderr.write(_safe(f"groundlab: cannot write the output ({err.strerror or err})") + "\n")
        return EXIT_ERROR


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
