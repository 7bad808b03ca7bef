# expect: failed decay "没有学习率这一环" not "放在了学习率之后"
# expect.en: "no learning-rate stage" not "comes after the learning rate"
# 错误示范:链里忘了 scale_by_learning_rate,只有 scale_by_adam 和 add_decayed_weights。零梯度下参数同样每步变成
# (1 + wd) 倍,和“衰减放在学习率之后”一样;在非零梯度上走一步才分得开:这里 Adam 的方向原样加上,没有乘 −lr。
def make_adamw(lr, wd):
    return optax.chain(
        optax.scale_by_adam(),
        optax.add_decayed_weights(wd),
    )
