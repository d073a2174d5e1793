"""The Discord adapter's own strings (keys prefixed ``discord.``), added to the catalogue once."""

from __future__ import annotations

from service.i18n import add_messages

ENGLISH = {
    "discord.group": "Play Go (Japanese rules)",
    "discord.club_group": "Club play: ratings, leaderboard, history, leagues, linked accounts",
    "discord.study_group": "Learn Go: the rules, lessons with exercises, life-and-death problems",
    "discord.title": "Game #{id}",
    "discord.thread_name": "Game #{id} · {black} vs {white}",
    "discord.see_thread": "Game #{id} is played in {thread}.",
    "discord.offer_accepted": "Challenge #{id} was accepted by {name}.",
    "discord.offer_accepted_in": (
        "Challenge #{id} was accepted by {name}: the game is played in {thread}."
    ),
    # the description of each slash option: ``discord.option.<command>.<option>`` when the
    # command needs its own, else ``discord.option.<option>`` (every option has one: a test
    # builds the command tree and checks it)
    "discord.option.user": "The player to challenge; leave it empty for an open challenge",
    "discord.option.rating.user": "The player whose rating to show; you when empty",
    "discord.option.history.user": "The player whose finished games to show; you when empty",
    "discord.option.point": "A point such as D4",
    "discord.option.points": "Stones of the groups to toggle, e.g. D4 Q16",
    "discord.option.moves": "Moves to try, e.g. E5 pass F6 (B or W first: who starts)",
    "discord.option.game": "The game number, when you have several games",
    "discord.option.size": "Board size, e.g. 9, 13 or 19",
    "discord.option.handicap": "Handicap stones for Black (2 to 9)",
    "discord.option.league.handicap": "Handicap in the league's games: by rank (auto) or none",
    "discord.option.komi": "Komi for White, e.g. 6.5",
    "discord.option.color": "Your colour",
    "discord.option.time": "Time control: 3d+1d, 7d+3x1d, 2d/move, 14d or none",
    "discord.option.rated": "Whether the game counts for ratings",
    "discord.option.league.rated": "Whether the league's games count for ratings",
    "discord.option.weekend": "Whether the clocks stop at weekends",
    "discord.option.yes": "Resign at once, without being asked again",
    "discord.option.answer": "Answer your opponent's undo request",
    "discord.option.version": "The marking version you accept, e.g. v3",
    "discord.option.result": "The decided result: B+3.5, W+R, B+T, W+F, jigo, void, bothlose",
    "discord.option.switch": "Start or end your vacation; empty: how much is left",
    "discord.option.command": "The command to explain",
    "discord.option.topic": "The topic to read; empty: the list of topics",
    "discord.option.channel": "The chat's settings instead of yours (organisers only)",
    "discord.option.estimate": "With channel: on lets rated games here use estimate during play",
    "discord.option.problem": "With channel: on posts a problem of the day here",
    "discord.option.problem_hour": "With channel: the hour (UTC) of the problem of the day",
    "discord.option.learn.answer": "A move (C3), a count (B+3), a lesson's number, next or reset",
    "discord.option.problem.answer": "A move (C3), a problem's number, or next",
    "discord.option.mode": "The kind of game: go, or Capture Go (the first capture wins)",
    "discord.option.level": "The computer's strength: 1 is the weakest, 10 the strongest",
    "discord.option.language": "The language the bot speaks to you; auto: your Discord's language",
    "discord.option.theme": "The colours of the board images",
    "discord.option.notify": "When the bot pings you about your games",
    "discord.option.n": "How many players to show (10 when empty, at most 50)",
    "discord.option.action": "What to do with the league",
    "discord.option.name": "The league: its name, or its number from another chat",
    "discord.option.extra": (
        "round: which round to show; pair: force, to pair with games still open"
    ),
    "discord.option.system": "How players are paired each round",
    "discord.option.rounds": (
        "How many rounds (Swiss and McMahon; a round-robin plays everyone once)"
    ),
    "discord.option.bye": "What a player left without an opponent in a round gets",
    "discord.option.code": (
        "The code `link` gave your other account, or yes/no to answer a request; empty: a code"
    ),
    # the names of choices (Discord sends the value, the word typed; English shows the value)
    "discord.choice.rated.yes": "yes: rated",
    "discord.choice.rated.no": "no: not rated",
    "discord.choice.weekend.pause": "pause: clocks stop at weekends",
    "discord.choice.weekend.play": "play: clocks run at weekends too",
    "discord.choice.yes.yes": "yes: resign",
    "discord.choice.answer.yes": "yes: allow the undo",
    "discord.choice.answer.no": "no: refuse the undo",
    "discord.choice.switch.on": "on: start the vacation",
    "discord.choice.switch.off": "off: end the vacation",
    "discord.choice.channel.channel": "channel: this chat's settings",
    "discord.choice.topic.board": "the board and a move",
    "discord.choice.topic.capture": "liberties and capture",
    "discord.choice.topic.suicide": "no suicide",
    "discord.choice.topic.ko": "ko",
    "discord.choice.topic.life": "life and death",
    "discord.choice.topic.seki": "seki",
    "discord.choice.topic.end": "the end of the game",
    "discord.choice.topic.counting": "counting",
    "discord.choice.topic.handicap": "handicap and komi",
    "discord.choice.action.create": "create: a new league (organisers)",
    "discord.choice.action.join": "join: enter the league",
    "discord.choice.action.leave": "leave: withdraw from the league",
    "discord.choice.action.start": "start: begin play (organisers)",
    "discord.choice.action.pair": "pair: pair the next round (organisers)",
    "discord.choice.action.round": "round: pairings and open games",
    "discord.choice.action.standings": "standings: the table",
    "discord.choice.action.list": "list: the leagues here",
    "discord.choice.action.end": "end: finish the league (organisers)",
    "discord.choice.action.publish": "publish: its pages on the web (organisers)",
    "discord.choice.action.unpublish": "unpublish: off the web (organisers)",
    "discord.choice.system.roundrobin": "round-robin",
    "discord.choice.system.swiss": "Swiss",
    "discord.choice.system.mcmahon": "McMahon",
    "discord.choice.handicap.no": "no: even games",
    "discord.choice.handicap.auto": "auto: by rank",
    "discord.choice.bye.win": "win: a bye counts as a win",
    "discord.choice.bye.none": "none: a bye scores nothing",
    "discord.choice.mode.go": "go: normal Go",
    "discord.choice.mode.capture": "capture: Capture Go",
}

add_messages(ENGLISH)
