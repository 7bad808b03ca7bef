"""Exercise 0.6, one update over any parameter tree: sgd_with_decay(params, grads, lr, decay) maps
p − lr·(g + decay·p) over the leaves; global_norm(tree) is the L2 norm of all leaves together.

Checks: values on a random dict-of-lists tree against NumPy float64, naming the missing decay only
when the result equals plain SGD, swapped lambda parameters and decay applied to the gradient only
when it equals them, and a dict-only update only when the call raised on the nested list ("update");
a NamedTuple and a tuple of lists keep their treedef, shapes and dtypes, naming tuples rebuilt as
lists only when the result's treedef is that of params with every tuple a list ("structure"); the
norm, naming a sum of per-leaf norms, the largest leaf norm or a missing square root only when the
value equals them, and a jax.tree.reduce without an initial value only when the result is shaped
like the first leaf and equals √(first leaf + other squares) ("norm"); both under jit, naming
float() of a tracer only when jit raised ConcretizationTypeError ("jit")."""

from typing import NamedTuple

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_scalar,
    assert_close,
    assert_equal,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_0_6")
LR, DECAY = 0.1, 0.05
NESTED = (TypeError, AttributeError, KeyError, IndexError, ValueError)


class _Dense(NamedTuple):
    w: object
    b: object


def _arr(g, *shape):
    import jax.numpy as jnp

    return jnp.asarray(g.normal(size=shape).astype(np.float32))


def _dict_tree(g):
    return {
        "layers": [{"w": _arr(g, 3, 2), "b": _arr(g, 2)}, {"w": _arr(g, 2, 1), "b": _arr(g, 1)}],
        "scale": _arr(g),
    }


def _other_trees(g):
    return [
        (_Dense(w=_arr(g, 4, 3), b=_arr(g, 3)), "NamedTuple"),
        (([_arr(g, 2), _arr(g, 2, 2)], _arr(g, 5)), "tuple"),
    ]


def _like(tree, g):
    import jax

    return jax.tree.map(lambda leaf: _arr(g, *leaf.shape), tree)


def _np(tree):
    import jax

    return jax.tree.map(lambda leaf: np.asarray(leaf, np.float64), tree)


