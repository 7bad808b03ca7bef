"""Words said in several languages at once (the course proof runs a wrong fixture once and reads
its words in each language): a sentence, a check's message and a label said within `saying` carry
every rendering, and each language's text is read back from them, a message inside another one
included; text whose marks a check cut does not resolve."""

from tutor.words import catalog, check_catalog, every_lang
from tutor.worker.said import lead, msg

LANGS = ["zh", "en"]


def _a_message_with_a_field() -> tuple[str, str]:
    """A check message whose text has a `{field}` (the catalog's own words, no made-up key)."""
    for key, text in check_catalog.messages("en").items():
        fields = check_catalog.fields(text)
        if len(fields) == 1 and next(iter(fields))[1] == "":
            return key, next(iter(fields))[0]
    raise AssertionError("no message with one plain field")


def test_a_sentence_said_in_both_reads_as_each_language_would_say_it():
    with every_lang.saying(LANGS):
        both = catalog.t("status.passed")
    assert every_lang.resolve(both, LANGS, "zh") == catalog.say("zh", "status.passed")
    assert every_lang.resolve(both, LANGS, "en") == catalog.say("en", "status.passed")
    assert catalog.t("status.passed") == catalog.say(catalog.lang(), "status.passed")  # after


def test_a_message_inside_a_message_and_a_label_resolve_innermost_first():
    key, field = _a_message_with_a_field()
    with every_lang.saying(LANGS):
        inner = catalog.t("status.failed")
        outer = f"{lead('x')}: " + msg(key, **{field: inner})
    for lang in LANGS:
        catalog.set_lang(lang)
        try:
            alone = f"{lead('x')}: " + msg(key, **{field: catalog.t("status.failed")})
        finally:
            catalog.set_lang("zh")
        assert every_lang.resolve(outer, LANGS, lang) == alone
    assert every_lang.resolve(outer, LANGS, "zh") != every_lang.resolve(outer, LANGS, "en")


def test_text_whose_marks_were_cut_does_not_resolve():
    with every_lang.saying(LANGS):
        both = catalog.t("status.passed") + " " + catalog.t("status.failed")
    assert every_lang.resolve(both[:-1], LANGS, "en") is None
    assert every_lang.resolve(both[1:], LANGS, "zh") is None
    assert every_lang.resolve(both.replace(every_lang.SEP, "", 1), LANGS, "en") is None
    assert every_lang.resolve("plain text", LANGS, "en") == "plain text"


def test_one_language_is_said_as_usual():
    with every_lang.saying(["en"]):
        assert catalog.t("status.passed") == catalog.say(catalog.lang(), "status.passed")
