"""The app's and the CLI's own words, in one catalog (design §5.7). Content is Chinese; these
words follow --lang / JAXTUTOR_LANG (zh by default)."""

from __future__ import annotations

import os

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
    # runner outcomes
    "run.missing": {"zh": "还没有定义(或只写了占位):{names}", "en": "not defined yet (or still a stub): {names}"},
    "run.timeout": {"zh": "运行超过 {limit:g} 秒的时间限制,已终止。常见原因:死循环,或 while_loop 的条件永远为真。",
                    "en": "ran past the {limit:g} s time limit and was stopped. Usual cause: an endless loop, or a while_loop whose condition never turns false."},
    "run.cpu": {"zh": "CPU 时间超过限制({limit:g} 秒),已终止。", "en": "used more than {limit:g} s of CPU time and was stopped."},
    "run.memory": {"zh": "内存超过 {limit} MB 的上限,已终止。检查是否创建了过大的数组,或在循环里不断累积结果。",
                   "en": "went past the {limit} MB memory cap and was stopped. Look for a huge array or results piling up in a loop."},
    "run.crashed": {"zh": "工作进程被信号 {signal} 终止(崩溃)。", "en": "the worker was killed by signal {signal} (a crash)."},
    "run.exited_early": {"zh": "你的代码让进程提前退出了(退出码 {code})。不要在练习里调用 sys.exit / os._exit / exit()。",
                         "en": "your code ended the process (exit code {code}). Do not call sys.exit / os._exit / exit() in an exercise."},
    "run.cancelled": {"zh": "运行已取消。", "en": "run cancelled."},
    "run.worker_failed": {"zh": "工作进程没能启动:{detail}", "en": "the worker could not start: {detail}"},
    "run.escaped": {"zh": "另外结束了 {n} 个你的代码留下的子进程。", "en": "also ended {n} child process(es) your code left behind."},
    "run.output_dropped": {"zh": "\n…… 中间省略了 {n} 字节输出 ……\n", "en": "\n… {n} bytes of output omitted …\n"},
    "check.skipped_needs": {"zh": "跳过:它依赖的检查「{dep}」没有通过", "en": "skipped: it depends on \"{dep}\", which did not pass"},
    # CLI
    "cli.unknown_id": {"zh": "没有 id 为「{id}」的{kind}。", "en": "there is no {kind} with id \"{id}\"."},
    "cli.closest": {"zh": "最接近的是:{ids}", "en": "closest: {ids}"},
    "cli.kind.exercise": {"zh": "练习", "en": "exercise"},
    "cli.kind.lesson": {"zh": "课", "en": "lesson"},
    "cli.kind.quiz": {"zh": "测验", "en": "quiz"},
    "cli.no_file": {"zh": "找不到文件:{path}", "en": "no such file: {path}"},
    "cli.draft_created": {"zh": "已从起始代码创建草稿:{path}", "en": "created the draft from the starter: {path}"},
    "cli.hint_n": {"zh": "提示 {n}/{total}", "en": "hint {n}/{total}"},
    "cli.no_more_hints": {"zh": "这道练习的提示已经全部给出。", "en": "no more hints for this exercise."},
    "cli.solution_locked": {"zh": "参考答案在练习通过后解锁。想直接看,请用 --give-up(会被记录)。",
                            "en": "the solution unlocks once the exercise passes. To see it anyway, use --give-up (it is recorded)."},
    "cli.give_up_confirm": {"zh": "确定放弃并查看 {id} 的参考答案吗?这会被记录。[y/N] ", "en": "give up and show the solution of {id}? This is recorded. [y/N] "},
    "cli.give_up_needs_yes": {"zh": "没有终端可以确认:请加 --yes 确认放弃。", "en": "no terminal to confirm on: add --yes to confirm giving up."},
    "cli.not_confirmed": {"zh": "已取消,没有查看答案。", "en": "cancelled; the solution stays hidden."},
    "cli.reset_done": {"zh": "{id} 的草稿已恢复为起始代码(旧草稿备份在 {backup})。", "en": "{id} reset to the starter (old draft kept at {backup})."},
    "cli.reset_confirm": {"zh": "把 {id} 的草稿恢复为起始代码?旧草稿会备份。[y/N] ", "en": "reset {id} to the starter? The old draft is backed up. [y/N] "},
    "cli.watching": {"zh": "正在监视 {path}(保存即重新检查,Ctrl-C 退出)", "en": "watching {path} (save to re-check, Ctrl-C to quit)"},
    "cli.checking": {"zh": "正在检查 {id} ……", "en": "checking {id} …"},
    "cli.store_moved": {"zh": "进度数据库已损坏,已移到 {path},并新建了一个空数据库。", "en": "the progress database was damaged; it was moved to {path} and a new one was created."},
    "cli.app_missing": {"zh": "界面需要 textual:{detail}", "en": "the app needs textual: {detail}"},
    "cli.overall": {"zh": "总进度", "en": "overall"},
    "cli.attempts": {"zh": "次尝试", "en": "attempts"},
    "cli.hints_used": {"zh": "用过提示", "en": "hints used"},
    "cli.solved_at": {"zh": "通过于", "en": "solved"},
    "cli.passed_count": {"zh": "{passed}/{total} 个检查通过", "en": "{passed}/{total} checks passed"},
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
    "cli.content_invalid": {"zh": "课程内容有 {n} 处问题:", "en": "the course content has {n} problem(s):"},
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
