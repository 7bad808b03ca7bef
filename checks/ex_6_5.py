"""练习 6.5(补充练习 3)RMSProp:rmsprop(lr, rho=0.9, eps=1e-8) -> Optimizer(init, update),
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
      task(rms_losses[0] 是 params0 在 sin(x) 数据上的初始损失)、
      curve(rms_losses 的前 150 步与独立的 float64 NumPy RMSProp 训练一致:确实是 RMSProp(0.003))。
最终损失不做精确比较:float32 与 float64 的训练在几百步后才逐渐分开,最终损失随机器在第三位
有效数字上浮动(本机 0.00972,章节 0.00967);前 150 步两者的相对差在 3e-5 以内。"""

from __future__ import annotations

import inspect

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import _rmsprop_ref as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_callable,
    as_tuple,
    assert_close,
    assert_that,
    fail,
)
from tutor.worker.mistakes import Known, only_match

checks = Checks()

LR, RHO, EPS = 0.05, 0.8, 1e-6
CURVE_STEPS, CURVE_RTOL = 150, 1e-3


def _as64(tree):
    return {"a": np.asarray(tree["a"], np.float64), "b": [np.asarray(tree["b"][0], np.float64)]}


def _chapter_trees():
    params = {"a": [1.0, -2.0, 3.0], "b": [np.ones((2, 2))]}
    g1 = {"a": [0.5, -1.0, 2.0], "b": [[[1.0, -3.0], [0.1, 0.0]]]}
    g2 = {"a": [-0.5, 0.2, 1.0], "b": [[[2.0, 1.0], [-0.1, 4.0]]]}
    return _as64(params), _as64(g1), _as64(g2)


# The slips the step checks can name: each computes, from the check's gradients and
# hyperparameters, the updates that slip produces at every step.
MISTAKES = [
    Known(
        "sign",
        R.negated,
        "updates 的符号反了:apply_updates 是把 updates 加到参数上,"
        "所以 updates 应为 −lr·g/(√s+ε),带负号。",
    ),
    Known(
        "no_accumulation",
        lambda g, lr, rho, eps: R.rms_run(g, lr, rho, eps, accumulate=False),
        "s 没有跨步累积:每一步都要从传入状态里的旧 s 出发,s ← ρ·s + (1−ρ)·g²,"
        "并把新 s 放进返回的新状态。",
    ),
    Known(
        "no_one_minus_rho",
        lambda g, lr, rho, eps: R.rms_run(g, lr, rho, eps, weight=1.0),
        "s 的更新漏了 (1 − ρ):梯度平方那一项应乘 (1 − ρ),s ← ρ·s + (1−ρ)·g²。",
    ),
    Known(
        "swapped_rho",
        lambda g, lr, rho, eps: R.rms_run(g, lr, rho, eps, decay=1 - rho, weight=rho),
        "updates 与 s ← (1 − ρ)·s + ρ·g² 算出的一致:ρ 和 1 − ρ 放反了。"
        "旧的 s 乘 ρ,新的梯度平方乘 (1 − ρ):s ← ρ·s + (1−ρ)·g²。",
    ),
    Known(
        "old_s",
        lambda g, lr, rho, eps: R.rms_run(g, lr, rho, eps, old_s=True),
        "updates 与用更新前的 s 算出的一致:−lr·g/(√s + ε) 里的 s 应是这一步刚更新过的"
        "(先 s ← ρ·s + (1−ρ)·g²,再用新 s 算 updates)。",
    ),
    Known(
        "no_lr",
        lambda g, lr, rho, eps: R.rms_run(g, 1.0, rho, eps),
        "updates 与 −g/(√s + ε) 一致:没有乘学习率 lr。rmsprop(lr, …) 的 lr 要用在 updates 里。",
    ),
    Known(
        "bias_correction",
        lambda g, lr, rho, eps: R.rms_run(g, lr, rho, eps, bias=True),
        "对 s 做了偏差修正 s / (1 − ρᵗ)(Adam 的做法):本题的 RMSProp 不做偏差修正,直接用 s。",
    ),
    Known(
        "eps_inside",
        lambda g, lr, rho, eps: R.rms_run(g, lr, rho, eps, eps_inside=True),
        "ε 放进了根号里(√(s+ε),Optax 的 scale_by_rms 默认 eps_in_sqrt=True 就是这么写的):"
        "本题的公式是 g / (√s + ε),ε 在根号外。",
    ),
]


def _explain(got_seq, grads_seq, lr, rho, eps) -> str | None:
    """The slip whose updates match every step the learner made so far, if exactly one does."""
    found = only_match(
        got_seq,
        MISTAKES,
        grads_seq,
        lr,
        rho,
        eps,
        close=lambda u, e: H.trees_close(u, e, rtol=1e-5, atol=1e-6),
    )
    return found.message if found else None


