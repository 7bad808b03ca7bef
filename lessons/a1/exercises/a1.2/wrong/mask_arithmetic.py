# expect: failed scalar_cond "没有 cond" not "select_n"
# expect.en: "has no cond" not "select_n"
# expect.silent: vmap_select_n
# 标量版用布尔掩码相乘拼出三段:数值对,但程序里既没有 cond 也没有 select_n。
# vmap 之后的检查不能再说“程序里仍有 cond”——这份答案根本没有 switch,由 scalar_cond 一处说明。
def piecewise(x):
    negative = (x < 0).astype(x.dtype)
    beyond = (x >= jnp.pi).astype(x.dtype)
    middle = 1.0 - negative - beyond
    return negative * x * x + middle * jnp.sin(x) + beyond * (x - jnp.pi)


def piecewise_select(x):
    below_zero, below_pi = x < 0, x < jnp.pi
    pieces = [jnp.square(x), jnp.sin(x)]
    return jnp.select([below_zero, below_pi], pieces, default=x - jnp.pi)
