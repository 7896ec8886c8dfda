"""Score any verifier against a labelled catalogue: agreement per kind and overall, and where it disagrees.

A *verifier* is any callable ``fn(raw, request, sources)`` returning a
:class:`~groundlab.core.contract.Status`, its name (``"ACCEPT"``) or a
:class:`~groundlab.core.contract.Verdict`, so ``score_verifier(verify_answer)`` works as it is; only
the status is compared, never a parse code. A verifier that raises anything but
``KeyboardInterrupt`` (``SystemExit`` included), returns anything else, or runs past the time
bound, disagrees on that case and the run goes on; it works on copies of the request and the
registry. What a verifier in a thread can still do to the process (end it, exhaust its memory),
a verifier in a child process (``isolation="process"``) cannot. Text taken from a verifier is
made printable and clipped to 80 code points.
The default catalogue's labels follow the configuration article, "a real citation can still
support a wrong answer" (``docs/architecture.md``, "Order of checks"). Standard library only.
"""

from __future__ import annotations


import os
import queue
import reprlib
import signal
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable

from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.contract import Status, Verdict
from groundlab.core.registry import Registry
from groundlab.core.text import clip, width
from groundlab.lab.mutations import load_mutations
from groundlab.study.cases import CaseSet

__all__ = ["ISOLATIONS", "MAX_TIMEOUTS", "Disagreement", "KindScore", "ScoreReport", "score_verifier"]

_CLIP = 80  # code points of any text taken from the verifier (a result's repr, an exception's message)


def _printable(text: str) -> str:
    """``text`` on one line: each character that is not printable becomes its ``\\x``/``\\u``/``\\U`` escape."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


@dataclass(frozen=True)
class Disagreement:
    """One case the verifier got wrong.

    ``case_id``, ``kind``, ``expected`` (the label's status name) and ``got`` (``str``: the status name
    returned, ``"raised KeyError: 'quote'"`` or ``"returned 42, not a status"``); ``raised`` (``bool``).
    """

    case_id: str
    kind: str
    expected: str
    got: str
    raised: bool = False

    def to_dict(self) -> dict:
        """JSON-ready: ``{"case", "kind", "expected", "got", "raised"}``."""
        return {"case": self.case_id, "kind": self.kind, "expected": self.expected, "got": self.got, "raised": self.raised}


@dataclass(frozen=True)
class KindScore:
    """Agreement on one kind: ``agreed`` of ``total``, ``errors`` (raised) and the first ``per_kind`` ``disagreements``."""

    kind: str
    agreed: int
    total: int
    errors: int
    disagreements: tuple[Disagreement, ...]

    @property
    def rate(self) -> float:
        """``agreed / total`` in ``[0, 1]`` (``1.0`` for an empty kind)."""
        return self.agreed / self.total if self.total else 1.0

    def to_dict(self) -> dict:
        """JSON-ready: ``{"kind", "agreed", "total", "rate", "errors", "disagreements": [...]}``."""
        return {"kind": self.kind, "agreed": self.agreed, "total": self.total, "rate": self.rate,
                "errors": self.errors, "disagreements": [d.to_dict() for d in self.disagreements]}


@dataclass(frozen=True)
class ScoreReport:
    """What :func:`score_verifier` found: ``verifier`` (its name), one :class:`KindScore` per kind, totals.

    ``kinds`` are in order of first appearance; ``agreed``, ``total`` and ``errors`` are ``int``.
    """

    verifier: str
    kinds: tuple[KindScore, ...]
    agreed: int
    total: int
    errors: int

    @property
    def rate(self) -> float:
        """Overall ``agreed / total`` in ``[0, 1]`` (``1.0`` for no cases)."""
        return self.agreed / self.total if self.total else 1.0

    @property
    def perfect(self) -> bool:
        """``True`` when the verifier agreed on every case."""
        return self.agreed == self.total

    @property
    def disagreements(self) -> tuple[Disagreement, ...]:
        """The listed disagreements of every kind, kind by kind."""
        return tuple(d for k in self.kinds for d in k.disagreements)

    def kind(self, name: str) -> KindScore:
        """The score of kind ``name``; ``KeyError`` listing the kinds when there is none."""
        for score in self.kinds:
            if score.kind == name:
                return score
        raise KeyError(f"no kind {name!r}; kinds: {', '.join(k.kind for k in self.kinds)}")

    def to_dict(self) -> dict:
        """JSON-ready: ``{"verifier", "agreed", "total", "rate", "errors", "kinds": [...]}`` (rates are floats)."""
        return {"verifier": self.verifier, "agreed": self.agreed, "total": self.total, "rate": self.rate,
                "errors": self.errors, "kinds": [k.to_dict() for k in self.kinds]}

    def rows(self) -> list[tuple[str, int, int, str]]:
        """The table: ``(kind, agreed, total, "97.5%")`` per kind, then ``("overall", ...)``."""
        return [(k.kind, k.agreed, k.total, _percent(k.agreed, k.total)) for k in self.kinds] + [
            ("overall", self.agreed, self.total, _percent(self.agreed, self.total))]

    def render(self) -> str:
        """The report as plain text for a terminal: the table, then the listed disagreements by kind."""
        heads = [tr("kind"), tr("agreed"), tr("total"), tr("rate")]
        rows = [(tr("overall") if kind == "overall" else kind, agreed, total, rate) for kind, agreed, total, rate in self.rows()]
        cells = [heads] + [[kind, str(agreed), str(total), rate] for kind, agreed, total, rate in rows]
        # at least the widths the English table always had (agreed 6, total 5, rate 6 columns)
        widths = [max(least, *(width(row[i]) for row in cells)) for i, least in enumerate((0, 6, 5, 6))]
        lines = [tr("verifier: {name}").format(name=self.verifier)]
        lines += [
            "  ".join(_pad(text, widths[i], left=i == 0) for i, text in enumerate(row)).rstrip() for row in cells
        ]
        if self.errors:
            lines.append(tr("{count} case(s) raised an exception; each counts as a disagreement").format(count=self.errors))
        if self.disagreements:
            lines += ["", tr("first disagreements, by kind:")]
            expected_got = tr("  {kind}  {case}: expected {expected}, got {got}")
            lines += [
                expected_got.format(kind=d.kind, case=d.case_id, expected=d.expected, got=d.got) for d in self.disagreements
            ]
        return "\n".join(lines) + "\n"


def _pad(text: str, columns: int, left: bool) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (``core.text.width``), on the right when ``left``."""
    room = " " * max(0, columns - width(text))
    return text + room if left else room + text


