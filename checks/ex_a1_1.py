"""练习 a1.1 用反向 scan 计算带终止标志的折扣回报:接口 discounted_returns(rewards, dones, gamma),返
回 G.

G_t = r_t + γ(1 − d_t)·G_{t+1},G_T = 0。

原书自检的 5 条断言(同样的数字与容差)在这里的位置:
  1. rng = default_rng(2024),(T, γ) ∈ {(1, 0.9), (13, 0.99), (40, 0.5)},r ~ U(−1, 1) f32,
     d = (U < 0.2) f32:输出形状为 (T,)                                  → check "shape"
  2. 同样的数据与逐步递推(float64)一致,atol 1e-5                        → check "loop"
  3. discounted_returns([1,2,3,4], [0,1,0,1], 0.5) ≈ [2, 2, 5, 4](np.allclose 默认容差)
                                                                        → check "done_truncates"
  4. γ = 0.9、输入为长 50 的全 1 奖励与全 0 终止标志时,程序里有 scan 原语 → check "scan_in_jaxpr"
  5. 接着用同一个 rng 生成 R (3, 9) ~ U(0, 1) f32,dones 全 0,γ = 0.9:
     jit 套 vmap(in_axes 为 0, 0, None)后每一行与递推一致,atol 1e-5
                                                                        → check "jit_vmap"
另加:题目要求的 reverse=True(程序里的 scan 是反向的)                   → check "scan_reverse"
      新的随机数据、较密的终止标志、γ 作为 jit 的普通参数(被追踪)     → check "fresh"
"""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    compare,
    f64,
    fail,
    primitive_counts,
    rng,
)
from tutor.worker.mistakes import Known, produced

checks = Checks()

OUT = "discounted_returns 的返回值"


def returns_ref(r, d, gamma):
    """从后往前的逐步递推(float64)。"""
    r, d = f64(r), f64(d)
    out = np.zeros(len(r))
    acc = 0.0
    for t in range(len(r) - 1, -1, -1):
        acc = r[t] + gamma * (1.0 - d[t]) * acc
        out[t] = acc
    return out


def _forward(r, d, gamma):
    r, d = f64(r), f64(d)
    out, acc = np.zeros(len(r)), 0.0
    for t in range(len(r)):
        acc = r[t] + gamma * (1.0 - d[t]) * acc
        out[t] = acc
    return out


def _masked_after_add(r, d, gamma):
    r, d = f64(r), f64(d)
    out, acc = np.zeros(len(r)), 0.0
    for t in range(len(r) - 1, -1, -1):
        acc = (r[t] + gamma * acc) * (1.0 - d[t])
        out[t] = acc
    return out


def _shifted(r, d, gamma):
    """What a scan body that outputs the carry it received (G_{t+1}) instead of the new G_t
    gives."""
    return np.append(returns_ref(r, d, gamma)[1:], 0.0)


# What each known mistake returns on a trajectory (computed from the check's data, then matched).
MISTAKES = [
    Known(
        "forward",
        _forward,
        "结果等于“从前往后”的递推:G_t 依赖的是**后一步**的 G_{t+1},要从轨迹末尾往前算。"
        "lax.scan 需要 reverse=True(它从后往前扫描,而 ys[t] 仍然对应 xs[t])。",
    ),
    Known(
        "ignores_dones",
        lambda r, d, gamma: returns_ref(r, np.zeros(len(r)), gamma),
        "结果和完全忽略终止标志时一样:递推里少了 (1 − d_t)。d_t = 1 表示这一步之后回合结束,"
        "之后的回报不能再折扣累加进来。",
    ),
    Known(
        "flipped",
        lambda r, d, gamma: returns_ref(r, d, gamma)[::-1].copy(),
        "结果是正确答案前后颠倒:reverse=True 的 scan 输出 ys[t] 本来就和 xs[t] 对齐,不要再把结果 "
        "[::-1]。",
    ),
    Known(
        "masked_after_add",
        _masked_after_add,
        "结果等于 G_t = (r_t + γ·G_{t+1})·(1 − d_t):终止那一步自己的奖励 r_t 也被乘成了 0。"
        "(1 − d_t) 只截断后面的回报:G_t = r_t + γ·(1 − d_t)·G_{t+1}。",
    ),
    Known(
        "shifted",
        _shifted,
        "结果整体错了一步:G[t] 等于正确的 G_{t+1}(最后一项是 0)。scan 主体输出的是传进来的 carry,"
        "而不是这一步新算出的 G_t:主体应返回 (新的 G, 新的 G)。",
    ),
]


