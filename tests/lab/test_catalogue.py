"""The quote-perturbation catalogue: exact counts, frozen bytes, and every label checked against its texts."""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from collections import Counter

import pytest

import groundlab
from groundlab import FrozenFixtureError, TrustedInputError, fixtures_dir
from groundlab.core.trusted import digest
from groundlab.lab import catalogue as catalogue_module
from groundlab.lab.catalogue import PERTURBATION_KINDS, catalogue_from_dict, load_perturbations

FILE = "quote_perturbations.json"

KIND_COUNTS = {
    "exact_copy": 16, "curly_quotes": 16, "no_break_space": 16, "crlf": 16, "pdf_hyphen": 16, "case": 16,
    "trailing_punctuation": 16, "nfc_nfd": 16, "fullwidth": 16, "soft_hyphen": 16, "zero_width_space": 16,
    "double_space": 16, "different_dash": 16, "ligature": 16,
    "apostrophe_inside": 8, "minus_sign": 8, "soft_hyphen_line_end": 8, "long_ligature": 8, "pdf_hyphen_spaced": 4,
    "paraphrase": 18, "dropped_not": 18, "changed_number": 18, "inserted_adjective": 18,
    "merged_sentences": 17, "ellipsis_skip": 17, "word_order_swap": 16, "other_document": 18,
    "apostrophe_moved": 8, "quote_marks_moved": 6, "feet_for_inches": 5, "sign_dropped": 8, "range_cut": 8,
    "compound_joined": 8,
}
# The kinds issue 20 added (typography): fewer items each, written to probe the typography fold.
TYPOGRAPHY_KINDS = {"apostrophe_inside", "minus_sign", "soft_hyphen_line_end", "long_ligature", "pdf_hyphen_spaced",
                    "apostrophe_moved", "quote_marks_moved", "feet_for_inches", "sign_dropped", "range_cut",
                    "compound_joined"}


@pytest.fixture(scope="module")
def catalogue():
    return load_perturbations()


# ---------------------------------------------------------------- counts


def test_exact_counts_per_kind_label_and_domain(catalogue):
    assert len(catalogue) == 443
    assert dict(Counter(item.kind for item in catalogue)) == KIND_COUNTS
    assert Counter(item.label for item in catalogue) == {"faithful": 260, "unfaithful": 183}
    assert Counter(item.domain for item in catalogue) == {
        "configuration": 126, "job_posting": 118, "profile": 104, "policy": 95,
    }
    faithful_kinds = {k.name for k in PERTURBATION_KINDS if k.label == "faithful"}
    assert len(faithful_kinds) == 19 and len(PERTURBATION_KINDS) == 33
    assert min(n for kind, n in KIND_COUNTS.items() if kind not in TYPOGRAPHY_KINDS) >= 15
    assert min(KIND_COUNTS[kind] for kind in TYPOGRAPHY_KINDS) >= 4


def test_the_kinds_are_in_catalogue_order_and_fix_the_label(catalogue):
    assert [k.name for k in PERTURBATION_KINDS] == list(KIND_COUNTS)
    label_of = {k.name: k.label for k in PERTURBATION_KINDS}
    assert all(item.label == label_of[item.kind] for item in catalogue)
    assert [item.kind for item in catalogue] == [k for k, n in KIND_COUNTS.items() for _ in range(n)]


def test_ids_name_the_kind_and_reasons_are_one_line(catalogue):
    for item in catalogue:
        kind, number = item.id.rsplit("-", 1)
        assert kind == item.kind and re.fullmatch(r"\d\d", number), item.id
        assert item.reason.strip() and "\n" not in item.reason
    assert len({item.id for item in catalogue}) == len(catalogue)
    assert catalogue["dropped_not-16"].quote == "Working from another country is permitted"
    assert [i.id for i in catalogue.of_kind("ellipsis_skip")][-3:] == ["ellipsis_skip-15", "ellipsis_skip-16", "ellipsis_skip-17"]
    with pytest.raises(KeyError, match="no item 'nope-01' in quote_perturbations.json"):
        catalogue["nope-01"]


# ---------------------------------------------------------------- the labels hold


_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2212"), "-")
_MARKS = dict.fromkeys(map(ord, "\u2018\u2019\u02bc"), "'") | dict.fromkeys(map(ord, "\u201c\u201d"), '"')


