# expect: failed eager
# 只为题目里的循环写死了答案:从 0 开始时碰巧正确,换个起点就错了。
def update_counter(count, increment):
    return increment + 1, increment
