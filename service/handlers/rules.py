"""``rules [topic]``: the rules in short, in the bot's own words, each topic citing its articles of
the Japanese Rules of Go (1989) and showing a diagram the engine made
(:mod:`service.rules_topics`).

About no game and for anyone, anywhere: a read that asks the storage nothing (the unit of work is
the one every read opens; this handler never uses it)."""

from __future__ import annotations

from service.commands import Rules
from service.errors import BadArguments
from service.i18n import lines_of, t
from service.registry import Arg, ArgKind, Group, command
from service.rules_topics import TOPICS, board_of
from service.unit import Unit
from service.views import View


@command(
    Rules,
    "rules",
    build=lambda w, _: Rules(w.first),
    writes=False,  # asks the storage nothing
    # a free word, so that the service answers an unknown topic with the list of topics
    args=(Arg("topic", ArgKind.WORD, required=False),),
    local={"cs": ("pravidla",), "hu": ("szabalyok",)},
    game=False,
    group=Group.STUDY,  # Discord's /study, with the lessons and the problems
)
async def rules(unit: Unit, command: Rules) -> View:
    """The list of topics, or one topic: its title, its lines, the articles it rests on and the
    next topic to read, with its diagram. An unknown topic is refused with the list."""
    del unit  # nothing to read: the texts are the catalogue's, the diagrams the engine's
    word = (command.topic or "").strip().lower()
    if not word:
        return View(topic_list())
    if word not in TOPICS:
        topics = ", ".join(f"`{name}`" for name in TOPICS)
        raise BadArguments(t("error.rules_topic", topic=command.topic, topics=topics))
    return View(explanation(word), board=board_of(word))


def topic_list() -> tuple[str, ...]:
    """``rules``: a header, then one line per topic (its word and its title)."""
    items = (t("rules.item", topic=name, title=t(f"rules.{name}.title")) for name in TOPICS)
    return (t("rules.header"), *items)


def explanation(topic: str) -> tuple[str, ...]:
    """The lines of ``topic``: its title, its text (one line per line of the catalogue entry,
    each keeping the entry's key), its articles, and where to go on."""
    key = f"rules.{topic}.text"
    text = lines_of(t(key))
    at = TOPICS.index(topic)
    more = t("rules.next", topic=TOPICS[at + 1]) if at + 1 < len(TOPICS) else t("rules.last")
    return (t(f"rules.{topic}.title"), *text, t(f"rules.{topic}.cite"), more)
