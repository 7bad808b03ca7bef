# 练习 6.5:实现 RMSProp,并接入通用训练框架
# 上下文已提供:Optimizer、apply_updates、sgd_momentum、adam、make_train、params0、X、Y、results。


class RMSState(NamedTuple):  # 可以直接用这个状态容器
    sq_avg: dict  # 梯度平方的滑动平均 s,与参数同结构


def rmsprop(lr,  # 学习率
            rho=0.9, eps=1e-8):
    """返回 Optimizer(init, update);update 返回 (updates, 新状态),updates 要带负号。"""
    raise NotImplementedError


# 写好 rmsprop 之后,取消下面两行的注释:训练 1000 步,逐步损失保存在 rms_losses 里。
# trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
# _, _, rms_losses = trainer(params0, X, Y)
