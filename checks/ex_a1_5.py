"""练习 a1.5(综合实践 A)带变长掩码的 LSTM:scan + vmap + grad + checkpoint.

接口:
  lstm_cell(params, carry, x_t) -> (h_new, c_new)
  lstm_masked(params, xs, mask, use_ckpt=False) -> (h_final, hs)
params = {"W": (4H, D), "U": (4H, H), "b": (4H,)},四个门按行块 i、f、o、g 堆叠;
xs (T, D)、mask (T,) bool 是一条序列;mask 为 False 的步保持 (h, c) 不变,输出 0。

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
  - False 出现在序列中间的掩码:h 和 c 都要冻结(只冻结 h、让 c 继续走会改变之后的 h)
                                                                                → check "mask_holes"
  - lstm_masked 的程序里有 scan                                                 → check "uses_scan"
  - use_ckpt=True 时 remat(jax.checkpoint)在 scan 的循环体里面(每步只存 carry),
    不是把整个 scan 包起来;use_ckpt=False 时没有 remat                        → check "ckpt_used"
  - 参数梯度与 float64 中心差分一致                                            → check "grad_fd"
"""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _program_rules as PR
import numpy as np
from _lstm_ref import cell_ref, masked_ref, run_ref

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    f64,
    fail,
    primitive_counts,
    primitive_sites,
    rng,
)

checks = Checks()

D, H, T = 3, 6, 7
LENGTHS = [7, 4, 1, 5]
HOLES = np.array(
    [[1, 1, 0, 0, 1, 1, 0], [1, 0, 1, 0, 1, 0, 1], [1, 1, 1, 0, 0, 0, 1], [0, 1, 1, 1, 0, 1, 1]],
    bool,
)


def _params(seed, d=D, hid=H):
    g = rng(seed)
    P = {
        "W": g.normal(size=(4 * hid, d)) / np.sqrt(d),
        "U": g.normal(size=(4 * hid, hid)) / np.sqrt(hid),
        "b": 0.3 * g.normal(size=4 * hid),
    }
    P["b"][hid : 2 * hid] += 1.0
    return {k: v.astype(np.float32) for k, v in P.items()}


def _p64(P):
    return {k: f64(v) for k, v in P.items()}


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


_JITTED: dict = {}  # one compiled function per (learner function, kind): the checks share compiles


def _cached(L, kind, build):
    key = (id(L.lstm_masked), kind)
    if key not in _JITTED:
        _JITTED[key] = build()
    return _JITTED[key]


def _run_batch(L, P, xs, mask):
    """jit(vmap(lstm_masked)) on a batch; the result validated as (h (B, H), hs (B, T, H))."""
    import jax
    import jax.numpy as jnp

    fn = _cached(L, "batch", lambda: jax.jit(jax.vmap(L.lstm_masked, in_axes=(None, 0, 0))))
    with A1.returned_values("lstm_masked"):
        out = fn(_jnp_params(P), jnp.asarray(xs), jnp.asarray(mask))
    B, t = mask.shape
    return A1.array_pair(
        out, "jit(vmap(lstm_masked)) 的返回值", ("h_final", "hs"), ((B, H), (B, t, H))
    )


@checks.add("cell", "单步 lstm_cell 与 NumPy float64 一致(门的行块顺序 i、f、o、g)")
def _(L):
    import jax.numpy as jnp

    P = _params(1501)
    g = rng(1502)
    h0, c0, x = g.normal(size=H), g.normal(size=H), g.normal(size=D)
    out = L.lstm_cell(
        _jnp_params(P),
        (jnp.asarray(h0, jnp.float32), jnp.asarray(c0, jnp.float32)),
        jnp.asarray(x, jnp.float32),
    )
    got_h, got_c = A1.array_pair(out, "lstm_cell 的返回值", ("h_new", "c_new"), ((H,), (H,)))
    got = {"h": got_h, "c": got_c}
    P64 = _p64(P)
    want_h, want_c = cell_ref(P64, h0, c0, x)
    mistakes = []
    for order in ("ifgo", "figo", "iofg", "fiog", "gifo", "oifg", "ifog"[::-1]):
        alt_h, alt_c = cell_ref(P64, h0, c0, x, order=order)
        mistakes.append(
            Mistake(
                "gate_order",
                {"h": alt_h, "c": alt_c},
                f"结果正是把门按 {'、'.join(order)} 的顺序解包时得到的:四个门在 W、U、b 里按行块 "
                "i、f、o、g 堆叠(第 H 到 2H 行是遗忘门,它的偏置初始化为 1),"
                "jnp.split(..., 4) 之后要按这个顺序解包。",
            )
        )
    mistakes.append(
        Mistake(
            "swapped",
            {"h": want_c, "c": want_h},
            "lstm_cell 返回的两项顺序反了:第一项等于正确的 c_new,第二项等于正确的 h_new。"
            "接口是 lstm_cell(...) -> (h_new, c_new)。",
        )
    )
    assert_close(
        got,
        {"h": want_h, "c": want_c},
        rtol=0,
        atol=1e-5,
        what="(h_new, c_new)",
        mistakes=mistakes,
        msg="lstm_cell 与 NumPy float64 的单步结果不一致(atol 1e-5),差别见下面的对比。"
        "公式:c' = σ(f)·c + σ(i)·tanh(g),h' = σ(o)·tanh(c')。",
    )


