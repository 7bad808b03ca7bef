"""练习 6.6(补充练习 3)RMSProp:rmsprop(lr, rho=0.9, eps=1e-8) -> Optimizer(init, update),
update 接收 (梯度, 状态[, 参数]),返回 (增量, 新状态),增量带负号(要加到参数上);
用 make_train 训练 1000 步的逐步损失命名为 rms_losses。

章节自检的每一条断言与对应的检查(lr 0.05, rho 0.8, eps 1e-6;
params = {"a": [1,-2,3], "b": [ones((2,2))]},g1、g2 与章节相同):
  1. tree.structure(u1) == tree.structure(params)(u1 来自不加 jit 的第 1 步)   -> structure
  2. 第 1 步(eager)与第 2 步(jax.jit(opt.update))都与 float64 的
     e = −lr·g/(√s+eps)、s 跨步累积一致(rtol 1e-5, atol 1e-6)                  -> step1, step2
  3. rms_losses 形状 (1000,) 且全部有限                                          -> losses
  4. rl[-1] < 0.5·rl[0]                                                           -> improves
另加:defaults(只给 lr 时 rho=0.9、eps=1e-8,且 update 可以不传 params)、
      fresh(MLP 形状的新参数树,jit 下连续 4 步)、
      task(rms_losses[0] 是 params0 在 sin(x) 数据上的初始损失:确实是在本章任务上训练的)。
最终损失不做精确比较:它随机器在第三位有效数字上浮动(本机 0.00972,章节 0.00967)。"""

from __future__ import annotations


import numpy as np

from tutor.checklib import Checks, assert_that, fail, rng

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path



checks = Checks()

LR, RHO, EPS = 0.05, 0.8, 1e-6


def _chapter_trees():
    params = {"a": [1.0, -2.0, 3.0], "b": [np.ones((2, 2))]}
    g1 = {"a": [0.5, -1.0, 2.0], "b": [[[1.0, -3.0], [0.1, 0.0]]]}
    g2 = {"a": [-0.5, 0.2, 1.0], "b": [[[2.0, 1.0], [-0.1, 4.0]]]}
    conv = lambda t: {"a": np.asarray(t["a"], np.float64), "b": [np.asarray(t["b"][0], np.float64)]}
    return conv(params), conv(g1), conv(g2)


def _ref_steps(grads_seq, lr, rho, eps):
    """float64 RMSProp: s ← ρ·s + (1−ρ)·g²,u = −lr·g / (√s + eps);返回每一步的 updates。"""
    import jax

    s = jax.tree.map(np.zeros_like, grads_seq[0])
    out = []
    for g in grads_seq:
        s = jax.tree.map(lambda s_, g_: rho * s_ + (1 - rho) * g_ ** 2, s, g)
        out.append(jax.tree.map(lambda g_, s_: -lr * g_ / (np.sqrt(s_) + eps), g, s))
    return out


def _variants(grads_seq, lr, rho, eps, k):
    """Updates of step k under common mistakes, to name the misconception."""
    import jax

    def run(acc=True, one_minus=True, eps_inside=False):
        s = jax.tree.map(np.zeros_like, grads_seq[0])
        u = None
        for g in grads_seq[:k + 1]:
            base = s if acc else jax.tree.map(np.zeros_like, s)
            w = (1 - rho) if one_minus else 1.0
            s = jax.tree.map(lambda s_, g_: rho * s_ + w * g_ ** 2, base, g)
            if eps_inside:
                u = jax.tree.map(lambda g_, s_: -lr * g_ / np.sqrt(s_ + eps), g, s)
            else:
                u = jax.tree.map(lambda g_, s_: -lr * g_ / (np.sqrt(s_) + eps), g, s)
        return u

    ref = run()
    return [
        (jax.tree.map(np.negative, ref),
         "updates 的符号反了:apply_updates 是把 updates 加到参数上,所以 updates 应为 −lr·g/(√s+ε),带负号。"),
        (run(acc=False),
         "s 没有跨步累积:每一步都要从上一步的状态 state 出发,s ← ρ·s + (1−ρ)·g²,并把新 s 放进返回的新状态。"),
        (run(one_minus=False),
         "s 的更新漏了 (1 − ρ):梯度平方那一项应乘 (1 − ρ),s ← ρ·s + (1−ρ)·g²。"),
        (run(eps_inside=True),
         "ε 放进了根号里(√(s+ε),Optax 的 scale_by_rms 默认 eps_in_sqrt=True 就是这么写的):本题的公式是 g / (√s + ε),ε 在根号外。"),
    ]


