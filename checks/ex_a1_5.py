"""Exercise a1.5 (worked practice A), an LSTM with a variable-length mask: scan + vmap + grad +
checkpoint.

Interface:
  lstm_cell(params, carry, x_t) -> (h_new, c_new)
  lstm_masked(params, xs, mask, use_ckpt=False) -> (h_final, hs)
params = {"W": (4H, D), "U": (4H, H), "b": (4H,)}, the four gates stacked in row blocks i, f, o,
g; xs (T, D) and mask (T,) bool are one sequence; a step whose mask is False keeps (h, c) and
outputs 0.

Where the assertions of the chapter's worked practice A (D = 3, H = 6, T = 7, lengths
[7, 4, 1, 5], padding filled with 0, jit(vmap(lstm_masked, in_axes=(None, 0, 0)))) are checked:
  1. every sequence's final h agrees with a NumPy float64 loop run only over its real length,
     atol 1e-5                                                          → check "final_state"
  2. the outputs hs at padding steps are all 0 (np.allclose's default tolerances)
                                                                        → check "padding_zero"
  3. the gradient of the loss mean(h_final²) with respect to the parameters: use_ckpt=False and
     True agree, atol 1e-6                                              → check "ckpt_grad"
  4. the gradient with respect to the inputs xs is exactly 0 at padding positions
     (np.allclose(…, 0))                                                → check "input_grad_padding"
Added:
  - one lstm_cell step agrees with NumPy (gate order i, f, o, g)         → check "cell"
  - hs at valid steps agree with NumPy's h step by step                  → check "padding_zero"
  - large random numbers at padding positions leave the result unchanged (the state is really
    frozen, not saved by inputs that happen to be 0)                    → check "padding_content"
  - a mask with False in the middle of a sequence: both h and c are frozen (freezing only h and
    letting c run on changes later h)                                   → check "mask_holes"
  - lstm_masked's program holds a scan                                  → check "uses_scan"
  - with use_ckpt=True the remat (jax.checkpoint) sits inside the scan's body (each step keeps
    only its carry), not around the whole scan; with use_ckpt=False there is no remat
                                                                        → check "ckpt_used"
    (these two program-reading checks are in _lstm_program.py)
  - the parameter gradients agree with float64 central differences      → check "grad_fd"
"""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _lstm_inputs as IN  # the checks' inputs and runs of the learner's function
import _lstm_program as LP  # how lstm_masked's program is built
import _program_rules as PR
import numpy as np
from _lstm_ref import cell_ref, masked_ref, run_ref, run_states

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    f64,
    fail,
    msg,
    rng,
    skip,
)

checks = Checks("ex_a1_5")

D, H, T = IN.D, IN.H, IN.T
LENGTHS = IN.LENGTHS
HOLES = np.array(
    [[1, 1, 0, 0, 1, 1, 0], [1, 0, 1, 0, 1, 0, 1], [1, 1, 1, 0, 0, 0, 1], [0, 1, 1, 1, 0, 1, 1]],
    bool,
)


@checks.add("cell")
def _(L):
    import jax.numpy as jnp

    P = IN.params(1501)
    g = rng(1502)
    h0, c0, x = g.normal(size=H), g.normal(size=H), g.normal(size=D)
    out = L.lstm_cell(
        IN.jnp_params(P),
        (jnp.asarray(h0, jnp.float32), jnp.asarray(c0, jnp.float32)),
        jnp.asarray(x, jnp.float32),
    )
    got_h, got_c = A1.array_pair(out, msg("ex_a1_5.cell_result"), ("h_new", "c_new"), ((H,), (H,)))
    got = {"h": got_h, "c": got_c}
    P64 = IN.p64(P)
    want_h, want_c = cell_ref(P64, h0, c0, x)
    mistakes = []
    for order in ("ifgo", "figo", "iofg", "fiog", "gifo", "oifg", "ifog"[::-1]):
        alt_h, alt_c = cell_ref(P64, h0, c0, x, order=order)
        mistakes.append(
            Mistake(
                "gate_order",
                {"h": alt_h, "c": alt_c},
                msg("ex_a1_5.gate_order", order=msg("ex_a1_5.list_sep").join(order)),
            )
        )
    for gate, words in (
        ("i", msg("ex_a1_5.missing_gate_i")),
        ("f", msg("ex_a1_5.missing_gate_f")),
        ("o", msg("ex_a1_5.missing_gate_o")),
    ):
        alt_h, alt_c = cell_ref(P64, h0, c0, x, ungated=gate)
        mistakes.append(Mistake("ungated", {"h": alt_h, "c": alt_c}, words))
    for slip, words in (
        ("no_bias", msg("ex_a1_5.slip_no_bias")),
        ("no_tanh_c", msg("ex_a1_5.slip_no_tanh_c")),
        ("sigmoid_g", msg("ex_a1_5.slip_sigmoid_g")),
        ("tanh_old_c", msg("ex_a1_5.slip_tanh_old_c")),
        ("forget_added", msg("ex_a1_5.slip_forget_added")),
    ):
        alt_h, alt_c = cell_ref(P64, h0, c0, x, slip=slip)
        mistakes.append(Mistake(slip, {"h": alt_h, "c": alt_c}, words))
    mistakes.append(
        Mistake(
            "swapped",
            {"h": want_c, "c": want_h},
            msg("ex_a1_5.cell_pair_swapped"),
        )
    )
    assert_close(
        got,
        {"h": want_h, "c": want_c},
        rtol=0,
        atol=1e-5,
        what="(h_new, c_new)",
        mistakes=mistakes,
        msg=msg("ex_a1_5.cell_differs"),
    )


