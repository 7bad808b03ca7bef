# expect: failed frozen_mask "却没有冻结 dense_0.b" not "两层的 w"
# expect.en: "but not dense_0.b" not "the w of both layers"
# 错误示范:以为"冻结一层"只要冻住它的权重矩阵,mask 里 dense_0 只有 w 为 True,偏置 b 照常训练。
def freeze(mask):
    def update(updates, state, params=None):
        flags = mask(params) if callable(mask) else mask
        out = jax.tree.map(lambda u, stop: jnp.where(stop, jnp.zeros_like(u), u), updates, flags)
        return out, state

    return GradientTransformation(init=lambda params: EmptyState(), update=update)


def frozen_mask(params):
    return {
        layer: {name: layer == "dense_0" and name == "w" for name in leaves}
        for layer, leaves in params.items()
    }


ex6_opt = chain(adamw(0.01, weight_decay=1e-4), freeze(frozen_mask))


def finetune_step(state, X, Y):
    loss, grads = jax.value_and_grad(loss_batch)(state.params, X, Y)
    updates, opt_state = ex6_opt.update(grads, state.opt_state, state.params)
    params = apply_updates(state.params, updates)
    new_state = dataclasses.replace(state, step=state.step + 1, params=params, opt_state=opt_state)
    return new_state, loss


finetune_step = jax.jit(finetune_step, donate_argnames=("state",))
