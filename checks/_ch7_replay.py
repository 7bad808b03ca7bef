"""A float64 replay of the first steps of the 7.7 project's training on one repeated sample: every
mini-batch is that sample whatever the shuffle, so the loss and gradient norm of each step are
known exactly. The first update has learning rate 0 and changes nothing, so a check that looks at
one step cannot tell a loss recorded before the update from one recorded after it; the replay
gives every step."""

from __future__ import annotations

import numpy as np
from _ch7 import np_log_softmax, np_mlp, np_sample_grad, np_spiral_schedule


def np_replay(params, x, y, steps: int, total_steps: int, update_norms: list | None = None):
    """The first `steps` steps of training on the sample (x, y) from `params` with the project's
    chain (clip 1.0 → Adam → decay 1e-4 on w → −lr_schedule, warm-up 0 → 1e-2 over 100 steps of
    a schedule `total_steps` long): (losses before each update, gradient norms before clipping,
    losses after each update). `update_norms`, when given, receives the global norm of each step's
    update (what the optimizer returns: −lr·(Adam + decay))."""
    rates = np_spiral_schedule(total_steps)
    p = {
        name: {k: np.asarray(v, np.float64) for k, v in layer.items()}
        for name, layer in params.items()
    }
    m = {(name, k): 0.0 for name in p for k in p[name]}
    v = dict(m)
    before, norms, after = [], [], []
    for t in range(1, steps + 1):
        loss, g = np_sample_grad(p, x, y)
        total = float(np.sqrt(sum(np.sum(a * a) for layer in g.values() for a in layer.values())))
        before.append(loss)
        norms.append(total)
        ratio = min(1.0, 1.0 / (1e-12 + total))  # never exceeds 1: a small gradient is kept
        squares = 0.0
        for name in p:
            for k in p[name]:
                gk = g[name][k] * ratio
                m[name, k] = 0.9 * m[name, k] + 0.1 * gk
                v[name, k] = 0.999 * v[name, k] + 0.001 * gk * gk
                adam = (m[name, k] / (1 - 0.9**t)) / (np.sqrt(v[name, k] / (1 - 0.999**t)) + 1e-8)
                decay = 1e-4 * p[name][k] if k == "w" else 0.0
                step = rates[t - 1] * (adam + decay)
                squares += float(np.sum(step * step))
                p[name][k] = p[name][k] - step
        if update_norms is not None:
            update_norms.append(np.sqrt(squares))
        after.append(float(-np_log_softmax(np_mlp(p, np.asarray(x)[None]))[0, int(y)]))
    return np.array(before), np.array(norms), np.array(after)
