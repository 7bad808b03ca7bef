# expect: failed values "不是 n_steps" not "声明成静态参数"
# expect.en: "n_steps is not the tracer at fault" not "Declare n_steps"
# 错误示范:n_steps 已经是静态参数了,却在循环体里用 Python 的 if 给 x 设上限。
# scan 里的 carry 是追踪值,if 判断不了;提示不能再让人把 n_steps 设为静态。
@partial(jax.jit, static_argnums=1)
def orbit(x0, n_steps):
    def step(x, _):
        x = 0.5 * x + 1.0
        if x > 100.0:
            x = 100.0
        return x, x

    _, xs = lax.scan(step, x0, None, length=n_steps)
    return xs
