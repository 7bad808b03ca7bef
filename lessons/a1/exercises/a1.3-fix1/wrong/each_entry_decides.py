# expect: failed values "逐元素" "max(v) > 1"
# expect.en: "element by element" "max(v) > 1"
# 错误示范:用逐元素的比较代替整体判断,大于 1 的元素平方,其余立方;向量里混着两种元素时结果就不对了。
@jax.jit
def square_or_cube(v):
    big = v > 1
    return jnp.where(big, v * v, v * v * v)
