# 练习 7.6:冻结部分层 + 捐赠状态的训练 step
# 上下文里已有:TrainState(step, params, opt_state, key, 静态字段 model_name)、init_mlp、loss_batch、
# adamw、chain、EmptyState、GradientTransformation、apply_updates、CompileBudget、Xtr、Ytr、D_IN、N_CLS。


def freeze(mask):
    """返回 GradientTransformation:mask 为真的叶子,更新量置为 0。
    mask 可以是与参数同结构的布尔树,也可以是由参数生成这种树的函数。"""
    raise NotImplementedError


def frozen_mask(params):
    """用 jax.tree.map_with_path 生成布尔树:dense_0 下的参数为 True,其余为 False。"""
    raise NotImplementedError


# ex6_opt:用 chain 串起 adamw(0.01, weight_decay=0.0001) 和 freeze(frozen_mask)——想一想 freeze 该放在哪一边


def finetune_step(state, X, Y):
    """jit 编译并捐赠 state(donate_argnames=("state",));返回 (新的 state, loss)。
    函数名必须是 finetune_step:编译预算按这个名字统计。"""
    raise NotImplementedError
