"""Repair 7.7-fix1: jax.tree.map goes into the shape tuples -> is_leaf.

Checks: on nested shape trees (dicts, lists, the scalar shape ()), the result has the spec's
structure with a float32 zero array of each shape ("values"; named: np.zeros's float64 NumPy
arrays, a vector as long as the shape tuple, lists returned unchanged by a recursion into dicts
only, the leaves' arrays returned as a flat list, a list taken as a leaf (one array, or the error
jnp.zeros raises when handed the list as a shape))."""

import numpy as np

from tutor.worker.checklib import Checks, Mistake, assert_close, assert_equal, fail, msg, rng

checks = Checks("ex_7_7_fix1")


def _specs(seed):
    g = rng(seed)
    a, b, c = (int(x) for x in g.integers(2, 6, size=3))
    return [
        {"dense": {"kernel": (a, b), "bias": (b,)}, "scale": ()},
        {"layers": [{"w": (b, c), "b": (c,)}, {"w": (c, 1), "b": (1,)}], "embed": (a, 3, 2)},
    ]


def _is_shape(node):
    return isinstance(node, tuple)


def _structure_cause(spec, got_def, tree: int, out=None) -> str:
    """Why the result's structure differs, said only when it is the structure one mistake makes:
    the flat list of the leaves' arrays returned without the tree around them,
    tree.map going into every tuple (each dimension a leaf), or an is_leaf that stops at
    non-empty tuples only (the scalar shape () stays an empty subtree)."""
    import jax

    shapes = [tuple(x) for x in jax.tree.leaves(spec, is_leaf=_is_shape)]
    if isinstance(out, list) and [getattr(x, "shape", None) for x in out] == shapes:
        return msg("ex_7_7_fix1.flat_list_returned", tree=tree, n=len(shapes))
    into_tuples = jax.tree.structure(spec)
    nonempty = jax.tree.structure(spec, is_leaf=lambda n: isinstance(n, tuple) and len(n) > 0)
    if str(got_def) == str(into_tuples):
        shapes = jax.tree.leaves(spec, is_leaf=_is_shape)
        got = [getattr(x, "shape", None) for x in jax.tree.leaves(out)]
        if got == [tuple(x) for x in shapes]:
            return msg("ex_7_7_fix1.structure_without_is_leaf", tree=tree)
        return msg("ex_7_7_fix1.tree_map_went_into_tuple", tree=tree)
    has_lists = any(isinstance(n, list) for n in _nodes(spec))
    if has_lists and str(got_def) == str(
        jax.tree.structure(spec, is_leaf=lambda n: isinstance(n, (tuple, list)))
    ):
        return msg("ex_7_7_fix1.lists_as_leaves", tree=tree)
    if any(isinstance(n, list) for n in _nodes(spec)) and str(got_def) == str(
        jax.tree.structure(_lists_kept(spec, as_tuples=True))
    ):
        return msg("ex_7_7_fix1.lists_became_tuples", tree=tree)
    if any(isinstance(n, list) for n in _nodes(spec)) and str(got_def) == str(
        jax.tree.structure(_lists_kept(spec))
    ):
        return msg("ex_7_7_fix1.lists_returned_unchanged", tree=tree)
    if str(got_def) == str(nonempty):
        paths = jax.tree_util.tree_leaves_with_path(spec, is_leaf=_is_shape)
        where = ", ".join(jax.tree_util.keystr(p) for p, shape in paths if shape == ())
        return msg("ex_7_7_fix1.scalar_shape_empty_subtree", tree=tree, where=where)
    return _some_lengths_cause(spec, got_def, tree) or msg("ex_7_7_fix1.wrong_structure", tree=tree)


def _some_lengths_cause(spec, got_def, tree: int) -> str:
    """An is_leaf that stops only at tuples of some lengths (len(node) == 2, say): said when the
    result has exactly the structure such an is_leaf gives for one set of the spec's lengths."""
    import itertools

    import jax

    paths = jax.tree_util.tree_leaves_with_path(spec, is_leaf=_is_shape)
    lengths = sorted({len(shape) for _, shape in paths})
    for k in range(1, len(lengths)):
        for kept in itertools.combinations(lengths, k):
            stop = lambda n, kept=kept: isinstance(n, tuple) and len(n) in kept  # noqa: E731
            if str(got_def) == str(jax.tree.structure(spec, is_leaf=stop)):
                missed = [p for p, shape in paths if len(shape) not in kept]
                return msg(
                    "ex_7_7_fix1.some_lengths_only",
                    tree=tree,
                    lengths=", ".join(map(str, kept)),
                    where=", ".join(jax.tree_util.keystr(p) for p in missed),
                )
    return ""


def _nodes(spec):
    """Every node of the spec (dicts and lists gone into, tuples not)."""
    yield spec
    if isinstance(spec, dict):
        for v in spec.values():
            yield from _nodes(v)
    elif isinstance(spec, list):
        for v in spec:
            yield from _nodes(v)


