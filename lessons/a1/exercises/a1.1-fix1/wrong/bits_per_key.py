# expect: failed typed "key_data 又把" not "PRNGKey"
# expect.en: "jax.random.key_data turns them back" not "PRNGKey"
# 错误示范:key 换成了新写法,分出来以后却一把一把地取出位数据再叠起来,交回的又是 uint32 数组。
def make_keys(seed, n):
    root = jax.random.key(seed)
    parts = []
    for child in jax.random.split(root, n):
        parts.append(jax.random.key_data(child))
    return jnp.stack(parts)
