"""练习 6.6(补充练习 1)参数的指数滑动平均:TrainState(step, params, ema_params) 与 jit 编译的
训练步 ema_train_step(五个参数:状态、x、y、学习率、衰减系数)。

章节自检的每一条断言与对应的检查(数字与容差相同):
  1. TrainState 的字段包含 step、params、ema_params                          -> fields
  2. ema_train_step 有 .lower 属性(用 jax.jit 编译过)                    -> jitted
  3. x=[0.5,-1,2,3], y=[1,0,4,7.5], w0=1.5, b0=-0.5, ema=(0.2,0.3), lr=0.1,
     d=0.8, step=3:isinstance(new, TrainState)                                -> returns_state
  4. int(new.step) == 4                                                         -> step
  5. params = 一步 SGD(解析 MSE 梯度),atol 1e-5                                -> sgd
  6. ema = d·e + (1−d)·θ_new 或 d·e + (1−d)·θ_old(两种约定都接受),atol 1e-5   -> ema
另加:fresh(新数据上连续 6 步,两种 EMA 约定都接受,但要前后一致)、
      no_retrace(换 lr / decay 不重新编译:它们应是动态参数)、
      chain(题目自己的 100 步循环:从一个初始状态连续调用,只编译 1 次,step 始终是整数)。"""

from __future__ import annotations

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    as_scalar,
    assert_close,
    assert_compile_count,
    assert_equal,
    assert_that,
    compare,
    fail,
    rng,
    which_mistake,
)

checks = Checks()

# 章节自检用的那组数字
X0 = [0.5, -1.0, 2.0, 3.0]
Y0 = [1.0, 0.0, 4.0, 7.5]
W0, B0, EW, EB, LR, DECAY = 1.5, -0.5, 0.2, 0.3, 0.1, 0.8
# no_retrace:5 次调用、4 组不同的 (lr, decay)
HYPER = ((0.1, 0.8), (0.05, 0.9), (0.1, 0.8), (0.02, 0.95), (0.01, 0.99))


def _sgd_ref(w, b, x, y, lr):
    """线性模型 MSE 的一步 SGD(float64,解析梯度)。"""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    r = w * x + b - y
    return w - lr * 2 * np.mean(r * x), b - lr * 2 * np.mean(r)


def _make_state(L, step, w, b, ew, eb):
    import jax.numpy as jnp

    def pair(w_val, b_val):
        return {"w": jnp.asarray(w_val, jnp.float32), "b": jnp.asarray(b_val, jnp.float32)}

    return L.TrainState(step=jnp.asarray(step), params=pair(w, b), ema_params=pair(ew, eb))


def _wb(tree, what):
    if not isinstance(tree, dict) or set(tree) != {"w", "b"}:
        fail(f"{what} 应该是和参数同结构的字典 {{'w': 标量, 'b': 标量}},实际是 {H.render(tree)}。")
    return [as_scalar(tree["w"], f"{what}['w']"), as_scalar(tree["b"], f"{what}['b']")]


def _close(got, want, *, rtol: float, atol: float) -> bool:
    """[w, b] (or [ema_w, ema_b]) within the tolerances of a float64 reference pair."""
    return compare(np.array(got), np.array(want, np.float64), rtol=rtol, atol=atol) is None


def _state_parts(L, new, what):
    """(step, [w, b], [ema_w, ema_b]) of a returned state, structure checked first."""
    if not isinstance(new, L.TrainState):
        fail(
            f"{what}返回的不是 TrainState,而是 {H.render(new)}:状态进、状态出,"
            "返回值和输入是同一种容器。"
        )
    return (
        as_scalar(new.step, f"{what}返回的 step"),
        _wb(new.params, f"{what}返回的 params"),
        _wb(new.ema_params, f"{what}返回的 ema_params"),
    )


def _chapter_call(L, w=W0, b=B0):
    import jax.numpy as jnp

    st = _make_state(L, 3, w, b, EW, EB)
    return _state_parts(
        L, L.ema_train_step(st, jnp.array(X0), jnp.array(Y0), LR, DECAY), "ema_train_step "
    )


