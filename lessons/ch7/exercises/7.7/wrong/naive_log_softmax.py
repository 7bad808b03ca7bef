# expect: failed ce_loss "inf/NaN" "下溢成 0" not "上溢"
# expect.en: "inf/NaN" "underflows to 0" not "overflows"
# 交叉熵写成 log(softmax):概率下溢成 0 时 log 得到 -inf,损失变成 inf。
N_TRAIN = 1440                    # 1800 个样本中 1440 个训练、360 个测试
BATCH = 128
EPOCHS = 150
STEPS_PER_EPOCH = N_TRAIN // BATCH   # 11:余下的 32 个样本每个 epoch 随机丢掉
TOTAL_STEPS = STEPS_PER_EPOCH * EPOCHS

# 前 100 步线性升到 0.01,之后余弦衰减到 0.0001
lr_schedule = warmup_cosine_decay_schedule(peak_value=0.01, init_value=0.0, warmup_steps=100,
                                           end_value=0.0001, decay_steps=TOTAL_STEPS)


def weight_mask(params):
    # 只对权重 w 做衰减,偏置 b 不衰减(看路径的最后一段)
    def is_weight(where, _leaf):
        return where[-1].key == "w"

    return jax.tree.map_with_path(is_weight, params)


# 裁剪 → Adam 方向 → 只对 w 的解耦衰减 → 乘以负的学习率
_pieces = [
    clip_by_global_norm(max_norm=1.0),
    scale_by_adam(b1=0.9, b2=0.999),
    add_decayed_weights(0.0001, mask=weight_mask),   # 偏置不衰减
    scale_by_learning_rate(lr=lr_schedule),
]
optimizer = chain(*_pieces)


def init_state(k_init, k_train):
    # 2 → 64 → 64 → 3;每个数组独立创建,step 是 int32 数组,key 是类型化 key
    weights = init_mlp(k_init, (2, 64, 64, 3))
    return TrainState(params=weights, opt_state=optimizer.init(weights), key=k_train,
                      step=jnp.array(0, dtype=jnp.int32), model_name="spiral-mlp")


def ce_loss(params, X, Y):
    # 稳定的交叉熵:log_softmax_stable,而不是 log(softmax)
    logits = mlp_apply(params, X)
    log_probs = jnp.log(jax.nn.softmax(logits, axis=-1))
    picked = jnp.take_along_axis(log_probs, jnp.expand_dims(Y, 1), axis=1)
    return -picked.mean()


def train_epoch(state, X, Y):
    # 一个 epoch = 一个编译好的程序:在 jit 里打乱、切成固定形状的 mini-batch、lax.scan 逐个训练
    next_key, shuffle_key = jax.random.split(state.key)
    order = jax.random.permutation(shuffle_key, X.shape[0])
    rows_per_step = order[: BATCH * STEPS_PER_EPOCH].reshape((STEPS_PER_EPOCH, BATCH))

    def sgd_step(cur, rows):
        value, g = jax.value_and_grad(ce_loss, argnums=0)(cur.params, X[rows], Y[rows])
        delta, opt_state = optimizer.update(g, cur.opt_state, params=cur.params)
        cur = dataclasses.replace(cur, params=apply_updates(cur.params, delta), opt_state=opt_state,
                                  step=cur.step + 1)
        return cur, (value, global_norm(g))

    current = state
    rekeyed = dataclasses.replace(current, key=next_key)
    final, (losses, gnorms) = lax.scan(sgd_step, rekeyed, rows_per_step)
    return final, losses, gnorms


# 只捐赠 state;数据作为参数传入,既不被闭包捕获,也不被捐赠
train_epoch_jit = jax.jit(train_epoch, donate_argnames="state")


def accuracy_fn(params, X, Y):
    scores = mlp_apply(params, X)
    hits = scores.argmax(axis=1) == Y
    return hits.astype(jnp.float32).mean()


accuracy_fn = jax.jit(accuracy_fn)


def grad_norms_all(params, X, Y):
    # 每个样本的梯度范数,lax.map 每块 256 个样本,块内就归约成标量
    def norm_of(sample):
        return per_sample_norm(params, sample[0], sample[1])

    return lax.map(norm_of, (X, Y), batch_size=256)


grad_norms_all = jax.jit(grad_norms_all)
