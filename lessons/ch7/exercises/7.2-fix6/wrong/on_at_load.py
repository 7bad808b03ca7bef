# expect: failed finds "载入时就全局打开了它" not "step 运行时 NaN 检查没有打开"
# expect.en: "switches it on globally when it is loaded" not "was not on while step ran"
# isolated: 载入模块时就把 NaN 检查的全局开关置为开
# 错误示范:开关挪到了模块顶层,载入时就全局打开,nan_report 自己不再开关它。
jax.config.update(name="jax_debug_nans", val=True)  # 载入即开


def nan_report(step, *inputs):
    try:
        out = step(*inputs)
        out.block_until_ready()
    except FloatingPointError as err:
        return str(err).splitlines()[0]
    return None
