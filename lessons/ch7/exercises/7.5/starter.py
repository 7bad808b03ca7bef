# 练习 7.5:实现 Lion 优化器,并与 optax.lion 对拍
# 上下文里已有:GradientTransformation、EmptyState、chain、add_decayed_weights、scale_by_learning_rate、
# apply_updates、warmup_cosine_decay_schedule、run_jax(opt, steps=5)、theta0 / coef_a / coef_c,以及 optax。


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    """返回一个梯度变换(GradientTransformation),它的状态带 count 和 mu。
    更新函数的第三个参数 params 要有默认值 None。方向 = sign((1 − b1)·g + b1·m),动量 m ← b2·m + (1 − b2)·g。"""
    raise NotImplementedError


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    """用 chain 组装:Lion 方向 → 解耦权重衰减(带 mask)→ 乘以 −lr(lr 可以是常数或调度函数)。"""
    raise NotImplementedError


# 写完后可以和 optax 对拍(检查不依赖这些代码):
# mine, ref = run_jax(lion(0.03, weight_decay=0.1)), run_jax(optax.lion(learning_rate=0.03, weight_decay=0.1))
# print(max(float(np.abs(p[k] - q[k]).max()) for p, q in zip(mine, ref) for k in p))
