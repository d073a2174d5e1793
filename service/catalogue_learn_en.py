"""The English catalogue of ``learn``: the lessons' texts in the bot's own words, following the
chapters of a Czech beginners' guide (merged into :data:`service.catalogue_en.ENGLISH`).

Each lesson has a ``title``, a ``text`` (short lines separated by ``\\n``, read on a phone;
translators may use a different number of lines; a rule cites its article on the last line) and
a ``caption`` (under its picture). Each exercise has a ``goal`` (exactly what is asked) and may
have its own ``why`` (said after a wrong answer instead of the generic one)."""

from __future__ import annotations

LEARN: dict[str, str] = {
    # -- the lessons --------------------------------------------------------------------------
    "learn.board.title": "The board and the moves",
    "learn.board.text": (
        "Go is played on the points where the lines cross.\n"
        "Black moves first, then you take turns, one stone a move.\n"
        "A stone stays where it is put: it never moves.\n"
        "A point is named by its column and row, like D4.\n"
        "Whoever surrounds more of the board wins.\n"
        "Japanese Rules of Go, Art. 1–3."
    ),
    "learn.board.caption": "Black 1, White 2, Black 3, White 4: one stone a move, on the points",
    "learn.liberties.title": "Liberties",
    "learn.liberties.text": (
        "The empty points right next to a stone, along the lines, are its liberties.\n"
        "In the middle a stone has four, on the edge three, in the corner two.\n"
        "Diagonal points are not liberties.\n"
        "A stone with only one liberty left is in atari.\n"
        "Japanese Rules of Go, Art. 4."
    ),
    "learn.liberties.caption": "Four liberties in the middle, three on the edge, two in the corner",
    "learn.capture.title": "Capture",
    "learn.capture.text": (
        "Take away a stone's last liberty and you capture it.\n"
        "Captured stones come off the board at once.\n"
        "You keep them as prisoners: each is a point at the end.\n"
        "A stone with two liberties: take one, and it is in atari.\n"
        "Japanese Rules of Go, Art. 5."
    ),
    "learn.capture.caption": "Black 1 fills the last liberty: both white stones come off",
    "learn.chains.title": "Chains",
    "learn.chains.text": (
        "Stones of one colour that touch along the lines form a chain.\n"
        "A chain shares its liberties and is captured only as a whole.\n"
        "Stones that touch only diagonally are separate chains.\n"
        "Joining your stones gives them more liberties together.\n"
        "Japanese Rules of Go, Art. 4–5."
    ),
    "learn.chains.caption": "Left: one chain of three. Right: touching diagonally, two chains",
    "learn.suicide.title": "No suicide",
    "learn.suicide.text": (
        "You may not play where your stone would have no liberty at all.\n"
        "Unless the move takes the last liberty of enemy stones:\n"
        "they come off first, and your stone has liberties again.\n"
        "Japanese Rules of Go, Art. 4–5."
    ),
    "learn.suicide.caption": "Black may not play A5 or C5; Black 1 at E1 may: it captures first",
    "learn.ko.title": "Ko",
    "learn.ko.text": (
        "Sometimes two stones could take each other back and forth forever.\n"
        "So when one stone has just taken one stone in a ko,\n"
        "the other side may not take back at once.\n"
        "Play somewhere else first, a threat; then you may take back.\n"
        "Japanese Rules of Go, Art. 6."
    ),
    "learn.ko.caption": "Black 1 took a stone: White may not take back at C4 at once",
    "learn.life.title": "Living groups: two eyes",
    "learn.life.text": (
        "An eye is an empty point surrounded by one group.\n"
        "The opponent may play in an eye only to take the group's last liberty.\n"
        "With two separate eyes that never happens: both can't be filled.\n"
        "So a group with two eyes lives for ever.\n"
        "Japanese Rules of Go, Art. 7 (and Art. 4)."
    ),
    "learn.life.caption": "Eyes at A2, C2 and D1: White can fill none of them, the group lives",
    "learn.dead.title": "Dead groups",
    "learn.dead.text": (
        "A surrounded group with only one eye is dead.\n"
        "The opponent fills the outside liberties, then the eye.\n"
        "Three empty points in a row give only one eye\n"
        "once the opponent has played in their middle.\n"
        "Dead stones come off at the end as prisoners.\n"
        "Japanese Rules of Go, Art. 7."
    ),
    "learn.dead.caption": "White 1 in the middle: Black can make only one eye",
    "learn.false_eye.title": "False eyes",
    "learn.false_eye.text": (
        "Not every hole is an eye.\n"
        "If the stones around it are not one chain,\n"
        "the opponent can capture some of them by playing in the hole.\n"
        "Such a hole is a false eye: it does not count.\n"
        "A group needs two real eyes."
    ),
    "learn.false_eye.caption": "C1 is a false eye: White 1 captures the stone at D1",
    "learn.seki.title": "Seki",
    "learn.seki.text": (
        "Two groups can share liberties so that nobody dares to fill them:\n"
        "whoever plays there first gets captured.\n"
        "Then both groups live: that is seki.\n"
        "The shared points and the eyes of a seki count for nobody.\n"
        "Japanese Rules of Go, Art. 8."
    ),
    "learn.seki.caption": "A seki at the bottom: its points count for neither side",
    "learn.end.title": "The end of the game",
    "learn.end.text": (
        "When there is nothing useful left to play, pass.\n"
        "Two passes in a row stop the game.\n"
        "Points between Black's and White's walls belong to nobody:\n"
        "they are neutral points (dame). Fill them before you pass.\n"
        "Japanese Rules of Go, Art. 9."
    ),
    "learn.end.caption": "Black 1 to White 4 fill the neutral points; then both pass",
    "learn.counting.title": "Counting",
    "learn.counting.text": (
        "First the dead stones come off and join the prisoners.\n"
        "Your score: the empty points you surround, plus your prisoners.\n"
        "White adds komi for moving second, often 6.5.\n"
        "More points wins; equal scores are a draw, jigo.\n"
        "Japanese Rules of Go, Art. 8 and 10."
    ),
    "learn.counting.caption": "The counted board: territory, dead stones taken off, prisoners",
    "learn.second_line.title": "A stone on the second line",
    "learn.second_line.text": (
        "A second-line stone that runs along the edge is lost:\n"
        "each push gives it only one new liberty, and you take it back.\n"
        "Chase it toward the edge, not toward the middle:\n"
        "facing the middle it gains two liberties a move and escapes."
    ),
    "learn.second_line.caption": "Black 1, 3, 5 keep the white stones on the first line",
    "learn.third_line.title": "A stone on the third line",
    "learn.third_line.text": (
        "On the third line the same chase goes wrong for the attacker.\n"
        "There is room under the stones, so the attacker's own\n"
        "stones get cut off and weak.\n"
        "Look for the counter-attack: put an attacking stone in atari."
    ),
    "learn.third_line.caption": "Black 1 cuts under: the white stone at D2 is in trouble",
    "learn.ladder.title": "Ladders",
    "learn.ladder.text": (
        "A ladder: keep the stones in atari from the same side,\n"
        "so they zigzag across the board with two liberties at most.\n"
        "At the edge they are captured.\n"
        "Check the path first: a friendly stone on it saves the runner."
    ),
    "learn.ladder.caption": "Black 1 to 9: White zigzags into the corner; Black A3 captures",
    "learn.net.title": "Nets",
    "learn.net.text": (
        "Sometimes atari only chases the stones into open space.\n"
        "Then play a loose move that closes their way out:\n"
        "a net. Whichever way they run, they stay caught."
    ),
    "learn.net.caption": "Black 1 does not touch the white stone, yet it cannot get out",
    "learn.sacrifice.title": "Sacrifice",
    "learn.sacrifice.text": (
        "Sometimes it pays to give a stone away.\n"
        "A stone played inside, even one that gets captured,\n"
        "can take away an eye or a liberty.\n"
        "A small loss now can capture many stones later."
    ),
    "learn.sacrifice.caption": "Black 1 adds a stone inside: White can take them, but gets one eye",
    "learn.opening.title": "The opening: corners first",
    "learn.opening.text": (
        "Start in the corners: two edges help you surround points.\n"
        "Then the sides, and the centre last.\n"
        "Play single stones far apart at first, not long walls.\n"
        "The third and fourth lines are the usual places."
    ),
    "learn.opening.caption": "Four moves, one in each corner",
    "learn.middle.title": "The middle game",
    "learn.middle.text": (
        "The middle game is a fight for territory.\n"
        "Keep your own groups connected and strong.\n"
        "Cut and attack weak enemy groups.\n"
        "A good move does two jobs: defends and attacks.\n"
        "Look at the whole board, not just one fight."
    ),
    "learn.middle.caption": "Black 1 starts a fight in the middle: each move attacks or defends",
    "learn.handicap.title": "Handicap",
    "learn.handicap.text": (
        "Players of different strength can still have a fair game.\n"
        "The weaker player takes Black and first puts 2 to 9 stones\n"
        "on the star points (up to 5 on a small board).\n"
        "Then White plays first, usually with no komi."
    ),
    "learn.handicap.caption": "Handicap 4 on 9×9; White 1 plays first",
    # -- the exercises ------------------------------------------------------------------------
    "learn.ex.board.1.goal": "Black to play right next to the white stone, along a line.",
    "learn.ex.liberties.1.goal": "Black to take one of the white stone's three liberties.",
    "learn.ex.liberties.2.goal": "Black to put the white stones in atari: leave them one liberty.",
    "learn.ex.capture.1.goal": (
        "Black to capture the white stone. It has two liberties: where do you start?"
    ),
    "learn.ex.chains.1.goal": "Black to join the two black stones into one chain.",
    "learn.ex.chains.2.goal": "Black to put the chain of three white stones in atari.",
    "learn.ex.suicide.1.goal": "Where may White not play? Name one point.",
    "learn.ex.suicide.2.goal": "Where may Black not play? Name one point.",
    "learn.ex.ko.1.goal": (
        "Black has just taken a stone in a ko. Where may White not play now? Name one point."
    ),
    "learn.ex.life.1.goal": "Black to make the group live with two eyes.",
    "learn.ex.dead.1.goal": "Black to kill the white group: leave it only one eye.",
    "learn.ex.false_eye.1.goal": "Where may White not play? Name one point.",
    "learn.ex.false_eye.1.why": (
        "White may play {point}: it captures the black stone next to it, so it is a false eye."
    ),
    "learn.ex.seki.1.goal": (
        "The game is over; 1 prisoner each. Who wins, and by how much? Answer like B+3."
    ),
    "learn.ex.seki.1.why": (
        "Not {answer}: the seki's points count for nobody. The count says {result}."
    ),
    "learn.ex.end.1.goal": "Name a neutral point: one that belongs to neither player.",
    "learn.ex.end.1.why": "{point} is inside someone's territory; a neutral point touches both.",
    "learn.ex.counting.1.goal": (
        "Count: B4 and F5 are dead; Black took 2 prisoners, White 1; komi 6.5. "
        "Who wins, and by how much? Answer like B+3."
    ),
    "learn.ex.counting.2.goal": (
        "Count: Black took 3 prisoners, White none, komi 3. "
        "Who wins, and by how much? Answer like B+3, or jigo."
    ),
    "learn.ex.second_line.1.goal": "Black to capture the white stone on the second line.",
    "learn.ex.third_line.1.goal": "Black to put the white stone at D2 in atari.",
    "learn.ex.ladder.1.goal": "Black to capture the white stone in a ladder: pick the right side.",
    "learn.ex.net.1.goal": (
        "Black to capture the white stone in the middle: an atari only chases it."
    ),
    "learn.ex.sacrifice.1.goal": "Black to kill the white group; your stone inside may be taken.",
    "learn.ex.opening.1.goal": "Black to play the first move of the game in a corner.",
    "learn.ex.opening.1.why": (
        "{point} is not a corner move: the third and fourth lines near a corner are best."
    ),
    "learn.ex.opening.2.goal": "Black to take the last empty corner.",
    "learn.ex.opening.2.why": "{point} is not in the empty corner: take it before White does.",
    "learn.ex.middle.1.goal": "Black to connect the two black stones in the middle.",
    "learn.ex.handicap.1.goal": "Black to put a handicap stone on a star point. Name one.",
    "learn.ex.handicap.1.why": (
        "{point} is not a star point: on 9×9 they are C3, G3, C7, G7 and E5."
    ),
    # -- after an answer ----------------------------------------------------------------------
    "learn.right.suicide": "Right: a stone at {point} would have no liberty and capture nothing.",
    "learn.right.ko": "Right: taking back at {point} at once is forbidden by the ko rule.",
    "learn.why.diagonal": "{point} touches the stone only diagonally: that is not a liberty.",
    "learn.why.not_liberty": "{point} is not next to the stone along a line.",
    "learn.why.not_connected": "After {point} the two stones are still separate chains.",
    "learn.why.liberties": "After {point} the white stones still have {n} liberties.",
    "learn.why.captured_not_atari": "{point} captures them: atari means one liberty left.",
    "learn.why.not_point": "{point} is not one of the points asked for.",
    "learn.why.legal": "{point} is allowed: a stone there has a liberty.",
    "learn.why.legal_captures": "{point} is allowed: it captures first, so it has liberties.",
    "learn.why.captured": "White answers at {reply} and captures your stones.",
    "learn.why.target_captured": (
        "White answers at {reply} and captures the stones you had to save."
    ),
    "learn.why.dies": "White answers at {reply}: now your group cannot make two eyes.",
    "learn.why.caught": "White answers at {reply}: your stones cannot get out.",
    "learn.why.lives": "White answers at {reply} and the group lives.",
    "learn.why.escapes": "White answers at {reply}: now it has {n} liberties and gets away.",
    "learn.why.wrong": "{point} does not do it: look again.",
    "learn.why.count": "Not {answer}: the count says {result}.",
}
