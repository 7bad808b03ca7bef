# expect: failed values "每个叶子都被换成了 b"
# expect.en: "every leaf was replaced with b"
# 错误示范:以为 tree.map 只会碰到偏置,用它把“叶子”换成新的 b,结果 w 也被换掉了。
def with_bias(layer, b):
    def swap(_old):
        return b

    return jax.tree.map(swap, layer)
