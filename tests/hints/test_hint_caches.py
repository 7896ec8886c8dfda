"""Per-source work is done once: the fold, the normal form, the character set and the collapsed form of a source."""

import pytest

from groundlab.hints import chars, closest_window, quote_hints, quotes, spacing, window

SOURCE = "".join(f"line {i}: key_{i}=value_{i}\u00a0end\n" for i in range(400))  # about 12,000 code points


@pytest.fixture(autouse=True)
def empty_caches():
    caches = (window._folded_source, quotes._normalized_source, chars._long_notable_chars, spacing._collapsed_source)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def counting(monkeypatch, module, name):
    """Replace ``module.name`` by a wrapper that records each argument it is called with."""
    seen = []
    real = getattr(module, name)

    def wrapper(text, *args):
        seen.append(text)
        return real(text, *args)

    monkeypatch.setattr(module, name, wrapper)
    return seen


def test_the_source_is_folded_once_for_many_quotes(monkeypatch):
    folded = counting(monkeypatch, window, "fold")
    quote_hints("KEY_7=VALUE_7", SOURCE)
    quote_hints("key_8=valu\u200be_8", SOURCE, normalized=True)
    closest_window("key_9 = value_9", SOURCE)
    assert sum(text is SOURCE for text in folded) == 1
    assert len(folded) == 4  # the source once, and each of the three quotes
    assert window._folded_source.cache_info().maxsize == 8


def test_the_source_is_normalised_once_for_many_quotes(monkeypatch):
    normalised = counting(monkeypatch, quotes, "normalize_quote")
    quote_hints("KEY_7=VALUE_X", SOURCE, normalized=True)
    quote_hints("key_8 = value_8", SOURCE, normalized=True)
    assert sum(text is SOURCE for text in normalised) == 1
    assert quotes._normalized_source.cache_info().maxsize == 4


def test_a_long_source_is_scanned_for_its_characters_once():
    quote_hints("line 3: key_3=value_3\u2007end", SOURCE)  # a figure space the source lacks
    quote_hints("line 4: key_4=value_4 \u200bend", SOURCE)
    info = chars._long_notable_chars.cache_info()
    assert (info.misses, info.maxsize) == (1, 4)
    assert info.hits >= 2


def test_a_long_source_is_collapsed_once():
    for i in (5, 6):
        hints = quote_hints(f"key_{i}=value_{i}  end", SOURCE)
        assert hints[0].kind == "whitespace"
    info = spacing._collapsed_source.cache_info()
    assert (info.misses, info.hits) == (1, 1)
