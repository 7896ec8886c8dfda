"""A small mutation check of our own: break one rule at a time and see that the fast tests fail.

Each *mutant* of :data:`MUTANTS` is a hand-written patch of the library: a check of the contract
removed, two checks run in the other order, the quote rule accepting everything or nothing, the
audit agreeing with whatever the evidence says, HTML escaping dropped. For each one, in turn:

* the patch is applied to a temporary **copy** of the checkout (never to the working tree): each
  of its replacements is an exact string that must occur exactly once in the named file, and the
  script stops with an error when one does not (``tests/project/test_mutation_check.py`` checks
  the same in the normal suite, so a refactor that moves an anchor fails there first);
* the fast tests of the mutant's family (:data:`FAMILIES`) run in that copy with ``-x``
  (``PYTHONPATH`` is the copy), so a caught mutant stops at its first failing test;
* the file is put back before the next mutant.

Before any mutant, each family's tests run once on the unpatched copy and must pass: a mutant
is *caught* only when tests fail that pass without it. A mutant whose tests all pass *survived*:
a rule the fast tests do not hold, which needs a test. One line per mutant, ``caught`` or
``SURVIVED``, its name, how many tests failed, the time, and the first failing test; then ``K of
N caught``. Exit code 0 when every mutant was caught, 1 when one survived, 2 when the check
itself could not run (an anchor not found, a patch that does not compile, failing tests
without a patch). This is not the mutation catalogue (``tools/mutations.py`` mutates
*answers*; this script mutates the *code*).

Command line (``make mutation-check`` runs it with the test venv's Python)::

    python tools/mutation_check.py             # every mutant
    python tools/mutation_check.py --list      # the mutants, by family, without running them
    python tools/mutation_check.py drop-supports audit-rows-agree   # only these

Standard library only; the tests run with the Python that runs this script.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple, Sequence

ROOT = Path(__file__).resolve().parent.parent

PYTEST = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:nbval"]
"""pytest options for every run: stop at the first failure, write no cache into the copy, and
leave out the nbval plugin, whose imports cost seconds per run and which no fast test needs."""

FAMILIES: dict[str, list[str]] = {
    "contract": ["tests/core", "-m", "not fuzz"],
    "quote": ["tests/grounding/test_quote_rule.py", "tests/grounding/test_draft.py"],
    "audit": ["tests/study"],
    "escaping": ["tests/workbook/test_escaping.py", "tests/workbook/test_verdict_html.py"],
}
"""Family -> the pytest selection its mutants run (paths relative to the checkout): the fast
tests of the layer the family patches (the deep hypothesis runs, marked ``fuzz``, left out)."""

COPY_IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "venv*", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis", "*.pyc"
)
"""What the temporary copy leaves out of the checkout: git, venvs, build outputs and caches."""


class Mutant(NamedTuple):
    """One patch: ``name``, its ``family`` (a key of :data:`FAMILIES`), the ``path`` it edits
    (relative to the checkout) and its ``replacements``, ``(old, new)`` pairs applied in order,
    each ``old`` occurring exactly once in the file as it is when its turn comes."""

    name: str
    family: str
    path: str
    replacements: tuple[tuple[str, str], ...]


CONTRACT = "groundlab/core/contract.py"
CHECK_TABLE_FILE = "groundlab/core/checks.py"
RULE = "groundlab/grounding/rule.py"
AUDIT = "groundlab/study/audit.py"
HTML = "groundlab/workbook/presentation/html.py"

_SOURCE_CHECKS = (  # source_failure: scope (service, environment), then revision
    '    if source.service != request.service:\n        return ("scope", "other_service")\n',
    '    if source.environment != request.environment:\n        return ("scope", "other_environment")\n',
    '    if source.revision != request.revision:\n        return ("revision", "old_revision")\n',
)
_VALUE_CHECKS = (  # the value check (both reasons), then the supports check
    '    if fact is None:\n        return ("value", "no_fact")\n'
    '    if fact != value:\n        return ("value", "other_value")\n',
    '    if quote != field + "=" + fact:\n        return ("supports", "not_canonical")\n',
)
_SCOPE_ROW = (
    '    Check(\n        "scope", 5, Status.SCOPE_MISMATCH, "claim",\n'
    '        N_("the cited document belongs to another service or environment"), ("other_service", "other_environment"),\n    ),\n'
)
_REVISION_ROW = (
    '    Check(\n        "revision", 6, Status.STALE_REVISION, "claim",\n'
    '        N_("the cited document is not the requested revision (older or newer)"), ("old_revision",),\n    ),\n'
)
_VALUE_ROW = (
    '    Check(\n        "value", 7, Status.VALUE_MISMATCH, "claim",\n'
    '        N_("the claimed value differs from the cited document\'s fact, or it has none"), ("no_fact", "other_value"),\n    ),\n'
)
_SUPPORTS_ROW = (
    '    Check(\n        "supports", 8, Status.QUOTE_NOT_SUPPORTING, "claim",\n'
    '        N_("the quote is genuine but is not the document\'s field=value line for this field"), ("not_canonical",),\n    ),\n'
)
_IS_QUOTED_BODY = '    needle = _normalize(_require_text(quote, "quote"))\n'


def _drop(text: str) -> tuple[str, str]:
    return (text, "")


def _swap_rows(first: str, second: str, first_order: str, second_order: str) -> tuple[tuple[str, str], ...]:
    # The two rows change places and numbers, so the table stays well-formed: only the order moves.
    return ((first + second, second.replace(second_order, first_order, 1) + first.replace(first_order, second_order, 1)),)


MUTANTS: tuple[Mutant, ...] = (
    # -- the contract: each check removed; citation as a whole and reason by reason, and a check
    #    with two reasons one reason at a time (removing both of value's would only make the
    #    supports line raise a TypeError, which any test catches).
    Mutant("drop-citation", "contract", CONTRACT, (
        ("    failed = citation_failure(claims, request, registry)\n", "    failed = None\n"),
    )),
    Mutant("drop-citation-no_claims", "contract", CONTRACT, (
        _drop('    if not claims:\n        return _new(TraceStep, (None, "citation", False, "no_claims"))\n'),
    )),
    Mutant("drop-citation-not_supplied", "contract", CONTRACT, (
        _drop('        if claim.doc not in supplied:\n            return _new(TraceStep, (index, "citation", False, "not_supplied"))\n'),
    )),
    Mutant("drop-citation-quote_absent", "contract", CONTRACT, (
        _drop('        if claim.quote not in source.text:\n            return _new(TraceStep, (index, "citation", False, "quote_absent"))\n'),
    )),
    Mutant("drop-duplicate", "contract", CONTRACT, (
        ('        if field in accepted:\n            check, reason = "duplicate", "repeated_field"\n        elif field not in fields:\n',
         "        if field not in fields:\n"),
    )),
    Mutant("drop-requested", "contract", CONTRACT, (
        _drop('        elif field not in fields:\n            check, reason = "requested", "not_requested"\n'),
    )),
    Mutant("drop-scope-other_service", "contract", CONTRACT, (_drop(_SOURCE_CHECKS[0]),)),
    Mutant("drop-scope-other_environment", "contract", CONTRACT, (_drop(_SOURCE_CHECKS[1]),)),
    Mutant("drop-revision", "contract", CONTRACT, (_drop(_SOURCE_CHECKS[2]),)),
    Mutant("drop-value-no_fact", "contract", CONTRACT, (
        _drop('    if fact is None:\n        return ("value", "no_fact")\n'),
    )),
    Mutant("drop-value-other_value", "contract", CONTRACT, (
        _drop('    if fact != value:\n        return ("value", "other_value")\n'),
    )),
    Mutant("drop-supports", "contract", CONTRACT, (_drop(_VALUE_CHECKS[1]),)),
    Mutant("drop-coverage", "contract", CONTRACT, (
        ("    if len(accepted) != len(fields):\n", "    if False:\n"),
    )),
    # -- the contract: two checks moved, in the rule that runs them and in the check table.
    Mutant("swap-scope-revision-rule", "contract", CONTRACT, (
        ("".join(_SOURCE_CHECKS), _SOURCE_CHECKS[2] + _SOURCE_CHECKS[0] + _SOURCE_CHECKS[1]),
    )),
    Mutant("swap-value-supports-rule", "contract", CONTRACT, (
        ("".join(_VALUE_CHECKS),
         '    if quote != f"{field}={fact}":\n        return ("supports", "not_canonical")\n' + _VALUE_CHECKS[0]),
    )),
    Mutant("swap-scope-revision-table", "contract", CHECK_TABLE_FILE, _swap_rows(_SCOPE_ROW, _REVISION_ROW, ", 5,", ", 6,")),
    Mutant("swap-value-supports-table", "contract", CHECK_TABLE_FILE, _swap_rows(_VALUE_ROW, _SUPPORTS_ROW, ", 7,", ", 8,")),
    # -- "No Quote, No Claim": is_quoted decides nothing.
    Mutant("is_quoted-accepts-all", "quote", RULE, ((_IS_QUOTED_BODY, "    return True\n" + _IS_QUOTED_BODY),)),
    Mutant("is_quoted-accepts-none", "quote", RULE, ((_IS_QUOTED_BODY, "    return False\n" + _IS_QUOTED_BODY),)),
    # -- the independent audit: each of its decisions agrees with whatever the evidence says.
    Mutant("audit-rows-agree", "audit", AUDIT, (("            if not _same(got, want):\n", "            if False:\n"),)),
    Mutant("audit-outcome-agrees", "audit", AUDIT, (
        ('("outcome", row.get("actual"), label)', '("outcome", row.get("actual"), row.get("actual"))'),
    )),
    Mutant("audit-citation-only-agrees", "audit", AUDIT, (
        ('("citation-only decision", row.get("citation_only_ok"), cited)',
         '("citation-only decision", row.get("citation_only_ok"), row.get("citation_only_ok"))'),
    )),
    Mutant("audit-strict-json-agrees", "audit", AUDIT, (
        ('("strict JSON decision", row.get("strict_json_ok"), claims is not None)',
         '("strict JSON decision", row.get("strict_json_ok"), row.get("strict_json_ok"))'),
    )),
    Mutant("audit-hashes-agree", "audit", AUDIT, (("        elif digest_bytes(files[name]) != recorded:\n", "        elif False:\n"),)),
    Mutant("audit-sources-agree", "audit", AUDIT, (("        elif current[name] != value:\n", "        elif False:\n"),)),
    Mutant("audit-frozen-agrees", "audit", AUDIT, (
        ('        elif fixtures.get("frozen_sha256") != frozen or copy_sha != frozen:\n', "        elif False:\n"),
    )),
    Mutant("audit-counts-agree", "audit", AUDIT, (("        if not _same(recorded.get(key), value):\n", "        if False:\n"),)),
    # -- HTML: esc escapes nothing, or leaves quote marks (attribute values) alone.
    Mutant("esc-returns-input", "escaping", HTML, (("    return html.escape(str(text), quote=True)\n", "    return str(text)\n"),)),
    Mutant("esc-keeps-quotes", "escaping", HTML, (("    return html.escape(str(text), quote=True)\n", "    return html.escape(str(text), quote=False)\n"),)),
)
"""Every mutant, grouped by family; names are unique. A ``drop-CHECK`` mutant removes a check of
:data:`groundlab.core.checks.CHECK_TABLE` (every check but ``parse`` has at least one)."""


class AnchorError(Exception):
    """A replacement's ``old`` text does not occur exactly once, or the patched file does not compile."""


