"""练习 7.1 给服务函数写编译预算测试:test_serve_compiles 与 serve_fixed.

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
)

checks = Checks()

BUCKETS = (32, 64, 128)
NEW_LENGTHS = (1, 31, 32, 33, 64, 65, 100, 128, 7, 50, 127, 2)  # around the edges of 32 / 64 / 128
LATER_LENGTHS = (
    5,
    20,
    29,
    12,
    36,
    48,
    61,
    70,
    90,
    111,
    126,
    80,
)  # none seen before, same three buckets


def _pair(r, call):
    """(within budget, count) from what test_serve_compiles returned: a tuple or list whose first
    two items are those (the chapter's own test only indexes r[0] and r[1])."""
    if not (isinstance(r, (tuple, list)) and not hasattr(r, "shape") and len(r) >= 2):
        as_tuple(r, 2, f"{call} 的返回值")
    first, second = r[0], r[1]
    if isinstance(second, (bool, np.bool_)) and not isinstance(first, (bool, np.bool_)):
        fail(
            f"{call} 返回的前两项是 ({first!r}, {second!r}):顺序反了,应为 (是否在预算内, "
            "编译次数)。",
            expected="(bool, int)",
            actual=[repr(first), repr(second)],
        )
    ok = as_scalar(first, f"{call} 的第 1 项(是否在预算内)")
    n = as_scalar(second, f"{call} 的第 2 项(编译次数)")
    assert_that(n == int(n), f"{call} 的第 2 项应是整数编译次数,得到 {n}。", actual=n)
    return bool(ok), int(n)


@checks.add("budget_fails", "原始 serve 在 3 次的预算下判为不通过,编译次数 > 3")
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
    assert_that(
        not ok,
        f"原始 serve 让 normalize_rows 编译了 {real} 次,超出 3 次的预算,你的测试却判为在预算内。",
        expected=[False, real],
        actual=[ok, n],
    )
    assert_equal(
        n,
        real,
        what="jit(normalize_rows) 的编译次数",
        msg=f"返回的编译次数是 {n},但服务 ex1_batches / ex1_eps 这 20 个请求时 normalize_rows "
        f"实际编译了 {real} 次(应 > 3)。",
    )


@checks.add("budget_passes", "预算足够大(1000)时判为通过,编译次数不变", needs="budget_fails")
def _(L):
    import jax

    jax.clear_caches()
    r_big = L.test_serve_compiles(L.serve, "normalize_rows", 1000)
    ok, n = _pair(r_big, 'test_serve_compiles(serve, "normalize_rows", 1000)')
    real = L.ns["_jaxtutor_7_1_real"]
    assert_that(
        ok,
        f"编译 {real} 次、预算 1000 次,应判为在预算内,你的测试判为超支。",
        expected=True,
        actual=ok,
    )
    assert_equal(
        n,
        real,
        what="编译次数",
        msg=f"预算为 1000 时返回的编译次数是 {n},实际是 {real} 次:预算只决定判定结果,不影响计数。",
    )


@checks.add("budget_edge", "编译次数恰好等于预算算通过;只统计名为 fun_name 的函数")
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
        # inputs, so nothing else compiles
        outs = [target(np.ones(5, np.float32)), target(np.ones(6, np.float32))]
        outs += [other(np.ones(k, np.float32)) for k in (2, 3, 4)]
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
            what="test_serve_compiles 的返回值",
            msg=f"一个服务函数让 _probe_target 编译 2 次、_probe_other 编译 3 次,你的测试报告 {n} "
            "次,正好是全部函数的编译次数:计数没有只算名为 fun_name 的函数。",
        )
    assert_equal(
        n,
        2,
        what="jit(_probe_target) 的编译次数",
        msg=f"一个服务函数让 _probe_target 编译 2 次,你的测试报告 {n} 次。",
    )
    assert_that(
        ok,
        "编译 2 次、预算 2 次应判为在预算内(预算是最多允许的次数),你的测试判为超支。",
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


def _limits_broken(names) -> list[str]:
    """What the first request set's compiles break: a name compiled more often than there are
    buckets, or the functions (non-primitive names) compiled more than 3 times in all."""
    funcs, _ = split_compiles(names)
    broken = [
        f"{k} 编译了 {v} 次(桶只有 3 个)" for k, v in per_name(names).items() if v > len(BUCKETS)
    ]
    if len(funcs) > len(BUCKETS) and not broken:
        broken.append(f"函数合计编译了 {len(funcs)} 次(应 ≤ 3):{per_name(funcs)}")
    return broken


def _why(L, counts) -> str:
    """What extra compiles come from, said only once a probe run has shown it."""
    sliced = {
        k: v for k, v in counts.items() if k in ("slice", "dynamic_slice") and v >= len(NEW_LENGTHS)
    }
    if sliced:
        return (
            f"其中 {sliced} 正好每种新行数一次:padding 行是在 jax 数组上按行数切掉的(out[:n]),"
            "每种切片形状都要单独编译;先转成 NumPy 数组再切:np.asarray(out)[:n]。"
        )
    same_b, same_e = _requests((20,) * len(NEW_LENGTHS), 12, eps_kinds="float32")
    with CompileLog() as probe:
        L.serve_fixed(same_b, same_e)
    if probe.total >= len(same_b):
        return (
            "再用 12 个行数相同(20 行)、eps 都是 np.float32 的请求试了一次,仍编译了 "
            f"{probe.total} 次:"
            "每个请求都重新编译,和行数、eps 类型都无关(jit 函数是不是每次都新建?)。"
        )
    uni_b, uni_e = _requests(NEW_LENGTHS, 11, eps_kinds="float32")
    with CompileLog() as probe:
        L.serve_fixed(uni_b, uni_e)
    uniform = per_name(probe.names)
    if not _limits_broken(probe.names):
        return (
            f"同样 12 个请求、只把 eps 全换成 np.float32 再试一次,就只编译 {uniform}:"
            "多出来的编译来自 eps 的两种类型(Python float 是弱类型,jnp.float32 是强类型),要把 eps "
            "统一成一种。"
        )
    per_size = sorted(k for k, v in uniform.items() if v == len(set(NEW_LENGTHS)))
    mine = _learner_function_names(L.ns)
    unpadded = [k for k in per_size if k in mine]
    if unpadded:
        return (
            f"eps 统一成 np.float32 以后,你的函数 {unpadded} 仍是每种行数编译一次:"
            f"行数没有补齐到桶 {BUCKETS}。"
        )
    if per_size:  # JAX's own operations, run one at a time on the request's unpadded rows
        return (
            f"eps 统一成 np.float32 以后,{per_size} 仍是每种行数编译一次:它们不是你的函数,"
            "而是在设备上"
            "对还没补齐的请求直接执行的 JAX 操作(比如 jnp.pad、jnp.concatenate),"
            "每种输入形状都要编译一次;"
            "补零放在 NumPy 里做,jax 只见到桶大小的数组。"
        )
    return ""


def _learner_function_names(ns) -> set[str]:
    """The names the learner's functions compile under: each function at module level, and the
    function inside a jax.jit wrapper."""
    import types

    names = set()
    for value in list(ns.values()):
        inner = getattr(value, "__wrapped__", value) if callable(value) else None
        if isinstance(inner, types.FunctionType):
            names.add(inner.__name__)
    return names


@checks.add("fixed_compiles", "serve_fixed:每个桶最多编译一次,新的行数不再触发任何编译")
def _(L):
    batches, eps_list = _requests(NEW_LENGTHS, 11)
    with CompileLog() as first:  # clears JAX's caches first
        outs = L.serve_fixed(batches, eps_list)
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
            what="第二批请求的编译次数",
            msg=f"第二批 12 个请求(行数都是新的,仍落在同样 3 个桶里)又编译了 {later.total} 次:"
            f"{counts}。"
            "桶不变时,新的行数不应再触发任何编译。" + _why(L, counts),
        )
    broken = _limits_broken(first.names)
    if broken:
        fail(
            f"清空缓存后处理 12 个新请求:{';'.join(broken)}。" + _why(L, per_name(first.names)),
            expected="每个名字 ≤ 3 次,函数合计 ≤ 3 次",
            actual=per_name(first.names),
        )
    funcs, eager = split_compiles(first.names)
    assert_that(
        funcs or _precompiled_rows(L.ns),
        "没有看到任何 jit 函数的编译,你的模块里也没有提前编译好的函数(jax.jit(f).lower(…)"
        ".compile())"
        + (f"(只有单个算子 {per_name(eager)})" if eager else "")
        + ":serve_fixed 应调用一个 jax.jit 编译的函数做归一化。",
        actual=first.names,
    )


