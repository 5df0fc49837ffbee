"""A storyline run: what a stage is (:mod:`.stage`), the stages of a run (:mod:`.plan`), the runner that writes their
tables, resumes and publishes (:mod:`.runner`), and the output folder it writes into (:mod:`.folder`)."""
