# expect: failed shape "static_argnames" "num_segments" not "数据是追踪值" "不必先判断"
# expect.en: "static_argnames" "num_segments" not "the data are tracers" "nothing to test first"
# 错误示范:jax.jit 没把 num_segments 声明为静态,函数开头又用 Python 的 if 检查它。报错来自 num_segments 本身,
# 不是来自数据,提示要说把它列进 static_argnames,不能说“数据是追踪值、空段不必先判断”。
def _weights(s, ids, count):
    if count <= 0:  # the number of groups must be positive
        raise ValueError(f"bad count {count}")
    top = jax.ops.segment_max(s, ids, count)[ids]
    e = jnp.exp(s - top)
    return e / jax.ops.segment_sum(e, ids, count)[ids]


def segment_softmax(scores, seg, num_segments):
    return _weights(scores, seg, num_segments)


segment_softmax = jax.jit(segment_softmax)
