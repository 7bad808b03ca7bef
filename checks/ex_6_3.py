"""练习 6.3 单步梯度下降 on f(x) = x².

The chapter's own assertions (6.8 练习 3), all covered here:
- eager: 5 steps from 5.0 with lr 0.1, jnp.allclose(params, 1.6384)   -> check "eager"
  (also each intermediate value 4.0, 3.2, 2.56, 2.048 from the expected output)
- jit with a dynamic learning rate: jnp.allclose(p, 1.6384)             -> check "jit"
- prose: the learning rate must stay dynamic (static recompiles per value) -> check "dynamic_lr"
"""

import numpy as np

from tutor.checklib import (Checks, CompileLog, assert_close, assert_compile_count, assert_that, rng)

checks = Checks()

# jnp.allclose's defaults, as in the chapter's assertions
RTOL, ATOL = 1e-5, 1e-8
TRAJECTORY = np.array([4.0, 3.2, 2.56, 2.048, 1.6384])


def _jitted(fn):
    """The learner's function under jit; if they already jitted it, use theirs as is."""
    import jax

    return fn if hasattr(fn, "lower") else jax.jit(fn)


def _diagnose(values) -> str:
    first = float(values[0])
    if first > 5.0:
        return "参数越走越大:更新的符号反了。梯度下降是 params - learning_rate * gradient。"
    if abs(first - 4.5) < 1e-4:
        return "第一步得到 4.5:梯度少了系数 2。f(x) = x² 的导数是 2x(用 jax.grad 可以避免手算出错)。"
    return "轨迹应为 4.0、3.2、2.56、2.048、1.6384:每一步乘以 1 − 2 × 0.1 = 0.8。"


@checks.add("eager", "不加 jit:从 5.0 出发、学习率 0.1,5 步得到 4.0 … 1.6384")
def _(L):
    import jax.numpy as jnp

    p = jnp.array(5.0)
    values = []
    for _ in range(5):
        p = L.gradient_descent_step(p, 0.1)
        values.append(float(np.asarray(p)))
    assert_close(np.array(values), TRAJECTORY, rtol=RTOL, atol=ATOL, what="5 步的参数", msg=_diagnose(values))


@checks.add("jit", "jax.jit 版本(学习率作为普通参数)5 步后约为 1.6384")
def _(L):
    import jax.numpy as jnp

    step = _jitted(L.gradient_descent_step)
    p = jnp.array(5.0)
    for _ in range(5):
        p = step(p, 0.1)
    assert_close(p, 1.6384, rtol=RTOL, atol=ATOL, what="jit 版本 5 步后的参数",
                 msg="jit 版本的结果和不加 jit 时不一致:函数里不要依赖只在追踪时执行一次的 Python 副作用。")


@checks.add("fresh", "随机起点、随机学习率:一步的结果等于 x·(1 − 2·lr)")
def _(L):
    import jax.numpy as jnp

    g = rng(63)
    starts = g.uniform(-10.0, 10.0, size=4)
    rates = g.uniform(0.01, 0.4, size=4)
    got = [float(np.asarray(L.gradient_descent_step(jnp.float32(x), float(lr)))) for x, lr in zip(starts, rates)]
    assert_close(np.array(got), starts * (1.0 - 2.0 * rates), rtol=1e-5, atol=1e-5,
                 what="x·(1 − 2·lr)",
                 msg="换了学习率结果却不对:函数必须使用传进来的 learning_rate,不能写死一个学习率。")


@checks.add("dynamic_lr", "依次换 4 个学习率调用 jit 版本:只编译 1 次")
def _(L):
    import jax.numpy as jnp

    fn = L.gradient_descent_step
    name = getattr(fn, "__wrapped__", fn).__name__
    step = _jitted(fn)
    with CompileLog() as log:
        outs = [step(jnp.float32(3.0), lr) for lr in (0.1, 0.05, 0.02, 0.01)]
    assert_compile_count(
        log, name, expected=1,
        msg=f"换了 4 个学习率,{name} 被编译了 {log.count(name)} 次:学习率被当成了静态参数"
            "(static_argnums / static_argnames),每个新值都会触发重新编译。学习率不影响程序结构,应作为动态参数传入。")
    assert_that(all(np.isfinite(np.asarray(o)) for o in outs), "jit 版本的输出里出现了非有限值。")