@checks.add("buckets", "行数补齐到的桶正好是 (32, 64, 128)", needs="fixed_compiles")
def _(L):
    # One request at a time, eps always np.float32: a request compiles only when its row count
    # falls into a bucket not seen before, so the pattern of compiles reveals the bucket edges.
    rows_seq = (1, 32, 33, 64, 65, 128)
    expected = [True, False, True, False, True, False]
    seen = []
    with CompileLog() as log:
        for rows in rows_seq:
            before = log.total
            batch, eps = _requests((rows,), 14, eps_kinds="float32")
            L.serve_fixed(batch, eps)
            seen.append(log.total > before)
    if not any(seen) and _precompiled_rows(L.ns):
        # compiled ahead of time (lower(...).compile()): nothing compiles while serving, and the
        # executables the learner keeps say which row counts they take
        rows = sorted(_precompiled_rows(L.ns))
        assert_equal(
            rows,
            list(BUCKETS),
            what="提前编译好的函数接收的行数",
            msg=f"服务时没有再编译,提前编译好的函数接收的行数是 {rows}:桶应是 {BUCKETS}。",
        )
        return
    compiled_at = [r for r, c in zip(rows_seq, seen, strict=True) if c]
    assert_equal(
        compiled_at,
        [r for r, c in zip(rows_seq, expected, strict=True) if c],
        what="编译发生时的行数",
        msg="依次送行数 1、32、33、64、65、128 的单个请求,只有进入新桶时才应编译"
        f"(1 → 桶 32,33 → 桶 64,65 → 桶 128),实际编译发生在:{compiled_at}。桶应是 (32, 64, 128)。",
    )


