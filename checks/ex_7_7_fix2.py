"""Repair 7.7-fix2: an unregistered dataclass entering jit raises TypeError ->
register_dataclass.

Checks: apply(Linear(w, b), x) on fresh data, a TypeError about the argument's type, and an
unflatten that swaps weight and bias (a flatten/unflatten round trip), named ("jit"); Linear
flattens to its two arrays and jax.grad through it gives a Linear of gradients ("pytree"); three
weight values compile apply once ("compiles"; skipped when Linear is registered but does not
flatten to its two arrays: an array in the static part makes jit raise while comparing cache
keys, which "pytree" names)."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    assert_close,
    compare,
    fail,
    later,
    msg,
    rng,
    skip,
)

checks = Checks("ex_7_7_fix2")
SYMPTOMS = {
    "word:abstract array": later("ex_7_7_fix2.not_a_pytree"),
    "word:not a valid JAX type": later("ex_7_7_fix2.not_a_pytree_type"),
}


def _data(seed, n=4):
    g = rng(seed)
    return R.floats(g, 3, 2), R.floats(g, 2), R.floats(g, n, 3)


def _want(w, b, x):
    return np.asarray(x, np.float64) @ np.asarray(w, np.float64) + np.asarray(b, np.float64)


def _shallow(aux):
    """The values a node's auxiliary data holds: itself, or the items of a tuple, list or dict."""
    if isinstance(aux, dict):
        return list(aux.values())
    return list(aux) if isinstance(aux, (tuple, list)) else [aux]


def _registered_cause(layer, leaves) -> str:
    """Linear is registered (it is not its own leaf) but does not flatten to its two arrays: name
    the fields that sit in the node's static metadata, when that is where they are."""
    import jax

    node_aux = jax.tree.structure(layer).node_data()[1]
    if not leaves and node_aux is layer:
        return msg("ex_7_7_fix2.whole_layer_static")
    missing = [f for f in ("weight", "bias") if not any(x is getattr(layer, f) for x in leaves)]
    aux = _shallow(node_aux)
    static = [f for f in missing if any(v is getattr(layer, f) for v in aux)]
    if static and static == missing:
        return msg("ex_7_7_fix2.static_fields", count=len(leaves), fields=", ".join(static))
    return msg("ex_7_7_fix2.leaves_not_two", count=len(leaves))


def _unflatten_swaps(layer) -> None:
    """Fails naming it when flattening the layer and unflattening its leaves (the round trip every
    transformation makes) gives a Linear whose weight is the original bias and whose bias is the
    original weight, raises in the registered unflatten, or rebuilds other fields."""
    import jax

    try:
        leaves, treedef = jax.tree.flatten(layer)
    except Exception:  # the probe is ours: any failure only means it is not shown
        return
    if len(leaves) != 2 or any(leaf is layer for leaf in leaves):
        return  # not a two-leaf node: the pytree check names what it is
    try:
        back = jax.tree.unflatten(treedef, leaves)
    except Exception as e:
        fail(msg("ex_7_7_fix2.unflatten_raises", error=R.first_line(e)))
    fields = (getattr(back, "weight", None), getattr(back, "bias", None))
    if fields[0] is layer.bias and fields[1] is layer.weight:
        if leaves[0] is layer.bias:  # flatten gives (bias, weight); unflatten reads (weight, bias)
            fail(msg("ex_7_7_fix2.flatten_bias_first"))
        fail(msg("ex_7_7_fix2.unflatten_swapped"))
    if not (_same(fields[0], layer.weight) and _same(fields[1], layer.bias)):
        fail(
            msg(
                "ex_7_7_fix2.unflatten_rebuilds_other",
                weight=type(fields[0]).__name__,
                bias=type(fields[1]).__name__,
            )
        )


def _same(got, want) -> bool:
    """Whether a rebuilt field holds the original array's values (a copy counts)."""
    try:
        return compare(np.asarray(got), np.asarray(want), rtol=0, atol=0) is None
    except Exception:  # a field that is no array at all
        return False


