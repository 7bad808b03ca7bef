# expect: failed values "split(key, 3)" not "对调"
# expect.en: "split(key, 3)" not "each other's subkey"
# 错误示范:一次分出三把,第一把留着当新的父 key,后两把给 A 和 B。
def init_pair(key):
    subkeys = jax.random.split(key, 3)
    A = jax.random.normal(subkeys[1], (4, 4))
    B = jax.random.normal(subkeys[2], (4, 2))
    return A, B