def _explain(got, grads_seq, lr, rho, eps, k):
    for tree, why in _variants(grads_seq, lr, rho, eps, k):
        if H.trees_close(got, tree, rtol=1e-5, atol=1e-6):
            return why
    return (f"第 {k + 1} 步的增量和 float64 参考值对不上:增量要带负号,s 要从上一步的状态继续累积。"
            "s ← ρ·s + (1−ρ)·g²,updates = −lr·g/(√s + ε)。")


def _pair(out, what):
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        fail(f"{what} 应返回二元组 (updates, new_state),实际返回 {type(out).__name__}。",
             actual=repr(out)[:200])
    return out


def _chapter_run(L):
    import jax

    p64, g1, g2 = _chapter_trees()
    params, g1j, g2j = H.tree32(p64), H.tree32(g1), H.tree32(g2)
    opt = L.rmsprop(LR, rho=RHO, eps=EPS)
    st = opt.init(params)
    u1, st = _pair(opt.update(g1j, st, params), "opt.update(g1, state, params)")
    u2, st = _pair(jax.jit(opt.update)(g2j, st, params), "jax.jit(opt.update)(g2, state, params)")
    return u1, u2, (g1, g2)


@checks.add("structure", "rmsprop(...) 返回带 init/update 的 Optimizer,updates 与参数同结构")
def _(L):
    import jax

    opt = L.rmsprop(LR, rho=RHO, eps=EPS)
    assert_that(hasattr(opt, "init") and hasattr(opt, "update"),
                "rmsprop(...) 应返回 Optimizer(init, update)(上下文里的 NamedTuple),仿照 sgd_momentum / adam。",
                actual=type(opt).__name__)
    p64, g1, _ = _chapter_trees()
    params = H.tree32(p64)
    u1, _ = _pair(opt.update(H.tree32(g1), opt.init(params), params), "opt.update(g1, state, params)")
    want_tree = jax.tree.structure(params)
    assert_that(jax.tree.structure(u1) == want_tree,
                "增量树和参数树的结构不同:用 jax.tree.map 逐叶子计算,不要把叶子拼成一个数组或列表。",
                expected=str(jax.tree.structure(params)), actual=str(jax.tree.structure(u1)))


@checks.add("step1", "第 1 步(不加 jit)的 updates 与 float64 公式一致(rtol 1e-5, atol 1e-6)",
            needs="structure")
def _(L):
    u1, _, grads = _chapter_run(L)
    exp = _ref_steps(list(grads), LR, RHO, EPS)[0]
    if not H.trees_close(u1, exp, rtol=1e-5, atol=1e-6):
        fail(_explain(u1, list(grads), LR, RHO, EPS, 0),
             expected=exp, actual=H.tree64(u1))


@checks.add("step2", "第 2 步(jax.jit(opt.update))的 updates 与 float64 公式一致,s 跨步累积",
            needs="structure")
def _(L):
    _, u2, grads = _chapter_run(L)
    exp = _ref_steps(list(grads), LR, RHO, EPS)[1]
    if not H.trees_close(u2, exp, rtol=1e-5, atol=1e-6):
        fail(_explain(u2, list(grads), LR, RHO, EPS, 1),
             expected=exp, actual=H.tree64(u2))


@checks.add("defaults", "只给 lr 时默认 rho=0.9、eps=1e-8,且 update 可以不传 params", needs="structure")
def _(L):
    g = rng(66)
    params = {"w": g.normal(size=(3, 2)), "b": g.normal(size=2)}
    grads = [{"w": g.normal(size=(3, 2)), "b": g.normal(size=2)} for _ in range(2)]
    opt = L.rmsprop(0.01)
    st = opt.init(H.tree32(params))
    got = []
    for gr in grads:
        u, st = _pair(opt.update(H.tree32(gr), st), "opt.update(grads, state)")
        got.append(u)
    exp = _ref_steps(grads, 0.01, 0.9, 1e-8)
    for k in range(2):
        if not H.trees_close(got[k], exp[k], rtol=1e-5, atol=1e-6):
            fail("rmsprop(lr) 的默认超参数应为 rho=0.9、eps=1e-8(签名 rmsprop(lr, rho=0.9, eps=1e-8)):"
                 + _explain(got[k], grads, 0.01, 0.9, 1e-8, k),
                 step=k + 1, expected=exp[k], actual=H.tree64(got[k]))


