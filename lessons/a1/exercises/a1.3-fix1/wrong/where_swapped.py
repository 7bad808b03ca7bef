# expect: failed values "两个分支对反了" not "交给 lax.cond 的两个函数"
# expect.en: "the two branches are the wrong way round" not "functions given to lax.cond"
# 用 jnp.where 写,却把平方和立方的位置写反了。这份答案没有用 lax.cond,
# 提示不能说“交给 lax.cond 的两个函数写反了”。
@jax.jit
def square_or_cube(v):
    return jnp.where(jnp.max(v) > 1, v**3, v**2)
