"""练习 7.1 给服务函数写编译预算测试:test_serve_compiles 与 serve_fixed.

The chapter's self-check, and where each assertion lives here:
  1. caches cleared; the original serve under a budget of 3 for "normalize_rows": reported as over
     budget, with a count above 3                                                 -> budget_fails
  2. caches cleared; a budget of 1000: within budget, same count                  -> budget_passes
  3. twelve new requests whose row counts straddle the bucket edges (NEW_LENGTHS), default_rng(11),
     float32 (n, 8), eps 1e-3 alternating Python float (odd i) / jnp.float32 (even i); caches
     cleared; at most 3 compiles                                                  -> fixed_compiles
     (seed-errata: the chapter counted EVERY compile, so a correct jnp.asarray(eps) or a device
     slice failed; here the learner's own jitted functions are counted by name and the message
     lists the eager single-op compiles separately)
  4. twelve outputs                                                               -> fixed_outputs
  5. each output has its request's shape (padding rows removed)                   -> fixed_outputs
  6. each output within atol 1e-6 of the float64 row normalisation with eps 1e-3  -> fixed_outputs
Added: the reported count equals the real number of compiles; count == budget is within budget;
fun_name filters (compiles of other functions are not counted)."""


import numpy as np

from _ch7 import split_compiles
from tutor.checklib import CompileLog, Checks, assert_close, assert_equal, assert_that, fail

checks = Checks()

NEW_LENGTHS = (1, 31, 32, 33, 64, 65, 100, 128, 7, 50, 127, 2)   # around the edges of 32 / 64 / 128


def _pair(r, call):
    assert_that(isinstance(r, tuple) and len(r) >= 2,
                f"{call} 应返回一个元组,前两项是 (是否在预算内, 编译次数)。", actual=repr(r)[:200])
    return bool(r[0]), int(r[1])


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
    assert_that(not ok, "原始 serve 应超出 3 次的预算,你的测试却判为通过:是不是没有在 with CompileBudget(...) "
                "里调用 serve_fn,或者吞掉了 CompileBudgetExceeded 却返回 True?", expected=[False, real], actual=[ok, n])
    assert_that(n > 3, f"返回的编译次数是 {n},但原始 serve 实际编译了 {real} 次:编译次数应取自预算对象的 count。",
                expected=real, actual=n)
    assert_equal(n, real, what="jit(normalize_rows) 的编译次数",
                 msg=f"返回的编译次数 {n} 与实际的 {real} 次不符:要统计的是服务 ex1_batches / ex1_eps 这 20 个请求时,"
                     "名为 fun_name 的函数的编译(每种行数 × eps 的弱类型/强类型各一次)。")


@checks.add("budget_passes", "预算足够大(1000)时判为通过,编译次数不变", needs="budget_fails")
def _(L):
    import jax

    jax.clear_caches()
    r_big = L.test_serve_compiles(L.serve, "normalize_rows", 1000)
    ok, n = _pair(r_big, 'test_serve_compiles(serve, "normalize_rows", 1000)')
    real = L.ns["_jaxtutor_7_1_real"]
    assert_that(ok, "预算为 1000 时应判为通过:只有编译次数超过预算才算失败。", expected=True, actual=ok)
    assert_equal(n, real, what="编译次数", msg="预算变大后编译次数应该不变(预算只决定判定结果,不影响计数)。")


@checks.add("budget_edge", "编译次数恰好等于预算算通过;只统计名为 fun_name 的函数")
def _(L):
    import jax
    import jax.numpy as jnp

    def _probe_target(x):
        return x * 3.0

    def _probe_other(x):
        return x - 1.0

    target = jax.jit(_probe_target)
    other = jax.jit(_probe_other)

    def fake_serve(batches, eps_list):
        # 2 compiles of _probe_target (two shapes) and 3 of _probe_other (three shapes)
        outs = [target(jnp.ones(5)), target(jnp.ones(6))]
        outs += [other(jnp.ones(k)) for k in (2, 3, 4)]
        return [np.asarray(o) for o in outs]

    jax.clear_caches()
    r = L.test_serve_compiles(fake_serve, "_probe_target", 2)
    ok, n = _pair(r, 'test_serve_compiles(fake_serve, "_probe_target", 2)')
    if n == 5:
        fail("统计到了 5 次编译:你把其他函数的编译也算进来了。CompileBudget 要传 name=fun_name,只数 jit(fun_name)。",
             expected=[True, 2], actual=[ok, n])
    assert_equal(n, 2, what="jit(_probe_target) 的编译次数",
                 msg="一个服务函数让 _probe_target 编译 2 次,测试报告的次数不对:计数应来自 CompileBudget(budget, fun_name)。")
    assert_that(ok, "编译 2 次、预算 2 次应判为通过:预算是“最多”允许的次数(count > budget 才超支)。",
                expected=[True, 2], actual=[ok, n])


