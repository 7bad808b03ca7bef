"""Exercise a1.1, discounted returns with done flags by a reverse scan: the interface
discounted_returns(rewards, dones, gamma) returns G.

G_t = r_t + γ(1 − d_t)·G_{t+1}, G_T = 0.

Where the chapter's 5 self-check assertions (same numbers, same tolerances) are checked:
  1. rng = default_rng(2024), (T, γ) ∈ {(1, 0.9), (13, 0.99), (40, 0.5)}, r ~ U(−1, 1) f32,
     d = (U < 0.2) f32: the output has shape (T,)                         → check "shape"
  2. the same data agree with the step-by-step recursion (float64), atol 1e-5 → check "loop"
  3. discounted_returns([1,2,3,4], [0,1,0,1], 0.5) ≈ [2, 2, 5, 4] (np.allclose's default
     tolerances)                                                          → check "done_truncates"
  4. with γ = 0.9, 50 rewards of 1 and 50 done flags of 0, the program holds a scan primitive
                                                                          → check "scan_in_jaxpr"
  5. then, from the same rng, R (3, 9) ~ U(0, 1) f32, dones all 0, γ = 0.9: under jit of
     vmap (in_axes 0, 0, None) every row agrees with the recursion, atol 1e-5 → check "jit_vmap"
Added: reverse=True as the statement asks (the program's scan runs backwards) → check "scan_reverse"
       fresh random data, denser done flags, γ as an ordinary (traced) jit argument → check "fresh"
       two calls with the same T = 17, the second with a new γ and new data (nothing is kept
       from the first call, such as γ in a jitted closure cached per length)
                                                                          → check "gamma_each_call"
"""

import weakref

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _returns_ref as RR
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    compare,
    fail,
    lead,
    msg,
    primitive_counts,
    rng,
    skip,
    which_mistake,
)
from tutor.worker.mistakes import produced

checks = Checks("ex_a1_1")


def _returns(L, r, d, gamma, T):
    """The learner's G for one trajectory, validated: a numeric array of shape (T,)."""
    import jax.numpy as jnp

    out = L.discounted_returns(jnp.asarray(r), jnp.asarray(d), gamma)
    OUT = msg("ex_a1_1.result")
    if isinstance(out, (tuple, list)) and len(out) == 2:
        second = as_array(out[1], msg("ex_a1_1.second_item", out=OUT))
        if compare(second, RR.returns_ref(r, d, gamma), rtol=1e-5, atol=1e-5) is None:
            fail(
                msg("ex_a1_1.returned_scan_pair", out=OUT),
                actual_structure=f"{type(out).__name__} of 2",
            )
    arr = as_array(out, OUT)
    if arr.shape != (T,):
        want = RR.returns_ref(r, d, gamma)
        if arr.ndim == 0 and compare(float(arr), want[0], rtol=1e-5, atol=1e-5) is None:
            fail(
                msg("ex_a1_1.returned_final_carry", t=T),
                expected_shape=[T],
                actual_shape=list(arr.shape),
            )
        fail(
            msg("ex_a1_1.shape_differs", t=T, shape=arr.shape),
            expected_shape=[T],
            actual_shape=list(arr.shape),
        )
    return arr


def _distinct(mistakes, rtol, atol):
    """The mistakes whose output on these inputs no other mistake gives: where two produce the
    same numbers (on [0,1,0,1] flags, d_{t+1} and an un-negated d_t coincide) neither is named."""
    return [
        m
        for m in mistakes
        if not any(
            o is not m and compare(m.value, o.value, rtol=rtol, atol=atol) is None for o in mistakes
        )
    ]


FIRST_GAMMA = 0.9  # the γ of the job's first call (the shape check's first trajectory)


_LOOP_NAMED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _loop_named(L):
    """The label of the mistake check "loop" named on the chapter's trajectories, or None.
    Computed once per run, only after a later comparison failed."""
    if L not in _LOOP_NAMED:
        cases, _ = _chapter_batches()
        got = [(T, gamma, r, d, _returns(L, r, d, gamma, T)) for T, gamma, r, d in cases]
        _LOOP_NAMED[L] = _loop_choice(got)[1]
    return _LOOP_NAMED[L]


def _mistake_label(got, r, d, gamma, rtol=0.0, atol=1e-5):
    """The label of the one known mistake whose output on this trajectory the learner's returns
    equal (no other mistake giving the same numbers), or None."""
    found = which_mistake(
        got, _distinct(produced(RR.MISTAKES, r, d, gamma), rtol, atol), rtol=rtol, atol=atol
    )
    return None if found is None else found.label


