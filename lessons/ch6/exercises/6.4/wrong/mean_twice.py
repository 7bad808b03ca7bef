# expect: failed variance "方差位置上的值是数据的最终均值" not "每一步输出的应是"
# expect.en: "the variance's place is the final mean" not "each step should output"
# 错误示范:每一步的输出和最终均值都对,返回时第二项笔误写成了 last.mu。最终方差只说明
# 方差位置上是均值;每一步输出的方差轨迹是对的,提示不能让它"每一步输出当前方差"。


class Running(NamedTuple):  # Welford 的三个状态量
    count: jax.Array  # 已经看到的数据个数(int32:浮点计数过了 2²⁴ 就加不动了)
    mu: jax.Array  # 当前均值
    sq_dev: jax.Array  # 与均值之差的平方和 M2


def welford_step(state, x):
    count = state.count + 1  # int32 加 1 还是 int32,carry 的类型不变
    delta = x - state.mu  # 与旧均值之差
    mu = state.mu + delta / count
    sq_dev = state.sq_dev + delta * (x - mu)  # 这里乘的是与新均值之差
    return Running(count, mu, sq_dev), sq_dev / count  # (新状态, 当前方差)


def online_var(xs):
    zero, none_seen = jnp.zeros((), dtype=xs.dtype), jnp.zeros((), jnp.int32)
    last, history = lax.scan(welford_step, Running(none_seen, zero, zero), xs)
    return last.mu, last.mu, history  # 笔误:第二个也写成了均值

