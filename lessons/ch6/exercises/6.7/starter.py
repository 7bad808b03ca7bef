# 练习 6.7:RNN 的隐藏状态 —— 对 lax.scan 求梯度
# 上下文已提供:jax、jnp、lax、adam、apply_updates(本章的通用优化器框架)。
HIDDEN = 16


def rnn_forward(params, xs):
    """xs: (T, 1) -> ys: (T, 1)。用 lax.scan 携带隐藏状态 h(h_0 = 0)。"""
    raise NotImplementedError


# 写好 rnn_forward 之后:
# 1. 用 jax.random.key 初始化参数 {'Wh': (16,16), 'Wx': (1,16), 'b': (16,), 'Wo': (16,1)};
# 2. 造一批 (64, 20, 1) 的序列,目标是 jnp.cumsum(序列, axis=1);
# 3. 用 adam(0.01) 训练 300 步,把逐步损失保存在 rnn_losses 里(检查会读取它);
#    序列和训练后的参数也留在模块顶层(名字随意),检查会按形状找到它们复算损失。
