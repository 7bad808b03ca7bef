# 正确答案,只是文件开头关掉了 jit(调试时常这么做):检查数追踪次数时不受它影响。
jax.config.update("jax_disable_jit", True)


def update_counter(c, extra):
    return c + 1, extra
