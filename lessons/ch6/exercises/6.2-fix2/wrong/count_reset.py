# expect: failed per_sample "把计数设成了 1" not "只追加了一次"
# expect.en: "sets the count to 1 instead of adding 1" not "appended to only once"
# 错误示范:以为“处理过一次”就记成 1,用 jnp.full_like 把每个计数都填成 1,传进来的计数被丢掉了。
def tick(count, v):
    return jnp.full_like(count, 1), v + 1
