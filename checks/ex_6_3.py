"""练习 6.3 单步梯度下降 on f(x) = x².

The chapter's own assertions (6.8 练习 3), all covered here:
- eager: 5 steps from 5.0 with lr 0.1, jnp.allclose(params, 1.6384)   -> check "eager"
  (also each intermediate value 4.0, 3.2, 2.56, 2.048 from the expected output)
- jit with a dynamic learning rate: jnp.allclose(p, 1.6384)             -> check "jit"
- prose: the learning rate must stay dynamic (static recompiles per value) -> check "dynamic_lr"
Added: the learner's function called as it is, with new and repeated learning rates, compiles
nothing after its first call (no jax.jit rebuilt inside it on every call) -> check "no_rebuild"."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    compare,
    fail,
    rng,
)

checks = Checks()

# jnp.allclose's defaults, as in the chapter's assertions
RTOL, ATOL = 1e-5, 1e-8
TRAJECTORY = np.array([4.0, 3.2, 2.56, 2.048, 1.6384])
# 6 calls, 4 distinct learning rates: a static learning rate compiles once per distinct value,
# a jit rebuilt inside the function compiles on every call
RATES = (0.1, 0.05, 0.1, 0.02, 0.05, 0.01)


def _jitted(fn):
    """The learner's function under jit; if they already jitted it, use theirs as is."""
    import jax

    return fn if hasattr(fn, "lower") else jax.jit(fn)


def _param(out, what: str, expected: float | None = None) -> float:
    """The new parameter returned by one step: a scalar, not a tuple (loss, params) or a list."""
    if isinstance(out, (tuple, list)):
        hint = ""
        if expected is not None:
            for i, item in enumerate(out):
                try:
                    if (
                        compare(np.asarray(item, np.float64), expected, rtol=1e-4, atol=1e-6)
                        is None
                    ):
                        hint = f"其中第 {i + 1} 个元素才是新参数;"
                        break
                except Exception:
                    continue
        fail(
            f"{what}返回了含 {len(out)} 个元素的 {type(out).__name__}:{hint}本题的函数只返回新参数"
            "(与 params 同形状的数组),不返回损失或别的量。",
            actual=repr(out)[:200],
        )
    return float(as_array(out, f"{what}的返回值(新参数)", ndim=0))


def _trajectory_mistakes(x0: float, lr: float, steps: int):
    k = np.arange(1, steps + 1)
    return [
        Mistake(
            "ascent",
            x0 * (1 + 2 * lr) ** k,
            "参数越走越大,正好是沿梯度方向走的结果:梯度下降是 params − learning_rate × gradient。",
        ),
        Mistake(
            "no_factor_2",
            x0 * (1 - lr) ** k,
            f"第一步得到 {x0 * (1 - lr):g},正好是把导数当成 x 的结果:f(x) = x² 的导数是 2x"
            "(用 jax.grad 可以避免手算出错)。",
        ),
    ]


@checks.add("eager", "不加 jit:从 5.0 出发、学习率 0.1,5 步得到 4.0 … 1.6384")
def _(L):
    import jax.numpy as jnp

    p, values = jnp.array(5.0), []
    for k in range(5):
        p = L.gradient_descent_step(p, 0.1)
        values.append(_param(p, f"第 {k + 1} 步", expected=TRAJECTORY[k]))
    assert_close(
        np.array(values),
        TRAJECTORY,
        rtol=RTOL,
        atol=ATOL,
        what="5 步的参数",
        msg="5 步的参数应为 4.0、3.2、2.56、2.048、1.6384(每一步乘以 1 − 2 × 0.1 = 0.8)。",
        mistakes=_trajectory_mistakes(5.0, 0.1, 5),
    )