def _percent(agreed: int, total: int) -> str:
    return f"{100 * agreed / total:.1f}%" if total else "-"


def _shown(text: str) -> str:
    """``text`` made printable and clipped to :data:`_CLIP` code points; only its start is read,
    so a message of megabytes costs no more than a short one."""
    return clip(_printable(text[: _CLIP + 1]), _CLIP)


def _guarded(read: Callable[[], str], fallback: str) -> str:
    """``read()``, or ``fallback`` when it raises anything but ``KeyboardInterrupt`` (a hostile result's code)."""
    try:
        return read()
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 -- a property or __repr__ of the verifier's making
        return fallback


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = _CLIP + 1
_SHORT_REPR.maxlevel, _SHORT_REPR.maxlist, _SHORT_REPR.maxtuple, _SHORT_REPR.maxdict = 3, 8, 8, 8


def _short_repr(value: Any) -> str:
    """``repr(value)``, but a long text or byte string, and a container's items, are cut before
    their repr is made: a 512 MiB result costs no more to show than a short one."""
    kind = type(value)
    if kind in (str, bytes, bytearray):
        return repr(value[: _CLIP + 1])
    if kind in (list, tuple, dict, set, frozenset):
        return _SHORT_REPR.repr(value)
    return repr(value)


def _describe(value: Any) -> str:
    return _guarded(lambda: _shown(_short_repr(value)), _guarded(lambda: f"a {_shown(type(value).__name__)}", "a value"))


def _raised(err: BaseException) -> str:
    """``"raised KeyError: 'quote'"`` for an exception, whatever its type's ``__name__`` or ``__str__`` do."""
    kind = _guarded(lambda: _shown(str(type(err).__name__)), "an exception")
    message = _guarded(lambda: _shown(str(err)), "(its message cannot be shown)")
    return f"raised {kind}: {message}" if message else f"raised {kind}"


def _judge(result: Any, expected: Status) -> tuple[str, bool]:
    """``(what the verifier said, agreed)`` for a value it returned; never raises for a hostile value."""
    try:
        status = result.status if isinstance(result, Verdict) else result
        status = Status(status) if isinstance(status, str) else None
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 -- a raising __class__, .status, or str subclass
        status = None
    if status is None:
        return f"returned {_describe(result)}, not a status", False
    return status.value, status is expected


def _copies(case, sources: Registry) -> tuple[Any, Registry]:
    """A fresh request and registry for one call: what the verifier changes stays in its copies."""
    return replace(case.request), Registry(replace(source) for source in sources)


def _outcome(fn: Callable, case, sources: Registry) -> tuple[str, bool, bool]:
    """``(what the verifier said, agreed, raised)`` for one case, called in this thread on copies."""
    request, registry = _copies(case, sources)
    try:
        result = fn(case.raw, request, registry)
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # noqa: BLE001 -- any failure of the verifier is data, even sys.exit()
        return _raised(err), False, True
    return (*_judge(result, case.expected), False)