def _loop_choice(got):
    """The trajectory check "loop" shows and the mistake it names there (or None). A mistake is
    named where it alone gives the learner's returns, and only when every other differing
    trajectory equals it too (on T = 1 a start of G_T = 1 gives what an added G_{t+1} gives, and
    T = 13 tells them apart); otherwise the first differing trajectory naming no mistake is shown,
    without a cause."""
    differing = [
        c
        for c in got
        if compare(c[4], RR.returns_ref(c[2], c[3], c[1]), rtol=0.0, atol=1e-5) is not None
    ]
    labels = [_mistake_label(c[4], c[2], c[3], c[1]) for c in differing]
    fits = [
        {
            m.label
            for m in produced(RR.MISTAKES, c[2], c[3], c[1])
            if compare(c[4], m.value, rtol=0.0, atol=1e-5) is None
        }
        for c in differing
    ]
    for case, label in zip(differing, labels, strict=True):
        if label is not None and all(label in f for f in fits):
            return case, label
    unnamed = [c for c, label in zip(differing, labels, strict=True) if label is None]
    return ((unnamed or differing)[:1] or [None])[0], None


def _silent_if_loop_named(L, got, r, d, gamma, what, rtol, atol):
    """A later comparison stays silent when the learner's returns here are exactly the mistake
    check "loop" already named (the same mistake computed on these inputs)."""
    if compare(got, RR.returns_ref(r, d, gamma), rtol=rtol, atol=atol) is None:
        return
    found = which_mistake(
        got, _distinct(produced(RR.MISTAKES, r, d, gamma), rtol, atol), rtol=rtol, atol=atol
    )
    if found is not None and found.label == _loop_named(L):
        skip(msg("ex_a1_1.same_mistake_again", what=lead(what)), covered_by="loop")


def _compare(got, r, d, gamma, *, what, lead, rtol=0.0, atol=1e-5, L=None, name=True):
    if L is not None:
        _silent_if_loop_named(L, got, r, d, gamma, what, rtol, atol)
    kept = (
        [
            Mistake(
                "kept_gamma",
                RR.returns_ref(r, d, FIRST_GAMMA),
                lead + msg("ex_a1_1.gamma_kept", gamma=gamma, first=FIRST_GAMMA),
            )
        ]
        if gamma != FIRST_GAMMA
        else []
    )
    assert_close(
        got,
        RR.returns_ref(r, d, gamma),
        rtol=rtol,
        atol=atol,
        what=what,
        mistakes=[
            Mistake(m.label, m.value, lead + m.message)
            for m in _distinct(produced(RR.MISTAKES, r, d, gamma), rtol, atol)
        ]
        + kept
        if name
        else [],
        msg=lead + msg("ex_a1_1.differs_from_recursion"),
    )


def _chapter_batches():
    """The chapter's self-check data: one default_rng(2024) makes 3 trajectories, then R (3, 9)."""
    g = np.random.default_rng(2024)
    cases = []
    for T, gamma in ((1, FIRST_GAMMA), (13, 0.99), (40, 0.5)):
        r = g.uniform(-1, 1, T).astype(np.float32)
        d = (g.uniform(size=T) < 0.2).astype(np.float32)
        cases.append((T, gamma, r, d))
    R = g.uniform(size=(3, 9)).astype(np.float32)
    return cases, R


@checks.add("shape")
def _(L):
    cases, _ = _chapter_batches()
    for T, gamma, r, d in cases:
        _returns(L, r, d, gamma, T)


@checks.add("loop", needs="shape")
def _(L):
    """Every trajectory is compared; the one shown is the first that differs where the numbers
    tell the mistake apart (on T = 1 several mistakes give the same single number)."""
    cases, _ = _chapter_batches()
    got = [(T, gamma, r, d, _returns(L, r, d, gamma, T)) for T, gamma, r, d in cases]
    case, label = _loop_choice(got)
    if case is not None:
        T, gamma, r, d, arr = case
        _compare(
            arr,
            r,
            d,
            gamma,
            what=msg("ex_a1_1.returns_of", t=T, gamma=gamma),
            lead=msg("ex_a1_1.case", t=T, gamma=gamma),
            name=label is not None or _mistake_label(arr, r, d, gamma) is None,
        )


@checks.add("done_truncates", needs="shape")
def _(L):
    r = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    d = np.array([0.0, 1.0, 0.0, 1.0], np.float32)
    got = _returns(L, r, d, 0.5, 4)
    _compare(got, r, d, 0.5, what="G", lead=msg("ex_a1_1.want_2_2_5_4"), rtol=1e-5, atol=1e-8, L=L)


def _program(L, T):
    import jax.numpy as jnp

    return primitive_counts(
        lambda rew, fin: L.discounted_returns(rew, fin, 0.9), jnp.ones(T), jnp.zeros(T)
    )


@checks.add("scan_in_jaxpr", needs="shape")
def _(L):
    counts = _program(L, 50)
    if counts["scan"]:
        return
    bigger = _program(L, 100)
    n50, n100 = sum(counts.values()), sum(bigger.values())
    if A1.grows_with(50, 100, n50, n100):
        fail(
            msg("ex_a1_1.unrolled", n50=n50, n100=n100),
            equations_T50=n50,
            equations_T100=n100,
            primitives=A1.top_primitives(counts),
        )
    fail(
        msg("ex_a1_1.no_scan", n50=n50),
        primitives=A1.top_primitives(counts),
    )


