"""Did the learner's code change module state? A picture of the learner's module-level names taken
before a call, compared with the names after it: a name rebound (identity), a value changed in
place (list, dict, set, NumPy array, an object's attributes, a function's closure cells and
defaults), a name that appeared or vanished, and every place a tracer was left behind. Every
check that promises purity uses this one picture. Runs inside workers only; check modules import
it through `tutor.worker.checklib`.

Taking the picture never calls learner code: values are read through their type's own slots,
only builtin containers, NumPy arrays and plain objects' `__dict__` are looked into, and the
numbers kept for comparison are made of builtin values only (a lying `__eq__` is never asked)."""

from __future__ import annotations

import functools
import hashlib
import sys
import types
from dataclasses import dataclass, field
from typing import Any

from tutor.words.catalog import t

_DEPTH = 4  # how deep containers are looked into
_ITEMS = 1000  # how many items of one container
_HASHED_BYTES = 8 << 20  # arrays larger than this are compared by identity only


def _is_tracer(value: Any) -> bool:
    jax = sys.modules.get("jax")
    return jax is not None and isinstance(value, jax.core.Tracer)


def _scalar_key(value: Any) -> Any:
    """A builtin value as something `==` compares exactly (NaN equals NaN, -0.0 differs)."""
    kind = type(value)
    if kind is float:
        return ("float", float.hex(value))
    if kind is complex:
        return ("complex", float.hex(value.real), float.hex(value.imag))
    if kind is int:
        return ("int", hash(value), value.bit_length())
    return (kind.__name__, value)


def _array_key(value: Any) -> Any:
    import numpy as np

    if isinstance(value, np.ndarray) and value.dtype != object:
        if value.nbytes > _HASHED_BYTES:
            return ("ndarray", id(value), value.shape, value.dtype.str)
        digest = hashlib.blake2b(np.ascontiguousarray(value).tobytes(), digest_size=16)
        return ("ndarray", value.shape, value.dtype.str, digest.hexdigest())
    return ("numpy", value.dtype.str, value.tobytes())  # a NumPy scalar


def _instance_dict(value: Any) -> dict[str, Any] | None:
    """An object's attribute dict, read through Python's own slot (never a class's property)."""
    for klass in type(value).__mro__:
        slot = klass.__dict__.get("__dict__")
        if slot is not None:
            if not isinstance(slot, types.GetSetDescriptorType):
                return None
            attrs = slot.__get__(value, type(value))
            return attrs if type(attrs) is dict else None
    return None


def _label(key: Any) -> str:
    """A dict key as it appears in a path; only builtin scalars are shown by value."""
    return repr(key) if type(key) in (bool, int, float, str, bytes) else type(key).__name__


