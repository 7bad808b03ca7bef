# expect: failed values "形状" "本身不是 jit 函数"
# expect.en: "shape" "group_sum itself is not a jit function"
# 错误示范(把症状压下去的错误办法):去掉 jit,不给段数。不编译时能从 ids 算出 max + 1,
# 报错没了;可最后几段为空时,输出就短了几项。
def group_sum(d, owner, K):
    return jax.ops.segment_sum(d, owner)
