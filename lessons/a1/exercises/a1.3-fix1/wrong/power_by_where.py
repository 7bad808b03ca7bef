# expect: failed cond "没有 cond" not "两个分支每次都完整算了一遍"
# expect.en: "has no cond" not "both branches were computed in full"
# 用 jnp.where 只挑指数(2 或 3),再算一次 v ** 指数:数值对,程序里没有 cond。
# 这份答案并没有把平方和立方都算出来,提示不能说“两个分支每次都完整算了一遍”。
@jax.jit
def square_or_cube(v):
    exponent = jnp.where(jnp.max(v) > 1, 2, 3)
    return v**exponent
