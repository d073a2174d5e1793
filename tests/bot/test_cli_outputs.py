"""``gobot replay`` and ``gobot score`` print byte for byte what they printed before issue 30
made them faster, on the 1,758 records of GNU Go's regression suite (``tests/data/
gnugo_regression``; ``scripts/cli_outputs.py`` keeps the outputs and checks every run, this test
the replay of all and the counts of every eighth record)."""

from __future__ import annotations

from scripts.cli_outputs import COMMANDS, kept, outputs, unpacked

SAMPLE = 8  # every eighth record is counted here (the script counts them all)


def test_replay_and_score_print_what_they_printed_before() -> None:
    before = kept()
    with unpacked() as (folder, names):
        assert len(names) == 1758
        sample = names[::SAMPLE]
        now = outputs(folder, names, counted=sample)
    expected = [before[0]] + [
        entry
        for entry in before[1:]
        if entry["args"][-1] in set(sample)  # type: ignore[index]
    ]
    assert len(now) == 1 + len(sample) * len(COMMANDS)
    assert now[0]["stdout"].count("\n") == len(names) + 1  # type: ignore[union-attr]
    for new, old in zip(now, expected, strict=True):
        command = " ".join(new["args"])[:80]  # type: ignore[arg-type]
        assert new == old, f"gobot {command}: the output changed"
