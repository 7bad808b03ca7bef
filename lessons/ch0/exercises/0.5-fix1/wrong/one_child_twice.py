# expect: failed independent "从传进来的 key 拆出来的" not "先用 jax.random.split 拆成两把"
# expect.en: "a key split off the one passed in" not "Split it into two keys with jax.random.split first"
# 错误示范:key 已经拆成了两把,可两组数都用了第一把子 key 抽。提示不能再让人"先拆分",
# 而要说出两组数来自同一把子 key。
def uniform_and_normal(key, n):
    first, second = jax.random.split(key)
    return jax.random.uniform(first, (n,)), jax.random.normal(first, (n,))
