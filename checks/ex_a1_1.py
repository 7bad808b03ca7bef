"""练习 a1.1 用反向 scan 计算带终止标志的折扣回报:接口 discounted_returns(rewards, dones, gamma),返回 G.

G_t = r_t + γ(1 − d_t)·G_{t+1},G_T = 0。

原书自检的 5 条断言(同样的数字与容差)在这里的位置:
  1. rng = default_rng(2024),(T, γ) ∈ {(1, 0.9), (13, 0.99), (40, 0.5)},r ~ U(−1, 1) f32,
     d = (U < 0.2) f32:输出形状为 (T,)                                  → check "shape"
  2. 同样的数据与逐步递推(float64)一致,atol 1e-5                        → check "loop"
  3. discounted_returns([1,2,3,4], [0,1,0,1], 0.5) ≈ [2, 2, 5, 4](np.allclose 默认容差)
                                                                        → check "done_truncates"
  4. γ = 0.9、输入为长 50 的全 1 奖励与全 0 终止标志时,make_jaxpr 的文本里有 "scan["
                                                                        → check "scan_in_jaxpr"
  5. 接着用同一个 rng 生成 R (3, 9) ~ U(0, 1) f32,dones 全 0,γ = 0.9:
     jit 套 vmap(in_axes 为 0, 0, None)后每一行与递推一致,atol 1e-5
                                                                        → check "jit_vmap"
另加:新的随机数据、较密的终止标志、γ 作为 jit 的普通参数(被追踪)     → check "fresh"
"""

import sys

import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail, rng

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path


checks = Checks()


def returns_ref(r, d, gamma):
    """从后往前的逐步递推(float64)。"""
    r, d = A1.f64(r), A1.f64(d)
    out = np.zeros(len(r))
    acc = 0.0
    for t in range(len(r) - 1, -1, -1):
        acc = r[t] + gamma * (1.0 - d[t]) * acc
        out[t] = acc
    return out


def _forward(r, d, gamma):
    r, d = A1.f64(r), A1.f64(d)
    out, acc = np.zeros(len(r)), 0.0
    for t in range(len(r)):
        acc = r[t] + gamma * (1.0 - d[t]) * acc
        out[t] = acc
    return out


def _diagnose(got, r, d, gamma) -> str:
    """Names the misconception behind a wrong result (best guess)."""
    got = A1.f64(got)
    if got.shape == (len(r),):
        if np.allclose(got, _forward(r, d, gamma), atol=1e-5):
            return ("结果等于“从前往后”的递推:G_t 依赖的是**后一步**的 G_{t+1},所以要从轨迹末尾往前算。"
                    "lax.scan 需要 reverse=True(它从后往前扫描,而 ys[t] 仍然对应 xs[t])。")
        if np.allclose(got, returns_ref(r, np.zeros_like(A1.f64(d)), gamma), atol=1e-5):
            return ("结果和完全忽略终止标志时一样:递推里少了 (1 − d_t)。d_t = 1 表示这一步之后回合结束,"
                    "之后的回报不能再折扣累加进来。")
        if np.allclose(got[::-1], returns_ref(r, d, gamma), atol=1e-5):
            return ("结果被整体翻转了:reverse=True 的 scan 输出 ys[t] 本来就和 xs[t] 对齐,不要再把结果 [::-1]。")
    return "与逐步递推的结果不一致:检查递推式 G_t = r_t + γ·(1 − d_t)·G_{t+1} 和初值 G_T = 0。"


def _chapter_batches():
    """原书自检的数据:同一个 default_rng(2024) 依次生成 3 组轨迹,再生成 (3, 9) 的 R。"""
    g = np.random.default_rng(2024)
    cases = []
    for T, gamma in ((1, 0.9), (13, 0.99), (40, 0.5)):
        r = g.uniform(-1, 1, T).astype(np.float32)
        d = (g.uniform(size=T) < 0.2).astype(np.float32)
        cases.append((T, gamma, r, d))
    R = g.uniform(size=(3, 9)).astype(np.float32)
    return cases, R


@checks.add("shape", "T = 1、13、40 时输出形状为 (T,)")
def _(L):
    import jax.numpy as jnp

    cases, _ = _chapter_batches()
    for T, gamma, r, d in cases:
        out = np.asarray(L.discounted_returns(jnp.asarray(r), jnp.asarray(d), gamma))
        assert_that(out.shape == (T,),
                    f"T={T} 时输出形状应为 ({T},),实际是 {out.shape}:G 和 rewards 一样长,每个时间步一个回报。"
                    "scan 的第二个返回值 ys 就是逐步输出;不要返回最后的 carry。",
                    expected=[T], actual=list(out.shape))


