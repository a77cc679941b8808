"""An Age Contrived's front end: its table, set-up, results, guide and tutorial."""
