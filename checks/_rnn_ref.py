"""Float64 NumPy references of the 6.7 RNN (h_t = tanh(h_{t-1}·Wh + x_t·Wx + b), y_t = h_t·Wo)."""

import numpy as np

HID = 16


def unrolled(P, xs, row_vec=True, h0=None):
    """NumPy float64 逐步展开。列向量约定 Wh·h 等价于行向量约定 h·Whᵀ。"""
    rec = P["Wh"] if row_vec else P["Wh"].T
    state = np.zeros(HID) if h0 is None else h0
    out = np.empty((len(xs), 1))
    for t, x_t in enumerate(xs):
        state = np.tanh(state @ rec + x_t @ P["Wx"] + P["b"])
        out[t] = state @ P["Wo"]
    return out


def hidden_states(P, xs, row_vec=True):
    """Every hidden state h_1 … h_T (float64), for the shape diagnoses."""
    rec = P["Wh"] if row_vec else P["Wh"].T
    state, hs = np.zeros(HID), []
    for x_t in xs:
        state = np.tanh(state @ rec + x_t @ P["Wx"] + P["b"])
        hs.append(state)
    return np.array(hs)
