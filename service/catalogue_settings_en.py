"""The English texts of ``settings`` (merged into :data:`service.catalogue_en.ENGLISH`)."""

from __future__ import annotations

SETTINGS: dict[str, str | tuple[str, str]] = {
    "help.cmd.settings": "Your language, board theme and pings; `settings channel` for organisers",
    "help.more.settings": (
        "`settings` shows each value and where it comes from.\n"
        "`settings language=cs|hu|en` · `theme=light|dark` · `notify=all|turn|none` (yours; "
        "`auto` forgets a choice).\n"
        "`settings channel language=… theme=…`: this channel's, for its organisers; "
        "`settings channel estimate=on` lets rated games here use `estimate` during play; "
        "`settings channel problem=on problem_hour=18` posts a problem of the day here at "
        "18:00 UTC."
    ),
    "settings.header": "Your settings here:",
    "settings.changed": "Saved. Your settings here:",
    "settings.channel_changed": "Saved. This channel's settings:",
    "settings.line": "{name}: {value} ({source})",
    "settings.channel_line": "{name}: {value}",
    "settings.channel_header": "This channel's settings:",
    "settings.not_set": "not set",
    "settings.how": (
        "Change with `settings language=cs`, `settings theme=dark` or `settings notify=turn` "
        "(`auto` forgets a choice)."
    ),
    "settings.name.language": "language",
    "settings.name.theme": "board theme",
    "settings.name.notify": "pings",
    "settings.name.estimate": "estimate in rated games",
    "settings.estimate.on": "on: also during play",
    "settings.estimate.off": "off: only after the stop",
    "settings.estimate.auto": "auto: forget the choice",
    "settings.name.problem": "problem of the day",
    "settings.name.problem_hour": "problem of the day at",
    "settings.problem.on": "on: posted here every day",
    "settings.problem.off": "off",
    "settings.problem.auto": "auto: forget the choice",
    "settings.problem_hour.value": "{hour}:00 UTC",
    # a language as running text names it (the reader's word: "jazyk: čeština (cs)")
    "settings.language.en": "English",
    "settings.language.cs": "Czech",
    "settings.language.hu": "Hungarian",
    "settings.language.auto": "auto: forget my choice",
    "settings.theme.light": "light",
    "settings.theme.dark": "dark",
    "settings.theme.auto": "auto: forget my choice",
    "settings.notify.all": "every move",
    "settings.notify.turn": "your move, when you are away",
    "settings.notify.none": "only what needs your answer",
    "settings.notify.auto": "auto: forget my choice",
    "settings.source.person": "your choice",
    "settings.source.channel": "this channel's choice",
    "settings.source.platform": "your app's language",
    "settings.source.server": "the server's language",
    "settings.source.bot": "the bot's default",
    "settings.source.default": "default",
    "error.settings_name": (
        "There is no setting `{name}` here: choose from {names} (e.g. `settings language=cs`)."
    ),
    "error.settings_value": "`{name}={value}` is not a choice: use one of {choices}.",
    "error.settings_channel": (
        "Only the organisers of this chat may change its settings; `settings language=…` "
        "changes yours."
    ),
}
