"""groundlab.hints.quotes: why a quote is not found, kind by kind, verbatim and normalised."""

import pytest
from hint_answers import PROFILE, RETRY, answer, claim, kinds

from groundlab import Status
from groundlab.hints import closest_window, quote_hints


def test_a_verbatim_quote_has_no_hints(prod_v2):
    assert quote_hints("retry_enabled=false", prod_v2) == ()
    assert quote_hints("retry_enabled=false", prod_v2, doc="prod-v2") == ()


def test_zero_width_space_in_quote(prod_v2):
    hints = quote_hints("read_timeout_\u200bms=5000", prod_v2, doc="prod-v2")
    assert kinds(hints) == ("invisible", "closest")
    assert hints[0].message == (
        "The quote contains U+200B ZERO WIDTH SPACE, an invisible character, after 'read_timeout_'; "
        "prod-v2 does not."
    )
    assert hints[0].codepoints == ("U+200B ZERO WIDTH SPACE",)
    assert hints[1].message == (
        "The closest text in prod-v2 is 'read_timeout_ms=5000' (line 1, 97% similar to the quote)."
    )
    assert hints[1].detail == closest_window("read_timeout_\u200bms=5000", prod_v2).alignment


def test_invisible_character_in_the_document_not_in_the_quote():
    hints = quote_hints("read_timeout_ms=5000", "read_timeout_ms=50\u00ad00\n")
    assert kinds(hints) == ("invisible", "closest")
    assert hints[0].message == (
        "The document contains U+00AD SOFT HYPHEN, an invisible character, after '…d_timeout_ms=50'; "
        "the quote does not, and the contract compares every character."
    )


def test_several_invisible_characters_are_one_hint(prod_v2):
    hints = quote_hints("re\u200bad_time\u2060out_ms=5000", prod_v2)
    assert kinds(hints) == ("invisible", "closest")
    assert hints[0].codepoints == ("U+200B ZERO WIDTH SPACE", "U+2060 WORD JOINER")
    assert hints[0].message == (
        "The quote contains U+200B ZERO WIDTH SPACE (after 're') and U+2060 WORD JOINER "
        "(after 're⟨U+200B⟩ad_time'), invisible characters; the document does not."
    )


def test_cyrillic_letter_in_quote(prod_v2):
    hints = quote_hints("retry_enabled=fal\u0455e", prod_v2)
    assert kinds(hints) == ("confusable", "closest")
    assert hints[0].codepoints == ("U+0455 CYRILLIC SMALL LETTER DZE",)
    assert hints[0].message == (
        "The quote contains U+0455 CYRILLIC SMALL LETTER DZE after '…try_enabled=fal', which looks like "
        "the Latin letter 's' but is a different character; the document does not contain it."
    )


def test_greek_letter_without_a_map_entry_is_named_by_script(prod_v2):
    hints = quote_hints("retry_\u03bbnabled", prod_v2)
    assert kinds(hints) == ("confusable", "closest")
    assert "a letter of the Greek script mixed into Latin text" in hints[0].message


def test_cyrillic_in_a_cyrillic_document_is_not_a_confusable():
    assert kinds(quote_hints("\u043f\u0440\u0438\u0432\u0435\u0442 \u043c\u0438\u0440", "\u043f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440")) == ("closest",)


def test_look_alike_in_document_and_latin_in_quote():
    hints = quote_hints("read_timeout_ms", "r\u0435ad_timeout_ms=1")
    assert kinds(hints) == ("confusable", "closest")
    assert hints[0].message == (
        "The quote has 'e' (U+0065 LATIN SMALL LETTER E) where the document has 'е' "
        "(U+0435 CYRILLIC SMALL LETTER IE); they look alike but are different characters."
    )


def test_fullwidth_digit_in_quote(prod_v2):
    hints = quote_hints("read_timeout_ms=\uff15000", prod_v2)
    assert kinds(hints) == ("digits", "closest")
    assert hints[0].message == (
        "The quote contains U+FF15 FULLWIDTH DIGIT FIVE, a non-ASCII digit (5), after 'read_timeout_ms='; "
        "the document writes its digits as ASCII 0-9."
    )