class _Picture:
    """Walks one module-level value: its fingerprint, and the paths where tracers sit."""

    def __init__(self, module: str | None) -> None:
        self.module = module  # the learner's module name: classes defined there are state too
        self.tracers: list[str] = []

    def key(self, value: Any, path: str, depth: int = 0) -> Any:
        kind = type(value)
        if _is_tracer(value):
            self.tracers.append(path)
            return ("tracer", id(value))
        if kind in (bool, int, float, complex, str, bytes, type(None)):
            return _scalar_key(value)
        np = sys.modules.get("numpy")
        if np is not None and isinstance(value, (np.ndarray, np.generic)):
            return _array_key(value)
        if depth >= _DEPTH or isinstance(value, types.ModuleType):
            return (kind.__name__, id(value))
        if isinstance(value, type):
            if value.__module__ != self.module:
                return ("class", id(value))
            return ("class", id(value), self._attrs(dict(vars(value)), path, depth))
        if kind in (list, tuple):
            items = [self.key(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value[:_ITEMS])]
            return (kind.__name__, id(value), len(value), tuple(items))
        if kind is dict:
            pairs = list(dict.items(value))[:_ITEMS]
            keys = tuple(self.key(k, path, _DEPTH) for k, _ in pairs)
            vals = tuple(self.key(v, f"{path}[{_label(k)}]", depth + 1) for k, v in pairs)
            return ("dict", id(value), len(value), keys, vals)
        if kind in (set, frozenset):
            found = sorted(repr(self.key(v, path, depth + 1)) for v in list(value)[:_ITEMS])
            return (kind.__name__, id(value), len(value), tuple(found))
        if isinstance(value, types.FunctionType):
            return self._function(value, path, depth)
        if isinstance(value, functools.partial):
            parts = (value.func, value.args, dict(value.keywords))
            return ("partial", id(value), self.key(parts, path, depth + 1))
        if kind.__module__.startswith("jax") and callable(value):
            inner = getattr(value, "__wrapped__", None)  # jax.jit(f): f's closure is state
            return (kind.__name__, id(value), self.key(inner, path, depth + 1))
        attrs = _instance_dict(value)
        if attrs is not None:
            return (kind.__name__, id(value), self._attrs(attrs, path, depth))
        return (kind.__name__, id(value))

    def _attrs(self, attrs: dict[str, Any], path: str, depth: int) -> tuple:
        pairs = [(k, v) for k, v in list(attrs.items())[:_ITEMS] if not str(k).startswith("__")]
        return tuple((k, self.key(v, f"{path}.{k}", depth + 1)) for k, v in pairs)

    def _function(self, fn: types.FunctionType, path: str, depth: int) -> Any:
        """A function by identity, closure cells and defaults: a counter kept in a `nonlocal` or
        a mutable default argument is state too."""
        cells: list[Any] = []
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or (), strict=False):
            try:
                content = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            cell_path = t("state.closure_cell", path=path, name=name)
            cells.append(self.key(content, cell_path, depth + 1))
        for i, default in enumerate(fn.__defaults__ or ()):
            cells.append(self.key(default, t("state.default_arg", path=path, n=i + 1), depth + 1))
        return ("function", id(fn), tuple(cells))


@dataclass
class StateChange:
    """What a call did to the learner's module state (names sorted)."""

    changed: list[str] = field(default_factory=list)  # rebound, or changed in place
    new: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)
    tracers: list[str] = field(default_factory=list)  # where a tracer is kept now (paths)

    def __bool__(self) -> bool:
        return bool(self.changed or self.new or self.vanished or self.tracers)

    @property
    def names(self) -> list[str]:
        """Every top-level name involved."""
        roots = {p.split("[")[0].split(".")[0].split(" ")[0] for p in self.tracers}  # `f (…)`
        return sorted(set(self.changed) | set(self.new) | set(self.vanished) | roots)

    def words(self) -> str:
        """The change as one sentence fragment in the job's language, e.g. `changed the
        module-level variable calls; calls holds a tracer`."""
        parts = []
        if self.changed:
            parts.append(t("state.changed", names=", ".join(self.changed)))
        if self.new:
            parts.append(t("state.new", names=", ".join(self.new)))
        if self.vanished:
            parts.append(t("state.vanished", names=", ".join(self.vanished)))
        if self.tracers:
            parts.append(t("state.tracers", places=", ".join(self.tracers[:3])))
        return t("state.joiner").join(parts)

    def detail(self) -> dict[str, list[str]]:
        """The fields of the failure detail."""
        return {
            "changed": self.changed,
            "new": self.new,
            "vanished": self.vanished,
            "tracers": self.tracers,
        }


def _picture(ns: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    pic = _Picture(ns.get("__name__"))
    keys = {n: pic.key(v, n) for n, v in list(ns.items()) if not str(n).startswith("__")}
    return keys, pic.tracers


class ModuleState:
    """`before = ModuleState(L.ns)`, run the learner's code, then `before.changes()`."""

    def __init__(self, ns: dict[str, Any]):
        self.ns = ns
        self.keys, self.tracers = _picture(ns)

    def changes(self) -> StateChange:
        after, tracers = _picture(self.ns)
        before = self.keys
        return StateChange(
            changed=sorted(k for k in after if k in before and before[k] != after[k]),
            new=sorted(set(after) - set(before)),
            vanished=sorted(set(before) - set(after)),
            tracers=tracers,
        )


def tracer_places(ns: dict[str, Any]) -> list[str]:
    """Where the learner's module state holds a tracer now: `history[2]`, `f (closure cell n)`."""
    return _picture(ns)[1]
