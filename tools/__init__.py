"""Workbook tooling that is not part of the library: notebook execution, student copies, the API page and the fixture generator (mutations)."""
