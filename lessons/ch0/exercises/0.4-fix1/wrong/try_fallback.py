# expect: failed batch "(4, 4)" "in_axes"
# expect.en: "(4, 4)" "in_axes"
# 错误示范(把症状压下去的错误办法):vmap 报错时改用矩阵乘法。n ≠ d 时对了;
# n = d 时 vmap 不报错,错误的 (n, n) 结果照样交了出去。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    try:
        return jax.vmap(predict)(w, xs)
    except ValueError:
        return xs @ w
