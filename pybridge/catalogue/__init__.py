"""The rule catalogue: a rule ID looked up across the rulebooks (lookup) and the rule files'
lines that implement it (rule_lines). Above the engine because it reads the rulebooks
registry (pybridge.books), which the engine may not import."""
