"""Exercise 7.4: norms_n with one number per chunk of 500 examples, said only when computed.

A norms_n of 4 numbers (2000 examples / 500) is named as the gradient norm of each chunk's loss
only when its numbers are those norms, computed here in float64 (the learner's p_noisy, Xn and
Yn, hand-written backprop): the mean loss of each chunk, or its sum. Four numbers are also as
many as p_noisy has leaves, so the count alone names nothing."""

import numpy as np
from _ch7 import np_forward, np_log_softmax

from tutor.worker.checklib import close, msg


def _chunk_grad_norms(params, X, Y, chunk: int) -> np.ndarray:
    """Global L2 norm of the gradient of each chunk's summed cross-entropy, float64."""
    norms = []
    for start in range(0, len(X), chunk):
        W, acts, gates = np_forward(params, X[start : start + chunk])
        delta = np.exp(np_log_softmax(acts[-1]))
        delta[np.arange(len(delta)), Y[start : start + chunk]] -= 1.0
        squares = 0.0
        for i in reversed(range(len(W))):
            squares += np.sum((acts[i].T @ delta) ** 2) + np.sum(delta.sum(0) ** 2)
            if i > 0:
                delta = (delta @ W[i].T) * gates[i - 1]
        norms.append(np.sqrt(squares))
    return np.array(norms)


def per_chunk_say(L, nn, chunk: int) -> str:
    """The sentence for norms_n of one number per chunk when it is the gradient norm of each
    chunk's mean (or summed) loss; "" otherwise."""
    try:
        raw = L.ns["p_noisy"]
        params = {
            name: {k: np.asarray(raw[name][k], np.float64) for k in ("w", "b")}
            for name in ("dense_0", "dense_1")
        }
        X = np.asarray(L.ns["Xn"], np.float64)
        Y = np.asarray(L.ns["Yn"]).astype(np.int64)
        if nn.size * chunk != len(X):
            return ""
        summed = _chunk_grad_norms(params, X, Y, chunk)
    except Exception:  # the probe is ours: a value it cannot read names nothing
        return ""
    got = np.asarray(nn, np.float64).reshape(-1)
    if close(got, summed / chunk, rtol=1e-3, atol=1e-6):
        return msg("ex_7_4.one_norm_per_chunk", size=nn.size)
    if close(got, summed, rtol=1e-3, atol=1e-6):
        return msg("ex_7_4.one_summed_norm_per_chunk", size=nn.size)
    return ""