def _numbers_right(L) -> bool:
    """Whether the learner's returns agree with the recursion on every chapter trajectory (said
    as "the numbers are right" only then)."""
    cases, _ = _chapter_batches()
    return all(
        compare(_returns(L, r, d, gamma, T), RR.returns_ref(r, d, gamma), rtol=0.0, atol=1e-5)
        is None
        for T, gamma, r, d in cases
    )


@checks.add("scan_reverse", needs="scan_in_jaxpr")
def _(L):
    import jax.numpy as jnp

    flags = A1.scan_directions(
        lambda rew, fin: L.discounted_returns(rew, fin, 0.9), jnp.ones(50), jnp.zeros(50)
    )
    if any(flags):
        return
    counts = _program(L, 50)
    if counts["rev"]:
        fail(
            msg("ex_a1_1.flipped_around_scan")
            + (msg("ex_a1_1.flipped_numbers_right") if _numbers_right(L) else ""),
            scan_reverse_flags=flags,
            rev_ops=counts["rev"],
        )
    fail(
        msg("ex_a1_1.scan_forward"),
        scan_reverse_flags=flags,
    )


@checks.add("jit_vmap", needs="shape")
def _(L):
    import jax
    import jax.numpy as jnp

    _, R = _chapter_batches()
    batched = jax.jit(jax.vmap(L.discounted_returns, in_axes=(0, 0, None)))
    G = as_array(
        batched(jnp.asarray(R), jnp.zeros((3, 9)), 0.9),
        msg("ex_a1_1.batched_result"),
        shape=(3, 9),
    )
    for i in range(3):
        _compare(
            G[i],
            R[i],
            np.zeros(9),
            0.9,
            what=msg("ex_a1_1.trajectory", i=i),
            lead=msg("ex_a1_1.batched_trajectory", i=i),
            L=L,
        )


@checks.add("fresh", needs="shape")
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(1101)
    B, T = 4, 25
    R = g.normal(size=(B, T)).astype(np.float32)
    D = (g.uniform(size=(B, T)) < 0.35).astype(np.float32)
    D[:, -1] = 1.0
    gamma = 0.97
    run = jax.jit(jax.vmap(L.discounted_returns, (0, 0, None)))
    G = as_array(
        run(jnp.asarray(R), jnp.asarray(D), jnp.float32(gamma)),
        msg("ex_a1_1.batched_result"),
        shape=(B, T),
    )
    for i in range(B):
        _compare(
            G[i],
            R[i],
            D[i],
            gamma,
            what=msg("ex_a1_1.trajectory", i=i),
            lead=msg("ex_a1_1.fresh_trajectory", i=i),
            L=L,
        )


@checks.add("gamma_each_call", needs="shape")
def _(L):
    """Two calls with the same length T: the second brings a new γ and new data. An answer that
    keeps anything from the first call (a jitted closure cached per length, with γ inside) gives
    the first γ's returns."""
    g = rng(1102)
    T, first_gamma, second_gamma = 17, 0.9, 0.6
    r1 = g.uniform(-1, 1, T).astype(np.float32)
    d1 = (g.uniform(size=T) < 0.2).astype(np.float32)
    r2 = g.uniform(-1, 1, T).astype(np.float32)
    d2 = (g.uniform(size=T) < 0.2).astype(np.float32)
    first = _returns(L, r1, d1, first_gamma, T)
    _compare(
        first,
        r1,
        d1,
        first_gamma,
        what=msg("ex_a1_1.returns_of", t=T, gamma=first_gamma),
        lead=msg("ex_a1_1.case", t=T, gamma=first_gamma),
        L=L,
    )
    second = _returns(L, r2, d2, second_gamma, T)
    want = RR.returns_ref(r2, d2, second_gamma)
    if compare(second, want, rtol=0.0, atol=1e-5) is None:
        return
    if compare(second, RR.returns_ref(r2, d2, first_gamma), rtol=0.0, atol=1e-5) is None:
        assert_close(  # known to differ: shown as a comparison, with what it equals instead
            second,
            want,
            rtol=0.0,
            atol=1e-5,
            what=msg("ex_a1_1.returns_of", t=T, gamma=second_gamma),
            msg=msg("ex_a1_1.gamma_frozen", t=T, gamma=second_gamma, first=first_gamma),
        )
    _compare(
        second,
        r2,
        d2,
        second_gamma,
        what=msg("ex_a1_1.returns_of", t=T, gamma=second_gamma),
        lead=msg("ex_a1_1.second_call", t=T, gamma=second_gamma),
        L=L,
    )
