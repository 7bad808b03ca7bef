# expect: failed flips "标签没变" "不能是 0" not "偏移要加在被翻转样本自己的标签"
# expect.en: "kept their label" "never 0" not "The offset should go onto the flipped examples' own labels"
# 错误示范:偏移加在了被翻转样本自己的标签上,可偏移从 0 抽起,有 3 个样本留在原类别。这个种子下,
# 新标签碰巧也都和 Yn_clean[:20] 同位置的标签不同;消息不能因此断定偏移加错了标签。
N_SAMPLES, N_FLIPPED, TOP_K = 2000, 20, 40
root_key = jax.random.key(2)
k_blobs, order_key, k_shift, k_model = jax.random.split(root_key, 4)

# 1. 数据;不放回地挑 20 个样本,在它们自己的标签上加偏移再取模——可偏移从 0 抽起
Xn, Yn_clean = make_blobs(k_blobs, N_SAMPLES, d=D_IN, k=N_CLS)
flip_idx = jax.random.permutation(order_key, N_SAMPLES)[:N_FLIPPED]
offsets = jax.random.randint(k_shift, (N_FLIPPED,), 0, N_CLS)
Yn = Yn_clean.at[flip_idx].set((Yn_clean[flip_idx] + offsets) % N_CLS)

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
@jax.jit
def norms_by_chunks(params, X, Y):
    one = lambda pair: per_sample_norm(params, pair[0], pair[1])
    return lax.map(one, (X, Y), batch_size=500)


norms_n = norms_by_chunks(p_noisy, Xn, Yn)
