# 练习 a1.5:变长序列上的 LSTM——掩码冻结状态,scan 走时间、vmap 走批、grad 与 checkpoint
# 本章上下文已经导入了 np、jax、jnp、lax,并定义了 init_lstm(key, D, H)(见“上下文”标签页)。


def lstm_cell(params: dict, carry, x_t):
    """一步 LSTM:carry = (h, c);门的行块顺序 i、f、o、g。返回 (h_new, c_new)。"""
    raise NotImplementedError


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    """一条序列:xs (T, D),mask (T,) bool。padding 步保持 (h, c) 不变、输出 0。
    返回 (最终 h, 每步输出 hs (T, H));use_ckpt=True 时循环体用 jax.checkpoint 包住。"""
    raise NotImplementedError


# 可以在下面自己试一试(检查不依赖这些代码):
# demo_params = init_lstm(jax.random.key(0), 3, 6)
# true_len = jnp.array([7, 4, 1, 5])
# demo_mask = jnp.arange(7)[None, :] < true_len[:, None]
# demo_xs = jnp.where(demo_mask[..., None], jax.random.normal(key=jax.random.key(1), shape=(4, 7, 3)), 0.0)
# run_all = jax.vmap(lstm_masked, (None, 0, 0))
# run_all = jax.jit(run_all)
# h_last, outputs = run_all(demo_params, demo_xs, demo_mask)
# print(h_last.shape, outputs.shape)
