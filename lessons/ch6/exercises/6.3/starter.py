# 练习 6.3:单步梯度下降
#
# 本章上下文已经导入了 jax、jax.numpy as jnp 等。
# 目标函数是平方函数;一步下降 = 旧参数 − 学习率 × 导数。
# 学习率要能在每次调用时换值,而不触发 jit 重新编译。
#
# 自己验证的办法:从 5.0 出发、学习率 0.1,每一步参数都会乘以 0.8,
# 五步之后应当接近 1.6384。再试试把学习率换成 0.05、0.2,结果是否符合 x·(1 − 2·lr)?
# 如果你打算给它套上 jax.jit,想一想:学习率应该出现在 static_argnums 里吗?
# 提示按 Ctrl+T 逐条揭开;参考答案在练习通过后解锁。


def gradient_descent_step(params, learning_rate):
    # params:当前参数(一个标量数组);learning_rate:这一步的学习率。
    # 返回:新参数。导数让 jax.grad 去求,不要手算
    # 也不要对 learning_rate 调用 float(),在 jit 里它是追踪值。
    # 检查会连续换几个学习率调用 jit 版本,并数一数 XLA 编译了几次。
    raise NotImplementedError
