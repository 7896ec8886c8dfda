"""Each notebook's Predict hints, kept out of its code so that a learner sees a hint only on *Hint*.

A notebook passes ``hints=lesson_hints("NN").key`` to a ``Predict``. Each hint is marked with the
lessons' :func:`~groundlab.workbook.lessons.text.N_`, so it shows itself in the language in force
when the Hint button shows it. No hint names its exercise's
answer. Standard library only. See ``docs/architecture.md``, "Exercise answers".
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from groundlab.workbook.lessons.text import N_

__all__ = ["PREDICT_HINTS"]


PREDICT_HINTS: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "00": MappingProxyType(
            {
                "two_claims_two_faults": (
                    N_("Compare each claim's document with the request, and its quote with that document, character for character."),
                    N_("Which of those two checks runs first, and for which claims?"),
                ),
                "a_quote_typed_from_memory": (
                    N_("Normalising changes case, runs of spaces and punctuation at the two ends, nothing else."),
                    N_("Is the quote, as typed, a piece of the profile text?"),
                ),
            }
        ),
        "01": MappingProxyType(
            {
                "a_number_then_a_repeated_name": (
                    N_("For each fault: is it met while the text is read, or only when the shape is checked?"),
                    N_("A number where a string belongs is still valid JSON. Of the other two, which does the reader meet first?"),
                ),
                "a_huge_number_then_a_repeated_name": (
                    N_("Both faults are met while the text is read. Which does the reader reach first?"),
                    N_("A repeated name is noticed only when its second copy has been read."),
                ),
                "a_bell_then_a_sentence": (
                    N_("Which of the two faults is met while reading, and which only afterwards?"),
                    N_("The characters inside a string are checked with the shape, after reading."),
                ),
                "a_quote_of_1025_emoji": (
                    N_("Count the quote in UTF-16 code units, as Java would."),
                    N_("Compare that count with the limit for one string."),
                ),
            }
        ),
        "02": MappingProxyType(
            {
                "a_genuine_quote": (
                    N_("List the two questions the citation-only check asks, and answer them for each claim."),
                    N_("For each claim: is its cited document supplied, and is its quote, exactly as written, in that document?"),
                ),
                "one_claim_for_two_fields": (
                    N_("Two checks can object to this answer. Which of them runs first?"),
                    N_("Notebook 00's order: each claim's own checks, then one check over the whole answer."),
                ),
                "an_answer_with_no_claims": (
                    N_("Two checks could object to an empty list of claims. Which one runs first?"),
                    N_("Coverage runs last, after everything else."),
                ),
                "x_whitespace_value": (
                    N_("Is a string of one space empty? Start with the parse step."),
                    N_("If it parses, walk claim 0's checks in order: citation first, then the rest."),
                ),
            }
        ),
        "03": MappingProxyType(
            {
                "another_service_supplied": (
                    N_("Was each cited document supplied, and is each quote one of its lines? Then find the document's labels in the registry table."),
                    N_("Supplying a document lets the model read it. What do the checks after the citation compare with the request: the text, or the labels?"),
                ),
                "the_complete_answer_a_v1_request": (
                    N_("Compare prod-v2's service, environment and revision (the registry table) with the request's."),
                    N_("The revision check does not ask which revision is newer, only whether it is the requested one."),
                ),
                "the_dev_answer_a_v1_request": (
                    N_("Compare each of dev-v2's three labels with the request: how many differ?"),
                    N_("When one claim breaks two rules, the check that runs first for it decides."),
                ),
            }
        ),
        "04": MappingProxyType(
            {
                "instruction_as_quote": (
                    N_("The sentence mentions a timeout of 1, but the value check compares the claim's value with the registry's fact, not with the quote."),
                    N_("Which check reads the quote's words, and what must they be?"),
                ),
                "an_answer_that_obeys_the_sentence": (
                    N_("Take claim 0's checks in order. Is its quote a piece of prod-v2's text, even inside a longer line?"),
                    N_("The citation check passes or fails first, for every claim. After it, which of claim 0's checks is the first to find a fault?"),
                ),
                "a_look_alike_letter": (
                    N_("The contract compares exact strings, code point by code point. Is this quote, as a string, in prod-v2?"),
                    N_("Which check looks for the quote in the document, and when does it run?"),
                ),
            }
        ),
        "05": MappingProxyType(
            {
                "a_one_field_request": (
                    N_("Which fields does the request ask for? Count the claims for each of them."),
                    N_("Coverage compares the claims with one list. Which list: the document's facts, or the request's fields?"),
                ),
                "the_retry_flag_for_a_timeout_request": (
                    N_("Two coverage rules are broken: one by a claim, one by the answer as a whole."),
                    N_("Which run first: the checks of each claim, or the check over the whole answer?"),
                ),
            }
        ),
        "06": MappingProxyType(
            {
                "two_edits_two_claims": (
                    N_("Find each claim's fault first: which check would catch claim 0's, and which claim 1's?"),
                    N_("Checks run claim by claim: does the contract ever reach claim 1?"),
                ),
                "the_changed_value": (
                    N_("Compare claim 0's value with prod-v2's fact, then its quote with the line for that value."),
                    N_("Two of claim 0's checks would fail. The earlier one in the check order decides."),
                ),
            }
        ),
        "07": MappingProxyType(
            {
                "short_job_quotes": (
                    N_("Normalise each quote first, then count its characters."),
                    N_("A match needs both of its quotes to count; a gap needs its job quote to count."),
                ),
                "every_point_carries_quotes": (
                    N_("Look for each quote in its own text: the profile quote in PROFILE, the job quote in JOB."),
                    N_("A gap's profile quote must be empty. Count the points that are left: what does the user get then?"),
                ),
                "three_letters_inside_a_name": (
                    N_("Normalise the quote and the source first."),
                    N_("Then look for the quote's characters anywhere in the source."),
                ),
                "a_fence_nulls_and_a_missing_quote": (
                    N_("Take the fence off first, then check the items one by one."),
                    N_("A match needs two quotes."),
                ),
                "a_null_list_of_claims": (
                    N_("The text is valid JSON. What does the parser require of the value under claims?"),
                ),
                "a_friendly_line_before_the_fence": (
                    N_("Which part of the reply does the parser take off, and what is left around the JSON?"),
                ),
            }
        ),
        "08": MappingProxyType(
            {
                "a_quote_from_the_resume": (
                    N_("Quotes are checked against the text that was sent to the model."),
                    N_("Check the two matches one at a time."),
                ),
                "private_values_in_the_quotes": (
                    N_("A quote counts when it is in the text that was sent. Which of this profile's fields were sent, and what do they hold now?"),
                    N_("Take the three profile quotes one at a time: whose value is each, and where did that value end up?"),
                ),
                "a_model_that_obeyed_the_document": (
                    N_("Both quotes really occur in prod-v2."),
                    N_("Go through the checks in order: citation, duplicate, requested, scope, revision, value, supports."),
                ),
            }
        ),
        "09": MappingProxyType(
            {
                "half_a_fix": (
                    N_("The citation check looks in a document's text; the value check compares with its facts."),
                    N_("Go through the checks in order and stop at the first that fails."),
                ),
                "an_expert_a_builder_and_a_gap": (
                    N_("Judge each point by its quotes only, not by whether it is true or kind."),
                    N_("Read each profile quote against the profile, word by word."),
                ),
                "two_good_claims_and_a_third": (
                    N_("One check runs over all the claims at once, before any claim-by-claim check."),
                    N_("Compare each cited document with the request's supplied documents."),
                ),
                "two_claims_for_a_one_field_request": (
                    N_("After the checks over all claims, the claims are checked one by one, in answer order."),
                ),
                "one_member_too_many": (
                    N_("The text is valid JSON. Which members may a claim have?"),
                ),
                "a_full_stop_at_the_end": (
                    N_("Normalising trims quote marks and . , ; : at the two ends."),
                ),
                "a_hyphen_in_the_middle": (
                    N_("Normalising changes nothing inside the quote but whitespace and case."),
                ),
            }
        ),
        "10": MappingProxyType(
            {
                "a_word_broken_across_two_lines": (
                    N_("Write down what is_quoted makes of the source around the line break: lower case, and the break becomes one space. Is the hyphen still there?"),
                    N_("Read the rungs' descriptions from the top until one of them takes the hyphen away."),
                ),
                "is_permitted": (
                    N_("The folds undo changes of form, and a missing word is not one."),
                    N_("For the fuzzy rungs, use the rule of thumb above: count the characters the quote lacks, and the length of the quote."),
                ),
                "another_document_s_words": (
                    N_("How many characters of the quote would have to change before it appears in this source? Compare that with the most lenient threshold."),
                ),
                "four_points_about_a_platform_engineer": (
                    N_("Check each point's two quotes on their own against the texts above: at least 3 characters once normalised, and a substring after lower-casing and collapsing whitespace."),
                    N_("Whether the point's sentence is true does not matter to the check."),
                ),
            }
        ),
        "11": MappingProxyType(
            {
                "a_renamed_field": (
                    N_("The checks run claim by claim: all of claim 0's before any of claim 1's."),
                    N_("Which field does claim 0 name now? Go through its checks in order: duplicate, requested, scope, revision, value, supports."),
                ),
                "a_lone_surrogate_the_naive_way": (
                    N_("json.loads decodes the escape into one character without complaint."),
                    N_("What does the verifier ask next, and does the document's text hold that character?"),
                ),
                "an_unrequested_claim_field_by_field": (
                    N_("The per-field contract looks at each requested field on its own. Where does the claim for the other field go?"),
                    N_("What is left to decide about the timeout claim itself?"),
                ),
                "no_claims_field_by_field": (
                    N_("Walk through the per-field rules above for read_timeout_ms, in order."),
                    N_("Can the answer be read? How many claims name the field?"),
                ),
            }
        ),
        "12": MappingProxyType(
            {
                "warm_up_another_branch": (
                    N_("Look for har-summer-2025 in the request's list of supplied documents."),
                    N_("One check covers every claim before any claim's scope is compared. Which?"),
                ),
                "warm_up_two_faults_in_one_claim": (
                    N_("Compare claim 0's value with the document's fact, and its quote with the document's weekdays line."),
                    N_("Within a claim, the checks run in a fixed order: duplicate, requested, scope, revision, value, supports."),
                ),
                "a08_field_by_field": (
                    N_("How many claims of a08 name weekdays?"),
                    N_("Notebook 11: before any check, the per-field contract counts the claims that name the field."),
                ),
            }
        ),
        "13": MappingProxyType(
            {
                "the_eighteenth_line": (
                    N_("Notebook 01: the boundary reads the answer before any claim is looked at."),
                    N_("Does strict JSON allow an object to name one member twice?"),
                ),
                "the_sixth_line": (
                    N_("The quote is genuine, so the citation check passes. Which check compares the document with the request?"),
                    N_("Notebook 03: read the cited document's service and environment against the request's."),
                ),
            }
        ),
    }
)
"""Lesson (``"03"``) -> Predict key -> its hints, in the order the Hint button shows them."""
