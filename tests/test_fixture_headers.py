"""The headers of wrong fixtures (`# expect: failed <check> "<words>" not "<words>"`): what they
state is read strictly, and a verdict that names an absent mistake fails the fixture."""

import pytest


def test_fixture_headers_read_status_check_and_words():
    from tutor.course.expectations import ExpectationError, parse_header

    e = parse_header('# expect: failed dynamic_lr "重新编译" "学习率"')
    assert (e.status, e.check, e.words) == ("failed", "dynamic_lr", ("重新编译", "学习率"))
    assert parse_header('# expect: error load "TypeError"').check == "load"
    assert parse_header("# expect: not_attempted").words == ()
    for bad in (
        "# expect: failed dynamic_lr",
        '# expect: timeout x "y"',
        '# expect: failed load "x"',
        "# expect: passes",
        "# expect: failed c words-without-quotes",
    ):
        with pytest.raises(ExpectationError):
            parse_header(bad)


def test_fixture_headers_read_words_that_must_be_absent():
    from tutor.course.expectations import ExpectationError, parse_header

    e = parse_header('# expect: failed pure "全局" not "旧的计数" "新的 jit"')
    assert (e.words, e.absent) == (("全局",), ("旧的计数", "新的 jit"))
    assert parse_header('# expect: failed c "a not b"').absent == ()
    for bad in (
        '# expect: failed c "a" not',
        '# expect: failed c not "a"',
        '# expect: failed c "a" not "b" not "c"',
        '# expect: failed c "a" nothing "b"',
        '# expect: passed not "b"',
    ):
        with pytest.raises(ExpectationError):
            parse_header(bad)


def test_a_fixture_fails_when_its_message_names_an_absent_mistake():
    from tutor.authoring.course_proof import judge
    from tutor.course.expectations import parse_header
    from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

    def failed_with(message: str) -> RunResult:
        out = CheckOutcome(id="pure", name="p", status=CheckStatus.FAILED, message=message)
        return RunResult(exercise="6.1", status=Status.FAILED, checks=[out])

    exp = parse_header('# expect: failed pure "计数" not "全局变量"')
    assert judge(exp, failed_with("计数不对"))[0]
    ok, why = judge(exp, failed_with("计数不对:全局变量被改了"))
    assert not ok and "全局变量" in why


def test_a_load_error_fixture_reads_the_hint_said_under_the_error():
    """The cause a check module computed for a load error is said under it, as its hint: a
    fixture's words are looked for there too, and a negative fixture's words too."""
    from tutor.authoring.course_proof import judge
    from tutor.course.expectations import parse_header
    from tutor.protocol.result import ErrorInfo, RunResult, Status

    def load_error(hint):
        error = ErrorInfo(type="ValueError", message="Incompatible shapes", hint=hint)
        return RunResult(exercise="6.7", status=Status.ERROR, error=error)

    exp = parse_header('# expect: error load "Incompatible shapes" "h0 (1, 16)"')
    assert judge(exp, load_error("from an h0 (1, 16)"))[0]
    assert not judge(exp, load_error("print both shapes"))[0]
    assert not judge(exp, load_error(None))[0]
    negative = parse_header('# expect: error load "Incompatible shapes" not "h0 (1, 16)"')
    assert not judge(negative, load_error("from an h0 (1, 16)"))[0]


def test_the_english_line_gives_the_words_of_an_english_run(tmp_path):
    from tutor.authoring.course_proof import judge
    from tutor.course.expectations import ExpectationError, parse_expectation

    def judge_fixture(path, result, lang):
        return judge(parse_expectation(path).in_lang(lang), result)

    from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

    def failed_with(message: str) -> RunResult:
        out = CheckOutcome(id="pure", name="p", status=CheckStatus.FAILED, message=message)
        return RunResult(exercise="6.1", status=Status.FAILED, checks=[out])

    path = tmp_path / "f.py"
    path.write_text(
        '# expect: failed pure "全局变量" not "旧的计数"\n'
        '# expect.en: "global variable" not "old count"\nx = 1\n',
        encoding="utf-8",
    )
    exp = parse_expectation(path)
    assert exp.en == (("global variable",), ("old count",))
    assert exp.in_lang("en").words == ("global variable",) and exp.in_lang("zh") == exp
    assert judge_fixture(path, failed_with("a global variable changed"), "en")[0]
    assert not judge_fixture(path, failed_with("a global variable changed"), "zh")[0]
    assert not judge_fixture(path, failed_with("global variable, old count"), "en")[0]
    assert judge_fixture(path, failed_with("改了全局变量"), "zh")[0]

    path.write_text('# expect: failed pure "全局"\n# 注释\n', encoding="utf-8")
    assert parse_expectation(path).en is None and parse_expectation(path).in_lang("en").words == ()
    for bad in ('# expect.en: not "x"', "# expect.en:", '# expect.english: "x"'):
        path.write_text(f'# expect: failed pure "全局"\n{bad}\n', encoding="utf-8")
        with pytest.raises(ExpectationError):
            parse_expectation(path)
    path.write_text('# expect: not_attempted\n# expect.en: "x"\n', encoding="utf-8")
    with pytest.raises(ExpectationError):
        parse_expectation(path)
