"""练习 7.4 用逐样本梯度找出标签错误的样本:Xn, Yn_clean, Yn, flip_idx, p_noisy, norms_n.

The chapter's self-check, here:
  1. Xn.shape == (2000, 20) and Yn.shape == Yn_clean.shape == (2000,)                  -> shapes
  2. len(set(flip_idx)) == 20                                                          -> flips
  3. {i : Yn[i] != Yn_clean[i]} == set(flip_idx) (every flip changes the class)        -> flips
  4. 0 <= min(Yn) and max(Yn) < N_CLS                                                  -> flips
  5. norms_n: shape (2000,), finite, >= 0 -> norms_shape
  6. spot-check sorted(flips)[:3] + [0, 1, 1999]: norms_n[i] ≈ per-sample grad norm of
     (p_noisy, Xn[i], Yn[i]), rtol 1e-4, atol 1e-6 (vs float64: plus a 2e-5 absolute
     allowance for float32 rounding of confident samples) -> norms_values
  7. accuracy(p_noisy, Xn, Yn_clean) > 0.8                                             -> accuracy
  8. recall of argsort(-norms_n)[:40] ∩ flips >= 0.9                                   -> recall
The reference norms are computed here by hand-written float64 backprop (not with the context's
per_sample_norm, which a learner may overwrite); 10 more random indices are spot-checked. A norm
mismatch names a cause only when the norms match it (the clean labels, a sum of per-leaf norms).
Added: p_noisy was trained on the noisy labels Yn -> trained_on_noisy. Two reference models are
trained here (own Adam, own MLP, the statement's recipe) on the learner's Xn with Yn and with
Yn_clean; on the flipped samples a model trained on Yn gives the noisy label a mean log-probability
near −2, one trained on Yn_clean near −18. p_noisy must be on the Yn side of the midpoint.
Added: replay. The init key is the learner's, so the training can be replayed only when the initial
params are kept at top level, tied to the run by a kept loss curve whose first value is their loss
on Yn. Then Adam(1e-2) is replayed here (own float32 code) and p_noisy must be nearer to the
150-step params than half the distance to the 149- and 151-step ones. The replay is computed once
per run; when it reproduces p_noisy it already proves training on Yn, and trained_on_noisy skips its
two reference models (the replay itself: _ch7_kept_start).
Added: norms_n comes from a jit function whose program scans 500-row chunks, lax.map(...,
batch_size=500) as the statement says (_ch7_rules) -> norms_chunked."""

import _program_rules as PR
import numpy as np
from _ch7 import (
    grad_norms_off,
    jax_adam_mlp_path,
    jax_fit_mlp,
    np_log_softmax,
    np_mlp,
    np_per_sample_grad_norm,
    np_per_sample_leaf_norms,
)
from _ch7_kept_start import max_diff, replay_kept_start
from _ch7_rules import assert_chunked_producer

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_equal,
    assert_that,
    fail,
    rng,
    skip,
)

checks = Checks()
jit_calls = checks.watch(PR.JitCalls())  # what jax.jit makes while the learner's file runs

N, D, K, N_FLIP, TOP, STEPS = 2000, 20, 10, 20, 40, 150


def _labels(L, name):
    labels = as_array(L.ns.get(name), name, shape=(N,))
    assert_that(
        np.issubdtype(labels.dtype, np.integer),
        f"{name} 应是整数类别标签,得到 dtype {labels.dtype}。",
        actual=str(labels.dtype),
    )
    return labels.astype(np.int64)


def _flips(L):
    flips = as_array(L.ns.get("flip_idx"), "flip_idx").reshape(-1)
    assert_that(
        np.issubdtype(flips.dtype, np.integer),
        f"flip_idx 应是整数下标,得到 dtype {flips.dtype}。",
        actual=str(flips.dtype),
    )
    assert_that(
        flips.size == 0 or (flips.min() >= 0 and flips.max() < N),
        f"flip_idx 里有超出 [0, {N}) 的下标。",
        actual=flips[:40],
    )
    return flips.astype(np.int64)