def _lists_kept(spec, as_tuples=False):
    """What a hand-written recursion that goes into dicts only gives: a tuple becomes an array
    (here 0.0), a list comes back unchanged, shape tuples inside it included; `as_tuples`: one
    that goes into lists too but rebuilds each as a tuple."""
    if isinstance(spec, dict):
        return {k: _lists_kept(v, as_tuples) for k, v in spec.items()}
    if isinstance(spec, tuple):
        return 0.0
    if isinstance(spec, list) and as_tuples:
        return tuple(_lists_kept(v, as_tuples) for v in spec)
    return spec


def _lists_taken_as_leaves(spec, exc: Exception) -> bool:
    """Whether `exc` is what an is_leaf that also stops at lists raises on `spec`: a whole list
    (of sub-trees) handed to jnp.zeros as if it were a shape. Computed, never assumed."""
    import jax
    import jax.numpy as jnp

    if not any(
        isinstance(n, list) for n in jax.tree.leaves(spec, is_leaf=lambda n: isinstance(n, list))
    ):
        return False
    try:
        jax.tree.map(jnp.zeros, spec, is_leaf=lambda n: isinstance(n, (tuple, list)))
    except Exception as mistaken:  # noqa: BLE001 (compared with the learner's, whatever it is)
        return type(mistaken) is type(exc) and str(mistaken) == str(exc)
    return False


def _list_given_as_shape(spec, exc: Exception) -> bool:
    """Whether `exc` is what jnp.zeros raises when handed one of the spec's lists (as it is, or
    made a tuple) for a shape: the list was not gone into. Computed, never assumed."""
    import jax.numpy as jnp

    for node in _nodes(spec):
        if not isinstance(node, list):
            continue
        for shape in (node, tuple(node)):
            try:
                jnp.zeros(shape, jnp.float32)
            except Exception as mistaken:  # noqa: BLE001 (compared with the learner's)
                if type(mistaken) is type(exc) and str(mistaken) == str(exc):
                    return True
    return False


def _leaf_cause(leaf, where, shape, kind) -> str:
    """Why a leaf is not a float32 zeros array: a float64 NumPy array of the right shape is what
    np.zeros makes; a vector as long as the shape tuple is what an array made from the tuple
    (zeros_like(jnp.array(shape))) gives; else only what the leaf is."""
    if isinstance(leaf, np.ndarray) and leaf.dtype == np.float64 and leaf.shape == tuple(shape):
        return msg("ex_7_7_fix1.numpy_float64_leaf", where=where, shape=shape)
    if getattr(leaf, "shape", None) == (len(shape),) != tuple(shape):
        return msg("ex_7_7_fix1.shape_tuple_as_array", where=where, shape=shape, n=len(shape))
    return msg("ex_7_7_fix1.leaf_not_zeros_array", where=where, shape=shape, kind=kind)


@checks.add("values")
def _(L):
    import jax

    for k, spec in enumerate(_specs(871)):
        try:
            out = L.zeros_from_spec(spec)
        except Exception as exc:
            if _lists_taken_as_leaves(spec, exc):
                fail(msg("ex_7_7_fix1.list_taken_as_leaf", tree=k + 1, error=type(exc).__name__))
            if _list_given_as_shape(spec, exc):
                fail(
                    msg("ex_7_7_fix1.list_given_as_shape", tree=k + 1, error=type(exc).__name__),
                    error=str(exc)[:200],
                )
            raise
        want_def = jax.tree.structure(spec, is_leaf=_is_shape)
        try:
            got_def = jax.tree.structure(out)
        except Exception:
            got_def = None
        if str(got_def) != str(want_def):  # the cause is looked for only once they differ
            assert_equal(
                str(got_def),
                str(want_def),
                what=msg("ex_7_7_fix1.result_structure", tree=k + 1),
                msg=_structure_cause(spec, got_def, k + 1, out),
            )
        for (path, shape), leaf in zip(
            jax.tree_util.tree_leaves_with_path(spec, is_leaf=_is_shape),
            jax.tree.leaves(out),
            strict=False,
        ):
            where = jax.tree_util.keystr(path)
            kind = f"{getattr(leaf, 'dtype', type(leaf).__name__)} {getattr(leaf, 'shape', '')}"
            assert_equal(
                kind,
                f"float32 {shape}",
                what=msg("ex_7_7_fix1.leaf_dtype_shape", where=where),
                msg=_leaf_cause(leaf, where, shape, kind),
            )
            assert_close(
                np.asarray(leaf),
                np.zeros(shape),
                rtol=0,
                atol=0,
                what=where,
                msg=msg("ex_7_7_fix1.leaf_not_zero", where=where),
                mistakes=[
                    Mistake("ones", np.ones(shape), msg("ex_7_7_fix1.leaf_ones", where=where))
                ],
            )
