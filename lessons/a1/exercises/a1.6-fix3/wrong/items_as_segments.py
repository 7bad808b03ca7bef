# expect: failed values "每段一个值" not "末尾几段为空时也要占位"
# expect.en: "one entry per segment" not "empty trailing segments still take their place"
# 错误示范:把条目数 owner.shape[0] 当成段数交给 num_segments,输出比 K 段还长。
# 消息只能说形状应为 (K,)、空段也算,不能说“末尾的空段也要占位”——这里是多了,不是少了。
def _group_sum(d, owner, K):
    n_items = owner.shape[0]
    return jax.ops.segment_sum(d, owner, num_segments=n_items)


group_sum = jax.jit(_group_sum, static_argnames="K")
