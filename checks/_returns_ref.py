"""The float64 reference of exercise a1.1's discounted returns, and the wrong recursions its
check can name: each is the same backward loop with one part changed (the direction, the term the
done flag masks, where γ multiplies, the initial carry, which sequence is which), so a learner's
returns are told a cause only when they equal that cause's numbers.

Imported by ex_a1_1 as `import _returns_ref as RR` (the runner puts checks/ on sys.path)."""

from __future__ import annotations

import numpy as np

from tutor.worker.checklib import f64, later
from tutor.worker.mistakes import Known


def _backward(r, d, gamma, *, step=None, init=0.0):
    """G_t = step(r_t, 1 − d_t, G_{t+1}) from the end backwards, starting from G_T = init."""
    r, d = f64(r), f64(d)
    step = step or (lambda rt, keep, later_g: rt + gamma * keep * later_g)
    out, acc = np.zeros(len(r)), init
    for t in range(len(r) - 1, -1, -1):
        acc = step(r[t], 1.0 - d[t], acc)
        out[t] = acc
    return out


def returns_ref(r, d, gamma):
    """The step-by-step recursion from the end backwards (float64)."""
    return _backward(r, d, gamma)


def _forward(r, d, gamma):
    r, d = f64(r), f64(d)
    out, acc = np.zeros(len(r)), 0.0
    for t in range(len(r)):
        acc = r[t] + gamma * (1.0 - d[t]) * acc
        out[t] = acc
    return out


def _masked_after_add(r, d, gamma):
    return _backward(r, d, gamma, step=lambda rt, keep, g: (rt + gamma * g) * keep)


def _shifted(r, d, gamma):
    """What a scan body that outputs the carry it received (G_{t+1}) instead of the new G_t
    gives."""
    return np.append(returns_ref(r, d, gamma)[1:], 0.0)


def _next_done(r, d, gamma):
    """What masking G_{t+1} with the next step's flag d_{t+1} (d_T = 0) gives."""
    return returns_ref(r, np.append(f64(d)[1:], 0.0), gamma)


def _masked_reward(r, d, gamma):
    """G_t = r_t·(1 − d_t) + γ·G_{t+1}: the flag masks the step's own reward, not the future."""
    return _backward(r, d, gamma, step=lambda rt, keep, g: rt * keep + gamma * g)


def _gamma_outside(r, d, gamma):
    """G_t = γ·(r_t + (1 − d_t)·G_{t+1}): γ multiplies the step's own reward too."""
    return _backward(r, d, gamma, step=lambda rt, keep, g: gamma * (rt + keep * g))


def _last_reward_init(r, d, gamma):
    """The scan started from the last reward instead of G_T = 0: r_{T−1} is counted twice."""
    return _backward(r, d, gamma, init=float(f64(r)[-1]) if len(r) else 0.0)


def _swapped_sequences(r, d, gamma):
    """The body reads the rewards as done flags and the flags as rewards (the xs tuple and the
    unpacking in different orders)."""
    return returns_ref(f64(d), f64(r), gamma)


def _swapped_with_survive(r, d, gamma):
    """The same swap, with the flags turned into (1 − d) before the scan: the reward read is
    1 − d_t and the factor read is r_t."""
    return returns_ref(1.0 - f64(d), 1.0 - f64(r), gamma)


def _added_not_multiplied(r, d, gamma):
    """G_t = r_t + γ·(1 − d_t) + G_{t+1}: the product γ·(1 − d_t)·G_{t+1} written with a +."""
    return _backward(r, d, gamma, step=lambda rt, keep, g: rt + gamma * keep + g)


def _rewards_truncated(r, d, gamma):
    """The rewards cast to an integer dtype before the recursion: every fraction cut off."""
    return returns_ref(np.trunc(f64(r)), d, gamma)


# What each known mistake returns on a trajectory (computed from the check's data, then matched).
MISTAKES = [
    Known("forward", _forward, later("ex_a1_1.mistake_forward")),
    Known(
        "ignores_dones",
        lambda r, d, gamma: returns_ref(r, np.zeros(len(r)), gamma),
        later("ex_a1_1.mistake_ignores_dones"),
    ),
    Known(
        "flipped",
        lambda r, d, gamma: returns_ref(r, d, gamma)[::-1].copy(),
        later("ex_a1_1.mistake_flipped"),
    ),
    Known("masked_after_add", _masked_after_add, later("ex_a1_1.mistake_masked_after_add")),
    Known("shifted", _shifted, later("ex_a1_1.mistake_shifted")),
    Known("next_done", _next_done, later("ex_a1_1.mistake_next_done")),
    Known(
        "done_not_negated",
        lambda r, d, gamma: returns_ref(r, 1.0 - f64(d), gamma),
        later("ex_a1_1.mistake_done_not_negated"),
    ),
    Known(
        "gamma_squared",
        lambda r, d, gamma: returns_ref(r, d, gamma * gamma),
        later("ex_a1_1.mistake_gamma_squared"),
    ),
    Known(
        "undiscounted",
        lambda r, d, gamma: returns_ref(r, d, 1.0),
        later("ex_a1_1.mistake_undiscounted"),
    ),
    Known(
        "added_not_multiplied",
        _added_not_multiplied,
        later("ex_a1_1.mistake_added_not_multiplied"),
    ),
    Known("rewards_truncated", _rewards_truncated, later("ex_a1_1.mistake_rewards_truncated")),
    Known("masked_reward", _masked_reward, later("ex_a1_1.mistake_masked_reward")),
    Known("gamma_outside", _gamma_outside, later("ex_a1_1.mistake_gamma_outside")),
    Known("last_reward_init", _last_reward_init, later("ex_a1_1.mistake_last_reward_init")),
    Known(
        "inputs_flipped_twice",
        lambda r, d, gamma: _forward(r, d, gamma)[::-1].copy(),
        later("ex_a1_1.mistake_inputs_flipped_twice"),
    ),
    Known("swapped_sequences", _swapped_sequences, later("ex_a1_1.mistake_swapped_sequences")),
    Known(
        "swapped_with_survive",
        _swapped_with_survive,
        later("ex_a1_1.mistake_swapped_sequences"),
    ),
]
