"""练习 6.4(补充练习 1)参数的指数滑动平均:TrainState(step, params, ema_params) 与 jit 编译的
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
      no_retrace(换 lr / decay 不重新编译:它们应是动态参数)。"""

from __future__ import annotations


import numpy as np

from tutor.checklib import (Checks, CompileLog, assert_close, assert_compile_count, assert_that,
                            fail, rng)

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path


checks = Checks()

# 章节自检用的那组数字
X0 = [0.5, -1.0, 2.0, 3.0]
Y0 = [1.0, 0.0, 4.0, 7.5]
W0, B0, EW, EB, LR, DECAY = 1.5, -0.5, 0.2, 0.3, 0.1, 0.8


def _sgd_ref(w, b, x, y, lr):
    """线性模型 MSE 的一步 SGD(float64,解析梯度)。"""
    x, y = H.f64(x), H.f64(y)
    r = w * x + b - y
    return w - lr * 2 * np.mean(r * x), b - lr * 2 * np.mean(r)


def _make_state(L, step, w, b, ew, eb):
    import jax.numpy as jnp

    def pair(w_val, b_val):
        return {"w": jnp.asarray(w_val, jnp.float32), "b": jnp.asarray(b_val, jnp.float32)}

    return L.TrainState(step=jnp.asarray(step), params=pair(w, b), ema_params=pair(ew, eb))


def _wb(tree, what):
    try:
        return [float(tree["w"]), float(tree["b"])]
    except Exception:
        fail(f"{what} 应该是和参数同结构的字典 {{'w': 标量, 'b': 标量}}。", actual=repr(tree)[:200])


def _chapter_call(L):
    import jax.numpy as jnp

    st = _make_state(L, 3, W0, B0, EW, EB)
    return L.ema_train_step(st, jnp.array(X0), jnp.array(Y0), LR, DECAY)


@checks.add("fields", "TrainState 是带 step、params、ema_params 字段的 NamedTuple")
def _(L):
    fields = tuple(getattr(L.TrainState, "_fields", ()))
    if fields and "ema_params" not in fields and set(fields) >= {"step", "params"}:
        fail("TrainState 还是 6.4 节那个只有 step、params 两个字段的旧版本:"
             "本题要重新定义 TrainState(NamedTuple),加上 ema_params 字段。",
             expected=["step", "params", "ema_params"], actual=list(fields))
    need = {"ema_params", "params", "step"}
    assert_that(need.issubset(fields),
                "TrainState 需要是一个 NamedTuple,三个字段依次为 step、params、ema_params"
                "(字段名要一字不差)。",
                expected=["step", "params", "ema_params"], actual=list(fields))


@checks.add("jitted", "ema_train_step 是用 jax.jit 编译过的函数")
def _(L):
    compiled = getattr(L.ema_train_step, "lower", None) is not None
    assert_that(compiled,
                "ema_train_step 没有 .lower 属性,说明它不是 jax.jit 编译过的函数:"
                "给它加上 @jax.jit 装饰器(或写 ema_train_step = jax.jit(...))。",
                actual=type(L.ema_train_step).__name__)


@checks.add("returns_state", "章节的数据:返回一个新的 TrainState", needs="fields")
def _(L):
    new = _chapter_call(L)
    assert_that(isinstance(new, L.TrainState),
                "返回值必须是一个新的 TrainState 实例(不能是元组、字典或只有参数):"
                "状态进、状态出,返回值和输入是同一种容器。",
                actual=type(new).__name__)


@checks.add("step", "step 从 3 变成 4", needs="returns_state")
def _(L):
    new = _chapter_call(L)
    got = int(new.step)
    if got == 3:
        fail("step 没有变:每训练一步,新状态里的 step 都要加 1(step=state.step + 1)。",
             expected=4, actual=got)
    assert_that(got == 4, f"step 应从 3 变成 4,实际 {got}:step 只加 1,且要从传入的 state.step 算起。",
                expected=4, actual=got)


@checks.add("sgd", "params 恰好是一步 SGD 的结果(解析梯度,atol 1e-5)", needs="returns_state")
def _(L):
    new = _chapter_call(L)
    pw, pb = _sgd_ref(W0, B0, X0, Y0, LR)
    got = _wb(new.params, "new.params")
    if np.allclose(got, [W0, B0], atol=1e-5):
        fail("params 没有更新:新状态里要放 SGD 之后的参数 θ − lr·∇L。", expected=[pw, pb], actual=got)
    asc_w, asc_b = 2 * W0 - pw, 2 * B0 - pb
    if np.allclose(got, [asc_w, asc_b], atol=1e-5):
        fail("params 朝梯度方向走了(θ + lr·∇L):梯度下降要减去梯度。", expected=[pw, pb], actual=got)
    if np.allclose(got, [EW - (W0 - pw), EB - (B0 - pb)], atol=1e-5):
        fail("梯度步是从 ema_params 出发的:SGD 应更新 state.params,EMA 只是旁边的一份副本。",
             expected=[pw, pb], actual=got)
    assert_close(np.array(got), np.array([pw, pb]), rtol=0, atol=1e-5, what="[w, b]",
                 msg="params 不是一步 SGD 的结果:损失要用 loss_fn_linear(均方误差),"
                     "梯度对 state.params 求,新参数 = 旧参数 − lr·梯度。")