@checks.add("returns", "lstm_masked 对一条序列返回 (h_final, hs):形状 (H,) 与 (T, H) 的浮点数组")
def _(L):
    import jax.numpy as jnp

    P = _params(1503)
    xs, mask = _batch(1504)
    out = A1.abstract(
        L.lstm_masked, _jnp_params(P), jnp.asarray(xs[1]), jnp.asarray(mask[1]), what="lstm_masked"
    )
    A1.array_pair(out, "lstm_masked 的返回值", ("h_final", "hs"), ((H,), (T, H)))


@checks.add(
    "final_state",
    "4 条变长序列(长度 7、4、1、5):最终 h 与只跑真实长度的 NumPy 循环一致(atol 1e-5)",
    needs="returns",
)
def _(L):
    P = _params(1503)
    xs, mask = _batch(1504)
    h, _ = _run_batch(L, P, xs, mask)
    P64 = _p64(P)
    for i, n in enumerate(LENGTHS):
        want = run_ref(P64, f64(xs[i, :n]))[-1]
        leak = Mistake(
            "state_leaks",
            run_ref(P64, f64(xs[i]))[-1],
            f"序列 {i} 的最终 h 正是把 padding 步也当成真实输入跑完时的状态:padding 步必须保持 (h, c) 不变,"
            "例如对新旧 carry 逐叶子做 jnp.where(m_t, 新值, 旧值)。只把输出置 0 是不够的。",
        )
        assert_close(
            h[i],
            want,
            rtol=0,
            atol=1e-5,
            what=f"序列 {i}(真实长度 {n})的最终 h",
            mistakes=[leak] if n < T else [],
            msg=f"序列 {i} 的最终隐状态与只跑真实长度的 NumPy float64 循环不一致(atol 1e-5),差别见下面的对比。",
        )


@checks.add("padding_zero", "padding 步输出 0,有效步输出该步的 h", needs="returns")
def _(L):
    P = _params(1503)
    xs, mask = _batch(1504)
    _, hs = _run_batch(L, P, xs, mask)
    P64 = _p64(P)
    pad = hs[~mask]
    if not np.allclose(pad, 0.0):
        last_h = np.concatenate(
            [
                np.repeat(run_ref(P64, f64(xs[i, :n]))[-1:], T - n, axis=0)
                for i, n in enumerate(LENGTHS)
            ]
        )
        repeats = np.allclose(pad, last_h, atol=1e-5)
        fail(
            "padding 步的输出应该是 0(见 max_abs_on_padding)。"
            + (
                "这些输出正是上一个有效步的 h:状态冻结了,但每一步的输出也要用掩码处理,例如 jnp.where(m_t, h, 0.0)。"
                if repeats
                else ""
            ),
            max_abs_on_padding=float(np.abs(pad).max()),
        )
    for i, n in enumerate(LENGTHS):
        assert_close(
            hs[i, :n],
            run_ref(P64, f64(xs[i, :n])),
            rtol=0,
            atol=1e-5,
            what=f"序列 {i} 有效步的 hs",
            msg=f"序列 {i} 有效步的输出与 NumPy 逐步的 h 不一致:第 t 步应输出更新之后的 h_t。",
        )


@checks.add("padding_content", "padding 位置填大随机数:结果不变(状态真的被冻结)", needs="returns")
def _(L):
    P = _params(1505)
    xs0, mask = _batch(1506, fill=0.0)
    xs9, _ = _batch(1506, fill=25.0)
    h0 = _run_batch(L, P, xs0, mask)[0]
    h9, hs9 = _run_batch(L, P, xs9, mask)
    assert_close(
        h9,
        h0,
        rtol=0,
        atol=1e-5,
        what="最终 h",
        msg="padding 位置的输入一变,最终状态就跟着变:padding 步的计算结果流进了状态。"
        "用 jnp.where(m_t, 新 carry, 旧 carry) 让 padding 步完全不影响状态,不能依赖“padding 填的是 0”。",
    )
    assert_close(
        hs9[~mask],
        np.zeros_like(hs9[~mask]),
        rtol=0,
        atol=1e-6,
        what="padding 步的 hs",
        msg="padding 位置的输入不为 0 时,padding 步的输出也应该是 0。",
    )