def _as_lists(tree):
    """The tree with every tuple (a NamedTuple too) rebuilt as a list; dicts and leaves kept."""
    if isinstance(tree, dict):
        return {k: _as_lists(v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        return [_as_lists(v) for v in tree]
    return tree


def _structure(tree):
    import jax

    try:
        return jax.tree.structure(tree)
    except Exception:  # not a pytree: no structure to compare
        return None


def _update(fn, params, grads, kind):
    try:
        return fn(params, grads, LR, DECAY)
    except NESTED as e:
        error = type(e).__name__
        said = msg("ex_0_6.flat_fails", kind=kind, error=error)
        if _flat_works(fn, params, grads):
            said = msg("ex_0_6.nested_failed", kind=kind, error=error, tree=_tree_words(kind))
        fail(said, error=R.first_line(e))


def _tree_words(kind):
    """What the containers of the check's tree of this kind are (what a flat dict does not have)."""
    if kind == "dict":
        return msg("ex_0_6.tree_dict")
    if kind == "NamedTuple":
        return msg("ex_0_6.tree_namedtuple")
    return msg("ex_0_6.tree_tuple")


def _flat_works(fn, params, grads) -> bool:
    """Whether fn updates a flat dict of the same leaves: only then is nesting what it cannot
    handle (called after it raised on the nested tree)."""
    import jax

    flat = {f"p{k}": leaf for k, leaf in enumerate(jax.tree.leaves(params))}
    flat_grads = {f"p{k}": leaf for k, leaf in enumerate(jax.tree.leaves(grads))}
    try:
        fn(flat, flat_grads, LR, DECAY)
    except Exception:  # it fails without nesting too
        return False
    return True


@checks.add("update")
def _(L):
    import jax

    g = rng(71)
    params = _dict_tree(g)
    grads = _like(params, g)
    out = _update(L.sgd_with_decay, params, grads, "dict")
    p64, g64 = _np(params), _np(grads)
    want = jax.tree.map(lambda p, d: p - LR * (d + DECAY * p), p64, g64)
    plain = jax.tree.map(lambda p, d: p - LR * d, p64, g64)
    decay_alone = jax.tree.map(lambda p, d: p - LR * d - DECAY * p, p64, g64)
    leaves = jax.tree.leaves(params)
    if _structure(out) in (jax.tree.structure(list(leaves)), jax.tree.structure(tuple(leaves))):
        fail(msg("ex_0_6.flat_leaves", n=len(leaves)), actual=type(out).__name__)
    assert_close(
        out,
        want,
        rtol=1e-5,
        atol=1e-6,
        what="sgd_with_decay(params, grads, 0.1, 0.05)",
        msg=msg("ex_0_6.update_differs"),
        mistakes=[
            Mistake("no_decay", plain, msg("ex_0_6.no_decay")),
            Mistake("decay_without_lr", decay_alone, msg("ex_0_6.decay_without_lr")),
            Mistake(
                "decay_sign",
                jax.tree.map(lambda p, d: p - LR * (d - DECAY * p), p64, g64),
                msg("ex_0_6.decay_sign"),
            ),
            Mistake(
                "swapped",
                jax.tree.map(lambda p, d: d - LR * (p + DECAY * d), p64, g64),
                msg("ex_0_6.swapped_args"),
            ),
            Mistake(
                "decay_on_grad",
                jax.tree.map(lambda p, d: p - LR * (d + DECAY * d), p64, g64),
                msg("ex_0_6.decay_on_grad"),
            ),
            Mistake(
                "decay_without_p",
                jax.tree.map(lambda p, d: p - LR * (d + DECAY), p64, g64),
                msg("ex_0_6.decay_without_p"),
            ),
            Mistake(
                "decay_outside",
                jax.tree.map(lambda p, d: p - LR * d + DECAY * p, p64, g64),
                msg("ex_0_6.decay_outside"),
            ),
        ],
    )


@checks.add("structure", needs="update")
def _(L):
    import jax

    g = rng(72)
    for params, kind in _other_trees(g):
        grads = _like(params, g)
        out = _update(L.sgd_with_decay, params, grads, kind)
        said = msg("ex_0_6.structure_changed", kind=kind)
        if _structure(out) == jax.tree.structure(_as_lists(params)):
            said = msg("ex_0_6.became_lists", kind=kind)
        assert_equal(
            str(jax.tree.structure(out)),
            str(jax.tree.structure(params)),
            said,
            what=msg("ex_0_6.structure_of", kind=kind),
        )
        for k, (got, want) in enumerate(
            zip(jax.tree.leaves(out), jax.tree.leaves(params), strict=True)
        ):
            kinds = (type(got).__name__, str(getattr(got, "dtype", "?")), np.shape(got))
            wants = (type(want).__name__, str(want.dtype), want.shape)
            assert_equal(
                f"{kinds[0]} {kinds[1]} {kinds[2]}",
                f"{wants[0]} {wants[1]} {wants[2]}",
                msg("ex_0_6.leaf_changed", kind=kind, n=k),
            )


@checks.add("norm")
def _(L):
    import jax

    g = rng(73)
    for tree in (_dict_tree(g), _other_trees(g)[0][0]):
        leaves = [np.asarray(x, np.float64) for x in jax.tree.leaves(tree)]
        squares = sum(float(np.sum(x**2)) for x in leaves)
        out = L.global_norm(tree)
        first = leaves[0]
        if first.shape and np.shape(out) == first.shape:
            inside = first + squares - float(np.sum(first**2))  # the first leaf never squared
            got_arr, real = np.asarray(out, np.float64), inside >= 0
            same_nan = bool(np.all(np.isnan(got_arr[~real])))
            seeded = np.where(real, np.sqrt(np.where(real, inside, 0.0)), 0.0)
            if (
                same_nan
                and compare(np.where(real, got_arr, 0.0), seeded, rtol=1e-4, atol=1e-5) is None
            ):
                fail(msg("ex_0_6.reduce_no_initial"), shape=list(first.shape))
        got = as_scalar(out, "global_norm(tree)")
        assert_close(
            got,
            np.sqrt(squares),
            rtol=1e-5,
            atol=1e-6,
            what="global_norm(tree)",
            msg=msg("ex_0_6.norm_differs"),
            mistakes=[
                Mistake("per_leaf", sum(np.linalg.norm(x) for x in leaves), msg("ex_0_6.per_leaf")),
                Mistake("no_sqrt", squares, msg("ex_0_6.no_sqrt")),
                Mistake(
                    "mean_squares",
                    np.sqrt(sum(float(np.mean(x**2)) for x in leaves)),
                    msg("ex_0_6.mean_squares"),
                ),
                Mistake("max_leaf", max(np.linalg.norm(x) for x in leaves), msg("ex_0_6.max_leaf")),
                Mistake(
                    "leaf_sum_squared",
                    np.sqrt(sum(float(np.sum(x)) ** 2 for x in leaves)),
                    msg("ex_0_6.leaf_sum_squared"),
                ),
                Mistake("l1", sum(float(np.sum(np.abs(x))) for x in leaves), msg("ex_0_6.l1")),
                Mistake(
                    "first_elements",
                    np.sqrt(sum(float(np.ravel(x)[0]) ** 2 for x in leaves if np.size(x))),
                    msg("ex_0_6.first_elements_only"),
                ),
                Mistake(
                    "root_of_norms",
                    np.sqrt(sum(np.linalg.norm(x) for x in leaves)),
                    msg("ex_0_6.root_of_norms"),
                ),
                Mistake(
                    "per_leaf_count",
                    np.sqrt(squares / len(leaves)),
                    msg("ex_0_6.by_leaf_count", n=len(leaves)),
                ),
                Mistake(
                    "rms",
                    np.sqrt(squares / sum(x.size for x in leaves)),
                    msg("ex_0_6.rms_all"),
                ),
            ],
        )


@checks.add("jit", needs=("update", "norm"))
def _(L):
    import jax

    g = rng(74)
    params = _dict_tree(g)
    grads = _like(params, g)
    symptoms = {  # sgd_with_decay under jit: lr and decay are tracers too
        "TracerBoolConversionError": msg("ex_0_6.if_on_tracer"),
        "ConcretizationTypeError": msg("ex_0_6.float_of_tracer_update"),
        "TracerArrayConversionError": msg("ex_0_6.to_numpy_update"),
    }
    out = R.call(
        jax.jit(L.sgd_with_decay),
        params,
        grads,
        LR,
        DECAY,
        what="jax.jit(sgd_with_decay)",
        symptoms=symptoms,
    )
    want = jax.tree.map(lambda p, d: p - LR * (d + DECAY * p), _np(params), _np(grads))
    assert_close(
        out,
        want,
        rtol=1e-5,
        atol=1e-6,
        what="jax.jit(sgd_with_decay)",
        msg=msg("ex_0_6.jit_differs", name="sgd_with_decay"),
    )
    symptoms = {  # global_norm: no lr, no decay
        "TracerBoolConversionError": msg("ex_0_6.if_on_tracer_norm"),
        "ConcretizationTypeError": msg("ex_0_6.float_of_tracer"),
        "TracerArrayConversionError": msg("ex_0_6.to_numpy"),
    }
    norm = R.call(jax.jit(L.global_norm), grads, what="jax.jit(global_norm)", symptoms=symptoms)
    leaves = [np.asarray(x, np.float64) for x in jax.tree.leaves(grads)]
    assert_close(
        as_scalar(norm, "jax.jit(global_norm)(grads)"),
        np.sqrt(sum(float(np.sum(x**2)) for x in leaves)),
        rtol=1e-5,
        atol=1e-6,
        what="jax.jit(global_norm)",
        msg=msg("ex_0_6.jit_differs", name="global_norm"),
    )
