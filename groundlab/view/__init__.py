"""View: presentation (HTML helpers, the trace view-model, exercise answers, tables, charts, widgets); may import every layer below, and nothing imports it but the CLI."""
