"""Typed failure details: what a failed check says beyond its message, so that a front end can
draw a diff. The check library builds them in the worker; the result document carries them as
`{"kind": ..., ...}`; `Detail.from_dict` rebuilds them in the parent. Plain dataclasses and JSON
values only (the app imports this module and never numpy or jax).

Values (`expected`, `actual`) are JSON pictures made by the check library: numbers, "nan"/"inf"
strings, nested lists for arrays, or `{"truncated_flat": [...], "shape": [...]}` for arrays too
large to send whole (see `array_picture`)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar


class DetailError(ValueError):
    """A detail in a result document that does not have the shape of any known kind."""


@dataclass
class Relation:
    """A simple relation the worker computed the learner's values to stand in to the expected
    ones, on every element within the comparison's tolerances (tutor/worker/value_relations.py):
    `kind` is "sign", "factor", "offset", "square", "sqrt", "swapped", "reversed" or "shifted";
    `text` states it in one sentence, in the run's language."""

    kind: str
    text: str
    factor: float | None = None  # yours = factor × expected ("sign": −1)
    offset: float | None = None  # yours − expected
    axes: list[int] | None = None  # the axes swapped, or the one reversed or shifted along
    step: int | None = None  # "shifted": your element t is the expected element t + step

    def to_dict(self) -> dict[str, Any]:
        return {
            f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None
        }

    @classmethod
    def from_dict(cls, d: Any) -> Relation:
        if not isinstance(d, dict) or not isinstance(d.get("kind"), str):
            raise DetailError("a value relation needs a kind")
        names = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in d.items() if k in names})
        except TypeError as e:
            raise DetailError(f"malformed value relation: {e}") from None


def _relation_in(kwargs: dict[str, Any]) -> dict[str, Any]:
    """`kwargs` with a relation given as a dict rebuilt as a Relation."""
    if isinstance(kwargs.get("relation"), dict):
        kwargs["relation"] = Relation.from_dict(kwargs["relation"])
    return kwargs


@dataclass
class Detail:
    """Why a check failed, beyond its message; each kind below says what it compared."""

    kind: ClassVar[str] = ""
    what: str = ""  # which value the check compared ("the returned count")
    diagnosis: str | None = None  # label of the known mistake the actual value was shown to match

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or value == "" and f.name in ("what",):
                continue
            if isinstance(value, list) and value and isinstance(value[0], Leaf):
                value = [leaf.to_dict() for leaf in value]
            if isinstance(value, Relation):
                value = value.to_dict()
            d[f.name] = value
        return d

    @staticmethod
    def from_dict(d: Any) -> Detail:
        if not isinstance(d, dict) or not isinstance(d.get("kind"), str):
            raise DetailError(
                f"a failure detail must be an object with a kind, got {type(d).__name__}"
            )
        cls = KIND_TO_CLASS.get(d["kind"])
        if cls is None:
            raise DetailError(f"unknown failure-detail kind {d['kind']!r}")
        names = {f.name for f in fields(cls)}
        kwargs = _relation_in({k: v for k, v in d.items() if k in names})
        if cls is Tree:
            kwargs["leaves"] = [Leaf.from_dict(x) for x in d.get("leaves", [])]
        try:
            return cls(**kwargs)
        except TypeError as e:
            raise DetailError(f"malformed {d['kind']!r} detail: {e}") from None


@dataclass
class Comparison(Detail):
    """Two values compared element by element; the subclasses say how far the comparison got."""

    expected: Any = None
    actual: Any = None
    rtol: float | None = None
    atol: float | None = None
    expected_shape: list[int] | None = None
    actual_shape: list[int] | None = None
    expected_dtype: str | None = None
    actual_dtype: str | None = None
    max_abs_err: float | str | None = None
    mismatched: int | None = None
    total: int | None = None
    # [[index...], expected, actual] for the first differing elements
    first_mismatches: list[list[Any]] = field(default_factory=list)
    relation: Relation | None = None  # computed only when elements differ (AllClose)


@dataclass
class AllClose(Comparison):
    """Same shape and type; some elements differ by more than atol + rtol·|expected|."""

    kind: ClassVar[str] = "allclose"


@dataclass
class ShapeMismatch(Comparison):
    """The actual array has another shape than the expected one."""

    kind: ClassVar[str] = "shape"


