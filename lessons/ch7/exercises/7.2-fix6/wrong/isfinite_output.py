# expect: failed finds "没有说出这个原语"
# expect.en: "does not name that primitive"
# 错误示范(压下症状的错误办法):不开 NaN 检查,只看输出是不是有限。发现了 NaN,却说不出它从哪来。
def nan_report(step, *inputs):
    result = step(*inputs)
    if not bool(jnp.all(jnp.isfinite(result))):
        return "输出里有 NaN"
    return None
