"""Story clustering on tiny DataFrames in local mode."""

from __future__ import annotations

import pytest
from pyspark.testing import assertDataFrameEqual

from storyline.spark.cluster import article_keys, cluster_stories, join_lone, similar_pairs

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


def test_an_undated_article_does_not_bridge_one_topic_told_a_year_apart(spark):
    """The same fire story in May and a year later, and an undated copy close to both: two stories, not one."""
    rows = _rows()[:3] + [
        ("f8", "Riverside chemical plant blaze", FIRE + FILLER, "2025-05-20", "d"),
        ("f7", "Oakvale chemical plant blaze", FIRE.replace("battled", "fought"), "2025-05-21", "e"),
        ("fu", "Riverside plant blaze in Oakvale", FIRE, None, "f"),
    ]
    got = {r.article_id: r.story_key for r in
           cluster_stories(spark.createDataFrame(rows, SCHEMA), threshold=0.1, window_days=3).collect()}
    assert got["f1"] == got["f2"] == got["f3"]
    assert got["f8"] == got["f7"]
    assert got["f1"] != got["f8"]  # without the time check, "fu" glued both years into one story
    nowin = {r.article_id: r.story_key for r in
             cluster_stories(spark.createDataFrame(rows, SCHEMA), threshold=0.1, window_days=None).collect()}
    assert len(set(nowin.values())) == 1


def test_a_lone_article_never_stretches_a_story_past_the_window(spark):
    e12 = 10 ** 12
    label = spark.createDataFrame([
        ("s1", "2024-05-06", "s1"), ("s2", "2024-05-07", "s1"), ("late", "2025-05-06", "late"),
        ("near", "2024-05-08", "near"), ("undated", None, "undated")],
        "article_id string, ts string, label string").selectExpr("article_id", "to_timestamp(ts) as ts", "label")
    similar = spark.createDataFrame([("late", "s1", int(0.3 * e12), 0), ("near", "s2", int(0.3 * e12), 0),
                                     ("s2", "undated", int(0.3 * e12), 0)], "a string, b string, q long, n int")
    got = {r.article_id: r.label for r in join_lone(label, similar, 0.1, 0.03, window_days=3).collect()}
    assert got["near"] == got["undated"] == "s1" and got["late"] == "late"
    anytime = {r.article_id: r.label for r in join_lone(label, similar, 0.1, 0.03).collect()}
    assert anytime["late"] == "s1"


def test_a_dated_lone_article_joins_a_story_of_no_known_date_only_on_shared_names(spark):
    """Stories u (u1, u2) and w (w1, w2) have no dates; a dated page is as near to u as a pair linked on topic words
    alone, and a dated report shares two names with w. Time cannot tell the page from an event of another year."""
    e12 = 10 ** 12
    label = spark.createDataFrame([
        ("u1", None, "u1"), ("u2", None, "u1"), ("w1", None, "w1"), ("w2", None, "w1"),
        ("page", "2020-01-10", "page"), ("report", "2013-04-02", "report"), ("brief", None, "brief")],
        "article_id string, ts string, label string").selectExpr("article_id", "to_timestamp(ts) as ts", "label")
    similar = spark.createDataFrame([
        ("page", "u1", int(0.15 * e12), 0), ("report", "w2", int(0.15 * e12), 2), ("brief", "u2", int(0.15 * e12), 0)],
        "a string, b string, q long, n int")
    got = {r.article_id: r.label for r in join_lone(label, similar, 0.1, 0.03, window_days=3).collect()}
    assert got["page"] == "page"  # no shared name: half of 0.15 is under the threshold
    assert got["report"] == "w1" and got["brief"] == "u1"  # two shared names; an undated brief as before
    anytime = {r.article_id: r.label for r in join_lone(label, similar, 0.1, 0.03).collect()}
    assert anytime["page"] == "u1"  # without a time window, dates say nothing


def test_round_up_does_not_chain_two_events(spark):
    roundup = ("Morning briefing. " + FIRE + VOTE)
    df = spark.createDataFrame(_rows()[:5] + [("r1", None, roundup, "2024-05-07T09:00:00Z", "z")], SCHEMA)
    got = {r.article_id: r.story_key for r in cluster_stories(df, threshold=0.3).collect()}
    assert got["f1"] == got["f2"] and got["v1"] == got["v2"]
    assert got["f1"] != got["v1"]  # r1 is close to both events; components alone would glue them
    assert got["r1"] in (got["f1"], got["v1"], "r1")


def test_same_result_with_other_partitionings(spark):
    df = spark.createDataFrame(_rows(), SCHEMA)
    assertDataFrameEqual(cluster_stories(df.repartition(1), threshold=0.1),
                         cluster_stories(df.repartition(4, "source"), threshold=0.1))


def test_pairs_joined_on_hashed_keys_are_the_pairs_joined_on_ids(spark):
    # vectors of six articles over two terms; "x" is days after the others, outside a 3-day window. The hashes of
    # "b" and "e" sort the other way round from the ids, so a pair keeps a < b only if it is mapped back right.
    vec = spark.createDataFrame([("b", "fire", 600_000), ("a", "fire", 800_000), ("a", "plant", 600_000),
                                 ("c", "plant", 1_000_000), ("e", "fire", 1_000_000), ("x", "fire", 1_000_000)],
                                "article_id string, term string, q long")
    days = spark.createDataFrame([("a", 0), ("b", 0), ("c", 1), ("e", 2), ("x", 9)], "article_id string, day int")
    keys = spark.createDataFrame([("a", "k:oakvale"), ("b", "k:oakvale")], "article_id string, term string")
    hashed, n = article_keys(days)
    assert n == 5 and hashed is not None
    h = {r.article_id: r.h for r in hashed.collect()}
    assert h["e"] < h["b"]
    by_ids = sorted(similar_pairs(vec, days, 3, 0.1, keys).collect())
    by_keys = sorted(similar_pairs(vec, days, 3, 0.1, keys, hashed).collect())
    assert by_keys == by_ids
    got = {(r.a, r.b): (r.q, r.n) for r in by_keys}
    assert got[("a", "b")] == (800_000 * 600_000, 1)  # a < b as strings, whatever the order of the hashes
    assert got[("a", "c")] == (600_000 * 1_000_000, 0)
    assert got[("b", "e")] == (600_000 * 1_000_000, 0)
    assert not any("x" in pair for pair in got)  # days from the others


