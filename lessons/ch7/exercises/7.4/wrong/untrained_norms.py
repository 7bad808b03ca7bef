# expect: failed norms_values "用 start_params(顶层保存的另一组参数)算出来的一致" not "交叉熵梯度的全局 L2 范数不一致"
# expect.en: "computed with start_params, other parameters kept at top level" not "does not match the global L2 norm"
# 梯度范数用的是训练前的初始参数,而不是训练好的 p_noisy。初始参数留在顶层(start_params),检查算出范数正是用它算的,于是点名。
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
start_params = init_mlp(k_model, (D_IN, 64, N_CLS))
p_noisy, noisy_curve = fit_on_noisy_labels(start_params, Xn, Yn, n_steps=150)


# 3. 每个样本的梯度范数:lax.map 按 500 个一块计算,块内就把梯度归约成一个标量
@jax.jit
def norms_by_chunks(params, X, Y):
    one = lambda pair: per_sample_norm(params, pair[0], pair[1])
    return lax.map(one, (X, Y), batch_size=500)


norms_n = norms_by_chunks(start_params, Xn, Yn)
