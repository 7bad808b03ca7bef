# 练习 6.6 参考答案
# 思路:三样状态装在一个 NamedTuple 里,训练步“旧状态进、新状态出”。


class TrainState(NamedTuple):  # 训练状态:三个字段缺一不可
    step: jax.Array  # 已经训练的步数
    params: dict  # 当前参数 {'w', 'b'}
    ema_params: dict  # 参数的指数滑动平均,与 params 同结构


linear_grad = jax.grad(loss_fn_linear)  # 对第 0 个参数(整棵参数树)求导


@jax.jit  # 整个训练步编译一次
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    # EMA 用更新后的参数;decay 越接近 1,副本变化越慢
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)


if __name__ == "__main__":
    zeros = lambda: {"w": jnp.zeros(()), "b": jnp.zeros(())}
    # 两份零参数各自创建:捐赠状态时不会把同一块缓冲区捐两次
    st = TrainState(jnp.asarray(0), zeros(), zeros())
    for _ in range(100):
        st = ema_train_step(st, x_data, y_data, 0.05, 0.9)
    rounded = lambda tree: {name: round(float(val), 4) for name, val in tree.items()}
    print("训练步数  :", int(st.step))
    print("参数      :", rounded(st.params))
    print("EMA 副本  :", rounded(st.ema_params))
