# expect: failed grad "分母却还是原来的 x" not "0/0 的导数"
# expect.en: "the denominator is still the raw x" not "the derivative of 0/0"
# 错误示范:只给分子里的 sin 换了安全输入,分母仍直接除以 x,0 处算出 sin(1)/0。
def sinc(x):
    is_zero = x == 0
    safe = jnp.where(is_zero, 1.0, x)
    ratio = jnp.sin(safe) / x
    return jnp.where(is_zero, 1.0, ratio)
