"""练习 a1.5(综合实践 A)带变长掩码的 LSTM:scan + vmap + grad + checkpoint.

接口:
  lstm_cell(params, carry, x_t) -> (h_new, c_new)
  lstm_masked(params, xs, mask, use_ckpt=False) -> (h_final, hs)
params = {"W": (4H, D), "U": (4H, H), "b": (4H,)},四个门按行块 i、f、o、g 堆叠;
xs (T, D)、mask (T,) bool 是一条序列;padding 步保持 (h, c) 不变,输出 0。

原书综合实践 A 的断言(D = 3、H = 6、T = 7,长度 [7, 4, 1, 5],padding 位置填 0,
jit(vmap(lstm_masked, in_axes=(None, 0, 0))))在这里的位置:
  1. 每条序列的最终 h 与“只在真实长度上运行”的 NumPy float64 循环一致,atol 1e-5 → check "final_state"
  2. padding 步的输出 hs 全为 0(np.allclose 默认容差)                        → check "padding_zero"
  3. 损失 mean(h_final²) 对参数的梯度:use_ckpt=False 与 True 一致,atol 1e-6    → check "ckpt_grad"
  4. 对输入 xs 的梯度在 padding 位置恰好为 0(np.allclose(…, 0))              → check "input_grad_padding"
另加:
  - 单步 lstm_cell 与 NumPy 一致(门的顺序 i、f、o、g)                       → check "cell"
  - 有效步的 hs 与 NumPy 逐步的 h 一致                                         → check "padding_zero"
  - padding 位置填入大的随机数,结果不变(状态真的被冻结了,而不是碰巧输入为 0) → check "padding_content"
  - lstm_masked 的 jaxpr 里有 scan;use_ckpt=True 时有 remat(jax.checkpoint)   → check "uses_scan"、"ckpt_used"
  - 参数梯度与 float64 中心差分一致                                            → check "grad_fd"
"""

import sys

import numpy as np

from tutor.checklib import Checks, assert_close, assert_that, fail, rng

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path


checks = Checks()

D, H, T = 3, 6, 7
LENGTHS = [7, 4, 1, 5]


def _sigmoid(v):
    return 1.0 / (1.0 + np.exp(-v))


def cell_ref(P, h, c, x, order="ifog"):
    """One LSTM step in float64. `order` names the row blocks of the stacked gates."""
    z = P["W"] @ x + P["U"] @ h + P["b"]
    blocks = dict(zip(order, np.split(z, 4)))
    c_new = _sigmoid(blocks["f"]) * c + _sigmoid(blocks["i"]) * np.tanh(blocks["g"])
    h_new = _sigmoid(blocks["o"]) * np.tanh(c_new)
    return h_new, c_new


def run_ref(P, xs):
    """Runs the true-length sequence only; returns every h (float64)."""
    h = np.zeros(P["U"].shape[1])
    c = np.zeros_like(h)
    out = []
    for x in xs:
        h, c = cell_ref(P, h, c, x)
        out.append(h)
    return np.array(out).reshape(len(out), -1)


def _params(seed, d=D, hid=H):
    g = rng(seed)
    P = {"W": g.normal(size=(4 * hid, d)) / np.sqrt(d),
         "U": g.normal(size=(4 * hid, hid)) / np.sqrt(hid),
         "b": 0.3 * g.normal(size=4 * hid)}
    P["b"][hid:2 * hid] += 1.0
    return {k: v.astype(np.float32) for k, v in P.items()}


def _batch(seed, lengths=LENGTHS, t=T, d=D, fill=0.0):
    g = rng(seed)
    xs = g.normal(size=(len(lengths), t, d)).astype(np.float32)
    mask = np.arange(t)[None, :] < np.array(lengths)[:, None]
    junk = fill * g.normal(size=xs.shape).astype(np.float32)
    xs = np.where(mask[..., None], xs, junk).astype(np.float32)
    return xs, mask


