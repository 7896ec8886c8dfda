"""The reply's one optional code fence: stripped by a linear scan that agrees with the fence's rule.

The rule, written as the regular expression it replaced (which backtracked quadratically on
long runs of spaces): ``\\A\\s*```[A-Za-z0-9_-]*[ \\t]*\\r?\\n(?P<body>.*?)\\r?\\n?[ \\t]*```\\s*\\Z``.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundlab.grounding.explain import ReplyFormatError, _strip_fence, parse_reply

RULE = re.compile(r"\A\s*```[A-Za-z0-9_-]*[ \t]*\r?\n(?P<body>.*?)\r?\n?[ \t]*```\s*\Z", re.DOTALL)
PIECES = st.sampled_from(["```", "`", "\n", "\r", " ", "\t", "json", "x-y", "{}", "é", "\u00a0", "\u2028"])


def by_rule(reply: str) -> str:
    found = RULE.match(reply)
    return found.group("body") if found else reply


@given(st.lists(PIECES, max_size=12).map("".join))
def test_the_scan_agrees_with_the_rule(reply):
    assert _strip_fence(reply) == by_rule(reply)


@pytest.mark.parametrize(
    "reply, body",
    [
        ('```json\n{"matches": []}\n```', '{"matches": []}'),
        ('  ```\r\n{"gaps": []}\r\n  ```  \n', '{"gaps": []}'),
        ("```\n```", ""),
        ("````", "````"),  # one fence line only: unchanged
        ("```json {}```", "```json {}```"),  # no line break after the opening: unchanged
        ("```py thon\n{}\n```", "```py thon\n{}\n```"),  # a tag with a space: unchanged
    ],
)
def test_fences(reply, body):
    assert _strip_fence(reply) == body


def test_a_long_run_of_spaces_is_refused_as_a_format_error():
    with pytest.raises(ReplyFormatError):
        parse_reply("```\n" + " " * 200_000 + "x")
    assert parse_reply("```json\n" + '{"matches": [], "gaps": []}' + " " * 100_000 + "\n```").matches == []
