"""Views of the pages, one module per area (home, accounts, rosters, battles, odds,
campaigns). They parse input, call a service or selector and render a template."""
