# expect: failed values "迭代 3 次时每一步之后的 x"
# expect.en: "after each of the 3 steps of x ← 0.5·x + 1" not "+ 1 3 times"
# 错误示范:想省内存,把起点转成 float16 再进 scan。形状、编译都对,可 float16 只有约 3 位
# 有效数字,轨迹和 float64 的逐步迭代对不上;提示只说轨迹应是什么,不猜原因。
from functools import partial
@partial(jax.jit, static_argnames="n_steps")
def orbit(x0, n_steps):
    def f(x, _):
        x = 0.5 * x + 1
        return x, x
    return lax.scan(f, jnp.asarray(x0, jnp.float16), None, length=n_steps)[1]
