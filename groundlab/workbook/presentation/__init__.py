"""Presentation: escaped HTML, pandas tables, matplotlib charts, ipywidgets widgets and the classroom demo."""
