# expect: failed frozen_mask "却没有冻结 dense_0.b" not "两层的 w"
# expect.en: "but not dense_0.b" not "the w of both layers"
# 错误示范:以为"冻结一层"只要冻住它的权重矩阵,mask 里 dense_0 只有 w 为 True,偏置 b 照常训练。
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
    return {
        layer: {name: layer == "dense_0" and name == "w" for name in leaves}
        for layer, leaves in params.items()
    }


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
