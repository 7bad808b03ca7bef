# expect: failed values "float16" "公式没错" not "学习率不对"
# expect.en: "returns rates of dtype float16: the formula is right" not "gives the wrong learning rate"
# 错误示范:为了“统一类型”,把学习率一律转成 float16。只编译一次,可 float16 把 0.1 舍入成
# 0.0999756:公式本身没错,提示要说出是 dtype 丢了位数,而不是“学习率不对”。
PEAK = 0.1
def lr_at(k):
    return jnp.float16(PEAK * (k + 1) / 4 if k < 4 else PEAK)
sgd_step = jax.jit(lambda p, g, lr: p - lr * g)
def train(p, grads):
    for k, g in enumerate(grads):
        p = sgd_step(p, g, lr_at(k))
    return p
