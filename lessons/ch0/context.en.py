# Chapter 0 context: the names already imported before an exercise runs.
# This chapter assumes only NumPy; beyond these imports, you write every function yourself.
from functools import partial  # often used to pass static_argnames to jax.jit
from typing import NamedTuple  # section 0.6: a NamedTuple is a ready-made pytree container
import dataclasses  # section 0.6: a registered dataclass is a pytree container too

import jax
import jax.numpy as jnp
import numpy as np
