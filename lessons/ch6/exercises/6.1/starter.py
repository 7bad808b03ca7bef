# 练习 6.1:用 JIT 实现有状态计数器
#
# 本章上下文已经导入了 jax、jax.numpy as jnp、lax 等(见“上下文”标签页),可以直接用。
# 要点:函数本身什么都不记;调用者保存计数,每次传进来,再接住你返回的新计数。
# 第二个返回值是“辅助输出”:把收到的第二个参数原封不动地交回去。


def update_counter(count, increment):
    # 参数:count 是调用者手里的当前计数(可能是 Python 整数,也可能是 JAX 数组);
    #       increment 是这一次附带的一个数,你不用拿它计算。
    # 返回:一个二元组。第一项是新的计数,第二项是 increment 本身。
    # 注意:不要用 global,也不要用 int() 把计数转成 Python 整数——jit 里它是追踪值。
    raise NotImplementedError


# 写完以后可以在这里自己试一试(检查不依赖这段代码),例如:
#     stepper = jax.jit(update_counter)
#     state = 0
#     for k in range(5):
#         state, echoed = stepper(state, k)
#         print(k + 1, state, echoed)
