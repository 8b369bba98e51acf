"""State documents, before any solving: loading (JSON and YAML, with their limits), the
value types a loaded document is made of, the schema a rulebook declares and its checks, the
JSON Schema and the document template made from it, and the input vocabulary (the ``state_*``
facts a rulebook's rules read). Nothing here imports the engine, the books, the analysis or
the command line."""
