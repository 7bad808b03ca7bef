# expect: failed values "少了括号" not "对调" "ddof" "没有再除以标准差"
# expect.en: "without parentheses" not "swapped" "ddof" "division by the standard deviation is missing"
# 错误示范:标准化那一行漏了括号,运算优先级让除法只落在均值上。
def normalize(x, center):
    if center:
        return x - jnp.mean(x) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = jax.jit(normalize, static_argnames="center")