@checks.add(
    "mask_holes",
    "掩码中间有 False 的步:h 和 c 都保持不变,之后的步从冻结的状态继续",
    needs="returns",
)
def _(L):
    P = _params(1508)
    g = rng(1509)
    xs = g.normal(size=(len(HOLES), T, D)).astype(np.float32)
    xs[~HOLES] = 4.0 * g.normal(size=(int((~HOLES).sum()), D)).astype(np.float32)
    h, hs = _run_batch(L, P, xs, HOLES)
    P64 = _p64(P)
    for i in range(len(HOLES)):
        want_h, want_hs = masked_ref(P64, f64(xs[i]), HOLES[i])
        mistakes = [
            Mistake(
                "c_runs",
                {
                    "h": masked_ref(P64, f64(xs[i]), HOLES[i], frozen="h")[0],
                    "hs": masked_ref(P64, f64(xs[i]), HOLES[i], frozen="h")[1],
                },
                f"序列 {i} 的结果正是“只冻结了 h、c 在 False 的步上照常更新”时得到的:c 也是状态,"
                "False 的步上 h 和 c 都要保持不变(例如对整个 carry (h, c) 逐叶子 jnp.where(m_t, 新, 旧))。",
            ),
            Mistake(
                "state_leaks",
                {
                    "h": masked_ref(P64, f64(xs[i]), HOLES[i], frozen="none")[0],
                    "hs": masked_ref(P64, f64(xs[i]), HOLES[i], frozen="none")[1],
                },
                f"序列 {i} 的结果正是 False 的步也照常更新 (h, c) 时得到的:这些步必须保持状态不变。",
            ),
        ]
        assert_close(
            {"h": h[i], "hs": hs[i]},
            {"h": want_h, "hs": want_hs},
            rtol=0,
            atol=1e-5,
            what=f"序列 {i}(掩码 {HOLES[i].astype(int).tolist()})",
            mistakes=mistakes,
            msg=f"序列 {i} 的掩码中间有 False:这些步上 (h, c) 都要保持不变、输出 0,之后的步从冻结的状态接着算。"
            "结果与 NumPy float64 的逐步循环不一致,差别见下面的对比。",
        )


def _sequence_args(P_seed=1507, t=T):
    import jax.numpy as jnp

    return _jnp_params(_params(P_seed)), jnp.zeros((t, D)), jnp.arange(t) < 5


@checks.add("uses_scan", "lstm_masked 的程序里有 scan(时间维没有被 Python 展开)", needs="returns")
def _(L):
    counts = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *_sequence_args())
    if counts["scan"]:
        return
    longer = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *_sequence_args(t=2 * T))
    n1, n2 = sum(counts.values()), sum(longer.values())
    grows = A1.grows_with(T, 2 * T, n1, n2)
    fail(
        "lstm_masked 的程序里没有 scan:时间维要用 lax.scan 来走(循环体只追踪一次)。"
        + (
            f"方程数随 T 成比例增长(T = {T} 时 {n1} 个,T = {2 * T} 时 {n2} 个):时间步被 Python 循环逐步展开了。"
            if grows
            else ""
        ),
        primitives=A1.top_primitives(counts),
    )


@checks.add(
    "ckpt_used",
    "use_ckpt=True 时 jax.checkpoint 包在 scan 的循环体上(每步只存 carry)",
    needs=("returns", "uses_scan"),
)
def _(L):
    sites = primitive_sites(lambda p, x, m: L.lstm_masked(p, x, m, True), *_sequence_args())
    remats = [inside for name, inside in sites if name == "remat2"]
    scans_in_remat = [inside for name, inside in sites if name == "scan" and "remat2" in inside]
    if not any("scan" in inside for inside in remats):
        if scans_in_remat:
            fail(
                "use_ckpt=True 时 jax.checkpoint 包住了整个 scan,而不是 scan 的循环体:这样反向传播时"
                "要把整条序列重算一遍,每一步的中间值又全部存下来,省不了多少内存。"
                "要写成 lax.scan(jax.checkpoint(step), ...),让每一步只保存 carry、反向时重算这一步。",
                remat_sites=[list(s) for s in remats],
            )
        fail(
            "use_ckpt=True 时程序里没有 remat2(jax.checkpoint / jax.remat 在 jaxpr 中的原语):"
            "把 scan 的循环体换成 jax.checkpoint(step) 再交给 lax.scan。",
            primitives=A1.top_primitives(
                primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m, True), *_sequence_args())
            ),
        )
    plain = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m, False), *_sequence_args())
    assert_that(
        not plain["remat2"],
        "use_ckpt=False 时不应该使用 jax.checkpoint:这个开关要真的起作用。",
        remat_count=plain["remat2"],
    )
    default = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *_sequence_args())
    assert_that(
        not default["remat2"],
        "不传 use_ckpt 时用了 jax.checkpoint:签名是 use_ckpt=False,默认不加 checkpoint。",
        remat_count=default["remat2"],
    )