@checks.add("returns")
def _(L):
    import jax.numpy as jnp

    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    out = A1.abstract(
        L.lstm_masked,
        IN.jnp_params(P),
        jnp.asarray(xs[1]),
        jnp.asarray(mask[1]),
        what="lstm_masked",
    )
    A1.array_pair(out, msg("ex_a1_5.masked_result"), ("h_final", "hs"), ((H,), (T, H)))


@checks.add(
    "final_state",
    needs=("returns", "cell"),  # a wrong cell explains every later difference: said once, there
)
def _(L):
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    h, hs = IN.run_batch(L, P, xs, mask)
    P64 = IN.p64(P)
    zeroed = msg("ex_a1_5.only_output_zeroed") if _all_zero(hs[~mask]) else ""
    for i, n in enumerate(LENGTHS):
        want = run_ref(P64, f64(xs[i, :n]))[-1]
        leak = Mistake(
            "state_leaks",
            run_ref(P64, f64(xs[i]))[-1],
            msg("ex_a1_5.padding_run_as_input", i=i) + zeroed,
        )
        assert_close(
            h[i],
            want,
            rtol=0,
            atol=1e-5,
            what=msg("ex_a1_5.final_h_of", i=i, n=n),
            mistakes=[leak, Mistake("zeroed", np.zeros(H), msg("ex_a1_5.final_h_zeroed", i=i))]
            if n < T
            else [],
            msg=msg("ex_a1_5.final_h_differs", i=i),
        )


def _all_zero(values) -> bool:
    """Every value within np.allclose's default atol (1e-8) of 0."""
    return compare(values, np.zeros_like(values), rtol=0, atol=1e-8) is None


@checks.add("padding_zero", needs=("returns", "cell"))
def _(L):
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    _, hs = IN.run_batch(L, P, xs, mask)
    P64 = IN.p64(P)
    pad = hs[~mask]
    if not _all_zero(pad):
        last_h = np.concatenate(
            [
                np.repeat(run_ref(P64, f64(xs[i, :n]))[-1:], T - n, axis=0)
                for i, n in enumerate(LENGTHS)
            ]
        )
        repeats = compare(pad, last_h, rtol=1e-5, atol=1e-5) is None
        fail(
            msg("ex_a1_5.padding_step_output")
            + (msg("ex_a1_5.last_h_repeated") if repeats else ""),
            max_abs_on_padding=float(np.abs(pad).max()),
        )
    for i, n in enumerate(LENGTHS):
        want_hs, want_cs = run_states(P64, f64(xs[i, :n]))
        assert_close(
            hs[i, :n],
            want_hs,
            rtol=0,
            atol=1e-5,
            what=msg("ex_a1_5.valid_hs", i=i),
            mistakes=[
                Mistake("outputs_c", want_cs, msg("ex_a1_5.outputs_c", i=i)),
                Mistake(
                    "outputs_previous_h",
                    np.concatenate([np.zeros((1, H)), want_hs[:-1]]),
                    msg("ex_a1_5.outputs_previous_h", i=i),
                ),
            ],
            msg=msg("ex_a1_5.valid_hs_differ", i=i),
        )


def _outputs_wrong(L) -> bool:
    """Whether check padding_zero fails on its own data: padding outputs not 0, or the outputs at
    valid steps not that step's h (so that check names what is wrong with the outputs)."""
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    _, hs = IN.run_batch(L, P, xs, mask)
    if not _all_zero(hs[~mask]):
        return True
    P64 = IN.p64(P)
    return any(
        compare(hs[i, :n], run_states(P64, f64(xs[i, :n]))[0], rtol=0, atol=1e-5) is not None
        for i, n in enumerate(LENGTHS)
    )


@checks.add("padding_content", needs="returns")
def _(L):
    P = IN.params(1505)
    xs0, mask = IN.batch(1506, fill=0.0)
    xs9, _ = IN.batch(1506, fill=25.0)
    h0, hs0 = IN.run_batch(L, P, xs0, mask)
    h9, hs9 = IN.run_batch(L, P, xs9, mask)
    assert_close(
        h9,
        h0,
        rtol=0,
        atol=1e-5,
        what=msg("ex_a1_5.final_h"),
        msg=msg("ex_a1_5.padding_leaks"),
    )
    if not _all_zero(hs0[~mask]):  # not 0 with 0 padding either: padding_zero says why
        skip(msg("ex_a1_5.padding_outputs_named"), covered_by="padding_zero")
    assert_close(
        hs9[~mask],
        np.zeros_like(hs9[~mask]),
        rtol=0,
        atol=1e-6,
        what=msg("ex_a1_5.padding_hs"),
        msg=msg("ex_a1_5.padding_output_not_zero"),
    )


