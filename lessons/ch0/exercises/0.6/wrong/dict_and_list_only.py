# expect: failed structure "处理不了这棵树的容器" not "嵌套的容器"
# expect.en: "not the containers of this tree" not "nested containers"
# 错误示范:自己写递归,只认得 dict 和 list,NamedTuple 落到了叶子的分支里,元组乘不了浮点数。
# 这棵 NamedTuple 树根本没有嵌套;扁平 dict 能更新,消息只说处理不了这棵树的容器。
def sgd_with_decay(params, grads, lr, decay):
    if isinstance(params, dict):
        return {k: sgd_with_decay(params[k], grads[k], lr, decay) for k in params}
    if isinstance(params, list):
        return [sgd_with_decay(p, g, lr, decay) for p, g in zip(params, grads)]
    return params - lr * (grads + decay * params)


def global_norm(tree):
    squares = [jnp.vdot(part, part) for part in jax.tree.leaves(tree)]
    return jnp.sqrt(jnp.sum(jnp.stack(squares)))
