"""Exercise 0.3, value_and_grad with has_aux: loss_and_pred(params, x, y) -> (mean squared error,
predictions) and sgd_step(params, x, y, lr) -> (new params, loss, predictions) for a linear model
params = {"w": (d,), "b": ()}.

Checks: loss and predictions on fresh data against NumPy float64, naming a per-example loss vector
only when the loss has one entry per example and a (predictions, loss) pair only when the two values
equal them, and a sum, a half, a squared mean, a mean absolute error or a missing bias only when the
loss equals it ("loss"); the step against the hand-derived gradient, naming a missing has_aux only
when grad raised that TypeError and a loss with one entry per example only when grad's TypeError
reports shape (n,) (a swapped pair when loss_and_pred returns one; another non-scalar shape is named
as it is), the sign, a b left unchanged, a missing learning rate and the loss at the new parameters
only when the values match them ("step"); the caller's dict keeps its arrays ("input_unchanged");
one call of loss_and_pred per step, counted by a profile hook on its code object, so a module-level
value_and_grad counts too ("one_pass"); the same under jax.jit, naming float() of a tracer only when
jit raised ConcretizationTypeError ("jit")."""

import re
import sys

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_callable,
    as_tuple,
    assert_close,
    compare,
    fail,
    msg,
    rng,
    skip,
)

checks = Checks("ex_0_3")
LR = 0.05
# grad's TypeError for a non-scalar output names the output's shape
_NONSCALAR = re.compile(r"Output had shape: (\([0-9, ]*\))")


def _problem(seed, n=6, d=3):
    g = rng(seed)
    w = g.normal(size=d).astype(np.float32)
    b = np.float32(g.normal())
    x = g.normal(size=(n, d)).astype(np.float32)
    y = g.normal(size=n).astype(np.float32)
    return w, b, x, y


def _jnp_params(w, b):
    import jax.numpy as jnp

    return {"w": jnp.asarray(w), "b": jnp.asarray(b)}


def _reference(w, b, x, y, lr=LR):
    w64, b64, x64, y64 = (np.asarray(a, np.float64) for a in (w, b, x, y))
    pred = x64 @ w64 + b64
    r = pred - y64
    loss = float(np.mean(r**2))
    gw, gb = 2.0 * x64.T @ r / len(y64), 2.0 * float(np.mean(r))
    return (
        pred,
        loss,
        {"w": w64 - lr * gw, "b": b64 - lr * gb},
        {"w": w64 + lr * gw, "b": b64 + lr * gb},
    )


def _pair_swapped(L, params, x, y) -> bool:
    """loss_and_pred itself returns (predictions, loss): probed again on the same inputs."""
    import jax.numpy as jnp

    try:
        first, second = L.loss_and_pred(params, jnp.asarray(x), jnp.asarray(y))
    except Exception:  # no pair to look at: the vector is told as it is
        return False
    w, b = (np.asarray(params[k], np.float64) for k in ("w", "b"))
    ref_pred, ref_loss, _, _ = _reference(w, b, x, y)
    return _order_swapped(first, second, ref_loss, ref_pred)


def _step(fn, params, x, y, what, L=None, under_jit=False):
    import jax.numpy as jnp

    # without jit a tracer exists only inside value_and_grad (or a jit of the learner's own)
    concrete = msg("ex_0_3.float_of_tracer") if under_jit else msg("ex_0_3.float_of_grad_tracer")
    said = {
        "word:Output was (": msg("ex_0_3.forgot_has_aux"),
        "TracerBoolConversionError": msg("ex_0_3.if_on_tracer"),
        "ConcretizationTypeError": concrete,
    }
    try:
        out = R.call(fn, params, jnp.asarray(x), jnp.asarray(y), LR, what=what, symptoms=said)
    except TypeError as e:
        found = _NONSCALAR.search(str(e))
        if found is None:
            raise
        # the shape grad reports: one entry per example only when it is (n,)
        if found.group(1).replace(" ", "") == f"({len(y)},)":
            why = msg("ex_0_3.vector_output")
            if L is not None and _pair_swapped(L, params, x, y):
                why = msg("ex_0_3.pair_swapped")
        else:
            why = msg("ex_0_3.nonscalar_output", shape=found.group(1))
        said_why = msg("_repair_ch6.raised", what=what, error="TypeError", why=why)
        fail(said_why, error=R.first_line(e))
    return as_tuple(out, 3, what)


