# expect: failed values "max(|v|) > 1" not "sum(v)"
# expect.en: "max(|v|) > 1" not "sum(v)"
# 以为“大于 1”说的是幅度,条件写成了绝对值的最大值:带 −2 这种元素、max(v) 却小于 1 的输入走错了分支。
@jax.jit
def square_or_cube(v):
    big = jnp.max(jnp.abs(v)) > 1
    return lax.cond(big, lambda u: u * u, lambda u: u ** 3, v)
