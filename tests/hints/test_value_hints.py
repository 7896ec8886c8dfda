"""groundlab.hints.values: why a claimed value is not the document's fact, units and booleans included."""

import difflib

import pytest
from hint_answers import RETRY, answer, claim, kinds

from groundlab import Status
from groundlab.hints import value_hints
from groundlab.hints.bounded import WORK_LIMIT, Budget, bounded_matcher
from groundlab.hints.values import _close_match


def test_decomposed_accent_in_a_value_names_the_code_points():
    hints = value_hints("cafe\u0301", "caf\u00e9", doc="prod-v2")
    assert kinds(hints) == ("normalization",)
    assert hints[0].message == (
        "The value 'cafe⟨U+0301⟩' and prod-v2's fact 'café' spell the same letters with different code points: "
        "the value writes 'é' as U+0065 LATIN SMALL LETTER E + U+0301 COMBINING ACUTE ACCENT (2 code points), "
        "the fact as U+00E9 LATIN SMALL LETTER E WITH ACUTE (1 code point); they look the same and match after "
        "NFC normalization (Unicode UAX #15), but the contract compares code points exactly."
    )


@pytest.mark.parametrize(
    "value, fact, field, expected_kinds, message",
    [
        ("5s", "5000", "read_timeout_ms", ("unit",),
         "'5s' is 5000 ms, the same quantity as the document's '5000', but the contract compares exact strings, "
         "so the value must be written '5000'."),
        ("5000ms", "5000", "read_timeout_ms", ("unit",),
         "'5000ms' is 5000 ms, the same quantity as the document's '5000', but the contract compares exact "
         "strings, so the value must be written '5000'."),
        ("5 seconds", "5000", "read_timeout_ms", ("unit",), None),
        ("0.5 min", "30000", "read_timeout_ms", ("unit",), None),
        ("2s", "5000", "read_timeout_ms", ("unit",),
         "'2s' is 2000 ms, while the document says '5000' ms; and even an equal quantity would have to be "
         "written exactly '5000'."),
        ("5s", "5", "timeout_s", ("unit",), None),
        ("5 seconds", "5000", "read_timeout", ("unit",),
         "The value '5 seconds' carries the unit 'seconds', but the document's fact is the bare number '5000'; "
         "the contract compares exact strings, not quantities."),
        ("5,000", "5000", "read_timeout_ms", ("unit",),
         "'5,000' is the same number as the document's '5000' written differently; the contract compares exact "
         "strings, so it must be written '5000'."),
        ("5000.0", "5000", "read_timeout_ms", ("unit",), None),
        ("True", "true", "retry_enabled", ("unit",),
         "The value 'True' means the boolean true, like the document's fact, but the contract compares exact "
         "strings and the fact is written 'true'."),
        ("yes", "true", "retry_enabled", ("unit",), None),
        ("off", "false", "retry_enabled", ("unit",), None),
        ("yes", "false", "retry_enabled", (), None),
        ("2000", "5000", "read_timeout_ms", (), None),
        ("Prod", "prod", None, ("case",),
         "The value 'Prod' matches the document's fact 'prod' apart from upper and lower case; the contract "
         "compares letter case exactly."),
        (" 5000", "5000", "read_timeout_ms", ("whitespace",),
         "The value ' 5000' has a leading U+0020 SPACE that the document's fact '5000' does not have; it matches "
         "once the extra whitespace is removed, but the contract compares every character."),
        ("\uff15\uff10\uff10\uff10", "5000", "read_timeout_ms", ("digits",), None),
        ("5\u200b000", "5000", "read_timeout_ms", ("invisible",),
         "The value '5⟨U+200B⟩000' contains U+200B ZERO WIDTH SPACE, an invisible character, after '5'; the "
         "document's fact '5000' does not."),
        ("f\u0430lse", "false", "retry_enabled", ("confusable",), None),
        ("5000", "5000", "read_timeout_ms", (), None),
    ],
)
def test_value_hints(value, fact, field, expected_kinds, message):
    hints = value_hints(value, fact, field=field)
    assert kinds(hints) == expected_kinds
    if message is not None:
        assert hints[0].message == message


