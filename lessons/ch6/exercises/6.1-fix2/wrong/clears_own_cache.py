# expect: failed driver "amplify.clear_cache()" not "新的 jit 函数(amplify_all 函数体里"
# expect.en: "amplify.clear_cache()" not "wraps amplify in a new jitted function"
# 错误示范:增益已经是参数了,amplify_all 却先清空 amplify 自己的缓存(想“确保”新增益生效)。
# 每组增益的结果都对,可每调用一次 amplify_all,amplify 就得重新编译。
@jax.jit
def amplify(x, gain):
    return gain * x


def amplify_all(x, gains):
    amplify.clear_cache()
    rows = [amplify(x, gain) for gain in gains]
    return jnp.stack(rows)
