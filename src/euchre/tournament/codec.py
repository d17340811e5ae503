"""One JSON codec for the tournament's dataclasses (pydantic ``TypeAdapter``s over them).

Every type of :mod:`euchre.tournament.model` is written and read by this codec, never by hand:
JSON keys are the field names, tuples become lists, and a field marked :data:`OMIT_NONE` or
:data:`OMIT_FALSE` is left out at its default (so what storage already holds stays the
same). Reading validates: a malformed value raises :class:`TournamentError` naming the type,
the field and the problem.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, ClassVar, Self, TypeVar

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    TypeAdapter,
    ValidationError,
)

from euchre.tournament.errors import TournamentError

__all__ = [
    "AS_TEXT",
    "OMIT_FALSE",
    "OMIT_NONE",
    "Choice",
    "JsonCodec",
    "dump",
    "load",
    "one_of",
    "prepare",
    "validation_message",
]

T = TypeVar("T")

OMIT_NONE: Any = Field(exclude_if=lambda value: value is None)
"""``Annotated`` marker: the field is left out of the JSON while it is None."""

OMIT_FALSE: Any = Field(exclude_if=lambda value: not value)
"""``Annotated`` marker: the field is left out of the JSON while it is false."""

AS_TEXT: Any = PlainSerializer(str, return_type=str)
"""``Annotated`` marker for a closed set's field: written as its text (a plain string given
by Python code is written as it is, without pydantic's warning)."""

E = TypeVar("E", bound=StrEnum)


class Choice(StrEnum):
    """A closed set of text values. Its ``repr`` is its text's, so a message quoting a value
    (``unknown format {config.format!r}``) reads the same whether it holds a member or the
    plain string a caller passed."""

    def __repr__(self) -> str:
        return repr(self.value)


def one_of(kind: type[E], unknown: str) -> Any:
    """``Annotated`` marker reading a closed set's member from its text; anything else is
    refused with ``unknown`` (formatted with ``value`` and the ``choices``), so a bad
    value in a request or a file is named as the checks of the layer above name it."""

    def member(value: Any) -> E:
        try:
            return kind(value)
        except ValueError:
            raise ValueError(unknown.format(value=value, choices=", ".join(kind))) from None

    return BeforeValidator(member)


_adapters: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(kind: type[Any]) -> TypeAdapter[Any]:
    """The (cached) adapter of ``kind``: building one costs far more than using it."""
    adapter = _adapters.get(kind)
    if adapter is None:
        adapter = _adapters.setdefault(kind, TypeAdapter(kind))
    return adapter


def prepare(*kinds: type[Any]) -> None:
    """Build the adapters of ``kinds`` now (a server's worker does it at start-up, so its
    first requests do not pay a few milliseconds each for them)."""
    for kind in kinds:
        _adapter(kind)


def _label(kind: type[Any]) -> str:
    """``TableResult`` -> ``table result`` (how messages name a type)."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", kind.__name__).lower()


def validation_message(error: ValidationError) -> str:
    """The first problem of a pydantic error as one line: ``field.path: what is wrong``."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    shown = first.get("input")
    suffix = "" if first["type"] == "missing" else f" (got {shown!r})"
    if len(suffix) > 80:
        suffix = suffix[:76] + "...)"
    return f"{where}: {message}{suffix}" if where else f"{message}{suffix}"


def dump(value: Any) -> dict[str, Any]:
    """``value`` (a tournament dataclass) as JSON-ready data."""
    data: dict[str, Any] = _adapter(type(value)).dump_python(value, mode="json")
    return data


def load(kind: type[T], data: Any) -> T:
    """Read a ``kind`` from JSON data written by :func:`dump` (raises
    :class:`TournamentError` naming the field when it is malformed)."""
    try:
        value: T = _adapter(kind).validate_python(data)
    except ValidationError as error:
        raise TournamentError(f"{_label(kind)}: {validation_message(error)}") from None
    return value


class JsonCodec:
    """Base of the tournament's dataclasses: ``to_json``/``from_json`` through the codec."""

    __slots__ = ()
    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(coerce_numbers_to_str=True)

    def to_json(self) -> dict[str, Any]:
        """This value as JSON-ready data (see the module)."""
        return dump(self)

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Read a value written by :meth:`to_json` (missing optional keys default)."""
        return load(cls, data)
