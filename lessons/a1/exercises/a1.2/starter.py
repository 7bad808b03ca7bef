# 练习 a1.2:用 lax.switch 写分段函数
# 本章上下文已经导入了 np、jax、jnp、lax 等(见“上下文”标签页)。


def piecewise(x):
    """x 是标量:用 lax.switch 在 x²、sin x、x − π 三个分支中选一个(分界点 0 和 π 归右边那段)。"""
    raise NotImplementedError


def piecewise_select(x):
    """逐元素版本:用 jnp.select 实现同一个分段函数。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# grid = jnp.array([-2.0, 0.0, 1.0, jnp.pi, 5.0])
# print(jax.vmap(piecewise)(grid), piecewise_select(grid))
# print(jax.make_jaxpr(piecewise)(0.5))    # 标量:能看到 cond
# batched = jax.vmap(piecewise)
# print(jax.make_jaxpr(batched)(grid))       # 批量:cond 变成了 select_n
