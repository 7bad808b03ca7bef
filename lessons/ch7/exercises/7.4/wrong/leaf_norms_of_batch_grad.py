# expect: failed norms_shape "每个样本一个梯度范数" not "每块" "块数"
# expect.en: "one gradient norm per example" not "per chunk" "chunks of 500"
# 错误示范:对整批损失求一次梯度,再给 4 个叶子(dense_0/dense_1 的 w、b)各求一个范数。4 恰好也是 2000/500 的块数,
# 但这 4 个数不是每块一个梯度的范数,所以消息只能说形状不对、应当每个样本一个,不能说是“每块一个”。
# 练习 7.4 参考答案
# 上下文里已有:make_blobs、init_mlp、mlp_apply、loss_single、loss_batch、per_sample_norm、accuracy、
# adam、apply_updates、D_IN = 20、N_CLS = 10。

N_SAMPLES, N_FLIPPED, TOP_K = 2000, 20, 40
root_key = jax.random.key(180)
k_blobs, order_key, k_shift, k_model = jax.random.split(root_key, 4)

# 1. 数据;不放回地挑 20 个样本,每个都换成“另一个”类别(加 1..N_CLS-1 的偏移再取模)
Xn, Yn_clean = make_blobs(k_blobs, N_SAMPLES, d=D_IN, k=N_CLS)
flip_idx = jax.random.permutation(order_key, N_SAMPLES)[:N_FLIPPED]
offsets = 1 + jax.random.randint(k_shift, (N_FLIPPED,), 0, N_CLS - 1)
Yn = Yn_clean.at[flip_idx].set(jnp.remainder(Yn_clean[flip_idx] + offsets, N_CLS))

# 2. 在带噪声的标签上全量训练 150 步(整个循环是 jit 里的一个 lax.scan)
noisy_opt = adam(1e-2)


def fit_on_noisy_labels(params, X, Y, n_steps: int):
    def body(carry, _unused):
        weights, opt_state = carry
        value, g = jax.value_and_grad(loss_batch, argnums=0)(weights, X, Y)
        delta, opt_state = noisy_opt.update(g, opt_state, weights)
        return (apply_updates(weights, delta), opt_state), value

    start = (params, noisy_opt.init(params))
    (params, _), curve = lax.scan(body, start, xs=None, length=n_steps)
    return params, curve


fit_on_noisy_labels = jax.jit(fit_on_noisy_labels, static_argnames=("n_steps",))
p_start = init_mlp(k_model, (D_IN, 64, N_CLS))  # 初始参数和损失曲线留在顶层:检查会据此重放训练
p_noisy, noisy_curve = fit_on_noisy_labels(p_start, Xn, Yn, n_steps=150)


# 3. 每个样本的梯度范数:lax.map 按 500 个一块计算,块内就把梯度归约成一个标量
@jax.jit
def norms_by_chunks(params, X, Y):
    one = lambda pair: per_sample_norm(params, pair[0], pair[1])
    return lax.map(one, (X, Y), batch_size=500)


batch_grads = jax.grad(loss_batch)(p_noisy, Xn, Yn)
norms_n = jnp.stack([jnp.linalg.norm(g) for g in jax.tree.leaves(batch_grads)])

if __name__ == "__main__":
    suspects = np.argsort(-np.asarray(norms_n))[:TOP_K]
    hits = int(np.isin(suspects, np.asarray(flip_idx)).sum())
    clean_acc = float(np.mean(np.asarray(mlp_apply(p_noisy, Xn)).argmax(1) == np.asarray(Yn_clean)))
    print(f"训练损失 {float(noisy_curve[0]):.3f} → {float(noisy_curve[-1]):.3f};真实标签上的准确率 {clean_acc:.3f}")
    print(f"范数最大的 {TOP_K} 个样本里有 {hits}/{N_FLIPPED} 个是被翻转的")