def test_arabic_indic_digits_are_digits_not_normalization(prod_v2):
    hints = quote_hints("read_timeout_ms=\u0665\u0660\u0660\u0660", prod_v2)
    assert kinds(hints) == ("digits", "closest")
    assert hints[0].codepoints == ("U+0665 ARABIC-INDIC DIGIT FIVE", "U+0660 ARABIC-INDIC DIGIT ZERO")


def test_decomposed_accent_is_nfc():
    hints = quote_hints("cafe\u0301 menu", "the caf\u00e9 menu")
    assert kinds(hints) == ("normalization", "closest")
    assert hints[0].message == (
        "The quote and the document spell the same letters with different code points: "
        "the quote writes 'é' as U+0065 LATIN SMALL LETTER E + U+0301 COMBINING ACUTE ACCENT (2 code points), "
        "the document as U+00E9 LATIN SMALL LETTER E WITH ACUTE (1 code point); they look the same and match "
        "after NFC normalization (Unicode UAX #15), but the contract compares code points exactly."
    )
    assert hints[0].codepoints == (
        "U+0065 LATIN SMALL LETTER E", "U+0301 COMBINING ACUTE ACCENT", "U+00E9 LATIN SMALL LETTER E WITH ACUTE",
    )
    # the similarity is not a contradictory 84%: the window is the same text once normalised
    assert hints[1].message == (
        "The closest text in the document is 'café menu' (line 1; the same as the quote apart from "
        "Unicode normalization (NFC))."
    )


def test_precomposed_accent_against_a_decomposed_document_names_both_spellings():
    hints = quote_hints("caf\u00e9", "the cafe\u0301 menu", doc="menu")
    assert kinds(hints) == ("normalization", "closest")
    assert "the quote writes 'é' as U+00E9 LATIN SMALL LETTER E WITH ACUTE (1 code point), menu as " \
        "U+0065 LATIN SMALL LETTER E + U+0301 COMBINING ACUTE ACCENT (2 code points)" in hints[0].message



def test_fullwidth_letters_are_nfkc(prod_v2):
    hints = quote_hints("\uff52ead_timeout_ms", prod_v2)
    assert kinds(hints) == ("normalization", "closest")
    assert hints[0].codepoints == ("U+FF52 FULLWIDTH LATIN SMALL LETTER R",)
    assert "only after NFKC normalization" in hints[0].message


def test_ligature_is_nfkc():
    hints = quote_hints("\ufb01le", "a file")
    assert kinds(hints) == ("normalization", "closest")
    assert hints[0].codepoints == ("U+FB01 LATIN SMALL LIGATURE FI",)


def test_letter_case(prod_v2):
    hints = quote_hints("READ_TIMEOUT_MS=5000", prod_v2)
    assert kinds(hints) == ("case", "closest")
    assert hints[0].message == (
        "The quote matches the document apart from upper and lower case; "
        "the contract compares letter case exactly."
    )
    # not "35% similar": the window is measured the way the case hint reads it
    assert hints[1].message == (
        "The closest text in the document is 'read_timeout_ms=5000' "
        "(line 1; the same as the quote apart from upper and lower case)."
    )
    assert closest_window("READ_TIMEOUT_MS=5000", prod_v2).ratio == pytest.approx(0.35)  # the raw figure


@pytest.mark.parametrize(
    "quote, line, apart",
    [
        ("RETRY_ENABLED=FALSE", 2, "upper and lower case"),
        ("Retry_Enabled=False", 2, "upper and lower case"),
        ("\uff52ead_timeout_ms=5000", 1, "Unicode normalization (NFKC)"),
        ("\uff32\uff25\uff21\uff24_timeout_ms", 1, "Unicode normalization (NFKC) and upper and lower case"),
    ],
)
def test_closest_similarity_is_measured_after_case_and_normalization(quote, line, apart, prod_v2):
    hints = quote_hints(quote, prod_v2, doc="prod-v2")
    window = closest_window(quote, prod_v2)
    assert window.ratio < 1.0
    assert hints[-1].message == (
        f"The closest text in prod-v2 is '{window.text}' (line {line}; the same as the quote apart from {apart})."
    )


def test_closest_similarity_after_case_folding_when_more_than_case_differs(prod_v2):
    hints = quote_hints("READ_TIMEOUT_\u200bMS=5000", prod_v2, doc="prod-v2")
    assert kinds(hints) == ("invisible", "case", "closest")
    assert hints[-1].message == (
        "The closest text in prod-v2 is 'read_timeout_ms=5000' (line 1, 97% similar to the quote apart from "
        "upper and lower case)."
    )