@checks.add("fixed_compiles", "serve_fixed 处理 12 个新请求:你的 jit 函数最多编译 3 次")
def _(L):
    import jax.numpy as jnp

    gen = np.random.default_rng(11)
    batches = []
    for rows in NEW_LENGTHS:
        batches.append(np.asarray(gen.standard_normal((rows, 8)), dtype=np.float32))
    eps_list = [jnp.float32(1e-3) if i % 2 == 0 else 1e-3 for i in range(len(batches))]
    with CompileLog() as log:             # clears JAX's caches first
        outs = L.serve_fixed(batches, eps_list)
    L.ns["_jaxtutor_7_1_outs"] = (batches, outs)
    user, eager = split_compiles(log.names)
    per_name = {name: user.count(name) for name in sorted(set(user))}
    note = (f"(另外还有 {len(eager)} 次单个算子的即时编译:{sorted(set(eager))};它们不计入预算)" if eager else "")
    if len(user) > 3:
        worst = max(per_name, key=per_name.get)
        if per_name[worst] >= len(NEW_LENGTHS) or len(per_name) >= len(NEW_LENGTHS):
            why = ("几乎每个请求都编译一次:行数没有补齐到桶,或者每次都新建了一个 jit 函数(比如在循环里 jax.jit(lambda ...))。")
        else:
            why = ("编译次数多于桶数:常见原因是 eps 时而是 Python float(弱类型)、时而是 jnp.float32(强类型),"
                   "两种类型各编译一遍。把 eps 统一成 np.float32(e) 或 jnp.asarray(e, jnp.float32)。")
        fail(f"serve_fixed 处理 12 个新请求时,你的 jit 函数编译了 {len(user)} 次(应 ≤ 3):{why}{note}",
             expected="≤ 3", actual=len(user), compiles_by_function=per_name)
    assert_that(len(user) >= 1, "没有看到任何 jit 函数的编译:serve_fixed 应通过一个 jax.jit 编译的函数做归一化。" + note,
                actual=log.names)


@checks.add("fixed_outputs", "输出个数、形状(去掉 padding)和数值都与 NumPy float64 一致", needs="fixed_compiles")
def _(L):
    batches, outs = L.ns["_jaxtutor_7_1_outs"]
    assert_that(hasattr(outs, "__len__"), "serve_fixed 应返回一个列表,每个请求一个输出。", actual=repr(type(outs)))
    assert_equal(len(outs), len(batches), what="输出个数", msg="每个请求应该有一个输出(12 个请求 → 12 个数组)。")
    for n, b, o in zip(NEW_LENGTHS, batches, outs):
        o = np.asarray(o)
        if o.shape != b.shape:
            hint = ("padding 行没有去掉:取 np.asarray(out)[:n]。" if o.ndim == 2 and o.shape[0] > n
                    else "输出形状应与输入 (n, 8) 相同。")
            fail(f"行数为 {n} 的请求输出形状是 {o.shape},应为 {b.shape}:{hint}",
                 expected=list(b.shape), actual=list(o.shape))
        wide = np.asarray(b, dtype=np.float64)
        ref = wide / (np.linalg.norm(wide, axis=1)[:, None] + 1e-3)
        assert_close(o, ref, rtol=0, atol=1e-6, what=f"行数为 {n} 的请求",
                     msg="和 float64 的参考结果对不上:确认用的是传入的 eps(这里是 1e-3),"
                         "并且 padding 只补 0 行、没有改动原来的行。")
