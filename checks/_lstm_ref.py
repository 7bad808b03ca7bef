"""Float64 NumPy references of one LSTM step and of a masked run, for the a1.5 checks."""

import numpy as np


def _sigmoid(v):
    return 1.0 / (1.0 + np.exp(-v))


def cell_ref(P, h, c, x, order="ifog", ungated="", slip=""):
    """One LSTM step in float64. `order` names the row blocks of the stacked gates; the gates
    named in `ungated` ("i", "f", "o") are left out (taken as 1), a known slip each. `slip` is
    one more known slip: "no_bias" (b left out), "no_tanh_c" (h' = σ(o)·c'), "sigmoid_g" (the
    candidate squashed by σ instead of tanh), "tanh_old_c" (h' = σ(o)·tanh(c), the old cell state),
    "forget_added" (c' = σ(f) + c + σ(i)·tanh(g))."""
    z = P["W"] @ x + P["U"] @ h + (0.0 if slip == "no_bias" else P["b"])
    blocks = dict(zip(order, np.split(z, 4), strict=False))
    gate = {k: (1.0 if k in ungated else _sigmoid(blocks[k])) for k in "ifo"}
    candidate = _sigmoid(blocks["g"]) if slip == "sigmoid_g" else np.tanh(blocks["g"])
    kept = gate["f"] + c if slip == "forget_added" else gate["f"] * c
    c_new = kept + gate["i"] * candidate
    squashed = np.tanh(c if slip == "tanh_old_c" else c_new)
    h_new = gate["o"] * (c_new if slip == "no_tanh_c" else squashed)
    return h_new, c_new


def masked_ref(P, xs, mask, frozen="both", zeroed=False):
    """A masked run in float64: returns (final h, hs). frozen: which state keeps its value on
    masked steps ("both" is the statement's rule; "h" and "none" are known mistakes). zeroed: the
    cell sees 0 in place of a masked step's input (a common way of writing the mask, harmless
    when both states are frozen, and it changes what the two mistakes give)."""
    h = np.zeros(P["U"].shape[1])
    c = np.zeros_like(h)
    hs = []
    for x, m in zip(xs, mask, strict=False):
        h_new, c_new = cell_ref(P, h, c, x if (m or not zeroed) else np.zeros_like(x))
        h = h_new if (m or frozen == "none") else h
        c = c_new if (m or frozen != "both") else c
        hs.append(h if m else np.zeros_like(h))
    return h, np.array(hs)


def run_ref(P, xs):
    """Runs the true-length sequence only; returns every h (float64)."""
    return masked_ref(P, xs, np.ones(len(xs), bool))[1].reshape(len(xs), -1)


def run_states(P, xs):
    """Runs the true-length sequence only; returns every (h, c) pair as two (T, H) arrays."""
    h = np.zeros(P["U"].shape[1])
    c = np.zeros_like(h)
    hs, cs = [], []
    for x in xs:
        h, c = cell_ref(P, h, c, x)
        hs.append(h)
        cs.append(c)
    return np.array(hs), np.array(cs)
