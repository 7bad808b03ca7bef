# expect: failed values "每一步把梯度加了上去" not "学习率只算了一次"
# expect.en: "each step adds the gradient" not "computed once"
# 错误示范:学习率类型统一了,每步也传了 lr_at(k),可更新的符号反了,参数顺着梯度走。
def lr_at(k):
    return jnp.asarray(0.1 * (k + 1) / 4 if k < 4 else 0.1, jnp.float32)


@jax.jit
def move(params, grad, rate):
    return params + grad * rate


def train(p, grads):
    for step_no, g in enumerate(grads):
        p = move(p, g, lr_at(step_no))
    return p
