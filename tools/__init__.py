"""Workbook tooling that is not part of the library: notebook execution, student copies, the API page, the fixture generator (mutations) and the mutation check (mutation_check)."""