def apply(mutant: Mutant, text: str) -> str:
    """``text`` with ``mutant``'s replacements made; :class:`AnchorError` when an anchor does not
    occur exactly once, when a replacement changes nothing, or when the result does not compile."""
    for number, (old, new) in enumerate(mutant.replacements, 1):
        found = text.count(old)
        if found != 1:
            raise AnchorError(
                f"{mutant.name}: replacement {number}'s anchor occurs {found} times in {mutant.path}, not once "
                f"(the source moved: update the patch in tools/mutation_check.py):\n{old}"
            )
        if old == new:
            raise AnchorError(f"{mutant.name}: replacement {number} changes nothing")
        text = text.replace(old, new, 1)
    try:
        compile(text, mutant.path, "exec")
    except SyntaxError as error:
        raise AnchorError(f"{mutant.name}: the patched {mutant.path} does not compile ({error})") from None
    return text


class Outcome(NamedTuple):
    """One pytest run: its exit code, the ids of the tests that failed or errored, the seconds it took."""

    code: int
    failed: tuple[str, ...]
    seconds: float
    output: str


def run_tests(python: str, copy: Path, family: str) -> Outcome:
    """Run ``family``'s tests in ``copy`` with ``python`` (``PYTHONPATH`` the copy, no bytecode
    written, so a restored file is never shadowed by its mutant's cached bytecode)."""
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    start = time.perf_counter()
    done = subprocess.run(
        [python, "-m", "pytest", *PYTEST, *FAMILIES[family]],
        cwd=copy, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    seconds = time.perf_counter() - start
    failed = tuple(re.findall(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", done.stdout, re.MULTILINE))
    return Outcome(done.returncode, failed, seconds, done.stdout)


def make_copy(destination: Path) -> Path:
    """Copy the checkout into ``destination`` (without git, venvs, builds and caches)."""
    copy = destination / "checkout"
    shutil.copytree(ROOT, copy, ignore=COPY_IGNORE)
    return copy


def check_import(python: str, copy: Path) -> None:
    """``groundlab`` must import from the copy, not from an installed or editable one."""
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [python, "-c", "import groundlab; print(groundlab.__file__)"],
        cwd=copy, env=env, capture_output=True, text=True,
    )
    where = Path(done.stdout.strip() or ".").resolve()
    if done.returncode != 0 or copy.resolve() not in where.parents:
        raise AnchorError(f"groundlab does not import from the copy ({done.stdout.strip() or done.stderr.strip()})")


def select(names: Sequence[str]) -> tuple[Mutant, ...]:
    """The mutants named, in the order of :data:`MUTANTS` (every one when ``names`` is empty);
    ``KeyError`` naming the first unknown name."""
    unknown = [name for name in names if name not in {mutant.name for mutant in MUTANTS}]
    if unknown:
        raise KeyError(unknown[0])
    return tuple(mutant for mutant in MUTANTS if not names or mutant.name in names)


def say(line: str) -> None:
    print(line, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python tools/mutation_check.py [--list] [NAME ...]``; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python tools/mutation_check.py", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="run only these mutants (default: every one)")
    parser.add_argument("--list", action="store_true", help="list the mutants and their tests, run nothing")
    args = parser.parse_args(argv)
    try:
        mutants = select(args.names)
    except KeyError as error:
        parser.error(f"no mutant is called {error.args[0]!r} (see --list)")  # exits with code 2
    width = max(len(mutant.name) for mutant in mutants)
    if args.list:
        for family, selection in FAMILIES.items():
            say(f"{family}: pytest {shlex.join(PYTEST + selection)}")
            for mutant in mutants:
                if mutant.family == family:
                    say(f"  {mutant.name:<{width}}  {mutant.path}")
        return 0
    python = sys.executable
    started = time.perf_counter()
    caught = 0
    try:
        # Every anchor is checked before anything runs, so a stale patch fails in a second.
        patched = {mutant.name: apply(mutant, (ROOT / mutant.path).read_text(encoding="utf-8")) for mutant in mutants}
        with tempfile.TemporaryDirectory(prefix="groundlab-mutants-") as folder:
            copy = make_copy(Path(folder))
            check_import(python, copy)
            for family in dict.fromkeys(mutant.family for mutant in mutants):
                baseline = run_tests(python, copy, family)
                if baseline.code != 0:
                    say(baseline.output)
                    raise AnchorError(f"the {family} tests fail without any patch (exit code {baseline.code}): fix them first")
                say(f"baseline  {family}: passes unpatched ({baseline.seconds:.1f} s)")
            for mutant in mutants:
                target = copy / mutant.path
                original = target.read_bytes()
                target.write_text(patched[mutant.name], encoding="utf-8", newline="")
                try:
                    outcome = run_tests(python, copy, mutant.family)
                finally:
                    target.write_bytes(original)
                if outcome.code not in (0, 1):
                    say(outcome.output)
                    raise AnchorError(f"{mutant.name}: pytest stopped with exit code {outcome.code}, not a test failure")
                result = "caught  " if outcome.code == 1 else "SURVIVED"
                caught += outcome.code == 1
                first = f"  {outcome.failed[0]}" if outcome.failed else ""
                say(f"{result}  {mutant.name:<{width}}  ({len(outcome.failed)} failed, {outcome.seconds:.1f} s){first}")
    except AnchorError as error:
        say(f"error: {error}")
        return 2
    except KeyboardInterrupt:
        say("interrupted (the temporary copy is removed; the working tree was never touched)")
        return 130
    say(f"{caught} of {len(mutants)} caught ({time.perf_counter() - started:.0f} s in all)")
    return 0 if caught == len(mutants) else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