@checks.add("weights_as_args", "程序读的是传入的 params,没有把权重当常量烘进去", needs="returns")
def _(L):
    PR.weights_as_args(L.lstm_masked, *_sequence_args())


def _loss_grad(L, use_ckpt):
    import jax
    import jax.numpy as jnp

    def loss(p, X, M):
        out = jax.vmap(lambda x, m: L.lstm_masked(p, x, m, use_ckpt))(X, M)
        h = as_tuple(out, 2, "lstm_masked 的返回值 (h_final, hs)")[0]
        return jnp.mean(h**2)

    return _cached(L, ("grad", bool(use_ckpt)), lambda: jax.jit(jax.grad(loss)))


def _grads(L, use_ckpt, P, xs, mask):
    import jax.numpy as jnp

    g = _loss_grad(L, use_ckpt)(_jnp_params(P), jnp.asarray(xs), jnp.asarray(mask))
    return {k: as_array(g[k], f"∂L/∂{k}", shape=P[k].shape) for k in ("W", "U", "b")}


@checks.add("ckpt_grad", "mean(h²) 对参数的梯度:加不加 checkpoint 一致(atol 1e-6)", needs="returns")
def _(L):
    P = _params(1503)
    xs, mask = _batch(1504)
    g_plain = _grads(L, False, P, xs, mask)
    g_ckpt = _grads(L, True, P, xs, mask)
    assert_close(
        g_ckpt,
        g_plain,
        rtol=0,
        atol=1e-6,
        what="参数梯度(checkpoint vs 不加)",
        msg="加 jax.checkpoint 前后梯度应该完全一致(它只改变“存还是重算”中间值,不改变数学)。"
        "两者不一致,说明 use_ckpt=True 和 False 两个分支算的不是同一个函数,差别见下面的对比。",
    )


@checks.add("grad_fd", "参数梯度与 float64 中心差分一致", needs="returns")
def _(L):
    P = _params(1503)
    xs, mask = _batch(1504)
    grads = _grads(L, False, P, xs, mask)
    P64 = _p64(P)

    def loss64(Q):
        finals = [run_ref(Q, f64(xs[i, :n]))[-1] for i, n in enumerate(LENGTHS)]
        return float(np.mean(np.square(finals)))

    eps = 1e-6
    probes = (("W", (H + 2, 1)), ("U", (3 * H + 1, 4)), ("b", (1,)))
    got, fd = [], []
    for name, idx in probes:
        up = {k: v.copy() for k, v in P64.items()}
        dn = {k: v.copy() for k, v in P64.items()}
        up[name][idx] += eps
        dn[name][idx] -= eps
        fd.append((loss64(up) - loss64(dn)) / (2 * eps))
        got.append(float(grads[name][idx]))
    assert_close(
        np.array(got),
        np.array(fd),
        rtol=1e-2,
        atol=1e-5,
        what="∂L/∂W[8,1]、∂L/∂U[19,4]、∂L/∂b[1]",
        msg="参数梯度与 float64 中心差分不一致(rtol 1e-2),差别见下面的对比。",
    )


@checks.add("input_grad_padding", "对输入 xs 的梯度在 padding 位置恰好为 0", needs="returns")
def _(L):
    import jax
    import jax.numpy as jnp

    P = _jnp_params(_params(1503))
    xs, mask = _batch(1504)
    M = jnp.asarray(mask)

    def loss_x(X):
        out = jax.vmap(lambda x, m: L.lstm_masked(P, x, m, False))(X, M)
        return jnp.mean(as_tuple(out, 2, "lstm_masked 的返回值 (h_final, hs)")[0] ** 2)

    gx = as_array(jax.grad(loss_x)(jnp.asarray(xs)), "∂L/∂xs", shape=xs.shape)
    pad = gx[~mask]
    assert_that(
        np.allclose(pad, 0.0),
        "padding 位置的输入梯度应该恰好为 0(见 max_abs_on_padding):这些输入不应该对结果有任何影响,"
        "不为 0 就说明 padding 步的计算仍然流进了最终的 h。",
        max_abs_on_padding=float(np.abs(pad).max()),
    )
    assert_that(np.abs(gx[mask]).max() > 0, "有效位置的输入梯度全是 0:输入没有真正参与计算。")
