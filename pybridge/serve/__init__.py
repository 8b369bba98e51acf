"""``rulings serve``: a local explorer in the browser (the standard library's HTTP server,
bound to 127.0.0.1 only). The page edits a state document; each edit is validated and ruled
by the same code as the CLI, and the errors, the rulings with their why trees and the
picture come back. Only ``serve`` imports this package."""
