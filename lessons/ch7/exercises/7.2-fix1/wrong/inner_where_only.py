# expect: failed values "没有外层的 where"
# expect.en: "no outer where"
# 错误示范:只有里层的 where,输入 0 换成 1.0 后直接算 sin(u)/u,0 处得到的是 sin(1)。
def sinc(x):
    u = jnp.where(x == 0.0, jnp.ones_like(x), x)
    return jnp.sin(u) / u