@checks.add(
    "fixed_outputs",
    "输出个数、形状(去掉 padding)、类型和数值都与 NumPy float64 一致",
    needs="fixed_compiles",
)
def _(L):
    for lengths, batches, outs in L.ns["_jaxtutor_7_1_outs"]:
        items = as_tuple(outs, len(batches), "serve_fixed 的返回值(每个请求一个数组)")
        for n, b, o in zip(lengths, batches, items, strict=False):
            arr = as_array(o, f"行数为 {n} 的请求的输出")
            if arr.shape != b.shape:
                bucket = next(size for size in BUCKETS if n <= size)
                hint = (
                    f"正好是桶的大小 {bucket}:padding 行没有去掉。"
                    if arr.shape == (bucket, b.shape[1])
                    else ""
                )
                assert_equal(
                    list(arr.shape),
                    list(b.shape),
                    what=f"行数为 {n} 的请求的输出形状",
                    msg=f"行数为 {n} 的请求输出形状是 {arr.shape},应为 {b.shape}。{hint}",
                )
            assert_that(
                isinstance(o, np.ndarray),
                f"行数为 {n} 的请求的输出是 {type(o).__module__}.{type(o).__name__},应是 NumPy "
                "数组(np.ndarray)。",
                actual=type(o).__name__,
            )
            wide = np.asarray(b, dtype=np.float64)
            ref = wide / (np.linalg.norm(wide, axis=1)[:, None] + 1e-3)
            assert_close(
                arr,
                ref,
                rtol=0,
                atol=1e-6,
                what=f"行数为 {n} 的请求",
                msg=f"行数为 {n} 的请求的输出与 float64 参考 x / (‖x‖ + eps)(eps = 1e-3)不一致。",
            )
