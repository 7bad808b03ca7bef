# 练习 a1.1:用反向 scan 计算带终止标志的折扣回报
# 本章上下文已经导入了 np、jax、jnp、lax、functools 等(见“上下文”标签页)。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    """返回每一步的折扣回报 G(与 rewards 等长);要求用 lax.scan 且 reverse=True。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# demo_r = jnp.array([1.0, 2.0, 3.0, 4.0])
# demo_d = jnp.array([0.0, 1.0, 0.0, 1.0])
# print(discounted_returns(demo_r, demo_d, 0.5))   # 应该是 [2. 2. 5. 4.]
