# expect: failed train_steps "从 int32 变成了 float32" "给它加整数 1"
# expect.en: "changed from int32 to float32" "add the integer 1"
# 错误示范:step 加的是 1.0,返回的状态里 step 变成 float32,第二步重新编译。


def freeze(mask):
    # for leaves where mask is true the updates become 0; mask is a boolean tree or a "params → boolean tree" function

    def zero_out(grads, opt_state, params=None):
        source = params if params is not None else grads
        flags = mask(source) if callable(mask) else mask
        kept = jax.tree.map(lambda g, is_frozen: g * 0 if is_frozen else g, grads, flags)
        return kept, opt_state

    # this transformation has no state
    return GradientTransformation(update=zero_out, init=lambda _p: EmptyState())


def frozen_mask(params):
    # every parameter whose path starts with dense_0 is frozen
    def first_is_dense0(path, _leaf):
        return jax.tree_util.keystr(path[:1], simple=True) == "dense_0"

    return jax.tree.map_with_path(first_is_dense0, params)


ex6_opt = chain(adamw(0.01, weight_decay=0.0001), freeze(frozen_mask))


def finetune_step(state, X, Y):
    cur_loss, g_params = jax.value_and_grad(loss_batch, argnums=0)(state.params, X, Y)
    deltas, next_opt = ex6_opt.update(g_params, state.opt_state, params=state.params)
    next_params = apply_updates(params=state.params, updates=deltas)
    successor = dataclasses.replace(state, params=next_params, opt_state=next_opt, step=state.step + 1.0)
    return successor, cur_loss


finetune_step = jax.jit(finetune_step, donate_argnames=("state",))

