"""NumPy float32 emulation of the a1.3 Newton square root (it matches XLA's elementwise float32
arithmetic) with the switches that reproduce its common slips, what those slips return, and the
probe values of a on which the stopping rule shows. Used by ex_a1_3 (`import _newton_ref as N`)."""

import numpy as np

from tutor.worker.checklib import Mistake, compare, f64, msg, rng

CAP = 30


def emulate(
    a,
    *,
    tol="relative",
    signed=False,
    freeze=True,
    count="before",
    cap=CAP,
    test="current",
    start=1.0,
    half_quotient=False,
):
    """The (x, k) a version of the iteration returns, computed in NumPy float32.

    tol: "relative" (|x² − a| ≥ 1e-6·a means still moving) or "absolute" (≥ 1e-6);
    signed: the test forgets the absolute value; freeze: converged elements keep their x;
    count: "before" (k counts steps that were still moving, the statement's rule), "every"
    (k counts all 30 steps), "after" (k counts steps whose *updated* x is still unconverged);
    cap: the most steps taken (a loop without the statement's cap of 30 runs on);
    test: "current" (the statement's rule: decide on the x before the update) or "candidate"
    (keep the update, and count it, only while the updated x is still unconverged);
    start: x₀ as a multiple of a (the statement's x₀ = a is 1; a/2 is a common other start);
    half_quotient: the step written x + a/x/2 (the parentheses of (x + a/x)/2 left out)."""
    a = np.asarray(a, np.float32)
    limit = np.float32(1e-6) * a if tol == "relative" else np.float32(1e-6)

    def moving(v):
        diff = v * v - a
        return (diff if signed else np.abs(diff)) >= limit

    x, k = (np.float32(start) * a).astype(np.float32), np.zeros(a.shape, np.int64)
    for _ in range(cap):
        new = x + a / x / np.float32(2) if half_quotient else np.float32(0.5) * (x + a / x)
        active = moving(x) if test == "current" else moving(new)
        x = np.where(active | (not freeze), new, x).astype(np.float32)
        if count == "before":
            k += active
        elif count == "every":
            k += 1
        else:
            k += active & moving(x)
    return x, k


def stops_when_exact(k_at_one) -> bool:
    """Whether a version counted no step at a = 1, where x₀ = a = 1 is already exact: its count
    follows a convergence test (so 30 everywhere elsewhere is a test that never passes there, not
    idle steps counted nor a condition that ignores convergence)."""
    return bool((np.asarray(k_at_one) == 0).all())


def count_mistakes(a, loop="scan", exact_stops=False):
    """Per-element counts that known mistakes produce, each with the message that names it.
    loop ("scan" or "while"): the version whose counts are judged; 30 everywhere means idle steps
    counted in the scan version, a condition that never stops at convergence in the while one,
    unless exact_stops (the version counts 0 at a = 1, see stops_when_exact): then only that its
    convergence test never passed on these a."""
    _, k_abs = emulate(a, tol="absolute")
    _, k_signed = emulate(a, signed=True)
    _, k_after = emulate(a, count="after")
    _, k_half = emulate(a, start=0.5)
    return [
        Mistake(
            "absolute_tolerance",
            k_abs,
            msg("_newton_ref.absolute_tolerance"),
        ),
        Mistake(
            "counts_every_step",
            np.full(len(k_abs), CAP),
            msg("_newton_ref.never_converged")
            if exact_stops
            else msg("_newton_ref.counts_every_step")
            if loop == "scan"
            else msg("_newton_ref.runs_to_cap"),
        ),
        Mistake(
            "checks_after_update",
            k_after,
            msg("_newton_ref.checks_after_update"),
        ),
        Mistake(
            "no_abs",
            k_signed,
            msg("_newton_ref.counts_without_abs"),
        ),
        Mistake("starts_at_half", k_half, msg("_newton_ref.counts_start_half")),
    ]


# the emulate() switches of each count mistake above: its x, which the learner's x must equal too
# before its counts are named (updating first and deciding on the new x leaves x right)
COUNT_SETTINGS = {
    "absolute_tolerance": {"tol": "absolute"},
    "counts_every_step": {},
    "checks_after_update": {"count": "after"},
    "no_abs": {"signed": True},
    "starts_at_half": {"start": 0.5},
}


def x_fits(x, a, label) -> bool:
    """Whether the learner's x at a equals the x of the count mistake `label`."""
    want = emulate(a, **COUNT_SETTINGS[label])[0]
    return compare(x, want, rtol=1e-6, atol=1e-8) is None


