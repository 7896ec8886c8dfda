"""Parse errors as data: a code, a reason, a path, a place and a context; the message is rendered from them.

:class:`ClaimsSyntaxError` is what the input boundary raises. Its ``code`` (one of
:data:`ERROR_CODES`) decides the verdict; ``reason`` (one of
``REASONS[code]``) and ``context`` say what was found and what was expected;
the ``message`` is built from those by a template, so nothing ever needs to parse
a message. The place (``position``, ``line``, ``column``) may be resolved lazily:
a refusal costs no re-read until someone asks where it is, and a refusal pickled
before that stays lazy. Which code wins when several apply:
``docs/architecture.md``, "Parse-code precedence".
"""

from __future__ import annotations

import json
import re
from types import MappingProxyType
from typing import Any, Callable, Mapping

from groundlab.core.failure import DocPath, GroundlabError
from groundlab.core.language import LIBRARY_CATALOGUE as tr
from groundlab.core.language import N_
from groundlab.core.text import clip, line_column, show_char

__all__ = ["CODE_MEANINGS", "ERROR_CODES", "REASONS", "ClaimsSyntaxError", "DocPath", "code_meaning", "format_path"]

ERROR_CODES = (
    "too_long",
    "too_many_claims",
    "not_json",
    "too_deep",
    "duplicate_member",
    "bad_text",
    "bad_number",
    "wrong_shape",
)
"""Every value :attr:`ClaimsSyntaxError.code` can take."""

CODE_MEANINGS: Mapping[str, str] = MappingProxyType(
    {
        "too_long": N_("the answer, or one of its strings, is over the length limit (UTF-16 code units)"),
        "too_many_claims": N_("the answer holds more claims than the limit"),
        "not_json": N_("the text is not one strict JSON value (syntax, a byte-order mark, NaN, bad UTF-8, trailing text)"),
        "too_deep": N_("arrays and objects are nested deeper than the limit"),
        "duplicate_member": N_("an object names the same member twice, at any depth"),
        "bad_text": N_("a string holds a lone surrogate, a noncharacter or (in a claim) a control character"),
        "bad_number": N_("a number is too large to read exactly"),
        "wrong_shape": N_("valid JSON, but not {\"claims\": [...]} of objects with exactly four non-empty strings"),
    }
)
"""Code -> one line a learner reads (the cheat sheet's parse-code table); the keys are :data:`ERROR_CODES`, in order.
The values are English; :func:`code_meaning` gives one in the language in force."""


def code_meaning(code: str) -> str:
    """``CODE_MEANINGS[code]`` in the language in force (``KeyError`` for an unknown code)."""
    return tr(CODE_MEANINGS[code])


REASONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "too_long": ("input", "input_bytes", "string"),
        "too_many_claims": ("too_many_claims",),
        "not_json": (
            "bom", "bad_whitespace", "raw_control", "unterminated_string", "bad_escape",
            "expected_value", "end_of_text", "expected_name", "trailing_comma", "expected_colon",
            "expected_comma", "extra_data", "constant", "non_ascii_digit", "invalid_utf8",
        ),
        "too_deep": ("too_deep",),
        "duplicate_member": ("duplicate_member",),
        "bad_text": ("ijson", "claim_char"),
        "bad_number": ("overflow",),
        "wrong_shape": (
            "top_level", "unknown_member", "claims_not_array", "no_claims", "claim_not_object",
            "unknown_claim_member", "not_string", "empty", "missing_members",
        ),
    }
)
"""Code -> every :attr:`ClaimsSyntaxError.reason` it can carry (a finer, stable key)."""

_A = {
    "null": N_("null"), "boolean": N_("a boolean"), "number": N_("a number"), "array": N_("an array"),
    "object": N_("an object"), "string": N_("a string"),
}
_EXPECTED = {
    "value": N_("a JSON value"),
    "member name": N_("a member name in double quotes"),
    "colon": N_("':' after the member name"),
    "comma or }": N_("',' or '}'"),
    "comma or ]": N_("',' or ']'"),
}

