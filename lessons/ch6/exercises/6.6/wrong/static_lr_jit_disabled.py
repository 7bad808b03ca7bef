# expect: failed no_retrace "lr、decay 被当成了静态参数"
# expect.en: "lr and decay were made static arguments"
# isolated: 在模块顶层用 jax.config.update 关掉 jit,整个进程都受影响
# 错误示范:lr、decay 设成了静态参数,而且文件开头为了调试关掉了 jit。
# 关掉 jit 并不能让重新编译的问题消失:检查数编译次数时会重新打开 jit,照样看到每个新数值编译一次。
jax.config.update("jax_disable_jit", True)  # 调试时关掉了 jit,后来忘了删


class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@partial(jax.jit, static_argnames=("lr", "decay"))  # 错误所在:lr、decay 不该是静态的
def ema_train_step(state, x, y,  # 状态与一批数据
                   lr, decay):  # 两个动态超参数
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)
