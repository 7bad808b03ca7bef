# expect: failed typed "形状"
# expect.en: "shape"
# 错误示范:忘了 split,只交回一把 key。
def make_keys(seed, n):
    return jax.random.key(seed)
