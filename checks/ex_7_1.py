"""Exercise 7.1: a compile-budget test for a serving function: test_serve_compiles and serve_fixed.

The chapter's self-check, and where each assertion lives here:
  1. caches cleared; the original serve under a budget of 3 for "normalize_rows": reported as over
     budget, with a count above 3                                                 -> budget_fails
  2. caches cleared; a budget of 1000: within budget, same count                  -> budget_passes
  3. twelve new requests whose row counts straddle the bucket edges (NEW_LENGTHS), default_rng(11),
     float32 (n, 8), eps 1e-3 alternating Python float (odd i) / jnp.float32 (even i); caches
     cleared; at most 3 compiles                                                  -> fixed_compiles
  4. twelve outputs                                                               -> fixed_outputs
  5. each output has its request's shape (padding rows removed)                   -> fixed_outputs
  6. each output within atol 1e-6 of the float64 row normalisation with eps 1e-3  -> fixed_outputs
The chapter counted every compile after clearing the caches, so a once-per-dtype conversion such as
jnp.asarray(eps, jnp.float32) failed it. Here everything the run compiles is counted (functions and
eager device ops alike) over two request sets: the first (NEW_LENGTHS) may compile each name at
most once per bucket, and the learner's functions (every name that is not a JAX primitive) at most
3 times in all; the second (LATER_LENGTHS: new row counts, same buckets) must compile nothing, so
an op whose shape follows the row count (a device slice out[:n]) fails while a conversion compiled
once per dtype passes. A failure names a cause only after a probe run has shown it.
Added: the reported count equals the real number of compiles; count == budget is within budget;
fun_name filters (compiles of other functions are not counted); the outputs are NumPy arrays; the
bucket edges are the statement's 32 / 64 / 128 (single requests compile exactly when a new bucket
starts)."""

import numpy as np
from _ch7 import per_name, split_compiles
from _ch7_buckets import bucket_pattern_says, edge_finds_no_bucket
from _ch7_budget_modes import budget_escaped, budget_modes
from _ch7_compile_names import learner_names, shown_counts, shown_name
from _repair_ch7 import every_call_cause

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    fail,
    msg,
)

checks = Checks("ex_7_1")

BUCKETS = (32, 64, 128)
NEW_LENGTHS = (1, 31, 32, 33, 64, 65, 100, 128, 7, 50, 127, 2)  # around the edges of 32 / 64 / 128
# none seen before, same three buckets
LATER_LENGTHS = (5, 20, 29, 12, 36, 48, 61, 70, 90, 111, 126, 80)


def _pair(r, call):
    """(within budget, count) from what test_serve_compiles returned: a tuple or list whose first
    two items are those (the chapter's own test only indexes r[0] and r[1])."""
    if not (isinstance(r, (tuple, list)) and not hasattr(r, "shape") and len(r) >= 2):
        as_tuple(r, 2, msg("ex_7_1.result_of", call=call))
    first, second = r[0], r[1]
    if isinstance(second, (bool, np.bool_)) and not isinstance(first, (bool, np.bool_)):
        fail(
            msg("ex_7_1.pair_swapped", call=call, first=repr(first), second=repr(second)),
            expected="(bool, int)",
            actual=[repr(first), repr(second)],
        )
    ok = as_scalar(first, msg("ex_7_1.first_item", call=call))
    n = as_scalar(second, msg("ex_7_1.second_item", call=call))
    assert_that(n == int(n), msg("ex_7_1.count_not_int", call=call, n=n), actual=n)
    return bool(ok), int(n)


checks.explains(budget_escaped)