# reason -> template over the context (and derived fields: found_char, found_a, member_json, ...)
_TEMPLATES = {
    "input": N_("the answer is {count} UTF-16 code units long; the limit is {limit}"),
    "input_bytes": N_("the answer is over {bytes} bytes, so over {limit} UTF-16 code units; the limit is {limit}"),
    "string": N_("{member} is {count} UTF-16 code units long; the limit is {limit}"),
    "too_many_claims": N_("an answer may hold at most {limit} claims; this one holds {count}"),
    "bom": N_("a byte-order mark (U+FEFF) is not allowed in JSON text"),
    "bad_whitespace": N_("{found_char} is not JSON whitespace (only space, tab, line feed and carriage return are)"),
    "raw_control": N_("raw control character {found_char} inside a string; escape it"),
    "unterminated_string": N_("a string starts here but never ends (missing closing quote)"),
    "bad_escape": N_("invalid escape sequence {escape_text} in a string"),
    "expected_value": N_("expected a JSON value, found {found_char}"),
    "end_of_text": N_("the text ended where {expected_text} was expected"),
    "expected_name": N_("expected a member name in double quotes, found {found_char}"),
    "trailing_comma": N_("a comma before {found_char} with nothing after it; JSON allows no trailing comma"),
    "expected_colon": N_("expected ':' after the member name, found {found_char}"),
    "expected_comma": N_("expected {expected_text} after a value, found {found_char}"),
    "extra_data": N_("extra data after the JSON value ends (only one value is allowed)"),
    "constant": N_("{name} is not a JSON value (RFC 8259 has no NaN or Infinity)"),
    "non_ascii_digit": N_("{found_char} is not a JSON digit; numbers use 0-9 only"),
    "invalid_utf8": N_(
        "the bytes are not valid UTF-8 (byte 0x{byte:02X} at offset {offset}); "
        "JSON text must be UTF-8 (RFC 8259 section 8.1)"
    ),
    "too_deep": N_("arrays and objects are nested more than {limit} levels deep"),
    "duplicate_member": N_("the member name {member_json} appears twice in one object"),
    "ijson": N_("{found_char} is not allowed in JSON text (I-JSON)"),
    "claim_char": N_("{member} contains {found_char}, which a claim may not contain"),
    "overflow": N_("the number {number_clip} is too large for a double-precision float (I-JSON)"),
    "top_level": N_('the answer must be an object {{"claims": [...]}}, not {found_a}'),
    "unknown_member": N_("unknown member {member_json}; the answer may hold only claims"),
    "claims_not_array": N_("claims must be an array, not {found_a}"),
    "no_claims": N_('the answer has no "claims" member'),
    "claim_not_object": N_("each claim must be an object with field, value, doc and quote, not {found_a}"),
    "unknown_claim_member": N_("unknown member {member_json} in a claim; allowed: field, value, doc, quote"),
    "not_string": N_("{member} must be a string, not {found_a}"),
    "empty": N_("{member} must not be an empty string"),
    "missing_members": N_("this claim is missing {missing_list}"),
}


