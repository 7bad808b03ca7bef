"""练习 7.4 用逐样本梯度找出标签错误的样本:Xn, Yn_clean, Yn, flip_idx, p_noisy, norms_n.

The chapter's self-check, here:
  1. Xn.shape == (2000, 20) and Yn.shape == Yn_clean.shape == (2000,)                  -> shapes
  2. len(set(flip_idx)) == 20                                                          -> flips
  3. {i : Yn[i] != Yn_clean[i]} == set(flip_idx) (every flip changes the class)        -> flips
  4. 0 <= min(Yn) and max(Yn) < N_CLS                                                  -> flips
  5. norms_n: shape (2000,), finite, >= 0                                              -> norms_shape
  6. spot-check sorted(flips)[:3] + [0, 1, 1999]: norms_n[i] ≈ per-sample grad norm of
     (p_noisy, Xn[i], Yn[i]), rtol 1e-4, atol 1e-6 (vs float64: plus a 2e-5 absolute
     allowance for float32 rounding of confident samples)                              -> norms_values
  7. accuracy(p_noisy, Xn, Yn_clean) > 0.8                                             -> accuracy
  8. recall of argsort(-norms_n)[:40] ∩ flips >= 0.9                                   -> recall
The reference norms are computed here by hand-written float64 backprop (not with the context's
per_sample_norm, which a learner may overwrite); 10 more random indices are spot-checked."""


import numpy as np

from _ch7 import np_mlp, np_per_sample_grad_norm
from tutor.checklib import Checks, assert_close, assert_equal, assert_that, fail, rng

checks = Checks()

N, D, K, N_FLIP, TOP = 2000, 20, 10, 20, 40


def _np(x):
    return np.asarray(x)


@checks.add("shapes", "Xn 形状 (2000, 20),Yn、Yn_clean 形状 (2000,)")
def _(L):
    Xn, Yn, Yc = _np(L.Xn), _np(L.Yn), _np(L.Yn_clean)
    assert_equal(Xn.shape, (N, D), what="Xn.shape", msg="Xn 应是 2000 个 20 维样本:make_blobs(key, 2000, D_IN, N_CLS)。")
    assert_equal(Yn.shape, (N,), what="Yn.shape", msg="Yn(翻转后的标签)应是形状 (2000,) 的整数数组。")
    assert_equal(Yc.shape, (N,), what="Yn_clean.shape", msg="Yn_clean(原始标签)应是形状 (2000,) 的整数数组。")


@checks.add("flips", "恰好 20 个不同的样本被换成了另一个类别,标签仍在 [0, 10) 内", needs="shapes")
def _(L):
    flips = _np(L.flip_idx).reshape(-1).astype(np.int64)
    fset = set(flips.tolist())
    assert_that(len(fset) == N_FLIP,
                f"flip_idx 里只有 {len(fset)} 个不同的下标(应为 20):抽样时要不放回,"
                "例如 jax.random.choice(key, 2000, (20,), replace=False)。", actual=sorted(fset)[:40])
    Yn, Yc = _np(L.Yn), _np(L.Yn_clean)
    changed = set(np.flatnonzero(Yn != Yc).tolist())
    if changed != fset:
        same = sorted(fset - changed)
        extra = sorted(changed - fset)
        fail("标签发生变化的位置应恰好是 flip_idx。"
             + (f"有 {len(same)} 个被选中的样本标签没变:随机选新标签时可能选回了原类别,"
                "应加上 1..N_CLS-1 的偏移再对 N_CLS 取模。" if same else "")
             + (f"还有 {len(extra)} 个不在 flip_idx 里的样本被改了。" if extra else ""),
             unchanged_flips=same[:20], changed_outside=extra[:20])
    assert_that(int(Yn.min()) >= 0 and int(Yn.max()) < K,
                f"翻转后的标签超出了类别范围 [0, {K}):取模 % N_CLS 了吗?", min=int(Yn.min()), max=int(Yn.max()))


