"""The float64 reference of exercise a1.2's piecewise function and its derivative, and the
mistakes its check can name, each computed by the same function with one part changed (a
boundary, the order of the pieces, one piece's formula), with the derivative that mistaken
function has.

Imported by ex_a1_2 as `import _piecewise_ref as PR` (the runner puts checks/ on sys.path)."""

from __future__ import annotations

import itertools

import numpy as np

from tutor.worker.checklib import Mistake, compare, msg

PIECES = {
    "x²": (np.square, lambda v: 2 * v),
    "sin x": (np.sin, np.cos),
    "x − π": (lambda v: v - np.pi, np.ones_like),
}
ORDER = ("x²", "sin x", "x − π")
REGIONS = ("x < 0", "0 ≤ x < π", "x ≥ π")
PI32 = float(np.float32(np.pi))  # the π a float32 comparison with jnp.pi uses (a little above π)


def _region(x64, zero_left=False, pi_left=False):
    """Region index 0, 1, 2 of each point; the flags move a boundary point into the left region."""
    first = (x64 <= 0) if zero_left else (x64 < 0)
    second = (x64 <= PI32) if pi_left else (x64 < np.pi)
    return np.where(first, 0, np.where(second, 1, 2))


def _eval(x64, order=ORDER, region=None, deriv=False):
    region = _region(x64) if region is None else region
    out = np.zeros_like(x64)
    for r, name in enumerate(order):
        fn = PIECES[name][1 if deriv else 0]
        out = np.where(region == r, fn(x64), out)
    return out


def f_ref(x64):
    return _eval(x64)


def df_ref(x64):
    return _eval(x64, deriv=True)


def _truncated_index(x64):
    """The region index clip(int(x / π) + 1, 0, 2): the cast truncates towards zero, so every point
    in (−π, 0) gets index 1 (sin x) instead of 0."""
    return np.clip(np.trunc(x64 / np.pi).astype(int) + 1, 0, 2)


PI_TYPED = (("3.14", 3.14), ("3.1416", 3.1416), ("3.14159", 3.14159), ("22/7", 22 / 7))


def _piece_slips(x64):
    """Slips in one piece's formula, as (label, values, derivatives, message): the first piece
    written 2x for x², or π typed as a rounded number (in the boundary and the last piece)."""
    first = _region(x64) == 0
    out = [
        (
            "double_for_square",
            np.where(first, 2 * x64, f_ref(x64)),
            np.where(first, 2.0, df_ref(x64)),
            msg("ex_a1_2.double_for_square"),
        )
    ]
    for typed, value in PI_TYPED:
        rounded = np.where(x64 < 0, 0, np.where(x64 < value, 1, 2))
        out.append(
            (
                "pi_rounded",
                np.where(rounded == 2, x64 - value, np.where(rounded == 1, np.sin(x64), x64**2)),
                _eval(x64, region=rounded, deriv=True),
                msg("ex_a1_2.pi_rounded", pi_as=typed, off=f"{abs(np.pi - value):.2g}"),
            )
        )
    return out


def value_cases(x64):
    """The value mistakes, each with the derivative the same mistaken function has."""
    region, df = _region(x64), df_ref(x64)
    out = [
        (
            Mistake(
                "truncated_index",
                _eval(x64, region=_truncated_index(x64)),
                msg("ex_a1_2.truncated_index"),
            ),
            _eval(x64, region=_truncated_index(x64), deriv=True),
        ),
        (
            Mistake(
                "plus_pi",
                np.where(region == 2, x64 + np.pi, f_ref(x64)),
                msg("ex_a1_2.plus_pi"),
            ),
            df,
        ),
        (
            Mistake(
                "pi_minus_x",
                np.where(region == 2, np.pi - x64, f_ref(x64)),
                msg("ex_a1_2.pi_minus_x"),
            ),
            np.where(region == 2, -1.0, df),
        ),
        (
            Mistake(
                "cos_middle",
                np.where(region == 1, np.cos(x64), f_ref(x64)),
                msg("ex_a1_2.cos_middle"),
            ),
            np.where(region == 1, -np.sin(x64), df),
        ),
        (
            Mistake(
                "third_piece_zero",  # jnp.select with two conditions and no default
                np.where(region == 2, 0.0, f_ref(x64)),
                msg("ex_a1_2.third_piece_zero"),
            ),
            np.where(region == 2, 0.0, df),
        ),
        *((Mistake(label, value, text), deriv) for label, value, deriv, text in _piece_slips(x64)),
    ]
    for order in itertools.permutations(ORDER):
        if order != ORDER:
            pairs = msg("ex_a1_2.list_sep").join(
                msg("ex_a1_2.region_used", region=REGIONS[i], piece=order[i])
                for i in range(3)
                if order[i] != ORDER[i]
            )
            out.append(
                (
                    Mistake(
                        "branch_order",
                        _eval(x64, order=order),
                        msg("ex_a1_2.branch_order", pairs=pairs),
                    ),
                    _eval(x64, order=order, deriv=True),
                )
            )
    return out + moved_boundaries(x64)


