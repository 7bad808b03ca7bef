# expect: failed values "Python 的 if" not "没给 num_segments"
# expect.en: "Python if" not "num_segments is not given"
# 段数已经写成 num_segments=K、K 也是静态的,可又想先检查 id 是否越界,用了 Python 的 if:
# jit 里 owner 是追踪值,这个比较没有 True/False。
def _sum_by_owner(d, owner, K):
    if jnp.any(owner >= K):
        raise ValueError("owner 超出范围")
    return jax.ops.segment_sum(d, owner, num_segments=K)


group_sum = jax.jit(_sum_by_owner, static_argnames="K")
