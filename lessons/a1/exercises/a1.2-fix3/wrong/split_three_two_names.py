# expect: failed values "名字的个数不一样" not "整个 key 数组"
# expect.en: "different number of values than it has names" not "whole key array"
# 想多留一个 key 备用,split 成了 3 份,却只写了两个名字去接:Python 拆包时个数对不上。
def init_pair(key):
    key_for_a, key_for_b = jax.random.split(key, num=3)
    mat_a = jax.random.normal(key_for_a, shape=(4, 4))
    mat_b = jax.random.normal(key_for_b, shape=(4, 2))
    return mat_a, mat_b