_STOP, _INTERRUPTED = object(), object()
_INTERRUPTED_NAME = "interrupted"  # what a child sends for KeyboardInterrupt (a tuple otherwise)


class _ThreadRunner:
    """Calls the verifier in a daemon worker thread and waits at most ``timeout`` seconds for each
    call. A thread cannot be killed: a call that times out is abandoned (its thread runs on, or
    waits, until the process ends) and a new worker takes the next case."""

    def __init__(self, fn: Callable, timeout: float) -> None:
        self.fn, self.timeout, self.worker = fn, timeout, None

    def _start(self) -> None:
        jobs, results = queue.SimpleQueue(), queue.SimpleQueue()

        def work() -> None:
            while True:
                job = jobs.get()
                if job is _STOP:
                    return
                try:
                    results.put(_outcome(self.fn, *job))
                except KeyboardInterrupt:  # the verifier's own: it stops the run, in the caller's thread
                    results.put(_INTERRUPTED)

        thread = threading.Thread(target=work, name="groundlab-verifier", daemon=True)
        thread.start()
        self.worker = (jobs, results)

    def __call__(self, case, sources: Registry) -> tuple[str, bool, bool] | None:
        if self.worker is None:
            self._start()
        jobs, results = self.worker
        jobs.put((case, sources))
        try:
            outcome = results.get(timeout=self.timeout)
        except queue.Empty:
            self.worker = None  # abandoned with its call; the next case gets a new thread
            return None
        if outcome is _INTERRUPTED:
            raise KeyboardInterrupt
        return outcome

    def close(self) -> None:
        if self.worker is not None:
            self.worker[0].put(_STOP)


class _ProcessRunner:
    """Calls the verifier in a forked child process, one case at a time over a pipe (the child
    has the cases from the fork: only an index is sent). A child that ends (``os._exit``, a crash,
    its memory limit) or runs past ``timeout`` seconds (then it is killed) costs that case only: a
    new child takes the next one. Nothing a child changes comes back to the caller. The child leads
    a process group of its own, killed whole at the end, so a process the verifier forks (and does
    not move to another session) does not outlive the run."""

    def __init__(self, fn: Callable, cases: CaseSet, timeout: float | None, memory: int | None) -> None:
        self.fn, self.cases, self.timeout, self.memory, self.child = fn, cases, timeout, memory, None
        import multiprocessing  # imported on first use: it is slow to import and aliases __main__

        self.context = multiprocessing.get_context("fork")

    def _serve(self, connection) -> None:
        try:
            os.setsid()  # a process group of its own: what the verifier forks ends with the child
        except OSError:  # pragma: no cover - already a group leader
            pass
        _limit_memory(self.memory)
        cases = self.cases.cases
        while True:
            index = connection.recv()
            if index is None:
                return
            try:
                outcome = _outcome(self.fn, cases[index], self.cases.sources)
            except KeyboardInterrupt:  # the verifier's own, or Ctrl-C: it stops the run
                outcome = _INTERRUPTED_NAME
            connection.send(outcome)

    def __call__(self, index: int) -> tuple[str, bool, bool] | str | None:
        """The outcome; ``None`` for a timeout; a ``str`` when the child ended during the call."""
        if self.child is None:
            mine, theirs = self.context.Pipe()
            process = self.context.Process(target=self._serve, args=(theirs,), daemon=True)
            process.start()
            theirs.close()
            self.child = (process, mine)
        process, connection = self.child
        try:
            connection.send(index)
            if connection.poll(self.timeout):
                outcome = connection.recv()
                if outcome == _INTERRUPTED_NAME:
                    raise KeyboardInterrupt
                return outcome
            timed_out = True
        except (EOFError, OSError):  # the child ended during the call
            timed_out = False
        self._end()
        return None if timed_out else f"ended its process ({_exit_text(process.exitcode)})"

    def _end(self) -> None:
        process, connection = self.child
        self.child = None
        try:  # the child and every process the verifier forked in its group
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):  # the group is gone already
            pass
        if process.is_alive():
            process.kill()
        process.join()
        connection.close()

    def close(self) -> None:
        if self.child is not None:
            try:
                self.child[1].send(None)
            except OSError:
                pass
            self.child[0].join(1)
            self._end()


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        return f"killed by {_signal_name(-code)}"
    return f"exit code {code}"


def _signal_name(number: int) -> str:
    import signal

    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _limit_memory(extra: int | None) -> None:
    """In a child: cap its address space at what it has now plus ``extra`` bytes (Linux, ``resource``)."""
    if extra is None:
        return
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[0])
        limit = pages * os.sysconf("SC_PAGE_SIZE") + extra
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, OSError, ValueError):
        pass  # no limit where the system offers none