class ClaimsSyntaxError(GroundlabError, ValueError):
    """The answer was refused at the input boundary (status ``INVALID_JSON``).

    * ``code`` -- one of :data:`ERROR_CODES`; ``reason`` -- one of ``REASONS[code]``;
    * ``path`` -- where in the decoded document, e.g. ``("claims", 2, "quote")``;
      ``()`` for the whole input or when nothing was decoded;
    * ``context`` -- read-only mapping of what was found and expected, where they
      apply: ``found`` (not_json: the character at the position, or ``""`` at the
      end; wrong_shape: the JSON type found), ``near`` (up to 20 characters from the
      position), ``expected`` (``"value"``, ``"member name"``, ``"colon"``,
      ``"comma or }"``, ``"comma or ]"``), ``token``, ``member``, ``missing``,
      ``limit``, ``count``, ``number``, ``name``, ``escape``, ``byte``, ``offset``,
      ``bytes``;
    * ``position`` -- 0-based code point offset into the decoded text, or ``None``;
      ``line``, ``column`` -- 1-based, columns in code points (lines end at LF only);
      ``None`` when the error has no single place (a bound over the whole input);
    * ``message`` -- the sentence rendered from ``reason`` and ``context``.

    ``str(err)`` is ``"<code>: <message> (line L, column C; at <path>)"``. Given ``resolve()
    -> (reason, context, position)``, the place, reason, context and message are looked up
    on first access, once (a ``None`` reason keeps the given ones); an unresolved error
    pickles when ``resolve`` does (a module-level function or a ``functools.partial`` of one).
    """

    TEMPLATES = MappingProxyType(_TEMPLATES)  # keyed by reason, not by code: see _render
    CODES = ERROR_CODES

    def __init__(
        self,
        code: str,
        reason: str | None = None,
        *,
        path: DocPath = (),
        context: Mapping[str, Any] | None = None,
        position: int | None = None,
        line: int | None = None,
        column: int | None = None,
        text: str | None = None,
        resolve: Callable[[], tuple] | None = None,
    ) -> None:
        super().__init__(code, code=code, context=context, path=path)
        if reason is not None and reason not in REASONS[code]:
            raise ValueError(f"reason {reason!r} is not one of code {code!r}'s: {', '.join(REASONS[code])}")
        self._reason = reason
        self._position = position
        self._place = (line, column) if line is not None else None
        self._text = text  # only until the place is known
        self._resolve = resolve

    @classmethod
    def _fast(cls, code: str, reason: str | None, path: DocPath, context: dict | None, text: str, resolve: Callable[[], tuple]):
        """Internal: what ``cls(code, reason, path=path, context=context, text=text, resolve=resolve)``
        builds (the same ``args`` and ``__dict__``, in the same order), without the keyword parsing
        and the copies; for the parsers' own refusals, ``path`` a tuple and ``context`` a new dict.
        A refusal is decided on the hot path of every answer: this keeps its cost near a read's."""
        self = cls.__new__(cls, code)
        self.__dict__ = {
            "code": code, "path": path, "_context": {} if context is None else context, "_reason": reason,
            "_position": None, "_place": None, "_text": text, "_resolve": resolve,
        }
        return self

    # lazy parts ---------------------------------------------------------------
    def _resolved(self) -> None:
        if self._resolve is not None:
            resolve, self._resolve = self._resolve, None
            reason, context, position = resolve()
            if reason is not None:
                self._reason, self._context = reason, dict(context)
            self._position = position

    @property
    def reason(self) -> str:
        """The finer reason key (one of ``REASONS[self.code]``)."""
        if self._reason is None:
            self._resolved()
        return self._reason

    @property
    def context(self) -> Mapping[str, Any]:
        """What was found and expected (see the class docstring), read-only."""
        if self._reason is None:
            self._resolved()
        return MappingProxyType(self._context)

    @property
    def position(self) -> int | None:
        """0-based code point offset of the problem in the decoded text, or ``None``."""
        self._resolved()
        return self._position

    @property
    def line(self) -> int | None:
        """1-based line of the problem, or ``None``."""
        return self._line_column()[0]

    @property
    def column(self) -> int | None:
        """1-based column (code points) of the problem, or ``None``."""
        return self._line_column()[1]

    def _line_column(self) -> tuple:
        if self._place is None:
            position = self.position
            if position is None or self._text is None:
                self._place = (None, None)
            else:
                self._place = line_column(self._text, position)
            self._text = None
        return self._place

    def _render(self) -> str:
        """``TEMPLATES[reason]`` over the context and the fields derived from it
        (``found_char``, ``found_a``, ``member_json``, ``missing_list``,
        ``number_clip``, ``escape_text``, ``expected_text``)."""
        context = self.context
        fields = dict(context)
        found = context.get("found")
        if isinstance(found, str):
            fields["found_char"] = show_char(found) if len(found) == 1 else tr("the end of the text")
            fields["found_a"] = tr(_A[found]) if found in _A else found
        if "member" in context:
            fields["member_json"] = clip(json.dumps(context["member"]))
        if "missing" in context:
            fields["missing_list"] = ", ".join(context["missing"])
        if "number" in context:
            fields["number_clip"] = clip(context["number"])
        if "escape" in context:
            fields["escape_text"] = repr(context["escape"])
        if "expected" in context:
            expected = context["expected"]
            fields["expected_text"] = tr(_EXPECTED[expected]) if expected in _EXPECTED else expected
        return tr(self.TEMPLATES[self.reason]).format(**fields)

    # presentation --------------------------------------------------------------
    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(tr("line {line}, column {column}").format(line=self.line, column=self.column))
        if self.path:
            where.append(tr("at {path}").format(path=format_path(self.path)))
        if not where:
            return f"{self.code}: {self.message}"
        return tr("{code}: {message} ({where})").format(code=self.code, message=self.message, where=tr("; ").join(where))

    def __repr__(self) -> str:
        return (
            f"ClaimsSyntaxError(code={self.code!r}, reason={self.reason!r}, path={self.path!r}, "
            f"line={self.line!r}, column={self.column!r})"
        )

    def to_dict(self) -> dict:
        """JSON-ready data: ``code``, ``reason``, ``message``, ``path`` (a list),
        ``line``, ``column`` and ``context`` (a dict; tuples as lists)."""
        return {
            "code": self.code,
            "reason": self.reason,
            "message": self.message,
            "path": list(self.path),
            "line": self.line,
            "column": self.column,
            "context": {k: list(v) if isinstance(v, tuple) else v for k, v in self.context.items()},
        }


_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*\Z")


def format_path(path: DocPath) -> str:
    """Render a document path such as ``("claims", 2, "quote")`` as ``claims[2].quote``.

    A member name that is not a plain ASCII name is shown as a JSON string in
    brackets with every non-ASCII character escaped (``["\\u001b[2J"]``), so an
    answer's text never puts control characters or lone surrogates into a
    message, a terminal or a log. ``()`` is ``"(top level)"``.
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _PLAIN_NAME.match(part):
            out += ("." if out else "") + part
        else:
            out += f"[{json.dumps(part)}]"
    return out or tr("(top level)")
