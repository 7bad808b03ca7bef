# expect: failed norms_chunked "分块大小是 200"
# expect.en: "the chunks hold 200 examples"
# 错误示范:lax.map 的 batch_size 写成了 200,内存照样受控,但题目要求每块 500 个样本。

N_SAMPLES, N_FLIPPED, TOP_K = 2000, 20, 40
root_key = jax.random.key(180)
k_blobs, order_key, k_shift, k_model = jax.random.split(root_key, 4)

Xn, Yn_clean = make_blobs(k_blobs, N_SAMPLES, d=D_IN, k=N_CLS)
flip_idx = jax.random.permutation(order_key, N_SAMPLES)[:N_FLIPPED]
offsets = 1 + jax.random.randint(k_shift, (N_FLIPPED,), 0, N_CLS - 1)
Yn = Yn_clean.at[flip_idx].set(jnp.remainder(Yn_clean[flip_idx] + offsets, N_CLS))

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
p_start = init_mlp(k_model, (D_IN, 64, N_CLS))  # initial parameters and loss curve stay at the top level: the checks replay the training from them
p_noisy, noisy_curve = fit_on_noisy_labels(p_start, Xn, Yn, n_steps=150)


@jax.jit
def norms_by_chunks(params, X, Y):
    one = lambda pair: per_sample_norm(params, pair[0], pair[1])
    return lax.map(one, (X, Y), batch_size=200)


norms_n = norms_by_chunks(p_noisy, Xn, Yn)

