"""The reader's language: one switch for a notebook or a process, gettext catalogues behind it.

English is the default and the language of the source: every learner-facing string is
written in English in the code and marked for translation, and a :class:`Catalogue` looks it
up, when it is shown, in the chosen language's gettext ``.mo`` file. A string without a
translation is shown in English. Codes (statuses, parse codes, check names, reason codes)
are identifiers and are never translated; errors stay data and only their rendering changes.

* :func:`set_language` chooses the language for this process (a notebook's kernel);
  ``GROUNDLAB_LANG`` (:data:`ENV_LANGUAGE`) chooses it for a whole process from outside;
* :func:`get_language` is the language in force, one of :data:`LANGUAGES`;
* :func:`N_` marks a string for the catalogue where it is defined (a table of templates) and
  returns it unchanged; the code that shows it passes it through a :class:`Catalogue`.

Catalogues are compiled gettext files, ``<localedir>/<folder>/LC_MESSAGES/<domain>.mo``
(``folder`` is :data:`CATALOGUE_FOLDERS` of the language), made from the ``.po`` files beside
them by ``python tools/i18n.py compile`` (Babel). Standard library only (:mod:`gettext`).
See ``docs/architecture.md``, "Languages".
"""

from __future__ import annotations

import contextlib
import gettext
import os
import struct
import warnings
from pathlib import Path
from types import MappingProxyType
from typing import Iterator, Mapping

__all__ = [
    "CATALOGUE_FOLDERS",
    "DEFAULT_LANGUAGE",
    "ENV_LANGUAGE",
    "LANGUAGES",
    "LIBRARY_CATALOGUE",
    "Catalogue",
    "N_",
    "canonical_language",
    "get_language",
    "language_name",
    "language_scope",
    "set_language",
]

DEFAULT_LANGUAGE = "en"
"""The language of the source strings, used when nothing else is chosen."""
LANGUAGES = ("en", "zh-Hant")
"""Every language groundlab speaks, as BCP 47 tags: English and Traditional Chinese."""
ENV_LANGUAGE = "GROUNDLAB_LANG"
"""The environment variable that chooses the language for a whole process (``zh-Hant``)."""
CATALOGUE_FOLDERS: Mapping[str, str] = MappingProxyType({"zh-Hant": "zh_Hant"})
"""Language -> the folder of its catalogues under a ``localedir`` (gettext's locale form)."""
_NAMES = MappingProxyType({"en": "English", "zh-Hant": "繁體中文"})
_ALIASES = MappingProxyType(
    {
        "en": "en", "en-us": "en", "en-gb": "en", "english": "en",
        "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
        "zh-hant-tw": "zh-Hant", "zh-hant-hk": "zh-Hant",
    }
)

_chosen: list = [None]  # the language set_language chose, or None: read ENV_LANGUAGE


def _clip(value: str, limit: int = 40) -> str:
    """``value`` cut to ``limit`` characters for a message (a refused value may be any size)."""
    return value if len(value) <= limit else value[:limit] + "…"


def _canonical(language: str) -> str | None:
    """``language`` as one of :data:`LANGUAGES` (case, ``_`` for ``-`` and a few region tags
    forgiven: ``zh_TW`` is ``zh-Hant``), or ``None``."""
    if not isinstance(language, str):
        return None
    return _ALIASES.get(language.strip().replace("_", "-").lower())


def canonical_language(language: str) -> str:
    """``language`` as one of :data:`LANGUAGES` (``"zh-TW"``, ``"zh_Hant"``, ``"zh-HK"`` are
    ``"zh-Hant"``; case and spaces around are forgiven). ``TypeError`` for a value that is not a
    ``str``; ``ValueError`` for a tag groundlab does not have, naming the ones it has."""
    if not isinstance(language, str):
        raise TypeError(f"a language is a str such as 'zh-Hant', not {type(language).__name__}")
    canonical = _canonical(language)
    if canonical is None:
        raise ValueError(f"groundlab has no language {_clip(language)!r}; choose one of: {', '.join(LANGUAGES)}")
    return canonical


def set_language(language: str | None) -> str:
    """Choose the language of everything groundlab shows from now on in this process.

    ``language`` -- a tag of :data:`LANGUAGES` (``"en"``, ``"zh-Hant"``; ``"zh-TW"``,
    ``"zh_Hant"`` and ``"zh-HK"`` mean ``"zh-Hant"``), or ``None`` to go back to
    :data:`ENV_LANGUAGE` or English. Returns the language now in force.
    ``ValueError`` for any other tag, naming the languages there are; ``TypeError`` for a value
    that is not a ``str``. The choice is the whole process's (every thread's): a notebook's kernel
    has one language at a time.
    """
    if language is None:
        _chosen[0] = None
        return get_language()
    _chosen[0] = canonical_language(language)
    return _chosen[0]


