# expect: failed tiny_vector "√(Σa² + ε)" "给出 0.5" not "被当成了零向量"
# expect.en: "√(Σa² + ε)" "gives 0.5" not "taken for a zero vector"
# 用极小的 ε(1e-20)护住平方范数:零点有限,正常尺度的向量也都对,但 1e-9 倍的向量余弦就不再是 1。


def cos_sim_safe(a, b):
    """余弦相似度,平方范数里加一个极小的 ε。"""
    sq_a = jnp.vdot(a, a)
    sq_b = jnp.vdot(b, b)
    return jnp.vdot(a, b) / jnp.sqrt((sq_a + 1e-20) * (sq_b + 1e-20))
