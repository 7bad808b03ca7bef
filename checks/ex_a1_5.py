"""练习 a1.5(综合实践 A)带变长掩码的 LSTM:scan + vmap + grad + checkpoint.

接口:
  lstm_cell(params, carry, x_t) -> (h_new, c_new)
  lstm_masked(params, xs, mask, use_ckpt=False) -> (h_final, hs)
params = {"W": (4H, D), "U": (4H, H), "b": (4H,)},四个门按行块 i、f、o、g 堆叠;
xs (T, D)、mask (T,) bool 是一条序列;mask 为 False 的步保持 (h, c) 不变,输出 0。

原书综合实践 A 的断言(D = 3、H = 6、T = 7,长度 [7, 4, 1, 5],padding 位置填 0,
jit(vmap(lstm_masked, in_axes=(None, 0, 0))))在这里的位置:
  1. 每条序列的最终 h 与“只在真实长度上运行”的 NumPy float64 循环一致,atol 1e-5
     → check "final_state"
  2. padding 步的输出 hs 全为 0(np.allclose 默认容差)  → check "padding_zero"
  3. 损失 mean(h_final²) 对参数的梯度:use_ckpt=False 与 True 一致,atol 1e-6  → check "ckpt_grad"
  4. 对输入 xs 的梯度在 padding 位置恰好为 0(np.allclose(…, 0))  → check "input_grad_padding"
另加:
  - 单步 lstm_cell 与 NumPy 一致(门的顺序 i、f、o、g)  → check "cell"
  - 有效步的 hs 与 NumPy 逐步的 h 一致  → check "padding_zero"
  - padding 位置填入大的随机数,结果不变(状态真的被冻结了,而不是碰巧输入为 0)
    → check "padding_content"
  - False 出现在序列中间的掩码:h 和 c 都要冻结(只冻结 h、让 c 继续走会改变之后的 h)
    → check "mask_holes"
  - lstm_masked 的程序里有 scan  → check "uses_scan"
  - use_ckpt=True 时 remat(jax.checkpoint)在 scan 的循环体里面(每步只存 carry),
    不是把整个 scan 包起来;use_ckpt=False 时没有 remat  → check "ckpt_used"
    (这两项读程序的检查在 _lstm_program.py)
  - 参数梯度与 float64 中心差分一致  → check "grad_fd"
"""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _lstm_inputs as IN  # the checks' inputs and runs of the learner's function
import _lstm_program as LP  # how lstm_masked's program is built
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
    compare,
    f64,
    fail,
    rng,
)

checks = Checks()

D, H, T = IN.D, IN.H, IN.T
LENGTHS = IN.LENGTHS
HOLES = np.array(
    [[1, 1, 0, 0, 1, 1, 0], [1, 0, 1, 0, 1, 0, 1], [1, 1, 1, 0, 0, 0, 1], [0, 1, 1, 1, 0, 1, 1]],
    bool,
)


@checks.add("cell", "单步 lstm_cell 与 NumPy float64 一致(门的行块顺序 i、f、o、g)")
def _(L):
    import jax.numpy as jnp

    P = IN.params(1501)
    g = rng(1502)
    h0, c0, x = g.normal(size=H), g.normal(size=H), g.normal(size=D)
    out = L.lstm_cell(
        IN.jnp_params(P),
        (jnp.asarray(h0, jnp.float32), jnp.asarray(c0, jnp.float32)),
        jnp.asarray(x, jnp.float32),
    )
    got_h, got_c = A1.array_pair(out, "lstm_cell 的返回值", ("h_new", "c_new"), ((H,), (H,)))
    got = {"h": got_h, "c": got_c}
    P64 = IN.p64(P)
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

    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    out = A1.abstract(
        L.lstm_masked,
        IN.jnp_params(P),
        jnp.asarray(xs[1]),
        jnp.asarray(mask[1]),
        what="lstm_masked",
    )
    A1.array_pair(out, "lstm_masked 的返回值", ("h_final", "hs"), ((H,), (T, H)))


@checks.add(
    "final_state",
    "4 条变长序列(长度 7、4、1、5):最终 h 与只跑真实长度的 NumPy 循环一致(atol 1e-5)",
    needs="returns",
)
def _(L):
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    h, _ = IN.run_batch(L, P, xs, mask)
    P64 = IN.p64(P)
    for i, n in enumerate(LENGTHS):
        want = run_ref(P64, f64(xs[i, :n]))[-1]
        leak = Mistake(
            "state_leaks",
            run_ref(P64, f64(xs[i]))[-1],
            f"序列 {i} 的最终 h 正是把 padding 步也当成真实输入跑完时的状态:"
            "padding 步必须保持 (h, c) 不变,"
            "例如对新旧 carry 逐叶子做 jnp.where(m_t, 新值, 旧值)。只把输出置 0 是不够的。",
        )
        assert_close(
            h[i],
            want,
            rtol=0,
            atol=1e-5,
            what=f"序列 {i}(真实长度 {n})的最终 h",
            mistakes=[leak] if n < T else [],
            msg=f"序列 {i} 的最终隐状态与只跑真实长度的 NumPy float64 循环不一致(atol 1e-5),"
            "差别见下面的对比。",
        )


