# expect: failed values "条件 v[-1] > 1 给出的一样" not "走了另一个分支"
# expect.en: "what the condition v[-1] > 1 gives" not "the function took the other branch"
# 错误示范:条件只看最后一个元素 v[-1] > 1,而不是最大值。检查在每个输入上都算出了这个条件给出的结果,
# 于是点名"只看一个元素";不能只说"某个输入走了另一个分支"。


@jax.jit
def square_or_cube(v):
    last = v[-1]
    return lax.cond(last > 1.0, jnp.square, lambda u: u * u * u, v)