@checks.add("norms_shape", "norms_n 是 2000 个有限的非负数")
def _(L):
    nn = _np(L.norms_n)
    if nn.shape != (N,):
        fail(f"norms_n 的形状是 {nn.shape},应为 (2000,),每个样本一个梯度范数。对批损失求 grad 只得到一个"
             "(平均后的)梯度;逐样本梯度要对单样本损失做 vmap(grad, in_axes=(None, 0, 0)) 或用 lax.map。",
             expected=[N], actual=list(nn.shape))
    assert_that(np.all(np.isfinite(nn)) and np.all(nn >= 0), "norms_n 里有 NaN/inf 或负数:范数应是有限的非负数。",
                n_bad=int(np.sum(~np.isfinite(nn) | (nn < 0))))


@checks.add("norms_values", "抽查的样本:norms_n[i] 等于 (p_noisy, Xn[i], Yn[i]) 的梯度范数", needs="norms_shape")
def _(L):
    flips = sorted(set(_np(L.flip_idx).reshape(-1).astype(int).tolist()))
    idx = flips[:3] + [0, 1, N - 1] + sorted(rng(74).choice(N, 10, replace=False).tolist())
    params = {k: {n: _np(v) for n, v in layer.items()} for k, layer in L.p_noisy.items()}
    Xn, Yn, Yc, nn = _np(L.Xn), _np(L.Yn), _np(L.Yn_clean), _np(L.norms_n)
    expected = np.array([np_per_sample_grad_norm(params, Xn[i], Yn[i]) for i in idx])
    actual = nn[idx].astype(np.float64)
    # The chapter's tolerance (rtol 1e-4, atol 1e-6) compared two float32 computations. Against a
    # float64 reference, float32 loses ~1e-7 in softmax − onehot for confidently classified samples,
    # which is up to ~1e-5 in the norm: an index also passes within that absolute allowance.
    ok = np.isclose(actual, expected, rtol=1e-4, atol=1e-6) | (np.abs(actual - expected) <= 2e-5)
    if not ok.all():
        with_clean = np.array([np_per_sample_grad_norm(params, Xn[i], Yc[i]) for i in idx])
        if np.allclose(actual, with_clean, rtol=1e-4, atol=1e-6):
            why = "它们是用原始标签 Yn_clean 算的:要找标错的样本,梯度必须基于训练时用的带噪声标签 Yn。"
        else:
            why = ("范数应是把所有参数(dense_0/dense_1 的 w 和 b)拼在一起的全局 L2 范数:"
                   "sqrt(Σ_叶子 Σ g²),不是各叶子范数之和,也不能漏掉某些叶子;并且是单个样本损失的梯度。")
        assert_close(actual[~ok], expected[~ok], rtol=1e-4, atol=2e-5,
                     what=f"norms_n[{[i for i, good in zip(idx, ok) if not good]}]",
                     msg=f"抽查的逐样本梯度范数与定义不符:{why}")


@checks.add("accuracy", "p_noisy 在真实标签上的准确率 > 0.8")
def _(L):
    params = {k: {n: _np(v) for n, v in layer.items()} for k, layer in L.p_noisy.items()}
    acc = float(np.mean(np_mlp(params, _np(L.Xn)).argmax(axis=1) == _np(L.Yn_clean)))
    assert_that(acc > 0.8, f"p_noisy 对真实标签的准确率只有 {acc:.3f}(要求 > 0.8):训练可能没有收敛。"
                "用 adam(1e-2) 在 (Xn, Yn) 上全量训练 150 步,记得把 update 返回的增量加到参数上。",
                expected="> 0.8", actual=acc)


@checks.add("recall", "梯度范数 top-40 至少找回 90% 的翻转样本", needs="norms_shape")
def _(L):
    nn = _np(L.norms_n).astype(np.float64)
    flips = set(_np(L.flip_idx).reshape(-1).astype(int).tolist())
    top = np.argsort(-nn)[:TOP]
    found = sorted(set(top.tolist()) & flips)
    recall = len(found) / N_FLIP
    assert_that(recall >= 0.9, f"梯度范数 top-40 只找回了 {recall:.0%} 的翻转样本(要求 ≥ 90%):"
                "检查范数是否基于带噪声的标签 Yn、模型是否训练充分(标错的样本在训练后梯度才会明显偏大)。",
                expected=">= 0.9", actual=recall, missed=sorted(flips - set(found)))