def full_form(text: str, join: bool = True) -> str:
    """Every form-only difference folded: NFKC, format characters (a soft hyphen with the line break after
    it), line-wrap hyphens (unless ``join`` is false), dashes, quote marks, case, whitespace runs and the
    rule's trimmed ends (written here, independently of the lab's folds)."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub("\u00ad\\s*", "", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    if join:
        text = re.sub(r"(?<=\w)-[ \t]*\r?\n[ \t]*(?=\w)", "", text)
    text = text.translate(_DASHES).translate(_MARKS).casefold()
    return " ".join(text.split()).strip(" \"'.,;:")


def test_every_faithful_quote_is_a_span_of_its_source_with_only_the_form_changed(catalogue):
    for item in catalogue:
        if item.faithful:
            join = item.kind != "pdf_hyphen_spaced"  # the quote reads the break as a space, hyphen kept
            assert full_form(item.quote, join) in full_form(item.source, join), item.id
            assert (item.quote in item.source) is (item.kind == "exact_copy"), item.id


def test_no_unfaithful_quote_is_a_copy_even_after_folding_every_form(catalogue):
    unfaithful = [item for item in catalogue if not item.faithful]
    # A number cut at its sign or range dash is an exact span: those two kinds are about that.
    copies = [item for item in unfaithful if item.quote in item.source]
    assert {item.kind for item in copies} == {"sign_dropped", "range_cut"} and len(copies) == 13
    # One quote is a real prefix of its sentence: it stops just before the sentence's final "not";
    # one drops the inch mark at its end, which the rule trims; two read a range's dash as a minus
    # sign once dashes are folded; a joined compound is one word here.
    folded = [item.id for item in unfaithful if item not in copies and full_form(item.quote) in full_form(item.source)]
    assert [i for i in folded if not i.startswith("compound_joined-")] == [
        "dropped_not-10", "feet_for_inches-01", "range_cut-01", "range_cut-03"]
    assert len(folded) == 4 + 8


def _has(chars: str):
    return lambda item: any(ch in item.quote + item.source for ch in chars)


SIGNS = {
    "curly_quotes": _has("\u2019\u201c\u201d"),
    "no_break_space": _has("\u00a0\u202f"),
    "crlf": lambda item: "\r\n" in item.quote + item.source,
    "pdf_hyphen": lambda item: re.search(r"\w-[ ]?\r?\n\w", item.source) is not None,
    "case": lambda item: item.quote.casefold() in item.source.casefold(),
    "trailing_punctuation": lambda item: item.quote[-1] in ".,;:" and item.quote[:-1] in item.source,
    "nfc_nfd": lambda item: unicodedata.is_normalized("NFC", item.quote) != unicodedata.is_normalized("NFC", item.source),
    "fullwidth": lambda item: any("\uff01" <= ch <= "\uff5e" for ch in item.quote),
    "soft_hyphen": _has("\u00ad"),
    "zero_width_space": _has("\u200b"),
    "double_space": lambda item: "  " in item.quote + item.source or "\t" in item.quote + item.source,
    "different_dash": _has("\u2010\u2011\u2013\u2212"),
    "ligature": _has("\ufb00\ufb01\ufb02\ufb03\ufb04"),
    "apostrophe_inside": lambda item: re.search("\\w[\u2019\u02bc']\\w|\u2018", item.quote + " " + item.source) is not None,
    "minus_sign": _has("\u2212\u2013"),
    "soft_hyphen_line_end": lambda item: re.search("\u00ad\\s*\n", item.quote + item.source) is not None,
    "long_ligature": _has("\ufb03\ufb04\ufb05\ufb06"),
    "pdf_hyphen_spaced": lambda item: re.search(r"\w-[ \n]", item.quote) is not None,
    "sign_dropped": lambda item: re.search("[-\u2212]\\d", item.source) is not None,
    "range_cut": lambda item: re.search("\\d[-\u2013]\\d", item.source) is not None,
    "compound_joined": lambda item: re.search(r"\w-\n\w", item.source) is not None and "-" not in item.quote,
    "feet_for_inches": _has("\u2032\u2033'\""),
    "ellipsis_skip": lambda item: "\u2026" in item.quote or "..." in item.quote,
}


@pytest.mark.parametrize("kind", sorted(SIGNS))
def test_each_kind_carries_its_change(catalogue, kind):
    items = catalogue.of_kind(kind)
    assert items and all(SIGNS[kind](item) for item in items), [i.id for i in items if not SIGNS[kind](i)]


def test_a_quote_from_another_document_is_an_exact_span_of_another_passage_of_the_same_domain(catalogue):
    # The paraphrase items hold each of the 18 base passages once, unchanged.
    passages = {item.source: item.domain for item in catalogue.of_kind("paraphrase")}
    assert len(passages) == 18
    for item in catalogue.of_kind("other_document"):
        assert item.source in passages, item.id
        homes = [source for source in passages if item.quote in source]
        assert len(homes) == 1 and homes[0] != item.source, item.id
        assert passages[homes[0]] == item.domain, item.id


# ---------------------------------------------------------------- frozen, strict loading


def test_the_file_is_frozen_and_listed():
    digests = groundlab.verify_frozen(names=[FILE])
    assert digests == {FILE: digest(fixtures_dir() / FILE)}


def test_an_edited_frozen_file_is_refused(tmp_path, monkeypatch):
    shutil.copy(fixtures_dir() / "SHA256SUMS", tmp_path)
    data = json.loads((fixtures_dir() / FILE).read_text(encoding="utf-8"))
    data["items"][0]["label"] = "unfaithful"
    (tmp_path / FILE).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalogue_module, "fixtures_dir", lambda: tmp_path)
    with pytest.raises(FrozenFixtureError, match="quote_perturbations.json: content differs"):
        load_perturbations()


def test_a_copy_elsewhere_is_read_without_the_hash_check(tmp_path):
    data = json.loads((fixtures_dir() / FILE).read_text(encoding="utf-8"))
    data["items"] = data["items"][:3]
    copy = tmp_path / "mine.json"
    copy.write_text(json.dumps(data), encoding="utf-8")
    assert [item.id for item in load_perturbations(copy)] == ["exact_copy-01", "exact_copy-02", "exact_copy-03"]


GOOD = {"id": "x-01", "domain": "policy", "kind": "case", "label": "faithful", "source": "Abc def", "quote": "ABC", "reason": "r"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"label": "maybe"}, "unknown label 'maybe'; use faithful or unfaithful"),
        ({"kind": "typo"}, "unknown kind 'typo'; use one of exact_copy, curly_quotes"),
        ({"label": "unfaithful"}, "kind case is faithful, not unfaithful"),
        ({"domain": "news"}, "unknown domain 'news'"),
        ({"quote": ""}, "quote must be a non-empty string"),
        ({"source": 3}, "source must be a non-empty string"),
        ({"extra": "x"}, "unknown member extra"),
        ({"reason": None}, "reason must be a non-empty string"),
    ],
)
def test_a_malformed_item_is_a_trusted_input_error(tmp_path, change, message):
    item = {**GOOD, **change}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"items": [item]}), encoding="utf-8")
    with pytest.raises(TrustedInputError, match=re.escape(message)) as err:
        load_perturbations(path)
    assert err.value.where == f"{path}: items[0]"


def test_missing_members_duplicates_and_the_top_level_are_checked(tmp_path):
    short = {k: v for k, v in GOOD.items() if k not in ("quote", "reason")}
    with pytest.raises(TrustedInputError, match="missing quote, reason"):
        catalogue_from_dict({"items": [short]}, tmp_path / "a.json")
    with pytest.raises(TrustedInputError, match="two items share the id 'x-01'"):
        catalogue_from_dict({"items": [GOOD, GOOD]}, tmp_path / "a.json")
    for top in ([], {"items": {}}, {"items": [], "more": 1}):
        with pytest.raises(TrustedInputError, match=re.escape('a catalogue is exactly {"items": [...]}')):
            catalogue_from_dict(top, tmp_path / "a.json")
    path = tmp_path / "dup.json"
    path.write_text('{"items": [], "items": []}', encoding="utf-8")
    with pytest.raises(TrustedInputError) as err:
        load_perturbations(path)
    assert err.value.code == "duplicate_member"