_warned: set = set()


def get_language() -> str:
    """The language in force: :func:`set_language`'s choice, else :data:`ENV_LANGUAGE`'s value,
    else :data:`DEFAULT_LANGUAGE`. An unknown ``GROUNDLAB_LANG`` means English, with one
    ``RuntimeWarning`` naming it."""
    chosen = _chosen[0]
    if chosen is not None:
        return chosen
    value = os.environ.get(ENV_LANGUAGE, "")
    if not value:
        return DEFAULT_LANGUAGE
    canonical = _canonical(value)
    if canonical is None:
        if value not in _warned:
            _warned.add(value)
            warnings.warn(
                f"{ENV_LANGUAGE}={_clip(value)!r} is not a language groundlab has ({', '.join(LANGUAGES)}); using English",
                RuntimeWarning,
                stacklevel=2,
            )
        return DEFAULT_LANGUAGE
    return canonical


@contextlib.contextmanager
def language_scope(language: str | None) -> Iterator[str]:
    """Within the block, everything groundlab shows is in ``language`` (``None``: the language in
    force, unchanged); afterwards the earlier choice (or none, so ``GROUNDLAB_LANG`` again) is back.
    Yields the language in force within the block. Like :func:`set_language`, it is the whole
    process's: two threads in overlapping scopes may leave either's choice."""
    if language is None:
        yield get_language()
        return
    chosen = _chosen[0]
    try:
        yield set_language(language)
    finally:
        _chosen[0] = chosen


def language_name(language: str | None = None) -> str:
    """A language's own name (``"English"``, ``"繁體中文"``); ``None``: the language in force.
    ``ValueError`` for a tag groundlab does not have."""
    return _NAMES[get_language() if language is None else canonical_language(language)]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue and return it unchanged (Babel extracts ``N_`` calls)."""
    return message


class Catalogue:
    """One gettext domain: ``catalogue(message)`` is ``message`` in the language in force.

    ``domain`` -- the ``.mo`` file's name without suffix; ``localedir`` -- the folder that holds
    one folder per language (:data:`CATALOGUE_FOLDERS`). Each language's file is read once, on
    first use; a missing file, or a message it lacks, gives ``message`` itself (English); a
    damaged file gives English too, with one ``RuntimeWarning`` naming it.
    """

    __slots__ = ("domain", "localedir", "_loaded")

    def __init__(self, domain: str, localedir: str | os.PathLike) -> None:
        self.domain = domain
        self.localedir = Path(localedir)
        self._loaded: dict = {}

    def translation(self, language: str) -> gettext.NullTranslations:
        """The :class:`gettext.NullTranslations` of ``language`` (a null one for English)."""
        found = self._loaded.get(language)
        if found is None:
            folder = CATALOGUE_FOLDERS.get(language)
            if folder is None:
                found = gettext.NullTranslations()
            else:
                try:
                    found = gettext.translation(self.domain, str(self.localedir), languages=[folder], fallback=True)
                except (OSError, ValueError, UnicodeError, struct.error) as err:  # a damaged or unreadable .mo
                    path = self.localedir / folder / "LC_MESSAGES" / f"{self.domain}.mo"
                    warnings.warn(
                        f"the {language} catalogue {path} cannot be read ({type(err).__name__}: {err}); showing English",
                        RuntimeWarning,
                        stacklevel=3,
                    )
                    found = gettext.NullTranslations()
            self._loaded[language] = found
        return found

    def __call__(self, message: str) -> str:
        """``message`` translated into the language in force (``message`` itself if none; ``""`` is
        ``""``, never the catalogue's header)."""
        language = get_language()
        if language == DEFAULT_LANGUAGE or not message:
            return message
        return self.translation(language).gettext(message)

    def in_language(self, message: str, language: str) -> str:
        """``message`` in ``language`` (a tag of :data:`LANGUAGES`), whatever is in force.
        ``ValueError`` for another tag."""
        canonical = canonical_language(language)
        return message if canonical == DEFAULT_LANGUAGE or not message else self.translation(canonical).gettext(message)

    def __repr__(self) -> str:
        return f"Catalogue({self.domain!r})"


LIBRARY_CATALOGUE = Catalogue("groundlab", Path(__file__).resolve().parent.parent / "locale")
"""The library's catalogue (verdict explanations, why-lines, hints, errors): ``groundlab/locale``."""
