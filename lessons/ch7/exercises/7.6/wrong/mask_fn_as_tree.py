# expect: failed freeze_transform "把函数本身当成了树" not "params 的符号"
# expect.en: "the function itself was used as a tree" not "signs of params"
# freeze 只会处理布尔树:mask 传进来的是函数 frozen_mask 时,tree_map 把函数当成一棵树去配对,结构对不上。


def freeze(mask):
    # mask 为真的叶子,更新量置 0;mask 可以是布尔树,也可以是“参数 → 布尔树”的函数

    def zero_out(grads, opt_state, params=None):
        kept = jax.tree_util.tree_map(lambda g, f: jnp.where(f, jnp.zeros_like(g), g), grads, mask)
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
    successor = dataclasses.replace(state, params=next_params, opt_state=next_opt, step=state.step + 1)
    return successor, cur_loss


# 捐赠 state:XLA 可以把新状态直接写进旧状态的缓冲区
finetune_step = jax.jit(finetune_step, donate_argnames=("state",))