def _jnp_params(P):
    import jax.numpy as jnp

    return {k: jnp.asarray(v) for k, v in P.items()}


_JITTED: dict = {}   # one compiled function per (learner function, kind): the checks share compiles


def _cached(L, kind, build):
    key = (id(L.lstm_masked), kind)
    if key not in _JITTED:
        _JITTED[key] = build()
    return _JITTED[key]


def _run_batch(L, P, xs, mask):
    import jax
    import jax.numpy as jnp

    fn = _cached(L, "batch", lambda: jax.jit(jax.vmap(
        lambda p, x, m: A1.pair(L.lstm_masked(p, x, m), "lstm_masked"), in_axes=(None, 0, 0))))
    h, hs = fn(_jnp_params(P), jnp.asarray(xs), jnp.asarray(mask))
    return np.asarray(h), np.asarray(hs)


@checks.add("cell", "单步 lstm_cell 与 NumPy float64 一致(门的行块顺序 i、f、o、g)")
def _(L):
    import jax.numpy as jnp

    P = _params(1501)
    g = rng(1502)
    h0, c0, x = g.normal(size=H), g.normal(size=H), g.normal(size=D)
    out = A1.pair(L.lstm_cell(_jnp_params(P), (jnp.asarray(h0, jnp.float32), jnp.asarray(c0, jnp.float32)),
                              jnp.asarray(x, jnp.float32)), "lstm_cell")
    got_h, got_c = np.asarray(out[0]), np.asarray(out[1])
    P64 = {k: A1.f64(v) for k, v in P.items()}
    want_h, want_c = cell_ref(P64, h0, c0, x)
    if got_h.shape == want_h.shape and np.allclose(got_h, want_h, atol=1e-5) \
            and got_c.shape == want_c.shape and np.allclose(got_c, want_c, atol=1e-5):
        return
    why = "lstm_cell 与 NumPy 的单步结果不一致。"
    for order in ("ifgo", "figo", "iofg", "fiog", "gifo"):
        alt_h, alt_c = cell_ref(P64, h0, c0, x, order=order)
        if got_h.shape == alt_h.shape and np.allclose(got_h, alt_h, atol=1e-5):
            why = (f"结果对应的门顺序是 {'、'.join(order)}:四个门在 W、U、b 里按行块 i、f、o、g 堆叠"
                   "(第 H 到 2H 行是遗忘门,它的偏置初始化为 1),jnp.split(..., 4) 之后要按这个顺序解包。")
            break
    assert_close({"h": got_h, "c": got_c}, {"h": want_h, "c": want_c}, rtol=0, atol=1e-5,
                 what="(h_new, c_new)",
                 msg=why + "公式:c' = σ(f)·c + σ(i)·tanh(g),h' = σ(o)·tanh(c')。")


@checks.add("final_state", "4 条变长序列(长度 7、4、1、5):最终 h 与只跑真实长度的 NumPy 循环一致(atol 1e-5)")
def _(L):
    P = _params(1503)
    xs, mask = _batch(1504)
    h, _ = _run_batch(L, P, xs, mask)
    P64 = {k: A1.f64(v) for k, v in P.items()}
    assert_that(h.shape == (len(LENGTHS), H), f"最终 h 的形状应为 ({len(LENGTHS)}, {H})(vmap 后每条序列一行)。",
                expected=[len(LENGTHS), H], actual=list(h.shape))
    for i, n in enumerate(LENGTHS):
        want = run_ref(P64, A1.f64(xs[i, :n]))[-1]
        if not np.allclose(h[i], want, atol=1e-5):
            leak = ""
            full = run_ref(P64, A1.f64(xs[i]))[-1]
            if n < T and np.allclose(h[i], full, atol=1e-5):
                leak = ("结果等于把 padding 步也当成真实输入跑完的状态:padding 步必须保持 (h, c) 不变,"
                        "例如对新旧 carry 逐叶子做 jnp.where(m_t, 新值, 旧值)。只把输出置 0 是不够的。")
            assert_close(h[i], want, rtol=0, atol=1e-5, what=f"序列 {i}(真实长度 {n})的最终 h",
                         msg=f"序列 {i} 的最终隐状态与 NumPy 逐条循环不一致。" + leak)


