"""Each Spark stage on tiny DataFrames, in local mode."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from pyspark.sql import functions as F
from pyspark.testing import assertDataFrameEqual

from storyline.config import load_config
from storyline.core.story.features import SummaryConfig
from storyline.spark import articles as A
from storyline.spark import clean as C
from storyline.spark import digest as D
from storyline.spark import stories as S
from storyline.spark.dedup import exact_duplicates
from storyline.core.ingest.inputs import plan_tasks
from storyline.spark.ingest import SMALL_READ_BYTES, read_inputs, read_slices
from storyline.spark.schemas import SchemaError
from storyline.spark.sentences import sentences_table
from storyline.spark.story_ids import inherit_ids
from storyline.spark.session import checkpoint, use_checkpoints

BODY = ("The port authority closed the harbour on Monday as the storm pushed waves over the sea wall, and "
        "officials said ships would wait offshore until the wind dropped below gale force. Dock workers were "
        "sent home and the ferry to the islands was cancelled for two days.")


def _write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def test_ingest_reads_jsonl_text_and_parquet_with_locators(spark, tmp_path):
    _write_jsonl(tmp_path / "a.jsonl", [{"id": "j1", "text": BODY}, {"id": "j2"}])
    (tmp_path / "t.txt").write_text("Storm shuts port\n\n" + BODY)
    spark.createDataFrame([("p1", BODY, "herald")], "id string, body string, outlet string").write.parquet(
        str(tmp_path / "pq"))
    cfg = load_config(overrides={"ingest.fields.text": ["text", "body"]}).ingest
    raw, n = read_inputs(spark, [str(tmp_path / "a.jsonl"), str(tmp_path / "t.txt"), str(tmp_path / "pq")], cfg)
    rows = {(r["id"] or r["source_path"].rsplit("/", 1)[1]): r for r in raw.collect()}
    assert n == 3
    assert rows["j1"]["kind"] == "article" and rows["j1"]["locator"] == "line 1"
    assert rows["j2"]["kind"] == "reject" and rows["j2"]["reason"] == "missing_text"
    assert rows["t.txt"]["text"].startswith("Storm shuts port")
    assert rows["p1"]["source"] == "herald" and rows["p1"]["locator"] == "row 0"


@pytest.mark.parametrize("n_files", [5, 1])
def test_records_are_prepared_where_they_are_read_unless_they_are_spread_first(spark, tmp_path, n_files):
    folder = tmp_path / "in"
    folder.mkdir()
    for i in range(n_files):
        (folder / f"t{i}.txt").write_text(f"Storm shuts port {i}\n\n" + BODY + "\n\nSubscribe to our newsletter")
    cfg = load_config().ingest
    fused, n = read_inputs(spark, [str(folder)], cfg, then=C.preparer(cfg))
    raw, _ = read_inputs(spark, [str(folder)], cfg)
    key = lambda r: r["source_path"]  # noqa: E731
    assert n == n_files
    assertDataFrameEqual(fused, C.prepare(raw, cfg))
    assert all(r["text"] and "Subscribe" not in r["text"] for r in sorted(fused.collect(), key=key))
    # five files are enough tasks for two cores: read and prepared by one Python function; one file is spread
    # over the cores first, and prepared after the shuffle
    plan = io.StringIO()
    with contextlib.redirect_stdout(plan):
        fused.explain()
    # once run, an adaptive plan prints its final plan and then its initial one: count the steps of one of them
    python_maps = plan.getvalue().split("== Initial Plan ==")[0].count("MapInPandas")
    assert python_maps == (1 if n_files == 5 else 2)


def test_a_table_of_one_uneven_partition_is_dealt_over_every_core_before_its_python_step(spark):
    from storyline.spark.cluster import raw_terms
    from storyline.spark.mapping import spread

    df = spark.createDataFrame([(f"a{k}", f"Port Calder council vote {k} on fares.") for k in range(400)],
                               "article_id string, text string").coalesce(1)
    cores = spark.sparkContext.defaultParallelism
    sizes = spread(df).rdd.glom().map(len).collect()
    assert len(sizes) == 2 * cores and sum(sizes) == 400 and min(sizes) > 400 / (4 * cores)
    # the terms step runs over the dealt rows: as many tasks as partitions, whatever the table came in as
    assert raw_terms(df).rdd.getNumPartitions() == 2 * cores


def test_story_digests_stream_over_batches_that_split_a_story():
    import pandas as pd

    from storyline.spark.mapping import runs

    assert runs(["a", "a", "b", "c", "c"]) == [(0, 2), (2, 3), (3, 5)] and runs([]) == []
    cols = ["story_id", "article_id", "idx", "text", "source", "published", "title"]
    rows = []
    for sid, n in (("s-1", 3), ("s-2", 7), ("s-3", 2)):
        for k in range(n):
            rows.append((sid, f"{sid}-a{k % 2}", k, f"Sentence {k} of story {sid} about the harbour storm.",
                         f"outlet{k % 2}", "2024-05-06T10:00:00Z", f"Title {sid}"))
    df = pd.DataFrame(rows, columns=cols)
    cfg = SummaryConfig(words=40)
    one = D.story_digester(cfg, "")
    want = pd.concat([one(g) for _, g in df.groupby("story_id", sort=True)], ignore_index=True)
    # batches cut inside s-2 (twice) and between s-2 and s-3, and an empty batch: every story comes out once, whole
    batches = [df.iloc[0:5], df.iloc[5:5], df.iloc[5:8], df.iloc[8:10], df.iloc[10:]]
    got = pd.concat(list(D.digest_batches(cfg, "")(iter(batches))), ignore_index=True)
    assert got["story_id"].tolist() == ["s-1", "s-2", "s-3"]
    assert got.astype(str).values.tolist() == want.astype(str).values.tolist()


def test_read_tasks_go_one_slice_per_core_for_a_small_input(tmp_path):
    f, g = tmp_path / "a.jsonl", tmp_path / "b.html"
    f.write_bytes(b"x" * 1000)
    g.write_bytes(b"<p>x</p>")
    tasks = plan_tasks([(str(f), "jsonl"), (str(g), "html")], chunk_bytes=400)
    assert [(t.start, t.end, t.size) for t in tasks] == [(0, 400, 400), (400, 800, 400), (800, -1, 200), (0, -1, 8)]
    assert read_slices(13, sum(t.size for t in tasks), 2) == 2
    assert read_slices(13, SMALL_READ_BYTES, 2) == 8  # uneven files even out over four slices a core
    assert read_slices(3, SMALL_READ_BYTES, 2) == 3 and read_slices(0, 0, 4) == 1


def test_boilerplate_learned_across_topics_but_not_within_one_story(spark):
    topics = ["harbour storm ferry", "council fares buses", "museum artefacts returned", "heatwave grid power",
              "election result turnout"]
    rows = []
    for i, t in enumerate(topics):
        text = f"{t} " * 20 + "\nShare this article on social media\n" + f"{t} closing words here"
        if i < 2:
            text += "\n\u201cWe wish him well,\u201d the chairman said."
        rows.append((f"a{i}", text, f"topic{i}", "/in", f"line {i}", f"outlet{i}"))
    # the shared quote recurs in 4 articles of ONE topic: not boilerplate
    for j in range(4):
        rows.append((f"q{j}", "harbour storm ferry " * 20 + "\nThe captain said the sea was the worst in years.",
                     "topicX", "/in", f"line {10 + j}", f"outlet{j}"))
    df = spark.createDataFrame(rows, "article_id string, text string, topic_key string, source_path string, "
                                     "locator string, source string")
    cfg = load_config().clean
    kept, removed = C.remove_boilerplate(df, cfg)
    gone = {r["text"] for r in removed.collect()}
    assert gone == {"Share this article on social media"}
    texts = {r["article_id"]: r["text"] for r in kept.collect()}
    assert "Share this article" not in texts["a0"] and "captain said" in texts["q0"]


def test_boilerplate_lines_that_differ_in_case_are_one_line_accents_included(spark):
    # the same teaser in capitals on two sites and in lower case on three: lower() must fold É to é (Spark's
    # lower() runs on the JVM's case mappings in storyline's config, not ICU's)
    topics = ["harbour storm ferry", "council fares buses", "museum artefacts returned", "heatwave grid power",
              "election result turnout"]
    teaser = ["LISEZ AUSSI : ÉTÉ À MONTRÉAL", "Lisez aussi : été à Montréal"]
    rows = [(f"a{i}", f"{t} " * 20 + "\n" + teaser[0 if i < 2 else 1] + "\n" + f"{t} closing words here",
             f"topic{i}", "/in", f"line {i}", None) for i, t in enumerate(topics)]
    df = spark.createDataFrame(rows, "article_id string, text string, topic_key string, source_path string, "
                                     "locator string, source string")
    kept, removed = C.remove_boilerplate(df, load_config().clean)
    assert sorted(r["text"] for r in removed.collect()) == sorted([teaser[0]] * 2 + [teaser[1]] * 3)
    assert not any("LISEZ" in r["text"] or "Lisez" in r["text"] for r in kept.collect())


def test_a_template_line_whose_date_and_page_change_is_learned_as_one_line(spark):
    # each article carries the print notice with its own date and page: the line's shape recurs, its text does not
    topics = ["harbour storm ferry", "council fares buses", "museum artefacts returned", "heatwave grid power",
              "election result turnout"]
    days = ["June 15, 2017", "March 3, 2018", "November 16, 2012", "May 2, 2019", "January 30, 2020"]
    rows = [(f"a{i}", f"{t} " * 20 + f"\nA version of this article appeared {d}, on page A{i + 1}.\n{t} closing words",
             f"topic{i}", "/in", f"line {i}", f"outlet{i}") for i, (t, d) in enumerate(zip(topics, days))]
    df = spark.createDataFrame(rows, "article_id string, text string, topic_key string, source_path string, "
                                     "locator string, source string")
    kept, removed = C.remove_boilerplate(df, load_config().clean)
    assert len(removed.collect()) == 5
    assert not any("A version of this article" in r["text"] for r in kept.collect())


def test_a_line_an_outlet_repeats_on_unrelated_stories_is_its_furniture_but_not_a_line_two_outlets_share(spark):
    promo = "For the latest news download the Valley Ledger apps for iOS and Android."
    quote = "The mayor said the decision was final."
    rows = [("l1", "harbour storm ferry " * 20 + "\n" + promo, "storm", "/in", "1", "Valley Ledger"),
            ("l2", "council fares buses " * 20 + "\n" + promo, "fares", "/in", "2", "Valley Ledger"),
            ("l0", "river festival crowds " * 20 + "\n" + promo, "festival", "/in", "0", "Valley Ledger"),
            # one outlet's two versions of one report share a line: content
            ("l3", "museum artefacts returned " * 20 + "\n" + quote, "museum", "/in", "3", "Valley Ledger"),
            ("l4", "museum artefacts handed back " * 20 + "\n" + quote, "museum", "/in", "4", "Valley Ledger"),
            # two outlets on two stories share a line: not the furniture of either
            ("m1", "heatwave grid power " * 20 + "\nRead the full report on the council website.", "heat", "/in",
             "5", "Metro"),
            ("m2", "election result turnout " * 20 + "\nRead the full report on the council website.", "vote",
             "/in", "6", "Courier")]
    df = spark.createDataFrame(rows, "article_id string, text string, topic_key string, source_path string, "
                                     "locator string, source string")
    kept, removed = C.remove_boilerplate(df, load_config().clean)
    assert sorted((r["article_id"], r["text"]) for r in removed.collect()) == [("l0", promo), ("l1", promo), ("l2", promo)]
    texts = {r["article_id"]: r["text"] for r in kept.collect()}
    assert quote in texts["l3"] and quote in texts["l4"] and "full report" in texts["m1"]


def test_boilerplate_leaves_other_articles_as_they_came_and_empties_an_article_of_nothing_else(spark):
    topics = ["harbour storm ferry", "council fares buses", "museum artefacts returned", "heatwave grid power",
              "election result turnout"]
    share = "Share this article on social media"
    rows = [(f"a{i}", f"{t} " * 20 + "\n" + share, f"topic{i}", "/in", f"line {i}", f"outlet{i}")
            for i, t in enumerate(topics)]
    untouched = "  Lead line with spaces  \n\n\r\nA long paragraph " + "word " * 40 + "\n"  # blank lines, a CR, a last break
    rows += [("only", share, "topicZ", "/in", "line 9", "outlet9"), ("plain", untouched, "topicY", "/in", "line 8", None)]
    df = spark.createDataFrame(rows, "article_id string, text string, topic_key string, source_path string, "
                                     "locator string, source string")
    kept, removed = C.remove_boilerplate(df, load_config().clean)
    texts = {r["article_id"]: r["text"] for r in kept.collect()}
    assert texts["plain"] == untouched and texts["only"] is None
    assert texts["a0"] == "harbour storm ferry " * 20 and len(removed.collect()) == 6


def test_duplicate_ids_exact_duplicates_and_sentences(spark):
    rows = [
        ("article", "x", "/in/a.jsonl", "line 1", BODY, "2024-01-02", None),
        ("article", "x", "/in/a.jsonl", "line 2", BODY + " Extra.", "2024-01-01", None),
        ("article", "y", "/in/b.jsonl", "line 1", BODY.upper(), "2024-01-01", None),
        ("article", "z", "/in/b.jsonl", "line 2", "Too short to keep.", None, None),
    ]
    df = spark.createDataFrame(rows, "kind string, article_id string, source_path string, locator string, "
                                     "text string, published string, topic_key string")
    first, dup_ids = A.reject_duplicate_ids(df)
    assert [(r["article_id"], r["locator"]) for r in dup_ids.collect()] == [("x", "line 2")]
    final = A.finalize(first, min_words=10)
    by = {r["article_id"]: r for r in final.collect()}
    assert by["z"]["kind"] == "reject" and by["z"]["reason"] == "too_short"
    good = final.filter("kind = 'article'")
    canon, dups = exact_duplicates(good)
    assert [(r["article_id"], r["canonical_id"]) for r in dups.collect()] == [("x", "y")]
    sents = sentences_table(canon).orderBy("idx").collect()
    assert len(sents) == 2 and sents[0]["text"].startswith("THE PORT AUTHORITY")
    assert BODY.upper()[sents[1]["start"]:sents[1]["end"]] == sents[1]["text"]


def test_exact_duplicates_without_adaptive_execution(spark, tmp_path):
    """The canonical articles come from a join of the input with its own checkpointed ranking; without adaptive
    execution Spark refuses a join whose two sides share an attribute, so the key must be renamed."""
    rows = [("a", BODY, "h1", None, "article"), ("b", BODY, "h1", "2024-01-01", "article"),
            ("c", BODY + " More.", "h2", None, "article"), ("d", "", "h3", None, "reject")]
    spark.createDataFrame(rows, "article_id string, text string, content_hash string, published string, "
                                "kind string").write.parquet(str(tmp_path / "final"))
    # shaped as the dedup stage shapes the written table: its articles, a projection with a cast, the ``_old`` flag
    arts = spark.read.parquet(str(tmp_path / "final")).filter(F.col("kind") == "article").select(
        *[F.col(c).alias(c) for c in ("article_id", "text", "content_hash")],
        F.expr("try_cast(published as timestamp)").alias("published"),
    ).withColumn("_old", F.lit(0))
    use_checkpoints(spark, tmp_path / "checkpoints")  # as a run does
    before = spark.conf.get("spark.sql.adaptive.enabled")
    spark.conf.set("spark.sql.adaptive.enabled", "false")
    try:
        canon, dups = exact_duplicates(arts)
        kept = sorted(r["article_id"] for r in canon.collect())
        folded = [(r["article_id"], r["canonical_id"]) for r in dups.collect()]
    finally:
        spark.conf.set("spark.sql.adaptive.enabled", before)
    assert kept == ["b", "c"] and folded == [("a", "b")]


def test_stage_rejects_bad_schema_before_running(spark):
    df = spark.createDataFrame([("a",)], "article_id string")
    with pytest.raises(SchemaError, match="finalize"):
        A.finalize(df, 10)


def test_group_by_stories_and_summaries(spark):
    arts = spark.createDataFrame(
        [("a1", "g1", "herald", "2024-01-01", "Storm closes port", BODY), ("a2", "g1", "gazette", "2024-01-01", None, BODY),
         ("b1", None, "post", None, "Other", BODY)],
        "article_id string, `group` string, outlet string, published string, title string, text string")
    cfg = load_config(overrides={"stories.group_by": "group"}).stories
    assign = S.assign_stories(arts, cfg)
    ids = {r["article_id"]: r["story_id"] for r in assign.collect()}
    assert ids["a1"] == ids["a2"] != ids["b1"]
    assert all(v.startswith("s-") and len(v) == 18 for v in ids.values())
    sents = spark.createDataFrame(
        [("a1", 0, "The port closed on Monday as the storm pushed waves over the wall."),
         ("a2", 0, "The port was closed on Monday as the storm pushed waves over the sea wall."),
         ("b1", 0, "Something else entirely happened in another city on another day.")],
        "article_id string, idx int, text string")
    summ = D.digest_stories(D.story_sentences(sents, arts, assign), SummaryConfig(words=40)).collect()
    by = {r["story_id"]: r for r in summ}
    s = by[ids["a1"]]
    assert s["title"] == "Storm closes port"
    assert len(s["summary"]) == 1 and sorted(s["summary"][0]["article_ids"]) == ["a1", "a2"]


def test_one_pass_gives_facts_and_a_summary_that_knows_the_disputes(spark):
    """Facts and summary come from the same pass: the dispute the facts find marks the summary sentence on one side,
    and the title (the earliest article's, were it neutral) takes no side."""
    rows = [("a", "x.com", "2016-10-04T00:00:00Z", "Backman resigned as Las Vegas manager", 0,
             "General manager Sandy Alderson said Wally Backman resigned from the club."),
            ("b", "y.com", "2016-10-05T00:00:00Z", "Mets and Backman part ways", 0,
             "Sources said Backman was fired by the team last week.")]
    sents = spark.createDataFrame(
        [("s-1", a, i, t, src, pub, title) for a, src, pub, title, i, t in rows],
        "story_id string, article_id string, idx int, text string, source string, published string, title string")
    (row,) = D.digest_stories(sents, SummaryConfig(words=60)).collect()
    assert [(d["subject"], sorted(x["claim"] for x in d["sides"])) for d in row["disputed"]] == [
        ("what happened to Wally Backman", ["fired", "resigned"])]
    assert row["title"] == "Mets and Backman part ways"
    assert row["summary"] and all(s["dispute"] and s["dispute"]["subject"] == "what happened to Wally Backman"
                                  for s in row["summary"])


def test_a_table_unlike_its_declared_schema_is_refused_before_it_is_written(spark):
    from storyline.spark.schemas import STORY_ARTICLES, SchemaError, check_schema

    check_schema(spark.createDataFrame([("a", "s-1")], "article_id string, story_id string"), STORY_ARTICLES,
                 "stories", "story_articles")
    bad = spark.createDataFrame([("a", 1)], "article_id string, story_id int")
    with pytest.raises(SchemaError, match=r"'stories' wrote table 'story_articles'.*story_id: declared string, got int"):
        check_schema(bad, STORY_ARTICLES, "stories", "story_articles")


def test_row_counts_of_several_tables_in_one_query(spark):
    from storyline.spark.report import row_counts as _row_counts

    a = spark.createDataFrame([("x",), ("y",), ("z",)], "id string")
    empty = spark.createDataFrame([], "id string")
    assert _row_counts({"a": a, "empty": empty, "b": a.limit(1)}) == {"a": 3, "empty": 0, "b": 1}


def test_one_name_has_one_type_across_the_stories_of_a_run(spark):
    from storyline.spark import schemas as SC
    from storyline.spark.write import agree_entity_types

    def ent(name, typ, n):
        return {"name": name, "type": typ, "mentions": n, "outlets": ["x"], "article_ids": ["a"], "variants": []}

    rows = [
        {"story_id": "s1", "title": "t", "summary": [], "entities": [ent("Eastmarch", "GPE", 5), ent("Lund", "PERSON", 2)],
         "timeline": [], "corroborated": [], "disputed": [], "single_source": []},
        {"story_id": "s2", "title": "t", "summary": [], "entities": [ent("Selwick", "GPE", 1), ent("Eastmarch", "ORG", 2)],
         "timeline": [], "corroborated": [], "disputed": [], "single_source": []},
        {"story_id": "s3", "title": "t", "summary": [], "entities": [], "timeline": [], "corroborated": [],
         "disputed": [], "single_source": []},
    ]
    digests = spark.createDataFrame(rows, SC.STORY_DIGEST)
    out = {r["story_id"]: [(e["name"], e["type"], e["mentions"]) for e in r["entities"]]
           for r in agree_entity_types(digests).collect()}
    assert out == {"s1": [("Eastmarch", "GPE", 5), ("Lund", "PERSON", 2)],
                   "s2": [("Selwick", "GPE", 1), ("Eastmarch", "GPE", 2)], "s3": []}
    assert agree_entity_types(digests).columns == digests.columns


def test_story_ids_last_across_runs_through_merges_splits_and_an_earlier_report(spark):
    """This run's grouping (each story named from its content) against the earlier output's."""

    previous = spark.createDataFrame(
        [("a1", "A"), ("a2", "A"), ("b1", "B"), ("b2", "B"), ("b3", "B"), ("c1", "C"), ("c2", "C"), ("c3", "C"),
         ("d1", "D")], "article_id string, story_id string")
    grouping = spark.createDataFrame(
        [(a, "sX") for a in ("a1", "a2", "b1", "b2", "b3", "n1")]  # A and B merge; B has more articles
        + [(a, "sY") for a in ("c1", "c2", "n2")]  # most of C, and a new article
        + [("c3", "sZ")]  # a piece that broke away from C
        + [(a, "sW") for a in ("n3", "n4")]  # all new
        + [("d1", "sV"), ("n0", "sV")],  # D, and a report earlier than D's, which names the grouping
        "article_id string, story_id string")
    ids, lineage = inherit_ids(grouping, previous)
    story = {r.article_id: r.story_id for r in ids.collect()}
    line = {r.story_id: r.asDict() for r in lineage.collect()}
    assert story["a1"] == story["n1"] == "B" and line["B"]["merged_from"] == ["A"] and line["B"]["before"] == "B"
    assert story["c1"] == story["n2"] == "C" and line["C"]["merged_from"] == [] and line["C"]["split_from"] == []
    piece = story["c3"]
    assert piece not in ("sZ", "C") and line[piece]["split_from"] == ["C"] and line[piece]["before"] is None
    assert story["n3"] == "sW" and line["sW"]["before"] is None and not line["sW"]["merged_from"]
    # an earlier story keeps its id when a new report older than all of its own joins it: never a new article's id
    assert story["d1"] == story["n0"] == "D" and line["D"]["merged_from"] == [] and line["D"]["before"] == "D"
    assert len(set(story.values())) == 5 and set(line) == set(story.values())
    # no earlier output: this run's own names
    alone, _ = inherit_ids(grouping, None)
    assert {r.story_id for r in alone.collect()} == {"sX", "sY", "sZ", "sW", "sV"}


def test_a_story_split_in_three_keeps_its_id_on_its_largest_part_and_the_others_name_it(spark):

    previous = spark.createDataFrame([(f"a{k}", "s-a") for k in range(1, 7)] + [("b1", "s-b"), ("b2", "s-b")],
                                     "article_id string, story_id string")
    grouping = spark.createDataFrame(
        [("a1", "g1"), ("a2", "g1")]  # the earlier story's first report, and one more
        + [(a, "g2") for a in ("a3", "a4", "a5")]  # most of it
        + [("a6", "g3"), ("n1", "g3")]  # one of it, with a new report that is older than all
        + [("b1", "g4"), ("b2", "g4"), ("n2", "g4")],  # another story, unsplit
        "article_id string, story_id string")
    ids, lineage = inherit_ids(grouping, previous)
    story = {r.article_id: r.story_id for r in ids.collect()}
    line = {r.story_id: r.asDict() for r in lineage.collect()}
    assert story["a3"] == story["a4"] == story["a5"] == "s-a" and line["s-a"]["before"] == "s-a"
    assert story["b1"] == story["n2"] == "s-b"
    parts = {story["a1"], story["a6"]}
    assert len(parts) == 2 and not parts & {"s-a", "s-b", "g1", "g3"}  # named apart, never after a new report
    assert all(line[p]["split_from"] == ["s-a"] and line[p]["before"] is None for p in parts)
    again, _ = inherit_ids(grouping, previous)  # the same names every time
    assert {r.article_id: r.story_id for r in again.collect()} == story


def _fire(k: int) -> str:
    return (f"A fire at the Kelso textile mill in Brannock killed {9 + k} workers on Monday, the Brannock fire "
            "service said. Fire chief Moira Tallis said the blaze started in the Kelso mill's dye house and spread "
            "through the roof. The Kelso mill owner, Dunmore Textiles, said it would help the families.")


def _bridge(k: int) -> str:
    return (f"The Harlow Bridge over the river Teme in Castleby will close for {3 + k} weeks of repairs, the "
            "Castleby council said. Council engineer Priya Anand said cracks were found in the Harlow Bridge's "
            "main span. Ferries will run between Castleby and Westmoor while the Harlow Bridge is shut.")


def test_a_nightly_run_keeps_the_stories_no_new_article_can_reach_and_clusters_the_rest(spark):
    """An earlier story all of whose articles are more than stories.window_days from every new article is kept
    as it was, not clustered again (its odd third article, which clustering would put apart, stays); a story
    within reach gains the new article and keeps its id."""
    cfg = load_config().stories
    rows = [("f1", "Kelso mill fire", _fire(0), "2024-03-01T09:00:00Z", "Wire"),
            ("f2", "Mill fire kills workers", _fire(1), "2024-03-01T11:00:00Z", "Herald"),
            ("x1", "Cup final", "Eastmarch beat Selwick 2-1 in the cup final at Lund Park on Saturday, with a late "
             "goal from Tomas Berg. Selwick's coach said his side had been unlucky.", "2024-03-01T20:00:00Z", "Post"),
            ("b1", "Harlow Bridge to close", _bridge(0), "2024-03-10T09:00:00Z", "Wire"),
            ("b2", "Bridge repairs", _bridge(1), "2024-03-10T12:00:00Z", "Herald"),
            ("n1", "Harlow Bridge closes", _bridge(2), "2024-03-11T08:00:00Z", "Gazette")]
    articles = spark.createDataFrame(rows, "article_id string, title string, text string, published string, "
                                           "outlet string")
    previous = spark.createDataFrame([("f1", "OLD"), ("f2", "OLD"), ("x1", "OLD"), ("b1", "NEAR"), ("b2", "NEAR")],
                                     "article_id string, story_id string")
    kept = S.settled(articles, previous, cfg.window_days)
    assert sorted(r.article_id for r in kept.collect()) == ["f1", "f2", "x1"]
    # a run stores the grouping before it names the stories; so does the test (the unstored plan, read by every
    # join of inherit_ids, would cluster again each time)
    grouping = checkpoint(S.assign_stories(articles, cfg, previous=previous))
    ids, _ = inherit_ids(grouping, previous)
    story = {r.article_id: r.story_id for r in ids.collect()}
    assert story["f1"] == story["f2"] == story["x1"] == "OLD"
    assert story["b1"] == story["b2"] == story["n1"] == "NEAR"
    # from scratch the odd article is a story of its own: the kept story was not clustered again
    scratch = {r.article_id: r.story_id for r in S.assign_stories(articles, cfg).collect()}
    assert scratch["f1"] == scratch["f2"] != scratch["x1"]
    # nothing new: every earlier story stays; an undated new article can reach any story
    assert kept.count() == 3 and S.settled(articles.where("article_id != 'n1'"), previous, cfg.window_days).count() == 5
    undated = articles.withColumn("published", F.when(F.col("article_id") == "n1", None).otherwise(F.col("published")))
    assert S.settled(undated, previous, cfg.window_days) is None


def test_a_stage_s_progress_counts_the_records_its_python_code_did_while_it_runs(spark):
    from storyline.spark.progress import StageProgress

    with StageProgress(spark, "[1/1] count", every=0) as progress:
        done = progress.counter("rows")

        def count(batches):
            for b in batches:
                done.add(len(b))
                yield b

        n = spark.range(0, 500, numPartitions=4).mapInPandas(count, "id long").count()
        line = progress.line()
    assert n == 500
    assert line.startswith("[1/1] count: 500 rows done ("), line
