# expect: failed replay "adam(1e-3)" "学习率 1e-2"
# expect.en: "adam(1e-3)" "learning rate 1e-2"
# 学习率用了常见的默认值 1e-3,而不是题目的 1e-2;训练 150 步的写法本身没错。
# 初始参数 params0 和损失曲线 losses 都留在顶层,检查因此能从 params0 重放训练。

seed_key = jax.random.key(7)
data_key, pick_key, move_key, init_key = jax.random.split(seed_key, 4)
Xn, Yn_clean = make_blobs(data_key, 2000, d=D_IN, k=N_CLS)
flip_idx = jax.random.permutation(pick_key, 2000)[:20]
moves = jax.random.randint(move_key, (20,), minval=1, maxval=N_CLS)  # 挪 1..9 个类:不会回到原类
Yn = Yn_clean.at[flip_idx].add(moves) % N_CLS
optimizer = adam(1e-3)


@jax.jit
def train(start, X, Y):
    def update(state, _t):
        weights, opt_state = state
        value, grads = jax.value_and_grad(loss_batch)(weights, X, Y)
        change, opt_state = optimizer.update(grads, opt_state, weights)
        return (apply_updates(weights, change), opt_state), value

    (final, _), curve = lax.scan(update, (start, optimizer.init(start)), jnp.arange(150))
    return final, curve


params0 = init_mlp(init_key, (D_IN, 64, N_CLS))
p_noisy, losses = train(params0, Xn, Yn)
per_sample = lambda w: lax.map(lambda pair: per_sample_norm(w, pair[0], pair[1]), (Xn, Yn), batch_size=500)
norms_n = jax.jit(per_sample)(p_noisy)
