"""Repair 6.4-fix1: jax.tree_map was removed in 0.12 -> jax.tree.map.

Checks: on nested trees (dicts of lists and tuples, with None) the result keeps the structure
and scales every leaf ("values"), naming tuples turned into lists (or lists into tuples) only when
the returned structure is the tree's with that change, and None treated as a leaf (None * factor)
only when the same function scales right once the None entries are taken out, and a tree passed
in that the call changed (expected values come from a copy taken before the call); under jit,
several factors compile once ("jit")."""

import re

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    assert_close,
    assert_compile_count,
    assert_equal,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_6_4_fix1")

SYMPTOMS = {
    "word:tree_multimap": msg("ex_6_4_fix1.module.word_tree_multimap"),
    "word:tree_map": msg("ex_6_4_fix1.module.word_tree_map"),
    "word:module 'jax": msg("ex_6_4_fix1.module.attributeerror"),  # a name JAX no longer has
    "word:has no attribute 'items'": msg("ex_6_4_fix1.module.items"),
}


def _trees(seed):
    import jax.numpy as jnp

    g = rng(seed)

    def arr(*shape):
        return jnp.asarray(g.uniform(-2.0, 2.0, size=shape).astype(np.float32))

    return [
        {"enc": {"kernel": arr(3, 2), "bias": arr(2)}, "dec": [arr(2, 1), arr(1)]},
        [arr(4), (arr(2, 2), None), {"gain": arr()}],
    ]


def _structure(tree):
    import jax

    try:
        return jax.tree.structure(tree)
    except Exception:
        return None