@checks.add("fresh", "MLP 形状的新参数树:jit 下连续 4 步都与 float64 一致", needs="structure")
def _(L):
    import jax

    g = rng(166)
    shapes = [((1, 5), (5,)), ((5, 3), (3,)), ((3, 1), (1,))]
    params = [{"w": g.normal(size=ws), "b": g.normal(size=bs)} for ws, bs in shapes]
    grads = [[{"w": g.normal(size=ws) * 0.3, "b": g.normal(size=bs) * 0.3} for ws, bs in shapes]
             for _ in range(4)]
    lr, rho, eps = 0.02, 0.95, 1e-7
    opt = L.rmsprop(lr, rho=rho, eps=eps)
    upd = jax.jit(opt.update)
    p32 = H.tree32(params)
    st = opt.init(p32)
    exp = _ref_steps(grads, lr, rho, eps)
    for k, gr in enumerate(grads):
        u, st = _pair(upd(H.tree32(gr), st, p32), "jax.jit(opt.update)(grads, state, params)")
        if not H.trees_close(u, exp[k], rtol=1e-5, atol=1e-6):
            fail("换成 MLP 那样的参数树(列表里套字典)后,第 " + str(k + 1) + " 步不对:"
                 + _explain(u, grads, lr, rho, eps, k), step=k + 1,
                 expected=exp[k], actual=H.tree64(u))


@checks.add("losses", "rms_losses 是 1000 步、全部有限的逐步损失")
def _(L):
    H.loss_trace(L, "rms_losses", 1000)


def _initial_loss64() -> float:
    """params0 在 X、Y 上的 MSE(float64),数据与参数按本章的方法重新生成。"""
    import jax
    import jax.numpy as jnp

    seed_key = jax.random.key(0)
    _, pts_key, w_key = jax.random.split(seed_key, 3)
    pts = jax.random.uniform(pts_key, (256, 1), jnp.float32, -3.0, 3.0)
    xs = np.asarray(pts, np.float64)
    sizes = (1, 32, 32, 1)
    layers = []
    for i, k in enumerate(jax.random.split(w_key, 3)):
        draw = jax.random.normal(k, (sizes[i], sizes[i + 1]))
        w = np.asarray(draw, np.float64)
        layers.append((w * np.sqrt(2.0 / sizes[i]), np.zeros(sizes[i + 1])))
    h = xs
    for w, b in layers[:-1]:
        h = np.tanh(h @ w + b)
    pred = h @ layers[-1][0] + layers[-1][1]
    return float(np.mean((pred - np.sin(xs)) ** 2))


@checks.add("task", "rms_losses[0] 是 params0 在 sin(x) 数据上的初始损失(≈ 0.2270)", needs="losses")
def _(L):
    rl = np.asarray(L.rms_losses, np.float64)
    exp = _initial_loss64()
    assert_that(np.isclose(rl[0], exp, rtol=1e-4),
                f"rms_losses[0] = {rl[0]:.5f},而 params0 在 X、Y 上的初始损失是 {exp:.5f}:"
                "请用 make_train(rmsprop(...), 1000)(params0, X, Y) 从上下文的 params0 开始训练,"
                "并取它返回的第三个值(逐步损失)。", expected=exp, actual=float(rl[0]))


@checks.add("improves", "训练后损失明显下降:rl[-1] < 0.5·rl[0]", needs="losses")
def _(L):
    rl = np.asarray(L.rms_losses, np.float64)
    first, last = rl[0], rl[-1]
    assert_that(last < 0.5 * first,
                f"1000 步后损失只从 {first:.4f} 降到 {last:.4f},没有降到一半以下。"
                "如果损失在上升,多半是 updates 少了负号;如果几乎不动,检查学习率(参考答案用 0.003)"
                "以及 s 是否在跨步累积。", first=float(rl[0]), last=float(rl[-1]))
