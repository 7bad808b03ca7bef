"""Repair 6.6-fix2: mu and nu share one tree of zero arrays -> the same buffer is donated twice;
create each separately.

Checks: the state survives a jit that donates it, and the caller's params are not donated with
it ("donate"); count is an int32 0 and both moments are zero trees shaped like the params, leaf
by leaf of the params' dtype (one layer's weights are bfloat16, as in mixed precision: a float32
moment there is named jnp.zeros' default dtype only when it turns float64 with jax_enable_x64 on,
float32 asked for when it stays float32; a moment that is the params' leaves as a
flat list of zeros, as jax.tree.leaves gives them, is named) ("values"); no two leaves of the state
share a buffer ("separate")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_6_6_fix2")

SYMPTOMS = {"word:same buffer twice": msg("ex_6_6_fix2.module.word_same_buffer_twi")}


def _params(seed):
    import jax.numpy as jnp

    g = rng(seed)
    return [
        {
            "w": jnp.asarray(g.normal(size=(3, 4)).astype(np.float32)),
            "b": jnp.zeros(4, jnp.float32),
        },
        {  # a layer kept in bfloat16: the moments must follow each leaf's dtype
            "w": jnp.asarray(g.normal(size=(4, 1)).astype(np.float32), jnp.bfloat16),
            "b": jnp.zeros(1, jnp.float32),
        },
    ]


def _state(L, params):
    return as_tuple(L.adam_init(params), 3, msg("ex_6_6_fix2.state.as_tuple"))


def _donating_step():
    import jax

    return jax.jit(lambda state: jax.tree.map(lambda a: a + 1, state), donate_argnums=0)


@checks.add("donate")
def _(L):
    import jax

    params = _params(661)
    state = L.adam_init(params)
    symptoms = SYMPTOMS
    if _holds_params(state, params):  # the buffer given away twice is a parameter, not a zero
        symptoms = {"word:same buffer twice": msg("ex_6_6_fix2.module.same_buffer_is_params")}
    R.call(_donating_step(), state, what=msg("ex_6_6_fix2.donate.what"), symptoms=symptoms)
    gone = [
        jax.tree_util.keystr(path)
        for path, leaf in jax.tree_util.tree_leaves_with_path(params)
        if leaf.is_deleted()
    ]
    if gone:
        fail(
            msg("ex_6_6_fix2.donate.fail", v=", ".join(gone)),
            deleted=gone,
        )


def _holds_params(state, params) -> bool:
    """Whether mu and nu both hold a parameter array itself (a buffer of a leaf of params)."""
    import jax

    def pointers(tree):
        found = set()
        for leaf in jax.tree.leaves(tree):
            try:
                found.add(leaf.unsafe_buffer_pointer())
            except Exception:  # not a jax array: it shares no buffer
                continue
        return found

    try:
        _, mu, nu = state
    except (TypeError, ValueError):  # not a triple: the other checks say what it is
        return False
    mine = pointers(params)
    return bool(pointers(mu) & mine) and bool(pointers(nu) & mine)


def _structure(tree):
    import jax

    try:
        return jax.tree.structure(tree)
    except Exception:  # not a pytree: no structure to match
        return None


@checks.add("values")
def _(L):
    import jax

    params = _params(662)
    count, mu, nu = _state(L, params)
    shaped = jax.tree.structure(params)
    moments = [n for n, v in (("count", count), ("mu", mu), ("nu", nu)) if _structure(v) == shaped]
    if "count" in moments:  # a parameter-shaped tree sits where the step count belongs
        fail(msg("ex_6_6_fix2.values.fields_out_of_order", moments=", ".join(moments)))
    if (
        str(getattr(count, "dtype", type(count).__name__)) != "int32"
        or getattr(count, "shape", None) != ()
    ):
        # an array: its dtype and shape; anything else (a Python int): its type
        kind = (
            f"{count.dtype} {count.shape}"
            if hasattr(count, "dtype") and hasattr(count, "shape")
            else type(count).__name__
        )
        # the type drifting after the first update is said only of a count whose type can drift:
        # a Python number or a weakly typed array
        if not hasattr(count, "dtype") or getattr(count, "weak_type", False):
            fail(msg("ex_6_6_fix2.values.fail", count_kind=kind), actual=repr(count))
        fail(msg("ex_6_6_fix2.values.not_int32", count_kind=kind), actual=repr(count))
    assert_close(count, 0, rtol=0, atol=0, what="count", msg=msg("ex_6_6_fix2.values.msg"))
    zeros = jax.tree.map(lambda a: np.zeros(a.shape, a.dtype), params)
    for name, moment in (("mu", mu), ("nu", nu)):
        _flat_leaves(name, moment, params)
        _same_dtypes(L, name, moment, params)
        assert_close(
            moment,
            zeros,
            rtol=0,
            atol=0,
            what=name,
            check_dtype=True,
            msg=msg("ex_6_6_fix2.values.moments_not_zero", name=name),
        )


def _flat_leaves(name, moment, params) -> None:
    """A moment that is exactly [jnp.zeros_like(p) for p in jax.tree.leaves(params)] (a list or
    a tuple): the zeros are right leaf by leaf, but the params' structure is lost."""
    import jax

    kind = type(moment)
    flat = [np.zeros(p.shape, p.dtype) for p in jax.tree.leaves(params)]
    if kind not in (list, tuple):
        return
    if compare(moment, kind(flat), rtol=0, atol=0, check_dtype=True) is not None:
        return
    said = msg("ex_6_6_fix2.values.flat_leaves", name=name, n=len(flat), kind=kind.__name__)
    assert_equal(_paths(moment), _paths(params), said, what=name)


