# expect: failed eager "参数 params 本身" not "算出来是 0"
# expect.en: "returns its params argument itself" not "came out 0"
# 错误示范:函数加了 @jax.jit,算出了新参数却笔误返回了 params。jit 的输出是新数组,
# 不能因为“不是同一个对象”就说更新量是 0:更新量算出来了,只是没有返回。
@jax.jit
def gradient_descent_step(theta, lr):
    slope = jax.grad(lambda t: t * t)(theta)
    stepped = theta - lr * slope
    return theta  # 笔误:应返回 stepped