ISOLATIONS = ("thread", "process", "none")
"""How :func:`score_verifier` calls a verifier: in a worker thread with a time bound (the default),
in a child process (survives ``os._exit`` and memory exhaustion; POSIX with ``fork``), or in the
caller's own thread with no bound."""
MAX_TIMEOUTS = 3
"""After this many calls time out, :func:`score_verifier` calls the verifier no more; the cases
left count as disagreements, ``"not run: ..."``."""


def score_verifier(
    fn: Callable,
    cases: CaseSet | None = None,
    *,
    per_kind: int = 3,
    name: str | None = None,
    timeout: float | None = 5.0,
    isolation: str = "thread",
    memory: int | None = 1 << 30,
) -> ScoreReport:
    """Run ``fn(raw, request, sources)`` over every case of ``cases`` and score its agreement.

    ``cases``: a :class:`~groundlab.study.cases.CaseSet` (default: :func:`~groundlab.lab.mutations.load_mutations`),
    its registry passed as ``sources``, a case's kind its ``family``. Each call gets its own copies of
    the request and the registry, so what ``fn`` changes (``sources.by_id = {}``) never reaches the
    caller's case set or the next case. ``per_kind`` (``>= 0``) bounds the disagreements listed per
    kind; ``name`` defaults to ``fn.__qualname__``.

    ``isolation`` (:data:`ISOLATIONS`): ``"thread"`` (default) calls ``fn`` in a daemon worker thread
    and waits at most ``timeout`` seconds (``None``: no bound) per call; a call past it disagrees,
    ``got`` ``"timed out after 5 s"``. A thread cannot be killed: the stuck call goes on in the
    background until the process ends, and ``fn`` can still end the whole process (``os._exit``)
    or exhaust its memory. ``"process"`` calls ``fn`` in a forked child process, which survives
    both: a child that ends (``got`` ``"ended its process (exit code 3)"``) or runs past
    ``timeout`` (it is killed) costs one case, and its address space is capped at ``memory``
    bytes more than at the fork (Linux; ``None``: no cap). ``"none"`` calls ``fn`` in the caller's
    thread with no time bound. After :data:`MAX_TIMEOUTS` timeouts, ``fn`` is called no more.

    Never raises for what ``fn`` does or returns (a raising ``__class__``, ``.status`` or
    exception ``__name__`` included; text from it is read for :data:`_CLIP` code points at most).
    ``ValueError`` for a negative ``per_kind``, a ``timeout`` that is not positive, an unknown
    ``isolation``, or ``"process"`` where ``fork`` is not available; the default catalogue's
    loading errors propagate.
    """
    if per_kind < 0:
        raise ValueError(f"per_kind must be >= 0, not {per_kind}")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds or None, not {timeout!r}")
    if isolation not in ISOLATIONS:
        raise ValueError(f"isolation must be one of {', '.join(ISOLATIONS)}, not {isolation!r}")
    if isolation == "process" and "fork" not in __import__("multiprocessing").get_all_start_methods():
        raise ValueError('isolation="process" needs the fork start method (POSIX)')
    if cases is None:
        cases = load_mutations()
    if isolation == "process":
        runner = _ProcessRunner(fn, cases, timeout, memory)
        call = lambda index, case: runner(index)  # noqa: E731
    elif isolation == "thread" and timeout is not None:
        runner = _ThreadRunner(fn, timeout)
        call = lambda index, case: runner(case, cases.sources)  # noqa: E731
    else:
        runner = None
        call = lambda index, case: _outcome(fn, case, cases.sources)  # noqa: E731
    counts: dict[str, list] = {}  # kind -> [agreed, total, errors, disagreements]
    timeouts = 0
    try:
        for index, case in enumerate(cases.cases):
            kind = case.family or "-"
            entry = counts.setdefault(kind, [0, 0, 0, []])
            if timeouts >= MAX_TIMEOUTS:
                got, agreed, raised = f"not run: {MAX_TIMEOUTS} earlier calls timed out", False, False
            else:
                outcome = call(index, case)
                if outcome is None:
                    timeouts += 1
                    got, agreed, raised = f"timed out after {timeout:g} s", False, False
                elif isinstance(outcome, str):
                    got, agreed, raised = outcome, False, True
                else:
                    got, agreed, raised = outcome
            entry[0] += agreed
            entry[1] += 1
            entry[2] += raised
            if not agreed and len(entry[3]) < per_kind:
                entry[3].append(Disagreement(case.id, kind, case.expected.value, got, raised))
    finally:
        if runner is not None:
            runner.close()
    kinds = tuple(KindScore(kind, a, t, e, tuple(d)) for kind, (a, t, e, d) in counts.items())
    label = name or _guarded(lambda: getattr(fn, "__qualname__", None) or type(fn).__name__, "a verifier")
    return ScoreReport(_guarded(lambda: _shown(str(label)), "a verifier"), kinds, sum(k.agreed for k in kinds),
                       sum(k.total for k in kinds), sum(k.errors for k in kinds))