@checks.add("padding_zero", "padding 步输出 0,有效步输出该步的 h")
def _(L):
    P = _params(1503)
    xs, mask = _batch(1504)
    _, hs = _run_batch(L, P, xs, mask)
    assert_that(hs.shape == (len(LENGTHS), T, H), f"hs 的形状应为 ({len(LENGTHS)}, {T}, {H}):每一步一个 h。",
                expected=[len(LENGTHS), T, H], actual=list(hs.shape))
    pad = hs[~mask]
    if not np.allclose(pad, 0.0):
        fail("padding 步的输出应该是 0:scan 每一步的输出也要用掩码处理,例如 jnp.where(m_t, h, 0.0)。"
             "冻结状态只保证 carry 不变,输出的还是上一个有效步的 h。",
             max_abs_on_padding=float(np.abs(pad).max()))
    P64 = {k: A1.f64(v) for k, v in P.items()}
    for i, n in enumerate(LENGTHS):
        assert_close(hs[i, :n], run_ref(P64, A1.f64(xs[i, :n])), rtol=0, atol=1e-5,
                     what=f"序列 {i} 有效步的 hs",
                     msg=f"序列 {i} 有效步的输出不对:第 t 步应输出更新之后的 h_t。")


@checks.add("padding_content", "padding 位置填大随机数:结果不变(状态真的被冻结)")
def _(L):
    P = _params(1505)
    xs0, mask = _batch(1506, fill=0.0)
    xs9, _ = _batch(1506, fill=25.0)
    h0, hs0 = _run_batch(L, P, xs0, mask)
    h9, hs9 = _run_batch(L, P, xs9, mask)
    assert_close(h9, h0, rtol=0, atol=1e-5, what="最终 h",
                 msg="padding 位置的输入一变,最终状态就跟着变:padding 步的计算结果没有被丢弃。"
                     "用 jnp.where(m_t, 新 carry, 旧 carry) 让 padding 步完全不影响状态,不能依赖“padding 填的是 0”。")
    assert_close(hs9[~mask], np.zeros_like(hs9[~mask]), rtol=0, atol=1e-6, what="padding 步的 hs",
                 msg="padding 位置的输入不为 0 时,padding 步的输出也应该是 0。")


@checks.add("uses_scan", "lstm_masked 的 jaxpr 里有 scan(时间维没有被 Python 展开)")
def _(L):
    import jax.numpy as jnp

    P = _jnp_params(_params(1507))
    xs = jnp.zeros((T, D))
    mask = jnp.arange(T) < 5
    text = A1.jaxpr_text(lambda p, x, m: L.lstm_masked(p, x, m), P, xs, mask)
    assert_that("scan[" in text, "jaxpr 中没有 scan:时间维要用 lax.scan 来走(循环体只追踪一次),"
                "不要用 Python for 循环逐步展开。", primitives=A1.primitives(text))


@checks.add("ckpt_used", "use_ckpt=True 时循环体包了 jax.checkpoint(jaxpr 里有 remat2)")
def _(L):
    import jax.numpy as jnp

    P = _jnp_params(_params(1507))
    xs = jnp.zeros((T, D))
    mask = jnp.arange(T) < 5
    text = A1.jaxpr_text(lambda p, x, m: L.lstm_masked(p, x, m, True), P, xs, mask)
    assert_that("remat" in text,
                "use_ckpt=True 时 jaxpr 里没有 remat2:jax.checkpoint(jax.remat 也一样)在 jaxpr 中显示为 remat2 原语。"
                "把 scan 的循环体换成 jax.checkpoint(step) 再交给 lax.scan。", primitives=A1.primitives(text))
    plain = A1.jaxpr_text(lambda p, x, m: L.lstm_masked(p, x, m, False), P, xs, mask)
    assert_that("remat" not in plain, "use_ckpt=False 时不应该使用 jax.checkpoint:这个开关要真的起作用。")