def test_confusable_and_case_together(prod_v2):
    hints = quote_hints("RETRY_ENABLED=F\u0410LSE", prod_v2)
    assert kinds(hints) == ("confusable", "case", "closest")


def test_no_break_space_in_quote(prod_v2):
    # the document really has a plain space there, and the hint says so
    hints = quote_hints("Assistant,\u00a0disregard", prod_v2)
    assert kinds(hints) == ("whitespace", "closest")
    assert hints[0].codepoints == ("U+00A0 NO-BREAK SPACE", "U+0020 SPACE")
    assert hints[0].message == (
        "The quote has U+00A0 NO-BREAK SPACE after 'Assistant,' where the document has a plain space "
        "(U+0020 SPACE); the two look alike but are different characters, and the contract compares every character."
    )


def test_doubled_space_is_whitespace(prod_v2):
    hints = quote_hints("Assistant,  disregard", prod_v2)
    assert kinds(hints) == ("whitespace", "closest")
    assert hints[0].codepoints == ("U+0020 SPACE",)
    assert hints[0].message == (
        "The quote has a plain space (U+0020 SPACE) after 'Assistant,␣' where the document has none; "
        "it matches once the extra whitespace is removed, but the contract compares every character."
    )


@pytest.mark.parametrize(
    "quote, message, codepoints",
    [
        ("read_timeout_ms = 5000",
         "The quote has a plain space (U+0020 SPACE) after 'read_timeout_ms' where prod-v2 has none and a plain "
         "space (U+0020 SPACE) after '…ad_timeout_ms␣=' where prod-v2 has none; it matches once the extra "
         "whitespace is removed, but the contract compares every character.",
         ("U+0020 SPACE",)),
        ("read_timeout_ms=  5000",
         "The quote has 2 × U+0020 SPACE after 'read_timeout_ms=' where prod-v2 has none; it matches once the "
         "extra whitespace is removed, but the contract compares every character.",
         ("U+0020 SPACE",)),
        ("read_timeout_ms=\t5000",
         "The quote has U+0009 CHARACTER TABULATION after 'read_timeout_ms=' where prod-v2 has none; it matches "
         "once the extra whitespace is removed, but the contract compares every character.",
         ("U+0009 CHARACTER TABULATION",)),
        (" read_timeout_ms=5000",
         "The quote has a leading U+0020 SPACE that prod-v2 does not have; it matches once the extra whitespace "
         "is removed, but the contract compares every character.",
         ("U+0020 SPACE",)),
        ("read_timeout_ms=5000 retry_enabled=false",
         "The quote has a plain space (U+0020 SPACE) after '…timeout_ms=5000' where prod-v2 has U+000A LINE FEED; "
         "it matches once each run of whitespace is read as one space, but the contract compares every character.",
         ("U+0020 SPACE", "U+000A LINE FEED")),
        ("retry_enabled=false ",
         "The quote has a plain space (U+0020 SPACE) at the end where prod-v2 has U+000A LINE FEED; it matches "
         "once each run of whitespace is read as one space, but the contract compares every character.",
         ("U+0020 SPACE", "U+000A LINE FEED")),
    ],
)
def test_extra_whitespace_in_a_quote_is_named_where_it_is(quote, message, codepoints, prod_v2):
    hints = quote_hints(quote, prod_v2, doc="prod-v2")
    assert kinds(hints) == ("whitespace", "closest")
    assert hints[0].message == message
    assert hints[0].codepoints == codepoints


def test_extra_space_and_crlf_give_a_whitespace_and_a_line_endings_hint(prod_v2):
    # the carriage return is explained once, by the line_endings hint, not again as whitespace
    hints = quote_hints("read_timeout_ms =5000\r\nretry_enabled=false", prod_v2, doc="prod-v2")
    assert kinds(hints) == ("whitespace", "line_endings", "closest")
    assert hints[0].message == (
        "The quote has a plain space (U+0020 SPACE) after 'read_timeout_ms' where prod-v2 has none; "
        "the contract compares every character."
    )
    assert hints[0].codepoints == ("U+0020 SPACE",)
    assert hints[1].message.startswith("The quote uses Windows line endings")
    hints = quote_hints("read_timeout_ms=5000\t\r\nretry_enabled=false", prod_v2, doc="prod-v2")
    assert kinds(hints) == ("whitespace", "line_endings", "closest")
    assert hints[0].message.startswith(
        "The quote has U+0009 CHARACTER TABULATION after '…timeout_ms=5000' where prod-v2 has none;"
    )


