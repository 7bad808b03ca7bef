# 练习 7.7(综合项目):从零写一个三臂螺旋 MLP 分类器
# 上下文里已有:make_spiral、init_mlp、mlp_apply、loss_single、per_sample_norm、log_softmax_stable、
# TrainState、chain、clip_by_global_norm、scale_by_adam、add_decayed_weights、scale_by_learning_rate、
# warmup_cosine_decay_schedule、apply_updates、global_norm、CompileBudget、param_table。
#
# 检查会用新的螺旋数据(1440 个训练样本、360 个测试样本)自己训练,所以不要在顶层跑训练循环。

N_TRAIN = 1440                    # 训练样本数(另有 360 个测试样本)
BATCH = 128
EPOCHS = 150
STEPS_PER_EPOCH = N_TRAIN // BATCH   # 11
TOTAL_STEPS = STEPS_PER_EPOCH * EPOCHS

# 前 100 步线性升到 0.01,之后余弦衰减到 0.0001
lr_schedule = warmup_cosine_decay_schedule(peak_value=0.01, init_value=0.0, warmup_steps=100,
                                           end_value=0.0001, decay_steps=TOTAL_STEPS)


def weight_mask(params):
    """布尔树:权重 w 为 True(做权重衰减),偏置 b 为 False。"""
    raise NotImplementedError


# optimizer:用 chain 依次串起——按全局范数裁剪到 1.0;Adam 方向;
#            只对 weight_mask 选中的参数做 1e-4 的解耦衰减;乘以 -lr_schedule(t)。


def init_state(k_init, k_train):
    """返回 TrainState:参数来自 init_mlp(k_init, (2, 64, 64, 3)),优化器状态由 optimizer.init 生成,
    step 是 int32 的 0 数组,key 用 k_train,model_name 设为 "spiral-mlp"。"""
    raise NotImplementedError


def ce_loss(params, X, Y):
    """平均交叉熵,用 log_softmax_stable。"""
    raise NotImplementedError


def train_epoch(state, X, Y):
    """用 state.key 打乱数据、切成 (STEPS_PER_EPOCH, BATCH) 的下标,lax.scan 逐批训练;
    返回 (新 state, 每步 loss, 每步梯度范数)。"""
    raise NotImplementedError


# train_epoch_jit:对 train_epoch 做 jax.jit,并且只捐赠参数 state。


def accuracy_fn(params, X, Y):
    """jit 编译;mean(argmax(logits) == Y)。"""
    raise NotImplementedError


def grad_norms_all(params, X, Y):
    """(jit 编译)每个样本的梯度范数,lax.map(..., batch_size=256)。"""
    raise NotImplementedError