@checks.add("budget_fails")
def _(L):
    import jax

    jax.clear_caches()
    r = L.test_serve_compiles(L.serve, "normalize_rows", 3)
    ok, n = _pair(r, 'test_serve_compiles(serve, "normalize_rows", 3)')
    # the real count, measured independently (the check's own log, caches cleared again)
    with CompileLog() as log:
        L.serve(L.ex1_batches, L.ex1_eps)
    real = log.count("normalize_rows")
    L.ns["_jaxtutor_7_1_real"] = real
    other = [m for m in budget_modes(L, "normalize_rows", 3) if m != "raise"]
    warned = ok and real > 3 and other
    assert_that(
        not ok,
        msg("ex_7_1.over_budget_passed", real=real)
        + (msg("ex_7_1.budget_only_warns", mode=repr(other[0])) if warned else ""),
        expected=[False, real],
        actual=[ok, n],
    )
    assert_equal(
        n,
        real,
        what=msg("ex_7_1.compiles_of_normalize_rows"),
        msg=msg("ex_7_1.wrong_count", n=n, real=real),
    )


@checks.add("budget_passes", needs="budget_fails")
def _(L):
    import jax

    jax.clear_caches()
    r_big = L.test_serve_compiles(L.serve, "normalize_rows", 1000)
    ok, n = _pair(r_big, 'test_serve_compiles(serve, "normalize_rows", 1000)')
    real = L.ns["_jaxtutor_7_1_real"]
    assert_that(
        ok,
        msg("ex_7_1.within_budget_failed", real=real),
        expected=True,
        actual=ok,
    )
    assert_equal(
        n,
        real,
        what=msg("ex_7_1.compile_count"),
        msg=msg("ex_7_1.count_depends_on_budget", n=n, real=real),
    )


@checks.add("budget_edge")
def _(L):
    import jax

    def _probe_target(x):
        return x * 3.0

    def _probe_other(x):
        return x - 1.0

    target = jax.jit(_probe_target)
    other = jax.jit(_probe_other)

    def fake_serve(batches, eps_list):
        # 2 compiles of _probe_target (two shapes) and 3 of _probe_other (three shapes); NumPy
        # inputs, so nothing else compiles. 6 outputs: the last call hits the cache, so a count
        # of the replies (6) is not the count over all functions (5)
        outs = [target(np.ones(5, np.float32)), target(np.ones(6, np.float32))]
        outs += [other(np.ones(k, np.float32)) for k in (2, 3, 4)]
        outs.append(target(np.full(5, 2.0, np.float32)))
        return [np.asarray(o) for o in outs]

    with CompileLog() as log:
        fake_serve(None, None)
    everything = log.total
    jax.clear_caches()
    r = L.test_serve_compiles(fake_serve, "_probe_target", 2)
    ok, n = _pair(r, 'test_serve_compiles(fake_serve, "_probe_target", 2)')
    if n == everything and n != 2:
        assert_equal(
            [ok, n],
            [True, 2],
            what=msg("ex_7_1.test_result"),
            msg=msg("ex_7_1.counted_all_functions", n=n),
        )
    assert_equal(
        n,
        2,
        what=msg("ex_7_1.compiles_of_probe"),
        msg=msg("ex_7_1.probe_count_wrong", n=n),
    )
    assert_that(
        ok,
        msg("ex_7_1.edge_counted_over"),
        expected=[True, 2],
        actual=[ok, n],
    )


def _precompiled_rows(ns) -> set[int]:
    """The row counts of the 2-D float32 inputs taken by the executables the learner compiled
    ahead of time (`jax.jit(f).lower(...).compile()`), kept at module level or in a list, tuple
    or dict there."""
    import jax

    found: set[int] = set()

    def visit(value, depth):
        if isinstance(value, jax.stages.Compiled):
            for arg in jax.tree.leaves(value.args_info):
                shape = tuple(getattr(arg, "shape", ()))
                if len(shape) == 2 and str(getattr(arg, "dtype", "")) == "float32":
                    found.add(int(shape[0]))
        elif depth < 3 and type(value) in (list, tuple):
            for item in value[:64]:
                visit(item, depth + 1)
        elif depth < 3 and type(value) is dict:
            for item in list(value.values())[:64]:
                visit(item, depth + 1)

    for name, value in list(ns.items()):
        if not str(name).startswith(("__", "_jaxtutor")):
            visit(value, 0)
    return found


