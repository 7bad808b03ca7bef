# expect: failed grads "example_loss 对一个样本返回的形状" not "逐样本损失组成的向量"
# expect.en: "example_loss itself returns shape" not "vector of per-example losses"
# 错误示范:照 NumPy 的逐元素习惯写成 (x * w - y) ** 2,忘了先做点积。
# 单样本检查会说出"每个特征一个"。
# 一个样本的损失成了长度 d 的向量;grad 报错不是因为对整批损失求导,而是 example_loss 本身不是标量。
def example_loss(w, x, y):
    return (x * w - y) ** 2


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