def _check_steps(got_seq, grads_seq, lr, rho, eps, what, diagnose_with=None, first=0):
    """Fails on the first step (from index `first` on) whose updates differ from the float64
    reference; the diagnosis looks at every step in `diagnose_with` (default: got_seq)."""
    exp = R.rms_run(grads_seq, lr, rho, eps)
    for k, (u, e) in enumerate(zip(got_seq, exp, strict=False)):  # got_seq may be shorter
        if k < first or H.trees_close(u, e, rtol=1e-5, atol=1e-6):
            continue
        seq = diagnose_with or got_seq
        why = _explain(seq, grads_seq[: len(seq)], lr, rho, eps)
        msg = (
            why
            or f"{what}第 {k + 1} 步的 updates 和 float64 的 RMSProp 参考不一致"
            "(s ← ρ·s + (1−ρ)·g²,updates = −lr·g/(√s + ε)),见期望值与实际值。"
        )
        if _is_tree_of_numbers(u):
            assert_close(u, e, rtol=1e-5, atol=1e-6, what=f"{what}第 {k + 1} 步的 updates", msg=msg)
        fail(msg, step=k + 1, actual=repr(u)[:200])


def _is_tree_of_numbers(u) -> bool:
    try:
        H.tree64(u)
        return True
    except Exception:
        return False


def _optimizer(L, *args, **kwargs):
    opt = L.rmsprop(*args, **kwargs)
    if not (hasattr(opt, "init") and hasattr(opt, "update")):
        fail(
            "rmsprop(...) 应返回带 init、update 的 Optimizer(上下文里的 NamedTuple),"
            f"实际返回 {H.render(opt)}。"
        )
    return as_callable(opt.init, "Optimizer.init"), as_callable(opt.update, "Optimizer.update")


def _chapter_run(L):
    import jax

    p64, g1, g2 = _chapter_trees()
    params, g1j, g2j = H.tree32(p64), H.tree32(g1), H.tree32(g2)
    init, update = _optimizer(L, LR, rho=RHO, eps=EPS)
    st = init(params)
    u1, st = as_tuple(
        update(g1j, st, params), 2, "opt.update(g1, state, params) 的返回值 (updates, new_state)"
    )
    u2, st = as_tuple(
        jax.jit(update)(g2j, st, params), 2, "jax.jit(opt.update)(g2, state, params) 的返回值"
    )
    return [u1, u2], [g1, g2]


@checks.add("structure", "rmsprop(...) 返回带 init/update 的 Optimizer,updates 与参数同结构")
def _(L):
    import jax

    init, update = _optimizer(L, LR, rho=RHO, eps=EPS)
    params = H.tree32(_chapter_trees()[0])
    u1, _ = as_tuple(
        update(H.tree32(_chapter_trees()[1]), init(params), params),
        2,
        "opt.update(g1, state, params) 的返回值 (updates, new_state)",
    )
    assert_that(
        jax.tree.structure(u1) == jax.tree.structure(params),
        "增量树和参数树的结构不同:用 jax.tree.map 逐叶子计算,不要把叶子拼成一个数组或列表。",
        expected=str(jax.tree.structure(params)),
        actual=str(jax.tree.structure(u1)),
    )


@checks.add(
    "step1",
    "第 1 步(不加 jit)的 updates 与 float64 公式一致(rtol 1e-5, atol 1e-6)",
    needs="structure",
)
def _(L):
    got, grads = _chapter_run(L)
    # 第 1 步上“漏了 (1 − ρ)”和“偏差修正”给出同样的数:用两步一起判断是哪一种
    _check_steps(got[:1], grads, LR, RHO, EPS, "", diagnose_with=got)


@checks.add(
    "step2",
    "第 2 步(jax.jit(opt.update))的 updates 与 float64 公式一致,s 跨步累积",
    needs="structure",
)
def _(L):
    got, grads = _chapter_run(L)
    _check_steps(got, grads, LR, RHO, EPS, "", first=1)


