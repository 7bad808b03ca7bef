"""Repair exercise a1.6-fix3: segment_sum without num_segments under jit → ConcretizationTypeError;
pass a static K.

Checks: sums and the (K,) shape on fresh data with empty segments, trailing ones included
("values"); one K over three data sets compiles once ("one_compile"); the program holds a
scatter-add, and tracing goes through jax.ops.segment_sum ("segment")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    assert_equal,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_a1_6_fix3")


def _why_concrete(exc: BaseException, fn) -> str:
    """What JAX's ConcretizationTypeError says the segment count depended on, in words: the ids
    (num_segments omitted, so segment_sum reads max(ids), or a count computed from them), or K
    (given, but traced because K is not static)."""
    import inspect
    import re

    import jax

    found = re.search(r"depends on the value of the argument (\w+)", str(exc))
    try:
        names = list(inspect.signature(inspect.unwrap(fn)).parameters)
    except (TypeError, ValueError):
        names = []
    arg = found.group(1) if found else None
    if isinstance(exc, jax.errors.TracerBoolConversionError):
        if arg is not None and len(names) >= 3 and arg == names[2]:  # a Python if on K itself
            return msg("ex_a1_6_fix3.python_if_on_count", arg=arg)
        return msg("ex_a1_6_fix3.python_if")  # a Python if on the data
    if arg is not None and len(names) >= 3 and arg == names[2]:
        return msg("ex_a1_6_fix3.static_arg_missing", arg=arg)
    if arg is not None and len(names) >= 2 and arg in names[:2]:
        return msg("ex_a1_6_fix3.no_num_segments", arg=arg)
    return msg("ex_a1_6_fix3.count_must_be_static")


def _why_shape(shape, k: int, from_ids: int) -> str:
    """The message for a wrong output shape: the length max(ids) + 1 that segment_sum takes
    when num_segments is omitted, or K − 1 (one segment short); the two are named only when they
    differ for this data, otherwise the shape is only shown."""
    if from_ids != k - 1:
        if shape == (from_ids,):
            return msg("ex_a1_6_fix3.shape_differs", shape=shape, k=k)
        if shape == (k - 1,):
            return msg("ex_a1_6_fix3.shape_one_short", shape=shape, k=k)
    return msg("ex_a1_6_fix3.shape_other", shape=shape, k=k)


def _data(seed, n, used):
    import jax.numpy as jnp

    g = rng(seed)
    d = g.uniform(-3.0, 3.0, size=n).astype(np.float32)
    owner = np.sort(g.choice(used, size=n)).astype(np.int32)
    return jnp.asarray(d), jnp.asarray(owner), d.astype(np.float64), owner


def _sums(d64, owner, k):
    out = np.zeros(k)
    np.add.at(out, owner, d64)
    return out


def _sum_mistakes(d64, owner, k):
    """What known slips return for these data: per-segment means (over max(count, 1), or over
    the count with 0/0 = NaN for an empty segment), and the data and the ids swapped in the call
    (the ids summed by the data truncated to int32; ids outside 0…K − 1 dropped, as segment_sum
    does), and segment_max in place of segment_sum (−inf for an empty segment)."""
    counts = _sums(np.ones_like(d64), owner, k)
    with np.errstate(divide="ignore", invalid="ignore"):
        means = _sums(d64, owner, k) / counts
    as_ids = np.trunc(d64.astype(np.float32)).astype(np.int64)
    inside = (as_ids >= 0) & (as_ids < k)
    peaks = np.array([d64[owner == j].max() if (owner == j).any() else -np.inf for j in range(k)])
    return [
        Mistake("max", peaks, msg("ex_a1_6_fix3.segment_max")),
        Mistake("means", _sums(d64, owner, k) / np.maximum(counts, 1), msg("ex_a1_6_fix3.means")),
        Mistake("means_nan", means, msg("ex_a1_6_fix3.means")),
        Mistake(
            "swapped",
            _sums(owner[inside].astype(np.float64), as_ids[inside], k),
            msg("ex_a1_6_fix3.data_ids_swapped"),
        ),
    ]


def _one_kept(got, d64, owner, k) -> bool:
    """Every item is one of its own segment's values (0 where the segment is empty) while some
    segment has several: what a scatter that overwrites (.at[owner].set) leaves."""
    several = False
    for j in range(k):
        members = d64[owner == j]
        several |= len(members) > 1
        if not len(members):
            if abs(got[j]) > 1e-5:
                return False
        elif not np.any(np.abs(members - got[j]) <= 1e-5 + 1e-5 * np.abs(members)):
            return False
    return several


@checks.add("values")
def _(L):
    for seed, k, used in ((801, 6, [0, 2, 3]), (802, 4, [1, 2])):
        d, owner, d64, o = _data(seed, 9, used)
        try:
            out = L.group_sum(d, owner, k)
        except Exception as e:  # only the exercise's symptom becomes a verdict
            if "ConcretizationTypeError" not in [c.__name__ for c in type(e).__mro__]:
                raise
            fail(
                msg("ex_a1_6_fix3.raised_concretization", k=k) + _why_concrete(e, L.group_sum),
                error=R.first_line(e),
            )
        got = as_array(out, msg("ex_a1_6_fix3.result", k=k))
        if got.shape != (k,):
            assert_equal(
                list(got.shape),
                [k],
                _why_shape(got.shape, k, int(o.max()) + 1)
                + ("" if hasattr(L.group_sum, "lower") else msg("ex_a1_6_fix3.not_jitted")),
                what=msg("ex_a1_6_fix3.result_shape"),
            )
        assert_close(
            got,
            _sums(d64, o, k),
            rtol=1e-5,
            atol=1e-5,
            what=msg("ex_a1_6_fix3.sums_for_k", k=k),
            mistakes=_sum_mistakes(d64, o, k),
            msg=msg("ex_a1_6_fix3.overwritten")
            if got.shape == (k,) and _one_kept(np.asarray(got, np.float64), d64, o, k)
            else msg("ex_a1_6_fix3.sums_differ"),
        )


@checks.add("one_compile", needs="values")
def _(L):
    import jax

    fn = L.group_sum
    name = R.name_of(fn)
    sets = [_data(803 + i, 9, [0, 1, 4])[:2] for i in range(3)]
    with CompileLog() as log:
        for d, owner in sets:
            jax.block_until_ready(fn(d, owner, 5))
    # a wrapper around a jit function of another name that compiled once per set: the data are
    # part of that function's cache key
    per_set = [x for x in dict.fromkeys(log.names) if x != name and log.count(x) == len(sets)]
    assert_compile_count(
        log,
        name,
        expected=1,
        msg=msg("ex_a1_6_fix3.compiled_per_data", inner=per_set[0], n=len(sets))
        if log.count(name) == 0 and per_set
        else msg("ex_a1_6_fix3.compiled_n", n=log.count(name)),
    )


@checks.add("segment", needs=("values", "one_compile"))  # it traces the data as arrays
def _(L):
    import functools

    d, owner, _, _ = _data(806, 9, [0, 1, 2])
    prims = primitive_counts(functools.partial(L.group_sum, K=3), d, owner)
    if "scatter-add" not in prims and "scatter_add" not in prims:
        size = {
            k: sum(primitive_counts(functools.partial(L.group_sum, K=k), d, owner).values())
            for k in (3, 6)
        }
        if size[6] > size[3]:
            how = msg("ex_a1_6_fix3.pass_per_segment", n3=size[3], n6=size[6])
        elif "dot_general" in prims:
            how = msg("ex_a1_6_fix3.dense_product")
        else:
            how = ""
        fail(
            msg("ex_a1_6_fix3.no_scatter_add") + how,
            primitives=sorted(prims),
        )
    if _segment_sum_called(L) is False:
        fail(msg("ex_a1_6_fix3.scatter_add_not_segment_sum"), primitives=sorted(prims))


def _segment_sum_called(L) -> bool | None:
    """Whether tracing group_sum anew goes through jax.ops.segment_sum (any name it is reached
    by: the spy sits on JAX's inner _segment_update, which segment_sum calls by this name), None
    when the trace raises. Data of a length no other check uses: a jitted group_sum traces again."""
    import functools

    import jax
    from jax._src.ops import scatter

    d, owner, _, _ = _data(807, 13, [0, 1, 3])
    real, reached = scatter._segment_update, []

    def spy(name, *args, **kwargs):
        reached.append(name)
        return real(name, *args, **kwargs)

    scatter._segment_update = spy
    try:
        jax.make_jaxpr(functools.partial(L.group_sum, K=4))(d, owner)
    except Exception:  # the values check already ran this function: nothing more to say
        return None
    finally:
        scatter._segment_update = real
    return "segment_sum" in reached
