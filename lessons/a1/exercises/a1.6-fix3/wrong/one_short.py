# expect: failed values "少一段" "K − 1" not "没给 num_segments"
# expect.en: "one segment short" "K − 1" not "Without num_segments"
# 错误示范:以为最大段号就是段数,num_segments 少给了一段;最后一段被丢掉。
def _group_sum(d, owner, K):
    last_id = K - 1
    return jax.ops.segment_sum(d, owner, num_segments=last_id)


group_sum = jax.jit(_group_sum, static_argnames="K")
