# expect: failed values "正是 max(owner) + 1" "从数据里数出来" "挪进里面的辅助函数" not "没给 num_segments 时段数取"
# expect.en: "That length is max(owner) + 1" "read off the data" "moving it into a helper" not "Without num_segments the count is"
# 错误示范:num_segments 给了,也是静态参数,可段数是在 jit 外面用 NumPy 从 owner 的最大值数出来的,
# 不是用传进来的 K;数据末尾几段为空时,结果就少了那几段。
import numpy as np


def _sum_by_owner(d, owner, count):
    return jax.ops.segment_sum(d, owner, num_segments=count)


_compiled = jax.jit(_sum_by_owner, static_argnames="count")


def group_sum(d, owner, K):
    largest = int(np.asarray(owner).max())
    return _compiled(d, owner, count=largest + 1)
