# expect: failed grad "因子 x" not "Σx"
# expect.en: "the factor x from the inner derivative is missing" not "Σx"
# 错误示范:手推导数时只对平方求了导,忘了链式法则里内层 w·x − y 对 w 的导数 x。
def slope_grad(w, x, y):
    return 2.0 * jnp.mean(w * x - y)
