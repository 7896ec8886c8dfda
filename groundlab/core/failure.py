"""The one error base: a code, a context and a path as data; the message is rendered from them.

:class:`GroundlabError` is what every groundlab error with data derives from
(``docs/architecture.md``, "Errors are data"). Nothing ever parses a message:
code, context and path are the error. Standard library only.

Pickling needs no hook. ``BaseException.__reduce__`` gives ``(type, args,
__dict__)``; unpickling calls ``type(err)(*args)``, then sets each ``__dict__``
item back. So a subclass passes the base positional ``args`` its own
``__init__`` accepts, and keeps every field in ``__dict__`` as a plain,
picklable value: the context as a ``dict`` (the read-only view is made on each
access), a lazy part as a picklable callable (a module-level function or a
``functools.partial`` of one), never a ``lambda``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar, Collection, Mapping, Union

from groundlab.core.language import LIBRARY_CATALOGUE as tr

__all__ = ["DocPath", "GroundlabError"]

DocPath = tuple[Union[str, int], ...]
"""A path into a decoded JSON document, e.g. ``("claims", 2, "quote")``; ``()`` is the whole of it."""


class GroundlabError(Exception):
    """A groundlab error as data: ``code``, ``context`` and ``path``; ``message`` is rendered from them.

    * ``code`` -- ``str``, the stable key a program branches on;
    * ``context`` -- read-only mapping (``MappingProxyType``) of the values the
      message is rendered from;
    * ``path`` -- :data:`DocPath`, where in a document; ``()`` when none;
    * ``message`` -- ``TEMPLATES[code]`` formatted with ``context``; a subclass
      whose templates need derived fields overrides :meth:`_render`.

    ``str(err)`` is the message, ``repr(err)`` is ``Name('<str(err)>')``. ``*args``: the
    positional arguments of the subclass's own ``__init__`` that rebuild an instance
    (pickling calls ``type(err)(*args)``), never a secret; ``context`` (a mapping or
    ``None``) and ``path`` are copied.
    """

    TEMPLATES: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """``code -> str.format template`` over the context."""
    CODES: ClassVar[Collection[str] | None] = None
    """Every code the class takes (``ValueError`` for another); ``None``: the keys of :attr:`TEMPLATES`."""

    def __init__(self, *args: Any, code: str | None = None, context: Mapping[str, Any] | None = None, path: DocPath = ()) -> None:
        # code=None only while unpickling: BaseException's default pickling calls type(err)(*args), then sets __dict__.
        super().__init__(*args)
        if code is not None:
            codes = self.CODES if self.CODES is not None else self.TEMPLATES
            if codes and code not in codes:
                raise ValueError(f"{type(self).__name__} has no code {code!r}; its codes are {', '.join(codes)}")
        self.code = code
        self.path = tuple(path)
        self._context = dict(context or {})

    @property
    def context(self) -> Mapping[str, Any]:
        """The values the message is rendered from, read-only."""
        return MappingProxyType(self._context)

    @property
    def message(self) -> str:
        """The sentence a person reads, rendered from ``code`` and ``context``.

        A context that lacks a value the template needs gives a sentence that says so, never an error.
        """
        try:
            return self._render()
        except (KeyError, IndexError, ValueError) as err:
            return tr("the message of code {code} cannot be rendered: the context has no value {value}").format(
                code=repr(self.code), value=err
            )

    def _render(self) -> str:
        """``TEMPLATES[code]``, in the language in force, formatted with the context; raises
        ``KeyError`` for a missing value. Templates are marked with ``N_`` where they are written."""
        return tr(self.TEMPLATES[self.code]).format_map(self.context)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"
