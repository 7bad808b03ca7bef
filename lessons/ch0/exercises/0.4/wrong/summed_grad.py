# expect: failed grads "样本梯度之和" not "平均" "标量"
# expect.en: "sum of the 7 examples' gradients" not "average" "scalar"
# 错误示范:把整批的平方误差加成一个数再求导。grad 不再报错,可各个样本的梯度
# 在求导时已经加在了一起,得到的只是一行。
def example_loss(w, x, y):
    r = jnp.dot(x, w) - y
    return r * r


def per_example_losses(w, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    def batch_loss(v):
        return ((xs @ v - ys) ** 2).sum()

    return jax.grad(batch_loss)(w)
