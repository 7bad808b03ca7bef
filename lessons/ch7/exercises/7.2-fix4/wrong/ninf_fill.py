# expect: failed values "出自减法" "-inf − (-inf)" not "0/0"
# expect.en: "comes from a subtraction" "-inf − (-inf)" not "0/0"
# 错误示范:无效位置直接填 -inf。部分有效的行没问题,整行无效的那一行在减最大值时就成了 NaN。
def masked_softmax(z, allowed):
    blocked = jnp.where(allowed, z, -jnp.inf)
    return jax.nn.softmax(blocked, axis=-1)