def _paths(tree) -> list[str]:
    import jax

    return [jax.tree_util.keystr(path) for path, _ in jax.tree_util.tree_leaves_with_path(tree)]


def _dtype_with_x64(L, params, name, index) -> str | None:
    """The dtype the same leaf of the same moment gets when adam_init runs with jax_enable_x64
    on: float64 when it follows JAX's default float dtype (jnp.zeros(shape) without a dtype),
    float32 when float32 was asked for. None when that run raises or has another structure."""
    import jax

    try:
        with jax.enable_x64(True):
            state = dict(zip(("count", "mu", "nu"), L.adam_init(params), strict=True))
            return str(jax.tree.leaves(state[name])[index].dtype)
    except Exception:  # the probe says nothing: the message names no origin
        return None


def _same_dtypes(L, name, moment, params) -> None:
    """Each leaf of a moment has its parameter's dtype; a float32 leaf beside a parameter of
    another dtype is named jnp.zeros' default dtype only when, with x64 on, it turns float64."""
    import jax

    if jax.tree.structure(moment) != jax.tree.structure(params):
        return  # the structure is compared (and reported) by assert_close
    paths = [jax.tree_util.keystr(p) for p, _ in jax.tree_util.tree_leaves_with_path(params)]
    pairs = zip(jax.tree.leaves(moment), jax.tree.leaves(params), strict=True)
    for index, (path, (m, p)) in enumerate(zip(paths, pairs, strict=True)):
        got, want = str(getattr(m, "dtype", type(m).__name__)), str(p.dtype)
        if got == want:
            continue
        origin = _dtype_with_x64(L, params, name, index) if got == "float32" else None
        if origin == "float64":
            said = msg("ex_6_6_fix2.values.dtype_default", name=name, path=path, want=want)
        elif origin == "float32":
            said = msg("ex_6_6_fix2.values.dtype_asked", name=name, path=path, want=want)
        else:
            said = msg("ex_6_6_fix2.values.dtype_other", name=name, path=path, got=got, want=want)
        fail(said, leaf=f"{name}{path}", expected_dtype=want, actual_dtype=got)


@checks.add("separate")
def _(L):
    import jax

    params = _params(663)
    _, mu, nu = _state(L, params)
    pointers = {}
    for label, tree in (("params", params), ("mu", mu), ("nu", nu)):
        for path, leaf in jax.tree_util.tree_leaves_with_path(tree):
            where = label + jax.tree_util.keystr(path)
            try:
                key = leaf.unsafe_buffer_pointer()
            except Exception:
                key = id(leaf)
            assert_that(
                key not in pointers,
                msg("ex_6_6_fix2.separate.assert_that", where=where, v=pointers.get(key)),
                shared=[pointers.get(key), where],
            )
            pointers[key] = where
