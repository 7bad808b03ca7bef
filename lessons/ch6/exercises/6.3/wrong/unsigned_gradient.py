# expect: failed fresh "丢了符号" not "先做了减法"
# expect.en: "lost its sign" not "subtraction was done"
# 错误示范:手写梯度时给 x 套了绝对值,从 5.0 出发看不出来,起点为负时就往反方向走。
def gradient_descent_step(theta, lr):
    return theta - lr * 2.0 * jnp.abs(theta)