def _moved_region(x64, k, t):
    """Region indices with boundary k (0: the one at 0, 1: the one at π) moved to the point t:
    points at or above t go to the right of it."""
    if k == 0:
        return np.where(x64 < t, 0, np.where(x64 < np.pi, 1, 2))
    return np.where(x64 < 0, 0, np.where(x64 < t, 1, 2))


def moved_boundaries(x64):
    """A boundary placed elsewhere (2 or 3 for π, say): for each point t of x64 the function
    with boundary k switching at t, as a value mistake with its derivative. Only variants whose
    values differ from f's, so every one names points that took the wrong piece."""
    ref, points = f_ref(x64), np.unique(x64)
    out = []
    for k, (at, low, high) in enumerate(((0.0, -np.inf, np.pi), (np.pi, 0.0, np.inf))):
        away = np.abs(points - at) > 1e-6  # a point on the boundary itself moves nothing
        for t in points[(points >= low) & (points < high) & away]:
            region = _moved_region(x64, k, t)
            values = _eval(x64, region=region)
            moved = x64[region != _region(x64)]
            if compare(values, ref, rtol=0, atol=1e-6) is None:
                continue
            below = points[points < t]
            words = msg(
                "ex_a1_2.boundary_moved",
                left=ORDER[k],
                right=ORDER[k + 1],
                at="0π"[k],
                lo=f"{below.max():.4g}" if below.size else "−∞",
                hi=f"{t:.4g}",
                moved=", ".join(f"{v:.4g}" for v in moved),
                took=ORDER[k + 1] if t < at else ORDER[k],
                instead=ORDER[k] if t < at else ORDER[k + 1],
            )
            label = f"moved_{k}_{'down' if t < at else 'up'}"
            out.append((Mistake(label, values, words), _eval(x64, region=region, deriv=True)))
    return out


def value_mistakes(x64):
    return [m for m, _ in value_cases(x64)]


def select_mistakes(x64):
    first_sin = np.where(x64 < np.pi, np.sin(x64), np.where(x64 < 0, x64**2, x64 - np.pi))
    return [
        Mistake(
            "select_order",
            first_sin,
            msg("ex_a1_2.select_order"),
        )
    ] + value_mistakes(x64)


def grad_mistakes(x64):
    variants = (
        (dict(zero_left=True), msg("ex_a1_2.zero_left")),
        (dict(pi_left=True), msg("ex_a1_2.pi_left")),
        (dict(zero_left=True, pi_left=True), msg("ex_a1_2.both_left")),
    )
    return [
        Mistake(
            "boundary",
            _eval(x64, region=_region(x64, **flags), deriv=True),
            msg("ex_a1_2.boundary_derivative", text=text),
        )
        for flags, text in variants
    ] + [
        Mistake(
            "truncated_index",
            _eval(x64, region=_truncated_index(x64), deriv=True),
            msg("ex_a1_2.truncated_index"),
        ),
        Mistake(
            "pi_minus_x",
            np.where(_region(x64) == 2, -1.0, df_ref(x64)),
            msg("ex_a1_2.pi_minus_x"),
        ),
        *(Mistake(label, deriv, text) for label, _, deriv, text in _piece_slips(x64)),
    ]
