# expect: failed values "num_segments 给了" "静态" not "max(ids)"
# expect.en: "num_segments is given" "static" not "max(ids)"
# 错误示范:给了 num_segments=K,却没把 K 声明为静态参数;jit 里 K 是追踪值,同样报错。
@jax.jit
def group_sum(d, owner, K):
    return jax.ops.segment_sum(d, owner, num_segments=K)