@checks.add("loop", "三组随机轨迹(含终止标志)与逐步递推一致(atol 1e-5)")
def _(L):
    import jax.numpy as jnp

    cases, _ = _chapter_batches()
    for T, gamma, r, d in cases:
        got = np.asarray(L.discounted_returns(jnp.asarray(r), jnp.asarray(d), gamma))
        want = returns_ref(r, d, gamma)
        if got.shape != want.shape or not np.allclose(got, want, atol=1e-5):
            assert_close(got, want, rtol=0, atol=1e-5, what=f"T={T}、γ={gamma} 的回报",
                         msg=f"T={T}、γ={gamma}:" + _diagnose(got, r, d, gamma))


@checks.add("done_truncates", "终止标志截断回报:[1,2,3,4]、d=[0,1,0,1]、γ=0.5 → [2,2,5,4]")
def _(L):
    import jax.numpy as jnp

    r = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    d = np.array([0.0, 1.0, 0.0, 1.0], np.float32)
    got = np.asarray(L.discounted_returns(jnp.asarray(r), jnp.asarray(d), 0.5))
    want = np.array([2.0, 2.0, 5.0, 4.0])
    if got.shape != want.shape or not np.allclose(got, want):
        assert_close(got, want, rtol=1e-5, atol=1e-8, what="G",
                     msg="d_t = 1 时应截断之后的回报,期望 [2, 2, 5, 4]。" + _diagnose(got, r, d, 0.5))


@checks.add("scan_in_jaxpr", "jaxpr 里有 scan 原语(T 步没有被 Python 展开)")
def _(L):
    import jax.numpy as jnp

    text = A1.jaxpr_text(lambda rew, fin: L.discounted_returns(rew, fin, 0.9), jnp.ones(50), jnp.zeros(50))
    if "scan[" not in text:
        n_lines = len(text.splitlines())
        fail("jaxpr 中没有 scan 原语。本题练的是 lax.scan(..., reverse=True),检查就是在 jaxpr 里找 scan[:"
             "如果用 Python for 循环,jit 会把 T = 50 步逐步展开成几十上百个方程(T 越大越慢);"
             "如果用 lax.associative_scan,数学上也对,但它被展开成一串切片和拼接,没有 scan 原语,同样通不过这一项。"
             "请改用 lax.scan(body, 初值, (rewards, dones), reverse=True)。",
             jaxpr_lines=n_lines, primitives=A1.primitives(text))


@checks.add("jit_vmap", "jit(vmap(..., in_axes=(0, 0, None))) 处理 3 条轨迹,每条都与递推一致")
def _(L):
    import jax
    import jax.numpy as jnp

    _, R = _chapter_batches()
    per_row = jax.vmap(L.discounted_returns, in_axes=(0, 0, None))
    batched = jax.jit(per_row)
    G = np.asarray(batched(jnp.asarray(R), jnp.zeros((3, 9)), 0.9))
    assert_that(G.shape == (3, 9), "vmap 后输出形状应为 (3, 9):每条轨迹一行。",
                expected=[3, 9], actual=list(G.shape))
    for i in range(3):
        want = returns_ref(R[i], np.zeros(9), 0.9)
        if not np.allclose(G[i], want, atol=1e-5):
            assert_close(G[i], want, rtol=0, atol=1e-5, what=f"第 {i} 条轨迹",
                         msg=f"jit(vmap(...)) 后第 {i} 条轨迹的结果不对:" + _diagnose(G[i], R[i], np.zeros(9), 0.9)
                             + "(函数只处理一条一维轨迹,批维交给 vmap。)")


@checks.add("fresh", "新数据:T = 25、较密的终止标志、γ 作为 jit 参数(被追踪)")
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
    G = np.asarray(run(jnp.asarray(R), jnp.asarray(D), jnp.float32(gamma)))
    for i in range(B):
        want = returns_ref(R[i], D[i], gamma)
        if not np.allclose(G[i], want, atol=1e-5):
            assert_close(G[i], want, rtol=0, atol=1e-5, what=f"第 {i} 条轨迹",
                         msg="换一组数据(γ 在 jit 里是被追踪的值)后结果不对:" + _diagnose(G[i], R[i], D[i], gamma))
