"""Reading inputs: files, records, HTML extraction, WARC, preparing records."""