def _params(L):
    """p_noisy as NumPy leaves {dense_i: {w, b}}, validated layer by layer."""
    raw = L.ns.get("p_noisy")
    layers = {}
    for i, (n_in, n_out) in enumerate(((D, 64), (64, K))):
        name = f"dense_{i}"
        try:
            layer = raw[name]
            w, b = layer["w"], layer["b"]
        except (KeyError, TypeError, IndexError):
            fail(
                "p_noisy 应与 init_mlp(key, (D_IN, 64, N_CLS)) 同结构:"
                "{'dense_0': {'w', 'b'}, 'dense_1': ...},"
                f"找不到 {name} 的 w / b。",
                actual=repr(raw)[:200],
            )
        layers[name] = {
            "w": as_array(w, f"p_noisy['{name}']['w']", shape=(n_in, n_out)),
            "b": as_array(b, f"p_noisy['{name}']['b']", shape=(n_out,)),
        }
    return layers


@checks.add("shapes", "Xn 形状 (2000, 20),Yn、Yn_clean 形状 (2000,)")
def _(L):
    as_array(L.ns.get("Xn"), "Xn", shape=(N, D))
    _labels(L, "Yn")
    _labels(L, "Yn_clean")


@checks.add("flips", "恰好 20 个不同的样本被换成了另一个类别,标签仍在 [0, 10) 内", needs="shapes")
def _(L):
    flips = _flips(L)
    fset = set(flips.tolist())
    assert_that(
        len(fset) == N_FLIP,
        f"flip_idx 里有 {len(fset)} 个不同的下标(共 {flips.size} 个),应为 20 个不同的下标。"
        + (
            "有重复的下标:抽样要不放回,例如 jax.random.choice(key, 2000, (20,), replace=False)。"
            if flips.size > len(fset)
            else ""
        ),
        actual=sorted(fset)[:40],
    )
    Yn, Yc = _labels(L, "Yn"), _labels(L, "Yn_clean")
    changed = set(np.flatnonzero(Yn != Yc).tolist())
    if changed != fset:
        same = sorted(fset - changed)
        extra = sorted(changed - fset)
        fail(
            "标签发生变化的位置应恰好是 flip_idx。"
            + (
                f"有 {len(same)} 个 flip_idx 里的样本标签没变(新标签等于原类别);"
                "要保证换成另一个类别,"
                "可以加上 1..N_CLS-1 的偏移再对 N_CLS 取模。"
                if same
                else ""
            )
            + (f"还有 {len(extra)} 个不在 flip_idx 里的样本被改了。" if extra else ""),
            unchanged_flips=same[:20],
            changed_outside=extra[:20],
        )
    assert_that(
        int(Yn.min()) >= 0 and int(Yn.max()) < K,
        f"翻转后的标签超出了类别范围 [0, {K}):最小 {int(Yn.min())},最大 {int(Yn.max())}。",
        min=int(Yn.min()),
        max=int(Yn.max()),
    )


@checks.add("norms_shape", "norms_n 是 2000 个有限的非负数")
def _(L):
    nn = as_array(L.ns.get("norms_n"), "norms_n")
    chunks = (
        f"得到 {nn.size} 个数,正好是 2000 个样本按 500 一块的块数:这是每块一个(平均后的)"
        "梯度的范数,不是逐样本的。"
        if nn.size == N // 500
        else ""
    )
    assert_equal(
        nn.shape,
        (N,),
        what="norms_n 的形状",
        msg=f"norms_n 的形状是 {nn.shape},应为 (2000,),每个样本一个梯度范数。{chunks}",
    )
    assert_that(
        np.all(np.isfinite(nn)) and np.all(nn >= 0),
        "norms_n 里有 NaN/inf 或负数:范数应是有限的非负数。",
        n_bad=int(np.sum(~np.isfinite(nn) | (nn < 0))),
    )