@checks.add("fields", "TrainState 是带 step、params、ema_params 字段的 NamedTuple")
def _(L):
    fields = tuple(getattr(L.TrainState, "_fields", ()))
    if fields and "ema_params" not in fields and set(fields) >= {"step", "params"}:
        assert_equal(
            list(fields),
            ["step", "params", "ema_params"],
            "TrainState 只有 step、params 两个字段,和 6.4 节那个旧版本一样:"
            "本题的 TrainState(NamedTuple) 还要有 ema_params 字段。",
            what="TrainState 的字段",
        )
    assert_that(
        isinstance(L.TrainState, type) and {"ema_params", "params", "step"}.issubset(fields),
        "TrainState 需要是一个 NamedTuple,三个字段依次为 step、params、ema_params"
        "(字段名要一字不差)。",
        expected=["step", "params", "ema_params"],
        actual=list(fields),
    )


@checks.add("jitted", "ema_train_step 是用 jax.jit 编译过的函数")
def _(L):
    compiled = getattr(L.ema_train_step, "lower", None) is not None
    assert_that(
        compiled,
        "ema_train_step 没有 .lower 属性,说明它不是 jax.jit 编译过的函数:"
        "给它加上 @jax.jit 装饰器(或写 ema_train_step = jax.jit(...))。",
        actual=type(L.ema_train_step).__name__,
    )


@checks.add("returns_state", "章节的数据:返回一个新的 TrainState", needs="fields")
def _(L):
    _chapter_call(L)


@checks.add("step", "step 从 3 变成 4", needs="returns_state")
def _(L):
    got = _chapter_call(L)[0]
    if got == 3:
        assert_equal(
            got,
            4,
            "step 没有变:每训练一步,新状态里的 step 都要加 1(step=state.step + 1)。",
            what="新状态的 step",
        )
    assert_that(got == 4, f"step 应从 3 变成 4,实际是 {got:g}。", expected=4, actual=got)


@checks.add("sgd", "params 恰好是一步 SGD 的结果(解析梯度,atol 1e-5)", needs="returns_state")
def _(L):
    got = _chapter_call(L)[1]
    pw, pb = _sgd_ref(W0, B0, X0, Y0, LR)
    assert_close(
        np.array(got),
        np.array([pw, pb]),
        rtol=0,
        atol=1e-5,
        what="[w, b]",
        msg=f"一步 SGD 之后 [w, b] 应为 [{pw:.6f}, {pb:.6f}](θ − lr·∇L,L 是 loss_fn_linear "
        "的均方误差)。",
        mistakes=[
            Mistake(
                "unchanged",
                np.array([W0, B0]),
                "params 没有更新:新状态里要放 SGD 之后的参数 θ − lr·∇L。",
            ),
            Mistake(
                "ascent",
                np.array([2 * W0 - pw, 2 * B0 - pb]),
                "params 朝梯度方向走了(θ + lr·∇L):梯度下降要减去梯度。",
            ),
            Mistake(
                "from_ema",
                np.array([EW - (W0 - pw), EB - (B0 - pb)]),
                "梯度步是从 ema_params 出发的:SGD 应更新 state.params,EMA 只是旁边的一份副本。",
            ),
            Mistake(
                "global_data",
                np.array(_global_data_params(W0, B0, LR, 1)),
                "这一步正好是用 x_data / y_data 算梯度的结果:梯度要用传进来的 x、y 计算。",
            ),
        ],
    )


