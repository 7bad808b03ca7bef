# expect: failed train_steps "缓存是空的" not "每一步输入的类型签名必须相同"
# expect.en: "starts with an empty cache" not "must have the same type signature"
# 错误示范:finetune_step 每次被调用时才在里面定义训练步并 jax.jit:每次都是新函数,缓存是空的,3 步编译 3 次。
# 输入的类型从头到尾没变,不能说成“每一步输入的类型签名必须相同”。
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
ex6_opt = chain(adamw(0.01, weight_decay=0.0001), freeze(frozen_mask))


# 训练 step:每次调用时现场定义并 jit 一个新的 finetune_step
def finetune_step(state, X, Y):
    def finetune_step(state, X, Y):
        cur_loss, g_params = jax.value_and_grad(loss_batch, argnums=0)(state.params, X, Y)
        deltas, next_opt = ex6_opt.update(g_params, state.opt_state, params=state.params)
        next_params = apply_updates(params=state.params, updates=deltas)
        successor = dataclasses.replace(
            state, params=next_params, opt_state=next_opt, step=state.step + 1
        )
        return successor, cur_loss

    return jax.jit(finetune_step, donate_argnames=("state",))(state, X, Y)
