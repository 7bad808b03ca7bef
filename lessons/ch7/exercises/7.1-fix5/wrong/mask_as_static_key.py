# expect: failed compiles "由长度、mask 做成的静态参数" not "形状只能取决于桶,真实行"
# expect.en: "a static argument made from the length or the mask" not "Shapes may depend only on the bucket; pick out"
# 错误示范:损失公式是对的,形状也只取决于桶,可 mask 被转成元组当作静态参数交给 jit:
# 每个不同的 mask(每种长度)都是新的缓存键。消息不能只劝"形状只取决于桶、用 mask 挑行"(这两点它都做到了)。
import functools


@functools.partial(jax.jit, static_argnames="keep")
def _masked_mse(w, X, y, keep):
    weights = jnp.array(keep, dtype=X.dtype)
    err = X @ w - y
    return (weights * err**2).sum() / weights.sum()


def bucket_loss(w, X, y, mask):
    return _masked_mse(w, X, y, keep=tuple(bool(v) for v in np.asarray(mask)))
