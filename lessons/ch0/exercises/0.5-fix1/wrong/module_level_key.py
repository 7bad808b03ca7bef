# expect: failed key_used "调用之间会变的状态" not "只用 jax.random 的函数。"
# expect.en: "state that changes between calls" not "Use only jax.random functions."
# 错误示范:两组随机数都从模块层的 key 分出来,每次调用往前推一次,传进来的 key 根本没用上。
# 用的全是 jax.random 的函数,消息不能只叫人“只用 jax.random 的函数”。
_held = [jax.random.key(7)]


def uniform_and_normal(key, n):
    _held[0], k_u, k_z = jax.random.split(_held[0], 3)
    return jax.random.uniform(k_u, (n,)), jax.random.normal(k_z, (n,))
