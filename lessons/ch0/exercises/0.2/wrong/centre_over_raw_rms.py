# expect: failed values "除的却是原始 x 的均方根" not "ddof"
# expect.en: "root mean square of the raw x" not "ddof"
# 错误示范:两种模式共用同一个分母(原始 x 的均方根),中心化时忘了换成标准差。
def normalize(x, center):
    scale = jnp.sqrt(jnp.mean(jnp.square(x)))
    shifted = x - jnp.mean(x) if center else x
    return shifted / scale


fast_normalize = jax.jit(normalize, static_argnames="center")
