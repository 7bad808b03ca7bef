# 练习 6.6:参数的指数滑动平均(EMA)
# 上下文已提供:jax、jnp、NamedTuple、6.7 节的线性模型损失 loss_fn_linear、数据 x_data 与 y_data。
# 注意:上下文里的 TrainState 只有 step、params 两个字段,请在下面补上第三个字段再重新定义。


class TrainState(NamedTuple):  # 补上 ema_params 字段
    step: jax.Array  # 步数
    params: dict  # 参数


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    """一步 SGD + 更新 EMA 副本 + 步数加 1,返回新的 TrainState。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# zeros = lambda: {"w": jnp.zeros(()), "b": jnp.zeros(())}
# st = TrainState(jnp.asarray(0), zeros(), zeros())  # 两份零参数各自创建,不共用缓冲区
# for _ in range(100):
#     st = ema_train_step(st, x_data, y_data, 0.05, 0.9)
# print(st)
