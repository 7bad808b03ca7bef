# expect: failed optimizer "衰减是在 freeze 之后才加上的" not "freeze 放在了 adamw 前面"
# expect.en: "the decay is applied after freeze" not "freeze comes before adamw"
# 错误示范:链里先 scale_by_adam,再 freeze,再 add_decayed_weights 和学习率;freeze 放在 Adam 方向之后,却在衰减之前,冻结层仍按衰减缩小。检查算出的只是“更新量正好等于衰减”,所以只说衰减加在 freeze 之后,不能说 freeze 在 adamw 前面、只清零了梯度。
# 练习 7.6 参考答案
# 上下文里已有:TrainState(专题 7 的 dataclass)、init_mlp、loss_batch、adamw、chain、EmptyState、
# GradientTransformation、apply_updates、CompileBudget、Xtr、Ytr、D_IN、N_CLS。


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
ex6_opt = chain(scale_by_adam(), freeze(frozen_mask), add_decayed_weights(1e-4), scale_by_learning_rate(0.01))


# 训练 step:对 params 求导 → 优化器 → 新的 TrainState
def finetune_step(state, X, Y):
    cur_loss, g_params = jax.value_and_grad(loss_batch, argnums=0)(state.params, X, Y)
    deltas, next_opt = ex6_opt.update(g_params, state.opt_state, params=state.params)
    next_params = apply_updates(params=state.params, updates=deltas)
    successor = dataclasses.replace(state, params=next_params, opt_state=next_opt, step=state.step + 1)
    return successor, cur_loss


# 捐赠 state:XLA 可以把新状态直接写进旧状态的缓冲区
finetune_step = jax.jit(finetune_step, donate_argnames=("state",))
