# expect: failed train_steps "还是起始值" "step=state.step + 1" not "应为 3"
# expect.en: "is still 0, the value it started from" "step=state.step + 1" not "should be 3"
# 更新了参数和优化器状态,却忘了把 step 加 1。
# 三步之后 step 和起始状态的一样(算出来的),提示说出 step 原样交回,不只说"应为 3"。
def freeze(mask):
    # mask 为真的叶子,更新量置 0;mask 可以是布尔树,也可以是“参数 → 布尔树”的函数

    def zero_out(grads, opt_state, params=None):
        source = params if params is not None else grads
        flags = mask(source) if callable(mask) else mask
        kept = jax.tree.map(lambda g, is_frozen: g * 0 if is_frozen else g, grads, flags)
        return kept, opt_state

    # 这个变换没有状态
    return GradientTransformation(update=zero_out, init=lambda _p: EmptyState())


def frozen_mask(params):
    # 路径的第一段是 dense_0 的参数全部冻结
    def first_is_dense0(path, _leaf):
        return jax.tree_util.keystr(path[:1], simple=True) == "dense_0"

    return jax.tree.map_with_path(first_is_dense0, params)


# freeze 放在最后:Adam 的方向和权重衰减都会被挡住
ex6_opt = chain(adamw(0.01, weight_decay=0.0001), freeze(frozen_mask))


# 训练 step:对 params 求导 → 优化器 → 新的 TrainState
def finetune_step(state, X, Y):
    cur_loss, g_params = jax.value_and_grad(loss_batch, argnums=0)(state.params, X, Y)
    deltas, next_opt = ex6_opt.update(g_params, state.opt_state, params=state.params)
    next_params = apply_updates(params=state.params, updates=deltas)
    successor = dataclasses.replace(state, params=next_params, opt_state=next_opt)
    return successor, cur_loss


# 捐赠 state:XLA 可以把新状态直接写进旧状态的缓冲区
finetune_step = jax.jit(finetune_step, donate_argnames=("state",))
