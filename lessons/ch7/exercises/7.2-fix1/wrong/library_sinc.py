# expect: failed values "sin(πx)/(πx)"
# expect.en: "sin(πx)/(πx)"
# 错误示范:以为库里现成的 sinc 就是 sin(x)/x,直接调用;它的梯度在 0 处也是有限的,可函数本身不对。
def sinc(x):
    out = jnp.sinc(x)
    return out
