# expect: failed replay "每一步里都重新调用 opt.init" "动量和步数每一步都被清零"
# expect.en: "opt.init called again inside every scan step" "moments and its count are reset each step"
# 以为每一步都该拿到“干净”的优化器状态,opt.init 写进了 scan 的步函数里:动量和步数每步从零开始,
# 150 步其实是 150 次 Adam 的第一步。初始参数 theta0 和损失曲线 history 都留在顶层。
from functools import partial

seed_key = jax.random.key(31)
data_key, pick_key, move_key, init_key = jax.random.split(seed_key, 4)
Xn, Yn_clean = make_blobs(data_key, 2000, d=D_IN, k=N_CLS)
flip_idx = jax.random.permutation(pick_key, jnp.arange(2000))[-20:]
moves = jax.random.randint(move_key, (20,), minval=1, maxval=N_CLS)
Yn = (Yn_clean.at[flip_idx].add(moves)) % N_CLS
tx = adam(1e-2)


@jax.jit
def run_training(theta, X, Y):
    def one_step(carry, _):
        theta, _stale = carry
        fresh = tx.init(theta)  # ← 每一步都重新初始化
        here, slope = jax.value_and_grad(loss_batch)(theta, X, Y)
        upd, fresh = tx.update(slope, fresh, theta)
        return (apply_updates(theta, upd), fresh), here

    (theta, _), trace = lax.scan(one_step, (theta, tx.init(theta)), None, length=150)
    return theta, trace


theta0 = init_mlp(init_key, (D_IN, 64, N_CLS))
p_noisy, history = run_training(theta0, Xn, Yn)


def one_norm(w, row):
    x, y = row
    return per_sample_norm(w, x, y)


norms_n = jax.jit(lambda w: lax.map(partial(one_norm, w), (Xn, Yn), batch_size=500))(p_noisy)
