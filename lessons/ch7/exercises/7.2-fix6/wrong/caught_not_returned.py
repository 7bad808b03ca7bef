# expect: failed finds "NaN 检查是开着的" not "NaN 检查没有打开"
# expect.en: "although the NaN check was on while step ran" not "the NaN check was not on"
# isolated: 用 with jax.debug_nans(True) 改 NaN 调试开关(调用期间作用于整个进程)
# 错误示范:with jax.debug_nans(True) 用对了,错误也捕获了,可 except 里只算出第一行,忘了 return,最后返回 None。
# 检查记录到 step 运行时 NaN 检查确实开着,所以不能说“检查没有打开”。
def nan_report(step, *inputs):
    with jax.debug_nans(True):
        try:
            jax.block_until_ready(step(*inputs))
        except FloatingPointError as e:
            first = str(e).partition("\n")[0]
    return None
