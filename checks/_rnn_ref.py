"""Float64 NumPy references of the 6.7 RNN (h_t = tanh(h_{t-1}·Wh + x_t·Wx + b), y_t = h_t·Wo):
one sequence unrolled, its common slips, its hidden states, and a batch with its mean squared
error and gradient."""

import numpy as np

HID = 16


def unrolled(P, xs, row_vec=True, h0=None):
    """NumPy float64, unrolled step by step. The column-vector convention Wh·h equals the row-vector
    convention h·Whᵀ."""
    rec = P["Wh"] if row_vec else P["Wh"].T
    state = np.zeros(HID) if h0 is None else h0
    out = np.empty((len(xs), 1))
    for t, x_t in enumerate(xs):
        state = np.tanh(state @ rec + x_t @ P["Wx"] + P["b"])
        out[t] = state @ P["Wo"]
    return out


def variant(
    P,
    xs,
    row,
    *,
    tanh=True,
    carry=True,
    lagged=False,
    h0=0.0,
    bias=True,
    bias_after_tanh=False,
    out_pre=False,
):
    """Outputs (T, 1) of the RNN and of its common slips: no tanh, the state not carried, the
    output from the state before the update, another h_0, the bias left out, the bias added
    after tanh (h_t = tanh(h_{t-1}·Wh + x_t·Wx) + b, that h_t carried), the output read from the
    pre-activation (y_t = (h_{t-1}·Wh + x_t·Wx + b)·Wo while tanh of it is carried)."""
    rec = P["Wh"] if row else P["Wh"].T
    state, out = np.full(HID, h0), []
    for x_t in xs:
        pre = (state if carry else np.zeros(HID)) @ rec + x_t @ P["Wx"]
        pre = pre + P["b"] if bias and not bias_after_tanh else pre
        new = np.tanh(pre) if tanh else pre
        new = new + P["b"] if bias_after_tanh else new
        out.append((state if lagged else pre if out_pre else new) @ P["Wo"])
        state = new
    return np.array(out)


def row_h0_outputs(P, xs, row_vec=True):
    """The outputs (T, 1, 1) of the recurrence started from an h_0 of shape (1, HID), a row
    instead of a vector: every h_t stays (1, HID) and every output h_t·Wo is (1, 1)."""
    rec = P["Wh"] if row_vec else P["Wh"].T
    state, out = np.zeros((1, HID)), []
    for x_t in xs:
        state = np.tanh(state @ rec + x_t @ P["Wx"] + P["b"])
        out.append(state @ P["Wo"])
    return np.array(out)


def hidden_states(P, xs, row_vec=True):
    """Every hidden state h_1 … h_T (float64), for the shape diagnoses."""
    rec = P["Wh"] if row_vec else P["Wh"].T
    state, hs = np.zeros(HID), []
    for x_t in xs:
        state = np.tanh(state @ rec + x_t @ P["Wx"] + P["b"])
        hs.append(state)
    return np.array(hs)


def batch_states(P, X, rec):
    """Hidden states (T+1, B, H) from h_0 = 0 and outputs (B, T, 1) of a batch of sequences."""
    hs = [np.zeros((X.shape[0], rec.shape[0]))]
    for t in range(X.shape[1]):
        hs.append(np.tanh(hs[-1] @ rec + X[:, t] @ P["Wx"] + P["b"]))
    hs = np.stack(hs)
    return hs, np.einsum("tbh,ho->bto", hs[1:], P["Wo"])


def mse(P, X, Y, row) -> float:
    """Mean squared error of the RNN's outputs on a batch X against targets Y (float64)."""
    return float(np.mean((batch_states(P, X, P["Wh"] if row else P["Wh"].T)[1] - Y) ** 2))


def loss_grad(P, X, Y, row):
    """Mean squared error over the batch and its gradient, by backpropagation through time
    (float64)."""
    rec = P["Wh"] if row else P["Wh"].T
    hs, out = batch_states(P, X, rec)
    err = out - Y
    d_out = 2 * err / err.size
    g = {
        "Wo": np.einsum("tbh,bto->ho", hs[1:], d_out),
        "Wx": np.zeros_like(P["Wx"]),
        "b": np.zeros_like(P["b"]),
    }
    g_rec, d_h = np.zeros_like(rec), np.zeros_like(hs[0])
    for t in range(X.shape[1] - 1, -1, -1):
        d_pre = (d_h + d_out[:, t] @ P["Wo"].T) * (1 - hs[t + 1] ** 2)
        g_rec += hs[t].T @ d_pre
        g["Wx"] += X[:, t].T @ d_pre
        g["b"] += d_pre.sum(axis=0)
        d_h = d_pre @ rec.T
    g["Wh"] = g_rec if row else g_rec.T
    return float(np.mean(err**2)), g