def x_mistakes(a):
    x_signed, _ = emulate(a, signed=True)
    x_candidate, _ = emulate(a, test="candidate")
    x_half, _ = emulate(a, start=0.5)
    x_quotient, _ = emulate(a, half_quotient=True)
    return [
        Mistake("half_quotient", x_quotient, msg("_newton_ref.x_half_quotient")),
        Mistake(
            "tests_candidate",
            x_candidate,
            msg("_newton_ref.x_tests_candidate"),
        ),
        Mistake(
            "no_abs",
            x_signed,
            msg("_newton_ref.x_without_abs"),
        ),
        Mistake("starts_at_half", x_half, msg("_newton_ref.x_start_half")),
    ]


def grad_after(a, steps):
    """∂x/∂a of x after `steps` Newton updates from x = a (one count per element), in float64."""
    a = f64(a)
    x, dx = a.copy(), np.ones_like(a)
    for i in range(int(np.max(steps, initial=0))):
        go = i < np.asarray(steps)
        new_dx = 0.5 * (dx + 1.0 / x - a * dx / (x * x))
        x, dx = np.where(go, 0.5 * (x + a / x), x), np.where(go, new_dx, dx)
    return dx


def grad_mistakes(a):
    """The gradients known slips give: the candidate test stops after k_candidate updates."""
    _, k_candidate = emulate(a, test="candidate")
    return [
        Mistake(
            "tests_candidate",
            grad_after(a, k_candidate),
            msg("_newton_ref.grad_tests_candidate"),
        )
    ]


def separable_a():
    """a values for which the x where the iteration stops and the x after more steps differ by
    far more than float32 rounding (≥ 3.2e-7·√a), with the stopping test away from its threshold."""
    g = rng(1203)
    cand = np.exp(g.uniform(np.log(1e-3), np.log(1e6), 4000)).astype(np.float32)
    x_stop, _ = emulate(cand)
    x_more, _ = emulate(cand, freeze=False)
    root = np.sqrt(f64(cand))
    gap = np.abs(f64(x_stop) - f64(x_more)) / root
    margin = np.abs(f64(x_stop) ** 2 - f64(cand)) / f64(cand)
    pick = np.flatnonzero((gap >= 3.2e-7) & (margin <= 8e-7))[:8]
    return cand[pick], x_stop[pick], x_more[pick]


def threshold_a():
    """a values whose last still-moving iterate has |x² − a|/a between 1.15e-6 and 1.85e-6: a
    tolerance other than 1e-6·a (or a test after the update) changes their count, while float32
    rounding (≈ 1e-7) cannot."""
    g = rng(1204)
    a = np.exp(g.uniform(np.log(1e-3), np.log(1e6), 3000)).astype(np.float32)
    x, last = a.copy(), np.zeros(len(a))
    for _ in range(CAP):
        moving = np.abs(x * x - a) >= np.float32(1e-6) * a
        last = np.where(moving, np.abs(f64(x) ** 2 - f64(a)) / f64(a), last)
        x = np.where(moving, np.float32(0.5) * (x + a / x), x).astype(np.float32)
    return a[(last >= 1.15e-6) & (last <= 1.85e-6)][:6]


def cap_mistakes(a_cap, k_cap, version, k):
    """The counts a loop gives with its cap one step late (k <= 30: one update past 30 where the
    reference stops at 30), one step early (k < 29: 29 updates) and with no cap at all (run on
    until it converges, at most 200). For the scan version, a fixed number of steps, the same
    counts come from a scan one step longer or shorter: no loop condition is named."""
    late = np.where(k_cap == CAP, CAP + 1, k_cap)
    early = np.where(k_cap == CAP, CAP - 1, k_cap)
    with np.errstate(over="ignore"):
        uncapped = emulate(a_cap, cap=200)[1]
    said = {"version": version, "k": k.tolist()}
    if version == "scan":  # a fixed number of steps: its length is off, there is no condition
        return [
            Mistake("one_past_cap", late, msg("ex_a1_3.scan_one_late", k=k.tolist())),
            Mistake("one_short_of_cap", early, msg("ex_a1_3.scan_one_early", k=k.tolist())),
        ]
    return [
        Mistake("one_past_cap", late, msg("ex_a1_3.cap_one_late", **said)),
        Mistake("one_short_of_cap", early, msg("ex_a1_3.cap_one_early", **said)),
        Mistake("no_cap", uncapped, msg("ex_a1_3.no_cap", **said)),
    ]
