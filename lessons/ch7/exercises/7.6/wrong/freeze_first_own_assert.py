# expect: error load "dense_0 的更新量不是 0" "freeze 要放在 adamw 之后"
# expect.en: "The update of dense_0 is not 0" "Put freeze after adamw"
# 错误示范:freeze 放在 adamw 前面,文件最后自己检查 dense_0 逐位不变,这个 assert 在加载时就失败了;
# 梯度清零了,权重衰减却不看梯度,冻结层照样被缩小。
def freeze(mask):
    def apply_mask(updates, state, params=None):
        if callable(mask):
            marks = mask(updates if params is None else params)
        else:
            marks = mask
        zeroed = jax.tree.map(lambda upd, hit: jnp.where(hit, 0.0, upd), updates, marks)
        return zeroed, state

    def no_state(_params):
        return EmptyState()

    return GradientTransformation(no_state, apply_mask)


def frozen_mask(params):
    return {layer: jax.tree.map(lambda _x, hit=(layer == "dense_0"): hit, leaves)
            for layer, leaves in params.items()}


ex6_opt = chain(freeze(frozen_mask), adamw(0.01, weight_decay=1e-4))


def _advance(carry, inputs, labels):
    value, grads = jax.value_and_grad(loss_batch, argnums=0)(carry.params, inputs, labels)
    moves, opt_next = ex6_opt.update(grads, carry.opt_state, carry.params)
    stepped = apply_updates(carry.params, moves)
    return dataclasses.replace(carry, step=carry.step + 1, opt_state=opt_next, params=stepped), value


finetune_step = jax.jit(_advance, donate_argnums=0)


start = init_mlp(jax.random.key(5), (D_IN, 64, N_CLS))
run_state = TrainState(step=jnp.array(0, jnp.int32), params=start,
                       opt_state=ex6_opt.init(start), key=jax.random.key(6))
kept = {k: np.array(v, copy=True) for k, v in start["dense_0"].items()}
for _ in range(3):
    run_state, _loss = finetune_step(run_state, Xtr[:512], Ytr[:512])
for k, before in kept.items():
    assert np.array_equal(np.asarray(run_state.params["dense_0"][k]), before)
