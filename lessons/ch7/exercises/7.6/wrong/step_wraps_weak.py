# expect: failed train_steps "变成了弱类型" not "从 int32 变成了 int32"
# expect.en: "became weakly typed" not "from int32 to int32"
# 错误示范:step 到 1000 归零,用 lax.cond 写成 lambda: step + 1 和 lambda: 0 两个分支;Python 的 0 让
# 结果成了弱类型的 int32,dtype 没变,可下一步调用的类型签名变了,于是重新编译。消息说“变成了弱类型”,
# 不能说“从 int32 变成了 int32”,也不能劝“加整数 1 而不是 1.0”。


def freeze(mask):
    def silence(grads, inner, params=None):
        chosen = mask
        if callable(mask):
            chosen = mask(grads if params is None else params)
        quiet = jax.tree.map(lambda g, off: jnp.zeros_like(g) if off else g, grads, chosen)
        return quiet, inner

    return GradientTransformation(update=silence, init=lambda _p: EmptyState())


def frozen_mask(params):
    return {name: jax.tree.map(lambda _: name == "dense_0", sub) for name, sub in params.items()}


ex6_opt = chain(adamw(0.01, weight_decay=0.0001), freeze(frozen_mask))


def finetune_step(state, X, Y):
    objective = lambda p: loss_batch(p, X, Y)
    value, g = jax.value_and_grad(objective)(state.params)
    moves, carried = ex6_opt.update(g, state.opt_state, params=state.params)
    counter = jax.lax.cond(state.step < 999, lambda: state.step + 1, lambda: 0)  # 到 1000 归零
    moved = apply_updates(state.params, moves)
    return dataclasses.replace(state, params=moved, opt_state=carried, step=counter), value


finetune_step = jax.jit(finetune_step, donate_argnames=("state",))
