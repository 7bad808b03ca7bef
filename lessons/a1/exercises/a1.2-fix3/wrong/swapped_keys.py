# expect: failed values "对调" not "父 key 本身"
# expect.en: "each other's subkey" not "parent key itself"
# 错误示范:A 用了第二把子 key,B 用了第一把。
def init_pair(key):
    k_a, k_b = jax.random.split(key)
    return jax.random.normal(k_b, (4, 4)), jax.random.normal(k_a, (4, 2))
