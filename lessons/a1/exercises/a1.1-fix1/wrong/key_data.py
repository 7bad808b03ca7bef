# expect: failed typed "uint32"
# expect.en: "uint32"
# 错误示范(把症状压下去的错误办法):用了新的 key,最后又用 key_data 取出底层位数据交回去。
# 交回的还是 uint32 数组。
def make_keys(seed, n):
    root = jax.random.key(seed)
    children = jax.random.split(root, num=n)
    return jax.random.key_data(children)
