# expect: failed one_compile "每组一次" not "np"
# expect.en: "once for each of the 3 sets of data" not "use jnp, not np"
# expect.silent: segment
# 错误示范:为了躲开报错,把 owner 转成 Python 整数的元组当静态参数传给内部的 jit 函数;每组新数据都要重新编译。
def _sums_by_id(d, owner, K):
    ids = jnp.array(owner, dtype=jnp.int32)
    return jax.ops.segment_sum(d, ids, num_segments=K)


_compiled = jax.jit(_sums_by_id, static_argnames=("owner", "K"))


def group_sum(d, owner, K):
    frozen = tuple(int(v) for v in np.asarray(owner).tolist())
    return _compiled(d, owner=frozen, K=K)