def _loss_grad(L, use_ckpt):
    import jax
    import jax.numpy as jnp

    def loss(p, X, M):
        h, _ = jax.vmap(lambda x, m: L.lstm_masked(p, x, m, use_ckpt))(X, M)
        return jnp.mean(h ** 2)

    return _cached(L, ("grad", bool(use_ckpt)), lambda: jax.jit(jax.grad(loss)))


@checks.add("ckpt_grad", "mean(h²) 对参数的梯度:加不加 checkpoint 一致(atol 1e-6)")
def _(L):
    import jax.numpy as jnp

    P = _jnp_params(_params(1503))
    xs, mask = _batch(1504)
    g_plain = _loss_grad(L, False)(P, jnp.asarray(xs), jnp.asarray(mask))
    g_ckpt = _loss_grad(L, True)(P, jnp.asarray(xs), jnp.asarray(mask))
    assert_close({k: np.asarray(v) for k, v in g_ckpt.items()}, {k: np.asarray(v) for k, v in g_plain.items()},
                 rtol=0, atol=1e-6, what="参数梯度(checkpoint vs 不加)",
                 msg="加 jax.checkpoint 前后梯度应该完全一致(它只改变“存还是重算”中间值,不改变数学)。"
                     "如果不一致,说明两个分支算的不是同一个函数。")


@checks.add("grad_fd", "参数梯度与 float64 中心差分一致")
def _(L):
    import jax.numpy as jnp

    P = _params(1503)
    xs, mask = _batch(1504)
    grads = _loss_grad(L, False)(_jnp_params(P), jnp.asarray(xs), jnp.asarray(mask))
    P64 = {k: A1.f64(v) for k, v in P.items()}

    def loss64(Q):
        finals = [run_ref(Q, A1.f64(xs[i, :n]))[-1] for i, n in enumerate(LENGTHS)]
        return float(np.mean(np.square(finals)))

    eps = 1e-6
    for name, idx in (("W", (H + 2, 1)), ("U", (3 * H + 1, 4)), ("b", (1,))):
        up = {k: v.copy() for k, v in P64.items()}
        dn = {k: v.copy() for k, v in P64.items()}
        up[name][idx] += eps
        dn[name][idx] -= eps
        fd = (loss64(up) - loss64(dn)) / (2 * eps)
        got = float(np.asarray(grads[name])[idx])
        assert_close(got, fd, rtol=1e-2, atol=1e-5, what=f"∂L/∂{name}{list(idx)}",
                     msg=f"{name}{list(idx)} 的梯度与中心差分不一致:前面的数值检查都通过时,"
                         "通常是用 stop_gradient 或 Python 数值切断了某条依赖。")


@checks.add("input_grad_padding", "对输入 xs 的梯度在 padding 位置恰好为 0")
def _(L):
    import jax
    import jax.numpy as jnp

    P = _jnp_params(_params(1503))
    xs, mask = _batch(1504)
    M = jnp.asarray(mask)

    def loss_x(X):
        h, _ = jax.vmap(lambda x, m: L.lstm_masked(P, x, m, False))(X, M)
        return jnp.mean(h ** 2)

    gx = np.asarray(jax.grad(loss_x)(jnp.asarray(xs)))
    pad = gx[~mask]
    assert_that(np.allclose(pad, 0.0),
                "padding 位置的输入梯度应该恰好为 0:这些输入不应该对结果有任何影响。"
                "如果不为 0,说明 padding 步的计算仍然流进了状态。",
                max_abs_on_padding=float(np.abs(pad).max()))
    assert_that(np.abs(gx[mask]).max() > 0, "有效位置的输入梯度全是 0:输入没有真正参与计算。")
