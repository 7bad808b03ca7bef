# 练习 0.1:不改输入的归一化
#
# 本章上下文已经导入了 jax、jax.numpy as jnp、numpy as np,可以直接用。


def drop_and_renormalize(weights, i):
    # 参数:weights 是一维非负权重(JAX 数组或 NumPy 数组);i 是要排除的位置(可能是追踪值)。
    # 返回:新数组,第 i 个元素为 0,其余按比例缩放,总和为 1。weights 本身不能被改动。
    raise NotImplementedError


# 写完以后可以在这里自己试一试(检查不依赖这段代码),例如:
#     print(drop_and_renormalize(jnp.array([2.0, 1.0, 1.0]), 0))   # 应为 [0. 0.5 0.5]
#     print(jax.jit(drop_and_renormalize)(jnp.array([2.0, 1.0, 1.0]), jnp.int32(1)))