def _requests(lengths, seed, eps_kinds="alternate"):
    import jax.numpy as jnp

    gen = np.random.default_rng(seed)
    batches = [np.asarray(gen.standard_normal((rows, 8)), dtype=np.float32) for rows in lengths]
    if eps_kinds == "alternate":
        eps_list = [jnp.float32(1e-3) if i % 2 == 0 else 1e-3 for i in range(len(batches))]
    else:
        eps_list = [np.float32(1e-3)] * len(batches)
    return batches, eps_list


def _limits_broken(names, ns) -> list[str]:
    """What the first request set's compiles break: a name compiled more often than there are
    buckets, or the functions (non-primitive names) compiled more than 3 times in all."""
    funcs, _ = split_compiles(names)
    broken = [
        msg("ex_7_1.name_over_buckets", name=shown_name(ns, k), count=v)
        for k, v in per_name(names).items()
        if v > len(BUCKETS)
    ]
    if len(funcs) > len(BUCKETS) and not broken:
        broken.append(
            msg(
                "ex_7_1.functions_over_buckets",
                count=len(funcs),
                per_name=shown_counts(ns, per_name(funcs)),
            )
        )
    return broken


def _why(L, counts, later: bool = False) -> str:
    """What extra compiles come from, said only once a probe run has shown it (`later`: the
    second request set compiled, else the first set broke its limits)."""
    sliced = {
        k: v for k, v in counts.items() if k in ("slice", "dynamic_slice") and v >= len(NEW_LENGTHS)
    }
    if sliced:
        return msg("ex_7_1.sliced_on_device", sliced=msg("ex_7_1.joiner").join(sorted(sliced)))
    same_b, same_e = _requests((20,) * len(NEW_LENGTHS), 12, eps_kinds="float32")
    with CompileLog() as probe:
        L.serve_fixed(same_b, same_e)
    if probe.total >= len(same_b):
        cause = every_call_cause(lambda: L.serve_fixed(same_b[:1], same_e[:1]), "", "")
        return msg("ex_7_1.recompiles_every_request", total=probe.total) + cause
    rebuilt = every_call_cause(
        lambda: L.serve_fixed(same_b[:1], same_e[:1]), msg("ex_7_1.jit_per_serve"), ""
    )
    if rebuilt:
        return msg("ex_7_1.measured_cause", cause=rebuilt)
    uni_b, uni_e = _requests(NEW_LENGTHS, 11, eps_kinds="float32")
    with CompileLog() as probe:
        L.serve_fixed(uni_b, uni_e)
    uniform = per_name(probe.names)
    if later:  # eps is the cause only if the second set, with one eps type, compiles nothing
        uni_later_b, uni_later_e = _requests(LATER_LENGTHS, 13, eps_kinds="float32")
        with CompileLog(clear=False) as uni_later:
            L.serve_fixed(uni_later_b, uni_later_e)
        eps_is_cause = not uni_later.total
    else:
        eps_is_cause = not _limits_broken(probe.names, L.ns)
    if eps_is_cause:
        return msg("ex_7_1.eps_two_types", uniform=shown_counts(L.ns, uniform))
    per_size = sorted(k for k, v in uniform.items() if v == len(set(NEW_LENGTHS)))
    mine = learner_names(L.ns)
    unpadded = [k for k in per_size if k in mine]
    if unpadded:
        return msg("ex_7_1.rows_not_padded", unpadded=unpadded, buckets=BUCKETS)
    if per_size:  # JAX's own operations, run one at a time on the request's unpadded rows
        return msg("ex_7_1.eager_padding")
    return ""


