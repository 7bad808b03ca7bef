# expect: failed frozen_mask "却没有冻结 dense_0.b" "形状或维数"
# expect.en: "but not dense_0.b" "shape or number of dimensions"
# 错误示范:按叶子的维数判断(leaf.ndim == 2),只冻结了 dense_0 的 w;代码里没有看叶子的名字,
# 所以消息不能只说“不要再看叶子的名字”。
def freeze(mask):
    def apply(upd_tree, opt_state, params=None):
        if callable(mask):
            stop = mask(params)
        else:
            stop = mask
        kept = jax.tree.map(lambda u, s: jnp.where(s, 0.0 * u, u), upd_tree, stop)
        return kept, opt_state

    blank = lambda _: EmptyState()
    return GradientTransformation(blank, apply)


def frozen_mask(params):
    # 只冻结 dense_0 里的矩阵(二维的叶子),以为“层的参数”就是权重矩阵
    def is_frozen(path, leaf):
        return path[0].key == "dense_0" and leaf.ndim == 2

    return jax.tree_util.tree_map_with_path(is_frozen, params)


ex6_opt = chain(adamw(lr=0.01, weight_decay=0.0001), freeze(mask=frozen_mask))


def finetune_step(state, X, Y):
    objective = lambda p: loss_batch(p, X, Y)
    batch_loss, g = jax.value_and_grad(objective)(state.params)
    opt_in = state.opt_state
    delta, next_opt = ex6_opt.update(g, opt_in, state.params)
    moved = apply_updates(state.params, delta)
    advanced = dataclasses.replace(state, params=moved, opt_state=next_opt)
    return dataclasses.replace(advanced, step=advanced.step + 1), batch_loss


finetune_step = jax.jit(finetune_step, donate_argnames="state")
