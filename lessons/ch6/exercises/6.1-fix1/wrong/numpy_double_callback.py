# expect: failed no_callback "这里运行一次没有改动全局变量" not "去改全局变量"
# expect.en: "a run changed no global variable here" not "to change a global variable"
# 错误示范:计数已经改成参数进、返回值出,可 2 * x 交给了 jax.pure_callback 用 NumPy 算。
# 程序里有回调,但它不改任何全局变量,消息不能说回调“回到 Python 去改全局变量”。
def _twice(v):
    return (2 * np.asarray(v)).astype(np.float32)


@jax.jit
def tally(count, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return count + 1, jax.pure_callback(_twice, spec, x)
