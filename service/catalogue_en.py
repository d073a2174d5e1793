"""The English catalogue: every user-facing string by key (Czech and Hungarian follow the keys)."""

from __future__ import annotations

from service.catalogue_capture_en import CAPTURE
from service.catalogue_club_en import CLUB
from service.catalogue_estimate_en import ESTIMATE
from service.catalogue_learn_en import LEARN
from service.catalogue_learning_en import LEARNING
from service.catalogue_rules_en import RULES
from service.catalogue_settings_en import SETTINGS

ENGLISH: dict[str, str | tuple[str, str]] = {
    # colours, words
    "color.black": "Black",
    "color.white": "White",
    "color.nigiri": "nigiri",
    "word.pass": "pass",
    "name.anyone": "anyone",
    # buttons
    "button.accept": "Accept",
    "button.decline": "Decline",
    "button.pass": "Pass",
    "button.undo": "Undo",
    "button.undo_yes": "Allow undo",
    "button.undo_no": "Refuse undo",
    "button.resign": "Resign",
    "button.resign_confirm": "Yes, resign",
    "button.done": "Done",
    "button.resume": "Resume",
    "button.filldame": "Fill dame",
    "button.noresult": "No result",
    "button.sgf": "SGF",
    "button.count": "Count",
    # clocks
    "clock.days_hours": "{d}d {h}h",
    "clock.hours_minutes": "{h}h {m}m",
    "clock.minutes": "{m}m",
    "clock.none_left": "no time",
    # captions
    "caption.move": "Move {n} · {color} {point}",
    "caption.pass": "Move {n} · {color} passes",
    "caption.game": "Game #{id}",
    "caption.to_play": "{color} ({name}) to play",
    "caption.left": "{left} left",
    "caption.stopped": "game over",
    "caption.counting": "Game #{id} · counting · marking v{v}",
    "caption.judging": "Game #{id} · counting · judging the dead stones",
    "caption.finished": "Game #{id} · {result}",
    "caption.try": "Game #{id} · hypothetical sequence (Art. 7.2), not played · {captured}",
    # challenges
    # time controls in words (the input syntax, ``time=7d+1d``, stays as documented)
    "time.days": ("{n} day", "{n} days"),
    "time.hours": ("{n} hour", "{n} hours"),
    "time.minutes": ("{n} minute", "{n} minutes"),
    "time.absolute": "{main} for the whole game",
    "time.fischer": "{main} + {increment} per move",
    "time.byoyomi": "{main} + byo-yomi {periods} × {period}",
    "time.simple": "{period} per move",
    "terms.size": "{size}×{size}",
    "terms.handicap": "handicap {n}",
    "terms.komi": "komi {komi}",
    "terms.nigiri": "colours by nigiri",
    # one key per colour: Czech says "hraje černými", an instrumental no colour word alone has
    "terms.color.black": "{name} takes Black",
    "terms.color.white": "{name} takes White",
    "terms.time": "time {time}",
    "terms.no_time": "no time limit",
    "terms.weekend": "weekends paused",
    "terms.rated": "rated",
    "terms.unrated": "unrated",
    "challenge.open": "Open challenge #{id} by {name}: {terms}. Anyone may accept it.",
    "challenge.sent": "Challenge #{id} sent to {name}: {terms}.",
    "challenge.received": "{name} challenges you (game #{id}): {terms}. Accept or decline?",
    "challenge.pending": "Game #{id} is a challenge waiting for an answer: {terms}.",
    "challenge.accepted": "Game #{id} begins: {black} plays Black, {white} plays White.",
    "challenge.declined": "Challenge #{id} was declined by {name}.",
    "challenge.withdrawn": "Challenge #{id} was withdrawn by {name}.",
    "challenge.removed": "Challenge #{id} was removed by the organiser {name}.",
    # play
    "notice.your_move": "Your move in game #{id}: {caption}",
    "notice.little_time": "Little time left in game #{id}: {left}. Your move!",
    "info.already_done": "That command was already handled; nothing was done again.",
    "info.repetition": (
        "The whole-board position of game #{id} has repeated (Art. 12). Either player may "
        "propose no result with `noresult`; if both agree the game is void."
    ),
    "info.stopped": "Both players passed: the game is stopped (Art. 9). Confirm life and death.",
    "info.stopped_judging": (
        "Both players passed: game #{id} is stopped (Art. 9). The bot is judging which stones "
        "are dead; its proposal follows in a moment."
    ),
    "info.resumed": "{name} resumed play (Art. 9.3): {first} ({first_name}) moves first.",
    "resign.confirm": "Resign game #{id}? This cannot be undone: send `resign yes` to confirm.",
    "undo.sent": "Undo requested in game #{id}; your opponent will accept or refuse.",
    "undo.asked": "{name} asks to take back {move} in game #{id}. Allow it?",
    "undo.refused": "The undo request in game #{id} was refused.",
    "undo.done": "Move {move} of game #{id} was taken back.",
    # confirmation phase
    "marking.none": "none",
    "marking.header": "Game #{id} · marking v{v} · dead stones: {dead}",
    "marking.voiding": (
        "Open dame {points} void territory (Art. 8): `resume` to play them, or `filldame` to "
        "fill the neutral points (both players must agree)."
    ),
    "marking.connect": (
        "Connect at {points} before counting: a chain in atari is not independent, so its "
        "group's eye points are not territory until the stone is added (Art. 8). `filldame` "
        "adds it (both players must agree)."
    ),
    "marking.seki": (
        "Seki at {points}: the eye points of groups in seki are not territory (Art. 8)."
    ),
    "marking.unsettled": (
        "Not finished: play on near {points} (a real move, not dame): `resume` to play it."
    ),
    "marking.disputed": (
        "Check these groups: {groups}. The bot's two judges disagree on them, and the result "
        "depends on them: `dead {point}` to change."
    ),
    "marking.open_fight": (
        "The proposal leaves the stones near {points} as they are: play there is still open. "
        "`resume` to play it out, or mark them as you both agree."
    ),
    "marking.capturable": (
        "Warning: {chain} is marked alive, but it can be taken: {moves} (Art. 7.1). Mark it "
        "dead, or resume; the marking stands if you both accept it."
    ),
    "marking.accepted": "Accepted by {color} ({name}).",
    "marking.how": (
        "`dead D4` toggles a group; `done v{v}` accepts this marking; `resume` goes back to play."
    ),
    "marking.changed": "{name} changed the marking: it is now v{v}; both acceptances are cleared.",
    "marking.accepted_now": "{name} accepted marking v{v}.",
    "marking.already_accepted": (
        "You already accepted marking v{v} of game #{id}; your opponent's `done` ends the game."
    ),
    "marking.your_turn_to_accept": "Your opponent accepted v{v}: `done v{v}` ends the game.",
    "fill.sent": "Filling the neutral points of game #{id} proposed; your opponent must agree.",
    "fill.asked": "{name} proposes to fill the neutral points of game #{id}: `filldame` agrees.",
    "fill.nothing": "There are no neutral points that can be filled safely.",
    "fill.nothing_unsettled": (
        "Nothing can be filled safely: {points} are real moves, not dame. `resume` to play them."
    ),
    # colours in words, never B/W letters (a Czech reader takes B for bílý, White)
    "stones.black": "Black {points}",
    "stones.white": "White {points}",
    "sequence.black": "{n}. Black {move}",
    "sequence.white": "{n}. White {move}",
    "fill.done": "Neutral points filled by agreement (not moves, commentary 9.2.2): {stones}.",
    "noresult.sent": "No result proposed for game #{id}; your opponent must agree.",
    "noresult.asked": (
        "{name} proposes no result for game #{id} (Art. 12): `noresult` agrees; play on otherwise."
    ),
    # hypothetical sequences after the stop (Art. 7.2)
    "try.header": "{name} tries a sequence in game #{id}, {first} first (Art. 7.2): {moves}",
    "try.ko_pass": "pass for the ko at {point}",
    "try.captured": "Captured in the sequence: {captures}.",
    "try.took": "move {n}, {color} takes {points}",
    "try.captured_none": "Nothing is captured in the sequence.",
    "try.takes": "{color} takes {n}",
    "try.takes_none": "nothing captured",
    "try.replayed": "Not numbered on the image, as the point was played again later: {moves}.",
    "try.ban": "{color} may retake the ko at {point} only after passing once for it (Art. 7.2).",
    "try.unchanged": (
        "Only a demonstration: game #{id} is unchanged and marking v{v} stands (`done v{v}` "
        "accepts it, `dead D4` toggles a group)."
    ),
    "try.why_occupied": "the point is occupied",
    "try.why_suicide": "it would be suicide (Art. 4)",
    "try.why_ko": (
        "it retakes a ko before {color} passed once for that ko (Art. 7.2): write `pass` at "
        "{color}'s turn before the retake"
    ),
    # counting and results
    # each number after its word, so that no count needs a plural ("prisoners 1")
    "tally.black": "Black: territory {territory} + prisoners {prisoners} = {score}",
    "tally.white": "White: territory {territory} + prisoners {prisoners} + komi {komi} = {score}",
    "tally.wins": "{winner} wins by {margin}",
    "tally.depends": "{outcome}, if the disputed groups are as proposed",
    "tally.jigo": "jigo",
    # the board image: words around the board and the legend of the counting marks (short)
    "image.prisoners": "prisoners",
    "image.marking": "marking",
    "image.final": "final",
    "image.explained": "The marks and the count explained: rules counting",
    "legend.black_territory": "Black territory",
    "legend.white_territory": "White territory",
    "legend.dame": "dame",
    "legend.seki": "seki",
    "legend.dead_removed": "dead: prisoner",
    "legend.dead_stays": "dead, stays",
    "legend.voiding_dame": "open dame: voids",
    "legend.seki_dame": "seki dame",
    "legend.necessary": "connect here",
    "legend.seki_eye": "eye: not counted",
    "legend.unsettled": "unsettled",
    "legend.capturable": "can be captured",
    "legend.disputed": "disputed: check",
    "legend.disputed_dead": "disputed, proposed dead: check",
    "result.points": ("{n} point", "{n} points"),
    "result.score": "{winner} wins by {points}",
    "result.resignation": "{winner} wins by resignation",
    "result.time": "{winner} wins on time",
    "result.forfeit": "{winner} wins by forfeit",
    "result.jigo": "jigo",
    "result.void": "no result",
    "result.both_lose": "both players lose",
    "end.announce": "Game #{id} is over: {words}",
    "end.result": "Result: {words}",
    "end.agreed": "Both players accepted marking v{v} (Art. 9.2, 10).",
    "end.resigned": "{color} ({name}) resigned (Art. 11).",
    "end.time": "{color} ({name}) ran out of time.",
    "end.void": "Both players agreed to no result (Art. 12).",
    "end.adjudicated": "Adjudicated by the organiser {name}.",
    # games list
    "games.line_black": "#{id} Black vs {name} ({size}×{size})",
    "games.line_white": "#{id} White vs {name} ({size}×{size})",
    "games.move": "move {n}",
    "games.your_move": "your move",
    "games.their_move": "{name} to move",
    "games.counting": "counting (marking v{v})",
    "games.finished": "{game} · {outcome} · {ago}",
    "games.won_score": "you won by {points} ({sgf})",
    "games.lost_score": "you lost by {points} ({sgf})",
    "games.won_resignation": "you won by resignation ({sgf})",
    "games.lost_resignation": "you resigned ({sgf})",
    "games.won_time": "you won on time ({sgf})",
    "games.lost_time": "you lost on time ({sgf})",
    "games.won_forfeit": "you won by forfeit ({sgf})",
    "games.lost_forfeit": "you lost by forfeit ({sgf})",
    # the same about someone else (``rating @bob``, ``history @bob``: the header names them)
    "outcome.win_score": "win by {points} ({sgf})",
    "outcome.loss_score": "loss by {points} ({sgf})",
    "outcome.win_resignation": "win by resignation ({sgf})",
    "outcome.loss_resignation": "loss by resignation ({sgf})",
    "outcome.win_time": "win on time ({sgf})",
    "outcome.loss_time": "loss on time ({sgf})",
    "outcome.win_forfeit": "win by forfeit ({sgf})",
    "outcome.loss_forfeit": "loss by forfeit ({sgf})",
    "games.days_ago": ("{n} day ago", "{n} days ago"),
    "games.hours_ago": ("{n} hour ago", "{n} hours ago"),
    "games.minutes_ago": ("{n} minute ago", "{n} minutes ago"),
    "games.just_now": "just now",
    "games.challenge_out": "#{id} your challenge to {name}: {terms}",
    "games.challenge_in": "#{id} challenge from {name}: {terms} (accept or decline)",
    "games.challenge_open": "#{id} open challenge by {name}: {terms}",
    "games.none": "You have no games. Start one with `challenge @someone size=9`.",
    "sgf.caption": "The record of game #{id}.",
    "games.more": "… and more not listed here: name a game by its number, e.g. `board #{id}`.",
    "games.more_count": (
        "… and {n} more not shown here: name a game by its number (`board #` and the number)."
    ),
    # vacation
    "vacation.started": "Vacation started: your clocks are stopped ({left} of vacation left).",
    "vacation.ended": "Vacation ended: your clocks run again.",
    "vacation.on_status": "You are on vacation; {left} of this year's allowance was left.",
    "vacation.off_status": "You are not on vacation; {left} of this year's allowance is left.",
    # errors
    "error.too_fast": "Too many commands at once: wait {seconds} s, then try again.",
    "error.move_limit": (
        "Game #{id} has reached {limit} moves, the most a game may have: pass to end it, or resign."
    ),
    "error.open_challenges": (
        "You have {limit} challenges waiting for an answer ({games}): wait for them, or withdraw "
        "one with `decline #N`."
    ),
    "error.community_challenges": (
        "{limit} challenges are waiting for an answer here already, the most a chat may have: "
        "accept one (`games` lists them), or withdraw one of yours with `decline #N`, then "
        "challenge again."
    ),
    "error.bot_challenges": (
        "{limit} challenges are waiting for an answer in all the bot's chats, the most it takes: "
        "accept one (`games` lists them), or withdraw one of yours with `decline #N`, or try "
        "again later."
    ),
    "error.internal": "Sorry, something went wrong on our side. Please try again later.",
    "error.busy": "Too much changed at once while your command ran; please send it again.",
    "error.busy_game": "The game changed while your command ran; please send it again.",
    "error.busy_league": (
        "The league changed while your command ran (others joined or played at the same"
        " moment); please send it again."
    ),
    "error.busy_rating": (
        "The ratings changed while your command ran (another game was rated at the same"
        " moment); please send it again."
    ),
    "error.busy_account": (
        "Your account's links changed while your command ran; please send it again."
    ),
    "error.busy_learning": (
        "Your lessons and problems changed while your command ran; please send it again."
    ),
    "error.no_such_game": "There is no game #{id}.",
    "error.no_game": "You have no game in progress here; start one with `challenge @someone`.",
    "error.which_game": "You have several games ({games}): add the number, e.g. `board #12`.",
    "error.no_challenge": "There is no challenge for you to answer.",
    "error.which_challenge": "Several challenges are waiting ({games}): add the number.",
    "error.not_a_challenge": "Game #{id} is not a challenge waiting for an answer.",
    "error.declined": "Challenge #{id} was declined; it is not a game.",
    "error.not_a_player": "You are not playing in game #{id}; you can look with `board`.",
    "error.not_your_turn": "It is {color}'s move",
    "error.finished": "Game #{id} is over ({result}); a final result never changes (Art. 10.4).",
    "error.not_started": "Game #{id} has not started: it is still a challenge.",
    "error.stopped_play": (
        "Game #{id} is stopped for counting: use `dead`, `done`, or `resume` to play on."
    ),
    "error.not_stopped": "Game #{id} is being played: this works only after two passes.",
    "error.judging": (
        "The bot is still judging the dead stones: its proposal comes in a moment. `dead` "
        "marks stones yourself, `resume` plays on."
    ),
    "error.illegal_occupied": "Illegal move: {point} is occupied — choose an empty point",
    "error.illegal_suicide": (
        "Illegal move: {point} would be suicide (Art. 4) — it must capture or keep a liberty"
    ),
    "error.illegal_ko": "Illegal move: ko — play elsewhere first (Art. 6)",
    "error.point_form": (
        "{text!r} is not a point: write a column letter and a row number, like D4 "
        "({range} on {size}×{size})"
    ),
    "error.point_no_i": "There is no column I (the letters skip from H to J); use {range}",
    "error.point_off": "{point} is off a {size}×{size} board ({range})",
    "error.option_unknown": "Unknown option {key}=: the options are {known}",
    "error.option_number": "{key}={value} is not a number",
    "error.option_choice": "{key}={value} is not allowed: use {key}={choices}",
    "error.size": "Board size {size} is not supported: use size={low} to size={high}",
    "error.handicap_size": "Handicap stones have fixed points on 9×9, 13×13 and 19×19, not {size}",
    "error.handicap_range": "A handicap on {size}×{size} is 2 to {limit} stones",
    "error.komi": "komi={value} is not a komi: use a number in half points, like komi=6.5",
    "error.time": (
        "time={value} is not a time control: use time=3d+1d (Fischer), time=7d+3x1d "
        "(byo-yomi), time=2d/move, time=14d (absolute) or time=none"
    ),
    "error.challenge_self": "You cannot challenge yourself: name another player, or leave it open.",
    "error.accept_own": "You cannot accept your own challenge; `decline` withdraws it.",
    "error.accept_other": "Challenge #{id} is addressed to somebody else.",
    "error.marking_limit_game": (
        "Game #{id} has had {limit} marking versions: accept one (`done`) or ask an organiser "
        "to `adjudicate`."
    ),
    "error.decline_other": (
        "Only the challenged player, the challenger or an organiser here can decline #{id}."
    ),
    "error.dead_needs_points": "Name at least one stone of the group: `dead D4`.",
    "error.dead_empty": "{point} is empty: name a stone of the group to toggle.",
    "error.dead_inside_dead": (
        "{points} cannot be marked dead: every stone of the other colour next to it is marked "
        "dead, so it lives once they are taken (Art. 7.1). Mark those alive first, or leave "
        "{points} alive."
    ),
    "error.try_not_stopped": (
        "`try` plays hypothetical sequences only after the stop (Art. 7.2), and game #{id} is "
        "being played: play on, or `pass` (two passes in a row stop the game). After the stop, "
        "`resume` goes back to play."
    ),
    "error.try_empty": (
        "Write the moves to try, e.g. `try D4 E5 pass F6`; a colour first says who plays first "
        "(`help try`)."
    ),
    "error.try_too_long": (
        "A sequence may have at most {limit} moves, not {n}: try the part that settles the "
        "question."
    ),
    "error.try_point": "Move {n} of the sequence is neither a point nor `pass`: {reason}",
    "error.try_color": (
        "Move {n} of the sequence is {color}'s: moves alternate, so write `pass` for a player "
        "who passes."
    ),
    "error.try_illegal": (
        "Move {n} of the sequence, {color} {point}, is illegal: {why}. Nothing was shown; correct "
        "the sequence and try again."
    ),
    "error.stale_board": (
        "That board is out of date: game #{id} is at move {now}, not {then}. Use the latest board."
    ),
    "error.marking_limit": (
        "Game #{id} has had {limit} markings since the stop, the most allowed: accept one "
        "(`done`), `resume` and play it out, or ask an organiser to `adjudicate`."
    ),
    "error.stale_marking": (
        "Marking v{old} was replaced by v{v}: look at the new marking and send `done v{v}`."
    ),
    "error.fill_pending": "You already proposed filling; wait for your opponent.",
    "error.noresult_pending": "You already proposed no result; wait for your opponent.",
    "error.no_repetition": "No repetition was reported here; `noresult` needs one (Art. 12).",
    "error.undo_none": "There is no move to take back (an undo never crosses a stop).",
    "error.undo_not_yours": "You can take back only your own last move.",
    "error.undo_pending": "You already asked; wait for your opponent's answer.",
    "error.undo_no_request": "There is no undo request for you to answer.",
    "error.not_organiser": "Only an organiser can adjudicate games.",
    "error.not_organiser_here": (
        "Game #{id} belongs to another server or group: only its own organisers adjudicate it."
    ),
    "error.adjudicate_needs_game": "Name the game: `adjudicate #12 B+R`.",
    "error.adjudicate_own": (
        "You play in game #{id}, so you cannot adjudicate it: ask another organiser of its"
        " server or group, or one of the bot's organisers."
    ),
    "error.result": ("{value!r} is not a result: use B+3.5, W+R, B+T, W+F, jigo, void or bothlose"),
    "error.vacation_already": "You are already on vacation.",
    "error.vacation_not_on": "You are not on vacation.",
    "error.vacation_used_up": "This year's vacation allowance is used up.",
    # grammar and help (bot/grammar.py)
    "grammar.unknown": "Unknown command {name!r}: `help` lists the commands.",
    "grammar.unknown_near": (
        "Unknown command {name!r}: did you mean `{near}`? `help` lists the commands."
    ),
    "grammar.empty": "Send a command; `help` lists them.",
    "grammar.missing": "`{name}` needs {arg}: {usage}",
    "grammar.extra": "`{name}` takes no more than that: {usage}",
    "grammar.option": "`{name}` has no option {key}=: {usage}",
    "grammar.choice": "`{name}` takes {choices} there, not {value!r}: {usage}",
    "grammar.option_twice": "The option {key}= is given twice.",
    "grammar.game": "{text!r} is not a game number: write #12.",
    "grammar.token": "This button is not valid any more.",
    "grammar.mention": "{text!r} is not a player: write @name.",
    "grammar.name_unknown": (
        "No user called {name!r} is known here: mention them with @, as in `{written}` "
        "(where your app offers a list of people, choose them from it)."
    ),
    "grammar.name_unknown.challenge": (
        "Or send `challenge` alone: an open challenge anyone may take."
    ),
    "grammar.name_ambiguous": (
        "Several users here are called {name!r}: mention the one you mean with @ (`{written}`, "
        "choosing them from the list your app offers)."
    ),
    "grammar.count": "`{name}` takes a number there, not {text!r}.",
    "help.header": "Commands (`help <command>` for details):",
    "help.usage": "Usage: {usage}",
    "help.aliases": "Also: {aliases}",
    "help.who": "Who: {who}",
    "help.options": "Options:",
    "help.mention": "A user: @bob, or just bob when one user by that name is known here.",
    # one line each in ``help <command>`` (service/options.py, service/computer.py)
    "help.option.size": "the board: 9 for 9×9, any size from 5 to 25",
    "help.option.handicap": "handicap stones for Black, the weaker player: 2 or more",
    "help.option.komi": (
        "points White gets for playing second, e.g. 6.5 or 0.5 (0 with handicap unless given)"
    ),
    "help.option.color": "your colour: `black`, `white`, or `nigiri` (chosen at random)",
    "help.option.time": (
        "the clock: `3d+1d` (Fischer), `7d+3x1d` (byo-yomi), `2d/move`, `14d` (the whole game) "
        "or `none`; m, h, d, w are minutes, hours, days, weeks"
    ),
    "help.option.rated": "`yes`: the result counts for both players' ratings",
    "help.option.weekend": (
        "`pause`: the clocks stop from Saturday 00:00 to Monday 00:00 (UTC); `play` (the "
        "default): they run at weekends too"
    ),
    "help.option.level": "the computer's strength, from 1 (the weakest) to 10",
    "help.game": "Add #12 to name a game when you have several.",
    "who.anyone": "anyone",
    "who.player": "a player of the game",
    "who.to_move": "the player to move",
    "who.challenged": "the challenged player (anyone, for an open challenge)",
    "who.organiser": "an organiser",
    "help.cmd.challenge": "Propose a game; without @user anyone may accept it.",
    "help.cmd.accept": "Accept a challenge: the game starts.",
    "help.cmd.decline": "Refuse a challenge (or withdraw your own; organisers: remove any here).",
    "help.cmd.play": "Play a stone, e.g. `play D4` (or just `D4`; `D4 #12` in game 12).",
    "help.cmd.pass": "Pass; two passes in a row stop the game (Art. 9).",
    "help.cmd.resign": "Resign (Art. 11); asks for confirmation first (`resign yes`).",
    "help.cmd.undo": "Ask to take back your last move; the opponent answers `undo yes|no`.",
    "help.cmd.board": "Show the board of a game.",
    "help.cmd.games": "Your games (whose move, the time left) and how the recent ones ended.",
    "help.cmd.dead": "After the stop: toggle life and death of the groups of these stones.",
    "help.cmd.done": "After the stop: accept the marking (v3 = the version you saw).",
    "help.cmd.resume": "After the stop: play on; your opponent moves first (Art. 9.3).",
    "help.cmd.filldame": "After the stop: propose or agree to fill the neutral points.",
    "help.cmd.noresult": "After a repetition (Art. 12): propose or agree to no result.",
    "help.cmd.try": (
        "After the stop: show a hypothetical sequence, e.g. `try D4 E5 pass F6` (Art. 7.2)."
    ),
    "help.more.try": (
        "Moves alternate, from your colour unless the first word names one: "
        "`try W E5 pass F6`, `try white E5`; a colour before a later move only says whose it "
        "is (`try B D4 W E5`). Letters: B = Black, W = White; the words black and white work "
        "too.\n"
        "`pass` passes; written while a ko bans that player, it is the pass for that ko "
        "(Art. 7.2). Both players see the position; the game itself is unchanged."
    ),
    "help.cmd.sgf": "The game record as an SGF file.",
    "help.cmd.adjudicate": "Organisers: decide a game (B+3.5, W+R, B+F, jigo, void, bothlose).",
    "help.cmd.vacation": "Stop your clocks for a while (a yearly allowance).",
    "help.cmd.help": "This help, or the details of one command.",
    "help.cmd.computer": (
        "Play the computer: size=9 level=1..10 color=black|white|nigiri mode=go|capture"
    ),
    "computer.name": "{name} level {level}",
    "computer.played": "{name} played {color} {point}.",
    "computer.passed": "{name} passed.",
    "computer.no_answer": "{name} did not answer ({reason}); it is asked again in a minute.",
    "computer.engine_down": "the engine is not responding",
    "undo.done_computer": "Taken back in game #{id}: {moves}. Your move.",
    "error.computer_unavailable": (
        "The computer opponent is not available here: install GNU Go (apt-get install gnugo) "
        "or set GOBOT_ENGINE."
    ),
    "error.level": "level={value} is not a level: use a number from {low} to {high}.",
    # console
    # help: the placeholders of a command's usage (``play <point> [#game]``)
    "help.placeholder": "<{name}>",
    "help.arg.user": "user",
    "help.arg.point": "point",
    "help.arg.moves": "moves",
    "help.arg.code": "code",
    "help.arg.command": "command",
    "help.arg.extra": "extra",
    "help.arg.name": "name",
    "help.arg.result": "result",
    "help.arg.topic": "topic",
    "help.arg.version": "version",
    "help.arg.game": "game",
    "help.arg.n": "n",
    "help.arg.move": "move",
    "help.arg.action": "action",
    "help.arg.answer": "answer",
    "help.arg.switch": "switch",
    "help.arg.channel": "channel",
    "help.arg.yes": "yes",
    "console.welcome": (
        "Go on the console. Type commands as `NAME: COMMAND` (e.g. `alice: challenge @bob "
        "size=9`), or `as bob` to switch player; `help` lists commands, `quit` leaves."
    ),
    "console.who": "Playing as {name}. (`as NAME` switches player.)",
    "console.bad_line": "Write `NAME: COMMAND`, e.g. `alice: play D4`.",
    "console.image": "Board image: {path}",
    "console.table_image": "Table image: {path}",
    "console.captures": "prisoners taken: Black {black} · White {white}",
    "console.buttons": "buttons: {buttons}",
    "console.file": "{name}:",
    "console.chat_missing": "{variable} is set but this build has no {adapter} adapter.",
    **CLUB,
    **RULES,
    **LEARN,
    **SETTINGS,
    **ESTIMATE,
    **LEARNING,
    **CAPTURE,
}