def _returns(L, r, d, gamma, T):
    """The learner's G for one trajectory, validated: a numeric array of shape (T,)."""
    import jax.numpy as jnp

    out = L.discounted_returns(jnp.asarray(r), jnp.asarray(d), gamma)
    if isinstance(out, (tuple, list)) and len(out) == 2:
        second = as_array(out[1], f"{OUT}的第二项")
        if compare(second, returns_ref(r, d, gamma), rtol=1e-5, atol=1e-5) is None:
            fail(
                f"{OUT}是一个二元组,它的第二项才是正确的 G:返回的是 lax.scan 的整个结果 (最终 "
                "carry, 逐步输出)。"
                "只返回第二项(逐步输出)就够了,它的形状是 (T,)。",
                actual_structure=f"{type(out).__name__} of 2",
            )
    arr = as_array(out, OUT)
    if arr.shape != (T,):
        want = returns_ref(r, d, gamma)
        if arr.ndim == 0 and compare(float(arr), want[0], rtol=1e-5, atol=1e-5) is None:
            fail(
                f"T={T} 时输出应该是形状 ({T},) 的数组,实际是一个数,而且它等于 G_0:返回的是 scan "
                "最后的 carry。"
                "G 要每个时间步一个值,scan 的第二个返回值 ys 才是逐步输出。",
                expected_shape=[T],
                actual_shape=list(arr.shape),
            )
        fail(
            f"T={T} 时输出形状应为 ({T},),实际是 {arr.shape}:G 和 rewards 一样长,"
            "每个时间步一个回报。",
            expected_shape=[T],
            actual_shape=list(arr.shape),
        )
    return arr


def _compare(got, r, d, gamma, *, what, lead, rtol=0.0, atol=1e-5):
    assert_close(
        got,
        returns_ref(r, d, gamma),
        rtol=rtol,
        atol=atol,
        what=what,
        mistakes=[
            Mistake(m.label, m.value, lead + m.message) for m in produced(MISTAKES, r, d, gamma)
        ],
        msg=lead + "与从后往前的逐步递推 G_t = r_t + γ·(1 − d_t)·G_{t+1}(G_T = 0)的结果不一致,"
        "差别见下面的对比。",
    )


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
    cases, _ = _chapter_batches()
    for T, gamma, r, d in cases:
        _returns(L, r, d, gamma, T)


@checks.add("loop", "三组随机轨迹(含终止标志)与逐步递推一致(atol 1e-5)", needs="shape")
def _(L):
    cases, _ = _chapter_batches()
    for T, gamma, r, d in cases:
        got = _returns(L, r, d, gamma, T)
        _compare(got, r, d, gamma, what=f"T={T}、γ={gamma} 的回报", lead=f"T={T}、γ={gamma}:")


@checks.add(
    "done_truncates", "终止标志截断回报:[1,2,3,4]、d=[0,1,0,1]、γ=0.5 → [2,2,5,4]", needs="shape"
)
def _(L):
    r = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    d = np.array([0.0, 1.0, 0.0, 1.0], np.float32)
    got = _returns(L, r, d, 0.5, 4)
    _compare(got, r, d, 0.5, what="G", lead="期望 [2, 2, 5, 4]。", rtol=1e-5, atol=1e-8)


def _program(L, T):
    import jax.numpy as jnp

    return primitive_counts(
        lambda rew, fin: L.discounted_returns(rew, fin, 0.9), jnp.ones(T), jnp.zeros(T)
    )


