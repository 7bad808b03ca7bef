"""The tutor's own words (statuses, CLI, app, check library, runner), in one catalog with zh and
en; the Textual app's part lives in tutor/words/app_words.py. Content is Chinese; these words follow
--lang / JAXTUTOR_LANG (zh by default), and workers get the language in their job."""

from __future__ import annotations

import os

from tutor.words.app_words import APP

LANGS = ("zh", "en")
_lang = os.environ.get("JAXTUTOR_LANG", "zh") if os.environ.get("JAXTUTOR_LANG") in LANGS else "zh"

CATALOG: dict[str, dict[str, str]] = {
    # statuses
    "status.passed": {"zh": "通过", "en": "passed"},
    "status.failed": {"zh": "未通过", "en": "failed"},
    "status.not_attempted": {"zh": "尚未作答", "en": "not attempted"},
    "status.error": {"zh": "代码出错", "en": "error"},
    "status.timeout": {"zh": "超时", "en": "timed out"},
    "status.memory": {"zh": "内存超限", "en": "out of memory"},
    "status.crashed": {"zh": "进程崩溃", "en": "crashed"},
    "status.exited_early": {"zh": "代码提前退出了进程", "en": "exited early"},
    "status.cancelled": {"zh": "已取消", "en": "cancelled"},
    "status.skipped": {"zh": "跳过", "en": "skipped"},
    "status.unseen": {"zh": "未开始", "en": "not started"},
    "status.read": {"zh": "已读", "en": "read"},
    "status.done": {"zh": "完成", "en": "done"},
    "status.started": {"zh": "进行中", "en": "in progress"},
    "status.todo": {"zh": "未开始", "en": "to do"},
    "status.running": {"zh": "运行中", "en": "running"},
    "status.reference": {"zh": "检查的是参考答案", "en": "checked the reference"},
    # drafts and the progress store (tutor/storage/drafts.py, tutor/storage/store.py)
    "draft.not_utf8": {
        "zh": "{path} 不是 UTF-8 编码的文本(第 {offset} 个字节处无法解码)。请在编辑器里把它另存为 UTF-8。",
        "en": "{path} is not UTF-8 text (cannot decode byte {offset}). Save it as UTF-8 in your editor.",
    },
    "draft.too_large": {
        "zh": "{path} 有 {mb:.1f} MB,超过编辑器能打开的 {limit_mb:.0f} MB:这里只读显示它的开头。检查照常运行;要编辑请用外部编辑器(Ctrl+O),或把它改小。",
        "en": "{path} is {mb:.1f} MB, over the {limit_mb:.0f} MB the editor opens: only its beginning is shown, read-only. Checks still run; edit it in an outside editor (Ctrl+O), or make it smaller.",
    },
    "draft.cannot_read": {"zh": "读不了 {path}:{reason}", "en": "cannot read {path}: {reason}"},
    "draft.cannot_write": {
        "zh": "没能保存 {path}:{reason}",
        "en": "could not save {path}: {reason}",
    },
    "draft.read_only": {"zh": "文件是只读的", "en": "the file is read-only"},
    "store.home_not_folder": {
        "zh": "数据目录 {path} 是一个文件,不是文件夹。请用 --home 指定别的目录,或移走这个文件。",
        "en": "the data home {path} is a file, not a folder. Pick another with --home, or move the file away.",
    },
    "store.home_unusable": {
        "zh": "无法使用数据目录 {path}:{reason}",
        "en": "cannot use the data home {path}: {reason}",
    },
    "store.read_only": {
        "zh": "数据目录 {path} 不可写,进度无法保存。请检查权限,或用 --home 指定别的目录。",
        "en": "the data home {path} is not writable, so progress cannot be saved. Check its permissions, or pick another with --home.",
    },
    "store.db_not_file": {
        "zh": "进度数据库的位置 {path} 是一个文件夹(或其他非普通文件),不是数据库文件。请移走它,或用 --home 指定别的目录。",
        "en": "the progress database {path} is a folder (or another non-file), not a database file. Move it away, or pick another home with --home.",
    },
    "store.db_dangling": {
        "zh": "进度数据库 {path} 是一个指向不存在位置({target})的符号链接。请修正或删除这个链接,或用 --home 指定别的目录。",
        "en": "the progress database {path} is a symbolic link to {target}, which does not exist. Fix or remove the link, or pick another home with --home.",
    },
    "store.cannot_read": {
        "zh": "读不了进度数据库 {path}。",
        "en": "cannot read the progress database {path}.",
    },
    "store.locked": {
        "zh": "进度数据库 {path} 被另一个程序锁住了 {secs:g} 秒以上,这次没能写入。",
        "en": "the progress database {path} was locked by another program for more than {secs:g} s; nothing was written this time.",
    },
    "store.damaged": {
        "zh": "进度数据库 {path} 已损坏。",
        "en": "the progress database {path} is damaged.",
    },
    "store.wrong_tables": {
        "zh": "{path} 不是 jaxtutor 的进度数据库(表结构不同)。请移走它,或用 --home 指定别的目录。",
        "en": "{path} is not a jaxtutor progress database (other tables). Move it away, or pick another home with --home.",
    },
    "store.newer_schema": {
        "zh": "{path} 来自更新版本的 jaxtutor(数据库版本 {version},本程序只认识到 {ours})。请升级 jaxtutor。",
        "en": "{path} comes from a newer jaxtutor (schema {version}; this one knows up to {ours}). Upgrade jaxtutor.",
    },
    "store.other": {
        "zh": "进度数据库 {path} 出错:{reason}",
        "en": "the progress database {path} failed: {reason}",
    },
    "store.salvaged": {
        "zh": "进度数据库已损坏:能读出的 {rows} 条记录已救回到新数据库,损坏的文件移到了 {path}。",
        "en": "the progress database was damaged: the {rows} record(s) that could be read were copied into a new one; the damaged file was moved to {path}.",
    },
    "store.read_only_view": {
        "zh": "(只读:这次的查看不会写入进度)",
        "en": "(read-only: nothing from this view is recorded)",
    },
    # runner outcomes
    "run.missing": {
        "zh": "还没有定义(或只写了占位):{names}",
        "en": "not defined yet (or still a stub): {names}",
    },
    "run.timeout": {
        "zh": "运行超过 {limit:g} 秒的时间限制,已终止。常见原因:死循环,或 while_loop 的条件永远为真。",
        "en": "ran past the {limit:g} s time limit and was stopped. Usual cause: an endless loop, or a while_loop whose condition never turns false.",
    },
    "run.cpu": {
        "zh": "CPU 时间超过限制({limit:g} 秒),已终止。",
        "en": "used more than {limit:g} s of CPU time and was stopped.",
    },
    "run.memory": {
        "zh": "内存超过 {limit} MB 的上限,已终止。检查是否创建了过大的数组,或在循环里不断累积结果。",
        "en": "went past the {limit} MB memory cap and was stopped. Look for a huge array or results piling up in a loop.",
    },
    "run.crashed": {
        "zh": "工作进程被信号 {signal} 终止(崩溃)。",
        "en": "the worker was killed by signal {signal} (a crash).",
    },
    "run.exited_early": {
        "zh": "你的代码让进程提前退出了(退出码 {code})。不要在练习里调用 sys.exit / os._exit / exit()。",
        "en": "your code ended the process (exit code {code}). Do not call sys.exit / os._exit / exit() in an exercise.",
    },
    "run.cancelled": {"zh": "运行已取消。", "en": "run cancelled."},
    "run.worker_failed": {
        "zh": "工作进程没能启动:{detail}",
        "en": "the worker could not start: {detail}",
    },
    "run.escaped": {
        "zh": "另外结束了 {n} 个你的代码留下的子进程。",
        "en": "also ended {n} child process(es) your code left behind.",
    },
    "run.output_dropped": {
        "zh": "\n…… 中间省略了 {n} 字节输出 ……\n",
        "en": "\n… {n} bytes of output omitted …\n",
    },
    "run.bad_time_limit": {
        "zh": "时间限制必须是 {low:g} 到 {high:g} 秒之间的有限数,收到的是 {value}。",
        "en": "the time limit must be a finite number of seconds between {low:g} and {high:g}, not {value}.",
    },
    "run.bad_memory_limit": {
        "zh": "内存上限必须是合理的 MB 整数,收到的是 {value}。",
        "en": "the memory cap must be a sensible whole number of MB, not {value}.",
    },
    "run.protocol_error": {
        "zh": "工作进程发来了一条导师无法理解的消息,运行已终止({detail})。如果你的代码向导师的私有管道写了东西,请去掉。",
        "en": "the worker sent a message the tutor cannot understand, so the run was stopped ({detail}). If your code writes to the tutor's private pipe, remove that.",
    },
    "run.tutor_failed": {
        "zh": "导师自身出错,运行已终止:{detail}。这不是你的代码的问题,请报告。",
        "en": "the tutor itself failed and stopped the run: {detail}. This is not a fault in your code; please report it.",
    },
    "run.unsupported_platform": {
        "zh": "这台机器({platform})无法监管检查进程:运行检查需要 Linux。",
        "en": "checks cannot be supervised on this platform ({platform}): running them needs Linux.",
    },
    "run.start_timeout": {
        "zh": "工作进程在 {limit:g} 秒内没有准备好(机器可能太忙),这次运行已放弃,请重试。你的代码没有被执行。",
        "en": "the worker was not ready within {limit:g} s (the machine may be too busy); the run was given up, please retry. Your code was not run.",
    },
    "run.unverified_pass": {
        "zh": "工作进程报告通过,但这些检查没有报告通过:{ids}。这次不算通过。",
        "en": "the worker reported a pass, but these checks did not report passing: {ids}. This run does not count as a pass.",
    },
    "run.stuck_at": {
        "zh": "时间到的时候,你的代码停在第 {line} 行。",
        "en": "when the time ran out, your code was at line {line}.",
    },
    "run.worker_broke": {
        "zh": "工作进程在运行你的代码之后出错了:{detail}。如果你的代码改动了 Python 的内置函数或导师的模块,这就是原因。",
        "en": "the worker failed after running your code: {detail}. If your code changed Python's builtins or the tutor's modules, that is why.",
    },
    "run.worker_died": {
        "zh": "工作进程意外结束了(退出码 {code}),没有交回结果。你的代码可能替换了 Python 的内置函数或关闭了导师的文件。",
        "en": "the worker ended unexpectedly (exit code {code}) without a result. Your code may have replaced Python builtins or closed the tutor's files.",
    },
    "run.builtins_replaced": {
        "zh": "检查调用你的函数时,它替换了 Python 的内置函数({names}):之后算出的一切都不可信,这次检查不能通过。",
        "en": "while the check called your function, it replaced Python builtins ({names}): nothing computed after that can be trusted, so this check cannot pass.",
    },
    "run.nul_byte": {
        "zh": "文件里有一个空字节(NUL,\\0):Python 源码不能包含它,请删掉这个字符",
        "en": "the file contains a NUL byte (\\0): Python source cannot contain one; delete that character",
    },
    "run.content_check_module": {
        "zh": "这道练习的检查模块本身出错了:这是课程内容的问题,请报告。",
        "en": "this exercise's check module itself failed: a fault in the course content, please report it.",
    },
    "run.content_context": {
        "zh": "章节上下文(context.py)本身出错了:这是课程内容的问题,请报告。",
        "en": "the chapter context (context.py) itself failed: a fault in the course content, please report it.",
    },
    "tb.header": {
        "zh": "Traceback(只保留你的代码所在的帧):\n",
        "en": "Traceback (only the frames in your code):\n",
    },
    "tb.stuck_header": {
        "zh": "时间到的时候正在执行(只保留你的代码所在的帧,最近的调用在最后):\n",
        "en": "Running when the time ran out (only the frames in your code, most recent call last):\n",
    },
    "tb.hint.ConcretizationTypeError": {
        "zh": "在 jit/grad/vmap 追踪期间,代码需要一个具体的 Python 值(if/while 的条件、形状、int()/float()),拿到的却是追踪值(tracer)。把它改成 static 参数,或改用 lax.cond / lax.while_loop / jnp.where。",
        "en": "while tracing under jit/grad/vmap the code needed a concrete Python value (an if/while condition, a shape, int()/float()) and got a tracer. Make it a static argument, or use lax.cond / lax.while_loop / jnp.where.",
    },
    "tb.hint.TracerBoolConversionError": {
        "zh": "Python 的 if/while/and/or 作用在了追踪值上。jit 里的条件分支用 lax.cond、lax.select 或 jnp.where。",
        "en": "a Python if/while/and/or was applied to a tracer. Inside jit, branch with lax.cond, lax.select or jnp.where.",
    },
    "tb.hint.TracerIntegerConversionError": {
        "zh": "追踪值被当成 Python int 用了(比如 range(n)、列表下标或 int(x))。需要整数的地方用 static 参数或 lax.fori_loop。",
        "en": "a tracer was used as a Python int (range(n), a list index, int(x)). Where an integer is needed, use a static argument or lax.fori_loop.",
    },
    "tb.hint.TracerArrayConversionError": {
        "zh": "追踪值被转成了 NumPy 数组(np.asarray / np.xxx)。在变换过的函数里用 jnp 而不是 np。",
        "en": "a tracer was converted to a NumPy array (np.asarray / np.xxx). Inside transformed functions use jnp, not np.",
    },
    "tb.hint.UnexpectedTracerError": {
        "zh": "一个追踪值逃出了它的变换(被存进全局变量、列表或对象属性)。状态要通过参数传入、返回值传出。",
        "en": "a tracer escaped its transformation (stored in a global, a list or an attribute). Pass state in as arguments and out as return values.",
    },
    "tb.hint.NotImplementedError": {
        "zh": "这里还是占位代码:把 raise NotImplementedError 换成你的实现。",
        "en": "this is still placeholder code: replace raise NotImplementedError with your implementation.",
    },
    "tb.hint.KeyboardInterrupt": {
        "zh": "你的代码自己抛出了 KeyboardInterrupt。",
        "en": "your code raised KeyboardInterrupt itself.",
    },
    "tb.hint.RecursionError": {
        "zh": "递归太深:检查函数是否无条件地调用了自己。",
        "en": "recursion too deep: check whether a function calls itself unconditionally.",
    },
    "tb.hint.immutable": {
        "zh": "JAX 数组不可原地修改:用 x = x.at[i].set(v) 得到新数组。",
        "en": "JAX arrays cannot be changed in place: use x = x.at[i].set(v) to get a new array.",
    },
    "tb.hint.tree_map": {
        "zh": "jax.tree_map 在 0.12 已被移除:用 jax.tree.map。",
        "en": "jax.tree_map was removed in 0.12: use jax.tree.map.",
    },
    "tb.hint.deleted": {
        "zh": "这个数组的缓冲区已被 donate_argnums 捐赠掉了:捐赠之后只使用返回的新状态。",
        "en": "this array's buffer was donated with donate_argnums: after donating, use only the new state that was returned.",
    },
    "tb.hint.bad_argument": {
        "zh": "jit 只接受数组和已注册的 PyTree;普通 Python 对象不能作为参数,请改成 NamedTuple/dataclass PyTree 或把状态拆成数组。",
        "en": "jit accepts only arrays and registered pytrees; a plain Python object cannot be an argument. Use a NamedTuple/dataclass pytree or split the state into arrays.",
    },
    "tb.hint.where_tree": {
        "zh": "jnp.where 只接受数组,这里收到了一个容器(tuple、list 或 dict):要对 (h, c) 这样的"
        " pytree 逐叶子挑选,用 jax.tree.map(lambda new, old: jnp.where(m, new, old), 新树, 旧树)。",
        "en": "jnp.where takes arrays only and was given a container (tuple, list or dict): to pick "
        "leaf by leaf in a pytree such as (h, c), use "
        "jax.tree.map(lambda new, old: jnp.where(m, new, old), new_tree, old_tree).",
    },
    # check library (tutor/worker/check_values.py, tutor/worker/checklib.py)
    "checklib.missing_name": {
        "zh": "找不到 {name}:它应该在你的代码或本章上下文里定义。",
        "en": "{name} is not defined: it should be in your code or in the chapter context.",
    },
    "checklib.structure": {
        "zh": "{what} 的结构不对:应该是{expected},实际是 {actual}。",
        "en": "{what} has the wrong structure: expected {expected}, got {actual}.",
    },
    "checklib.describe.items": {"zh": "{kind},{n} 个元素", "en": "{kind} of {n}"},
    "checklib.describe.array": {
        "zh": "{dtype} 数组,形状 {shape}",
        "en": "{dtype} array {shape}",
    },
    "checklib.describe.dict": {"zh": "dict,键为 {keys}", "en": "dict with keys {keys}"},
    "checklib.tuple_of": {
        "zh": " {n} 个元素的元组(或列表)",
        "en": "a tuple (or list) of {n} items",
    },
    "checklib.numeric_array": {"zh": "数值数组或数字", "en": "a numeric array or number"},
    "checklib.scalar": {"zh": "一个标量(单个数)", "en": "a scalar (a single number)"},
    "checklib.floating": {
        "zh": "{what} 应该是浮点数组,实际 dtype 是 {dtype}:整数结果没法求导。",
        "en": "{what} should be a floating-point array, its dtype is {dtype}: an integer result cannot be differentiated.",
    },
    "checklib.callable": {"zh": "可调用的函数", "en": "a callable"},
    "checklib.leaves": {"zh": "{n} 个叶子", "en": "{n} leaves"},
    "checklib.rank": {
        "zh": "{what} 应该是 {expected} 维数组,实际是 {actual} 维(形状 {shape})。",
        "en": "{what} should have {expected} dimension(s), it has {actual} (shape {shape}).",
    },
    "checklib.shape": {
        "zh": "{what} 的形状应该是 {expected},实际是 {actual}。",
        "en": "{what} should have shape {expected}, it has {actual}.",
    },
    "checklib.shape_note": {
        "zh": "(形状不同:期望 {expected},实际 {actual})",
        "en": "(shapes differ: expected {expected}, got {actual})",
    },
    "checklib.dtype_note": {
        "zh": "(dtype 不同:期望 {expected},实际 {actual})",
        "en": "(dtypes differ: expected {expected}, got {actual})",
    },
    "checklib.structure_note": {
        "zh": "(结构不同:期望 {expected},实际 {actual})",
        "en": "(structures differ: expected {expected}, got {actual})",
    },
    "checklib.no_exception": {"zh": "没有抛出异常", "en": "nothing was raised"},
    "checklib.check_bug": {
        "zh": "检查程序自身出错(这是课程的问题,不是你的):",
        "en": "the check itself failed (a fault in the course, not in your code): ",
    },
    "checklib.value_broke_check": {
        "zh": "检查在使用你的代码给出的值时出错(这个值的类型或内容不是题目要求的):",
        "en": "the check failed while using a value your code produced (its type or content is not what the task asks for): ",
    },
    "checklib.tracer_kept": {
        "zh": "追踪时的中间值(tracer)被留在了 {places} 里:它只在那一次追踪中有效,函数外再用它就会出这个错。",
        "en": "a value from tracing (a tracer) was kept in {places}: it is valid only inside that one trace, and using it outside raises this error.",
    },
    "check.skipped_needs": {
        "zh": "跳过:它依赖的检查「{dep}」没有通过",
        "en": 'skipped: it depends on "{dep}", which did not pass',
    },
    # CLI
    "cli.unknown_id": {
        "zh": "没有 id 为「{id}」的{kind}。",
        "en": 'there is no {kind} with id "{id}".',
    },
    "cli.closest": {"zh": "最接近的是:{ids}", "en": "closest: {ids}"},
    "cli.kind.exercise": {"zh": "练习", "en": "exercise"},
    "cli.kind.lesson": {"zh": "课", "en": "lesson"},
    "cli.kind.quiz": {"zh": "测验", "en": "quiz"},
    "cli.kind.repair": {"zh": "修复", "en": "repair"},
    "cli.calibration": {
        "zh": "预测:猜对 {right}/{made}(本章共 {total} 处先猜后运行)",
        "en": "predictions: {right}/{made} right ({total} predict-then-run blocks in the chapter)",
    },
    "cli.repair_counts": {
        "zh": "修复练习通过 {passed}/{repairs}(额外练习,不计入本章进度)",
        "en": "repair exercises passed {passed}/{repairs} (extra practice, not part of the chapter's progress)",
    },
    "cli.no_file": {"zh": "找不到文件:{path}", "en": "no such file: {path}"},
    "cli.draft_created": {
        "zh": "已从起始代码创建草稿:{path}",
        "en": "created the draft from the starter: {path}",
    },
    "cli.hint_n": {"zh": "提示 {n}/{total}", "en": "hint {n}/{total}"},
    "cli.no_more_hints": {
        "zh": "这道练习的提示已经全部给出。",
        "en": "no more hints for this exercise.",
    },
    "cli.solution_locked": {
        "zh": "参考答案在练习通过后解锁。想直接看,请用 --give-up(会被记录)。",
        "en": "the solution unlocks once the exercise passes. To see it anyway, use --give-up (it is recorded).",
    },
    "cli.give_up_confirm": {
        "zh": "确定放弃并查看 {id} 的参考答案吗?这会被记录。[y/N] ",
        "en": "give up and show the solution of {id}? This is recorded. [y/N] ",
    },
    "cli.give_up_needs_yes": {
        "zh": "没有终端可以确认:请加 --yes 确认放弃。",
        "en": "no terminal to confirm on: add --yes to confirm giving up.",
    },
    "cli.not_confirmed": {
        "zh": "已取消,没有查看答案。",
        "en": "cancelled; the solution stays hidden.",
    },
    "cli.reset_done": {
        "zh": "{id} 的草稿已恢复为起始代码(旧草稿备份在 {backup})。",
        "en": "{id} reset to the starter (old draft kept at {backup}).",
    },
    "cli.reset_confirm": {
        "zh": "把 {id} 的草稿恢复为起始代码?旧草稿会备份。[y/N] ",
        "en": "reset {id} to the starter? The old draft is backed up. [y/N] ",
    },
    "cli.watching": {
        "zh": "正在监视 {path}(保存即重新检查,Ctrl-C 退出)",
        "en": "watching {path} (save to re-check, Ctrl-C to quit)",
    },
    "cli.checking": {"zh": "正在检查 {id} ……", "en": "checking {id} …"},
    "cli.app_missing": {"zh": "界面需要 textual:{detail}", "en": "the app needs textual: {detail}"},
    "cli.overall": {"zh": "总进度", "en": "overall"},
    "cli.passed_count": {
        "zh": "{passed}/{total} 个检查通过",
        "en": "{passed}/{total} checks passed",
    },
    "cli.next_up": {"zh": "接下来:{item}({command})", "en": "next: {item} ({command})"},
    "cli.expected": {"zh": "期望", "en": "expected"},
    "cli.actual": {"zh": "实际", "en": "actual"},
    "cli.line": {"zh": "第 {line} 行", "en": "line {line}"},
    "cli.output": {"zh": "你的代码的输出", "en": "your code's output"},
    "cli.explanation": {"zh": "讲解", "en": "explanation"},
    "cli.doctor.python": {"zh": "Python", "en": "Python"},
    "cli.doctor.home": {"zh": "数据目录", "en": "data home"},
    "cli.doctor.content": {"zh": "课程内容", "en": "course content"},
    "cli.doctor.highlight": {"zh": "编辑器语法高亮", "en": "editor syntax highlighting"},
    "cli.doctor.ok": {"zh": "可用", "en": "available"},
    "cli.doctor.missing": {"zh": "不可用", "en": "not available"},
    "cli.content_invalid": {
        "zh": "课程内容有 {n} 处问题:",
        "en": "the course content has {n} problem(s):",
    },
    "cli.doctor.not_installed": {"zh": "未安装", "en": "not installed"},
    "cli.detail.shape": {"zh": "形状", "en": "shape"},
    "cli.detail.max_err": {"zh": "最大绝对误差 {err}", "en": "largest absolute error {err}"},
    "cli.detail.mismatched": {
        "zh": "不一致的元素 {n}/{total}",
        "en": "differing elements {n}/{total}",
    },
    "cli.detail.paths": {"zh": "叶子路径", "en": "leaf paths"},
    "cli.detail.nothing_raised": {"zh": "没有抛出异常", "en": "nothing was raised"},
    "cli.detail.every_compile": {"zh": "所有函数", "en": "every function"},
    "cli.detail.compiles": {
        "zh": "{what} 编译了 {n} 次(要求 {bounds})",
        "en": "{what} compiled {n} time(s) (wanted {bounds})",
    },
    "cli.detail.compiled": {"zh": "编译过的:{names}", "en": "compiled: {names}"},
    "cli.reference_checked": {
        "zh": "检查的文件和参考答案一模一样:这次记为“检查了参考答案”,不算通过,也不会解锁答案。",
        "en": 'the checked file is the reference solution, byte for byte: recorded as "checked the reference", not as a pass, and the solution stays locked.',
    },
    "cli.check_not_saved": {
        "zh": "(检查照常运行,但这次的结果不会记入进度)",
        "en": "(the check runs as usual, but its result will not be recorded)",
    },
    "cli.not_recorded": {
        "zh": "这次结果没能记入进度:{reason}",
        "en": "this result could not be recorded: {reason}",
    },
    "cli.quiz_score": {
        "zh": "答对 {correct}/{total}(已答 {answered} 题)",
        "en": "{correct}/{total} right ({answered} answered)",
    },
    "cli.chapter_counts": {
        "zh": "课文已读 {read}/{lessons},练习通过 {passed}/{exercises}",
        "en": "lessons read {read}/{lessons}, exercises passed {passed}/{exercises}",
    },
    "cli.gave_up": {"zh": "已放弃", "en": "gave up"},
    "cli.exercise_stats": {
        "zh": "尝试 {attempts} 次,提示 {hints}/{total},用时 {time},通过于 {solved}",
        "en": "{attempts} attempt(s), hints {hints}/{total}, {time}, solved {solved}",
    },
    "cli.reset_done_no_backup": {
        "zh": "{id} 的草稿已恢复为起始代码(原来就是起始代码,没有备份)。",
        "en": "{id} reset to the starter (it was the starter already; no backup).",
    },
    "cli.watch_gone": {
        "zh": "{path} 现在不存在,等它再次出现……",
        "en": "{path} is gone for now; waiting for it to come back…",
    },
    "cli.bad_env_lang": {
        "zh": "环境变量 JAXTUTOR_LANG={value} 不是可用的语言(可用:{langs})",
        "en": "the environment variable JAXTUTOR_LANG={value} names no available language (choose from {langs})",
    },
    "cli.bad_seconds_above": {
        "zh": "{option} 需要大于 {low:g}、不超过 {high:g} 的秒数,不能是 {value}",
        "en": "{option} needs a number of seconds above {low:g} and at most {high:g}, not {value}",
    },
    "cli.bad_seconds_from": {
        "zh": "{option} 需要 {low:g} 到 {high:g} 之间的秒数,不能是 {value}",
        "en": "{option} needs a number of seconds from {low:g} to {high:g}, not {value}",
    },
    **APP,
}


def set_lang(lang: str | None) -> None:
    global _lang
    if lang:
        if lang not in LANGS:
            raise ValueError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
        _lang = lang


def lang() -> str:
    return _lang


def t(key: str, **kw) -> str:
    entry = CATALOG[key]
    text = entry.get(_lang) or entry["zh"]
    return text.format(**kw) if kw else text
