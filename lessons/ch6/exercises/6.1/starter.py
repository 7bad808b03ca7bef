# 练习 6.1:用 JIT 实现有状态计数器
# 本章上下文已经导入了 jax、jax.numpy as jnp、lax 等(见“上下文”标签页)。


def update_counter(count, increment):
    """返回 (count + 1, increment):新计数 + 原样返回的增量。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# jit_update_counter = jax.jit(update_counter)
# count = 0
# for i in range(5):
#     count, inc = jit_update_counter(count, i)
#     print(i + 1, count, inc)