@checks.add("scan_in_jaxpr", "程序里有 scan 原语(T 步没有被 Python 展开)", needs="shape")
def _(L):
    counts = _program(L, 50)
    if counts["scan"]:
        return
    bigger = _program(L, 100)
    n50, n100 = sum(counts.values()), sum(bigger.values())
    if A1.grows_with(50, 100, n50, n100):
        fail(
            f"程序里没有 scan,而且方程数随 T 成比例增长(T = 50 时 {n50} 个,T = 100 时 {n100} 个):"
            "时间步被 Python 循环逐步展开了,T 越大,追踪和编译越慢。"
            "请改用 lax.scan(body, 初值, (rewards, dones), reverse=True)。",
            equations_T50=n50,
            equations_T100=n100,
            primitives=A1.top_primitives(counts),
        )
    fail(
        f"程序里没有 scan 原语(T = 50 时共 {n50} 个方程)。本题练的是 lax.scan(..., reverse=True):"
        "其他写法(例如 lax.associative_scan 的并行前缀扫描)数学上可以一样,但不是本题要的循环原语。"
        "请改用 lax.scan(body, 初值, (rewards, dones), reverse=True)。",
        primitives=A1.top_primitives(counts),
    )


@checks.add(
    "scan_reverse", "用的是 lax.scan(..., reverse=True)(从轨迹末尾往前扫描)", needs="scan_in_jaxpr"
)
def _(L):
    import jax.numpy as jnp

    flags = A1.scan_directions(
        lambda rew, fin: L.discounted_returns(rew, fin, 0.9), jnp.ones(50), jnp.zeros(50)
    )
    if any(flags):
        return
    counts = _program(L, 50)
    if counts["rev"]:
        fail(
            "程序里的 scan 是正向的,另外还有把数组前后翻转的 rev 操作:你先翻转输入、正向扫描、"
            "再把结果翻回来。"
            "数值没错,但本题要求 reverse=True:它直接从末尾往前扫描,ys[t] 仍与 xs[t] 对齐,"
            "省掉两次翻转产生的数组拷贝,代码也直接表达“G_t 依赖 G_{t+1}”。",
            scan_reverse_flags=flags,
            rev_ops=counts["rev"],
        )
    fail(
        "程序里的 scan 都是正向的(reverse=False)。G_t 依赖后一步的 G_{t+1},题目要求用 reverse=True "
        "让 scan 从轨迹末尾往前走;输出 ys[t] 仍与 xs[t] 对齐,不需要任何翻转。",
        scan_reverse_flags=flags,
    )


@checks.add(
    "jit_vmap", "jit(vmap(..., in_axes=(0, 0, None))) 处理 3 条轨迹,每条都与递推一致", needs="shape"
)
def _(L):
    import jax
    import jax.numpy as jnp

    _, R = _chapter_batches()
    batched = jax.jit(jax.vmap(L.discounted_returns, in_axes=(0, 0, None)))
    G = as_array(
        batched(jnp.asarray(R), jnp.zeros((3, 9)), 0.9),
        "jit(vmap(discounted_returns)) 的结果",
        shape=(3, 9),
    )
    for i in range(3):
        _compare(
            G[i],
            R[i],
            np.zeros(9),
            0.9,
            what=f"第 {i} 条轨迹",
            lead=f"jit(vmap(...)) 后第 {i} 条轨迹:",
        )


@checks.add("fresh", "新数据:T = 25、较密的终止标志、γ 作为 jit 参数(被追踪)", needs="shape")
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
    G = as_array(
        run(jnp.asarray(R), jnp.asarray(D), jnp.float32(gamma)),
        "jit(vmap(discounted_returns)) 的结果",
        shape=(B, T),
    )
    for i in range(B):
        _compare(
            G[i],
            R[i],
            D[i],
            gamma,
            what=f"第 {i} 条轨迹",
            lead=f"新数据(γ 在 jit 里是被追踪的值)第 {i} 条轨迹:",
        )
