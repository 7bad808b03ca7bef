# 练习 a1.3:可以反向求导的“有上限的 while”——牛顿法开平方
# 本章上下文已经导入了 np、jax、jnp、lax 等(见“上下文”标签页)。


def newton_sqrt_while(a):
    """lax.while_loop 版。状态是 (x, k),x 从 a 出发;还没收敛并且 k < 30 就继续。返回 (x, k)。"""
    raise NotImplementedError


def newton_sqrt_scan(a, n_max=30):
    """lax.scan 版:固定走 n_max 步;已收敛的元素用掩码冻结,k 只在还没收敛时加 1。返回 (x, k)。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# trial = jnp.array([2.0, 10.0, 0.3, 5e3])
# print(jax.vmap(newton_sqrt_scan)(trial))
# print(jax.vmap(newton_sqrt_while)(trial))
# sqrt_only = lambda v: newton_sqrt_scan(v)[0]
# print(jax.vmap(jax.grad(sqrt_only))(trial))