@checks.add(
    "mask_holes",
    needs=("returns", "cell"),
)
def _(L):
    P = IN.params(1508)
    g = rng(1509)
    xs = g.normal(size=(len(HOLES), T, D)).astype(np.float32)
    xs[~HOLES] = 4.0 * g.normal(size=(int((~HOLES).sum()), D)).astype(np.float32)
    h, hs = IN.run_batch(L, P, xs, HOLES)
    P64 = IN.p64(P)
    finals = np.array([masked_ref(P64, f64(xs[i]), HOLES[i])[0] for i in range(len(HOLES))])
    if compare(h, finals, rtol=0, atol=1e-5) is None and _outputs_wrong(L):
        skip(msg("ex_a1_5.holes_state_right"), covered_by="padding_zero")
    for i in range(len(HOLES)):
        want_h, want_hs = masked_ref(P64, f64(xs[i]), HOLES[i])
        mistakes = []
        for zeroed in (False, True):
            for frozen, slip, words in (
                ("h", "c_runs", msg("ex_a1_5.only_h_frozen", i=i)),
                ("none", "state_leaks", msg("ex_a1_5.holes_updated", i=i)),
            ):
                alt_h, alt_hs = masked_ref(P64, f64(xs[i]), HOLES[i], frozen=frozen, zeroed=zeroed)
                mistakes.append(Mistake(slip, {"h": alt_h, "hs": alt_hs}, words))
        assert_close(
            {"h": h[i], "hs": hs[i]},
            {"h": want_h, "hs": want_hs},
            rtol=0,
            atol=1e-5,
            what=msg("ex_a1_5.sequence_with_mask", i=i, mask=HOLES[i].astype(int).tolist()),
            mistakes=mistakes,
            msg=msg("ex_a1_5.holes_differ", i=i),
        )


@checks.add("uses_scan", needs="returns")
def _(L):
    LP.time_scan(L)


@checks.add(
    "ckpt_used",
    needs=("returns", "uses_scan"),
)
def _(L):
    LP.checkpoint_in_body(L)


@checks.add("weights_as_args", needs="returns")
def _(L):
    PR.weights_as_args(L.lstm_masked, *IN.sequence_args())


@checks.add("ckpt_grad", needs="returns")
def _(L):
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    g_plain = IN.grads(L, False, P, xs, mask)
    g_ckpt = IN.grads(L, True, P, xs, mask)
    assert_close(
        g_ckpt,
        g_plain,
        rtol=0,
        atol=1e-6,
        what=msg("ex_a1_5.ckpt_grads"),
        msg=msg("ex_a1_5.ckpt_grads_differ"),
    )


@checks.add("grad_fd", needs=("returns", "cell"))
def _(L):
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    P64 = IN.p64(P)
    h, _ = IN.run_batch(L, P, xs, mask)
    finals = [run_ref(P64, f64(xs[i, :n]))[-1] for i, n in enumerate(LENGTHS)]
    if compare(h, np.array(finals), rtol=0, atol=1e-5) is not None:
        skip(msg("ex_a1_5.follows_final_h"), covered_by="final_state")
    grads = IN.grads(L, False, P, xs, mask)

    def loss64(Q):
        finals = [run_ref(Q, f64(xs[i, :n]))[-1] for i, n in enumerate(LENGTHS)]
        return float(np.mean(np.square(finals)))

    eps = 1e-6
    probes = (("W", (H + 2, 1)), ("U", (3 * H + 1, 4)), ("b", (1,)))
    got, fd = [], []
    for name, idx in probes:
        up = {k: v.copy() for k, v in P64.items()}
        dn = {k: v.copy() for k, v in P64.items()}
        up[name][idx] += eps
        dn[name][idx] -= eps
        fd.append((loss64(up) - loss64(dn)) / (2 * eps))
        got.append(float(grads[name][idx]))
    assert_close(
        np.array(got),
        np.array(fd),
        rtol=1e-2,
        atol=1e-5,
        what=msg("ex_a1_5.fd_entries"),
        msg=msg("ex_a1_5.fd_differs"),
    )


@checks.add("input_grad_padding", needs="returns")
def _(L):
    import jax
    import jax.numpy as jnp

    P = IN.jnp_params(IN.params(1503))
    xs, mask = IN.batch(1504)
    M = jnp.asarray(mask)

    def loss_x(X):
        out = jax.vmap(lambda x, m: L.lstm_masked(P, x, m, False))(X, M)
        return jnp.mean(as_tuple(out, 2, msg("ex_a1_5.result_pair"))[0] ** 2)

    gx = as_array(jax.grad(loss_x)(jnp.asarray(xs)), "∂L/∂xs", shape=xs.shape)
    pad = gx[~mask]
    assert_that(
        _all_zero(pad),
        msg("ex_a1_5.padding_grad_not_zero"),
        max_abs_on_padding=float(np.abs(pad).max()),
    )
    assert_that(np.abs(gx[mask]).max() > 0, msg("ex_a1_5.input_grad_all_zero"))