@checks.add(
    "norms_values",
    "抽查的样本:norms_n[i] 等于 (p_noisy, Xn[i], Yn[i]) 的梯度范数",
    needs=("norms_shape", "flips"),
)
def _(L):
    flips = sorted(set(_flips(L).tolist()))
    idx = flips[:3] + [0, 1, N - 1] + sorted(rng(74).choice(N, 10, replace=False).tolist())
    params = _params(L)
    Xn, Yn, Yc = as_array(L.Xn, "Xn"), _labels(L, "Yn"), _labels(L, "Yn_clean")
    nn = as_array(L.norms_n, "norms_n")
    expected = np.array([np_per_sample_grad_norm(params, Xn[i], Yn[i]) for i in idx])
    actual = nn[idx].astype(np.float64)
    # The chapter's tolerance (rtol 1e-4, atol 1e-6) compared two float32 computations. Against a
    # float64 reference, float32 loses ~1e-7 in softmax − onehot for confidently classified samples,
    # which is up to ~1e-5 in the norm: an index also passes within that absolute allowance.
    ok = np.abs(actual - expected) <= 2e-5 + 1e-4 * np.abs(expected)  # assert_close's tolerance
    near = np.flatnonzero(~ok)
    ok[near] = ~grad_norms_off(params, Xn, Yn, [idx[k] for k in near], actual[near], 1e-4, 2e-5)
    if ok.all():
        return
    mistakes = [
        Mistake(
            "clean_labels",
            np.array([np_per_sample_grad_norm(params, Xn[i], Yc[i]) for i in idx]),
            "抽查的范数与用原始标签 Yn_clean 算出的一致:要找标错的样本,"
            "梯度必须基于训练时用的带噪声标签 Yn。",
        ),
        Mistake(
            "sum_of_leaf_norms",
            np.array([sum(np_per_sample_leaf_norms(params, Xn[i], Yn[i])) for i in idx]),
            "抽查的范数等于各叶子(dense_0/dense_1 的 w、b)梯度范数之和:全局 L2 范数是 sqrt(Σ_叶子 "
            "Σ g²),"
            "把所有叶子的平方和加起来再开方。",
        ),
    ]
    assert_close(
        actual,
        expected,
        rtol=1e-4,
        atol=2e-5,
        what=f"norms_n 在下标 {idx} 处",
        mistakes=mistakes,
        msg=f"抽查的 {int((~ok).sum())} 个样本(下标 "
        f"{[i for i, good in zip(idx, ok, strict=False) if not good][:8]})的 norms_n "
        "与用 p_noisy、Xn[i]、Yn[i] 算出的单样本交叉熵梯度的全局 L2 范数不一致。",
    )


_RUN: dict = {}


def _replayed(L):
    """The learner's training replayed from its kept initial params (_ch7_kept_start), or None;
    computed once per run and shared by trained_on_noisy and replay."""
    if _RUN.get("ns") is not L.ns:
        Xn, Yn = as_array(L.Xn, "Xn").astype(np.float64), _labels(L, "Yn")
        _RUN.update(ns=L.ns, value=replay_kept_start(L, Xn, Yn, _params(L), STEPS))
    return _RUN["value"]


@checks.add("accuracy", "p_noisy 在真实标签上的准确率 > 0.8")
def _(L):
    acc = float(
        np.mean(np_mlp(_params(L), as_array(L.Xn, "Xn")).argmax(axis=1) == _labels(L, "Yn_clean"))
    )
    assert_that(
        acc > 0.8,
        f"p_noisy 对真实标签 Yn_clean 的准确率是 {acc:.3f},要求 > 0.8。",
        expected="> 0.8",
        actual=acc,
    )


