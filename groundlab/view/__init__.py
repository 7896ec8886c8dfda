"""View: presentation (HTML helpers, the trace view-model, tables, charts, widgets); may import every layer below, and nothing imports it but the CLI."""