@checks.add("fixed_compiles")
def _(L):
    batches, eps_list = _requests(NEW_LENGTHS, 11)
    with CompileLog() as first:  # clears JAX's caches first
        try:
            outs = L.serve_fixed(batches, eps_list)
        except StopIteration as e:
            why = edge_finds_no_bucket(L)
            if not why:
                raise
            fail(msg("ex_7_1.serve_raised", error="StopIteration", why=why), error=repr(e))
    later_b, later_e = _requests(LATER_LENGTHS, 13)
    with CompileLog(clear=False) as later:
        later_outs = L.serve_fixed(later_b, later_e)
    L.ns["_jaxtutor_7_1_outs"] = [
        (NEW_LENGTHS, batches, outs),
        (LATER_LENGTHS, later_b, later_outs),
    ]
    if later.total:
        counts = per_name(later.names)
        assert_equal(
            later.total,
            0,
            what=msg("ex_7_1.second_batch_compiles"),
            msg=msg(
                "ex_7_1.second_batch_compiled",
                total=later.total,
                counts=shown_counts(L.ns, counts),
            )
            + _why(L, counts, later=True),
        )
    broken = _limits_broken(first.names, L.ns)
    if broken:
        fail(
            msg("ex_7_1.first_batch_broken", broken=";".join(broken))
            + _why(L, per_name(first.names)),
            expected=msg("ex_7_1.limits"),
            actual=shown_counts(L.ns, per_name(first.names)),
        )
    funcs, eager = split_compiles(first.names)
    assert_that(
        funcs or _precompiled_rows(L.ns),
        msg("ex_7_1.no_jit_seen_eager", eager=per_name(eager))
        if eager
        else msg("ex_7_1.no_jit_seen"),
        actual=first.names,
    )


@checks.add("buckets", needs="fixed_compiles")
def _(L):
    # One request at a time, eps always np.float32: a request compiles only when its row count
    # falls into a bucket not seen before, so the pattern of compiles reveals the bucket edges.
    rows_seq = (1, 32, 33, 64, 65, 128)
    expected = [True, False, True, False, True, False]
    compiled = []
    with CompileLog() as log:
        for rows in rows_seq:
            before = log.total
            batch, eps = _requests((rows,), 14, eps_kinds="float32")
            L.serve_fixed(batch, eps)
            compiled.append(log.names[before:])
    seen = [bool(names) for names in compiled]
    if not any(seen) and _precompiled_rows(L.ns):
        # compiled ahead of time (lower(...).compile()): nothing compiles while serving, and the
        # executables the learner keeps say which row counts they take
        rows = sorted(_precompiled_rows(L.ns))
        assert_equal(
            rows,
            list(BUCKETS),
            what=msg("ex_7_1.rows_of_precompiled"),
            msg=msg("ex_7_1.precompiled_rows_wrong", rows=rows, buckets=BUCKETS),
        )
        return
    compiled_at = [r for r, c in zip(rows_seq, seen, strict=True) if c]
    assert_equal(
        compiled_at,
        [r for r, c in zip(rows_seq, expected, strict=True) if c],
        what=msg("ex_7_1.rows_at_compile"),
        msg=bucket_pattern_says(rows_seq, compiled, expected, L.ns),
    )


@checks.add(
    "fixed_outputs",
    needs="fixed_compiles",
)
def _(L):
    for lengths, batches, outs in L.ns["_jaxtutor_7_1_outs"]:
        items = as_tuple(outs, len(batches), msg("ex_7_1.serve_fixed_result"))
        for n, b, o in zip(lengths, batches, items, strict=False):
            arr = as_array(o, msg("ex_7_1.output_of_rows", n=n))
            if arr.shape != b.shape:
                bucket = next(size for size in BUCKETS if n <= size)
                hint = (
                    msg("ex_7_1.padding_kept", bucket=bucket)
                    if arr.shape == (bucket, b.shape[1])
                    else ""
                )
                assert_equal(
                    list(arr.shape),
                    list(b.shape),
                    what=msg("ex_7_1.output_shape_of_rows", n=n),
                    msg=msg(
                        "ex_7_1.output_shape_wrong", n=n, shape=arr.shape, want=b.shape, hint=hint
                    ),
                )
            assert_that(
                isinstance(o, np.ndarray),
                msg(
                    "ex_7_1.output_not_numpy", n=n, module=type(o).__module__, name=type(o).__name__
                ),
                actual=type(o).__name__,
            )
            wide = np.asarray(b, dtype=np.float64)
            ref = wide / (np.linalg.norm(wide, axis=1)[:, None] + 1e-3)
            assert_close(
                arr,
                ref,
                rtol=0,
                atol=1e-6,
                what=msg("ex_7_1.request_of_rows", n=n),
                msg=msg("ex_7_1.output_differs", n=n),
            )
