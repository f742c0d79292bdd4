"""Solo play against Andrew Carnegie (seed ソロルール), run by the engine itself."""
