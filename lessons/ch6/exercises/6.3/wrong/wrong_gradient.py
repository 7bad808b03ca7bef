# expect: failed eager
# 手写梯度时漏了系数 2:f(x) = x² 的导数是 2x,不是 x。
def gradient_descent_step(params, learning_rate):
    return params - learning_rate * params
