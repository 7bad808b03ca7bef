"""Exercise 6.4's float64 reference: Welford's running mean and M2 for every prefix of a
sequence, and what its common slips give instead (the mistakes its checks name)."""

from __future__ import annotations

import numpy as np

from tutor.worker.checklib import Mistake, msg


def welford_variants(x64):
    """Per-step (mean, M2 increments) of Welford and of its common slips, in float64."""
    n = np.arange(1, x64.size + 1)
    mu = np.cumsum(x64) / n
    mu_old = np.concatenate([[0.0], mu[:-1]])
    delta = x64 - mu_old
    m2 = {
        "right": np.cumsum(delta * (x64 - mu)),
        "delta_sq": np.cumsum(delta**2),
        "new_sq": np.cumsum((x64 - mu) ** 2),
    }
    return n, mu, m2


def _old_count_m2(x64):
    """M2 after each step when the mean update divides δ by the count before its increment (the
    0 of the first step guarded to 1): μ moves too far, to the newest x at the second step."""
    mu, m2, out = 0.0, 0.0, np.empty_like(x64)
    for k, x in enumerate(x64):
        delta = x - mu
        mu = mu + delta / max(k, 1)
        m2 = m2 + delta * (x - mu)
        out[k] = m2
    return out


def mistakes(x64, part: str):
    """What each known mistake gives for `part` ('var': final variance; 'trace': the trace)."""
    n, mu, m2 = welford_variants(x64)
    var = m2["right"] / n
    with np.errstate(divide="ignore", invalid="ignore"):
        sample = m2["right"] / (n - 1)
    table = [
        (
            "delta_sq",
            m2["delta_sq"] / n,
            msg("ex_6_4.mistakes.mistake"),
        ),
        (
            "new_sq",
            m2["new_sq"] / n,
            msg("ex_6_4.mistakes.mistake_2"),
        ),
        (
            "sample",
            sample,
            msg("ex_6_4.mistakes.mistake_3"),
        ),
        ("std", np.sqrt(var), msg("ex_6_4.mistakes.mistake_4")),
        (
            "m2",
            m2["right"],
            msg("ex_6_4.mistakes.mistake_5")
            if part == "var"
            else msg("ex_6_4.mistakes.m2_in_trace"),
        ),
        (  # the final variance alone does not show whether the steps output the mean
            "mean",
            mu,
            msg("ex_6_4.mistakes.mistake_6")
            if part == "trace"
            else msg("ex_6_4.mistakes.mean_in_var_place"),
        ),
        ("old_count_mean", _old_count_m2(x64) / n, msg("ex_6_4.mistakes.old_count_mean")),
    ]
    if part == "trace":  # each step output the variance of the state before its update
        for first in (np.nan, 0.0):
            late = np.concatenate([[first], var[:-1]])
            table.append(("one_step_late", late, msg("ex_6_4.mistakes.trace_one_step_late")))
    pick = (lambda a: a[-1]) if part == "var" else (lambda a: a)
    return [Mistake(label, pick(value), message) for label, value, message in table]


def prefix_vars(x64):
    """Variance of each prefix x[:k+1] (float64 Welford: exact to ~1e-13 here)."""
    n, _, m2 = welford_variants(x64)
    return m2["right"] / n
