"""The quiz screen: multiple-choice questions with immediate feedback and the explanation; open
questions as think → reveal the model answer → mark yourself (y: right, x: wrong; never `n`,
which is next everywhere). Answers go through the session: the first answer to a question counts,
later ones are practice (shown as such). `n` after the last question shows the quiz's summary
(tutor/app/quiz_summary.py: graded and self-marked apart, and the next item of the course);
`n` there goes on along the course. The score is shown here and on the course map."""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.cjkwrap import Wrapped
from tutor.app.keybar import KeyBar, answer_keys
from tutor.app.placeheader import PlaceHeader
from tutor.app.prose import ProseMarkdown
from tutor.app.quiz_summary import summarize, summary_text
from tutor.app.typed_app import tutor_app
from tutor.application import progress
from tutor.course.quiz import OPTION_LETTERS
from tutor.words.catalog import t

LETTERS = OPTION_LETTERS
INLINE_CODE = re.compile(r"(`+)(.+?)\1")


def inline_code(markdown: str) -> Text:
    """An option's text as it reads: `code` without its backticks, in the code style."""
    text, at = Text(), 0
    for found in INLINE_CODE.finditer(markdown):
        text.append(markdown[at : found.start()])
        text.append(found.group(2).strip(), style="bold cyan")
        at = found.end()
    return text.append(markdown[at:])


