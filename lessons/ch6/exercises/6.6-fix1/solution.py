# 参考答案:学习率和动量只参与数值运算,是普通(动态)参数;
# 换值不换程序,整张衰减表只编译一次。


def momentum_step(opt_state, g, lr, mu):
    """上下文里 momentum_update 的薄包装:参数名短一些,方便在训练循环里调用。"""
    return momentum_update(opt_state, g, lr, mu)


fast_update = jax.jit(momentum_step)