def _update_mistakes(w, b, ref_new, ref_plus):
    old = {"w": np.asarray(w, np.float64), "b": np.float64(b)}
    grad = {k: (ref_plus[k] - ref_new[k]) / (2 * LR) for k in old}
    no_lr = {k: old[k] - grad[k] for k in old}
    return [
        Mistake("plus", ref_plus, msg("ex_0_3.added_gradient")),
        Mistake("lr_squared", {k: old[k] - LR * LR * grad[k] for k in old}, msg("ex_0_3.lr_twice")),
        Mistake("swapped", {k: grad[k] - LR * old[k] for k in old}, msg("ex_0_3.map_swapped")),
        Mistake("update_only", {k: LR * grad[k] for k in old}, msg("ex_0_3.step_only")),
        Mistake("b_kept", {"w": ref_new["w"], "b": old["b"]}, msg("ex_0_3.b_not_updated")),
        Mistake("no_lr", no_lr, msg("ex_0_3.no_lr")),
    ]


def _loss_mistakes(w, b, x, y, ref_loss):
    x64, y64 = np.asarray(x, np.float64), np.asarray(y, np.float64)
    r = x64 @ np.asarray(w, np.float64) + np.float64(b) - y64
    no_bias = float(np.mean((x64 @ np.asarray(w, np.float64) - y64) ** 2))
    return [
        Mistake("sum", ref_loss * len(y), msg("ex_0_3.loss_is_sum", n=len(y))),
        Mistake("half", ref_loss / 2, msg("ex_0_3.loss_halved")),
        Mistake("mean_squared", float(np.mean(r)) ** 2, msg("ex_0_3.square_of_mean")),
        Mistake("abs", float(np.mean(np.abs(r))), msg("ex_0_3.mean_abs")),
        Mistake("no_bias", no_bias, msg("ex_0_3.no_bias")),
    ]


def _order_swapped(loss, pred, ref_loss, ref_pred) -> bool:
    """The loss and predictions came back in each other's places (new_params, pred, loss)."""
    if np.shape(loss) != ref_pred.shape or np.ndim(pred) != 0:
        return False
    loss64, pred64 = np.asarray(loss, np.float64), np.asarray(pred, np.float64)
    same_loss = compare(loss64, ref_pred, rtol=1e-5, atol=1e-5) is None
    return same_loss and compare(pred64, ref_loss, rtol=1e-5, atol=1e-6) is None


def _follows_own_loss(L, out, w, b, x, y) -> bool:
    """sgd_step is right for the learner's own loss_and_pred, whose loss is not the task's: its new
    params are params − lr·∇(that loss), and it returns that loss and those predictions."""
    import jax
    import jax.numpy as jnp

    params, xj, yj = _jnp_params(w, b), jnp.asarray(x), jnp.asarray(y)
    try:
        own_loss, own_pred = L.loss_and_pred(params, xj, yj)
        grads = jax.grad(lambda p: L.loss_and_pred(p, xj, yj)[0])(params)
        want = {k: np.asarray(params[k], np.float64) - LR * np.asarray(grads[k]) for k in params}
        new_params, loss, pred = out
        return (
            compare(float(own_loss), _reference(w, b, x, y)[1], rtol=1e-5, atol=1e-6) is not None
            and compare(new_params, want, rtol=1e-5, atol=1e-6) is None
            and compare(loss, own_loss, rtol=1e-5, atol=1e-6) is None
            and compare(pred, own_pred, rtol=1e-5, atol=1e-5) is None
        )
    except Exception:  # noqa: BLE001 - a loss_and_pred that cannot be differentiated: no such finding
        return False


def _compare_step(out, w, b, x, y, what, L=None):
    new_params, loss, pred = out
    if L is not None and _follows_own_loss(L, out, w, b, x, y):
        skip(msg("ex_0_3.step_follows_own_loss"), covered_by="loss")
    ref_pred, ref_loss, ref_new, ref_plus = _reference(w, b, x, y)
    after_pred, after_loss, _, _ = _reference(ref_new["w"], ref_new["b"], x, y)
    assert_close(
        new_params,
        ref_new,
        rtol=1e-5,
        atol=1e-6,
        what=msg("ex_0_3.new_params_of", what=what),
        msg=msg("ex_0_3.new_params_differ"),
        mistakes=_update_mistakes(w, b, ref_new, ref_plus),
    )
    if _order_swapped(loss, pred, ref_loss, ref_pred):
        fail(msg("ex_0_3.loss_pred_swapped"))
    got_loss = float(as_array(loss, msg("ex_0_3.loss_of", what=what), ndim=0))
    assert_close(
        got_loss,
        ref_loss,
        rtol=1e-5,
        atol=1e-6,
        what=msg("ex_0_3.loss_of", what=what),
        msg=msg("ex_0_3.loss_differs"),
        mistakes=[Mistake("after", after_loss, msg("ex_0_3.at_new_params"))],
    )
    assert_close(
        as_array(pred, msg("ex_0_3.pred_of", what=what), shape=ref_pred.shape),
        ref_pred,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_0_3.pred_of", what=what),
        msg=msg("ex_0_3.pred_differs"),
        mistakes=[Mistake("after", after_pred, msg("ex_0_3.at_new_params"))],
    )