@pytest.mark.parametrize(
    "value, fact, message, codepoints",
    [
        # the fact has nothing where the value has U+00A0: never claim it has a plain space there
        ("caf\u00e9\u00a0", "caf\u00e9",
         "The value 'café⟨U+00A0⟩' has a trailing U+00A0 NO-BREAK SPACE that the document's fact 'café' does not "
         "have; it matches once the extra whitespace is removed, but the contract compares every character.",
         ("U+00A0 NO-BREAK SPACE",)),
        ("\u00a0caf\u00e9", "caf\u00e9",
         "The value '⟨U+00A0⟩café' has a leading U+00A0 NO-BREAK SPACE that the document's fact 'café' does not "
         "have; it matches once the extra whitespace is removed, but the contract compares every character.",
         ("U+00A0 NO-BREAK SPACE",)),
        ("ca\u00a0f\u00e9", "caf\u00e9",
         "The value 'ca⟨U+00A0⟩fé' has U+00A0 NO-BREAK SPACE after 'ca' where the document's fact 'café' has none; "
         "it matches once the extra whitespace is removed, but the contract compares every character.",
         ("U+00A0 NO-BREAK SPACE",)),
        # the fact really has a plain space there: say that
        ("ca\u00a0f\u00e9", "ca f\u00e9",
         "The value 'ca⟨U+00A0⟩fé' has U+00A0 NO-BREAK SPACE after 'ca' where the document's fact 'ca fé' has a "
         "plain space (U+0020 SPACE); the two look alike but are different characters, and the contract compares "
         "every character.",
         ("U+00A0 NO-BREAK SPACE", "U+0020 SPACE")),
        # and the other way round: the fact has the no-break space
        ("ca f\u00e9", "ca\u00a0f\u00e9",
         "The value 'ca fé' has a plain space (U+0020 SPACE) after 'ca' where the document's fact 'ca⟨U+00A0⟩fé' "
         "has U+00A0 NO-BREAK SPACE; the two look alike but are different characters, and the contract compares "
         "every character.",
         ("U+0020 SPACE", "U+00A0 NO-BREAK SPACE")),
        ("caf\u00e9", "ca\u00a0f\u00e9",
         "The value 'café' has nothing after 'ca' where the document's fact 'ca⟨U+00A0⟩fé' has U+00A0 NO-BREAK "
         "SPACE; it matches once whitespace is ignored, but the contract compares every character.",
         ("U+00A0 NO-BREAK SPACE",)),
    ],
)
def test_value_whitespace_hints_say_what_each_side_has(value, fact, message, codepoints):
    hints = value_hints(value, fact)
    assert kinds(hints) == ("whitespace",)
    assert hints[0].message == message
    assert hints[0].codepoints == codepoints
    assert "or other whitespace there" not in hints[0].message


def test_value_hints_name_the_document():
    assert value_hints("Prod", "prod", doc="prod-v2")[0].message.startswith("The value 'Prod' matches prod-v2's fact")


def test_a_number_too_large_for_a_float_gets_no_unit_hint_and_does_not_raise():
    # 400 digits read as a float are inf: the conversion to an int raised OverflowError,
    # and two different huge numbers were called "the same number"
    assert value_hints("1" * 400 + " ms", "5000", field="read_timeout_ms") == ()
    assert value_hints("1" * 400, "1" * 401) == ()
    assert value_hints("1e999 ms", "5000", field="read_timeout_ms") == ()


def test_a_huge_number_through_the_verdict(hints_of):
    verdict, hints = hints_of(answer(claim(value="9" * 400 + " ms", quote="read_timeout_ms=5000"), RETRY))
    assert verdict.status is Status.VALUE_MISMATCH
    assert [(h.kind, h.message) for h in hints] == [
        ("closest", f"prod-v2 has read_timeout_ms=5000 (line 1); the claim says '{'9' * 39}…'.")
    ]


@pytest.mark.parametrize(
    "name, candidates",
    [
        ("prod-v3", ("prod-v2", "prod-v1", "dev-v2")),
        ("pord-v2", ("prod-v2", "prod-v1")),
        ("ab", ("ba", "ab_", "abc")),  # a tie on ratio goes to the greatest string, as difflib does
        ("x", ("prod-v2",)),
        ("", ()),
    ],
)
def test_the_closest_identifier_is_difflibs_close_match(name, candidates):
    expected = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    assert _close_match(name, candidates) == (expected[0] if expected else None)


def _units(candidate: str, name: str) -> int:
    # the work units _close_match's alignment of candidate with name spends, given all it needs
    budget = Budget(10**9)
    assert bounded_matcher(candidate, name, budget, autojunk=True) is not None
    return 10**9 - budget.left


def test_an_identifier_too_costly_to_align_is_not_suggested():
    # difflib's ratio is 0.76, but finding it takes more work units (508,847) than one hint
    # alignment may spend (WORK_LIMIT); 198 characters more of the same would take seconds per candidate
    name, candidate, cheap = "aab" * 66, "ab" * 99, "aab" * 65 + "x"
    assert difflib.get_close_matches(name, [candidate], n=1, cutoff=0.6) == [candidate]
    assert _units(candidate, name) > WORK_LIMIT >= _units(cheap, name)
    assert _close_match(name, (candidate,)) is None
    assert _close_match(name, (candidate, cheap)) == cheap
