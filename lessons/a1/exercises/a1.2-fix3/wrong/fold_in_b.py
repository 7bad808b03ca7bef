# expect: failed values "split"
# expect.en: "split"
# 错误示范(把症状压下去的错误办法):A 照旧用传进来的 key,只给 B 换一把 fold_in 派生的 key。
# 两个矩阵不再相同,可 A 用的还是父 key,不是“每个用途一把 split 出的子 key”。
def init_pair(key):
    derived = jax.random.fold_in(key, 1)
    A = jax.random.normal(key, (4, 4))
    B = jax.random.normal(derived, (4, 2))
    return A, B
