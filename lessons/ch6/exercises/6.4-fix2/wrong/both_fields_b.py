# expect: failed values "每个叶子都被换成了 b" not "jax.tree.map 会对每个叶子调用函数"
# expect.en: "every leaf was replaced with b" not "jax.tree.map applies the function to each leaf"
# 错误示范:手写新的 Linear,两个数组字段都填了新偏置。代码里没有 tree.map,
# 消息只能说 w 和 b 都成了新的 b,不能把原因说成 tree.map 对每个叶子调用了函数。


def with_bias(layer, b):
    return Linear(w=b, b=b, name=layer.name)
