"""Point-buy GURPS characters (GURPS 4e Basic Set, "Creating a character"): cost tables
(:mod:`.costs`), the trait and skill lists (:mod:`.traits`, :mod:`.skills`), a character sheet
priced point by point (:mod:`.sheet`), its derived values (:mod:`.derived`), the catalogue unit
the engine plays (:mod:`.unit`) and GURPS Character Sheet files (:mod:`.gcs`)."""