def _all_zero(values) -> bool:
    """Every value within np.allclose's default atol (1e-8) of 0."""
    return compare(values, np.zeros_like(values), rtol=0, atol=1e-8) is None


@checks.add("padding_zero", "padding 步输出 0,有效步输出该步的 h", needs="returns")
def _(L):
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    _, hs = IN.run_batch(L, P, xs, mask)
    P64 = IN.p64(P)
    pad = hs[~mask]
    if not _all_zero(pad):
        last_h = np.concatenate(
            [
                np.repeat(run_ref(P64, f64(xs[i, :n]))[-1:], T - n, axis=0)
                for i, n in enumerate(LENGTHS)
            ]
        )
        repeats = compare(pad, last_h, rtol=1e-5, atol=1e-5) is None
        fail(
            "padding 步的输出应该是 0(见 max_abs_on_padding)。"
            + (
                "这些输出正是上一个有效步的 h:状态冻结了,但每一步的输出也要用掩码处理,"
                "例如 jnp.where(m_t, h, 0.0)。"
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
    P = IN.params(1505)
    xs0, mask = IN.batch(1506, fill=0.0)
    xs9, _ = IN.batch(1506, fill=25.0)
    h0 = IN.run_batch(L, P, xs0, mask)[0]
    h9, hs9 = IN.run_batch(L, P, xs9, mask)
    assert_close(
        h9,
        h0,
        rtol=0,
        atol=1e-5,
        what="最终 h",
        msg="padding 位置的输入一变,最终状态就跟着变:padding 步的计算结果流进了状态。"
        "用 jnp.where(m_t, 新 carry, 旧 carry) 让 padding 步完全不影响状态,"
        "不能依赖“padding 填的是 0”。",
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
    P = IN.params(1508)
    g = rng(1509)
    xs = g.normal(size=(len(HOLES), T, D)).astype(np.float32)
    xs[~HOLES] = 4.0 * g.normal(size=(int((~HOLES).sum()), D)).astype(np.float32)
    h, hs = IN.run_batch(L, P, xs, HOLES)
    P64 = IN.p64(P)
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
                "False 的步上 h 和 c 都要保持不变(例如对整个 carry (h, c) 逐叶子 jnp.where(m_t,"
                " 新, 旧))。",
            ),
            Mistake(
                "state_leaks",
                {
                    "h": masked_ref(P64, f64(xs[i]), HOLES[i], frozen="none")[0],
                    "hs": masked_ref(P64, f64(xs[i]), HOLES[i], frozen="none")[1],
                },
                f"序列 {i} 的结果正是 False 的步也照常更新 (h, c) 时得到的:"
                "这些步必须保持状态不变。",
            ),
        ]
        assert_close(
            {"h": h[i], "hs": hs[i]},
            {"h": want_h, "hs": want_hs},
            rtol=0,
            atol=1e-5,
            what=f"序列 {i}(掩码 {HOLES[i].astype(int).tolist()})",
            mistakes=mistakes,
            msg=f"序列 {i} 的掩码中间有 False:这些步上 (h, c) 都要保持不变、输出 0,"
            "之后的步从冻结的状态接着算。"
            "结果与 NumPy float64 的逐步循环不一致,差别见下面的对比。",
        )


@checks.add("uses_scan", "lstm_masked 的程序里有 scan(时间维没有被 Python 展开)", needs="returns")
def _(L):
    LP.time_scan(L)


@checks.add(
    "ckpt_used",
    "use_ckpt=True 时 jax.checkpoint 包在 scan 的循环体上(每步只存 carry)",
    needs=("returns", "uses_scan"),
)
def _(L):
    LP.checkpoint_in_body(L)


@checks.add("weights_as_args", "程序读的是传入的 params,没有把权重当常量烘进去", needs="returns")
def _(L):
    PR.weights_as_args(L.lstm_masked, *IN.sequence_args())


@checks.add("ckpt_grad", "mean(h²) 对参数的梯度:加不加 checkpoint 一致(atol 1e-6)", needs="returns")
def _(L):
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    g_plain = IN.grads(L, False, P, xs, mask)
    g_ckpt = IN.grads(L, True, P, xs, mask)
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
    P = IN.params(1503)
    xs, mask = IN.batch(1504)
    grads = IN.grads(L, False, P, xs, mask)
    P64 = IN.p64(P)

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

    P = IN.jnp_params(IN.params(1503))
    xs, mask = IN.batch(1504)
    M = jnp.asarray(mask)

    def loss_x(X):
        out = jax.vmap(lambda x, m: L.lstm_masked(P, x, m, False))(X, M)
        return jnp.mean(as_tuple(out, 2, "lstm_masked 的返回值 (h_final, hs)")[0] ** 2)

    gx = as_array(jax.grad(loss_x)(jnp.asarray(xs)), "∂L/∂xs", shape=xs.shape)
    pad = gx[~mask]
    assert_that(
        _all_zero(pad),
        "padding 位置的输入梯度应该恰好为 0(见 max_abs_on_padding):这些输入不应该对结果有任何影响,"
        "不为 0 就说明 padding 步的计算仍然流进了最终的 h。",
        max_abs_on_padding=float(np.abs(pad).max()),
    )
    assert_that(np.abs(gx[mask]).max() > 0, "有效位置的输入梯度全是 0:输入没有真正参与计算。")