@checks.add("loss")
def _(L):
    import jax.numpy as jnp

    w, b, x, y = _problem(41)
    what = "loss_and_pred(params, x, y)"
    loss, pred = as_tuple(
        L.loss_and_pred(_jnp_params(w, b), jnp.asarray(x), jnp.asarray(y)), 2, what
    )
    ref_pred, ref_loss, _, _ = _reference(w, b, x, y)
    if _order_swapped(loss, pred, ref_loss, ref_pred):
        fail(msg("ex_0_3.pair_swapped"))
    if np.shape(loss) == (len(y),):
        fail(msg("ex_0_3.loss_is_vector", n=len(y)), shape=list(np.shape(loss)))
    assert_close(
        float(as_array(loss, msg("ex_0_3.loss_of", what=what), ndim=0)),
        ref_loss,
        rtol=1e-5,
        atol=1e-6,
        what=msg("ex_0_3.loss_of", what=what),
        msg=msg("ex_0_3.loss_differs"),
        mistakes=_loss_mistakes(w, b, x, y, ref_loss),
    )
    assert_close(
        as_array(pred, msg("ex_0_3.pred_of", what=what), shape=ref_pred.shape),
        ref_pred,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_0_3.pred_of", what=what),
        msg=msg("ex_0_3.pred_differs"),
        mistakes=[Mistake("no_bias", np.float64(x) @ np.float64(w), msg("ex_0_3.no_bias"))],
    )


@checks.add("step")
def _(L):
    for seed in (42, 43):
        w, b, x, y = _problem(seed, n=5 + seed % 3)
        what = "sgd_step(params, x, y, 0.05)"
        out = _step(L.sgd_step, _jnp_params(w, b), x, y, what, L)
        _compare_step(out, w, b, x, y, what, L)


@checks.add("input_unchanged", needs="step")
def _(L):
    import jax.numpy as jnp

    w, b, x, y = _problem(44)
    params = _jnp_params(w, b)
    before = dict(params)
    L.sgd_step(params, jnp.asarray(x), jnp.asarray(y), LR)
    replaced = sorted(k for k in before if params.get(k) is not before[k])
    added = sorted(k for k in params if k not in before)
    if replaced or added:
        fail(msg("ex_0_3.params_changed", keys=", ".join(replaced + added)))


@checks.add("one_pass", needs="step")
def _(L):
    import jax.numpy as jnp

    fn = as_callable(L.loss_and_pred, "loss_and_pred")
    code = getattr(fn, "__code__", None)
    if code is None:
        return  # not a plain Python function (e.g. already jitted): calls cannot be counted
    # a shape no other check uses: a sgd_step jitted at module level traces again (and calls
    # loss_and_pred) instead of running the program it compiled for an earlier check
    w, b, x, y = _problem(45, n=9, d=4)
    calls = [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is code:
            calls[0] += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        L.sgd_step(_jnp_params(w, b), jnp.asarray(x), jnp.asarray(y), LR)
    finally:
        sys.setprofile(previous)
    if calls[0] == 0:
        fail(msg("ex_0_3.never_called"))
    if calls[0] > 1:
        fail(msg("ex_0_3.called_more", n=calls[0]), calls=calls[0])


@checks.add("jit")
def _(L):
    import jax

    w, b, x, y = _problem(46)
    if _raises_without_jit(L, w, b, x, y):  # its cause is said under the step check
        skip(msg("ex_0_3.raises_without_jit"), covered_by="step")
    what = "jax.jit(sgd_step)(params, x, y, 0.05)"
    out = _step(jax.jit(L.sgd_step), _jnp_params(w, b), x, y, what, L, under_jit=True)
    _compare_step(out, w, b, x, y, what, L)


def _raises_without_jit(L, w, b, x, y) -> bool:
    import jax.numpy as jnp

    try:
        L.sgd_step(_jnp_params(w, b), jnp.asarray(x), jnp.asarray(y), LR)
    except Exception:  # noqa: BLE001 - any error of the learner's: the step check names it
        return True
    return False
