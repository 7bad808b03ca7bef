# 练习 0.5:把 key 往下传的采样器
#
# 本章上下文已经导入了 jax、jax.numpy as jnp、numpy as np。


def two_views(key, x, scale):
    # 参数:key 是 jax.random.key(…) 创建的 key;x 是浮点数组;scale 是噪声的标准差。
    # 返回:(new_key, view1, view2)。两份视图各加一份独立的正态噪声;new_key 留给下一次调用。
    raise NotImplementedError


# 写完以后可以在这里自己试一试(检查不依赖这段代码),例如:
#     key = jax.random.key(0)
#     x = jnp.zeros(3)
#     for _ in range(2):
#         key, v1, v2 = two_views(key, x, 0.1)
#         print(v1, v2)
