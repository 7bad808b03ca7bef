# expect: failed norms_shape "每块平均损失的梯度范数"
# expect.en: "gradient norms of the mean loss of each chunk of 500"
# 想省事:把数据切成 4 块,对每块的批损失求 grad 再求范数。这是 4 个平均梯度,不是逐样本梯度。
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
p_noisy, noisy_curve = fit_on_noisy_labels(init_mlp(k_model, (D_IN, 64, N_CLS)), Xn, Yn, n_steps=150)


# 3. 每个样本的梯度范数:lax.map 按 500 个一块计算,块内就把梯度归约成一个标量
def norms_by_chunks(params, X, Y):
    per_chunk = []
    for lo in range(0, X.shape[0], 500):
        per_chunk.append(global_norm(jax.grad(loss_batch)(params, X[lo:lo + 500], Y[lo:lo + 500])))
    return jnp.stack(per_chunk)


norms_n = norms_by_chunks(p_noisy, Xn, Yn)
