# 练习 6.4 参考答案
# 思路:(n, μ, M2) 是在数据流上携带的状态,welford_step 是 lax.scan 的主体。


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
    return last.mu, last.sq_dev / last.count, history


if __name__ == "__main__":
    spread = jnp.asarray([0.5, 1.5, 2.5, 4.0]).reshape(4, 1)
    rkey = jax.random.key(11)
    data = 100.0 + spread * jax.random.normal(rkey, (4, 1000))
    per_stream = jax.vmap(online_var)  # 每条流各自一份状态
    mu_b, var_b, hist_b = jax.jit(per_stream)(data)
    print("在线均值    :", mu_b)
    print("直接求均值   :", jnp.mean(data, axis=1))
    print("在线方差    :", var_b)
    print("直接求方差   :", jnp.var(data, axis=1))
    print("方差轨迹形状 :", hist_b.shape)