def _recast(tree, old, new):
    """The tree with every container of type `old` (list or tuple) made a `new` one."""
    if isinstance(tree, dict):
        return {k: _recast(v, old, new) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        items = [_recast(v, old, new) for v in tree]
        return new(items) if type(tree) is old else type(tree)(items)
    return tree


def _without_none(tree):
    """The tree with every None removed from its containers (a dict drops the key)."""
    if isinstance(tree, dict):
        return {k: _without_none(v) for k, v in tree.items() if v is not None}
    if isinstance(tree, (list, tuple)):
        return type(tree)(_without_none(v) for v in tree if v is not None)
    return tree


def _scales_without_none(fn, tree, factor) -> bool:
    """fn scales every leaf right once the tree's None entries are taken out."""
    import jax

    bare = _without_none(tree)
    try:
        out = fn(bare, factor)
        pairs = zip(jax.tree.leaves(out), jax.tree.leaves(bare), strict=True)
        return jax.tree.structure(out) == jax.tree.structure(bare) and all(
            compare(np.asarray(o), np.asarray(b, np.float64) * factor, rtol=1e-6, atol=1e-6) is None
            for o, b in pairs
        )
    except Exception:
        return False


def _lists_become_arrays(fn, factor) -> bool:
    """fn, given a list of two leaves of one shape, returns a single array holding both, scaled:
    it treats a list (or tuple) as one array, jnp.asarray(node) * factor."""
    import jax.numpy as jnp

    a, b = np.float32([1.0, -2.0]), np.float32([0.5, 3.0])
    try:
        out = fn([jnp.asarray(a), jnp.asarray(b)], factor)
    except Exception:
        return False
    if isinstance(out, (list, tuple)) or not hasattr(out, "shape"):  # the list kept: not this
        return False
    want = np.stack([a, b]).astype(np.float64) * factor
    return (
        np.shape(out) == want.shape and compare(np.asarray(out), want, rtol=1e-6, atol=1e-6) is None
    )


def _top_level_only(fn, tree, factor, error: TypeError) -> str | None:
    """A container reached the multiplication (`dict * float`), and fn scales a container of the
    tree's own top-level type holding two arrays right: it walks the top level only. The
    container's type named in the error, as Python gives it."""
    import jax.numpy as jnp

    found = re.search(r"for \*: '(dict|list|tuple)' and", str(error))
    if not found or not isinstance(tree, (dict, list, tuple)):
        return None
    a, b = np.float32([1.0, -2.0]), np.float32([0.5, 3.0])
    flat = {"p": jnp.asarray(a), "q": jnp.asarray(b)} if isinstance(tree, dict) else None
    flat = flat if flat is not None else type(tree)([jnp.asarray(a), jnp.asarray(b)])
    try:
        out = fn(flat, factor)
        if type(out) is not type(flat) or len(out) != 2:
            return None
        pairs = (
            [(out["p"], a), (out["q"], b)] if isinstance(out, dict) else [(out[0], a), (out[1], b)]
        )
        right = all(
            compare(np.asarray(o), np.float64(w) * factor, rtol=1e-6, atol=1e-6) is None
            for o, w in pairs
        )
    except Exception:  # noqa: BLE001 - not computed: no cause named
        return None
    return msg("ex_6_4_fix1.top_level_only", kind=found.group(1)) if right else None


def _dicts_only(tree, factor):
    """The tree as a walk that goes into dicts only gives it: the leaves of dicts scaled, every
    list and tuple (and what it holds) handed back as it was."""
    if isinstance(tree, dict):
        return {k: _dicts_only(v, factor) for k, v in tree.items()}
    if tree is None or isinstance(tree, (list, tuple)):
        return tree
    return tree * factor


def _changed(tree, struct_before, before) -> bool:
    """The tree passed in no longer holds what it held before the call (its containers were
    written to: leaves replaced, keys added or removed)."""
    import jax

    if jax.tree.structure(tree) != struct_before:
        return True
    return any(
        compare(np.asarray(now, np.float64), was, rtol=0, atol=0) is not None
        for now, was in zip(jax.tree.leaves(tree), jax.tree.leaves(before), strict=True)
    )


def _same_object(out, tree) -> str:
    """The words saying the result is the caller's own object, when it is."""
    return msg("ex_6_4_fix1.same_object") if out is tree else ""


@checks.add("values")
def _(L):
    import jax

    for k, tree in enumerate(_trees(641)):
        factor = 1.5 + k
        struct_before = jax.tree.structure(tree)
        want = jax.tree.map(lambda leaf: np.asarray(leaf, np.float64) * factor, tree)  # noqa: B023 (called at once)
        before = jax.tree.map(lambda leaf: np.asarray(leaf, np.float64), tree)
        try:
            out = R.call(L.scale_tree, tree, factor, what="scale_tree", symptoms=SYMPTOMS)
        except TypeError as e:  # None reached the arithmetic: named only when it is the cause
            if _lists_become_arrays(L.scale_tree, factor):
                fail(msg("ex_6_4_fix1.list_as_array"), error=R.first_line(e))
            shallow = _top_level_only(L.scale_tree, tree, factor, e)
            if shallow:
                fail(shallow, error=R.first_line(e))
            holds_none = None in jax.tree.leaves(tree, is_leaf=lambda x: x is None)
            if not (holds_none and "NoneType" in str(e)):
                raise
            if not _scales_without_none(L.scale_tree, tree, factor):
                raise
            if "for *" in str(e):  # None * factor: the multiplication itself
                fail(msg("ex_6_4_fix1.none_as_leaf", k=k + 1), error=R.first_line(e))
            fail(msg("ex_6_4_fix1.none_reached", k=k + 1), error=R.first_line(e))
        if _changed(tree, struct_before, before):
            fail(msg("ex_6_4_fix1.changed_in_place", k=k + 1, same=_same_object(out, tree)))
        got = _structure(out)
        if got != jax.tree.structure(tree):
            if got == jax.tree.structure(_recast(tree, tuple, list)):
                why = msg("ex_6_4_fix1.tuples_became_lists")
            elif got == jax.tree.structure(_recast(tree, list, tuple)):
                why = msg("ex_6_4_fix1.lists_became_tuples")
            elif _lists_become_arrays(L.scale_tree, factor):
                why = msg("ex_6_4_fix1.list_as_array")
            elif got == jax.tree.structure(jax.tree.leaves(tree)):
                why = msg("ex_6_4_fix1.flat_leaves", n=len(jax.tree.leaves(tree)))
            elif got == jax.tree.structure(
                jax.tree.map(lambda x: 0.0 if x is None else x, tree, is_leaf=lambda x: x is None)
            ):
                why = msg("ex_6_4_fix1.none_filled")
            elif got == jax.tree.structure(_without_none(tree)):
                why = msg("ex_6_4_fix1.none_dropped")
            else:
                why = msg("ex_6_4_fix1.values.assert_equal")
            assert_equal(
                str(got),
                str(jax.tree.structure(tree)),
                why,
                what=msg("ex_6_4_fix1.values.what_2"),
            )
        assert_close(
            out,
            want,
            rtol=1e-6,
            atol=1e-6,
            what=msg("ex_6_4_fix1.values.what", k=k + 1, factor=factor),
            msg=msg("ex_6_4_fix1.values.msg", factor=factor),
            mistakes=[
                Mistake("unchanged", before, msg("ex_6_4_fix1.values.mistake_unchanged")),
                Mistake(
                    "added",
                    jax.tree.map(lambda leaf: leaf + factor, before),  # noqa: B023 (called at once)
                    msg("ex_6_4_fix1.values.mistake_added", factor=factor),
                ),
                Mistake("dicts_only", _dicts_only(before, factor), msg("ex_6_4_fix1.dicts_only")),
            ],
        )


@checks.add("jit", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    tree = _trees(642)[0]
    fn = R.jitted(L.scale_tree)
    factors = [jnp.float32(f) for f in (0.5, 2.0, -3.0)]
    with CompileLog() as log:
        outs = [
            R.call(
                fn,
                tree,
                f,
                what=f"jax.jit(scale_tree)(tree, {float(f):g})",
                symptoms={  # a Python if on a tracer first: its class is a ConcretizationTypeError
                    "TracerBoolConversionError": msg("ex_6_4_fix1.jit.bool_of_tracer"),
                    "ConcretizationTypeError": msg("ex_6_4_fix1.jit.float_of_tracer"),
                },
            )
            for f in factors
        ]
    assert_compile_count(
        log,
        R.name_of(fn),
        expected=1,
        msg=msg("ex_6_4_fix1.jit.msg", v=log.count(R.name_of(fn))),
    )
    for f, out in zip(factors, outs, strict=False):
        want = jax.tree.map(lambda leaf: np.asarray(leaf, np.float64) * float(f), tree)  # noqa: B023 (called at once)
        assert_close(
            out,
            want,
            rtol=1e-6,
            atol=1e-6,
            what=msg("ex_6_4_fix1.jit.what", float_f=float(f)),
            msg=msg("ex_6_4_fix1.jit.leaves_differ", float_f=float(f)),
            mistakes=[
                Mistake(
                    "added",
                    jax.tree.map(lambda leaf: np.asarray(leaf, np.float64) + float(f), tree),  # noqa: B023 (called at once)
                    msg("ex_6_4_fix1.values.mistake_added", factor=float(f)),
                )
            ],
        )
