"""Workbook tooling that is not part of the library: notebook execution and student copies."""