@checks.add(
    "ema", "ema_params = d·ē + (1−d)·θ(θ 取更新后或更新前的参数都可以)", needs="returns_state"
)
def _(L):
    got = _chapter_call(L)[2]
    pw, pb = _sgd_ref(W0, B0, X0, Y0, LR)
    d = DECAY
    ema_new = [d * EW + (1 - d) * pw, d * EB + (1 - d) * pb]
    ema_old = [d * EW + (1 - d) * W0, d * EB + (1 - d) * B0]
    if any(
        _close(got, accepted, rtol=1e-5, atol=1e-5) for accepted in (ema_new, ema_old)
    ):  # 两种约定都接受
        return
    swap = (
        "decay 和 1 − decay 放反了:旧的 EMA 要乘 decay(接近 1,变化慢),新参数只占 1 − decay 的份额。"
    )
    copy = "ema_params 直接等于参数:EMA 要把旧的 ē 和 θ 按 decay 混合,而不是复制参数。"
    found = which_mistake(
        np.array(got),
        [
            Mistake("swapped", np.array([(1 - d) * EW + d * pw, (1 - d) * EB + d * pb]), swap),
            Mistake("swapped_old", np.array([(1 - d) * EW + d * W0, (1 - d) * EB + d * B0]), swap),
            Mistake(
                "unchanged",
                np.array([EW, EB]),
                "ema_params 没有更新:每一步都要把它往当前参数方向挪一点。",
            ),
            Mistake("copy_new", np.array([pw, pb]), copy),
            Mistake("copy_old", np.array([W0, B0]), copy),
        ],
        rtol=0,
        atol=1e-5,
    )
    if found is None:
        other = _chapter_call(L, w=W0 + 1.0, b=B0 - 1.0)[2]  # 换一组参数再调用一次
        if _close(other, got, rtol=0, atol=1e-7):
            fail(
                "换了 state.params 再调用,ema_params 的结果却完全不变:EMA 公式里的 θ "
                "没有取自这一步的参数"
                "(若读的是模块级变量,jit 只在追踪时读它一次,之后一直是那个值)。",
                expected_new_convention=ema_new,
                expected_old_convention=ema_old,
                actual=got,
            )
    fail(
        found.message
        if found
        else "ema_params 不符合 ē ← d·ē + (1−d)·θ(θ 取更新后或更新前的参数),见期望值与实际值。",
        expected_new_convention=ema_new,
        expected_old_convention=ema_old,
        actual=got,
    )


@checks.add(
    "fresh", "新数据上连续 6 步:step、params、ema 都和 float64 参考一致", needs="returns_state"
)
def _(L):
    import jax.numpy as jnp

    g = rng(64)
    x = g.uniform(-2.0, 2.0, 9)
    y = 1.7 * x - 0.4 + 0.3 * g.standard_normal(9)
    w, b = float(g.normal()), float(g.normal())
    ew, eb = float(g.normal()), float(g.normal())
    lr, d = 0.07, 0.75
    st = _make_state(L, 0, w, b, ew, eb)
    ref_w, ref_b = w, b
    e_new, e_old = [ew, eb], [ew, eb]
    conv = {"new": True, "old": True}
    for k in range(6):
        st = L.ema_train_step(st, jnp.asarray(x, jnp.float32), jnp.asarray(y, jnp.float32), lr, d)
        step, params, got_e = _state_parts(L, st, f"第 {k + 1} 次调用")
        nw, nb = _sgd_ref(ref_w, ref_b, x, y, lr)
        e_new = [d * e_new[0] + (1 - d) * nw, d * e_new[1] + (1 - d) * nb]
        e_old = [d * e_old[0] + (1 - d) * ref_w, d * e_old[1] + (1 - d) * ref_b]
        ref_w, ref_b = nw, nb
        assert_that(
            step == k + 1,
            f"从 step = 0 连续调用 {k + 1} 次后 step 应为 {k + 1},实际是 {step:g}。",
            expected=k + 1,
            actual=step,
        )
        assert_close(
            np.array(params),
            np.array([nw, nb]),
            rtol=1e-4,
            atol=1e-5,
            what=f"第 {k + 1} 步后的 [w, b]",
            msg=f"在一组新数据上连续训练,第 {k + 1} 步后的参数和 float64 的 SGD 参考不一致。",
            mistakes=[
                Mistake(
                    "global_data",
                    np.array(_global_data_params(w, b, lr, k + 1)),
                    "参数的走向正好是用 x_data / y_data 训练的结果:梯度要用传进来的 x、y 计算,"
                    "而不是全局的数据。",
                )
            ],
        )
        conv["new"] = conv["new"] and _close(got_e, e_new, rtol=1e-4, atol=1e-5)
        conv["old"] = conv["old"] and _close(got_e, e_old, rtol=1e-4, atol=1e-5)
        if not (conv["new"] or conv["old"]):
            fail(
                f"第 {k + 1} 步后 ema_params 偏离了 float64 参考值(两种约定都对不上)。",
                expected_new_convention=e_new,
                expected_old_convention=e_old,
                actual=got_e,
            )


