# expect: failed values "父 key 本身" "split"
# expect.en: "parent key itself" "split"
# 错误示范:A 直接用了传进来的 key,B 用 split 出来的子 key。父 key 和子 key 混用,
# 而且不是题目要求的那种分法。
def init_pair(key):
    _, k_b = jax.random.split(key)
    A = jax.random.normal(key, (4, 4))
    B = jax.random.normal(k_b, (4, 2))
    return A, B
