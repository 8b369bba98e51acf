"""The engine: a rulebook's rule files as one program (encoding, rewrite, annotations, the
program cache), a document's facts as clingo symbols (symbols, worlds, conformance), solving
(solving), and the ruling made of a model (results, explain). It imports the documents layer
only; not the books, the analysis or the command line."""
