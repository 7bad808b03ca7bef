# expect: failed train_scan "每一步单独调用一次 jit 函数"
# expect.en: "calls the jitted function once per step"
# 单步用 jax.jit 编译了,可 150 步的循环写成了 Python 的 for:结果对,但每一步都要从 Python 发起一次调用。
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

# 2. 训练:jit 编译单步,150 步的循环留在 Python 里
noisy_opt = adam(1e-2)


@jax.jit
def train_step(weights, opt_state, X, Y):
    value, g = jax.value_and_grad(loss_batch, argnums=0)(weights, X, Y)
    delta, opt_state = noisy_opt.update(g, opt_state, weights)
    return apply_updates(weights, delta), opt_state, value


p_start = init_mlp(k_model, (D_IN, 64, N_CLS))
p_noisy, state = p_start, noisy_opt.init(p_start)
noisy_curve = []
for _ in range(150):
    p_noisy, state, value = train_step(p_noisy, state, Xn, Yn)
    noisy_curve.append(value)


# 3. 每个样本的梯度范数:lax.map 按 500 个一块计算,块内就把梯度归约成一个标量
@jax.jit
def norms_by_chunks(params, X, Y):
    one = lambda pair: per_sample_norm(params, pair[0], pair[1])
    return lax.map(one, (X, Y), batch_size=500)


norms_n = norms_by_chunks(p_noisy, Xn, Yn)

if __name__ == "__main__":
    suspects = np.argsort(-np.asarray(norms_n))[:TOP_K]
    hits = int(np.isin(suspects, np.asarray(flip_idx)).sum())
    clean_acc = float(np.mean(np.asarray(mlp_apply(p_noisy, Xn)).argmax(1) == np.asarray(Yn_clean)))
    print(f"训练损失 {float(noisy_curve[0]):.3f} → {float(noisy_curve[-1]):.3f};真实标签上的准确率 {clean_acc:.3f}")
    print(f"范数最大的 {TOP_K} 个样本里有 {hits}/{N_FLIPPED} 个是被翻转的")
