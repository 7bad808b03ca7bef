# expect: failed compiles "1 次" "静态"
# expect.en: "1 time" "static"
# 错误示范:用 jnp.where 代替 if,center 没有标成静态。结果都对,可 center 成了追踪值:
# 两个分支每次都算,两种模式共用一次编译——这道题要的是静态开关。
def normalize(x, center):
    standardised = (x - jnp.mean(x)) / jnp.std(x)
    rms_scaled = x / jnp.sqrt(jnp.mean(x**2))
    return jnp.where(center, standardised, rms_scaled)


fast_normalize = jax.jit(normalize)
