"""The English catalogue of ``rules [topic]``: short explanations of the Japanese Rules of Go
(1989) in the bot's own words, each citing its articles (merged into
:data:`service.catalogue_en.ENGLISH`).

Each topic has a ``title`` (the list and the first line of its reply), a ``text`` (its lines,
separated by ``\\n``: translators may use a different number of lines), a ``cite`` (the articles)
and a ``caption`` (under its diagram; counted diagrams show their tally instead)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "help.cmd.rules": "The rules in short, with a diagram: `rules` lists the topics.",
    "help.more.rules": (
        "`rules board`, `rules capture`, `rules suicide`, `rules ko`, `rules life`, "
        "`rules seki`, `rules end`, `rules counting`, `rules handicap`."
    ),
    "error.rules_topic": "There is no rules topic {topic!r}. Topics: {topics}.",
    "rules.header": "The rules of Go (Japanese Rules, 1989) in short. Send `rules <topic>`:",
    "rules.item": "`{topic}` — {title}",
    "rules.next": "Next: `rules {topic}`",
    "rules.last": "That was the last topic: `rules` lists them all.",
    "rules.see": "More: `rules {topic}`",
    # board
    "rules.board.title": "The board and a move",
    "rules.board.text": (
        "Stones go on the points where the lines cross, not inside the squares.\n"
        "Black moves first, then you take turns: one stone a move, on an empty point.\n"
        "Instead of a stone you may `pass`.\n"
        "Stones never move: a stone stays until it is captured, or taken off as dead at the end.\n"
        "A point is named by column and row: `D4` (there is no column I).\n"
        "Whoever surrounds more territory wins."
    ),
    "rules.board.cite": (
        "Japanese Rules 1989: Art. 1 (the aim), Art. 2 (turns), Art. 3 (where a stone may go)."
    ),
    "rules.board.caption": "Black 1, White 2, Black 3, White 4: one stone a move, on the points",
    # capture
    "rules.capture.title": "Liberties and capture",
    "rules.capture.text": (
        "A stone's liberties are the empty points next to it along the lines, not diagonally.\n"
        "Stones of one colour touching along the lines form a chain: they share liberties.\n"
        "Fill the last liberty of a chain and you capture it: it comes off the board.\n"
        "Captured stones are your prisoners; each is worth a point at the end."
    ),
    "rules.capture.cite": "Japanese Rules 1989: Art. 4 (liberties), Art. 5 (capture, prisoners).",
    "rules.capture.caption": (
        "Black 1 fills the last liberty of the two white stones: both are captured"
    ),
    # suicide
    "rules.suicide.title": "No suicide",
    "rules.suicide.text": (
        "You may not play a stone that leaves your own stones without a liberty.\n"
        "Except when the move fills the last liberty of enemy stones: they come off first.\n"
        "Then your stones have a liberty again, so the move is allowed.\n"
        "The bot refuses a suicide move, so one never costs you the game."
    ),
    "rules.suicide.cite": (
        "Japanese Rules 1989: Art. 3 and Art. 4 (stones need a liberty), Art. 5 (captures first)."
    ),
    "rules.suicide.caption": "White may not play A7 (suicide); White 1 may: it captures three",
    # ko
    "rules.ko.title": "Ko",
    "rules.ko.text": (
        "In a ko two single stones could take each other back and forth forever.\n"
        "So when your single stone has just been taken in a ko, you may not retake at once.\n"
        "Play elsewhere first (a ko threat); next turn you may retake if the ko is still open.\n"
        "The board marks the point where the retake is banned.\n"
        "Longer cycles are allowed; if the whole board repeats, you may agree on `noresult`."
    ),
    "rules.ko.cite": "Japanese Rules 1989: Art. 6 (ko), Art. 12 (no result).",
    "rules.ko.caption": "Black 1 took a stone in a ko: White may not take back at C4 at once",
    # life and death
    "rules.life.title": "Life and death: two eyes",
    "rules.life.text": (
        "Stones are alive if the opponent cannot capture them.\n"
        "So are stones whose capture would let their owner play a new stone "
        "that cannot be captured.\n"
        "All other stones are dead. An eye is an empty point (or a few) enclosed by one group.\n"
        "With two separate eyes a group lives: a stone in either eye would be suicide.\n"
        "A surrounded group with one eye that cannot make a second dies, unless it is in seki."
    ),
    "rules.life.cite": (
        "Japanese Rules 1989: Art. 7.1 (life and death); two eyes work because of Art. 4."
    ),
    "rules.life.caption": "Top: two eyes, alive. Bottom: one eye; White 1 in it captures the group",
    # seki
    "rules.seki.title": "Seki",
    "rules.seki.text": (
        "Two groups may share liberties so that whoever fills one gets captured.\n"
        "Then nobody plays there and both groups live: that is seki.\n"
        "The shared empty points are dame: they count for nobody.\n"
        "The eyes of a group in seki are not territory either."
    ),
    "rules.seki.cite": "Japanese Rules 1989: Art. 8 (eye points, dame, seki, territory).",
    "rules.seki.caption": "Seki: C1 is shared, each group has one eye, nothing here counts",
    # the end of the game
    "rules.end.title": "The end: two passes, dead stones, `done`",
    "rules.end.text": (
        "When nothing is left to play, `pass`. Two passes in a row stop the game.\n"
        "The bot then proposes which stones are dead and shows the count.\n"
        "A group marked ? is disputed: the bot's two judges disagree on it, so check it.\n"
        "`dead D4` marks a group dead (or alive again); `try` plays a doubt out on a copy.\n"
        "When both send `done` for the same marking, the game is over for good.\n"
        "Or `resume`: play goes on, and the other player moves first."
    ),
    "rules.end.cite": (
        "Japanese Rules 1989: Art. 9 (stop, agreement, resuming), Art. 7.2 (ko), Art. 10.4 (final)."
    ),
    "rules.end.caption": "After two passes: the proposed dead stones and the count",
    # counting
    "rules.counting.title": "Counting",
    "rules.counting.text": (
        "Your score: your territory plus your prisoners; White adds komi.\n"
        "Territory: the empty points enclosed only by your living stones.\n"
        "Dead stones in territory are taken off and join the prisoners.\n"
        "Dame (points between both colours) and seki count for nobody.\n"
        "An open dame beside a group voids its territory: fill it first (`filldame`).\n"
        "More points wins; equal scores are jigo, a draw."
    ),
    "rules.counting.cite": (
        "Japanese Rules 1989: Art. 8 (territory), Art. 10 (prisoners, result, jigo); "
        "komi is custom."
    ),
    "rules.counting.caption": "Territory, dead stones taken as prisoners, a seki and its dame",
    # handicap and komi
    "rules.handicap.title": "Handicap and komi",
    "rules.handicap.text": (
        "Komi: points White gets for moving second, 6.5 by default in an even game.\n"
        "With a whole number as komi a game can end equal: jigo.\n"
        "Handicap: the weaker player, Black, first puts 2 to 9 stones on the star points\n"
        "(up to 5 on 13×13 and 9×9). Then White moves first; komi is 0 by default.\n"
        "Ask in a challenge: `challenge @bob handicap=3 color=black` (you take Black)."
    ),
    "rules.handicap.cite": (
        "Not in the 1989 articles: handicap and komi are custom; turns: Art. 2, "
        "the result: Art. 10."
    ),
    "rules.handicap.caption": "Handicap 4 on 9×9: Black's stones on the star points; White 1 first",
}
