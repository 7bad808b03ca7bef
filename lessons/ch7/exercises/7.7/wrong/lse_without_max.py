# expect: failed ce_loss "没有减去最大值" not "不要写 log(softmax(z))" "inf/inf 就是 NaN" "下溢成 0"
# expect.en: "subtracts no maximum" not "not log(softmax(z))" "inf/inf is NaN" "underflows to 0"
# 错误示范:交叉熵用 log-sum-exp 直接算 log 概率(没有经过 softmax),但没有先减去每行最大值:
# 上千的 logit 取 exp 上溢成 inf,损失变成 inf/NaN。消息不能说"你写了 log(softmax(z))"。
# 练习 7.7(综合项目)参考答案:三臂螺旋 MLP 分类器
# 上下文里已有:make_spiral、init_mlp、mlp_apply、loss_single、per_sample_norm、log_softmax_stable、
# TrainState、chain、clip_by_global_norm、scale_by_adam、add_decayed_weights、scale_by_learning_rate、
# warmup_cosine_decay_schedule、apply_updates、global_norm、CompileBudget。

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
    # log-sum-exp 写对了形式,却没有先减去每行的最大值
    z = mlp_apply(params, X)
    lse = jnp.log(jnp.exp(z).sum(axis=1))
    right = jnp.take_along_axis(z, Y[:, None], axis=1)[:, 0]
    return jnp.mean(lse - right)


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

# 检查会用新的螺旋数据自己训练 EPOCHS 个 epoch,所以这里不在顶层训练(否则运行时间翻倍)。
# 想自己跑一遍,可以在编辑器里临时加上(make_spiral 在上下文里):
#   root = jax.random.key(7)
#   kd, ks, ki, kt = jax.random.split(root, 4)
#   pts, labels = make_spiral(kd, 600)
#   shuffled = np.asarray(jax.random.permutation(ks, pts.shape[0]))
#   train_x, train_y = pts[shuffled[360:]], labels[shuffled[360:]]
#   state = init_state(ki, kt)
#   with CompileBudget(max_compiles=1, name="train_epoch"):
#       for epoch in range(EPOCHS):
#           state, _, _ = train_epoch_jit(state, train_x, train_y)