def _global_data_params(w, b, lr, steps):
    """Params after `steps` SGD steps on the context's x_data / y_data instead of the given data."""
    for _ in range(steps):
        w, b = _sgd_ref(w, b, [1.0, 2.0, 3.0], [3.5, 5.5, 7.5], lr)
    return [w, b]


def _compile_words(n: int, calls: int, distinct: int) -> str:
    if n == distinct and distinct < calls:
        return (
            f"{calls} 次调用用了 {distinct} 组不同的 lr / decay,正好编译了 {n} 次,"
            "重复的那组没有再编译:"
            "lr、decay 被当成了静态参数(static_argnums / static_argnames)。它们是普通的数值参数,"
            "值变了不需要重新编译。"
        )
    return f"{calls} 次调用编译了 {n} 次。"


@checks.add(
    "no_retrace", "换 lr 和 decay 的数值不会重新编译(它们是动态参数)", needs="returns_state"
)
def _(L):
    import jax.numpy as jnp

    x, y = jnp.array(X0), jnp.array(Y0)
    states = [_make_state(L, 0, W0, B0, EW, EB) for _ in HYPER]
    with CompileLog() as log:
        for st, (lr, d) in zip(states, HYPER, strict=False):
            L.ema_train_step(st, x, y, lr, d)
    assert_compile_count(
        log,
        None,
        expected=1,
        msg=_compile_words(log.total, len(HYPER), len(set(HYPER))) + "期望:只编译 1 次。",
    )


@checks.add(
    "chain",
    "题目的 100 步循环:从一个初始状态连续调用,只编译 1 次,step 保持整数",
    needs="returns_state",
)
def _(L):
    import jax.numpy as jnp

    x, y = jnp.asarray([1.0, 2.0, 3.0]), jnp.asarray([3.5, 5.5, 7.5])
    origin = {"w": jnp.zeros(()), "b": jnp.zeros(())}
    st = L.TrainState(jnp.asarray(0), origin, origin)
    seen, calls = [], 0
    with CompileLog() as log:
        for _ in range(100):
            seen.append(st)
            st = L.ema_train_step(st, x, y, 0.05, 0.9)
            calls += 1
            if H.first_change(
                [seen[-1], st], "state"
            ):  # stop at the first change: it would recompile every step
                seen.append(st)
                break
    change = H.first_change(seen, "state")
    if change:
        k, why = change
        fail(
            f"第 {k} 步返回的状态和传入的状态在 jit 眼里不一样:{why}。下一次调用只好重新编译"
            f"(检查在第 {calls} 次调用后就停下了,这 {calls} 次调用编译了 {log.total} 次)。"
            "新状态的每个字段都要保持传入时的 dtype 和形状。",
            compiles=log.total,
        )
    assert_compile_count(
        log,
        None,
        expected=1,
        msg=f"从一个初始状态连续调用 100 步,编译了 {log.total} 次,期望 1 次。",
    )
    step = as_array(st.step, "100 步之后的 step")
    assert_that(
        np.issubdtype(step.dtype, np.integer),
        f"100 步之后 step 的 dtype 是 {step.dtype}:步数要保持整数(加整数 1)。",
    )
    _, params, _ = _state_parts(L, st, "第 100 次调用")
    w, b = 0.0, 0.0
    for _ in range(100):
        w, b = _sgd_ref(w, b, [1.0, 2.0, 3.0], [3.5, 5.5, 7.5], 0.05)
    assert_close(
        np.array(params),
        np.array([w, b]),
        rtol=1e-4,
        atol=1e-5,
        what="100 步后的 [w, b]",
        msg="从 0 出发连续 100 步之后的参数和 float64 的 SGD 参考不一致。",
    )
