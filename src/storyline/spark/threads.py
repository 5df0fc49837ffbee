"""Stories in their storylines: what the storyline finder reads of a story, and each story placed in its
storyline (its neighbours, the earlier stories a page lists), shared by the stages that find storylines, write the
facts and render the report."""

from __future__ import annotations

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.core.story.storylines import OPENING_SENTENCES

EARLIER_SHOWN = 5  # a story page lists at most this many earlier stories of its storyline, the latest ones


def story_inputs(stories: DataFrame) -> DataFrame:
    """What the finder reads of each story: title, lead, opening (the summary's first sentences by importance,
    their ``rank``), entities, day (its first publication, else the latest day its timeline gives) and when (its
    first publication, else the end of the latest year, month or day its timeline gives)."""
    epoch = F.lit("1970-01-01").cast("date")
    timeline_day = F.expr("array_max(transform(filter(timeline, t -> length(t.date) = 10), t -> t.date))")
    period_end = F.expr("array_max(transform(timeline, t -> CASE length(t.date) "
                        "WHEN 4 THEN make_date(int(t.date), 12, 31) "
                        "WHEN 7 THEN last_day(to_date(concat(t.date, '-01'))) "
                        "ELSE to_date(t.date) END))")
    published = F.datediff(F.to_date("first_published"), epoch)
    # the opening by importance, whatever order the reader's summary shows its lines in (a summary of lines with no
    # rank: in its order)
    ranked = "coalesce(s.rank, i)" if "rank" in stories.schema["summary"].dataType.elementType.fieldNames() else "i"
    return stories.select(
        "story_id", "title",
        F.expr("try_element_at(summary, 1).text").alias("lead"),
        F.expr(f"array_join(transform(slice(array_sort(transform(summary, (s, i) -> struct({ranked} AS r, i AS i, "
               f"s.text AS text))), 1, {OPENING_SENTENCES}), s -> s.text), ' ')").alias("opening"),
        F.expr("transform(entities, e -> struct(e.name as name, e.type as type, e.variants as variants))")
        .alias("entities"),
        F.coalesce(published, F.datediff(F.to_date(timeline_day), epoch)).alias("day"),
        F.coalesce(published, F.datediff(period_end, epoch)).alias("when"))


def per_story(storylines: DataFrame) -> DataFrame:
    """``story_id, storyline_id, previous, next``: each story's storyline and its neighbours there (null at an
    end)."""
    pos = storylines.select("storyline_id", "story_ids", F.posexplode("story_ids").alias("i", "story_id"))
    return pos.select(
        "story_id", "storyline_id",
        F.when(F.col("i") > 0, F.element_at("story_ids", F.col("i"))).alias("previous"),
        F.when(F.col("i") + 1 < F.size("story_ids"), F.element_at("story_ids", F.col("i") + 2)).alias("next"))


def in_storyline(stories: DataFrame, storylines: DataFrame) -> DataFrame:
    """``stories`` with each story's ``storyline_id`` and its neighbours there (``previous``, ``next``), and, in its
    ``changes``, the earlier story it ``continues``: a story new in this run whose storyline's story before it was
    told by the earlier output (``--into``); null otherwise."""
    placed = stories.join(per_story(storylines), "story_id", "left")
    was = stories.select(F.col("story_id").alias("previous"), F.col("changes.status").alias("previous_status"))
    continues = F.when((F.col("changes.status") == "new") & (F.col("previous_status") != "new"), F.col("previous"))
    return (placed.join(was, "previous", "left")
            .withColumn("changes", F.col("changes").withField("continues", continues))
            .select(*stories.columns, "storyline_id", "previous", "next"))


def with_storyline(stories: DataFrame, storylines: DataFrame, keep: int = EARLIER_SHOWN) -> DataFrame:
    """``stories`` as :func:`in_storyline` gives them, with each story's ``storyline`` (its id, label and number of
    stories) and the ``earlier`` stories of its storyline (at most ``keep``, the latest, in time order: id, day,
    title and lead), for the report."""
    inputs = story_inputs(stories).select(
        "story_id", "title", "lead",
        F.date_format(F.date_add(F.lit("1970-01-01").cast("date"), F.col("day")), "yyyy-MM-dd").alias("day"))
    pos = storylines.select("storyline_id", "label", F.size("story_ids").alias("stories"),
                            F.posexplode("story_ids").alias("i", "story_id"))
    placed = pos.join(inputs, "story_id")
    me, them = placed.alias("me"), placed.alias("them")
    earlier = (me.join(them, (F.col("me.storyline_id") == F.col("them.storyline_id"))
                       & (F.col("them.i") < F.col("me.i")) & (F.col("them.i") >= F.col("me.i") - keep))
               .groupBy(F.col("me.story_id").alias("story_id"))
               .agg(F.array_sort(F.collect_list(F.struct(
                   F.col("them.i").alias("i"), F.col("them.story_id").alias("story_id"), F.col("them.day").alias("day"),
                   F.col("them.title").alias("title"), F.col("them.lead").alias("lead")))).alias("earlier")))
    line = pos.select("story_id", F.struct("storyline_id", "label", "stories").alias("storyline"))
    return in_storyline(stories, storylines).join(line, "story_id", "left").join(earlier, "story_id", "left")