@checks.add("jit", "jax.jit 版本(学习率作为普通参数)5 步后约为 1.6384")
def _(L):
    import jax.numpy as jnp

    step = _jitted(L.gradient_descent_step)
    p = jnp.array(5.0)
    for k in range(5):
        p = step(p, 0.1)
        _param(p, f"jit 版本第 {k + 1} 步")
    assert_close(
        _param(p, "jit 版本"),
        1.6384,
        rtol=RTOL,
        atol=ATOL,
        what="jit 版本 5 步后的参数",
        msg="jit 版本从 5.0 出发、学习率 0.1 走 5 步后应约为 1.6384。",
        mistakes=[
            Mistake(m.label, m.value[-1], m.message) for m in _trajectory_mistakes(5.0, 0.1, 5)
        ],
    )


@checks.add("fresh", "随机起点、随机学习率:一步的结果等于 x·(1 − 2·lr)")
def _(L):
    import jax.numpy as jnp

    g = rng(63)
    starts = g.uniform(-10.0, 10.0, size=4)
    rates = g.uniform(0.01, 0.4, size=4)
    got = [
        _param(
            L.gradient_descent_step(jnp.float32(x), float(lr)),
            f"gradient_descent_step({x:.3f}, {lr:.3f})",
        )
        for x, lr in zip(starts, rates, strict=False)
    ]
    assert_close(
        np.array(got),
        starts * (1.0 - 2.0 * rates),
        rtol=1e-5,
        atol=1e-5,
        what="x·(1 − 2·lr)",
        msg="随机起点和学习率下,一步的结果应为 x·(1 − 2·lr)(见期望值与实际值)。",
        mistakes=[
            Mistake(
                "ignores_lr",
                starts * 0.8,
                "结果和学习率恒为 0.1 时一样:函数没有用传进来的 learning_rate。",
            )
        ],
    )


def _compile_pattern(n: int) -> str:
    distinct = len(set(RATES))
    if n == len(RATES):
        return (
            f"{len(RATES)} 次调用编译了 {n} 次,学习率重复的调用也不例外:每次调用都得到了一个新的 "
            "jit 函数"
            "(例如在函数体里写 jax.jit(...)(...)),jit 的缓存跟着函数对象走,新对象就要重新编译。"
            "把 jax.jit 放到函数外面,只包装一次。"
        )
    if n == distinct:
        return (
            f"{len(RATES)} 次调用用了 {distinct} 个不同的学习率,正好编译了 {n} 次,"
            "重复的学习率没有再编译:"
            "学习率被当成了静态参数(static_argnums / static_argnames),每个新值都会触发重新编译。"
            "学习率不影响程序结构,应作为动态参数传入。"
        )
    return f"{len(RATES)} 次调用(学习率 {', '.join(map(str, RATES))})编译了 {n} 次。"


@checks.add("dynamic_lr", "jit 版本依次换学习率调用 6 次:只编译 1 次")
def _(L):
    import jax.numpy as jnp

    step = _jitted(L.gradient_descent_step)
    start = jnp.float32(3.0)
    with CompileLog() as log:
        outs = [step(start, lr) for lr in RATES]
    n = log.total
    assert_compile_count(
        log, None, expected=1, msg=_compile_pattern(n) + "期望:jit 版本只编译 1 次。"
    )
    got = [_param(o, "jit 版本") for o in outs]
    assert_close(
        np.array(got),
        3.0 * (1 - 2 * np.array(RATES)),
        rtol=1e-5,
        atol=1e-5,
        what="3.0·(1 − 2·lr)",
        msg="jit 版本换学习率之后,结果应为 3.0·(1 − 2·lr)。",
    )


@checks.add("no_rebuild", "直接调用你的函数:第一次之后,换学习率、重复学习率都不再编译")
def _(L):
    import jax.numpy as jnp

    fn = L.gradient_descent_step
    start = jnp.float32(3.0)
    with CompileLog():
        _param(fn(start, 0.3), "gradient_descent_step(3.0, 0.3)")  # 第一次调用:允许编译
    with CompileLog(clear=False) as log:
        for lr in RATES:
            fn(start, lr)
    n = log.total
    assert_compile_count(
        log, None, expected=0, msg=_compile_pattern(n) + "期望:第一次调用之后不再编译。"
    )
