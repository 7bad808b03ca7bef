# 练习 6.4:用 lax.scan + vmap 实现 Welford 在线方差
# 上下文已提供:jax、jnp、lax、NamedTuple。


def welford_step(state, x):
    """lax.scan 的主体:用 x 更新状态 (n, μ, M2),返回 (新状态, 当前方差 M2 / n)。"""
    raise NotImplementedError


def online_var(xs):
    """一维数据流 -> (最终均值, 最终方差, 方差轨迹);方差轨迹与 xs 同形状。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# spread = jnp.asarray([0.5, 1.5, 2.5, 4.0]).reshape(4, 1)
# rkey = jax.random.key(11)
# data = 100.0 + spread * jax.random.normal(rkey, (4, 1000))
# per_stream = jax.vmap(online_var)  # 每条流各自一份状态
# mu_b, var_b, hist_b = jax.jit(per_stream)(data)
# print(var_b, jnp.var(data, axis=1), hist_b.shape)
