"""The workbook's ipywidgets: the claim editor and its rows, the quote inspector, and their shared base."""