@checks.add("ema", "ema_params = d·ē + (1−d)·θ(θ 取更新后或更新前的参数都可以)", needs="returns_state")
def _(L):
    new = _chapter_call(L)
    pw, pb = _sgd_ref(W0, B0, X0, Y0, LR)
    got = _wb(new.ema_params, "new.ema_params")
    d = DECAY
    ema_new = [d * EW + (1 - d) * pw, d * EB + (1 - d) * pb]
    ema_old = [d * EW + (1 - d) * W0, d * EB + (1 - d) * B0]
    for accepted in (ema_new, ema_old):  # 两种约定都接受
        if np.allclose(got, accepted, atol=1e-5):
            return
    swapped = [(1 - d) * EW + d * pw, (1 - d) * EB + d * pb]
    swapped_old = [(1 - d) * EW + d * W0, (1 - d) * EB + d * B0]
    if np.allclose(got, swapped, atol=1e-5) or np.allclose(got, swapped_old, atol=1e-5):
        why = ("decay 和 1 − decay 放反了:旧的 EMA 要乘 decay(接近 1,变化慢),"
               "新参数只占 1 − decay 的份额。")
    elif np.allclose(got, [EW, EB], atol=1e-5):
        why = "ema_params 没有更新:每一步都要把它往当前参数方向挪一点。"
    elif np.allclose(got, [pw, pb], atol=1e-5) or np.allclose(got, [W0, B0], atol=1e-5):
        why = "ema_params 直接等于参数:EMA 要把旧的 ē 和 θ 按 decay 混合,而不是复制参数。"
    else:
        why = ("ema_params 不符合 ē ← d·ē + (1−d)·θ:θ 必须是这一步的参数(state.params 或更新后的参数),"
               "不能是 jit 追踪时冻结进去的全局变量。")
    fail(why, expected_new_convention=ema_new, expected_old_convention=ema_old, actual=got)


@checks.add("fresh", "新数据上连续 6 步:step、params、ema 都和 float64 参考一致", needs="returns_state")
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
        nw, nb = _sgd_ref(ref_w, ref_b, x, y, lr)
        e_new = [d * e_new[0] + (1 - d) * nw, d * e_new[1] + (1 - d) * nb]
        e_old = [d * e_old[0] + (1 - d) * ref_w, d * e_old[1] + (1 - d) * ref_b]
        ref_w, ref_b = nw, nb
        assert_that(int(st.step) == k + 1,
                    f"连续调用 {k + 1} 次后 step 应为 {k + 1}:每一步都要从传入的 state.step 加 1。",
                    expected=k + 1, actual=int(st.step))
        assert_close(np.array(_wb(st.params, "params")), np.array([nw, nb]), rtol=1e-4, atol=1e-5,
                     what=f"第 {k + 1} 步后的 [w, b]",
                     msg="换一组数据连续训练时参数偏离了 SGD:每一步都要从上一步返回的状态继续"
                         "(梯度用传入的 x、y 计算,不要用全局的 x_data / y_data)。")
        got_e = _wb(st.ema_params, "ema_params")
        conv["new"] = conv["new"] and bool(np.allclose(got_e, e_new, rtol=1e-4, atol=1e-5))
        conv["old"] = conv["old"] and bool(np.allclose(got_e, e_old, rtol=1e-4, atol=1e-5))
        if not (conv["new"] or conv["old"]):
            fail(f"第 {k + 1} 步后 ema_params 偏离了参考值:EMA 要从上一步返回的 ema_params 继续累积,"
                 "θ 用当前这一步的参数。", expected_new_convention=e_new,
                 expected_old_convention=e_old, actual=got_e)


@checks.add("no_retrace", "换 lr 和 decay 的数值不会重新编译(它们是动态参数)", needs="returns_state")
def _(L):
    import jax.numpy as jnp

    x, y = jnp.array(X0), jnp.array(Y0)
    fn = L.ema_train_step
    name = getattr(fn, "__name__", "ema_train_step")
    with CompileLog() as log:
        for lr, d in ((0.1, 0.8), (0.05, 0.9), (0.02, 0.95), (0.01, 0.99)):
            fn(_make_state(L, 0, W0, B0, EW, EB), x, y, lr, d)
    assert_compile_count(log, name, at_most=1,
                         msg="4 组不同的 lr / decay 让 ema_train_step 编译了不止一次:"
                             "lr、decay 不能声明成静态参数(static_argnums 或 static_argnames),"
                             "它们是普通的数值参数,值变了不需要重新编译(见 6.6 节)。")
