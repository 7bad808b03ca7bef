"""Helpers shared by the check modules of chapter a1 (ex_a1_*.py).

Imported by those modules as `import _a1 as A1` (the runner puts checks/ on sys.path). Everything
generic (structure validation, comparisons, jaxpr walking) lives in tutor.worker.checklib; this
module only holds what several chapter-a1 checks read off a staged program."""

from __future__ import annotations

from collections import Counter


def top_primitives(counts: Counter, n: int = 12) -> dict[str, int]:
    """The n most frequent primitives of a program, for a failure's detail."""
    return dict(counts.most_common(n))


def _equations(fn, *args, **kwargs):
    """Every equation of the function's program, sub-programs included, in order.

    Reads only the public jaxpr structure (equations, their primitive and params)."""
    import jax
    from jax.extend import core as jcore

    def sub_programs(value):
        if isinstance(value, jcore.ClosedJaxpr):
            yield value.jaxpr
        elif isinstance(value, jcore.Jaxpr):
            yield value
        elif isinstance(value, (tuple, list)):
            for v in value:
                yield from sub_programs(v)

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            yield eqn
            for value in eqn.params.values():
                for sub in sub_programs(value):
                    yield from walk(sub)

    yield from walk(jax.make_jaxpr(fn)(*args, **kwargs).jaxpr)


def cond_branch_counts(fn, *args, **kwargs) -> list[int]:
    """The number of branches of every cond the function stages (sub-programs included), in
    order: lax.switch over n functions stages one cond of n branches, lax.cond one of 2."""
    return [
        len(eqn.params.get("branches", ()))
        for eqn in _equations(fn, *args, **kwargs)
        if eqn.primitive.name == "cond"
    ]


def scan_directions(fn, *args, **kwargs) -> list[bool]:
    """The `reverse` flag of every scan the function stages (sub-programs included), in order."""
    return [
        bool(eqn.params.get("reverse", False))
        for eqn in _equations(fn, *args, **kwargs)
        if eqn.primitive.name == "scan"
    ]


def while_loops_from_fori(fn, *args, **kwargs) -> int:
    """How many of the program's while loops lax.fori_loop staged itself: it does so when its
    bounds are traced values (an array such as jnp.array(5) under jit or make_jaxpr) instead of
    Python ints, which would give a scan. Read from the frames JAX records where each equation was
    staged; 0 when they are not recorded."""
    count = 0
    for eqn in _equations(fn, *args, **kwargs):
        if eqn.primitive.name != "while":
            continue
        frames = getattr(getattr(eqn.source_info, "traceback", None), "frames", None) or []
        if any(
            fr.function_name == "fori_loop" and "/jax/" in fr.file_name.replace("\\", "/")
            for fr in frames
        ):
            count += 1
    return count


def grows_with(size_a: int, size_b: int, count_a: int, count_b: int) -> bool:
    """True when a program's equation count grows about in proportion to a size (a Python loop
    unrolled over it): from size_a to size_b = 2·size_a or more, the count grows by at least
    half the size ratio."""
    return count_b >= count_a * (1 + 0.5 * (size_b / size_a - 1)) and count_b > count_a


def abstract(fn, *args, what: str, **kwargs):
    """The shapes and dtypes of fn(*args) from jax.eval_shape: the structure of a learner's result,
    traced once and never compiled. JAX's complaint about a non-array result is a named failure."""
    import jax

    with returned_values(what):
        return jax.eval_shape(fn, *args, **kwargs)


def shape_dtype(value, what: str):
    """(shape, dtype) of an array, a number or an abstract value from jax.eval_shape; anything else
    (None, a string, a dict, a ragged list) fails with the reason."""
    import jax
    import numpy as np

    from tutor.worker.checklib import as_array

    if isinstance(value, jax.ShapeDtypeStruct):
        return tuple(value.shape), np.dtype(value.dtype)
    arr = as_array(value, what)
    return arr.shape, arr.dtype


def array_pair(
    out, what: str, names: tuple[str, str], shapes: tuple[tuple, tuple], floating: bool = True
):
    """A learner's pair (concrete arrays or jax.eval_shape results), validated: a tuple or list of
    two arrays with the given shapes (and a floating dtype when `floating`). The pair returned in
    the wrong order is named. Returns the two items (concrete ones as NumPy arrays)."""
    import numpy as np

    from tutor.worker.checklib import as_array, as_tuple, assert_equal, fail, msg

    items = as_tuple(out, 2, f"{what} ({names[0]}, {names[1]})")
    labels = [
        msg("_a1.first_item", what=what, name=names[0]),
        msg("_a1.second_item", what=what, name=names[1]),
    ]
    found = [shape_dtype(item, label) for item, label in zip(items, labels, strict=False)]
    wanted = [tuple(shapes[0]), tuple(shapes[1])]
    if wanted[0] != wanted[1] and found[0][0] == wanted[1] and found[1][0] == wanted[0]:
        assert_equal(
            [list(f[0]) for f in found],
            [list(w) for w in wanted],
            msg(
                "_a1.pair_swapped",
                what=what,
                first_shape=found[0][0],
                second_name=names[1],
                second_shape=found[1][0],
                first_name=names[0],
            ),
            what=msg("_a1.shapes_of_pair", what=what),
        )
    for (shape, dtype), want, label in zip(found, wanted, labels, strict=False):
        if shape != want:
            assert_equal(
                list(shape),
                list(want),
                msg("_a1.item_shape_differs", label=label, want=want, shape=shape),
                what=msg("_a1.item_shape", label=label),
            )
        if floating and not np.issubdtype(dtype, np.floating):
            fail(msg("_a1.item_not_floating", label=label, dtype=dtype), actual=str(dtype))
    return tuple(
        item if hasattr(item, "shape") and not hasattr(item, "__array__") else as_array(item, label)
        for item, label in zip(items, labels, strict=False)
    )


class returned_values:
    """Context manager: JAX's complaint that a traced learner function returned something that is
    not an array (a str, an object) becomes a check failure naming the function, instead of an
    error inside the check module."""

    def __init__(self, what: str):
        self.what = what

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        from tutor.worker.checklib import fail, msg

        if exc_type is not None and issubclass(exc_type, TypeError):
            text = str(exc)
            if "returned a value of type" in text or "Output from batched function" in text:
                fail(
                    msg("_a1.returned_non_array", what=self.what),
                    error=text.splitlines()[0],
                )
        return False


def fn_label(fn) -> str:
    """How a message names a function the check passes on (a learner's function or a transform of
    it)."""
    from tutor.worker.checklib import fn_name

    return fn_name(fn)