@checks.add("jit")
def _(L):
    w, b, x = _data(871)
    _unflatten_swaps(L.Linear(w, b))
    out = R.call(L.apply, L.Linear(w, b), x, what="apply", symptoms=SYMPTOMS)
    assert_close(
        R.as_array(out, "apply(layer, x)", shape=(4, 2)),
        _want(w, b, x),
        rtol=1e-5,
        atol=1e-6,
        what="apply(layer, x)",
        msg=msg("ex_7_7_fix2.apply_differs"),
    )


def _layer_static(L, layer, x) -> str:
    """A sentence more when apply's lowering has no argument info for the layer: jit was told to
    take it as a static argument, which registering Linear alone does not undo."""
    try:
        (positional, _) = L.apply.lower(layer, x).args_info
    except Exception:  # the probe is ours: a failure of it names nothing
        return ""
    return msg("ex_7_7_fix2.layer_also_static") if len(positional) == 1 else ""


@checks.add("pytree", needs="jit")
def _(L):
    import jax

    w, b, x = _data(872)
    layer = L.Linear(w, b)
    leaves = jax.tree.leaves(layer)
    if len(leaves) != 2 or any(leaf is layer for leaf in leaves):
        fail(
            msg("ex_7_7_fix2.opaque_leaf_itself", count=len(leaves)) + _layer_static(L, layer, x)
            if any(leaf is layer for leaf in leaves)
            else _registered_cause(layer, leaves),
            leaves=[type(leaf).__name__ for leaf in leaves],
        )

    loss = lambda lay: (L.apply(lay, x) ** 2).sum()  # noqa: E731 (named <lambda> in compile logs)
    grads = R.call(jax.grad(loss), layer, what=msg("ex_7_7_fix2.grad_of_layer"), symptoms=SYMPTOMS)
    if not isinstance(grads, L.Linear):
        fail(
            msg("ex_7_7_fix2.grad_not_linear", name=type(grads).__name__),
            actual=repr(grads)[:200],
        )
    r = 2 * _want(w, b, x)
    assert_close(
        [grads.weight, grads.bias],
        [np.asarray(x, np.float64).T @ r, r.sum(0)],
        rtol=1e-4,
        atol=1e-5,
        what=msg("ex_7_7_fix2.grad_leaves"),
        msg=msg("ex_7_7_fix2.grad_differs"),
    )


@checks.add("compiles", needs="jit")
def _(L):
    import jax

    probe = L.Linear(*_data(873)[:2])
    leaves = jax.tree.leaves(probe)
    if len(leaves) != 2 and not any(leaf is probe for leaf in leaves):
        skip(msg("ex_7_7_fix2.arrays_static_no_count"), covered_by="pytree")
    layers, xs = [], []
    for seed in (873, 874, 875):
        w, b, x = _data(seed, n=5)
        layers.append(L.Linear(w, b))
        xs.append(x)
    with CompileLog() as log:
        for layer, x in zip(layers, xs, strict=False):
            L.apply(layer, x)
    R.assert_once(
        log,
        name=None,
        calls=3,
        what=" apply ",
        repeat=msg("ex_7_7_fix2.new_jit_each_call"),
        again=lambda: L.apply(layers[0], xs[0]),
        otherwise=msg("ex_7_7_fix2.layer_object_in_cache_key")
        if _new_object_compiles(L, layers[0], xs[0])
        else msg("ex_7_7_fix2.weights_in_cache_key"),
    )


def _new_object_compiles(L, layer, x) -> bool:
    """A new Linear holding the very same arrays compiles again: the layer object itself (static,
    hashed by identity) is the cache key, not its weights' values."""
    twin = L.Linear(layer.weight, layer.bias)
    try:
        with CompileLog() as log:
            L.apply(twin, x)
    except Exception:  # noqa: BLE001 - a twin apply refuses: nothing computed
        return False
    return log.total > 0