@dataclass
class DtypeMismatch(Comparison):
    """The actual array has another dtype than the expected one."""

    kind: ClassVar[str] = "dtype"


@dataclass
class TypeMismatch(Comparison):
    """The actual value is not a number or an array at all (None, a string, an object)."""

    kind: ClassVar[str] = "type"


@dataclass
class Leaf:
    """One leaf of a pytree comparison: its key path and how it compared."""

    path: str
    ok: bool
    problem: str | None = None  # None (values compared), "shape", "dtype" or "type"
    expected: Any = None
    actual: Any = None
    expected_shape: list[int] | None = None
    actual_shape: list[int] | None = None
    expected_dtype: str | None = None
    actual_dtype: str | None = None
    max_abs_err: float | str | None = None
    mismatched: int | None = None
    total: int | None = None
    first_mismatches: list[list[Any]] = field(default_factory=list)
    relation: Relation | None = None  # computed only when its elements differ

    def to_dict(self) -> dict[str, Any]:
        d = {
            f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None
        }
        if self.relation is not None:
            d["relation"] = self.relation.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Leaf:
        if not isinstance(d, dict) or "path" not in d:
            raise DetailError("a pytree leaf needs a path")
        names = {f.name for f in fields(cls)}
        kwargs = _relation_in({k: v for k, v in d.items() if k in names})
        return cls(**kwargs | {"ok": bool(d.get("ok", False))})


@dataclass
class Tree(Detail):
    """A pytree compared leaf by leaf (same structure)."""

    kind: ClassVar[str] = "tree"
    leaves: list[Leaf] = field(default_factory=list)
    rtol: float | None = None
    atol: float | None = None
    max_abs_err: float | str | None = None
    mismatched: int | None = None
    total: int | None = None


@dataclass
class Structure(Detail):
    """The value does not have the expected structure: another container, arity or tree."""

    kind: ClassVar[str] = "structure"
    expected: Any = None  # a description ("tuple of 2") or the expected picture
    actual: Any = None  # what was found ("list of 3", "None", "float")
    expected_paths: list[str] | None = None
    actual_paths: list[str] | None = None


@dataclass
class Equal(Detail):
    """A value that should equal the expected one exactly (no tolerance) and does not."""

    kind: ClassVar[str] = "equal"
    expected: Any = None
    actual: Any = None


@dataclass
class Condition(Detail):
    """A plain condition failed; `values` are named facts the check measured."""

    kind: ClassVar[str] = "condition"
    values: dict[str, Any] = field(default_factory=dict)


@dataclass
class Compiles(Detail):
    """How many XLA compilations a piece of code caused."""

    kind: ClassVar[str] = "compiles"
    function: str | None = None  # counted by this name; None = every compilation
    actual: int = 0
    expected: int | None = None
    at_most: int | None = None
    at_least: int | None = None
    names: list[str] = field(default_factory=list)  # everything compiled, in order


@dataclass
class LearnerError(Detail):
    """The learner's code raised inside a check."""

    kind: ClassVar[str] = "error"
    line: int | None = None
    traceback: str = ""
    origin: str = "learner"  # "check" when the check module itself raised (a content bug)


ALL_KINDS: tuple[type[Detail], ...] = (
    AllClose,
    ShapeMismatch,
    DtypeMismatch,
    TypeMismatch,
    Tree,
    Structure,
    Equal,
    Condition,
    Compiles,
    LearnerError,
)
KIND_TO_CLASS: dict[str, type[Detail]] = {cls.kind: cls for cls in ALL_KINDS}


def array_picture(value: Any) -> tuple[list[int] | None, list[Any] | None, bool]:
    """(shape, flat values, truncated) of a value picture, for renderers; (None, None, False)
    when the picture is not an array."""
    if isinstance(value, dict) and "truncated_flat" in value:
        return list(value.get("shape", [])), list(value["truncated_flat"]), True
    if not isinstance(value, list):
        return None, None, False
    shape: list[int] = []
    level: Any = value
    while isinstance(level, list):
        shape.append(len(level))
        level = level[0] if level else None
    flat: list[Any] = []

    def walk(x):
        if isinstance(x, list):
            for y in x:
                walk(y)
        else:
            flat.append(x)

    walk(value)
    return shape, flat, False