@checks.add("trained_on_noisy", "p_noisy 是在带噪声的标签 Yn 上训练的", needs=("shapes", "flips"))
def _(L):
    params = _params(L)
    Xn, Yn, Yc = as_array(L.Xn, "Xn"), _labels(L, "Yn"), _labels(L, "Yn_clean")
    flips = np.array(sorted(set(_flips(L).tolist())))

    def noisy_logp(p):
        """Mean log-probability a model gives the noisy label of the flipped samples."""
        return float(
            np.mean(np_log_softmax(np_mlp(p, Xn[flips]))[np.arange(len(flips)), Yn[flips]])
        )

    run = _replayed(L)
    if run is not None and run["is_at"](STEPS):
        return  # p_noisy is the statement's recipe run on Yn from the learner's own start
    learner = noisy_logp(params)
    on_noisy, on_clean = (
        noisy_logp(p) for p in jax_fit_mlp(Xn, np.stack([Yn, Yc]), (D, 64, K), seed=404)
    )
    if learner >= 0.5 * (on_noisy + on_clean):
        return
    looks_clean = abs(learner - on_clean) < abs(learner - on_noisy)
    fail(
        f"在 20 个被翻转的样本上,p_noisy 给带噪声标签 Yn 的平均对数概率是 {learner:.2f};"
        f"按题目的做法在 Yn 上训练的模型是 {on_noisy:.2f},在 Yn_clean 上训练的是 {on_clean:.2f}。"
        + (
            "p_noisy 和在真实标签 Yn_clean 上训练的模型一样:训练要用带噪声的标签 Yn。"
            if looks_clean
            else "p_noisy 还没有向带噪声的标签靠拢。"
        ),
        learner=learner,
        trained_on_Yn=on_noisy,
        trained_on_Yn_clean=on_clean,
    )


@checks.add("recall", "梯度范数 top-40 至少找回 90% 的翻转样本", needs=("norms_shape", "flips"))
def _(L):
    nn = as_array(L.norms_n, "norms_n").astype(np.float64)
    flips = set(_flips(L).tolist())
    top = np.argsort(-nn)[:TOP]
    found = sorted(set(top.tolist()) & flips)
    recall = len(found) / N_FLIP
    assert_that(
        recall >= 0.9,
        f"梯度范数最大的 40 个样本只找回了 {recall:.0%} 的翻转样本(要求 ≥ 90%)。",
        expected=">= 0.9",
        actual=recall,
        missed=sorted(flips - set(found)),
    )


@checks.add(
    "replay",
    "初始参数和损失曲线若留在模块顶层:从它重放 150 步 adam(1e-2),结果就是 p_noisy",
    needs=("shapes", "flips"),
)
def _(L):
    run = _replayed(L)
    if run is None:  # the initial params (or the loss curve that ties them to this run) not kept
        skip("模块顶层没有留下初始参数和损失曲线,无从重放", covered_by="trained_on_noisy")
    Xn, Yn, target = run["Xn"], run["Yn"], _params(L)
    name, tree, curve_name, n_curve = run["start"]
    gaps, dist, is_at = run["gaps"], run["dist"], run["is_at"]
    if is_at(STEPS):
        return
    best = int(np.argmin(dist))
    if is_at(best):
        fail(
            f"p_noisy 正是从 {name} 出发用 adam(1e-2) 训练 {best} 步的结果({curve_name} 也有 "
            f"{n_curve} 个值):"
            f"题目要求训练 {STEPS} 步。",
            steps=best,
        )
    slow = jax_adam_mlp_path(tree, Xn, Yn, STEPS, lr=1e-3)[STEPS]
    if max_diff(target, slow) < 0.5 * min(gaps[STEPS - 1], gaps[STEPS]):
        fail(
            f"p_noisy 正是从 {name} 出发用 adam(1e-3) 训练 {STEPS} 步的结果:题目要求学习率 1e-2。",
            lr=1e-3,
        )
    fail(
        f"从初始参数 {name} 出发(它在 Yn 上的损失等于 {curve_name}[0]),按题目做法用 adam(1e-2)"
        " 全量训练 "
        f"{STEPS} 步,得到的参数与 p_noisy 不同:逐元素最大差 {dist[STEPS]:.3g},"
        "而最后相邻两步之间只差约 "
        f"{min(gaps[STEPS - 1], gaps[STEPS]):.3g}。",
        max_difference=dist[STEPS],
    )


@checks.add(
    "train_scan", "p_noisy 由一个 jit 函数算出,程序里是 150 步的 lax.scan", needs="accuracy"
)
def _(L):
    PR.train_scan(jit_calls, L.ns.get("p_noisy"), "p_noisy", STEPS)


@checks.add(
    "norms_chunked",
    "norms_n 由一个 jit 函数算出,程序里用 lax.map(..., batch_size=500) 按 500 个样本一块循环",
    needs="norms_shape",
)
def _(L):
    assert_chunked_producer(jit_calls, L.ns.get("norms_n"), "norms_n", n=N, chunk=500)
