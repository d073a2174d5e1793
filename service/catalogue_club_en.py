"""The English catalogue of club play: ratings, the leaderboard, history, leagues and linked
accounts (merged into :data:`service.catalogue_en.ENGLISH`)."""

from __future__ import annotations

CLUB: dict[str, str | tuple[str, str]] = {
    # ratings, leaderboard, history
    "rating.value": "{rank} · {rating} ± {deviation}",
    "rating.none": "{name} has no rated games yet; everyone starts at {value}.",
    "rating.none_own": "You have no rated games yet; everyone starts at {value}.",
    "rating.summary": "{name}: {value} (volatility {volatility}) · rated games: {games}",
    "rating.last": "Last results:",
    "rating.result": "  #{id} {date} vs {name} · {outcome} · {change}",
    "error.leaderboard_size": "`leaderboard` shows 1 to {high} players: e.g. `leaderboard 20`.",
    "leaderboard.none": "Nobody here has finished a rated game yet.",
    "leaderboard.header": "Leaderboard (top {n}, ? = provisional):",
    "leaderboard.line": "{place}. {name} · {value} · games: {games}",
    "history.none": "{name} has no finished games yet.",
    "history.none_own": "You have no finished games yet.",
    "history.header": "Finished games of {name} (`sgf #12` gives a record):",
    "history.header_own": "Your finished games (`sgf #12` gives a record):",
    "history.line": "{date} · #{id} · {color} vs {name} · {outcome}",
    "history.line_rated": "{date} · #{id} · {color} vs {name} · {outcome} · rated",
    "history.line_adjudicated": (
        "{date} · #{id} · {color} vs {name} · {outcome} · adjudicated by {organiser}"
    ),
    "history.line_rated_adjudicated": (
        "{date} · #{id} · {color} vs {name} · {outcome} · rated · adjudicated by {organiser}"
    ),
    "history.more": "… only the last {n} are shown; `gobot games` lists them all.",
    # linked accounts
    "link.code": (
        "Your link code is {code}. Within {minutes} minutes, send `link {code}` from your "
        "account on the other platform, then answer `link yes` here: both will share one "
        "rating, history and league entry."
    ),
    "link.asked": (
        "Asked {name}: the accounts are linked once they answer `link yes` on the account that "
        "asked for the code, within {minutes} min."
    ),
    "link.confirm": (
        "{account} on {platform} entered your link code and asks to be linked with this "
        "account: one rating, one history, one league entry, your settings. `link yes` links "
        "them, `link no` refuses; if you did not give them the code, refuse. Without an "
        "answer nothing changes, and the request lapses in {minutes} min."
    ),
    "link.platform_discord": "Discord",
    "link.platform_telegram": "Telegram",
    "link.platform_console": "the console",
    "link.refused": "Refused: {names} stays separate from this account.",
    "link.refused_notice": "{name} refused to link with this account: nothing changed.",
    "error.link_locked": (
        "{n} wrong link codes in an hour: try again in {minutes} min (ask your other account "
        "for a fresh code with `link`)."
    ),
    "error.link_nothing_waiting": (
        "No account waits for your answer: first send `link` here for a code and `link CODE` "
        "from your other account (codes last 10 minutes)."
    ),
    "error.link_several_waiting": (
        "Several accounts entered your codes: {names}. `link no` refuses them all; then send "
        "`link` for a new code and enter it on your own account only."
    ),
    "link.private": "I sent your link code in a private message.",
    "link.private_needed": (
        "Link codes are sent privately: open a private chat with me, send /start there, "
        "then /link again."
    ),
    "link.done": "{account} is now linked with {name}: one rating, one history.",
    "link.slash_only": (
        "Link codes are shown only to you: use the slash command `/club link` for one."
    ),
    "link.separated": "Separated: {names}. Every game stays where it was played.",
    # who the bot takes the sender for (the ids organisers need)
    "whoami.private": "I sent you the answer in a private message.",
    "whoami.private_needed": (
        "`whoami` answers privately (it lists your linked accounts): open a private chat with "
        "me, send /start there, then /whoami again."
    ),
    "whoami.slash_only": (
        "`whoami` answers only you (it lists your linked accounts): use the slash command "
        "`/club whoami`."
    ),
    "whoami.id.discord": "Your Discord user id is {id}.",
    "whoami.id.telegram": "Your Telegram user id is {id}.",
    "whoami.id.console": "Your name on the console is {id}.",
    "whoami.id.other": "Your id is {id}.",
    "whoami.entry": (
        "To make you an organiser everywhere, the bot's administrator adds `{entry}` to "
        "ORGANISERS in the bot's settings."
    ),
    "whoami.linked": "Linked accounts: {accounts}.",
    "whoami.not_linked": "No linked accounts (`link` links your Discord and Telegram accounts).",
    "whoami.organiser_everywhere": "You organise everywhere (you are in ORGANISERS).",
    "whoami.organiser_here": (
        "You organise this server or group (as its manager or administrator, or by the "
        "organiser role)."
    ),
    "whoami.not_organiser": "You don't organise here.",
    "error.link_too_many": "You asked for {n} link codes in the last hour; wait a while.",
    "error.link_code_form": "{text!r} is not a link code: it looks like K7QF-M2XD.",
    "error.link_code_invalid": (
        "The code {code} is unknown, used or expired (codes last 10 minutes): send `link` on "
        "your other account for a new one."
    ),
    "error.link_code_claimed": (
        "Code {code} was already entered on another account. Not you? Answer `link no` on "
        "the account that asked for it, then get a new code with `link`."
    ),
    "error.link_own_code": "That is this account's own code: enter it on your other account.",
    "error.link_same_platform": (
        "Both accounts are on the same platform: enter the code on your account on the "
        "other platform."
    ),
    "error.link_already": "This account is already linked with {name}.",
    "error.link_unlink_first": (
        "This account is already linked with others: `unlink` first, then enter the code."
    ),
    "error.unlink_none": "This account is not linked with any other.",
    "error.link_both_in_league": (
        "Both accounts are in league {name}: one person has one entry. Leave it on one "
        "account (`league leave {name}`), then link."
    ),
    "error.unlink_in_league": (
        "An account to separate plays in league {name}: unlink after it ends (or leave it)."
    ),
    # leagues
    "league.system_roundrobin": "round-robin",
    "league.system_swiss": "Swiss",
    "league.system_mcmahon": "McMahon",
    "league.rounds": ("{n} round", "{n} rounds"),
    "league.handicap_auto": "handicap by rank",
    "league.bye_win": "a bye counts as a win",
    "league.bye_none": "a bye scores nothing",
    "league.status_entry": "open for entry",
    "league.status_running": "running",
    "league.status_ended": "ended",
    "league.created": (
        "League {name} (number {id}) created: {terms}. Join with `league join {name}` here, "
        "or `league join {id}` from any chat or platform."
    ),
    "league.joined": "You joined {name}; members now: {n}.",
    "league.joined_late": "You joined {name}; members now: {n}. You are paired from round {round}.",
    "league.left": "You left {name}; your games so far still count.",
    "league.started": (
        "League {name} started with {n} member.",
        "League {name} started with {n} members.",
    ),
    "league.round_header": "{name}, round {round} of {of}:",
    "league.pairing": (
        "  #{id} {black} (Black) – {white} (White) · handicap {handicap}, komi {komi}"
    ),
    "league.your_game_move": (
        "League {name}, round {round}: game #{id} against {opponent}; you play Black: your "
        "move (`board #{id}`, `play D4 #{id}`)."
    ),
    "league.your_game_wait": (
        "League {name}, round {round}: game #{id} against {opponent}; you play White "
        "(`board #{id}`)."
    ),
    "league.bye": "  {name} has a bye.",
    "league.no_rounds": "{name} has not started yet.",
    "league.playing": "playing",
    "league.round_game": "  #{id} {black} – {white} · {state}",
    "league.round_open": (
        "{n} game of this round is still open.",
        "{n} games of this round are still open.",
    ),
    "league.round_done": (
        "Every game of round {round} of {name} is over: `league pair {name}` pairs the next "
        "round (or `league end {name}`)."
    ),
    "league.round_game_due": "  #{id} {black} – {white} · playing, {left} left",
    "league.standings_header": "Standings of {name} after round {round} of {of}:",
    "league.standing": (
        "{place} {name} · wins: {wins} · SOS {sos} · SODOS {sodos} · {played} played, {left} left"
    ),
    "league.standing_mms": (
        "{place} {name} · MMS {mms} · wins: {wins} · SOS {sos} · SODOS {sodos} · "
        "{played} played, {left} left"
    ),
    "league.withdrawn": "{name} (withdrawn)",
    "league.no_members": "Nobody has joined yet.",
    "league.table_title": "League {name}",
    "league.table_note": "Round {round} of {of} · = shares a place",
    "league.none": "No leagues here yet; an organiser creates one with `league create NAME`.",
    "league.list_header": "Leagues here:",
    "league.list_line": (
        "{name} (number {id}) · {system} · {status} · round {round} of {of} · members: {n}"
    ),
    "league.ended": "League {name} has ended; `league standings {name}` shows the final table.",
    "league.ended_open": "Still unfinished when it ended: {games}.",
    "league.published": (
        "League {name} is on the web: {link} — anyone with the link sees its standings, rounds "
        "and games (display names only). `league unpublish {name}` takes it off."
    ),
    "league.published_already": "League {name} is already on the web: {link}",
    "league.web_local": (
        "That address is on this machine: `gobot web` serves the pages (or `gobot run` with "
        "GOBOT_WEB_PORT). Set GOBOT_WEB_URL to their public address to give others a link "
        "that works."
    ),
    "league.unpublished": (
        "League {name} is off the web: its address no longer works (`league publish {name}` "
        "gives it a new one)."
    ),
    "league.list_published": "on the web",
    "table.place": "#",
    "table.player": "Player",
    "table.mms": "MMS",
    "table.wins": "W",
    "table.sos": "SOS",
    "table.sodos": "SODOS",
    "table.played": "P",
    "table.left": "Left",
    "table.more": "+{n} more",
    "error.league_name_missing": "Name the league: e.g. `league join autumn`.",
    "error.league_name": (
        "{name!r} is not a league name: one word of letters, digits, - and _ (at most 32), "
        "not only digits."
    ),
    "error.league_rounds_roundrobin": (
        "A round-robin plays everyone once: leave out rounds=, or use system=swiss."
    ),
    "error.league_rounds": "rounds={value} is not allowed: use a number from 1 to {high}.",
    "error.league_unknown": "There is no league {name} here: `league list` shows them.",
    "error.web_not_found": "Nothing is published at this address.",
    "error.league_number_unknown": "There is no league number {id}.",
    "error.league_elsewhere": (
        "League number {id} belongs to another community: it is read there, or by its members "
        "and organisers. `league list` shows the leagues here."
    ),
    "error.league_organiser": "Only an organiser can do that with a league.",
    "error.league_extra": "{value!r} is not understood here; options are written key=value.",
    "error.league_force": "{value!r} is not understood: write `league pair NAME force`.",
    "error.league_options": (
        "`league {action}` takes no key=value options (only `league create` does)."
    ),
    "error.league_exists": "There is already a league {name} here: choose another name.",
    "error.league_ended": "League {name} has ended.",
    "error.league_started": "League {name} has already started; entries are closed.",
    "error.league_joined": "You are already in {name}.",
    "error.league_not_member": "You are not in {name}.",
    "error.league_too_few": (
        "{name} needs at least {n} member to start.",
        "{name} needs at least {n} members to start.",
    ),
    "error.league_not_running": "League {name} is not running: `league start {name}` first.",
    "error.league_all_paired": (
        "{name} has {n} round, and it is paired: `league end {name}`.",
        "All {n} rounds of {name} are paired: `league end {name}`.",
    ),
    "error.league_round_open": (
        "Round {round} still has open games: {games}. Finish or adjudicate them, or "
        "`league pair {name} force`."
    ),
    "error.league_round_number": "{value!r} is not a round: use 1 to {n}.",
    "error.league_not_published": (
        "League {name} is not on the web: `league publish {name}` puts it there."
    ),
    # help
    "help.cmd.rating": "A player's rating, rank and last results (yours without @user).",
    "help.cmd.leaderboard": "The players here by rating (the first 10, or n).",
    "help.cmd.history": "A player's finished games (yours without @user).",
    "help.cmd.league": (
        "Leagues: create, join, leave, start, pair, round, standings, list, end, publish, "
        "unpublish."
    ),
    "help.cmd.link": (
        "Link your Discord and Telegram accounts: `link` gives a code, `link CODE`, `link yes`."
    ),
    "help.cmd.unlink": "Separate this account from the accounts it is linked with.",
    "help.cmd.whoami": "Your id here, your ORGANISERS entry, linked accounts, organiser or not.",
    "help.more.league": (
        "`league list`: the leagues here, with their numbers.\n"
        "`league join NAME`, `league leave NAME`: enter, or withdraw (results so far count).\n"
        "`league round NAME [N]`, `league standings NAME`: pairings and open games; the table.\n"
        "Organisers: `league create NAME [system=roundrobin|swiss|mcmahon] [rounds=5] [size=19] "
        "[komi=6.5] [handicap=no|auto] [time=7d+1d] [rated=yes|no] [bye=win|none]`, "
        "`league start NAME`, `league pair NAME [force]`, `league end NAME`.\n"
        "Organisers: `league publish NAME` puts the league's standings, rounds and games on the "
        "web at an unguessable address (the answer gives it); `league unpublish NAME` takes "
        "them off.\n"
        "From another chat or platform, name a league by its number: `league join 7`."
    ),
    "help.more.link": (
        "`link` gives a one-time code, valid 10 minutes and shown only to you; send "
        "`link CODE` from your account on the other platform, then answer `link yes` (or "
        "`link no`) on the account that asked for the code. `unlink` separates them again."
    ),
}
