"""The storylines benchmark's scores, on hand-made runs: it must tell a right run from a wrong one."""

from __future__ import annotations

from storyline.bench.storylines import Story, levels, thread_cases, thread_levels

GOLD = {"threads": {"coach": ["coach-quits", "coach-hired"]}, "apart": {"recalls": ["orvo-recall", "crisp-recall"]},
        "tune": ["coach"], "held_out": ["recalls"]}


def test_a_thread_in_order_and_two_recalls_apart_are_right() -> None:
    right = [Story("s1", "l1", ("coach-quits-a", "coach-quits-b"), "s2"), Story("s2", "l1", ("coach-hired-a",)),
             Story("s3", "l3", ("orvo-recall-a",)), Story("s4", "l4", ("crisp-recall-a",))]
    assert thread_cases(right, GOLD) == [("tune", "threads", "coach", True, ""),
                                         ("held_out", "apart", "recalls", True, "")]


def test_a_thread_out_of_order_or_split_and_recalls_chained_are_wrong() -> None:
    backwards = [Story("s2", "l1", ("coach-hired-a",), "s1"), Story("s1", "l1", ("coach-quits-a",)),
                 Story("s3", "l3", ("orvo-recall-a",)), Story("s4", "l3", ("crisp-recall-a",))]
    assert [c[3:] for c in thread_cases(backwards, GOLD)] == [(False, "storylines"), (False, "storylines")]
    split = [Story("s1", "l1", ("coach-quits-a",)), Story("s2", "l2", ("coach-hired-a",))]
    assert thread_cases(split, GOLD)[0][3:] == (False, "storylines")
    one_story = [Story("s1", "l1", ("coach-quits-a", "coach-hired-a"))]  # two events told as one
    assert thread_cases(one_story, GOLD)[0][3:] == (False, "stories")


def test_thread_set_b_cubed_scores_each_half_on_its_own_cases() -> None:
    run = [Story("s1", "l1", ("coach-quits-a",), "s2"), Story("s2", "l1", ("coach-hired-a",)),
           Story("s3", "l3", ("orvo-recall-a", "crisp-recall-a"))]
    tune, held = thread_levels(run, GOLD, "tune"), thread_levels(run, GOLD, "held_out")
    assert tune["story"]["f1"] == tune["storyline"]["f1"] == 1.0 and tune["storyline"]["groups"] == 1
    assert held["story"]["precision"] == held["storyline"]["precision"] == 0.5  # two recalls in one story
    merged = [Story("s1", "l1", ("coach-quits-a", "coach-hired-a"))]
    assert thread_levels(merged, GOLD, "tune")["story"]["precision"] == 0.5
    assert thread_levels(merged, GOLD, "tune")["storyline"]["precision"] == 1.0


def test_joining_two_groups_raises_recall_and_lowers_precision_at_the_storyline_level() -> None:
    stories = [Story("s1", "l1", ("a#0", "a#1")), Story("s2", "l1", ("a#2",)), Story("s3", "l1", ("b#0",))]
    got = levels(stories, lambda a: a.split("#")[0])
    assert got["story"]["recall"] < got["storyline"]["recall"] == 1.0
    assert got["storyline"]["precision"] < got["story"]["precision"] == 1.0
    assert (got["story"]["groups"], got["storyline"]["groups"]) == (3, 1)
