"""The browsable HTML report: rendering (Jinja2 templates, autoescaped) and a small static server."""
