"""Repair 6.7-fix1: vmap's default out_axes=0 broadcasts the shared parameters into a batch ->
out_axes=(0, None).

Checks: predictions are w·x + b and the returned params keep their shapes and values ("shared");
no parameter handed back is made from a batch copy of a parameter ("no_copy": the data flow of
the program, from each broadcast_in_dim of a parameter leaf to the returned leaves; a broadcast that
is discarded or feeds only the predictions is not a kept copy)."""

import _repair_ch6 as R
import numpy as np
from _vmap_calls import VmapCalls

from tutor.worker.checklib import (
    Checks,
    as_array,
    as_tuple,
    assert_close,
    assert_equal,
    fail,
    msg,
    rng,
    sub_jaxprs,
)

checks = Checks("ex_6_7_fix1")

SYMPTOMS = {  # the first key an error's text holds is said: the most specific ones first
    "word:out_axes[0], got axis spec None": msg("ex_6_7_fix1.module.word_out_axes"),
    "word:out_axes specification must be a tree prefix": msg(
        "ex_6_7_fix1.module.out_axes_structure"
    ),
    "word:out_axes": msg("ex_6_7_fix1.module.out_axes_other"),
    "word:map its argument": msg("ex_6_7_fix1.module.word_map_its_argumen"),
}


def _data(seed, n):
    import jax.numpy as jnp

    g = rng(seed)
    w, b = g.uniform(-2.0, 2.0, size=2).astype(np.float32)
    xs = g.uniform(-3.0, 3.0, size=n).astype(np.float32)
    return {"w": jnp.float32(w), "b": jnp.float32(b)}, jnp.asarray(xs), (float(w), float(b), xs)


@checks.add("shared")
def _(L):
    params, xs, (w, b, raw) = _data(671, 7)
    with VmapCalls() as vmaps:
        out = R.call(L.predict_batch, params, xs, what="predict_batch", symptoms=SYMPTOMS)
    preds, back = as_tuple(out, 2, msg("ex_6_7_fix1.shared.as_tuple"))
    if isinstance(preds, dict) and set(preds) == {"w", "b"} and np.shape(back) == (7,):
        fail(msg("ex_6_7_fix1.shared.pair_swapped"))
    want = w * raw.astype(np.float64) + b
    _reduced(preds, want)
    assert_close(
        as_array(preds, "preds", shape=(7,)),
        want,
        rtol=1e-5,
        atol=1e-5,
        what="preds",
        msg=msg("ex_6_7_fix1.shared.msg"),
    )
    if not isinstance(back, dict) or set(back) != {"w", "b"}:
        fail(msg("ex_6_7_fix1.shared.fail"), actual=repr(back)[:200])
    shapes = {k: tuple(getattr(v, "shape", ())) for k, v in back.items()}
    if any(shapes.values()):
        assert_equal(
            shapes,
            {"w": (), "b": ()},
            _why_shapes(vmaps.calls, shapes),
            what=msg("ex_6_7_fix1.shared.what_2"),
        )
    assert_close(
        back,
        {"w": w, "b": b},
        rtol=1e-6,
        atol=1e-6,
        what=msg("ex_6_7_fix1.shared.what"),
        msg=msg("ex_6_7_fix1.shared.params_changed"),
    )


def _first(axes):
    """The axis a vmap's in_axes or out_axes gives its first argument or output."""
    return axes[0] if isinstance(axes, (tuple, list)) and axes else axes


def _params_first(call) -> bool:
    """Whether the first argument of a recorded vmap call is a dict (the parameters)."""
    return bool(call.args) and isinstance(call.args[0], dict)


def _reduced(preds, want) -> None:
    """A single number where one prediction per example is due: fails naming the reduction when
    it is exactly the sum or the mean of the right predictions."""
    if np.shape(preds) != () or isinstance(preds, dict):
        return
    try:
        got = float(preds)
    except (TypeError, ValueError):
        return
    n = len(want)
    for words, value in (
        (lambda: msg("ex_6_7_fix1.shared.reduced_sum", n=n), want.sum()),
        (lambda: msg("ex_6_7_fix1.shared.reduced_mean", n=n), want.mean()),
    ):
        if abs(got - value) <= 1e-5 + 1e-5 * abs(value):
            fail(words(), actual=got)


