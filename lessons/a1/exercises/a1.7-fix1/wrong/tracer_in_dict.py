# expect: failed values "tracer" not "存进全局列表的那个值"
# expect.en: "tracer" not "the value stored in a global list"
# 把中间量存进全局字典(不是列表)再交回去:交回去的仍是追踪时留下的 tracer。
# 这份答案没有用列表,提示不能断言“交回去的是存进全局列表的那个值”。
kept = {}


@jax.jit
def normalize(x):
    kept["centered"] = x - jnp.mean(x)
    return kept["centered"] / jnp.std(x)


def normalize_and_center(x):
    return normalize(x), kept["centered"]
