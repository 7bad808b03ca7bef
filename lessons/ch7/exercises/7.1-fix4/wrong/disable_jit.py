# expect: failed compiles "没有在 jit 里运行"
# expect.en: "did not run under jit"
# isolated: 在 jax.disable_jit() 里运行,改的是整个进程的 JAX 配置
# 错误示范(压下症状的错误办法):整个训练放进 disable_jit,sgd_step 不再编译两次,可每个小运算都在 eager 执行。
PEAK = jnp.float32(0.1)


def lr_at(k):
    if k < 4:
        return 0.1 * (k + 1) / 4
    return PEAK


sgd_step = jax.jit(lambda p, g, lr: p - lr * g)


def train(p, grads):
    with jax.disable_jit():
        for k, g in enumerate(grads):
            p = sgd_step(p, g, lr_at(k))
    return p
