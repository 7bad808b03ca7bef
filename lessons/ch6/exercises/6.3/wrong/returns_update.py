# expect: failed eager "返回的是更新量"
# expect.en: "returns the update and not the new parameters"
# 错误示范:像优化器库那样只算出“这一步要加上的量”,忘了把它加到参数上。
import jax


def gradient_descent_step(w, lr):
    g = jax.grad(jnp.square)(w)
    step = -(lr * g)
    return step
