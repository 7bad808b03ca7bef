# expect: failed values "exp 会上溢成 inf" not "即使没有大数"
# expect.en: "exp overflows to inf" not "even without large numbers"
# 错误示范:用 jax.nn.one_hot(labels, 4) 取出正确类别(类别数写死成 4),概率仍先算出来再取 log。
# 检查用两列的小 logits 探测时这个函数会因形状报错,什么也探测不到:不能说成“公式本身就错”,只说大数在 float32 里的一般原因。


def xent(z, labels):
    probs = jax.nn.softmax(z, axis=-1)
    onehot = jax.nn.one_hot(labels, 4)
    return -(onehot * jnp.log(probs)).sum(axis=-1).mean()
