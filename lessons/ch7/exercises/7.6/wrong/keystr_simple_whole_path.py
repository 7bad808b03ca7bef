# expect: failed frozen_mask "simple=True 则是 dense_0w" not "不以 dense_0 开头"
# expect.en: "dense_0w with simple=True" not "never starts with dense_0"
# 用 keystr(path, simple=True) 和 "dense_0" 比相等:simple=True 去掉了方括号和引号,可拼的仍是整条路径,
# 得到 dense_0w,永远不等于 dense_0,结果什么都没冻结(这里没有方括号,说“带方括号”就错了)。
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
    # 把路径转成字符串,看它是不是以层名开头
    def under_dense0(path, _leaf):
        return jax.tree_util.keystr(path, simple=True) == "dense_0"

    return jax.tree.map_with_path(under_dense0, params)


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