def test_article_keys_refuse_ids_that_share_a_hash(spark):
    # the same id twice has one hash for two rows, as two colliding ids would: the pairs then join on the ids
    df = spark.createDataFrame([("a",), ("a",), ("b",)], "article_id string")
    hashed, n = article_keys(df)
    assert hashed is None and n == 3


def test_rejects_bad_arguments_before_running(spark):
    df = spark.createDataFrame(_rows(), SCHEMA)
    with pytest.raises(ValueError, match="window_days"):
        cluster_stories(df, window_days=-1)
    with pytest.raises(ValueError, match="threshold"):
        cluster_stories(df, threshold=0)
    with pytest.raises(ValueError, match=r"needs columns \['text'\]"):
        cluster_stories(df.drop("text"))
    with pytest.raises(ValueError, match="'published' must be string or timestamp, got int"):
        cluster_stories(df.withColumn("published", df["source"].isNull().cast("int")))


def test_a_lone_article_joins_the_story_it_is_clearly_nearest_to(spark):
    """After clustering: stories s (s1, s2) and t (t1, t2), and lone articles. Cosines are quantised (x 10^12)."""
    e12 = 10 ** 12
    label = spark.createDataFrame([(a, None, lab) for a, lab in [
        ("s1", "s1"), ("s2", "s1"), ("t1", "t1"), ("t2", "t1"),
        ("brief", "brief"), ("both", "both"), ("far", "far"), ("p", "p"), ("q", "q")]],
        "article_id string, ts timestamp, label string")
    similar = spark.createDataFrame([
        ("brief", "s2", int(0.15 * e12), 0), ("brief", "t1", int(0.06 * e12), 0),  # clearly nearer story s
        ("both", "s1", int(0.14 * e12), 1), ("both", "t2", int(0.13 * e12), 1),  # about as near to s as to t
        ("far", "t1", int(0.08 * e12), 0),  # near t, but under the threshold
        ("p", "q", int(0.2 * e12), 0),  # two lone articles (two events of one city) make no story on their own
    ], "a string, b string, q long, n int")
    got = {r.article_id: r.label for r in join_lone(label, similar, threshold=0.1, margin=0.03).collect()}
    assert got["brief"] == got["s1"] == got["s2"] != got["t1"] == got["t2"]
    assert len({got[a] for a in ("both", "far", "s1", "t1", "p", "q")}) == 6  # "both", "far", "p" and "q" stay alone
    # off, nothing moves
    kept = cluster_stories(spark.createDataFrame(_rows(), SCHEMA), threshold=0.1, lone_margin=None).collect()
    assert len({r.story_key for r in kept}) == 4


_TOPICS = ("harbour dredging", "library hours", "bus timetable", "school meals", "park lighting", "river survey",
           "market stalls", "tram repairs", "museum loans", "tax forms")


def _english_day(n: int) -> list[tuple]:
    """``n`` English reports of one day, on many topics: the corpus a few articles of another language sit in."""
    return [(f"e{i}", f"Update {i} on the {_TOPICS[i % 10]}",
             f"Officials in district {i} gave an update on the {_TOPICS[i % 10]} after residents asked for one. "
             f"The work number {i} is planned for the spring, officials said.", "2024-05-07T09:00:00Z", "wire")
            for i in range(n)]


def test_a_few_articles_of_another_language_do_not_join_on_its_function_words(spark):
    """Two Portuguese reports of different events on one day, in a corpus that is mostly English: "que", "de" and
    "nesta" are rare in the corpus but say nothing of either event, so the reports stay apart; a second telling of
    the first event joins it."""
    bridge = ("O prefeito de Itaguá anunciou nesta terça-feira que a ponte sobre o rio Paraíba será fechada para "
              "obras durante três meses. Segundo a prefeitura, os motoristas devem usar a estrada velha, que passa "
              "pelo centro da cidade, enquanto a ponte estiver em obras.")
    theft = ("A polícia de Campo Verde prendeu nesta terça-feira dois homens que roubaram uma joalheria no centro "
             "da cidade. De acordo com os investigadores, os suspeitos foram levados para a delegacia, onde "
             "prestaram depoimento durante a tarde, e as joias foram devolvidas ao dono da loja.")
    again = ("A ponte sobre o rio Paraíba, em Itaguá, ficará fechada por três meses para obras, anunciou o prefeito "
             "nesta terça-feira. A prefeitura pede aos motoristas que usem a estrada velha.")
    rows = _english_day(40) + [
        ("p1", "Ponte sobre o Paraíba fecha para obras", bridge, "2024-05-07T10:00:00Z", "folha"),
        ("p2", "Polícia prende suspeitos de roubo a joalheria", theft, "2024-05-07T11:00:00Z", "globo"),
        ("p3", "Itaguá fecha ponte por três meses", again, "2024-05-07T12:00:00Z", "estadao"),
    ]
    got = {r.article_id: r.story_key for r in
           cluster_stories(spark.createDataFrame(rows, SCHEMA), threshold=0.1, window_days=3).collect()}
    assert got["p1"] == got["p3"] != got["p2"], {k: v for k, v in got.items() if k.startswith("p")}