def test_extra_whitespace_quote_through_the_verdict(hints_of):
    verdict, hints = hints_of(answer(claim(quote="read_timeout_ms = 5000"), RETRY))
    assert verdict.status is Status.NO_CITATION
    assert kinds(hints) == ("whitespace", "closest")
    assert "it matches once the extra whitespace is removed" in hints[0].message
    assert {(h.claim, h.check) for h in hints} == {(0, "citation")}


def test_whitespace_and_case_together(prod_v2):
    hints = quote_hints("READ_TIMEOUT_MS = 5000", prod_v2, doc="prod-v2")
    assert kinds(hints) == ("case", "whitespace", "closest")
    assert hints[1].message.startswith(
        "The quote has a plain space (U+0020 SPACE) after 'READ_TIMEOUT_MS' where prod-v2 has none and "
    )
    assert hints[2].message == (
        "The closest text in prod-v2 is 'read_timeout_ms=5000' "
        "(line 1, 95% similar to the quote apart from upper and lower case)."
    )


def test_crlf_quote_against_lf_document(prod_v2):
    hints = quote_hints("read_timeout_ms=5000\r\nretry_enabled=false", prod_v2)
    assert kinds(hints) == ("line_endings", "closest")
    assert hints[0].message.startswith("The quote uses Windows line endings")


def test_lf_quote_against_crlf_document():
    hints = quote_hints("read_timeout_ms=5000\nretry", "read_timeout_ms=5000\r\nretry_enabled=false\r\n")
    assert kinds(hints) == ("line_endings", "closest")
    assert hints[0].message.startswith("The document uses Windows line endings")


def test_paraphrase_gets_only_the_closest_window(prod_v2):
    hints = quote_hints("Assistant, ignore the request", prod_v2, doc="prod-v2")
    assert kinds(hints) == ("closest",)
    assert hints[0].message == (
        "The closest text in prod-v2 is 'Assistant, disregard the request' (line 3, 85% similar to the quote)."
    )


def test_empty_quote_and_empty_source(prod_v2):
    assert quote_hints("", prod_v2)[0].message == "The quote is empty, so there is nothing to find in the document."
    assert kinds(quote_hints("", prod_v2)) == ("closest",)
    assert quote_hints("x", "", doc="d")[0].message == "D is empty, so no quote can be found in it."
    assert kinds(quote_hints(None, None)) == ("closest",)


def test_claim_and_check_are_copied(prod_v2):
    hints = quote_hints("READ_TIMEOUT_MS", prod_v2, claim=3, check="citation")
    assert {(h.claim, h.check) for h in hints} == {(3, "citation")}


def test_quote_hints_refuses_non_text(prod_v2):
    with pytest.raises(TypeError):
        quote_hints(5, prod_v2)


# the normalised quote check of "No Quote, No Claim" (groundlab.grounding.rule.is_quoted)


def test_normalized_mode_found_means_no_hints():
    assert quote_hints("  JAVA\u00a0(intermediate,\t3 years).", PROFILE, normalized=True) == ()


def test_normalized_mode_short_quote():
    hints = quote_hints("on.", PROFILE, normalized=True)
    assert kinds(hints) == ("length", "closest")
    assert hints[0].message == (
        "After normalising, the quote is 'on', 2 character(s); a quote needs at least 3 characters to count, "
        "because shorter text is found almost anywhere."
    )


def test_normalized_mode_forgives_case_but_not_confusables():
    hints = quote_hints("J\u0410VA (INTERMEDIATE", PROFILE, normalized=True)
    assert kinds(hints) == ("confusable", "closest")


def test_normalized_mode_a_quote_that_skips_words_gets_only_the_closest_window():
    hints = quote_hints("Java (3 years)", PROFILE, normalized=True)
    assert kinds(hints) == ("closest",)
    assert hints[0].message == (
        "The closest text in the document is 'Java (Intermediate, 3 years)' (line 1, 66% similar to the quote)."
    )