class QuizScreen(Screen):
    CSS_PATH = "quiz.tcss"
    BINDINGS = [
        Binding("n,right_square_bracket,right", "next", "app.key.next"),
        Binding("p,left_square_bracket,left", "prev", "app.key.prev"),
        Binding("r", "reveal", "app.key.reveal"),
        Binding("y", "mark(True)", "app.key.right"),
        Binding("x", "mark(False)", "app.key.wrong"),
        Binding("v", "verify", "app.quiz.verify_key"),
        *[  # the footer shows the first, named by the letters the question has (key_label)
            Binding(ch.lower(), f"choose({i})", "app.key.choose", show=i == 0)
            for i, ch in enumerate(LETTERS)
        ],
        Binding("escape", "back", "app.key.back"),
    ]

    def __init__(self, chapter_id: str, index: int | None = None):
        super().__init__()
        self.chapter_id = chapter_id
        self.start_index = index  # None: the first question not answered yet, else the summary
        self.index = 0  # len(questions): the summary
        self.revealed = False

    def compose(self) -> ComposeResult:
        yield PlaceHeader()
        yield Static("", id="quiz-score")
        with VerticalScroll(id="quiz-body"):
            yield Static("", id="quiz-summary")
            yield ProseMarkdown("", id="quiz-prompt", open_links=False)
            yield OptionList(id="quiz-options")
            yield Static("", id="quiz-feedback")
            yield ProseMarkdown("", id="quiz-explanation", open_links=False)
            yield Vertical(id="quiz-verify")
        yield KeyBar()

    def on_mount(self) -> None:
        app = tutor_app(self)
        self.quiz = app.course.quiz(self.chapter_id)
        self.title = t("app.quiz.title", title=self.quiz.title)
        app.session.visit("quiz", self.chapter_id)
        if self.start_index is not None:
            self.index = self.start_index
        else:
            answers = app.session.quiz_answers(self.chapter_id)
            unanswered = [i for i, q in enumerate(self.quiz.questions) if q.id not in answers]
            self.index = unanswered[0] if unanswered else len(self.quiz.questions)
        self.show_question()

    @property
    def on_summary(self) -> bool:
        return self.index >= len(self.quiz.questions)

    @property
    def question(self):
        return self.quiz.questions[min(self.index, len(self.quiz.questions) - 1)]

    def _score(self) -> None:
        correct, answered = tutor_app(self).session.quiz_score(self.chapter_id)
        total = len(self.quiz.questions)
        where = (
            t("app.quiz.summary_place")
            if self.on_summary
            else t("app.quiz.question", n=self.index + 1, total=total)
        )
        text = Text(where + "   ", style="bold")
        text.append(
            t("app.quiz.score", correct=correct, total=total, answered=answered), style="cyan"
        )
        if answered >= total:
            text.append("   " + t("app.quiz.finished", correct=correct, total=total), style="green")
        self.query_one("#quiz-score", Static).update(text)

    def _show_summary(self) -> None:
        session = tutor_app(self).session
        summary = summarize(self.quiz.questions, session.quiz_answers(self.chapter_id))
        panel = self.query_one("#quiz-summary", Static)
        panel.update(summary_text(summary, session.next_item(("quiz", self.chapter_id))))
        panel.display = True
        for name in ("#quiz-prompt", "#quiz-options", "#quiz-feedback", "#quiz-explanation"):
            self.query_one(name).display = False
        self.query_one("#quiz-verify", Vertical).remove_children()
        self.query_one("#quiz-body").focus()
        self._score()
        self.refresh_bindings()

    def show_question(self) -> None:
        if self.on_summary:
            self._show_summary()
            return
        self.query_one("#quiz-summary").display = False
        for name in ("#quiz-prompt", "#quiz-feedback", "#quiz-explanation"):
            self.query_one(name).display = True
        q = self.question
        self.revealed = False
        self.query_one("#quiz-prompt", Markdown).update(q.prompt)
        options = self.query_one("#quiz-options", OptionList)
        options.clear_options()
        feedback = self.query_one("#quiz-feedback", Static)
        explanation = self.query_one("#quiz-explanation", Markdown)
        feedback.update("")
        explanation.update("")
        self.query_one("#quiz-verify", Vertical).remove_children()
        previous = tutor_app(self).session.quiz_answers(self.chapter_id).get(q.id)
        if q.kind == "choice":
            options.display = True
            # an option's lines after the first go on under its text, not under its letter
            options.add_options(
                [
                    Option(Wrapped(Text(f"{L}. ").append_text(inline_code(opt)), 3), id=L)
                    for L, opt in zip(LETTERS, q.options, strict=False)
                ]
            )
            options.focus()
            if previous is not None:
                self._choice_feedback(previous[0])
            else:
                hint = t("app.quiz.choose_keys", keys=answer_keys(len(q.options)))
                feedback.update(Text(hint, style="italic"))
        else:
            options.display = False
            if previous is not None:
                self.revealed = True
                self._open_feedback(previous[1])
            else:
                feedback.update(Text(t("app.quiz.think"), style="italic"))
            self.query_one("#quiz-body").focus()
        self._score()
        self.refresh_bindings()

    def key_label(self, binding) -> str | None:
        """The answer keys in the footer: as many letters as the question has options."""
        if binding.action == "choose(0)" and hasattr(self, "quiz"):
            return answer_keys(len(self.question.options))
        return None

    def check_action(self, action: str, parameters) -> bool | None:
        if not hasattr(self, "quiz"):
            return True
        if action == "prev":  # back from the first question: nothing there
            return self.index > 0
        if self.on_summary:
            return action not in ("choose", "reveal", "mark", "verify")
        q = self.question
        if action == "choose":
            return q.kind == "choice" and parameters[0] < len(q.options)
        if action == "reveal":
            return q.kind == "open" and not self.revealed
        if action == "mark":  # the first mark counts: once marked, y and n are not offered
            return q.kind == "open" and self.revealed and not self._answered(q)
        if action == "verify":
            return bool(q.verify) and bool(self.query_one("#quiz-verify", Vertical).children)
        return True

    # ------------------------------------------------------------ choice

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option_index)

    def action_choose(self, i: int) -> None:
        q = self.question
        if self.on_summary or q.kind != "choice" or i >= len(q.options):
            return
        letter = LETTERS[i]
        answer = tutor_app(self).session.answer_choice(self.chapter_id, q.id, letter)
        self.query_one("#quiz-options", OptionList).highlighted = i
        self._choice_feedback(answer.first_answer, None if answer.counted else letter)
        self._score()

    def _choice_feedback(self, first: str, practice: str | None = None) -> None:
        """Feedback on the first (recorded) answer; a later answer (`practice`) is shown under it
        as practice, with its own mark, never in the first answer's place."""
        q = self.question
        ok = first == q.answer
        text = Text(t("app.quiz.your_answer", answer=first) + "   ")
        text.append(
            t("app.quiz.correct") if ok else t("app.quiz.incorrect", answer=q.answer),
            style=progress.style("passed" if ok else "failed"),
        )
        if practice is not None:
            right = practice == q.answer
            text.append(
                "\n" + t(f"app.quiz.practice_{'right' if right else 'wrong'}", answer=practice),
                style=progress.style("done" if right else "failed"),
            )
        self.query_one("#quiz-feedback", Static).update(text)
        if q.explanation:
            self.query_one("#quiz-explanation", Markdown).update(
                f"**{t('app.quiz.explanation')}**\n\n{q.explanation}"
            )
        self._show_verification()

    # ------------------------------------------------------------ open questions

    def action_reveal(self) -> None:
        q = self.question
        if self.on_summary or q.kind != "open" or self.revealed:
            return
        self.revealed = True
        self.query_one("#quiz-feedback", Static).update(
            Text().append(t("app.quiz.mark_self"), style="bold cyan")
        )
        self._show_model_answer()
        self.refresh_bindings()

    def _show_model_answer(self) -> None:
        q = self.question
        body = f"**{t('app.quiz.model_answer')}**\n\n{q.model_answer}"
        if q.explanation:
            body += f"\n\n**{t('app.quiz.explanation')}**\n\n{q.explanation}"
        self.query_one("#quiz-explanation", Markdown).update(body)
        self._show_verification()

    # ------------------------------------------------------------ the code that backs the answer

    def _show_verification(self) -> None:
        """Once the answer is known, show the code that proves it on this machine, runnable."""
        q = self.question
        box = self.query_one("#quiz-verify", Vertical)
        if not q.verify or box.children:
            return
        from tutor.app.runblock import RunBlock
        from tutor.course.markdown import CodeBlock

        block = CodeBlock(lang="python", code=q.verify, line=0, run=True, timeout=120.0)
        box.mount_all(
            [
                ProseMarkdown(
                    f"**{t('app.quiz.verify')}**\n\n```python\n{q.verify.strip()}\n```",
                    open_links=False,
                ),
                RunBlock(block, f"quiz {self.chapter_id}/{q.id}", None),
            ]
        )
        self.refresh_bindings()

    def action_verify(self) -> None:
        from tutor.app.runblock import RunBlock

        for block in self.query(RunBlock).results(RunBlock):
            block.run()
            block.scroll_visible(animate=False)  # the output follows when the run ends

    def action_mark(self, right: bool) -> None:
        q = self.question
        if self.on_summary or q.kind != "open" or not self.revealed:
            return
        answer = tutor_app(self).session.mark_open(self.chapter_id, q.id, right)
        self._open_feedback(answer.first_correct)
        self._score()
        self.refresh_bindings()

    def _answered(self, q) -> bool:
        return q.id in tutor_app(self).session.quiz_answers(self.chapter_id)

    def _open_feedback(self, right: bool | None) -> None:
        text = Text(
            t("app.quiz.marked_right") if right else t("app.quiz.marked_wrong"),
            style=progress.style("passed" if right else "failed"),
        )
        self.query_one("#quiz-feedback", Static).update(text)
        self._show_model_answer()

    def on_key(self, event) -> None:
        open_question = not self.on_summary and self.question.kind == "open"
        if event.key == "enter" and open_question and not self.revealed:
            event.stop()
            self.action_reveal()

    # ------------------------------------------------------------ navigation

    def action_next(self) -> None:
        """The next question; after the last one the summary; from the summary, the course's
        next item."""
        if self.on_summary:
            tutor_app(self).open_next(("quiz", self.chapter_id))
            return
        self.index += 1
        self.show_question()

    def action_prev(self) -> None:
        if self.index > 0:
            self.index -= 1
            self.show_question()

    def action_back(self) -> None:
        tutor_app(self).go_back()