@checks.add(
    "defaults", "只给 lr 时默认 rho=0.9、eps=1e-8,且 update 可以不传 params", needs="structure"
)
def _(L):
    g = np.random.default_rng(66)
    # "tiny":梯度约 1e-7,√s 与 ε = 1e-8 同一量级,默认 ε 写错就看得出来
    params = {"w": g.normal(size=(3, 2)), "b": g.normal(size=2), "tiny": g.normal(size=4)}
    grads = [
        {"w": g.normal(size=(3, 2)), "b": g.normal(size=2), "tiny": 1e-7 * g.normal(size=4)}
        for _ in range(2)
    ]

    def run(*args, **kwargs):
        init, update = _optimizer(L, *args, **kwargs)
        try:
            inspect.signature(update).bind(grads[0], None)
        except TypeError:
            fail(
                f"update 的签名是 update{inspect.signature(update)}:第三个参数 params 要有默认值"
                "(update(grads, state, params=None)),调用者可以只传梯度和状态。"
            )
        except ValueError:  # 拿不到签名的可调用对象:直接调用
            pass
        st, out = init(H.tree32(params)), []
        for gr in grads:
            u, st = as_tuple(update(H.tree32(gr), st), 2, "opt.update(grads, state) 的返回值")
            out.append(u)
        return out

    got = run(0.01)
    exp = R.rms_run(grads, 0.01, 0.9, 1e-8)
    if all(H.trees_close(u, e, rtol=1e-5, atol=1e-6) for u, e in zip(got, exp, strict=True)):
        return
    explicit = run(0.01, rho=0.9, eps=1e-8)
    if all(H.trees_close(u, e, rtol=1e-5, atol=1e-6) for u, e in zip(explicit, exp, strict=True)):
        fail(
            "显式写 rmsprop(0.01, rho=0.9, eps=1e-8) 时结果正确,只写 rmsprop(0.01) 时不对:"
            "签名里的默认值应为 rho=0.9、eps=1e-8。"
        )
    _check_steps(got, grads, 0.01, 0.9, 1e-8, "rmsprop(0.01) ")


@checks.add("fresh", "MLP 形状的新参数树:jit 下连续 4 步都与 float64 一致", needs="structure")
def _(L):
    import jax

    g = np.random.default_rng(166)
    shapes = [((1, 5), (5,)), ((5, 3), (3,)), ((3, 1), (1,))]
    params = [{"w": g.normal(size=ws), "b": g.normal(size=bs)} for ws, bs in shapes]
    grads = [
        [{"w": g.normal(size=ws) * 0.3, "b": g.normal(size=bs) * 0.3} for ws, bs in shapes]
        for _ in range(4)
    ]
    lr, rho, eps = 0.02, 0.95, 1e-7
    init, update = _optimizer(L, lr, rho=rho, eps=eps)
    upd = jax.jit(update)
    p32 = H.tree32(params)
    st, got = init(p32), []
    for gr in grads:
        u, st = as_tuple(
            upd(H.tree32(gr), st, p32), 2, "jax.jit(opt.update)(grads, state, params) 的返回值"
        )
        got.append(u)
    _check_steps(got, grads, lr, rho, eps, "换成 MLP 那样的参数树(列表里套字典)后,")


@checks.add("losses", "rms_losses 是 1000 步、全部有限的逐步损失")
def _(L):
    H.loss_trace(L, "rms_losses", 1000)


@checks.add("task", "rms_losses[0] 是 params0 在 sin(x) 数据上的初始损失(≈ 0.2270)", needs="losses")
def _(L):
    rl = H.loss_trace(L, "rms_losses", 1000)
    exp = R.train64(1, "rmsprop")[0]
    assert_close(
        float(rl[0]),
        exp,
        rtol=1e-4,
        atol=1e-8,
        what="rms_losses[0]",
        msg=f"rms_losses[0] = {rl[0]:.5f},而 params0 在 X、Y 上的初始损失是 {exp:.5f}:"
        "训练要从上下文的 params0 出发,用上下文的数据 X、Y。",
    )


@checks.add(
    "curve",
    f"rms_losses 的前 {CURVE_STEPS} 步与 float64 的 RMSProp(0.003) 训练一致(rtol {CURVE_RTOL:g})",
    needs="losses",
)
def _(L):
    rl = H.loss_trace(L, "rms_losses", 1000)[:CURVE_STEPS]
    ref = R.train64(CURVE_STEPS, "rmsprop")
    assert_close(
        rl,
        ref,
        rtol=CURVE_RTOL,
        atol=0,
        what=f"前 {CURVE_STEPS} 步的损失",
        msg=f"rms_losses 的前 {CURVE_STEPS} 步和 float64 下用 RMSProp(lr=0.003, ρ=0.9, ε=1e-8)"
        "从 params0 训练的损失曲线不一致:rms_losses 应来自 make_train(rmsprop(0.003), 1000)。",
        mistakes=[
            Mistake(
                "adam",
                R.train64(CURVE_STEPS, "adam"),
                "rms_losses 正好是 Adam(lr=0.003) 的训练曲线:要用你自己的 rmsprop(0.003) 训练。",
            )
        ],
    )


@checks.add("improves", "训练后损失明显下降:rl[-1] < 0.5·rl[0]", needs="losses")
def _(L):
    rl = H.loss_trace(L, "rms_losses", 1000)
    first, last = rl[0], rl[-1]
    assert_that(
        last < 0.5 * first,
        f"1000 步后损失只从 {first:.4f} 降到 {last:.4f},没有降到一半以下。",
        first=float(first),
        last=float(last),
    )
