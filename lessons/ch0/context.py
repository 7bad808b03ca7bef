# 第 0 章上下文:练习运行前已经导入好的名字。
# 本章只假定你会用 NumPy;这些导入之外,练习需要的函数都由你自己写。
from functools import partial  # 给 jax.jit 传 static_argnames 时常用
from typing import NamedTuple  # 0.6 节:NamedTuple 是现成的 pytree 容器
import dataclasses  # 0.6 节:注册过的 dataclass 也是 pytree 容器

import jax
import jax.numpy as jnp
import numpy as np
