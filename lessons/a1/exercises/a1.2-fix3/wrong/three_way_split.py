# expect: failed values "split(key, 3)" not "对调"
# expect.en: "split(key, 3)" not "each other's subkey"
# 错误示范:一次分出三把,第一把留着当新的父 key,后两把给 A 和 B。
def init_pair(key):
    _, first, second = jax.random.split(key, num=3)
    draw = jax.random.normal
    return draw(first, shape=(4, 4)), draw(second, shape=(4, 2))
