"""Story clustering on tiny DataFrames in local mode."""

from __future__ import annotations

import pytest

from storyline.spark.cluster import cluster_stories

pytestmark = pytest.mark.spark

SCHEMA = "article_id string, title string, text string, published string, source string"
FIRE = ("Fire crews battled a blaze at the Riverside chemical plant in Oakvale on Monday night. "
        "Residents near the plant were told to keep windows shut as smoke drifted over the valley. ")
VOTE = ("Voters in Lakemoor rejected the proposed stadium tax in a referendum on Tuesday. "
        "The mayor said the council would review the stadium plan after the referendum result. ")
FILLER = "Officials gave no further details. "


def _rows():
    return [
        ("f1", "Blaze at Riverside chemical plant", FIRE + FILLER, "2024-05-06T22:00:00Z", "a"),
        ("f2", "Oakvale plant fire: residents told to shut windows", FIRE.replace("battled", "fought") + FILLER,
         "2024-05-06T23:10:00Z", "b"),
        ("f3", "Chemical plant blaze in Oakvale", FIRE.replace("Monday night", "late Monday"), "2024-05-07", "c"),
        ("v1", "Lakemoor rejects stadium tax", VOTE, "2024-05-07T06:00:00Z", "a"),
        ("v2", "Stadium tax referendum fails in Lakemoor", VOTE.replace("rejected", "turned down"),
         "2024-05-07T08:00:00Z", "b"),
        # the same fire story text, a month later: outside the time window, so a story of its own
        ("f9", "Riverside chemical plant blaze", FIRE, "2024-06-10", "d"),
        ("u1", "Museum reopens", "The city museum reopened its east wing after a two-year renovation.", None, "e"),
    ]


def test_two_stories_time_window_and_singletons(spark):
    df = spark.createDataFrame(_rows(), SCHEMA)
    got = {r.article_id: r.story_key for r in cluster_stories(df, threshold=0.1, window_days=3).collect()}
    assert got["f1"] == got["f2"] == got["f3"] == "f1"  # seed = earliest member
    assert got["v1"] == got["v2"] == "v1"
    assert got["f9"] == "f9" and got["u1"] == "u1"
    assert len(got) == 7
    # without a time window the late copy of the fire story joins it
    nowin = {r.article_id: r.story_key for r in cluster_stories(df, threshold=0.1, window_days=None).collect()}
    assert nowin["f9"] == "f1"


def test_round_up_does_not_chain_two_events(spark):
    roundup = ("Morning briefing. " + FIRE + VOTE)
    df = spark.createDataFrame(_rows()[:5] + [("r1", None, roundup, "2024-05-07T09:00:00Z", "z")], SCHEMA)
    got = {r.article_id: r.story_key for r in cluster_stories(df, threshold=0.3).collect()}
    assert got["f1"] == got["f2"] and got["v1"] == got["v2"]
    assert got["f1"] != got["v1"]  # r1 is close to both events; components alone would glue them
    assert got["r1"] in (got["f1"], got["v1"], "r1")


def test_same_result_with_other_partitionings(spark):
    df = spark.createDataFrame(_rows(), SCHEMA)
    a = sorted(cluster_stories(df.repartition(1), threshold=0.1).collect())
    b = sorted(cluster_stories(df.repartition(4, "source"), threshold=0.1).collect())
    assert a == b


def test_rejects_bad_arguments_before_running(spark):
    df = spark.createDataFrame(_rows(), SCHEMA)
    with pytest.raises(ValueError, match="window_days"):
        cluster_stories(df, window_days=-1)
    with pytest.raises(ValueError, match="threshold"):
        cluster_stories(df, threshold=0)
    with pytest.raises(ValueError, match="lacks column"):
        cluster_stories(df.drop("text"))
