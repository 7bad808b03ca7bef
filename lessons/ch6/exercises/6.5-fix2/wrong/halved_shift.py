# expect: failed values "+ 1 放进了括号里" not "整体落后一步" "整体超前一步"
# expect.en: "the + 1 sits inside the bracket" not "lags one step" "one step ahead"
# 错误示范:静态参数改对了,可每一步写成了先加 1 再减半,括号位置不对。
def halve_and_shift(x, _):
    nxt = (x + 1.0) / 2.0
    return nxt, nxt


def _walk(start, length):
    return lax.scan(halve_and_shift, start, None, length=length)[1]


orbit = jax.jit(_walk, static_argnums=1)
