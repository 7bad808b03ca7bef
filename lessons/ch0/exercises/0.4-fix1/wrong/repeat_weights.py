# expect: failed batch "每个样本拿到的权重是乱的"
# expect.en: "every example gets scrambled weights"
# 错误示范:想给每个样本复制一份 w,用 repeat 再改形状,可 repeat 是逐个元素重复的,行里不是 w。


def predict(w, x):
    return (x * w).sum()


def batch_predict(w, xs):
    copies = jnp.repeat(w, xs.shape[0]).reshape(xs.shape)
    return jax.vmap(predict)(copies, xs)
