# expect: failed jit "欧几里得范数" not "没有取绝对值"
# expect.en: "Euclidean norm" not "absolute value is missing"
# 错误示范:把“按峰值缩放”写成了缩放到单位长度。
@jax.jit
def scale_to_peak(x):
    length = jnp.sqrt(jnp.sum(x * x))
    return x / length
