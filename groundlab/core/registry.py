"""Trusted context for the closed configuration contract: sources, requests, registries.

The application, not the model, decides what is asked and which evidence is current:
an answer never gets to name its own revision (the configuration article).
Everything here is trusted input. When trusted input is itself wrong -- two sources
with one id, a request with no fields, a supplied id that no source has -- the
constructors raise :class:`ValueError` (or :class:`TypeError` for a wrong type) with a
message that names the problem. That is a bug in the application, never a verdict.

Loaders read a registry file ``{"sources": [...]}`` and a request file (one request
object). ``docs/architecture.md``, "The closed configuration contract".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping

from groundlab.core.trusted import TrustedInputError, read_json_file

__all__ = [
    "Registry",
    "Request",
    "Source",
    "load_registry",
    "registry_from_dict",
    "load_request",
    "request_from_dict",
    "source_from_dict",
]


def _text(owner: str, name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{owner}.{name} must be a str, not {type(value).__name__}")
    if not value:
        raise ValueError(f"{owner}.{name} must not be empty")
    return value


def _names(owner: str, name: str, values: Any) -> tuple[str, ...]:
    if not isinstance(values, (list, tuple)):
        raise TypeError(f"{owner}.{name} must be a list of str, not {type(values).__name__}")
    items = tuple(values)
    for item in items:
        _text(owner, name + "[]", item)
    seen: set[str] = set()
    for item in items:
        if item in seen:
            raise ValueError(f"{owner}.{name} lists {item!r} twice")
        seen.add(item)
    return items


@dataclass(frozen=True)
class Source:
    """One trusted document of the registry.

    * ``id`` -- the document id an answer cites in a claim's ``doc``;
    * ``service``, ``environment``, ``revision`` -- its scope, compared exactly;
    * ``facts`` -- ``field -> value`` (both ``str``), the canonical facts; stored
      as a read-only mapping;
    * ``text`` -- the document text a quote must appear in, verbatim.

    Raises ``TypeError`` for a non-``str`` member and ``ValueError`` for an empty
    id, service, environment or revision, or an empty fact name. A text that states a
    fact in prose rather than as its ``field=value`` line is allowed, but the contract
    then never accepts a claim from it.
    """

    id: str
    service: str
    environment: str
    revision: str
    facts: Mapping[str, str]
    text: str

    def __post_init__(self) -> None:
        for name in ("id", "service", "environment", "revision"):
            _text("Source", name, getattr(self, name))
        if not isinstance(self.text, str):
            raise TypeError(f"Source.text must be a str, not {type(self.text).__name__}")
        if not isinstance(self.facts, Mapping):
            raise TypeError(f"Source.facts must be a mapping, not {type(self.facts).__name__}")
        facts = dict(self.facts)
        for key, value in facts.items():
            _text(f"Source({self.id!r}).facts", "name", key)
            if not isinstance(value, str):
                raise TypeError(
                    f"Source({self.id!r}).facts[{key!r}] must be a str, not {type(value).__name__}"
                )
        object.__setattr__(self, "facts", MappingProxyType(facts))

    def __hash__(self) -> int:
        return hash((self.id, self.service, self.environment, self.revision, self.text))


@dataclass(frozen=True)
class Request:
    """The trusted question: which fields of which scope, with which evidence supplied.

    * ``service``, ``environment``, ``revision`` -- the scope the answer must come
      from; the request, not the answer, decides which revision is current;
    * ``fields`` -- the requested field names (non-empty, no repeats), a tuple;
    * ``supplied`` -- ids of the documents given to the model (non-empty, no
      repeats), a tuple. Each must exist in the registry the request is checked
      against (see :meth:`Registry.check_request`).

    Lists are converted to tuples, so a request is hashable and immutable.
    Raises ``ValueError`` for no fields, no supplied documents, repeats or empty
    strings, and ``TypeError`` for wrong types.
    """

    service: str
    environment: str
    revision: str
    fields: tuple[str, ...]
    supplied: tuple[str, ...]

    def __post_init__(self) -> None:
        for name in ("service", "environment", "revision"):
            _text("Request", name, getattr(self, name))
        fields = _names("Request", "fields", self.fields)
        supplied = _names("Request", "supplied", self.supplied)
        if not fields:
            raise ValueError("Request.fields is empty: a request must ask for at least one field")
        if not supplied:
            raise ValueError(
                "Request.supplied is empty: a request must supply at least one document"
            )
        object.__setattr__(self, "fields", fields)
        object.__setattr__(self, "supplied", supplied)
        object.__setattr__(
            self,
            "_hash",
            hash((self.service, self.environment, self.revision, fields, supplied)),
        )

    def __hash__(self) -> int:  # computed once: verify_answer looks requests up per answer
        return self._hash

class Registry:
    """The trusted sources, indexed by id, in the order given.

    ``Registry(sources)`` takes any iterable of :class:`Source`. Raises
    ``ValueError`` when two sources share an id and ``TypeError`` for an item that
    is not a :class:`Source`. Iterating yields the sources; ``registry[id]``
    returns one (``KeyError`` if absent); ``id in registry`` tests membership;
    ``registry.sources`` is the tuple given. Build it once and pass it to
    :func:`groundlab.core.contract.verify_answer` for many answers: it is indexed once, and
    a request it has checked is remembered.
    """

    __slots__ = ("sources", "by_id", "_checked")

    def __init__(self, sources: Iterable[Source]) -> None:
        items = tuple(sources)
        index: dict[str, Source] = {}
        for item in items:
            if not isinstance(item, Source):
                raise TypeError(f"a registry holds Source objects, not {type(item).__name__}")
            if item.id in index:
                raise ValueError(f"two sources share the id {item.id!r}; ids must be unique")
            index[item.id] = item
        self.sources: tuple[Source, ...] = items
        self.by_id: Mapping[str, Source] = MappingProxyType(index)
        self._checked: set[Request] = set()

    def __repr__(self) -> str:
        return f"Registry({[s.id for s in self.sources]!r})"

    @classmethod
    def of(cls, sources: "Registry | Iterable[Source]") -> "Registry":
        """``sources`` itself when it is a :class:`Registry`, else a new one built from
        the iterable (``ValueError``/``TypeError`` as for the constructor)."""
        return sources if type(sources) is cls else cls(sources)

    def __iter__(self) -> Iterator[Source]:
        return iter(self.sources)

    def __len__(self) -> int:
        return len(self.sources)

    def __contains__(self, source_id: object) -> bool:
        return source_id in self.by_id

    def __getitem__(self, source_id: str) -> Source:
        return self.by_id[source_id]

    def check_request(self, request: Request) -> None:
        """Raise ``ValueError`` if ``request`` supplies an id this registry lacks (``TypeError`` if not a ``Request``).

        A request that passed is remembered (up to 256), so checking it again costs one look-up.
        """
        if not isinstance(request, Request):
            raise TypeError(f"expected a Request, not {type(request).__name__}")
        if request in self._checked:
            return
        missing = [doc for doc in request.supplied if doc not in self.by_id]
        if missing:
            known = ", ".join(sorted(self.by_id)) or "none"
            raise ValueError(
                f"the request supplies {', '.join(map(repr, missing))}, "
                f"which no source in the registry has (known ids: {known})"
            )
        if len(self._checked) < 256:
            self._checked.add(request)


# ------------------------------------------------------------------ loading


_JSON_NAMES = {dict: "object", list: "array", str: "string"}


def _require(where: str, obj: Any, kind: type, what: str) -> Any:
    if not isinstance(obj, kind):
        raise TrustedInputError(where, f"{what} must be a JSON {_JSON_NAMES[kind]}")
    return obj


def _build(where: str, factory, obj: Mapping[str, Any], keys: tuple[str, ...]):
    _require(where, obj, dict, f"a {factory.__name__.lower()}")
    missing = [k for k in keys if k not in obj]
    extra = [k for k in obj if k not in keys]
    if missing:
        raise TrustedInputError(where, f"missing {', '.join(missing)}")
    if extra:
        raise TrustedInputError(where, f"unknown member(s) {', '.join(extra)}")
    try:
        return factory(**obj)
    except (TypeError, ValueError) as err:
        raise TrustedInputError(where, str(err)) from None


_SOURCE_KEYS = ("id", "service", "environment", "revision", "facts", "text")
_REQUEST_KEYS = ("service", "environment", "revision", "fields", "supplied")


def source_from_dict(obj: Mapping[str, Any], where: str = "source") -> Source:
    """Build a :class:`Source` from its JSON object; ``TrustedInputError`` if malformed."""
    return _build(where, Source, obj, _SOURCE_KEYS)


def request_from_dict(obj: Mapping[str, Any], where: str = "request") -> Request:
    """Build a :class:`Request` from its JSON object; ``TrustedInputError`` if malformed."""
    return _build(where, Request, obj, _REQUEST_KEYS)


def registry_from_dict(obj: Mapping[str, Any], where: str = "registry") -> Registry:
    """Build a :class:`Registry` from ``{"sources": [...]}``; ``TrustedInputError`` if malformed."""
    _require(where, obj, dict, "a registry")
    sources = _require(where, obj.get("sources"), list, '"sources"')
    built = [source_from_dict(item, f"{where}: sources[{i}]") for i, item in enumerate(sources)]
    try:
        return Registry(built)
    except ValueError as err:
        raise TrustedInputError(where, str(err)) from None


def load_registry(path: str | Path) -> Registry:
    """Load a registry file ``{"sources": [...]}``; raises ``TrustedInputError``."""
    return registry_from_dict(read_json_file(path), str(path))


def load_request(path: str | Path) -> Request:
    """Load a request file (one request object); raises ``TrustedInputError``."""
    return request_from_dict(read_json_file(path), str(path))
