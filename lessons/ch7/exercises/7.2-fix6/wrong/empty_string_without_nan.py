# expect: failed finds "却返回了 ''" not "却报告了"
# expect.en: "returned '' instead of None" not "reported one"
# isolated: 用 with jax.debug_nans(True) 改 NaN 调试开关(调用期间作用于整个进程)
# 错误示范:开关的用法对了,可没有 NaN 时返回空字符串 "" 而不是 None。它并没有“报告”一个 NaN,
# 所以消息只说它返回了什么、应当返回 None。
def nan_report(step, *inputs):
    with jax.debug_nans(True):
        try:
            jax.block_until_ready(step(*inputs))
        except FloatingPointError as err:
            text = str(err)
            head, _, _ = text.partition(chr(10))
            return head
    return ""
