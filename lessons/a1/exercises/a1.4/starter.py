# 练习 a1.4:分段 softmax
# 本章上下文已经导入了 np、jax、jnp、lax、functools 等(见“上下文”标签页)。


# 提示:num_segments 决定输出形状,在 jit 里必须是静态参数。可以在函数上方加一个装饰器:
# 用 functools.partial 把 jax.jit 和 static_argnames(列出 num_segments)组合起来。
def segment_softmax(scores: jax.Array, seg: jax.Array, num_segments: int) -> jax.Array:
    """每段各自 softmax:减去段内最大值 → exp → 除以段内之和。返回与 scores 同形状的数组。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# edge_owner = jnp.array([0, 0, 1, 1, 1, 2])
# edge_score = jnp.array([300.0, 301.0, -5.0, 0.0, 5.0, 42.0])
# print(segment_softmax(edge_score, edge_owner, num_segments=3))
