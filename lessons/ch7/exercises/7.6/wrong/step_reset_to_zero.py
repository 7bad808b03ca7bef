# expect: failed train_steps "应为 3" not "原样交了回去"
# expect.en: "should be 3; it is 0" not "hands the step back as it came in"
# 错误示范:新状态里 step 每次都写成 0,而不是 state.step + 1。给它 step 为 5 的状态,它返回 0 而不是 5:
# step 不是原样交回,而是被设回 0,所以消息只说应为 3、得到 0。
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
ex6_opt = chain(adamw(0.01, weight_decay=0.0001), freeze(frozen_mask))


# 训练 step:对 params 求导 → 优化器 → 新的 TrainState
def finetune_step(state, X, Y):
    cur_loss, g_params = jax.value_and_grad(loss_batch, argnums=0)(state.params, X, Y)
    deltas, next_opt = ex6_opt.update(g_params, state.opt_state, params=state.params)
    next_params = apply_updates(params=state.params, updates=deltas)
    successor = dataclasses.replace(state, params=next_params, opt_state=next_opt, step=jnp.array(0, dtype=jnp.int32))
    return successor, cur_loss


# 捐赠 state:XLA 可以把新状态直接写进旧状态的缓冲区
finetune_step = jax.jit(finetune_step, donate_argnames=("state",))

if __name__ == "__main__":
    weights = init_mlp(jax.random.key(96), (D_IN, 64, N_CLS))
    st = TrainState(step=jnp.array(0, dtype=jnp.int32), params=weights,
                    opt_state=ex6_opt.init(weights), key=jax.random.key(97))
    backup = jax.tree.map(lambda leaf: np.array(leaf, copy=True), st.params)   # 真正的主机副本
    alias = st.params["dense_0"]["w"]                                          # 只是设备数组的引用
    X_small, Y_small = Xtr[:512], Ytr[:512]
    with CompileBudget(max_compiles=1, name="finetune_step"):
        for _ in range(20):
            st, last_loss = finetune_step(st, X_small, Y_small)               # 立即覆盖旧 state
    unchanged = np.array_equal(np.asarray(st.params["dense_0"]["w"]), backup["dense_0"]["w"])
    print(f"20 步后 loss = {float(last_loss):.4f},step = {int(st.step)},dense_0 逐位不变:{unchanged}")
    print("训练前保存的设备引用已被删除:", alias.is_deleted())