def _why_shapes(calls, shapes) -> str:
    """Why the parameters came back with the shapes `shapes`, from what the recorded vmap calls
    were asked for and returned; a cause is named only when a call shows it."""
    called = [c for c in calls if c.called]
    for c in called:
        out = c.output
        if (
            isinstance(out, (tuple, list))
            and len(out) == 2
            and isinstance(out[1], dict)
            and all(np.shape(v) == () for v in out[1].values())
        ):
            return msg("ex_6_7_fix1.shared.reshaped_after_vmap", shapes=shapes)
    if any(_first(c.in_axes) == 0 and _params_first(c) for c in called):
        return msg("ex_6_7_fix1.shared.params_mapped", shapes=shapes)
    if any(_first(c.in_axes) is None and c.out_axes == 0 for c in called):
        return msg("ex_6_7_fix1.shared.assert_equal", shapes=shapes)
    if any(c.out_axes == 0 and not any(isinstance(a, dict) for a in c.args) for c in called):
        # no dict among the mapped function's arguments: it reads the parameters from outside
        return msg("ex_6_7_fix1.shared.params_closed_over", shapes=shapes)
    return msg("ex_6_7_fix1.shared.shapes_differ", shapes=shapes)


def _union(items):
    deps, tags = frozenset(), {}
    for d, t in items:
        deps |= d
        for leaf, path in t.items():
            tags.setdefault(leaf, path)
    return deps, tags


def _grows(eqn) -> bool:
    """A broadcast that makes more elements than it reads: a copy, not a reshape."""
    return eqn.outvars[0].aval.size > eqn.invars[0].aval.size


def _walk(jaxpr, ins):
    """Data flow through one program. `ins` gives, for each input, (the parameter leaves it
    depends on, {leaf: path} for the batch copies of a parameter leaf it is made from; a path is
    the broadcast's shapes and the primitives applied since). Returns the same for the outputs."""
    from jax.extend import core as jcore

    env = dict(zip(jaxpr.invars, ins, strict=True))
    none = (frozenset(), {})

    def get(v):
        return none if isinstance(v, jcore.Literal) else env.get(v, none)

    for eqn in jaxpr.eqns:
        deps, tags = _union(get(v) for v in eqn.invars)
        subs = [sub for value in eqn.params.values() for sub in sub_jaxprs(value)]
        name = eqn.primitive.name
        if len(subs) == 1 and len(subs[0].invars) == len(eqn.invars):  # jit, remat, custom_jvp …
            outs = _walk(subs[0], [get(v) for v in eqn.invars])
        elif name == "cond":  # branches read the operands after the index
            per_branch = [_walk(sub, [get(v) for v in eqn.invars[1:]]) for sub in subs]
            outs = [_union(both) for both in zip(*per_branch, strict=True)]
        else:
            for sub in subs:  # scan, while: every output may come from every input
                deps, tags = _union([(deps, tags), *_walk(sub, [(deps, tags)] * len(sub.invars))])
            if name == "broadcast_in_dim" and deps and _grows(eqn):
                src, dst = eqn.invars[0].aval.shape, eqn.outvars[0].aval.shape
                tags = {**{leaf: (src, dst, ()) for leaf in sorted(deps)}, **tags}
            else:
                tags = {leaf: (a, b, ops + (name,)) for leaf, (a, b, ops) in tags.items()}
            outs = [(deps, tags)] * len(eqn.outvars)
        for v, out in zip(eqn.outvars, outs, strict=True):
            env[v] = out
    return [get(v) for v in jaxpr.outvars]


def kept_copies(fn, params, xs) -> list[str]:
    """For every leaf of the parameters fn hands back that is made from a batch copy of a
    parameter (a broadcast_in_dim of it, then slicing, averaging …): the path, as symbols. A
    broadcast whose result is discarded, or used only for the predictions, is not listed."""
    import jax

    closed, shapes = jax.make_jaxpr(fn, return_shape=True)(params, xs)
    leaves = jax.tree_util.tree_flatten_with_path((params, xs))[0]
    ins = [
        (frozenset([jax.tree_util.keystr(path[1:])]) if path[0].idx == 0 else frozenset(), {})
        for path, _ in leaves
    ]
    outs = _walk(closed.jaxpr, ins)
    found = []
    for (path, _), (_, tags) in zip(
        jax.tree_util.tree_flatten_with_path(shapes)[0], outs, strict=True
    ):
        if path[0].idx != 1:
            continue
        for leaf, (src, dst, ops) in tags.items():
            steps = " → ".join([f"broadcast_in_dim {dst}", *ops[:6]])
            found.append(f"params{leaf} {src} → {steps} → {jax.tree_util.keystr(path[1:])}")
    return found


@checks.add("no_copy", needs="shared")
def _(L):
    params, xs, _ = _data(672, 5)
    with VmapCalls() as vmaps:
        kept = kept_copies(L.predict_batch, params, xs)
    if kept and any(_first(c.in_axes) == 0 and _params_first(c) for c in vmaps.calls if c.called):
        # the copies were made before vmap and handed to it mapped along axis 0
        fail(msg("ex_6_7_fix1.no_copy.copies_mapped", paths="; ".join(kept)), data_flow=kept)
    if kept:
        fail(msg("ex_6_7_fix1.no_copy.fail", paths="; ".join(kept)), data_flow=kept)
