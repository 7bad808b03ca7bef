# expect: failed eager "被求导的函数是 ½x²"
# expect.en: "the function it differentiated is ½x²"
# 错误示范:用了 jax.grad,但目标函数按“带 ½ 的平方损失”的习惯写成了 x²/2,
# 求出的梯度只有 x,每一步只乘以 1 − lr。
import jax


def loss(theta):
    return theta * theta / 2


def gradient_descent_step(w, lr):
    return w - lr * jax.grad(loss)(w)
