# expect: failed flips "没有绕回来"
# expect.en: "were not wrapped around"
# 错误示范:给标签加上 1..9 的偏移就完事了,忘了对类别数取模,有的标签超过了 9。

N_SAMPLES, N_FLIPPED, TOP_K = 2000, 20, 40
root_key = jax.random.key(180)
k_blobs, order_key, k_shift, k_model = jax.random.split(root_key, 4)

Xn, Yn_clean = make_blobs(k_blobs, N_SAMPLES, d=D_IN, k=N_CLS)
flip_idx = jax.random.permutation(order_key, N_SAMPLES)[:N_FLIPPED]
offsets = 1 + jax.random.randint(k_shift, (N_FLIPPED,), 0, N_CLS - 1)
Yn = Yn_clean.at[flip_idx].add(offsets)

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
    return lax.map(one, (X, Y), batch_size=500)


norms_n = norms_by_chunks(p_noisy, Xn, Yn)

