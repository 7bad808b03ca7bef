# expect: failed chain "从弱类型变成了强类型" "弱类型的字段也仍是弱类型" not "保持传入时的 dtype 和形状"
# expect.en: "went from a weak type to a strong type" "weakly typed field still weakly typed" not "keep the dtype and shape it came in with"
# 错误示范:步数加的是 jnp.int32(1)。dtype 还是 int32,形状也没变,但任务的初始步数 jnp.asarray(0)
# 是弱类型,加上强类型的 1 之后变成强类型,签名变了,jit 要再编译一次;所以不能只说“保持 dtype 和形状”。
class TrainState(NamedTuple):  # 三个字段
    step: jax.Array  # 步数
    params: dict  # 参数
    ema_params: dict  # EMA 副本


linear_grad = jax.grad(loss_fn_linear)


@jax.jit
def ema_train_step(state, x, y, lr, decay):
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + jnp.int32(1), params=moved, ema_params=smooth)
